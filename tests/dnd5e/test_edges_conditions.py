"""5e at its edges: the conditions (SRD 5.1, Appendix A: Conditions), where the seed is silent.

Condition immunities, poisoned, restrained, unconscious, incapacitated, and the Dodge action
(5e, "Esquiver"), each through the engine's commands with forced dice.
"""

import pytest

from game.content.errors import ContentError
from game.rules.dnd5e.options import legal_commands
from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, force, scenario

ROW = "..........\n..........\n.........."


def last(b, word):
    return [line for line in b.state.log if word in line][-1]


def commands(b, act_name):
    return [o.command for o in legal_commands(b) if o.command["act"] == act_name]


# ---------------------------------------------------------------- condition immunities
def test_a_creature_immune_to_prone_is_not_knocked_down_by_a_wolf_bite():
    # SRD 5.1, Wolf's bite: a DC 11 Str save or prone; the fighter here is immune to prone
    b = battle(ROW, [creature("wolf1", "wolf", "red", (1, 1)),
                     creature("fighter", "fighter", "blue", (2, 1), condition_immunities=["prone"])],
               dice=[18, 2, 2, 3])
    act(b, "wolf1", "attack", target="fighter", **{"with": "bite"})
    assert b.state.creatures["fighter"].hp == 28 - 6  # the bite lands: 2d4 2+2 + 2
    assert "prone" not in b.state.creatures["fighter"].conditions
    assert "Fighter is immune to prone" in b.state.log
    assert list(b.state.dice.forced) == [3]  # no save is rolled against what cannot happen


def test_a_skeleton_is_never_poisoned_by_a_venomous_hit():
    # SRD 5.1, Skeleton: condition immunities exhaustion, poisoned
    sting = [{"name": "sting", "kind": "melee", "to_hit": 4, "damage": "1", "type": "piercing",
              "on_hit": {"save": "con", "dc": 30, "condition": "poisoned"}}]
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), attacks=sting),
                     creature("skel", "skeleton", "blue", (2, 1))], dice=[18])
    act(b, "gob1", "attack", target="skel", **{"with": "sting"})
    assert "poisoned" not in b.state.creatures["skel"].conditions
    assert "Skeleton is immune to poisoned" in b.state.log


def test_a_shove_or_a_grapple_is_refused_against_a_creature_immune_to_its_condition():
    # SRD 5.1: a creature immune to a condition never gets it; the engine refuses the attempt
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1), condition_immunities=["prone", "grappled"])])
    with pytest.raises(IllegalCommand, match="gob1 is immune to prone"):
        act(b, "fighter", "shove", target="gob1", effect="prone")
    with pytest.raises(IllegalCommand, match="gob1 is immune to grappled"):
        act(b, "fighter", "grapple", target="gob1")
    assert b.current.action  # nothing spent
    # so the options keep only the push
    assert commands(b, "shove") == [{"actor": "fighter", "act": "shove", "target": "gob1", "effect": "push"}]
    assert commands(b, "grapple") == []
    act(b, "fighter", "end")
    with pytest.raises(IllegalCommand, match="gob1 is immune to prone"):
        act(b, "gob1", "drop_prone")  # not even of its own accord


def test_a_flyer_immune_to_prone_lands_on_its_feet_when_it_falls():
    # 5e, "Mouvement de vol": at speed 0 a flyer falls; SRD 5.1, Falling: it lands prone, unless immune
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1), altitude=1.5, speed={"walk": 9, "fly": 9},
                              condition_immunities=["prone"])],
               dice=[15, 2])  # grapple: Athletics 15 + 5 = 20 against Acrobatics 2 + 2 = 4
    act(b, "fighter", "grapple", target="gob1")
    gob = b.state.creatures["gob1"]
    assert "grappled" in gob.conditions and gob.altitude == 0
    assert "prone" not in gob.conditions


def test_a_scenario_cannot_start_a_creature_in_a_condition_it_is_immune_to():
    with pytest.raises(ContentError, match="immune to poisoned"):
        scenario(ROW, [creature("skel", "skeleton", "red", (1, 1), conditions=["poisoned"]),
                       creature("fighter", "fighter", "blue", (5, 1))])


# ---------------------------------------------------------------- poisoned
def test_a_poisoned_creature_has_disadvantage_on_attack_rolls():
    # SRD 5.1, Poisoned: disadvantage on attack rolls and ability checks
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), conditions=["poisoned"]),
                     creature("fighter", "fighter", "blue", (2, 1))], dice=[18, 3])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    assert "d20 18/3 (disadvantage) 3" in last(b, "attacks")
    assert "disadvantage: attacker poisoned" in last(b, "attacks")


def test_a_poisoned_creature_has_disadvantage_on_ability_checks():
    # a grapple is a Str (Athletics) check: d20 18/3 keeps 3, 3 + 5 = 8 loses to 10 + 2 = 12
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["poisoned"]),
                     creature("gob1", "goblin", "red", (2, 1))], dice=[18, 3, 10])
    act(b, "fighter", "grapple", target="gob1")
    assert "Fighter rolls Athletics: d20 18/3 3 +5 = 8" in b.state.log
    assert "grappled" not in b.state.creatures["gob1"].conditions
    # initiative is a Dexterity check too (5e, "Initiative"): d20 18/5 keeps 5, 5 + 2 = 7 < 12 + 2
    s = scenario(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["poisoned"]),
                       creature("gob1", "goblin", "red", (8, 1))], dice=[18, 5, 12])
    from game.rules.dnd5e import Battle

    assert Battle(s).state.order == ["gob1", "fighter"]


