"""Hand-written files: the bundled maps, stat blocks and scenarios load, and bad ones fail clearly."""

from pathlib import Path

import pytest

from game.session.check import check_file
from game.content.creatures import bundled_raw, parse_stat_block
from game.content.errors import ContentError
from game.content.maps import load_map, parse_map
from game.content.paths import MAPS_DIR, creatures_dir, items_dir
from game.content.scenarios import load_scenario
from game.core.terrain import KIND_BY_NAME

BUNDLED = sorted(MAPS_DIR.glob("*.toml")) + sorted(creatures_dir("5e").glob("*.toml")) + sorted(items_dir("5e").glob("*.toml"))
ROSTER = ["goblin", "orc", "wolf", "skeleton", "ogre", "brown-bear", "hill-giant", "giant-spider", "sahuagin",
          "riding-horse", "warhorse", "young-green-dragon", "fighter", "rogue", "wizard", "cleric"]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_file_passes_check(path):
    assert check_file(path) == []


def test_the_roster_of_formats_md_is_bundled_with_srd_numbers():
    blocks = {kind: parse_stat_block(bundled_raw("5e", kind), ruleset="5e") for kind in ROSTER}
    assert blocks["goblin"].ac == 15 and blocks["goblin"].hp == 7 and blocks["goblin"].size == "small"
    assert blocks["ogre"].size == "large" and blocks["ogre"].hp == 59
    assert blocks["hill-giant"].size == "huge" and blocks["hill-giant"].hp == 105
    assert blocks["giant-spider"].speed_of("climb") > 0
    assert blocks["sahuagin"].speed_of("swim") > 0
    assert blocks["young-green-dragon"].speed_of("fly") > 0 and blocks["young-green-dragon"].size == "large"
    assert blocks["riding-horse"].size == blocks["warhorse"].size == "large"
    assert all(blocks[h].player for h in ("fighter", "rogue", "wizard", "cleric"))
    assert {"fire-bolt", "magic-missile", "shield", "burning-hands"} <= set(blocks["wizard"].spells)
    assert {"sacred-flame", "cure-wounds", "healing-word"} <= set(blocks["cleric"].spells)


def test_required_maps_exist_and_show_their_terrain():
    def kinds(name):
        return set(load_map(MAPS_DIR / f"{name}.toml").board.terrain.ravel().tolist())
    assert KIND_BY_NAME["wall"] in kinds("ruined-keep")
    assert {KIND_BY_NAME["low-wall"], KIND_BY_NAME["arrow-slit"]} <= kinds("arrow-slits")
    assert {KIND_BY_NAME["shallow-water"], KIND_BY_NAME["deep-water"]} <= kinds("river-ford")
    assert KIND_BY_NAME["difficult"] in kinds("forest")
    bench = load_map(MAPS_DIR / "bench-100.toml")
    assert bench.board.width == bench.board.height == 100
    assert len(bench.spawns) >= 30


def test_every_bundled_scenario_starts_a_battle():
    from game.session.replay import replay

    for path in sorted(MAPS_DIR.glob("*.scenario.toml")):
        result = replay(load_scenario(path))
        assert result.error is None
        assert result.battle.current is not None


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_broken_map_names_the_file_and_line(tmp_path):
    path = write(tmp_path, "bad.toml", 'name = "x"\ngrid = """\n....\n..?.\n"""\n')
    with pytest.raises(ContentError) as err:
        load_map(path)
    assert str(err.value) == f"{path}:4: grid row 1 column 2: unknown terrain character '?'"
    path = write(tmp_path, "ragged.toml", 'grid = """\n....\n...\n"""\n')
    assert "row 1 has 3 squares, row 0 has 4" in check_file(path)[0]
    path = write(tmp_path, "syntax.toml", 'grid = """\n....\n')
    assert check_file(path)[0].startswith(f"{path}:")


def test_legend_adds_characters():
    m = parse_map({"grid": "%.", "legend": {"%": "difficult"}})
    assert m.board.terrain[0, 0] == KIND_BY_NAME["difficult"]
    with pytest.raises(ContentError, match="unknown terrain 'lava'"):
        parse_map({"grid": "%.", "legend": {"%": "lava"}})


def test_an_unknown_creature_or_bad_placement_is_one_clear_error(tmp_path):
    base = 'format = 1\nmap = { grid = """\n....\n.#..\n""" }\n'
    path = write(tmp_path, "s.toml", base + '[[creature]]\nid = "x"\nkind = "dragonzilla"\nside = "red"\nat = [0, 0]\n')
    (problem,) = check_file(path)
    assert problem.startswith(f"{path}:6: creature 'x': unknown creature kind 'dragonzilla'")
    path = write(tmp_path, "s2.toml", base + '[[creature]]\nid = "x"\nkind = "goblin"\nside = "red"\nat = [1, 1]\n')
    assert "stands on impassable terrain" in check_file(path)[0]
    path = write(tmp_path, "s3.toml", base + '[[creature]]\nid = "x"\nkind = "ogre"\nside = "red"\nat = [3, 0]\n')
    assert "leaves the 4x2 map" in check_file(path)[0]


def test_stat_block_errors(tmp_path):
    with pytest.raises(ContentError, match="'hp' must be at least 1"):
        parse_stat_block({"id": "x", "name": "X", "ac": 10, "hp": 0})
    with pytest.raises(ContentError, match="unknown stat block key 'hitpoints'"):
        parse_stat_block({"id": "x", "name": "X", "ac": 10, "hp": 3, "hitpoints": 3})
    with pytest.raises(ContentError, match="not dice notation"):
        parse_stat_block({"id": "x", "name": "X", "ac": 10, "hp": 3, "attacks": [
            {"name": "claw", "kind": "melee", "to_hit": 2, "damage": "d", "type": "slashing"}]})


def test_a_forced_die_too_big_is_an_error(tmp_path):
    path = write(tmp_path, "s.toml", 'format = 1\ndice = [25]\nmap = { grid = "...." }\n'
                 '[[creature]]\nid = "a"\nkind = "goblin"\nside = "red"\nat = [0, 0]\n'
                 '[[creature]]\nid = "b"\nkind = "goblin"\nside = "blue"\nat = [3, 0]\n')
    (problem,) = check_file(path)
    assert "forced die face 25 cannot be rolled on a d20" in problem
