"""The one random generator of a battle: seeded, with an optional queue of forced faces."""

from __future__ import annotations

import random
import re
from collections import deque
from functools import cached_property, lru_cache
from dataclasses import dataclass

from ..i18n import translator

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

MAX_DICE = 100  # dice in one roll ("100d6")
MAX_FACES = 1_000  # faces of one die ("1d1000")
MAX_BONUS = 1_000_000  # the flat part of an expression
MAX_TEXT = 32  # characters of an expression (so that no number in it is too long to read)
_DICE_RE = re.compile(r"^\s*(?:(\d*)d(\d+))?\s*(?:([+-])\s*(\d+))?\s*$")


class DiceError(ValueError):
    """A forced face that cannot be rolled on the die asked for, or a malformed expression."""


@dataclass(frozen=True)
class DiceExpr:
    """Dice notation such as "2d6+3": count, sides and a flat modifier."""

    count: int
    sides: int
    bonus: int

    @classmethod
    def parse(cls, text: str | int) -> "DiceExpr":
        """The expression of text ("2d6+3", "1d8", "4") or of a whole number; DiceError when it
        is not dice notation or goes beyond MAX_DICE dice, MAX_FACES faces or MAX_BONUS."""
        if isinstance(text, int) and not isinstance(text, bool):
            if abs(text) > MAX_BONUS:
                raise DiceError(_("a flat value of at most {most} (got {value})").format(most=MAX_BONUS, value=text))
            return cls(0, 0, text)
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            shown = repr(text) if len(repr(text)) <= 40 else repr(text)[:40] + "..."
            raise DiceError(_("not dice notation: {text} (expected like '1d6+2')").format(text=shown))
        if text.strip().lstrip("+-").isdigit():
            return cls.parse(int(text.strip()))
        match = _DICE_RE.match(text)
        if not match or not (match.group(2) or match.group(4)):
            raise DiceError(_("not dice notation: {text} (expected like '1d6+2')").format(text=repr(text)))
        count = int(match.group(1) or 1) if match.group(2) else 0
        sides = int(match.group(2) or 0)
        if match.group(2) and sides < 1:
            raise DiceError(_("a die needs at least one side: {text!r}").format(text=text))
        if count > MAX_DICE or sides > MAX_FACES:
            raise DiceError(_("at most {dice} dice of at most {faces} faces in one roll: {text!r}").format(
                dice=MAX_DICE, faces=MAX_FACES, text=text))
        bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if abs(bonus) > MAX_BONUS:
            raise DiceError(_("a flat value of at most {most}: {text!r}").format(most=MAX_BONUS, text=text))
        return cls(count, sides, bonus)

    def __deepcopy__(self, memo):
        return self  # immutable

    @cached_property  # (worked out once: the computer players ask it of every attack they weigh)
    def average(self) -> float:
        return self.count * (self.sides + 1) / 2 + self.bonus

    def __str__(self) -> str:
        dice = f"{self.count}d{self.sides}" if self.count else ""
        if not self.bonus:
            return dice or "0"
        return f"{dice}{self.bonus:+d}" if dice else str(self.bonus)


