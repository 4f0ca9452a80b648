"""The command line of FORMATS.md: replay, check and their exit codes and one-line errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR

SCENARIO = '''format = 1
title = "Two steps"
seed = 7
map = { grid = """
........
........
""" }
initiative = ["fighter", "gob1", "gob2"]
dice = [17, 4]

[[creature]]
id = "fighter"
kind = "fighter"
side = "blue"
at = [0, 0]

[[creature]]
id = "gob1"
kind = "goblin"
side = "red"
at = [5, 0]

[[creature]]
id = "gob2"
kind = "goblin"
side = "red"
at = [7, 1]

[[command]]
actor = "fighter"
act = "move"
to = [4, 0]

[[command]]
actor = "fighter"
act = "attack"
target = "gob1"
with = "longsword"
'''


def write(tmp_path, text, name="s.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_replay_json_prints_the_contract_keys(tmp_path, capsys):
    assert main(["replay", str(write(tmp_path, SCENARIO)), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"round", "turn", "over", "winner", "order", "creatures", "log"}
    fighter = data["creatures"]["fighter"]
    assert fighter["at"] == [4, 0] and fighter["movement_left"] == 3.0 and fighter["action"] is False
    assert set(fighter) >= {"side", "at", "hp", "max_hp", "temp_hp", "state", "conditions", "death_saves",
                            "movement_left", "action", "bonus_action", "reaction"}
    assert data["creatures"]["gob1"]["state"] == "dead"
    assert "Fighter attacks Goblin 1 with longsword: d20 17 + 5 = 22 vs AC 15, hit" in data["log"]


def test_an_illegal_command_exits_2_names_it_and_prints_the_state_before(tmp_path, capsys):
    text = SCENARIO + '\n[[command]]\nactor = "fighter"\nact = "move"\nto = [7, 1]\n'
    assert main(["replay", str(write(tmp_path, text)), "--json"]) == 2
    out = capsys.readouterr()
    assert out.err.strip() == "error: command 3 (fighter move to [7, 1]): a hostile creature occupies [7, 1] (gob2)"
    assert json.loads(out.out)["creatures"]["fighter"]["at"] == [4, 0]


def test_replay_is_the_same_on_every_run(tmp_path, capsys):
    path = MAPS_DIR / "default.scenario.toml"
    main(["replay", str(path), "--json"])
    first = capsys.readouterr().out
    main(["replay", str(path), "--json"])
    assert capsys.readouterr().out == first


def test_check_prints_every_problem_and_exits_2(tmp_path, capsys):
    good = write(tmp_path, SCENARIO, "good.toml")
    bad = write(tmp_path, 'grid = """\n.x\n"""\n', "bad.toml")
    assert main(["check", str(good), str(bad)]) == 2
    out = capsys.readouterr()
    assert f"ok: {good}" in out.out
    assert out.err.strip() == f"error: {bad}:2: grid row 0 column 1: unknown terrain character 'x'"


def test_a_missing_file_is_one_line(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.toml")]) == 2
    assert capsys.readouterr().err.strip() == f"error: {tmp_path / 'nope.toml'}: no such file"


def test_python_dash_m_game_is_the_same_program(tmp_path):
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(write(tmp_path, SCENARIO)), "--json"],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["creatures"]["gob1"]["state"] == "dead"


def test_ruleset_overrides_the_scenarios(capsys, monkeypatch):
    from game.content import creatures

    # a ruleset the game names but cannot play (none is left since 3.5 and 4e came: one is taken away)
    monkeypatch.delitem(creatures.SCHEMAS, "4e")
    path = MAPS_DIR / "default.scenario.toml"
    assert main(["replay", str(path), "--json"]) == 0
    plain = capsys.readouterr().out
    assert main(["replay", str(path), "--json", "--ruleset", "5e"]) == 0
    assert capsys.readouterr().out == plain
    for command in (["replay", str(path)], ["simulate", str(path), "--runs", "1"], ["play", str(path)]):
        assert main([*command, "--ruleset", "4e"]) == 2
        out = capsys.readouterr()
        assert out.err.splitlines() == [f"error: {path}: ruleset '4e' is not available yet (available: 5e, 3.5)"]


def test_an_unknown_ruleset_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(MAPS_DIR / "default.scenario.toml"), "--ruleset", "6e"])
    assert exit_.value.code == 2
    assert "invalid choice: '6e'" in capsys.readouterr().err


def test_a_closed_pipe_ends_the_program_quietly():
    # `skirmish replay --json FILE | head -c 600`: the reader leaves early; no traceback
    command = f"{sys.executable} -m game replay --json {MAPS_DIR / 'default.scenario.toml'} | head -c 600"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, timeout=120)
    assert len(done.stdout) == 600
    assert done.stderr == "" and done.returncode == 0
