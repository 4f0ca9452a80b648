"""The editor's draft (issue 17, the editor): paint, place, undo and redo, live problems, and
saving files that `check`, `replay` and a text editor all take."""

import tomllib

import pytest

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.editing import Draft, EditError, line_squares
from game.session.replay import new_battle


def test_a_stroke_of_painting_is_one_step_of_undo():
    draft = Draft.new(8, 6)
    assert draft.char_at(0, 0) == "#" and draft.char_at(3, 3) == "."
    draft.begin_stroke()
    for x in range(1, 5):
        draft.paint([(x, 2)], ":")
    draft.end_stroke()
    assert [draft.char_at(x, 2) for x in range(1, 5)] == [":"] * 4
    draft.paint([(6, 4)], "~")
    assert draft.undo() and draft.char_at(6, 4) == "."
    assert draft.char_at(1, 2) == ":"  # only the last step was undone
    assert draft.undo() and draft.char_at(1, 2) == "."  # the whole stroke at once
    assert not draft.undo()
    assert draft.redo() and [draft.char_at(x, 2) for x in range(1, 5)] == [":"] * 4


def test_rectangles_and_lines_paint_every_square_between_their_ends():
    draft = Draft.new(10, 10)
    assert draft.paint_rect((5, 5), (2, 3), "=") == 12  # 4 x 3, corners in any order
    assert all(draft.char_at(x, y) == "=" for x in range(2, 6) for y in range(3, 6))
    assert line_squares((1, 1), (4, 3)) == [(1, 1), (2, 2), (3, 2), (4, 3)]
    assert draft.paint_line((1, 8), (8, 8), "#") == 8
    with pytest.raises(EditError):
        draft.paint([(1, 1)], "Q")  # not in the palette


def test_creatures_are_placed_moved_given_a_side_and_deleted_with_undo():
    draft = Draft.new(10, 8)
    gob = draft.place("goblin", "red", (3, 3))
    assert gob["id"] == "goblin1" and draft.place("goblin", "red", (4, 3))["id"] == "goblin2"
    draft.move("goblin1", (6, 5))
    draft.set_side("goblin1", "blue")
    assert draft.creature_at(6, 5)["side"] == "blue"
    draft.delete("goblin2")
    assert draft.creature_at(4, 3) is None
    draft.undo()
    assert draft.creature_at(4, 3)["id"] == "goblin2"
    ogre = draft.place("ogre", "red", (1, 1))  # large: 2 x 2 squares
    assert draft.creature_at(2, 2) is ogre
    with pytest.raises(EditError, match="no creature kind 'dragon-turtle'"):
        draft.place("dragon-turtle", "red", (2, 2))
    with pytest.raises(EditError, match="off the map"):
        draft.place("goblin", "red", (10, 2))


def test_resizing_cuts_squares_and_the_creatures_on_them():
    draft = Draft.new(12, 8)
    draft.place("goblin", "red", (10, 3))
    draft.resize(8, 8)
    assert draft.width == 8 and not draft.creatures
    draft.resize(9, 9)
    assert draft.width == 9 and draft.height == 9 and draft.char_at(8, 8) == "."
    with pytest.raises(EditError):
        draft.resize(2, 500)
    draft.undo()
    draft.undo()
    assert draft.width == 12 and len(draft.creatures) == 1


def test_live_problems_name_the_square_they_are_about():
    # what `check` would print: a creature standing in a wall, said of its square
    draft = Draft.new(8, 6)
    draft.place("goblin", "red", (3, 2))
    draft.place("fighter", "blue", (5, 2))
    assert draft.problems() == []
    draft.paint([(3, 2)], "#")
    problems = draft.problems()
    assert problems and problems[0][1] == (3, 2), problems


def test_a_saved_scenario_loads_in_check_and_replay_and_reads_as_toml(tmp_path):
    draft = Draft.new(9, 7)
    draft.set_key("title", "Two at the gate")
    draft.set_key("seed", 42)
    draft.paint_line((4, 1), (4, 5), "=")
    draft.place("fighter", "blue", (2, 3))
    draft.place("goblin", "red", (6, 3))
    path = draft.save(tmp_path / "gate.scenario.toml")
    assert not draft.unsaved
    data = tomllib.loads(path.read_text())
    assert data["title"] == "Two at the gate" and data["seed"] == 42
    scenario = load_scenario(path)
    assert [c.id for c in scenario.creatures] == ["fighter1", "goblin1"]
    battle = new_battle(scenario)
    assert not battle.state.over
    again = Draft.load(path)
    assert again.to_data() == draft.to_data()


def test_a_bundled_scenario_survives_a_round_trip_through_the_editor(tmp_path):
    source = MAPS_DIR / "default.scenario.toml"
    draft = Draft.load(source)
    out = draft.save(tmp_path / "copy.scenario.toml")
    before, after = load_scenario(source), load_scenario(out)
    assert [(c.id, c.kind, c.side, c.at) for c in before.creatures] == \
        [(c.id, c.kind, c.side, c.at) for c in after.creatures]
    assert (before.map.board.terrain == after.map.board.terrain).all()
    assert (before.title, before.seed, before.ruleset) == (after.title, after.seed, after.ruleset)


def test_a_bare_map_is_saved_as_a_map(tmp_path):
    draft = Draft.load(MAPS_DIR / "open-field.toml")
    draft.paint([(1, 1)], ":")
    out = draft.save(tmp_path / "field.toml")
    data = tomllib.loads(out.read_text())
    assert "grid" in data and "creature" not in data and "map" not in data
    assert data["grid"].split("\n")[1][1] == ":"


def test_a_balance_readout_plays_in_the_background_and_gives_win_rates():
    from game.session.balance import BalanceRun

    draft = Draft.new(8, 5)
    draft.place("fighter", "blue", (1, 2))
    draft.place("goblin", "red", (6, 2))
    run = BalanceRun(draft.to_data(), runs=3)
    assert run.lines()[0].startswith("Balance")
    run.wait(120)
    assert run.finished and run.error is None, run.error
    assert run.summary["runs"] == 3 and run.done == 3
    assert sum(run.summary["wins"].values()) == 3
    assert any("blue:" in line and "95%" in line for line in run.lines())
    assert run.damage.shape == (5, 8) and run.damage.sum() > 0


def test_a_balance_readout_of_one_side_says_why_it_cannot():
    from game.session.balance import BalanceRun

    draft = Draft.new(8, 5)
    draft.place("fighter", "blue", (1, 2))
    run = BalanceRun(draft.to_data(), runs=2)
    run.wait(60)
    assert run.error == "a balance readout needs creatures on two sides"
