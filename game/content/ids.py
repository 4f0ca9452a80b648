"""What an id may be: the one check of every name a file gives for something else to be found by.

Kinds, items, spells and bundled map names are kebab-case ids (`goblin`, `potion-of-healing`),
looked up among the ruleset's bundled ids and never joined to a path as given. Creature ids and
side names are letters, digits, `_` and `-` (starting with a letter or digit). Both are at most
MAX_ID characters. FORMATS.md ("Limits") says the same.
"""

from __future__ import annotations

import re

from ..i18n import _
from .errors import ContentError
from .limits import MAX_ID, short

KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def is_kebab(value) -> bool:
    """A kebab-case id (a kind, an item, a spell, a bundled map)."""
    return isinstance(value, str) and len(value) <= MAX_ID and KEBAB.fullmatch(value) is not None


def is_name(value) -> bool:
    """A creature id or a side name."""
    return isinstance(value, str) and len(value) <= MAX_ID and NAME.fullmatch(value) is not None


def kebab(value, what: str, path=None, line=None) -> str:
    """value when it is a kebab-case id; else ContentError naming `what`."""
    if not is_kebab(value):
        raise ContentError(_("{what} must be a kebab-case id like 'goblin' (a-z, 0-9 and '-', at most {MAX_ID}), got {value}").format(what=what, MAX_ID=MAX_ID, value=short(value)), path, line)
    return value


def name(value, what: str, path=None, line=None) -> str:
    """value when it is a creature id or side name; else ContentError naming `what`."""
    if not is_name(value):
        raise ContentError(_("{what} must be letters, digits, '_' or '-' (at most {MAX_ID}), got {value}").format(what=what, MAX_ID=MAX_ID, value=short(value)), path, line)
    return value
