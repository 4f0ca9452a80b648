"""Saves, long and odd (issue 16): replaying grows linearly with the commands, and every save
written reads back and replays to the same state, whatever string the scenario holds."""

import json
import tomllib

from hypothesis import given, strategies as st

from game.content import limits
from game.content.ids import NAME
from game.content.scenarios import load_scenario
from game.rules.state import BattleState
from game.session.bench import long_save_data, long_save_figures
from game.session.replay import new_battle, replay
from game.session.saves import to_toml, write_save


def test_replaying_copies_no_state_for_each_command(tmp_path, monkeypatch):
    # the copy that undoing needs grows with the log: one per command made replay quadratic
    path = tmp_path / "long.toml"
    path.write_text(to_toml(long_save_data(400)))
    scenario = load_scenario(path)
    copies = []
    original = BattleState.__deepcopy__
    monkeypatch.setattr(BattleState, "__deepcopy__", lambda self, memo: copies.append(1) or original(self, memo))
    result = replay(scenario)
    assert result.error is None and len(result.battle.state.played) == 400
    assert copies == []


def test_a_refused_command_leaves_the_battle_as_before_it(tmp_path):
    data = long_save_data(41)
    data["command"].append({"actor": "b", "act": "move", "to": [0, 0]})  # a's square, on a's turn
    path = tmp_path / "bad.toml"
    path.write_text(to_toml(data))
    result = replay(load_scenario(path))
    assert result.failed_index == 41 and result.error.startswith("command 42 (b move to [0, 0]): ")
    good = tmp_path / "good.toml"
    good.write_text(to_toml(long_save_data(41)))
    assert result.battle.to_json() == replay(load_scenario(good)).battle.to_json()


def test_the_bench_measures_a_long_save():
    figures = long_save_figures(2_000)
    assert figures["long_save_commands"] == 2_000
    assert figures["long_save_load_s"] >= 0 and figures["long_save_replay_s"] > 0


# ----------------------------------------------------------------- one escaping writer
ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@given(ANY_TEXT, ANY_TEXT)
def test_the_writer_writes_any_string_so_that_it_reads_back(key, value):
    for data in ({"k": value}, {key: value}, {"t": {key: [value, value]}}, {"a": [{"k": value}, {"k": key}]}):
        assert tomllib.loads(to_toml(data)) == data


def test_long_arrays_are_wrapped_within_the_line_limit():
    data = {"dice": [20] * 5_000, "initiative": [f"creature-{i}" for i in range(500)]}
    text = to_toml(data)
    assert tomllib.loads(text) == data
    assert max(len(line) for line in text.splitlines()) < 100


# strings a scenario may hold: no control characters but tab, newline and carriage return
FILE_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("\t\n\r\"'\\"),
                    max_size=30)
IDS = st.from_regex(NAME, fullmatch=True).filter(lambda s: len(s) <= limits.MAX_ID)


@given(title=FILE_TEXT, name=FILE_TEXT, description=FILE_TEXT, blue=IDS, red=IDS, hero=IDS)
def test_every_save_loads_and_replays_to_the_same_state(tmp_path_factory, title, name, description, blue, red, hero):
    if blue == red:
        red += "-2"
    folder = tmp_path_factory.mktemp("save")
    scenario = {
        "format": 1, "title": title, "description": description, "seed": 5, "initiative": [hero, "gob"],
        "map": {"grid": "......\n......\n", "name": name}, "sides": {blue: "human", red: "ai"},
        "creature": [{"id": hero, "kind": "fighter", "side": blue, "at": [0, 0], "name": name},
                     {"id": "gob" if hero != "gob" else "gob-2", "kind": "goblin", "side": red, "at": [5, 1]}],
    }
    scenario["initiative"][1] = scenario["creature"][1]["id"]
    source = folder / "s.toml"
    source.write_text(to_toml(scenario), encoding="utf-8")
    battle = new_battle(load_scenario(source))
    for command in ({"actor": hero, "act": "move", "to": [2, 0]}, {"actor": hero, "act": "end"}):
        battle.submit(command)
    saved = load_scenario(write_save(battle, folder / "save.toml"))
    assert (saved.title, saved.map.name, saved.raw["description"]) == (title, name, description)
    again = replay(saved)
    assert again.error is None
    assert json.dumps(again.battle.to_json()) == json.dumps(battle.to_json())



def test_the_bench_times_the_computer_players_under_the_ruleset_asked(monkeypatch):
    # `skirmish bench --ruleset 3.5`: the slowest hard turn is measured on battles of 3.5 rules
    from pathlib import Path

    from game.session import bench, replay as replay_module

    played_under = []
    original = replay_module.new_battle

    def spy(scenario):
        played_under.append(scenario.ruleset)
        return original(scenario)

    monkeypatch.setattr(replay_module, "new_battle", spy)
    goblins = Path(__file__).resolve().parent.parent / "maps" / "mirror-goblins.scenario.toml"
    figures = bench.slowest_turns("3.5", paths=[goblins])
    assert played_under == ["3.5"]
    assert list(figures) == ["mirror-goblins"] and figures["mirror-goblins"] > 0


def test_the_bench_stops_on_a_refused_computer_command_and_says_which(monkeypatch):
    # the bench plays without the undo copy (as simulate does): a computer player's command the
    # rules refuse ends the measure with one line naming the command, never a half-played battle
    from pathlib import Path

    import pytest

    from game.session import ai, bench

    monkeypatch.setattr(ai, "choose", lambda battle, level: {"actor": "nobody", "act": "end"})
    goblins = Path(__file__).resolve().parent.parent / "maps" / "mirror-goblins.scenario.toml"
    with pytest.raises(RuntimeError, match=r"hard player issued an illegal command \{'actor': 'nobody'"):
        bench.slowest_turns(paths=[goblins])
