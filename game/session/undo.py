"""Undo: the battle replayed from its scenario without its last command.

Only a command that rolled no die may be taken back (a move, most often): taking back a roll
would let a player fish for better dice. Replaying is exact because the battle is deterministic
from its seed and the commands played.
"""

from __future__ import annotations

import copy

from ..i18n import _
from .replay import new_battle, play_all


def can_undo(battle) -> bool:
    state = battle.state
    return bool(state.played) and not state.rolled[-1] and not state.offers


def undo(battle):
    """A new battle: the same scenario with every command but the last one replayed."""
    if not can_undo(battle):
        raise ValueError(_("the last command rolled dice (or none was played): it cannot be undone"))
    scenario = copy.copy(battle.scenario)
    scenario.commands = []
    return play_all(new_battle(scenario), battle.state.played[:-1])  # each was played before
