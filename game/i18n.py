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
import sys
from pathlib import Path

LANGUAGES = ("en", "fr")
LOCALE_DIR = Path(__file__).resolve().parents[1] / "assets" / "locale"

# catalogue domain -> the source paths whose marked strings it holds (game/catalogues.py
# extracts each domain from its paths; a new module's strings go to the domain of its folder,
# unless another domain names the module itself: then they are that domain's only)
DOMAINS: dict[str, tuple[str, ...]] = {
    "dnd5e": ("game/rules/dnd5e",),
    "dnd35": ("game/rules/dnd35",),
    "dnd4e": ("game/rules/dnd4e",),
    "engine": ("game/rules/api.py", "game/rules/commands.py", "game/rules/engine_base.py",
               "game/rules/errors.py", "game/rules/events.py", "game/rules/registry.py",
               "game/rules/state.py", "game/rules/words.py", "game/rules/cards.py", "game/core"),
    "content": ("game/content",),
    "session": ("game/session",),
    "cluster": ("game/session/ray_backend.py",),  # simulate --ray (a file named here leaves its folder's domain)
    "ui": ("game/ui",),
    "teaching": ("game/ui/teaching.py",),  # the teaching overlays (render --cover/--reach/--move, Shift)
    "cli": ("game/cli.py", "game/i18n.py"),
    "cards5e": ("assets/rulesets/5e/rules.toml",),  # the rule cards' titles and texts
    "cards35": ("assets/rulesets/3.5/rules.toml",),
    "cards4e": ("assets/rulesets/4e/rules.toml",),
    "demos": ("maps/demos",),  # the demos' titles and captions
    "demoui": ("game/ui/demo.py", "game/ui/card_window.py", "game/session/demos.py"),  # the demo window, rule cards
}

_language = "en"
_catalogues: dict[str, gettext.NullTranslations] = {}  # domain -> its catalogue in the language spoken
_module_domains: dict[str, str | None] = {}  # module name -> its domain (found once)


def system_language() -> str:
    """The system locale's language when it is one we speak, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def load_catalogues(lang: str) -> dict[str, gettext.NullTranslations]:
    """Every domain's compiled catalogue of `lang`, each standing alone (English: none)."""
    found: dict[str, gettext.NullTranslations] = {}
    if lang == "en":
        return found
    for domain in DOMAINS:
        try:
            found[domain] = gettext.translation(domain, LOCALE_DIR, languages=[lang])
        except OSError:
            continue  # a domain with no messages yet
    return found


def set_language(lang: str | None) -> str:
    """Speak `lang` from now on (None: the system's); returns the language chosen."""
    global _language, _catalogues
    lang = lang or system_language()
    if lang not in LANGUAGES:
        raise ValueError(f"{lang!r} is not a language of the game (known: {', '.join(LANGUAGES)})")
    _language, _catalogues = lang, load_catalogues(lang)
    return lang


def language() -> str:
    """The language spoken now: "en" or "fr"."""
    return _language


def domain_of_module(module: str) -> str | None:
    """The domain whose paths hold the module `module` (the most narrowly named one)."""
    if module not in _module_domains:
        best, best_length = None, -1
        for domain, paths in DOMAINS.items():
            for path in paths:
                dotted = (path[:-3] if path.endswith(".py") else path).replace("/", ".")
                if (module == dotted or module.startswith(dotted + ".")) and len(dotted) > best_length:
                    best, best_length = domain, len(dotted)
        _module_domains[module] = best
    return _module_domains[module]


def translated(domain: str | None, message: str) -> str:
    """`message` from `domain`'s catalogue first (the same English may read differently in two
    parts of the game: "fire" is "de feu" after 5e's damage, "feu" in a 4e keyword list), else
    from any catalogue that has it, else the English itself."""
    if not _catalogues:
        return message
    first = _catalogues.get(domain) if domain else None
    if first is not None and message in _messages(first):
        return _messages(first)[message]
    for catalogue in _catalogues.values():
        if message in _messages(catalogue):
            return _messages(catalogue)[message]
    return message


def _messages(catalogue: gettext.NullTranslations) -> dict:
    """A compiled catalogue's messages {english: translation} (a translation may equal its
    English: "poison" is "poison" in French, which must not send the lookup elsewhere)."""
    return getattr(catalogue, "_catalog", {})


def _(message: str) -> str:
    """`message` in the language spoken now, from the catalogue of the calling module's domain."""
    if not _catalogues:
        return message
    return translated(domain_of_module(sys._getframe(1).f_globals.get("__name__", "")), message)


def translator(module: str):
    """The `_` of the module named `module`, bound to its domain: for the modules that may run
    compiled (game/speedups.py), whose calls leave no frame for `_` to find its caller's by."""
    domain = domain_of_module(module)

    def _(message: str) -> str:
        """`message` in the language spoken now, from the catalogue of the module's domain."""
        if not _catalogues:
            return message
        return translated(domain, message)

    return _


def decimal(value: float, spec: str = "g") -> str:
    """A number as the language spoken writes it: "1.5" in English, "1,5" in French."""
    text = format(value, spec)
    return text.replace(".", ",") if _language == "fr" else text


def N_(message: str) -> str:
    """Marks a message for the catalogue without translating it yet (it is translated when shown)."""
    return message
