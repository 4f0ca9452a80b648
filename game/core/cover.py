"""Lines between spaces, cover and sight by the grid rule (the corner-to-corner lines).

From each corner of the attacker's space, draw lines to the four corners of a square of the
target; a line is blocked when it passes through the inside of a square that blocks lines (a
line that only touches a corner or runs along an edge is not blocked; one running along the
seam inside a solid wall, or between two walls touching at a corner, is). How many of the 4
lines are blocked grades into cover as the ruleset says (rules_data.CoverRules.grades; 5e: 1-2
half, 3 three-quarters, 4 total); the attacker's best corner and the target's least covered
square count. Each blocked line counts only up to what blocked it: a creature up to the
ruleset's `creature_cap` (5e: half), a terrain square its kind's cap (Board.line_caps).

Everything is vectorised over many lines at once. The squares a line meets depend only on its
offset (dx, dy), so each offset is traced once per board shape, in exact integer arithmetic,
and kept as a pattern of flat offsets; a line's level is then a gather and a maximum. A few
lines (a pair or three of spaces: the calls a player makes one target at a time) are read one
by one in plain Python instead, over the same patterns and planes, each line's terrain level
kept per terrain (numpy's fixed cost per call outweighs so little work).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from .rules_data import CoverRules, per_kind
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
        codes = np.zeros((h + 2, w + 2), np.int32)
        codes[1:-1, 1:-1] = caps
        if owners is not None:
            codes[1:-1, 1:-1] |= (np.asarray(owners, np.int32) + 1) << 2  # owners: index, -1 none
        self.codes = codes.ravel()
        self.has_creatures = bool((self.codes >= 4).any())
        self._grid = codes
        self._planes: np.ndarray | None = None
        self._crowded: np.ndarray | None = None
        self._plane_bytes: bytes | None = None
        self._known_lines: dict | None = None
        self._without: dict[tuple[int, int], bytes] = {}

    def level(self, flat, exclude_a, exclude_b) -> np.ndarray:
        """Blocking level at flat squares, for lines that ignore two creatures."""
        code = self.codes[flat]
        owner = (code >> 2) - 1
        # a creature gives cover up to the ruleset's cap; the attacker and the target never block
        creature = (owner >= 0) & (owner != exclude_a) & (owner != exclude_b)
        return np.maximum(code & 3, creature * self.creature_cap).astype(np.int8)

    @property
    def planes(self) -> np.ndarray:
        """The terrain levels each kind of pattern entry sees, flat (see the planes below); the
        same terrain gives the same planes, so they are kept for the next blockers."""
        if self._planes is None:
            caps = (self._grid & 3).astype(np.int8)
            key = (caps.shape, caps.tobytes())
            if key not in _TERRAIN_PLANES:
                if len(_TERRAIN_PLANES) >= 8:
                    _TERRAIN_PLANES.clear()
                _TERRAIN_PLANES[key] = _planes_of(caps)
            self._planes = _TERRAIN_PLANES[key]
            self._terrain_key = key
        return self._planes

    @property
    def plane_bytes(self) -> bytes:
        """The planes as bytes (quicker than an array to read one entry at a time)."""
        if self._plane_bytes is None:
            self.planes  # noqa: B018 (finds the terrain's key)
            self._plane_bytes = _TERRAIN_BYTES.get(self._terrain_key)
            if self._plane_bytes is None:
                if len(_TERRAIN_BYTES) >= 8:
                    _TERRAIN_BYTES.clear()
                self._plane_bytes = _TERRAIN_BYTES[self._terrain_key] = self.planes.tobytes()
        return self._plane_bytes

    @property
    def known_lines(self) -> dict:
        """The lines met so far on this terrain: (x0, y0, x1, y1) -> _line_entries (kept from one
        blockers to the next, as the terrain never changes)."""
        if self._known_lines is None:
            self.planes  # noqa: B018 (finds the terrain's key)
            lines = _KNOWN_LINES.get(self._terrain_key)
            if lines is None or len(lines) > LINES_KEPT:
                if len(_KNOWN_LINES) >= 4:
                    _KNOWN_LINES.clear()
                lines = _KNOWN_LINES[self._terrain_key] = {}
            self._known_lines = lines
        return self._known_lines

    def planes_without(self, exclude_a: int, exclude_b: int) -> bytes:
        """The planes (as bytes) of the terrain with every creature's squares at least the
        creature cap, but the two creatures a line ignores (kept per pair of them)."""
        key = (exclude_a, exclude_b) if exclude_a <= exclude_b else (exclude_b, exclude_a)
        found = self._without.get(key)
        if found is None:
            grid = self._grid
            owner = (grid >> 2) - 1
            others = (owner >= 0) & (owner != exclude_a) & (owner != exclude_b)
            levels = np.where(others, np.maximum(grid & 3, self.creature_cap), grid & 3).astype(np.int8)
            found = self._without[key] = _planes_of(levels).tobytes()
        return found

    @property
    def crowded_planes(self) -> np.ndarray:
        """The same with every creature's squares at least its cap: where a creature may block."""
        if self._crowded is None:
            levels = (self._grid & 3).astype(np.int8)
            levels[self._grid >= 4] = np.maximum(levels[self._grid >= 4], max(self.creature_cap, 1))
            self._crowded = _planes_of(levels)
        return self._crowded


