"""The 3.5 screen: the window's words under 3.5 are 3.5's (no Dash, no advantage), the panel
gives the standard, move and swift actions, and a dying creature's token says so."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.content.scenarios import parse_scenario  # noqa: E402
from game.ui import app as ui_app  # noqa: E402
from game.ui.wording import prompt_lines  # noqa: E402

ROW = "........\n........\n........"


def app35(tmp_path, roster):
    data = {"format": 1, "ruleset": "3.5", "seed": 1, "map": {"grid": ROW}, "creature": roster,
            "initiative": [c["id"] for c in roster]}
    return ui_app.App(parse_scenario(data), hotseat=True, data_dir=tmp_path)


def creature(cid, kind, side, at, **extra):
    return {"id": cid, "kind": kind, "side": side, "at": list(at), **extra}


def test_the_move_prompt_under_3_5_speaks_of_no_dash(tmp_path):
    # 3.5 has no Dash: a move farther than the speed is a double move, shaded like the rest
    app = app35(tmp_path, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (7, 1))])
    app.step()
    app.choose(app.current_choices().entry("move"))
    texts = [t for t, _colour in prompt_lines(app)]
    assert texts[0] == "Moving: walking (12 m left)"
    assert texts[1].startswith("Click a shaded square to move there. Red rings") and "Dash" not in texts[1]


def test_a_disabled_or_dying_creature_says_so_on_its_token_and_in_the_panel(tmp_path):
    # 3.5 SRD: 0 hp disabled, -1 to -9 dying (unconscious); the token names the state
    from game.ui.tokens import badges_of
    app = app35(tmp_path, [creature("fighter", "fighter", "blue", (1, 1), current_hp=0),
                           creature("gob", "goblin", "red", (7, 1))])
    assert [letter for letter, _colour in badges_of(app.battle.view("fighter"))] == ["Di"]
    app.battle.state.dice.forced.extend([15, 4])
    app.session.submit({"actor": "fighter", "act": "end"})
    app.session.submit({"actor": "gob", "act": "move", "to": [2, 1]})
    app.session.submit({"actor": "gob", "act": "attack", "target": "fighter", "with": "morningstar"})
    view = app.battle.view("fighter")
    assert view.state == "dying" and [letter for letter, _colour in badges_of(view)] == ["U", "Dy"]
    app.step()  # the window draws the dying token and the panel's "dying"
