"""`skirmish check`: validate any file (map, stat block, item, spell or scenario) and list its problems.

The loaders check each part of a file on its own (each key, creature, grid row, attack) and
raise every problem at once (content.errors.ContentErrors); a scenario that loads is then
started and its commands replayed, which finds the first illegal command. One line per
problem, `file:line: what`, at most MAX_PROBLEMS of them (then one line saying how many more)."""

from __future__ import annotations

from pathlib import Path

from ..i18n import _
from ..content.creatures import RULESETS, parse_item, parse_stat_block, schema
from ..content.errors import MAX_PROBLEMS, ContentError, problems_of, read_document
from ..content.limits import one_line
from ..content.maps import parse_map
from ..content.scenarios import is_scenario, parse_scenario
from ..rules.cards import parse_cards


def kind_of(data: dict) -> str:
    if is_scenario(data):
        return "scenario"
    if "grid" in data:
        return "map"
    if "heal" in data or data.get("kind") in ("potion", "item"):
        return "item"
    if "effect" in data and "casting_time" in data:
        return "spell"
    if "hp" in data or "ac" in data:
        return "stat block"
    if "card" in data:
        return "rule cards"
    return "unknown"


def ruleset_of(path) -> str:
    """The ruleset a stat block, item or spell file is read under: the one whose bundled folder
    holds it (assets/rulesets/RULESET/creatures/...), else 5e."""
    parts = Path(path).resolve().parts
    if len(parts) >= 3 and parts[-2] in ("creatures", "items", "spells") and parts[-3] in RULESETS:
        return parts[-3]
    return "5e"


def check_file(path: Path) -> list[str]:
    """Every problem found in the file, one line each ('file:line: what'); [] when valid."""
    try:
        data, text = read_document(path)
        kind = kind_of(data)
        if kind == "scenario":
            scenario = parse_scenario(data, path, text)  # its own ruleset
            return _check_scenario_play(scenario)
        if kind == "map":
            parse_map(data, path, text)
        elif kind == "stat block":
            parse_stat_block(data, path, text, ruleset=ruleset_of(path))  # 5e unless in a ruleset's folder
        elif kind == "item":
            parse_item(data, path, text, ruleset="5e")
        elif kind == "spell":
            schema("5e").parse_spell(data, path, text)  # a spell file is read as 5e
        elif kind == "rule cards":
            parent = Path(path).resolve().parent.name
            parse_cards(data, path, parent if parent in RULESETS else "5e")
        else:
            return [_("{path}: not a map, stat block, item, spell or scenario "
                      "(no 'grid', 'hp', 'effect', [[creature]] or [[card]])").format(path=path)]
    except ContentError as exc:
        return _lines(path, exc)
    return []


def _lines(path: Path, exc: ContentError) -> list[str]:
    """Each problem of the error, one line each (bounded)."""
    found = [str(p) for p in problems_of(exc)]
    if len(found) > MAX_PROBLEMS:
        found = found[:MAX_PROBLEMS] + [_("{path}: {count} more problems not shown").format(
            path=path, count=len(found) - MAX_PROBLEMS)]
    return found


def _check_scenario_play(scenario) -> list[str]:
    """A scenario is also checked by starting it and replaying its commands."""
    from .replay import replay

    try:
        result = replay(scenario)
    except ContentError as exc:
        return _lines(scenario.path, exc)
    if result.error:
        line = scenario.command_lines[result.failed_index]
        return [one_line(f"{scenario.path}{':' + str(line) if line else ''}: {result.error}")]
    return []
