"""The rulesets by name: "5e" (the default), "3.5" and "4e", each a package beside this module.

`ruleset(name)` gives the Ruleset (api.py); `new_battle(scenario)` builds a battle under the
scenario's ruleset. Only this module names the ruleset packages; everything outside
game/rules reaches a ruleset through it and api.py.
"""

from __future__ import annotations

import importlib

from ..content.errors import ContentError
from ..content.paths import RULESETS
from ..i18n import _

DEFAULT = "5e"
NAMES = RULESETS  # the names a scenario's `ruleset` and `--ruleset` may give (content.paths)
# name -> the package that holds it (None: not written yet)
PACKAGES: dict[str, str | None] = {**dict.fromkeys(NAMES), "5e": "game.rules.dnd5e", "3.5": "game.rules.dnd35",
                                   "4e": "game.rules.dnd4e"}


class UnknownRuleset(ContentError):
    """A ruleset name the game does not know, or one not available yet."""


def available() -> list[str]:
    return [name for name, package in PACKAGES.items() if package is not None]


def ruleset(name: str = DEFAULT):
    """The Ruleset of that name; UnknownRuleset (a clear line) when there is none."""
    if name not in PACKAGES:
        raise UnknownRuleset(_("unknown ruleset {name!r} (known: {known})").format(name=name, known=", ".join(NAMES)))
    package = PACKAGES[name]
    if package is None:
        raise UnknownRuleset(_("ruleset {name!r} is not available yet (available: {known})").format(
            name=name, known=", ".join(available())))
    return importlib.import_module(package).RULESET


def new_battle(scenario):
    """A battle of the scenario, under its ruleset (UnknownRuleset names the scenario's file)."""
    try:
        rules = ruleset(scenario.ruleset)
    except UnknownRuleset as exc:
        raise UnknownRuleset(exc.message, scenario.path) from None
    return rules.new_battle(scenario)


__all__ = ["DEFAULT", "NAMES", "UnknownRuleset", "available", "ruleset", "new_battle"]
