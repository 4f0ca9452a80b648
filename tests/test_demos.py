"""The bundled demos (maps/demos): each a scenario that `check` and `replay` play cleanly, whose
forced dice make it show its rule for sure, with a caption on every command in English and
French; and `skirmish demo`: --list, --frames (one PNG per step), --sheet (one PNG page)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.catalogues import source_files  # noqa: E402
from game.cli import main  # noqa: E402
from game.content.errors import ContentError  # noqa: E402
from game.content.scenarios import load_scenario  # noqa: E402
from game.session.check import check_file  # noqa: E402
from game.session.demos import DEMOS_DIR, Demo, bundled, demo_path  # noqa: E402
from game.session.replay import replay  # noqa: E402

DEMOS = bundled()
NAMES = [info.name for info in DEMOS]

# what each demo's log must say: the rule it is there to show, happening for sure
SHOWS = {
    "cover": ["vs AC 19 + 2 half cover, miss", "vs AC 12 + 5 three-quarters cover, hit"],
    "opportunity-attacks": ["Fighter makes an opportunity attack on Orc 1", "Orc 2 disengages"],
    "difficult-terrain": ["Fighter moves to [2, 2], 3 m (6 m left)", "Fighter moves to [4, 2], 6 m (0 m left)"],
    "squeezing": ["(squeezing)", "advantage: target squeezing"],
    "advantage": ["(advantage) 15 + 5", "(disadvantage) 9 + 4", "(disadvantage) 3 + 4"],
    "critical-hits": ["2d8 6+5 +3", "2d12 9+4 +3", "miss (natural 1)"],
    "resistance": ["8 bludgeoning damage (+4, vulnerable to bludgeoning)", "4 fire damage (1d10 8, resistant to fire)"],
    "death-saves": ["falls unconscious", "death save failures (2/3)", "regains 1 hit point and wakes"],
    "grapple-shove": ["Goblin is grappled by Fighter", "Goblin is dragged", "fails to escape", "knocked prone"],
    "ready": ["Wizard takes its readied action", "Goblin takes 6 fire damage"],
    "mounted-combat": ["Goblin mounts Wolf", "Wolf attacks Fighter with bite"],
    "underwater": ["disadvantage: melee underwater without a swim speed", "(1d10 9, resistant to fire)"],
}


def test_at_least_twelve_demos_ship_and_each_is_named_here():
    assert len(DEMOS) >= 12
    assert sorted(SHOWS) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_demo_checks_and_replays_cleanly_using_every_forced_die(name):
    path = demo_path(name)
    assert check_file(path) == []
    scenario = load_scenario(path)
    assert scenario.ruleset == "5e" and scenario.commands
    result = replay(scenario)
    assert result.error is None
    assert list(result.battle.state.dice.forced) == []  # every face scripted was used: no luck involved
    log = "\n".join(result.battle.state.log)
    for words in SHOWS[name]:
        assert words in log, f"{name}: the log never says {words!r}"


@pytest.mark.parametrize("name", NAMES)
def test_every_command_of_a_demo_has_a_caption_in_english_and_french(name):
    demo = Demo.load(name)
    english = [demo.caption(step) for step in range(1, demo.steps + 1)]
    assert all(english), f"{name}: a command without a caption"
    try:
        i18n.set_language("fr")
        french = [demo.caption(step) for step in range(1, demo.steps + 1)]
        title = demo.title
    finally:
        i18n.set_language("en")
    assert all(f != e for f, e in zip(french, english)), f"{name}: a caption has no French"
    assert title != demo.scenario.title


def test_the_demo_steps_replay_from_the_start_when_going_back():
    # the engine is deterministic: the battle after step 2, reached going back from the end,
    # is the one reached going forward
    demo = Demo.load("grapple-shove")
    forward = demo.battle_at(2).to_json()
    demo.battle_at(demo.steps)
    assert demo.battle_at(2).to_json() == forward
    assert [line.text for line in demo.lines(1)][-1] == "Goblin is grappled by Fighter"
    assert [line.text for line in demo.lines(2)] == ["Fighter moves to [1, 1], 3 m (1.5 m left)",
                                                     "Goblin is dragged to [2, 1]"]


def test_the_card_beside_the_board_is_the_steps_own_else_the_last_one_named():
    demo = Demo.load("cover")
    assert {"attack-roll", "cover-half"} <= {c.id for c in demo.step_cards(1)}  # the half-cover shot
    assert demo.cards_shown(0) == demo.step_cards(0)  # the battle's start (initiative)
    for step in range(1, demo.steps + 1):
        own = demo.step_cards(step)
        assert demo.cards_shown(step) == (own or demo.cards_shown(step - 1))


def test_an_unknown_demo_is_one_line_and_exit_2(capsys):
    with pytest.raises(ContentError, match="no demo named 'nothing-here'"):
        demo_path("nothing-here")
    assert main(["demo", "nothing-here", "--frames", "/tmp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cover" in err


def test_a_demo_whose_command_is_refused_is_one_line(tmp_path, capsys):
    bad = (DEMOS_DIR / "ready.scenario.toml").read_text(encoding="utf-8").replace('to = [6, 1]', 'to = [0, 1]')
    path = tmp_path / "bad.scenario.toml"
    path.write_text(bad, encoding="utf-8")
    assert main(["demo", str(path), "--frames", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "command 3" in err and "caption" not in err
    assert not (tmp_path / "out").exists()


def test_demo_list_prints_each_name_then_its_title(capsys):
    assert main(["demo", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == NAMES
    assert lines[NAMES.index("cover")].split(None, 1)[1] == "Cover: counting the lines from a corner"
    try:
        assert main(["demo", "--list", "--lang", "fr"]) == 0
    finally:
        i18n.set_language("en")
    french = capsys.readouterr().out.splitlines()
    assert french[NAMES.index("underwater")].split(None, 1)[1] == "Combat aquatique"


def test_frames_writes_one_png_per_step(tmp_path, capsys):
    out = tmp_path / "frames"
    assert main(["demo", "opportunity-attacks", "--frames", str(out)]) == 0
    steps = len(load_scenario(demo_path("opportunity-attacks")).commands)
    written = sorted(p.name for p in out.iterdir())
    assert written == [f"step-{k:03d}.png" for k in range(1, steps + 1)]
    picture = pygame.image.load(str(out / "step-001.png"))
    assert picture.get_size() == (1280, 800)
    # the board and the panel are drawn: many colours, not a blank frame
    assert len({tuple(picture.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 800, 41)}) > 20
    assert f"wrote {steps} frames" in capsys.readouterr().out


def test_frames_differ_from_step_to_step(tmp_path):
    out = tmp_path / "frames"
    assert main(["demo", "difficult-terrain", "--frames", str(out)]) == 0
    first, second = (pygame.image.tobytes(pygame.image.load(str(out / f"step-00{k}.png")), "RGB") for k in (1, 2))
    assert first != second


def test_sheet_writes_one_printable_page(tmp_path, capsys):
    out = tmp_path / "sheet.png"
    assert main(["demo", "death-saves", "--sheet", str(out)]) == 0
    page = pygame.image.load(str(out))
    assert page.get_width() == 1600 and page.get_height() > 600
    assert tuple(page.get_at((5, 5)))[:3] == (255, 255, 255)  # white paper
    assert main(["demo", "death-saves", "--sheet", str(tmp_path / "sheet.jpg")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_demo_strings_are_the_demoui_domains_only():
    ui = {p.name for p in source_files("ui")}
    session = {p.name for p in source_files("session")}
    demoui = {p.name for p in source_files("demoui")}
    assert demoui == {"demo.py", "card_window.py", "demos.py"}
    assert not demoui & ui and "demos.py" not in session
    assert "app.py" in ui and "controller.py" in session


def test_frames_in_french_differ_from_the_english_ones(tmp_path):
    english, french = tmp_path / "en", tmp_path / "fr"
    assert main(["demo", "ready", "--frames", str(english)]) == 0
    try:
        assert main(["demo", "ready", "--frames", str(french), "--lang", "fr"]) == 0
    finally:
        i18n.set_language("en")
    assert sorted(p.name for p in english.iterdir()) == sorted(p.name for p in french.iterdir())
    one = [pygame.image.tobytes(pygame.image.load(str(folder / "step-001.png")), "RGB") for folder in (english, french)]
    assert one[0] != one[1]  # the caption and the panel's words changed


def test_a_rider_is_drawn_over_its_mount(monkeypatch):
    # 5e, mounted combat: the goblin rides in the wolf's space; without its own drawing it would be hidden
    from game.ui import demo as demo_ui

    demo = Demo.load("mounted-combat")
    surface = pygame.Surface((900, 600))
    demo_ui.DemoPicture(demo).draw(surface, 3)
    with_rider = pygame.image.tobytes(surface, "RGB")
    monkeypatch.setattr(demo_ui, "draw_riders", lambda *args: None)
    demo_ui.DemoPicture(demo).draw(surface, 3)
    assert pygame.image.tobytes(surface, "RGB") != with_rider
