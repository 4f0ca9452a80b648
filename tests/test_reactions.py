"""Opportunity attacks and reactions (5e, "Attaques d'opportunité", "Réactions")."""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

ROW = "..........\n..........\n.........."


def standoff(dice=(), **fighter):
    # the fighter (reach 1.5 m) stands next to the goblin, whose turn it is
    return battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                        creature("fighter", "fighter", "blue", (3, 1), **fighter),
                        creature("cleric", "cleric", "blue", (9, 2))], dice=dice)


def test_leaving_reach_offers_an_opportunity_attack_and_the_move_waits():
    b = standoff()
    act(b, "gob1", "move", to=[0, 1])
    gob = b.state.creatures["gob1"]
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "opportunity")]
    assert (gob.x, gob.y) == (2, 1)  # interrupted just before leaving the reach
    assert b.to_json()["offers"] == [{"reactor": "fighter", "kind": "opportunity", "provoker": "gob1"}]


def test_taking_the_opportunity_attack_uses_the_reaction_then_the_move_goes_on():
    b = standoff(dice=[15, 4])
    act(b, "gob1", "move", to=[0, 1])
    act(b, "fighter", "react", take=True)
    fighter, gob = b.state.creatures["fighter"], b.state.creatures["gob1"]
    assert "Fighter makes an opportunity attack on Goblin with longsword: d20 15 + 5 = 20 vs AC 15, hit" in b.state.log
    assert gob.hp == 30 - 7 and (gob.x, gob.y) == (0, 1)
    assert not fighter.reaction  # one reaction per round


def test_declining_lets_the_mover_go_and_keeps_the_reaction():
    b = standoff()
    act(b, "gob1", "move", to=[0, 1])
    act(b, "fighter", "react", take=False)
    assert (b.state.creatures["gob1"].x, b.state.creatures["gob1"].y) == (0, 1)
    assert b.state.creatures["fighter"].reaction


def test_any_other_command_takes_the_offer_by_default():
    # FORMATS.md: another command means the opportunity attack is taken with the first melee attack
    b = standoff(dice=[15, 4])
    act(b, "gob1", "move", to=[0, 1])
    act(b, "gob1", "end")
    assert any("opportunity attack" in line for line in b.state.log)
    assert b.state.creatures["gob1"].x == 0
    assert b.current.id == "fighter"


def test_no_opportunity_attack_after_disengage_or_within_reach():
    b = standoff()
    act(b, "gob1", "disengage")
    act(b, "gob1", "move", to=[0, 1])
    assert not b.state.offers
    b = standoff()
    act(b, "gob1", "move", to=[2, 2])  # still within 1.5 m of the fighter
    assert not b.state.offers


def test_no_opportunity_attack_from_a_creature_that_cannot_see_or_has_reacted():
    b = standoff()
    b.state.creatures["fighter"].reaction = False
    act(b, "gob1", "move", to=[0, 1])
    assert not b.state.offers
    b = standoff()
    b.state.creatures["gob1"].conditions.add("invisible")
    act(b, "gob1", "move", to=[0, 1])
    assert not b.state.offers


def test_react_is_only_for_the_creature_offered():
    b = standoff()
    with pytest.raises(IllegalCommand, match="no reaction is offered"):
        act(b, "fighter", "react", take=True)
    act(b, "gob1", "move", to=[0, 1])
    with pytest.raises(IllegalCommand, match="can only target gob1"):
        act(b, "fighter", "react", take=True, target="cleric")
    assert b.state.offers  # still waiting


def test_an_opportunity_attack_that_drops_the_mover_ends_its_move():
    b = standoff(dice=[20, 8, 8], )
    b.state.creatures["gob1"].hp = 7
    act(b, "gob1", "move", to=[0, 1])
    act(b, "fighter", "react", take=True)
    gob = b.state.creatures["gob1"]
    assert gob.state == "dead" and (gob.x, gob.y) == (2, 1)


def test_several_offers_come_one_at_a_time_in_initiative_order():
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                     creature("fighter", "fighter", "blue", (3, 1)),
                     creature("rogue", "rogue", "blue", (3, 2))])
    act(b, "gob1", "move", to=[0, 1])
    assert [o.reactor for o in b.state.offers] == ["fighter", "rogue"]
    act(b, "fighter", "react", take=False)
    assert [o.reactor for o in b.state.offers] == ["rogue"]
    act(b, "rogue", "react", take=False)
    assert b.state.creatures["gob1"].x == 0
