"""The 3.5 battle in French (`set_language("fr")`): the log lines, the refusals, the options, the
action bar and the offers are made in French, with the seed's words; ids, rule ids and numbers
stay what they are in English."""

import pytest

from game import i18n
from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.rules.cards import card, card_lines
from game.rules.errors import IllegalCommand
from game.session.replay import replay
from helpers import computer_battle
from helpers35 import act, attack, battle, creature, end, force

ROW = "........\n........\n........"
SCENARIO = MAPS_DIR / "mirror-goblins.scenario.toml"
# a few words only the English lines say
ENGLISH = (" attacks ", "'s turn", " takes ", " damage", " rolls ", " moves to ", " ends its turn")


def played(commands=None):
    """The bundled scenario's battle after the given commands (none: its initiative only)."""
    return replay(load_scenario(SCENARIO, "3.5"), commands or []).battle


def commands_of_a_battle() -> list[dict]:
    """The commands the computer plays for both sides, some rounds of the bundled scenario."""
    return list(computer_battle(SCENARIO, "3.5").state.played)


def test_a_bundled_battle_replays_in_french_with_the_same_rules_and_numbers():
    commands = commands_of_a_battle()
    english = played(commands).state
    i18n.set_language("fr")
    try:
        french = played(commands).state
    finally:
        i18n.set_language("en")
    assert len(french.log) == len(english.log) > 30
    assert french.log_rules == english.log_rules  # the rules applied do not change with the language
    assert any(line.startswith("Tour de ") for line in french.log)
    assert any(" attaque " in line and " contre CA " in line for line in french.log)
    for line in french.log:
        assert not any(word in line for word in ENGLISH), f"English left in {line!r}"
    assert english.log != french.log


def test_an_attack_line_in_french(french):
    # seed 003: « jet d'attaque », « pris au dépourvu », « prise en tenaille »
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("rogue", "rogue", "blue", (3, 1))])
    force(b, 15, 5)
    attack(b, "fighter", "gob", "longsword")
    (line,) = [line for line in b.state.log if line.startswith("Fighter attaque Goblin avec épée longue : d20 15 +")]
    assert "contre CA 14 (pris au dépourvu)" in line and "prise en tenaille avec Rogue +2" in line
    assert line.endswith(", touché")
    assert any(line.startswith("Goblin subit ") and line.endswith(" pv)") for line in b.state.log)


def test_a_dying_creature_in_french(french):
    # seed 003: « À –1, l'aventurier est mourant »
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1), current_hp=2),
                     creature("rogue", "rogue", "blue", (6, 2))])
    force(b, 15, 2, 2)
    attack(b, "orc", "fighter", "falchion")
    assert b.state.log[-1] == "Fighter est mourant"
    force(b, 55)
    end(b, "orc")
    assert "Fighter jette d100 55 : perd 1 point de vie" in b.state.log


def test_refusals_are_in_french(french):
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 1))])
    act(b, "fighter", "step", to=[1, 1])
    with pytest.raises(IllegalCommand, match="a fait un pas de 1,50 m ce tour-ci : aucun autre déplacement"):
        act(b, "fighter", "move", to=[2, 1])
    assert b.check({"actor": "fighter", "act": "stand"}) == "fighter n'est pas à terre"
    assert b.why_not("step") == "Fighter a déjà fait son pas de 1,50 m ce tour-ci"  # names, not ids


def test_options_action_bar_and_offers_are_in_french(french):
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    labels = [o.label for o in b.legal_commands()]
    assert "Défense totale" in labels and "Finir le tour" in labels
    assert any(label.startswith("Pas de 1,50 m jusqu'en ") for label in labels)
    preview = next(o.preview for o in b.legal_commands() if o.command.get("act") == "attack")
    assert preview.uses == "action simple" and preview.defence.startswith("CA ")
    titles = {a.key: a for a in b.acts()}
    assert titles["move"].title == "Se déplacer" and "action de mouvement" in titles["move"].tip
    assert b.view("fighter").resources[0].name == "action simple"
    end(b, "fighter")
    act(b, "orc", "move", to=[5, 1])
    offer = b.offer()
    assert offer.question == "Orc provoque une attaque d'opportunité de Fighter — la prendre ?"
    assert [o.label for o in b.legal_commands()][-1] == "Laisser passer"


def test_a_35_rule_card_in_french(french):
    lines = card_lines(card("3.5", "flat-footed"))
    assert lines[0] == "Pris au dépourvu [flat-footed, 3.5]"
    assert "Tous les combattants commencent le combat pris au dépourvu." in lines[-3]


def test_distances_are_written_with_the_french_decimal_comma(french):
    # the seeds write « 1,50 m »: a move's cost reads "1,5 m" in French, "1.5 m" in English
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (6, 1))])
    labels = [o.label for o in b.legal_commands() if o.command.get("act") == "move"]
    assert "Se déplacer jusqu'en [0, 0] (1,5 m)" in labels
