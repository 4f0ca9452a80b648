"""`skirmish check` prints every problem of a file, one line each, and rejects creatures that
overlap (FORMATS.md, "Scenario"), except a rider in its mount's space and tiny creatures sharing
a square as the rules allow."""

from pathlib import Path

import pytest

from game.cli import main
from game.content.errors import MAX_PROBLEMS, ContentError
from game.content.scenarios import load_scenario
from game.session.check import check_file
from game.session.replay import replay

HEADER = 'format = 1\nseed = 3\nmap = { grid = """\n.....\n.#...\n.....\n""" }\n'


def scenario_file(tmp_path: Path, *creatures: str, header: str = HEADER, name: str = "s.toml") -> Path:
    path = tmp_path / name
    path.write_text(header + "".join(creatures))
    return path


def creature(cid: str, kind: str, side: str, at, **extra) -> str:
    lines = [f'[[creature]]\nid = "{cid}"\nkind = "{kind}"\nside = "{side}"\nat = [{at[0]}, {at[1]}]\n']
    lines += [f"{key} = {value}\n" for key, value in extra.items()]
    return "".join(lines)


def line_of(path: Path, text: str, index: int = 0) -> int:
    """The line number of the index-th line of the file that is exactly text."""
    numbers = [n for n, line in enumerate(path.read_text().splitlines(), start=1) if line == text]
    return numbers[index]


def test_a_scenario_with_three_problems_prints_three_lines(tmp_path, capsys):
    path = scenario_file(tmp_path,
                         creature("a", "dragonzilla", "red", (0, 0)),
                         creature("b", "goblin", "red", (1, 1)),  # on the wall
                         creature("c", "goblin", "blue", (4, 2), temp_hp=-1))
    problems = check_file(path)
    assert len(problems) == 3
    a, b, c = problems
    assert a.startswith(f"{path}:{line_of(path, '[[creature]]', 0)}: creature 'a': unknown creature kind 'dragonzilla'")
    assert b == f"{path}:{line_of(path, '[[creature]]', 1)}: creature 'b' at [1, 1] stands on impassable terrain"
    assert c == f"{path}:{line_of(path, '[[creature]]', 2)}: creature 'c': 'temp_hp' must be 0 or more"
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err.splitlines() == [f"error: {p}" for p in problems]


def test_three_problems_of_one_creature_are_three_lines(tmp_path):
    path = scenario_file(tmp_path, creature("a", "goblin", "red", (0, 0), temp_hp=-1, altitude=-2, colour='"red"'))
    line = line_of(path, "[[creature]]")
    assert check_file(path) == [f"{path}:{line}: creature 'a': unknown key 'colour'",
                                f"{path}:{line}: creature 'a': 'temp_hp' must be 0 or more",
                                f"{path}:{line}: creature 'a': 'altitude' must be 0 or more metres"]


def test_a_file_that_fails_to_load_is_one_line_naming_the_first_problem_and_how_many_more(tmp_path):
    path = scenario_file(tmp_path, creature("a", "dragonzilla", "red", (0, 0)),
                         creature("b", "goblin", "red", (1, 1)), creature("c", "goblin", "red", (9, 9)))
    with pytest.raises(ContentError) as err:
        load_scenario(path)
    text = str(err.value)
    assert "\n" not in text and "creature 'a': unknown creature kind" in text and text.endswith("(and 2 more problems)")


def test_two_overlapping_creatures_are_both_named(tmp_path):
    path = scenario_file(tmp_path, creature("fighter", "fighter", "blue", (3, 0)),
                         creature("ogre", "ogre", "red", (2, 0)))  # large: [2..3] x [0..1]
    assert check_file(path) == [f"{path}:{line_of(path, '[[creature]]', 1)}: creature 'ogre' at [2, 0] "
                                "overlaps creature 'fighter' at [3, 0]"]


