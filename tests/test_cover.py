"""Cover and sight by the grid rule (5e, "Abris"; DMG grid variant), edge cases included."""

import numpy as np
import pytest

from game.content.maps import parse_map
from game.core.cover import cover_level, segments_max_level
from game.core.line_walk import level_planes
from game.core.terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL
from helpers import act, battle, creature
from game.rules.registry import ruleset

FIVE_E_COVER = ruleset("5e").cover_rules


def levels(grid: str) -> np.ndarray:
    return parse_map({"grid": grid}).board.line_caps(ruleset("5e").cover_rules)


def test_open_ground_gives_no_cover():
    assert cover_level(levels("......."), (0, 0, 1), (6, 0, 1), FIVE_E_COVER) == NO_COVER


def test_a_single_pillar_between_gives_half_cover():
    # two of the four lines from the best corner pass through the pillar
    grid = ".......\n...#...\n......."
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1), FIVE_E_COVER) == HALF


def test_a_line_grazing_a_wall_corner_is_not_blocked():
    # the pillar sits above the row: lines along its bottom edge or through its corner are clear
    grid = "...#...\n.......\n......."
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1), FIVE_E_COVER) == NO_COVER
    # a line that only touches the corner (3, 1) of the wall square [3, 0]
    assert segments_max_level(levels(grid), [[2, 0]], [[4, 2]])[0] == 0
    # and one that cuts into it is blocked
    assert segments_max_level(levels(grid), [[1, 2]], [[5, 0]])[0] == TOTAL


def test_a_line_running_along_a_wall_face_is_not_blocked():
    # a wall row above the two creatures: lines along its face are clear
    grid = "#######\n.......\n......."
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1), FIVE_E_COVER) == NO_COVER
    assert segments_max_level(levels(grid), [[0, 1]], [[7, 1]])[0] == 0


def test_a_line_along_the_seam_inside_a_solid_wall_is_blocked():
    grid = "...#...\n...#...\n...#..."
    assert segments_max_level(levels(grid), [[0, 1]], [[7, 1]])[0] == TOTAL
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1), FIVE_E_COVER) == TOTAL


def test_two_walls_touching_at_a_corner_block_a_line_through_that_corner():
    grid = ".#..\n#...\n...."
    assert segments_max_level(levels(grid), [[0, 0]], [[2, 2]])[0] == TOTAL


def test_a_wall_across_the_whole_way_is_total_cover():
    grid = "...#...\n...#...\n...#..."
    assert cover_level(levels(grid), (0, 0, 1), (6, 2, 1), FIVE_E_COVER) == TOTAL


def test_low_walls_cap_at_half_and_arrow_slits_at_three_quarters():
    # FORMATS.md: a line through a low wall is blocked but grants at most half cover
    assert cover_level(levels("...=...\n...=...\n...=..."), (0, 1, 1), (6, 1, 1), FIVE_E_COVER) == HALF
    assert cover_level(levels("...+...\n...+...\n...+..."), (0, 1, 1), (6, 1, 1), FIVE_E_COVER) == THREE_QUARTERS


def test_the_best_corner_of_the_attacker_wins():
    # the pillar blocks every line from the attacker's top corners, none from its bottom ones
    grid = (
        ".......\n"
        ".#.....\n"
        ".......\n"
        "......."
    )
    lv = levels(grid)
    top = segments_max_level(lv, [[1, 1]] * 4, [[6, 3], [7, 3], [6, 4], [7, 4]])
    bottom = segments_max_level(lv, [[1, 2]] * 4, [[6, 3], [7, 3], [6, 4], [7, 4]])
    assert (top > 0).sum() > (bottom > 0).sum()
    assert cover_level(lv, (0, 1, 1), (6, 3, 1), FIVE_E_COVER) == NO_COVER


GRID = (
    "........\n"
    "........\n"
    "........\n"
)


def test_a_creature_in_the_way_gives_half_cover_and_a_dead_one_none():
    b = battle(GRID, [
        creature("archer", "goblin", "red", (0, 1)),
        creature("orc", "orc", "red", (3, 1)),
        creature("fighter", "fighter", "blue", (6, 1)),
    ])
    archer, orc, fighter = (b.state.creatures[i] for i in ("archer", "orc", "fighter"))
    assert b.cover(archer.id, fighter.id) == "half"
    orc.state = "dead"
    assert b.cover(archer.id, fighter.id) == "none"


