"""Creature stat blocks and items of every ruleset: each ruleset's schema, and its bundled files.

A schema reads one ruleset's tables. It is a module (or any object) with `STAT_KEYS` (the keys a
stat block may hold, which a scenario's [[creature]] may also set to override them),
`parse_stat_block(data, path, text)`, `parse_item(data, path, text)` and, where the ruleset has
spells as data, `parse_spell(data, path, text)`; `schema_5e` is the 5e one, `schema_4e` the 4e one. The bundled files are
found by ruleset and id: `assets/rulesets/RULESET/creatures/ID.toml`, `.../items/ID.toml` and
`.../spells/ID.toml` (FORMATS.md: the same kind id names each ruleset's own creature).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..i18n import _
from . import ids, schema_4e, schema_5e, schema_35
from .errors import ContentError, read_document, relocated
from .limits import short
from .paths import RULESETS, creatures_dir, items_dir, spells_dir

# The 5e rules import these names from here.
from .schema_5e import SKILL_ABILITY, Attack, Item, StatBlock  # noqa: F401

SCHEMAS = {"5e": schema_5e, "3.5": schema_35, "4e": schema_4e}  # the rulesets whose stat blocks can be read


def schema(ruleset: str):
    """The schema of a ruleset; ContentError for a ruleset without one yet, or an unknown name."""
    if ruleset in SCHEMAS:
        return SCHEMAS[ruleset]
    if ruleset in RULESETS:
        raise ContentError(_("ruleset {ruleset} is not available yet (available: {names})").format(ruleset=short(ruleset), names=', '.join(SCHEMAS)))
    raise ContentError(_("unknown ruleset {ruleset} (known: {names})").format(ruleset=short(ruleset), names=', '.join(RULESETS)))


def bundled_kinds(ruleset: str) -> tuple[str, ...]:
    """The ids of a ruleset's bundled stat blocks, sorted (none for a ruleset without files)."""
    return _bundled_ids(creatures_dir(ruleset))


def bundled_items(ruleset: str) -> tuple[str, ...]:
    """The ids of a ruleset's bundled items, sorted."""
    return _bundled_ids(items_dir(ruleset))


def bundled_spell_ids(ruleset: str) -> tuple[str, ...]:
    """The ids of a ruleset's bundled spells, sorted (none for a ruleset without spell files)."""
    return _bundled_ids(spells_dir(ruleset))


def _bundled_ids(folder: Path) -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in folder.glob("*.toml") if ids.is_kebab(p.stem)))


def creature_path(ruleset: str, kind: str) -> Path:
    return creatures_dir(ruleset) / f"{kind}.toml"


@lru_cache(maxsize=None)
def bundled_raw(ruleset: str, kind: str) -> dict:
    """The raw table of a ruleset's bundled stat block, by id; ContentError when there is none."""
    rules = schema(ruleset)
    ids.kebab(kind, _("a creature's 'kind'"))  # an id, never a path
    kinds = bundled_kinds(ruleset)
    if kind not in kinds:
        raise ContentError(_("unknown creature kind {kind} in ruleset {ruleset} (bundled: {names})").format(kind=short(kind), ruleset=ruleset, names=', '.join(kinds)))
    path = creature_path(ruleset, kind)
    data, text = read_document(path)
    rules.parse_stat_block(data, path, text)  # validate once, with lines
    return data


def parse_stat_block(data: dict, path=None, text: str | None = None, ruleset: str = "5e"):
    """A stat block of the ruleset from its table; path and text, when given, locate the errors."""
    return schema(ruleset).parse_stat_block(data, path, text)


def load_stat_block(path: str | Path, ruleset: str = "5e"):
    """A stat block file of the ruleset."""
    data, text = read_document(path)
    return parse_stat_block(data, path, text, ruleset)


def with_overrides(ruleset: str, base: dict, overrides: dict, path=None, line=None):
    """A stat block from a bundled table and scenario overrides of its keys."""
    merged = {**base, **overrides}
    try:
        return parse_stat_block(merged, path, ruleset=ruleset)
    except ContentError as exc:
        raise relocated(exc, path, line) from None


def parse_item(data: dict, path=None, text: str | None = None, ruleset: str = "5e"):
    """An item of the ruleset from its table."""
    return schema(ruleset).parse_item(data, path, text)


@lru_cache(maxsize=None)
def bundled_spells(ruleset: str) -> dict:
    """A ruleset's bundled spells by id (its schema's `parse_spell`; {} for a ruleset without spells)."""
    rules = schema(ruleset)
    spells = {}
    for path in sorted(spells_dir(ruleset).glob("*.toml")):
        data, text = read_document(path)
        spell = rules.parse_spell(data, path, text)
        if spell.name != path.stem:
            raise ContentError(_("the spell's id {name} must be its file's name").format(name=short(spell.name)), path)
        spells[spell.name] = spell
    return spells


@lru_cache(maxsize=None)
def load_item(ruleset: str, item_id: str):
    """A ruleset's bundled item, by id; ContentError when there is none."""
    rules = schema(ruleset)
    ids.kebab(item_id, _("an item"))  # an id, never a path
    if item_id not in bundled_items(ruleset):
        raise ContentError(_("unknown item {item_id} in ruleset {ruleset} (bundled: {names})").format(item_id=short(item_id), ruleset=ruleset, names=', '.join(bundled_items(ruleset))))
    path = items_dir(ruleset) / f"{item_id}.toml"
    data, text = read_document(path)
    return rules.parse_item(data, path, text)


__all__ = [
    "RULESETS", "SCHEMAS", "schema", "bundled_kinds", "bundled_items", "bundled_spell_ids", "bundled_raw", "parse_stat_block",
    "load_stat_block", "with_overrides", "parse_item", "load_item", "bundled_spells",
    "Attack", "StatBlock", "Item", "SKILL_ABILITY",
]
