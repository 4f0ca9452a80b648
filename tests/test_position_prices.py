"""The compiled pricing of positions (core/position_prices.py) gives what the rule's plain
numpy reading gives (movement.py's module notes): the other creatures' spaces, walls of hostile
creatures, squeezing, crawling, extra squares and where a move may end, for spaces of every
side, over random windows and creatures."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from game.core.board import _window
from game.core.position_prices import combine, price_positions  # combine: whole arrays, numpy's way


def window(values, side, reduce):
    """Per anchor, the side x side space's values reduced (0 where the space leaves the window)."""
    return _window(values, side, reduce)


def reference(passable, factor, extra, others, full, small, prone, tiny_mover, occupied_factor, stacking,
              squeeze_factor, squeeze_stacking, crawl_factor, crawl_costly_factor, has_extra, tiny_per_square):
    """The rule read with numpy over whole arrays (as movement.py priced positions before)."""
    h, w = passable.shape
    occupied = np.zeros((h, w), bool)
    wall = np.zeros((h, w), bool)
    tiny_count = np.zeros((h, w), np.int8)
    non_tiny = np.zeros((h, w), bool)
    for ox, oy, side, tiny, is_wall in others:
        if ox >= w or oy >= h or ox + side <= 0 or oy + side <= 0:
            continue
        region = np.s_[max(oy, 0): oy + side, max(ox, 0): ox + side]
        occupied[region] = True
        if tiny:
            tiny_count[region] += 1
        else:
            non_tiny[region] = True
        if is_wall:
            wall[region] = True
    factor = np.where(occupied, combine(factor, occupied_factor, stacking), factor)
    if full > 1:
        fits_full = window(passable, full, np.all)
        squeezing = window(np.ones((h, w), bool), full, np.all) & ~fits_full & window(passable, small, np.all)
        terrain_ok = fits_full | squeezing

        def per_position(values, reduce):
            return np.where(squeezing, window(values, small, reduce), window(values, full, reduce))
    else:
        squeezing = np.zeros((h, w), bool)
        terrain_ok = passable

        def per_position(values, reduce):
            return values
    valid = terrain_ok & ~per_position(wall, np.any)
    multiplier = per_position(factor, np.max)
    if full > 1:
        multiplier = np.where(squeezing, combine(multiplier, squeeze_factor, squeeze_stacking), multiplier)
    if prone:
        multiplier = combine(multiplier, np.where(multiplier > 1, crawl_costly_factor, crawl_factor), stacking)
    multiplier = np.where(valid, multiplier, 0).astype(np.int8)
    extra = np.where(valid, per_position(extra, np.max), 0).astype(np.int8) if has_extra else np.zeros((h, w), np.int8)
    if tiny_mover:
        can_end = ~non_tiny & (tiny_count < tiny_per_square)
    else:
        can_end = ~per_position(occupied, np.any)
    return multiplier, squeezing, can_end & valid, terrain_ok, extra


@st.composite
def windows(draw):
    h, w = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    cells = st.lists(st.booleans(), min_size=h * w, max_size=h * w)
    passable = np.array(draw(cells), bool).reshape(h, w)
    factor = np.array(draw(st.lists(st.integers(1, 3), min_size=h * w, max_size=h * w)), np.int8).reshape(h, w)
    extra = np.array(draw(st.lists(st.integers(0, 2), min_size=h * w, max_size=h * w)), np.int8).reshape(h, w)
    others = draw(st.lists(st.tuples(st.integers(-3, 8), st.integers(-3, 8), st.integers(1, 3), st.booleans(),
                                     st.booleans()), max_size=5))
    full = draw(st.integers(1, 4))
    small = max(1, full - 1)
    tiny_mover = full == 1 and draw(st.booleans())
    factors = st.integers(1, 3)
    return (passable, factor, extra, others, full, small, draw(st.booleans()), tiny_mover, draw(factors),
            draw(st.integers(0, 2)), draw(factors), draw(st.integers(0, 2)), draw(factors), draw(factors),
            draw(st.booleans()), draw(st.integers(1, 4)))  # tiny creatures to a square


@settings(max_examples=300, deadline=None)
@given(windows())
def test_the_compiled_prices_are_the_rules_read_over_whole_arrays(case):
    rows = np.array(case[3], np.int64).reshape(-1, 5)
    compiled = price_positions(*case[:3], rows, *case[4:])
    expected = reference(*case)
    for name, got, want in zip(("multiplier", "squeezing", "can_end", "terrain_ok", "extra"), compiled, expected):
        assert got.dtype == want.dtype and np.array_equal(got, want), name
