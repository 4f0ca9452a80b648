"""The 4e turn (seed 004): initiative, the surprise round, the standard / move / minor actions
traded down, double moves, action points."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def test_initiative_is_d20_plus_half_level_plus_dex_ties_by_bonus_then_a_roll_off():
    # seed 004: "Lancez 1d20 et ajoutez-y : la moitié de votre niveau. Votre modificateur de
    # Dextérité." Ties: "celui qui a le bonus d'initiative le plus élevé ... agit le premier.
    # En cas de nouvelle égalité, lancez un dé"
    roster = [creature("fighter", "fighter", "blue", (0, 0)),  # level 3, Dex 12: +1 +1 = +2
              creature("rogue", "rogue", "blue", (0, 2)),  # level 3, Dex 18: +1 +4 = +5
              creature("gob1", "goblin", "red", (6, 0)),  # level 1, Dex 17: +0 +3 = +3
              creature("gob2", "goblin", "red", (6, 2))]
    b = battle4e(ROW, roster, dice=[12, 9, 11, 11, 4, 17], initiative="roll")
    # fighter 12+2 = 14, rogue 9+5 = 14 (higher bonus first), goblins 11+3 = 14 too (bonus +3)...
    # gob1 and gob2 tie on total and bonus: a roll-off, 4 and 17: gob2 first
    assert b.state.order == ["rogue", "gob2", "gob1", "fighter"]
    assert log_with(b, "rolls initiative")[1] == "Rogue rolls initiative: 9 +5 = 14"


def test_the_surprise_round_one_action_and_the_surprised_act_not_and_grant_combat_advantage():
    # seed 004: "vous pouvez entreprendre une action simple, une action de mouvement ou une action
    # mineure"; "si vous êtes surpris, vous ne pouvez entreprendre aucune action ... et vous
    # conférez un avantage de combat"
    roster = [creature("rogue", "rogue", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1), surprised=True)]
    b = battle4e(ROW, roster)
    assert b.state.round == 0 and b.current.id == "rogue"
    option = next(o for o in b.legal_commands() if o.command.get("with") == "slip-strike")
    assert option.preview.reasons[0].text == "combat advantage +2 (Goblin is surprised)"
    force(b, 7, 3, 2, 4)  # d20 7 +8 +2 = 17 vs AC 15: hit; 1d6+4 = 7, sneak attack 2d6 = 6
    act(b, "rogue", "attack", target="gob1", **{"with": "slip-strike"})
    assert b.state.creatures["gob1"].hp == 29 - 13
    with pytest.raises(IllegalCommand, match="no move action left"):
        act(b, "rogue", "move", to=[0, 0])  # one action only in the surprise round
    with pytest.raises(IllegalCommand, match="no action points in the surprise round"):
        act(b, "rogue", "action_point")
    act(b, "rogue", "end")
    # the goblin, surprised, has no turn in the surprise round: round 1 starts with the rogue
    assert b.state.round == 1 and b.current.id == "rogue" and "surprised" not in b.state.creatures["gob1"].conditions


def test_actions_trade_down_standard_for_move_and_move_for_minor():
    # seed 004, "Tour de jeu": une action simple, une action de mouvement, une action mineure;
    # a standard may stand in for a move or a minor action
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 2))])
    act(b, "fighter", "move", to=[1, 0])
    act(b, "fighter", "move", to=[2, 0])  # the second move takes the standard action
    f = b.state.creatures["fighter"]
    assert (f.standard, f.move, f.minor) == (False, False, True)
    act(b, "fighter", "drop_prone")  # a minor action
    with pytest.raises(IllegalCommand, match="no move action left"):
        act(b, "fighter", "stand")
    assert b.to_json()["creatures"]["fighter"]["minor"] is False


def test_a_move_longer_than_speed_takes_both_actions_and_no_more_than_twice_speed():
    # FORMATS.md: a `move` longer than the creature's speed spends both at once (a double move)
    grid = "\n".join(["." * 14] * 3)
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (13, 2))])
    with pytest.raises(IllegalCommand, match="cannot reach"):
        act(b, "fighter", "move", to=[11, 0])  # 11 squares: more than twice 5
    act(b, "fighter", "move", to=[8, 0])  # 8 squares: speed 5 x 2
    f = b.state.creatures["fighter"]
    assert (f.x, f.standard, f.move) == (8, False, False)
    assert b.to_json()["creatures"]["fighter"]["movement_left"] == 0


def test_an_action_point_gives_one_more_action_once_a_round():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    force(b, 2, 2)
    act(b, "fighter", "attack", target="orc", **{"with": "heavy-blow"})  # d20 2: a miss
    act(b, "fighter", "action_point")
    act(b, "fighter", "attack", target="orc", **{"with": "heavy-blow"})
    assert b.to_json()["creatures"]["fighter"]["action_points"] == 0
    assert b.state.creatures["fighter"].standard is False
    with pytest.raises(IllegalCommand, match="no action point"):
        act(b, "fighter", "action_point")
