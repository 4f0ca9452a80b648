"""Spells (SRD 5.1 spell descriptions; 5e "Lancer un sort", cover and damage rules).

Wizard: Int 16 (+3), proficiency +2: spell attack +5, save DC 13, slots {1: 4, 2: 2}.
Cleric: Wis 16 (+3): save DC 13, slots {1: 4, 2: 2}. Goblins: AC 15, Dex save +2.
"""

import pytest

from game.rules.dnd5e.shield import can_cast_shield, cast_shield
from game.rules.dnd5e.spells import SPELLS
from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, force

WIDE = "\n".join(["." * 30] * 4)


def gob(cid, at, **extra):
    return creature(cid, "goblin", "red", at, hp=30, **extra)


def lines(b, word):
    return [line for line in b.state.log if word in line]


def last(b, word):
    return lines(b, word)[-1]


def hp(b, cid):
    return b.state.creatures[cid].hp


def slots(b, cid):
    return dict(b.state.creatures[cid].slots)


def refused(b, actor, message, **args):
    """The cast is refused with a message containing `message`, and nothing changed."""
    before = (list(b.state.log), {c.id: (c.hp, dict(c.slots), c.action, c.bonus_action)
                                  for c in b.state.creatures.values()})
    with pytest.raises(IllegalCommand, match=message):
        act(b, actor, "cast", **args)
    after = (list(b.state.log), {c.id: (c.hp, dict(c.slots), c.action, c.bonus_action)
                                 for c in b.state.creatures.values()})
    assert after == before


# ----------------------------------------------------------------------------- fire bolt
def test_fire_bolt_is_a_ranged_spell_attack_with_the_casters_numbers():
    # SRD 5.1, Fire Bolt: d20 12 + 5 (proficiency 2 + Int 3) = 17 vs AC 15, hit; 1d10 7 fire
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (8, 1))], dice=[12, 7])
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    # the log names the spell in words, never by its id (issue 15, 7)
    assert last(b, "casts") == "Wizard casts fire bolt (cantrip) at Goblin"
    assert "with fire bolt: d20 12 + 5 = 17 vs AC 15, hit" in last(b, "attacks")
    assert last(b, "takes") == "Goblin takes 7 fire damage (1d10 7)"
    assert hp(b, "gob1") == 23
    assert slots(b, "wizard") == {1: 4, 2: 2}  # a cantrip takes no slot
    assert not b.state.creatures["wizard"].action


def test_fire_bolt_gets_cover_disadvantage_and_critical_hits():
    # 5e, Cover: a low wall gives half cover, +2 AC; 5e: a ranged attack with a hostile
    # creature within 1.5 m has disadvantage (two d20s, the lower kept): 17 + 5 = 22 vs 17
    grid = "....=....\n........."
    b = battle(grid, [creature("wizard", "wizard", "blue", (1, 0)), gob("gob1", (7, 0)), gob("gob2", (2, 0))],
               dice=[19, 17, 5])
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    text = last(b, "attacks")
    assert "d20 19/17 (disadvantage) 17 + 5 = 22 vs AC 15 + 2 half cover, hit" in text
    assert "disadvantage: Goblin 2 is within 1.5 m" in text
    # 5e, Critical hits: a natural 20 rolls the damage dice twice
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (8, 1))], dice=[20, 3, 4])
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    assert "critical hit" in last(b, "attacks") and hp(b, "gob1") == 30 - 7


def test_a_hidden_caster_has_advantage_on_its_spell_attack_then_is_revealed():
    # 5e, Unseen attackers: advantage; casting (a verbal component) gives the caster away
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (8, 1))], dice=[3, 18, 1])
    b.state.creatures["wizard"].conditions.add("hidden")
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    assert "d20 3/18 (advantage) 18 + 5 = 23" in last(b, "attacks")
    assert "hidden" not in b.state.creatures["wizard"].conditions


