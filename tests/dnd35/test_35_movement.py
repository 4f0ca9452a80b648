"""3.5 movement and attacks of opportunity (3.5 SRD, "Movement, position and distance", "Attacks of
opportunity"): diagonals 1-2-1, difficult terrain x2, no corner cutting past a wall, allies
passable, the 5-foot step, the withdraw, and leaving a threatened square, ranged attacks and
standing up inside one, each offered to the threatener as a reaction."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

OPEN = ".........\n.........\n.........\n........."


def test_diagonals_count_1_2_1_and_difficult_terrain_double():
    # 3.5 SRD, Measuring distance: the first diagonal 1 square, the second 2 (9 m = 6 squares)
    b = battle(OPEN, [creature("rogue", "rogue", "blue", (0, 0)), creature("gob", "goblin", "red", (8, 3))])
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [2, 2]]
    assert move.preview.cost_m == 4.5  # 1 + 2
    b = battle("..:......\n.........", [creature("rogue", "rogue", "blue", (0, 0)), creature("gob", "goblin", "red", (8, 1))])
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [3, 0]]
    assert move.preview.cost_m == 6.0  # difficult terrain costs two squares; a detour costs as much
    act(b, "rogue", "move", path=[[1, 0], [2, 0], [3, 0]])
    assert (c(b, "rogue").x, c(b, "rogue").y) == (3, 0)


def test_no_diagonal_past_a_wall_corner_allies_passable_enemies_not():
    # 3.5 SRD: no diagonal move past the corner of a wall; friends' squares are passable
    b = battle("...\n.#.\n...", [creature("rogue", "rogue", "blue", (0, 0)), creature("gob", "goblin", "red", (2, 2))])
    with pytest.raises(IllegalCommand, match="past a wall's corner"):
        act(b, "rogue", "move", path=[[1, 0], [2, 1]])
    b = battle(".....", [creature("rogue", "rogue", "blue", (0, 0)), creature("fighter", "fighter", "blue", (1, 0)),
                         creature("gob", "goblin", "red", (3, 0))])
    act(b, "rogue", "move", path=[[1, 0], [2, 0]])  # through the fighter
    assert c(b, "rogue").x == 2
    b = battle(".....", [creature("rogue", "rogue", "blue", (0, 0)), creature("gob", "goblin", "red", (1, 0)),
                         creature("gob2", "goblin", "red", (4, 0))])
    with pytest.raises(IllegalCommand, match="cannot enter"):
        act(b, "rogue", "move", path=[[1, 0], [2, 0]])


def test_leaving_a_threatened_square_provokes_and_the_threatener_answers():
    # 3.5 SRD, Attacks of opportunity: moving out of a threatened square provokes; one a round
    b = battle(OPEN, [creature("gob", "goblin", "red", (1, 1)), creature("orc", "orc", "red", (7, 3)),
                      creature("fighter", "fighter", "blue", (2, 1))])
    end(b, "gob")
    end(b, "orc")
    act(b, "fighter", "move", path=[[3, 1], [4, 1]])
    assert [(o.reactor, o.provoker) for o in b.state.offers] == [("gob", "fighter")]
    assert b.offer().question.startswith("Fighter provokes an attack of opportunity from Goblin")
    assert (c(b, "fighter").x, c(b, "fighter").y) == (2, 1)  # the move waits for the answer
    force(b, 15, 3)  # 15 + 2 = 17 vs AC 17: hit, 3 damage
    act(b, "gob", "react", take=True)
    assert "d20 15 +2 = 17 vs AC 17" in last(b, "makes an attack of opportunity against Fighter")
    assert c(b, "fighter").hp == 25 and c(b, "fighter").x == 4 and c(b, "gob").aoo_left == 0
    # a second move out of its reach: the goblin has none left this round
    act(b, "fighter", "move", to=[2, 2])
    assert not b.state.offers


def test_the_5_foot_step_never_provokes_and_allows_no_other_movement():
    # 3.5 SRD, 5-foot step: one square, never provokes; not in a round with other movement
    b = battle(OPEN, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1))])
    end(b, "gob")
    act(b, "fighter", "step", to=[3, 1])
    assert not b.state.offers and c(b, "fighter").x == 3
    with pytest.raises(IllegalCommand, match="5-foot step this turn"):
        act(b, "fighter", "move", to=[5, 1])
    b = battle(OPEN, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 3))])
    act(b, "gob", "move", to=[1, 0])
    with pytest.raises(IllegalCommand, match="has moved this turn"):
        act(b, "gob", "step", to=[1, 1])
    b = battle("..:..", [creature("gob", "goblin", "red", (1, 0)), creature("fighter", "fighter", "blue", (4, 0))])
    with pytest.raises(IllegalCommand, match="no 5-foot step into difficult terrain"):
        act(b, "gob", "step", to=[2, 0])


def test_the_withdraw_leaves_its_first_square_without_provoking():
    # 3.5 SRD, Withdraw: the square it starts in is not threatened by the opponents it sees
    b = battle(OPEN, [creature("gob", "goblin", "red", (1, 1)), creature("gob2", "goblin", "red", (8, 3)),
                      creature("fighter", "fighter", "blue", (2, 1))])
    end(b, "gob")
    end(b, "gob2")
    act(b, "fighter", "withdraw", path=[[3, 1], [4, 1]])
    assert not b.state.offers and c(b, "fighter").x == 4
    assert not c(b, "fighter").standard and not c(b, "fighter").move_action  # a full-round action


def test_a_ranged_attack_and_standing_up_in_a_threatened_square_provoke_first():
    # 3.5 SRD: a ranged attack (and standing up) inside a threatened square provokes, before it resolves
    b = battle(OPEN, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1)),
                      creature("orc", "orc", "red", (8, 1))])
    end(b, "gob")
    attack(b, "fighter", "orc", "light-crossbow")
    assert [o.reactor for o in b.state.offers] == ["gob"] and not any("Fighter attacks" in line for line in b.state.log)
    force(b, 5, 12, 2)  # the goblin's attack misses (5 + 2 = 7); then the bolt: 12 + 4 = 16 vs 13, 1d8 2
    act(b, "gob", "react", take=True)
    assert "d20 12 +4 = 16 vs flat-footed AC 13" in last(b, "Fighter attacks Orc with light crossbow")
    assert c(b, "orc").hp == 3
    b = battle(OPEN, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1),
                                                                           conditions=["prone"])])
    end(b, "gob")
    act(b, "fighter", "stand")
    assert [o.reactor for o in b.state.offers] == ["gob"] and c(b, "fighter").prone
    act(b, "gob", "react", take=False)
    assert not c(b, "fighter").prone


def test_an_attack_of_opportunity_that_drops_the_mover_stops_the_move():
    b = battle(OPEN, [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1)),
                      creature("fighter", "fighter", "blue", (8, 3))])
    end(b, "orc")
    act(b, "wizard", "move", to=[5, 1])
    force(b, 15, 4, 4)  # 2d4+4 = 12: 16 -> 4 hp; not yet
    act(b, "orc", "react", take=True)
    assert c(b, "wizard").x == 5
    b = battle(OPEN, [creature("orc", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1), current_hp=5),
                      creature("fighter", "fighter", "blue", (8, 3))])
    end(b, "orc")
    act(b, "wizard", "move", to=[5, 1])
    force(b, 15, 4, 4)
    act(b, "orc", "react", take=True)
    assert c(b, "wizard").state == "dying" and c(b, "wizard").x == 2


def test_a_large_creature_squeezes_through_a_narrow_way_at_double_cost_minus_4():
    # 3.5 SRD, Squeezing: through a space at least half its width, each square counting two,
    # -4 on attacks and -4 AC while squeezing
    grid = "..#####..\n.........\n..#####.."
    b = battle(grid, [creature("ogre", "ogre", "red", (0, 1)), creature("gob", "goblin", "blue", (5, 1))])
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [3, 1]]
    assert move.preview.cost_m == 9.0  # three squares, each squeezed (its 2x2 space does not fit): two each
    act(b, "ogre", "move", to=[3, 1])
    assert "squeezing" in c(b, "ogre").conditions and c(b, "ogre").side_squares == 1
    force(b, 10)
    attack(b, "ogre", "gob", "greatclub")
    assert "squeezing -4" in last(b, "attacks") and "d20 10 +4 = 14" in last(b, "attacks")


def test_combat_reflexes_gives_one_attack_of_opportunity_plus_dex_a_round():
    # 3.5 SRD, Combat Reflexes: 1 + Dex modifier (the fighter, Dex 13: 2)
    b = battle(OPEN, [creature("fighter", "fighter", "blue", (2, 1)), creature("gob", "goblin", "red", (1, 1)),
                      creature("gob2", "goblin", "red", (3, 1))])
    end(b, "fighter")
    act(b, "gob", "move", to=[0, 0])
    force(b, 1)
    act(b, "fighter", "react", take=True)
    end(b, "gob")
    act(b, "gob2", "move", to=[4, 0])
    force(b, 1)
    act(b, "fighter", "react", take=True)
    assert c(b, "fighter").aoo_left == 0


def test_a_mover_dropped_by_the_first_attack_of_opportunity_is_offered_to_no_one_else():
    b = battle(OPEN, [creature("rogue", "rogue", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                      creature("fighter", "fighter", "blue", (3, 1)), creature("gob2", "goblin", "red", (8, 3))])
    end(b, "rogue")
    act(b, "gob", "move", to=[2, 3])
    assert [o.reactor for o in b.state.offers] == ["rogue", "fighter"]  # in initiative order
    force(b, 15, 4, 1, 1)  # rapier 4 + 1, sneak attack (flanked) 1 + 1: 5 - 7 = -2
    act(b, "rogue", "react", take=True)
    assert c(b, "gob").state == "dying" and not b.state.offers and (c(b, "gob").x, c(b, "gob").y) == (2, 1)


def test_a_diagonal_into_difficult_terrain_costs_3_and_still_counts_in_the_1_2_alternation():
    # RULESETS.md 1: "Difficult x2; a diagonal into it 3 (D: still counts in the 1-2 alternation)"
    # (3.5 SRD, Difficult terrain: moving diagonally into such a square, it counts as 3 squares)
    grid = ".......\n.:.....\n.......\n......."
    b = battle(grid, [creature("rogue", "rogue", "blue", (0, 0), speed={"walk": 6}),
                      creature("gob", "goblin", "red", (6, 3))])
    assert b.movement_field("rogue").cost_to(1, 1) == 4.5  # the first diagonal, into it: 3 squares, not 2
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [2, 2]]
    assert move.preview.cost_m == 4.5  # around it: [1, 0], [2, 1] (the first diagonal), [2, 2]: 3 squares
    act(b, "rogue", "move", path=[[1, 1], [2, 2]])  # 3, then the second diagonal 2: 5 squares, past its 4
    assert c(b, "rogue").standard is False and c(b, "rogue").move_action is False  # a double move
    b = battle(grid, [creature("rogue", "rogue", "blue", (2, 0), speed={"walk": 7.5}),
                      creature("gob", "goblin", "red", (6, 3))])
    act(b, "rogue", "move", path=[[3, 1], [2, 2], [1, 1]])  # 1 + 2, then a diagonal into it 3 (not 2 x 1): 6
    assert c(b, "rogue").standard is False  # past its 5 squares: a double move


def test_the_move_preview_lists_only_the_attacks_of_opportunity_the_walk_will_offer():
    # the preview asks the walk's own question (sight, cover, threat) at each square left:
    # a blinded threatener does not see the mover; across a wall's corner the mover has cover
    grid = ".#.......\n.........\n........."
    roster = [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (0, 0)),
              creature("cleric", "cleric", "blue", (3, 2), conditions=["blinded"])]
    b = battle(grid, roster)
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [5, 1]]
    assert move.preview.opportunity_attacks == ()
    end(b, "gob")
    end(b, "fighter")
    end(b, "cleric")
    act(b, "gob", "move", to=[5, 1])
    assert not b.state.offers and (c(b, "gob").x, c(b, "gob").y) == (5, 1)
    b = battle(grid, [creature("gob", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (0, 0))])
    end(b, "gob")
    end(b, "fighter")
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [4, 1]]
    assert move.preview.opportunity_attacks == ("fighter",)  # square to square, seen: it provokes
    act(b, "gob", "move", to=[4, 1])
    assert [o.reactor for o in b.state.offers] == ["fighter"]


def test_the_squares_near_a_foe_where_a_move_may_flank_it_are_those_within_2_squares():
    # move_options looks for flanks only where the mover ends at most 2 squares from a foe
    # (diagonals 1-2-1): options.near_positions lists those positions once a foe; it must give
    # exactly the positions the rules' distance puts within 2 squares, for every pair of sizes
    from game.rules.dnd35.geometry import gap
    from game.rules.dnd35.options import near_positions
    for side in (1, 2, 3):
        for other in (1, 2, 3):
            space = (10, 10, other)
            wanted = {(x, y) for y in range(0, 25) for x in range(0, 25) if gap((x, y, side), space) <= 2}
            assert near_positions(side, space) == wanted, (side, other)


def test_a_kept_field_is_the_field_searched_afresh_and_searched_again_once_anyone_moved():
    # the option lists, the check of a move and the move itself ask for the same field: it is
    # kept with the battle under all it depends on (start, parity, mover, the others, the limit)
    import numpy as np

    from game.core.movement import movement_field
    from game.rules.dnd35.geometry import MOVE_35, field_for, mover_of, occupants_for

    def fresh(b, who, limit_m):
        return movement_field(b.board, (who.x, who.y), mover_of(who), occupants_for(b, who), rules=MOVE_35,
                              limit_m=limit_m, start_parity=who.diagonal_parity)

    b = battle("........\n..#.....\n........", [creature("fighter", "fighter", "blue", (0, 0)),
                                                 creature("orc", "orc", "red", (6, 0))])
    orc = b.state.creatures["orc"]
    kept = field_for(b, orc, limit_m=9.0)
    assert field_for(b, orc, limit_m=9.0) is kept and np.array_equal(kept.cost, fresh(b, orc, 9.0).cost)
    assert field_for(b, orc, limit_m=4.5) is not kept  # another limit: another search
    act(b, "fighter", "move", to=[4, 0])  # the fighter now stands in the orc's way
    after = field_for(b, orc, limit_m=9.0)
    assert after is not kept and np.array_equal(after.cost, fresh(b, orc, 9.0).cost)
    assert not after.can_end[0, 4] and kept.can_end[0, 4]
