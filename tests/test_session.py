"""The session controller without a window: submitting, undo, saves, the computer's turns, messages."""

import pytest

from game.session.controller import ERROR, HEADING, LOG, NOTE, Session
from game.session.saving import AUTOSAVE, QUICKSAVE
from helpers import creature, scenario

OPEN = """
..........
..........
..........
"""


def duel(**kwargs):
    """A fighter (blue, first) and a goblin (red) on an open field, dice forced when given."""
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (3, 1))]
    return scenario(OPEN, roster, initiative=["fighter", "gob1"], **kwargs)


@pytest.fixture
def session(tmp_path):
    return Session(duel(dice=[5]), data_dir=tmp_path)


def texts(messages, tone=None):
    return [m.text for m in messages if tone is None or m.tone == tone]


def test_a_command_is_played_and_its_events_given(session):
    session.take_messages()
    played = session.submit({"actor": "fighter", "act": "move", "to": [1, 0]})
    assert played and played.refusal == ""
    assert [e.kind for e in played.events if e.kind == "move"] == ["move"]
    assert (session.view("fighter").x, session.view("fighter").y) == (1, 0)
    assert texts(session.take_messages(), LOG)[0].startswith("Fighter moves to [1, 0], 1.5 m")
    assert session.take_messages() == []  # taken once


def test_a_refused_command_changes_nothing_and_says_why(session):
    before = session.battle.to_json()
    played = session.submit({"actor": "fighter", "act": "move", "to": [99, 99]})  # off the board
    assert not played and played.events == [] and played.refusal
    assert session.battle.to_json() == before
    last = session.take_messages()[-1]
    assert last.tone == ERROR and last.text == f"Refused: {played.refusal}"


def test_the_log_lines_come_with_their_tone(tmp_path):
    s = Session(duel(), data_dir=tmp_path)
    messages = s.take_messages()
    assert "Round 1" in texts(messages, HEADING) and "Fighter's turn" in texts(messages, HEADING)
    s.submit({"actor": "fighter", "act": "end"})
    assert texts(s.take_messages()) == ["Fighter ends its turn", "Goblin's turn"]


def test_a_move_is_taken_back_but_not_a_roll(session):
    start = session.battle.to_json()
    assert session.undo_refusal() == "nothing has been played yet"
    session.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
    assert session.undo_refusal() == ""
    assert session.take_back() == {"actor": "fighter", "act": "move", "to": [2, 1]}
    assert session.battle.to_json() == start
    assert texts(session.take_messages())[-1] == "Undone: Fighter moves to [2, 1]"
    session.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
    session.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # d20 5: a miss
    after = session.battle.to_json()
    assert session.take_back() is None
    assert session.battle.to_json() == after
    last = session.take_messages()[-1]
    assert (last.text, last.tone) == ("Cannot undo: the last command rolled dice", ERROR)


def test_the_computers_command_is_not_taken_back(tmp_path):
    s = Session(duel(), ai=lambda b: {"actor": "gob1", "act": "move", "to": [4, 1]}, ai_sides=("red",),
                data_dir=tmp_path, ai_pause=0)
    s.submit({"actor": "fighter", "act": "end"})
    s.play_computer()
    assert s.battle.state.played[-1]["actor"] == "gob1"
    assert s.undo_refusal() == "the last command was the computer's"


def test_an_autosave_is_written_at_every_turn_start(session):
    assert not session.saves.exists(AUTOSAVE)
    session.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
    assert not session.saves.exists(AUTOSAVE)  # the same turn
    session.submit({"actor": "fighter", "act": "end"})
    assert session.saves.exists(AUTOSAVE)
    battle, _, error = session.saves.load(AUTOSAVE)
    assert error is None and battle.to_json() == session.battle.to_json()


def test_quick_save_then_quick_load_gives_the_same_state(session):
    assert not session.quick_load()
    assert texts(session.take_messages(), ERROR)[-1].startswith("No quick save yet")
    session.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
    saved = session.battle.to_json()
    path = session.quick_save()
    assert path == session.saves.path(QUICKSAVE) and path.is_file()
    session.submit({"actor": "fighter", "act": "end"})
    assert session.battle.to_json() != saved
    old = session.battle
    assert session.quick_load()
    assert session.battle is not old and session.battle.to_json() == saved
    messages = session.take_messages()
    assert "Round 1" in texts(messages, HEADING)  # the loaded battle's log, afresh
    assert (messages[-1].text, messages[-1].tone) == (f"Loaded {path}", NOTE)