def test_a_rider_in_its_mounts_space_is_fine(tmp_path):
    path = scenario_file(tmp_path, creature("horse", "riding-horse", "blue", (2, 0)),
                         creature("fighter", "fighter", "blue", (3, 1), mount='"horse"'),
                         creature("gob", "goblin", "red", (0, 2)))
    assert check_file(path) == []
    battle = replay(load_scenario(path)).battle
    fighter, horse = battle.state.creatures["fighter"], battle.state.creatures["horse"]
    assert (fighter.x, fighter.y) == (horse.x, horse.y)


def test_a_second_rider_on_one_mount_is_refused(tmp_path):
    path = scenario_file(tmp_path, creature("horse", "riding-horse", "blue", (2, 0)),
                         creature("fighter", "fighter", "blue", (2, 0), mount='"horse"'),
                         creature("rogue", "rogue", "blue", (3, 0), mount='"horse"'))
    (problem,) = check_file(path)
    assert problem.endswith("creature 'rogue': its mount 'horse' already carries 'fighter'")


def test_tiny_creatures_share_a_square_four_at_most_and_never_with_a_bigger_one(tmp_path):
    tiny = "size = \"tiny\"\n"
    rats = [creature(f"rat{i}", "wolf", "red", (4, 0)) + tiny for i in range(4)]
    path = scenario_file(tmp_path, *rats, creature("gob", "goblin", "blue", (0, 2)))
    assert check_file(path) == []
    path = scenario_file(tmp_path, *rats, creature("rat4", "wolf", "red", (4, 0)) + tiny, name="five.toml")
    (problem,) = check_file(path)
    assert problem.endswith("creature 'rat4' at [4, 0]: square [4, 0] already holds 4 tiny creatures "
                            "('rat0', 'rat1', 'rat2', 'rat3')")
    path = scenario_file(tmp_path, rats[0], creature("gob", "goblin", "blue", (4, 0)), name="mixed.toml")
    (problem,) = check_file(path)
    assert problem.endswith("creature 'gob' at [4, 0] overlaps creature 'rat0' at [4, 0]")


def test_a_dead_monster_takes_no_space(tmp_path):
    path = scenario_file(tmp_path, creature("corpse", "goblin", "red", (4, 0), current_hp=0),
                         creature("gob", "goblin", "red", (4, 0)), creature("fighter", "fighter", "blue", (0, 0)))
    assert check_file(path) == []


def test_every_bad_row_of_a_map_and_every_bad_key_of_a_stat_block_is_listed(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text('colour = 1\ngrid = """\n....\n..?.\n...\n.x!.\n"""\n')
    assert check_file(path) == [f"{path}:1: unknown map key 'colour'",
                                f"{path}:4: grid row 1 column 2: unknown terrain character '?'",
                                f"{path}:5: grid row 2 has 3 squares, row 0 has 4",
                                f"{path}:6: grid row 3 column 1: unknown terrain character 'x' (and 1 more in this row)"]
    path = tmp_path / "block.toml"
    path.write_text('id = "x"\nname = "X"\nac = -1\nhp = 0\nsize = "vast"\n[[attacks]]\nname = "claw"\n'
                    'kind = "melee"\nto_hit = 2\ndamage = "d"\ntype = "slashing"\n')
    problems = check_file(path)
    assert [p.split(": ", 1)[1] for p in problems] == [
        "'ac' must be at least 0, got -1", "'hp' must be at least 1, got 0",
        "'size' must be one of tiny, small, medium, large, huge, gargantuan, got 'vast'",
        "attack 'claw' 'damage': not dice notation: 'd' (expected like '1d6+2')"]


def test_the_list_is_bounded(tmp_path):
    path = tmp_path / "map.toml"
    path.write_text('grid = """\n' + "....\n" + "..?.\n" * 150 + '"""\n')  # 150 rows: within the map limit
    problems = check_file(path)
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1] == f"{path}: {150 - MAX_PROBLEMS} more problems not shown"


def test_check_changes_nothing(tmp_path):
    path = scenario_file(tmp_path, creature("a", "goblin", "red", (0, 0)), creature("b", "goblin", "red", (0, 0)))
    before = path.read_bytes()
    assert check_file(path) == check_file(path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]
