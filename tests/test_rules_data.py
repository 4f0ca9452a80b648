"""The rules records core takes (game/core/rules_data.py): hand-made rulesets price the same board
differently, 5e's records (game/rules/dnd5e/terrain_rules.py) give today's numbers."""

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.content.maps import parse_map
from game.core.areas import sphere
from game.core.board import gap_squares
from game.core.cover import cover_level
from game.core.movement import Mover, Occupant, movement_field
from game.core.rules_data import MoveRules, diagonal_squares, per_kind
from game.core.terrain import HALF, KIND_BY_NAME, NO_COVER, THREE_QUARTERS, TERRAIN, TOTAL
from game.rules.registry import ruleset

FIVE_E_COVER = ruleset("5e").cover_rules

FIVE_E = ruleset("5e")  # the 5e records, through the ruleset interface
move_rules = FIVE_E.move_rules
MOVE_5E, MOVE_5E_ALTERNATING, COVER_5E = move_rules("5-5-5"), move_rules("5-10-5"), FIVE_E.cover_rules

# 4e as the brief of RULESETS.md says it: every diagonal 1, difficult terrain +1 per square
# entered, squeezing and crawling at half speed (x2); a hand-made record, not a ruleset
ADDITIVE = MoveRules(
    enter_factor=per_kind({}, default=1),
    enter_extra=per_kind({"difficult": 1, "shallow-water": 1, "low-wall": 1}, default=0),
    diagonals="1",
    stacking="max",
    occupied_factor=1,
    swim_factor=2,
    climb_factor=2,
    squeeze_factor=2,
    crawl_factor=2,
    crawl_costly_factor=2,
    corner_cutting=0,
    hostile_size_gap=2,
)


def board(grid: str):
    return parse_map({"grid": grid}).board


def test_an_additive_record_prices_a_difficult_square_one_square_more():
    b = board("#####\n#.:.#\n#####")
    field = movement_field(b, (1, 1), Mover(), rules=ADDITIVE)
    assert field.cost_to(2, 1) == pytest.approx(3.0)  # 1 + 1 squares
    assert field.cost_to(3, 1) == pytest.approx(4.5)
    assert field.step_cost((2, 1), False, 0) == (2, 0)
    # crawling doubles the step, the difficult square's extra comes on top: 2 + 1
    crawler = movement_field(b, (1, 1), Mover(prone=True), rules=ADDITIVE)
    assert crawler.cost_to(2, 1) == pytest.approx(3 * 1.5)
    assert crawler.multiplier[1, 2] == 2 and crawler.extra[1, 2] == 1


def test_extra_squares_are_added_after_the_diagonal_count():
    # the second diagonal counts 2: into difficult terrain x2 makes it 4, +1 makes it 3 (two
    # diagonals between walls, the only way there once corners may be cut)
    b = board(".#.\n#.#\n.#:")
    times = movement_field(b, (0, 0), Mover(), rules=replace(MOVE_5E_ALTERNATING, corner_cutting=2))
    plus = movement_field(b, (0, 0), Mover(), rules=replace(ADDITIVE, diagonals="5-10-5", corner_cutting=2))
    assert times.cost_to(2, 2) == pytest.approx((1 + 2 * 2) * 1.5)
    assert plus.cost_to(2, 2) == pytest.approx((1 + 2 + 1) * 1.5)
    assert times.step_cost((2, 2), True, 1) == (4, 0) and plus.step_cost((2, 2), True, 1) == (3, 0)


def test_a_big_creature_pays_the_extra_of_its_worst_new_square():
    b = board("....\n....\n...:\n....")
    field = movement_field(b, (0, 0), Mover(size="large"), rules=ADDITIVE)
    assert field.extra[1, 2] == 1 and field.extra[0, 1] == 0
    assert field.cost_to(2, 1) == pytest.approx(3.0 + 1.5)


def test_corner_cutting_says_how_many_blocked_squares_a_diagonal_may_pass_between():
    between_walls = board(".#\n#.")
    assert not np.isfinite(movement_field(between_walls, (0, 0), Mover(), rules=MOVE_5E).cost_to(1, 1))
    free = replace(MOVE_5E, corner_cutting=2)
    assert movement_field(between_walls, (0, 0), Mover(), rules=free).cost_to(1, 1) == pytest.approx(1.5)
    past_a_corner = board("..\n#.")
    assert movement_field(past_a_corner, (0, 0), Mover(), rules=MOVE_5E).cost_to(1, 1) == pytest.approx(1.5)
    strict = replace(MOVE_5E, corner_cutting=0)  # 3.5, 4e: no diagonal past a wall's corner
    field = movement_field(past_a_corner, (0, 0), Mover(), rules=strict)
    assert field.cost_to(1, 1) == pytest.approx(3.0)
    assert field.path_to(1, 1) == [(1, 0), (1, 1)]


