"""Hand-written files: the bundled maps, stat blocks and scenarios load, and bad ones fail clearly."""

from pathlib import Path

import pytest

from game.session.check import check_file
from game.content import creatures, paths, scenarios, schema_5e
from game.content.creatures import bundled_kinds, bundled_raw, load_item, parse_stat_block
from game.content.errors import ContentError
from game.content.maps import load_map, parse_map
from game.content.paths import MAPS_DIR, ruleset_dir
from game.content.scenarios import load_scenario
from game.core.terrain import KIND_BY_NAME

BUNDLED = sorted(MAPS_DIR.glob("*.toml")) + sorted(ruleset_dir("5e").rglob("*.toml"))
ROSTER = ["goblin", "orc", "wolf", "skeleton", "ogre", "brown-bear", "hill-giant", "giant-spider", "sahuagin",
          "riding-horse", "warhorse", "young-green-dragon", "fighter", "rogue", "wizard", "cleric"]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_file_passes_check(path):
    assert check_file(path) == []


def test_the_5e_content_lives_under_assets_rulesets_5e():
    found = {p.relative_to(ruleset_dir("5e")).as_posix() for p in BUNDLED if p.is_relative_to(ruleset_dir("5e"))}
    assert {"creatures/goblin.toml", "creatures/wizard.toml", "items/potion-of-healing.toml"} <= found
    assert set(ROSTER) <= set(bundled_kinds("5e"))
    assert load_item("5e", "potion-of-healing").heal is not None


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


SCENARIO_WITH_GOBLIN = ('format = 1\nruleset = "{ruleset}"\nmap = {{ grid = "...." }}\n'
                        '[[creature]]\nid = "g"\nkind = "goblin"\nside = "red"\nat = [0, 0]\n')


@pytest.fixture
def stand_in_35(tmp_path, monkeypatch):
    """A 3.5 ruleset for the finding only: its own goblin (hp 5), read with the 5e schema."""
    goblin = (ruleset_dir("5e") / "creatures" / "goblin.toml").read_text()
    assert "\nhp = 7\n" in goblin
    for ruleset, text in (("5e", goblin), ("3.5", goblin.replace("\nhp = 7\n", "\nhp = 5\n"))):
        folder = tmp_path / "rulesets" / ruleset / "creatures"
        folder.mkdir(parents=True)
        (folder / "goblin.toml").write_text(text)
    monkeypatch.setattr(paths, "RULESETS_DIR", tmp_path / "rulesets")
    monkeypatch.setitem(creatures.SCHEMAS, "3.5", schema_5e)
    monkeypatch.setattr(scenarios, "_BUNDLED", {})
    bundled_raw.cache_clear()
    yield
    bundled_raw.cache_clear()


def test_a_kind_is_found_in_the_ruleset_played(stand_in_35, tmp_path):
    assert bundled_raw("5e", "goblin")["hp"] == 7
    assert bundled_raw("3.5", "goblin")["hp"] == 5
    for ruleset, hp in (("5e", 7), ("3.5", 5)):
        path = write(tmp_path, f"{ruleset}.toml", SCENARIO_WITH_GOBLIN.format(ruleset=ruleset))
        scenario = load_scenario(path)
        assert scenario.ruleset == ruleset and scenario.creatures[0].stats.hp == hp


def test_the_ruleset_override_wins_over_the_files_key(stand_in_35, tmp_path):
    path = write(tmp_path, "s.toml", SCENARIO_WITH_GOBLIN.format(ruleset="5e"))
    scenario = load_scenario(path, ruleset="3.5")
    assert scenario.ruleset == "3.5" and scenario.creatures[0].stats.hp == 5
    path = write(tmp_path, "t.toml", SCENARIO_WITH_GOBLIN.format(ruleset="3.5"))
    scenario = load_scenario(path, ruleset="5e")
    assert scenario.ruleset == "5e" and scenario.creatures[0].stats.hp == 7


