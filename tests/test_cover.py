"""Cover and sight by the grid rule (5e, "Abris"; DMG grid variant), edge cases included."""

import numpy as np
import pytest

from game.content.maps import parse_map
from game.core.cover import cover_level, segments_max_level
from game.core.terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL
from helpers import act, battle, creature
from game.rules.dnd5e.geometry import can_see, cover_between


def levels(grid: str) -> np.ndarray:
    return parse_map({"grid": grid}).board.line_cap


def test_open_ground_gives_no_cover():
    assert cover_level(levels("......."), (0, 0, 1), (6, 0, 1)) == NO_COVER


def test_a_single_pillar_between_gives_half_cover():
    # two of the four lines from the best corner pass through the pillar
    grid = ".......\n...#...\n......."
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1)) == HALF


def test_a_line_grazing_a_wall_corner_is_not_blocked():
    # the pillar sits above the row: lines along its bottom edge or through its corner are clear
    grid = "...#...\n.......\n......."
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1)) == NO_COVER
    # a line that only touches the corner (3, 1) of the wall square [3, 0]
    assert segments_max_level(levels(grid), [[2, 0]], [[4, 2]])[0] == 0
    # and one that cuts into it is blocked
    assert segments_max_level(levels(grid), [[1, 2]], [[5, 0]])[0] == TOTAL


def test_a_line_running_along_a_wall_face_is_not_blocked():
    # a wall row above the two creatures: lines along its face are clear
    grid = "#######\n.......\n......."
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1)) == NO_COVER
    assert segments_max_level(levels(grid), [[0, 1]], [[7, 1]])[0] == 0


def test_a_line_along_the_seam_inside_a_solid_wall_is_blocked():
    grid = "...#...\n...#...\n...#..."
    assert segments_max_level(levels(grid), [[0, 1]], [[7, 1]])[0] == TOTAL
    assert cover_level(levels(grid), (0, 1, 1), (6, 1, 1)) == TOTAL


def test_two_walls_touching_at_a_corner_block_a_line_through_that_corner():
    grid = ".#..\n#...\n...."
    assert segments_max_level(levels(grid), [[0, 0]], [[2, 2]])[0] == TOTAL


def test_a_wall_across_the_whole_way_is_total_cover():
    grid = "...#...\n...#...\n...#..."
    assert cover_level(levels(grid), (0, 0, 1), (6, 2, 1)) == TOTAL


def test_low_walls_cap_at_half_and_arrow_slits_at_three_quarters():
    # FORMATS.md: a line through a low wall is blocked but grants at most half cover
    assert cover_level(levels("...=...\n...=...\n...=..."), (0, 1, 1), (6, 1, 1)) == HALF
    assert cover_level(levels("...+...\n...+...\n...+..."), (0, 1, 1), (6, 1, 1)) == THREE_QUARTERS


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
    assert cover_level(lv, (0, 1, 1), (6, 3, 1)) == NO_COVER


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
    assert cover_between(b, archer, fighter) == HALF
    orc.state = "dead"
    assert cover_between(b, archer, fighter) == NO_COVER


def test_adjacent_creatures_beside_the_line_give_no_cover():
    # allies standing next to the attacker and target, not between them
    b = battle(GRID, [
        creature("archer", "goblin", "red", (1, 1)),
        creature("gob2", "goblin", "red", (1, 0)),
        creature("gob3", "goblin", "red", (1, 2)),
        creature("fighter", "fighter", "blue", (2, 1)),
    ])
    c = b.state.creatures
    assert cover_between(b, c["archer"], c["fighter"]) == NO_COVER


def test_total_cover_means_no_sight_and_no_attack():
    grid = "...#...\n...#...\n...#..."
    b = battle(grid, [
        creature("fighter", "fighter", "blue", (0, 1)),
        creature("gob1", "goblin", "red", (6, 1)),
    ])
    c = b.state.creatures
    assert not can_see(b, c["fighter"], c["gob1"])
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
