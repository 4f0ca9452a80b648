"""Every bundled scenario plays under --ruleset 4e (all their kinds are in the 4e roster):
`replay` and `simulate` with the random computer players; a kind 4e lacks is one line naming
the kind and the ruleset."""

import json

import pytest

from game.cli import main
from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.rules.registry import new_battle
from game.session.simulate import simulate

SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_bundled_scenario_replays_and_simulates_under_4e(path, capsys):
    assert main(["replay", str(path), "--ruleset", "4e", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] in (0, 1) and all("standard" in c for c in data["creatures"].values())
    # four battles, random against random, a few rounds each (the whole 40 rounds are the CLI's)
    summary, results = simulate(path, runs=4, policies={"blue": "random", "red": "random"}, round_cap=2,
                                ruleset="4e")
    assert summary["runs"] == 4 and len(results) == 4 and all(r.commands > 0 for r in results)


def test_simulate_on_the_command_line_under_4e(capsys):
    path = MAPS_DIR / "narrow-corridor.scenario.toml"
    assert main(["simulate", str(path), "--runs", "1", "--policy", "blue=random", "--policy", "red=random",
                 "--ruleset", "4e", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["runs"] == 1


def test_a_kind_4e_lacks_is_one_line_naming_it(tmp_path, capsys):
    path = tmp_path / "dragon.scenario.toml"
    path.write_text('format = 1\nmap = { grid = "....." }\n[[creature]]\nid = "d"\nkind = "young-green-dragon"\n'
                    'side = "red"\nat = [0, 0]\n[[creature]]\nid = "f"\nkind = "fighter"\nside = "blue"\nat = [4, 0]\n')
    assert main(["replay", str(path), "--ruleset", "4e"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {path}:3: creature 'd': unknown creature kind 'young-green-dragon' in ruleset 4e")


def test_the_computer_players_give_4e_a_legal_command_at_every_level():
    # estimates() is None under 4e: every level falls back to the one that reads legal_commands()
    from game.session.ai import POLICIES, choose

    battle = new_battle(load_scenario(MAPS_DIR / "default.scenario.toml", "4e"))
    assert battle.estimates() is None
    for level in POLICIES:
        command = choose(battle, level)
        assert battle.check(command) is None, (level, command)


def test_a_4e_save_replays_to_the_same_state(tmp_path):
    from game.session.ai import choose
    from game.session.replay import replay
    from game.session.saves import write_save

    battle = new_battle(load_scenario(MAPS_DIR / "mirror-goblins.scenario.toml", "4e"))
    for _ in range(40):
        battle.submit(choose(battle, "random"))
    path = write_save(battle, tmp_path / "save.toml")
    again = replay(load_scenario(path))
    assert again.battle.to_json() == battle.to_json()


BAD = """format = 1
ruleset = "4e"
seed = 3
initiative = ["fighter", "gob1", "orc"]
dice = [15, 4, 5]
map = {{ grid = "....\\n....\\n...." }}
[[creature]]
id = "fighter"
kind = "fighter"
side = "blue"
at = [1, 1]
[[creature]]
id = "gob1"
kind = "goblin"
side = "red"
at = [2, 1]
[[creature]]
id = "orc"
kind = "orc"
side = "red"
at = [0, 1]
[[command]]
actor = "fighter"
act = "attack"
with = "sweeping-cut"
{second}
"""


@pytest.mark.parametrize("second, why", [
    ('[[command]]\nactor = "fighter"\nact = "action_point"\n[[command]]\nactor = "fighter"\nact = "attack"\n'
     'with = "sweeping-cut"', "command 3 (fighter attack with sweeping-cut): Fighter has used sweeping cut already "
                              "(encounter: once an encounter)"),
    ('[[command]]\nactor = "fighter"\nact = "dash"', "command 2 (fighter dash): unknown act 'dash' (known: "),
])
def test_a_power_used_twice_or_a_5e_only_command_is_one_line_and_exit_2(tmp_path, capsys, second, why):
    path = tmp_path / "bad.scenario.toml"
    path.write_text(BAD.format(second=second))
    assert main(["replay", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {why}")
