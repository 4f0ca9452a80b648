"""3.5 combat cycle (seed 003, "Déroulement du combat"): flat-footed until one's first turn, the
surprise round, initiative, and the action economy (standard + move, or one full-round action)."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def test_everyone_starts_flat_footed_and_loses_it_at_its_first_turn():
    # « Tous les combattants commencent le combat pris au dépourvu. Une fois qu'un combattant
    # agit, il n'est plus pris au dépourvu. »  Goblin AC 15, flat-footed 14 (no Dex +1).
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (7, 2))])
    assert "flat-footed" not in c(b, "fighter").conditions and "flat-footed" in c(b, "gob").conditions
    force(b, 8, 1)  # d20 8 + 6 = 14: hits flat-footed AC 14; 1d8 1 + 2 = 3 damage
    attack(b, "fighter", "gob", "longsword")
    assert "vs flat-footed AC 14" in last(b, "attacks") and c(b, "gob").hp == 2
    end(b, "fighter")
    assert "flat-footed" not in c(b, "gob").conditions
    end(b, "gob")
    end(b, "gob2")
    force(b, 8)  # the same 14 now misses AC 15
    attack(b, "fighter", "gob", "longsword")
    assert "vs AC 15" in last(b, "attacks") and last(b, "attacks").endswith("miss")


def test_a_flat_footed_creature_makes_no_attack_of_opportunity_without_combat_reflexes():
    # RULESETS.md section 1: flat-footed, no attack of opportunity (Combat Reflexes excepted)
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1))])
    act(b, "rogue", "move", to=[0, 2])  # leaves the goblin's threatened square
    assert not b.state.offers and (c(b, "rogue").x, c(b, "rogue").y) == (0, 2)
    # the fighter has Combat Reflexes: it takes one even before its first turn
    b = battle(ROW, [creature("gob", "goblin", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1))])
    act(b, "gob", "move", to=[4, 1])
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "opportunity")]


def test_initiative_is_d20_plus_dex_ties_to_the_modifier_then_a_roll_off():
    # 3.5 SRD, Initiative: d20 + Dex; the fighter +5 (Improved Initiative), the goblin +1, the rogue +2
    roster = [creature("fighter", "fighter", "blue", (0, 0)), creature("gob", "goblin", "red", (7, 0)),
              creature("rogue", "rogue", "blue", (0, 2))]
    b = battle(ROW, roster, dice=[5, 9, 8], initiative=False)  # 10, 10, 10: the modifier decides
    assert b.state.order == ["fighter", "rogue", "gob"]
    roster.append(creature("gob2", "goblin", "red", (7, 2), name="Boss", hp=6))  # not identical: its own roll
    b = battle(ROW, roster, dice=[5, 9, 8, 9, 4, 17], initiative=False)  # goblin and Boss tie at 10, +1: roll-off
    assert b.state.order == ["fighter", "rogue", "gob2", "gob"]
    assert "rolls off a tie: d20 17" in b.state.log[5]


def test_the_surprise_round_only_the_aware_act_with_one_action():
    # « Au cours du round de surprise, seuls ceux qui ont senti la menace peuvent agir [...] Chacun
    # d'eux peut accomplir une action simple ou de mouvement. »
    b = battle(ROW, [creature("gob", "goblin", "red", (5, 1), surprised=True),
                     creature("fighter", "fighter", "blue", (1, 1)), creature("rogue", "rogue", "blue", (0, 2))],
               initiative=["gob", "fighter", "rogue"])
    assert b.state.round == 0 and b.current.id == "fighter"  # the surprised goblin has no turn
    act(b, "fighter", "move", to=[4, 1])
    with pytest.raises(IllegalCommand, match="no standard action left"):
        attack(b, "fighter", "gob", "longsword")
    end(b, "fighter")
    end(b, "rogue")
    assert b.state.round == 1 and b.current.id == "gob" and "surprised" not in c(b, "gob").conditions


def test_standard_and_move_or_two_moves_or_one_double_move():
    # 3.5 SRD, Actions in combat: a standard and a move action; a move may replace the standard
    roster = [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 1))]
    b = battle(ROW, roster)
    act(b, "fighter", "move", to=[2, 1])  # 3 m, a move action
    act(b, "fighter", "move", to=[4, 1])  # the standard, traded down
    assert (c(b, "fighter").standard, c(b, "fighter").move_action) == (False, False)
    with pytest.raises(IllegalCommand, match="no move action left"):
        act(b, "fighter", "move", to=[5, 1])
    b = battle(ROW, roster)
    act(b, "fighter", "move", to=[6, 1])  # 9 m > speed 6 m: a double move, both actions
    with pytest.raises(IllegalCommand, match="no standard action left"):
        attack(b, "fighter", "gob", "longsword")
    wide = battle("..............", [creature("fighter", "fighter", "blue", (0, 0)),
                                     creature("gob", "goblin", "red", (13, 0))])
    with pytest.raises(IllegalCommand, match="costs 13.5 m, more than the 12 m"):
        act(wide, "fighter", "move", to=[9, 0])


def test_an_act_3_5_lacks_is_one_clear_line():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 1))])
    with pytest.raises(IllegalCommand, match="unknown act 'shift'"):
        act(b, "fighter", "shift", to=[1, 1])
    with pytest.raises(IllegalCommand, match="'move' takes no argument 'bonus'"):
        act(b, "fighter", "move", to=[1, 1], bonus=True)
    with pytest.raises(IllegalCommand, match="unknown act 'dash'"):
        act(b, "fighter", "dash")


def test_a_standard_only_turn_charges_or_withdraws_at_its_speed_only():
    # RULESETS.md: "Standard-only turns (surprise, disabled) allow charge/withdraw at 1x speed";
    # seed 003, Round de surprise: « Chacun d'eux peut accomplir une action simple ou de mouvement »
    far = battle(ROW, [creature("gob", "goblin", "red", (7, 1), surprised=True), creature("fighter", "fighter", "blue", (0, 1))],
                 initiative=["gob", "fighter"])
    with pytest.raises(IllegalCommand, match=r"too far to charge \(6 m at most\)"):
        act(far, "fighter", "charge", target="gob")  # 9 m away: a charge of twice 6 m, not in a surprise round
    with pytest.raises(IllegalCommand, match="more than the 6 m"):
        act(far, "fighter", "withdraw", to=[5, 1])  # 7.5 m: more than its speed
    act(far, "fighter", "withdraw", to=[4, 1])  # 6 m: its speed, the withdraw is its one action
    assert (c(far, "fighter").standard, c(far, "fighter").move_action) == (False, False)
    near = battle(ROW, [creature("gob", "goblin", "red", (4, 1), surprised=True), creature("fighter", "fighter", "blue", (0, 1))],
                  initiative=["gob", "fighter"])
    force(near, 15, 5)
    act(near, "fighter", "charge", target="gob")  # to [3, 1], 4.5 m: +2 on the attack
    assert "charge +2" in last(near, "attacks") and (c(near, "fighter").x, c(near, "fighter").y) == (3, 1)
