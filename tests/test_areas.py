"""Area templates (game.core.areas): spheres by grid distance, 5e cones by square centres."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.areas import cone, cone_reach, show, sphere, touches

FIVE_E = 0.5  # 5e, Cone: its width at a point equals that point's distance from the origin


def picture(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def test_a_six_metre_sphere_is_a_nine_by_nine_block_with_five_five_five():
    # 6 m = 4 squares; with every diagonal counting one square, the block around the centre
    mask = sphere((11, 11), (5, 5), 6.0)
    assert mask.sum() == 81
    assert mask[1:10, 1:10].all()
    assert not mask[0].any() and not mask[:, 10].any()


def test_a_small_sphere_by_hand_in_both_diagonal_rules():
    # 3 m = 2 squares around [2, 2]
    assert show(sphere((6, 5), (2, 2), 3.0)) == picture("""
        xxxxx
        xxxxx
        xxxxx
        xxxxx
        xxxxx
        .....""")
    # 5-10-5: [0, 0] is 2 diagonals away = 3 squares; [1, 0] is 2 + 1 // 2 = 2 squares
    assert show(sphere((6, 5), (2, 2), 3.0, "5-10-5")) == picture("""
        .xxx.
        xxxxx
        xxxxx
        xxxxx
        .xxx.
        .....""")


def test_a_sphere_is_cut_by_the_board_edge():
    assert show(sphere((3, 4), (0, 0), 1.5)) == picture("""
        xx..
        xx..
        ....""")


def test_a_straight_cone_widens_by_its_distance():
    # 4.5 m = 3 squares east from [0, 3]; the apex is the middle of the east edge; the width at
    # 0.5, 1.5, 2.5 squares is 0.5, 1.5, 2.5 squares: 1, 1 and 3 square centres inside
    assert show(cone((7, 7), (0, 3, 1), (5, 3), 4.5, half_width=FIVE_E)) == picture("""
        .......
        .......
        ...x...
        .xxx...
        ...x...
        .......
        .......""")


def test_the_same_cone_north_covers_the_same_squares_turned():
    assert show(cone((7, 7), (3, 3, 1), (3, 0), 4.5, half_width=FIVE_E)) == picture("""
        ..xxx..
        ...x...
        ...x...
        .......
        .......
        .......
        .......""")


def test_a_diagonal_cone_starts_at_the_corner_and_is_symmetric():
    # from [0, 0] toward [3, 3]: apex (1, 1); [2, 1] and [1, 2] lie exactly on the edges and
    # count; [3, 3] is 3.5 squares along the axis, past 3
    mask = cone((5, 5), (0, 0, 1), (3, 3), 4.5, half_width=FIVE_E)
    assert show(mask) == picture("""
        .....
        .xx..
        .xxx.
        ..x..
        .....""")
    assert (mask == mask.T).all()


def test_a_cone_never_covers_its_origin_space_and_needs_a_direction_outside_it():
    mask = cone((6, 6), (2, 2, 2), (5, 2), 4.5, half_width=FIVE_E)  # a large creature's space [2..3, 2..3]
    assert not mask[2:4, 2:4].any()
    assert mask.any()
    with pytest.raises(ValueError):
        cone((6, 6), (2, 2, 2), (3, 3), 4.5, half_width=FIVE_E)


def test_a_cone_points_any_way_not_only_the_eight_directions():
    # toward [6, 1] from [0, 0], 6 m = 4 squares: [2, 1] is 1.63 along the axis and 0.66 off
    # it (in, under 0.81); [1, 1] is 0.64 along and 0.82 off (out); [5, 0] is 4.4 along (out)
    assert show(cone((4, 8), (0, 0, 1), (6, 1), 6.0, half_width=FIVE_E)) == picture("""
        .xxxx...
        ..xxx...
        ....x...
        ........""")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.integers(1, 3), st.integers(-4, 13), st.integers(-4, 13),
       st.sampled_from([1.5, 4.5, 6.0, 9.0]))
def test_every_square_a_cone_covers_lies_within_its_reach_of_the_origin_centre(x, y, side, tx, ty, length_m):
    # cone_reach bounds how far a cone from a space can catch a square, whatever its direction
    # (a computer player skips a cone when fewer than two foes are that near)
    if x <= tx < x + side and y <= ty < y + side:
        return  # no direction from inside the origin space
    mask = cone((12, 12), (x, y, side), (tx, ty), length_m, half_width=FIVE_E)
    ys, xs = np.nonzero(mask)
    far = np.hypot(xs + 0.5 - (x + side / 2), ys + 0.5 - (y + side / 2))
    reach = cone_reach(length_m, FIVE_E, side)
    assert (far <= reach).all()
    assert reach < length_m / 1.5 * 1.2 + side  # and it is no loose bound: a few squares past the length


def test_touches_counts_any_square_of_a_space():
    mask = np.zeros((4, 4), bool)
    mask[1, 2] = True
    assert touches(mask, (1, 0, 2))  # squares [1..2, 0..1] include [2, 1]
    assert not touches(mask, (0, 0, 2))
    assert not touches(mask, (3, 3, 2))  # partly off the board
