"""4e refusals in words: an IllegalCommand names powers and creatures as the log does (the power's
words, game/rules/words.py `spoken`, and the creature's display name), in English and French;
ids stay in what a command must spell (an unknown creature, the list of a creature's powers)."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature

GRID = "\n".join(["." * 20] * 3)


def attack(b, actor, target, power):
    return act(b, actor, "attack", target=target, **{"with": power})


def duel():
    return battle4e(GRID, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc1", "orc", "red", (18, 1))])


def test_an_out_of_range_refusal_names_the_power_and_the_creature_as_the_log_does():
    b = duel()
    with pytest.raises(IllegalCommand) as err:
        attack(b, "wizard", "orc1", "force-bolt")
    assert str(err.value) == "Orc is out of range of force bolt (27 m, range 15 m)"
    assert b.check({"actor": "wizard", "act": "attack", "target": "wizard", "with": "chill-ray"}) == \
        "Wizard cannot aim chill ray at itself"


def test_a_spent_power_and_a_missing_action_are_named_in_words():
    b = battle4e(GRID, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc1", "orc", "red", (2, 1))],
                 dice=[2, 2, 2, 2])
    attack(b, "fighter", "orc1", "sweeping-cut")
    assert b.check({"actor": "fighter", "act": "attack", "with": "sweeping-cut"}) == \
        "Fighter has used sweeping cut already (encounter: once an encounter)"
    assert b.check({"actor": "fighter", "act": "second_wind"}) == "Fighter has no standard action left this turn"


def test_ids_stay_where_a_command_must_spell_them():
    b = duel()
    assert b.check({"actor": "wizard", "act": "attack", "target": "orc1", "with": "fireball"}) == \
        "Wizard has no power 'fireball' (its powers: basic, staff, force-bolt, chill-ray, flame-fan, fire-burst)"


def test_refusals_speak_french_with_the_french_power_names(french):
    b = duel()
    assert b.check({"actor": "wizard", "act": "attack", "target": "orc1", "with": "force-bolt"}) == \
        "Orc est hors de portée de éclair de force (27 m, portée 15 m)"
