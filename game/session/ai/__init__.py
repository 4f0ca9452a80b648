"""Computer players: they play by the rules, through the same commands a person uses.

Levels (`choose(battle, level)` gives the next command for whoever must act now):
- `random`: any legal command, drawn with a generator seeded from the battle's seed;
- `rush`: go to the nearest foe and hit it (simple.py);
- `normal`: a tactician (tactician.py): it picks the attack, spell or heal with the best
  expected value from where it stands or from a square it can reach, finishes the dying
  where a monster would, drinks a potion when hurt, dashes when nothing is in range;
- `hard`: the same tactician with a sharper eye: it weighs kills, threat and casters, counts
  the opportunity attacks a path provokes, and uses the rest of the chapter: where to stand
  (positioning.py: cover from archers, reach, chokepoints, hiding, stepping out to cast) and
  the special melee attacks (maneuvers.py: grapple, shove prone, escape, keeping a hold); it
  searches for a hidden foe when nothing better is worth the action.
Those three read the 5e numbers of `battle.estimates()`; for a battle whose `estimates()` is None
(3.5, 4e) `rush`, `normal` and `hard` are generic.py's planner, which reads only the ruleset
interface (rules/api.py). Every choice is deterministic from the battle state; a command is checked with
`Battle.check` before it is given (ending the turn, the fallback of a refusal, excepted), so a
computer player never issues an illegal one.
"""

from __future__ import annotations

from ...i18n import _
from . import generic
from .odds import Plan
from .simple import end_or_decline, random_player, rush
from .tactician import Tactician

POLICIES = ("random", "rush", "normal", "hard")

__all__ = ["POLICIES", "Plan", "Tactician", "choose", "random_player", "rush"]


def choose(battle, level: str = "hard") -> dict:
    """The next command for the creature that must act now (a reaction first); never one the
    rules refuse: a level's command the battle would refuse gives way to ending the turn (or
    declining the reaction), so a gap in a level's reading of the rules costs a turn, not the game."""
    if level not in POLICIES:
        raise ValueError(_("unknown level {level!r} (known: {known})").format(level=level, known=", ".join(POLICIES)))
    if level != "random" and battle.estimates() is None:
        return generic.plan(battle, level)  # any ruleset: it checks every command it gives
    if level in ("normal", "hard"):
        return Tactician(battle, hard=level == "hard").decide()  # it checks every command it gives
    if level == "random":
        command = random_player(battle)
    else:
        command = rush(battle)
    if battle.check(command) is not None:
        return end_or_decline(battle)
    return command
