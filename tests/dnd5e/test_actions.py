"""The actions of 5e "Les actions en combat": Help, Hide, Search, Use an Object, first aid,
grapple, shove and escape; weapon properties and underwater combat."""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, force

ROW = "..........\n..........\n.........."


def last(b, word):
    return [line for line in b.state.log if word in line][-1]


def test_help_gives_the_ally_advantage_on_its_first_attack_only():
    # 5e, Help: the foe must be within 1.5 m of the helper; advantage on the ally's first attack
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("fighter", "fighter", "blue", (3, 1)),
                     creature("gob1", "goblin", "red", (2, 1), hp=40)], dice=[3, 15, 4, 3])
    act(b, "rogue", "help", target="fighter", against="gob1")
    act(b, "rogue", "end")
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert "advantage: helped by Rogue" in last(b, "attacks")
    assert b.state.helps == []
    b2 = battle(ROW, [creature("rogue", "rogue", "blue", (1, 0)), creature("fighter", "fighter", "blue", (2, 0)),
                      creature("gob1", "goblin", "red", (6, 1))])
    with pytest.raises(IllegalCommand, match="within 1.5 m"):
        act(b2, "rogue", "help", target="fighter", against="gob1")


def test_hide_needs_cover_and_a_stealth_that_beats_passive_perception():
    grid = "....#.....\n....#.....\n.........."
    b = battle(grid, [creature("gob1", "goblin", "red", (3, 0)), creature("fighter", "fighter", "blue", (6, 0))],
               dice=[10])
    act(b, "gob1", "hide")  # d20 10 + 6 = 16 > passive 13: behind the wall, hidden
    gob = b.state.creatures["gob1"]
    assert "hidden" in gob.conditions and gob.effects["stealth"] == 16
    b = battle(ROW, [creature("gob1", "goblin", "red", (3, 0)), creature("fighter", "fighter", "blue", (6, 0))])
    with pytest.raises(IllegalCommand, match="sees it clearly"):
        act(b, "gob1", "hide")


def test_nimble_escape_hides_as_a_bonus_action_after_attacking():
    grid = "....#.....\n....#.....\n.........."
    b = battle(grid, [creature("gob1", "goblin", "red", (3, 0)), creature("fighter", "fighter", "blue", (5, 2)),
                      creature("gob2", "goblin", "red", (9, 2))], dice=[2, 10])
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})  # action: a miss
    act(b, "gob1", "hide")  # the bonus action
    gob = b.state.creatures["gob1"]
    assert not gob.bonus_action and "hidden" in gob.conditions


def test_hidden_attacker_has_advantage_and_is_revealed_by_attacking():
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 0), hidden=True),
                     creature("fighter", "fighter", "blue", (6, 2))], dice=[18, 2, 17, 3])
    # Stealth 18 + 6 beats the fighter's passive 13: still hidden when the battle starts
    gob = b.state.creatures["gob1"]
    assert "hidden" in gob.conditions
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    assert "advantage: attacker unseen" in last(b, "attacks")
    assert "hidden" not in gob.conditions


def test_search_finds_a_hidden_creature_whose_stealth_it_beats():
    grid = "....#.....\n....#.....\n.........."
    b = battle(grid, [creature("gob1", "goblin", "red", (5, 0)), creature("fighter", "fighter", "blue", (0, 0))],
               initiative=["fighter", "gob1"])
    b.state.creatures["gob1"].conditions.add("hidden")
    b.state.creatures["gob1"].effects["stealth"] = 12
    act(b, "fighter", "move", to=[5, 2])  # round the wall, in view of the goblin's square
    force(b, 10)  # Perception: d20 10 + 3 = 13 >= 12
    act(b, "fighter", "search")
    assert "hidden" not in b.state.creatures["gob1"].conditions


def test_a_potion_of_healing_heals_2d4_plus_2_and_is_used_up():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0), current_hp=10),
                     creature("gob1", "goblin", "red", (9, 2))], dice=[3, 4])
    act(b, "fighter", "use", item="potion-of-healing")
    fighter = b.state.creatures["fighter"]
    assert fighter.hp == 10 + 3 + 4 + 2 and fighter.items == []
    with pytest.raises(IllegalCommand, match="carries no"):
        act(b, "fighter", "use", item="potion-of-healing")


