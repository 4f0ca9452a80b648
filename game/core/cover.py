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

    def index(self, x, y):
        return (np.asarray(y) + 1) * self.stride + (np.asarray(x) + 1)

    def level(self, flat, exclude_a, exclude_b) -> np.ndarray:
        """Blocking level at flat squares, for lines that ignore two creatures."""
        code = self.codes[flat]
        owner = (code >> 2) - 1
        # creatures give at most half cover; the attacker and the target never block
        creature = (owner >= 0) & (owner != exclude_a) & (owner != exclude_b)
        return np.maximum(code & 3, creature * HALF).astype(np.int8)

    def group_levels(self, flat, counts, exclude_a, exclude_b) -> np.ndarray:
        """The highest level per group of consecutive squares (one group per line)."""
        code = self.codes[flat]
        out = _group_max((code & 3).astype(np.int8), counts)
        near = np.flatnonzero(code >= 4)  # squares with a creature: few
        if len(near):
            line = np.repeat(np.arange(len(counts)), counts)[near]
            owner = (code[near] >> 2) - 1
            hit = (owner != exclude_a[line]) & (owner != exclude_b[line])
            np.maximum.at(out, line[hit], HALF)
        return out


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
    starts = np.clip(np.asarray(starts, dtype=np.int32).reshape(-1, 2), -1, [w + 1, h + 1])
    ends = np.clip(np.asarray(ends, dtype=np.int32).reshape(-1, 2), -1, [w + 1, h + 1])
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
    stride = blockers.stride
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

    idx = np.flatnonzero(slanted)
    sx0, sy0, sdx, sdy = x0[idx], y0[idx], dx[idx], dy[idx]
    up = sdy < 0
    ady = np.abs(sdy)
    sea, seb = ex_a[idx], ex_b[idx]
    found = level(sx0, np.where(up, sy0 - 1, sy0), idx)  # the square the line starts in

    # crossings of vertical grid lines x = x0 + j, 0 < j < dx: the square entered
    counts = np.maximum(sdx - 1, 0)
    g, j = _ranges(counts)
    if len(g):
        gdx = sdx[g]
        num = sy0[g] * gdx + sdy[g] * j  # the crossing is at y = num / dx, exactly
        yf = num // gdx
        exact = num == yf * gdx
        gup = up[g]
        k_x = sx0[g] + j
        entered = (yf - (exact & gup) + 1) * stride + k_x + 1
        found = np.maximum(found, blockers.group_levels(np.clip(entered, 0, last), counts, sea, seb))
        if exact.any():
            # through a corner (k, m) the line passes between two squares that block it together
            e = np.flatnonzero(exact)
            m, kk, u, le = yf[e], k_x[e], gup[e], idx[g[e]]
            sides = np.minimum(level(kk - 1, np.where(u, m - 1, m), le), level(kk, np.where(u, m, m - 1), le))
            pinch = np.zeros(len(idx), np.int8)
            np.maximum.at(pinch, g[e], sides)
            found = np.maximum(found, pinch)

    # crossings of horizontal grid lines away from corners (corners are counted above)
    counts = np.maximum(ady - 1, 0)
    g, j = _ranges(counts)
    if len(g):
        gady = ady[g]
        num = sx0[g] * gady + sdx[g] * j  # x = num / |dy|
        xf = num // gady
        exact = num == xf * gady
        gup = up[g]
        m = np.where(gup, sy0[g] - j - 1, sy0[g] + j)  # the row entered
        entered = np.where(exact, 0, (m + 1) * stride + xf + 1)  # corners look at the padding
        found = np.maximum(found, blockers.group_levels(np.clip(entered, 0, last), counts, sea, seb))
    result[idx] = found
    return result


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


def cover_many(blockers: Blockers, pairs) -> np.ndarray:
    """Cover (0 none .. 3 total) for many (attacker space, target space, attacker id, target id).

    A space is (x, y, side); ids are the creatures' indices in the blockers' owners (or -1).
    The lines between two spaces join their corners both ways, so each unordered pair is
    traced once, and the attacker's and the target's own squares never block.
    """
    pairs = list(pairs)
    unique: dict[tuple, int] = {}
    direction = []  # per pair: (index of its unordered pair, traced from the attacker?)
    for att, tgt, ia, it in pairs:
        forward, backward = (tuple(att), tuple(tgt), ia, it), (tuple(tgt), tuple(att), it, ia)
        if backward in unique:
            direction.append((unique[backward], False))
        else:
            direction.append((unique.setdefault(forward, len(unique)), True))
    keys = list(unique)
    matrices: dict[int, np.ndarray] = {}  # unordered pair -> (corners of first, corners of second)
    by_shape: dict[tuple[int, int], list[int]] = {}
    for u, (first, second, _, _) in enumerate(keys):
        by_shape.setdefault((first[2], second[2]), []).append(u)
    for (side_a, side_b), members in by_shape.items():
        ca, cb = _corners(side_a), _corners(side_b)
        origin = np.array([keys[u][0][:2] for u in members])
        other = np.array([keys[u][1][:2] for u in members])
        ids = np.array([keys[u][2:] for u in members])
        starts = np.broadcast_to((origin[:, None, :] + ca[None, :, :])[:, :, None, :],
                                 (len(members), len(ca), len(cb), 2))
        ends = np.broadcast_to((other[:, None, :] + cb[None, :, :])[:, None, :, :],
                               (len(members), len(ca), len(cb), 2))
        exclude = np.broadcast_to(ids[:, None, None, :], (len(members), len(ca), len(cb), 2))
        lv = lines_max_level(blockers, starts.reshape(-1, 2), ends.reshape(-1, 2), exclude.reshape(-1, 2))
        for u, m in zip(members, lv.reshape(len(members), len(ca), len(cb))):
            matrices[u] = m
    out = np.zeros(len(pairs), np.int8)
    groups: dict[tuple, list[int]] = {}
    for i, (u, forward) in enumerate(direction):
        m = matrices[u]
        groups.setdefault((m.shape, forward), []).append(i)
    for (shape, forward), members in groups.items():
        stack = np.stack([matrices[direction[i][0]] for i in members])
        if not forward:
            stack = stack.transpose(0, 2, 1)  # origins are the second space's corners
        target_side = int(round(np.sqrt(stack.shape[2]))) - 1
        lines = stack[:, :, _square_corners(target_side)]  # (pairs, origins, squares, 4)
        out[members] = _grade(lines)
    return out


def cover_level(levels: np.ndarray, attacker: tuple[int, int, int], target: tuple[int, int, int]) -> int:
    """Cover of target (x, y, side) against attacker, on a plain level array."""
    return int(cover_many(Blockers(levels), [(attacker, target, -1, -1)])[0])


def _grade(line_levels: np.ndarray) -> np.ndarray:
    """(pairs, origins, squares, 4) line levels -> each pair's cover from its best origin and square."""
    graded = None
    for cap in (TOTAL, THREE_QUARTERS, HALF):
        blocked = (line_levels >= cap).sum(axis=-1)
        degree = np.select([blocked == 0, blocked <= 2, blocked == 3], [NO_COVER, HALF, THREE_QUARTERS], TOTAL)
        per = np.minimum(degree, cap)  # lines blocked by this cap account for cover up to it
        graded = per if graded is None else np.maximum(graded, per)
    return graded.min(axis=(-2, -1)).astype(np.int8)
