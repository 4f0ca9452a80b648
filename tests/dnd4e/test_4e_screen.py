"""The 4e screen beside tests/test_ui_4e_screen.py: a hovered move that rolls a swimming or
climbing check says the chance to pass it beside its cost."""

from game.ui.modes import move_tag
from helpers4e import battle4e, creature


def test_a_hovered_move_through_deep_water_gives_the_chance_to_pass_its_check():
    b = battle4e(".......\n..~....\n.......", [creature("wizard", "wizard", "blue", (0, 1)),
                                             creature("orc", "orc", "red", (6, 0))])
    moves = {tuple(o.command["to"]): o.preview for o in b.legal_commands() if o.act == "move"}
    assert move_tag(4.5, False, moves[(2, 1)]) == "4.5 m  ·  55% to pass its checks"
    assert move_tag(1.5, False, moves[(1, 1)]) == "1.5 m"
