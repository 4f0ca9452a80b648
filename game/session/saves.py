"""Saves: a scenario plus the commands played so far, written as TOML, atomically.

A save is a scenario (FORMATS.md), so any save replays headless. The writer covers the
subset of TOML the formats use: strings, numbers, booleans, arrays, tables and arrays of
tables. The file appears whole or not at all: it is written beside its target, then renamed.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from ..content.maps import resolve_map
from ..content.paths import MAPS_DIR
from ..content.errors import ContentError, read_document

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if "\n" in value and "'''" not in value and "\r" not in value:
            return "'''\n" + value + "'''"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def to_toml(data: dict) -> str:
    """TOML text for a scenario-shaped dict: plain keys, then tables, then arrays of tables."""
    lines = []
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    arrays = {k: v for k, v in data.items()
              if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)}
    for key, value in data.items():
        if key not in tables and key not in arrays:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, table in tables.items():
        lines += ["", f"[{_key(key)}]"]
        lines += [f"{_key(k)} = {_value(v)}" for k, v in table.items()]
    for key, items in arrays.items():
        for item in items:
            lines += ["", f"[[{_key(key)}]]"]
            lines += [f"{_key(k)} = {_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def save_data(battle) -> dict:
    """The save of a battle: its scenario with the commands played so far."""
    scenario = battle.scenario
    data = {k: v for k, v in scenario.raw.items() if k != "command"}
    mapref = data.get("map")
    if isinstance(mapref, str):
        path = resolve_map(mapref, scenario.path.parent if scenario.path else None)
        if path.parent.resolve() != MAPS_DIR.resolve():
            data["map"] = read_document(path)[0]  # a map beside the scenario travels inline
    data["seed"] = scenario.seed  # `play --seed N` changed it: the save must replay with it
    if scenario.ruleset != data.get("ruleset", "5e"):
        data["ruleset"] = scenario.ruleset  # `play --ruleset R` changed it: so must the save
    data["command"] = list(battle.state.played)
    return data


def write_save(battle, path: str | Path) -> Path:
    """Write the battle's save to path atomically; returns the path."""
    return write_text(path, to_toml(save_data(battle)))


def write_text(path: str | Path, text: str) -> Path:
    """Write a file atomically (beside it, then renamed: whole or not at all); returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


__all__ = ["to_toml", "save_data", "write_save", "write_text", "ContentError"]
