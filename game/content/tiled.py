"""Maps made in the Tiled map editor (`.tmx`, `.tmj`), read with pytiled-parser and turned into
the plain data of a map or a scenario (docs/FORMATS.md, "Tiled maps"), which the map and
scenario readers then check like any other file.

- orthogonal and finite; one square per tile, whatever the tile size;
- terrain: the custom property `terrain` of a tile (a terrain name: floor, wall, difficult,
  shallow-water, deep-water, low-wall, arrow-slit, cliff); where tile layers overlap, the topmost
  tile wins; a square with no tile is floor;
- creatures: the objects of object layers: the class (or type) is the kind, the name the id, the
  custom property `side` the side; the top-left corner gives `at`; other custom properties with
  scenario keys (hp, current_hp, conditions, player, ...) are passed on as they are;
- the map's custom properties `title`, `ruleset` and `seed` become the scenario's.
Every problem names the file and the tile (by its tileset and id, and a square it lies on) or
the object (by its id and name).
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

from ..i18n import _
from ..core.terrain import TERRAIN
from .errors import ContentError, ContentErrors, check_regular
from .limits import MAX_MAP_SIDE, short

SUFFIXES = (".tmx", ".tmj")
FLIP_BITS = 0xE0000000  # Tiled keeps a tile's flips in the top bits of its gid
CHAR_BY_NAME = {str(name): str(char) for name, char in zip(TERRAIN["name"], TERRAIN["char"])}
SCENARIO_KEYS = ("title", "ruleset", "seed")
OBJECT_KEYS_SKIPPED = ("side",)  # read on its own


def is_tiled(path: str | Path) -> bool:
    return Path(str(path)).suffix.lower() in SUFFIXES


def read_tiled(path: str | Path) -> dict:
    """The plain data of a Tiled file: a map (name, grid) or, with creatures, a scenario with its
    map inline; ContentError (every problem, each naming the file and the tile or object)."""
    path = Path(path)
    tiled = _parse(path)
    problems: list[ContentError] = []
    if tiled.orientation != "orthogonal":
        problems.append(ContentError(_("a Tiled map must be orthogonal, not {orientation}").format(orientation=tiled.orientation), path))
    if tiled.infinite:
        problems.append(ContentError(_("a Tiled map must be finite (not infinite)"), path))
    if problems:
        raise ContentErrors(problems)
    width, height = tiled.map_size.width, tiled.map_size.height
    if not (0 < width <= MAX_MAP_SIDE and 0 < height <= MAX_MAP_SIDE):
        raise ContentError(_("the map is {width}x{height} squares (at most {MAX_MAP_SIDE}x{MAX_MAP_SIDE})").format(width=width, height=height, MAX_MAP_SIDE=MAX_MAP_SIDE), path)
    grid = [["."] * width for _row in range(height)]
    tile_layers, object_layers = [], []
    _flatten(tiled.layers, tile_layers, object_layers)
    for layer in tile_layers:  # bottom first: a higher layer's tile covers a lower one's
        for y, row in enumerate(layer.data or []):
            for x, gid in enumerate(row[:width]):
                gid = int(gid) & ~FLIP_BITS
                if gid and y < height:
                    char = _terrain_char(tiled, gid, (x, y), path, problems)
                    if char is not None:
                        grid[y][x] = char
    creatures = []
    tile_w, tile_h = tiled.tile_size.width or 1, tiled.tile_size.height or 1
    for layer in object_layers:
        for obj in layer.tiled_objects:
            creature = _creature(obj, tile_w, tile_h, path, problems)
            if creature is not None:
                creatures.append(creature)
    if problems:
        raise ContentErrors(problems) if len(problems) > 1 else problems[0]
    properties = dict(tiled.properties or {})
    map_data = {"name": str(properties.get("title", path.stem)), "grid": "\n".join("".join(r) for r in grid) + "\n"}
    if not creatures:
        return map_data
    scenario = {"format": 1, "title": str(properties.get("title", path.stem))}
    for key in ("ruleset", "seed"):
        if key in properties:
            scenario[key] = properties[key]
    scenario["map"] = {"grid": map_data["grid"]}
    scenario["creature"] = creatures
    return scenario


def terrain_of(data: dict) -> dict:
    """The map part of read_tiled's data (a scenario's own creatures left out)."""
    if isinstance(data.get("map"), dict):
        return {"name": str(data.get("title", "map")), **data["map"]}
    return data


def _parse(path: Path):
    import pytiled_parser

    if not path.is_file():
        raise ContentError(_("no such Tiled file"), path)
    _check_references(path)
    try:
        return pytiled_parser.parse_map(path)
    except Exception as exc:  # a Tiled file pytiled-parser cannot read: one line, no traceback
        detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ContentError(_("not a Tiled map pytiled-parser can read: {detail}").format(detail=detail), path) from None


_TMX_REFERENCE = re.compile(r"""<(?:tileset|object|template)\b[^>]*?\b(source|template)\s*=\s*["']([^"']*)["']""")


def _check_references(path: Path) -> None:
    """The files a Tiled map makes pytiled-parser read (tilesets, object templates) are regular
    files beside the map or below it, within the size limit; compressed layers (which could
    inflate without end) are refused: save the map with the CSV layer format."""
    try:
        text = path.read_text(encoding="utf-8")  # a regular file within the limit: read_document checked it
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(_("cannot read: {exc}").format(exc=exc), path) from None
    if path.suffix.lower() == ".tmj":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return  # pytiled-parser says what is wrong with it
        found = re.findall(r'"(?:source|template)"\s*:\s*"([^"]*)"', text)
        compressed = "compression" in text and isinstance(data, dict) and any(
            isinstance(layer, dict) and layer.get("compression") for layer in _tmj_layers(data))
    else:
        found = [name for _attr, name in _TMX_REFERENCE.findall(text)]
        compressed = re.search(r"""<data\b[^>]*\bcompression\s*=""", text) is not None
    if compressed:
        raise ContentError(_("a compressed tile layer is not read: save the map with the CSV layer format"), path)
    for name in found:
        relative = PurePosixPath(name)
        if relative.is_absolute() or ".." in relative.parts or "\\" in name or ":" in name:
            raise ContentError(_("the Tiled file names {name}: a tileset or template must be a relative path beside the map or below it (no '..')").format(name=short(name)), path)
        check_regular(path.parent / relative)


def _tmj_layers(data: dict):
    stack = list(data.get("layers") or [])
    while stack:
        layer = stack.pop()
        if isinstance(layer, dict):
            yield layer
            stack.extend(layer.get("layers") or [])


def _flatten(layers, tile_layers: list, object_layers: list) -> None:
    import pytiled_parser

    for layer in layers:
        if isinstance(layer, pytiled_parser.LayerGroup):
            _flatten(layer.layers or [], tile_layers, object_layers)
        elif isinstance(layer, pytiled_parser.TileLayer):
            tile_layers.append(layer)
        elif isinstance(layer, pytiled_parser.ObjectLayer):
            object_layers.append(layer)


def _terrain_char(tiled, gid: int, square, path: Path, problems: list) -> str | None:
    firstgid = max((f for f in tiled.tilesets if f <= gid), default=None)
    if firstgid is None:
        problems.append(ContentError(_("tile {gid} at {square} belongs to no tileset").format(gid=gid, square=list(square)), path))
        return None
    tileset = tiled.tilesets[firstgid]
    local = gid - firstgid
    tile = (tileset.tiles or {}).get(local)
    name = (tile.properties or {}).get("terrain") if tile is not None else None
    where = _("tile {local} of tileset {tileset!r} (at {square})").format(local=local, tileset=tileset.name, square=list(square))
    if name is None:
        problems.append(ContentError(_("{where} has no 'terrain' property").format(where=where), path))
        return None
    char = CHAR_BY_NAME.get(str(name))
    if char is None:
        problems.append(ContentError(_("{where}: unknown terrain {name!r} (known: {names})").format(where=where, name=name, names=', '.join(CHAR_BY_NAME)), path))
    return char


def _creature(obj, tile_w: int, tile_h: int, path: Path, problems: list) -> dict | None:
    import pytiled_parser

    what = (_("object {id} ({name!r})").format(id=obj.id, name=obj.name) if obj.name
            else _("object {id}").format(id=obj.id))
    kind = obj.class_ or ""
    properties = dict(obj.properties or {})
    if not kind:
        problems.append(ContentError(_("{what} has no class (the creature's kind)").format(what=what), path))
        return None
    if not obj.name:
        problems.append(ContentError(_("{what} has no name (the creature's id)").format(what=what), path))
        return None
    side = properties.get("side")
    if not isinstance(side, str) or not side:
        problems.append(ContentError(_("{what} has no 'side' property").format(what=what), path))
        return None
    x, y = obj.coordinates.x, obj.coordinates.y
    if isinstance(obj, pytiled_parser.tiled_object.Tile):
        y -= obj.size.height  # a tile object stands on its bottom-left corner
    creature = {"id": str(obj.name), "kind": str(kind), "side": side, "at": [int(x // tile_w), int(y // tile_h)]}
    for key, value in properties.items():
        if key == "conditions" and isinstance(value, str):  # Tiled has no lists: "prone, hidden"
            creature[key] = [c.strip() for c in value.split(",") if c.strip()]
        elif key not in OBJECT_KEYS_SKIPPED:
            creature[key] = _plain(value)
    return creature


def _plain(value):
    """A custom property as plain data (a Tiled colour or file as text; a list given as text stays text)."""
    if isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


__all__ = ["SUFFIXES", "is_tiled", "read_tiled", "terrain_of"]