def test_fire_bolt_out_of_range_or_behind_total_cover_is_refused():
    # SRD 5.1, Fire Bolt: range 36 m; 25 squares away is 37.5 m
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (0, 0)), gob("gob1", (25, 0))])
    refused(b, "wizard", "beyond the range of fire-bolt: 36 m", spell="fire-bolt", target="gob1")
    # 5e, Total cover: cannot be targeted directly
    b = battle("..#..\n..#..\n..#..", [creature("wizard", "wizard", "blue", (0, 1)), gob("gob1", (4, 1))])
    refused(b, "wizard", "total cover", spell="fire-bolt", target="gob1")


# ----------------------------------------------------------------------------- sacred flame
def test_sacred_flame_dex_save_or_radiant_damage_and_no_benefit_from_cover():
    # SRD 5.1, Sacred Flame: DC 13 (8 + 2 + Wis 3); the low wall's half cover does not count:
    # d20 10 + 2 = 12 fails, then 1d8 6 radiant
    grid = "...=....\n........"
    roster = [creature("cleric", "cleric", "blue", (1, 0)), gob("gob1", (6, 0))]
    b = battle(grid, roster, dice=[10, 6])
    act(b, "cleric", "cast", spell="sacred-flame", target="gob1")
    assert last(b, "casts") == "Cleric casts sacred flame (cantrip) at Goblin: DC 13 Dex save"
    assert last(b, "save") == "Goblin makes a DC 13 Dex save: d20 10 +2 = 12, failure"
    assert hp(b, "gob1") == 24
    # a success takes nothing, and no damage dice are rolled
    b = battle(grid, roster, dice=[11, 8])
    act(b, "cleric", "cast", spell="sacred-flame", target="gob1")
    assert "success" in last(b, "save") and hp(b, "gob1") == 30
    assert list(b.state.dice.forced) == [8]


def test_sacred_flame_needs_a_creature_the_caster_can_see_within_18_m():
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (0, 0)), gob("gob1", (13, 0)),
                      gob("gob2", (5, 1), conditions=["invisible"])])
    refused(b, "cleric", "beyond the range of sacred-flame: 18 m", spell="sacred-flame", target="gob1")
    refused(b, "cleric", "cannot see gob2", spell="sacred-flame", target="gob2")
    refused(b, "cleric", "cannot aim sacred-flame at itself", spell="sacred-flame", target="cleric")


# ----------------------------------------------------------------------------- magic missile
def test_magic_missile_three_darts_hit_automatically():
    # SRD 5.1, Magic Missile: three darts, 1d4 + 1 force each, rolled once (5e, Damage rolls):
    # 3 + 1 = 4 each, 12
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (20, 1))], dice=[3])
    act(b, "wizard", "cast", spell="magic-missile", target="gob1")
    assert last(b, "casts") == ("Wizard casts magic missile (slot 1): 3 darts at Goblin, Goblin, Goblin, "
                                "1d4 3 +1 = 4 force per dart")
    assert lines(b, "takes") == ["Goblin takes 4 force damage (dart 1)",
                                 "Goblin takes 4 force damage (dart 2)",
                                 "Goblin takes 4 force damage (dart 3)"]
    assert hp(b, "gob1") == 18
    assert slots(b, "wizard") == {1: 3, 2: 2}


def test_magic_missile_split_over_two_targets_and_a_higher_slot_adds_a_dart():
    roster = [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (5, 0)), gob("gob2", (5, 3))]
    b = battle(WIDE, roster, dice=[4])
    act(b, "wizard", "cast", spell="magic-missile", target=["gob1", "gob1", "gob2"])
    assert (hp(b, "gob1"), hp(b, "gob2")) == (30 - 10, 30 - 5)
    # one more dart per slot level above 1st: a level-2 slot fires four
    b = battle(WIDE, roster, dice=[1])
    refused(b, "wizard", "has 4 darts: give one target, or a list of 4", spell="magic-missile",
            target=["gob1", "gob2", "gob1"], level=2)
    act(b, "wizard", "cast", spell="magic-missile", target=["gob1", "gob2", "gob1", "gob2"], level=2)
    assert (hp(b, "gob1"), hp(b, "gob2")) == (26, 26)
    assert slots(b, "wizard") == {1: 4, 2: 1}