_TERRAIN_PLANES: dict = {}  # (shape, padded caps as bytes) -> planes
_TERRAIN_BYTES: dict = {}  # the same key -> the planes as bytes
_KNOWN_LINES: dict = {}  # the same key -> Blockers.known_lines
LINES_KEPT = 50_000  # lines kept per terrain (then forgotten, all at once; a few MB)
# for lines on plain level arrays, which are never graded and hold no creature
_UNGRADED = CoverRules(line_cap=per_kind({}, default=0), grades=(0, 0, 0, 0, 0), creature_cap=0)


def _planes_of(levels: np.ndarray) -> np.ndarray:
    """The seven planes of a padded level grid, one after the other, flat."""
    h, w = levels.shape
    framed = np.zeros((h + 2, w + 2), levels.dtype)
    framed[1:-1, 1:-1] = levels

    def at(dy: int, dx: int) -> np.ndarray:  # shifted[i, j] = levels[i + dy, j + dx], 0 outside
        return framed[1 + dy:1 + dy + h, 1 + dx:1 + dx + w]

    planes = [levels, np.maximum(levels, at(1, 0)), np.maximum(levels, at(0, 1)),
              np.minimum(at(0, -1), at(-1, 0)), np.minimum(at(-1, -1), levels),
              np.minimum(levels, at(-1, 0)), np.minimum(levels, at(0, -1))]
    return np.concatenate([p.ravel() for p in planes])


# A pattern entry is plane * (padded board size) + a padded flat offset from the line's start
# square. The planes, and the one or two squares (offsets from the entry's square) each reads:
#   0 a square crossed                     the square
#   1 a column strip crossing two rows      it and the one below (blocks if either blocks)
#   2 a row strip crossing two columns      it and the one to the right (either)
#   3 through a grid corner, heading down-right: the squares left-below and right-above (both)
#   4 through a grid corner, heading up-right:   the squares left-above and right-below (both)
#   5 along a horizontal grid line: the squares below and above the unit edge (both)
#   6 along a vertical grid line: the squares right and left of the unit edge (both)
# (corners and edges are named by the square whose top-left corner starts them)
L_SQUARE, L_TWO_ROWS, L_TWO_COLUMNS, L_PINCH_DOWN, L_PINCH_UP, L_EDGE_ROW, L_EDGE_COLUMN = range(7)


