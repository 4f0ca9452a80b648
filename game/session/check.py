"""`skirmish check`: validate any file (map, stat block, item, spell or scenario) and list its problems."""

from __future__ import annotations

from pathlib import Path

from ..content.creatures import parse_item, parse_stat_block, schema
from ..content.errors import ContentError, read_document
from ..content.maps import parse_map
from ..content.scenarios import is_scenario, parse_scenario


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
    return "unknown"


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
            parse_stat_block(data, path, text, ruleset="5e")  # a stat block file is read as 5e
        elif kind == "item":
            parse_item(data, path, text, ruleset="5e")
        elif kind == "spell":
            schema("5e").parse_spell(data, path, text)  # a spell file is read as 5e
        else:
            return [f"{path}: not a map, stat block, item, spell or scenario "
                    "(no 'grid', 'hp', 'effect' or [[creature]])"]
    except ContentError as exc:
        return [str(exc)]
    return []


def _check_scenario_play(scenario) -> list[str]:
    """A scenario is also checked by starting it and replaying its commands."""
    from .replay import replay

    try:
        result = replay(scenario)
    except ContentError as exc:
        return [str(exc)]
    if result.error:
        line = scenario.command_lines[result.failed_index]
        return [f"{scenario.path}{':' + str(line) if line else ''}: {result.error}"]
    return []
