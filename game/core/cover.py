"""Lines between spaces, cover and sight by the grid rule (the corner-to-corner lines).

From each corner of the attacker's space, draw lines to the four corners of a square of the
target; a line is blocked when it passes through the inside of a square that blocks lines (a
line that only touches a corner or runs along an edge is not blocked; one running along the
seam inside a solid wall, or between two walls touching at a corner, is). How many of the 4
lines are blocked grades into cover as the ruleset says (rules_data.CoverRules.grades; 5e: 1-2
half, 3 three-quarters, 4 total); the attacker's best corner and the target's least covered
square count. Each blocked line counts only up to what blocked it: a creature up to the
ruleset's `creature_cap` (5e: half), a terrain square its kind's cap (Board.line_caps).

The squares a line meets are walked in compiled code (line_walk.py), over seven planes of the
terrain's levels computed once per terrain (_planes_of) and the creatures' squares.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .rules_data import CoverRules, per_kind
from .line_walk import blocker_codes, crowded_planes, level_planes, lines_levels, pair_covers, plane_squares, space_owners
from .terrain import HALF, THREE_QUARTERS, TOTAL


class Blockers:
    """What blocks lines: terrain caps per square, and the creature standing on each square.

    Both live in one padded flat array of codes, cap | (creature index + 1) << 2, so that a
    square's level is one lookup at (y + 1) * stride + (x + 1).
    """

    def __init__(self, caps: np.ndarray, owners: np.ndarray | None = None, *, rules: CoverRules) -> None:
        self.creature_cap = int(rules.creature_cap)
        self.grades = rules.grades
        h, w = caps.shape
        self.shape = (h, w)
        self.stride = w + 2
        self._caps = np.ascontiguousarray(caps, np.int8)
        owners = _NO_OWNERS if owners is None else np.ascontiguousarray(owners, np.int32)  # index, -1 none
        if owners.size and owners.shape != self.shape:  # (the compiled pass reads it unchecked)
            raise ValueError(f"Blockers: owners {owners.shape} for caps {self.shape}")
        self.codes, self.has_creatures = blocker_codes(self._caps, owners)
        self._grid = self.codes.reshape(h + 2, w + 2)
        self._walk: tuple | None = None

    def walk_args(self) -> tuple:
        """The line walk's first arguments (line_walk.line_level): the planes, the crowded planes,
        the codes, the planes' squares, width and height, and the terrain's levels of the lines
        walked so far (kept with the planes: the same terrain, the same levels)."""
        if self._walk is None:
            h, w = self.shape
            planes, memo = _terrain_planes(self._caps)
            crowded = planes
            if self.has_creatures:  # every creature's squares at least its cap: where one may block
                crowded = crowded_planes(self._grid, max(self.creature_cap, 1))
            self._walk = (planes, crowded, self.codes, *plane_squares(self.stride), w, h, memo)
        return self._walk


_TERRAIN_PLANES: dict = {}  # (shape, caps as bytes) -> (planes, the lines' terrain levels)
_NO_OWNERS = np.zeros((0, 0), np.int32)  # Blockers of the terrain alone
# the lines' terrain levels are kept for boards of at most this many pairs of corners (one byte
# each: 0.4 MB for the bundled maps' 24 x 25 squares; a 44 x 44 board is the largest kept)
LINE_MEMO_MAX = 1 << 22
# for lines on plain level arrays, which are never graded and hold no creature
_UNGRADED = CoverRules(line_cap=per_kind({}, default=0), grades=(0, 0, 0, 0, 0), creature_cap=0)


def owners_of(shape: tuple[int, int], spaces) -> np.ndarray:
    """The owners grid Blockers takes: per square, the index of the creature standing there
    (-1 for none), from (x, y, side, index) spaces, a later one over an earlier one."""
    return space_owners(shape[0], shape[1], np.array(spaces, np.int64).reshape(-1, 4))


def _terrain_planes(caps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The planes of a board's terrain caps (int8), and where the line walk keeps the
    terrain's level of each line it walked (line_walk.line_level's memo: -1 until walked; empty
    on a board too large to keep them). The same terrain gives the same planes and levels, so
    both are kept for the next blockers."""
    key = (caps.shape, caps.tobytes())
    found = _TERRAIN_PLANES.get(key)
    if found is None:
        if len(_TERRAIN_PLANES) >= 8:
            _TERRAIN_PLANES.clear()
        h, w = caps.shape
        pairs = ((h + 1) * (w + 1)) ** 2  # the board's corners, squared
        memo = np.full(pairs if pairs <= LINE_MEMO_MAX else 0, -1, np.int8)
        padded = np.zeros((h + 2, w + 2), np.int8)
        padded[1:-1, 1:-1] = caps
        found = _TERRAIN_PLANES[key] = (_planes_of(padded), memo)
    return found


def forget_terrain_planes() -> None:
    """Drop every terrain's planes (the next lines compute them afresh; for benchmarks)."""
    _TERRAIN_PLANES.clear()


