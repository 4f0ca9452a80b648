"""The generic computer players (game/session/ai/generic.py) under 3.5: they weigh what the 3.5
options say (a cure's `expected_heal`, a slot's `uses_left`, the attacks of opportunity a ranged
attack or a spell provokes where the caster stands) and never a ruleset's name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dnd35"))

from helpers35 import battle, creature  # noqa: E402

from game.session.ai import choose  # noqa: E402

ROW = "\n".join(["." * 12] * 3)


def test_the_cleric_cures_a_dying_friend():
    # 3.5 SRD: "-1 to -9: dying"; any healing stabilises, and a cure above 0 brings it back
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (2, 1)),
              creature("orc", "orc", "red", (3, 1))]
    b = battle(ROW, roster)
    fighter = b.state.creatures["fighter"]
    fighter.hp, fighter.state = -3, "dying"
    cures = [o for o in b.legal_commands() if o.act == "cast" and o.command.get("target") == "fighter"]
    assert cures and all(o.preview.expected_heal > 3 and o.preview.uses_left >= 1 for o in cures)
    command = choose(b, "hard")
    assert command["act"] == "cast" and command["target"] == "fighter"


def test_no_cure_for_a_friend_barely_scratched():
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (2, 1), current_hp=26),
              creature("orc", "orc", "red", (0, 1))]
    b = battle(ROW, roster)
    assert choose(b, "hard")["act"] != "cast"  # it strikes the orc beside it


def test_a_throw_beside_a_foe_counts_the_attack_of_opportunity_and_hard_strikes_in_melee():
    # 3.5 SRD, Attacks of opportunity: a ranged attack in a threatened square provokes
    # (the skeleton has had its turn: no longer flat-footed, it threatens)
    roster = [creature("orc", "orc", "blue", (1, 1)), creature("skeleton", "skeleton", "red", (2, 1)),
              creature("orc2", "orc", "red", (7, 1))]
    b = battle(ROW, roster, initiative=["skeleton", "orc", "orc2"])
    b.submit({"actor": "skeleton", "act": "end"})
    throw = next(o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "javelin"
                 and o.command["target"] == "orc2")
    assert throw.preview.opportunity_attacks == ("skeleton",)
    command = choose(b, "hard")
    # neither the throw nor a withdraw (a full-round action: no throw after it), but the falchion
    assert command["act"] in ("attack", "full_attack") and command["target"] == "skeleton"
    assert command["with"] == "falchion"


def test_a_spell_slot_is_what_a_cast_spends():
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (8, 1))]
    b = battle(ROW, roster)
    casts = [o for o in b.legal_commands() if o.act == "cast"]
    assert casts and all(o.preview.uses_left is not None and o.preview.uses_left >= 1 for o in casts)
    assert all(o.preview.opportunity_attacks == () for o in casts)  # nobody threatens it there


def test_it_charges_a_foe_it_reaches_only_by_charging():
    # 3.5 SRD, Charge: up to twice its speed in a straight line, then one melee attack at +2
    far = "." * 16
    b = battle(far, [creature("orc", "orc", "blue", (0, 0)), creature("goblin", "goblin", "red", (9, 0))],
               initiative=["goblin", "orc"])
    b.submit({"actor": "goblin", "act": "end"})
    for level in ("normal", "hard"):
        command = choose(b, level)
        assert command == {"actor": "orc", "act": "charge", "target": "goblin", "with": "falchion"}, level


def test_a_full_attack_when_it_need_not_move():
    # 3.5 SRD, Full attack: every attack of the round, standing still (the skeleton's two claws)
    b = battle(ROW, [creature("skeleton", "skeleton", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    command = choose(b, "hard")
    assert command["act"] == "full_attack" and command["target"] == "orc"


def test_it_walks_to_where_it_flanks_the_foe():
    # 3.5 SRD, Flanking: "+2 flanking bonus" with an ally threatening the foe from the opposite side
    grid = "\n".join(["." * 10] * 5)
    # (a skeleton: no ranged attack to take instead)
    roster = [creature("skeleton", "skeleton", "blue", (4, 0)), creature("fighter", "fighter", "blue", (4, 2)),
              creature("orc", "orc", "red", (5, 2))]
    b = battle(grid, roster)
    flanking = [o for o in b.legal_commands() if o.act == "move" and o.preview.flanks == ("orc",)]
    assert [o.command["to"] for o in flanking] == [[6, 2]]
    assert choose(b, "hard") == {"actor": "skeleton", "act": "move", "to": [6, 2]}
