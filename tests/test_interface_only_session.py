"""simulate, the session (controller, saves), the replay summary and the window on a battle seen
through the ruleset interface only (interface_only.py): what runs on a 5e battle must run on a
3.5 or 4e one, whose creatures have none of the 5e fields (actions, attacks, spell slots...)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import cli  # noqa: E402
from game.content.paths import MAPS_DIR  # noqa: E402
from game.content.scenarios import load_scenario  # noqa: E402
from game.rules.registry import new_battle  # noqa: E402
from game.session import simulate  # noqa: E402
from game.session.ai import choose  # noqa: E402
from game.session.controller import Session  # noqa: E402
from helpers import creature, scenario  # noqa: E402
from interface_only import InterfaceOnly  # noqa: E402

GOBLINS = MAPS_DIR / "mirror-goblins.scenario.toml"


def test_simulate_plays_an_interface_only_battle_to_its_end(monkeypatch):
    made = []

    def interface_only(scenario_):
        made.append(InterfaceOnly(new_battle(scenario_)))
        return made[-1]

    monkeypatch.setattr(simulate, "new_battle", interface_only)
    result = simulate.play_one(str(GOBLINS), 0, 5, {"blue": "hard", "red": "normal"}, swap=False)
    assert made and made[0].estimates_asked  # it went through the proxy, and the generic planner
    assert result.winner in ("blue", "red") and result.commands > 10
    assert sum(result.damage_dealt.values()) > 0 and result.falls


def test_the_session_plays_saves_and_loads_an_interface_only_battle(tmp_path):
    s = load_scenario(GOBLINS)
    session = Session(s, InterfaceOnly(new_battle(s)), ai_sides=("blue", "red"), ai=lambda b: choose(b, "hard"),
                      data_dir=tmp_path, ai_pause=0.0)
    for step in range(3000):
        if session.battle.state.over:
            break
        assert session.play_computer(now=float(step + 1)) is not None
        assert not any(m.tone == "error" for m in session.take_messages())
        if step == 20:
            assert session.quick_save() is not None
    assert session.battle.state.over
    assert set(session.fallen) and all(v.side in ("blue", "red") for v in session.shown_views().values())
    assert session.quick_load()  # the save replays (a battle of the ruleset again)
    assert session.battle.state.commands_done == 21


def test_the_replay_summary_reads_the_interface():
    s = scenario("......", [creature("fighter", "fighter", "blue", (1, 0), current_hp=5),
                            creature("gob1", "goblin", "red", (4, 0))], initiative=["fighter", "gob1"])
    lines = cli.summary(InterfaceOnly(new_battle(s))).splitlines()
    assert lines[0] == "Round 1; fighter to act"
    assert lines[1].split()[:4] == ["fighter", "blue", "[", "1,"] and "5/" in lines[1]


def _key(app, k, char=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=char, mod=0))
    app.step()


def _mouse(app, square, click=False):
    pos = tuple(int(v) for v in app.view.square_centre(*square, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    if click:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def test_the_window_plays_an_interface_only_battle(tmp_path):
    from game.ui.app import App
    from game.ui.modes import MoveMode, TargetMode

    s = scenario("..........\n..........\n..........\n..........\n..........",
                 [creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2))],
                 initiative=["fighter", "gob1"])
    app = App(s, battle=InterfaceOnly(new_battle(s)), hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        _key(app, pygame.K_1, "1")
        assert isinstance(app.mode, TargetMode) and set(app.mode.targets) == {"gob1"}
        _mouse(app, (3, 2))  # the odds card
        _key(app, pygame.K_ESCAPE, "\x1b")
        _key(app, pygame.K_m, "m")
        assert isinstance(app.mode, MoveMode)
        _mouse(app, (0, 2))  # the path card, warning of the goblin's opportunity attack
        _mouse(app, (0, 2), click=True)
        app.step()
        assert app.dialog_kind == "reaction" and app.battle.offer().reactor == "gob1"
        _key(app, pygame.K_n, "n")  # the goblin lets it go
        assert (app.battle.view("fighter").x, app.battle.view("fighter").y) == (0, 2)
        _key(app, pygame.K_e, "e")
        assert app.battle.state.current_id == "gob1"  # E ended the fighter's turn
    finally:
        app.close()
    app = App(s, battle=InterfaceOnly(new_battle(s)), ai_sides=("blue", "red"), ai=lambda b: choose(b, "hard"),
              data_dir=tmp_path, ai_pause=0.0)
    app.hurry = True
    try:
        assert app.run(exit_when_over=True, max_frames=5000) == 0
        assert app.battle.state.over
    finally:
        app.close()
