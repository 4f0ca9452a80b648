"""The computer players' Action Surge (SRD 5.1, Fighter: "you can take one additional action on
top of your regular action and a possible bonus action", once a battle): once the action is
spent, normal and hard surge when the action it gives back can fell a foe in reach; hard also
when the best blow's expected damage is at least half its target's hit points left, or the
first time it attacks."""

import pytest

from game.session.ai import choose
from helpers import act, battle, creature

ROW = "\n".join(["." * 10] * 3)
SWING = {"target": "orc", "with": "longsword"}


def fighter_beside_orc(orc_hp: int):
    # the fighter's longsword: +5 against the orc's AC 13, 1d8+3 (7.5 on average)
    return battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                        creature("orc", "orc", "red", (1, 1), current_hp=orc_hp)], dice=[2])  # d20 2: a miss


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_it_surges_when_the_extra_action_can_fell_the_foe(level):
    b = fighter_beside_orc(orc_hp=5)  # a hit's 7.5 on average fells it
    act(b, "fighter", "attack", **SWING)
    assert choose(b, level) == {"actor": "fighter", "act": "action_surge"}
    b.submit(choose(b, level))
    assert choose(b, level) == {"actor": "fighter", "act": "attack", **SWING}


def test_normal_keeps_it_when_a_hit_would_not_fell_the_foe():
    b = fighter_beside_orc(orc_hp=15)
    act(b, "fighter", "attack", **SWING)
    assert choose(b, "normal")["act"] != "action_surge"


def test_hard_surges_the_first_time_it_attacks():
    b = fighter_beside_orc(orc_hp=15)
    act(b, "fighter", "attack", **SWING)
    assert choose(b, "hard") == {"actor": "fighter", "act": "action_surge"}


def test_hard_surges_when_the_blow_is_worth_half_the_foe_s_hit_points():
    # no attack yet this turn (its action went to a Dodge): a blow's expected damage (about
    # 5.1: 65% to hit) against 8 hit points left is worth the surge, against 15 it is not
    b = fighter_beside_orc(orc_hp=8)
    act(b, "fighter", "dodge")
    assert choose(b, "hard") == {"actor": "fighter", "act": "action_surge"}
    assert choose(b, "normal")["act"] != "action_surge"  # 7.5 does not fell 8
    b = fighter_beside_orc(orc_hp=15)
    act(b, "fighter", "dodge")
    assert choose(b, "hard")["act"] != "action_surge"


def test_no_surge_with_nobody_to_strike():
    # the orc stands 22.5 m away, beyond the handaxe's long range (18 m)
    b = battle("." * 16, [creature("fighter", "fighter", "blue", (0, 0)),
                          creature("orc", "orc", "red", (15, 0), current_hp=1)])
    act(b, "fighter", "dodge")
    assert choose(b, "hard")["act"] != "action_surge"
