"""5e at its edges: the one free object interaction of a turn (seed 000, "Interagir avec les
objets autour de vous" and "Autres activités pendant votre tour"): handing an item over is free
once a turn; a second object interaction takes the action.

The fighter, the rogue and the cleric each carry one potion of healing.
"""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

ROW = "........\n........\n"


def party():
    return battle(ROW, [creature("fighter", "fighter", "blue", (1, 0)),
                        creature("rogue", "rogue", "blue", (2, 0)),
                        creature("cleric", "cleric", "blue", (0, 0)),
                        creature("goblin", "goblin", "red", (7, 1))])


def test_handing_a_potion_over_is_the_free_interaction_of_the_turn():
    # "Donner un objet à un autre personnage": one of the things "vous pouvez faire tout en
    # faisant vos actions et en bougeant" — no action spent
    b = party()
    act(b, "fighter", "give", item="potion-of-healing", target="rogue")
    fighter, rogue = b.state.creatures["fighter"], b.state.creatures["rogue"]
    assert fighter.items == [] and rogue.items == ["potion-of-healing", "potion-of-healing"]
    assert fighter.action and fighter.bonus_action
    assert b.state.log[-1] == "Fighter hands Potion of Healing to Rogue (its free object interaction this turn)"


def test_a_second_object_this_turn_takes_the_action_and_a_third_is_refused():
    # "Si vous voulez interagir avec un second objet, cela utilisera votre action."
    b = party()
    b.state.creatures["fighter"].items.extend(["potion-of-healing", "potion-of-healing"])
    act(b, "fighter", "give", item="potion-of-healing", target="rogue")
    act(b, "fighter", "give", item="potion-of-healing", target="cleric")
    fighter = b.state.creatures["fighter"]
    assert not fighter.action and b.state.creatures["cleric"].items == ["potion-of-healing"] * 2
    assert b.state.log[-1].endswith("(its action: a second object this turn)")
    with pytest.raises(IllegalCommand, match="action"):
        act(b, "fighter", "give", item="potion-of-healing", target="rogue")
    assert fighter.items == ["potion-of-healing"]  # the refused command changed nothing


def test_the_free_interaction_comes_back_each_turn():
    b = party()
    b.state.creatures["fighter"].items.append("potion-of-healing")
    act(b, "fighter", "give", item="potion-of-healing", target="rogue")
    for who in ("fighter", "rogue", "cleric", "goblin"):
        act(b, who, "end")
    act(b, "fighter", "give", item="potion-of-healing", target="rogue")  # a new turn: free again
    assert b.state.creatures["fighter"].action
    assert b.state.log[-1].endswith("(its free object interaction this turn)")


def test_an_item_is_handed_only_within_reach_to_a_conscious_creature():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 0)),
                     creature("rogue", "rogue", "blue", (5, 0)),
                     creature("cleric", "cleric", "blue", (0, 0), current_hp=0),
                     creature("goblin", "goblin", "red", (7, 1))])
    with pytest.raises(IllegalCommand, match="within 1.5 m"):
        act(b, "fighter", "give", item="potion-of-healing", target="rogue")
    with pytest.raises(IllegalCommand, match="not conscious"):
        act(b, "fighter", "give", item="potion-of-healing", target="cleric")
    with pytest.raises(IllegalCommand, match="carries no"):
        act(b, "fighter", "give", item="rope", target="rogue")


def test_the_options_list_the_hand_over_as_free_then_as_the_action():
    b = party()
    gives = [o for o in b.legal_commands() if o.command["act"] == "give"]
    assert {o.command["target"] for o in gives} == {"rogue", "cleric"}  # the goblin is too far
    assert all(o.preview.uses == "free" for o in gives)
    bar = {a.key: a for a in b.acts()}
    assert bar["give"].allowed and bar["give"].shortcut == "B"
    b.state.creatures["fighter"].items.append("potion-of-healing")
    act(b, "fighter", "give", item="potion-of-healing", target="rogue")
    assert all(o.preview.uses == "action" for o in b.legal_commands() if o.command["act"] == "give")
