"""The limits every file the game reads is held to, and the one walk that checks a document's values.

A small file must not make large work: these bounds are checked where the input enters (reading
a document, parsing dice, reading a map, a scenario's roster and commands), each with one clear
line, so no later part meets a value it cannot handle. FORMATS.md ("Limits") lists them.
"""

from __future__ import annotations

import math
import re

from ..i18n import _
from ..core.dice import MAX_BONUS, MAX_DICE, MAX_FACES  # the dice's own limits, checked as they are parsed

MAX_FILE_BYTES = 16 * 1024 * 1024  # a file read (a save of 200,000 short commands is about 8 MB)
MAX_LINE_CHARS = 10_000  # characters on one line of a file
MAX_DEPTH = 16  # tables and arrays nested in one another (a command's `then.path` is 6 deep)
MAX_INT = 2 ** 63 - 1  # TOML's integers are 64-bit
MAX_TEXT = 1_000  # characters of a string or key (a title, a name, an id, ...)
LONG_TEXT_KEYS = frozenset({"grid"})  # a map's grid: bounded by MAX_MAP_SIDE instead
MAX_ID = 64  # characters of an id (creature, side, kind, item, spell, map name)
MAX_MAP_SIDE = 200  # squares across or down a map
MAX_CREATURES = 500  # creatures in one scenario
MAX_COMMANDS = 200_000  # commands in one scenario or save
MAX_FORCED_DICE = 200_000  # faces in a scenario's `dice`
MAX_METRES = 10_000.0  # any distance, speed or altitude, in metres
MAX_ITEMS = 1_000  # items of an array (attacks, spells, a move's path, ...), but these:
LONG_ARRAYS = {"command": MAX_COMMANDS, "dice": MAX_FORCED_DICE}

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")
# characters no string may hold: the C0 controls but tab, newline and carriage return, DEL,
# the C1 controls and lone surrogates (JSON can spell those; they cannot be written back)
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def bad_char(text: str) -> str | None:
    """The first character of text a file may not hold, or None."""
    found = _BAD_CHARS.search(text)
    return found.group() if found else None


def short(value, limit: int = 80) -> str:
    """repr(value), cut to about `limit` characters: what an error line may quote of a value."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def where(path: tuple) -> str:
    """A value's place in a document, like creature[2].stats.hp (an odd key quoted)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = part if _PLAIN_KEY.fullmatch(part) else short(part)
            out += f".{name}" if out else name
    return out or _("the document")


def one_line(text: str) -> str:
    """text with every control character (a newline too) written as an escape: an error line
    stays one line whatever value it quotes."""
    return "".join(repr(c)[1:-1] if c < " " or "\x7f" <= c <= "\x9f" else c for c in text)


def value_problem(data) -> tuple[tuple, str] | None:
    """(where, what is wrong) for the first value of a parsed document out of bounds, or None.

    Walks the document without recursion: nesting depth, 64-bit integers, finite numbers,
    strings and keys without control characters and within MAX_TEXT (a `grid` within the
    map's size), and only the values TOML and JSON share (no JSON null, no TOML date)."""
    stack = [((), data, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            if not -MAX_INT - 1 <= value <= MAX_INT:
                return path, _("integer out of range (64 bits)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                return path, _("{value} is not a number the game can use (finite numbers only)").format(value=value)
        elif isinstance(value, str):
            problem = text_problem(value, path[-1] in LONG_TEXT_KEYS if path else False)
            if problem:
                return path, problem
        elif isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                return path, _("nested too deep (at most {max_depth} levels of tables and arrays)").format(max_depth=MAX_DEPTH)
            if isinstance(value, dict):
                for key, item in value.items():
                    problem = key_problem(key)
                    if problem:
                        return path, _("key {key}: {problem}").format(key=short(key), problem=problem)
                    stack.append(((*path, key), item, depth + 1))
            else:
                most = LONG_ARRAYS.get(path[-1], MAX_ITEMS) if path and isinstance(path[-1], str) else MAX_ITEMS
                if len(value) > most:
                    return path, _("an array of {count} items (at most {most:,})").format(count=len(value), most=most)
                stack.extend(((*path, i), item, depth + 1) for i, item in enumerate(value))
        elif value is None:
            return path, _("null is not a value (leave the key out)")
        else:
            return path, _("a {type} is not a value the game reads (no dates or times)").format(type=type(value).__name__)
    return None


def key_problem(key) -> str | None:
    """What is wrong with a key of a file (its length, any control character), or None."""
    if not isinstance(key, str):
        return _("a key must be a string")
    if any(c in "\t\n\r" for c in key):
        return _("a key holds a tab or a line break")
    return text_problem(key, False)


def text_problem(text: str, long: bool) -> str | None:
    """What is wrong with a string of a file (its length, a control character), or None."""
    if not long and len(text) > MAX_TEXT:
        return _("a string of {count} characters (at most {most})").format(count=len(text), most=MAX_TEXT)
    char = bad_char(text)
    if char is not None:
        return _("a string holds the control character U+{code:04X}").format(code=ord(char))
    return None


__all__ = [
    "MAX_FILE_BYTES", "MAX_LINE_CHARS", "MAX_DEPTH", "MAX_INT", "MAX_TEXT", "LONG_TEXT_KEYS", "MAX_ID",
    "MAX_DICE", "MAX_FACES", "MAX_BONUS", "MAX_MAP_SIDE", "MAX_CREATURES", "MAX_COMMANDS",
    "MAX_FORCED_DICE", "MAX_METRES", "MAX_ITEMS", "LONG_ARRAYS", "bad_char", "short", "where", "one_line", "value_problem", "key_problem",
    "text_problem",
]
