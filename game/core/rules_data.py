"""The numbers a ruleset hands the board: what moving costs, how diagonals count, what cover
each terrain kind can give.

Core knows what a square is (game/core/terrain.py: a wall, water, a low wall); what that
means in play is each ruleset's to say, with two frozen records built once per ruleset (5e's
live in game/rules/dnd5e/terrain_rules.py):

- MoveRules prices a step for movement fields. A step into a position costs
  `count x multiplier + extra` squares, where `count` is what the diagonal rule makes of
  the step (1, or 2 for every second diagonal under "5-10-5"), `multiplier` combines the
  terrain kinds of the space entered with the other reasons to pay more (another creature's
  space, squeezing, crawling, swimming or climbing without the speed), and `extra` is a number
  of squares added to each step (4e: difficult terrain is +1 per square entered). Several
  multipliers on one position either count once, the largest (`stacking = "max"`), multiply
  (`"product"`), or add what each costs beyond one square (`"sum"`: 2 and 2 make 3);
  squeezing may stack its own way with what the space already costs (`squeeze_stacking`;
  5e: "sum"); crawling has its own multiplier where something else already costs more (5e: 3
  in difficult terrain). A space bigger than one square pays for its worst square.
- CoverRules gives, per terrain kind, the most cover a line blocked there gives (a level of
  game/core/terrain.py: none, half, three-quarters, total).

Per-kind values are numpy arrays in the terrain table's order; per_kind builds one from names.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .terrain import KIND_BY_NAME, TERRAIN

# how diagonal steps count: every one 1 square ("5-5-5", and "1" as 4e says it), or every
# second one 2 squares ("5-10-5"; 3.5's 1-2-1 is the same count)
DIAGONALS = ("5-5-5", "5-10-5", "1")
STACKING = ("max", "product", "sum")


def per_kind(values: dict[str, int], default: int) -> np.ndarray:
    """A read-only int8 array over the terrain kinds: values by kind name, default elsewhere."""
    unknown = sorted(set(values) - set(KIND_BY_NAME))
    if unknown:
        raise ValueError(f"unknown terrain kinds {unknown}; known: {', '.join(TERRAIN['name'])}")
    table = np.full(len(TERRAIN), default, np.int8)
    for name, value in values.items():
        table[KIND_BY_NAME[name]] = value
    table.flags.writeable = False
    return table


def alternating(diagonals: str) -> bool:
    """Whether every second diagonal counts 2 squares (a DIAGONALS name; ValueError otherwise)."""
    if diagonals not in DIAGONALS:
        raise ValueError(f"diagonals must be one of {', '.join(DIAGONALS)}, got {diagonals!r}")
    return diagonals == "5-10-5"


def _per_kind_array(values, name: str) -> np.ndarray:
    table = np.array(values, dtype=np.int8)
    if table.shape != (len(TERRAIN),):
        raise ValueError(f"{name} needs one value per terrain kind ({len(TERRAIN)}), got shape {table.shape}")
    table.flags.writeable = False
    return table


@dataclass(frozen=True, eq=False, kw_only=True)
class MoveRules:
    """How a ruleset prices movement on the board (see the module notes). Compared by identity."""

    enter_factor: np.ndarray  # per terrain kind: the multiplier for entering it (difficult: 2)
    enter_extra: np.ndarray  # per terrain kind: squares added to a step entering it (4e difficult: 1)
    diagonals: str  # one of DIAGONALS
    stacking: str  # one of STACKING: several multipliers on one position count once or multiply
    occupied_factor: int  # entering another creature's space (one the mover may cross)
    swim_factor: int  # deep water, for a mover without a swim speed
    climb_factor: int  # climbing, for a mover without a climb speed
    squeeze_factor: int  # squeezing into the space of the next smaller size
    crawl_factor: int  # crawling (prone) where nothing else costs more
    crawl_costly_factor: int  # crawling where something else already costs more
    corner_cutting: int  # the most blocked squares a diagonal step may pass between (0, 1 or 2)
    hostile_size_gap: int  # sizes apart at which a hostile creature's space may be crossed
    squeeze_stacking: str | None = None  # one of STACKING: squeezing on what the space costs (None: `stacking`)
    # a diagonal into a position whose multiplier m is 2 or more counts m + m // 2 squares,
    # whatever the 1-2 count (which it still advances); 3.5 SRD: a diagonal into difficult terrain is 3
    flat_costly_diagonals: bool = False

    def __post_init__(self) -> None:
        for name in ("enter_factor", "enter_extra"):
            object.__setattr__(self, name, _per_kind_array(getattr(self, name), name))
        alternating(self.diagonals)
        for name in ("stacking", "squeeze_stacking"):
            value = getattr(self, name)
            if value not in STACKING and not (name == "squeeze_stacking" and value is None):
                raise ValueError(f"{name} must be one of {', '.join(STACKING)}, got {value!r}")
        factors = [self.occupied_factor, self.swim_factor, self.climb_factor, self.squeeze_factor,
                   self.crawl_factor, self.crawl_costly_factor, *self.enter_factor.tolist()]
        # every step costing at least a square is what lets a search stop at its limit's window
        if min(factors) < 1 or self.enter_extra.min() < 0:
            raise ValueError("multipliers must be at least 1 and extra squares at least 0")
        if self.corner_cutting not in (0, 1, 2):
            raise ValueError(f"corner_cutting must be 0, 1 or 2, got {self.corner_cutting!r}")

    @cached_property
    def alternating(self) -> bool:
        """Whether every second diagonal counts 2 squares."""
        return alternating(self.diagonals)

    @cached_property
    def has_extra(self) -> bool:
        """Whether some terrain adds squares to the steps entering it."""
        return bool(self.enter_extra.any())


@dataclass(frozen=True, eq=False, kw_only=True)
class CoverRules:
    """How lines between spaces grade into cover (core/cover.py). Compared by identity.

    Levels are cover.py's (0 none .. 3 total). From the best corner of the attacker's space to
    the four corners of a target square, `grades[n]` is the cover when n of the 4 lines are
    blocked; a line blocked by a terrain kind counts up to `line_cap` of that kind, one blocked
    by a creature up to `creature_cap` (0: creatures never give cover).
    """

    line_cap: np.ndarray  # per terrain kind: the most cover a line blocked there gives
    grades: tuple[int, int, int, int, int]  # cover by how many of the four lines are blocked
    creature_cap: int  # the most cover a creature in the way gives

    def __post_init__(self) -> None:
        object.__setattr__(self, "line_cap", _per_kind_array(self.line_cap, "line_cap"))
        grades = np.array(self.grades, np.int8)
        if grades.shape != (5,) or (np.diff(grades) < 0).any() or grades.min() < 0 or grades.max() > 3:
            raise ValueError(f"grades must be 5 levels from 0 to 3, never falling, got {self.grades!r}")
        grades.flags.writeable = False
        object.__setattr__(self, "grades", grades)
        if self.creature_cap not in (0, 1, 2, 3):
            raise ValueError(f"creature_cap must be a level from 0 to 3, got {self.creature_cap!r}")


def diagonals_of(diagonals) -> str:
    """The DIAGONALS name of a MoveRules, or the name itself."""
    return diagonals if isinstance(diagonals, str) else diagonals.diagonals


def diagonal_squares(dx, dy, diagonals="5-5-5"):
    """Squares counted over an offset of dx, dy squares (non-negative ints or arrays), its
    straight part and its diagonal part together; diagonals: a DIAGONALS name or a MoveRules."""
    if alternating(diagonals_of(diagonals)):
        return np.maximum(dx, dy) + np.minimum(dx, dy) // 2
    return np.maximum(dx, dy)