def test_magic_missile_needs_every_target_seen_and_in_the_open():
    grid = "......#...\n......#...\n......#..."
    b = battle(grid, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (3, 1)), gob("gob2", (8, 1))])
    refused(b, "wizard", "gob2 has total cover", spell="magic-missile", target=["gob1", "gob1", "gob2"])


def test_magic_missile_does_nothing_to_a_shielded_creature():
    # SRD 5.1, Shield: while it lasts, no damage from magic missile
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)),
                      creature("enemy", "wizard", "red", (6, 1))], dice=[3])
    b.state.creatures["enemy"].effects["shield"] = True
    act(b, "wizard", "cast", spell="magic-missile", target="enemy")
    assert hp(b, "enemy") == 20
    assert "shield stops dart 1 (4)" in lines(b, "shield stops")[0]


# ----------------------------------------------------------------------------- burning hands
HANDS = [creature("wizard", "wizard", "blue", (2, 2)), gob("gob1", (3, 2)), gob("gob2", (5, 3)),
         gob("gob3", (4, 0)), creature("fighter", "fighter", "blue", (1, 2))]


def test_burning_hands_rolls_once_then_each_save_for_half_and_spares_the_caster():
    # SRD 5.1, Burning Hands: a 4.5 m cone east of the wizard covers [3, 2], [4, 2] and
    # [5, 1..3]; 3d6 4+2+6 = 12 fire, then the saves in the roster's order: Goblin 1 fails
    # (5 + 2 = 7) and takes 12, Goblin 2 succeeds (15 + 2 = 17) and takes 6
    b = battle(WIDE, HANDS, dice=[4, 2, 6, 5, 15])
    act(b, "wizard", "cast", spell="burning-hands", at=[5, 2])
    assert last(b, "casts").startswith("Wizard casts burning hands (slot 1): 3d6 4+2+6 = 12 fire")
    assert lines(b, "save") == ["Goblin 1 makes a DC 13 Dex save: d20 5 +2 = 7, failure",
                                "Goblin 2 makes a DC 13 Dex save: d20 15 +2 = 17, success"]
    assert last(b, "Goblin 2 takes") == "Goblin 2 takes 6 fire damage (burning-hands, halved)"
    assert (hp(b, "gob1"), hp(b, "gob2"), hp(b, "gob3")) == (18, 24, 30)
    # the caster is never in its own cone, nor is the fighter behind it
    assert hp(b, "wizard") == 20 and hp(b, "fighter") == 28
    assert slots(b, "wizard") == {1: 3, 2: 2}


def test_burning_hands_with_a_level_two_slot_adds_a_d6_and_needs_a_direction():
    b = battle(WIDE, HANDS, dice=[1, 1, 1, 1, 20, 20])
    act(b, "wizard", "cast", spell="burning-hands", at=[5, 2], level=2)
    assert "4d6 1+1+1+1 = 4 fire" in last(b, "casts")
    assert slots(b, "wizard") == {1: 4, 2: 1}
    b = battle(WIDE, HANDS)
    refused(b, "wizard", "must be a square outside", spell="burning-hands", at=[2, 2])
    refused(b, "wizard", "outside the 30x4 map", spell="burning-hands", at=[40, 2])
    refused(b, "wizard", "needs 'at'", spell="burning-hands")
    refused(b, "wizard", "takes 'at', not 'target'", spell="burning-hands", target="gob1")


# ----------------------------------------------------------------------------- fireball
KEEP = "\n".join(["...=...#...."] * 5)
PYRO = {"spells": ["fire-bolt", "fireball"], "spell_slots": {"1": 4, "3": 1}}