def test_an_unknown_kind_names_the_kind_and_the_ruleset(tmp_path):
    with pytest.raises(ContentError) as err:
        bundled_raw("5e", "dragon")
    assert str(err.value) == f"unknown creature kind 'dragon' in ruleset 5e (bundled: {', '.join(bundled_kinds('5e'))})"
    assert str(err.value).startswith("unknown creature kind 'dragon' in ruleset 5e (bundled: brown-bear, cleric, ")
    path = write(tmp_path, "s.toml", SCENARIO_WITH_GOBLIN.format(ruleset="5e").replace("goblin", "dragon"))
    (problem,) = check_file(path)
    assert problem.startswith(f"{path}:4: creature 'g': unknown creature kind 'dragon' in ruleset 5e (bundled: ")


def test_a_ruleset_without_stat_blocks_yet_is_one_clear_error(tmp_path, monkeypatch):
    # every ruleset the game names now reads its stat blocks: one is taken away to see the message
    monkeypatch.delitem(creatures.SCHEMAS, "4e")
    for ruleset in ("4e",):
        path = write(tmp_path, "s.toml", SCENARIO_WITH_GOBLIN.format(ruleset=ruleset))
        assert check_file(path) == [f"{path}:2: ruleset '{ruleset}' is not available yet (available: 5e, 3.5)"]
        with pytest.raises(ContentError, match="not available yet"):
            bundled_raw(ruleset, "goblin")
        with pytest.raises(ContentError, match="not available yet"):
            load_item(ruleset, "potion-of-healing")
    # the override has no line in the file
    default = MAPS_DIR / "default.scenario.toml"
    with pytest.raises(ContentError) as err:
        load_scenario(default, ruleset="4e")
    assert str(err.value) == f"{default}: ruleset '4e' is not available yet (available: 5e, 3.5)"


def test_a_scenario_without_creatures_loads_under_any_ruleset(tmp_path):
    path = write(tmp_path, "s.toml", 'format = 1\nruleset = "3.5"\nmap = { grid = "...." }\n')
    assert load_scenario(path).ruleset == "3.5"
    assert load_scenario(MAPS_DIR / "open-field.toml", ruleset="4e").ruleset == "4e"
    assert load_scenario(MAPS_DIR / "open-field.toml").ruleset == "5e"


def test_an_unknown_ruleset_names_the_key_line(tmp_path):
    path = write(tmp_path, "s.toml", SCENARIO_WITH_GOBLIN.format(ruleset="6e"))
    assert check_file(path) == [f"{path}:2: ruleset '6e' is not supported (supported: 5e, 3.5, 4e)"]
    with pytest.raises(ContentError, match="ruleset '6e' is not supported"):
        load_scenario(MAPS_DIR / "default.scenario.toml", ruleset="6e")


def test_the_5e_spells_are_data_and_bad_spell_files_fail_clearly(tmp_path):
    from game.content.creatures import bundled_spells

    spells = bundled_spells("5e")
    assert {"fire-bolt", "magic-missile", "shield", "burning-hands", "sacred-flame", "cure-wounds",
            "healing-word"} <= set(spells)
    fireball = spells["fireball"]  # SRD 5.1, Fireball: 150 feet, a 20-foot-radius sphere, 8d6 fire
    assert (fireball.range_m, fireball.area, fireball.size_m, str(fireball.dice)) == (45, "sphere", 6, "8d6")
    bad = tmp_path / "spell.toml"
    bad.write_text('id = "zap"\nlevel = 1\ncasting_time = "action"\neffect = "area"\ndice = "2d6"\n'
                   'save = "dex"\narea = "square"\nsize = 3\n')
    assert check_file(bad) == [f"{bad}:7: 'area' must be one of sphere, cone, got 'square'"]
    bad.write_text('id = "zap"\nlevel = 1\ncasting_time = "sometimes"\neffect = "attack"\ndice = "1d6"\n')
    assert check_file(bad) == [f"{bad}:3: 'casting_time' must be one of action, bonus, reaction, got 'sometimes'"]
