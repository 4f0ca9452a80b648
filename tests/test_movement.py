"""Movement fields by the 5e rules ("Mouvement et position"), on tiny ASCII maps."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.maps import parse_map
from game.core import movement
from game.core.movement import Mover, Occupant
from game.rules.registry import ruleset


def movement_field(board, start, mover, others=(), diagonals="5-5-5", **kw):
    """The field under the 5e rules (these tests are 5e's)."""
    return movement.movement_field(board, start, mover, others, rules=ruleset("5e").move_rules(diagonals), **kw)


def board(grid: str):
    return parse_map({"grid": grid}).board


def test_open_floor_costs_one_square_per_step_diagonals_included():
    # 5e grid (5-5-5): every square, diagonal or not, costs 1.5 m
    field = movement_field(board(".....\n.....\n....."), (0, 0), Mover())
    assert field.cost_to(4, 2) == pytest.approx(6.0)
    assert field.cost_to(2, 2) == pytest.approx(3.0)


def test_difficult_terrain_costs_double_and_does_not_stack():
    # 5e, Difficult terrain: every metre costs one extra, however many obstacles there are
    field = movement_field(board("#####\n#.:.#\n#####"), (1, 1), Mover())
    assert field.cost_to(2, 1) == pytest.approx(3.0)
    assert field.cost_to(3, 1) == pytest.approx(4.5)
    # a friendly creature in difficult terrain is still only double
    friend = Occupant(2, 1, 1, "medium", hostile=False)
    field = movement_field(board("#####\n#.:.#\n#####"), (1, 1), Mover(), [friend])
    assert field.cost_to(3, 1) == pytest.approx(4.5)


def test_five_ten_five_variant_makes_every_second_diagonal_double():
    field = movement_field(board("....\n....\n....\n...."), (0, 0), Mover(), diagonals="5-10-5")
    assert field.cost_to(1, 1) == pytest.approx(1.5)
    assert field.cost_to(2, 2) == pytest.approx(4.5)  # 5 + 10 ft
    assert field.cost_to(3, 3) == pytest.approx(6.0)  # 5 + 10 + 5 ft
    # a diagonal already moved this turn makes the next one the expensive one
    field = movement_field(board("....\n....\n....\n...."), (0, 0), Mover(), diagonals="5-10-5", start_parity=1)
    assert field.cost_to(1, 1) == pytest.approx(3.0)


def test_hostile_space_is_impassable_but_friendly_is_difficult():
    # 5e, Moving around other creatures
    grid = "#####\n#...#\n#####"
    foe = Occupant(2, 1, 1, "medium", hostile=True)
    field = movement_field(board(grid), (1, 1), Mover(), [foe])
    assert not np.isfinite(field.cost_to(3, 1))
    friend = Occupant(2, 1, 1, "medium", hostile=False)
    field = movement_field(board(grid), (1, 1), Mover(), [friend])
    assert field.cost_to(3, 1) == pytest.approx(4.5)  # through the ally's square: difficult
    assert not field.can_end[1, 2]  # but never stop in it


def test_a_hostile_two_sizes_different_can_be_passed():
    # 5e: a hostile creature's space can be crossed if it is two sizes bigger or smaller
    grid = "######\n#....#\n#....#\n######"
    horse = Occupant(2, 1, 2, "large", hostile=True)
    tiny = Mover(size="tiny")
    field = movement_field(board(grid), (1, 1), tiny, [horse])
    assert np.isfinite(field.cost_to(4, 1))  # under the horse's hooves
    assert not field.can_end[1, 2] and not field.can_end[2, 3]
    medium = movement_field(board(grid), (1, 1), Mover(size="medium"), [horse])
    assert not np.isfinite(medium.cost_to(4, 1)) or medium.path_to(4, 1)[0] not in [(2, 1), (3, 1)]


def test_tiny_creatures_share_a_square_four_to_a_square():
    grid = "...\n..."
    rats = [Occupant(1, 0, 1, "tiny", hostile=False) for _ in range(3)]
    field = movement_field(board(grid), (0, 0), Mover(size="tiny"), rats)
    assert field.can_end[0, 1]
    field = movement_field(board(grid), (0, 0), Mover(size="tiny"), rats + [Occupant(1, 0, 1, "tiny", False)])
    assert not field.can_end[0, 1]
    field = movement_field(board(grid), (0, 0), Mover(size="medium"), rats)
    assert not field.can_end[0, 1]


def test_large_creature_squeezes_through_a_one_square_corridor():
    # 5e, Squeezing into a smaller space: a large creature fits a 1.5 m passage, each metre costs double
    grid = (
        "########\n"
        "#..#####\n"
        "#.......\n"
        "#..#####\n"
        "########"
    )
    field = movement_field(board(grid), (1, 1), Mover(size="large"))
    assert field.squeezing[2, 4] and not field.squeezing[1, 1]
    assert field.cost_to(5, 2) == pytest.approx(4 * 3.0)  # four squeezed steps, each double
    medium = movement_field(board(grid), (1, 1), Mover(size="medium"))
    assert medium.cost_to(5, 2) == pytest.approx(6.0)


def test_huge_creature_cannot_pass_a_corridor_two_sizes_too_narrow():
    grid = "#######\n#...###\n#......\n#...###\n#######"
    field = movement_field(board(grid), (1, 1), Mover(size="huge"))
    assert not np.isfinite(field.cost_to(4, 2))


def test_prone_creature_crawls_at_double_and_triple_in_difficult_terrain():
    # 5e, Being prone: crawling costs 1 extra metre; SRD 5.1: 2 extra in difficult terrain
    field = movement_field(board("...:."), (0, 0), Mover(prone=True))
    assert field.cost_to(2, 0) == pytest.approx(6.0)
    assert field.cost_to(3, 0) == pytest.approx(6.0 + 4.5)


def test_deep_water_costs_double_without_a_swim_speed():
    field = movement_field(board(".~~."), (0, 0), Mover())
    assert field.cost_to(3, 0) == pytest.approx(3.0 + 3.0 + 1.5)
    swimmer = movement_field(board(".~~."), (0, 0), Mover(mode="swim", swims=True))
    assert swimmer.cost_to(2, 0) == pytest.approx(3.0)
    assert not np.isfinite(swimmer.cost_to(3, 0))  # swimming is for water; ashore it walks


def test_cliffs_can_only_be_climbed_and_cost_double_without_a_climb_speed():
    walker = movement_field(board(".^."), (0, 0), Mover())
    assert not np.isfinite(walker.cost_to(2, 0))
    climber = movement_field(board(".^."), (0, 0), Mover(mode="climb"))
    assert climber.cost_to(2, 0) == pytest.approx(3.0 + 1.5)
    spider = movement_field(board(".^."), (0, 0), Mover(mode="climb", climbs=True))
    assert spider.cost_to(2, 0) == pytest.approx(3.0)


def test_flying_ignores_difficult_ground_but_not_walls():
    field = movement_field(board(".::.#."), (0, 0), Mover(mode="fly"))
    assert field.cost_to(3, 0) == pytest.approx(4.5)
    assert not np.isfinite(field.cost_to(5, 0))


def test_no_diagonal_step_between_two_blocked_corners():
    grid = ".#\n#."
    field = movement_field(board(grid), (0, 0), Mover())
    assert not np.isfinite(field.cost_to(1, 1))


def test_path_follows_the_cheapest_way_and_ends_at_the_target():
    grid = "#######\n#.....#\n#.###.#\n#.....#\n#######"
    field = movement_field(board(grid), (1, 1), Mover())
    path = field.path_to(1, 3)
    assert path[-1] == (1, 3)
    assert len(path) == 2
    steps = [(1, 1)] + path
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(steps, steps[1:]))



