"""The drawing layer: every bundled map and scenario renders to a PNG, and the window plays.

Runs headless: the SDL dummy drivers are set before pygame is imported.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.scenarios import load_scenario, parse_scenario  # noqa: E402
from game.rules.registry import new_battle  # noqa: E402
from game.ui import app as ui_app  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402
from game.ui.text import Text  # noqa: E402
from game.ui.tokens import short_label  # noqa: E402
from game.ui.render import render_to_png  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.toml"))
DEFAULT = ROOT / "maps" / "default.scenario.toml"


def colours_in(path: Path) -> int:
    image = pygame.image.load(str(path))
    pixels = pygame.surfarray.array3d(image).reshape(-1, 3)
    return len(np.unique(pixels[:: max(1, len(pixels) // 20000)], axis=0))


@pytest.mark.parametrize("path", MAPS, ids=[p.name for p in MAPS])
def test_every_bundled_map_and_scenario_renders(path, tmp_path):
    scenario = load_scenario(path)
    board = scenario.map.board
    out = tmp_path / "out.png"
    render_to_png(scenario, out, square_px=16 if board.width * board.height > 2000 else 32)
    image = pygame.image.load(str(out))
    square = 16 if board.width * board.height > 2000 else 32
    assert image.get_width() >= board.width * square
    assert image.get_height() >= board.height * square
    assert colours_in(out) > 10  # not a single colour: terrain, grid, text and tokens


def test_every_terrain_kind_and_token_state_renders(tmp_path):
    text = """
