"""Validation is total (issue 16): a random TOML value of any type put into any key of any format
(scenario, map, stat block, item, spell) ends in exit 0 or 2, one line per problem, never a
traceback; a scenario replayed with it says its one line and changes nothing on disk."""

import contextlib
import copy
import io
import tempfile
import tomllib
from pathlib import Path

from hypothesis import given, settings, strategies as st

from game.cli import main
from game.content.paths import ruleset_dir
from game.session.saves import to_toml

SCENARIO = {
    "format": 1, "title": "Any value", "ruleset": "5e", "seed": 4, "diagonals": "5-5-5",
    "map": {"grid": "........\n..#.....\n", "legend": {"%": "difficult"}, "name": "inline"},
    "sides": {"blue": "human", "red": "ai"},
    "initiative": ["fighter", "wizard", "gob1", "rat"],
    "dice": [15, 4, 3],
    "creature": [
        {"id": "fighter", "kind": "fighter", "side": "blue", "at": [0, 0], "current_hp": 20, "temp_hp": 2,
         "conditions": ["prone"], "altitude": 0, "name": "Hero"},
        {"id": "wizard", "kind": "wizard", "side": "blue", "at": [0, 1], "hidden": False, "hp": 14, "ac": 12},
        {"id": "gob1", "kind": "goblin", "side": "red", "at": [4, 0], "hp": 9, "surprised": False},
        {"id": "rat", "side": "red", "at": [7, 1], "stats": {
            "hp": 3, "ac": 10, "size": "tiny", "speed": {"walk": 6},
            "attacks": [{"name": "bite", "kind": "melee", "to_hit": 2, "damage": "1d2", "type": "piercing"}]}},
    ],
    "command": [
        {"actor": "fighter", "act": "stand"},
        {"actor": "fighter", "act": "move", "to": [3, 0], "mode": "walk"},
        {"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"},
        {"actor": "fighter", "act": "end", "caption": "the fighter ends"},
        {"actor": "wizard", "act": "ready", "trigger": {"event": "moves", "by": "enemy"},
         "then": {"act": "cast", "spell": "fire-bolt", "target": "gob1"}},
        {"actor": "wizard", "act": "move", "path": [[1, 1], [1, 0]]},
    ],
}
MAP = {"name": "Any", "grid": "....\n.#..\n", "legend": {"%": "difficult"},
       "spawn": [{"side": "blue", "at": [0, 0]}, {"side": "red", "at": [3, 1]}]}


def bundled(kind: str, name: str) -> dict:
    return tomllib.loads((ruleset_dir("5e") / kind / f"{name}.toml").read_text())


FORMATS = {
    "scenario": SCENARIO, "map": MAP, "stat block": bundled("creatures", "goblin"),
    "caster": bundled("creatures", "wizard"), "item": bundled("items", "potion-of-healing"),
    "spell": bundled("spells", "fire-bolt"), "area spell": bundled("spells", "fireball"),
}


def places(data, path=()):
    """Every key of the document (nested tables and arrays of tables included), and one new key
    in each table."""
    if isinstance(data, dict):
        yield (*path, "unheard-of")
        for key, value in data.items():
            yield (*path, key)
            yield from places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            if isinstance(value, (dict, list)):
                yield from places(value, (*path, index))


def put(data, path, value):
    data = copy.deepcopy(data)
    target = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return data


ODD_STRINGS = st.sampled_from([
    "", " ", "goblin", "fighter", "gob1", "../../etc/passwd", "/dev/zero", "1d6", "100000000d6", "1d0", "d",
    "melee", "enemy", "attack", "fire", "nan", "x" * 1_200, "a\x00b", "\x1b[31m", "del\x7f", "line\nbreak",
    "'''", '"""', "\\", "ruined-keep", "5e", "3.5",
])
SCALARS = st.one_of(
    st.booleans(), st.integers(-(2 ** 63), 2 ** 63 - 1), st.integers(2 ** 63, 2 ** 80), st.integers(-3, 30),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.5, 1.5, -1.0, 1e300, 1e-300]),
    st.text(max_size=12), ODD_STRINGS,
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=6) | st.sampled_from(["act", "actor", "event", "by", "walk", "grid", "name"]),
        inner, max_size=4),
    max_leaves=8,
)


def run(*argv) -> tuple[int, list[str]]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code
    return code, err.getvalue().splitlines()


def attack(kind: str, data, path, value) -> None:
    document = put(data, path, value)
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "doc.toml"
        file.write_text(to_toml(document), encoding="utf-8")
        before = file.read_bytes()
        code, lines = run("check", str(file))
        assert code in (0, 2), (kind, path, value, lines)
        assert (code == 0) == (lines == []), lines
        assert all(line.startswith(f"error: {file}") for line in lines), lines
        if kind == "scenario":
            code, lines = run("replay", str(file))
            assert code in (0, 2) and len(lines) == (code == 2), (path, value, lines)
        assert file.read_bytes() == before and sorted(Path(folder).iterdir()) == [file]


def test_every_base_document_is_valid():
    for kind, data in FORMATS.items():
        with tempfile.TemporaryDirectory() as folder:
            file = Path(folder) / "doc.toml"
            file.write_text(to_toml(data), encoding="utf-8")
            assert run("check", str(file)) == (0, []), kind


@settings(max_examples=150)
@given(st.data())
def test_any_value_in_any_key_of_a_scenario(data):
    path = data.draw(st.sampled_from(sorted(places(SCENARIO), key=repr)))
    attack("scenario", SCENARIO, path, data.draw(VALUES))


@settings(max_examples=150)
@given(st.data())
def test_any_value_in_any_key_of_a_map_stat_block_item_or_spell(data):
    kind = data.draw(st.sampled_from(sorted(set(FORMATS) - {"scenario"})))
    path = data.draw(st.sampled_from(sorted(places(FORMATS[kind]), key=repr)))
    attack(kind, FORMATS[kind], path, data.draw(VALUES))