def test_adjacent_creatures_beside_the_line_give_no_cover():
    # allies standing next to the attacker and target, not between them
    b = battle(GRID, [
        creature("archer", "goblin", "red", (1, 1)),
        creature("gob2", "goblin", "red", (1, 0)),
        creature("gob3", "goblin", "red", (1, 2)),
        creature("fighter", "fighter", "blue", (2, 1)),
    ])
    c = b.state.creatures
    assert b.cover(c["archer"].id, c["fighter"].id) == "none"


def test_total_cover_means_no_sight_and_no_attack():
    grid = "...#...\n...#...\n...#..."
    b = battle(grid, [
        creature("fighter", "fighter", "blue", (0, 1)),
        creature("gob1", "goblin", "red", (6, 1)),
    ])
    c = b.state.creatures
    assert not b.can_see(c["fighter"].id, c["gob1"].id)
    with pytest.raises(Exception, match="total cover"):
        act(b, "fighter", "attack", target="gob1", **{"with": "handaxe"})


def test_cover_adds_to_armour_class_in_the_attack_roll():
    # half cover: +2 AC. The goblin (AC 15) behind a low wall needs 17 from the fighter.
    grid = "...=...\n...=...\n...=..."
    b = battle(grid, [
        creature("fighter", "fighter", "blue", (0, 1)),
        creature("gob1", "goblin", "red", (5, 1)),
    ], dice=[11, 4])
    act(b, "fighter", "attack", target="gob1", **{"with": "handaxe"})
    line = [line for line in b.state.log if "attacks" in line][-1]
    assert "vs AC 15 + 2 half cover, miss" in line  # 11 + 5 = 16 < 17


# ---- the vectorised lines agree with a plain, exact reference --------------------------
from fractions import Fraction  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra.numpy import arrays  # noqa: E402


def reference_line_level(levels, a, b) -> int:
    """One line, square by square, in exact fractions: the rule as the module docstring states it."""
    h, w = levels.shape

    def lv(x, y):
        return int(levels[y, x]) if 0 <= x < w and 0 <= y < h else 0

    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    best = 0
    if dx == 0 or dy == 0:  # along a grid line: both sides of each unit edge must block
        steps = abs(dx) + abs(dy)
        for s in range(steps):
            if dx == 0:
                y = min(y0, y1) + s
                best = max(best, min(lv(x0 - 1, y), lv(x0, y)))
            else:
                x = min(x0, x1) + s
                best = max(best, min(lv(x, y0 - 1), lv(x, y0)))
        return best
    crossed = set()
    for cy in range(min(y0, y1) - 1, max(y0, y1) + 1):
        for cx in range(min(x0, x1) - 1, max(x0, x1) + 1):
            lo, hi = Fraction(0), Fraction(1)
            for p0, d, c in ((x0, dx, cx), (y0, dy, cy)):
                t1, t2 = Fraction(c - p0, d), Fraction(c + 1 - p0, d)
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if lo < hi:
                crossed.add((cx, cy))
                best = max(best, lv(cx, cy))
    g = np.gcd(abs(dx), abs(dy))
    for i in range(1, g):  # lattice points strictly inside the segment
        k, m = x0 + dx * i // g, y0 + dy * i // g
        around = [(k - 1, m - 1), (k, m - 1), (k - 1, m), (k, m)]
        sides = [c for c in around if c not in crossed]
        best = max(best, min(lv(*c) for c in sides))
    return best


@st.composite
def boards_and_lines(draw):
    """A board of any shape (so rows and columns can't be mixed up) and lines between its corners."""
    h, w = draw(st.integers(2, 7)), draw(st.integers(2, 9))
    levels = draw(arrays(np.int8, (h, w), elements=st.sampled_from([0, 0, 0, 1, 2, 3])))
    corner = st.tuples(st.integers(0, w), st.integers(0, h))
    lines = draw(st.lists(st.tuples(corner, corner), min_size=1, max_size=12))
    return levels, [(x0, y0, x1, y1) for (x0, y0), (x1, y1) in lines]


@given(boards_and_lines())
def test_vectorised_lines_match_the_reference(board_and_lines):
    levels, lines = board_and_lines
    starts = [(x0, y0) for x0, y0, _, _ in lines]
    ends = [(x1, y1) for _, _, x1, y1 in lines]
    got = segments_max_level(levels, starts, ends)
    expected = [reference_line_level(levels, s, e) for s, e in zip(starts, ends)]
    assert got.tolist() == expected


@given(st.integers(1, 7).flatmap(lambda h: st.integers(1, 9).flatmap(
    lambda w: arrays(np.int8, (h, w), elements=st.sampled_from([0, 0, 1, 2, 3])))))
