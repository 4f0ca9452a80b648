"""The 5e ruleset in French: its log lines, refusals, option labels and acts are translated when
they are made (game.i18n.set_language); ids, JSON keys, Event.data and rule ids never change with
the language, and nothing in the engine or the computer players reads the words."""

from game import i18n
from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.rules.cards import card, card_lines
from game.session.replay import replay
from helpers import act, battle, computer_battle, creature

ROW = "..........\n..........\n.........."
DEFAULT = MAPS_DIR / "default.scenario.toml"


def default_battle(most: int = 70):
    """The default skirmish played by the computer on both sides for `most` commands."""
    return computer_battle(DEFAULT, level="normal", most=most)


def without_log(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "log"}


def test_a_bundled_battle_replayed_in_french_keeps_its_json_and_rule_ids():
    english = default_battle()
    commands = list(english.state.played)
    assert len(commands) > 20
    i18n.set_language("fr")
    try:
        result = replay(load_scenario(DEFAULT), commands)
    finally:
        i18n.set_language("en")
    assert result.error is None
    french = result.battle
    # JSON keys, ids, positions, hit points and the rule ids of every line: the same
    assert without_log(french.to_json()) == without_log(english.to_json())
    assert french.state.log_rules == english.state.log_rules
    # the words are French: most lines differ, and they read the seed's vocabulary
    en_log, fr_log = english.state.log, french.state.log
    assert len(fr_log) == len(en_log)
    assert sum(a != b for a, b in zip(en_log, fr_log)) > len(en_log) * 0.8
    text = "\n".join(fr_log)
    assert "lance l'initiative" in text and "Tour de Wizard" in text
    assert "dégâts" in text and " contre CA " in text
    assert "initiative" in " ".join(en_log) and "Tour de" not in "\n".join(en_log)


def test_the_computer_plays_the_same_commands_in_french():
    # nothing the computer weighs is words: the same seed, the same commands in both languages
    english = default_battle(40).state.played
    i18n.set_language("fr")
    try:
        french = default_battle(40).state.played
    finally:
        i18n.set_language("en")
    assert french == english


def test_an_opportunity_attack_reads_in_french(french):
    # 5e, Attaques d'opportunité: the fighter strikes the goblin leaving its reach
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                     creature("fighter", "fighter", "blue", (3, 1))], dice=[15, 4])
    offer = act(b, "gob1", "move", to=[0, 1])
    offered = [e.text for e in offer if e.kind == "offer"]
    assert offered == ["Fighter peut faire une attaque d'opportunité contre Goblin"]
    events = act(b, "fighter", "react", take=True)
    attack = next(e for e in events if e.kind == "attack")
    assert attack.text == ("Fighter fait une attaque d'opportunité contre Goblin avec épée longue : "
                           "d20 15 + 5 = 20 contre CA 15, touché")
    assert attack.data["hit"] is True and "opportunity-attack" in attack.rules
    damage = next(e for e in events if e.kind == "damage")
    assert damage.text == "Goblin subit 7 dégâts tranchants (1d8 4 +3)"
    assert damage.data["type"] == "slashing"  # the data keeps the id


def test_half_cover_and_advantage_read_in_french(french):
    # 5e, Abris: "abri partiel"; a prone target within 1.5 m: "avantage"
    b = battle(".......\n...#...\n.......", [creature("gob1", "goblin", "red", (0, 1)),
                                             creature("fighter", "fighter", "blue", (6, 1))], dice=[15, 3])
    attack = next(e for e in act(b, "gob1", "attack", **{"target": "fighter", "with": "shortbow"})
                  if e.kind == "attack")
    assert "contre CA 19 + 2 abri partiel" in attack.text
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1), hp=30, conditions=["prone"])], dice=[9, 14, 3])
    attack = next(e for e in act(b, "fighter", "attack", **{"target": "gob1", "with": "longsword"})
                  if e.kind == "attack")
    assert "d20 9/14 (avantage) 14" in attack.text and "[avantage : cible à terre à 1,50 m]" in attack.text


def test_a_death_save_reads_in_french(french):
    # 5e, Jet de sauvegarde contre la mort
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 0)),
                     creature("fighter", "fighter", "blue", (5, 1), current_hp=0),
                     creature("cleric", "cleric", "blue", (9, 2))], dice=[4])
    save = next(e for e in act(b, "gob1", "end") if e.kind == "death_save")
    assert save.text == ("Fighter fait un jet de sauvegarde contre la mort : d20 4, échec "
                         "(réussites : 0, échecs : 1)")
    assert save.rules == ("death-saves",)


def test_a_refusal_is_french_and_names_ids(french):
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1), hp=30)], dice=[2])
    act(b, "fighter", "dodge")
    assert b.check({"actor": "fighter", "act": "dodge"}) == "fighter a déjà utilisé son action ce tour-ci"
    assert b.check({"actor": "fighter", "act": "stand"}) == "fighter n'est pas à terre"


def test_the_action_bar_and_the_options_are_french(french):
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)),
                     creature("gob1", "goblin", "red", (1, 1))])
    titles = {a.key: a.title for a in b.acts()}
    assert titles["dash"] == "Courir" and titles["disengage"] == "Se désengager" and titles["end"] == "Fin du tour"
    labels = [o.label for o in b.legal_commands()]
    assert "finir le tour" in labels and "esquiver" in labels
    attack = next(o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "longsword")
    assert attack.label.startswith("attaquer gob1 avec longsword : ")
    assert attack.command == {"actor": "fighter", "act": "attack", "target": "gob1", "with": "longsword"}


def test_a_rule_card_of_5e_reads_in_french(french):
    lines = card_lines(card("5e", "opportunity-attack"))
    assert lines[0] == "Attaque d'opportunité [opportunity-attack, 5e]"
    assert "réaction" in lines[2]
    assert any("You can make an opportunity attack" in line for line in lines)  # the SRD stays English


def test_english_is_back_after_french():
    i18n.set_language("fr")
    i18n.set_language("en")
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob1", "goblin", "red", (5, 1))])
    assert [e.text for e in act(b, "fighter", "dodge")] == ["Fighter dodges"]


def test_distances_read_with_a_decimal_comma_in_french(french):
    # 5e, Terrain difficile: two squares of rubble cost 3 m each; French writes 7,5 m (as the seed's "1,50 m")
    b = battle("..::....\n........", [creature("fighter", "fighter", "blue", (0, 0)),
                                      creature("gob1", "goblin", "red", (7, 1))])
    move = next(e for e in act(b, "fighter", "move", path=[[1, 0], [2, 0], [3, 0]]) if e.kind == "move")
    assert move.text == "Fighter se déplace en [3, 0], 7,5 m (1,5 m restants)"
    assert move.data["cost"] == 7.5  # the data keeps the number
