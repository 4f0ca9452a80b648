"""5e at its edges, damage: one hit is one instance of damage whatever its types, and damage
rolled once for several targets (5e, "Dommages et soins", "Jets de dégâts", "Passer sous 0
point de vie").

The young green dragon's bite (reach 3 m, +7) deals 2d10 + 4 piercing and 2d6 poison; the giant
spider's bite 1d8 + 3 piercing, then a DC 11 Constitution save against 2d8 poison (half on a
success). The fighter has 28 hit points, a Con save of +4.
"""

from helpers import act, battle, creature

ROW = "..........\n..........\n.........."
ALLY = creature("cleric", "cleric", "blue", (9, 2))


def lines(b, word):
    return [line for line in b.state.log if word in line]


def dragon_bites(current_hp, dice, state=None, **fighter):
    """The dragon bites the fighter from 3 m away (not within 1.5 m: a downed fighter's
    advantage and its prone disadvantage cancel, one d20, no automatic critical hit)."""
    b = battle(ROW, [creature("dragon", "young-green-dragon", "red", (2, 0)),
                     creature("fighter", "fighter", "blue", (0, 1), current_hp=current_hp, **fighter), ALLY],
               dice=dice)
    if state is not None:
        b.state.creatures["fighter"].state = state
    act(b, "dragon", "attack", target="fighter", **{"with": "bite"})
    return b.state.creatures["fighter"]


# ---- one hit, one death-save failure -----------------------------------------------------
def test_a_hit_of_two_damage_types_at_zero_hp_is_one_failed_death_save():
    # 5e: "Si vous êtes touché par des dommages alors que vous avez 0 point de vie, cela compte
    # comme un échec au jet de sauvegarde contre la mort": the bite's piercing and poison are
    # one hit, so one failure (2d10 1+1 +4 = 6 piercing, 2d6 1+1 = 2 poison)
    fighter = dragon_bites(0, [15, 1, 1, 1, 1])
    assert fighter.state == "unconscious"
    assert fighter.death_failures == 1


def test_a_critical_hit_of_two_damage_types_at_zero_hp_is_two_failures_not_four():
    # 5e: "Si les dommages sont d'un coup critique, cela compte comme deux échecs"
    fighter = dragon_bites(0, [20, 1, 1, 1, 1, 1, 1, 1, 1])
    assert fighter.state == "unconscious"
    assert fighter.death_failures == 2


def test_a_rider_damage_is_part_of_the_hit():
    # the spider bites a downed fighter within 1.5 m: advantage (15/3) and a critical hit (SRD
    # 5.1, Unconscious), 2d8 1+1 +3 = 5 piercing; the Con save fails (d20 2 + 4 = 6 < 11) and
    # the venom deals 2d8 1+1 = 2 poison: still one hit, so two failures, not three (dead)
    b = battle(ROW, [creature("spider", "giant-spider", "red", (1, 0)),
                     creature("fighter", "fighter", "blue", (0, 1), current_hp=0), ALLY],
               dice=[15, 3, 1, 1, 2, 1, 1])
    act(b, "spider", "attack", target="fighter", **{"with": "bite"})
    fighter = b.state.creatures["fighter"]
    assert len(lines(b, "takes")) == 2  # piercing, then poison
    assert fighter.state == "unconscious" and fighter.death_failures == 2


def test_the_hit_that_drops_a_creature_gives_no_failure_with_its_other_damage_type():
    # 5e, Falling unconscious: 6 piercing takes the fighter (5 hp) to 0; the 2 poison of the
    # same bite is no second instance of damage at 0 hit points
    fighter = dragon_bites(5, [15, 1, 1, 1, 1])
    assert fighter.state == "unconscious"
    assert fighter.death_failures == 0


# ---- instant death counts the whole hit --------------------------------------------------
def test_instant_death_counts_every_damage_type_of_the_hit_together():
    # 5e, Mort instantanée: "Quand des dommages vous amènent à 0 point de vie, qu'il reste des
    # points de dommage et que ceux-ci sont supérieurs ou égaux à vos points de vie maximum,
    # vous mourrez": 5 hp, 2d10 10+10 +4 = 24 piercing leaves 19, then 2d6 5+4 = 9 poison:
    # 28 left over, the fighter's maximum
    fighter = dragon_bites(5, [15, 10, 10, 5, 4])
    assert fighter.state == "dead"
    # one less and it only falls unconscious
    fighter = dragon_bites(5, [15, 10, 10, 5, 3])
    assert fighter.state == "unconscious" and fighter.death_failures == 0


def test_damage_at_zero_hp_of_the_maximum_kills_all_types_together():
    # 5e: "Si les dommages sont égaux ou supérieurs à votre maximum de points de vie, vous
    # mourrez instantanément": 24 piercing + 4 poison = 28 at 0 hit points
    fighter = dragon_bites(0, [15, 10, 10, 2, 2])
    assert fighter.state == "dead"
    fighter = dragon_bites(0, [15, 10, 10, 2, 1])
    assert fighter.state == "unconscious" and fighter.death_failures == 1