def test_each_plane_holds_the_level_its_kind_of_meeting_sees(levels):
    # what a line meets at a square, read off its neighbours (0 beyond the grid): a square
    # crossed; a strip across two rows or two columns (the higher: either blocks); a grid corner
    # passed between two squares, or a unit edge run along (the lower: both must block)
    h, w = levels.shape
    planes = level_planes(levels).reshape(7, h, w)

    def lv(y, x):
        return int(levels[y, x]) if 0 <= y < h and 0 <= x < w else 0

    for y in range(h):
        for x in range(w):
            here = lv(y, x)
            assert [int(v) for v in planes[:, y, x]] == [
                here, max(here, lv(y + 1, x)), max(here, lv(y, x + 1)), min(lv(y, x - 1), lv(y - 1, x)),
                min(lv(y - 1, x - 1), here), min(here, lv(y - 1, x)), min(here, lv(y, x - 1))]


@given(arrays(np.int8, (7, 7), elements=st.sampled_from([0, 0, 0, 0, 1, 2, 3])),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([1, 1, 2])),
                min_size=2, max_size=5, unique_by=lambda c: (c[0], c[1])))
def test_many_pairs_at_once_agree_with_one_pair_at_a_time(caps, spaces):
    """cover_many (creature squares at most half, the pair's own squares ignored) = cover_level."""
    from game.core.cover import Blockers, cover_many

    owners = np.full(caps.shape, -1, np.int64)
    for i, (x, y, side) in enumerate(spaces):
        owners[y:y + side, x:x + side] = i
    kept = [(i, s) for i, s in enumerate(spaces) if (owners == i).sum() == s[2] ** 2]  # no overlaps
    pairs = [(a, b, i, j) for i, a in kept for j, b in kept if i != j]
    got = cover_many(Blockers(caps, owners, rules=FIVE_E_COVER), pairs)
    for (att, tgt, i, j), level in zip(pairs, got):
        plain = caps.copy()
        others = (owners >= 0) & (owners != i) & (owners != j)
        plain[others] = np.maximum(plain[others], HALF)
        assert level == cover_level(plain, att, tgt, FIVE_E_COVER)


@given(arrays(np.int8, (7, 7), elements=st.sampled_from([0, 0, 0, 0, 1, 2, 3])),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([1, 1, 2])),
                min_size=2, max_size=5, unique_by=lambda c: (c[0], c[1])))
def test_the_all_pairs_table_matches_pair_by_pair(caps, spaces):
    from game.core.cover import Blockers, cover_many, cover_table

    owners = np.full(caps.shape, -1, np.int64)
    for i, (x, y, side) in enumerate(spaces):
        owners[y:y + side, x:x + side] = i
    blockers = Blockers(caps, owners, rules=FIVE_E_COVER)
    table = cover_table(blockers, spaces)
    pairs = [(a, b, i, j) for i, a in enumerate(spaces) for j, b in enumerate(spaces) if i != j]
    expected = cover_many(blockers, pairs)
    assert [table[i, j] for _, _, i, j in pairs] == expected.tolist()


@given(arrays(np.int8, (7, 7), elements=st.sampled_from([0, 0, 0, 0, 1, 2, 3])),
       st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.sampled_from([1, 2, 3])),
                min_size=2, max_size=4, unique_by=lambda c: (c[0], c[1])))
def test_the_planners_estimate_never_gives_less_cover_than_the_rule(caps, spaces):
    # the estimate draws a big attacker's lines from its outline's four corners only: a subset
    from game.core.cover import Blockers, cover_many

    pairs = [(a, b, -1, -1) for a in spaces for b in spaces if a != b]
    blockers = Blockers(caps, rules=FIVE_E_COVER)
    exact = cover_many(blockers, pairs)
    estimate = cover_many(blockers, pairs, estimate=True)
    assert (estimate >= exact).all()
    small = [i for i, (a, _, _, _) in enumerate(pairs) if a[2] == 1]
    assert (estimate[small] == exact[small]).all()  # medium attackers: the rule itself


@given(arrays(np.int8, (6, 8), elements=st.sampled_from([0, 0, 0, 0, 1, 2, 3])),
       st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4), st.sampled_from([1, 1, 2])),
                min_size=2, max_size=5, unique_by=lambda c: (c[0], c[1])),
       st.lists(st.tuples(st.integers(-1, 8), st.integers(-1, 6), st.integers(-1, 8), st.integers(-1, 6),
                          st.integers(-2, 4), st.integers(-2, 4)), min_size=1, max_size=20))
