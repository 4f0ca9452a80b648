"""3.5 log lines name the rule cards they applied (`Event.rules`, `replay --json`'s
`log_rules`): each test is a tiny map, a roster, forced dice, and the ids on the lines it makes.
Every id is a card of assets/rulesets/3.5/rules.toml."""

from game.content.paths import MAPS_DIR
from game.rules.cards import cards
from helpers import computer_battle
from helpers35 import act, attack, battle, c, creature, end, force

ROW = "........\n........\n........"
SPEAR = [{"name": "spear", "kind": "melee", "to_hit": -5, "damage": "1d4-3", "type": "piercing"}]


def rules_of(b, word: str) -> tuple[str, ...]:
    """The rule ids of the last log line that contains `word`."""
    line, ids = [(line, ids) for line, ids in zip(b.state.log, b.state.log_rules) if word in line][-1]
    assert set(ids) <= set(cards("3.5")), f"{line!r} names {ids} (not all cards)"
    return tuple(ids)


def test_an_attack_names_the_roll_flanking_and_the_flat_footed_target():
    # seed 003: « on jette 1d20 auquel on ajoute le bonus d'attaque »; « Tous les combattants
    # commencent le combat pris au dépourvu »; 3.5 SRD, Flanking: the rogue opposite, +2
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("rogue", "rogue", "blue", (3, 1))])
    force(b, 15, 5)
    attack(b, "fighter", "gob", "longsword")
    ids = rules_of(b, "attacks")
    assert ids[0] == "attack-roll" and {"flanking", "flat-footed"} <= set(ids)
    assert "critical-hit" not in ids  # 15 is no threat
    assert {"damage", "hit-points"} <= set(rules_of(b, "takes"))


def test_a_confirmed_threat_names_the_critical_hit_on_the_roll_and_on_the_damage():
    # seed 003, Multiplication des dégâts: « comme par exemple lors d'un coup critique »
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    end(b, "fighter")
    force(b, 18, 13, 3, 4, 2, 1)  # falchion 18-20: 22 hits AC 17; 13 + 4 = 17 confirms
    attack(b, "orc", "fighter", "falchion")
    assert "critical-hit" in rules_of(b, "attacks") and "critical-hit" in rules_of(b, "takes")
    assert "flat-footed" not in rules_of(b, "attacks")  # the fighter has acted: no longer flat-footed


def test_a_hit_for_less_than_1_names_minimum_damage():
    # seed 003, Dégâts minimaux: « ceux-ci se montent toujours au moins à 1 point »
    b = battle(ROW, [creature("gob", "goblin", "red", (1, 1), attacks=SPEAR), creature("fighter", "fighter", "blue", (2, 1))])
    force(b, 20, 1, 2)  # a natural 20 hits; the threat is not confirmed; 1d4-3 with a 2 is -1
    attack(b, "gob", "fighter", "spear")
    assert "minimum-damage" in rules_of(b, "takes") and c(b, "fighter").hp == 27


def test_damage_reduction_is_named_only_when_it_applies():
    # 3.5 SRD, Damage reduction: the skeleton's 5/bludgeoning stops the longsword, not the mace
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("skel", "skeleton", "red", (2, 1)),
                     creature("cleric", "cleric", "blue", (3, 1))])
    force(b, 15, 8)
    attack(b, "fighter", "skel", "longsword")
    assert "damage-reduction" in rules_of(b, "takes")
    end(b, "fighter")
    end(b, "skel")
    force(b, 15, 1)
    attack(b, "cleric", "skel", "heavy-mace")
    assert "damage-reduction" not in rules_of(b, "takes") and "dead" in rules_of(b, "is dead")


