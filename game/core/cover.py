"""Lines between spaces, cover and sight by the grid rule of the 5e DMG.

From each corner of the attacker's space, draw lines to the four corners of a square of the
target; a line is blocked when it passes through the inside of a square that blocks lines (a
line that only touches a corner or runs along an edge is not blocked; one running along the
seam inside a solid wall, or between two walls touching at a corner, is). 1-2 blocked lines
give half cover, 3 three-quarters, all 4 total; the attacker's best corner and the target's
least covered square count. Each blocked line counts only up to what blocked it: a creature
or a low wall gives at most half cover, an arrow slit at most three-quarters.

Everything is vectorised over many lines at once: each line's squares come from the points
where it crosses grid lines, in exact integer arithmetic.
"""

from __future__ import annotations

import numpy as np

from .terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL


class Blockers:
    """What blocks lines: terrain caps per square, and the creature standing on each square.

    Both live in one padded flat array of codes, cap | (creature index + 1) << 2, so that a
    square's level is one lookup at (y + 1) * stride + (x + 1).
    """

    def __init__(self, caps: np.ndarray, owners: np.ndarray | None = None) -> None:
        h, w = caps.shape
        self.shape = (h, w)
        self.stride = w + 2
        codes = np.zeros((h + 2, w + 2), np.int32)
        codes[1:-1, 1:-1] = caps
        if owners is not None:
            codes[1:-1, 1:-1] |= (np.asarray(owners, np.int32) + 1) << 2  # owners: index, -1 none
        self.codes = codes.ravel()
        self._grid = codes
        self._transposed: Blockers | None = None

    def transposed(self) -> "Blockers":
        """The same blockers with x and y swapped (for lines steeper than 45 degrees)."""
        if self._transposed is None:
            view = Blockers.__new__(Blockers)
            view.shape = self.shape[::-1]
            view.stride = self.shape[0] + 2
            view._grid = np.ascontiguousarray(self._grid.T)
            view.codes = view._grid.ravel()
            view._transposed = self
            self._transposed = view
        return self._transposed

    def index(self, x, y):
        return (np.asarray(y) + 1) * self.stride + (np.asarray(x) + 1)

    def level(self, flat, exclude_a, exclude_b) -> np.ndarray:
        """Blocking level at flat squares, for lines that ignore two creatures."""
        code = self.codes[flat]
        owner = (code >> 2) - 1
        # creatures give at most half cover; the attacker and the target never block
        creature = (owner >= 0) & (owner != exclude_a) & (owner != exclude_b)
        return np.maximum(code & 3, creature * HALF).astype(np.int8)


