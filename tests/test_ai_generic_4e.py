"""The generic computer players (game/session/ai/generic.py) under 4e: they weigh what the 4e
options say (an encounter power's `uses_left`, a heal's `expected_heal`, an action point's
`extra_action`, the opportunity attacks a ranged power provokes, what the battle's `blow` says a
foe's best attack power is worth) and never a ruleset's name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dnd4e"))

import pytest  # noqa: E402
from helpers4e import act, battle4e, creature  # noqa: E402
from test_ai_generic_35 import Silent  # noqa: E402

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


def flanking_rogue(at):
    grid = "\n".join(["." * 10] * 5)
    roster = [creature("rogue", "rogue", "blue", at), creature("fighter", "fighter", "blue", (4, 2)),
              creature("orc", "orc", "red", (5, 2))]
    return battle4e(grid, roster)


def test_it_walks_to_where_it_flanks_the_foe():
    # 4e, Flanking: an ally adjacent on the opposite side gives combat advantage (+2, and the
    # rogue's sneak attack); the fighter holds the orc's west side, the rogue goes east of it,
    # as near as the orc's other sides (its standard action spent: no charge)
    b = flanking_rogue((8, 1))
    b.state.creatures["rogue"].standard = False
    flanking = [o for o in b.legal_commands() if o.act == "move" and o.preview.flanks == ("orc",)]
    assert [o.command["to"] for o in flanking] == [[6, 2]]
    assert flanking[0].preview.opportunity_attacks == ()
    assert choose(b, "hard") == {"actor": "rogue", "act": "move", "to": [6, 2]}


def test_hard_weighs_the_opportunity_attack_on_the_way_to_a_flank():
    # 4e, Opportunity attack: leaving a square beside an enemy provokes. From the north the way
    # to the east side passes beside the orc: hard, which knows what the greataxe's blow is worth
    # (far from all the rogue's hit points), counts it as two squares more and strikes from the
    # orc's side it reaches freely
    b = flanking_rogue((4, 0))
    flank = next(o for o in b.legal_commands() if o.act == "move" and o.preview.flanks == ("orc",))
    assert flank.command["to"] == [6, 2] and flank.preview.opportunity_attacks == ("orc",)
    assert 0 < b.blow("orc", "rogue") < b.view("rogue").hp
    command = choose(b, "hard")
    assert command["act"] == "move" and command["to"] != [6, 2]
    moved = next(o for o in b.legal_commands() if o.command == command)
    assert moved.preview.opportunity_attacks == () and moved.preview.flanks == ()


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


def attack_preview_of(b, attacker, target, power):
    return next(o.preview for o in b.legal_commands() if o.act == "attack" and o.command.get("actor") == attacker
                and o.command.get("target") == target and o.command.get("with") == power)


def test_a_blow_is_the_best_attack_power_with_a_use_left():
    # 4e, Powers: an encounter power is used once an encounter. The rogue's dazing cut (2d6+4)
    # is its best blow on the orc while unused; once spent, its at-will slip strike (1d6+4) is
    b = battle4e(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    cut = attack_preview_of(b, "rogue", "orc", "dazing-cut")
    strike = attack_preview_of(b, "rogue", "orc", "slip-strike")
    assert cut.expected_damage > strike.expected_damage
    assert b.blow("rogue", "orc") == pytest.approx(cut.expected_damage)  # the preview's own number
    b.state.creatures["rogue"].spent["dazing-cut"] = 1
    assert b.blow("rogue", "orc") == pytest.approx(strike.expected_damage)


def test_a_weakened_attackers_blow_is_half():
    # 4e conditions (rules.toml): "weakened: half damage"; the greataxe (1d12+5) of a weakened
    # orc is worth half on the fighter, in its preview and its blow alike
    b = battle4e(ROW, [creature("orc", "orc", "blue", (1, 1)), creature("fighter", "fighter", "red", (2, 1))])
    hale = b.blow("orc", "fighter")
    assert hale == pytest.approx(attack_preview_of(b, "orc", "fighter", "greataxe").expected_damage) and hale > 0
    b.state.creatures["orc"].conditions.add("weakened")
    assert b.blow("orc", "fighter") == pytest.approx(hale / 2)
    assert attack_preview_of(b, "orc", "fighter", "greataxe").expected_damage == pytest.approx(hale / 2)


def test_hard_strikes_first_the_foe_whose_blow_threatens_most():
    # 4e: the weakened orc deals half damage. It is the more wounded (40 of 46 hit points), but
    # hard strikes the orc whose greataxe would take the larger share of the wizard's hit points;
    # where the ruleset does not say what a blow is worth, it strikes the wounded one
    grid = "\n".join(["." * 8] * 4)
    roster = [creature("fighter", "fighter", "blue", (2, 1)), creature("orc1", "orc", "red", (3, 1)),
              creature("orc2", "orc", "red", (1, 1), current_hp=40), creature("wizard", "wizard", "blue", (6, 3))]
    b = battle4e(grid, roster, initiative=["orc1", "orc2", "fighter", "wizard"])
    b.submit({"actor": "orc1", "act": "end"})
    b.submit({"actor": "orc2", "act": "end"})
    b.state.creatures["orc2"].conditions.add("weakened")
    b.state.creatures["fighter"].spent["sweeping-cut"] = 1  # its burst, on both, spent
    assert b.blow("orc2", "wizard") == pytest.approx(b.blow("orc1", "wizard") / 2)
    assert choose(b, "hard") == {"actor": "fighter", "act": "attack", "with": "heavy-blow", "target": "orc1"}
    assert choose(Silent(b), "hard") == {"actor": "fighter", "act": "attack", "with": "heavy-blow", "target": "orc2"}


def test_a_foe_behind_a_wall_is_walked_round_to_not_waited_for():
    # the way to a foe is walked (the battle's movement field), not its gap: the orc stands north
    # of a wall, the skeleton just south of it; every square the orc can reach is as far from the
    # skeleton as it stands or further, and the old planner ended its turn there, round after round
    wall = "\n".join(["." * 14, "#" * 11 + "...", "." * 14])
    for level in ("rush", "normal", "hard"):
        b = battle4e(wall, [creature("orc", "orc", "blue", (2, 0)), creature("skel", "skeleton", "red", (2, 2))])
        command = choose(b, level)
        assert command["act"] == "move" and command["to"][0] > 2, (level, command)  # east, to the gap
        b.submit(command)
        command = choose(b, level)
        assert command["act"] == "move" and b.check(command) is None, (level, command)  # and on, double move
        b.submit(command)
        orc = b.state.creatures["orc"]
        assert orc.x >= 11 or orc.y >= 1, (level, orc.x, orc.y)  # through the gap or at it


def test_an_unseen_foe_is_walked_to_where_it_was_seen_hiding_not_where_it_is():
    # 4e, Stealth: a hidden creature's enemies know only the square where they saw it hide; the
    # goblin slipped away since (its true square behind the fighter), and the approach goes by
    # what the fighter's side believes (Battle.believed_square), never the goblin's true square
    far = "\n".join(["." * 10 + "#" + "..."] * 4 + ["." * 14])  # a wall the goblin hides behind
    b = battle4e(far, [creature("fighter", "fighter", "blue", (6, 1)), creature("gob", "goblin", "red", (12, 1))],
                 dice=[20], initiative=["gob", "fighter"])
    act(b, "gob", "hide")  # Stealth d20 20: it hides at (12, 1), seen hiding there
    act(b, "gob", "end")
    gob = b.state.creatures["gob"]
    assert "hidden" in gob.conditions and b.believed_square("fighter", "gob") == (12, 1)
    gob.x, gob.y = 0, 1  # moved unseen: still believed at (12, 1)
    assert b.believed_square("fighter", "gob") == (12, 1)
    assert b.believed_square("gob", "fighter") == (6, 1)  # a creature not hidden: where it stands
    for level in ("rush", "normal", "hard"):
        command = choose(b, level)
        assert command["act"] == "move" and command["to"][0] > 6, (level, command)  # east, to (12, 1)


def test_a_moves_preview_does_not_tell_of_a_hidden_foes_opportunity_attack():
    # 4e, Stealth: the goblin hid behind the wall; the fighter's moves that leave a square next
    # to it would provoke it all the same, but their previews (which the planner reads) do not
    # say so: they would tell where it is. Seen again, it is listed.
    grid = "\n".join(["." * 10 + "#" + "..."] * 4 + ["." * 14])
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (12, 4)), creature("gob", "goblin", "red", (12, 2))],
                 dice=[20], initiative=["gob", "fighter"])
    b.state.creatures["fighter"].x = 6  # out of sight behind the wall while the goblin hides
    act(b, "gob", "hide")
    b.state.creatures["fighter"].x = 12  # back beside the goblin's square, unaware of it
    act(b, "gob", "end")
    assert "hidden" in b.state.creatures["gob"].conditions

    def listed():
        return {p for o in b.legal_commands() if o.act in ("move", "run")
                for p in o.preview.opportunity_attacks + o.preview.flanks}

    assert "gob" not in listed()
    b.state.creatures["gob"].conditions.discard("hidden")
    assert "gob" in listed()


def test_hard_prices_the_opportunity_attacks_of_a_charge_as_damage_dealt():
    # 4e, Charge and Opportunity attack: the charge's move leaves squares beside both orcs, and
    # each gets a greataxe blow. hard counts that damage as the same damage dealt to a foe would
    # count (not a share of its hit points): a bloodied goblin behind them is not worth two
    # greataxes, and it charges an orc it reaches freely
    roster = [creature("gob", "goblin", "blue", (0, 1)), creature("orc1", "orc", "red", (3, 0)),
              creature("orc2", "orc", "red", (3, 2)), creature("far", "goblin", "red", (7, 1), current_hp=10)]
    b = battle4e(ROW, roster)
    far = next(o for o in b.legal_commands() if o.act == "charge" and o.command["target"] == "far")
    assert far.preview.opportunity_attacks == ("orc1", "orc2")
    near = next(o for o in b.legal_commands() if o.act == "charge" and o.command["target"] == "orc1")
    assert near.preview.opportunity_attacks == ()
    assert choose(b, "hard") == {"actor": "gob", "act": "charge", "target": "orc1"}


def test_hard_shifts_to_flank_before_a_melee_blow():
    # 4e, Shift and Flanking: a shift (one square, a move action) provokes nobody; from the orc's
    # east side, opposite the fighter, the rogue flanks it and has combat advantage (+2). hard,
    # beside the orc with nothing for its blow, shifts there first and then strikes
    b = flanking_rogue((5, 1))
    shift = next(o for o in b.legal_commands() if o.command == {"actor": "rogue", "act": "shift", "to": [6, 2]})
    assert shift.preview.flanks == ("orc",) and shift.preview.opportunity_attacks == ()
    blow = next(o for o in b.legal_commands() if o.command.get("with") == "slip-strike")
    assert not any(r.good for r in blow.preview.reasons)
    assert choose(b, "hard") == shift.command
    b.submit(shift.command)
    command = choose(b, "hard")
    assert command["act"] == "attack" and command["target"] == "orc"
    assert any(r.good for r in preview_of(b, command).reasons)  # combat advantage


def walked_to(b, level, actor):
    """Where the actor ends its turn, playing this level's commands."""
    while (command := choose(b, level))["act"] != "end":
        b.submit(command)
    return b.state.creatures[actor].x