def _planes_of(levels: np.ndarray) -> np.ndarray:
    """The seven planes of a padded level grid, one after the other, flat (line_walk.level_planes)."""
    return level_planes(np.ascontiguousarray(levels, np.int8))


# The planes, and the one or two squares (offsets from the entry's square) each reads:
#   0 a square crossed                     the square
#   1 a column strip crossing two rows      it and the one below (blocks if either blocks)
#   2 a row strip crossing two columns      it and the one to the right (either)
#   3 through a grid corner, heading down-right: the squares left-below and right-above (both)
#   4 through a grid corner, heading up-right:   the squares left-above and right-below (both)
#   5 along a horizontal grid line: the squares below and above the unit edge (both)
#   6 along a vertical grid line: the squares right and left of the unit edge (both)
# (corners and edges are named by the square whose top-left corner starts them; the offsets
# are line_walk.plane_squares)


def lines_max_level(blockers: Blockers, starts, ends, exclude=None) -> np.ndarray:
    """For each segment between grid corners, the highest level of what blocks it.

    starts, ends: (k, 2) integer corners (x, y); exclude: (k, 2) creature indices whose
    squares do not block that line (a creature adds at most its cap, and only to lines the
    terrain leaves clear). Corners off the board are brought back onto it."""
    starts = np.asarray(starts, dtype=np.int64).reshape(-1, 2)
    ends = np.asarray(ends, dtype=np.int64).reshape(-1, 2)
    exclude = np.full((len(starts), 2), -2, np.int64) if exclude is None else \
        np.asarray(exclude, dtype=np.int64).reshape(-1, 2)
    lines = np.concatenate([starts, ends, exclude], axis=1)
    return lines_levels(*blockers.walk_args(), lines, blockers.creature_cap, blockers.has_creatures)


def segments_max_level(levels: np.ndarray, starts, ends) -> np.ndarray:
    """lines_max_level on a plain level array (no creatures to tell apart, nothing graded)."""
    return lines_max_level(Blockers(levels, rules=_UNGRADED), starts, ends)


@functools.lru_cache(maxsize=None)
def _corners(side: int) -> np.ndarray:
    """The corners of a side x side space, as offsets from its top-left corner (kept: never written)."""
    return np.array([(i, j) for j in range(side + 1) for i in range(side + 1)])


@functools.lru_cache(maxsize=None)
def _square_corners(side: int) -> np.ndarray:
    """For each square of the space, the indices of its four corners in _corners(side)."""
    row = side + 1
    return np.array([[j * row + i, j * row + i + 1, (j + 1) * row + i, (j + 1) * row + i + 1]
                     for j in range(side) for i in range(side)])


_OFFSETS: dict = {}


def _line_offsets(side_a: int, side_b: int) -> tuple[np.ndarray, np.ndarray]:
    """For every line between the corners of two spaces (each corner of a, then each of b):
    its start's offset from a's top-left corner and its end's from b's (kept per shape)."""
    key = (side_a, side_b)
    if key not in _OFFSETS:
        ca, cb = _corners(side_a), _corners(side_b)
        _OFFSETS[key] = (np.repeat(ca, len(cb), axis=0), np.tile(cb, (len(ca), 1)))
    return _OFFSETS[key]


def cover_many(blockers: Blockers, pairs, estimate: bool = False) -> np.ndarray:
    """Cover (0 none .. 3 total) for many (attacker space, target space, attacker id, target id).

    A space is (x, y, side); ids are the creatures' indices in the blockers' owners (or -1):
    the attacker's and the target's own squares never block their lines. With estimate, a
    large or bigger attacker draws its lines from the four corners of its outline only: never
    less cover than the rule gives, and a quarter of the lines for a huge attacker (for
    planners weighing many squares; the attack itself uses the rule).
    """
    if not len(pairs):
        return np.zeros(0, np.int8)
    flat: list = []  # one flat list of ints, read by fromiter: twice the speed of np.array on it (measured)
    for a, t, ia, it in pairs:  # (the two spaces' (x, y, side) as they come: no tuple made anew)
        flat += a
        flat += t
        flat.append(ia)
        flat.append(it)
    if len(flat) != 8 * len(pairs):
        raise ValueError("cover_many: each space is (x, y, side)")
    rows = np.fromiter(flat, np.int64, len(flat)).reshape(-1, 8)
    return pair_covers(*blockers.walk_args(), rows, estimate, _square_grades(blockers.grades),
                       blockers.creature_cap, blockers.has_creatures)


