"""Movement fields: what every square costs to reach for one creature, and the path there.

The board is physical; what a step costs is the ruleset's, handed in as a MoveRules record
(game/core/rules_data.py): a step into a position costs its diagonal count (1, or 2 for every
second diagonal under "5-10-5") times the position's multiplier, plus its extra squares. The
multiplier gathers the terrain kinds of the space entered (its worst square), another
creature's space, squeezing, crawling, swimming or climbing without the speed, stacked as the
rules say. Everywhere: a hostile creature's space is impassable unless the sizes are far
enough apart (the rules say how far); no move ends in another creature's space (tiny creatures
share, four to a square); a creature squeezes into the space of the next smaller size; a
diagonal step passes between at most as many blocked squares as the rules allow. Positions
are the top-left square of the mover's space.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from .board import SQUARE_M, STEPS, Board, window_all, window_any, window_max
from .rules_data import MoveRules, diagonals_of
from .sizes import SPACE_SQUARES, TINY_PER_SQUARE, size_index, squeezed_squares
from .terrain import TERRAIN

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
    rules: MoveRules
    multiplier: np.ndarray  # per position: 0 impassable, else what a step's count is multiplied by
    extra: np.ndarray  # per position: squares added to a step entering it
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

    def step_cost(self, to: tuple[int, int], diagonal: bool, parity: int) -> tuple[int, int]:
        """The cost in squares of one step into `to`, and the diagonal parity after it."""
        return step_cost_squares(self.multiplier, to, diagonal, parity, self.rules, self.extra)


class PositionCosts(NamedTuple):
    """Per position (the top-left square of the mover's space), what entering it means."""

    multiplier: np.ndarray  # int8: 0 impassable, else what a step's count of squares is multiplied by
    squeezing: np.ndarray  # the mover would be squeezing there
    can_end: np.ndarray  # a move may end here
    terrain_ok: np.ndarray  # the terrain has room (squeezing or not)
    extra: np.ndarray  # int8: squares added to a step entering it


def _combine(rules: MoveRules, a, b):
    """Two multipliers on one position, as the rules stack them."""
    return np.multiply(a, b) if rules.stacking == "product" else np.maximum(a, b)


def _terrain_tables(rules: MoveRules, mover: Mover) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per terrain kind, for this kind of mover: (passable, multiplier, extra squares)."""
    t = TERRAIN
    passable = ~t["blocks_move"] | (t["climbable"] if mover.mode == "climb" else False)
    if mover.mode == "swim":  # swimming is for water: shallow or deep
        passable = passable & t["water"]
    if mover.mode == "fly":  # flying over the ground ignores what lies on it
        return passable, np.ones(len(t), np.int8), np.zeros(len(t), np.int8)
    factor = rules.enter_factor
    if not mover.swims:
        factor = _combine(rules, factor, np.where(t["deep_water"], rules.swim_factor, 1))
    if mover.mode == "climb" and not mover.climbs:
        factor = _combine(rules, factor, np.where(t["climbable"], rules.climb_factor, 1))
    return passable, factor.astype(np.int8), rules.enter_extra


def position_costs(board: Board, mover: Mover, others: list[Occupant], rules: MoveRules) -> PositionCosts:
    """Per position: what entering it costs this mover under the rules, and whether it may stop."""
    passable, factor, extra = (board.lookup(table) for table in _terrain_tables(rules, mover))
    h, w = board.terrain.shape
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
        if other.hostile and abs(size_index(other.size) - my_size) < rules.hostile_size_gap:
            hostile_wall[region] = True
    factor = np.where(occupied, _combine(rules, factor, rules.occupied_factor), factor)

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

    def per_position(values: np.ndarray, reduce) -> np.ndarray:  # over the space the mover takes there
        return np.where(squeezing, reduce(values, small), reduce(values, full))

    valid = terrain_ok & ~per_position(hostile_wall, window_any)
    multiplier = per_position(factor, window_max)  # a space pays for its worst square
    multiplier = np.where(squeezing, _combine(rules, multiplier, rules.squeeze_factor), multiplier)
    if mover.prone:  # crawling, dearer where something else costs more already
        crawl = np.where(multiplier > 1, rules.crawl_costly_factor, rules.crawl_factor)
        multiplier = _combine(rules, multiplier, crawl)
    multiplier = np.where(valid, multiplier, 0).astype(np.int8)
    extra = np.where(valid, per_position(extra, window_max), 0).astype(np.int8)
    if mover.size == "tiny":  # tiny creatures share a square, four to a square
        can_end = ~non_tiny & (tiny_count < TINY_PER_SQUARE)
    else:
        can_end = ~per_position(occupied, window_any)
    can_end &= valid
    return PositionCosts(multiplier, squeezing, can_end, terrain_ok, extra)


def movement_field(
    board: Board,
    start: tuple[int, int],
    mover: Mover,
    others: list[Occupant] = (),
    *,
    rules: MoveRules,
    limit_m: float | None = None,
    start_parity: int = 0,
) -> MovementField:
    """The movement field of a mover at start, priced by the rules. limit_m stops the search
    at that cost; start_parity is 1 when an odd number of diagonals was already moved this turn
    (it matters when every second diagonal counts 2).
    """
    multiplier, squeezing, can_end, terrain_ok, extra = position_costs(board, mover, list(others), rules)
    h, w = multiplier.shape
    n = h * w
    sx, sy = start
    passable = multiplier > 0
    passable_from = passable.copy()
    passable_from[sy, sx] = True  # the mover may always leave where it stands
    # each step's cost, per direction and source square: a step that may not be taken keeps its
    # place in the graph at an infinite cost (so the graph's shape is the board's); a diagonal
    # step passes between at most rules.corner_cutting blocked squares; a hair's extra weight on
    # diagonals makes ties prefer straight steps (paths look natural), and rounding the
    # distances removes it
    steps = np.full((len(STEPS), h, w), np.inf)
    extras = np.zeros((len(STEPS), h, w)) if rules.has_extra else None
    for k, (dx, dy) in enumerate(STEPS):
        here = np.s_[max(0, -dy): h - max(0, dy), max(0, -dx): w - max(0, dx)]
        there = np.s_[max(0, dy): h - max(0, -dy), max(0, dx): w - max(0, -dx)]
        can = passable[there] & passable_from[here]
        cost = multiplier[there].astype(np.float64)
        if dx and dy:
            beside_x = np.s_[here[0], there[1]]  # the square a step of dx alone reaches
            beside_y = np.s_[there[0], here[1]]
            if rules.corner_cutting == 1:
                can &= terrain_ok[beside_x] | terrain_ok[beside_y]
            elif rules.corner_cutting == 0:
                can &= terrain_ok[beside_x] & terrain_ok[beside_y]
            cost += _TIE_BREAK
        steps[k][here] = np.where(can, cost, np.inf)
        if extras is not None:
            extras[k][here] = extra[there]
    by_direction = board.neighbour_edges()[3]
    weight = steps.ravel()[by_direction]
    parities = 2 if rules.alternating else 1
    indptr, indices, edge, factor = board.step_graph(parities)
    if parities == 2:
        # orthogonal steps keep the parity; a diagonal from even costs 1 and flips, from odd 2
        weight = weight[edge] * factor
    if extras is not None:  # squares added per step, whatever the diagonal counts
        added = extras.ravel()[by_direction]
        weight = weight + (added[edge] if parities == 2 else added)
    nodes = n * parities
    graph = csr_matrix((weight, indices, indptr), shape=(nodes, nodes))
    origin = sy * w + sx + (n if start_parity and parities == 2 else 0)
    limit = np.inf if limit_m is None else limit_m / SQUARE_M + 0.01
    dist, pred = dijkstra(graph, indices=origin, return_predecessors=True, limit=limit)
    best = np.round(dist.reshape(parities, h, w).min(axis=0)) * SQUARE_M
    field = MovementField(
        start=(sx, sy),
        rules=rules,
        multiplier=multiplier,
        extra=extra,
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
                      diagonals, extra: np.ndarray | None = None) -> tuple[int, int]:
    """The cost in squares of one step into `to`, and the diagonal parity after it.

    diagonals: a name of rules_data.DIAGONALS or a MoveRules; extra: the field's extra
    squares per position (none when omitted).
    """
    base = int(multiplier[to[1], to[0]])
    added = 0 if extra is None else int(extra[to[1], to[0]])
    if diagonal and diagonals_of(diagonals) == "5-10-5":
        return base * (2 if parity else 1) + added, 1 - parity
    return base + added, parity
