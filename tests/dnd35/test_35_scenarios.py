"""Every bundled scenario plays under `--ruleset 3.5` (the same kind ids give the 3.5 creatures):
`replay`, and `simulate` with random players; a kind 3.5 lacks is one line naming it and the ruleset."""

import json

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR
from game.session.simulate import simulate

SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_bundled_scenario_replays_and_simulates_under_3_5(path, capsys):
    assert main(["replay", str(path), "--ruleset", "3.5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    some = next(iter(data["creatures"].values()))
    assert {"standard", "move", "swift", "aoo_left"} <= set(some)
    summary, results = simulate(path, 4, policies={"blue": "random", "red": "random"}, round_cap=1, ruleset="3.5")
    assert summary["runs"] == 4 and len(results) == 4


def test_a_kind_3_5_lacks_is_one_line(tmp_path, capsys):
    path = tmp_path / "dragon.toml"
    path.write_text('format = 1\nruleset = "3.5"\nmap = { grid = "......" }\n'
                    '[[creature]]\nid = "d"\nkind = "young-green-dragon"\nside = "red"\nat = [0, 0]\n'
                    '[[creature]]\nid = "f"\nkind = "fighter"\nside = "blue"\nat = [5, 0]\n')
    assert main(["replay", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {path}:4: creature 'd': unknown creature kind 'young-green-dragon' in ruleset 3.5")
    assert main(["check", str(path)]) == 2


def test_a_command_3_5_lacks_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "shift.toml"
    path.write_text('format = 1\nruleset = "3.5"\nmap = { grid = "......" }\ninitiative = ["f", "g"]\n'
                    '[[creature]]\nid = "f"\nkind = "fighter"\nside = "blue"\nat = [0, 0]\n'
                    '[[creature]]\nid = "g"\nkind = "goblin"\nside = "red"\nat = [5, 0]\n'
                    '[[command]]\nactor = "f"\nact = "move"\nto = [1, 0]\nbonus = true\n')
    assert main(["replay", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "error: command 1 (f move to [1, 0] bonus true): 'move' takes no argument 'bonus'"


def test_a_4e_act_or_a_5e_item_under_3_5_is_one_line_and_exit_2(tmp_path, capsys):
    # FORMATS.md: 3.5 has no shift (4e) and no potion of healing (5e: its one potion is cure light wounds)
    head = ('format = 1\nruleset = "3.5"\nmap = { grid = "......" }\ninitiative = ["f", "g"]\n'
            '[[creature]]\nid = "f"\nkind = "fighter"\nside = "blue"\nat = [0, 0]\n'
            '[[creature]]\nid = "g"\nkind = "goblin"\nside = "red"\nat = [5, 0]\n')
    path = tmp_path / "shift.toml"
    path.write_text(head + '[[command]]\nactor = "f"\nact = "shift"\nto = [1, 0]\n')
    assert main(["replay", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("error: command 1 (f shift to [1, 0]): unknown act 'shift' (known: attack, cast, charge")
    path.write_text(head.replace('at = [5, 0]\n', 'at = [5, 0]\nitems = ["potion-of-healing"]\n'))
    assert main(["replay", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"error: {path}:10: creature 'g': 'items' must be a list of potion-of-cure-light-wounds"