def _plane_squares(stride: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per plane: offset of its first and second square, and whether both must block."""
    first = np.array([0, 0, 0, -1, -stride - 1, 0, 0])
    second = np.array([0, stride, 1, -stride, 0, -stride, -1])
    both = np.array([False, False, False, True, True, True, True])
    return first, second, both


class _Patterns:
    """The traced patterns of every (dx, dy) met so far on boards of one shape."""

    def __init__(self, shape: tuple[int, int]) -> None:
        self.h, self.w = shape
        self.stride = self.w + 2
        self.size = (self.h + 2) * self.stride
        # ids and every index array in numpy's own index type (an int32 index is converted
        # before each lookup: a gather with it takes three times as long); the stored
        # patterns in int32 (half the memory)
        self.id_of = np.full((2 * self.w + 1) * (2 * self.h + 1), -1, np.intp)
        self.start = np.zeros(0, np.int32)
        self.count = np.zeros(0, np.int32)
        self.entries = np.zeros(0, np.int32)
        self._listed: dict[int, list[int]] = {}  # (dx, dy) key -> its entries as a plain list
        self._all_traced = False

    def entries_of(self, dx: int, dy: int) -> list[int]:
        """One offset's pattern entries (from its start square), as a plain list."""
        key = (dx + self.w) * (2 * self.h + 1) + (dy + self.h)
        found = self._listed.get(key)
        if found is None:
            if not self._all_traced and (self.w + 1) * (2 * self.h + 1) <= TRACE_ALL_OFFSETS:
                self._all_traced = True  # every offset of a small board in one call, not one by one
                every_dx, every_dy = np.meshgrid(np.arange(self.w + 1), np.arange(-self.h, self.h + 1))
                oriented = (every_dx > 0) | (every_dy > 0)
                self.ids(every_dx[oriented], every_dy[oriented])
            pid = int(self.ids(np.array([dx]), np.array([dy]))[0])
            start = int(self.start[pid])
            found = self._listed[key] = self.entries[start:start + int(self.count[pid])].tolist()
        return found

    def ids(self, dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
        key = (dx + self.w) * (2 * self.h + 1) + (dy + self.h)
        pid = self.id_of[key]
        missing = pid < 0
        if missing.any():
            new_keys, first = np.unique(key[missing], return_index=True)
            self._add(new_keys, dx[missing][first], dy[missing][first])
            pid = self.id_of[key]
        return pid

    def _add(self, keys: np.ndarray, dx: np.ndarray, dy: np.ndarray) -> None:
        owner, entry = _trace(dx, dy, self.stride, self.size)
        order = np.argsort(owner, kind="stable")
        counts = np.bincount(owner, minlength=len(keys))
        base = len(self.entries)
        self.id_of[keys] = np.arange(len(self.start), len(self.start) + len(keys))
        self.start = np.concatenate([self.start, base + np.cumsum(counts) - counts]).astype(np.int32)
        self.count = np.concatenate([self.count, counts]).astype(np.int32)
        self.entries = np.concatenate([self.entries, entry[order].astype(np.int32)])


_PATTERNS: dict[tuple[int, int], _Patterns] = {}
TRACE_ALL_OFFSETS = 4096  # a board with at most this many offsets has them all traced at once when
# lines are first read one by one (30 x 20 squares: 1,271 offsets, a few ms, under 1 MB)


def forget_line_patterns() -> None:
    """Drop every traced pattern (the next lines are traced afresh; for benchmarks)."""
    _PATTERNS.clear()
    _KNOWN_LINES.clear()


def _patterns(shape: tuple[int, int]) -> _Patterns:
    if shape not in _PATTERNS:
        _PATTERNS[shape] = _Patterns(shape)
    return _PATTERNS[shape]


def _trace(dx: np.ndarray, dy: np.ndarray, stride: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Entries of the segments from (0, 0) to (dx, dy), oriented left to right: (segment, entry).

    A segment at most 45 degrees from the horizontal crosses, in each column strip, the rows
    between where it enters and leaves the strip, open at both ends (touching a corner enters
    nothing); where it leaves a strip through a grid corner inside it, it passes between the
    two squares beside that corner, which block it only together. Steeper segments are the
    same with rows and columns swapped, traced from their lower end.
    """
    owners, entries = [], []

    def strips(sel: np.ndarray, length: np.ndarray):
        idx = np.flatnonzero(sel)
        g, rank = _ranges(length[idx])
        owners.append(idx[g])
        return idx[g], rank - 1

    along_row = dy == 0
    seg, s = strips(along_row, dx)
    entries.append(L_EDGE_ROW * size + s)
    along_column = dx == 0
    seg, s = strips(along_column, dy)
    entries.append(L_EDGE_COLUMN * size + s * stride)
    slanted = ~along_row & ~along_column
    for steep in (False, True):
        sel = slanted & ((np.abs(dy) > dx) == steep)
        # along: the strip axis; across: the other; shift: where tracing starts, from (0, 0)
        along = np.abs(dy) if steep else dx
        across = np.where(dy > 0, dx, -dx) if steep else dy
        shift = np.where(dy > 0, 0, dx + dy * stride) if steep else np.zeros_like(dx)
        step_along, step_across = (stride, 1) if steep else (1, stride)
        seg, s = strips(sel, along)
        n, d, sh = along[seg], across[seg], shift[seg]
        enter, leave = d * s, d * (s + 1)
        low = np.minimum(enter, leave) // n
        two = (-(-np.maximum(enter, leave) // n)) - 1 - low
        plane = np.where(two > 0, L_TWO_COLUMNS if steep else L_TWO_ROWS, L_SQUARE)
        entries.append(plane * size + sh + s * step_along + low * step_across)
        corner = (leave % n == 0) & (s < n - 1)
        owners.append(seg[corner])
        pinch = np.where(dy[seg[corner]] > 0, L_PINCH_DOWN, L_PINCH_UP)
        entries.append(pinch * size + sh[corner] + (s[corner] + 1) * step_along
                       + (leave[corner] // n[corner]) * step_across)
    return np.concatenate(owners), np.concatenate(entries)


def _ranges(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For groups of the given sizes: each item's group and its 1-based rank within it."""
    total = int(counts.sum())
    groups = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    starts = np.cumsum(counts) - counts
    rank = np.arange(1, total + 1, dtype=np.int64) - np.repeat(starts, counts)
    return groups, rank


def lines_max_level(blockers: Blockers, starts, ends, exclude=None) -> np.ndarray:
    """For each segment between grid corners, the highest level of what blocks it.

    starts, ends: (k, 2) integer corners (x, y); exclude: (k, 2) creature indices whose
    squares do not block that line. The terrain comes first, from each line's traced
    pattern; only lines the terrain leaves clear are then checked square by square for
    creatures (a creature adds at most half cover, which terrain already gives elsewhere).
    """
    h, w = blockers.shape
    if np.size(starts) <= 2 * FEW_LINES:
        return _few_lines_max_level(blockers, starts, ends, exclude)
    # corners on the board (0..width, 0..height): every square a line meets is then on the
    # padded board, and needs no bounds check
    bound = np.array([w, h], np.intp)
    starts = np.minimum(np.maximum(np.asarray(starts, dtype=np.intp).reshape(-1, 2), 0), bound)
    ends = np.minimum(np.maximum(np.asarray(ends, dtype=np.intp).reshape(-1, 2), 0), bound)
    k = len(starts)
    result = np.zeros(k, np.int8)
    if not k:
        return result
    # orient every line left to right (a line is the same both ways)
    d = ends - starts
    flip = (d[:, 0] < 0) | ((d[:, 0] == 0) & (d[:, 1] < 0))
    a = np.where(flip[:, None], ends, starts)
    dx = np.abs(d[:, 0])
    dy = np.where(flip, -d[:, 1], d[:, 1])
    moving = (dx != 0) | (dy != 0)
    if moving.all():
        live = np.arange(k)
    else:
        live = np.flatnonzero(moving)
        if not len(live):
            return result
        dx, dy, a = dx[live], dy[live], a[live]
    patterns = _patterns(blockers.shape)
    pid = patterns.ids(dx, dy)
    base = (a[:, 1] + 1) * blockers.stride + a[:, 0] + 1
    counts, first = patterns.count[pid], patterns.start[pid]
    entries, offsets, owner = _gather(patterns, first, counts, base)
    terrain = np.maximum.reduceat(blockers.planes[entries], offsets)
    result[live] = terrain
    if not blockers.has_creatures:
        return result
    clear = np.flatnonzero(terrain == 0)
    if not len(clear):
        return result
    if len(clear) < len(terrain):  # the entries of the lines the terrain leaves clear
        kept = (terrain == 0)[owner]
        entries, owner = entries[kept], owner[kept]
    # only entries that meet a creature (often just the pair's own squares) are looked at closely
    near = np.flatnonzero(blockers.crowded_planes[entries])
    if not len(near):
        return result
    line = live[owner[near]]
    if exclude is None:
        exclude = np.full((k, 2), -2, np.int64)
    exclude = np.asarray(exclude, dtype=np.int64).reshape(-1, 2)
    ex_a, ex_b = exclude[line, 0], exclude[line, 1]
    plane = entries[near] // patterns.size
    square = entries[near] - plane * patterns.size
    one, two, both = _plane_squares(blockers.stride)
    level_one = blockers.level(square + one[plane], ex_a, ex_b)
    level_two = blockers.level(square + two[plane], ex_a, ex_b)
    levels = np.where(both[plane], np.minimum(level_one, level_two), np.maximum(level_one, level_two))
    np.maximum.at(result, line, levels)
    return result


FEW_LINES = 48  # up to this many lines, a plain loop beats numpy's fixed cost per call
FEW_PAIRS = 3


def _few_lines_max_level(blockers: Blockers, starts, ends, exclude=None) -> np.ndarray:
    """lines_max_level for a few lines, one by one in plain Python (numpy's cost per call
    outweighs the work for so few): see _line_level."""
    starts = np.asarray(starts).reshape(-1, 2).tolist()
    ends = np.asarray(ends).reshape(-1, 2).tolist()
    exclude = [(-2, -2)] * len(starts) if exclude is None else np.asarray(exclude).reshape(-1, 2).tolist()
    return np.array([_line_level(blockers, x0, y0, x1, y1, ex_a, ex_b)
                     for (x0, y0), (x1, y1), (ex_a, ex_b) in zip(starts, ends, exclude)], np.int8)


def _line_level(blockers: Blockers, x0: int, y0: int, x1: int, y1: int, exclude_a: int, exclude_b: int) -> int:
    """One line's level, as lines_max_level finds it (see _line_levels)."""
    return _line_levels(blockers, x0, y0, [(x1, y1)], exclude_a, exclude_b)[0]


def _line_levels(blockers: Blockers, x0: int, y0: int, ends, exclude_a: int, exclude_b: int) -> list[int]:
    """The levels of the lines from the corner (x0, y0) to each of the ends, as lines_max_level
    finds them: each line's traced pattern read in the terrain's planes (kept per terrain,
    Blockers.known_lines); a line the terrain leaves clear is then read in the planes of the
    terrain with every other creature's squares at the creature cap (Blockers.planes_without),
    which give each entry the level the vectorised check finds. Corners off the board are
    brought back onto it."""
    h, w = blockers.shape
    if not (0 <= x0 <= w and 0 <= y0 <= h):
        x0, y0 = min(max(x0, 0), w), min(max(y0, 0), h)
    lines, crowded, without = blockers.known_lines, blockers.has_creatures, None
    out = []
    for x1, y1 in ends:
        if not (0 <= x1 <= w and 0 <= y1 <= h):
            x1, y1 = min(max(x1, 0), w), min(max(y1, 0), h)
        key = (x0, y0, x1, y1) if x0 < x1 or (x0 == x1 and y0 <= y1) else (x1, y1, x0, y0)
        found = lines.get(key)
        if found is None:
            found = lines[key] = _line_entries(blockers, *key)
        level, entries = found
        if level == 0 and entries and crowded:
            if without is None:  # the same two creatures for every line: looked up once
                without = blockers.planes_without(exclude_a, exclude_b).__getitem__
            level = max(map(without, entries))
        out.append(level)
    return out


def _few_covers(blockers: Blockers, pairs: list, estimate: bool) -> np.ndarray:
    """cover_many for a few pairs, line by line in plain Python (_line_levels), graded as _grade."""
    table = _listed_grades(tuple(blockers.grades))
    out = []
    for (ax, ay, side_a), (tx, ty, side_b), ia, it in pairs:
        origins = _listed_corners(side_a, estimate and side_a > 1)
        ends = [(tx + i, ty + j) for i, j in _listed_corners(side_b, False)]
        squares = _listed_square_corners(side_b)
        best = TOTAL
        for i, j in origins:
            lv = _line_levels(blockers, ax + i, ay + j, ends, ia, it)
            for c0, c1, c2, c3 in squares:
                best = min(best, table[lv[c0] + 4 * lv[c1] + 16 * lv[c2] + 64 * lv[c3]])
        out.append(best)
    return np.array(out, np.int8)


@functools.lru_cache(maxsize=None)
def _listed_grades(grades) -> list:
    """_square_grades as a plain list (read one code at a time); kept per grades."""
    return _square_grades(grades).tolist()


@functools.lru_cache(maxsize=None)
def _listed_corners(side: int, outer: bool) -> list:
    return (_outer_corners(side) if outer else _corners(side)).tolist()


@functools.lru_cache(maxsize=None)
def _listed_square_corners(side: int) -> list:
    return _square_corners(side).tolist()


def _line_entries(blockers: Blockers, x0: int, y0: int, x1: int, y1: int) -> tuple:
    """A line's terrain level and, when the terrain leaves it clear, its entries (plane and
    padded flat square, as in the planes) to read for creatures; oriented left to right."""
    dx, dy = x1 - x0, y1 - y0
    if dx == 0 and dy == 0:
        return 0, ()
    base = (y0 + 1) * blockers.stride + x0 + 1
    entries = [e + base for e in _patterns(blockers.shape).entries_of(dx, dy)]
    level = max(map(blockers.plane_bytes.__getitem__, entries))
    return level, (() if level else tuple(entries))


def _gather(patterns: _Patterns, first: np.ndarray, counts: np.ndarray, base: np.ndarray):
    """The absolute entries of lines (pattern start, count, start square), where each line's
    entries begin, and the line of each entry."""
    offsets = np.cumsum(counts, dtype=np.intp) - counts
    total = int(offsets[-1] + counts[-1])
    owner = np.repeat(np.arange(len(counts)), counts)
    positions = np.repeat(first - offsets, counts) + np.arange(total)
    return patterns.entries[positions] + np.repeat(base.astype(np.intp, copy=False), counts), offsets, owner


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


@functools.lru_cache(maxsize=None)
def _outer_corners(side: int) -> np.ndarray:
    """The four corners of a side x side space's outline."""
    return np.array([(0, 0), (side, 0), (0, side), (side, side)])


def _corner_levels(blockers: Blockers, first: np.ndarray, second: np.ndarray, side_a: int, side_b: int,
                   ids: np.ndarray, outer: bool = False) -> np.ndarray:
    """Levels of the lines from every corner of each first space to every corner of the second.

    first, second: (P, 2) top-left squares; ids: (P, 2) creature indices the lines ignore;
    outer: from the first space's four outer corners only (an estimate for big spaces).
    Returns (P, corners of a, corners of b).
    """
    from_a, to_b = _line_offsets(side_a, side_b, outer)
    p, lines = len(first), len(from_a)
    starts = (first[:, None, :] + from_a[None, :, :]).reshape(-1, 2)
    ends = (second[:, None, :] + to_b[None, :, :]).reshape(-1, 2)
    exclude = np.repeat(ids, lines, axis=0)
    levels = lines_max_level(blockers, starts, ends, exclude)
    return levels.reshape(p, -1, (side_b + 1) ** 2)


_OFFSETS: dict = {}


def _line_offsets(side_a: int, side_b: int, outer: bool) -> tuple[np.ndarray, np.ndarray]:
    """For every line between the corners of two spaces (each corner of a, then each of b):
    its start's offset from a's top-left corner and its end's from b's (kept per shape)."""
    key = (side_a, side_b, outer)
    if key not in _OFFSETS:
        ca, cb = (_outer_corners(side_a) if outer else _corners(side_a)), _corners(side_b)
        _OFFSETS[key] = (np.repeat(ca, len(cb), axis=0), np.tile(cb, (len(ca), 1)))
    return _OFFSETS[key]


def _grade_from(corner_levels: np.ndarray, target_side: int, grades: np.ndarray) -> np.ndarray:
    """Cover per pair, from (P, attacker corners, target corners) line levels."""
    return _grade(corner_levels[:, :, _square_corners(target_side)], grades)


def cover_many(blockers: Blockers, pairs, estimate: bool = False) -> np.ndarray:
    """Cover (0 none .. 3 total) for many (attacker space, target space, attacker id, target id).

    A space is (x, y, side); ids are the creatures' indices in the blockers' owners (or -1):
    the attacker's and the target's own squares never block their lines. With estimate, a
    large or bigger attacker draws its lines from the four corners of its outline only: never
    less cover than the rule gives, and a quarter of the lines for a huge attacker (for
    planners weighing many squares; the attack itself uses the rule).
    """
    pairs = list(pairs)
    out = np.zeros(len(pairs), np.int8)
    if not pairs:
        return out
    if len(pairs) <= FEW_PAIRS and sum(
            len(_listed_corners(a[2], estimate and a[2] > 1)) * (t[2] + 1) ** 2 for a, t, _, _ in pairs) <= FEW_LINES:
        return _few_covers(blockers, pairs, estimate)
    rows = np.array([(a[0], a[1], a[2], t[0], t[1], t[2], ia, it) for a, t, ia, it in pairs], np.int64)
    shapes = {(a[2], t[2]) for a, t, _, _ in pairs}
    for side_a, side_b in sorted(shapes):
        members = np.flatnonzero((rows[:, 2] == side_a) & (rows[:, 5] == side_b)) if len(shapes) > 1 else slice(None)
        sel = rows[members]
        levels = _corner_levels(blockers, sel[:, 0:2], sel[:, 3:5], side_a, side_b, sel[:, 6:8],
                                outer=estimate and side_a > 1)
        out[members] = _grade_from(levels, side_b, blockers.grades)
    return out


def cover_table(blockers: Blockers, spaces) -> np.ndarray:
    """Cover of every creature against every other: table[attacker, target], 0 on the diagonal.

    spaces: (x, y, side) per creature, in the order of the blockers' owner indices. The lines
    between two spaces join their corners both ways, so each unordered pair is traced once.
    """
    spaces = np.asarray(spaces, dtype=np.int64).reshape(-1, 3)
    n = len(spaces)
    table = np.zeros((n, n), np.int8)
    first, second = np.triu_indices(n, k=1)
    sides = spaces[:, 2]
    for side_a in np.unique(sides):
        for side_b in np.unique(sides):
            sel = (sides[first] == side_a) & (sides[second] == side_b)
            if not sel.any():
                continue
            i, j = first[sel], second[sel]
            levels = _corner_levels(blockers, spaces[i, :2], spaces[j, :2], int(side_a), int(side_b),
                                    np.stack([i, j], axis=1))
            table[i, j] = _grade_from(levels, int(side_b), blockers.grades)
            table[j, i] = _grade_from(levels.transpose(0, 2, 1), int(side_a), blockers.grades)
    return table


def cover_level(levels: np.ndarray, attacker: tuple[int, int, int], target: tuple[int, int, int],
                rules: CoverRules) -> int:
    """Cover of target (x, y, side) against attacker, on a plain level array, graded by the rules."""
    return int(cover_many(Blockers(levels, rules=rules), [(attacker, target, -1, -1)])[0])


def _grade(line_levels: np.ndarray, grades) -> np.ndarray:
    """(pairs, origins, squares, 4) line levels -> each pair's cover from its best origin and square.

    A square's cover from an origin depends only on its four line levels (0..3 each): it is
    read from a table of the 256 combinations (see _square_grades)."""
    code = line_levels.astype(np.int16) @ _LEVEL_WEIGHTS
    return _square_grades(grades)[code].min(axis=(-2, -1)).astype(np.int8)


_LEVEL_WEIGHTS = np.array([1, 4, 16, 64], np.int16)
_GRADE_TABLES: dict = {}


def _square_grades(grades) -> np.ndarray:
    """The cover of a square behind four lines with the levels of each of the 256 codes
    (l0 + 4 l1 + 16 l2 + 64 l3): for each cap (total, three-quarters, half), the lines blocked
    at that cap or above graded by the rules, at most that cap; the most of those."""
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
    levels = _corner_levels(blockers, np.array([attacker[:2]]), np.array([target[:2]]), side_a, side_b,
                            np.array([ids]))[0]  # (attacker corners, target corners)
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
