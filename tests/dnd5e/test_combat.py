"""Attacks, damage and dropping to 0 hit points (5e, "Réaliser une attaque", "Dommages et soins")."""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, force

ROW = "..........\n..........\n.........."
ALLY = creature("cleric", "cleric", "blue", (9, 2))


def duel(*extra, dice=(), fighter=None, gob=None):
    fighter = fighter or {}
    gob = gob or {}
    return battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), **fighter),
                        creature("gob1", "goblin", "red", (2, 1), **gob), *extra], dice=dice)


def last(b, word):
    return [line for line in b.state.log if word in line][-1]


def test_a_hit_deals_weapon_damage():
    # d20 12 + 5 = 17 vs AC 15: hit; 1d8 6 + 3 = 9 kills the 7 hp goblin (monsters die at 0)
    b = duel(dice=[12, 6])
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert "d20 12 + 5 = 17 vs AC 15, hit" in last(b, "attacks")
    assert b.state.creatures["gob1"].state == "dead"
    assert b.state.over and b.state.winner == "blue"


def test_natural_one_misses_and_natural_twenty_hits_and_doubles_the_dice():
    # 5e, Rolling 1 or 20
    b = duel(dice=[1], gob={"ac": 2})
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert "miss (natural 1)" in last(b, "attacks")
    b = duel(dice=[20, 1, 1], gob={"ac": 30, "hp": 50})
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert "critical hit" in last(b, "attacks")
    # 5e, Critical hits: all damage dice twice: 2d8 (1 + 1) + 3 = 5
    assert b.state.creatures["gob1"].hp == 45
    assert "2d8 1+1 +3" in last(b, "takes")


def test_a_player_character_at_zero_falls_unconscious_a_monster_dies():
    # goblin scimitar: d20 15 + 4 hits AC 19; 1d6 5 + 2 = 7 leaves the fighter (5 hp) at 0
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), current_hp=5), ALLY], dice=[15, 5])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    fighter = b.state.creatures["fighter"]
    assert fighter.state == "unconscious" and fighter.hp == 0
    assert {"unconscious", "prone"} <= fighter.conditions
    assert not b.state.over  # the cleric still stands


def test_instant_death_when_the_rest_reaches_the_hit_point_maximum():
    # 5e: a cleric with 12 max hp at 6 hp taking 18 damage dies
    club = [{"name": "club", "kind": "melee", "to_hit": 4, "damage": "3d6", "type": "bludgeoning"}]
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), attacks=club),
                     creature("fighter", "fighter", "blue", (1, 1), hp=12, current_hp=6), ALLY],
               dice=[15, 6, 6, 6])
    act(b, "gob1", "attack", target="fighter", **{"with": "club"})
    assert b.state.creatures["fighter"].state == "dead"
    # 17 would only have knocked it out
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), attacks=club),
                     creature("fighter", "fighter", "blue", (1, 1), hp=12, current_hp=6), ALLY],
               dice=[15, 6, 6, 5])
    act(b, "gob1", "attack", target="fighter", **{"with": "club"})
    assert b.state.creatures["fighter"].state == "unconscious"


def test_temporary_hit_points_absorb_first():
    # 5e: 5 temporary hp and 7 damage cost 2 hp
    b = duel(gob={"attacks": [{"name": "club", "kind": "melee", "to_hit": 4, "damage": "7",
                                "type": "bludgeoning"}]}, fighter={"temp_hp": 5})
    act(b, "fighter", "end")
    force(b, 15)
    act(b, "gob1", "attack", target="fighter", **{"with": "club"})
    fighter = b.state.creatures["fighter"]
    assert fighter.temp_hp == 0 and fighter.hp == 26


def test_damage_reduction_then_resistance():
    # 5e: 25 bludgeoning against resistance with a 5-point reduction leaves 10
    b = duel(fighter={"resistances": ["bludgeoning"], "damage_reduction": 5},
             gob={"attacks": [{"name": "maul", "kind": "melee", "to_hit": 4, "damage": "25",
                               "type": "bludgeoning"}]})
    act(b, "fighter", "end")
    force(b, 15)
    act(b, "gob1", "attack", target="fighter", **{"with": "maul"})
    assert b.state.creatures["fighter"].hp == 28 - 10


def dying(dice):
    """A downed fighter between a goblin (who acts first) and a cleric far away."""
    return battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=50),
                        creature("fighter", "fighter", "blue", (1, 1), current_hp=0), ALLY], dice=dice)


def next_round(b, *faces):
    """End the goblin's and the cleric's turns; the fighter's death save takes the faces."""
    force(b, *faces)
    act(b, "gob1", "end")
    act(b, "cleric", "end")


def test_death_saves_success_failure_and_the_natural_one_and_twenty():
    # 5e, Death saving throws: 10 or more succeeds, 1 counts twice, 20 regains 1 hit point
    b = dying([])
    fighter = b.state.creatures["fighter"]
    act(b, "gob1", "end")
    assert b.current.id == "cleric"
    assert fighter.death_successes + fighter.death_failures == 1  # its turn: a save, then it ended
    fighter.death_successes = fighter.death_failures = 0
    act(b, "cleric", "end")
    next_round(b, 10)
    assert fighter.death_successes == 1
    next_round(b, 1)
    assert fighter.death_failures == 2
    force(b, 20)
    act(b, "gob1", "end")
    assert fighter.hp == 1 and fighter.state == "conscious"
    assert fighter.death_failures == 0 and b.current.id == "fighter"


