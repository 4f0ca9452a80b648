"""The compiled walk of lines between grid corners (numba): the squares each line meets, the
level of what blocks it, and the cover of pairs of spaces graded from those lines.

cover.py owns the rule and its words; this module is its inner loop, compiled once per machine
(numba keeps the machine code beside this file, and reads it back when the module is imported;
NUMBA_DISABLE_JIT=1 runs the same code as plain Python). A line from corner (x0, y0) to (x1, y1), oriented left to right, meets:

- along a grid line (dx or dy 0): each unit edge, blocked when the squares on both sides block;
- at most 45 degrees from the horizontal: in each column strip, the rows between where it
  enters and leaves the strip (open at both ends: touching a corner enters nothing), one square
  or a strip crossing two rows (blocked when either blocks); where it leaves a strip through a
  grid corner inside it, it passes between the two squares beside that corner, which block it
  only together;
- steeper: the same with rows and columns swapped, traced from its lower end.

Each meeting is an entry of one of seven planes (level_planes: the level each kind of meeting
sees, precomputed from the terrain), at a padded flat square. A line's level is the
highest terrain level of its entries; a line the terrain leaves clear is then read for
creatures: a creature's square blocks up to the creature cap, but the line's own two
creatures (attacker and target) never block it. The terrain's level of each line walked is
kept (cover.py keeps it with the terrain's planes): a line the terrain blocks is walked once.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from .terrain import TOTAL

# the planes, in the order level_planes stacks them
L_SQUARE, L_TWO_ROWS, L_TWO_COLUMNS, L_PINCH_DOWN, L_PINCH_UP, L_EDGE_ROW, L_EDGE_COLUMN = range(7)


def plane_squares(stride: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per plane: offset of the first and the second square it reads (from the entry's padded
    square), and whether both must block (else either)."""
    first = np.array([0, 0, 0, -1, -stride - 1, 0, 0], np.int64)
    second = np.array([0, stride, 1, -stride, 0, -stride, -1], np.int64)
    both = np.array([0, 0, 0, 1, 1, 1, 1], np.int64)
    return first, second, both


@njit(cache=True, nogil=True)
def _square_level(codes, square, exclude_a, exclude_b, creature_cap):
    """A padded square's level for a line ignoring two creatures: its terrain cap, or the
    creature cap where another creature stands."""
    code = codes[square]
    level = code & 3
    owner = (code >> 2) - 1
    if owner >= 0 and owner != exclude_a and owner != exclude_b and creature_cap > level:
        level = creature_cap
    return level


@njit(cache=True, nogil=True)
def _entry_creature_level(codes, first, second, both, size, entry, exclude_a, exclude_b, creature_cap):
    """An entry's level with the creatures in (those the line ignores left out)."""
    plane = entry // size
    square = entry - plane * size
    one = _square_level(codes, square + first[plane], exclude_a, exclude_b, creature_cap)
    two = _square_level(codes, square + second[plane], exclude_a, exclude_b, creature_cap)
    if both[plane]:
        return min(one, two)
    return max(one, two)


@njit(cache=True, nogil=True, inline="always")  # (in its callers' loops: most lines end at the memo)
def line_level(planes, crowded, codes, first, second, both, width, height, memo, x0, y0, x1, y1,
               exclude_a, exclude_b, creature_cap, creatures):
    """The level of what blocks the line between two grid corners (corners off the board are
    brought back onto it); creatures: whether any creature stands on the board; crowded: the
    planes with every creature's squares at the creature cap (where nothing is, no creature the
    line ignores or not blocks it: the creatures are read only where something is).

    memo: the terrain's level of each line walked so far (-1 for one not yet walked), an int8
    per pair of the board's corners, the first before the second (empty: nothing kept). A line
    the terrain blocks has that level whoever stands where, so it is walked once; one the
    terrain leaves clear is walked again for the creatures, unless there are none."""
    x0 = min(max(x0, 0), width)
    x1 = min(max(x1, 0), width)
    y0 = min(max(y0, 0), height)
    y1 = min(max(y1, 0), height)
    if x1 < x0 or (x1 == x0 and y1 < y0):
        x0, y0, x1, y1 = x1, y1, x0, y0
    if x0 == x1 and y0 == y1:
        return 0
    index = -1
    if memo.shape[0]:
        corners = width + 1
        index = (y0 * corners + x0) * (corners * (height + 1)) + y1 * corners + x1
        known = memo[index]
        if known > 0 or known == 0 and not creatures:
            return known
    terrain, creature = _walk(planes, crowded, codes, first, second, both, width, height, x0, y0, x1, y1,
                              exclude_a, exclude_b, creature_cap, creatures)
    if index >= 0:
        memo[index] = terrain
    return terrain if terrain > 0 else creature


