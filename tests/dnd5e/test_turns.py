"""Order of combat: initiative, surprise and what a turn holds (5e, "Ordre de combat", "Votre tour")."""

import pytest

from game.rules.dnd5e import Battle
from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, scenario

FIELD = "........\n........\n........\n........"


def test_initiative_is_a_dexterity_check_highest_first():
    # fighter dex 14 (+2), goblin dex 14 (+2): d20 5 + 2 = 7 vs d20 12 + 2 = 14
    s = scenario(FIELD, [creature("fighter", "fighter", "blue", (0, 0)),
                         creature("gob1", "goblin", "red", (5, 0))], dice=[5, 12])
    b = Battle(s)
    assert b.state.order == ["gob1", "fighter"]
    assert b.current.id == "gob1"


def test_identical_monsters_share_one_initiative_roll():
    # one roll for the goblins (at the first goblin's place), one for the fighter
    s = scenario(FIELD, [creature("gob1", "goblin", "red", (5, 0)),
                         creature("fighter", "fighter", "blue", (0, 0)),
                         creature("gob2", "goblin", "red", (6, 0))], dice=[15, 3])
    b = Battle(s)
    assert b.state.order == ["gob1", "gob2", "fighter"]
    assert b.state.creatures["gob1"].initiative == b.state.creatures["gob2"].initiative == 17
    assert not b.state.dice.forced  # exactly two dice were used


def test_identical_monsters_on_two_sides_roll_apart():
    # a group of identical monsters is one side's ("Ordre de combat": the DM rolls once for a
    # group of identical creatures): goblins fighting goblins roll one d20 a side, 4 then 16
    s = scenario(FIELD, [creature("gob1", "goblin", "red", (5, 0)), creature("gob2", "goblin", "blue", (0, 0)),
                         creature("gob3", "goblin", "red", (6, 0)), creature("gob4", "goblin", "blue", (0, 2))],
                 dice=[4, 16])
    b = Battle(s)
    assert b.state.order == ["gob2", "gob4", "gob1", "gob3"]
    assert not b.state.dice.forced  # exactly two dice were used


def test_ties_go_to_the_higher_bonus_then_to_a_roll_off():
    # ogre dex 8 (-1) rolls 13 -> 12; fighter +2 rolls 10 -> 12: the fighter's bonus wins
    s = scenario("........\n........\n........", [creature("ogre", "ogre", "red", (5, 0)),
                                                  creature("fighter", "fighter", "blue", (0, 0))], dice=[13, 10])
    assert Battle(s).state.order == ["fighter", "ogre"]
    # fighter and wizard both +2 with 10: a d20 roll-off in listed order, 4 then 18
    s = scenario(FIELD, [creature("fighter", "fighter", "blue", (0, 0)),
                         creature("wizard", "wizard", "blue", (0, 2)),
                         creature("gob1", "goblin", "red", (6, 0))], dice=[10, 10, 1, 4, 18])
    b = Battle(s)
    assert b.state.order[:2] == ["wizard", "fighter"]


def test_a_hidden_creature_that_beats_passive_perception_surprises():
    # 5e, Surprise: the goblin's Stealth (d20 10 + 6 = 16) beats the fighter's passive 13
    s = scenario(FIELD, [creature("fighter", "fighter", "blue", (0, 0)),
                         creature("gob1", "goblin", "red", (5, 0), hidden=True)],
                 dice=[10, 20, 1])  # stealth, then initiative fighter 20, goblin 1
    b = Battle(s)
    fighter = b.state.creatures["fighter"]
    # the surprised fighter's first turn ends at once, and it could not react meanwhile
    assert b.current.id == "gob1"
    assert "Fighter is surprised and loses its turn" in b.state.log
    assert "surprised" not in fighter.conditions  # the first turn is over: it may react again
    s = scenario(FIELD, [creature("fighter", "fighter", "blue", (0, 0)),
                         creature("gob1", "goblin", "red", (5, 0), hidden=True)], dice=[2, 20, 1])
    b = Battle(s)  # stealth 8 < 13: noticed, nobody surprised
    assert b.current.id == "fighter"
    assert "hidden" not in b.state.creatures["gob1"].conditions


def test_a_surprised_creature_cannot_take_a_reaction_before_its_first_turn_ends():
    s = scenario(FIELD, [creature("gob1", "goblin", "red", (1, 0), hidden=True),
                         creature("fighter", "fighter", "blue", (0, 0))],
                 dice=[10, 20, 1])  # stealth 16, goblin initiative 22, fighter 3
    b = Battle(s)
    assert b.current.id == "gob1" and "surprised" in b.state.creatures["fighter"].conditions
    act(b, "gob1", "move", to=[4, 0])  # leaves the fighter's reach: no offer while surprised
    assert not b.state.offers


