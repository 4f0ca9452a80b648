"""Saves are scenarios plus the commands played: written atomically, they replay to the same end."""

import json
import tomllib
from types import SimpleNamespace

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.ai import rush
from game.session.replay import new_battle, replay
from game.session.saves import save_data, to_toml, write_save


def play(battle, commands: int):
    for _ in range(commands):
        if battle.state.over:
            break
        battle.submit(rush(battle))


def test_a_save_written_mid_battle_continues_to_the_identical_end(tmp_path):
    for name in ("default", "river-ford", "narrow-corridor"):
        original = new_battle(load_scenario(MAPS_DIR / f"{name}.scenario.toml"))
        play(original, 25)
        path = write_save(original, tmp_path / f"{name}.save.toml")
        loaded = replay(load_scenario(path))
        assert loaded.error is None
        assert json.dumps(loaded.battle.to_json()) == json.dumps(original.to_json())
        play(original, 400)
        play(loaded.battle, 400)
        assert json.dumps(loaded.battle.to_json()) == json.dumps(original.to_json())


def test_the_toml_writer_round_trips_the_shapes_of_the_formats():
    data = {"format": 1, "title": 'A "quoted" title', "seed": 7, "ratio": 1.5, "ok": True,
            "map": {"grid": "...\n.#.\n", "legend": {"%": "difficult"}},
            "sides": {"blue": "human"}, "initiative": ["a", "b"],
            "creature": [{"id": "a", "at": [1, 2], "speed": {"walk": 9}}],
            "command": [{"actor": "a", "act": "ready", "trigger": {"event": "moves", "by": "enemy"},
                         "then": {"act": "attack", "with": "bow"}}]}
    assert tomllib.loads(to_toml(data)) == data


def test_saving_leaves_no_partial_file(tmp_path):
    battle = new_battle(load_scenario(MAPS_DIR / "default.scenario.toml"))
    target = tmp_path / "slot.toml"
    write_save(battle, target)
    write_save(battle, target)  # overwriting is a rename, never a half-written file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["slot.toml"]


def test_a_save_keeps_the_seed_the_battle_was_played_with(tmp_path):
    import tomllib

    scenario = load_scenario(MAPS_DIR / "default.scenario.toml")
    scenario.seed = 99  # as `skirmish play --seed 99` does
    battle = new_battle(scenario)
    path = write_save(battle, tmp_path / "s.toml")
    assert tomllib.loads(path.read_text())["seed"] == 99


def test_every_bundled_scenario_replays_to_the_same_json_every_time():
    for path in sorted(MAPS_DIR.glob("*.scenario.toml")):
        runs = []
        for _ in range(2):
            battle = new_battle(load_scenario(path))
            play(battle, 30)
            runs.append(json.dumps(battle.to_json()))
        assert runs[0] == runs[1], path.name


def test_a_save_keeps_the_ruleset_the_battle_was_played_under(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('format = 1\nmap = { grid = "...." }\n')  # no creatures: loads under every ruleset
    for override, expected in ((None, None), ("5e", None), ("4e", "4e")):
        battle = SimpleNamespace(scenario=load_scenario(path, override), state=SimpleNamespace(played=[]))
        assert save_data(battle).get("ruleset") == expected