def keep(dice=()):
    # the sphere at [5, 2] reaches columns 1..9: Goblin 2 is behind the low wall (column 3),
    # Goblin 3 behind the wall (column 7); the fighter, an ally, is in the open
    return battle(KEEP, [creature("wizard", "wizard", "blue", (0, 2), **PYRO), gob("gob1", (5, 3)),
                         gob("gob2", (2, 2)), gob("gob3", (8, 2)), creature("fighter", "fighter", "blue", (6, 1))],
                  dice=dice)


def test_fireball_half_cover_adds_two_to_the_save_a_full_wall_shelters_allies_are_hit():
    # SRD 5.1, Fireball: 8d6 = 24 fire, DC 13 Dex for half. 5e, Cover: half cover +2 to Dex
    # saves, so Goblin 2's 9 + 2 + 2 = 13 succeeds. Goblin 3, behind a wall across the whole
    # map: the fire spreads around corners (SRD 5.1), but this wall has none within the
    # radius, so it is not reached at all (it used to be caught and saved by total cover)
    b = keep(dice=[3] * 8 + [5, 9, 15])
    act(b, "wizard", "cast", spell="fireball", at=[5, 2])
    assert last(b, "casts") == "Wizard casts fireball (slot 3): 8d6 3+3+3+3+3+3+3+3 = 24 fire, a 6 m sphere at [5, 2]"
    assert lines(b, "save") == ["Goblin 1 makes a DC 13 Dex save: d20 5 +2 = 7, failure",
                                "Goblin 2 makes a DC 13 Dex save: d20 9 +2 +2 half cover = 13, success",
                                "Fighter makes a DC 13 Dex save: d20 15 +2 = 17, success"]
    assert not lines(b, "Goblin 3")
    assert {cid: hp(b, cid) for cid in ("gob1", "gob2", "gob3", "fighter", "wizard")} == {
        "gob1": 6, "gob2": 18, "gob3": 30, "fighter": 16, "wizard": 20}
    assert slots(b, "wizard") == {1: 4, 3: 0}


def test_fireball_range_point_and_slot_rules():
    b = keep()
    refused(b, "wizard", "inside a wall", spell="fireball", at=[7, 2])
    refused(b, "wizard", "total cover from wizard", spell="fireball", at=[9, 2])
    refused(b, "wizard", "outside the 12x5 map", spell="fireball", at=[5, 9])
    refused(b, "wizard", "fireball is a level-3 spell", spell="fireball", at=[5, 2], level=2)
    b.state.creatures["wizard"].slots[3] = 0
    refused(b, "wizard", "no level-3 spell slot left", spell="fireball", at=[5, 2])
    # 45 m = 30 squares
    b = battle("." * 40, [creature("wizard", "wizard", "blue", (0, 0), **PYRO), gob("gob1", (39, 0))])
    refused(b, "wizard", "46.5 m away, beyond the range of fireball: 45 m", spell="fireball", at=[31, 0])
    # the stock wizard does not know it
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (0, 0)), gob("gob1", (5, 0))])
    refused(b, "wizard", "wizard does not know fireball", spell="fireball", at=[5, 0])


# ----------------------------------------------------------------------------- healing
def test_cure_wounds_heals_by_touch_up_to_the_maximum():
    # SRD 5.1, Cure Wounds: 1d8 5 + Wis 3 = 8
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1)),
                      creature("fighter", "fighter", "blue", (2, 1), current_hp=10), gob("gob1", (20, 1))], dice=[5])
    act(b, "cleric", "cast", spell="cure-wounds", target="fighter")
    assert last(b, "casts") == "Cleric casts cure wounds (slot 1) on Fighter: 1d8 5 +3 = 8"
    assert last(b, "regains") == "Fighter regains 8 hit points: 18/28"
    assert hp(b, "fighter") == 18 and slots(b, "cleric") == {1: 3, 2: 2}
    # 5e, Healing: never above the hit point maximum; a level-2 slot rolls 2d8
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1)),
                      creature("fighter", "fighter", "blue", (2, 1), current_hp=25), gob("gob1", (20, 1))], dice=[8, 8])
    act(b, "cleric", "cast", spell="cure-wounds", target="fighter", level=2)
    assert "2d8 8+8 +3 = 19" in last(b, "casts")
    assert hp(b, "fighter") == 28 and "regains 3 hit points (at its maximum)" in last(b, "regains")


