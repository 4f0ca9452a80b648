"""The demo window and the rule card window, through their real loops fed posted events: Space
or a click for the next step, Backspace back (the caption shown changes with the step); a
click on a log line that names a rule opens its card, in the demo and in the game's window."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.rules.registry import new_battle  # noqa: E402
from game.session.demos import Demo  # noqa: E402
from game.ui import app as ui_app  # noqa: E402
from game.ui.card_window import CardWindow, LogLine, card_html  # noqa: E402
from game.ui.demo import DemoWindow  # noqa: E402
from game.rules.cards import card, cards  # noqa: E402
from helpers import creature, scenario  # noqa: E402


@pytest.fixture
def window():
    opened = []

    def make(name):
        w = DemoWindow(Demo.load(name), size=(1100, 700))
        opened.append(w)
        w.step()
        return w

    yield make
    for w in opened:
        w.close()


def post(*events):
    for e in events:
        pygame.event.post(e)


def press(w, k, frames=1):
    post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode="", mod=0))
    for _i in range(frames):
        w.step()


def click(w, pos, button=1):
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    w.step()


def test_space_and_click_step_forward_backspace_steps_back_and_the_caption_follows(window):
    w = window("opportunity-attacks")
    demo = w.demo
    start = w.picture.caption
    assert w.at == 0 and start not in (demo.caption(1), "")
    press(w, pygame.K_SPACE)
    assert w.at == 1 and w.picture.caption == demo.caption(1)
    assert "opportunity attack" in w.picture.caption
    assert w.demo.battle_at(1).state.offers  # the board shows the battle after that command
    click(w, (200, 300))  # a click on the board: the next step
    assert w.at == 2 and w.picture.caption == demo.caption(2)
    hp_after_the_attack = w.demo.battle_at(2).state.creatures["orc1"].hp
    assert hp_after_the_attack < 15
    press(w, pygame.K_BACKSPACE)
    assert w.at == 1 and w.picture.caption == demo.caption(1)
    assert w.demo.battle_at(1).state.creatures["orc1"].hp == 15  # replayed: the attack not made yet
    press(w, pygame.K_LEFT)
    assert w.at == 0 and w.picture.caption == start
    for _i in range(demo.steps + 3):  # never past the last step
        press(w, pygame.K_RIGHT)
    assert w.at == demo.steps and w.picture.caption == demo.caption(demo.steps)
    press(w, pygame.K_ESCAPE)
    assert not w.running


def test_the_demo_window_speaks_french(window):
    try:
        i18n.set_language("fr")
        w = window("underwater")
        press(w, pygame.K_SPACE)
        shown = w.picture.caption
    finally:
        i18n.set_language("en")
    assert shown.startswith("Sous l'eau, une attaque avec une arme de corps à corps")


def test_a_click_on_a_demo_log_line_that_names_a_rule_opens_its_card(window):
    w = window("cover")
    state = w.demo.battle_at(1).state
    line = next(i for i, text in enumerate(state.log) if "half cover" in text)
    state.log_rules[line] = ["cover-half"]  # as the 5e engine names it
    press(w, pygame.K_SPACE)
    assert [c.id for c in w.picture.cards] == ["cover-half"]  # the card beside the board
    rect, shown = next((r, entry) for r, entry in w.picture.line_rows if entry.rules)
    assert "half cover" in shown.text
    click(w, rect.center)
    assert w.at == 1 and w.card_window is not None  # a card, not the next step
    assert [c.id for c in w.card_window.cards] == ["cover-half"]
    press(w, pygame.K_SPACE)
    assert w.at == 1  # the card window takes the keys
    press(w, pygame.K_ESCAPE)
    assert w.card_window is None and w.running
    press(w, pygame.K_SPACE)
    assert w.at == 2 and w.picture.cards == w.demo.cards_shown(2)  # the next step's cards


def test_card_html_gives_the_title_the_rule_the_seeds_words_and_the_srd():
    html = card_html(card("5e", "cover-half"))
    assert "Half cover" in html and "abri partiel" in html and "+2 bonus to AC" in html and "Abris" in html


# ---------------------------------------------------------------------- the game's own window
@pytest.fixture
def game_app(tmp_path):
    apps = []

    def make():
        roster = [creature("fighter", "fighter", "blue", (0, 1)), creature("gob1", "goblin", "red", (5, 1))]
        s = scenario("........\n...=....\n........", roster, initiative=["fighter", "gob1"])
        app = ui_app.App(s, battle=new_battle(s), data_dir=tmp_path / "data")
        apps.append(app)
        app.step()
        return app

    yield make
    for app in apps:
        app.close()


def test_a_click_on_a_game_log_line_naming_a_card_opens_the_card_window(game_app):
    app = game_app()
    state = app.battle.state
    state.log.append("Fighter attacks Goblin with handaxe: d20 11 + 5 = 16 vs AC 15 + 2 half cover, miss")
    state.log_rules.append(["cover-half"])  # the rule ids the engine gives the line
    state.log.append("A line that names no rule")
    state.log_rules.append([])
    app.step()
    assert isinstance(app.messages[-2], LogLine) and app.messages[-2].rules == ("cover-half",)
    rows = app.panel.log_rows
    plain = next(rect for rect, message in rows if not getattr(message, "rules", ()))
    named = next(rect for rect, message in rows if getattr(message, "rules", ()) == ("cover-half",))
    ox, oy = app.panel.origin
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(plain.centerx + ox, plain.centery + oy), button=1))
    app.step()
    assert app.dialog is None  # a line that names no rule opens nothing
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(named.centerx + ox, named.centery + oy), button=1))
    app.step()
    assert app.dialog_kind == "card" and isinstance(app.dialog, CardWindow)
    assert [c.id for c in app.dialog.cards] == ["cover-half"]
    assert app.dialog.window.window_display_title == "Half cover"
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0))
    app.step()
    assert app.dialog is None and app.running  # Esc closed the card, it did not ask to quit


def test_the_card_windows_close_button_closes_it(game_app):
    app = game_app()
    app.battle.state.log.append("a line")
    app.battle.state.log_rules.append(["cover-half"])
    app.step()
    rect, _message = next((r, m) for r, m in app.panel.log_rows if getattr(m, "rules", ()))
    ox, oy = app.panel.origin
    app.click((rect.centerx + ox, rect.centery + oy))
    assert app.dialog_kind == "card"
    close = app.dialog.close_button.rect.center
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=close, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=close, button=1))
    for _i in range(3):
        app.step()
    assert app.dialog is None


def test_skirmish_demo_opens_the_window_and_runs_its_loop(capsys):
    from game.cli import main

    assert main(["demo", "cover", "--max-frames", "3"]) == 0
    assert main(["demo", "--max-frames", "2"]) == 0  # no name: the first bundled demo
    assert capsys.readouterr().err == ""


def test_f2_over_a_target_opens_the_cards_behind_its_odds(game_app):
    # the hit preview's reasons open their cards: aiming the handaxe at the goblin behind the low
    # wall, F2 over it shows the attack roll and half cover cards the preview names
    app = game_app()
    entry = next(e for e in app.current_choices().entries if e.key == "attack:handaxe")
    app.choose(entry)
    app.step()
    pos = tuple(int(v) for v in app.view.square_centre(5, 1))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    rules = app.mode.hovered_rules(app.view.square_at(*pos))
    assert rules and rules[0] == "attack-roll"
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, unicode="", mod=0))
    app.step()
    assert app.dialog_kind == "card" and [c.id for c in app.dialog.cards] == [r for r in rules if r in cards("5e")]
