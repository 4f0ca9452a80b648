"""4e, attacking a creature you cannot see (RULESETS.md 2: total concealment -5): a hidden
creature is not targeted by its id; the attacker names the square it guesses it is in (`at`),
and the melee or ranged attack (a power, the grab, the bull rush) strikes whoever hides there at
-5, or misses an empty square. Engine reading: as 5e's "attack the square you guess", the attack
needs reach or range to that square, and a creature seen there is attacked as the target, not
guessed at.

Unseen is not unknown: 4e's invisible creature that is not hidden is still heard, its enemies
know its square (as a blinded attacker knows where the foes that are not hidden stand): it is
attacked by its id, with total concealment (-5, attacks.concealment); only a hidden creature (a
successful Stealth check: hidden, invisible or not) must be guessed at."""

from __future__ import annotations

from ...core.board import SQUARE_M, gap_squares
from ...i18n import _, decimal
from ..errors import IllegalCommand
from ..words import spoken
from .geometry import can_see, line_of_effect


def unseen_refusal(actor, other) -> str | None:
    """Why `actor` may not aim at `other` by its id: it is a hidden enemy (None: it may)."""
    if other.side != actor.side and "hidden" in other.conditions:
        return _("{name} is hidden: attack the square you guess it is in (at = [x, y])").format(name=other.name)
    return None


def guessed(battle, actor, power, at) -> tuple[str | None, bool]:
    """The hidden creature in the guessed square `at` (None: nobody hides there) and whether it
    is at long range; IllegalCommand when the square cannot be attacked so."""
    if not isinstance(at, (list, tuple)) or len(at) != 2 or not all(isinstance(v, int) and not isinstance(v, bool)
                                                                   for v in at):
        raise IllegalCommand(_("'at' must be a square [x, y]"))
    x, y = at
    h, w = battle.board.terrain.shape
    if not (0 <= x < w and 0 <= y < h):
        raise IllegalCommand(_("{square} is off the map").format(square=[x, y]))
    there = [c for c in battle.state.creatures.values()
             if c is not actor and c.alive and (x, y) in c.squares()]
    known = [c for c in there if unseen_refusal(actor, c) is None]
    if known:
        words = _("{name} is in plain view at {square}: attack it as the target") \
            if can_see(battle, actor, known[0]) else \
            _("{name} is not hidden at {square}: its square is known, attack it as the target")
        raise IllegalCommand(words.format(name=known[0].name, square=[x, y]))
    distance = gap_squares(actor.space, (x, y, 1), "1") * SQUARE_M
    far = False
    if power.melee:
        if distance > power.reach + 1e-9:
            raise IllegalCommand(_("{square} is out of reach of {power} ({distance} m, reach {reach} m)").format(
                square=[x, y], power=spoken(power.name), distance=decimal(distance), reach=decimal(power.reach)))
    else:
        longest = max(power.range, power.long_range)
        if distance > longest + 1e-9:
            raise IllegalCommand(_("{square} is out of range of {power} ({distance} m, range {range} m)").format(
                square=[x, y], power=spoken(power.name), distance=decimal(distance), range=decimal(longest)))
        far = distance > power.range + 1e-9
    if not line_of_effect(battle.board, actor.space, (x, y, 1)):
        raise IllegalCommand(_("{name} has no line of effect to {target}").format(name=actor.name, target=[x, y]))
    return (there[0].id if there else None), far