class Dice:
    """Rolls dice: forced faces first, in order, then the seeded generator.

    `drawn` counts the generator's draws (only roll() draws): with the forced faces left it
    tells whether anything was rolled between two moments, without comparing the generator's
    whole state (stamp). The dice of each draw are listed (`_sides`, shared by the copies,
    which all agree on the draws they have in common) so that the generator at any earlier draw
    can be made again from the seed: a copy that is most likely thrown away (a computer player's
    try of the command it will play, Battle.check) is then made without reading the generator's
    whole state (a tuple of 625 numbers)."""

    def __init__(self, seed: int, forced: list[int] | tuple[int, ...] = ()) -> None:
        self._seed = seed
        self._rng: random.Random | None = random.Random(seed)
        self.forced: deque[int] = deque(forced)
        self.drawn = 0
        self._state: tuple[int, object] | None = None  # (drawn, the generator's state then)
        self._sides: list[int] = []  # the dice of each draw from the generator, in order

    @property
    def rng(self) -> random.Random:
        """The seeded generator; a copy's is made from the state it was copied with when it is
        first needed (most copies, a command's undo, never roll), or else drawn again from the
        seed (a copy made by rewind_copy)."""
        if self._rng is None:
            rng = random.Random.__new__(random.Random)  # unseeded: the state is set next
            if self._state is not None and self._state[0] == self.drawn:
                rng.setstate(self._state[1])  # the generator's state, copied whole in C
            else:
                rng.seed(self._seed)
                for sides in self._sides[:self.drawn]:
                    rng.randrange(sides)
            self._rng = rng
        return self._rng

    def stamp(self) -> tuple[int, int]:
        """Where the dice are: draws from the generator so far, forced faces left."""
        return self.drawn, len(self.forced)

    def __deepcopy__(self, memo):
        """A copy (a battle copies its state before each command it tries): the generator's state
        is read anew only when it has drawn since it was last read (only roll() draws), and the
        copy's generator is only made when it rolls."""
        if self._state is None or self._state[0] != self.drawn:
            self._state = (self.drawn, self.rng.getstate())
        clone = self.rewind_copy()
        clone._state = self._state  # the same draws: the same state
        return clone

    def rewind_copy(self) -> "Dice":
        """A copy as the dice are now, without reading the generator's state: should it ever
        roll, its generator is drawn again from the seed up to here (a copy kept in case a try
        fails, thrown away when it does not)."""
        clone = Dice.__new__(Dice)
        clone._seed = self._seed
        clone._rng = None
        clone.forced = deque(self.forced)
        clone.drawn = self.drawn
        clone._state = None
        clone._sides = self._sides  # the same draws so far (roll() branches the list when needed)
        return clone

    def roll(self, sides: int) -> int:
        if self.forced:
            face = self.forced[0]
            if not 1 <= face <= sides:
                raise DiceError(_("forced die face {face} cannot be rolled on a d{sides}").format(face=face, sides=sides))
            return self.forced.popleft()
        face = self.rng.randrange(sides) + 1
        if len(self._sides) != self.drawn:  # another copy drew past this one: ours go on their own
            self._sides = self._sides[:self.drawn]
        self._sides.append(sides)
        self.drawn += 1
        return face

    def roll_many(self, count: int, sides: int) -> list[int]:
        return [self.roll(sides) for _i in range(count)]

    def d20(self, advantage: int = 0) -> tuple[int, list[int]]:
        """A d20 with advantage (+1), disadvantage (-1) or neither: (kept face, faces rolled)."""
        if advantage == 0:
            face = self.roll(20)
            return face, [face]
        faces = [self.roll(20), self.roll(20)]
        return (max(faces) if advantage > 0 else min(faces)), faces


def d20_faces_odds(advantage: int) -> tuple[float, ...]:
    """The chance of each face 1..20 of a d20 roll, with advantage (+1: two dice, the higher
    kept), disadvantage (-1: the lower) or neither (0); index 0 is face 1."""
    if advantage > 0:
        return tuple((2 * f - 1) / 400 for f in range(1, 21))
    if advantage < 0:
        return tuple((41 - 2 * f) / 400 for f in range(1, 21))
    return (1 / 20,) * 20


def d20_at_least(need: int, bonus: int = 0, advantage: int = 0) -> float:
    """The chance that d20 + bonus reaches need (no natural 1 or 20 rule: saves and checks)."""
    return sum(p for f, p in enumerate(d20_faces_odds(advantage), start=1) if f + bonus >= need)


def d20_beats(edge: int, advantage: int = 0, opponent_advantage: int = 0) -> float:
    """The chance that d20 + edge beats (strictly) the opponent's d20, each with its own advantage."""
    mine, theirs = d20_faces_odds(advantage), d20_faces_odds(opponent_advantage)
    return sum(p * q for a, p in enumerate(mine, 1) for b, q in enumerate(theirs, 1) if a + edge > b)


@lru_cache(maxsize=512)
def sum_odds(count: int, sides: int) -> tuple[float, ...]:
    """The chance of each total of `count` dice of `sides` faces, by total (index 0 is a total
    of 0): exact, for the expected value of anything a roll's total decides."""
    dist = [1.0]
    for _i in range(count if sides > 0 else 0):
        nxt = [0.0] * (len(dist) + sides)
        for total, pr in enumerate(dist):
            if pr:
                for face in range(1, sides + 1):
                    nxt[total + face] += pr / sides
        dist = nxt
    return tuple(dist)
