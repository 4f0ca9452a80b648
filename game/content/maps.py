"""Maps: the grid of terrain characters, its legend and spawn points, as a Board."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..core.board import Board
from ..core.terrain import KIND_BY_CHAR, TERRAIN, kind_from_name
from .errors import ContentError, key_line, line_of, read_document
from .paths import MAPS_DIR

MAP_KEYS = {"name", "grid", "legend", "spawn", "description"}


@dataclass(frozen=True)
class MapData:
    name: str
    board: Board
    spawns: tuple[tuple[str, tuple[int, int]], ...]
    rows: tuple[str, ...]


def resolve_map(reference: str, relative_to: Path | None = None) -> Path:
    """A map named in a scenario: a bundled name, or a path relative to the scenario."""
    candidates = []
    if relative_to is not None:
        candidates.append(relative_to / reference)
    candidates += [MAPS_DIR / f"{reference}.toml", MAPS_DIR / f"{reference}.json", MAPS_DIR / reference]
    for path in candidates:
        if path.is_file():
            return path
    raise ContentError(f"unknown map {reference!r} (not in maps/ nor a file)")


def load_map(path: str | Path) -> MapData:
    data, text = read_document(path)
    return parse_map(data, path, text)


def parse_map(data: dict, path: str | Path | None = None, text: str | None = None) -> MapData:
    def fail(message: str, line: int | None = None) -> ContentError:
        return ContentError(message, path, line)

    unknown = set(data) - MAP_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(f"unknown map key {key!r}", key_line(text, key))
    grid = data.get("grid")
    if not isinstance(grid, str) or not grid.strip():
        raise fail("a map needs a 'grid' string of terrain characters", key_line(text, "grid"))
    name = data.get("name", Path(str(path)).stem if path else "map")
    if not isinstance(name, str):
        raise fail("'name' must be a string", key_line(text, "name"))

    chars = dict(KIND_BY_CHAR)
    legend = data.get("legend", {})
    if not isinstance(legend, dict):
        raise fail("'legend' must be a table of character = terrain name", line_of(text, "[legend]"))
    for char, meaning in legend.items():
        kind = kind_from_name(meaning) if isinstance(meaning, str) else None
        if len(char) != 1:
            raise fail(f"legend key {char!r} must be one character", line_of(text, "[legend]"))
        if kind is None:
            names = ", ".join(TERRAIN["name"])
            raise fail(f"legend {char!r}: unknown terrain {meaning!r} (known: {names})", line_of(text, "[legend]"))
        chars[char] = kind

    rows = grid.split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    rows = [row.rstrip("\r") for row in rows]
    grid_line = key_line(text, "grid")
    first_row_line = grid_line + 1 if grid_line else None

    def row_line(r: int) -> int | None:
        return first_row_line + r if first_row_line else None

    width = len(rows[0])
    terrain = np.zeros((len(rows), width), np.uint8)
    for r, row in enumerate(rows):
        if len(row) != width:
            raise fail(f"grid row {r} has {len(row)} squares, row 0 has {width}", row_line(r))
        for c, char in enumerate(row):
            if char not in chars:
                raise fail(f"grid row {r} column {c}: unknown terrain character {char!r}", row_line(r))
            terrain[r, c] = chars[char]
    board = Board(terrain)

    spawns = []
    raw_spawns = data.get("spawn", [])
    if not isinstance(raw_spawns, list):
        raise fail("'spawn' must be an array of tables [[spawn]]", line_of(text, "[[spawn]]"))
    for i, spawn in enumerate(raw_spawns):
        line = line_of(text, "[[spawn]]", i)
        if not isinstance(spawn, dict) or not isinstance(spawn.get("side"), str):
            raise fail(f"spawn {i} needs a 'side'", line)
        at = parse_position(spawn.get("at"), f"spawn {i} 'at'", path, line)
        if not board.inside(*at):
            raise fail(f"spawn {i} at {list(at)} is outside the {board.width}x{board.height} map", line)
        if board.blocks_move[at[1], at[0]]:
            raise fail(f"spawn {i} at {list(at)} is on impassable terrain", line)
        spawns.append((spawn["side"], at))
    return MapData(name=name, board=board, spawns=tuple(spawns), rows=tuple(rows))


def parse_position(value, what: str, path=None, line=None) -> tuple[int, int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ContentError(f"{what} must be [column, row] (two whole numbers), got {value!r}", path, line)
    return int(value[0]), int(value[1])
