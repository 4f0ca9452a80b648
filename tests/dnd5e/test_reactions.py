"""Opportunity attacks and reactions (5e, "Attaques d'opportunité", "Réactions")."""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

ROW = "..........\n..........\n.........."


def standoff(dice=(), **fighter):
    # the fighter (reach 1.5 m) stands next to the goblin, whose turn it is
    return battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                        creature("fighter", "fighter", "blue", (3, 1), **fighter),
                        creature("cleric", "cleric", "blue", (9, 2))], dice=dice)


def test_leaving_reach_offers_an_opportunity_attack_and_the_move_waits():
    b = standoff()
    act(b, "gob1", "move", to=[0, 1])
    gob = b.state.creatures["gob1"]
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "opportunity")]
    assert (gob.x, gob.y) == (2, 1)  # interrupted just before leaving the reach
    assert b.to_json()["offers"] == [{"reactor": "fighter", "kind": "opportunity", "provoker": "gob1"}]


def test_taking_the_opportunity_attack_uses_the_reaction_then_the_move_goes_on():
    b = standoff(dice=[15, 4])
    act(b, "gob1", "move", to=[0, 1])
    act(b, "fighter", "react", take=True)
    fighter, gob = b.state.creatures["fighter"], b.state.creatures["gob1"]
    assert "Fighter makes an opportunity attack on Goblin with longsword: d20 15 + 5 = 20 vs AC 15, hit" in b.state.log
    assert gob.hp == 30 - 7 and (gob.x, gob.y) == (0, 1)
    assert not fighter.reaction  # one reaction per round


def test_declining_lets_the_mover_go_and_keeps_the_reaction():
    b = standoff()
    act(b, "gob1", "move", to=[0, 1])
    act(b, "fighter", "react", take=False)
    assert (b.state.creatures["gob1"].x, b.state.creatures["gob1"].y) == (0, 1)
    assert b.state.creatures["fighter"].reaction


def test_any_other_command_takes_the_offer_by_default():
    # FORMATS.md: another command means the opportunity attack is taken with the first melee attack
    b = standoff(dice=[15, 4])
    act(b, "gob1", "move", to=[0, 1])
    act(b, "gob1", "end")
    assert any("opportunity attack" in line for line in b.state.log)
    assert b.state.creatures["gob1"].x == 0
    assert b.current.id == "fighter"


def test_no_opportunity_attack_after_disengage_or_within_reach():
    b = standoff()
    act(b, "gob1", "disengage")
    act(b, "gob1", "move", to=[0, 1])
    assert not b.state.offers
    b = standoff()
    act(b, "gob1", "move", to=[2, 2])  # still within 1.5 m of the fighter
    assert not b.state.offers


def test_no_opportunity_attack_from_a_creature_that_cannot_see_or_has_reacted():
    b = standoff()
    b.state.creatures["fighter"].reaction = False
    act(b, "gob1", "move", to=[0, 1])
    assert not b.state.offers
    b = standoff()
    b.state.creatures["gob1"].conditions.add("invisible")
    act(b, "gob1", "move", to=[0, 1])
    assert not b.state.offers


def test_react_is_only_for_the_creature_offered():
    b = standoff()
    with pytest.raises(IllegalCommand, match="no reaction is offered"):
        act(b, "fighter", "react", take=True)
    act(b, "gob1", "move", to=[0, 1])
    with pytest.raises(IllegalCommand, match="can only target gob1"):
        act(b, "fighter", "react", take=True, target="cleric")
    assert b.state.offers  # still waiting


def test_an_opportunity_attack_that_drops_the_mover_ends_its_move():
    b = standoff(dice=[20, 8, 8], )
    b.state.creatures["gob1"].hp = 7
    act(b, "gob1", "move", to=[0, 1])
    act(b, "fighter", "react", take=True)
    gob = b.state.creatures["gob1"]
    assert gob.state == "dead" and (gob.x, gob.y) == (2, 1)


def test_several_offers_come_one_at_a_time_in_initiative_order():
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                     creature("fighter", "fighter", "blue", (3, 1)),
                     creature("rogue", "rogue", "blue", (3, 2))])
    act(b, "gob1", "move", to=[0, 1])
    assert [o.reactor for o in b.state.offers] == ["fighter", "rogue"]
    act(b, "fighter", "react", take=False)
    assert [o.reactor for o in b.state.offers] == ["rogue"]
    act(b, "rogue", "react", take=False)
    assert b.state.creatures["gob1"].x == 0


# ---- the shield spell as a reaction (SRD 5.1, Shield) -----------------------------------
def shield_duel(dice):
    return battle(ROW, [creature("gob1", "goblin", "red", (1, 1), hp=30),
                        creature("wizard", "wizard", "blue", (2, 1)),
                        creature("cleric", "cleric", "blue", (9, 2))], dice=dice)