def test_one_action_per_turn():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 3))])
    act(b, "fighter", "dodge")
    with pytest.raises(IllegalCommand, match="already used its action"):
        act(b, "fighter", "dash")


def test_only_the_creature_whose_turn_it_is_may_act_and_bad_commands_change_nothing():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 3))])
    before = b.to_json()
    with pytest.raises(IllegalCommand, match="fighter's turn"):
        act(b, "gob1", "dash")
    with pytest.raises(IllegalCommand, match="unknown act"):
        b.submit({"actor": "fighter", "act": "teleport"})
    with pytest.raises(IllegalCommand, match="no creature"):
        act(b, "nobody", "dash")
    assert b.to_json() == before


def test_dash_doubles_movement_and_moves_split_around_actions():
    b = battle(".................\n", [creature("fighter", "fighter", "blue", (0, 0)),
                                       creature("gob1", "goblin", "red", (16, 0))])
    act(b, "fighter", "move", to=[2, 0])  # 3 m
    act(b, "fighter", "dash")
    assert b.current.movement_left() == pytest.approx(15.0)
    act(b, "fighter", "move", to=[12, 0])  # 15 m more
    with pytest.raises(IllegalCommand, match="has 0 m"):
        act(b, "fighter", "move", to=[13, 0])


def test_reaction_returns_at_the_start_of_the_creatures_turn_and_turns_cycle_into_rounds():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 3))])
    b.state.creatures["fighter"].reaction = False
    act(b, "fighter", "end")
    assert b.current.id == "gob1"
    assert not b.state.creatures["fighter"].reaction
    act(b, "gob1", "end")
    assert b.state.round == 2 and b.current.id == "fighter"
    assert b.state.creatures["fighter"].reaction


def test_standing_up_costs_half_speed_and_dropping_prone_is_free():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0), conditions=["prone"]),
                       creature("gob1", "goblin", "red", (7, 3))])
    act(b, "fighter", "stand")
    assert b.current.movement_left() == pytest.approx(4.5)
    act(b, "fighter", "drop_prone")
    assert b.current.movement_left() == pytest.approx(4.5)
    with pytest.raises(IllegalCommand, match="the move costs 6 m"):
        act(b, "fighter", "move", to=[2, 0])  # crawling costs double
    act(b, "fighter", "move", to=[1, 0])  # crawl: 3 m
    with pytest.raises(IllegalCommand, match="needs 4.5 m"):
        act(b, "fighter", "stand")


def test_switching_speeds_subtracts_what_was_already_moved():
    # 5e, Using different speeds: fly 6, walk 3, then fly 9 more with walk 9 / fly 18
    grid = "." * 30
    b = battle(grid, [creature("bird", "fighter", "blue", (0, 0), speed={"walk": 9, "fly": 18}),
                      creature("gob1", "goblin", "red", (29, 0))])
    act(b, "bird", "move", to=[4, 0], mode="fly")
    act(b, "bird", "move", to=[6, 0])
    assert b.current.movement_left("walk") == 0
    assert b.current.movement_left("fly") == pytest.approx(9.0)
    act(b, "bird", "move", to=[12, 0], mode="fly")
    with pytest.raises(IllegalCommand):
        act(b, "bird", "move", to=[13, 0], mode="fly")


def test_check_says_why_without_changing_anything():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 3))],
               dice=[20, 8])
    before = b.to_json()
    assert b.check({"actor": "fighter", "act": "dash"}) is None
    assert "out of the 1.5 m reach" in b.check({"actor": "fighter", "act": "attack", "target": "gob1",
                                                 "with": "longsword"})
    assert b.check({"actor": "fighter", "act": "attack", "target": "gob1", "with": "handaxe"}) is None
    assert b.to_json() == before and list(b.state.dice.forced) == [20, 8]


def test_a_refused_command_changes_nothing_and_without_the_undo_copy_is_still_refused():
    b = battle("......", [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (5, 0))])
    before = b.to_json()
    with pytest.raises(IllegalCommand):
        b.submit({"actor": "gob1", "act": "end"})  # not its turn
    assert b.to_json() == before
    with pytest.raises(IllegalCommand):  # simulate's way: no copy, the refusal still raises
        b.submit({"actor": "gob1", "act": "end"}, undo_on_error=False)
