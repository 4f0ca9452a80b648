"""Playing through the window: the real event loop, fed posted mouse and key events.

Headless: the SDL dummy drivers are set before pygame is imported. Each test builds a small
battle (an ASCII map, a roster, forced dice), opens the App on it with a temporary data folder,
posts events, runs frames, and looks at the battle and the window's state in between.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content.scenarios import load_scenario  # noqa: E402
from game.rules.registry import new_battle  # noqa: E402
from game.ui import app as ui_app  # noqa: E402
from game.ui.modes import AreaMode, MoveMode, TargetMode, attack_lines  # noqa: E402
from helpers import creature, scenario  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OPEN = """
..........
..........
..........
..........
..........
"""


@pytest.fixture
def open_app(tmp_path):
    apps = []

    def make(roster, dice=(), grid=OPEN, **kwargs):
        s = scenario(grid, roster, dice=dice, initiative=[c["id"] for c in roster])
        app = ui_app.App(s, battle=new_battle(s), data_dir=tmp_path / "data", **kwargs)
        apps.append(app)
        app.step()
        return app

    yield make
    for app in apps:
        app.close()


def post(*events):
    for e in events:
        pygame.event.post(e)


def key(app, k, unicode="", frames=1):
    post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0))
    for _ in range(frames):
        app.step()


def hover(app, pos):
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def click(app, pos, frames=1):
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.step()


def centre(app, x, y, side=1):
    return tuple(int(v) for v in app.view.square_centre(x, y, side))


def at(app, cid):
    c = app.battle.state.creatures[cid]
    return centre(app, c.x, c.y, c.side_squares)


def test_select_then_move_along_the_previewed_path(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (1, 2)), creature("gob1", "goblin", "red", (8, 2))])
    click(app, at(app, "fighter"))
    assert isinstance(app.mode, MoveMode) and app.mode.mask.any()
    hover(app, centre(app, 4, 1))
    steps, cost, provokes, dash = app.mode.path_info((4, 1))
    assert steps[-1] == (4, 1) and cost == pytest.approx(4.5) and not provokes and not dash
    click(app, centre(app, 4, 1))
    fighter = app.battle.state.creatures["fighter"]
    assert (fighter.x, fighter.y) == (4, 1)
    assert fighter.movement_spent == pytest.approx(cost)
    assert app.battle.state.log[-1].startswith("Fighter moves to [4, 1]")
    assert isinstance(app.mode, MoveMode)  # movement left: the squares are still shown


def test_the_move_preview_warns_of_opportunity_attacks_and_shades_dash_squares(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2))])
    key(app, pygame.K_m)
    mode = app.mode
    assert isinstance(mode, MoveMode)
    hover(app, centre(app, 0, 2))
    assert mode.path_info((0, 2))[2] == ["gob1"]  # leaving the goblin's reach
    assert mode.path_info((2, 1))[2] == []  # still beside it
    assert mode.dash_mask.any() and not (mode.dash_mask & mode.mask).any()
    ys, xs = mode.dash_mask.nonzero()
    far = (int(xs[0]), int(ys[0]))
    assert mode.path_info(far)[3]  # needs the Dash
    click(app, centre(app, *far))
    fighter = app.battle.state.creatures["fighter"]
    assert "dashing" in fighter.conditions and not fighter.action
    assert app.battle.state.offers or (fighter.x, fighter.y) == far  # the goblin may react first


def test_choose_an_attack_then_click_the_target(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2))],
                   dice=[15, 6])
    log_before = len(app.battle.state.log)
    key(app, pygame.K_1)  # the first attack on the bar: the longsword
    assert isinstance(app.mode, TargetMode) and app.mode.entry_key == "attack:longsword"
    assert set(app.mode.targets) == {"gob1"}
    hover(app, at(app, "gob1"))
    preview = app.mode.targets["gob1"][0].preview
    assert 0 < preview.hit_chance < 1 and preview.cover == "none"
    click(app, at(app, "gob1"))
    state = app.battle.state
    assert state.creatures["gob1"].hp < 7
    assert not state.creatures["fighter"].action
    new = state.log[log_before:]
    assert any(line.startswith("Fighter attacks Goblin with longsword: d20 15") for line in new)
    assert any(f[1].startswith("-") for f in app.floaters.items)  # a damage number rises


def test_the_action_bar_greys_what_is_not_allowed_and_says_why(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2)),
                    creature("gob2", "goblin", "red", (8, 4))], dice=[2])
    bar = app.bar.buttons
    assert bar["dash"].is_enabled and bar["attack:longsword"].is_enabled
    assert not bar["stand"].is_enabled and "not prone" in bar["stand"].tool_tip_text
    app.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # a miss
    app.step()
    bar = app.bar.buttons
    assert not bar["dash"].is_enabled
    assert "action" in bar["dash"].tool_tip_text.lower()
    assert not bar["attack:longsword"].is_enabled
    assert bar["end"].is_enabled
    key(app, pygame.K_d)  # a greyed action's key: refused with the reason, nothing changes
    assert "not now" in app.messages[-1][0]


def test_the_bar_asks_the_rules_once_per_change(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (8, 2))])
    computed = app.choices.computed
    for _ in range(5):
        app.step()
    assert app.choices.computed == computed
    key(app, pygame.K_d)  # Dash: the battle changed
    assert app.choices.computed == computed + 1


def test_end_turn_by_key_and_by_button(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (8, 2))])
    key(app, pygame.K_e)
    assert app.battle.current.id == "gob1"
    assert app.session.saves.exists("autosave.toml")  # an autosave at every turn start
    button = app.bar.buttons["end"]
    click(app, button.rect.center, frames=2)  # pygame-gui answers with an event, read next frame
    assert app.battle.current.id == "fighter"


def test_a_reaction_dialog_names_the_side_and_submits_the_answer(open_app):
    app = open_app([creature("gob1", "goblin", "red", (3, 2)), creature("fighter", "fighter", "blue", (2, 2))],
                   dice=[18, 1])
    key(app, pygame.K_m)
    click(app, centre(app, 6, 2))  # the goblin walks away from the fighter
    app.step()
    assert app.dialog_kind == "reaction"
    assert app.battle.state.offers[0].reactor == "fighter"
    question, _ = app.reaction_text()
    assert question.startswith("Blue: Fighter may make an opportunity attack on Goblin")
    before = app.battle.state.creatures["gob1"].hp
    key(app, pygame.K_y)
    state = app.battle.state
    assert not state.offers and app.dialog is None
    assert any(line.startswith("Fighter makes an opportunity attack on Goblin") for line in state.log)
    assert state.creatures["gob1"].hp < before and state.creatures["gob1"].x == 6


def test_declining_a_reaction_with_the_dialogs_button(open_app):
    app = open_app([creature("gob1", "goblin", "red", (3, 2)), creature("fighter", "fighter", "blue", (2, 2))])
    app.submit({"actor": "gob1", "act": "move", "to": [6, 2]})
    app.step()
    assert app.dialog_kind == "reaction"
    no = next(b for b, answer in app.dialog.buttons.items() if answer is False)
    click(app, no.rect.center, frames=2)
    assert any(line == "Fighter lets Goblin go" for line in app.battle.state.log)
    assert app.battle.state.creatures["gob1"].x == 6


def test_quick_save_then_quick_load(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (1, 2)), creature("gob1", "goblin", "red", (8, 2))])
    app.submit({"actor": "fighter", "act": "move", "to": [3, 2]})
    saved = app.battle.to_json()
    key(app, pygame.K_F5)
    assert (app.session.saves.dir / "quicksave.toml").is_file()
    app.submit({"actor": "fighter", "act": "move", "to": [5, 2]})
    key(app, pygame.K_e)
    assert app.battle.to_json() != saved
    key(app, pygame.K_F9)
    assert app.battle.to_json() == saved
    assert app.messages[-1][0].startswith("Loaded")


def test_an_area_spell_shows_its_template_and_who_is_inside(open_app):
    app = open_app([creature("wizard", "wizard", "blue", (1, 2)), creature("gob1", "goblin", "red", (3, 2)),
                    creature("gob2", "goblin", "red", (4, 1))], dice=[3, 3, 3, 5, 5])
    entry = app.current_choices().entry("spell:burning-hands")
    assert entry.allowed
    key(app, getattr(pygame, f"K_{entry.shortcut}"))
    assert isinstance(app.mode, AreaMode)
    hover(app, centre(app, 3, 2))
    problem, mask, caught = app.mode.info((3, 2))
    assert problem == "" and mask[2, 3] and {c.id for c in caught} == {"gob1", "gob2"}
    click(app, centre(app, 3, 2))
    assert any(line.startswith("Wizard casts burning hands") for line in app.battle.state.log)
    assert app.battle.state.creatures["wizard"].slots[1] == 3


def test_a_targeted_spell_shows_its_chance_and_casts(open_app):
    app = open_app([creature("wizard", "wizard", "blue", (1, 2)), creature("gob1", "goblin", "red", (7, 2))],
                   dice=[17, 4])
    entry = app.current_choices().entry("spell:fire-bolt")
    app.choose(entry)
    assert set(app.mode.targets) == {"gob1"}
    assert app.mode.targets["gob1"][0].preview.hit_chance > 0
    click(app, at(app, "gob1"))
    assert any(line.startswith("Wizard casts fire bolt") for line in app.battle.state.log)


def test_help_and_end_screen(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2))],
                   dice=[20, 8, 8])
    key(app, pygame.K_F1)
    assert app.dialog_kind == "help"
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None and app.running
    app.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # a critical hit
    for _ in range(3):
        app.step()
    assert app.battle.state.over and app.dialog_kind == "end"
    headline, lines = app.end_summary()
    assert headline == "Blue wins!" and any("Goblin" in line for line in lines)
    key(app, pygame.K_s)  # the same battle again: its seed
    assert not app.battle.state.over and app.dialog is None
    assert app.battle.state.creatures["gob1"].hp == 7 and app.battle.scenario.seed == app.scenario.seed


def test_quitting_asks_first_and_play_again_takes_a_fresh_seed(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2))],
                   dice=[20, 8, 8])
    key(app, pygame.K_ESCAPE)  # nothing chosen: a habitual Esc asks, it does not quit
    assert app.running and app.dialog_kind == "quit"
    key(app, pygame.K_n)  # stay
    assert app.running and app.dialog is None
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Enter confirms
    assert not app.running
    app.running = True
    app.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # a critical hit
    for _ in range(3):
        app.step()
    assert app.dialog_kind == "end"
    key(app, pygame.K_ESCAPE)  # the end screen's Quit asks too
    assert app.running and app.dialog_kind == "quit"
    key(app, pygame.K_n)  # stay: the end screen comes back
    app.step()
    assert app.dialog_kind == "end"
    seed = app.scenario.seed
    key(app, pygame.K_r)  # a new battle, with a fresh seed the log names
    assert not app.battle.state.over and app.dialog is None
    assert app.scenario.seed != seed  # (one chance in 2**31 of the same seed again)
    assert any(text == f"A new battle: the same scenario with a fresh seed ({app.scenario.seed})"
               for text, _ in app.messages)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Esc again quits
    assert not app.running


def test_computer_turns_are_paced_and_space_hurries_them(tmp_path):
    scenario_ = load_scenario(ROOT / "maps" / "default.scenario.toml")
    played = []

    def ai(battle):
        played.append(battle.current.id)
        return {"actor": battle.current.id, "act": "end"}

    app = ui_app.App(scenario_, ai=ai, data_dir=tmp_path, ai_pause=30.0)
    try:
        while app.session.human(app.battle.current):
            app.submit({"actor": app.battle.current.id, "act": "end"})
        app.session.last_ai = float("inf") * -1
        app.step()
        app.step()
        assert len(played) == 1  # then it waits for the pause
        key(app, pygame.K_SPACE, frames=3)
        assert len(played) >= 2
    finally:
        app.close()


def test_a_quick_save_keeps_a_changed_seed(tmp_path):
    scenario_ = load_scenario(ROOT / "maps" / "default.scenario.toml")
    scenario_.seed = 99  # as `skirmish play --seed 99` does
    app = ui_app.App(scenario_, hotseat=True, data_dir=tmp_path)
    try:
        app.submit({"actor": app.battle.current.id, "act": "end"})
        saved = app.battle.to_json()
        key(app, pygame.K_F5)
        key(app, pygame.K_F9)
        assert app.battle.to_json() == saved
    finally:
        app.close()


def test_question_mark_opens_the_help_and_the_wheel_scrolls_the_log(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (8, 2))])
    for _ in range(30):
        app.messages.append(("a line of the log", (255, 255, 255)))
    key(app, pygame.K_SLASH, unicode="?")
    assert app.dialog_kind == "help"
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None
    panel = (app.viewport.right + 40, app.screen.get_height() - 60)
    hover(app, panel)
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    app.step()
    assert app.log_scroll > 0
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))
    app.step()
    assert app.log_scroll == 0


def test_a_whole_computer_battle_through_the_real_loop(tmp_path):
    """`play --ai blue --ai red --exit-when-over --screenshot`, hurried: it ends with a winner."""
    from game.content.paths import MAPS_DIR
    from game.content.scenarios import load_scenario
    from game.session.ai import choose
    from game.ui.app import App

    scenario = load_scenario(MAPS_DIR / "mirror-goblins.scenario.toml")
    app = App(scenario, ai_sides=("blue", "red"), ai=lambda b: choose(b, "hard"), data_dir=tmp_path,
              ai_pause=0.0)
    app.hurry = True
    shot = tmp_path / "end.png"
    assert app.run(screenshot=shot, exit_when_over=True, max_frames=20000) == 0
    assert app.battle.state.over and app.battle.state.winner in ("blue", "red")
    assert shot.stat().st_size > 10_000


def test_ctrl_z_and_backspace_take_back_a_move_but_not_a_roll(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (1, 2)), creature("gob1", "goblin", "red", (3, 2))],
                   dice=[5])
    start = app.battle.to_json()
    key(app, pygame.K_PLUS)  # zoomed in: the undo keeps the camera
    camera = (app.view.square_px, app.view.origin if hasattr(app.view, "origin") else None, vars(app.camera).copy())
    key(app, pygame.K_m)
    click(app, centre(app, 1, 0))
    assert (app.battle.state.creatures["fighter"].x, app.battle.state.creatures["fighter"].y) == (1, 0)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, unicode="\x1a", mod=pygame.KMOD_LCTRL))
    app.step()
    assert app.battle.to_json() == start
    assert app.messages[-1][0].startswith("Undone: Fighter moves to [1, 0]")
    assert isinstance(app.mode, MoveMode) and app.mode.start == (1, 2)  # still choosing where to go
    assert app.view.square_px == camera[0] and vars(app.camera) == camera[2]
    key(app, pygame.K_BACKSPACE)  # nothing left to take back
    assert app.messages[-1][0] == "Cannot undo: nothing has been played yet"
    key(app, pygame.K_ESCAPE)
    app.submit({"actor": "fighter", "act": "move", "to": [2, 1]})
    key(app, pygame.K_BACKSPACE)
    assert app.battle.to_json() == start
    app.submit({"actor": "fighter", "act": "move", "to": [2, 2]})
    app.submit({"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"})  # a miss: d20 5
    after = app.battle.to_json()
    key(app, pygame.K_BACKSPACE)
    assert app.battle.to_json() == after
    assert app.messages[-1] == ("Cannot undo: the last command rolled dice", ui_app.ERROR)
    key(app, pygame.K_z)  # a plain Z is still First aid's key, not an undo
    assert app.battle.to_json() == after


def test_l_lists_the_saves_newest_first_and_loads_the_chosen_one(open_app):
    app = open_app([creature("fighter", "fighter", "blue", (1, 2)), creature("gob1", "goblin", "red", (8, 2))])
    key(app, pygame.K_l)
    assert app.dialog is None and app.messages[-1][0].startswith("No saves yet")
    app.submit({"actor": "fighter", "act": "move", "to": [3, 2]})
    early = app.battle.to_json()
    app.session.saves.write(app.battle, "early.toml")
    app.submit({"actor": "fighter", "act": "move", "to": [5, 2]})
    key(app, pygame.K_F5)
    late = app.battle.to_json()
    os.utime(app.session.saves.path("early.toml"), (1_000_000_000, 1_000_000_000))  # 2001: the oldest
    key(app, pygame.K_e)  # an autosave, the newest
    key(app, pygame.K_l)
    assert app.dialog_kind == "load"
    assert app.menu_options == ["autosave.toml", "quicksave.toml", "early.toml"]
    labels = [b.text for b in app.dialog.buttons if b.text.startswith(("1", "2", "3"))]
    assert labels[2].startswith("3   early.toml") and "2001-09-09" in labels[2]
    key(app, pygame.K_3)
    assert app.dialog is None
    assert app.battle.to_json() == early
    assert app.messages[-1][0].startswith("Loaded") and app.messages[-1][0].endswith("early.toml")
    key(app, pygame.K_l)
    quick = next(b for b, answer in app.dialog.buttons.items() if answer == 1)
    click(app, quick.rect.center, frames=2)
    assert app.battle.to_json() == late
    key(app, pygame.K_l)
    key(app, pygame.K_ESCAPE)
    assert app.dialog is None and app.running and app.battle.to_json() == late


def test_the_help_lists_undo_and_the_load_menu(open_app):
    from game.ui.wording import CONTROLS

    rows = dict(row for _, rows in CONTROLS for row in rows)
    assert "Ctrl+Z or Backspace" in rows and "rolled dice" in rows["Ctrl+Z or Backspace"]
    assert "L" in rows and "load" in rows["L"]
    app = open_app([creature("fighter", "fighter", "blue", (1, 2)), creature("gob1", "goblin", "red", (8, 2))])
    key(app, pygame.K_F1)
    assert "Ctrl+Z or Backspace" in app.dialog.body and "<b>L</b>" in app.dialog.body


def test_tab_switches_a_flyer_to_flying_and_the_squares_follow(open_app):
    wide = "\n".join(["." * 24] * 6)
    app = open_app([creature("dragon", "young-green-dragon", "red", (0, 0)),
                    creature("gob1", "goblin", "blue", (22, 4))], grid=wide)
    key(app, pygame.K_m)
    walk = app.mode
    assert walk.how == "walk" and walk.mask[0, 8] and not walk.mask[0, 12]  # 12 m on foot
    assert app.prompt_lines()[0][0].startswith("Moving: walking (12 m left)  ·  Tab: WALK / fly / swim")
    key(app, pygame.K_TAB)
    fly = app.mode
    assert isinstance(fly, MoveMode) and fly.how == "fly" and fly.mask[0, 12] and fly.mask[0, 16]
    assert set(fly.moves) == set(app.current_choices().moves_by_mode["fly"])
    assert all(o.preview.mode == "fly" for o in fly.moves.values())
    assert "Moving: flying (24 m left)" in app.prompt_lines()[0][0]
    click(app, centre(app, 12, 0))
    dragon = app.battle.state.creatures["dragon"]
    assert (dragon.x, dragon.y) == (12, 0) and "dashing" not in dragon.conditions
    assert app.battle.state.played[-1]["mode"] == "fly"
    assert dragon.movement_left("fly") == pytest.approx(6)
    assert isinstance(app.mode, MoveMode) and app.mode.how == "fly"  # still flying, 6 m left
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert app.mode.how == "walk"  # swim, then back to walking
    key(app, pygame.K_ESCAPE)
    app.submit({"actor": "dragon", "act": "move", "mode": "fly", "altitude": 3})
    key(app, pygame.K_m)  # aloft, it can only fly
    assert app.mode.how == "fly"
    key(app, pygame.K_TAB)
    assert app.mode.how == "fly" and app.messages[-1][0] == "Young Green Dragon can only fly"


def test_the_panel_is_drawn_again_only_when_what_it_shows_changes(open_app):
    from game.ui.panel import Panel

    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (8, 2))])
    drawn = app.panel.redrawn
    for _ in range(5):
        app.step()
    assert app.panel.redrawn == drawn  # nothing changed: the cached panel is blitted
    key(app, pygame.K_m)  # the prompt changes
    assert app.panel.redrawn == drawn + 1
    app.messages.append(("a new line", (255, 255, 255)))
    app.step()
    assert app.panel.redrawn == drawn + 2
    key(app, pygame.K_d)  # Dash: the battle changed
    assert app.panel.redrawn >= drawn + 3
    rect = pygame.Rect(app.viewport.right, 0, app.panel_w, app.screen.get_height())
    fresh = pygame.Surface(app.screen.get_size())
    Panel(app.text).draw(fresh, rect, app)  # the cached panel is what a fresh one draws
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") == pygame.image.tobytes(fresh.subsurface(rect), "RGB")


def test_an_idle_window_slows_down_and_wakes_at_once(open_app):
    # waiting on a person's turn, with nothing moving, the window draws IDLE_FPS frames a second
    app = open_app([creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (5, 1))])
    quiet = app.last_input + ui_app.IDLE_AFTER + 0.1
    assert app.idle(quiet)
    key(app, pygame.K_m)  # any input wakes it
    assert not app.idle(app.last_input + 0.1) and app.idle(app.last_input + ui_app.IDLE_AFTER + 0.1)
    click(app, centre(app, 3, 1))  # a token walking keeps the full frame rate
    assert app.walking and not app.idle(app.last_input + ui_app.IDLE_AFTER + 0.1)


WALLED = """
....#.....
....#.....
....#.....
....#.....
"""


def test_a_creature_that_cannot_be_targeted_says_why(open_app):
    # SRD 5.1, Cover: a target with total cover can't be targeted directly; the card says so
    app = open_app([creature("wizard", "wizard", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 3)),
                    creature("gob2", "goblin", "red", (7, 1))], grid=WALLED)
    app.choose(app.current_choices().entry("spell:fire-bolt"))
    mode = app.mode
    assert list(mode.targets) == ["gob1"]  # gob2 stands behind the wall
    hover(app, at(app, "gob2"))
    assert mode.other_at(app.view.square_at(*at(app, "gob2"))) == "gob2"
    assert mode.reason("gob2") == "Goblin 2 has total cover from Wizard"
    click(app, at(app, "gob2"))
    assert app.mode is mode  # the spell stays chosen
    assert app.messages[-1][0] == "Fire bolt cannot be aimed at Goblin 2: Goblin 2 has total cover from Wizard"
    assert not any("casts" in line for line in app.battle.state.log)


def test_a_creature_hidden_from_the_players_side_is_not_shown(open_app):
    # 5e, Hide: hidden from its foes; the screen shows each side only what it can see
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (6, 1)),
              creature("gob2", "goblin", "red", (7, 2), hidden=True)]
    app = open_app(roster, dice=[20], ai_sides=("red",), ai=lambda b: {"actor": b.current.id, "act": "end"})
    assert app.session.watching_side() == "blue"  # a Stealth of 26 beats the fighter's passive Perception
    assert "hidden" in app.battle.view("gob2").conditions
    assert set(app.views) == {"fighter", "gob1"}  # no token, no roster line, no hover for gob2
    hover(app, at(app, "gob2"))
    assert app.hovered_id is None
    app.step()  # drawing copes with a creature it does not show
    app.battle.state.creatures["gob2"].conditions.discard("hidden")  # found (as a Search would)
    app.submit({"actor": "fighter", "act": "dodge"})
    app.step()
    assert "gob2" in app.views


def test_in_hotseat_the_side_acting_decides_what_is_shown(open_app):
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (6, 1)),
              creature("gob2", "goblin", "red", (7, 2), hidden=True)]
    app = open_app(roster, dice=[20])  # people play both sides
    assert app.session.watching_side() == "blue" and "gob2" not in app.views
    app.submit({"actor": "fighter", "act": "end"})
    app.step()
    assert app.session.watching_side() == "red" and "gob2" in app.views  # gob1's turn: red sees its own


def test_a_save_spell_a_heal_and_a_grapple_show_their_odds_on_hover(open_app):
    # issue 15, 6: odds for saves (the chance the target fails, the damage expected), heals
    # (the amount expected) and contests (the chance to win), not only for attack rolls
    app = open_app([creature("cleric", "cleric", "blue", (1, 2)), creature("fighter", "fighter", "blue", (1, 3), current_hp=5),
                    creature("gob1", "goblin", "red", (2, 2))])
    texts = lambda key, target: [t for t, _ in attack_lines(  # noqa: E731
        app.current_choices().entry(key).by_target()[target][0].preview, "")]
    assert "50% to fail the DC 13 Dex save, +2" in texts("spell:sacred-flame", "gob1")
    assert "Expected damage 2.2 (none on a save)" in texts("spell:sacred-flame", "gob1")
    assert "Expected healing 7.5 hp" in texts("spell:cure-wounds", "fighter")
    assert any(t.endswith("chance to succeed") for t in texts("grapple", "gob1"))


def test_magic_missile_darts_are_aimed_one_by_one_and_split_as_aimed(open_app):
    # issue 15, 3: each dart aimed by a click, a counter of darts left; SRD 5.1, Magic Missile:
    # "each dart hits a creature of your choice"
    app = open_app([creature("wizard", "wizard", "blue", (1, 2)), creature("gob1", "goblin", "red", (5, 1)),
                    creature("gob2", "goblin", "red", (5, 3))], dice=[1, 1, 1])
    app.choose(app.current_choices().entry("spell:magic-missile"))
    assert app.mode.left == 3
    click(app, at(app, "gob1"))
    click(app, at(app, "gob1"))
    assert app.mode.left == 1 and not any("casts" in line for line in app.battle.state.log)
    click(app, at(app, "gob2"))
    cast = next(line for line in app.battle.state.log if "casts magic missile" in line)
    assert "3 darts at Goblin 1, Goblin 1, Goblin 2" in cast


def test_a_huge_creature_has_a_move_for_every_square_of_its_shaded_region(open_app):
    # issue 15, 11: the hill giant's region was ragged and some squares had no footprint or
    # path; the region is every square its reachable spaces cover, and each one has a move
    from game.ui.overlays import footprints

    grid = "\n".join(["." * 20] * 3 + [".......#............"] * 3 + ["." * 20] * 4)
    app = open_app([creature("giant", "hill-giant", "blue", (2, 3)), creature("gob1", "goblin", "red", (17, 8))],
                   grid=grid)
    current = app.my_turn()
    app.toggle_move(current)
    mode = app.mode
    assert isinstance(mode, MoveMode) and mode.side == 3
    region = footprints(mode.mask | mode.dash_mask, mode.side)
    assert region[0, 0]  # the map's corner: the giant's space can reach it
    for y, x in np.argwhere(region):
        goal = mode.target((int(x), int(y)))
        assert goal is not None, (x, y)
        assert goal[0] <= x < goal[0] + 3 and goal[1] <= y < goal[1] + 3
        steps, cost, _, _ = mode.path_info(goal)
        assert steps and steps[-1] == goal and cost > 0


def test_a_buttons_tooltip_stands_above_the_bar_and_hides_no_button(open_app):
    # issue 15, 10: "End turn [E]" was hidden under a greyed button's tip; tips go above the bar
    app = open_app([creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (8, 4))])
    button = app.bar.buttons["end"]
    button.hover_time = 1.0  # hovered long enough
    button.while_hovering(0.1, button.rect.center)
    tip = button.tool_tip
    assert tip is not None
    assert tip.rect.bottom <= app.bar.rect.top
    assert not any(tip.rect.colliderect(b.rect) for b in app.bar.buttons.values())