def test_hard_waits_outside_the_foes_striking_distance_rather_than_be_struck_first():
    # 4e, Move and Charge: a creature not acting may still move its speed (6 squares for an
    # orc) and strike, or charge that far. Our orc, 16 squares off, cannot strike this turn:
    # rush walks its two moves and waits within the foe's 6 squares and a blow, to be struck
    # first; hard stops short of them (x 12, 7 squares off) and leaves the foe the walk
    grid = "\n".join(["." * 24] * 3)
    roster = [creature("orc", "orc", "blue", (4, 1)), creature("foe", "orc", "red", (20, 1))]
    assert walked_to(battle4e(grid, roster), "rush", "orc") == 16
    assert walked_to(battle4e(grid, roster), "hard", "orc") == 12


def test_hard_walks_on_where_its_standard_action_may_charge_the_foe():
    # 4e, Charge: a move action, then a charge (a move of its speed, 6 squares, and a blow).
    # 12 squares off, the orc cannot strike where it stands; after a move it can charge: hard
    # walks into the foe's striking distance and charges, it does not wait there
    grid = "\n".join(["." * 24] * 3)
    b = battle4e(grid, [creature("orc", "orc", "blue", (0, 1)), creature("foe", "orc", "red", (12, 1))])
    command = choose(b, "hard")
    assert command["act"] == "move" and command["to"][0] >= 5
    b.submit(command)
    assert choose(b, "hard") == {"actor": "orc", "act": "charge", "target": "foe"}
