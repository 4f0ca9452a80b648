"""The 4e screen (issue 12): the powers on the action bar read as power cards (coloured by their
use: at-will, encounter, daily, recharge; a spent one greyed, a recharge shown), and the panel
gives the creature acting its healing surges and action points."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import app as ui_app  # noqa: E402
from game.ui.panel import turn_counts  # noqa: E402
from tests.dnd4e.helpers4e import creature, force, scenario4e  # noqa: E402

ROW = "........\n........\n........\n"


def fighter_and_ogre(tmp_path):
    scenario = scenario4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                                creature("ogre", "ogre", "red", (2, 0))], initiative=["fighter", "ogre"])
    return ui_app.App(scenario, hotseat=True, data_dir=tmp_path)


def button_of(app, key):
    app.step()
    return app.bar.buttons[key]


def test_each_power_button_is_coloured_by_its_use_and_greyed_once_spent(tmp_path):
    app = fighter_and_ogre(tmp_path)
    try:
        assert "#power_at_will" in button_of(app, "attack:heavy-blow").object_ids
        sweep = button_of(app, "attack:sweeping-cut")
        assert "#power_encounter" in sweep.object_ids and sweep.is_enabled
        force(app.battle, 15, 4)  # the ogre is beside it: a hit, then the damage
        app.session.submit({"actor": "fighter", "act": "attack", "with": "sweeping-cut", "target": ["ogre"]})
        sweep = button_of(app, "attack:sweeping-cut")
        assert not sweep.is_enabled  # once an encounter
        assert "#power_encounter" in sweep.object_ids
        assert "spent" in app.current_choices().entries[
            [e.key for e in app.current_choices().entries].index("attack:sweeping-cut")].tooltip()
    finally:
        app.close()


def test_a_recharge_power_shows_what_recharges_it(tmp_path):
    scenario = scenario4e(ROW, [creature("ogre", "ogre", "red", (2, 0)),
                                creature("fighter", "fighter", "blue", (1, 1))], initiative=["ogre", "fighter"])
    app = ui_app.App(scenario, hotseat=True, data_dir=tmp_path)
    try:
        app.step()
        sweep = next(e for e in app.current_choices().entries if e.usage == "recharge")
        assert sweep.title.endswith("(5+)")  # recharge 5: a d6 of 5 or 6 at its turn's start
        assert "#power_recharge" in app.bar.buttons[sweep.key].object_ids
    finally:
        app.close()


def test_the_panel_counts_surges_and_action_points_of_the_creature_acting(tmp_path):
    app = fighter_and_ogre(tmp_path)
    try:
        app.step()
        counts = turn_counts(app.session.current())
        assert "action points: 1" in counts and "healing surges: 11" in counts
        assert "sweeping cut: 1" in counts  # its encounter power, still to use
        drawn = [key[0] for key in app.text._surfaces]
        assert any("healing surges: 11" in text for text in drawn)
    finally:
        app.close()


def test_the_counts_read_in_french(french):
    from game.rules.registry import new_battle

    battle = new_battle(scenario4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                                         creature("ogre", "ogre", "red", (2, 0))]))
    counts = turn_counts(battle.view("fighter"))
    assert "points d'action : 1" in counts and "récupérations : 11" in counts


def test_spell_slots_are_counted_by_level_under_5e():
    from game.content.scenarios import parse_scenario
    from game.rules.registry import new_battle
    from game.ui.panel import turn_pips

    battle = new_battle(parse_scenario({"format": 1, "seed": 1, "map": {"grid": "....\n"},
                                        "creature": [{"id": "wizard", "kind": "wizard", "side": "blue", "at": [0, 0]},
                                                     {"id": "goblin", "kind": "goblin", "side": "red", "at": [3, 0]}],
                                        "initiative": ["wizard", "goblin"]}))
    wizard = battle.view("wizard")
    assert turn_counts(wizard) == ["level 1 slots: 4", "level 2 slots: 2"]
    assert [name for name, _left in turn_pips(wizard)] == ["action", "bonus", "reaction"]
