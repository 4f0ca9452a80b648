"""5e at its edges, underwater combat (5e, "Combat aquatique"): its attack penalties are for
weapon attacks; a spell attack (fire bolt) is not changed by them, while immersed creatures
still resist fire.

Wizard: fire bolt +5 (1d10 fire), dagger +4; goblins AC 15, 30 hp here.
"""

from helpers import act, battle, creature

# the wizard swims in deep water (no swim speed), the goblins stand on the bank or in the water
POND = "~~~~~~~~~~\n~~~~~~~~~~\n.........."


def lines(b, word):
    return [line for line in b.state.log if word in line]


def test_a_spell_attack_underwater_has_no_weapon_penalty():
    # 5e: "Une attaque avec une arme à distance rate automatiquement une cible qui est plus loin
    # que la portée normale de l'arme. Même contre une cible dans la portée normale, le jet
    # d'attaque a un désavantage": a rule for weapons; fire bolt is a spell attack, one d20
    b = battle(POND, [creature("wizard", "wizard", "blue", (0, 0)), creature("gob1", "goblin", "red", (6, 2), hp=30)],
               dice=[15, 6])
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    attack = lines(b, "attacks")[-1]
    assert "d20 15 + 5 = 20 vs AC 15, hit" in attack and "disadvantage" not in attack
    assert b.state.creatures["gob1"].hp == 30 - 6


def test_a_weapon_attack_underwater_keeps_its_penalty():
    # 5e: "Quand elle attaque avec une arme de corps à corps, une créature qui n'a pas de vitesse
    # de mouvement de nage [...] a un désavantage aux jets d'attaque": the fighter's longsword
    b = battle(POND, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (1, 0), hp=30)],
               dice=[15, 3])
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert "disadvantage: melee underwater without a swim speed" in lines(b, "attacks")[-1]


def test_fire_bolt_at_an_immersed_creature_is_resisted():
    # 5e: "Les créatures et objets qui sont complètement immergés ont une résistance aux
    # dommages de feu": 1d10 7 fire, halved to 3
    b = battle(POND, [creature("wizard", "wizard", "blue", (0, 2)), creature("gob1", "goblin", "red", (6, 0), hp=30)],
               dice=[15, 7])
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    assert "resistant to fire" in lines(b, "takes")[-1]
    assert b.state.creatures["gob1"].hp == 30 - 3
