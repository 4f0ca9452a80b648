"""Every message the game shows has its French: the catalogues of every domain are complete,
keep the English {fields}, and are compiled (assets/locale; game/catalogues.py finds the gaps)."""

import pytest

from game import i18n
from game.catalogues import DOMAINS, fields, problems


@pytest.mark.parametrize("domain", list(DOMAINS))
def test_every_message_of_the_domain_has_its_french(domain):
    assert problems(domain) == []


def test_fields_are_the_placeholders_a_translation_must_keep():
    assert fields("{name} attacks {target}") == {"name", "target"}
    assert fields("no placeholder") == set()


def test_the_language_comes_from_the_flag_then_the_locale_then_english(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.system_language() == "fr"
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert i18n.system_language() == "en"  # a language the game does not speak: English
    try:
        assert i18n.set_language(None) == "en"
        assert i18n.set_language("fr") == "fr"
        assert i18n._("In the rule text: section \u00ab {section} \u00bb") != "In the rule text: section \u00ab {section} \u00bb"
        with pytest.raises(ValueError):
            i18n.set_language("de")
    finally:
        i18n.set_language("en")


def test_an_untranslated_message_reads_in_english_under_french():
    try:
        i18n.set_language("fr")
        assert i18n._("a message no catalogue holds") == "a message no catalogue holds"
    finally:
        i18n.set_language("en")


def test_a_module_with_a_domain_of_its_own_leaves_its_folders():
    from game.catalogues import ROOT, source_files

    backend = ROOT / "game" / "session" / "ray_backend.py"
    assert source_files("cluster") == [backend]
    assert backend not in source_files("session") and ROOT / "game" / "session" / "simulate.py" in source_files("session")


def test_a_message_reads_as_the_domain_of_the_module_that_shows_it():
    # "End turn" is "Fin du tour" on a 5e button and "Finir le tour" on a 3.5 one: each module
    # is answered from its own domain's catalogue first
    from game.rules.cards import card
    from game.rules.dnd35 import options as options35
    try:
        i18n.set_language("fr")
        assert i18n.domain_of_module(options35.__name__) == "dnd35"
        assert i18n.domain_of_module("game.ui.teaching") == "teaching"  # named narrower than game/ui
        assert i18n.translated("dnd35", "End turn") != i18n.translated("dnd5e", "End turn")
        assert i18n.translated("dnd4e", "poison") == "poison"  # the same word in French, kept
        assert card("3.5", "five-foot-step").title_shown == "Pas de 1,50 m"  # the card's own catalogue
    finally:
        i18n.set_language("en")


def _copy_of_the_catalogues(tmp_path, monkeypatch):
    import shutil

    from game import catalogues
    from game.i18n import LOCALE_DIR

    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", copy)
    return catalogues, copy


def test_updating_unchanged_code_rewrites_the_catalogues_byte_for_byte(tmp_path, monkeypatch):
    # no line numbers, no fresh date: a merge of two branches' catalogues meets no churn
    catalogues, copy = _copy_of_the_catalogues(tmp_path, monkeypatch)
    before = {p: p.read_bytes() for p in copy.rglob("cli.po*")}
    catalogues.update("cli")
    assert {p: p.read_bytes() for p in copy.rglob("cli.po*")} == before
    assert b"game/cli.py:" not in (copy / "fr" / "LC_MESSAGES" / "cli.po").read_bytes()


def test_adopt_takes_another_copys_french_for_the_messages_without_any(tmp_path, monkeypatch):
    catalogues, copy = _copy_of_the_catalogues(tmp_path, monkeypatch)
    po = copy / "fr" / "LC_MESSAGES" / "cli.po"
    other = tmp_path / "other.po"
    other.write_bytes(po.read_bytes())
    english = [m.id for m in catalogues.read_catalogue("cli") if m.id][0]
    french = catalogues.read_catalogue("cli").get(english).string
    catalog = catalogues.read_catalogue("cli")
    catalog.get(english).string = ""
    catalogues.write_catalogue("cli", catalog)
    assert english in catalogues.todo("cli")
    assert catalogues.adopt("cli", other) == 1
    assert catalogues.read_catalogue("cli").get(english).string == french
    assert catalogues.todo("cli") == {}
