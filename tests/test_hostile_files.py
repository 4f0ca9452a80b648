"""Hostile files (issue 16): every bad input ends in exit status 2, exactly one line on standard
error and nothing changed on disk; each class is stopped where the input enters."""

import json
import os
import time
from pathlib import Path

import pytest

from game.cli import main
from game.content import limits
from game.content.paths import MAPS_DIR
from game.core.dice import MAX_DICE, MAX_FACES, DiceError, DiceExpr

SCENARIO = '''format = 1
title = "Hostile"
seed = 3
map = {{ grid = """
........
........
""" }}
initiative = ["fighter", "gob1"]
{top}

[[creature]]
id = "fighter"
kind = "fighter"
side = "blue"
at = [0, 0]
{fighter}

[[creature]]
id = "gob1"
kind = "goblin"
side = "red"
at = [5, 0]

{commands}
'''


def scenario_text(top="", fighter="", commands="") -> str:
    return SCENARIO.format(top=top, fighter=fighter, commands=commands)


def listing(folder: Path) -> dict:
    """Every file under folder with its size and modification time (what 'unchanged' means)."""
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def refused(capsys, *argv, cwd: Path | None = None) -> str:
    """Run the command line; assert exit 2 with exactly one line on stderr and no file changed
    under cwd; return that line."""
    before = listing(cwd) if cwd else None
    assert main(list(argv)) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert err.startswith("error: ") and "Traceback" not in err
    if cwd:
        assert listing(cwd) == before
    return err.strip()