def test_lines_among_creatures_read_the_terrain_first_then_the_other_creatures(caps, spaces, lines):
    # each line ignores two creatures (its attacker's and its target's); a line the terrain
    # blocks gets the terrain's level, one it leaves clear gets that of the other creatures'
    # squares (at most half); corners off the board are brought back onto it
    from game.core import cover

    owners = np.full(caps.shape, -1, np.int64)
    for i, (x, y, side) in enumerate(spaces):
        owners[y:y + side, x:x + side] = i
    blockers = cover.Blockers(caps, owners, rules=FIVE_E_COVER)
    h, w = caps.shape
    starts = [(x0, y0) for x0, y0, _, _, _, _ in lines]
    ends = [(x1, y1) for _, _, x1, y1, _, _ in lines]
    exclude = [(a, b) for _, _, _, _, a, b in lines]
    got = cover.lines_max_level(blockers, starts, ends, exclude)
    for (x0, y0), (x1, y1), (a, b), level in zip(starts, ends, exclude, got.tolist()):
        start = (min(max(x0, 0), w), min(max(y0, 0), h))
        end = (min(max(x1, 0), w), min(max(y1, 0), h))
        terrain = reference_line_level(caps, start, end)
        crowded = caps.copy()
        others = (owners >= 0) & (owners != a) & (owners != b)
        crowded[others] = np.maximum(crowded[others], HALF)
        assert level == (terrain or reference_line_level(crowded, start, end))

def reference_cover(levels, attacker, target, grades) -> int:
    """The grid rule spelled out: from each corner of the attacker's space, the four lines to
    each square of the target; per cap, the lines blocked at it or above graded by the rules
    (at most that cap); the attacker's best corner and the target's least covered square."""
    (ax, ay, sa), (tx, ty, sb) = attacker, target
    best = TOTAL
    for ox in range(ax, ax + sa + 1):
        for oy in range(ay, ay + sa + 1):
            for qx in range(tx, tx + sb):
                for qy in range(ty, ty + sb):
                    lines = [reference_line_level(levels, (ox, oy), (qx + i, qy + j)) for i in (0, 1) for j in (0, 1)]
                    graded = max(min(grades[sum(lv >= cap for lv in lines)], cap)
                                 for cap in (TOTAL, THREE_QUARTERS, HALF))
                    best = min(best, graded)
    return best


@given(arrays(np.int8, (7, 7), elements=st.sampled_from([0, 0, 0, 1, 2, 3])),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from([1, 1, 1, 2])),
                min_size=2, max_size=4, unique_by=lambda c: (c[0], c[1])),
       st.sampled_from(["5e", "3.5", "4e"]))
def test_cover_of_many_pairs_is_the_rule_spelled_out_line_by_line(caps, spaces, name):
    # the compiled walk gives up a corner's lines once they cannot beat the best corner so far:
    # the cover it finds is still the rule's, under each ruleset's grades
    from game.core.cover import Blockers, cover_many

    rules = ruleset(name).cover_rules
    pairs = [(a, b, -1, -1) for a in spaces for b in spaces if a != b]
    got = cover_many(Blockers(caps, rules=rules), pairs)
    assert got.tolist() == [reference_cover(caps, a, b, rules.grades) for a, b, _, _ in pairs]


def test_a_terrain_keeps_its_lines_levels_and_the_creatures_are_read_afresh():
    # the line walk keeps the terrain's level of each line it walked, with the terrain's planes
    # (a line a wall blocks is blocked whoever stands where); a line the terrain leaves clear
    # is read again for the creatures standing now
    from game.core import cover

    cover.forget_terrain_planes()
    caps = np.zeros((5, 5), np.int8)
    caps[2, 2] = TOTAL  # a wall in the middle
    owners = np.full((5, 5), -1, np.int64)
    starts, ends = [(0, 0), (5, 5), (0, 4)], [(5, 5), (0, 0), (5, 5)]  # through the wall, both ways; clear
    first = cover.Blockers(caps, owners, rules=FIVE_E_COVER)
    assert cover.lines_max_level(first, starts, ends).tolist() == [TOTAL, TOTAL, 0]
    memo = first.walk_args()[-1]
    assert len(memo) == 36 * 36 and sorted(set(memo.tolist())) == [-1, 0, TOTAL]
    owners[4, 1] = 0  # a creature on the clear line (along the bottom row), then one on the wall's line as well
    owners[0, 0] = 1
    second = cover.Blockers(caps, owners, rules=FIVE_E_COVER)
    assert second.walk_args()[-1] is memo  # the same terrain: the same levels kept
    assert cover.lines_max_level(second, starts, ends).tolist() == [TOTAL, TOTAL, HALF]
    assert cover.lines_max_level(second, [(0, 4)], [(5, 5)], [(0, -2)]).tolist() == [0]  # its own square never blocks