# ---------------------------------------------------------------- restrained
def test_restrained_gives_disadvantage_on_dexterity_saves():
    # SRD 5.1, Restrained: disadvantage on Dexterity saving throws; burning hands: 3d6, Dex DC 13
    b = battle(ROW, [creature("wizard", "wizard", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1), hp=30, conditions=["restrained"])],
               dice=[2, 2, 2, 18, 3])
    act(b, "wizard", "cast", spell="burning-hands", at=[2, 1])
    assert "Goblin makes a DC 13 Dex save: d20 18/3 3 +2 = 5, failure" in b.state.log
    assert b.state.creatures["gob1"].hp == 30 - 6


def test_restrained_attacks_against_have_advantage_its_own_disadvantage():
    # SRD 5.1, Restrained (was already right: the attack rules)
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), conditions=["restrained"]),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["restrained"])], dice=[18])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    line = last(b, "attacks")
    assert "advantage: target restrained" in line and "disadvantage: attacker restrained" in line
    assert "d20 18 + 4" in line  # the two cancel: one die


# ---------------------------------------------------------------- unconscious
def test_an_unconscious_creature_automatically_fails_strength_and_dexterity_saves():
    # SRD 5.1, Unconscious: automatically fails Str and Dex saves, also asleep with hit points left
    b = battle(ROW, [creature("wizard", "wizard", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1), hp=30, conditions=["unconscious", "prone"])],
               dice=[2, 2, 2, 20])
    act(b, "wizard", "cast", spell="burning-hands", at=[2, 1])
    assert "Goblin makes a DC 13 Dex save: d20 20 +2 = 22, failure" in b.state.log
    assert b.state.creatures["gob1"].hp == 30 - 6
    # a dying hero too (was already right)
    b = battle(ROW, [creature("wizard", "wizard", "red", (1, 1)),
                     creature("fighter", "fighter", "blue", (2, 1), current_hp=0),
                     creature("cleric", "cleric", "blue", (9, 2))], dice=[2, 2, 2, 20])
    act(b, "wizard", "cast", spell="burning-hands", at=[2, 1])
    assert "Fighter makes a DC 13 Dex save: d20 20 +2 = 22, failure" in b.state.log


def test_an_unconscious_creature_cannot_move():
    # SRD 5.1, Unconscious: it "can't move"
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), conditions=["unconscious"]),
                     creature("fighter", "fighter", "blue", (8, 1))])
    with pytest.raises(IllegalCommand, match="gob1 is unconscious"):
        act(b, "gob1", "move", to=[2, 1])
    assert [o.command for o in legal_commands(b)] == [{"actor": "gob1", "act": "end"}]


# ---------------------------------------------------------------- incapacitated
def test_an_incapacitated_creature_takes_no_action_but_may_still_move():
    # SRD 5.1, Incapacitated: it "can't take actions or reactions" (nothing stops it moving)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["incapacitated"]),
                     creature("gob1", "goblin", "red", (2, 1))])
    with pytest.raises(IllegalCommand, match="fighter is incapacitated"):
        act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    with pytest.raises(IllegalCommand, match="fighter is incapacitated"):
        act(b, "fighter", "dash")
    assert {"move", "end"} == {o.command["act"] for o in legal_commands(b)} - {"drop_prone"}
    act(b, "fighter", "move", to=[1, 2])
    assert (b.current.x, b.current.y) == (1, 2)


def test_an_incapacitated_creature_takes_no_readied_action():
    # SRD 5.1, Incapacitated: no reactions, a readied action neither; the stunning hit stuns
    stun = [{"name": "stun", "kind": "melee", "to_hit": 4, "damage": "1", "type": "bludgeoning",
             "on_hit": {"save": "con", "dc": 30, "condition": "stunned"}}]
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob2", "goblin", "red", (2, 1), attacks=stun),
                     creature("gob1", "goblin", "red", (3, 2))])
    act(b, "fighter", "ready", trigger={"event": "moves", "by": "gob1"}, then={"act": "dodge"})
    act(b, "fighter", "end")
    force(b, 15, 1)
    act(b, "gob2", "attack", target="fighter", **{"with": "stun"})
    assert "stunned" in b.state.creatures["fighter"].conditions
    act(b, "gob2", "end")
    act(b, "gob1", "move", to=[4, 2])
    assert not b.state.offers


# ---------------------------------------------------------------- Dodge
def test_dodge_gives_no_disadvantage_against_an_attacker_it_cannot_see():
    # 5e, "Esquiver": attacks against you have disadvantage "si vous voyez l'attaquant"
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), hidden=True),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["dodging"]),
                     creature("gob2", "goblin", "red", (9, 2))], dice=[19, 18, 3])
    assert "hidden" in b.state.creatures["gob1"].conditions  # Stealth 19 + 6 beats passive 13
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    line = last(b, "attacks")
    assert "target dodging" not in line and "d20 18/3 (advantage) 18" in line


def test_dodge_gives_advantage_on_dexterity_saves_lost_at_speed_zero_or_incapacitated():
    # 5e, "Esquiver": "vos jets de sauvegarde de Dextérité ont l'avantage", lost when
    # "incapable d'agir ou si votre vitesse tombe à 0"
    def save_line(*conditions):
        b = battle(ROW, [creature("wizard", "wizard", "blue", (1, 1)),
                         creature("gob1", "goblin", "red", (2, 1), hp=30, conditions=["dodging", *conditions])],
                   dice=[2, 2, 2, 3, 18])
        act(b, "wizard", "cast", spell="burning-hands", at=[2, 1])
        return last(b, "Dex save")

    assert "d20 3/18 18 +2 = 20, success" in save_line()  # the advantage is applied
    assert "d20 3 +2 = 5, failure" in save_line("grappled")  # speed 0
    assert "d20 3 +2 = 5, failure" in save_line("incapacitated")
