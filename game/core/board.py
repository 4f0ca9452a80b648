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

    @cached_property
    def blocks_move(self) -> np.ndarray:
        return self.prop("blocks_move")

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
        key = ("line_caps", rules)
        if key not in self._kept:
            self._kept[key] = self.lookup(np.where(TERRAIN["blocks_line"], rules.line_cap, 0).astype(np.int8))
        return self._kept[key]

    def neighbour_edges(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """All 8-neighbour steps as flat (source, destination, is_diagonal, by_direction),
        sorted by source; by_direction is each step's place in an (8, h, w) stack of
        per-direction arrays indexed by the source square (directions as STEPS lists them)."""
        if "edges" not in self._kept:
            h, w = self.terrain.shape
            index = np.arange(h * w).reshape(h, w)
            sources, targets, diagonal, direction = [], [], [], []
            for k, (dx, dy) in enumerate(STEPS):
                src = index[max(0, -dy): h - max(0, dy), max(0, -dx): w - max(0, dx)].ravel()
                sources.append(src)
                targets.append(src + dy * w + dx)
                diagonal.append(np.full(src.size, dx != 0 and dy != 0))
                direction.append(k * h * w + src)
            order = np.argsort(np.concatenate(sources), kind="stable")
            src, dst, diag, place = (np.concatenate(a)[order] for a in (sources, targets, diagonal, direction))
            self._kept["edges"] = (src.astype(np.int32), dst.astype(np.int32), diag, place.astype(np.int32))
        return self._kept["edges"]

    def step_graph(self, parities: int) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
        """The shape of the movement graph: (indptr, indices) of a CSR matrix over the board's
        squares (parities 1) or over squares x diagonal parity (2, for 5-10-5), and for 2 the
        neighbour step behind each graph edge with its cost factor (a diagonal from odd: 2).
        """
        key = f"graph{parities}"
        if key not in self._kept:
            src, dst, diag, _ = self.neighbour_edges()
            n = self.terrain.size
            edge = factor = None
            if parities == 2:
                orth, dg = np.flatnonzero(~diag), np.flatnonzero(diag)
                s_all = np.concatenate([src[orth], src[orth] + n, src[dg], src[dg] + n])
                d_all = np.concatenate([dst[orth], dst[orth] + n, dst[dg] + n, dst[dg]])
                edge = np.concatenate([orth, orth, dg, dg])
                factor = np.concatenate([np.ones(2 * len(orth) + len(dg)), np.full(len(dg), 2.0)])
                order = np.argsort(s_all, kind="stable")
                src, dst, edge, factor = s_all[order], d_all[order], edge[order], factor[order]
            indptr = np.zeros(n * parities + 1, np.int32)
            np.cumsum(np.bincount(src, minlength=n * parities), out=indptr[1:])
            self._kept[key] = (indptr, dst.astype(np.int32), edge, factor)
        return self._kept[key]


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


def window_all(mask: np.ndarray, side: int) -> np.ndarray:
    """For each anchor (top-left), whether every square of the side x side space is set."""
    return _window(mask, side, np.all)


def window_max(values: np.ndarray, side: int) -> np.ndarray:
    """For each anchor (top-left), the largest value in the side x side space (off the board: 0)."""
    return _window(values, side, np.max)


def gap_squares(a: tuple[int, int, int], b: tuple[int, int, int], diagonals="5-5-5") -> int:
    """Squares between two spaces (x, y, side): 1 when adjacent, counting diagonals as the
    rules do (a name of rules_data.DIAGONALS, or a MoveRules).

    Counted from a square next to the first space to a square of the second, the shortest way
    (5e, Distance; 3.5 and 4e count the same way).
    """
    ax, ay, aside = a
    bx, by, bside = b
    dx = max(bx - (ax + aside - 1), ax - (bx + bside - 1), 0)
    dy = max(by - (ay + aside - 1), ay - (by + bside - 1), 0)
    if diagonals_of(diagonals) == "5-10-5":  # every second diagonal counts 2
        return max(dx, dy) + min(dx, dy) // 2
    return max(dx, dy)