@njit(cache=True, nogil=True, inline="always")
def _walk(planes, crowded, codes, first, second, both, width, height, x0, y0, x1, y1,
          exclude_a, exclude_b, creature_cap, creatures):
    """line_level's walk of a line from (x0, y0) to (x1, y1), on the board and left to right
    (top to bottom when upright): the terrain's level (whole: a walk stops early only at total)
    and, where the terrain leaves the line clear, the creatures'."""
    dx = x1 - x0
    dy = y1 - y0
    stride = width + 2
    size = (height + 2) * stride
    base = (y0 + 1) * stride + x0 + 1
    terrain = 0
    creature = 0
    if dy == 0 or dx == 0:
        steps = dx + dy
        plane, step = (L_EDGE_ROW, 1) if dy == 0 else (L_EDGE_COLUMN, stride)
        for s in range(steps):
            entry = plane * size + base + s * step
            terrain = max(terrain, planes[entry])
            if creatures and terrain == 0 and crowded[entry]:
                creature = max(creature, _entry_creature_level(codes, first, second, both, size, entry,
                                                               exclude_a, exclude_b, creature_cap))
            if terrain == TOTAL:
                break  # nothing blocks more
        return terrain, creature
    if abs(dy) > dx:  # steep: column strips become row strips, traced from the lower end
        along = abs(dy)
        across = dx if dy > 0 else -dx
        shift = 0 if dy > 0 else dx + dy * stride
        step_along, step_across, two_plane = stride, 1, L_TWO_COLUMNS
    else:
        along, across, shift = dx, dy, 0
        step_along, step_across, two_plane = 1, stride, L_TWO_ROWS
    pinch = L_PINCH_DOWN if dy > 0 else L_PINCH_UP
    start = base + shift
    # where the line enters and leaves strip s, in units of 1 / along across it (across * s and
    # across * (s + 1)), kept as floor and remainder: |across| <= along, so each strip moves
    # them by at most one whole
    enter_floor, enter_rest = 0, 0
    for s in range(along):
        leave_floor, leave_rest = enter_floor, enter_rest + across
        if leave_rest >= along:
            leave_floor, leave_rest = leave_floor + 1, leave_rest - along
        elif leave_rest < 0:
            leave_floor, leave_rest = leave_floor - 1, leave_rest + along
        low = min(enter_floor, leave_floor)
        high = max(enter_floor + (enter_rest > 0), leave_floor + (leave_rest > 0))  # the ceiling
        plane = two_plane if high - 1 - low > 0 else L_SQUARE
        entry = plane * size + start + s * step_along + low * step_across
        terrain = max(terrain, planes[entry])
        if creatures and terrain == 0 and crowded[entry]:
            creature = max(creature, _entry_creature_level(codes, first, second, both, size, entry,
                                                           exclude_a, exclude_b, creature_cap))
        if leave_rest == 0 and s < along - 1:  # out through a grid corner inside the strip
            entry = pinch * size + start + (s + 1) * step_along + leave_floor * step_across
            terrain = max(terrain, planes[entry])
            if creatures and terrain == 0 and crowded[entry]:
                creature = max(creature, _entry_creature_level(codes, first, second, both, size, entry,
                                                               exclude_a, exclude_b, creature_cap))
        if terrain == TOTAL:
            break  # nothing blocks more
        enter_floor, enter_rest = leave_floor, leave_rest
    return terrain, creature


