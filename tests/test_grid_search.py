"""The compiled search of movement fields (core.grid_search) against two references: a plain
Dijkstra over the same steps with Python's heapq, settling nodes by distance and then index (the
same answer, predecessors included: ties are broken one way), and scipy's dijkstra over the same
graph (the same distances)."""

import heapq

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from game.core.board import STEPS
from game.core.grid_search import TIE_BREAK, UNREACHED, cheapest_paths


def steps_from(node, multiplier, room, extra, parities, corner_cutting, flat_costly):
    """Every step out of a node, with what it costs, written from the module's list."""
    h, w = multiplier.shape
    n = h * w
    parity, rest = divmod(node, n)
    y, x = divmod(rest, w)
    for dx, dy in STEPS:
        tx, ty = x + dx, y + dy
        if not (0 <= tx < w and 0 <= ty < h) or multiplier[ty, tx] <= 0:
            continue
        m = int(multiplier[ty, tx])
        diagonal = dx and dy
        after, weight = parity, float(m)
        if diagonal:
            beside = [bool(room[y, tx]), bool(room[ty, x])]
            if corner_cutting == 1 and not any(beside) or corner_cutting == 0 and not all(beside):
                continue
            weight = m + TIE_BREAK
            if parities == 2:
                if flat_costly and m >= 2:
                    weight = float(m) + float(m // 2) + TIE_BREAK
                elif parity == 1:
                    weight = (m + TIE_BREAK) * 2.0
                after = 1 - parity
        weight += float(extra[ty, tx])
        yield after * n + ty * w + tx, weight


def reference(multiplier, room, extra, origin, parities, corner_cutting, flat_costly, limit):
    nodes = multiplier.size * parities
    dist = [np.inf] * nodes
    pred = [UNREACHED] * nodes
    settled = [False] * nodes
    dist[origin] = 0.0
    queue = [(0.0, origin)]
    while queue:
        d, v = heapq.heappop(queue)
        if settled[v] or d > dist[v]:
            continue
        settled[v] = True
        for target, weight in steps_from(v, multiplier, room, extra, parities, corner_cutting, flat_costly):
            reached = d + weight
            if not settled[target] and reached <= limit and reached < dist[target]:
                dist[target], pred[target] = reached, v
                heapq.heappush(queue, (reached, target))
    return np.array(dist), np.array(pred)


def scipy_distances(multiplier, room, extra, origin, parities, corner_cutting, flat_costly, limit):
    rows, cols, weights = [], [], []
    for v in range(multiplier.size * parities):
        for target, weight in steps_from(v, multiplier, room, extra, parities, corner_cutting, flat_costly):
            rows.append(v), cols.append(target), weights.append(weight)
    nodes = multiplier.size * parities
    graph = csr_matrix((weights, (rows, cols)), shape=(nodes, nodes))
    return dijkstra(graph, indices=origin, limit=limit)


windows = st.integers(2, 7).flatmap(lambda h: st.integers(2, 7).flatmap(lambda w: st.tuples(
    st.lists(st.lists(st.sampled_from([0, 1, 1, 1, 2, 3]), min_size=w, max_size=w), min_size=h, max_size=h),
    st.lists(st.lists(st.booleans(), min_size=w, max_size=w), min_size=h, max_size=h),
    st.lists(st.lists(st.sampled_from([0, 0, 1]), min_size=w, max_size=w), min_size=h, max_size=h),
    st.integers(0, h * w - 1))))


@settings(max_examples=150, deadline=None)
@given(windows, st.sampled_from([1, 2]), st.sampled_from([0, 1, 2]), st.booleans(), st.booleans(),
       st.sampled_from([np.inf, 3.01, 6.01]), st.integers(0, 1))
def test_the_search_settles_by_distance_then_index_and_finds_scipys_distances(
        window, parities, corner_cutting, flat_costly, has_extra, limit, start_parity):
    rows, room_rows, extra_rows, start = window
    multiplier = np.array(rows, np.int8)
    room = np.array(room_rows, bool) | (multiplier > 0)
    extra = np.array(extra_rows, np.int8) if has_extra else np.zeros_like(multiplier)
    origin = start + (multiplier.size if start_parity and parities == 2 else 0)
    args = (multiplier, room, extra, origin, parities, corner_cutting, flat_costly and parities == 2, limit)
    dist, pred = cheapest_paths(multiplier, room, extra, origin, parities=parities, corner_cutting=corner_cutting,
                                flat_costly=args[6], has_extra=has_extra, limit=limit)
    want_dist, want_pred = reference(*args)
    assert np.array_equal(dist, want_dist)
    assert np.array_equal(pred, want_pred)
    assert np.array_equal(dist, scipy_distances(*args))


def test_among_equal_paths_the_square_settled_first_leads():
    # open floor, 3 x 3, from the top-left corner (squares numbered row by row, 0 to 8): the
    # bottom-middle square 7 costs a step and a diagonal both from 3 (reached at 1, then the
    # diagonal) and from the centre 4 (reached by the diagonal, then a step): 3 is settled
    # first (1 < 1 + hair) and leads; the same for 5, from 1 before 4
    multiplier = np.ones((3, 3), np.int8)
    dist, pred = cheapest_paths(multiplier, np.ones((3, 3), bool), np.zeros((3, 3), np.int8), 0, parities=1,
                                corner_cutting=2, flat_costly=False, has_extra=False, limit=np.inf)
    assert dist[7] == dist[5] == 2 + TIE_BREAK
    assert pred[7] == 3 and pred[5] == 1
    assert pred[8] == 4 and dist[8] == 2 * (1 + TIE_BREAK)  # one way only: two diagonals
    assert pred[0] == UNREACHED and dist[0] == 0
