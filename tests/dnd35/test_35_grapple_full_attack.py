"""3.5 grapple as one attack of a full attack (3.5 SRD, Grapple: "If you get multiple attacks,
you can attempt to start a grapple multiple times (at successively lower base attack bonuses)";
damaging or pinning the opponent is "in place of an attack"): in a full attack, `grapple` is its
next attack, the touch attack and the grapple check at that iterative's penalty; `grapple` with
`full_attack = true` opens a full attack with the grapple as its first attack."""

import pytest

from game.rules.dnd35.grappling import grapple_odds
from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, force, last

ROW = "........\n........\n........"


def giant_and_fighter():
    # the hill giant: base attack +9 (+16/+11 with its greatclub), grapple +20, Large (1d4+7 unarmed);
    # the fighter beside it (Combat Reflexes: an attack of opportunity even flat-footed, let pass here)
    return battle(ROW, [creature("giant", "hill-giant", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])


def test_a_grapple_in_place_of_the_second_attack_of_a_full_attack_is_at_its_lower_bonus():
    b = giant_and_fighter()
    force(b, 1)  # the greatclub at +16: a natural 1
    attack(b, "giant", "fighter", "greatclub", "full_attack")
    act(b, "giant", "grapple", target="fighter")
    force(b, 5, 3, 10, 1)  # touch 5 + 10 vs 10; checks 3 + 15 vs 10 + 5; 1d4+7
    act(b, "fighter", "react", take=False)
    touch = last(b, "reaches for")
    assert "d20 5 +10 = 15" in touch and "iterative attack -5" in touch and touch.endswith("hit")
    assert "d20 3 +15 = 18 vs d20 10 +5 = 15: Hill giant wins" in last(b, "grapple check")
    assert "grappled" in c(b, "fighter").conditions and c(b, "fighter").hp == 28 - 8
    assert c(b, "giant").sequence == ()  # the grapple took the second attack
    with pytest.raises(IllegalCommand, match="giant has no standard action left"):
        act(b, "giant", "grapple", target="fighter")


def test_a_full_attack_opened_by_a_grapple_goes_on_with_grapple_checks_at_the_next_bonus():
    b = giant_and_fighter()
    act(b, "giant", "grapple", target="fighter", full_attack=True)
    force(b, 5, 3, 10, 1)  # touch 5 + 15 vs 10; checks 3 + 20 vs 10 + 5; 1d4+7 = 8
    act(b, "fighter", "react", take=False)
    assert "Hill giant makes a full attack, a grapple first" in last(b, "full attack")
    assert "d20 3 +20 = 23" in last(b, "grapple check") and "grappled" in c(b, "fighter").conditions
    force(b, 3, 10, 2)  # holding it already: checks 3 + 15 vs 10 + 5; 1d4+7 = 9
    act(b, "giant", "grapple", target="fighter")
    assert "d20 3 +15 = 18 vs d20 10 +5 = 15: Hill giant wins" in last(b, "grapple check")
    assert c(b, "fighter").hp == 28 - 8 - 9


def test_the_opening_grapple_needs_the_whole_turn_and_its_words_right():
    b = giant_and_fighter()
    with pytest.raises(IllegalCommand, match="'full_attack' must be true or false"):
        act(b, "giant", "grapple", target="fighter", full_attack="yes")
    with pytest.raises(IllegalCommand, match="'with' on grapple names the attack whose full attack it opens"):
        act(b, "giant", "grapple", target="fighter", **{"with": "greatclub"})
    with pytest.raises(IllegalCommand, match="giant has no attack 'axe'"):
        act(b, "giant", "grapple", target="fighter", full_attack=True, **{"with": "axe"})
    force(b, 1)
    attack(b, "giant", "fighter", "greatclub", "full_attack")
    with pytest.raises(IllegalCommand, match="giant is in the middle of a full attack"):
        act(b, "giant", "grapple", target="fighter", full_attack=True)
    b = giant_and_fighter()
    act(b, "giant", "move", to=[1, 0])
    with pytest.raises(IllegalCommand, match="a full attack needs giant's whole turn"):
        act(b, "giant", "grapple", target="fighter", full_attack=True)


def test_the_options_offer_the_grapple_as_the_next_attack_with_its_odds():
    b = giant_and_fighter()
    opening = [o for o in b.legal_commands() if o.command.get("full_attack") and o.command["act"] == "grapple"]
    assert [o.label for o in opening] == ["Full attack: grapple Fighter first"]
    force(b, 1)
    attack(b, "giant", "fighter", "greatclub", "full_attack")
    grapples = [o for o in b.legal_commands() if o.command["act"] == "grapple"]
    assert [o.label for o in grapples] == ["Grapple Fighter"]
    giant, fighter = c(b, "giant"), c(b, "fighter")
    assert grapples[0].preview.uses == "an attack of the full attack"
    assert grapples[0].preview.hit_chance == grapple_odds(b, giant, fighter, -5)[0] < grapple_odds(b, giant, fighter)[0]
    for option in b.legal_commands():
        assert b.check(option.command) is None, option.command


def test_a_bear_grapples_in_place_of_its_first_claw_and_its_routine_follows():
    # the brown bear's full attack: claw, claw, bite; the grapple takes the first claw's place
    b = battle(ROW, [creature("bear", "brown-bear", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    act(b, "bear", "grapple", target="fighter", full_attack=True, **{"with": "claw"})
    force(b, 1)  # the touch attack misses
    act(b, "fighter", "react", take=False)
    force(b, 1)
    attack(b, "bear", "fighter", "claw")
    force(b, 1)
    attack(b, "bear", "fighter", "bite")
    with pytest.raises(IllegalCommand, match="bear has no standard action left"):
        attack(b, "bear", "fighter", "claw")  # the routine is spent: grapple, claw, bite


def test_the_off_hand_attack_of_a_two_weapon_full_attack_is_no_grapple():
    # a grapple takes the place of an attack of the routine, never of the off-hand weapon's bonus attack
    swords = [{"name": "longsword", "kind": "melee", "to_hit": 6, "damage": "1d8+2", "type": "slashing"},
              {"name": "short-sword", "kind": "melee", "to_hit": 6, "damage": "1d6+2", "type": "piercing",
               "properties": ["light"]}]
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), attacks=swords, off_hand="short-sword"),
                     creature("orc", "orc", "red", (2, 1))])
    force(b, 1)
    b.submit({"actor": "fighter", "act": "full_attack", "target": "orc", "with": "longsword", "two_weapon": True})
    with pytest.raises(IllegalCommand, match="only the off-hand attack is left in fighter's full attack"):
        act(b, "fighter", "grapple", target="orc")
    assert not any(o.command["act"] == "grapple" for o in b.legal_commands())
