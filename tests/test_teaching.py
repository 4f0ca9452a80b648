"""The teaching overlays (game/ui/teaching.py): `skirmish render --cover A B --reach ID --move ID`
under each ruleset, asserted on the data the drawing uses and on the picture's pixels; bad ids
one line and exit 2; the window's Shift key through the real loop."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.cli import main  # noqa: E402
from game.content.scenarios import parse_scenario  # noqa: E402
from game.rules.registry import new_battle  # noqa: E402
from game.ui import app as ui_app  # noqa: E402
from game.ui import teaching  # noqa: E402
from game.ui.render import render_picture  # noqa: E402
from helpers import creature  # noqa: E402

RULESETS = ("5e", "3.5", "4e")
# a pillar between the fighter (acting first) and the goblin; a low wall and rubble below
GRID = """
..........
..........
....#.....
..........
..====::..
..........
"""
ROSTER = [creature("fighter", "fighter", "blue", (1, 2)), creature("gob", "goblin", "red", (7, 2)),
          creature("orc", "orc", "red", (8, 5))]


def scenario(ruleset: str):
    return parse_scenario({"format": 1, "ruleset": ruleset, "seed": 1, "map": {"grid": GRID},
                           "creature": [dict(c) for c in ROSTER], "initiative": [c["id"] for c in ROSTER]})


def pixel(surface, point) -> tuple[int, int, int]:
    return tuple(surface.get_at((round(point[0]), round(point[1]))))[:3]


def count(surface, colour) -> int:
    pixels = pygame.surfarray.pixels3d(surface)
    return int((pixels == np.array(colour)).all(axis=-1).sum())


def corner_px(view, corner):
    return view.origin[0] + corner[0] * view.square_px, view.origin[1] + corner[1] * view.square_px


@pytest.mark.parametrize("ruleset", RULESETS)
def test_render_cover_draws_the_rulesets_lines_blocked_ones_red(ruleset):
    plain, _, _ = render_picture(scenario(ruleset))
    picture, view, shown = render_picture(scenario(ruleset), cover=("fighter", "gob"))
    battle = new_battle(scenario(ruleset))
    assert shown.cover == battle.cover_lines("fighter", "gob")  # the data drawn is the ruleset's
    assert shown.cover.cover == battle.cover("fighter", "gob") == "half" and shown.cover.blocked == 2
    assert len(shown.cover.lines) == 4  # one corner to the four corners of the goblin's square
    # each line drawn in its colour: the middle of every line has it (blocked red, clear green)
    for line in shown.cover.lines:
        a, b = corner_px(view, line.start), corner_px(view, line.end)
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert pixel(picture, middle) == (teaching.BLOCKED_LINE if line.blocked else teaching.CLEAR_LINE)
    assert count(plain, teaching.BLOCKED_LINE) == 0 < count(picture, teaching.BLOCKED_LINE)
    assert pixel(picture, corner_px(view, shown.cover.corner)) == teaching.CORNER


@pytest.mark.parametrize("ruleset", RULESETS)
def test_render_reach_shades_the_squares_the_ruleset_says_are_threatened(ruleset):
    plain, plain_view, _ = render_picture(scenario(ruleset))
    picture, view, shown = render_picture(scenario(ruleset), reach="orc")
    threatened = new_battle(scenario(ruleset)).reach_squares("orc")
    assert (shown.reach == threatened).all() and threatened.sum() >= 5  # the orc is in a corner of the map
    for y in range(threatened.shape[0]):
        for x in range(threatened.shape[1]):
            # a point inside the square, away from the tokens' centres, the grid and the edge
            changed = pixel(picture, view.square_rect(x, y).move(6, 6).topleft) != \
                pixel(plain, plain_view.square_rect(x, y).move(6, 6).topleft)  # the captions move the board
            assert changed == bool(threatened[y, x]), (x, y)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_render_move_writes_each_squares_cost_from_the_rulesets_field(ruleset):
    plain, plain_view, _ = render_picture(scenario(ruleset))
    picture, view, shown = render_picture(scenario(ruleset), move="fighter")
    battle = new_battle(scenario(ruleset))
    field = battle.movement_field("fighter")
    budget, extra = battle.movement_budget("fighter")  # the fighter acts first
    assert (shown.move_mask == field.reachable(budget)).all()
    assert (shown.move_mask | shown.dash_mask == field.reachable(budget + extra)).all()
    assert shown.move_cost[2, 3] == pytest.approx(field.cost[2, 3]) == pytest.approx(3.0)  # two squares east
    # rubble and a low wall cost more under every ruleset: the costs written differ from open ground
    assert shown.move_cost[5, 4] > shown.move_cost[5, 1]
    # the cost is written in white on each square it may reach (text in the square's middle)
    inside = view.square_rect(3, 2).inflate(-8, -8)
    text = picture.subsurface(inside)
    plain_inside = plain_view.square_rect(3, 2).inflate(-8, -8)
    assert count(text, teaching.COST_TEXT) > 0 and count(plain.subsurface(plain_inside), teaching.COST_TEXT) == 0
    far = np.argwhere(~(shown.move_mask | shown.dash_mask))
    y, x = far[-1]
    outside = view.square_rect(int(x), int(y)).inflate(-8, -8)
    assert count(picture.subsurface(outside), teaching.COST_TEXT) == 0


@pytest.mark.parametrize("ruleset, whole", [("5e", 18.0), ("3.5", 12.0), ("4e", 15.0)])
def test_the_turns_whole_movement_is_shown_past_one_speed(ruleset, whole):
    # 5e, Dash: a second speed (striped); 3.5 SRD, Move actions: a double move, twice the speed
    # (the fighter's 6 m in armour); 4e: the standard action traded for a second move (striped)
    _, _, shown = render_picture(scenario(ruleset), move="fighter")
    battle = new_battle(scenario(ruleset))
    assert sum(battle.movement_budget("fighter")) == pytest.approx(whole)
    costs = shown.move_cost[shown.move_mask | shown.dash_mask]
    assert battle.view("fighter").movement_left < costs.max() <= whole
    assert shown.dash_mask.any() == (ruleset != "3.5")  # 3.5's double move is one `move`


def test_another_creature_than_the_one_acting_shows_its_own_turns_movement():
    for ruleset in RULESETS:
        battle = new_battle(scenario(ruleset))
        assert battle.state.current_id == "fighter"
        _, _, shown = render_picture(scenario(ruleset), move="gob")
        speed = battle.view("gob").movement_left
        assert (shown.move_mask == battle.movement_field("gob").reachable(speed)).all() and shown.move_mask.any()


def test_the_captions_name_the_overlays_in_english_and_in_french():
    battle = new_battle(scenario("5e"))
    shown = teaching.teach(battle, cover=("fighter", "gob"), reach="orc", move="fighter")
    assert shown.captions(battle)[0] == "Cover from Fighter to Goblin: half cover, 2 of 4 lines blocked, +2 AC"
    assert shown.captions(battle)[1].startswith("Squares Orc threatens: ")
    b4 = new_battle(scenario("4e"))
    assert teaching.teach(b4, cover=("fighter", "gob")).captions(b4)[0].endswith("-2 to the attack roll")
    try:
        i18n.set_language("fr")
        lines = shown.captions(battle)
        assert lines[0] == "Abri de Goblin face à Fighter : abri partiel, 2 lignes bloquées sur 4, +2 à la CA"
        assert lines[1].startswith("Cases que Orc menace : ")
    finally:
        i18n.set_language("en")


def write(tmp_path, ruleset="5e"):
    rows = "\n".join(f"[[creature]]\nid = \"{c['id']}\"\nkind = \"{c['kind']}\"\nside = \"{c['side']}\"\nat = {c['at']}"
                     for c in ROSTER)
    path = tmp_path / "duel.scenario.toml"
    path.write_text(f"format = 1\nruleset = \"{ruleset}\"\nseed = 1\ninitiative = [\"fighter\", \"gob\", \"orc\"]\n"
                    f"[map]\ngrid = '''{GRID}'''\n{rows}\n")
    return path


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_command_line_renders_every_overlay_under_each_ruleset(tmp_path, capsys, ruleset):
    out = tmp_path / "out.png"
    code = main(["render", str(write(tmp_path)), "-o", str(out), "--cover", "fighter", "gob", "--reach", "orc",
                 "--move", "fighter", "--ruleset", ruleset])
    assert code == 0 and out.exists()
    image = pygame.image.load(str(out))
    assert count(image, teaching.BLOCKED_LINE) > 0 and count(image, teaching.CLEAR_LINE) > 0


@pytest.mark.parametrize("args, message", [
    (["--cover", "fighter", "nobody"], "error: no creature 'nobody' in this battle (creatures: fighter, gob, orc)"),
    (["--cover", "gob", "gob"], "error: cover is from one creature to another: gob twice"),
    (["--reach", "ghost"], "error: no creature 'ghost' in this battle (creatures: fighter, gob, orc)"),
    (["--move", "ghost"], "error: no creature 'ghost' in this battle (creatures: fighter, gob, orc)"),
])
def test_a_bad_creature_is_one_line_and_exit_2(tmp_path, capsys, args, message):
    out = tmp_path / "out.png"
    assert main(["render", str(write(tmp_path)), "-o", str(out), *args]) == 2
    assert capsys.readouterr().err.splitlines() == [message]
    assert not out.exists()


def test_a_dead_creature_and_a_bare_map_are_refused(tmp_path, capsys):
    path = write(tmp_path)
    path.write_text(path.read_text().replace('at = [8, 5]', 'at = [8, 5]\ncurrent_hp = 0'))
    out = tmp_path / "out.png"
    assert main(["render", str(path), "-o", str(out), "--reach", "orc"]) == 2
    assert capsys.readouterr().err.splitlines() == ["error: orc is dead: it is not on the map"]
    bare = tmp_path / "bare.toml"
    bare.write_text(f"name = \"Bare\"\ngrid = '''{GRID}'''\n")
    assert main(["render", str(bare), "-o", str(out), "--reach", "orc"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "error: Bare is a bare map: the overlays need a scenario with creatures"]
    assert not out.exists()


# ----------------------------------------------------------------------------- the window
@pytest.fixture
def window(tmp_path):
    apps = []

    def make(ruleset):
        s = scenario(ruleset)
        app = ui_app.App(s, battle=new_battle(s), hotseat=True, data_dir=tmp_path / "data")
        apps.append(app)
        app.step()
        return app

    yield make
    for app in apps:
        app.close()


def post_step(app, *events):
    for event in events:
        pygame.event.post(event)
    app.step()


def shift(app, down: bool):
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    post_step(app, pygame.event.Event(kind, key=pygame.K_LSHIFT, unicode="", mod=0))


def hover(app, x, y):
    pos = tuple(int(v) for v in app.view.square_centre(x, y))
    post_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_holding_shift_over_a_creature_shows_the_cover_lines_and_its_reach(window, ruleset):
    app = window(ruleset)
    hover(app, 7, 2)  # the goblin
    assert app.hovered_id == "gob" and count(app.screen, teaching.BLOCKED_LINE) == 0
    shift(app, True)
    shown = app.teaching.shown(app)
    assert shown.cover == app.battle.cover_lines("fighter", "gob") and shown.cover.blocked == 2
    assert (shown.reach == app.battle.reach_squares("gob")).all()
    assert count(app.screen, teaching.BLOCKED_LINE) > 0 and count(app.screen, teaching.CLEAR_LINE) > 0
    shift(app, False)
    assert app.teaching.shown(app) is None and count(app.screen, teaching.BLOCKED_LINE) == 0


def test_holding_shift_while_moving_writes_each_squares_cost(window):
    app = window("5e")
    post_step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, unicode="m", mod=0))
    assert app.tool is not None and app.tool.mask[2, 3]
    square = app.view.square_rect(3, 2).inflate(-8, -8)
    hover(app, 9, 0)  # the mouse away from the square looked at
    assert count(app.screen.subsurface(square), teaching.COST_TEXT) == 0
    shift(app, True)
    assert count(app.screen.subsurface(square), teaching.COST_TEXT) > 0
    shift(app, False)
    assert count(app.screen.subsurface(square), teaching.COST_TEXT) == 0


def test_the_help_lists_the_shift_key():
    from game.ui.wording import CONTROLS

    rows = dict(row for _, rows in CONTROLS for row in rows)
    assert "Shift (hold)" in rows and "cover lines" in rows["Shift (hold)"]


def test_the_teaching_messages_are_their_own_domains_not_the_uis():
    from game.catalogues import ROOT, source_files

    module = ROOT / "game" / "ui" / "teaching.py"
    assert source_files("teaching") == [module]
    assert module not in source_files("ui") and ROOT / "game" / "ui" / "render.py" in source_files("ui")


def test_shift_over_the_creature_acting_shows_its_reach_only_and_asks_the_rules_once(window, monkeypatch):
    app = window("5e")
    asked = []
    real = app.battle.cover_lines
    monkeypatch.setattr(app.battle, "cover_lines", lambda a, b: asked.append((a, b)) or real(a, b))
    shift(app, True)
    hover(app, 1, 2)  # the fighter, whose turn it is
    shown = app.teaching.shown(app)
    assert shown.cover is None and (shown.reach == app.battle.reach_squares("fighter")).all()
    assert count(app.screen, teaching.BLOCKED_LINE) == 0
    hover(app, 7, 2)
    for _i in range(3):
        app.step()
    assert asked == [("fighter", "gob")]  # once for the goblin hovered, not once a frame
    # the window losing the focus lets the key go (its release goes to another window)
    post_step(app, pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert not app.explaining and count(app.screen, teaching.BLOCKED_LINE) == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_bundled_skirmish_renders_every_overlay_under_each_ruleset(ruleset):
    from game.content.scenarios import load_scenario

    from test_ui_render import DEFAULT

    s = load_scenario(DEFAULT, ruleset)
    picture, _, shown = render_picture(s, square_px=16, cover=("wizard", "ogre"), reach="ogre", move="rogue")
    battle = new_battle(load_scenario(DEFAULT, ruleset))
    assert shown.cover.cover == battle.cover("wizard", "ogre") and len(shown.cover.lines) == 4
    assert (shown.reach == battle.reach_squares("ogre")).all() and shown.reach.any() and shown.move_mask.any()
    assert count(picture, teaching.CORNER) > 0


def test_the_costs_are_written_as_the_language_writes_decimals():
    import numpy as np
    from game import i18n

    written = []

    class Text:
        def blit(self, surface, label, size, colour, at, anchor):
            written.append(label)

    class View:
        square_px, text = 32, Text()

        def square_centre(self, x, y):
            return (x * 32 + 16, y * 32 + 16)

    cost, where = np.array([[4.5, 1.5]]), np.array([[True, False]])
    try:
        i18n.set_language("fr")
        teaching.draw_costs(None, View(), cost, where)
    finally:
        i18n.set_language("en")
    teaching.draw_costs(None, View(), cost, where)
    assert written == ["4,5", "4,5", "4.5", "4.5"]  # a shadow and the label, in French then English
