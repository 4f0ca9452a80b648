"""The grid gap from many squares at once to the nearest of some spaces, or to each of them, and
which squares are within a given gap of each of some spaces, compiled (numba): what a planner
asks of every square a creature may reach (board.gap_squares for one pair)."""

from __future__ import annotations

import numpy as np
from numba import njit

FAR = 10**6  # the gap when there is no space to measure to


@njit(inline="always")
def _gap(x, y, side, fx, fy, fs, five_ten):
    """The gap from the space (x, y, side) to (fx, fy, fs): board.gap_squares' count (inlined
    in the loops below: a call per pair, measured, would cost as much as the loop)."""
    dx = max(fx - (x + side - 1), x - (fx + fs - 1), 0)
    dy = max(fy - (y + side - 1), y - (fy + fs - 1), 0)
    return max(dx, dy) + (min(dx, dy) // 2 if five_ten else 0)


@njit("int64[::1](int64[::1], int64[::1], int64, int64[:, ::1], boolean)", cache=True, nogil=True)
def _nearest(xs, ys, side, spaces, five_ten):
    out = np.full(xs.shape[0], FAR, np.int64)
    for k in range(xs.shape[0]):
        x, y = xs[k], ys[k]
        for s in range(spaces.shape[0]):
            gap = _gap(x, y, side, spaces[s, 0], spaces[s, 1], spaces[s, 2], five_ten)
            if gap < out[k]:
                out[k] = gap
    return out


def gaps_to_nearest(xs, ys, side: int, spaces, diagonals: str) -> np.ndarray:
    """For each square (xs[k], ys[k]) of a space of `side` squares there, the gap in squares to
    the nearest of `spaces` ((x, y, side) each), counted as `diagonals` counts them ("5-10-5":
    every second diagonal two squares); FAR without spaces."""
    table = np.array(spaces, np.int64).reshape(-1, 3)
    return _nearest(np.ascontiguousarray(xs, np.int64), np.ascontiguousarray(ys, np.int64), int(side), table,
                    diagonals == "5-10-5")


@njit("int64[:, ::1](int64[:, ::1], int64[:, ::1], boolean)", cache=True, nogil=True)
def _each(froms, tos, five_ten):
    out = np.empty((froms.shape[0], tos.shape[0]), np.int64)
    for k in range(froms.shape[0]):
        x, y, side = froms[k, 0], froms[k, 1], froms[k, 2]
        for s in range(tos.shape[0]):
            out[k, s] = _gap(x, y, side, tos[s, 0], tos[s, 1], tos[s, 2], five_ten)
    return out


def gaps_each(froms, tos, diagonals: str) -> list[list[int]]:
    """The gap in squares from each of the spaces `froms` to each of `tos` ((x, y, side) each),
    counted as `diagonals` counts them: one row of plain ints per space of froms."""
    if not froms:
        return []
    return _each(np.array(froms, np.int64).reshape(-1, 3), np.array(tos, np.int64).reshape(-1, 3),
                 diagonals == "5-10-5").tolist()


@njit("int64[:, ::1](int64, int64, int64, int64[:, ::1], int64[::1], boolean)", cache=True, nogil=True)
def _within_bits(height, width, side, spaces, gaps, five_ten):
    out = np.zeros((height, width), np.int64)
    for k in range(spaces.shape[0]):
        bit = np.int64(1) << k
        fx, fy, fs, most = spaces[k, 0], spaces[k, 1], spaces[k, 2], gaps[k]
        # the gap is at least the larger of the two axes' gaps: nothing beyond this box is within
        for y in range(max(0, fy - side + 1 - most), min(height, fy + fs + most)):
            for x in range(max(0, fx - side + 1 - most), min(width, fx + fs + most)):
                if _gap(x, y, side, fx, fy, fs, five_ten) <= most:
                    out[y, x] |= bit
    return out


def within_bits(shape: tuple[int, int], side: int, spaces, gaps, diagonals: str) -> np.ndarray:
    """For each square of a board of this (height, width), bit k set where a space of `side`
    squares there is at most gaps[k] squares from spaces[k] ((x, y, side) each, at most 63),
    counted as `diagonals` counts them: one int64 grid for all the spaces."""
    if len(spaces) > 63:
        raise ValueError("within_bits: at most 63 spaces")
    height, width = shape
    return _within_bits(int(height), int(width), int(side), np.array(spaces, np.int64).reshape(-1, 3),
                        np.array(gaps, np.int64).reshape(-1), diagonals == "5-10-5")
