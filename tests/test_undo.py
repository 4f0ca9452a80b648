"""Undo of a command that rolled no dice: the battle replayed without it (DESIGN.md)."""

import pytest

from game.session.undo import can_undo, undo
from helpers import act, battle, creature

ROW = "..........\n..........\n.........."


def test_a_move_can_be_taken_back_exactly():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (9, 2))])
    before = b.to_json()
    act(b, "fighter", "move", to=[3, 0])
    assert can_undo(b)
    back = undo(b)
    assert back.to_json()["creatures"] == before["creatures"]
    assert back.state.played == []


def test_a_roll_cannot_be_taken_back():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (1, 0), hp=30)],
               dice=[5])
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert not can_undo(b)
    with pytest.raises(ValueError, match="rolled dice"):
        undo(b)
