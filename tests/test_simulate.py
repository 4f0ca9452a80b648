"""`skirmish simulate`: deterministic whatever the number of workers, and its outputs."""

import json


from game.cli import main
from game.content.paths import MAPS_DIR
from game.session.simulate import simulate, wilson

SCENARIO = MAPS_DIR / "mirror-goblins.scenario.toml"


def test_same_seed_same_numbers_whatever_the_workers():
    one, _ = simulate(SCENARIO, 4, jobs=1, seed=5, policies={"blue": "rush", "red": "rush"})
    two, _ = simulate(SCENARIO, 4, jobs=2, seed=5, policies={"blue": "rush", "red": "rush"})
    for key in ("wins", "mean_rounds", "creatures"):
        assert one[key] == two[key]


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