@njit("int8[::1](int8[:, ::1])", cache=True, nogil=True)
def level_planes(levels):
    """The seven planes of a level grid (the order of the L_ names), one after the other, flat:
    per square, the level each kind of meeting there sees, from the square and its neighbours
    (0 beyond the grid): 0 the square; 1 it or the one below; 2 it or the one to the right
    (the higher of the two); 3 the ones to the left and above; 4 the one up-left and it; 5 it
    and the one above; 6 it and the one to the left (the lower of the two: both must block)."""
    h, w = levels.shape
    n = h * w
    out = np.empty(7 * n, np.int8)
    for i in range(h):
        for j in range(w):
            here = levels[i, j]
            below = levels[i + 1, j] if i + 1 < h else 0
            right = levels[i, j + 1] if j + 1 < w else 0
            left = levels[i, j - 1] if j > 0 else 0
            above = levels[i - 1, j] if i > 0 else 0
            above_left = levels[i - 1, j - 1] if i > 0 and j > 0 else 0
            k = i * w + j
            out[k] = here
            out[n + k] = max(here, below)
            out[2 * n + k] = max(here, right)
            out[3 * n + k] = min(left, above)
            out[4 * n + k] = min(above_left, here)
            out[5 * n + k] = min(here, above)
            out[6 * n + k] = min(here, left)
    return out


@njit(types.Tuple((types.int32[::1], types.boolean))(types.Array(types.int8, 2, "C", readonly=True),
                                                      types.Array(types.int32, 2, "C", readonly=True)),
      cache=True, nogil=True)  # (the caps and owners read only, whoever made them: a board keeps its caps so)
def blocker_codes(caps, owners):
    """The padded flat codes of cover.Blockers, a square's cap | (the index of the creature
    standing there + 1) << 2 (owners: -1 where none stands; an empty grid: none anywhere), 0
    around the board; and whether any creature stands on it."""
    h, w = caps.shape
    stride = w + 2
    codes = np.zeros((h + 2) * stride, np.int32)
    marked = owners.shape[0] > 0
    anyone = False
    for y in range(h):
        for x in range(w):
            code = np.int32(caps[y, x])
            if marked and owners[y, x] >= 0:
                code |= (owners[y, x] + 1) << 2
                anyone = True
            codes[(y + 1) * stride + x + 1] = code
    return codes, anyone


@njit("int8[::1](int32[:, ::1], int64)", cache=True, nogil=True)
def crowded_planes(grid, cap):
    """level_planes of a padded grid of codes (cover.Blockers: cap | (creature index + 1) << 2)
    with every creature's squares raised to `cap`: where a creature may block a line."""
    h, w = grid.shape
    levels = np.empty((h, w), np.int8)
    for i in range(h):
        for j in range(w):
            code = grid[i, j]
            level = code & 3
            if code >= 4 and level < cap:
                level = cap
            levels[i, j] = level
    return level_planes(levels)


@njit("int32[:, ::1](int64, int64, int64[:, ::1])", cache=True, nogil=True)
def space_owners(height, width, spaces):
    """Per square of a height x width board, the index of the creature standing there (-1 for
    none), from rows (x, y, side, index) of `spaces`: a later row over an earlier one, and
    squares off the board left out."""
    owners = np.full((height, width), -1, np.int32)
    for k in range(spaces.shape[0]):
        x, y, side, index = spaces[k, 0], spaces[k, 1], spaces[k, 2], spaces[k, 3]
        for j in range(max(y, 0), min(y + side, height)):
            for i in range(max(x, 0), min(x + side, width)):
                owners[j, i] = index
    return owners