def test_cure_wounds_is_touch_only():
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1)),
                      creature("fighter", "fighter", "blue", (3, 1), current_hp=10), gob("gob1", (20, 1))])
    refused(b, "cleric", r"beyond the range of cure-wounds: touch \(1.5 m\)", spell="cure-wounds", target="fighter")


def test_healing_word_is_a_bonus_action_that_wakes_the_dying():
    # SRD 5.1, Healing Word: bonus action, 18 m, 1d4 3 + 3 = 6; 5e: healing a creature at 0 hp
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1)),
                      creature("fighter", "fighter", "blue", (12, 1), current_hp=0), gob("gob1", (20, 1))], dice=[3])
    act(b, "cleric", "cast", spell="healing-word", target="fighter")
    fighter = b.state.creatures["fighter"]
    assert fighter.hp == 6 and fighter.state == "conscious" and "unconscious" not in fighter.conditions
    cleric = b.state.creatures["cleric"]
    assert cleric.action and not cleric.bonus_action


def test_healing_does_nothing_for_the_dead():
    # 5e, Healing: the dead regain nothing; the cast is refused and spends no slot
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1)),
                      creature("guard", "goblin", "blue", (2, 1), current_hp=0), gob("gob1", (20, 1))])
    assert b.state.creatures["guard"].state == "dead"
    refused(b, "cleric", "guard is dead: healing cannot help it", spell="healing-word", target="guard")
    refused(b, "cleric", "guard is dead", spell="cure-wounds", target="guard")


# ----------------------------------------------------------------------------- casting rules
def test_after_a_bonus_action_spell_only_a_cantrip_with_the_action_and_vice_versa():
    # SRD 5.1, Casting time, Bonus action: no other spell that turn but a 1-action cantrip
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (2, 1), current_hp=5),
              gob("gob1", (6, 1))]
    b = battle(WIDE, roster, dice=[1])
    act(b, "cleric", "cast", spell="healing-word", target="fighter")
    refused(b, "cleric", "cast a bonus-action spell this turn: its action can only cast a cantrip",
            spell="cure-wounds", target="fighter")
    force(b, 20)
    act(b, "cleric", "cast", spell="sacred-flame", target="gob1")  # a cantrip is fine
    # the other way round: a levelled spell with the action, then no bonus-action spell
    b = battle(WIDE, roster, dice=[1])
    act(b, "cleric", "cast", spell="cure-wounds", target="fighter")
    refused(b, "cleric", "cast a level-1 spell this turn: no bonus-action spell", spell="healing-word", target="fighter")
    # the restriction lasts one turn (the engine clears "turn:" effects)
    act(b, "cleric", "end")
    act(b, "fighter", "end")
    act(b, "gob1", "end")
    force(b, 1)
    act(b, "cleric", "cast", spell="healing-word", target="fighter")
    assert hp(b, "fighter") == 5 + 4 + 4


def test_a_cantrip_then_a_bonus_action_spell_is_allowed():
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (2, 1), current_hp=5),
              gob("gob1", (6, 1))]
    b = battle(WIDE, roster, dice=[20, 1])
    act(b, "cleric", "cast", spell="sacred-flame", target="gob1")
    act(b, "cleric", "cast", spell="healing-word", target="fighter")
    assert hp(b, "fighter") == 9