def _group_max(values: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Per group of consecutive values (sizes given by counts), the maximum; 0 for empty groups."""
    out = np.zeros(len(counts), np.int8)
    nonempty = counts > 0
    if nonempty.any():
        starts = (np.cumsum(counts) - counts)[nonempty]
        out[nonempty] = np.maximum.reduceat(values, starts)
    return out


def _ranges(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For groups of the given sizes: each item's group and its 1-based rank within it."""
    total = int(counts.sum())
    groups = np.repeat(np.arange(len(counts), dtype=np.int32), counts)
    starts = (np.cumsum(counts) - counts).astype(np.int32)
    rank = np.arange(1, total + 1, dtype=np.int32) - np.repeat(starts, counts)
    return groups, rank


def lines_max_level(blockers: Blockers, starts, ends, exclude=None) -> np.ndarray:
    """For each segment between grid corners, the highest level of what blocks it.

    starts, ends: (k, 2) integer corners (x, y); exclude: (k, 2) creature indices whose
    squares do not block that line. Each line's squares are the one it starts in and the
    one it enters at each crossing of a grid line, found in exact integer arithmetic.
    """
    h, w = blockers.shape
    # corners on the board (0..width, 0..height): every square a line meets is then on the
    # padded board, and needs no bounds check
    starts = np.clip(np.asarray(starts, dtype=np.int32).reshape(-1, 2), 0, [w, h])
    ends = np.clip(np.asarray(ends, dtype=np.int32).reshape(-1, 2), 0, [w, h])
    k = len(starts)
    if exclude is None:
        exclude = np.full((k, 2), -2, np.int32)
    exclude = np.asarray(exclude, dtype=np.int32).reshape(-1, 2)
    # orient every line left to right (a line is the same both ways)
    flip = (ends[:, 0] < starts[:, 0]) | ((ends[:, 0] == starts[:, 0]) & (ends[:, 1] < starts[:, 1]))
    a = np.where(flip[:, None], ends, starts)
    b = np.where(flip[:, None], starts, ends)
    x0, y0 = a[:, 0], a[:, 1]
    dx = b[:, 0] - x0
    dy = b[:, 1] - y0
    ex_a, ex_b = exclude[:, 0], exclude[:, 1]
    result = np.zeros(k, np.int8)
    last = len(blockers.codes) - 1

    def level(x, y, line):
        flat = np.clip(blockers.index(x, y), 0, last)
        return blockers.level(flat, ex_a[line], ex_b[line])

    slanted = (dx > 0) & (dy != 0)
    # --- segments on a grid line: blocked where the squares on both sides of an edge block
    along = ~slanted & ((dx != 0) | (dy != 0))
    if along.any():
        idx = np.flatnonzero(along)
        vertical = dx[idx] == 0
        length = np.where(vertical, dy[idx], dx[idx])
        g, r = _ranges(length)
        line = idx[g]
        cx = np.where(vertical[g], x0[line], x0[line] + r - 1)
        cy = np.where(vertical[g], y0[line] + r - 1, y0[line])
        ox = np.where(vertical[g], cx - 1, cx)
        oy = np.where(vertical[g], cy, cy - 1)
        both = np.minimum(level(cx, cy, line), level(ox, oy, line))
        result[idx] = _group_max(both, length)
    if not slanted.any():
        return result

    shallow = slanted & (np.abs(dy) <= dx)
    steep = slanted & ~shallow
    if shallow.any():
        idx = np.flatnonzero(shallow)
        result[idx] = _shallow_lines(blockers, x0[idx], y0[idx], dx[idx], dy[idx], ex_a[idx], ex_b[idx])
    if steep.any():
        # swap x and y, and orient left to right again
        idx = np.flatnonzero(steep)
        tx0, ty0, tdx, tdy = y0[idx], x0[idx], dy[idx], dx[idx]
        back = tdx < 0
        tx0 = np.where(back, tx0 + tdx, tx0)
        ty0 = np.where(back, ty0 + tdy, ty0)
        tdx, tdy = np.abs(tdx), np.where(back, -tdy, tdy)
        result[idx] = _shallow_lines(blockers.transposed(), tx0, ty0, tdx, tdy, ex_a[idx], ex_b[idx])
    return result


def _shallow_lines(blockers: Blockers, x0, y0, dx, dy, ex_a, ex_b) -> np.ndarray:
    """Lines going right (dx > 0) at most 45 degrees from the horizontal (0 < |dy| <= dx).

    In each column strip such a line crosses one or two squares: the rows between where it
    enters and leaves the strip, open at both ends (touching a corner enters nothing).
    """
    stride = blockers.stride
    g, strip = _ranges(dx)
    strip -= 1  # 0 .. dx - 1
    gdx, gdy = np.repeat(dx, dx), np.repeat(dy, dx)
    enter = np.repeat(y0 * dx, dx) + gdy * strip  # y * dx where the line enters the strip, exactly
    leave = enter + gdy
    first_row = np.minimum(enter, leave) // gdx
    extra_row = -((-np.maximum(enter, leave)) // gdx) - 1 - first_row  # 0 or 1
    top = (first_row + 1) * stride + np.repeat(x0 + 1, dx) + strip  # padded flat index
    code_a = blockers.codes[top]
    code_b = blockers.codes[top + extra_row * stride]
    both = _group_max(np.maximum(code_a & 3, code_b & 3).astype(np.int8), dx)
    near = np.flatnonzero((code_a | code_b) >= 4)  # squares with a creature: few
    if len(near):
        line = g[near]
        for code in (code_a[near], code_b[near]):
            owner = (code >> 2) - 1
            hit = (owner >= 0) & (owner != ex_a[line]) & (owner != ex_b[line])
            np.maximum.at(both, line[hit], HALF)
    # where the line leaves a strip through a grid corner inside it, it passes between the two
    # squares beside that corner, which block it only together
    corner = (leave % gdx == 0) & (strip < gdx - 1)
    if corner.any():
        c = np.flatnonzero(corner)
        k = x0[g[c]] + strip[c] + 1
        m = leave[c] // gdx[c]
        up = gdy[c] < 0
        ya = np.where(up, m - 1, m)
        yb = np.where(up, m, m - 1)
        ea, eb = ex_a[g[c]], ex_b[g[c]]
        sides = np.minimum(blockers.level((ya + 1) * stride + k, ea, eb),
                           blockers.level((yb + 1) * stride + k + 1, ea, eb))
        pinch = np.zeros(len(dx), np.int8)
        np.maximum.at(pinch, g[c], sides)
        both = np.maximum(both, pinch)
    return both


def segments_max_level(levels: np.ndarray, starts, ends) -> np.ndarray:
    """lines_max_level on a plain level array (no creatures to tell apart)."""
    return lines_max_level(Blockers(levels), starts, ends)


def _corners(side: int) -> np.ndarray:
    """The corners of a side x side space, as offsets from its top-left corner."""
    return np.array([(i, j) for j in range(side + 1) for i in range(side + 1)])


def _square_corners(side: int) -> np.ndarray:
    """For each square of the space, the indices of its four corners in _corners(side)."""
    row = side + 1
    return np.array([[j * row + i, j * row + i + 1, (j + 1) * row + i, (j + 1) * row + i + 1]
                     for j in range(side) for i in range(side)])


def _corner_levels(blockers: Blockers, first: np.ndarray, second: np.ndarray, side_a: int, side_b: int,
                   ids: np.ndarray) -> np.ndarray:
    """Levels of the lines from every corner of each first space to every corner of the second.

    first, second: (P, 2) top-left squares; ids: (P, 2) creature indices the lines ignore.
    Returns (P, corners of a, corners of b).
    """
    ca, cb = _corners(side_a), _corners(side_b)
    p = len(first)
    starts = np.broadcast_to((first[:, None, :] + ca[None, :, :])[:, :, None, :], (p, len(ca), len(cb), 2))
    ends = np.broadcast_to((second[:, None, :] + cb[None, :, :])[:, None, :, :], (p, len(ca), len(cb), 2))
    exclude = np.broadcast_to(ids[:, None, None, :], (p, len(ca), len(cb), 2))
    levels = lines_max_level(blockers, starts.reshape(-1, 2), ends.reshape(-1, 2), exclude.reshape(-1, 2))
    return levels.reshape(p, len(ca), len(cb))


def _grade_from(corner_levels: np.ndarray, target_side: int) -> np.ndarray:
    """Cover per pair, from (P, attacker corners, target corners) line levels."""
    return _grade(corner_levels[:, :, _square_corners(target_side)])


def cover_many(blockers: Blockers, pairs) -> np.ndarray:
    """Cover (0 none .. 3 total) for many (attacker space, target space, attacker id, target id).

    A space is (x, y, side); ids are the creatures' indices in the blockers' owners (or -1):
    the attacker's and the target's own squares never block their lines.
    """
    pairs = list(pairs)
    out = np.zeros(len(pairs), np.int8)
    by_shape: dict[tuple[int, int], list[int]] = {}
    for i, (att, tgt, _, _) in enumerate(pairs):
        by_shape.setdefault((att[2], tgt[2]), []).append(i)
    for (side_a, side_b), members in by_shape.items():
        first = np.array([pairs[i][0][:2] for i in members])
        second = np.array([pairs[i][1][:2] for i in members])
        ids = np.array([pairs[i][2:] for i in members])
        out[members] = _grade_from(_corner_levels(blockers, first, second, side_a, side_b, ids), side_b)
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
            table[i, j] = _grade_from(levels, int(side_b))
            table[j, i] = _grade_from(levels.transpose(0, 2, 1), int(side_a))
    return table


def cover_level(levels: np.ndarray, attacker: tuple[int, int, int], target: tuple[int, int, int]) -> int:
    """Cover of target (x, y, side) against attacker, on a plain level array."""
    return int(cover_many(Blockers(levels), [(attacker, target, -1, -1)])[0])


_DEGREE = np.array([NO_COVER, HALF, HALF, THREE_QUARTERS, TOTAL], np.int8)  # by lines blocked of 4


def _grade(line_levels: np.ndarray) -> np.ndarray:
    """(pairs, origins, squares, 4) line levels -> each pair's cover from its best origin and square."""
    graded = None
    for cap in (TOTAL, THREE_QUARTERS, HALF):
        blocked = (line_levels >= cap).sum(axis=-1)
        per = np.minimum(_DEGREE[blocked], cap)  # lines blocked by this cap account for cover up to it
        graded = per if graded is None else np.maximum(graded, per)
    return graded.min(axis=(-2, -1)).astype(np.int8)
