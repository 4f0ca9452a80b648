"""The one error every loader raises, naming the file and, where known, the line; and the
collector that lets a loader find every problem of a file before it raises them all at once."""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from contextlib import contextmanager
from pathlib import Path

from ..i18n import _
from . import limits

MAX_PROBLEMS = 50  # `skirmish check` lists at most this many problems of one file


class ContentError(ValueError):
    """A file that is not valid: where (file, line) and what is wrong, as one line."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path or ""
        if self.path and self.line:
            where += f":{self.line}"
        return limits.one_line(f"{where}: {self.message}" if where else self.message)


class ContentErrors(ContentError):
    """Several problems of one file found at once: `problems` holds each (one line each); as a
    ContentError it reads as the first, with how many more there are."""

    def __init__(self, problems: list[ContentError]):
        self.problems = list(problems)
        first, more = self.problems[0], len(self.problems) - 1
        message = (_("{message} (and 1 more problem)") if more == 1
                   else _("{message} (and {more} more problems)")).format(message=first.message, more=more)
        super().__init__(message,
                         first.path, first.line)


def problems_of(exc: ContentError) -> list[ContentError]:
    """Each problem an error holds (one, unless it is a ContentErrors)."""
    return list(exc.problems) if isinstance(exc, ContentErrors) else [exc]


def relocated(exc: ContentError, path, line: int | None, prefix: str = "") -> ContentError:
    """The same problems said of another place (a scenario's [[creature]] line), each message
    prefixed; a problem that knows its own line keeps it when no line is given."""
    moved = [ContentError(prefix + p.message, path, line if line is not None else p.line)
             for p in problems_of(exc)]
    return moved[0] if len(moved) == 1 else ContentErrors(moved)


class Problems:
    """A file's problems, gathered part by part: a part that fails is noted and the next one is
    checked all the same; `raise_all()` then raises them together, in line order."""

    def __init__(self, path=None) -> None:
        self.path = path
        self.found: list[ContentError] = []

    def add(self, message: str, line: int | None = None) -> None:
        self.found.append(ContentError(message, self.path, line))

    @contextmanager
    def part(self):
        """One part of the file: its first problem is noted, and checking goes on after it."""
        try:
            yield
        except ContentError as exc:
            self.found.extend(problems_of(exc))

    def get(self, read, default=None):
        """read() when it succeeds, else default (its problem noted)."""
        with self.part():
            return read()
        return default

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_all(self) -> None:
        """Raise what was found, in the order of the file's lines (those without a line first)."""
        if len(self.found) == 1:
            raise self.found[0]
        if self.found:
            raise ContentErrors(sorted(self.found, key=lambda p: p.line or 0))


def read_document(path: str | Path) -> tuple[dict, str]:
    """A TOML (or JSON) file as a dict, with its text for locating lines; a Tiled map (.tmx,
    .tmj) as the plain data of a map or scenario (content/tiled.py), with no text.

    Only a regular file is read (not a directory, a FIFO or a device such as /dev/zero), of
    at most MAX_FILE_BYTES, with lines of at most MAX_LINE_CHARS (a Tiled file: its size
    only); its values are then held to the limits of `limits.value_problem`. Anything else is
    one ContentError."""
    path = Path(path)
    from .tiled import is_tiled, read_tiled

    if is_tiled(path):
        check_regular(path)
        return checked_values(read_tiled(path), path, ""), ""
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once (and is refused below)
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ContentError(_("no such file"), path) from None
    except OSError as exc:
        raise ContentError(_("cannot read: {value}").format(value=exc.strerror or exc), path) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise ContentError(_("not a regular file"), path)
        os.set_blocking(handle, True)
        with os.fdopen(handle, "rb", closefd=False) as stream:
            raw = stream.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ContentError(_("cannot read: {value}").format(value=exc.strerror or exc), path) from None
    finally:
        os.close(handle)
    if len(raw) > limits.MAX_FILE_BYTES:
        raise ContentError(_("the file is larger than {max_file_bytes} MB").format(max_file_bytes=limits.MAX_FILE_BYTES // (1024 * 1024)), path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(_("cannot read: not UTF-8 text (byte {start})").format(start=exc.start), path) from None
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark
    _check_lines(text, path)
    return parse_document(text, path), text


def _check_lines(text: str, path) -> None:
    """Refuse a line longer than MAX_LINE_CHARS, naming it."""
    if len(text) <= limits.MAX_LINE_CHARS:
        return
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > limits.MAX_LINE_CHARS:
            raise ContentError(_("line of {count} characters (at most {max_line_chars})").format(count=len(line), max_line_chars=limits.MAX_LINE_CHARS), path, number)


def parse_document(text: str, path: str | Path | None = None) -> dict:
    """The table a TOML (or, for a .json path, JSON) text holds, its values within the limits."""
    try:
        if str(path).endswith(".json"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ContentError(_("invalid JSON: {msg}").format(msg=exc.msg), path, exc.lineno) from None
        else:
            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError as exc:
                found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
                message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
                raise ContentError(_("invalid TOML: {message}").format(message=message), path, int(found.group(1)) if found else None) from None
    except RecursionError:
        raise ContentError(_("nested too deep (at most {max_depth} levels of tables and arrays)").format(max_depth=limits.MAX_DEPTH), path) from None
    except ValueError as exc:  # an integer of thousands of digits
        if isinstance(exc, ContentError):
            raise
        raise ContentError(_("a number too long to read (integers are 64-bit)"), path) from None
    if not isinstance(data, dict):
        raise ContentError(_("the file must hold a table of keys"), path)
    return checked_values(data, path, text)


def checked_values(data: dict, path, text: str) -> dict:
    """data, when every value of it is within the limits (limits.value_problem); else the
    ContentError of the first one that is not."""
    found = limits.value_problem(data)
    if found:
        place, problem = found
        raise ContentError(_("{value}: {problem}").format(value=limits.where(place), problem=problem), path, _line_of_place(text, place))
    return data


def check_regular(path: Path) -> None:
    """ContentError unless path names a regular file of at most MAX_FILE_BYTES (for a file that
    another library opens by its name: a Tiled map, its tilesets)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ContentError(_("no such file"), path) from None
    except OSError as exc:
        raise ContentError(_("cannot read: {value}").format(value=exc.strerror or exc), path) from None
    if not stat.S_ISREG(info.st_mode):
        raise ContentError(_("not a regular file"), path)
    if info.st_size > limits.MAX_FILE_BYTES:
        raise ContentError(_("the file is larger than {max_file_bytes} MB").format(max_file_bytes=limits.MAX_FILE_BYTES // (1024 * 1024)), path)


def _line_of_place(text: str, place: tuple) -> int | None:
    """The line of a value's place, where it is easy to know: a top-level key, or the header of
    an item of a top-level array of tables ([[creature]] 2)."""
    if not place or not isinstance(place[0], str):
        return None
    if len(place) >= 2 and isinstance(place[1], int):
        return lines_of(text, f"[[{place[0]}]]", place[1] + 1)[place[1]]
    return key_line(text, place[0])


def line_of(text: str | None, header: str, index: int = 0) -> int | None:
    """The line of the index-th occurrence of a table header like '[[creature]]' in text."""
    if not text:
        return None
    count = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith(header):
            if count == index:
                return number
            count += 1
    return None


def lines_of(text: str | None, header: str, count: int) -> list[int | None]:
    """The lines of the first `count` occurrences of a table header, in one pass over the text
    (None for those not found)."""
    found: list[int | None] = []
    if text and count:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip().startswith(header):
                found.append(number)
                if len(found) == count:
                    break
    return found + [None] * (count - len(found))


def key_line(text: str | None, key: str) -> int | None:
    """The line where a key is first set, like 'grid = ...' (one pass over the text, kept for
    the next call on the same text: a file of many keys costs one pass, not one per key)."""
    if not text:
        return None
    return _key_index(text).get(key)


_KEY_AT_START = re.compile(r"""\s*(?:"([^"\\]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")
_LAST_INDEX: list = [None, {}]  # [the text, its index]: the file being read


def _key_index(text: str) -> dict[str, int]:
    """Each key set at the start of a line of text -> the first line that sets it."""
    if _LAST_INDEX[0] is not text:
        index: dict[str, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            found = _KEY_AT_START.match(line)
            if found:
                index.setdefault(next(g for g in found.groups() if g is not None), number)
        _LAST_INDEX[:] = [text, index]
    return _LAST_INDEX[1]