def plain_path(field, x, y):
    """The path walked back along the search's predecessors, square by square (nothing kept)."""
    x0, y0 = field.origin
    h, w = field.window_cost.shape
    cell = (y - y0) * w + (x - x0)
    node = min(range(field._parities), key=lambda p: field._dist[p * h * w + cell]) * h * w + cell
    path = []
    while field._predecessors[node] >= 0:
        rest = node % (h * w)
        path.append((x0 + rest % w, y0 + rest // w))
        node = int(field._predecessors[node])
    return path[::-1]


@pytest.mark.parametrize("diagonals", ["5-5-5", "5-10-5"])
def test_the_paths_kept_along_the_searched_tree_are_those_walked_back_square_by_square(diagonals):
    # a field keeps each path it gave (paths share their beginnings): asked in any order, each is
    # the walk back along the predecessors, and changing a path given changes no other
    grid = "#########\n#..:....#\n#.##.#..#\n#...:...#\n#########"
    field = movement_field(board(grid), (1, 1), Mover(), diagonals=diagonals, limit_m=9.0)
    squares = [(int(x), int(y)) for y, x in zip(*np.isfinite(field.cost).nonzero())]
    assert len(squares) > 10
    for x, y in sorted(squares, key=lambda s: (-s[0], s[1])) + squares:
        given = field.path_to(x, y)
        assert given == plain_path(field, x, y), (x, y)
        given.append((0, 0))
    far = max(squares, key=lambda s: field.cost_to(*s))
    assert field.path_to(*far)[-1] == far and len(field.path_to(*far)) >= 5 and field.path_to(1, 1) == []


def left_walking(field, zones, x, y) -> int:
    """The zones' bits a walk along path_to leaves, step by step from the start."""
    before, left = int(zones[field.start[1], field.start[0]]), 0
    for sx, sy in field.path_to(x, y):
        after = int(zones[sy, sx])
        left |= before & ~after
        before = after
    return left


def board_and_free_squares(rows):
    """A drawn board and the squares a creature may stand on."""
    b = board("\n".join(rows))
    return b, [(x, y) for y in range(b.height) for x in range(b.width) if not b.blocks_move[y, x]]


@settings(max_examples=40, deadline=None)
@given(st.tuples(st.integers(4, 14), st.integers(4, 14)).flatmap(
    lambda wh: st.lists(st.text(alphabet="...:#", min_size=wh[0], max_size=wh[0]), min_size=wh[1], max_size=wh[1])),
    st.data())
def test_the_zones_left_on_the_way_to_every_square_are_those_its_path_steps_out_of(rows, data):
    # what a planner prices as opportunity attacks: the reaches a walk leaves (5e, Opportunity
    # Attacks: "quand une créature hostile ... sort de votre allonge"), for every square at once
    b, free = board_and_free_squares(rows)
    if not free:
        return
    start = data.draw(st.sampled_from(free))
    diagonals = data.draw(st.sampled_from(["5-5-5", "5-10-5"]))
    limit = data.draw(st.sampled_from([None, 4.5, 9.0]))
    field = movement_field(b, start, Mover(), diagonals=diagonals, limit_m=limit, start_parity=data.draw(st.integers(0, 1)))
    zones = np.zeros(b.terrain.shape, np.int64)
    for bit in range(data.draw(st.integers(1, 5))):  # square reaches around some squares
        cx, cy, r = data.draw(st.integers(0, b.width - 1)), data.draw(st.integers(0, b.height - 1)), data.draw(st.integers(0, 2))
        zones[max(0, cy - r):cy + r + 1, max(0, cx - r):cx + r + 1] |= np.int64(1) << bit
    left = field.left_on_the_way(zones)
    for y in range(b.height):
        for x in range(b.width):
            assert left[y, x] == left_walking(field, zones, x, y), (x, y)


# ---- invariants (hypothesis) -------------------------------------------------------------

grids = st.integers(3, 9).flatmap(
    lambda w: st.lists(st.text(alphabet=".:#~,=", min_size=w, max_size=w), min_size=3, max_size=9)
)


@given(grids, st.data())
def test_costs_are_never_below_the_chebyshev_distance(rows, data):
    b, free = board_and_free_squares(rows)
    if not free:
        return
    start = data.draw(st.sampled_from(free))
    field = movement_field(b, start, Mover(prone=data.draw(st.booleans())))
    ys, xs = np.indices(field.cost.shape)
    chebyshev = np.maximum(abs(xs - start[0]), abs(ys - start[1])) * 1.5
    finite = np.isfinite(field.cost)
    assert (field.cost[finite] >= chebyshev[finite] - 1e-9).all()


@given(grids)
def test_symmetric_maps_give_symmetric_costs(rows):
    rows = [row + row[::-1] for row in rows]  # mirror left-right
    b = board("\n".join(rows))
    w = b.width
    for y in range(b.height):
        if not b.blocks_move[y, 0]:
            left = movement_field(b, (0, y), Mover())
            right = movement_field(b, (w - 1, y), Mover())
            assert np.array_equal(left.cost, right.cost[:, ::-1])
            return


@given(grids, st.data())
def test_a_field_never_ends_a_move_on_an_occupied_square(rows, data):
    b, free = board_and_free_squares(rows)
    if len(free) < 2:
        return
    chosen = data.draw(st.lists(st.sampled_from(free), min_size=2, max_size=6, unique=True))
    start, others = chosen[0], chosen[1:]
    sizes = data.draw(st.lists(st.sampled_from(["tiny", "small", "medium"]), min_size=len(others), max_size=len(others)))
    occupants = [Occupant(x, y, 1, size, hostile=data.draw(st.booleans())) for (x, y), size in zip(others, sizes)]
    mover_size = data.draw(st.sampled_from(["small", "medium"]))
    field = movement_field(b, start, Mover(size=mover_size), occupants)
    reach = field.reachable(1000)
    for o in occupants:
        assert not reach[o.y, o.x]


big_grids = st.tuples(st.integers(8, 24), st.integers(8, 24)).flatmap(
    lambda wh: st.lists(st.text(alphabet="....:#~,=", min_size=wh[0], max_size=wh[0]), min_size=wh[1], max_size=wh[1])
)


@settings(max_examples=30, deadline=None)
@given(big_grids, st.data())
def test_a_search_with_a_limit_on_its_window_finds_the_whole_boards_costs(rows, data):
    # the limited field only builds the window of the board its limit reaches
    b, free = board_and_free_squares(rows)
    if len(free) < 2:
        return
    chosen = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=6, unique=True))
    start, others = chosen[0], chosen[1:]
    occupants = [Occupant(x, y, 1, "medium", hostile=data.draw(st.booleans())) for x, y in others]
    mover = Mover(size=data.draw(st.sampled_from(["small", "medium", "large", "huge"])), prone=data.draw(st.booleans()))
    diagonals = data.draw(st.sampled_from(["5-5-5", "5-10-5"]))
    limit = data.draw(st.sampled_from([1.5, 4.5, 6.0, 9.0, 10.5]))
    parity = data.draw(st.integers(0, 1))
    whole = movement_field(b, start, mover, occupants, diagonals, start_parity=parity)
    limited = movement_field(b, start, mover, occupants, diagonals, limit_m=limit, start_parity=parity)
    within = whole.cost <= limit + 1e-9
    assert np.array_equal(limited.cost, np.where(within, whole.cost, np.inf))
    assert np.array_equal(limited.reachable(limit), whole.reachable(limit))
    for name in ("multiplier", "squeezing", "can_end", "terrain_ok"):
        assert np.array_equal(getattr(limited, name)[within], getattr(whole, name)[within])
    ys, xs = np.nonzero(within)
    for x, y in zip(xs.tolist(), ys.tolist()):  # a cheapest path (ties may go either way)
        path, prev, squares, diagonal_parity = limited.path_to(x, y), start, 0, parity
        for step in path:
            cost, diagonal_parity = limited.step_cost(step, step[0] != prev[0] and step[1] != prev[1], diagonal_parity)
            squares, prev = squares + cost, step
        assert prev == (x, y) and squares * 1.5 == pytest.approx(whole.cost[y, x])


