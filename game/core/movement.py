"""Movement fields: what every square costs to reach for one creature, and the path there.

5e, "Mouvement et position": difficult terrain costs double and does not stack; a
non-hostile creature's space is difficult terrain; a hostile creature's space is impassable
unless it is two sizes bigger or smaller; no move may end in another creature's space;
squeezing into a space one size smaller costs double; crawling costs double (triple in
difficult terrain, SRD 5.1). Deep water costs double without a swim speed, climbing double
without a climb speed. Positions are the top-left square of the mover's space.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from .board import SQUARE_M, STEPS, Board, window_all, window_any
from .sizes import SPACE_SQUARES, TINY_PER_SQUARE, size_index, squeezed_squares

MODES = ("walk", "fly", "swim", "climb")
_TIE_BREAK = 1e-5


@dataclass(frozen=True)
class Mover:
    """What a movement field needs to know of the creature that moves."""

    size: str = "medium"
    mode: str = "walk"
    prone: bool = False
    swims: bool = False  # has a swim speed
    climbs: bool = False  # has a climb speed


@dataclass(frozen=True)
class Occupant:
    """Another creature on the board: its space and how the mover regards it."""

    x: int
    y: int
    side: int  # squares
    size: str
    hostile: bool


@dataclass
class MovementField:
    """Costs in metres of reaching each position, with paths, for one mover from one start."""

    start: tuple[int, int]
    multiplier: np.ndarray  # per position: 0 impassable, else cost of one square in squares
    squeezing: np.ndarray  # per position: the mover would be squeezing there
    can_end: np.ndarray  # per position: a move may end here
    terrain_ok: np.ndarray  # per position: the terrain has room (squeezing or not)
    cost: np.ndarray  # per position, metres; inf when out of reach
    _dist: np.ndarray
    _predecessors: np.ndarray
    _nodes: int
    _parities: int

    def reachable(self, budget_m: float) -> np.ndarray:
        """Positions where a move costing at most budget_m may end (the start excluded)."""
        mask = (self.cost <= budget_m + 1e-9) & self.can_end
        mask[self.start[1], self.start[0]] = False
        return mask

    def cost_to(self, x: int, y: int) -> float:
        h, w = self.cost.shape
        if not (0 <= x < w and 0 <= y < h):
            return float("inf")
        return float(self.cost[y, x])

    def path_to(self, x: int, y: int) -> list[tuple[int, int]]:
        """The cheapest path to (x, y), start excluded; empty when unreachable."""
        if not np.isfinite(self.cost_to(x, y)):
            return []
        w = self.cost.shape[1]
        cell = y * w + x
        node = min(range(self._parities), key=lambda p: self._dist[p * self._nodes + cell])
        node = node * self._nodes + cell
        path = []
        while self._predecessors[node] >= 0:
            rest = node % self._nodes
            path.append((rest % w, rest // w))
            node = int(self._predecessors[node])
        return path[::-1]


def position_costs(board: Board, mover: Mover, others: list[Occupant]) -> tuple[np.ndarray, ...]:
    """Per position: (multiplier, squeezing, can_end, terrain_ok) for this mover."""
    terrain = board.terrain
    blocks = board.prop("blocks_move")
    climbable = board.prop("climbable")
    passable = ~blocks | (climbable if mover.mode == "climb" else False)
    if mover.mode == "swim":  # swimming is for water: shallow or deep
        passable = passable & (board.prop("deep_water") | (board.prop("name") == "shallow-water"))
    if mover.mode == "fly":
        costly = np.zeros_like(blocks)  # flying over the ground ignores its difficult terrain
    else:
        costly = board.prop("difficult").copy()
        if not mover.swims:
            costly |= board.prop("deep_water")
        if mover.mode == "climb" and not mover.climbs:
            costly |= climbable

    h, w = terrain.shape
    occupied = np.zeros((h, w), bool)
    hostile_wall = np.zeros((h, w), bool)
    tiny_count = np.zeros((h, w), np.int8)
    non_tiny = np.zeros((h, w), bool)
    my_size = size_index(mover.size)
    for other in others:
        region = np.s_[other.y: other.y + other.side, other.x: other.x + other.side]
        occupied[region] = True
        if other.size == "tiny":
            tiny_count[region] += 1
        else:
            non_tiny[region] = True
        if other.hostile and abs(size_index(other.size) - my_size) < 2:
            hostile_wall[region] = True

    full = SPACE_SQUARES[mover.size]
    fits_full = window_all(passable, full)
    if full > 1:
        small = squeezed_squares(mover.size)
        fits_small = window_all(passable, small)
        # squeezing is for narrow places on the board, not for hanging over its edge
        squeezing = window_all(np.ones((h, w), bool), full) & ~fits_full & fits_small
    else:
        small = full
        squeezing = np.zeros((h, w), bool)
    terrain_ok = fits_full | squeezing

    def per_position(mask: np.ndarray) -> np.ndarray:
        return np.where(squeezing, window_any(mask, small), window_any(mask, full))

    valid = terrain_ok & ~per_position(hostile_wall)
    doubled = per_position(costly | occupied) | squeezing
    if mover.prone:  # crawling: double, triple where it would be doubled anyway (SRD 5.1)
        multiplier = np.where(doubled, 3, 2)
    else:
        multiplier = np.where(doubled, 2, 1)
    multiplier = np.where(valid, multiplier, 0).astype(np.int8)
    if mover.size == "tiny":  # tiny creatures share a square, four to a square
        can_end = ~non_tiny & (tiny_count < TINY_PER_SQUARE)
    else:
        can_end = ~per_position(occupied)
    can_end &= valid
    return multiplier, squeezing, can_end, terrain_ok


def movement_field(
    board: Board,
    start: tuple[int, int],
    mover: Mover,
    others: list[Occupant] = (),
    diagonals: str = "5-5-5",
    limit_m: float | None = None,
    start_parity: int = 0,
) -> MovementField:
    """The movement field of a mover at start. limit_m stops the search at that cost.

    With diagonals "5-10-5" every second diagonal costs double (the variant rule);
    start_parity is 1 when an odd number of diagonals was already moved this turn.
    """
    multiplier, squeezing, can_end, terrain_ok = position_costs(board, mover, list(others))
    h, w = multiplier.shape
    n = h * w
    sx, sy = start
    passable = multiplier > 0
    passable_from = passable.copy()
    passable_from[sy, sx] = True  # the mover may always leave where it stands
    # each step's cost, per direction and source square: a step that may not be taken keeps its
    # place in the graph at an infinite cost (so the graph's shape is the board's); a diagonal
    # step may not slip between two blocked corners; a hair's extra weight on diagonals makes
    # ties prefer straight steps (paths look natural), and rounding the distances removes it
    steps = np.full((len(STEPS), h, w), np.inf)
    for k, (dx, dy) in enumerate(STEPS):
        here = np.s_[max(0, -dy): h - max(0, dy), max(0, -dx): w - max(0, dx)]
        there = np.s_[max(0, dy): h - max(0, -dy), max(0, dx): w - max(0, -dx)]
        can = passable[there] & passable_from[here]
        cost = multiplier[there].astype(np.float64)
        if dx and dy:
            beside_x = np.s_[here[0], there[1]]  # the square a step of dx alone reaches
            beside_y = np.s_[there[0], here[1]]
            can &= terrain_ok[beside_x] | terrain_ok[beside_y]
            cost += _TIE_BREAK
        steps[k][here] = np.where(can, cost, np.inf)
    weight = steps.ravel()[board.neighbour_edges()[3]]
    parities = 2 if diagonals == "5-10-5" else 1
    indptr, indices, edge, factor = board.step_graph(parities)
    if parities == 2:
        # orthogonal steps keep the parity; a diagonal from even costs 1 and flips, from odd 2
        weight = weight[edge] * factor
    nodes = n * parities
    graph = csr_matrix((weight, indices, indptr), shape=(nodes, nodes))
    origin = sy * w + sx + (n if start_parity and parities == 2 else 0)
    limit = np.inf if limit_m is None else limit_m / SQUARE_M + 0.01
    dist, pred = dijkstra(graph, indices=origin, return_predecessors=True, limit=limit)
    best = np.round(dist.reshape(parities, h, w).min(axis=0)) * SQUARE_M
    field = MovementField(
        start=(sx, sy),
        multiplier=multiplier,
        squeezing=squeezing,
        can_end=can_end,
        terrain_ok=terrain_ok,
        cost=best,
        _dist=dist,
        _predecessors=pred,
        _nodes=n,
        _parities=parities,
    )
    return field


def step_cost_squares(multiplier: np.ndarray, to: tuple[int, int], diagonal: bool, parity: int,
                      diagonals: str) -> tuple[int, int]:
    """The cost in squares of one step into `to`, and the diagonal parity after it."""
    base = multiplier[to[1], to[0]]
    if diagonal and diagonals == "5-10-5":
        return int(base) * (2 if parity else 1), 1 - parity
    return int(base), parity
