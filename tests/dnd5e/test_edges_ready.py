"""5e at its edges, the Ready action (5e, "Se tenir prêt"): a readied spell is cast when readied
(its slot spent then) and released with the reaction; a readied move is a move like any other.

Wizard: spell attack +5, slots {1: 4, 2: 2}; goblins AC 15; the fighter AC 19.
"""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

ROW = "..........\n..........\n.........."
FIELD = "\n".join(["." * 10] * 5)


def lines(b, word):
    return [line for line in b.state.log if word in line]


def wizard_and_goblin(dice=()):
    return battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob1", "goblin", "red", (8, 1), hp=30)],
                  dice=dice)


def ready_spell(b, spell, event="moves", **then):
    act(b, "wizard", "ready", trigger={"event": event, "by": "gob1"},
        then={"act": "cast", "spell": spell, "target": "gob1", **then})


# ---- a readied spell -----------------------------------------------------------------------
def test_a_readied_spell_is_released_with_the_reaction():
    # 5e: "Quand vous préparez un sort, vous le lancez normalement puis retenez son énergie, que
    # vous ne relâchez par votre réaction que lorsque le déclencheur est activé": the action was
    # spent readying it; fire bolt d20 15 + 5 = 20 vs AC 15, 1d10 6 fire
    b = wizard_and_goblin(dice=[15, 6])
    ready_spell(b, "fire-bolt")
    wizard = b.state.creatures["wizard"]
    assert not wizard.action and wizard.concentration
    act(b, "wizard", "end")
    act(b, "gob1", "move", to=[6, 1])
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("wizard", "readied")]
    act(b, "wizard", "react", take=True)
    assert b.state.creatures["gob1"].hp == 30 - 6
    assert not wizard.reaction and wizard.concentration is None
    assert (b.state.creatures["gob1"].x, b.state.creatures["gob1"].y) == (6, 1)  # then its move goes on


def test_a_readied_spell_spends_its_slot_when_readied_even_if_never_released():
    # 5e: the spell is cast when readied ("vous le lancez normalement"): its slot is spent then,
    # and lost with the readied action when the trigger never comes
    b = wizard_and_goblin()
    ready_spell(b, "magic-missile", event="attacks")
    wizard = b.state.creatures["wizard"]
    assert wizard.slots[1] == 3
    act(b, "wizard", "end")
    act(b, "gob1", "end")
    assert b.current.id == "wizard" and "readied" not in wizard.effects
    assert wizard.slots[1] == 3 and wizard.concentration is None


def test_a_released_spell_spends_no_second_slot():
    # magic missile readied with a level-2 slot (four darts), released: 1d4 3 + 1 = 4 a dart
    b = wizard_and_goblin(dice=[3])
    ready_spell(b, "magic-missile", level=2)
    wizard = b.state.creatures["wizard"]
    assert wizard.slots == {1: 4, 2: 1}
    act(b, "wizard", "end")
    act(b, "gob1", "move", to=[6, 1])
    act(b, "wizard", "react", take=True)
    assert b.state.creatures["gob1"].hp == 30 - 16
    assert wizard.slots == {1: 4, 2: 1}


def test_a_readied_spell_needs_a_slot_and_a_casting_time_of_one_action():
    # 5e: "Pour être prêt, le sort doit avoir un temps d'incantation d'une action"
    b = wizard_and_goblin()
    b.state.creatures["wizard"].slots = {1: 0, 2: 0}
    with pytest.raises(IllegalCommand, match="no level-1 spell slot left"):
        ready_spell(b, "magic-missile")
    assert b.state.creatures["wizard"].action  # refused: nothing spent
    b = battle(ROW, [creature("cleric", "cleric", "blue", (0, 1)), creature("gob1", "goblin", "red", (8, 1))])
    with pytest.raises(IllegalCommand, match="casting time of one action"):
        act(b, "cleric", "ready", trigger={"event": "attacks", "by": "gob1"},
            then={"act": "cast", "spell": "healing-word", "target": "cleric"})


# ---- a readied move ------------------------------------------------------------------------
def test_a_readied_move_provokes_an_opportunity_attack():
    # 5e, Attaques d'opportunité: only teleporting or being moved "sans utiliser votre mouvement,
    # action ou réaction" provokes none; a readied move is the reaction's movement. The goblin
    # misses (d20 2), the fighter's readied move leaves its reach: the goblin may strike
    # (d20 15 + 4 = 19 vs AC 19, 1d6 3 + 2 = 5), then the fighter moves on
    b = battle(ROW, [creature("fighter", "fighter", "blue", (3, 1)), creature("gob1", "goblin", "red", (2, 1))],
               dice=[2, 15, 3])
    act(b, "fighter", "ready", trigger={"event": "attacks", "by": "gob1"}, then={"act": "move", "to": [6, 1]})
    act(b, "fighter", "end")
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    act(b, "fighter", "react", take=True)
    fighter = b.state.creatures["fighter"]
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("gob1", "opportunity")]
    assert (fighter.x, fighter.y) == (3, 1)  # interrupted just before leaving the reach
    act(b, "gob1", "react", take=True)
    assert fighter.hp == 28 - 5 and (fighter.x, fighter.y) == (6, 1)
    assert not fighter.reaction and not b.state.creatures["gob1"].reaction


def test_a_readied_move_in_the_middle_of_a_move_provokes_then_the_first_move_goes_on():
    # the goblin's first step triggers the fighter's readied move away from the orc beside it;
    # the orc may strike (d20 18 + 5 = 23, 1d12 4 + 3 = 7), the fighter ends its move, and the
    # goblin's move goes on
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (5, 2)), creature("orc", "orc", "red", (6, 2)),
                       creature("gob1", "goblin", "red", (0, 2))], dice=[18, 4])
    act(b, "fighter", "ready", trigger={"event": "moves", "by": "gob1"}, then={"act": "move", "to": [4, 3]})
    act(b, "fighter", "end")
    act(b, "orc", "end")
    act(b, "gob1", "move", to=[3, 0])
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "readied")]
    act(b, "fighter", "react", take=True)
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("orc", "opportunity")]
    act(b, "orc", "react", take=True)
    fighter, gob = b.state.creatures["fighter"], b.state.creatures["gob1"]
    assert fighter.hp == 28 - 7 and (fighter.x, fighter.y) == (4, 3)
    assert (gob.x, gob.y) == (3, 0) and not b.state.offers
    assert b.current.id == "gob1" and b.current.movement_left() == pytest.approx(9 - 4.5)