# ---- sizes in play: the engine moves creatures through the field -----------------------
from helpers import act, battle, creature  # noqa: E402

CORRIDOR = (
    "##########\n"
    "#..#######\n"
    "#.........\n"
    "#..#######\n"
    "##########"
)


def test_an_ogre_squeezes_through_the_corridor_and_fights_at_disadvantage():
    # 5e, Squeezing into a smaller space: double cost; disadvantage on its attack rolls,
    # attacks against it have advantage, while it is in the narrow space
    b = battle(CORRIDOR, [creature("ogre", "ogre", "red", (1, 1)), creature("fighter", "fighter", "blue", (6, 2))],
               dice=[15, 3, 1, 1])
    act(b, "ogre", "move", to=[5, 2])
    ogre = b.state.creatures["ogre"]
    assert "squeezing" in ogre.conditions
    assert b.to_json()["creatures"]["ogre"]["conditions"] == ["squeezing"]
    assert ogre.movement_left() == pytest.approx(12 - 4 * 3.0)  # four squeezed steps
    act(b, "ogre", "attack", target="fighter", **{"with": "greatclub"})
    assert "disadvantage: attacker squeezing" in b.state.log[-2] or "disadvantage: attacker squeezing" in b.state.log[-1]


def test_a_rat_runs_under_a_hostile_horses_hooves_but_cannot_stop_there():
    grid = "......\n......\n......"
    rat = creature("rat", "goblin", "blue", (0, 0), size="tiny", name="Rat")
    horse = creature("horse", "riding-horse", "red", (1, 0))
    b = battle(grid, [rat, horse])
    act(b, "rat", "move", path=[[1, 0], [2, 0], [3, 0]])
    assert (b.state.creatures["rat"].x, b.state.creatures["rat"].y) == (3, 0)
    b = battle(grid, [rat, horse])
    with pytest.raises(Exception, match="occupies"):
        act(b, "rat", "move", to=[2, 1])
    # a medium goblin cannot pass through the hostile horse at all
    b = battle(grid, [creature("gob", "goblin", "blue", (0, 0), size="medium"), horse])
    with pytest.raises(Exception, match="cannot move through"):
        act(b, "gob", "move", path=[[1, 0], [2, 0], [3, 0]])


def test_five_ten_five_counts_diagonals_across_separate_moves():
    b = battle("......\n......\n......\n......", [creature("fighter", "fighter", "blue", (0, 0)),
                                                  creature("gob1", "goblin", "red", (5, 3))], diagonals="5-10-5")
    act(b, "fighter", "move", to=[1, 1])  # first diagonal: 1.5 m
    act(b, "fighter", "move", to=[2, 2])  # second diagonal: 3 m
    assert b.current.movement_left() == pytest.approx(9 - 4.5)
