"""`skirmish simulate`: deterministic whatever the number of workers, and its outputs."""

import json


from game.cli import main
from game.content.paths import DEFAULT_SCENARIO, MAPS_DIR
from game.content.scenarios import load_scenario
from game.session import simulate as simulate_module
from game.session.simulate import chunked, play_loaded_chunk, play_one, simulate, wilson

SCENARIO = MAPS_DIR / "mirror-goblins.scenario.toml"


def test_same_seed_same_numbers_whatever_the_workers():
    one, _ = simulate(SCENARIO, 4, jobs=1, seed=5, policies={"blue": "rush", "red": "rush"})
    two, _ = simulate(SCENARIO, 4, jobs=2, seed=5, policies={"blue": "rush", "red": "rush"})
    for key in ("wins", "mean_rounds", "creatures"):
        assert one[key] == two[key]


def test_the_workers_play_copies_of_the_scenario_loaded_once_as_if_each_read_the_file():
    # battle i is the battle play_one gives reading the file for itself (the same seed S + i),
    # every worker's copy untouched by the battles before it
    policies = {"blue": "hard", "red": "rush"}
    _, results = simulate(SCENARIO, 3, jobs=2, seed=7, policies=policies)
    alone = [play_one(str(SCENARIO), i, 7, policies, False) for i in range(3)]
    for field in ("winner", "rounds", "commands", "damage_dealt", "falls", "survived"):
        assert [getattr(r, field) for r in results] == [getattr(r, field) for r in alone]


def test_the_battles_of_a_chunk_share_the_board_and_play_as_if_each_read_the_file():
    # the copies share the scenario's board (it never changes): what it keeps from one battle
    # (lines of sight) serves the next, and changes nothing any battle does
    scenario = load_scenario(str(DEFAULT_SCENARIO))
    policies = {"blue": "hard", "red": "hard"}
    results = play_loaded_chunk(scenario, [0, 1, 2], 11, policies, False, 40)
    assert scenario.map.board.__dict__.get("_sight")  # kept with the scenario's own board
    alone = [play_one(str(DEFAULT_SCENARIO), i, 11, policies, False) for i in range(3)]
    for field in ("winner", "rounds", "commands", "damage_dealt", "falls", "survived"):
        assert [getattr(r, field) for r in results] == [getattr(r, field) for r in alone]


def test_before_forking_its_workers_simulate_imports_the_ruleset_and_freezes_what_is_loaded(monkeypatch):
    # (the workers inherit the recording: each then asks again for its own battles)
    asked = []
    ruleset, freeze = simulate_module.registry.ruleset, simulate_module.freeze_startup_objects
    monkeypatch.setattr(simulate_module.registry, "ruleset", lambda name: asked.append(name) or ruleset(name))
    monkeypatch.setattr(simulate_module, "freeze_startup_objects", lambda: asked.append("frozen") or freeze())
    simulate(SCENARIO, 2, jobs=2, seed=3, policies={"blue": "rush", "red": "rush"})
    assert asked[:2] == ["5e", "frozen"]


def test_the_battles_are_dealt_in_chunks_small_enough_for_the_workers_to_end_together():
    # every battle once, in order; a few battles go one a chunk (the last ones do not leave a
    # worker idle for long), many at most ten a chunk
    for runs, workers in ((1, 2), (24, 2), (100, 2), (1000, 2), (1000, 16)):
        chunks = chunked(runs, workers)
        assert [i for chunk in chunks for i in chunk] == list(range(runs))
        assert max(len(c) for c in chunks) <= 10
        assert len(chunks) >= min(runs, 16 * workers)
    assert {len(c) for c in chunked(24, 2)} == {1}


def test_swap_gives_each_level_both_sides():
    summary, results = simulate(SCENARIO, 4, seed=1, policies={"blue": "hard", "red": "rush"}, swap=True)
    assert [r.levels["blue"] for r in results] == ["hard", "rush", "hard", "rush"]
    assert summary["wins_by_level"]["hard"]["played"] == 4


def test_the_wilson_interval_brackets_the_rate():
    lo, hi = wilson(30, 40)
    assert lo < 0.75 < hi and 0 <= lo and hi <= 1


def test_json_and_heatmap(tmp_path, capsys):
    out = tmp_path / "heat.png"
    assert main(["simulate", str(SCENARIO), "--runs", "2", "--policy", "blue=rush", "--policy", "red=rush",
                 "--json", "--heatmap", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["runs"] == 2 and set(data["wins"]) == {"blue", "red", "draw"}
    assert "battles_per_second" in data and "mean_rounds" in data
    assert out.stat().st_size > 1000


def test_a_bad_policy_is_one_line(capsys):
    assert main(["simulate", str(SCENARIO), "--runs", "1", "--policy", "blue=genius"]) == 2
    assert capsys.readouterr().err.startswith("error: --policy blue=genius")


def test_the_ruleset_override_reaches_every_battle():
    summary, results = simulate(SCENARIO, 2, seed=3, policies={"blue": "rush", "red": "rush"}, ruleset="5e")
    plain, _ = simulate(SCENARIO, 2, seed=3, policies={"blue": "rush", "red": "rush"})
    assert summary["wins"] == plain["wins"] and len(results) == 2
    for ruleset in ("3.5", "4e"):  # the same scenario under another ruleset: its own creatures play
        summary, results = simulate(SCENARIO, 1, seed=3, ruleset=ruleset)
        assert summary["runs"] == 1 and results[0].rounds >= 1