def test_first_aid_stabilizes_with_medicine_dc_10():
    b = battle(ROW, [creature("cleric", "cleric", "blue", (0, 0)), creature("fighter", "fighter", "blue", (1, 0),
                     current_hp=0), creature("gob1", "goblin", "red", (9, 2))], initiative=["cleric", "fighter", "gob1"],
               dice=[5, 2])
    act(b, "cleric", "stabilize", target="fighter")  # d20 5 + 5 = 10: success
    fighter = b.state.creatures["fighter"]
    assert fighter.state == "stable"
    assert "would regain 1 hit point in 2 hours" in last(b, "stable")


def test_grapple_sets_speed_to_zero_until_escape():
    # 5e, Grappling: Str (Athletics) 12 + 5 = 17 against the goblin's Acrobatics 5 + 2... it picks its best
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1))],
               dice=[12, 5])
    act(b, "fighter", "grapple", target="gob1")
    gob = b.state.creatures["gob1"]
    assert "grappled" in gob.conditions and gob.speed() == 0
    act(b, "fighter", "end")
    with pytest.raises(IllegalCommand, match="speed 0"):
        act(b, "gob1", "move", to=[4, 1])
    force(b, 18, 3)  # escape: goblin rolls first
    act(b, "gob1", "escape")
    assert "grappled" not in gob.conditions


def test_a_grapple_against_a_creature_two_sizes_larger_is_refused():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1)), creature("ogre", "ogre", "blue", (2, 0))])
    with pytest.raises(IllegalCommand, match="more than one size larger"):
        act(b, "gob1", "grapple", target="ogre")


def test_dragging_a_grappled_creature_halves_speed():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (2, 1)), creature("gob1", "goblin", "red", (3, 1))],
               dice=[15, 2])
    act(b, "fighter", "grapple", target="gob1")
    act(b, "fighter", "move", to=[0, 1])  # 2 squares, 3 m of the halved speed's 4.5 m
    gob = b.state.creatures["gob1"]
    assert b.to_json()["creatures"]["fighter"]["movement_left"] == pytest.approx(1.5)
    assert (gob.x, gob.y) == (1, 1) and "grappled" in gob.conditions


def test_shove_prone_or_push_without_opportunity_attacks():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (3, 0))], dice=[15, 2])
    act(b, "fighter", "shove", target="gob1", effect="prone")
    assert "prone" in b.state.creatures["gob1"].conditions
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                     creature("wolf1", "wolf", "blue", (3, 2))], dice=[15, 2])
    act(b, "fighter", "shove", target="gob1", effect="push")
    gob = b.state.creatures["gob1"]
    assert (gob.x, gob.y) == (3, 1)
    assert not b.state.offers  # pushed, not moving by itself: no opportunity attack


def test_heavy_weapons_give_small_creatures_disadvantage():
    axe = [{"name": "greataxe", "kind": "melee", "to_hit": 3, "damage": "1d12", "type": "slashing",
            "properties": ["heavy", "two-handed"]}]
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), attacks=axe),
                     creature("fighter", "fighter", "blue", (2, 1))], dice=[3, 18])
    act(b, "gob1", "attack", target="fighter", **{"with": "greataxe"})
    assert "disadvantage: heavy weapon in small hands" in last(b, "attacks")


def test_loading_allows_one_shot_per_action():
    bow = [{"name": "light-crossbow", "kind": "ranged", "to_hit": 4, "range": [24, 96], "damage": "1d8+2",
            "type": "piercing", "properties": ["loading", "ammunition", "two-handed"]}]
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0), attacks=bow, attacks_per_action=2),
                     creature("gob1", "goblin", "red", (8, 2), hp=40)], dice=[2, 2])
    act(b, "fighter", "attack", target="gob1", **{"with": "light-crossbow"})
    with pytest.raises(IllegalCommand, match="loading"):
        act(b, "fighter", "attack", target="gob1", **{"with": "light-crossbow"})


POND = "~~~~~~\n~~~~~~\n......"


def test_underwater_melee_without_swim_speed_has_disadvantage_unless_a_stabbing_weapon():
    # 5e, Underwater combat
    b = battle(POND, [creature("fighter", "fighter", "blue", (1, 0)), creature("sahu", "sahuagin", "red", (2, 0))],
               dice=[15, 3])
    act(b, "fighter", "attack", target="sahu", **{"with": "longsword"})
    assert "disadvantage: melee underwater without a swim speed" in last(b, "attacks")
    spear = [{"name": "spear", "kind": "melee", "to_hit": 5, "damage": "1d6+3", "type": "piercing"}]
    b = battle(POND, [creature("fighter", "fighter", "blue", (1, 0), attacks=spear),
                      creature("sahu", "sahuagin", "red", (2, 0))], dice=[15, 3])
    act(b, "fighter", "attack", target="sahu", **{"with": "spear"})
    assert "disadvantage" not in last(b, "attacks")


