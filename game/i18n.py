"""The words people read, in their language: English (the source) or French, through gettext.

Every message shown or printed is written in English in the code, marked with `_()` (or `N_()`
where it is only named and translated later), and looked up at the moment it is shown in the
compiled catalogues under `assets/locale/fr/LC_MESSAGES/`, one per domain (DOMAINS: who owns
which strings). The language is chosen once per run: `--lang`, else the system's locale, else
English. Ids, JSON keys and files never change with it. `docs/TRANSLATING.md` tells a
translator how to update the catalogues (Babel's `pybabel extract / update / compile`, driven by
`tools/translations.py`).
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).resolve().parents[1] / "assets" / "locale"

# catalogue domain -> the source paths whose marked strings it holds (tools/translations.py
# extracts each domain from its paths; a new module's strings go to the domain of its folder)
DOMAINS: dict[str, tuple[str, ...]] = {
    "dnd5e": ("game/rules/dnd5e",),
    "dnd35": ("game/rules/dnd35",),
    "dnd4e": ("game/rules/dnd4e",),
    "engine": ("game/rules/api.py", "game/rules/commands.py", "game/rules/engine_base.py",
               "game/rules/errors.py", "game/rules/events.py", "game/rules/registry.py",
               "game/rules/state.py", "game/rules/words.py", "game/rules/cards.py", "game/core"),
    "content": ("game/content",),
    "session": ("game/session",),
    "ui": ("game/ui",),
    "cli": ("game/cli.py", "game/i18n.py"),
    "cards5e": ("assets/rulesets/5e/rules.toml",),  # the rule cards' titles and texts
    "cards35": ("assets/rulesets/3.5/rules.toml",),
    "cards4e": ("assets/rulesets/4e/rules.toml",),
    "demos": ("maps/demos",),  # the demos' titles and captions
}

_language = "en"
_translation: gettext.NullTranslations = gettext.NullTranslations()


def system_language() -> str:
    """The system locale's language when it is one we speak, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def load_translation(lang: str) -> gettext.NullTranslations:
    """Every domain's catalogue of `lang`, chained (English: the messages as written)."""
    if lang == "en":
        return gettext.NullTranslations()
    chain: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        try:
            catalogue = gettext.translation(domain, LOCALE_DIR, languages=[lang])
        except OSError:
            continue  # a domain with no messages yet
        if chain is None:
            chain = catalogue
        else:
            chain.add_fallback(catalogue)
    return chain or gettext.NullTranslations()


def set_language(lang: str | None) -> str:
    """Speak `lang` from now on (None: the system's); returns the language chosen."""
    global _language, _translation
    lang = lang or system_language()
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language of the game (known: {', '.join(LANGUAGES)})")
    _language, _translation = lang, load_translation(lang)
    return lang


def language() -> str:
    """The language spoken now: "en" or "fr"."""
    return _language


def _(message: str) -> str:
    """`message` in the language spoken now (the English itself when it has no translation)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form of a message for `n`, in the language spoken now."""
    return _translation.ngettext(singular, plural, n)


def decimal(value: float, spec: str = "g") -> str:
    """A number as the language spoken writes it: "1.5" in English, "1,5" in French."""
    text = format(value, spec)
    return text.replace(".", ",") if _language == "fr" else text


def N_(message: str) -> str:
    """Marks a message for the catalogue without translating it yet (it is translated when shown)."""
    return message
