"""4e conditions not covered elsewhere (RULESETS.md 2, Conditions): stunned and unconscious take
no action and grant combat advantage, restrained cannot move, attacks at -2 and grants combat
advantage, weakened deals half damage. A power's `on_hit` (schema_4e.py) or a scenario's
starting `conditions` gives them; here the tests put them on the creature."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force, log_with

ROW = "......\n......\n......"


def preview_reasons(b, power):
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == power)
    return [r.text for r in preview.reasons]


def test_a_stunned_creature_takes_no_action_makes_no_opportunity_attack_and_grants_combat_advantage():
    # 4e, Stunned: no action of any kind (its turn passes), combat advantage against it
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    b.state.creatures["orc"].conditions.add("stunned")
    assert "combat advantage +2 (Orc is stunned)" in preview_reasons(b, "heavy-blow")
    act(b, "fighter", "move", to=[0, 1])  # leaves the orc's side: no opportunity attack offered
    assert not log_with(b, "opportunity") and not b.state.offers
    act(b, "fighter", "end")
    assert log_with(b, "Orc can take no action") == ["Orc can take no action this turn"]
    assert b.current.id == "fighter"


def test_an_unconscious_monster_takes_no_action_and_its_defences_are_minus_5():
    # 4e, Unconscious: helpless, no action, -5 to all defences, combat advantage against it
    b = battle4e(ROW, [creature("orc", "orc", "red", (2, 1), conditions=["unconscious"]),
                       creature("fighter", "fighter", "blue", (1, 1))])
    assert b.current.id == "fighter" and log_with(b, "Orc can take no action")
    assert preview_reasons(b, "heavy-blow") == ["combat advantage +2 (Orc is unconscious)",
                                                "Orc is unconscious: defences -5"]
    act(b, "fighter", "end")
    assert b.current.id == "fighter"  # the orc's turn passes by itself again


def test_a_restrained_creature_cannot_move_attacks_at_minus_2_and_grants_combat_advantage():
    b = battle4e(ROW, [creature("orc", "orc", "red", (2, 1), conditions=["restrained"]),
                       creature("fighter", "fighter", "blue", (1, 1))])
    assert not any(o.act in ("move", "shift", "run") for o in b.legal_commands())
    with pytest.raises(IllegalCommand, match="cannot move"):
        act(b, "orc", "move", to=[3, 1])
    assert preview_reasons(b, "greataxe") == ["Orc is restrained -2"]
    act(b, "orc", "end")
    assert preview_reasons(b, "heavy-blow") == ["combat advantage +2 (Orc is restrained)"]


def test_a_weakened_attacker_deals_half_damage_rounded_down():
    # 4e, Weakened: its attacks deal half damage; greataxe 1d12+5 with a 6 is 11, halved 5
    b = battle4e(ROW, [creature("orc", "orc", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1))])
    b.state.creatures["orc"].conditions.add("weakened")
    force(b, 15, 6)
    act(b, "orc", "attack", target="fighter", **{"with": "greataxe"})
    fighter = b.state.creatures["fighter"]
    assert fighter.hp == fighter.stats.hp - 5


def test_a_dazed_creature_grants_combat_advantage_and_makes_no_opportunity_attack():
    # RULESETS.md 2: "dazed (one action, no immediate/OA, grants CA)"
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    b.state.creatures["orc"].conditions.add("dazed")
    assert "combat advantage +2 (Orc is dazed)" in preview_reasons(b, "heavy-blow")
    act(b, "fighter", "move", to=[0, 1])
    assert not b.state.offers and b.state.creatures["fighter"].x == 0


def test_a_slowed_creature_moves_2_squares_a_move_action():
    # RULESETS.md 2: "slowed (speed 2)"; the orc's 6 squares become 2, a double move 4
    b = battle4e(ROW, [creature("orc", "orc", "red", (0, 1)), creature("fighter", "fighter", "blue", (5, 2))])
    b.state.creatures["orc"].conditions.add("slowed")
    reach = {tuple(o.command["to"])[0] for o in b.legal_commands() if o.act == "move" and o.command["to"][1] == 1}
    assert max(reach) == 4
    act(b, "orc", "move", to=[2, 1])
    assert b.state.creatures["orc"].x == 2 and not b.state.creatures["orc"].move