def test_a_step_a_move_and_a_double_move_name_their_rules():
    # 3.5 SRD, 5-foot step; seed 003: « Effectuer deux actions de mouvement dans le même round [...]
    # permet de parcourir deux fois la distance indiquée »
    roster = [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 1))]
    b = battle(ROW, roster)
    act(b, "fighter", "step", to=[1, 1])
    assert rules_of(b, "5-foot step") == ("five-foot-step",)
    b = battle(ROW, roster)
    act(b, "fighter", "move", to=[2, 1])
    assert rules_of(b, "moves to") == ("move-action", "diagonals")
    b = battle(ROW, roster)
    act(b, "fighter", "move", to=[5, 1])  # 7.5 m: more than its speed 6 m (armour), a double move
    assert "double-move" in rules_of(b, "moves to")


def test_the_surprise_round_and_the_turns_in_it_name_the_surprise_round():
    # seed 003: « le combat commence par un round de surprise, avant le premier round normal »
    b = battle(ROW, [creature("gob", "goblin", "red", (5, 1), surprised=True),
                     creature("fighter", "fighter", "blue", (1, 1))], initiative=["gob", "fighter"])
    assert rules_of(b, "Surprise round") == ("surprise-round", "flat-footed")
    assert "surprise-round" in rules_of(b, "Fighter's turn")
    end(b, "fighter")
    assert rules_of(b, "Round 1") == ("combat-cycle",)


def test_dying_and_stabilizing_are_named_on_the_d100():
    # seed 003: « À –1, l'aventurier est mourant »; 3.5 SRD, Dying: 01-10 on d100, stable
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1), current_hp=2),
                     creature("rogue", "rogue", "blue", (6, 2))])
    force(b, 15, 2, 2)
    attack(b, "orc", "fighter", "falchion")
    assert rules_of(b, "is dying") == ("dying",)
    force(b, 55)
    end(b, "orc")
    assert rules_of(b, "d100 55") == ("dying",)
    end(b, "rogue")
    force(b, 7)
    end(b, "orc")
    assert rules_of(b, "d100 7") == ("dying", "stabilizing")


def test_leaving_a_threatened_square_names_the_attacks_of_opportunity():
    # 3.5 SRD, Attacks of opportunity: moving out of a threatened square provokes
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    end(b, "fighter")  # the fighter has acted: it is flat-footed no more
    act(b, "orc", "move", to=[5, 1])
    assert rules_of(b, "provokes") == ("attacks-of-opportunity",)
    force(b, 2)
    act(b, "fighter", "react", take=True)
    assert "attacks-of-opportunity" in rules_of(b, "attack of opportunity against")


def test_every_line_of_a_bundled_battle_names_a_rule_but_the_end():
    # the computer plays both sides of a bundled battle for a few rounds
    state = computer_battle(MAPS_DIR / "mirror-goblins.scenario.toml", "3.5", most=120).state
    assert len(state.log) > 40 and any(" attacks " in line for line in state.log)
    for line, ids in zip(state.log, state.log_rules):
        if not line.startswith("The battle is over"):  # the shared ending (engine_base) names none
            assert ids, f"{line!r} names no rule"


def test_a_walk_through_difficult_terrain_names_it():
    # 3.5 SRD, Difficult terrain: each square costs two (rubble `:`): 1 + 2 + 2 squares, a double move
    roster = [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 1))]
    b = battle("########\n.::.....\n########", roster)
    act(b, "fighter", "move", to=[3, 1])
    assert rules_of(b, "moves to") == ("move-action", "double-move", "diagonals", "difficult-terrain")
    b = battle("########\n........\n########", roster)
    act(b, "fighter", "move", to=[3, 1])
    assert "difficult-terrain" not in rules_of(b, "moves to")


def test_the_preview_names_the_same_rules_as_the_attack_line():
    # the hit preview's reasons open their cards (F2 in the window): the ids the line will name
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("rogue", "rogue", "blue", (3, 1))])
    option = next(o for o in b.legal_commands() if o.command.get("act") == "attack"
                  and o.command.get("with") == "longsword")
    assert option.preview.rules[0] == "attack-roll" and {"flanking", "flat-footed"} <= set(option.preview.rules)
    force(b, 15, 5)
    attack(b, "fighter", "gob", "longsword")
    assert set(option.preview.rules) <= set(rules_of(b, "attacks"))
