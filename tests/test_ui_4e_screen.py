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


# 4e, a creature you cannot see (guessing.py): a hidden foe is attacked at the square the
# attacker guesses (`at`), on the screen as with commands. The wall gives the goblin superior
# cover at [4, 0] from the wizard at [0, 2]; [6, 1] is out of the wizard's sight.
WALL = "........\n..#.....\n..#.....\n........"


def post(*events):
    import pygame

    for e in events:
        pygame.event.post(e)


def press(app, key):
    import pygame

    post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0))
    app.step()


def hover(app, square):
    import pygame

    post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(app, square), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def click(app, square):
    import pygame

    pos = centre(app, square)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def centre(app, square):
    return tuple(int(v) for v in app.view.square_centre(*square))


def goblin_hidden_from_the_wizard(tmp_path, slips_to=None):
    """The goblin hides behind the wall (d20 15 + 8 beats the wizard's passive Perception 12),
    slips away unseen when told, and ends its turn: the wizard's, a person's, comes."""
    scenario = scenario4e(WALL, [creature("gob", "goblin", "red", (4, 0)), creature("wizard", "wizard", "blue", (0, 2))],
                          initiative=["gob", "wizard"])
    app = ui_app.App(scenario, hotseat=True, data_dir=tmp_path)
    app.step()
    force(app.battle, 15)
    app.submit({"actor": "gob", "act": "hide"})
    if slips_to is not None:
        app.submit({"actor": "gob", "act": "move", "to": list(slips_to)})
    app.submit({"actor": "gob", "act": "end"})
    app.step()
    assert app.session.watching_side() == "blue" and "gob" not in app.views
    return app


def test_a_power_clicked_on_the_square_the_goblin_hid_in_attacks_it_guessing(tmp_path):
    # the square is ringed (never the goblin itself), its card gives the odds with the -5 of total
    # concealment and the superior cover; the click attacks [4, 0]: d20 19 + 5 - 10 = 14 vs Fort 12
    app = goblin_hidden_from_the_wizard(tmp_path)
    try:
        import pygame

        press(app, pygame.K_3)  # the third power on the bar: chill ray
        mode = app.mode
        assert mode.entry_key == "attack:chill-ray" and not mode.targets and set(mode.guesses) == {(4, 0)}
        hover(app, (4, 0))
        drawn = [key[0] for key in app.text._surfaces]
        assert "Chill ray at the square [4, 0], guessing" in drawn and "?" in drawn
        assert any(text.startswith("20% to hit") for text in drawn)
        force(app.battle, 19, 3)
        click(app, (4, 0))
        log = app.battle.state.log
        assert "Wizard attacks the square [4, 0] with chill ray, guessing" in log
        assert "Wizard uses chill ray on Goblin: d20 19 -5 = 14 vs Fort 12: hit" in log
    finally:
        app.close()


def test_any_other_square_is_judged_by_the_rules_and_confirmed_in_a_menu(tmp_path):
    # the goblin is hidden from the start behind the wall: nobody saw it hide, no square is
    # ringed; the player guesses [4, 0] all the same: a click there asks once more, 1 confirms
    # (the orc, not hidden, spares the scenario a Stealth roll for surprise)
    scenario = scenario4e(WALL, [creature("wizard", "wizard", "blue", (0, 2)),
                                 creature("gob", "goblin", "red", (4, 0), hidden=True),
                                 creature("orc", "orc", "red", (7, 3))], initiative=["wizard", "gob", "orc"])
    app = ui_app.App(scenario, hotseat=True, data_dir=tmp_path)
    try:
        import pygame

        app.step()
        press(app, pygame.K_3)
        assert not app.mode.guesses and app.mode.entry.guess is not None
        hover(app, (4, 0))
        assert "A hidden foe may be there: click, then confirm" in [key[0] for key in app.text._surfaces]
        click(app, (4, 0))
        assert app.dialog_kind == "menu" and [o.command for o in app.menu_options] == [
            {"actor": "wizard", "act": "attack", "with": "chill-ray", "at": [4, 0]}]
        assert app.battle.state.creatures["wizard"].standard  # nothing spent before the answer
        force(app.battle, 19, 3)
        press(app, pygame.K_1)
        assert app.dialog is None
        assert "Wizard attacks the square [4, 0] with chill ray, guessing" in app.battle.state.log
        assert app.battle.state.creatures["gob"].hp == 29 - 7
    finally:
        app.close()


def test_a_square_the_rules_refuse_says_why_and_keeps_the_power_chosen(tmp_path):
    # the staff (melee, reach 1.5 m) cannot reach [4, 0] from [0, 2]
    app = goblin_hidden_from_the_wizard(tmp_path)
    try:
        import pygame

        press(app, pygame.K_1)  # the staff
        mode = app.mode
        click(app, (4, 0))
        assert app.mode is mode and app.dialog is None
        assert app.messages[-1][0].startswith("Staff cannot go there: [4, 0] is out of reach of staff")
        assert app.battle.state.creatures["wizard"].standard
    finally:
        app.close()


def test_with_no_foe_hidden_a_click_on_an_empty_square_puts_the_power_down(tmp_path):
    app = fighter_and_ogre(tmp_path)
    try:
        import pygame

        app.step()
        press(app, pygame.K_1)
        assert app.mode is not None and app.mode.entry.guess is None
        click(app, (6, 2))
        assert app.mode is None and app.dialog is None
    finally:
        app.close()


def test_under_5e_a_weapon_clicked_on_a_hidden_goblins_square_attacks_it_guessing(tmp_path):
    # 5e, Unseen attackers and targets: "you guess the location"; the same path on the screen:
    # the goblin (Stealth d20 20 + 6 beats the fighter's passive Perception) is not shown, a
    # click on its square asks once more, then the longsword attacks [3, 2] with disadvantage
    from game.content.scenarios import parse_scenario

    scenario = parse_scenario({"format": 1, "seed": 1, "map": {"grid": "......\n......\n......\n"},
                               "creature": [{"id": "fighter", "kind": "fighter", "side": "blue", "at": [2, 2]},
                                            {"id": "gob", "kind": "goblin", "side": "red", "at": [3, 2],
                                             "hidden": True},
                                            {"id": "gob2", "kind": "goblin", "side": "red", "at": [5, 0]}],
                               "initiative": ["fighter", "gob", "gob2"], "dice": [20]})
    app = ui_app.App(scenario, hotseat=True, data_dir=tmp_path)
    try:
        import pygame

        app.step()
        assert "gob" not in app.views
        press(app, pygame.K_1)  # the longsword
        click(app, (3, 2))
        assert [o.command for o in app.menu_options] == [
            {"actor": "fighter", "act": "attack", "with": "longsword", "at": [3, 2]}]
        press(app, pygame.K_1)
        assert any(line.startswith("Fighter attacks the square [3, 2] with longsword") for line in app.battle.state.log)
    finally:
        app.close()


def test_the_panel_says_a_square_may_be_guessed(tmp_path):
    app = goblin_hidden_from_the_wizard(tmp_path)
    try:
        import pygame

        from game.ui.wording import prompt_lines

        press(app, pygame.K_3)
        assert "the square you guess a hidden foe is in" in prompt_lines(app)[0][0]
    finally:
        app.close()
