"""3.5 hit points (seed 003, "Points de vie"): « Lorsque les points de vie d'un personnage tombent
à 0, il est mis hors de combat. À –1, l'aventurier est mourant. À –10 [...] il est mort. »
Disabled at 0 (one action, a standard one costs 1 hp), dying -1 to -9 (d100 01-10 stable, else
-1 hp a turn), dead at -10, massive damage (Fort DC 15); monsters follow the same rules."""

from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def test_at_0_hp_disabled_one_action_and_a_standard_one_costs_1_hp():
    b = battle(ROW, [creature("gob", "goblin", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1), current_hp=4),
                     creature("gob2", "goblin", "red", (7, 2))])
    force(b, 15, 4)  # 15 + 2 hits AC 16 (flat-footed fighter); 1d6 4: 4 -> 0 hp
    attack(b, "gob", "fighter", "morningstar")
    assert c(b, "fighter").state == "disabled" and c(b, "fighter").hp == 0
    assert b.to_json()["creatures"]["fighter"]["state"] == "disabled"
    end(b, "gob")
    force(b, 2)
    attack(b, "fighter", "gob", "longsword")  # its one action, a standard one: it hurts
    assert c(b, "fighter").hp == -1 and c(b, "fighter").state == "dying"
    assert "unconscious" in c(b, "fighter").conditions


def test_a_disabled_creature_has_one_move_or_standard_action():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), current_hp=0), creature("gob", "goblin", "red", (7, 1))])
    assert c(b, "fighter").state == "disabled" and c(b, "fighter").limited
    assert b.movement_budget("fighter") == (3.0, 0.0)  # RULESETS.md: half speed, no double move
    act(b, "fighter", "move", to=[2, 1])
    assert not c(b, "fighter").standard and c(b, "fighter").hp == 0  # a move costs no hit point
    assert b.legal_commands()[-1].command["act"] == "end" and not any(
        o.act in ("move", "attack") for o in b.legal_commands())


def test_dying_d100_each_turn_stable_on_01_10_else_minus_1_dead_at_minus_10():
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1), current_hp=2),
                     creature("rogue", "rogue", "blue", (6, 2))])
    force(b, 15, 2, 2)  # 2d4+4 = 8: 2 -> -6 hp, dying
    attack(b, "orc", "fighter", "falchion")
    assert c(b, "fighter").state == "dying" and c(b, "fighter").hp == -6
    force(b, 55)  # FORMATS.md: one d100 at the start of its turn; 55: it loses 1 hp, its turn ends
    end(b, "orc")
    assert b.current.id == "rogue" and c(b, "fighter").hp == -7 and "d100 55" in last(b, "d100")
    end(b, "rogue")
    force(b, 7)  # 01-10: stable
    end(b, "orc")
    assert c(b, "fighter").state == "stable" and c(b, "fighter").hp == -7
    end(b, "rogue")
    # helpless: +4 to hit, Dexterity 0 (AC 17 - 1 - 5 = 11); a stable creature hit again: 2d4+4 = 6, -13, dead
    force(b, 3, 1, 1)
    attack(b, "orc", "fighter", "falchion")
    assert "helpless target +4" in last(b, "attacks") and "d20 3 +8 = 11 vs AC 11" in last(b, "attacks")
    assert c(b, "fighter").state == "dead" and c(b, "fighter").hp == -13


def test_massive_damage_fortitude_dc_15_or_die():
    # 3.5 SRD, Massive damage: one hit of 50 or more, Fort DC 15 or die (the giant: Fort +12)
    club = [{"name": "club", "kind": "melee", "to_hit": 10, "damage": "60", "type": "bludgeoning"}]
    roster = [creature("ogre", "ogre", "red", (1, 1), attacks=club), creature("giant", "hill-giant", "blue", (3, 1)),
              creature("gob", "goblin", "blue", (7, 2))]
    b = battle(ROW, roster)
    force(b, 15, 2)  # a hit; Fortitude d20 2 + 12 = 14: it dies with 42 hp left
    attack(b, "ogre", "giant", "club")
    assert c(b, "giant").state == "dead" and c(b, "giant").hp == 42 and "massive damage" in last(b, "Fortitude")
    b = battle(ROW, roster)
    force(b, 15, 3)  # 3 + 12 = 15: it lives
    attack(b, "ogre", "giant", "club")
    assert c(b, "giant").state == "conscious" and c(b, "giant").hp == 42


def test_a_coup_de_grace_is_an_automatic_critical_then_fortitude_or_death():
    # 3.5 SRD, Coup de grace: a full-round action against a helpless foe: an automatic critical
    # hit, then Fortitude DC 10 + damage or it dies; never against a creature immune to criticals
    b = battle(ROW, [creature("rogue", "rogue", "blue", (2, 0)), creature("ogre", "ogre", "red", (2, 1), current_hp=2),
                     creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (7, 0))])
    force(b, 15, 1, 1, 1, 50)  # rapier 1 + 1, sneak attack 1 + 1 (flat-footed): -2, dying; its d100 50: -3
    b.submit({"actor": "rogue", "act": "attack", "target": "ogre", "with": "rapier"})
    end(b, "rogue")
    assert b.current.id == "fighter" and c(b, "ogre").hp == -3
    (option,) = [o for o in b.legal_commands() if o.act == "coup_de_grace"]
    assert option.preview.crit_chance == 1.0
    force(b, 1, 1, 20)  # longsword x2: (1 + 2) + (1 + 2) = 6: -9; Fortitude 20 + 6 = 26 vs 16: it lives
    act(b, "fighter", "coup_de_grace", target="ogre", **{"with": "longsword"})
    assert c(b, "ogre").hp == -9 and c(b, "ogre").state == "dying" and "it lives" in last(b, "coup de grace:")
    assert not c(b, "fighter").standard and not c(b, "fighter").move_action
    assert b.check({"actor": "rogue", "act": "coup_de_grace", "target": "orc"}) is not None
    end(b, "fighter")
    end(b, "orc")
    assert b.check({"actor": "rogue", "act": "coup_de_grace", "target": "orc"}) == "orc is not helpless"
