"""The grid gap from many spaces at once to each of some spaces, or to the nearest of them,
compiled (numba): what a planner asks of every square a creature may reach (board.gap_squares
for one pair)."""

from __future__ import annotations

import numpy as np
from numba import njit

FAR = 10**6  # the gap when there is no space to measure to


@njit("int64[:, ::1](int64[:, ::1], int64[:, ::1], boolean)", cache=True, nogil=True)
def _each(froms, tos, five_ten):
    out = np.empty((froms.shape[0], tos.shape[0]), np.int64)
    for k in range(froms.shape[0]):
        x, y, side = froms[k, 0], froms[k, 1], froms[k, 2]
        for s in range(tos.shape[0]):
            fx, fy, fs = tos[s, 0], tos[s, 1], tos[s, 2]
            dx = max(fx - (x + side - 1), x - (fx + fs - 1), 0)
            dy = max(fy - (y + side - 1), y - (fy + fs - 1), 0)
            out[k, s] = max(dx, dy) + (min(dx, dy) // 2 if five_ten else 0)
    return out


def _table(spaces) -> np.ndarray:
    return np.array(spaces, np.int64).reshape(-1, 3)


def gaps_each(froms, tos, diagonals: str) -> list[list[int]]:
    """The gap in squares from each of the spaces `froms` to each of `tos` ((x, y, side) each),
    counted as `diagonals` counts them ("5-10-5": every second diagonal two squares): one row
    of plain ints per space of froms."""
    if not froms:
        return []
    return _each(_table(froms), _table(tos), diagonals == "5-10-5").tolist()


def gaps_to_nearest(xs, ys, side: int, spaces, diagonals: str) -> np.ndarray:
    """For each square (xs[k], ys[k]) of a space of `side` squares there, the gap in squares to
    the nearest of `spaces` ((x, y, side) each), counted as gaps_each counts it; FAR without
    spaces."""
    xs = np.asarray(xs, np.int64).ravel()
    if not len(spaces):
        return np.full(len(xs), FAR, np.int64)
    froms = np.column_stack([xs, np.asarray(ys, np.int64).ravel(), np.full(len(xs), int(side), np.int64)])
    return _each(froms, _table(spaces), diagonals == "5-10-5").min(axis=1)
