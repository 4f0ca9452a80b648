"""The board: a terrain-kind array with its property lookups, and square geometry helpers.

What a square costs or covers is the ruleset's: its records (game/core/rules_data.py) are
handed in, e.g. Board.line_caps(cover_rules), gap_squares(a, b, diagonals).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from .rules_data import CoverRules, diagonals_of
from .terrain import TERRAIN

SQUARE_M = 1.5  # one square is 1.5 m (5 ft)


STEPS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)  # the 8 neighbour steps


@dataclass(eq=False)
class Board:
    """Terrain kinds as a (rows, columns) uint8 array; properties come from TERRAIN."""

    terrain: np.ndarray
    _kept: dict = field(default_factory=dict, repr=False)  # arrays derived from the terrain

    def __post_init__(self) -> None:
        self.terrain = np.ascontiguousarray(self.terrain, dtype=np.uint8)
        self.terrain.flags.writeable = False

    @property
    def height(self) -> int:
        return self.terrain.shape[0]

    @property
    def width(self) -> int:
        return self.terrain.shape[1]

    def inside(self, x: int, y: int, side: int = 1) -> bool:
        return 0 <= x and 0 <= y and x + side <= self.width and y + side <= self.height

    def prop(self, name: str) -> np.ndarray:
        """One terrain property for every square, e.g. prop("deep_water") (read-only, kept)."""
        key = f"prop:{name}"
        if key not in self._kept:
            values = TERRAIN[name][self.terrain]
            values.flags.writeable = False
            self._kept[key] = values
        return self._kept[key]

    def anywhere(self, name: str) -> bool:
        """Whether any square has the terrain property (kept: most boards have no deep water,
        and the rules ask before each attack)."""
        return self.derived(("anywhere", name), lambda: bool(self.prop(name).any()))

    @cached_property
    def blocks_move(self) -> np.ndarray:
        return self.prop("blocks_move")

    def derived(self, key, make):
        """Something derived from the terrain, made by make() the first time and kept under key."""
        if key not in self._kept:
            self._kept[key] = make()
        return self._kept[key]

    def lookup(self, table: np.ndarray) -> np.ndarray:
        """A per-kind table (indexed by terrain kind) for every square (read-only, kept)."""
        key = ("lookup", table.dtype.str, table.tobytes())
        if key not in self._kept:
            values = table[self.terrain]
            values.flags.writeable = False
            self._kept[key] = values
        return self._kept[key]

    def line_caps(self, rules: CoverRules) -> np.ndarray:
        """For each square, the most cover a line blocked there gives under the rules (0 = the
        line is clear): the rules' cap of its kind where it blocks lines (read-only, kept)."""
        return self.derived(("line_caps", rules),
                            lambda: self.lookup(np.where(TERRAIN["blocks_line"], rules.line_cap, 0).astype(np.int8)))


def _window(mask: np.ndarray, side: int, reduce) -> np.ndarray:
    """For each anchor (top-left), reduce the side x side space's values (off the board: 0)."""
    if side == 1:
        return mask.copy()
    h, w = mask.shape
    out = np.zeros_like(mask)
    if side <= h and side <= w:
        out[: h - side + 1, : w - side + 1] = reduce(sliding_window_view(mask, (side, side)), axis=(2, 3))
    return out


def window_any(mask: np.ndarray, side: int) -> np.ndarray:
    """For each anchor (top-left), whether any square of the side x side space is set."""
    return _window(mask, side, np.any)


def gap_squares(a: tuple[int, int, int], b: tuple[int, int, int], diagonals="5-5-5") -> int:
    """Squares between two spaces (x, y, side): 1 when adjacent, counting diagonals as the
    rules do (a name of rules_data.DIAGONALS, or a MoveRules).

    Counted from a square next to the first space to a square of the second, the shortest way
    (5e, Distance; 3.5 and 4e count the same way).
    """
    ax, ay, aside = a
    bx, by, bside = b
    # of the two sides' gaps at most one is positive (they add up to 2 - aside - bside <= 0):
    # the same as max(after, before, 0), without the builtins (planners ask this very often)
    dx = bx - ax - aside + 1
    if dx <= 0:
        dx = ax - bx - bside + 1
        if dx < 0:
            dx = 0
    dy = by - ay - aside + 1
    if dy <= 0:
        dy = ay - by - bside + 1
        if dy < 0:
            dy = 0
    if diagonals == "5-10-5" or diagonals.__class__ is not str and diagonals_of(diagonals) == "5-10-5":
        return (dx + dy // 2) if dx >= dy else (dy + dx // 2)  # every second diagonal counts 2
    return dx if dx >= dy else dy
