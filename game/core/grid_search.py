"""The compiled cheapest-path search of a movement field (numba): Dijkstra's search over the
positions of a window, each step priced as it is taken from what movement.py worked out per
position (its multiplier, whether its terrain has room, its extra squares).

movement.py owns what a step costs and why; this module is its inner loop, compiled once per
machine (numba keeps the machine code beside this file; NUMBA_DISABLE_JIT=1 runs the same code
as plain Python). The search's graph has a node per position of the window (row-major), twice
over when every second diagonal counts 2 (the second copy: an odd number of diagonals made);
a step is one of the eight neighbour steps:

- into a position of multiplier 0: never taken (impassable);
- diagonal, with rules' corner cutting below 2: taken only when at most that many of the two
  squares beside it (the squares a step along x alone and along y alone reach) lack room;
- its weight: the multiplier, plus a hair (TIE_BREAK) on a diagonal, so that among equal paths
  the straighter one is cheaper; under alternating diagonals a diagonal made with an odd count
  already counts twice (hair included), and with flat costly diagonals a diagonal into a
  position of multiplier m >= 2 counts m + m // 2 (and its hair) from either parity; then the
  extra squares of the position entered. Rounding the distance drops the hairs.

Ties are broken one way, whatever the library: the nodes are settled in the order of their
distance, then of their index, and a node's predecessor is the first settled node that gave it
its distance. So a field, its paths and the moves and opportunity attacks they make depend on
the board and the rules alone.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from .board import STEPS

TIE_BREAK = 1e-5
UNREACHED = -9999  # the predecessor of the start and of every node the search did not reach

# the eight neighbour steps (board.STEPS; their order changes nothing: ties go by distance and index)
_DX = np.array([dx for dx, _dy in STEPS], np.int64)
_DY = np.array([dy for _dx, dy in STEPS], np.int64)


_SQUARES = types.Array(types.int8, 2, "C", readonly=True)
_ROOM = types.Array(types.boolean, 2, "C", readonly=True)
# one signature, compiled when the module is first imported on a machine (then read from the
# cache): arrays read only, whoever made them, so that no call compiles another version
_SIGNATURE = types.Tuple((types.float64[::1], types.int32[::1]))(
    _SQUARES, _ROOM, _SQUARES, types.int64, types.int64, types.int64, types.boolean, types.boolean, types.float64)


@njit(_SIGNATURE, cache=True, nogil=True)
def _search(multiplier, room, extra, origin, parities, corner_cutting, flat_costly, has_extra, limit):
    """Dijkstra's search in buckets of whole squares: a step costs at least a square (its hairs
    and halves stay below one more), so every node it reaches falls in a later bucket than the
    node it leaves, and a bucket is complete when its turn comes. Its nodes are settled in the
    order of their distance, then of their index (a sort of the bucket's few entries)."""
    h, w = multiplier.shape
    n = h * w
    nodes = n * parities
    dist = np.full(nodes, np.inf)
    pred = np.full(nodes, UNREACHED, np.int32)
    settled = np.zeros(nodes, np.bool_)
    most = 0  # the dearest step's whole squares, so that the buckets in use fit in a ring
    for value in multiplier.ravel():
        most = max(most, int(value))
    slots = 2 * most + 2
    if has_extra:
        for value in extra.ravel():
            slots = max(slots, 2 * most + int(value) + 2)
    capacity = nodes * 8 + 1  # a node is entered at most once per step into it, and the start
    entry_node = np.empty(capacity, np.int64)
    entry_next = np.empty(capacity, np.int64)  # the next entry of the same bucket (-1: none)
    head = np.full(slots, -1, np.int64)
    entries = 1
    live = 1  # entries in the buckets not yet taken
    dist[origin] = 0.0
    entry_node[0] = origin
    entry_next[0] = -1
    head[0] = 0
    batch_dist = np.empty(nodes, np.float64)  # a bucket's nodes, each taken once
    batch_node = np.empty(nodes, np.int64)
    level = 0
    while live > 0:
        slot = level % slots
        entry = head[slot]
        head[slot] = -1
        count = 0
        while entry >= 0:  # the bucket's entries still standing, sorted as they come
            live -= 1
            v = entry_node[entry]
            entry = entry_next[entry]
            d = dist[v]
            if settled[v] or int(d) != level:
                continue  # left behind by a cheaper way found since (or the same node again)
            settled[v] = True  # (marked now: entered twice, it is taken once)
            i = count
            count += 1
            while i > 0 and (batch_dist[i - 1] > d or (batch_dist[i - 1] == d and batch_node[i - 1] > v)):
                batch_dist[i], batch_node[i] = batch_dist[i - 1], batch_node[i - 1]
                i -= 1
            batch_dist[i], batch_node[i] = d, v
        for taken in range(count):
            d = batch_dist[taken]
            v = batch_node[taken]
            parity = v // n
            position = v - parity * n
            y, x = position // w, position % w
            for step in range(8):
                dx, dy = _DX[step], _DY[step]
                tx, ty = x + dx, y + dy
                if tx < 0 or ty < 0 or tx >= w or ty >= h:
                    continue
                m = multiplier[ty, tx]
                if m <= 0:
                    continue
                weight = float(m)
                after = parity
                if dx != 0 and dy != 0:
                    if corner_cutting < 2:
                        beside_x, beside_y = room[y, tx], room[ty, x]
                        if corner_cutting == 1:
                            if not (beside_x or beside_y):
                                continue
                        elif not (beside_x and beside_y):
                            continue
                    weight += TIE_BREAK
                    if parities == 2:
                        if flat_costly and m >= 2:
                            weight = float(m) + float(m // 2) + TIE_BREAK
                        elif parity == 1:
                            weight *= 2.0
                        after = 1 - parity
                if has_extra:
                    weight += float(extra[ty, tx])
                target = after * n + ty * w + tx
                if settled[target]:
                    continue
                reached = d + weight
                if reached <= limit and reached < dist[target]:
                    dist[target] = reached
                    pred[target] = v
                    bucket = int(reached) % slots
                    entry_node[entries] = target
                    entry_next[entries] = head[bucket]
                    head[bucket] = entries
                    entries += 1
                    live += 1
        level += 1
    return dist, pred


def cheapest_paths(multiplier: np.ndarray, room: np.ndarray, extra: np.ndarray, origin: int, *, parities: int,
                   corner_cutting: int, flat_costly: bool, has_extra: bool,
                   limit: float) -> tuple[np.ndarray, np.ndarray]:
    """Per node (position x diagonal parity, see the module), the distance in squares from
    `origin` (inf beyond `limit` or out of reach) and the node before it on its cheapest path
    (UNREACHED for the start and the nodes not reached). multiplier, extra: int8 per position
    of the window; room: whether each position's terrain has room."""
    return _search(_read_only(multiplier, np.int8), _read_only(room, np.bool_), _read_only(extra, np.int8),
                   int(origin), int(parities), int(corner_cutting), bool(flat_costly), bool(has_extra), float(limit))


def _read_only(values: np.ndarray, dtype) -> np.ndarray:
    """The array as the search's signature takes it: contiguous, of that type, read only (a view
    when it is not so already; the caller's array is left as it was)."""
    values = np.ascontiguousarray(values, dtype)
    if values.flags.writeable:
        values = values.view()
        values.flags.writeable = False
    return values
