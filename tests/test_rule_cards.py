"""Rule cards: every id a log line names is a card of its ruleset; cards quote their seed
faithfully; `skirmish rules` prints them in both languages."""

import re
from pathlib import Path

import pytest

from game import i18n
from game.cli import main
from game.content.paths import MAPS_DIR, ROOT, RULESETS
from game.content.scenarios import load_scenario
from game.rules.cards import card, card_lines, cards
from game.session.replay import replay

SEEDS = {"5e": "000_ccd98195f0e3e23c.txt", "3.5": "003_31509cf6c8fbfe7e.txt", "4e": "004_b9e14c99cd56d68d.txt"}
SEEDS_DIR = ROOT.parent / "shared" / "seeds"
# the 3.5 seed runs as one paragraph: its headings stand inside the line, so they are named here
# (each is checked to stand in the seed's text)
INLINE_HEADINGS = {"3.5": ("Le combat", "Déroulement du combat", "Valeurs de combat", "Jet d'attaque",
                           "Bonus d'attaque", "Dégâts", "Classe d'armure (CA)", "Points de vie",
                           "Vitesse de déplacement", "Jets de sauvegarde")}


def words(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def bundled_scenarios():
    return sorted(p for p in MAPS_DIR.rglob("*.scenario.toml"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_a_log_line_names_is_a_card_of_its_ruleset(ruleset):
    known = cards(ruleset)
    for path in bundled_scenarios():
        battle = replay(load_scenario(path, ruleset)).battle
        assert len(battle.state.log_rules) == len(battle.state.log)
        for line, ids in zip(battle.state.log, battle.state.log_rules):
            for rule_id in ids:
                assert rule_id in known, f"{path.name} under {ruleset}: {line!r} names {rule_id!r}"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_card_quotes_its_seed_word_for_word_under_one_of_its_headings(ruleset):
    seed = SEEDS_DIR / SEEDS[ruleset]
    if not seed.exists():
        pytest.skip(f"the rule texts are not beside the repository ({SEEDS_DIR})")
    text = seed.read_text(encoding="utf-8")
    headings = {words(line) for line in text.splitlines() if line.strip()}
    body = words(text)
    for heading in INLINE_HEADINGS.get(ruleset, ()):
        assert words(heading) in body, f"{heading!r} does not stand in the {ruleset} seed"
        headings.add(words(heading))
    for c in cards(ruleset).values():
        assert words(c.seed_section) in headings, f"{c.id}: no section {c.seed_section!r} in the seed"
        for part in re.split(r"\s*(?:\[\u2026\]|\u2026)\s*", c.seed_words):
            assert words(part) in body, f"{c.id}: the seed does not say {part!r}"


def test_the_rules_command_prints_a_card_and_lists_the_ids(capsys):
    assert main(["rules", "cover-half", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Half cover [cover-half, 5e]")
    assert "abri partiel" in shown and "+2 bonus to AC" in shown
    assert main(["rules"]) == 0
    assert re.search(r"^cover-half +Half cover$", capsys.readouterr().out, re.M)


def test_the_french_card_keeps_the_id_and_translates_the_words(capsys):
    try:
        assert main(["rules", "cover-half", "--lang", "fr"]) == 0
        shown = capsys.readouterr().out
    finally:
        i18n.set_language("en")
    assert "[cover-half, 5e]" in shown and "Half cover" not in shown


def test_an_unknown_rule_id_is_one_line_and_exit_2(capsys):
    assert main(["rules", "no-such-rule"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no-such-rule" in err


def test_card_lines_name_the_seed_section():
    lines = card_lines(card("5e", "cover-half"))
    assert any("Abris" in line for line in lines)
    assert Path(SEEDS["5e"]).suffix == ".txt"
