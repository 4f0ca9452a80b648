"""The 4e battle in French (`set_language("fr")`): the log lines, the refusals, the options, the
action bar and the offers are made in French, in the 4e words (action simple / de mouvement /
mineure, avantage de combat, en sang, récupération, décalage); ids, rule ids and numbers stay
what they are in English."""

import pytest

from game import i18n
from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.rules.cards import card, card_lines
from game.rules.errors import IllegalCommand
from game.session.replay import replay
from helpers import computer_battle
from helpers4e import act, battle4e, creature, force

ROW = "........\n........\n........"
SCENARIO = MAPS_DIR / "mirror-goblins.scenario.toml"
# a few words only the English lines say
ENGLISH = (" uses ", "'s turn", " takes ", " damage", " rolls ", " moves to ", " hit", " miss")


def attack(b, actor, target, power, **extra):
    return act(b, actor, "attack", target=target, **{"with": power}, **extra)


def commands_of_a_battle() -> list[dict]:
    """The commands the computer plays for both sides, some rounds of the bundled scenario."""
    return list(computer_battle(SCENARIO, "4e").state.played)


def test_a_bundled_battle_replays_in_french_with_the_same_rules_and_numbers():
    commands = commands_of_a_battle()
    english = replay(load_scenario(SCENARIO, "4e"), commands).battle.state
    i18n.set_language("fr")
    try:
        french = replay(load_scenario(SCENARIO, "4e"), commands).battle.state
    finally:
        i18n.set_language("en")
    assert len(french.log) == len(english.log) > 30
    assert french.log_rules == english.log_rules  # the rules applied do not change with the language
    assert any(line.startswith("Tour de ") for line in french.log)
    assert any(" utilise " in line and " contre CA " in line for line in french.log)
    for line in french.log:
        assert not any(word in line for word in ENGLISH), f"English left in {line!r}"


def test_an_attack_and_its_condition_in_french(french):
    # 4e: d20 + bonus contre la défense du pouvoir (ici Vigueur); slowed = ralenti
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (5, 1))])
    force(b, 10, 3)
    attack(b, "wizard", "orc", "chill-ray")
    assert "Wizard utilise rayon glacial sur Orc : d20 10 +5 = 15 contre Vig 15 : touché" in b.state.log
    assert any(line.startswith("Orc est ralenti (jusqu'à la fin du prochain tour de Wizard)") for line in b.state.log)


def test_ongoing_damage_and_saves_in_french(french):
    b = battle4e(ROW, [creature("spider", "giant-spider", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    b.state.creatures["spider"].x = 2
    force(b, 15, 5)
    attack(b, "spider", "fighter", "bite")
    assert "Fighter subit 5 dégâts continus de type poison (sauvegarde annule)" in b.state.log
    act(b, "spider", "end")
    force(b, 10)
    act(b, "fighter", "end")
    assert "Fighter réussit sa sauvegarde contre dégâts continus 5 de type poison : d20 10 = 10, l'effet prend fin" \
        in b.state.log


def test_refusals_are_in_french(french):
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (5, 1))])
    act(b, "fighter", "total_defense")
    with pytest.raises(IllegalCommand, match="Fighter n'a plus d'action simple ce tour-ci"):
        act(b, "fighter", "second_wind")
    assert b.check({"actor": "fighter", "act": "escape"}) == "Fighter n'est pas agrippé"
    assert b.why_not("charge") == "Fighter n'a plus d'action simple ce tour-ci"


def test_options_action_bar_and_views_are_in_french(french):
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    labels = [o.label for o in b.legal_commands()]
    assert "finir le tour" in labels and "second souffle" in labels
    assert any(label.startswith("se décaler jusqu'en ") for label in labels)
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "heavy-blow")
    assert preview.uses == "simple" and preview.defence.startswith("CA ")
    bar = {a.key: a for a in b.acts()}
    assert bar["shift"].title == "Décalage" and bar["second_wind"].title == "Second souffle"
    assert "récupération" in bar["second_wind"].tip
    view = b.view("fighter")
    assert view.defence.startswith("CA ") and " Vig " in view.defence and " Réf " in view.defence
    assert [r.name for r in view.resources][:3] == ["simple", "mouvement", "mineure"]


def test_a_4e_rule_card_in_french(french):
    lines = card_lines(card("4e", "combat-advantage"))
    assert lines[0] == "Avantage de combat [combat-advantage, 4e]"
    assert lines[2].startswith("+2 pour attaquer une cible qui ne vous voit pas")
    assert any("« La séquence de combat »" in line for line in lines)  # the seed's section, no seed words


def test_a_run_reads_its_metres_with_the_french_decimal_comma(french):
    # every distance in French is written with a comma, as the seed writes « 1,50 m »
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("orc", "orc", "red", (7, 2))])
    act(b, "fighter", "run", to=[5, 1])
    assert any("(7,5 m)" in line for line in b.state.log), b.state.log[-3:]
