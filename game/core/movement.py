"""Movement fields: what every square costs to reach for one creature, and the path there.

The board is physical; what a step costs is the ruleset's, handed in as a MoveRules record
(game/core/rules_data.py): a step into a position costs its diagonal count (1, or 2 for every
second diagonal under "5-10-5") times the position's multiplier, plus its extra squares (3.5:
a diagonal into a costly position counts 1.5 times its multiplier, rounded down). The
multiplier gathers the terrain kinds of the space entered (its worst square), another
creature's space, squeezing, crawling, swimming or climbing without the speed, stacked as the
rules say (squeezing may stack its own way). Everywhere: a hostile creature's space is
impassable unless the sizes are far enough apart (the rules say how far); no move ends in
another creature's space (tiny creatures share, four to a square); a creature squeezes into the
space of the next smaller size; a diagonal step passes between at most as many blocked squares
as the rules allow. Positions are the top-left square of the mover's space.

A search with a limit only looks at the window of positions it can reach: every step costs
at least one square, so the positions within limit / 1.5 m squares of the start (in rows and
columns), on the terrain under their spaces. The search itself is grid_search's (compiled):
it prices each step from the positions' costs as it takes it, and breaks ties one way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

import numpy as np
from .board import SQUARE_M, Board
from .grid_search import cheapest_paths
from .path_bits import left_along_paths
from .position_prices import STACKING_CODES, combine, price_positions
from .rules_data import MoveRules, diagonals_of
from .sizes import SIZES, SPACE_SQUARES, TINY_PER_SQUARE, squeezed_squares
from .terrain import TERRAIN

MODES = ("walk", "fly", "swim", "climb")
_SIZE_INDEX = {size: i for i, size in enumerate(SIZES)}


class Mover(NamedTuple):
    """What a movement field needs to know of the creature that moves (a named tuple: made
    and compared often, as part of a kept field's key)."""

    size: str = "medium"
    mode: str = "walk"
    prone: bool = False
    swims: bool = False  # has a swim speed
    climbs: bool = False  # has a climb speed


class Occupant(NamedTuple):
    """Another creature on the board: its space and how the mover regards it (a named tuple,
    as Mover)."""

    x: int
    y: int
    side: int  # squares
    size: str
    hostile: bool


class PositionCosts(NamedTuple):
    """Per position (the top-left square of the mover's space), what entering it means."""

    multiplier: np.ndarray  # int8: 0 impassable, else what a step's count of squares is multiplied by
    squeezing: np.ndarray  # the mover would be squeezing there
    can_end: np.ndarray  # a move may end here
    terrain_ok: np.ndarray  # the terrain has room (squeezing or not)
    extra: np.ndarray  # int8: squares added to a step entering it


@dataclass(eq=False)
class MovementField:
    """Costs in metres of reaching each position, with paths, for one mover from one start.

    The arrays span the board; a field searched with a limit knows only the window around its
    start that the limit allows (outside it: out of reach, impassable, no end).
    """

    start: tuple[int, int]
    rules: MoveRules
    shape: tuple[int, int]  # the board's (rows, columns)
    origin: tuple[int, int]  # the window's top-left position on the board
    window: PositionCosts  # over the window
    window_cost: np.ndarray  # metres, over the window; inf when out of reach
    _dist: np.ndarray  # per graph node (position in the window, x diagonal parity), squares
    _predecessors: np.ndarray
    _parities: int

    def _board_wide(self, values: np.ndarray, outside) -> np.ndarray:
        if values.shape == self.shape:
            return values
        out = np.full(self.shape, outside, values.dtype)
        x0, y0 = self.origin
        out[y0: y0 + values.shape[0], x0: x0 + values.shape[1]] = values
        return out

    @cached_property
    def cost(self) -> np.ndarray:
        """Per position, metres; inf when out of reach."""
        return self._board_wide(self.window_cost, np.inf)

    @cached_property
    def multiplier(self) -> np.ndarray:
        """Per position: 0 impassable, else what a step's count of squares is multiplied by."""
        return self._board_wide(self.window.multiplier, 0)

    @cached_property
    def extra(self) -> np.ndarray:
        """Per position: squares added to a step entering it."""
        return self._board_wide(self.window.extra, 0)

    @cached_property
    def squeezing(self) -> np.ndarray:
        """Per position: the mover would be squeezing there."""
        return self._board_wide(self.window.squeezing, False)

    @cached_property
    def can_end(self) -> np.ndarray:
        """Per position: a move may end here."""
        return self._board_wide(self.window.can_end, False)

    @cached_property
    def terrain_ok(self) -> np.ndarray:
        """Per position: the terrain has room (squeezing or not)."""
        return self._board_wide(self.window.terrain_ok, False)

    def reachable(self, budget_m: float) -> np.ndarray:
        """Positions where a move costing at most budget_m may end (the start excluded)."""
        mask = (self.window_cost <= budget_m + 1e-9) & self.window.can_end
        x0, y0 = self.origin
        mask[self.start[1] - y0, self.start[0] - x0] = False
        return self._board_wide(mask, False)

    def cost_to(self, x: int, y: int) -> float:
        x0, y0 = self.origin
        h, w = self.window_cost.shape
        if not (0 <= x - x0 < w and 0 <= y - y0 < h):
            return float("inf")
        return float(self.window_cost[y - y0, x - x0])

    def path_to(self, x: int, y: int) -> list[tuple[int, int]]:
        """The cheapest path to (x, y), start excluded; empty when unreachable."""
        if not math.isfinite(self.cost_to(x, y)):
            return []
        x0, y0 = self.origin
        return list(self._path_of(self._cheapest_nodes[(y - y0) * self.window_cost.shape[1] + (x - x0)]))

    @cached_property
    def _cheapest_nodes(self) -> list[int]:
        """Per position of the window, its graph node of the fewest squares (the first such
        parity: a path ends at the cheaper of the diagonal parities it may arrive with)."""
        return self._cheapest_node_array.tolist()

    @cached_property
    def _cheapest_node_array(self) -> np.ndarray:
        nodes = self.window_cost.size
        parity = np.argmin(self._dist.reshape(self._parities, nodes), axis=0)
        return parity * nodes + np.arange(nodes)

    @cached_property
    def _paths(self) -> dict[int, tuple[tuple[int, int], ...]]:
        """The paths found so far, by graph node: paths share their beginnings (the searched
        tree), so each is its predecessor's and one square more."""
        return {}

    @cached_property
    def _predecessor_list(self) -> list[int]:
        return self._predecessors.tolist()  # plain ints: read one by one, faster than the array

    def _path_of(self, node: int) -> tuple[tuple[int, int], ...]:
        """The squares from the start (excluded) to this graph node, along the predecessors."""
        paths, before = self._paths, self._predecessor_list
        x0, y0 = self.origin
        w = self.window_cost.shape[1]
        nodes = self.window_cost.size
        walked = []  # the nodes back to a known path, or to the start
        while node not in paths and before[node] >= 0:
            walked.append(node)
            node = before[node]
        path = paths.get(node, ())
        for node in reversed(walked):
            rest = node % nodes
            path = paths[node] = path + ((x0 + rest % w, y0 + rest // w),)
        return path

    def left_on_the_way(self, zones: np.ndarray) -> np.ndarray:
        """Per position of the board, the bits of `zones` (an int64 per square of the board, one
        bit per zone covering it) that the cheapest path there leaves at one of its steps, the
        start's square included (path_to's squares, walked); 0 where it cannot be reached."""
        x0, y0 = self.origin
        h, w = self.window_cost.shape
        per_node = left_along_paths(self._predecessors, zones[y0:y0 + h, x0:x0 + w])
        reached = np.isfinite(self.window_cost).ravel()
        left = np.where(reached, per_node[self._cheapest_node_array], 0).reshape(h, w)
        return self._board_wide(left, 0)

    def corner_ok(self, frm: tuple[int, int], to: tuple[int, int]) -> bool:
        """Whether a step from frm to to passes the corner rule (rules.corner_cutting: how many of
        the two squares beside a diagonal step may be blocked), as the search applies it."""
        if frm[0] == to[0] or frm[1] == to[1] or self.rules.corner_cutting >= 2:
            return True
        beside_x = bool(self.terrain_ok[frm[1], to[0]])  # the square a step along x alone reaches
        beside_y = bool(self.terrain_ok[to[1], frm[0]])
        return (beside_x or beside_y) if self.rules.corner_cutting == 1 else (beside_x and beside_y)

    def step_cost(self, to: tuple[int, int], diagonal: bool, parity: int) -> tuple[int, int]:
        """The cost in squares of one step into `to`, and the diagonal parity after it."""
        return step_cost_squares(self.multiplier, to, diagonal, parity, self.rules, self.extra)


def _combine(rules: MoveRules, a, b):
    """Two multipliers on one position, as the rules stack them (position_prices.combine)."""
    return combine(a, b, STACKING_CODES[rules.stacking])


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


def _terrain_squares(board: Board, rules: MoveRules, mover: Mover) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per square of the board: (passable, multiplier, extra squares) of its terrain (kept)."""
    return board.derived(("move", rules, mover.mode, mover.swims, mover.climbs),
                         lambda: tuple(board.lookup(t) for t in _terrain_tables(rules, mover)))


def position_costs(board: Board, mover: Mover, others: list[Occupant], rules: MoveRules) -> PositionCosts:
    """Per position on the board: what entering it costs this mover under the rules."""
    return _position_costs(board, mover, others, rules, (0, 0, board.width, board.height))


def _position_costs(board: Board, mover: Mover, others, rules: MoveRules,
                    window: tuple[int, int, int, int]) -> PositionCosts:
    """position_costs over the positions of a window (x0, y0, x1, y1) of the board's squares
    (positions whose space leaves the window are priced as if it left the board): the terrain
    under each space and the other creatures there, priced in one compiled pass
    (position_prices.price_positions)."""
    x0, y0, x1, y1 = window
    # (copied, contiguous and writable: the compiled pass has the one signature it is compiled for)
    passable, factor, extra = (np.array(a[y0:y1, x0:x1]) for a in _terrain_squares(board, rules, mover))
    my_size = _SIZE_INDEX[mover.size]
    w, h = x1 - x0, y1 - y0
    rows = []
    for other in others:  # in the window's squares; a hostile creature close in size is a wall
        ox, oy, side = other.x - x0, other.y - y0, other.side
        if ox >= w or oy >= h or ox + side <= 0 or oy + side <= 0:
            continue  # outside the window
        wall = other.hostile and abs(_SIZE_INDEX[other.size] - my_size) < rules.hostile_size_gap
        rows.append((ox, oy, side, other.size == "tiny", wall))
    squeeze_stacking = rules.squeeze_stacking or rules.stacking
    priced = price_positions(
        passable, factor, extra, np.array(rows, np.int64).reshape(-1, 5), SPACE_SQUARES[mover.size],
        squeezed_squares(mover.size), mover.prone, mover.size == "tiny", rules.occupied_factor,
        STACKING_CODES[rules.stacking], rules.squeeze_factor, STACKING_CODES[squeeze_stacking], rules.crawl_factor,
        rules.crawl_costly_factor, rules.has_extra, TINY_PER_SQUARE)
    return PositionCosts(*priced)


def search_window(board: Board, start: tuple[int, int], side: int, limit_m: float | None) -> tuple[int, int, int, int]:
    """The squares (x0, y0, x1, y1) a search from start needs: the whole board without a limit;
    with one, the positions within its reach in rows and columns (every step costs at least one
    square: MoveRules checks it) and the squares of their spaces."""
    if limit_m is None:
        return 0, 0, board.width, board.height
    reach = max(0, int(limit_m / SQUARE_M + 0.01))
    sx, sy = start
    return (max(0, sx - reach), max(0, sy - reach),
            min(board.width, sx + reach + side), min(board.height, sy + reach + side))


def movement_field(
    board: Board,
    start: tuple[int, int],
    mover: Mover,
    others: list[Occupant] = (),
    *,
    rules: MoveRules,
    limit_m: float | None = None,
    start_parity: int = 0,
    costs: PositionCosts | None = None,
) -> MovementField:
    """The movement field of a mover at start, priced by the rules. limit_m stops the search
    at that cost; start_parity is 1 when an odd number of diagonals was already moved this turn
    (it matters when every second diagonal counts 2); costs: the positions' costs over this
    search's window, when the caller kept them (they are the same whatever the start).
    """
    window = search_window(board, start, SPACE_SQUARES[mover.size], limit_m)
    if costs is None:
        costs = _position_costs(board, mover, others, rules, window)
    x0, y0, x1, y1 = window
    h, w = y1 - y0, x1 - x0
    n = h * w
    parities = 2 if rules.alternating else 1
    sx, sy = start
    origin = (sy - y0) * w + (sx - x0) + (n if start_parity and parities == 2 else 0)
    limit = np.inf if limit_m is None else limit_m / SQUARE_M + 0.01
    dist, pred = cheapest_paths(costs.multiplier, costs.terrain_ok, costs.extra, origin, parities=parities,
                                corner_cutting=rules.corner_cutting, flat_costly=rules.flat_costly_diagonals,
                                has_extra=rules.has_extra, limit=limit)
    best = dist.reshape(h, w) if parities == 1 else dist.reshape(parities, h, w).min(axis=0)
    return MovementField(
        start=(sx, sy), rules=rules, shape=board.terrain.shape, origin=(x0, y0), window=costs,
        window_cost=np.round(best) * SQUARE_M, _dist=dist, _predecessors=pred, _parities=parities,
    )


def kept_costs(board: Board, mover: Mover, others, rules: MoveRules,
               window: tuple[int, int, int, int]) -> PositionCosts:
    """The positions' costs over a window, read only: kept_field shares them between the
    searches of that window (what a search prices does not depend on where it starts)."""
    costs = _position_costs(board, mover, others, rules, window)
    for shared in costs:
        shared.flags.writeable = False
    return costs


FIELDS_KEPT = 32  # a battle's fields of the last few positions (a decision, its check, the move itself)


def kept_field(kept: dict, board: Board, start: tuple[int, int], mover: Mover, others, *, rules: MoveRules,
               limit_m: float | None = None, start_parity: int = 0) -> MovementField:
    """movement_field, kept in `kept` (a battle's store: its board never changes) under all else
    it depends on, the last FIELDS_KEPT of them: a computer player's look, the check of its move
    and the move itself search once. The positions' costs of a window (kept_costs: the same
    whatever the start) are kept there too, the last FIELDS_KEPT: a creature that moved
    searches again from its new square over the same costs while nobody else moved."""
    others = tuple(others)
    fields = kept.setdefault("fields", {})
    key = (start, start_parity, mover, others, rules, limit_m)
    found = fields.get(key)
    if found is None:
        window = search_window(board, start, SPACE_SQUARES[mover.size], limit_m)
        prices = kept.setdefault("costs", {})
        costs_key = (window, mover, others, rules)
        costs = prices.get(costs_key)
        if costs is None:
            if len(prices) >= FIELDS_KEPT:
                del prices[next(iter(prices))]  # the oldest goes
            costs = prices[costs_key] = kept_costs(board, mover, list(others), rules, window)
        if len(fields) >= FIELDS_KEPT:
            del fields[next(iter(fields))]  # the oldest goes
        found = fields[key] = movement_field(board, start, mover, list(others), rules=rules, limit_m=limit_m,
                                             start_parity=start_parity, costs=costs)
    return found


def step_cost_squares(multiplier: np.ndarray, to: tuple[int, int], diagonal: bool, parity: int,
                      diagonals, extra: np.ndarray | None = None) -> tuple[int, int]:
    """The cost in squares of one step into `to`, and the diagonal parity after it.

    diagonals: a name of rules_data.DIAGONALS or a MoveRules; extra: the field's extra
    squares per position (none when omitted).
    """
    base = int(multiplier[to[1], to[0]])
    added = 0 if extra is None else int(extra[to[1], to[0]])
    if diagonal and diagonals_of(diagonals) == "5-10-5":
        if base >= 2 and getattr(diagonals, "flat_costly_diagonals", False):
            return base + base // 2 + added, 1 - parity  # MoveRules.flat_costly_diagonals
        return base * (2 if parity else 1) + added, 1 - parity
    return base + added, parity
