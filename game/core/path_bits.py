"""What the cheapest path to every position steps out of, compiled (numba): a planner asks it
of every square a creature may move to (the opportunity attacks of a walk)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit("int64[::1](int32[::1], int64, int64[::1])", cache=True, nogil=True)
def _left_per_node(predecessors, positions, zones):
    """Per graph node (a position of the window times a diagonal parity): the OR, over the steps
    of the searched tree's path from the start to it, of the zones' bits the step's square had
    and the next square has not. Roots (the start, nodes never reached) leave nothing."""
    count = predecessors.shape[0]
    left = np.zeros(count, np.int64)
    done = np.zeros(count, np.bool_)
    chain = np.empty(count, np.int64)
    for first in range(count):
        node = first
        depth = 0
        while not done[node] and predecessors[node] >= 0:
            chain[depth] = node
            depth += 1
            node = predecessors[node]
        done[node] = True
        while depth > 0:
            depth -= 1
            node = chain[depth]
            before = predecessors[node]
            left[node] = left[before] | (zones[before % positions] & ~zones[node % positions])
            done[node] = True
    return left


def left_along_paths(predecessors: np.ndarray, zones: np.ndarray) -> np.ndarray:
    """For each graph node of a search over `zones.size` positions (zones: an int64 per position
    of the window, one bit per zone that covers it), the bits that the path to it leaves."""
    return _left_per_node(np.ascontiguousarray(predecessors, np.int32), zones.size,
                          np.ascontiguousarray(zones, np.int64).ravel())
