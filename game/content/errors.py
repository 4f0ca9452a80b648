"""The one error every loader raises, naming the file and, where known, the line."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path


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


def read_document(path: str | Path) -> tuple[dict, str]:
    """A TOML (or JSON) file as a dict, with its text for locating lines."""
    path = Path(path)
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


def key_line(text: str | None, key: str) -> int | None:
    """The line where a top-level key is set, like 'grid = ...'."""
    if not text:
        return None
    pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            return number
    return None