def test_stacking_counts_once_multiplies_or_adds_the_extra_costs():
    # a large creature squeezing (x2) through difficult terrain (x2): counted once ("max"),
    # multiplied ("product"), or each extra square added ("sum", how 5e stacks squeezing)
    grid = "#####\n#..##\n#..:.\n#..##\n#####"
    stacked = {how: movement_field(board(grid), (1, 1), Mover(size="large"),
                                   rules=replace(MOVE_5E, stacking=how, squeeze_stacking=None))
               for how in ("max", "product", "sum")}
    assert stacked["max"].squeezing[2, 3]
    assert {how: int(f.multiplier[2, 3]) for how, f in stacked.items()} == {"max": 2, "product": 4, "sum": 3}
    five_e = movement_field(board(grid), (1, 1), Mover(size="large"), rules=MOVE_5E)
    assert five_e.multiplier[2, 3] == 3 and five_e.multiplier[2, 2] == 2  # squeezing on clear ground: 2
    occupied = movement_field(board(grid), (1, 1), Mover(size="large"), [Occupant(3, 2, 1, "small", False)],
                              rules=MOVE_5E)
    assert occupied.multiplier[2, 3] == 3  # another creature's space is difficult terrain, once


def test_the_five_e_records_give_the_five_e_numbers():
    assert MOVE_5E.enter_factor[KIND_BY_NAME["difficult"]] == 2
    assert MOVE_5E.enter_factor[KIND_BY_NAME["floor"]] == 1
    assert not MOVE_5E.has_extra
    assert move_rules("5-10-5") is MOVE_5E_ALTERNATING and move_rules("5-5-5") is MOVE_5E
    crawler = movement_field(board("...:."), (0, 0), Mover(prone=True), rules=MOVE_5E)
    assert crawler.multiplier[0, 1] == 2 and crawler.multiplier[0, 3] == 3
    assert COVER_5E.line_cap[KIND_BY_NAME["low-wall"]] == HALF
    assert COVER_5E.line_cap[KIND_BY_NAME["arrow-slit"]] == THREE_QUARTERS


def test_diagonal_counts():
    # "5-10-5" (and 3.5's 1-2-1): every second diagonal counts 2; "5-5-5" and "1": every one 1
    assert gap_squares((0, 0, 1), (3, 3, 1), "5-10-5") == 4  # three diagonals: 1 + 2 + 1
    assert gap_squares((0, 0, 1), (3, 3, 1), MOVE_5E_ALTERNATING) == 4
    assert gap_squares((0, 0, 1), (5, 5, 1), "5-10-5") == 7
    assert gap_squares((0, 0, 1), (5, 5, 1), "5-5-5") == gap_squares((0, 0, 1), (5, 5, 1), "1") == 5
    assert gap_squares((0, 0, 1), (5, 5, 1), ADDITIVE) == 5
    assert diagonal_squares(np.array([3, 1]), np.array([3, 4]), "5-10-5").tolist() == [4, 4]
    assert (sphere((9, 9), (4, 4), 6.0, "1") == sphere((9, 9), (4, 4), 6.0)).all()
    assert (sphere((9, 9), (4, 4), 6.0, MOVE_5E_ALTERNATING) == sphere((9, 9), (4, 4), 6.0, "5-10-5")).all()
    field = movement_field(board("....\n....\n....\n...."), (0, 0), Mover(), rules=ADDITIVE)
    assert field.cost_to(3, 3) == pytest.approx(4.5)  # "1": every diagonal one square


def test_hostile_size_gap():
    grid = "#####\n#...#\n#####"
    foe = Occupant(2, 1, 1, "small", hostile=True)
    assert not np.isfinite(movement_field(board(grid), (1, 1), Mover(), [foe], rules=MOVE_5E).cost_to(3, 1))
    lenient = replace(MOVE_5E, hostile_size_gap=1)  # e.g. a ruleset letting any other size through
    assert movement_field(board(grid), (1, 1), Mover(), [foe], rules=lenient).cost_to(3, 1) == pytest.approx(4.5)


def test_cover_caps_come_from_the_record():
    b = board("...\n===\n...")  # a low wall across
    assert cover_level(b.line_caps(COVER_5E), (1, 0, 1), (1, 2, 1), FIVE_E_COVER) == HALF
    slit_like = replace(COVER_5E, line_cap=np.where(TERRAIN["blocks_line"], THREE_QUARTERS, NO_COVER))
    assert cover_level(b.line_caps(slit_like), (1, 0, 1), (1, 2, 1), FIVE_E_COVER) == THREE_QUARTERS
    assert b.line_caps(COVER_5E)[1, 1] == HALF and b.line_caps(slit_like)[0, 0] == NO_COVER
    assert board("#").line_caps(slit_like)[0, 0] == THREE_QUARTERS
    assert board("#").line_caps(COVER_5E)[0, 0] == TOTAL


