"""The one error every loader raises, naming the file and, where known, the line; and the
collector that lets a loader find every problem of a file before it raises them all at once."""

from __future__ import annotations

import json
import re
import tomllib
from contextlib import contextmanager
from pathlib import Path

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
        return f"{where}: {self.message}" if where else self.message


class ContentErrors(ContentError):
    """Several problems of one file found at once: `problems` holds each (one line each); as a
    ContentError it reads as the first, with how many more there are."""

    def __init__(self, problems: list[ContentError]):
        self.problems = list(problems)
        first, more = self.problems[0], len(self.problems) - 1
        super().__init__(f"{first.message} (and {more} more problem{'s' if more > 1 else ''})",
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
    .tmj) as the plain data of a map or scenario (content/tiled.py), with no text."""
    path = Path(path)
    from .tiled import is_tiled, read_tiled

    if is_tiled(path):
        return read_tiled(path), ""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError("no such file", path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"cannot read: {exc}", path) from None
    return parse_document(text, path), text


def parse_document(text: str, path: str | Path | None = None) -> dict:
    if str(path).endswith(".json"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ContentError(f"invalid JSON: {exc.msg}", path, exc.lineno) from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            found = re.search(r"\(at line (\d+), column \d+\)", str(exc))
            message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
            raise ContentError(f"invalid TOML: {message}", path, int(found.group(1)) if found else None) from None
    if not isinstance(data, dict):
        raise ContentError("the file must hold a table of keys", path)
    return data


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
    """The line where a top-level key is set, like 'grid = ...'."""
    if not text:
        return None
    pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None
