"""3.5 attack rolls (seed 003, "Jet d'attaque", "Bonus d'attaque", "Classe d'armure"): d20 + the
SRD's bonus against AC, natural 1 and 20, threats and their confirmation, and the modifiers the
situation brings: flanking, charging, prone, range increments, firing into melee, cover."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"
SPEAR = [{"name": "spear", "kind": "melee", "to_hit": -5, "damage": "1d4-3", "type": "piercing"}]


def test_natural_1_misses_and_natural_20_hits():
    # « On rate automatiquement son coup sur un 1 naturel [...] l'attaque passe toujours sur un 20
    # naturel (à noter que celui-ci est également un coup critique possible) »
    b = battle(ROW, [creature("giant", "hill-giant", "red", (1, 1)), creature("gob", "goblin", "blue", (3, 1))])
    force(b, 1)  # 1 + 16 = 17 would beat AC 14, but a natural 1 misses
    attack(b, "giant", "gob", "greatclub")
    assert "d20 1 +16 = 17 vs flat-footed AC 14" in last(b, "attacks") and "miss (natural 1)" in last(b, "attacks")
    b = battle(ROW, [creature("gob", "goblin", "red", (1, 1), attacks=SPEAR), creature("fighter", "fighter", "blue", (2, 1))])
    force(b, 20, 1, 2)  # 20 - 5 = 15 < AC 16, a hit all the same; its threat is not confirmed (a 1)
    attack(b, "gob", "fighter", "spear")
    line = last(b, "attacks")
    assert "d20 20 -5 = 15" in line and "not confirmed" in line and line.endswith("hit")
    # seed 003, Dégâts minimaux: 1d4-3 with a 2 is -1, but a hit deals at least 1
    assert c(b, "fighter").hp == 27


def duel_orc(*dice):
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    end(b, "fighter")
    force(b, *dice)
    attack(b, "orc", "fighter", "falchion")
    return b


def test_a_threat_is_confirmed_by_a_second_roll_and_the_damage_is_rolled_twice():
    # 3.5 SRD, Critical hits: falchion 18-20 x2; the confirmation d20 comes right after the attack's
    # (FORMATS.md); « on joue les dés à plusieurs reprises (en ajoutant chaque fois les modificateurs) »
    b = duel_orc(18, 13, 3, 4, 2, 1)  # 22 hits AC 17; 13 + 4 = 17 confirms; (3+4+4) + (2+1+4)
    assert "threat, confirmation d20 13 +4 = 17: critical hit" in last(b, "attacks")
    assert c(b, "fighter").hp == 28 - 18
    b = duel_orc(18, 12, 3, 4)  # 12 + 4 = 16 < 17: a plain hit, damage once
    assert "not confirmed" in last(b, "attacks") and c(b, "fighter").hp == 28 - 11


def test_undead_take_no_critical_hit_and_damage_reduction_stops_the_wrong_weapon():
    # 3.5 SRD: undead are immune to critical hits (no confirmation roll); skeleton DR 5/bludgeoning
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("skel", "skeleton", "red", (2, 1)),
                     creature("cleric", "cleric", "blue", (3, 1))])
    force(b, 19, 8)  # a threat (19-20), but the next die is the damage: 8 + 2 = 10, less 5
    attack(b, "fighter", "skel", "longsword")
    assert "confirmation" not in last(b, "attacks")
    assert "damage reduction 5/bludgeoning: 5" in last(b, "takes") and c(b, "skel").hp == 1
    end(b, "fighter")
    end(b, "skel")
    force(b, 15, 1)  # the heavy mace is bludgeoning: 1 + 1 = 2, not reduced; undead are destroyed at 0
    attack(b, "cleric", "skel", "heavy-mace")
    assert c(b, "skel").state == "dead"


def test_flanking_gives_plus_2_and_lets_the_rogue_sneak_attack():
    # 3.5 SRD, Flanking: an ally threatening the target from the opposite border, +2; sneak attack 2d6
    b = battle(ROW, [creature("gob", "goblin", "red", (2, 1)), creature("rogue", "rogue", "blue", (1, 1)),
                     creature("fighter", "fighter", "blue", (3, 1)), creature("gob2", "goblin", "red", (7, 2))])
    end(b, "gob")  # no longer flat-footed: only the flank allows the sneak attack
    force(b, 9, 3, 2, 3)  # 9 + 4 + 2 = 15 vs AC 15; rapier 3 + 1, sneak attack 2 + 3
    attack(b, "rogue", "gob", "rapier")
    assert "flanking with Fighter +2" in last(b, "attacks") and last(b, "attacks").endswith("hit")
    assert "sneak attack 2d6 [2 3]" in last(b, "takes") and c(b, "gob").hp == 5 - 9
    # a big flanker may use any of its squares: the ogre's top-left square is at the goblin's
    # corner opposite the rogue's (its centre is not)
    b = battle(ROW + "\n........", [creature("gob", "goblin", "red", (2, 1)), creature("rogue", "rogue", "blue", (1, 2)),
                                     creature("ogre", "ogre", "blue", (3, 0))])
    end(b, "gob")
    force(b, 9)
    attack(b, "rogue", "gob", "rapier")
    assert "flanking with Ogre +2" in last(b, "attacks")
    # not opposite: an ally beside the attacker does not flank
    b = battle(ROW, [creature("gob", "goblin", "red", (2, 1)), creature("rogue", "rogue", "blue", (1, 1)),
                     creature("fighter", "fighter", "blue", (1, 2))])
    end(b, "gob")
    force(b, 9)
    attack(b, "rogue", "gob", "rapier")
    assert "flanking" not in last(b, "attacks") and last(b, "attacks").endswith("miss")


def test_range_increments_cost_2_each_and_ten_at_most():
    # seed 003: « Bonus de base à l'attaque + modificateur de Dextérité + modificateur de taille +
    # malus de portée »; javelin 9 m increments, thrown: five at most (45 m)
    grid = "." * 40
    b = battle(grid, [creature("gob", "goblin", "red", (0, 0)), creature("fighter", "fighter", "blue", (7, 0)),
                      creature("wizard", "wizard", "blue", (31, 0))])
    force(b, 16)  # 7 squares = 10.5 m: the second increment, -2: 16 + 3 - 2 = 17 vs 16 (flat-footed)
    attack(b, "gob", "fighter", "javelin")
    assert "range: 1 increment -2" in last(b, "attacks") and last(b, "attacks").endswith("hit")
    b = battle(grid, [creature("gob", "goblin", "red", (0, 0)), creature("wizard", "wizard", "blue", (31, 0))])
    with pytest.raises(IllegalCommand, match="beyond the javelin's range \\(45 m\\)"):
        attack(b, "gob", "wizard", "javelin")


def test_firing_into_melee_is_minus_4():
    # 3.5 SRD, Shooting into a melee: a target next to the shooter's ally, -4 (Precise Shot removes it)
    b = battle(ROW, [creature("gob", "goblin", "red", (0, 1)), creature("gob2", "goblin", "red", (5, 1)),
                     creature("fighter", "fighter", "blue", (6, 1))])
    force(b, 18)
    attack(b, "gob", "fighter", "javelin")
    assert "firing into melee -4" in last(b, "attacks") and "= 17" in last(b, "attacks")


def test_prone_minus_4_in_melee_plus_4_against_ranged():
    # 3.5 SRD, Prone: -4 on melee attacks; AC -4 against melee, +4 against ranged
    b = battle(ROW + "\n........\n........\n........", [
        creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
        creature("gob2", "goblin", "red", (1, 5))])
    act(b, "fighter", "drop_prone")
    force(b, 10)
    attack(b, "fighter", "gob", "longsword")
    assert "attacking while prone -4" in last(b, "attacks") and "d20 10 +2 = 12" in last(b, "attacks")
    end(b, "fighter")
    force(b, 11, 1)
    attack(b, "gob", "fighter", "morningstar")
    assert "target prone: -4 AC" in last(b, "attacks") and "vs AC 13" in last(b, "attacks")
    end(b, "gob")
    force(b, 17)  # 17 + 3 - 4 (into melee) = 16 vs 17 + 4
    attack(b, "gob2", "fighter", "javelin")
    assert "target prone: +4 AC vs ranged" in last(b, "attacks") and "= 16 vs AC 21" in last(b, "attacks")
    assert last(b, "attacks").endswith("miss")


def test_cover_plus_4_behind_a_low_wall_and_no_attack_through_a_wall():
    # 3.5 SRD, Cover: +4 AC; RULESETS.md section 3: a low wall gives cover; a wall, no line of effect
    b = battle("......\n..=...\n......", [creature("gob", "goblin", "red", (0, 1)),
                                         creature("fighter", "fighter", "blue", (4, 1))])
    force(b, 16)
    attack(b, "gob", "fighter", "javelin")
    assert "cover +4 AC" in last(b, "attacks") and "vs flat-footed AC 20" in last(b, "attacks")
    b = battle("..#...\n..#...\n..#...", [creature("gob", "goblin", "red", (0, 1)),
                                         creature("fighter", "fighter", "blue", (4, 1))])
    with pytest.raises(IllegalCommand, match="cannot see fighter"):
        attack(b, "gob", "fighter", "javelin")


def test_the_full_attack_makes_the_iteratives_at_minus_5():
    # 3.5 SRD, Full attack: BAB +9 gives +16/+11 with the greatclub; the bear's claw, claw, bite
    b = battle(ROW + "\n........", [creature("giant", "hill-giant", "red", (1, 1)),
                                     creature("fighter", "fighter", "blue", (3, 1)),
                                     creature("bear", "brown-bear", "red", (3, 2))])
    force(b, 1, 5, 1, 1)  # +16: a natural 1; +11: 5 + 11 = 16 hits flat-footed 16, 2d8+10 [1 1]
    attack(b, "giant", "fighter", "greatclub", "full_attack")
    attack(b, "giant", "fighter", "greatclub")
    assert "d20 5 +11 = 16" in last(b, "attacks") and c(b, "fighter").hp == 28 - 12
    with pytest.raises(IllegalCommand, match="no standard action left"):
        attack(b, "giant", "fighter", "greatclub")
    end(b, "giant")
    end(b, "fighter")
    force(b, 2, 2, 2)
    attack(b, "bear", "fighter", "claw", "full_attack")
    attack(b, "bear", "fighter", "claw")
    attack(b, "bear", "fighter", "bite")
    assert [line.split(" with ")[1].split(":")[0] for line in b.state.log if line.startswith("Brown bear attacks")] \
        == ["claw", "claw", "bite"]
    with pytest.raises(IllegalCommand, match="a full attack needs"):
        attack(b, "bear", "fighter", "claw", "full_attack")


def test_a_move_after_the_first_attack_gives_up_the_rest_of_the_full_attack():
    # 3.5 SRD, Full attack: after the first attack, the attacker may take a move action instead
    b = battle(ROW, [creature("giant", "hill-giant", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    force(b, 1)
    attack(b, "giant", "fighter", "greatclub", "full_attack")
    act(b, "giant", "move", to=[1, 0])
    with pytest.raises(IllegalCommand, match="no standard action left"):
        attack(b, "giant", "fighter", "greatclub")


def test_the_charge_plus_2_to_hit_minus_2_ac_straight_and_clear():
    # 3.5 SRD, Charge: at least 2 squares, a straight clear line, +2 on the attack, -2 AC to its next turn
    b = battle("........\n........\n........", [creature("fighter", "fighter", "blue", (0, 1)),
                                                 creature("orc", "orc", "red", (4, 1))])
    force(b, 9, 3)  # 9 + 6 + 2 = 17 vs 13
    act(b, "fighter", "charge", target="orc")
    assert (c(b, "fighter").x, c(b, "fighter").y) == (3, 1)
    assert "charge +2" in last(b, "attacks") and "= 17" in last(b, "attacks")
    assert "charging" in c(b, "fighter").effects
    b = battle("..:.....\n..:.....\n..:.....", [creature("fighter", "fighter", "blue", (0, 1)),
                                                 creature("orc", "orc", "red", (4, 1))])
    with pytest.raises(IllegalCommand, match="no clear straight line"):
        act(b, "fighter", "charge", target="orc")  # difficult terrain in the way
    b = battle(ROW, [creature("fighter", "fighter", "blue", (2, 1)), creature("orc", "orc", "red", (4, 1))])
    with pytest.raises(IllegalCommand, match="too near to charge"):
        act(b, "fighter", "charge", target="orc")


def test_creatures_give_soft_cover_against_ranged_attacks_only_and_arrow_slits_improved_cover():
    # 3.5 SRD, Soft cover: creatures in the way, +4 AC against ranged attacks (not in melee)
    b = battle("........", [creature("gob", "goblin", "red", (0, 0)), creature("orc", "orc", "red", (3, 0)),
                            creature("fighter", "fighter", "blue", (6, 0))])
    force(b, 10)
    attack(b, "gob", "fighter", "javelin")
    assert "cover +4 AC" in last(b, "attacks")
    # 3.5 SRD, Cover: an arrow slit is improved cover, +8
    b = battle("...\n+++\n...", [creature("gob", "goblin", "red", (1, 0)), creature("fighter", "fighter", "blue", (1, 2))])
    force(b, 10)
    attack(b, "gob", "fighter", "javelin")
    assert "improved cover +8 AC" in last(b, "attacks") and "vs flat-footed AC 24" in last(b, "attacks")


def test_a_low_wall_covers_only_a_target_near_it_against_an_attacker_no_nearer():
    # RULESETS.md section 3 (3.5 SRD, Low obstacles): a low wall gives cover only within 6 squares
    # of the target, and not when the attacker is nearer the wall than the target
    b = battle(".........\n.=.......\n.........", [creature("gob", "goblin", "red", (0, 1)),
                                                   creature("fighter", "fighter", "blue", (6, 1))])
    force(b, 10)
    attack(b, "gob", "fighter", "javelin")
    assert "cover" not in last(b, "attacks")
    b = battle(".........\n.....=...\n.........", [creature("gob", "goblin", "red", (0, 1)),
                                                   creature("fighter", "fighter", "blue", (6, 1))])
    force(b, 10)
    attack(b, "gob", "fighter", "javelin")
    assert "cover +4 AC" in last(b, "attacks")


def test_a_hidden_creature_has_total_concealment_and_its_attack_denies_dex():
    # 3.5 SRD, Concealment: total concealment, 50% miss chance (FORMATS.md: one d100 after a hit);
    # an attacker its target cannot see denies it its Dex to AC (and lets the rogue sneak attack)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
                     creature("rogue", "rogue", "blue", (6, 1), hidden=True)])
    force(b, 15, 30)  # 15 + 6 = 21 hits, then d100 30: 01-50, it misses
    attack(b, "fighter", "gob", "longsword")
    assert "concealment d100 30: it misses" in last(b, "attacks") and c(b, "gob").hp == 5
    b = battle(ROW, [creature("gob", "goblin", "red", (2, 1)), creature("rogue", "rogue", "blue", (1, 1), hidden=True),
                     creature("gob2", "goblin", "red", (7, 2))])
    end(b, "gob")  # the goblin is no longer flat-footed, but it does not see the rogue
    force(b, 10, 1, 1, 1)  # 10 + 4 = 14 vs 15 - 1 (no Dex): hit; 1 + 1, sneak attack 1 + 1
    attack(b, "rogue", "gob", "rapier")
    assert "hidden attacker: target denied its Dex to AC (-1)" in last(b, "attacks")
    assert "no longer hidden" in last(b, "attacks") and "sneak attack" in last(b, "takes")
    assert "hidden" not in c(b, "rogue").conditions


def test_a_wolfs_bite_that_hits_may_trip():
    # 3.5 SRD, Wolf, Trip: a free trip attempt after a bite hits: Str +1 against the target's
    # Str or Dex (the fighter: +2), the wolf's d20 first
    b = battle(ROW, [creature("wolf", "wolf", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1)),
                     creature("wolf2", "wolf", "red", (7, 2))])
    force(b, 15, 2, 12, 5)  # 15 + 3 hits; 1d6+1 = 3; trip: 12 + 1 = 13 vs 5 + 2 = 7
    attack(b, "wolf", "fighter", "bite")
    assert "tripped" in last(b, "tries to trip") and c(b, "fighter").prone
    b = battle(ROW, [creature("wolf", "wolf", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1))])
    force(b, 15, 2, 3, 18)  # 3 + 1 = 4 vs 18 + 2 = 20: it keeps its feet
    attack(b, "wolf", "fighter", "bite")
    assert "keeps its feet" in last(b, "tries to trip") and not c(b, "fighter").prone
    # more than one size larger: no trip (a giant made Huge)
    b = battle("........\n........\n........\n........", [creature("wolf", "wolf", "red", (0, 1)),
                                                            creature("giant", "hill-giant", "blue", (1, 0), size="huge")])
    force(b, 19, 2)  # 19 + 3 = 22 hits AC 20; 1d6+1 = 3
    attack(b, "wolf", "giant", "bite")
    assert c(b, "giant").hp == 99 and not any("trip" in line for line in b.state.log)


def test_the_giant_spiders_poison_saps_strength():
    # 3.5 SRD, Monstrous spider, Poison: Fort DC 13, initial damage 1d6 Str (its attacks and melee
    # damage follow the Strength left: the fighter's 15 down to 11, -2)
    b = battle(ROW, [creature("spider", "giant-spider", "red", (0, 0)), creature("fighter", "fighter", "blue", (2, 1)),
                     creature("orc", "orc", "red", (3, 1))])
    force(b, 15, 1, 2, 4)  # bite 15 + 4 hits; 1d8+3 = 4; Fortitude 2 + 5 = 7 vs 13: 1d6 4 Strength
    attack(b, "spider", "fighter", "bite")
    assert "failed: 1d6 [4] Strength damage" in last(b, "against poison") and c(b, "fighter").effects["str_damage"] == 4
    end(b, "spider")
    force(b, 10, 5)  # 10 + 6 - 2 = 14 vs 13; 1d8+2 = 7, -2 = 5
    attack(b, "fighter", "orc", "longsword")
    assert "Strength damage -2" in last(b, "attacks") and c(b, "orc").hp == 0


def test_a_creature_in_deep_water_has_improved_cover_against_attackers_on_land():
    # RULESETS.md section 3: deep water (`~`) gives improved cover (+8) against attackers on land
    # (a crossbow: a thrown javelin is no use underwater, test_35_water.py)
    b = battle("....~~..\n....~~..", [creature("fighter", "fighter", "red", (0, 0)),
                                       creature("sahuagin", "sahuagin", "blue", (4, 0))])
    force(b, 10)
    attack(b, "fighter", "sahuagin", "light-crossbow")
    assert "improved cover +8 AC" in last(b, "attacks") and "vs flat-footed AC 23" in last(b, "attacks")


def test_power_attack_trades_attack_for_damage_until_the_next_turn():
    # 3.5 SRD, Power Attack: up to the base attack bonus off melee attack rolls, as much on damage
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("ogre", "ogre", "red", (2, 1))])
    force(b, 12, 4)  # 12 + 6 - 3 = 15 vs 16 flat-footed: a miss
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "with": "longsword", "power_attack": 3})
    assert "Power Attack -3 (+3 damage)" in last(b, "attacks") and last(b, "attacks").endswith("miss")
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("ogre", "ogre", "red", (2, 1))])
    force(b, 15, 4)  # 15 + 3 = 18 hits; 1d8+2 4 + 2, +3
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "with": "longsword", "power_attack": 3})
    assert c(b, "ogre").hp == 29 - 9
    with pytest.raises(IllegalCommand, match="'power_attack' must be 0 to 3"):
        b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "with": "longsword", "power_attack": 4})
    end(b, "fighter")
    with pytest.raises(IllegalCommand, match="ogre has no Power Attack"):
        b.submit({"actor": "ogre", "act": "attack", "target": "fighter", "with": "greatclub", "power_attack": 1})


def test_fighting_defensively_minus_4_to_hit_plus_2_ac():
    # 3.5 SRD, Fighting defensively: -4 on attack rolls, +2 dodge bonus to AC until its next turn
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    force(b, 12)  # 12 + 6 - 4 = 14 vs 13
    b.submit({"actor": "fighter", "act": "attack", "target": "orc", "with": "longsword", "defensively": True})
    assert "fighting defensively -4" in last(b, "attacks") and "= 14" in last(b, "attacks")
    end(b, "fighter")
    force(b, 1)
    attack(b, "orc", "fighter", "falchion")
    assert "fighting defensively +2 AC" in last(b, "attacks") and "vs AC 19" in last(b, "attacks")


def test_the_expected_damage_through_damage_reduction_counts_every_face_of_the_dice():
    # 3.5 SRD, Damage reduction: a skeleton's scimitar (1d6+1, slashing) against another's DR
    # 5/bludgeoning deals 0, 0, 0, 0, 1 or 2: 0.5 a hit on average, not 0 (4.5 less 5). Undead
    # take no critical hits, so the expected damage is the chance to hit times 0.5.
    b = battle(ROW, [creature("a", "skeleton", "blue", (1, 1)), creature("z", "skeleton", "red", (2, 1))])
    (scimitar,) = [o for o in b.legal_commands()
                   if o.command.get("act") == "attack" and o.command.get("with") == "scimitar"]
    assert scimitar.preview.expected_damage == pytest.approx(scimitar.preview.hit_chance * 0.5)
    assert scimitar.preview.expected_damage > 0


def test_adjacent_melee_across_a_wall_corner_has_cover_and_provokes_no_attack_of_opportunity():
    # RULESETS.md 1, Cover: "Adjacent melee: cover if any line between the squares crosses a wall
    # (low included); creatures never"; section 3, `#`: "melee across its corner: cover +4, no AoO"
    grid = ".#...\n.....\n....."
    b = battle(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob", "goblin", "red", (1, 1)),
                      creature("orc", "orc", "red", (0, 1))])
    force(b, 10, 1)
    attack(b, "fighter", "gob", "longsword")
    assert "cover +4 AC" in last(b, "attacks") and "vs flat-footed AC 18" in last(b, "attacks")
    # the orc beside the fighter, square to square: no wall between them, no cover (creatures never)
    b2 = battle(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (0, 1)),
                       creature("gob", "goblin", "red", (2, 1))])
    force(b2, 10, 1)
    attack(b2, "fighter", "orc", "longsword")
    assert "cover" not in last(b2, "attacks")
    # a goblin leaving its square across the corner provokes nothing from the fighter
    b3 = battle(grid, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (0, 0))])
    end(b3, "gob")
    end(b3, "fighter")
    act(b3, "gob", "move", to=[3, 1])
    assert not b3.state.offers and (c(b3, "gob").x, c(b3, "gob").y) == (3, 1)


def test_the_spiders_poison_calls_for_a_secondary_save_10_rounds_later():
    # 3.5 SRD, Poison: "one minute later, the character must make another saving throw to avoid
    # secondary damage" (a minute is 10 rounds; the save at the start of its turn), whatever the first did
    b = battle(ROW, [creature("spider", "giant-spider", "red", (0, 0)), creature("fighter", "fighter", "blue", (2, 1)),
                     creature("orc", "orc", "red", (7, 2))])
    force(b, 15, 1, 15)  # bite 15 + 4 hits; 1d8+3 = 4; Fortitude 15 + 5 = 20: resisted
    attack(b, "spider", "fighter", "bite")
    assert "resisted" in last(b, "against poison") and "str_damage" not in c(b, "fighter").effects
    for _round in range(9):
        for cid in ("spider", "fighter", "orc"):
            end(b, cid)
    assert b.state.round == 10 and not any("secondary" in line for line in b.state.log)
    end(b, "spider")
    end(b, "fighter")
    force(b, 3, 5)  # round 11, at the fighter's turn: Fortitude 3 + 5 = 8 vs 13; 1d6 5 Strength
    end(b, "orc")
    end(b, "spider")
    assert b.state.round == 11 and b.state.current_id == "fighter"
    assert "secondary damage: d20 3 +5 = 8 vs DC 13, failed: 1d6 [5] Strength damage" in last(b, "secondary")
    assert c(b, "fighter").effects["str_damage"] == 5 and "poison_due" not in c(b, "fighter").effects


def test_a_blinded_attacker_strikes_at_total_concealment_and_a_blinded_target_loses_dex_and_2_ac():
    # RULESETS.md 1: "blinded (-2 AC, no Dex, 50% miss)"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["blinded"]),
                     creature("gob", "goblin", "red", (2, 1)), creature("orc", "orc", "red", (0, 1))])
    (option,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["target"] == "gob"
                 and o.command["with"] == "longsword"]
    assert option.preview.hit_chance == pytest.approx(0.5 * 13 / 20)  # 8+ vs flat-footed AC 14, then half
    force(b, 15, 20)  # 15 + 6 = 21 hits, then d100 20: it misses
    attack(b, "fighter", "gob", "longsword")
    assert "total concealment: 50% miss chance" in last(b, "attacks") and "it misses" in last(b, "attacks")
    end(b, "fighter")
    end(b, "gob")
    force(b, 8, 1)  # the orc: 8 + 4 = 12 vs AC 17 - 1 (no Dex) - 2 = 14, a miss
    attack(b, "orc", "fighter", "falchion")
    line = last(b, "attacks")
    assert "vs AC 14" in line and "target blinded: -2 AC" in line and "target blinded: no Dex to AC (-1)" in line


def test_a_critical_hit_multiplies_the_weapon_dice_and_bonus_and_adds_the_sneak_attack_once():
    # seed 003, Multiplier les dégâts: « Les bonus aux dégâts exprimés sous la forme de dés
    # supplémentaires (attaque sournoise, épée de feu) ne sont pas multipliés en cas de coup critique. »
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1),
                                                                         hp=30)])
    force(b, 18, 10, 3, 2, 1, 1)  # 18 threatens; 10 + 4 = 14 confirms vs flat-footed AC 13;
    attack(b, "rogue", "orc", "rapier")  # rapier x2: (3 + 1) + (2 + 1), sneak attack 2d6 once: 1 + 1
    assert "critical hit" in last(b, "attacks")
    assert "sneak attack 2d6 [1 1]" in last(b, "takes") and c(b, "orc").hp == 30 - 9
    # 3.5 SRD: undead are immune to critical hits and to sneak attacks (no confirmation roll)
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("skel", "skeleton", "red", (2, 1))])
    force(b, 18, 6)  # a threat the skeleton ignores; 6 + 1 = 7, less DR 5/bludgeoning
    attack(b, "rogue", "skel", "rapier")
    assert "confirmation" not in last(b, "attacks") and "sneak attack" not in last(b, "takes")
    assert c(b, "skel").hp == 6 - 2


def test_after_a_5_foot_step_the_full_attack_takes_no_move_action_instead():
    # RULESETS.md, Full attack: after the first attack a move action may replace the rest, "not
    # after a 5-ft step"
    b = battle(ROW, [creature("giant", "hill-giant", "red", (1, 1)), creature("fighter", "fighter", "blue", (4, 1))])
    act(b, "giant", "step", to=[2, 1])
    force(b, 1)
    attack(b, "giant", "fighter", "greatclub", "full_attack")
    with pytest.raises(IllegalCommand, match="took a 5-foot step this turn: no other movement"):
        act(b, "giant", "move", to=[2, 0])
    force(b, 1)
    attack(b, "giant", "fighter", "greatclub")  # the rest of the full attack is still there
    assert "d20 1 +11" in last(b, "attacks")