def cover_table(blockers: Blockers, spaces) -> np.ndarray:
    """Cover of every creature against every other: table[attacker, target], 0 on the diagonal.

    spaces: (x, y, side) per creature, in the order of the blockers' owner indices."""
    spaces = [tuple(int(v) for v in space) for space in spaces]
    n = len(spaces)
    table = np.zeros((n, n), np.int8)
    pairs = [(spaces[i], spaces[j], i, j) for i in range(n) for j in range(n) if i != j]
    if pairs:
        first, second = zip(*[(i, j) for i in range(n) for j in range(n) if i != j])
        table[list(first), list(second)] = cover_many(blockers, pairs)
    return table


def cover_level(levels: np.ndarray, attacker: tuple[int, int, int], target: tuple[int, int, int],
                rules: CoverRules) -> int:
    """Cover of target (x, y, side) against attacker, on a plain level array, graded by the rules."""
    return int(cover_many(Blockers(levels, rules=rules), [(attacker, target, -1, -1)])[0])


_GRADE_TABLES: dict = {}


def _square_grades(grades) -> np.ndarray:
    """The cover of a square behind four lines with the levels of each of the 256 codes
    (l0 + 4 l1 + 16 l2 + 64 l3): for each cap (total, three-quarters, half), the lines blocked
    at that cap or above graded by the rules, at most that cap; the most of those."""
    found = _GRADE_TABLES.get(grades) if type(grades) is tuple else None
    if found is not None:
        return found
    key = tuple(np.asarray(grades).tolist())
    if key not in _GRADE_TABLES:
        grades = np.asarray(grades)
        code = np.arange(256)
        levels = np.stack([(code >> (2 * k)) & 3 for k in range(4)], axis=-1)
        graded = np.zeros(256, np.int8)
        for cap in (TOTAL, THREE_QUARTERS, HALF):
            blocked = (levels >= cap).sum(axis=-1)
            graded = np.maximum(graded, np.minimum(grades[blocked], cap))
        _GRADE_TABLES[key] = graded
    return _GRADE_TABLES[key]


def _corner_levels(blockers: Blockers, attacker, target, ids) -> np.ndarray:
    """Levels of the lines from every corner of the attacker's space to every corner of the
    target's: (corners of a, corners of b)."""
    side_a, side_b = int(attacker[2]), int(target[2])
    from_a, to_b = _line_offsets(side_a, side_b)
    starts = from_a + np.array(attacker[:2], np.int64)
    ends = to_b + np.array(target[:2], np.int64)
    levels = lines_max_level(blockers, starts, ends, np.tile(np.array(ids, np.int64), (len(starts), 1)))
    return levels.reshape(-1, (side_b + 1) ** 2)


def _grade_each(line_levels: np.ndarray, grades: np.ndarray) -> np.ndarray:
    """(..., 4) line levels -> the cover those four lines give (one origin to one target square)."""
    graded = None
    for cap in (TOTAL, THREE_QUARTERS, HALF):
        blocked = (line_levels >= cap).sum(axis=-1)
        per = np.minimum(np.asarray(grades)[blocked], cap)  # lines blocked by this cap account for cover up to it
        graded = per if graded is None else np.maximum(graded, per)
    return graded


@dataclass(frozen=True)
class CoverExplanation:
    """Why a target has the cover it has, line by line (what a teaching overlay draws).

    `level` is what cover_many gives; `corner` the attacker's corner that gives the least cover
    (the best for the attacker), `square` the target's square least covered from it, and
    `lines` the four lines from that corner to that square's corners: ((x0, y0), (x1, y1),
    level of what blocks it, 0 when clear), corners in grid units.
    """

    level: int
    corner: tuple[int, int]
    square: tuple[int, int]
    lines: tuple[tuple[tuple[int, int], tuple[int, int], int], ...]


def explain_cover(blockers: Blockers, attacker: tuple[int, int, int], target: tuple[int, int, int],
                  ids: tuple[int, int] = (-1, -1)) -> CoverExplanation:
    """cover_many for one pair, with the corner, the square and the lines that decide it.

    The same lines and the same grading as cover_many; of the corners and squares that give
    the pair's cover, the one with the fewest blocked lines is shown (then the first)."""
    side_a, side_b = int(attacker[2]), int(target[2])
    levels = _corner_levels(blockers, attacker, target, ids)  # (attacker corners, target corners)
    per_square = levels[:, _square_corners(side_b)]  # (attacker corners, target squares, 4)
    graded = _grade_each(per_square, blockers.grades)
    blocked = (per_square > 0).sum(axis=-1)
    origin, square = min(np.ndindex(graded.shape), key=lambda i: (graded[i], blocked[i], i))
    ca, cb = _corners(side_a), _corners(side_b)
    start = (int(attacker[0] + ca[origin][0]), int(attacker[1] + ca[origin][1]))
    corners = _square_corners(side_b)[square]
    lines = tuple((start, (int(target[0] + cb[k][0]), int(target[1] + cb[k][1])), int(levels[origin, k]))
                  for k in corners)
    sx, sy = divmod(square, side_b)[::-1]
    return CoverExplanation(int(graded[origin, square]), start, (int(target[0] + sx), int(target[1] + sy)), lines)
