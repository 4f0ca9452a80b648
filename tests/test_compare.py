"""Comparing layouts (issue 17): `simulate A B ...` and `--ruleset 5e,3.5,4e` give one table, or
one JSON list, of every file under every ruleset asked."""

import json

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR

GOBLINS = str(MAPS_DIR / "mirror-goblins.scenario.toml")
CORRIDOR = str(MAPS_DIR / "narrow-corridor.scenario.toml")


def test_several_files_give_one_table_and_one_json_list(capsys):
    assert main(["simulate", GOBLINS, CORRIDOR, "--runs", "3", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["file"], r["ruleset"], r["runs"]) for r in rows] == [(GOBLINS, "5e", 3), (CORRIDOR, "5e", 3)]
    assert all(sum(r["wins"].values()) == 3 and set(r["win_rate_ci95"]) == {"blue", "red"} for r in rows)
    assert main(["simulate", GOBLINS, CORRIDOR, "--runs", "3"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("file") and "wins per side (95% interval)" in table[0]
    assert any(line.startswith(GOBLINS) and "blue" in line and "red" in line for line in table)
    assert any(line.startswith(CORRIDOR) for line in table)


def test_the_same_battles_whether_alone_or_compared(capsys):
    # battle i uses seed S + i in both: the numbers of a row are those of the file alone
    assert main(["simulate", GOBLINS, "--runs", "4", "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(["simulate", GOBLINS, CORRIDOR, "--runs", "4", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)[0]
    assert first["wins"] == alone["wins"] and first["mean_rounds"] == alone["mean_rounds"]


def test_a_row_that_cannot_be_played_is_said_in_the_table_and_the_exit_is_2(capsys, tmp_path):
    missing = str(tmp_path / "nowhere.scenario.toml")
    assert main(["simulate", GOBLINS, missing, "--runs", "2"]) == 2
    captured = capsys.readouterr()
    assert "cannot play" in captured.out and GOBLINS in captured.out
    errors = [line for line in captured.err.split("\n") if "error:" in line]  # past the progress bar
    assert len(errors) == 1 and "1 of 2 simulations" in errors[0]


def test_bad_ruleset_lists_and_a_heatmap_of_several_are_one_line(capsys, tmp_path):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", GOBLINS, "--runs", "2", "--ruleset", "5e,6e"])
    assert stop.value.code == 2 and "'6e' is not a ruleset" in capsys.readouterr().err
    assert main(["simulate", GOBLINS, CORRIDOR, "--runs", "2", "--heatmap", str(tmp_path / "h.png")]) == 2
    assert "one file" in capsys.readouterr().err