def test_three_successes_stabilize_three_failures_kill():
    b = dying([])
    fighter = b.state.creatures["fighter"]
    next_round(b, 10)
    next_round(b, 12)
    next_round(b, 19)
    assert fighter.state == "stable" and fighter.hp == 0
    b = dying([])
    fighter = b.state.creatures["fighter"]
    next_round(b, 2)
    next_round(b, 3)
    next_round(b, 9)
    assert fighter.state == "dead"


def test_damage_at_zero_is_a_failed_death_save_and_a_critical_hit_two():
    b = dying([])
    fighter = b.state.creatures["fighter"]
    # within 1.5 m of an unconscious target: advantage, and a hit is a critical hit
    force(b, 5, 19, 1, 1)
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    assert "critical hit" in last(b, "attacks")
    assert "advantage: target unconscious" in last(b, "attacks")
    assert fighter.death_failures == 2 and fighter.state == "unconscious"


def test_knocking_out_leaves_the_target_unconscious_and_stable():
    b = duel(dice=[15, 8])
    act(b, "fighter", "attack", target="gob1", knock_out=True, **{"with": "longsword"})
    gob = b.state.creatures["gob1"]
    assert gob.state == "stable" and "unconscious" in gob.conditions


def test_multiattack_gives_several_attacks_and_movement_between_them():
    bear = creature("bear", "brown-bear", "red", (2, 0))
    b = battle(ROW, [bear, creature("fighter", "fighter", "blue", (1, 1), hp=60)], dice=[2, 2])
    act(b, "bear", "attack", target="fighter", **{"with": "bite"})
    act(b, "bear", "move", to=[2, 1])
    force(b, 2)
    act(b, "bear", "attack", target="fighter", **{"with": "claws"})
    with pytest.raises(IllegalCommand, match="no attack left"):
        act(b, "bear", "attack", target="fighter", **{"with": "claws"})


def test_two_weapon_fighting_bonus_attack_has_no_ability_modifier():
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1), hp=40)],
               dice=[15, 3, 15, 3])
    act(b, "rogue", "attack", target="gob1", **{"with": "shortsword"})
    act(b, "rogue", "attack", target="gob1", offhand=True, **{"with": "dagger"})
    assert "takes 3 piercing damage (1d4 3)" in last(b, "takes")
    with pytest.raises(IllegalCommand, match="bonus action"):
        act(b, "rogue", "attack", target="gob1", offhand=True, **{"with": "dagger"})


def test_unarmed_strike_is_one_plus_strength():
    b = duel(dice=[15], gob={"hp": 20})
    act(b, "fighter", "attack", target="gob1", **{"with": "unarmed"})
    assert b.state.creatures["gob1"].hp == 20 - 4  # 1 + Str 16 (+3)


def test_out_of_reach_and_beyond_long_range_are_refused():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (5, 2))])
    with pytest.raises(IllegalCommand, match="out of the 1.5 m reach"):
        act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert b.current.action  # nothing spent


def test_ranged_attack_with_a_hostile_adjacent_has_disadvantage():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1))],
               dice=[18, 3, 2])
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    assert "disadvantage: Fighter is within 1.5 m" in last(b, "attacks")
    assert "d20 18/3 (disadvantage) 3" in last(b, "attacks")


def test_prone_target_advantage_near_disadvantage_far_and_dodge():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1)),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["prone"])], dice=[3, 18, 1, 1])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    assert "advantage: target prone within 1.5 m" in last(b, "attacks")
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 0)),
                     creature("fighter", "fighter", "blue", (6, 1), conditions=["prone"])], dice=[3, 18])
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    assert "disadvantage: target prone, beyond 1.5 m" in last(b, "attacks")
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1)),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["dodging"])], dice=[18, 3])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    assert "disadvantage: target dodging" in last(b, "attacks")


def test_advantage_and_disadvantage_cancel():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), conditions=["prone"]),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["prone"])], dice=[18])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    line = last(b, "attacks")
    assert "d20 18 + 4" in line  # one die: advantage and disadvantage cancel


def test_wolf_bite_knocks_prone_on_a_failed_strength_save():
    b = battle(ROW, [creature("wolf1", "wolf", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1))],
               dice=[18, 2, 2, 3])
    act(b, "wolf1", "attack", target="fighter", **{"with": "bite"})
    # save: d20 3 + 5 (Str save) = 8 < 11
    assert "prone" in b.state.creatures["fighter"].conditions


def test_healing_is_capped_at_the_maximum_and_does_not_restore_temporary_hit_points():
    # 5e, Healing: a ranger with 20 max hp at 14 hp healed for 8 ends at 20
    from game.rules.dnd5e.damage import grant_temp_hp, heal

    b = duel(fighter={"hp": 20, "current_hp": 14})
    fighter = b.state.creatures["fighter"]
    assert heal(fighter, 8) == 6 and fighter.hp == 20 and fighter.temp_hp == 0
    # 5e, Temporary hit points don't stack: 10 then 12 leaves 12, then 5 leaves 12
    assert grant_temp_hp(fighter, 10) == 10
    assert grant_temp_hp(fighter, 12) == 12
    assert grant_temp_hp(fighter, 5) == 12
    fighter.state = "dead"
    assert heal(fighter, 5) == 0


def test_dodging_is_lost_at_speed_zero():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1)),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["dodging", "grappled"])], dice=[18])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    assert "target dodging" not in last(b, "attacks")