def test_unknown_unlearned_unslotted_and_illegal_level_casts_are_refused():
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (5, 1))])
    refused(b, "wizard", "unknown spell 'wish'", spell="wish", target="gob1")
    refused(b, "wizard", r"wizard does not know cure-wounds \(knows: fire-bolt, magic-missile", spell="cure-wounds",
            target="wizard")
    refused(b, "wizard", "fire-bolt is a cantrip: it takes no spell slot", spell="fire-bolt", target="gob1", level=1)
    refused(b, "wizard", "no level-3 spell slot left", spell="magic-missile", target="gob1", level=3)
    refused(b, "wizard", "'level' must be a whole number", spell="magic-missile", target="gob1", level="2")
    refused(b, "wizard", "needs 'target'", spell="magic-missile")
    b.state.creatures["wizard"].slots[1] = 0
    refused(b, "wizard", r"no level-1 spell slot left \(left: level 2: 2; cast with 'level'\)",
            spell="magic-missile", target="gob1")
    # a creature with no spellcasting cannot cast at all
    b = battle(WIDE, [creature("fighter", "fighter", "blue", (1, 1)), gob("gob1", (5, 1))])
    refused(b, "fighter", "fighter does not know fire-bolt", spell="fire-bolt", target="gob1")


def test_an_incapacitated_creature_cannot_cast_and_the_action_is_spent_once():
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1), conditions=["incapacitated"]), gob("gob1", (5, 1))])
    refused(b, "wizard", "incapacitated", spell="fire-bolt", target="gob1")
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (5, 1))], dice=[1])
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    refused(b, "wizard", "already used its action", spell="fire-bolt", target="gob1")


# ----------------------------------------------------------------------------- shield
def test_shield_is_only_a_reaction():
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), gob("gob1", (2, 1))])
    refused(b, "wizard", "^shield is cast as a reaction, when the game offers it$", spell="shield")


def test_cast_shield_spends_a_slot_and_the_reaction_for_plus_five_ac_until_the_next_turn():
    # SRD 5.1, Shield: +5 AC until the start of the caster's next turn
    b = battle(WIDE, [gob("gob1", (2, 1)), creature("wizard", "wizard", "blue", (1, 1))], dice=[10])
    wizard = b.state.creatures["wizard"]
    assert can_cast_shield(wizard)
    cast_shield(b, wizard)
    assert wizard.effects["shield"] is True and not wizard.reaction
    assert slots(b, "wizard") == {1: 3, 2: 2}
    assert last(b, "casts") == "Wizard casts shield (slot 1) as a reaction: +5 AC until the start of its next turn"
    assert not can_cast_shield(wizard)  # its reaction is spent
    # the goblin's scimitar: d20 10 + 4 = 14 vs AC 12 + 5
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert "vs AC 17, miss" in last(b, "attacks")
    act(b, "gob1", "end")
    assert "shield" not in wizard.effects and wizard.reaction


def test_can_cast_shield_needs_the_spell_a_slot_and_consciousness():
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)), creature("cleric", "cleric", "blue", (3, 1)),
                      gob("gob1", (9, 1))])
    wizard = b.state.creatures["wizard"]
    assert not can_cast_shield(b.state.creatures["cleric"])  # does not know it
    wizard.slots = {1: 0, 2: 1}
    assert can_cast_shield(wizard)  # a level-2 slot will do
    cast_shield(b, wizard)
    assert wizard.slots == {1: 0, 2: 0}
    wizard.reaction = True
    assert not can_cast_shield(wizard)  # no slot left
    wizard.slots = {1: 1}
    wizard.conditions.add("stunned")
    assert not can_cast_shield(wizard)
    with pytest.raises(IllegalCommand):
        cast_shield(b, wizard)


def test_the_spell_table_is_data():
    assert {s.name for s in SPELLS.values()} >= {"fire-bolt", "sacred-flame", "magic-missile", "burning-hands",
                                                  "fireball", "cure-wounds", "healing-word", "shield"}
    assert SPELLS["healing-word"].time == "bonus" and SPELLS["shield"].time == "reaction"
