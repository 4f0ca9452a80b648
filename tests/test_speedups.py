"""The compiled copies of the busiest modules (game/speedups.py, built by setup.py): the install
builds them, a copy is loaded only for the very source it was built from, and the battles they
play are the plain Python's, command for command."""

import json
import os
import re
import shutil
import subprocess
import sys
from importlib.machinery import ExtensionFileLoader

import pytest

from game import i18n
from game.speedups import (COMPILED, COMPILED_DIR, MANIFEST, PURE_VARIABLE, CompiledFinder, read_manifest,
                           source_of)

ROOT = source_of("game.speedups").parents[1]

# a default battle, hard against hard, under a ruleset (argv 1) to a round (argv 2), as a digest
# of its commands; then what is loaded compiled once every module of the list is imported
BATTLE = """
import hashlib, importlib, json, sys
from game.content.paths import DEFAULT_SCENARIO
from game.content.scenarios import load_scenario
from game.session.ai import choose
from game.session.replay import new_battle
from game.speedups import COMPILED, compiled_modules
scenario = load_scenario(DEFAULT_SCENARIO, sys.argv[1])
scenario.seed = 7
battle = new_battle(scenario)
digest = hashlib.sha256()
while not battle.state.over and battle.state.round <= int(sys.argv[2]):
    command = choose(battle, "hard")
    digest.update(json.dumps(command, sort_keys=True).encode())
    battle.submit(command)
for name in COMPILED:
    importlib.import_module(name)
print(json.dumps({"commands": digest.hexdigest(), "winner": battle.state.winner, "compiled": compiled_modules()}))
"""


def run_battle(pure: bool, ruleset: str = "5e", rounds: int = 40) -> dict:
    env = {k: v for k, v in os.environ.items() if k != PURE_VARIABLE}
    if pure:
        env[PURE_VARIABLE] = "1"
    done = subprocess.run([sys.executable, "-c", BATTLE, ruleset, str(rounds)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_install_built_every_compiled_module_from_its_source():
    # the README's install builds them (setup.py); a failed build would leave the game slow
    manifest = read_manifest(COMPILED_DIR)
    assert sorted(manifest) == sorted(COMPILED), "build them again: pip install -e ."
    for name in COMPILED:
        assert (COMPILED_DIR / manifest[name]["file"]).is_file(), name


# 5e to the end; 3.5 and 4e, whose battles are slower, for their first two rounds
@pytest.mark.parametrize("ruleset, rounds", [("5e", 40), ("3.5", 2), ("4e", 2)])
def test_a_compiled_battle_plays_the_plain_pythons_commands(ruleset, rounds):
    compiled, pure = run_battle(False, ruleset, rounds), run_battle(True, ruleset, rounds)
    # every one of them ran compiled (one edited since the build runs as plain Python: build
    # them again, pip install -e .)
    assert sorted(compiled["compiled"]) == sorted(COMPILED)
    assert pure["compiled"] == []
    assert compiled["commands"] == pure["commands"] and compiled["winner"] == pure["winner"]


def copied_source(name: str, root, suffixes=(".py",)) -> tuple:
    """A module's source files copied under root, and a finder of the build that reads them."""
    copy = source_of(name, root)
    copy.parent.mkdir(parents=True)
    for suffix in suffixes:
        shutil.copy(source_of(name).with_suffix(suffix), copy.with_suffix(suffix))
    return copy, CompiledFinder(COMPILED_DIR, read_manifest(COMPILED_DIR), root=root)


def test_a_module_edited_since_the_build_is_loaded_from_its_source(tmp_path):
    name = "game.core.dice"
    copy, finder = copied_source(name, tmp_path)
    spec = finder.find_spec(name)
    assert isinstance(spec.loader, ExtensionFileLoader) and finder.loaded == [name]
    copy.write_text(copy.read_text() + "\n# edited\n")
    assert finder.find_spec(name) is None  # the source runs as edited
    assert finder.find_spec("game.core.terrain") is None  # never compiled: left to the others


def test_a_module_whose_declarations_changed_is_loaded_from_its_source(tmp_path):
    # game.core.board has C types declared beside it (board.pxd): the compiled copy was built
    # with them, so a changed or missing .pxd is a source the build did not see
    name = "game.core.board"
    copy, finder = copied_source(name, tmp_path, (".py", ".pxd"))
    assert isinstance(finder.find_spec(name).loader, ExtensionFileLoader)
    declarations = copy.with_suffix(".pxd")
    declarations.write_text(declarations.read_text() + "\n# edited\n")
    assert finder.find_spec(name) is None
    declarations.unlink()
    assert finder.find_spec(name) is None


def test_a_broken_manifest_compiles_nothing(tmp_path):
    assert read_manifest(tmp_path) == {}
    (tmp_path / MANIFEST).write_text("{not json")
    assert read_manifest(tmp_path) == {}
    (tmp_path / MANIFEST).write_text(json.dumps({"modules": {"game.core.dice": {"file": "dice.py"}}}))
    assert read_manifest(tmp_path) == {}  # not an extension module


@pytest.mark.parametrize("name", COMPILED)
def test_a_compiled_module_translates_with_its_own_domain(name):
    # compiled code leaves no frame for i18n._ to find its caller's domain by: a compiled module
    # binds its own (i18n.translator), else "fire" could read as another part of the game says it
    text = source_of(name).read_text(encoding="utf-8")
    assert not re.search(r"^from \.+i18n import .*\b_\b", text, re.M), name
    if re.search(r"(?<![\w.])_\(", text):
        assert "_ = translator(__name__)" in text, name


def test_a_bound_translator_speaks_its_modules_domain():
    try:
        i18n.set_language("fr")
        spells = i18n.translator("game.rules.dnd5e.spells")
        assert spells("fire") == "de feu"  # 5e's damage type ("dégâts de feu")
        assert i18n.translator("game.rules.dnd4e.words")("fire") == "feu"  # 4e's keyword
        assert i18n.translator("game.rules.dnd5e.spells")("no such message") == "no such message"
    finally:
        i18n.set_language("en")
    assert spells("fire") == "fire"