format = 1
title = "All terrain"
[map]
name = "All kinds"
grid = '''
.#####+#...
.+.,,~~=..^
.###+###==.
..::::.....
'''
[[creature]]
id = "fighter"
kind = "fighter"
side = "blue"
at = [2, 1]
conditions = ["prone"]
[[creature]]
id = "wizard"
kind = "wizard"
side = "blue"
at = [3, 3]
current_hp = 0
[[creature]]
id = "ogre"
kind = "ogre"
side = "red"
at = [8, 0]
temp_hp = 5
[[creature]]
id = "gob1"
kind = "goblin"
side = "green"
at = [10, 3]
"""
    import tomllib

    scenario = parse_scenario(tomllib.loads(text), None, text)
    out = tmp_path / "all.png"
    render_to_png(scenario, out, square_px=24)
    assert colours_in(out) > 50


def test_labels_are_names_shortened_but_keep_their_number():
    # issue 15, 7: tokens show names, never ids, cut to fit their space
    fits = lambda t: len(t) <= 5  # noqa: E731
    assert short_label("Orc 1", fits) == "Orc 1"
    assert short_label("Goblin 1", fits) == "Gob 1"
    assert short_label("Wizard", fits) == "Wizar"
    assert short_label("Sahuagin 12", fits) == "Sa 12"
    assert short_label("Hill giant", lambda t: len(t) <= 6) == "Hill g"


def test_square_at_and_square_rect_agree():
    scenario = load_scenario(DEFAULT)
    view = BoardView(scenario.map.board, 20, Text())
    view.origin = (30, 40)
    rect = view.square_rect(3, 5)
    assert view.square_at(*rect.center) == (3, 5)
    assert view.square_at(10, 10) is None


def test_window_runs_a_few_frames_and_saves_a_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    code = ui_app.run(load_scenario(DEFAULT), max_frames=5, screenshot=shot, data_dir=tmp_path)
    assert code == 0
    assert shot.is_file()
    # the default size, fitted to the desktop (the dummy driver's is 1024 x 768)
    pygame.display.init()
    width, height = pygame.display.get_desktop_sizes()[0]
    expected = (min(ui_app.DEFAULT_SIZE[0], width - 40), min(ui_app.DEFAULT_SIZE[1], height - 80))
    assert pygame.image.load(str(shot)).get_size() == expected
    assert colours_in(shot) > 10


def test_a_small_window_lays_out_every_button_whole_and_says_when_too_small(tmp_path):
    # issue 15, 4: at 900 x 600 buttons read "Warhamme", "Light crossbo"; from 800 x 600 up
    # every label fits whole (keys left off only if they must), and below it the window says so
    from game.ui.action_bar import label_width
    from game.ui.window_size import too_small_notice

    app = ui_app.App(load_scenario(DEFAULT), data_dir=tmp_path, size=(800, 600))
    try:
        for size in ((800, 600), (900, 600), (1280, 800)):
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.step()
            buttons = list(app.bar.buttons.values())
            assert len(buttons) > 10
            for b in buttons:
                assert app.bar.rect.contains(b.rect), (size, b.text)
                assert b.rect.w >= label_width(b.text) + 4, (size, b.text)  # the label is not cut
            assert not too_small_notice(size)
        assert "needs at least 800 x 600" in too_small_notice((640, 480))
    finally:
        app.close()


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step()


def test_clicks_and_keys_become_commands(tmp_path):
    scenario = load_scenario(DEFAULT)
    battle = new_battle(scenario)
    app = ui_app.App(scenario, battle=battle, hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        mover = battle.current
        start = (mover.x, mover.y)
        centre = tuple(int(v) for v in app.view.square_centre(mover.x, mover.y, mover.side_squares))
        click(app, centre)  # the token whose turn it is: its reachable squares
        assert app.tool is not None and app.tool.mask.any()

        ys, xs = np.nonzero(app.tool.mask)
        goal = (int(xs[0]), int(ys[0]))
        cost = app.tool.field.cost_to(*goal)
        click(app, tuple(int(v) for v in app.view.square_centre(*goal)))  # a reachable square: move there
        moved = battle.state.creatures[mover.id]
        assert (moved.x, moved.y) == goal != start
        assert moved.movement_spent == pytest.approx(cost)

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
        app.step()
        assert battle.current.id != mover.id
        assert battle.state.log[-1].endswith("'s turn")
    finally:
        app.close()


def test_events_queued_before_a_short_run_are_played(tmp_path):
    scenario = load_scenario(DEFAULT)
    battle = new_battle(scenario)
    app = ui_app.App(scenario, battle=battle, hotseat=True, data_dir=tmp_path)
    try:
        first = battle.current
        centre = tuple(int(v) for v in app.view.square_centre(first.x, first.y, first.side_squares))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e))
        assert app.run(max_frames=3) == 0
        assert battle.current.id != first.id
        assert any(line == f"{first.name} ends its turn" for line in battle.state.log)
    finally:
        app.close()


def test_a_refused_command_is_shown_in_the_log_panel(tmp_path):
    scenario = load_scenario(DEFAULT)
    battle = new_battle(scenario)
    app = ui_app.App(scenario, battle=battle, hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        before = battle.to_json()
        app.submit({"actor": battle.current.id, "act": "move", "to": [0, 0]})  # too far
        assert battle.to_json() == before
        assert app.messages[-1][0].startswith("Refused:")
        app.step()
    finally:
        app.close()


def test_an_ai_side_plays_through_the_hook(tmp_path):
    scenario = load_scenario(DEFAULT)  # blue human, red ai
    played = []

    def ai(battle):
        played.append(battle.current.id)
        return {"actor": battle.current.id, "act": "end"}

    battle = new_battle(scenario)
    app = ui_app.App(scenario, battle=battle, ai=ai, data_dir=tmp_path)
    try:
        for _ in range(40):
            current = battle.current
            if app.session.human(current):
                app.submit({"actor": current.id, "act": "end"})
            app.session.last_ai = float("-inf")  # no pause between AI commands in a test
            app.step()
            if played and app.session.human(battle.current):
                break
        assert played
        assert {battle.state.creatures[cid].side for cid in played} == {"red"}
        assert battle.current.side == "blue"
    finally:
        app.close()


def test_the_window_closes_itself_when_the_battle_is_over(tmp_path):
    scenario = load_scenario(DEFAULT)
    battle = new_battle(scenario)
    for c in battle.state.creatures.values():
        if c.side == "red":
            c.state, c.hp = "dead", 0
    battle.check_over()
    assert battle.state.over
    app = ui_app.App(scenario, battle=battle, data_dir=tmp_path)
    try:
        assert app.run(exit_when_over=True, max_frames=600) == 0
        assert app.frames < 600
    finally:
        app.close()


def test_the_busy_bench_scene_draws():
    from game.ui.bench import busy_scenario, frame_time_ms

    assert len(busy_scenario().creatures) == 40
    assert frame_time_ms(frames=12) > 0


class OtherWords:
    """A 5e battle whose creatures are seen as another ruleset would show them (its own defence
    text, no death saves, its own parts of a turn): the screen must draw it with the same code."""

    def __init__(self, battle) -> None:
        self._battle = battle

    def __getattr__(self, name):
        return getattr(self._battle, name)

    def view(self, creature_id):
        import dataclasses

        from game.rules.api import Resource

        return dataclasses.replace(self._battle.view(creature_id), defence="AC 13, touch 10", death_saves=None,
                                   resources=(Resource("standard action", True), Resource("move action", False),
                                              Resource("action points", 1)))


def test_the_screen_reads_creatures_through_their_view(tmp_path):
    from game.ui.panel import turn_pips

    scenario = load_scenario(DEFAULT)
    battle = OtherWords(new_battle(scenario))
    app = ui_app.App(scenario, battle=battle, hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        current = app.session.current()
        assert turn_pips(current) == [("standard", True), ("move", False)]
        target = next(c for c in battle.state.creatures.values() if c.id != current.id)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, buttons=(0, 0, 0), rel=(0, 0), pos=tuple(
            int(v) for v in app.view.square_centre(target.x, target.y, target.side_squares))))
        app.step()
        app.step()
        assert app.hovered_id == target.id
        drawn = [key[0] for key in app.text._surfaces]
        assert any("AC 13, touch 10" in text for text in drawn)  # the hover tag
        assert "standard" in drawn and "move" in drawn  # the turn line of the panel
    finally:
        app.close()


def test_tokens_show_names_not_ids(tmp_path):
    # issue 15, 7: "tokens show ids (gob1) while the panel shows names (Goblin 1)": names only
    scenario = load_scenario(DEFAULT)
    battle = new_battle(scenario)
    drawn = []

    class Recording(Text):
        def blit(self, target, text, *args, **kwargs):
            drawn.append(text)
            return super().blit(target, text, *args, **kwargs)

    view = BoardView(scenario.map.board, square_px=40, text=Recording())
    surface = pygame.Surface(view.full_size)
    view.draw_tokens(surface, [battle.view(cid) for cid in battle.state.creatures])
    names = {c.name for c in battle.state.creatures.values()}
    ids = set(battle.state.creatures) - names
    assert set(drawn) & names  # at 40 px a square, whole names fit
    assert not set(drawn) & ids


def test_every_bundled_kind_has_an_emblem_drawn_on_its_token():
    # issue 15, 7: "an emblem per creature kind ... shipped in assets/ with its credit"
    from game.content.creatures import bundled_kinds
    from game.content.paths import ASSETS_DIR
    from game.ui.emblems import emblem

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    for kind in bundled_kinds("5e"):
        art = emblem(kind, 32)
        assert art is not None and art.get_size() == (32, 32), kind
        assert pygame.mask.from_surface(art).count() > 50, kind  # something is drawn
    assert emblem("no-such-kind", 32) is None
    credit = (ASSETS_DIR / "icons" / "README.md").read_text()
    assert "game-icons.net" in credit and "CC BY 3.0" in credit


@pytest.mark.parametrize("ruleset, fits", [("5e", True), ("3.5", False)])
def test_f_fits_the_board_unless_an_act_of_the_bar_answers_to_it(tmp_path, ruleset, fits):
    # 3.5's 5-foot step is F on its bar: the key goes to the act, Home still fits the board
    scenario = load_scenario(DEFAULT, ruleset)
    app = ui_app.App(scenario, hotseat=True, data_dir=tmp_path)
    fitted = []
    try:
        app.step()
        app.camera.fit = lambda: fitted.append(True)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f))
        app.step()
        assert bool(fitted) == fits
        if not fits:  # the 5-foot step's menu of squares is open
            assert {o.command["act"] for o in app.menu_options} == {"step"}
            app.close_dialog()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
        app.step()
        assert fitted
    finally:
        app.close()