def test_records_refuse_what_cannot_be_priced():
    with pytest.raises(ValueError, match="unknown terrain"):
        per_kind({"lava": 3}, default=1)
    with pytest.raises(ValueError, match="at least 1"):
        replace(MOVE_5E, squeeze_factor=0)
    with pytest.raises(ValueError, match="diagonals"):
        replace(MOVE_5E, diagonals="5-10-10")
    with pytest.raises(ValueError, match="squeeze_stacking must be one of max, product, sum"):
        replace(MOVE_5E, squeeze_stacking="min")
    with pytest.raises(ValueError, match="one value per terrain kind"):
        replace(MOVE_5E, enter_factor=[1, 2])


def test_how_blocked_lines_grade_into_cover_comes_from_the_record():
    # a wall square in the middle: from the best corner, some of the 4 lines to the target are blocked
    b = board(".....\n..#..\n.....")
    caps = b.line_caps(COVER_5E)
    assert cover_level(caps, (0, 0, 1), (4, 1, 1), COVER_5E) == HALF  # 5e: 1-2 lines, half cover
    # 3.5, Cover: any line to the target's square that is blocked gives cover (the same +4)
    any_line = replace(COVER_5E, grades=(NO_COVER, THREE_QUARTERS, THREE_QUARTERS, THREE_QUARTERS, TOTAL))
    assert cover_level(caps, (0, 0, 1), (4, 1, 1), any_line) == THREE_QUARTERS
    with pytest.raises(ValueError, match="grades"):
        replace(COVER_5E, grades=(0, 2, 1, 3, 3))  # more lines blocked never gives less cover


def test_a_creature_in_the_way_gives_cover_up_to_the_records_cap():
    from game.core.cover import Blockers, cover_many

    b = board(".....\n.....\n.....")
    owners = np.full((3, 5), -1)
    owners[1, 2] = 0  # a creature in the middle of the line
    pair = [((0, 1, 1), (4, 1, 1), -1, -1)]
    assert cover_many(Blockers(b.line_caps(COVER_5E), owners, rules=COVER_5E), pair)[0] == HALF
    none = replace(COVER_5E, creature_cap=NO_COVER)  # creatures never cover (say, the attacker's allies)
    assert cover_many(Blockers(b.line_caps(none), owners, rules=none), pair)[0] == NO_COVER


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=20),
       st.integers(1, 3),
       st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 4)), max_size=5),
       st.sampled_from(["5-5-5", "5-10-5"]))
def test_the_gaps_of_many_squares_at_once_are_the_nearest_gap_square_by_square(squares, side, spaces, diagonals):
    # 5e, Distance: the squares between two spaces, every second diagonal counting two under
    # the variant rule; a planner asks this of every square it may reach at once
    from game.core.board import gap_squares
    from game.core.gaps import FAR, gaps_to_nearest

    xs, ys = np.array([x for x, _ in squares]), np.array([y for _, y in squares])
    got = gaps_to_nearest(xs, ys, side, spaces, diagonals).tolist()
    assert got == [min((gap_squares((x, y, side), s, diagonals) for s in spaces), default=FAR) for x, y in squares]


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 4)), max_size=12),
       st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(1, 4)), min_size=1, max_size=6),
       st.sampled_from(["5-5-5", "5-10-5"]))
def test_the_gaps_from_many_spaces_to_each_of_some_are_those_measured_pair_by_pair(froms, tos, diagonals):
    # 5e, Distance, as in the test above: every pair at once, a row per space
    from game.core.board import gap_squares
    from game.core.gaps import gaps_each

    assert gaps_each(froms, tos, diagonals) == [[gap_squares(a, b, diagonals) for b in tos] for a in froms]


@given(st.integers(1, 9), st.integers(1, 9), st.integers(1, 3),
       st.lists(st.tuples(st.tuples(st.integers(-2, 10), st.integers(-2, 10), st.integers(1, 4)), st.integers(0, 4)),
                max_size=6),
       st.sampled_from(["5-5-5", "5-10-5"]))
def test_the_squares_within_a_gap_of_each_space_are_those_measured_square_by_square(height, width, side, reaches,
                                                                                 diagonals):
    # 5e, Distance, as above: the squares where a space of ours would stand within each foe's
    # reach (bit k for the k-th), every square of the board at once (the foes may stand off it)
    from game.core.board import gap_squares
    from game.core.gaps import within_bits

    bits = within_bits((height, width), side, [s for s, _ in reaches], [g for _, g in reaches], diagonals)
    assert bits.shape == (height, width)
    for y in range(height):
        for x in range(width):
            assert int(bits[y, x]) == sum(1 << k for k, (space, most) in enumerate(reaches)
                                          if gap_squares((x, y, side), space, diagonals) <= most)