_WEIGHT = (1, 4, 16, 64)  # a square's four corners (top-left, top-right, bottom-left, bottom-right) in a code


# the entry points are compiled (or read from numba's cache) when this module is imported, for
# the one set of argument types cover.py passes: no first call waits on the compiler
_WALK = "int8[::1], int8[::1], int32[::1], int64[::1], int64[::1], int64[::1], int64, int64, int8[::1]"


@njit(f"int8[::1]({_WALK}, int64[:, ::1], int64, boolean)", cache=True, nogil=True)
def lines_levels(planes, crowded, codes, first, second, both, width, height, memo, lines, creature_cap, creatures):
    """line_level of each row (x0, y0, x1, y1, exclude_a, exclude_b) of `lines`."""
    out = np.zeros(lines.shape[0], np.int8)
    for k in range(lines.shape[0]):
        out[k] = line_level(planes, crowded, codes, first, second, both, width, height, memo, lines[k, 0], lines[k, 1],
                            lines[k, 2], lines[k, 3], lines[k, 4], lines[k, 5], creature_cap, creatures)
    return out


@njit(f"int8[::1]({_WALK}, int64[:, ::1], boolean, int8[::1], int64, boolean)", cache=True, nogil=True)
def pair_covers(planes, crowded, codes, first, second, both, width, height, memo, pairs, outer, grades, creature_cap,
                creatures):
    """The cover of each row (ax, ay, side_a, tx, ty, side_b, id_a, id_t) of `pairs`: from each
    corner of the attacker's space (outer: its outline's four corners only, when bigger than a
    square), the four lines to each square of the target's space graded by `grades` (the 256
    codes l0 + 4 l1 + 16 l2 + 64 l3 of cover._square_grades); the attacker's best corner and
    the target's least covered square count. A grade never falls as a line's level rises (the
    rulesets' grades grow with the lines blocked), so a single square's lines stop once those
    read already grade no better than the best corner so far."""
    out = np.zeros(pairs.shape[0], np.int8)
    widest = 1
    for p in range(pairs.shape[0]):
        widest = max(widest, pairs[p, 5])
    levels = np.zeros((widest + 1) ** 2, np.int64)  # one corner's lines to the target's corners
    for p in range(pairs.shape[0]):
        ax, ay, side_a = pairs[p, 0], pairs[p, 1], pairs[p, 2]
        tx, ty, side_b = pairs[p, 3], pairs[p, 4], pairs[p, 5]
        id_a, id_t = pairs[p, 6], pairs[p, 7]
        row = side_b + 1
        corners_a = 2 if outer and side_a > 1 else side_a + 1
        step_a = side_a if outer and side_a > 1 else 1
        best = 3
        for cj in range(corners_a):
            for ci in range(corners_a):
                ox, oy = ax + ci * step_a, ay + cj * step_a
                if side_b == 1:  # one square: its four lines, given up once they cannot do better
                    code = 0
                    for k in range(4):
                        code += _WEIGHT[k] * line_level(planes, crowded, codes, first, second, both, width, height, memo,
                                                        ox, oy, tx + k % 2, ty + k // 2, id_a, id_t,
                                                        creature_cap, creatures)
                        if grades[code] >= best:  # the lines left clear give the least: no better
                            break
                    best = min(best, grades[code])
                    if best == 0:
                        break
                    continue
                for j in range(row):
                    for i in range(row):
                        levels[j * row + i] = line_level(planes, crowded, codes, first, second, both, width, height, memo,
                                                         ox, oy, tx + i, ty + j, id_a, id_t, creature_cap, creatures)
                for j in range(side_b):
                    for i in range(side_b):
                        code = levels[j * row + i] + 4 * levels[j * row + i + 1] + \
                            16 * levels[(j + 1) * row + i] + 64 * levels[(j + 1) * row + i + 1]
                        best = min(best, grades[code])
                if best == 0:
                    break
            if best == 0:
                break
        out[p] = best
    return out
