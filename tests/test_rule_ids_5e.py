"""The rule ids a 5e log line names (Event.rules, `replay --json`'s log_rules): each line names the
rule cards it applied, read from what the engine already knew (the attack's reasons, the damage's
outcome), and every id is a card of assets/rulesets/5e/rules.toml."""

import pytest

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.rules.cards import cards
from game.rules.registry import new_battle
from game.session.ai import choose
from helpers import act, battle, creature, force

ROW = "..........\n..........\n.........."
CARDS = cards("5e")

# the ids other work builds on (demos, the rule viewer): each has its card
FIXED_IDS = """initiative surprise your-turn bonus-action reactions movement difficult-terrain prone
moving-around-creatures flying squeezing attack-action dash disengage dodge help hide ready cast-spell
use-object attack-roll rolling-1-or-20 advantage unseen-attackers ranged-attack ranged-in-close-combat
melee-attack reach opportunity-attack two-weapon-fighting grapple escape-grapple shove contests cover-half
cover-three-quarters cover-total damage-roll critical-hit damage-types resistance-vulnerability healing
dropping-to-0 instant-death death-saves stabilize monsters-die knocking-out temporary-hp mounted-combat
underwater-combat saving-throw conditions""".split()


def only(events, kind):
    """The one event of this kind among a command's events."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, [(e.kind, e.text) for e in events]
    return found[0]


@pytest.mark.parametrize("rule_id", FIXED_IDS)
def test_every_fixed_rule_id_has_its_card(rule_id):
    assert rule_id in CARDS


def test_every_card_names_only_cards_it_sees():
    for c in CARDS.values():
        assert all(other in CARDS for other in c.see), c.id


def test_an_attack_through_half_cover_names_cover_half():
    # 5e, Abris: "Une cible qui a un abri partiel (50%) obtient un bonus de +2 à la CA"; a
    # pillar between the archer and the fighter blocks two of the four lines: half cover
    b = battle(".......\n...#...\n.......", [creature("gob1", "goblin", "red", (0, 1)),
                                             creature("fighter", "fighter", "blue", (6, 1))], dice=[15, 3])
    attack = only(act(b, "gob1", "attack", **{"target": "fighter", "with": "shortbow"}), "attack")
    assert "vs AC 19 + 2 half cover" in attack.text
    assert attack.rules[0] == "attack-roll"
    assert {"ranged-attack", "cover-half"} <= set(attack.rules)
    assert "advantage" not in attack.rules  # no reason for advantage or disadvantage here


def test_an_attack_in_the_open_names_no_cover():
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)),
                     creature("fighter", "fighter", "blue", (6, 1))], dice=[15, 3])
    attack = only(act(b, "gob1", "attack", **{"target": "fighter", "with": "shortbow"}), "attack")
    assert not any(r.startswith("cover-") for r in attack.rules)


def test_a_provoked_attack_names_opportunity_attack_and_reactions():
    # 5e, Attaques d'opportunité: "quand une créature hostile que vous pouvez voir sort de votre portée"
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                     creature("fighter", "fighter", "blue", (3, 1))], dice=[15, 4])
    offered = act(b, "gob1", "move", to=[0, 1])
    assert {"opportunity-attack", "reactions"} <= set(only(offered, "offer").rules)
    events = act(b, "fighter", "react", take=True)
    attack = only(events, "attack")
    assert {"attack-roll", "opportunity-attack", "reactions", "melee-attack"} <= set(attack.rules)
    assert "damage-roll" in only(events, "damage").rules
    assert "movement" in only(events, "move").rules  # the move goes on after the reaction


def test_a_death_save_names_death_saves():
    # 5e, Jet de sauvegarde contre la mort: "Lancez un dé 20. Si le résultat est supérieur ou égal à 10,
    # vous réussissez."
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 0)),
                     creature("fighter", "fighter", "blue", (5, 1), current_hp=0),
                     creature("cleric", "cleric", "blue", (9, 2))], dice=[12])
    events = act(b, "gob1", "end")
    save = only(events, "death_save")
    assert save.rules == ("death-saves",)
    assert b.state.creatures["fighter"].death_successes == 1
    assert all(e.rules == ("your-turn",) for e in events if e.kind == "turn")


def test_a_natural_20_names_the_critical_hit_on_the_attack_and_its_damage():
    # 5e, Faire 1 ou 20: "Si le jet du d20 pour une attaque est un 20, l'attaque touche"; Coups
    # critiques: "Jetez deux fois tous les dés de dégâts"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1), hp=30)], dice=[20, 3, 4])
    events = act(b, "fighter", "attack", **{"target": "gob1", "with": "longsword"})
    assert {"rolling-1-or-20", "critical-hit"} <= set(only(events, "attack").rules)
    damage = only(events, "damage")
    assert damage.data["amount"] == 3 + 4 + 3
    assert {"damage-roll", "damage-types", "critical-hit"} <= set(damage.rules)


def test_a_plain_hit_names_neither_natural_roll_nor_critical():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1), hp=30)], dice=[14, 3])
    events = act(b, "fighter", "attack", **{"target": "gob1", "with": "longsword"})
    rules = only(events, "attack").rules
    assert "rolling-1-or-20" not in rules and "critical-hit" not in rules
    assert "critical-hit" not in only(events, "damage").rules


def test_advantage_on_a_prone_target_names_advantage_and_prone():
    # SRD 5.1, Prone: an attack from within 1.5 m has advantage
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1), hp=30, conditions=["prone"])], dice=[9, 14, 3])
    attack = only(act(b, "fighter", "attack", **{"target": "gob1", "with": "longsword"}), "attack")
    assert "(advantage)" in attack.text
    assert {"advantage", "prone", "melee-attack"} <= set(attack.rules)


def test_a_bow_shot_beside_a_foe_names_ranged_in_close_combat():
    # 5e: "vous avez un désavantage au jet d'attaque si vous êtes 1,50 mètre ou moins d'une créature hostile"
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)),
                     creature("fighter", "fighter", "blue", (1, 1))], dice=[15, 3, 3])
    attack = only(act(b, "gob1", "attack", **{"target": "fighter", "with": "shortbow"}), "attack")
    assert {"advantage", "ranged-in-close-combat", "ranged-attack"} <= set(attack.rules)


def test_a_monster_at_0_hit_points_names_monsters_die():
    # 5e, Les monstres et la mort: "La plupart des MD font mourir un monstre dès lors qu'il est à 0 point de vie"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1))], dice=[15, 8])
    damage = only(act(b, "fighter", "attack", **{"target": "gob1", "with": "longsword"}), "damage")
    assert damage.data["state"] == "dead"
    assert "monsters-die" in damage.rules and "instant-death" not in damage.rules


def test_a_hero_dropped_to_0_names_dropping_to_0_and_a_big_blow_instant_death():
    # 5e, Passer sous 0 point de vie; Mort instantanée: the damage left over at least the maximum
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), current_hp=5)], dice=[18, 4])
    damage = only(act(b, "gob1", "attack", **{"target": "fighter", "with": "scimitar"}), "damage")
    assert damage.data["state"] == "unconscious" and "dropping-to-0" in damage.rules
    assert "instant-death" not in damage.rules
    # an ogre's critical greatclub (4d8 + 4 = 36) on a wizard at 1 of its 20 hit points: 35 left over
    b = battle(ROW, [creature("ogre", "ogre", "red", (0, 0)),
                     creature("wizard", "wizard", "blue", (2, 1), current_hp=1)], dice=[20, 8, 8, 8, 8])
    damage = only(act(b, "ogre", "attack", **{"target": "wizard", "with": "greatclub"}), "damage")
    assert damage.data["state"] == "dead"
    assert "instant-death" in damage.rules and "dropping-to-0" not in damage.rules


def test_a_goblins_dash_as_a_bonus_action_names_dash_and_bonus_action():
    # SRD 5.1, Goblin, Nimble Escape: Disengage or Hide as a bonus action
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (9, 1))])
    action = only(act(b, "gob1", "disengage", bonus=True), "action")
    assert action.rules == ("disengage", "bonus-action")
    assert only(act(b, "gob1", "dash"), "action").rules == ("dash",)  # the action itself


def test_a_move_through_difficult_terrain_names_difficult_terrain():
    # 5e, Terrain difficile: "Chaque mètre sur un terrain difficile coûte un mètre supplémentaire"
    b = battle("..::....\n........", [creature("fighter", "fighter", "blue", (0, 0)),
                                      creature("gob1", "goblin", "red", (7, 1))])
    move = only(act(b, "fighter", "move", path=[[1, 0], [2, 0], [3, 0]]), "move")
    assert move.data["cost"] == 7.5
    assert move.rules == ("movement", "difficult-terrain")
    b = battle("..::....\n........", [creature("fighter", "fighter", "blue", (0, 1)),
                                      creature("gob1", "goblin", "red", (7, 1))])
    assert only(act(b, "fighter", "move", to=[3, 1]), "move").rules == ("movement",)


def test_a_move_through_an_allys_space_names_moving_around_creatures():
    # 5e, Se déplacer autour d'autres créatures: "Vous pouvez vous déplacer à travers l'espace
    # occupé par une créature non hostile [...] cet espace reste un terrain difficile pour vous"
    def roster():
        return [creature("fighter", "fighter", "blue", (0, 0)), creature("cleric", "cleric", "blue", (1, 0)),
                creature("gob1", "goblin", "red", (7, 1))]
    b = battle(ROW, roster())
    move = only(act(b, "fighter", "move", path=[[1, 0], [2, 0]]), "move")
    assert move.data["cost"] == 4.5 and move.rules == ("movement", "moving-around-creatures")
    b = battle(ROW, roster())  # walking round the ally: no card for it
    assert only(act(b, "fighter", "move", path=[[1, 1], [2, 0]]), "move").rules == ("movement",)


def test_a_grapple_names_grapple_and_its_contest():
    # 5e, Lutte: "un jet de Force (Athlétisme) en opposition"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1))], dice=[15, 2])
    events = act(b, "fighter", "grapple", target="gob1")
    checks = [e for e in events if e.kind == "check"]
    assert len(checks) == 2 and all(e.rules == ("contests", "grapple") for e in checks)
    assert only(events, "condition").rules == ("grapple",)


def test_every_line_of_a_played_bundled_battle_names_cards():
    # the computer plays the default skirmish for a few rounds: no line without a rule id
    b = new_battle(load_scenario(MAPS_DIR / "default.scenario.toml"))
    for _i in range(80):
        if b.state.over:
            break
        b.submit(choose(b, "normal"))
    assert len(b.state.log) > 30 and not b.state.over  # (the end of the battle is engine_base's line)
    for line, ids in zip(b.state.log, b.state.log_rules):
        assert ids, f"{line!r} names no rule"
        assert all(i in CARDS for i in ids), (line, ids)
    named = {i for ids in b.state.log_rules for i in ids}
    assert {"initiative", "order-of-combat", "your-turn", "attack-roll", "damage-roll"} <= named


def test_forcing_dice_is_what_the_rule_tests_rely_on():
    # the helpers' forced dice are read in order: a first d20 of 1 is a natural 1 and names it
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1))])
    force(b, 1)
    attack = only(act(b, "fighter", "attack", **{"target": "gob1", "with": "longsword"}), "attack")
    assert "miss (natural 1)" in attack.text and "rolling-1-or-20" in attack.rules


def test_the_shield_spell_names_shield_reactions_and_cast_spell():
    # SRD 5.1, Shield: a reaction when hit; 5e, Réactions: one until the start of the next turn
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)),
                     creature("wizard", "wizard", "blue", (1, 1))], dice=[12])
    offer = only(act(b, "gob1", "attack", **{"target": "wizard", "with": "scimitar"}), "offer")
    assert offer.rules == ("shield", "reactions")
    events = act(b, "wizard", "react", take=True)
    assert only(events, "cast").rules == ("shield", "cast-spell", "reactions")
    assert only(events, "attack").data["hit"] is False and "shield" in only(events, "attack").rules


def test_a_goblin_hiding_as_a_bonus_action_names_hide_and_bonus_action():
    # 5e, Se cacher: a Dexterity (Stealth) check; SRD 5.1, Nimble Escape: Hide as a bonus action
    b = battle(".......\n...#...\n.......", [creature("gob1", "goblin", "red", (0, 1)),
                                             creature("fighter", "fighter", "blue", (6, 1))], dice=[15])
    events = act(b, "gob1", "hide", bonus=True)
    assert only(events, "check").rules == ("hide", "bonus-action")
    hidden = only(events, "condition")
    assert hidden.data["condition"] == "hidden" and hidden.rules == ("hide", "bonus-action")


def test_the_preview_names_the_cards_of_its_odds_half_cover_and_the_attack_roll():
    # seed, Abris: « Une cible qui a un abri partiel (50%) obtient un bonus de +2 à la CA »: the
    # hover card's reasons open the same cards as the line the attack will write
    b = battle(".......\n...#...\n.......", [creature("gob1", "goblin", "red", (0, 1)),
                                             creature("fighter", "fighter", "blue", (6, 1))])
    option = next(o for o in b.legal_commands() if o.command.get("act") == "attack"
                  and o.command.get("with") == "shortbow")
    assert option.preview.cover == "half"
    assert option.preview.rules[0] == "attack-roll" and "cover-half" in option.preview.rules
