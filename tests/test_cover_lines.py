"""The lines behind cover (api.Battle.cover_lines), under each ruleset: the attacker's corner, the
four lines to a square of the target, which are blocked, and the cover they give, always the
cover that `cover()` gives (the same code, core.cover.explain_cover)."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dnd35.helpers35 import battle as battle35
from dnd4e.helpers4e import battle4e
from helpers import battle as battle5e
from helpers import creature

BUILDERS = {"5e": battle5e, "3.5": battle35, "4e": battle4e}
PILLAR = """
.......
...#...
.......
"""


def lines_of(found):
    return [(line.start, line.end, line.blocked) for line in found.lines]


@pytest.mark.parametrize("ruleset", list(BUILDERS))
def test_a_pillar_blocks_two_of_the_four_lines_from_the_best_corner(ruleset):
    # 5e "Abris": « un abri partiel si l'obstacle bloque au moins la moitié » — the grid reading:
    # from the attacker's best corner, lines to the four corners of the target's square; 3.5 and
    # 4e count the same lines (3.5: any blocked line, cover +4 AC; 4e: 1-2 blocked, cover -2)
    b = BUILDERS[ruleset](PILLAR, [creature("fighter", "fighter", "blue", (1, 1)),
                                   creature("gob", "goblin", "red", (5, 1))])
    found = b.cover_lines("fighter", "gob")
    assert found.cover == b.cover("fighter", "gob") == "half"
    assert found.square == (5, 1) and len(found.lines) == 4 and found.blocked == 2
    assert all(line.start == found.corner for line in found.lines)
    assert found.corner in {(1, 1), (2, 1), (1, 2), (2, 2)}  # a corner of the fighter's square
    assert {line.end for line in found.lines} == {(5, 1), (6, 1), (5, 2), (6, 2)}
    assert found.bonus == {"5e": 2, "3.5": 4, "4e": 2}[ruleset]
    # the lines to the far side of the pillar (the lower corners) are the blocked ones
    assert {line.end for line in found.lines if line.blocked} == ({(5, 2), (6, 2)} if found.corner[1] == 1
                                                                   else {(5, 1), (6, 1)})


@pytest.mark.parametrize("ruleset", list(BUILDERS))
def test_open_ground_no_line_blocked_and_a_full_wall_every_line(ruleset):
    b = BUILDERS[ruleset](".......", [creature("fighter", "fighter", "blue", (0, 0)),
                                      creature("gob", "goblin", "red", (6, 0))])
    found = b.cover_lines("fighter", "gob")
    assert found.cover == "none" and found.blocked == 0 and found.bonus == 0
    b = BUILDERS[ruleset]("...#...\n...#...\n...#...", [creature("fighter", "fighter", "blue", (0, 1)),
                                                       creature("gob", "goblin", "red", (6, 1))])
    found = b.cover_lines("fighter", "gob")
    assert found.cover == b.cover("fighter", "gob") == "total" and found.blocked == 4 and found.bonus == 0


def test_5e_a_creature_in_the_way_blocks_lines_for_half_cover():
    # 5e "Abris": a creature in the way gives half cover (« un autre personnage »)
    b = battle5e(".......", [creature("fighter", "fighter", "blue", (0, 0)),
                             creature("gob1", "goblin", "red", (3, 0)), creature("gob2", "goblin", "red", (6, 0))])
    found = b.cover_lines("fighter", "gob2")
    assert found.cover == "half" and found.blocked >= 1


def test_35_a_low_wall_far_from_the_target_blocks_no_line_that_counts():
    # RULESETS.md section 3 (3.5 SRD, Low obstacles): a low wall covers only a target within 6
    # squares of it, and not when the attacker is nearer it: the lines drawn are those that count
    roster = [creature("gob", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (6, 1))]
    near_attacker = battle35(".........\n.=.......\n.........", roster)
    found = near_attacker.cover_lines("gob", "fighter")
    assert found.cover == near_attacker.cover("gob", "fighter") == "none" and found.blocked == 0
    near_target = battle35(".........\n.....=...\n.........", roster)
    found = near_target.cover_lines("gob", "fighter")
    assert found.cover == "half" and found.blocked >= 1 and found.bonus == 4


def test_4e_an_enemy_in_the_way_blocks_lines_an_ally_never():
    # RULESETS.md 2, Cover (4e): « enemies of the attacker » give cover, its allies never
    roster = [creature("wizard", "wizard", "blue", (0, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("orc", "orc", "red", (4, 1))]
    row = "......\n......\n......"
    found = battle4e(row, roster).cover_lines("wizard", "orc")
    assert found.cover == "half" and found.blocked >= 1
    roster[1]["side"] = "blue"
    found = battle4e(row, roster).cover_lines("wizard", "orc")
    assert found.cover == "none" and found.blocked == 0


def test_4e_an_arrow_slit_on_a_line_gives_superior_cover_whatever_the_count():
    # RULESETS.md section 3: an arrow slit `+` gives superior cover (-5)
    b = battle4e("......\n..+...\n......", [creature("wizard", "wizard", "blue", (0, 1)),
                                            creature("orc", "orc", "red", (3, 1))])
    found = b.cover_lines("wizard", "orc")
    assert found.cover == b.cover("wizard", "orc") == "three-quarters" and found.bonus == 5 and found.blocked >= 1


def test_an_unknown_creature_is_refused():
    from game.rules.errors import IllegalCommand

    b = battle5e("...", [creature("fighter", "fighter", "blue", (0, 0)), creature("gob", "goblin", "red", (2, 0))])
    with pytest.raises(IllegalCommand):
        b.cover_lines("fighter", "nobody")


TERRAIN = st.sampled_from(list("...#=+,"))


@given(st.lists(TERRAIN, min_size=42, max_size=42), st.sampled_from(list(BUILDERS)),
       st.tuples(st.integers(0, 6), st.integers(0, 5)), st.tuples(st.integers(0, 6), st.integers(0, 5)),
       st.tuples(st.integers(0, 6), st.integers(0, 5)))
def test_the_lines_always_give_the_cover_that_cover_gives(cells, ruleset, a, t, other):
    # one rule written once: cover_lines is cover()'s own code, line by line
    assume(len({a, t, other}) == 3)
    for x, y in (a, t, other):
        cells[y * 7 + x] = "."
    grid = "\n".join("".join(cells[r * 7:(r + 1) * 7]) for r in range(6))
    b = BUILDERS[ruleset](grid, [creature("a", "fighter", "blue", a), creature("t", "goblin", "red", t),
                                 creature("o", "goblin", "red", other)])
    found = b.cover_lines("a", "t")
    assert found.cover == b.cover("a", "t")
    assert len(found.lines) == 4 and all(line.start == found.corner for line in found.lines)
    x, y = found.square
    assert {line.end for line in found.lines} == {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
    if found.cover == "none":
        assert found.bonus == 0


@pytest.mark.parametrize("ruleset", list(BUILDERS))
def test_a_large_target_is_seen_at_its_least_covered_square(ruleset):
    # 5e "Abris" on the grid: the lines go to the corners of one square of the target's space,
    # the one the attacker sees best; the ogre's lower squares are clear of the pillar
    grid = "........\n...#....\n........\n........"
    b = BUILDERS[ruleset](grid, [creature("fighter", "fighter", "blue", (0, 1)),
                                 creature("ogre", "ogre", "red", (6, 1))])
    found = b.cover_lines("fighter", "ogre")
    assert found.cover == b.cover("fighter", "ogre") == "none" and found.blocked == 0
    assert found.square in {(6, 1), (7, 1), (6, 2), (7, 2)} and found.square[1] == 2