def test_a_hit_on_a_wizard_offers_shield_which_turns_it_into_a_miss():
    # goblin scimitar d20 10 + 4 = 14 vs AC 12: a hit, but not against 17
    b = shield_duel([10])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("wizard", "shield")]
    wizard = b.state.creatures["wizard"]
    hp = wizard.hp
    act(b, "wizard", "react", take=True)
    assert wizard.hp == hp and "shield" in wizard.effects and not wizard.reaction
    assert wizard.slots[1] == 3
    assert any("shield turns the hit into a miss" in line for line in b.state.log)


def test_declining_shield_lets_the_hit_land():
    b = shield_duel([10, 5])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    act(b, "wizard", "react", take=False)
    assert b.state.creatures["wizard"].hp == 20 - 7 and b.state.creatures["wizard"].slots[1] == 4


def test_shield_is_not_offered_when_it_cannot_help():
    b = shield_duel([20, 3, 3])  # a natural 20 hits whatever the AC
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert not b.state.offers
    b = shield_duel([19, 3])  # 23 hits AC 17 anyway
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert not b.state.offers


def test_the_engines_shield_ac_is_the_one_the_computer_players_are_told():
    # SRD 5.1, Shield: "+5 bonus to AC, including against the triggering attack". The AC the
    # estimates say Shield would add (shield_threat) is the AC the engine's Shield gives: an
    # attack one short of it is offered Shield and turned aside, one that reaches it lands.
    wizard_ac = 12
    before = shield_duel([])
    bonus = before.estimates().shield_threat(before.state.creatures["wizard"])
    assert bonus > 0
    scimitar = 4  # the goblin's to-hit
    b = shield_duel([wizard_ac + bonus - 1 - scimitar])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("wizard", "shield")]
    assert [o.preview.ac_bonus for o in b.legal_commands() if o.command.get("take")] == [bonus]
    wizard = b.state.creatures["wizard"]
    act(b, "wizard", "react", take=True)
    assert b.estimates().defence(wizard) == wizard_ac + bonus and b.estimates().shield_threat(wizard) == 0
    assert any(f"({wizard_ac + bonus - 1} vs AC {wizard_ac + bonus})" in line for line in b.state.log)
    b = shield_duel([wizard_ac + bonus - scimitar, 5])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert not b.state.offers and b.state.creatures["wizard"].hp == 20 - 7  # d6 5 + 2


def test_shield_lasts_until_the_start_of_the_wizards_turn():
    b = shield_duel([10])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    act(b, "wizard", "react", take=True)
    act(b, "gob1", "end")
    assert "shield" not in b.state.creatures["wizard"].effects


# ---- the Ready action (5e, Se tenir prêt) ----------------------------------------------
def test_a_readied_attack_fires_when_an_enemy_enters_reach():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (5, 1)), creature("gob1", "goblin", "red", (0, 1), hp=30)],
               dice=[15, 4])
    act(b, "fighter", "ready", trigger={"event": "enters_reach", "by": "enemy"},
        then={"act": "attack", "with": "longsword"})
    assert not b.current.action
    act(b, "fighter", "end")
    act(b, "gob1", "move", to=[6, 0])
    gob = b.state.creatures["gob1"]
    assert gob.x == 4  # stopped as it entered the fighter's reach
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "readied")]
    act(b, "fighter", "react", take=True)
    assert gob.hp == 30 - 7 and not b.state.creatures["fighter"].reaction
    assert (gob.x, gob.y) == (6, 0)  # then the goblin's move goes on


def test_a_readied_action_is_lost_at_the_start_of_the_readiers_turn():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (5, 1)), creature("gob1", "goblin", "red", (0, 1))])
    act(b, "fighter", "ready", trigger={"event": "attacks", "by": "gob1"}, then={"act": "dodge"})
    act(b, "fighter", "end")
    act(b, "gob1", "end")
    assert "readied" not in b.state.creatures["fighter"].effects


def test_a_readied_move_fires_after_the_enemy_attacks():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (5, 1)), creature("gob1", "goblin", "red", (0, 1))],
               dice=[2])
    act(b, "fighter", "ready", trigger={"event": "attacks", "by": "enemy"}, then={"act": "move", "to": [8, 1]})
    act(b, "fighter", "end")
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    assert [o.kind for o in b.state.offers] == ["readied"]
    act(b, "gob1", "end")  # another command: the readied action is taken by default
    fighter = b.state.creatures["fighter"]
    assert (fighter.x, fighter.y) == (8, 1)


def test_ready_needs_a_known_event_and_a_command():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (5, 1)), creature("gob1", "goblin", "red", (0, 1))])
    with pytest.raises(IllegalCommand, match="trigger 'event'"):
        act(b, "fighter", "ready", trigger={"event": "sneezes"}, then={"act": "dodge"})
    with pytest.raises(IllegalCommand, match="'then' must be"):
        act(b, "fighter", "ready", trigger={"event": "moves"}, then={"act": "end"})
