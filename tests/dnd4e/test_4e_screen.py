"""The 4e screen: the side panel shows what a 4e creature has left that is counted (action
points, healing surges, the uses of its encounter and daily powers, named in words), beside
its standard, move, minor and immediate actions. Runs headless (SDL dummy drivers)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.ui import app as ui_app  # noqa: E402
from game.ui.panel import turn_counts, turn_pips  # noqa: E402
from helpers4e import battle4e, creature, scenario4e  # noqa: E402

ROW = "........\n........\n........"
ROSTER = [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (5, 1))]


def test_the_panel_counts_action_points_surges_and_power_uses():
    b = battle4e(ROW, ROSTER)
    view = b.view("fighter")
    assert turn_pips(view) == [("standard", True), ("move", True), ("minor", True), ("immediate", True)]
    assert turn_counts(view) == ["action points 1", "healing surges 11", "sweeping cut 1"]


def test_the_window_draws_the_counts_line(tmp_path):
    scenario = scenario4e(ROW, ROSTER, initiative=["fighter", "orc"])
    app = ui_app.App(scenario, battle=battle4e(ROW, ROSTER), hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        drawn = " ".join(key[0] for key in app.text._surfaces)  # the line may wrap
        assert "action points 1  ·  healing surges 11" in drawn and "sweeping cut 1" in drawn
    finally:
        app.close()


def test_each_power_button_is_edged_in_its_usage(tmp_path):
    # the 4e power cards: at-will, encounter, daily (a spent one stays greyed, edged alike)
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (5, 1))]
    scenario = scenario4e(ROW, roster, initiative=["wizard", "orc"])
    battle = battle4e(ROW, roster)
    battle.state.creatures["wizard"].spent["fire-burst"] = 1
    app = ui_app.App(scenario, battle=battle, hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        ids = {key: b.object_ids[-1] for key, b in app.bar.buttons.items()}
        assert ids["attack:force-bolt"] == "#power_at_will" and ids["attack:flame-fan"] == "#power_encounter"
        assert ids["attack:fire-burst"] == "#power_daily" and not app.bar.buttons["attack:fire-burst"].is_enabled
        assert ids["end"] == "#end_turn"
    finally:
        app.close()


def test_a_hovered_move_through_deep_water_gives_the_chance_to_pass_its_check():
    from game.ui.modes import move_tag

    b = battle4e(".......\n..~....\n.......", [creature("wizard", "wizard", "blue", (0, 1)),
                                             creature("orc", "orc", "red", (6, 0))])
    moves = {tuple(o.command["to"]): o.preview for o in b.legal_commands() if o.act == "move"}
    assert move_tag(4.5, False, moves[(2, 1)]) == "4.5 m  ·  55% to pass its checks"
    assert move_tag(1.5, False, moves[(1, 1)]) == "1.5 m"