def check_refuses(tmp_path, capsys, text: str, name="s.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    line = refused(capsys, "check", str(path), cwd=tmp_path)
    assert line.startswith(f"error: {path}")
    return line


# ----------------------------------------------------------------- files read outside what was named
@pytest.fixture
def secret(tmp_path) -> Path:
    """A TOML file elsewhere on the disk, whose values must never be read or shown."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    path = folder / "secret.toml"
    path.write_text('id = "s3cr3t-value"\nname = "s3cr3t-value"\nhp = 4242\nac = 1\n')
    return path


def test_a_kind_or_an_item_is_an_id_never_a_path(tmp_path, capsys, secret):
    game = tmp_path / "game"
    game.mkdir()
    relative = os.path.relpath(secret.with_suffix(""), game)
    for kind in (relative, str(secret.with_suffix("")), str(secret), "../secret", "Goblin", "gob lin", "goblin/"):
        line = check_refuses(game, capsys, scenario_text().replace('kind = "goblin"', f'kind = "{kind}"'))
        assert "kebab-case id" in line and "s3cr3t" not in line and "4242" not in line
    for item in (relative, str(secret.with_suffix("")), "potion-of-healing/../potion-of-healing"):
        fighter = f'items = ["{item}"]'
        line = check_refuses(game, capsys, scenario_text(fighter=fighter))
        assert "unknown item" in line and "s3cr3t" not in line


def test_a_kind_the_ruleset_lacks_is_named_with_the_bundled_ones(tmp_path, capsys):
    line = check_refuses(tmp_path, capsys, scenario_text().replace('kind = "goblin"', 'kind = "beholder"'))
    assert "unknown creature kind 'beholder' in ruleset 5e (bundled: " in line and "goblin" in line


@pytest.mark.parametrize("reference", ["/etc/hosts", "../elsewhere/secret.toml", "{secret}", "sub/../../x.toml",
                                       "maps\\\\x.toml", "c:x.toml", "secret", "notes.txt"])
def test_a_map_is_a_bundled_name_or_a_path_below_the_scenario(tmp_path, capsys, secret, reference):
    game = tmp_path / "game"
    game.mkdir()
    (game / "notes.txt").write_text('grid = "...."\n')
    text = scenario_text().replace('map = { grid = """\n........\n........\n""" }',
                                   f'map = "{reference.format(secret=secret)}"')
    line = check_refuses(game, capsys, text)
    assert "unknown map" in line and "s3cr3t" not in line


def test_the_maps_a_scenario_may_name(tmp_path, capsys):
    (tmp_path / "sub").mkdir()
    grid = 'grid = """\n........\n........\n"""\n'
    (tmp_path / "beside.toml").write_text(grid)
    (tmp_path / "sub" / "below.json").write_text('{"grid": "........\\n........"}')
    old = 'map = { grid = """\n........\n........\n""" }'
    for reference in ("beside.toml", "sub/below.json", "./beside.toml", "open-field"):
        path = tmp_path / "s.toml"
        path.write_text(scenario_text().replace(old, f'map = "{reference}"'))
        assert main(["check", str(path)]) == 0, capsys.readouterr().err
    assert (MAPS_DIR / "open-field.toml").is_file()


# ----------------------------------------------------------------- what is read at all
def test_only_regular_files_are_read(tmp_path, capsys):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # no writer: opening it for reading must not wait
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    for path in (fifo, link, tmp_path, Path("/dev/zero"), Path("/dev/null")):
        for command in ("check", "replay", "render", "simulate", "play"):
            extra = {"render": ["-o", str(tmp_path / "out.png")], "simulate": ["--runs", "1"]}.get(command, [])
            line = refused(capsys, command, str(path), *extra, cwd=tmp_path)
            assert line == f"error: {path}: not a regular file"
    assert "cannot read" in refused(capsys, "check", str(loop))


def test_a_file_too_large_or_with_a_too_long_line_is_refused(tmp_path, capsys):
    big = tmp_path / "big.toml"
    with open(big, "wb") as out:
        out.truncate(limits.MAX_FILE_BYTES + 1)  # sparse: nothing written but its size
    assert refused(capsys, "check", str(big)) == f"error: {big}: the file is larger than 16 MB"
    long_title = scenario_text().replace('title = "Hostile"', 'title = "' + "x" * limits.MAX_LINE_CHARS + '"')
    assert check_refuses(tmp_path, capsys, long_title).endswith(
        f":2: line of {limits.MAX_LINE_CHARS + 10} characters (at most {limits.MAX_LINE_CHARS})")
    grid_row = "." * (limits.MAX_LINE_CHARS + 1)
    assert "line of" in check_refuses(tmp_path, capsys, f'grid = """\n{grid_row}\n"""\n')


def test_a_file_not_in_utf8_is_one_line(tmp_path, capsys):
    path = tmp_path / "latin.toml"
    path.write_bytes(b'title = "caf\xe9"\n')
    assert "not UTF-8" in refused(capsys, "check", str(path))


# ----------------------------------------------------------------- odd values, refused at load
@pytest.mark.parametrize("value, what", [
    ("[" * 40 + "]" * 40, "nested too deep"),
    ("[" * 3000 + "]" * 3000, "nested too deep"),
    ("{ a = " * 30 + "1" + " }" * 30, "nested too deep"),
    ("1" * 5000, "a number too long"),
    ("1" * 30, "integer out of range"),
    ("-" + "9" * 19, "integer out of range"),
    ("nan", "finite numbers only"),
    ("inf", "finite numbers only"),
    ("-inf", "finite numbers only"),
    ('"' + "x" * (limits.MAX_TEXT + 1) + '"', "at most 1000"),
    ('"a\\u0000b"', "U+0000"),
    ('"\\u001b[31m"', "U+001B"),
    ('"del\\u007f"', "U+007F"),
    ('"\\u0085"', "U+0085"),
    ("1979-05-27", "a date is not a value the game reads"),
    ("07:32:00", "a time is not a value the game reads"),
])
def test_odd_values_anywhere_are_refused_in_one_line(tmp_path, capsys, value, what):
    for text in (scenario_text(top=f"notes = {value}"),
                 scenario_text(fighter=f"altitude = {value}"),
                 scenario_text(commands=f'[[command]]\nactor = "fighter"\nact = "move"\nto = [1, {value}]')):
        assert what in check_refuses(tmp_path, capsys, text)


def test_deep_json_and_big_json_numbers_are_one_line(tmp_path, capsys):
    assert "nested too deep" in check_refuses(tmp_path, capsys, '{"a": ' + "[" * 3000 + "]" * 3000 + "}",
                                              name="deep.json")
    assert "a number too long" in check_refuses(tmp_path, capsys, '{"hp": ' + "7" * 5000 + "}", name="n.json")
    assert "finite numbers only" in check_refuses(tmp_path, capsys, '{"grid": "..", "x": NaN}', name="nan.json")
    assert "U+D800" in check_refuses(tmp_path, capsys, '{"grid": "..", "name": "\\ud800"}', name="sur.json")
    assert "null is not a value" in check_refuses(tmp_path, capsys, '{"grid": "..", "name": null}', name="null.json")


def test_a_long_array_is_refused_but_commands_and_forced_dice(tmp_path, capsys):
    spells = "spells = [\n" + ",\n".join(['"fire-bolt"'] * (limits.MAX_ITEMS + 1)) + "]"
    assert f"creature[0].spells: an array of {limits.MAX_ITEMS + 1} items (at most 1,000)" in check_refuses(
        tmp_path, capsys, scenario_text(fighter=spells))
    dice = "dice = [\n" + ",\n".join(["3"] * (limits.MAX_ITEMS + 1)) + "]"
    path = tmp_path / "dice.toml"
    path.write_text(scenario_text(top=dice))
    assert main(["check", str(path)]) == 0


def test_many_unknown_keys_cost_one_pass_over_the_file(tmp_path, capsys):
    # each problem's line was searched from the top of the file: 20,000 keys took minutes
    keys = "".join(f"k{i} = 1\n" for i in range(20_000))
    start = time.perf_counter()
    line = refused(capsys, "replay", str(_written(tmp_path, scenario_text(top=keys))))
    assert "unknown scenario key 'k0' (and 19999 more problems)" in line
    assert time.perf_counter() - start < 20


def _written(folder: Path, text: str) -> Path:
    path = folder / "s.toml"
    path.write_text(text)
    return path


def test_a_long_name_never_reaches_the_disk(tmp_path, capsys):
    long_kind = "a" * 900
    line = check_refuses(tmp_path, capsys, scenario_text().replace('kind = "goblin"', f'kind = "{long_kind}"'))
    assert "kebab-case id" in line and len(line) < 400


@pytest.mark.parametrize("cid", ["gob 1", "gob\\n1", "gob\\t1", "-gob", "g" * 65, "gob/1", "gob.1"])
def test_creature_ids_and_sides_are_letters_digits_underscores_and_dashes(tmp_path, capsys, cid):
    text = scenario_text().replace('id = "gob1"', f'id = "{cid}"').replace('"gob1"]', f'"{cid}"]')
    assert "letters, digits" in check_refuses(tmp_path, capsys, text)
    text = scenario_text().replace('side = "red"', f'side = "{cid}"')
    assert "letters, digits" in check_refuses(tmp_path, capsys, text)


# ----------------------------------------------------------------- unbounded work from a small file
def test_dice_are_bounded_where_they_are_parsed():
    assert DiceExpr.parse(f"{MAX_DICE}d{MAX_FACES}+3") == DiceExpr(MAX_DICE, MAX_FACES, 3)
    for text in (f"{MAX_DICE + 1}d6", "100000000d6", f"1d{MAX_FACES + 1}", "1d6+10000000", "9" * 5000,
                 "1" * 40 + "d6", ["1d6"], {"d": 6}, 2.5, 10 ** 30):
        with pytest.raises(DiceError):
            DiceExpr.parse(text)


@pytest.mark.parametrize("damage", ["100000000d6", "1d100000", "1d6+99999999", "0d0"])
def test_a_huge_damage_expression_is_refused_by_check(tmp_path, capsys, damage):
    stats = ('[creature.stats]\nhp = 5\nac = 10\n[[creature.stats.attacks]]\nname = "x"\nkind = "melee"\n'
             f'to_hit = 1\ndamage = "{damage}"\ntype = "fire"\n')
    text = scenario_text().replace('kind = "fighter"\nside = "blue"\nat = [0, 0]\n',
                                   f'side = "blue"\nat = [0, 0]\n{stats}')
    assert "damage" in check_refuses(tmp_path, capsys, text)


@pytest.mark.parametrize("width, height", [(limits.MAX_MAP_SIDE + 1, 2), (2, limits.MAX_MAP_SIDE + 1), (2000, 2000)])
def test_a_map_too_big_is_refused_before_it_is_built(tmp_path, capsys, width, height):
    rows = "\n".join(["." * width] * height)
    text = f'grid = """\n{rows}\n"""\n'
    line = check_refuses(tmp_path, capsys, text)
    assert f"the grid is {width}x{height} squares (at most {limits.MAX_MAP_SIDE}x{limits.MAX_MAP_SIDE})" in line
    out = tmp_path / "out.png"
    refused(capsys, "render", str(tmp_path / "s.toml"), "-o", str(out))
    assert not out.exists()


@pytest.mark.parametrize("top, what", [
    (f"dice = [{MAX_FACES + 1}]", "'dice' must be a list of at most"),
    ("dice = [0]", "'dice' must be a list"),
    ("dice = [true]", "'dice' must be a list"),
    ("dice = [" + ", ".join(["1"] * (limits.MAX_FORCED_DICE + 1)) + "]", "line of"),
])
def test_forced_dice_are_bounded(tmp_path, capsys, top, what):
    assert what in check_refuses(tmp_path, capsys, scenario_text(top=top))


def test_too_many_creatures_or_commands_are_refused(tmp_path, capsys, monkeypatch):
    from game.content import scenarios

    with monkeypatch.context() as patch:
        patch.setattr(scenarios, "MAX_CREATURES", 1)
        assert "2 creatures (at most 1)" in check_refuses(tmp_path, capsys, scenario_text())
    monkeypatch.setattr(scenarios, "MAX_COMMANDS", 2)
    ends = '[[command]]\nactor = "fighter"\nact = "end"\n[[command]]\nactor = "gob1"\nact = "end"\n'
    path = tmp_path / "two.toml"
    path.write_text(scenario_text(commands=ends))
    assert main(["check", str(path)]) == 0
    assert "3 commands (at most 2)" in check_refuses(tmp_path, capsys, scenario_text(commands=ends * 2)[:-1].rsplit("[[command]]", 1)[0])


@pytest.mark.parametrize("key, value", [
    ("reach", "1e300"), ("reach", "0"), ("reach", "-1.5"), ("range", "[6, 1e300]"), ("range", "[0, 6]"),
])
def test_distances_of_attacks_are_bounded(tmp_path, capsys, key, value):
    stats = ('[creature.stats]\nhp = 5\nac = 10\n[[creature.stats.attacks]]\nname = "x"\nkind = "melee"\n'
             f'to_hit = 1\ndamage = "1d4"\ntype = "fire"\n{key} = {value}\n')
    text = scenario_text().replace('kind = "fighter"\nside = "blue"\nat = [0, 0]\n',
                                   f'side = "blue"\nat = [0, 0]\n{stats}')
    assert f"'{key}' must be" in check_refuses(tmp_path, capsys, text)


@pytest.mark.parametrize("fighter, what", [
    ("altitude = 1e300", "'altitude' must be at most"),
    ("speed = { walk = 1e300 }", "'speed' must be"),
    ("speed = { walk = -3 }", "'speed' must be"),
    ("spell_slots = { 1 = 1e9 }", "'spell_slots' must map"),
    ("spell_slots = { 99 = 1 }", "'spell_slots' must map"),
    ("spell_slots = [1]", "'spell_slots' must map"),
    ('spells = ["../fire-bolt"]', "unknown spell"),
    ('spells = ["wish"]', "unknown spell"),
])
def test_scenario_overrides_are_bounded(tmp_path, capsys, fighter, what):
    assert what in check_refuses(tmp_path, capsys, scenario_text(fighter=fighter))


# ----------------------------------------------------------------- commands of odd shapes
def ready(trigger='{ event = "moves", by = "enemy" }', then='{ act = "attack", with = "longsword" }') -> str:
    return (f'[[command]]\nactor = "fighter"\nact = "ready"\ntrigger = {trigger}\nthen = {then}\n'
            '[[command]]\nactor = "gob1"\nact = "move"\nto = [4, 0]\n')


@pytest.mark.parametrize("commands, what", [
    ('[[command]]\nactor = "fighter"\nact = ["move"]\nto = [1, 0]', "unknown act ['move']"),
    ('[[command]]\nactor = "fighter"\nact = { move = 1 }', "unknown act"),
    ('[[command]]\nactor = ["fighter"]\nact = "end"', "has no 'actor'"),
    (ready(then='"attack"'), "'then' must be a table"),
    (ready(then='["act", "attack"]'), "'then' must be a table"),
    (ready(then='[["act", "attack"], ["with", "longsword"]]'), "'then' must be a table"),
    (ready(then='{ act = "attack", with = "longsword", target = ["gob1"] }'), "'target' must be one creature id"),
    (ready(then='{ act = ["attack"] }'), "'then' must be a command table"),
    (ready(trigger='"moves"'), "'trigger' must be a table"),
    (ready(trigger='[["event", "moves"]]'), "'trigger' must be a table"),
    ('[[command]]\nactor = "fighter"\nact = "end"\ncaption = 3', "'caption' must be a string"),
])
def test_commands_of_odd_shapes_are_refused_with_their_number(tmp_path, capsys, commands, what):
    line = check_refuses(tmp_path, capsys, scenario_text(commands=commands))
    assert "command 1 (" in line and what in line


def test_a_caption_is_ignored_by_the_engine(tmp_path, capsys):
    plain = '[[command]]\nactor = "fighter"\nact = "move"\nto = [3, 0]\n'
    captioned = plain + 'caption = "The fighter walks three squares"\n'
    outs = []
    for text in (plain, captioned):
        path = tmp_path / "s.toml"
        path.write_text(scenario_text(commands=text))
        assert main(["replay", str(path), "--json"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] and '"at": [3, 0]' in outs[0]


def test_the_limits_are_the_ones_formats_md_documents():
    text = (Path(__file__).resolve().parents[1] / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    limits_section = text[text.index("## Limits"):text.index("## Command line")]
    for value in (f"{limits.MAX_FILE_BYTES // 2 ** 20} MB", f"{limits.MAX_LINE_CHARS:,} characters",
                  f"{limits.MAX_DEPTH} levels", f"{limits.MAX_TEXT:,} characters", f"{limits.MAX_ID} characters",
                  f"{MAX_DICE} dice of at most {MAX_FACES:,} faces", f"{limits.MAX_BONUS:,}",
                  f"{limits.MAX_MAP_SIDE} x {limits.MAX_MAP_SIDE}", f"{limits.MAX_CREATURES} creatures",
                  f"{limits.MAX_COMMANDS:,} commands", f"{limits.MAX_FORCED_DICE:,} of them",
                  f"{limits.MAX_METRES:,.0f} m", f"at most {limits.MAX_ITEMS:,} items"):
        assert value in limits_section, value


# ----------------------------------------------------------------- Tiled files: the same guards
def tiled_map(tmp_path, name="t.tmj", **changes) -> Path:
    """A 2 x 2 Tiled JSON map (its tileset in a file beside it, tile 0 floor), with changes."""
    (tmp_path / "terrain.tsj").write_text(json.dumps({
        "type": "tileset", "name": "terrain", "tilewidth": 16, "tileheight": 16, "tilecount": 1, "columns": 1,
        "image": "t.png", "imagewidth": 16, "imageheight": 16, "margin": 0, "spacing": 0,
        "tiles": [{"id": 0, "properties": [{"name": "terrain", "type": "string", "value": "floor"}]}]}))
    data = {"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
            "renderorder": "right-down", "width": 2, "height": 2, "tilewidth": 16, "tileheight": 16,
            "infinite": False, "nextlayerid": 2, "nextobjectid": 1,
            "tilesets": [{"firstgid": 1, "source": "terrain.tsj"}],
            "layers": [{"id": 1, "name": "ground", "type": "tilelayer", "width": 2, "height": 2, "x": 0, "y": 0,
                        "opacity": 1, "visible": True, "data": [1, 1, 1, 1]}]}
    data.update(changes)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_a_tiled_map_is_read_within_the_same_limits(tmp_path, capsys, secret):
    assert main(["check", str(tiled_map(tmp_path))]) == 0
    capsys.readouterr()
    huge = tiled_map(tmp_path, width=100_000, height=100_000)
    assert "the map is 100000x100000 squares (at most 200x200)" in refused(capsys, "check", str(huge))
    for source in ("/dev/zero", str(secret), "../elsewhere/secret.toml", "..\\\\x.tsj"):
        bad = tiled_map(tmp_path, tilesets=[{"firstgid": 1, "source": source}])
        line = refused(capsys, "check", str(bad))
        assert "a tileset or template must be a relative path" in line and "s3cr3t" not in line
    os.mkfifo(tmp_path / "fifo.tsj")
    fifo = tiled_map(tmp_path, tilesets=[{"firstgid": 1, "source": "fifo.tsj"}])
    assert refused(capsys, "check", str(fifo)).endswith("fifo.tsj: not a regular file")
    layer = {"id": 1, "name": "ground", "type": "tilelayer", "width": 2, "height": 2, "x": 0, "y": 0, "opacity": 1,
             "visible": True, "encoding": "base64", "compression": "zlib", "data": "eJxjZGBgYAQAAA0ABQ=="}
    zipped = tiled_map(tmp_path, layers=[layer])
    assert "a compressed tile layer is not read" in refused(capsys, "check", str(zipped))
    os.mkfifo(tmp_path / "pipe.tmx")
    assert refused(capsys, "check", str(tmp_path / "pipe.tmx")) == f"error: {tmp_path / 'pipe.tmx'}: not a regular file"


def test_a_scenario_may_name_a_tiled_map_beside_it_and_its_save_carries_the_terrain(tmp_path, capsys):
    tiled_map(tmp_path, name="field.tmj")
    path = tmp_path / "s.toml"
    path.write_text('format = 1\nmap = "field.tmj"\n[[creature]]\nid = "a"\nkind = "goblin"\nside = "red"\n'
                    'at = [0, 0]\n[[creature]]\nid = "b"\nkind = "goblin"\nside = "blue"\nat = [1, 1]\n')
    assert main(["check", str(path)]) == 0
    from game.content.scenarios import load_scenario
    from game.session.replay import new_battle
    from game.session.saves import write_save

    saved = load_scenario(write_save(new_battle(load_scenario(path)), tmp_path / "save.toml"))
    assert saved.map.rows == ("..", "..") and [c.id for c in saved.creatures] == ["a", "b"]