def test_a_board_too_large_keeps_no_lines_levels():
    from game.core import cover

    side = 50  # 51 x 51 corners: 6.8 million pairs, beyond LINE_MEMO_MAX
    caps = np.zeros((side, side), np.int8)
    caps[25, 25] = TOTAL
    blockers = cover.Blockers(caps, rules=FIVE_E_COVER)
    assert len(blockers.walk_args()[-1]) == 0
    assert cover.lines_max_level(blockers, [(0, 0)], [(side, side)]).tolist() == [TOTAL]


def test_every_line_kept_clear_by_the_terrain_reads_the_creatures_again():
    # once the terrain's levels are kept, a line the terrain leaves clear is walked again for
    # the creatures: every line of a small board, with creatures here and there (a large one,
    # and two beside low terrain, where a line along their shared edge reads both squares),
    # gives what the rule spelled out gives, whichever two creatures the lines ignore
    from game.core import cover

    cover.forget_terrain_planes()
    caps = np.zeros((6, 6), np.int8)
    caps[1, 4] = TOTAL
    caps[4, 1] = HALF
    caps[2, 0] = HALF  # low terrain beside creatures: lines along their shared edges read both
    caps[0, 2] = HALF
    corners = [(x, y) for y in range(7) for x in range(7)]
    starts = [a for a in corners for b in corners]
    ends = [b for a in corners for b in corners]
    cover.lines_max_level(cover.Blockers(caps, rules=FIVE_E_COVER), starts, ends)  # the levels kept
    owners = np.full((6, 6), -1, np.int64)
    owners[0, 0] = 0
    owners[2:4, 2:4] = 1
    owners[5, 3] = 2
    owners[1, 0] = 3
    owners[0, 1] = 4
    blockers = cover.Blockers(caps, owners, rules=FIVE_E_COVER)
    for a, b in ((-2, -2), (0, 1), (1, 2), (2, -2), (3, 1), (4, 0)):
        got = cover.lines_max_level(blockers, starts, ends, [(a, b)] * len(starts)).tolist()
        crowded = caps.copy()
        others = (owners >= 0) & (owners != a) & (owners != b)
        crowded[others] = np.maximum(crowded[others], HALF)
        expected = [reference_line_level(caps, s, e) or reference_line_level(crowded, s, e)
                    for s, e in zip(starts, ends)]
        assert got == expected, (a, b)


def test_the_owners_grid_marks_each_space_with_its_creature():
    # cover.owners_of: each creature's squares hold its index (a large one's four), a later
    # space over an earlier one, nothing beyond the board
    from game.core.cover import owners_of

    owners = owners_of((4, 5), [(0, 0, 1, 0), (3, 2, 2, 1), (1, 0, 1, 2), (1, 0, 1, 3), (4, 3, 2, 4)])
    assert owners.tolist() == [[0, 3, -1, -1, -1],
                               [-1, -1, -1, -1, -1],
                               [-1, -1, -1, 1, 1],
                               [-1, -1, -1, 1, 4]]
    assert owners_of((2, 2), []).tolist() == [[-1, -1], [-1, -1]]


def test_cover_of_many_pairs_refuses_a_space_that_is_not_x_y_side():
    from game.core.cover import Blockers, cover_many

    blockers = Blockers(np.zeros((3, 3), np.int8), rules=FIVE_E_COVER)
    assert cover_many(blockers, [((0, 0, 1), (2, 2, 1), -1, -1)]).tolist() == [0]
    with pytest.raises(ValueError, match="x, y, side"):
        cover_many(blockers, [((0, 0), (2, 2, 1), -1, -1)])


def test_blockers_refuse_owners_of_another_shape_than_the_terrain():
    # the compiled pass that makes the codes reads the owners square by square, unchecked
    from game.core.cover import Blockers

    caps = np.zeros((3, 4), np.int8)
    assert Blockers(caps, np.full((3, 4), -1), rules=FIVE_E_COVER).has_creatures is False
    assert Blockers(caps, np.pad(np.zeros((1, 1)), ((0, 2), (0, 3)), constant_values=-1),
                    rules=FIVE_E_COVER).has_creatures is True
    with pytest.raises(ValueError, match="owners"):
        Blockers(caps, np.full((4, 3), -1), rules=FIVE_E_COVER)
