"""The compiled pricing of positions for a movement field (numba): for each position of a window
(the top-left square of the mover's space), what entering it costs under the rules, from the
terrain under the space and the other creatures there. movement.py owns the rule and its words
(see its module notes); this module is its inner loop: one pass over the window instead of a
few dozen numpy operations, each costing more than the window's arithmetic.

Values are worked out as numpy worked them out over int8 arrays: a multiplier stacked on the
terrain's (another creature's space, squeezing) wraps as an int8, the crawl on it does not until
the result is stored (only absurd factors, past 127, ever wrap).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# how several multipliers on one position count (rules_data.STACKING's names, by number)
STACK_MAX, STACK_PRODUCT, STACK_SUM = 0, 1, 2
STACKING_CODES = {"max": STACK_MAX, "product": STACK_PRODUCT, "sum": STACK_SUM}

# the columns of an occupant row
OX, OY, OSIDE, OTINY, OWALL = range(5)


def combine(a, b, stacking):
    """Two multipliers on one position (numbers or numpy arrays), as the rules stack them
    (STACKING_CODES): movement.py's terrain tables ask it of whole arrays, the pass below of
    each position (compiled from this same source, _combine)."""
    if stacking == STACK_PRODUCT:
        return np.multiply(a, b)
    if stacking == STACK_SUM:  # what each costs beyond one square adds up
        return np.add(a, b) - 1
    return np.maximum(a, b)


_combine = njit(inline="always")(combine)


@njit(inline="always")
def _int8(value):
    """The value as numpy's int8 arithmetic leaves it."""
    return value if -128 <= value <= 127 else ((value + 128) % 256) - 128


@njit(inline="always")
def _window_max(values, y, x, side, h, w):
    """The largest value in the side x side space at (x, y); 0 where it leaves the window."""
    if y + side > h or x + side > w:
        return 0
    best = int(values[y, x])
    for j in range(y, y + side):
        for i in range(x, x + side):
            if values[j, i] > best:
                best = int(values[j, i])
    return best


@njit(inline="always")
def _window_has(mask, y, x, side, value):
    """Whether a square of the side x side space at (x, y) is `value` (the space in the window)."""
    for j in range(y, y + side):
        for i in range(x, x + side):
            if mask[j, i] == value:
                return True
    return False


@njit(inline="always")
def _window_any(mask, y, x, side, h, w):
    """Whether any square of the side x side space at (x, y) is set; False where it leaves the window."""
    return y + side <= h and x + side <= w and _window_has(mask, y, x, side, True)


@njit(inline="always")
def _window_all(mask, y, x, side, h, w):
    """Whether every square of the side x side space at (x, y) is set; False where it leaves the window."""
    return y + side <= h and x + side <= w and not _window_has(mask, y, x, side, False)


# (the one signature given: compiled, or read from numba's cache, when the module is imported,
# never in the middle of a battle, where a Ctrl-C would land inside the compiler)
@njit("(b1[:, ::1], i1[:, ::1], i1[:, ::1], i8[:, ::1], i8, i8, b1, b1, i8, i8, i8, i8, i8, i8, b1, i8)",
      cache=True, nogil=True)
def price_positions(passable, factor, extra, others, full, small, prone, tiny_mover, occupied_factor, stacking,
                    squeeze_factor, squeeze_stacking, crawl_factor, crawl_costly_factor, has_extra, tiny_per_square):
    """(multiplier, squeezing, can_end, terrain_ok, extra) per position of the window.

    passable, factor, extra: the terrain's, per square of the window; others: a row per other
    creature (x, y, side in the window's squares, tiny, a wall to the mover: hostile and close
    enough in size); full, small: the sides of the mover's space and of the one it squeezes into.
    """
    h, w = passable.shape
    occupied = np.zeros((h, w), np.bool_)
    wall = np.zeros((h, w), np.bool_)
    non_tiny = np.zeros((h, w), np.bool_)
    tiny_count = np.zeros((h, w), np.int64)
    for k in range(others.shape[0]):
        ox, oy, side = others[k, OX], others[k, OY], others[k, OSIDE]
        if ox >= w or oy >= h or ox + side <= 0 or oy + side <= 0:
            continue  # outside the window
        for y in range(max(oy, 0), min(oy + side, h)):
            for x in range(max(ox, 0), min(ox + side, w)):
                occupied[y, x] = True
                if others[k, OTINY]:
                    tiny_count[y, x] += 1
                else:
                    non_tiny[y, x] = True
                if others[k, OWALL]:
                    wall[y, x] = True
    priced = np.empty((h, w), np.int64)  # the terrain's multiplier, another creature's space on it
    for y in range(h):
        for x in range(w):
            value = int(factor[y, x])
            if occupied[y, x]:
                value = _int8(_combine(value, occupied_factor, stacking))
            priced[y, x] = value
    multiplier = np.zeros((h, w), np.int8)
    squeezing = np.zeros((h, w), np.bool_)
    can_end = np.zeros((h, w), np.bool_)
    terrain_ok = np.zeros((h, w), np.bool_)
    extra_out = np.zeros((h, w), np.int8)
    for y in range(h):
        for x in range(w):
            side = full
            if full > 1:
                fits_full = _window_all(passable, y, x, full, h, w)
                squeeze = y + full <= h and x + full <= w and not fits_full and \
                    _window_all(passable, y, x, small, h, w)
                squeezing[y, x] = squeeze
                terrain_ok[y, x] = fits_full or squeeze
                if squeeze:
                    side = small
            else:
                terrain_ok[y, x] = passable[y, x]
            if side == 1:  # (the space is the square: read it)
                valid = terrain_ok[y, x] and not wall[y, x]
                value = priced[y, x]
            else:
                valid = terrain_ok[y, x] and not _window_any(wall, y, x, side, h, w)
                value = _window_max(priced, y, x, side, h, w)  # a space pays for its worst square
            if full > 1 and squeezing[y, x]:
                value = _int8(_combine(value, squeeze_factor, squeeze_stacking))
            if prone:  # crawling, dearer where something else costs more already
                value = _combine(value, crawl_costly_factor if value > 1 else crawl_factor, stacking)
            if valid:
                multiplier[y, x] = _int8(value)
                if has_extra:
                    extra_out[y, x] = _int8(int(extra[y, x]) if side == 1 else _window_max(extra, y, x, side, h, w))
            if tiny_mover:  # tiny creatures share a square, four to a square
                ends = not non_tiny[y, x] and tiny_count[y, x] < tiny_per_square
            elif side == 1:
                ends = not occupied[y, x]
            else:
                ends = not _window_any(occupied, y, x, side, h, w)
            can_end[y, x] = ends and valid
    return multiplier, squeezing, can_end, terrain_ok, extra_out