def test_the_computer_plays_its_side_only(tmp_path):
    asked = []

    def ai(battle):
        asked.append(battle.state.current_id)
        return {"actor": battle.state.current_id, "act": "end"}

    s = Session(duel(), ai=ai, ai_sides=("red",), data_dir=tmp_path, ai_pause=0)
    assert s.human(s.view("fighter")) and not s.human(s.view("gob1")) and s.human_sides() == ["blue"]
    assert s.my_turn().id == "fighter" and not s.computer_to_act()
    assert s.play_computer() is None and asked == []  # a person's turn
    s.submit({"actor": "fighter", "act": "end"})
    assert s.my_turn() is None and s.computer_to_act()
    events = s.play_computer()
    assert asked == ["gob1"] and any(e.kind == "turn" for e in events)
    assert s.current().id == "fighter"


def test_hotseat_gives_every_side_to_people(tmp_path):
    s = Session(duel(), ai=lambda b: None, ai_sides=("red",), hotseat=True, data_dir=tmp_path)
    assert s.human_sides() == ["blue", "red"]


def test_the_computer_waits_its_pause(tmp_path):
    s = Session(duel(), ai=lambda b: {"actor": b.state.current_id, "act": "end"}, ai_sides=("blue", "red"),
                data_dir=tmp_path, ai_pause=10.0)
    assert s.play_computer(now=100.0) is not None
    assert s.play_computer(now=105.0) is None  # too soon
    assert s.play_computer(now=105.0, hurry=True) is not None  # hurried: a short pause


@pytest.mark.parametrize("bad", ["refused", "raises", "nothing"])
def test_the_computer_never_stalls(tmp_path, bad):
    def ai(battle):
        if bad == "raises":
            from game.rules.errors import IllegalCommand

            raise IllegalCommand("no idea")
        if bad == "refused":
            return {"actor": battle.state.current_id, "act": "move", "to": [99, 99]}
        return None

    s = Session(duel(), ai=ai, ai_sides=("blue", "red"), data_dir=tmp_path, ai_pause=0)
    for _ in range(6):
        s.play_computer()
    assert s.battle.state.round == 4  # every turn ended
    errors = texts(s.take_messages(), ERROR)
    if bad == "raises":
        assert "AI: no idea" in errors
    elif bad == "refused":
        assert errors and all(e.startswith("Refused:") for e in errors)


def test_who_fell_and_when_and_play_again(tmp_path):
    s = Session(duel(dice=[20, 8, 8]), data_dir=tmp_path)
    s.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
    s.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # a critical hit
    assert s.battle.state.over and s.fallen == {"gob1": 1}
    assert s.view("gob1").state == "dead"
    seed = s.scenario.seed
    assert s.play_again(fresh_seed=False)  # the very same battle: the same seed, the same rolls
    assert not s.battle.state.over and s.fallen == {} and s.view("gob1").hp == 7
    assert s.scenario.seed == seed
    assert texts(s.take_messages())[-1] == f"The same battle again: the same scenario and seed ({seed})"
    seeds = set()
    for _ in range(3):  # a new battle: a fresh seed each time, which the log gives
        assert s.play_again()
        seeds.add(s.battle.scenario.seed)
        assert texts(s.take_messages())[-1] == f"A new battle: the same scenario with a fresh seed ({s.scenario.seed})"
    assert len(seeds | {seed}) > 1 and s.view("gob1").hp == 7


def test_a_scenario_resumes_with_its_commands_and_says_where_it_stops(tmp_path):
    commands = [{"actor": "fighter", "act": "move", "to": [2, 1]}, {"actor": "fighter", "act": "fly"}]
    s = Session(duel(commands=commands), data_dir=tmp_path)
    assert s.view("fighter").x == 2
    messages = s.take_messages()
    assert messages[0].tone == ERROR and messages[0].text.startswith("command 2 refused:")
    assert texts(messages, LOG)[-1].startswith("Fighter moves to [2, 1]")
