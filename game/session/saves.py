"""Saves: a scenario plus the commands played so far, written as TOML, atomically.

A save is a scenario (FORMATS.md), so any save replays headless. The writer covers the
subset of TOML the formats use: strings, numbers, booleans, arrays, tables and arrays of
tables. The file appears whole or not at all: it is written beside its target, then renamed.
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from pathlib import Path

from ..content.maps import resolve_map
from ..content.tiled import terrain_of
from ..content.paths import MAPS_DIR
from ..content.errors import ContentError, read_document

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
WRAP = 100  # an array longer than this on one line is written one item a line


def _escaped(text: str, newlines: bool = False) -> str:
    """text inside a TOML basic string: quotes, backslashes and every control character
    escaped (newlines kept as they are in a multi-line string)."""
    out = []
    for char in text:
        if char == "\n" and newlines:
            out.append(char)
        elif char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char < " " or "\x7f" <= char <= "\x9f" or "\ud800" <= char <= "\udfff":
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return "".join(out)


def _string(text: str) -> str:
    if "\n" in text:
        return '"""\n' + _escaped(text, newlines=True) + '"""'  # the newline after the quotes is dropped
    return '"' + _escaped(text) + '"'


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else '"' + _escaped(key) + '"'


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if value != value else "inf" if value > 0 else "-inf")
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        items = [_value(v) for v in value]
        line = "[" + ", ".join(items) + "]"
        if len(line) <= WRAP or any("\n" in item for item in items):
            return line
        return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def _is_tables(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(i, dict) for i in value)


def _table(lines: list[str], header: str | None, table: dict) -> None:
    """A table's keys, then its tables and arrays of tables as sections under `header`."""
    for key, value in table.items():
        if not isinstance(value, dict) and not _is_tables(value):
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in table.items():
        name = f"{header}.{_key(key)}" if header else _key(key)
        if isinstance(value, dict):
            lines += ["", f"[{name}]"]
            _table(lines, name, value)
        elif _is_tables(value):
            for item in value:
                lines += ["", f"[[{name}]]"]
                _table(lines, name, item)


def to_toml(data: dict) -> str:
    """TOML text for a document: each table's plain keys, then its tables and arrays of tables as
    sections. The one writer of the game's files: every string is escaped (so any string
    a file may hold reads back the same) and long arrays are wrapped (so no line is long)."""
    lines: list[str] = []
    _table(lines, None, data)
    return "\n".join(lines).lstrip("\n") + "\n"


def save_data(battle) -> dict:
    """The save of a battle: its scenario with the commands played so far."""
    scenario = battle.scenario
    data = {k: v for k, v in scenario.raw.items() if k != "command"}
    mapref = data.get("map")
    if isinstance(mapref, str):
        path = resolve_map(mapref, scenario.path.parent if scenario.path else None)
        if path.parent.resolve() != MAPS_DIR.resolve():
            data["map"] = terrain_of(read_document(path)[0])  # a map beside the scenario travels inline
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
