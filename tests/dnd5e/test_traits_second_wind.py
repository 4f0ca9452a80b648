"""5e traits, the fighter's Second Wind (SRD 5.1, Fighter: "On your turn, you can use a bonus
action to regain hit points equal to 1d10 + your fighter level"; once, until a short or long
rest, and a battle has no rest).

The fighter is level 3 (its stat block's `level`), 28 hit points.
"""

import pytest

from game.rules.errors import IllegalCommand
from game.session.ai import choose
from helpers import act, battle, creature

ROW = "\n".join(["." * 10] * 3)


def fighter_and_orc(hp=10, dice=()):
    return battle(ROW, [creature("fighter", "fighter", "blue", (0, 1), current_hp=hp),
                        creature("orc", "orc", "red", (8, 1))], dice=dice)


def test_second_wind_regains_1d10_plus_the_fighter_level_with_the_bonus_action():
    b = fighter_and_orc(dice=[6])  # 1d10 6 + 3
    act(b, "fighter", "second_wind")
    fighter = b.state.creatures["fighter"]
    assert fighter.hp == 10 + 6 + 3
    assert not fighter.bonus_action and fighter.action


def test_second_wind_heals_no_more_than_the_maximum():
    b = fighter_and_orc(hp=25, dice=[10])
    act(b, "fighter", "second_wind")
    assert b.state.creatures["fighter"].hp == 28


def test_second_wind_is_used_once_a_battle():
    # a battle has no short or long rest: the next turn it is refused
    b = fighter_and_orc(dice=[1])
    act(b, "fighter", "second_wind")
    act(b, "fighter", "end")
    act(b, "orc", "end")
    with pytest.raises(IllegalCommand, match="used its Second Wind"):
        act(b, "fighter", "second_wind")
    assert b.state.creatures["fighter"].bonus_action  # refused: nothing spent


def test_only_a_fighter_has_a_second_wind():
    b = fighter_and_orc()
    act(b, "fighter", "end")
    with pytest.raises(IllegalCommand, match="orc has no Second Wind"):
        act(b, "orc", "second_wind")


def test_on_the_bar_and_in_the_options():
    b = fighter_and_orc()
    assert any(o.act == "second_wind" for o in b.legal_commands())
    bar = {a.key: a for a in b.acts(b.legal_commands())}
    assert bar["second_wind"].title == "Second wind" and bar["second_wind"].shortcut == "W"
    assert bar["second_wind"].allowed
    act(b, "fighter", "second_wind")
    bar = {a.key: a for a in b.acts(b.legal_commands())}
    assert not bar["second_wind"].allowed


def acts_of_its_turn(b, level: str) -> list[str]:
    """The acts the computer at this level gives on the fighter's turn, to its end."""
    given = []
    while b.current.id == "fighter":
        command = choose(b, level)
        given.append(command["act"])
        b.submit(command)
        if command["act"] == "end":
            break
    return given


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_the_computer_takes_its_second_wind_when_below_half(level):
    assert "second_wind" in acts_of_its_turn(fighter_and_orc(hp=13, dice=[5] * 20), level)
    # half its 28 hit points: not hurt enough
    assert "second_wind" not in acts_of_its_turn(fighter_and_orc(hp=14, dice=[5] * 20), level)
