"""Lines between spaces, cover and sight by the grid rule of the 5e DMG.

From each corner of the attacker's space, draw lines to the four corners of a square of the
target; a line is blocked when it passes through the inside of a square that blocks lines (a
line that only touches a corner or runs along an edge is not blocked). 1-2 blocked lines give
half cover, 3 three-quarters, all 4 total; the attacker's best corner and the target's least
covered square count. Each blocked line counts only up to what blocked it: a creature or a
low wall gives at most half cover, an arrow slit at most three-quarters.
"""

from __future__ import annotations

import numpy as np

from .terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL

_EPS = 1e-9


def _level_at(levels: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
    """levels[py, px], 0 off the board."""
    h, w = levels.shape
    on_board = (px >= 0) & (py >= 0) & (px < w) & (py < h)
    return np.where(on_board, levels[np.clip(py, 0, h - 1), np.clip(px, 0, w - 1)], 0)


def segments_max_level(levels: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """For each segment between grid corners, the highest level of what it passes through.

    levels: (rows, columns) int array, 0 where lines pass freely. starts, ends: (k, 2) integer
    corner coordinates (x, y). A segment is blocked by the squares whose inside it crosses;
    running along an edge, or through a corner, it is blocked only where the squares on both
    sides block (a seam inside a solid wall, two walls meeting corner to corner).
    """
    starts = np.asarray(starts, dtype=np.int64).reshape(-1, 2)
    ends = np.asarray(ends, dtype=np.int64).reshape(-1, 2)
    k = len(starts)
    result = np.zeros(k, np.int8)
    if k == 0:
        return result
    delta = ends - starts
    span = np.abs(delta)
    slanted = (span[:, 0] > 0) & (span[:, 1] > 0)
    along = ~slanted & (span.sum(axis=1) > 0)
    if along.any():
        result[along] = _along_edges(levels, starts[along], delta[along])
    if slanted.any():
        result[slanted] = _slanted(levels, starts[slanted], delta[slanted])
    return result


def _along_edges(levels: np.ndarray, a: np.ndarray, d: np.ndarray) -> np.ndarray:
    """Segments on a grid line: blocked where the squares on both sides of an edge block."""
    length = np.abs(d).sum(axis=1)
    steps = np.arange(int(length.max()))[None, :]
    valid = steps < length[:, None]
    unit = np.sign(d)
    # the square just after each unit step along the line, on the +x/+y side of the edge
    cx = a[:, :1] + unit[:, :1] * steps + np.minimum(unit[:, :1], 0)
    cy = a[:, 1:] + unit[:, 1:] * steps + np.minimum(unit[:, 1:], 0)
    vertical = (d[:, 0] == 0)[:, None]
    # the squares on the other side of the edge
    ox = np.where(vertical, cx - 1, cx)
    oy = np.where(vertical, cy, cy - 1)
    both = np.minimum(_level_at(levels, cx, cy), _level_at(levels, ox, oy))
    return np.where(valid, both, 0).max(axis=1)


def _slanted(levels: np.ndarray, a: np.ndarray, d: np.ndarray) -> np.ndarray:
    sp = np.abs(d)
    width = int(sp.sum(axis=1).max()) + 1
    steps = np.arange(1, width, dtype=np.float64)[None, :]
    # the parameters t where the segment crosses a vertical (x integer) or horizontal line
    tx = np.where(steps < sp[:, :1], steps / sp[:, :1], 1.0)
    ty = np.where(steps < sp[:, 1:], steps / sp[:, 1:], 1.0)
    t = np.sort(np.concatenate([np.zeros((len(a), 1)), tx, ty], axis=1), axis=1)
    lo, hi = t[:, :-1], t[:, 1:]
    mid = (lo + hi) / 2
    af = a.astype(np.float64)
    px = np.floor(af[:, :1] + d[:, :1] * mid).astype(np.int64)
    py = np.floor(af[:, 1:] + d[:, 1:] * mid).astype(np.int64)
    inside = hi - lo > _EPS
    found = np.where(inside, _level_at(levels, px, py), 0).max(axis=1)
    # pieces of zero length inside the segment are crossings through a grid corner
    corner = ~inside & (lo > _EPS) & (lo < 1 - _EPS)
    if corner.any():
        cx = np.rint(af[:, :1] + d[:, :1] * lo).astype(np.int64)
        cy = np.rint(af[:, 1:] + d[:, 1:] * lo).astype(np.int64)
        sx = (d[:, :1] > 0).astype(np.int64)
        sy = (d[:, 1:] > 0).astype(np.int64)
        # the two squares at the corner that the line passes between
        side_a = _level_at(levels, cx - sx, cy + sy - 1)
        side_b = _level_at(levels, cx + sx - 1, cy - sy)
        pinched = np.where(corner, np.minimum(side_a, side_b), 0).max(axis=1)
        found = np.maximum(found, pinched)
    return found


def _corners(x: int, y: int, side: int) -> np.ndarray:
    return np.array([(x + i, y + j) for j in range(side + 1) for i in range(side + 1)], np.int64)


def cover_level(levels: np.ndarray, attacker: tuple[int, int, int], target: tuple[int, int, int]) -> int:
    """Cover of target (x, y, side) against attacker (x, y, side): 0 none .. 3 total.

    levels marks what blocks lines: 3 walls, 2 arrow slits, 1 low walls and creatures.
    """
    origins = _corners(*attacker)
    tx, ty, tside = target
    squares = [(tx + i, ty + j) for j in range(tside) for i in range(tside)]
    # every (origin corner, target square, target corner) line at once
    quads = np.array([[(sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1)] for sx, sy in squares])
    o = np.repeat(origins, len(squares) * 4, axis=0)
    e = np.tile(quads.reshape(-1, 2), (len(origins), 1))
    line_levels = segments_max_level(levels, o, e).reshape(len(origins), len(squares), 4)
    return _grade(line_levels)


def _grade(line_levels: np.ndarray) -> int:
    """(origins, squares, 4) line levels -> the cover the best origin and square leave."""
    best = TOTAL
    for cap in (TOTAL, THREE_QUARTERS, HALF):
        blocked = (line_levels >= cap).sum(axis=-1)
        degree = np.select([blocked == 0, blocked <= 2, blocked == 3], [NO_COVER, HALF, THREE_QUARTERS], TOTAL)
        # this cap can only account for cover up to itself
        per = np.minimum(degree, cap)
        if cap == TOTAL:
            graded = per
        else:
            graded = np.maximum(graded, per)
    best = int(graded.min())
    return best