# ---- damage at 0 hit points, massive damage: the rules on their own ----------------------
def goblin_shoots(dice, state="unconscious", **fighter):
    """A goblin shoots its shortbow (1d6 + 2 piercing) at the downed fighter 6 m away (one d20:
    advantage on an unconscious target, disadvantage on a prone one beyond 1.5 m)."""
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)),
                     creature("fighter", "fighter", "blue", (4, 1), current_hp=0, **fighter), ALLY], dice=dice)
    b.state.creatures["fighter"].state = state
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    return b.state.creatures["fighter"]


def test_damage_at_zero_hp_is_one_failure_and_the_maximum_kills():
    # 5e, Dommages à 0 point de vie: one failure; "Si les dommages sont égaux ou supérieurs à
    # votre maximum de points de vie, vous mourrez instantanément" (1d6 6 + 2 = 8, maximum 8)
    assert goblin_shoots([15, 1]).death_failures == 1
    assert goblin_shoots([15, 5], hp=8).state == "unconscious"
    assert goblin_shoots([15, 6], hp=8).state == "dead"


def test_a_stable_creature_that_takes_damage_is_dying_again():
    # 5e, Stabiliser une créature: "La créature n'est plus stable si elle subit d'autres dégâts"
    fighter = goblin_shoots([15, 1], state="stable")
    assert fighter.state == "unconscious" and fighter.death_failures == 1


def test_a_knocked_out_monster_that_takes_damage_dies():
    # 5e, Les monstres et la mort: a monster dies at 0 hit points "plutôt que de le faire
    # devenir inconscient et de lui faire faire des jets de sauvegarde"; knocked out (stable),
    # the next damage it takes kills it: it makes no death saves
    # (a 30 hp goblin at 5 hp: 1d8 8 + 3 = 11 knocks it out; then a critical hit within 1.5 m,
    # 2d8 1+1 + 3 = 5, far from its maximum)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1), hp=30, current_hp=5),
                     creature("gob2", "goblin", "red", (9, 0))], dice=[15, 8, 15, 3, 1, 1])
    act(b, "fighter", "attack", target="gob1", knock_out=True, **{"with": "longsword"})
    gob = b.state.creatures["gob1"]
    assert gob.state == "stable"
    act(b, "fighter", "end")
    act(b, "gob2", "end")  # the stable goblin's turn ends by itself
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert gob.state == "dead"


def test_temporary_hit_points_at_zero_absorb_the_hit_and_the_rest_counts():
    # 5e, Points de vie temporaires: at 0 hp "ils peuvent toujours absorber les dégâts"; what
    # they do not absorb is damage at 0 hit points (6 + 2 = 8 against 5 temporary: 3 get through)
    fighter = dragon_bites(0, [15, 1, 1, 1, 1], temp_hp=5)
    assert fighter.temp_hp == 0 and fighter.death_failures == 1
    fighter = dragon_bites(0, [15, 1, 1, 1, 1], temp_hp=10)
    assert fighter.temp_hp == 2 and fighter.death_failures == 0


# ---- concentration: one save for one hit -------------------------------------------------
def test_one_hit_of_two_types_calls_for_one_concentration_save_on_its_whole_damage():
    # SRD 5.1, Concentration: a save for each source of damage, DC 10 or half the damage;
    # the bite is one source: 2d10 10+10 +4 = 24 piercing and 2d6 6+6 = 12 poison, DC 18
    b = battle(ROW, [creature("dragon", "young-green-dragon", "red", (2, 0)),
                     creature("wizard", "wizard", "blue", (0, 1), hp=60), ALLY],
               initiative=["wizard", "dragon", "cleric"], dice=[15, 10, 10, 6, 6, 16])
    act(b, "wizard", "ready", trigger={"event": "moves", "by": "enemy"},
        then={"act": "cast", "spell": "fire-bolt", "target": "dragon"})
    act(b, "wizard", "end")
    act(b, "dragon", "attack", target="wizard", **{"with": "bite"})
    saves = lines(b, "(concentration)")
    assert len(saves) == 1
    assert "DC 18 Con save: d20 16 +2 = 18, success" in saves[0]
    assert b.state.creatures["wizard"].concentration


# ---- damage rolled once for several targets ----------------------------------------------
def test_magic_missile_rolls_its_damage_once_and_every_dart_deals_it():
    # 5e, Jets de dégâts: "Si un sort ou un autre effet inflige des dégâts à plus d'une cible à
    # la fois, jetez une seule fois les dégâts pour le total d'entre elles": one 1d4 + 1
    # (3 + 1 = 4) for the three darts, 4 each
    b = battle("\n".join(["." * 30] * 4),
               [creature("wizard", "wizard", "blue", (1, 1)), creature("gob1", "goblin", "red", (5, 0), hp=30),
                creature("gob2", "goblin", "red", (5, 3), hp=30)], dice=[3, 1, 1])
    act(b, "wizard", "cast", spell="magic-missile", target=["gob1", "gob1", "gob2"])
    assert "1d4 3 +1 = 4 force per dart" in lines(b, "casts")[-1]
    assert lines(b, "takes") == ["Goblin 1 takes 4 force damage (dart 1)", "Goblin 1 takes 4 force damage (dart 2)",
                                 "Goblin 2 takes 4 force damage (dart 3)"]
    assert (b.state.creatures["gob1"].hp, b.state.creatures["gob2"].hp) == (30 - 8, 30 - 4)
    assert list(b.state.dice.forced) == [1, 1]  # one die only
