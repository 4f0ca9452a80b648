"""Maps: the grid of terrain characters, its legend and spawn points, as a Board."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import numpy as np

from ..i18n import _
from ..core.board import Board
from ..core.terrain import KIND_BY_CHAR, TERRAIN, kind_from_name
from .errors import ContentError, Problems, key_line, line_of, lines_of, read_document
from .ids import is_kebab
from .limits import MAX_MAP_SIDE, short
from .paths import MAPS_DIR
from .tiled import is_tiled, terrain_of

MAP_SUFFIXES = (".toml", ".json", ".tmx", ".tmj")  # the files a map may be (Tiled's last)
MAP_KEYS = {"name", "grid", "legend", "spawn", "description"}


@dataclass(frozen=True)
class MapData:
    name: str
    board: Board
    spawns: tuple[tuple[str, tuple[int, int]], ...]
    rows: tuple[str, ...]


def resolve_map(reference, relative_to: Path | None = None) -> Path:
    """The file of a map a scenario names: a bundled map's name (`ruined-keep`, in maps/), or a
    relative path to a `.toml`, `.json`, `.tmx` or `.tmj` file in the scenario's folder or below
    it (`..` and absolute paths are refused: a file elsewhere is named on the command line)."""
    if not isinstance(reference, str):
        raise ContentError(_("'map' must name a map or be an inline [map] table"))
    if is_kebab(reference):
        for suffix in MAP_SUFFIXES:
            if (MAPS_DIR / f"{reference}{suffix}").is_file():
                return MAPS_DIR / f"{reference}{suffix}"
    relative = PurePosixPath(reference)
    if (relative.suffix.lower() not in MAP_SUFFIXES or relative.is_absolute() or ".." in relative.parts
            or "\\" in reference or ":" in reference):
        raise ContentError(_("unknown map {reference}: not a bundled map's name nor a relative path to a {names} file beside the scenario (no '..')").format(reference=short(reference), names=', '.join(MAP_SUFFIXES)))
    candidates = [relative_to / relative] if relative_to is not None else []
    for path in candidates + [MAPS_DIR / relative]:
        if path.is_file():
            return path
    raise ContentError(_("unknown map {reference} (not in maps/ nor beside the scenario)").format(reference=short(reference)))


def load_map(path: str | Path) -> MapData:
    data, text = read_document(path)
    if is_tiled(path):
        data = terrain_of(data)  # a Tiled file holding creatures, named as a map: its terrain only
    return parse_map(data, path, text)


def parse_map(data: dict, path: str | Path | None = None, text: str | None = None) -> MapData:
    """A map from its table; every problem found is raised at once (one per key, legend entry,
    grid row and spawn)."""
    problems = Problems(path)
    for key in sorted(set(data) - MAP_KEYS):
        problems.add(_("unknown map key {key}").format(key=short(key)), key_line(text, key))
    name = data.get("name", Path(str(path)).stem if path else "map")
    if not isinstance(name, str):
        problems.add(_("'name' must be a string"), key_line(text, "name"))
    chars = problems.get(lambda: _legend(data, path, text), dict(KIND_BY_CHAR))
    board = rows = None
    grid = data.get("grid")
    if not isinstance(grid, str) or not grid.strip():
        problems.add(_("a map needs a 'grid' string of terrain characters"), key_line(text, "grid"))
    else:
        rows, terrain = _grid(grid, chars, problems, key_line(text, "grid"))
        board = Board(terrain) if terrain is not None else None
    spawns = problems.get(lambda: _spawns(data, board, path, text), ())
    problems.raise_all()
    return MapData(name=name, board=board, spawns=spawns, rows=rows)


def _legend(data: dict, path, text) -> dict:
    """The terrain of each grid character: the built-in ones and the legend's (every bad entry named)."""
    chars = dict(KIND_BY_CHAR)
    legend = data.get("legend", {})
    line = line_of(text, "[legend]")
    if not isinstance(legend, dict):
        raise ContentError(_("'legend' must be a table of character = terrain name"), path, line)
    problems = Problems(path)
    for char, meaning in legend.items():
        kind = kind_from_name(meaning) if isinstance(meaning, str) else None
        if len(char) != 1:
            problems.add(_("legend key {char} must be one character").format(char=short(char)), line)
        elif kind is None:
            names = ", ".join(TERRAIN["name"])
            problems.add(_("legend {char}: unknown terrain {meaning} (known: {names})").format(char=short(char), meaning=short(meaning), names=names), line)
        else:
            chars[char] = kind
    problems.raise_all()
    return chars


def _grid(grid: str, chars: dict, problems: Problems, grid_line: int | None):
    """The rows of the grid and its terrain array (None when a row is wrong: one problem per row)."""
    rows = grid.split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    rows = [row.rstrip("\r") for row in rows]
    width = max(len(row) for row in rows)
    if len(rows) > MAX_MAP_SIDE or width > MAX_MAP_SIDE:
        problems.add(_("the grid is {width}x{count} squares (at most {MAX_MAP_SIDE}x{MAX_MAP_SIDE})").format(width=width, count=len(rows), MAX_MAP_SIDE=MAX_MAP_SIDE), grid_line)
        return tuple(rows), None
    width = len(rows[0])
    terrain = np.zeros((len(rows), width), np.uint8)
    fine = True
    for r, row in enumerate(rows):
        line = grid_line + 1 + r if grid_line else None
        if len(row) != width:
            problems.add(_("grid row {r} has {count} squares, row 0 has {width}").format(r=r, count=len(row), width=width), line)
            fine = False
            continue
        unknown = [c for c, char in enumerate(row) if char not in chars]
        if unknown:
            c = unknown[0]
            more = _(" (and {count} more in this row)").format(count=len(unknown) - 1) if len(unknown) > 1 else ""
            problems.add(_("grid row {r} column {c}: unknown terrain character {row}{more}").format(r=r, c=c, row=short(row[c]), more=more), line)
            fine = False
            continue
        terrain[r] = [chars[char] for char in row]
    return tuple(rows), terrain if fine else None


def _spawns(data: dict, board: Board | None, path, text) -> tuple:
    """The spawn points (each bad one named); their squares are checked once the grid is good."""
    raw_spawns = data.get("spawn", [])
    if not isinstance(raw_spawns, list):
        raise ContentError(_("'spawn' must be an array of tables [[spawn]]"), path, line_of(text, "[[spawn]]"))
    problems = Problems(path)
    spawns = []
    for i, (spawn, line) in enumerate(zip(raw_spawns, lines_of(text, "[[spawn]]", len(raw_spawns)))):
        with problems.part():
            if not isinstance(spawn, dict) or not isinstance(spawn.get("side"), str):
                raise ContentError(_("spawn {i} needs a 'side'").format(i=i), path, line)
            at = parse_position(spawn.get("at"), _("spawn {i} 'at'").format(i=i), path, line)
            if board is not None and not board.inside(*at):
                raise ContentError(_("spawn {i} at {at} is outside the {width}x{height} map").format(i=i, at=list(at), width=board.width, height=board.height), path, line)
            if board is not None and board.blocks_move[at[1], at[0]]:
                raise ContentError(_("spawn {i} at {at} is on impassable terrain").format(i=i, at=list(at)), path, line)
            spawns.append((spawn["side"], at))
    problems.raise_all()
    return tuple(spawns)


def parse_position(value, what: str, path=None, line=None) -> tuple[int, int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ContentError(_("{what} must be [column, row] (two whole numbers), got {value}").format(what=what, value=short(value)), path, line)
    return int(value[0]), int(value[1])
