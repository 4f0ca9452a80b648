"""The editor's window driven through its real loop with posted events (issue 17): paint, place,
undo, save, reload, compare the file. Headless: the SDL dummy drivers are set first."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import tomllib  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cli import main  # noqa: E402
from game.content.paths import MAPS_DIR  # noqa: E402
from game.content.scenarios import load_scenario  # noqa: E402
from game.session.editing import Draft  # noqa: E402
from game.ui.editor import Editor  # noqa: E402


@pytest.fixture
def editor(tmp_path):
    made = []

    def make(draft=None, name="made.scenario.toml"):
        ed = Editor(draft or Draft.new(10, 8), size=(1100, 720), save_to=tmp_path / name)
        ed.step()
        made.append(ed)
        return ed

    yield make
    for ed in made:
        ed.close()


def centre(ed, x, y):
    return ed.view.square_rect(x, y).center


def post(*events):
    for e in events:
        pygame.event.post(e)


def drag(ed, a, b, button=1):
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(ed, *a), button=button))
    buttons = (1, 0, 0) if button == 1 else (0, 0, 1)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(ed, *b), rel=(1, 1), buttons=buttons))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre(ed, *b), button=button))
    ed.step()
    ed.step()


def key(ed, k, mod=0):
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    ed.step()


def press_button(ed, name):
    post(pygame.event.Event(pygame_gui_pressed(), ui_element=ed.widgets[name]))
    ed.step()


def pygame_gui_pressed():
    import pygame_gui

    return pygame_gui.UI_BUTTON_PRESSED


def test_paint_a_wall_by_dragging_then_undo_and_redo(editor):
    ed = editor()
    press_button(ed, "paint:#")
    drag(ed, (2, 3), (6, 3))  # the brush: every square between the mouse's two places
    assert [ed.draft.char_at(x, 3) for x in range(2, 7)] == ["#"] * 5
    key(ed, pygame.K_z, pygame.KMOD_CTRL)
    assert [ed.draft.char_at(x, 3) for x in range(2, 7)] == ["."] * 5  # the drag was one step
    key(ed, pygame.K_y, pygame.KMOD_CTRL)
    assert ed.draft.char_at(4, 3) == "#"


def test_rectangle_and_line_tools(editor):
    ed = editor()
    press_button(ed, "paint::")
    key(ed, pygame.K_r)
    drag(ed, (1, 1), (3, 2))
    assert all(ed.draft.char_at(x, y) == ":" for x in range(1, 4) for y in range(1, 3))
    press_button(ed, "paint:=")
    key(ed, pygame.K_l)
    drag(ed, (1, 5), (7, 5))
    assert all(ed.draft.char_at(x, 5) == "=" for x in range(1, 8))


def test_place_move_and_delete_creatures_then_save_and_reload(editor, tmp_path):
    ed = editor()
    key(ed, pygame.K_c)
    assert ed.kind  # the ruleset's first bundled kind
    ed.kind, ed.side = "fighter", "blue"
    drag(ed, (2, 2), (2, 2))  # a click: placed
    ed.kind, ed.side = "goblin", "red"
    drag(ed, (7, 5), (7, 5))
    assert [(c["kind"], c["at"]) for c in ed.draft.creatures] == [("fighter", [2, 2]), ("goblin", [7, 5])]
    drag(ed, (7, 5), (6, 4))  # a drag moves it
    assert ed.draft.creatures[1]["at"] == [6, 4]
    ed.draft.place("goblin", "red", (4, 6))
    ed.step()
    drag(ed, (4, 6), (4, 6), button=3)  # right-click deletes
    assert len(ed.draft.creatures) == 2
    key(ed, pygame.K_s, pygame.KMOD_CTRL)
    saved = tmp_path / "made.scenario.toml"
    assert saved.is_file() and "Saved" in ed.message[0]
    data = tomllib.loads(saved.read_text())
    assert [c["id"] for c in data["creature"]] == ["fighter1", "goblin1"]
    scenario = load_scenario(saved)  # check and replay take it
    assert [c.at for c in scenario.creatures] == [(2, 2), (6, 4)]
    assert Draft.load(saved).to_data() == ed.draft.to_data()


def test_live_problems_are_listed_and_a_bad_resize_is_refused_in_one_line(editor):
    ed = editor()
    ed.draft.place("goblin", "red", (3, 3))
    ed.draft.paint([(3, 3)], "#")
    ed.step()
    assert ed.problems and ed.problems[0][1] == (3, 3)
    ed.widgets["width"].set_text("2")
    press_button(ed, "resize")
    assert "3 to 200 squares" in ed.message[0] and ed.draft.width == 10


def test_esc_asks_before_losing_unsaved_changes(editor):
    ed = editor()
    ed.draft.paint([(1, 1)], "#")
    key(ed, pygame.K_ESCAPE)
    assert ed.running and "Unsaved" in ed.message[0]
    key(ed, pygame.K_ESCAPE)
    assert not ed.running


def test_a_bundled_scenario_opens_and_its_balance_readout_runs(editor):
    ed = editor(Draft.load(MAPS_DIR / "mirror-goblins.scenario.toml"))
    assert len(ed.creature_views()) == len(ed.draft.creatures) > 0
    key(ed, pygame.K_F6)
    assert ed.balance is not None
    ed.balance.stop()


def test_skirmish_edit_opens_a_new_file_and_quits(tmp_path):
    assert main(["edit", str(tmp_path / "new.scenario.toml"), "--frames", "3"]) == 0
    assert main(["edit", str(tmp_path / "missing-dir" / "x.toml"), "--frames", "1"]) == 0


def test_play_test_opens_the_battle_and_comes_back_to_the_editor(editor):
    ed = editor()
    key(ed, pygame.K_F5)
    assert "Place creatures" in ed.message[0]  # nothing to play yet
    ed.draft.place("fighter", "blue", (2, 2))
    ed.draft.place("goblin", "red", (7, 5))
    ed.step()
    ed.play_frames = 3
    key(ed, pygame.K_F5)
    assert "Back from the play-test" in ed.message[0]
    ed.draft.paint([(4, 4)], "#")
    ed.step()  # the editor's window works again
    assert ed.board.terrain[4, 4] == 1
