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


def test_the_window_plays_an_interface_only_battle(tmp_path):
    from game.ui.app import App

    s = scenario("..........\n..........\n..........", [creature("fighter", "fighter", "blue", (1, 1)),
                                                      creature("gob1", "goblin", "red", (2, 1))],
                 initiative=["fighter", "gob1"])
    app = App(s, battle=InterfaceOnly(new_battle(s)), hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        for k, char in ((pygame.K_m, "m"), (pygame.K_ESCAPE, "\x1b"), (pygame.K_1, "1"), (pygame.K_ESCAPE, "\x1b"),
                        (pygame.K_e, "e")):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=char, mod=0))
            app.step()
            app.draw()
            if k == pygame.K_1:
                assert app.mode is not None  # an attack chosen, its targets ringed
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
