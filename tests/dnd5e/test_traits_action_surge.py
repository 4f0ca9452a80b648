"""5e traits, the fighter's Action Surge (SRD 5.1, Fighter: "On your turn, you can take one
additional action on top of your regular action and a possible bonus action. Once you use this
feature, you must finish a short or long rest before you can use it again"; a battle has no rest).

The seed is silent on it; its "Votre tour" gives one action a turn: "Lors de votre tour, vous
pouvez vous déplacer [...] et faire une action." Our reading: a free act once the action is spent.
"""

import pytest

from game.rules.cards import card, card_lines
from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

ROW = "\n".join(["." * 10] * 3)


def fighter_beside_orc(**fighter):
    return battle(ROW, [creature("fighter", "fighter", "blue", (0, 1), **fighter),
                        creature("orc", "orc", "red", (1, 1))])


def test_action_surge_gives_a_second_attack_action():
    # one Attack action (longsword 1d8+3), then the surge: the Attack action again
    b = fighter_beside_orc()
    b.state.dice.forced.extend([15, 2, 15, 3])  # d20 15 hits AC 13; 1d8 2, then 15 and 3
    act(b, "fighter", "attack", **{"target": "orc", "with": "longsword"})
    with pytest.raises(IllegalCommand, match="no attack left"):
        act(b, "fighter", "attack", **{"target": "orc", "with": "longsword"})
    events = act(b, "fighter", "action_surge")
    assert any("uses Action Surge" in e.text and "action-surge" in e.rules for e in events)
    act(b, "fighter", "attack", **{"target": "orc", "with": "longsword"})
    orc = b.state.creatures["orc"]
    assert orc.hp == 15 - (2 + 3) - (3 + 3)
    fighter = b.state.creatures["fighter"]
    assert not fighter.action and fighter.bonus_action  # a free act: the bonus action is still there


def test_the_second_action_has_all_the_attacks_of_extra_attack():
    # with two attacks an Attack action, the surged action makes two more: four in the turn
    b = fighter_beside_orc(attacks_per_action=2)
    b.state.dice.forced.extend([2] * 8)  # four misses (d20 2 against AC 13)
    for _i in range(2):
        act(b, "fighter", "attack", **{"target": "orc", "with": "longsword"})
    act(b, "fighter", "action_surge")
    for _i in range(2):
        act(b, "fighter", "attack", **{"target": "orc", "with": "longsword"})
    with pytest.raises(IllegalCommand, match="no attack left"):
        act(b, "fighter", "attack", **{"target": "orc", "with": "longsword"})


def test_the_surged_action_may_be_any_action():
    b = fighter_beside_orc()
    act(b, "fighter", "dodge")
    act(b, "fighter", "action_surge")
    act(b, "fighter", "dash")
    assert b.state.creatures["fighter"].dashes == 1


def test_refused_while_the_action_is_unused_and_nothing_spent():
    b = fighter_beside_orc()
    with pytest.raises(IllegalCommand, match="fighter still has its action this turn"):
        act(b, "fighter", "action_surge")
    fighter = b.state.creatures["fighter"]
    assert fighter.action and "action_surge_used" not in fighter.effects


def test_once_a_battle():
    # "you must finish a short or long rest before you can use it again": no rest in a battle
    b = fighter_beside_orc()
    act(b, "fighter", "dodge")
    act(b, "fighter", "action_surge")
    act(b, "fighter", "dodge")
    with pytest.raises(IllegalCommand, match="used its Action Surge"):
        act(b, "fighter", "action_surge")
    act(b, "fighter", "end")
    act(b, "orc", "end")
    act(b, "fighter", "dodge")
    with pytest.raises(IllegalCommand, match="used its Action Surge"):
        act(b, "fighter", "action_surge")
    assert not b.state.creatures["fighter"].action


def test_only_on_its_own_turn_and_only_a_fighter():
    b = fighter_beside_orc()
    with pytest.raises(IllegalCommand, match="it is fighter's turn, not orc's"):
        act(b, "orc", "action_surge")
    act(b, "fighter", "end")
    act(b, "orc", "dodge")
    with pytest.raises(IllegalCommand, match="orc has no Action Surge"):
        act(b, "orc", "action_surge")


def test_the_bonus_action_spell_rule_still_holds():
    # SRD 5.1, Bonus action casting time: after a bonus-action spell, no spell that turn but a
    # cantrip with a casting time of one action; the surged action is no exception
    b = battle(ROW, [creature("cleric", "cleric", "blue", (0, 1), traits=["action-surge"], current_hp=5),
                     creature("orc", "orc", "red", (3, 1))], dice=[1, 1, 1, 1, 1])
    act(b, "cleric", "cast", spell="healing-word", target="cleric")
    act(b, "cleric", "cast", spell="sacred-flame", target="orc")
    act(b, "cleric", "action_surge")
    with pytest.raises(IllegalCommand, match="bonus-action spell this turn: its action can only cast a cantrip"):
        act(b, "cleric", "cast", spell="cure-wounds", target="cleric")
    act(b, "cleric", "cast", spell="sacred-flame", target="orc")
    assert not b.state.creatures["cleric"].action


def test_on_the_bar_and_in_the_options():
    b = fighter_beside_orc()
    bar = {a.key: a for a in b.acts(b.legal_commands())}
    assert bar["action_surge"].title == "Action surge" and bar["action_surge"].shortcut == "Q"
    assert not bar["action_surge"].allowed
    assert "still has its action" in bar["action_surge"].reason
    act(b, "fighter", "dodge")
    surge = [o for o in b.legal_commands() if o.act == "action_surge"]
    assert len(surge) == 1 and surge[0].preview.extra_action == "action" and surge[0].preview.uses_left == 1
    assert {a.key: a for a in b.acts(b.legal_commands())}["action_surge"].allowed
    act(b, "fighter", "action_surge")
    assert not {a.key: a for a in b.acts(b.legal_commands())}["action_surge"].allowed


def test_the_refusal_the_log_line_the_button_and_the_card_in_french(french):
    b = fighter_beside_orc()
    with pytest.raises(IllegalCommand, match="fighter a encore son action ce tour"):
        act(b, "fighter", "action_surge")
    act(b, "fighter", "dodge")
    events = act(b, "fighter", "action_surge")
    assert any(e.text == "Fighter utilise Fougue : une action de plus ce tour" for e in events)
    assert {a.key: a for a in b.acts(b.legal_commands())}["action_surge"].title == "Fougue"
    assert "Fougue" in "\n".join(card_lines(card("5e", "action-surge")))
