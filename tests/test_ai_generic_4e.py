"""The generic computer players (game/session/ai/generic.py) under 4e: they weigh what the 4e
options say (an encounter power's `uses_left`, a heal's `expected_heal`, an action point's
`extra_action`, the opportunity attacks a ranged power provokes) and never a ruleset's name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dnd4e"))

from helpers4e import act, battle4e, creature  # noqa: E402

from game.session.ai import choose  # noqa: E402

ROW = "\n".join(["." * 10] * 3)


def preview_of(b, command):
    return next(o.preview for o in b.legal_commands() if o.command == command)


def test_an_encounter_power_goes_on_a_foe_worth_it_and_an_at_will_on_a_minion():
    # 4e, Powers: an encounter power is used once an encounter; a minion falls to any hit
    b = battle4e(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    command = choose(b, "hard")
    assert command == {"actor": "rogue", "act": "attack", "with": "dazing-cut", "target": "orc"}
    assert preview_of(b, command).uses_left == 1
    b = battle4e(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("runt", "goblin-runt", "red", (2, 1))])
    command = choose(b, "hard")
    assert command == {"actor": "rogue", "act": "attack", "with": "slip-strike", "target": "runt"}
    assert preview_of(b, command).uses_left is None  # an at-will power: nothing spent


def test_a_burst_is_not_spent_on_one_minion_beside_a_foe_worth_the_blow():
    # 4e: a close burst strikes every enemy around; the planner counts each one's own part
    # (damage_by_target), not the sum on each: on a minion and an orc the at-will blow on the orc
    # is worth as much, and the encounter power is kept
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
                       creature("runt", "goblin-runt", "red", (0, 1))])
    burst = next(o for o in b.legal_commands() if o.command.get("with") == "sweeping-cut")
    assert dict(burst.preview.damage_by_target).keys() == {"orc", "runt"}
    command = choose(b, "hard")
    assert command == {"actor": "fighter", "act": "attack", "with": "heavy-blow", "target": "orc"}


def test_second_wind_when_bloodied_and_no_foe_in_reach():
    # 4e, Second wind: a standard action, once an encounter, spend a healing surge (+2 defences)
    far = "\n".join(["." * 14] * 3)
    roster = [creature("fighter", "fighter", "blue", (0, 1), current_hp=12), creature("orc", "orc", "red", (13, 1))]
    b = battle4e(far, roster)
    options = {o.act: o for o in b.legal_commands()}
    assert options["second_wind"].preview.expected_heal == 10  # the surge value, a quarter of 41
    assert choose(b, "hard") == {"actor": "fighter", "act": "second_wind"}
    hale = battle4e(far, [creature("fighter", "fighter", "blue", (0, 1)), creature("orc", "orc", "red", (13, 1))])
    assert choose(hale, "hard")["act"] != "second_wind"  # unhurt: nothing to win back


def test_an_action_point_for_a_second_blow_on_a_bloodied_foe():
    # 4e, Action point: a free action, one more standard action this turn (heroes: one)
    b = battle4e(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1), current_hp=9)])
    act(b, "rogue", "attack", **{"with": "slip-strike", "target": "orc"})
    if b.state.creatures["orc"].hp <= 0 or b.state.offers:
        b.state.creatures["orc"].hp = 9  # the test is about the second blow, not this one
    points = [o for o in b.legal_commands() if o.act == "action_point"]
    assert points and points[0].preview.extra_action == "standard"
    assert choose(b, "hard") == {"actor": "rogue", "act": "action_point"}
    b.submit({"actor": "rogue", "act": "action_point"})
    assert choose(b, "hard")["act"] == "attack"  # and the blow it was for


def test_no_action_point_for_a_hale_foe():
    b = battle4e(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    b.state.dice.forced.extend([1])  # a natural 1: the orc stays hale
    act(b, "rogue", "attack", **{"with": "slip-strike", "target": "orc"})
    assert any(o.act == "action_point" for o in b.legal_commands())
    assert choose(b, "hard")["act"] != "action_point"


def test_the_cleric_heals_a_dying_friend():
    # 4e, Dying: a hero at 0 hp or less is dying; healing starts from 0 and wakes it
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (3, 1)),
              creature("orc", "orc", "red", (8, 1))]
    b = battle4e(ROW, roster)
    fighter = b.state.creatures["fighter"]
    fighter.hp, fighter.state = -3, "dying"
    fighter.conditions |= {"unconscious", "prone"}
    heal = next(o for o in b.legal_commands() if o.command.get("with") == "word-of-mending"
                and o.command.get("target") == "fighter")
    assert heal.preview.expected_heal > 10
    assert choose(b, "hard") == heal.command


def test_a_ranged_power_beside_a_foe_counts_the_opportunity_attack_it_provokes():
    # 4e, Opportunity attack: a ranged power used beside an enemy provokes it
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
              creature("goblin", "goblin", "red", (7, 1), current_hp=9)]
    b = battle4e(ROW, roster)
    bolt = next(o for o in b.legal_commands() if o.command.get("with") == "force-bolt"
                and o.command.get("target") == "goblin")
    assert bolt.preview.opportunity_attacks == ("orc",)
    assert b.blow("orc", "wizard") > 0  # the orc's blow on the wizard: the risk hard weighs
    command = choose(b, "hard")
    assert command.get("with") != "force-bolt" and command.get("with") != "chill-ray"


def test_it_walks_to_where_it_flanks_the_foe():
    # 4e, Flanking: an ally adjacent on the opposite side gives combat advantage (+2, and the
    # rogue's sneak attack); the fighter holds the orc's west side, the rogue goes east of it
    grid = "\n".join(["." * 10] * 5)
    roster = [creature("rogue", "rogue", "blue", (4, 0)), creature("fighter", "fighter", "blue", (4, 2)),
              creature("orc", "orc", "red", (5, 2))]
    b = battle4e(grid, roster)
    flanking = [o for o in b.legal_commands() if o.act == "move" and o.preview.flanks == ("orc",)]
    assert [o.command["to"] for o in flanking] == [[6, 2]]
    assert choose(b, "hard") == {"actor": "rogue", "act": "move", "to": [6, 2]}


def test_a_charge_lists_who_it_provokes_and_hard_strikes_where_it_stands():
    # 4e, Charge: "move your speed... then a melee basic attack"; the move provokes as any move
    # does: leaving the orc's side gives the orc its opportunity attack. The charge's Preview says
    # so, and hard strikes the orc beside it rather than charge the goblin through its blow.
    roster = [creature("gob", "goblin", "blue", (2, 1)), creature("orc", "orc", "red", (1, 1)),
              creature("far", "goblin", "red", (7, 1))]
    b = battle4e(ROW, roster)
    charge = next(o for o in b.legal_commands() if o.act == "charge" and o.command["target"] == "far")
    assert charge.preview.opportunity_attacks == ("orc",)
    assert choose(b, "hard") == {"actor": "gob", "act": "attack", "with": "slash", "target": "orc"}
    b.submit({"actor": "gob", "act": "charge", "target": "far"})
    assert b.state.offers and b.state.offers[0].reactor == "orc"  # the engine agrees with the Preview


def test_the_computer_players_leave_a_hidden_foe_alone_and_strike_the_one_they_see():
    # 4e: a hidden enemy is attacked only at a guessed square; the planner skips it (no option
    # names it) and every command it gives is accepted
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (1, 2))]
    b = battle4e(ROW, roster)
    for level in ("rush", "normal", "hard"):
        command = choose(b, level)
        assert b.check(command) is None
        assert command["act"] == "attack" and command.get("target") != "gob", (level, command)
        assert command.get("target") == "orc" or command["with"] == "sweeping-cut"  # the burst catches both
