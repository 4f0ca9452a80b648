"""4e powers' effects and hit points (RULESETS.md 2): recharge, forced movement, marks and the
fighter's challenge, ongoing damage and save ends, bloodied, monsters dying at 0, heroes dying,
death saves, second wind, healing surges."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def attack(b, actor, target, power, **extra):
    return act(b, actor, "attack", target=target, **{"with": power}, **extra)


def test_a_recharge_power_rolls_a_d6_at_the_start_of_the_monsters_turn_while_spent():
    # FORMATS.md: "a recharge roll is one d6 at the start of the monster's turn"; sweep recharges on 5-6
    roster = [creature("ogre", "ogre", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))]
    b = battle4e(ROW, roster)
    force(b, 1)  # the fighter, 1 square beyond reach, is in the close burst 2: a natural 1
    act(b, "ogre", "attack", **{"with": "sweep"})
    with pytest.raises(IllegalCommand, match="until it recharges"):
        act(b, "ogre", "attack", **{"with": "sweep"})
    act(b, "ogre", "end")
    force(b, 4)  # at the start of the ogre's next turn: no recharge on a 4
    act(b, "fighter", "end")
    assert log_with(b, "recharge")[-1] == "Ogre's sweep does not recharge (d6 4)"
    act(b, "ogre", "end")
    force(b, 5)
    act(b, "fighter", "end")
    assert log_with(b, "recharge")[-1] == "Ogre's sweep recharges (d6 5)"
    force(b, 15, 3, 3)
    act(b, "ogre", "attack", **{"with": "sweep"})  # hit: 2d8+5 = 11, prone
    assert b.state.creatures["fighter"].hp == 30 and "prone" in b.state.creatures["fighter"].conditions


def test_a_push_moves_the_target_away_and_never_provokes():
    # RULESETS.md 2: "Forced movement never provokes"; shoving blow: push 1
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("cleric", "cleric", "blue", (2, 0))]
    b = battle4e(ROW, roster)
    force(b, 15, 4)
    attack(b, "fighter", "gob1", "shoving-blow")
    gob = b.state.creatures["gob1"]
    assert (gob.x, gob.y) == (3, 1) and b.state.offers == [] and gob.hp == 29 - 6


def test_the_fighters_challenge_marks_and_punishes_a_shift():
    # RULESETS.md 4: "challenge (marks; a marked adjacent enemy that shifts or attacks another
    # takes an interrupt basic attack)"
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("cleric", "cleric", "blue", (3, 1))]
    b = battle4e(ROW, roster)
    force(b, 19, 4)  # a hit (1d8+4 = 8): the goblin is marked by the fighter
    attack(b, "fighter", "gob1", "heavy-blow")
    gob = b.state.creatures["gob1"]
    assert "marked" in gob.conditions and gob.hp == 21
    act(b, "fighter", "end")
    act(b, "gob1", "shift", to=[2, 0])  # still beside the fighter
    assert b.offer().kind == "challenge" and b.offer().reactor == "fighter"
    assert (gob.x, gob.y) == (2, 1)  # an interrupt: before the shift
    force(b, 19, 4)  # the basic attack (1d8+4 = 8)
    act(b, "fighter", "react", take=True)
    assert gob.hp == 13 and (gob.x, gob.y) == (2, 0)


def test_the_goblin_shifts_one_square_away_when_a_melee_attack_misses_it():
    # RULESETS.md 4: "to the free square farthest from the attacker (ties: the first in reading order)"
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("cleric", "cleric", "blue", (3, 1))]
    b = battle4e(ROW, roster)
    force(b, 2)
    attack(b, "fighter", "gob1", "heavy-blow")
    gob = b.state.creatures["gob1"]
    assert (gob.x, gob.y) == (3, 0) and gob.immediate is False


def test_an_immediate_reaction_is_never_taken_on_ones_own_turn_and_once_a_round():
    # RULESETS.md 2: "Immediate interrupt ... / reaction ...: one per round, never on your turn"
    b = battle4e(ROW, [creature("gob1", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1)),
                       creature("rogue", "rogue", "blue", (5, 0))])
    gob = b.state.creatures["gob1"]
    act(b, "gob1", "move", to=[1, 2])
    force(b, 2)  # the fighter's opportunity attack misses the goblin on the goblin's own turn: no shift
    act(b, "fighter", "react", take=True)
    assert (gob.x, gob.y) == (1, 2) and gob.immediate is True
    act(b, "gob1", "end")
    force(b, 2)  # on the fighter's turn a miss: it shifts away, its immediate action spent
    attack(b, "fighter", "gob1", "heavy-blow")
    assert (gob.x, gob.y) == (0, 2) and gob.immediate is False
    act(b, "fighter", "end")
    act(b, "rogue", "move", to=[1, 1])
    force(b, 2)  # the rogue misses it in the same round: no second shift
    attack(b, "rogue", "gob1", "basic")
    assert (gob.x, gob.y) == (0, 2) and log_with(b, "Rogue uses basic on Goblin")[0].endswith("miss")


def test_a_marked_creature_attacking_someone_else_takes_minus_2():
    roster = [creature("skel", "skeleton", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1)),
              creature("cleric", "cleric", "blue", (1, 0))]
    b = battle4e(ROW, roster)
    force(b, 15, 3)
    attack(b, "skel", "fighter", "longsword")  # the skeleton marks what it hits
    act(b, "skel", "end")
    preview = next(o.preview for o in b.legal_commands() if o.command.get("target") == "skel")
    assert not any("marked" in r.text for r in preview.reasons)  # the fighter attacks its marker
    b.state.creatures["skel"].side = "blue"  # (a stand-in foe: the fighter attacks the cleric)
    b.state.creatures["cleric"].side = "red"
    preview = next(o.preview for o in b.legal_commands() if o.command.get("target") == "cleric"
                   and o.command.get("with") == "heavy-blow")
    assert "marked by Skeleton -2" in [r.text for r in preview.reasons]


def test_ongoing_damage_at_the_start_of_the_turn_until_a_save_of_10_at_its_end():
    # RULESETS.md 2: "ongoing N at turn start, save ends"; "Save ends: d20 ≥ 10 at end of turn"
    roster = [creature("spider", "giant-spider", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))]
    b = battle4e(ROW, roster)
    b.state.creatures["spider"].x = 2
    force(b, 15, 5)
    attack(b, "spider", "fighter", "bite")  # 1d10+5 = 10, ongoing 5 poison
    act(b, "spider", "end")
    assert b.state.creatures["fighter"].hp == 41 - 10 - 5  # at the start of its turn
    force(b, 9)  # the save fails
    act(b, "fighter", "end")
    act(b, "spider", "end")
    assert b.state.creatures["fighter"].hp == 41 - 20
    force(b, 10)  # a 10 saves
    act(b, "fighter", "end")
    act(b, "spider", "end")
    assert b.state.creatures["fighter"].hp == 41 - 20
    assert log_with(b, "saves against")[0] == "Fighter saves against ongoing 5 poison: d20 10 = 10, it ends"


def test_dazed_and_slowed_last_until_the_end_of_the_attackers_next_turn():
    roster = [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))]
    b = battle4e(ROW, roster)
    force(b, 15, 2, 2)
    attack(b, "rogue", "orc", "dazing-cut")
    act(b, "rogue", "end")
    orc = b.state.creatures["orc"]
    assert "dazed" in orc.conditions
    act(b, "orc", "drop_prone")  # dazed: one action only
    with pytest.raises(IllegalCommand, match="no move action left"):
        act(b, "orc", "stand")
    act(b, "orc", "end")
    act(b, "rogue", "end")  # the end of the rogue's next turn
    assert "dazed" not in orc.conditions


def test_monsters_die_at_0_and_heroes_fall_dying_with_death_saves():
    # RULESETS.md 2: "Monsters die at 0. Heroes ≤ 0: dying, unconscious ... death save d20: < 10 a
    # failure (3 ... dead)"; dead at minus the bloodied value
    roster = [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=5),
              creature("fighter", "fighter", "blue", (7, 2))]
    b = battle4e(ROW, roster)
    force(b, 15, 6)  # 1d12+5 = 11: the wizard falls to -6 (bloodied value 15)
    attack(b, "orc", "wizard", "greataxe")
    w = b.state.creatures["wizard"]
    assert (w.hp, w.state, "unconscious" in w.conditions) == (-6, "dying", True)
    assert "bloodied" in b.to_json()["creatures"]["wizard"]["conditions"]
    force(b, 3)
    act(b, "orc", "end")  # the wizard's turn passes by itself: a death save at its end, 3: a failure
    assert b.to_json()["creatures"]["wizard"]["death_saves"] == {"successes": 0, "failures": 1}
    assert b.current.id == "fighter"


def test_three_failed_death_saves_kill_and_a_20_spends_a_surge():
    roster = [creature("orc", "orc", "red", (6, 1)), creature("wizard", "wizard", "blue", (1, 1), current_hp=0),
              creature("fighter", "fighter", "blue", (1, 2))]
    b = battle4e(ROW, roster)
    force(b, 9)
    act(b, "orc", "end")  # the wizard's turn: nothing to do, the death save at its end: 9, a failure
    assert b.to_json()["creatures"]["wizard"]["death_saves"]["failures"] == 1
    act(b, "fighter", "end")
    force(b, 20)
    act(b, "orc", "end")
    w = b.state.creatures["wizard"]
    assert (w.hp, w.state, w.surges) == (7, "conscious", 5) and w.prone


def test_dead_at_minus_the_bloodied_value():
    roster = [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=3)]
    b = battle4e(ROW, roster)
    force(b, 20)  # a crit: 12 + 5 = 17; 3 - 17 = -14 > -15: still dying
    attack(b, "orc", "wizard", "greataxe")
    assert b.state.creatures["wizard"].state == "dying"
    b = battle4e(ROW, [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1),
                                                                      current_hp=2)])
    force(b, 20)  # 2 - 17 = -15: dead
    attack(b, "orc", "wizard", "greataxe")
    assert b.state.creatures["wizard"].state == "dead" and b.state.over


def test_second_wind_spends_a_surge_and_gives_plus_2_defences_once_an_encounter():
    roster = [creature("fighter", "fighter", "blue", (1, 1), current_hp=15), creature("orc", "orc", "red", (2, 1))]
    b = battle4e(ROW, roster)
    act(b, "fighter", "second_wind")
    f = b.state.creatures["fighter"]
    assert (f.hp, f.surges) == (25, 10)
    act(b, "fighter", "end")
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "greataxe")
    assert preview.defence == "AC 22"
    act(b, "orc", "end")
    with pytest.raises(IllegalCommand, match="used its second wind"):
        act(b, "fighter", "second_wind")


def test_word_of_mending_a_minor_action_twice_an_encounter_spends_the_allys_surge():
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=0),
              creature("orc", "orc", "red", (6, 1))]
    b = battle4e(ROW, roster)
    force(b, 4)
    act(b, "cleric", "attack", target="wizard", **{"with": "word-of-mending"})
    w = b.state.creatures["wizard"]
    assert (w.hp, w.state, w.surges) == (7 + 4, "conscious", 5)  # surge value 7 + 1d6
    assert b.state.creatures["cleric"].standard is True  # a minor action
    act(b, "cleric", "attack", target="wizard", **{"with": "word-of-mending"})  # the move action traded down
    with pytest.raises(IllegalCommand):
        act(b, "cleric", "attack", target="wizard", **{"with": "word-of-mending"})


def test_first_aid_dc_15_makes_a_dying_hero_stable_no_more_death_saves():
    # RULESETS.md 2: "Heal DC 15 stops death saves"
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=0),
              creature("orc", "orc", "red", (6, 1))]
    b = battle4e(ROW, roster)
    assert b.check({"actor": "cleric", "act": "stabilize", "target": "orc"}) == "Orc is not dying"
    force(b, 10)  # 10 + 1 + 4 = 15
    act(b, "cleric", "stabilize", target="wizard")
    assert b.state.creatures["wizard"].state == "stable"
    act(b, "cleric", "end")
    act(b, "orc", "end")  # the wizard's turn passes: no death save
    assert b.state.creatures["wizard"].death_failures == 0 and not log_with(b, "death save")


def test_three_failed_death_saves_and_the_hero_dies():
    # RULESETS.md 2: "< 10 a failure (3 before a rest: dead; healing doesn't reset)"
    roster = [creature("orc", "orc", "red", (6, 1)), creature("wizard", "wizard", "blue", (1, 1), current_hp=0),
              creature("fighter", "fighter", "blue", (1, 2))]
    b = battle4e(ROW, roster)
    for face in (2, 5):
        force(b, face)
        act(b, "orc", "end")
        act(b, "fighter", "end")
    assert b.state.creatures["wizard"].death_failures == 2 and b.state.creatures["wizard"].state == "dying"
    force(b, 9)
    act(b, "orc", "end")
    assert b.state.creatures["wizard"].state == "dead"
    assert log_with(b, "third death save")


def test_the_challenge_interrupt_is_one_immediate_action_a_round():
    # RULESETS.md 2: "Immediate interrupt ... one per round, never on your turn"
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("cleric", "cleric", "blue", (3, 0))]
    b = battle4e(ROW, roster)
    force(b, 19, 4)
    act(b, "fighter", "attack", target="gob1", **{"with": "heavy-blow"})
    act(b, "fighter", "end")
    act(b, "gob1", "shift", to=[2, 2])
    force(b, 2)  # the interrupt misses
    act(b, "fighter", "react", take=True)
    gob = b.state.creatures["gob1"]
    assert b.state.creatures["fighter"].immediate is False and (gob.x, gob.y) == (2, 2)
    act(b, "gob1", "shift", to=[2, 1])  # its standard action traded down: still marked, still beside
    assert b.state.offers == [] and (gob.x, gob.y) == (2, 1)  # no second interrupt this round


def test_a_close_power_beside_an_enemy_provokes_nothing():
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
              creature("gob1", "goblin", "red", (1, 0))]
    b = battle4e(ROW, roster)
    force(b, 2, 2, 1, 1)
    act(b, "wizard", "attack", at=[2, 0], **{"with": "flame-fan"})
    assert b.state.offers == [] and b.state.creatures["wizard"].standard is False


def test_the_movement_budget_is_one_move_action_and_a_second_one():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 2))])
    assert b.movement_budget("fighter") == (7.5, 7.5)
    act(b, "fighter", "move", to=[1, 0])
    assert b.movement_budget("fighter") == (7.5, 0.0)  # the standard action is the only move left
    act(b, "fighter", "move", to=[2, 0])
    assert b.movement_budget("fighter") == (0.0, 0.0)


def test_grab_is_strength_against_reflex_and_bull_rush_strength_against_fortitude():
    # RULESETS.md 2: "grab ... bull rush (Str vs Fort, push 1 ...)"; grabbed: "Str vs Ref, immobilized"
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))]
    b = battle4e(ROW, roster)
    grab = next(o.preview for o in b.legal_commands() if o.act == "grapple")
    assert (grab.defence, grab.target_number) == ("Ref 13", 13)  # the total to reach
    assert grab.hit_chance == pytest.approx((21 - (13 - 5)) / 20)  # half level 1 + Str 4
    force(b, 10)
    act(b, "fighter", "grapple", target="orc")
    assert "grabbed" in b.state.creatures["orc"].conditions
    act(b, "fighter", "end")
    with pytest.raises(IllegalCommand, match="cannot move"):
        act(b, "orc", "move", to=[4, 1])
    act(b, "orc", "end")
    force(b, 12)
    act(b, "fighter", "shove", target="orc")  # 12 + 5 = 17 vs Fort 15: pushed 1 square, out of the grab
    orc = b.state.creatures["orc"]
    assert (orc.x, orc.y) == (3, 1) and "grabbed" not in orc.conditions
    assert b.check({"actor": "fighter", "act": "shove", "target": "orc", "effect": "prone"}) == (
        'a 4e bull rush pushes (effect = "push"); it never knocks prone')


def test_a_coup_de_grace_on_a_helpless_hero_beside_is_a_critical_hit_and_kills_at_the_bloodied_value():
    # RULESETS.md 2: "coup de grace (helpless adjacent: a hit is a crit; damage ≥ bloodied value kills)"
    roster = [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=0),
              creature("fighter", "fighter", "blue", (7, 2))]
    b = battle4e(ROW, roster)
    force(b, 3)  # 3 + 7 + 2 (combat advantage) = 12 vs AC 15 - 5 (unconscious): a hit, so a crit: 12 + 5 = 17
    attack(b, "orc", "wizard", "greataxe")
    assert log_with(b, "greataxe on Wizard")[0].endswith("coup de grace: critical hit")
    assert b.state.creatures["wizard"].hp == -17 and b.state.creatures["wizard"].state == "dead"  # 17 >= 15
