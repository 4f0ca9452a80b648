"""4e, the battle as one creature's side sees it, for the options' previews (options.py): every
hidden enemy put in the square its enemies believe it is in (stealth.suspected), those nobody
saw hide left out of the picture, and all put back after; nobody moves, no die is rolled. A
preview so never tells where a hidden foe really is (a computer player reads the previews).
`believed_square`: where one creature's side believes another stands (the battle's own
`believed_square`, which a computer player asks to walk toward a hidden foe)."""

from __future__ import annotations

from contextlib import contextmanager

from ..state import DEAD
from .stealth import suspected


def believed_square(viewer, other) -> tuple[int, int] | None:
    """Where the viewer's side believes `other` stands: its square for a friend or a foe not
    hidden, the square a hidden foe was seen hiding in (stealth.suspected), None when nobody on
    that side saw it hide."""
    if other.side == viewer.side or "hidden" not in other.conditions:
        return other.x, other.y
    hint = suspected(other)
    return None if hint is None else hint[0]


@contextmanager
def believed(battle, c):
    """Within: c's side's picture of its hidden foes. Yields {foe id: the chance it is there}
    for each foe put in a believed square."""
    kept = []
    chances = {}
    try:
        for foe in battle.state.creatures.values():
            if foe.side == c.side or not foe.alive or "hidden" not in foe.conditions:
                continue
            kept.append((foe, foe.x, foe.y, foe.state))
            hint = suspected(foe)
            if hint is None:
                foe.state = DEAD  # out of the picture: nobody knows it is there
            else:
                (foe.x, foe.y), chances[foe.id] = hint
        yield chances
    finally:
        for foe, x, y, state in kept:
            foe.x, foe.y, foe.state = x, y, state