def test_underwater_ranged_beyond_normal_range_misses():
    long_pond = "~" * 30 + "\n" + "~" * 30
    b = battle(long_pond, [creature("gob1", "goblin", "red", (0, 0)), creature("sahu", "sahuagin", "blue", (25, 0))],
               dice=[20, 20])
    act(b, "gob1", "attack", target="sahu", **{"with": "shortbow"})
    assert "miss (underwater, beyond normal range)" in last(b, "attacks")


def test_restrained_targets_are_easier_to_hit():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1)),
                     creature("fighter", "fighter", "blue", (2, 1), conditions=["restrained"])], dice=[3, 18, 1])
    act(b, "gob1", "attack", target="fighter", **{"with": "scimitar"})
    assert "advantage: target restrained" in last(b, "attacks")


def test_cunning_action_dashes_as_a_bonus_action_when_asked():
    b = battle(ROW, [creature("rogue", "rogue", "blue", (0, 0)), creature("gob1", "goblin", "red", (9, 2))])
    act(b, "rogue", "dash", bonus=True)
    rogue = b.state.creatures["rogue"]
    assert rogue.action and not rogue.bonus_action and rogue.movement_left() == pytest.approx(15.0)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (9, 2))])
    with pytest.raises(IllegalCommand, match="cannot dash as a bonus action"):
        act(b, "fighter", "dash", bonus=True)


def test_a_versatile_weapon_in_two_hands_deals_its_larger_damage():
    # SRD 5.1, Versatile: the longsword deals 1d10 in two hands; not with a shield on the arm
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), armor="chain mail"),
                     creature("gob1", "goblin", "red", (2, 1), hp=40)], dice=[15, 10])
    act(b, "fighter", "attack", target="gob1", two_handed=True, **{"with": "longsword"})
    assert b.state.creatures["gob1"].hp == 40 - 13  # 1d10 10 + 3
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1))])
    with pytest.raises(IllegalCommand, match="carries a shield"):
        act(b, "fighter", "attack", target="gob1", two_handed=True, **{"with": "longsword"})
    with pytest.raises(IllegalCommand, match="not a versatile weapon"):
        act(b, "fighter", "attack", target="gob1", two_handed=True, **{"with": "handaxe"})


def test_attacking_a_square_an_unseen_foe_is_not_in_misses():
    # 5e, Unseen attackers and targets: guess the square; if the target isn't there, the attack misses
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (5, 1)),
                     creature("gob2", "goblin", "red", (2, 1), conditions=["invisible"], hp=30)], dice=[18, 9])
    act(b, "fighter", "attack", at=[2, 2], **{"with": "longsword"})
    assert "nobody is there, miss" in last(b, "attacks the square")
    assert not b.current.action
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (5, 1)),
                     creature("gob2", "goblin", "red", (2, 1), conditions=["invisible"], hp=30)], dice=[18, 17, 4])
    act(b, "fighter", "attack", at=[2, 1], **{"with": "longsword"})
    assert "disadvantage: target unseen" in last(b, "attacks Goblin 2")
    with pytest.raises(IllegalCommand, match="in plain view"):
        b2 = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1))])
        act(b2, "fighter", "attack", at=[2, 1], **{"with": "longsword"})


def test_ammunition_runs_out_when_counted():
    bow = [{"name": "shortbow", "kind": "ranged", "to_hit": 4, "range": [24, 96], "damage": "1d6+2",
            "type": "piercing", "properties": ["ammunition", "two-handed"], "ammunition": 1}]
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 0), attacks=bow, attacks_per_action=2),
                     creature("fighter", "fighter", "blue", (8, 2))], dice=[2])
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    with pytest.raises(IllegalCommand, match="no ammunition left"):
        act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})


def test_grappling_needs_a_free_hand():
    axe = [{"name": "greataxe", "kind": "melee", "to_hit": 5, "damage": "1d12+3", "type": "slashing",
            "properties": ["heavy", "two-handed"]}]
    b = battle(ROW, [creature("orc", "orc", "red", (1, 1), attacks=axe, attacks_per_action=2),
                     creature("fighter", "fighter", "blue", (2, 1))], dice=[2])
    act(b, "orc", "attack", target="fighter", **{"with": "greataxe"})
    with pytest.raises(IllegalCommand, match="no free hand"):
        act(b, "orc", "grapple", target="fighter")
