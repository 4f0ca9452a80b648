"""A map or scenario being edited (`skirmish edit`): its terrain, its creatures and its keys, the
changes an editor makes to them, undo and redo, the problems `check` would find, and saving.

A `Draft` holds the file as the contract's plain data (docs/FORMATS.md): a grid of terrain
characters, the legend, the creatures as `[[creature]]` tables, the other keys as they were
read. Every change is one step of the history (a stroke of painting is one step however many
squares it crosses), so undo and redo go step by step. It never imports pygame: the window
(game/ui/editor.py) and the tests drive it the same way.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

from ..i18n import _
from ..content.creatures import bundled_kinds, bundled_raw
from ..content.errors import ContentError, problems_of, read_document
from ..content.maps import parse_map, resolve_map
from ..content.paths import RULESETS
from ..content.scenarios import is_scenario, parse_scenario
from ..core.sizes import SPACE_SQUARES
from ..core.terrain import KIND_BY_CHAR, TERRAIN
from .saves import to_toml, write_text

MIN_SIDE, MAX_SIDE = 3, 200  # the sizes the editor lets a map have, in squares
HISTORY = 200  # undo steps kept
_SQUARE = re.compile(r"\[(\d+), (\d+)\]")


class EditError(ValueError):
    """A change the draft refuses (off the map, an unknown kind, a size out of bounds)."""


class Draft:
    """A map or scenario in the making: terrain, creatures, keys, history and problems."""

    def __init__(self, rows: list[str], legend: dict | None = None, keys: dict | None = None,
                 creatures: list[dict] | None = None, path: Path | None = None, is_map: bool = False) -> None:
        self.rows = [list(row) for row in rows]
        self.legend = dict(legend or {})  # extra characters: char -> terrain name
        self.keys = dict(keys or {})  # every other key of the file, as read (title, ruleset, seed, sides, ...)
        self.creatures = [dict(c) for c in creatures or []]
        self.path = path
        self.is_map = is_map  # a bare map (no creatures): saved as a map
        self._undo: list[tuple] = []
        self._redo: list[tuple] = []
        self._stroke = False
        self.changes = 0  # counts every change (the window redraws on it)
        self.saved_at = 0  # `changes` when last saved or loaded

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, width: int = 16, height: int = 10, ruleset: str = "5e") -> "Draft":
        _check_size(width, height)
        rows = ["#" * width] + ["#" + "." * (width - 2) + "#" for _i in range(height - 2)] + ["#" * width]
        keys = {"format": 1, "title": "New skirmish", "ruleset": ruleset, "seed": 1,
                "sides": {"blue": "human", "red": "ai"}}
        return cls(rows, keys=keys)

    @classmethod
    def load(cls, path: str | Path) -> "Draft":
        """A draft of a map or scenario file (ContentError, one line, for a file it cannot read)."""
        path = Path(path)
        data, _text = read_document(path)
        if not is_scenario(data):
            grid = data.get("grid")
            if not isinstance(grid, str):
                raise ContentError(_("a map needs a 'grid' string of terrain characters"), path)
            keys = {k: v for k, v in data.items() if k not in ("grid", "legend")}
            draft = cls(grid.strip("\n").split("\n"), data.get("legend"), keys, [], path, is_map=True)
            return draft
        mapref = data.get("map")
        if isinstance(mapref, str):
            map_data, _text = read_document(resolve_map(mapref, path.parent))
        elif isinstance(mapref, dict):
            map_data = mapref
        else:
            raise ContentError(_("the scenario has no 'map'"), path)
        grid = map_data.get("grid")
        if not isinstance(grid, str):
            raise ContentError(_("the scenario's map has no 'grid' string"), path)
        keys = {k: v for k, v in data.items() if k not in ("map", "creature", "command")}
        creatures = [c for c in data.get("creature", []) if isinstance(c, dict)]
        return cls(grid.strip("\n").split("\n"), map_data.get("legend"), keys, creatures, path)

    # ------------------------------------------------------------------ reading it
    @property
    def width(self) -> int:
        return max((len(r) for r in self.rows), default=0)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def ruleset(self) -> str:
        return str(self.keys.get("ruleset", "5e"))

    @property
    def title(self) -> str:
        return str(self.keys.get("title", self.keys.get("name", "")))

    @property
    def unsaved(self) -> bool:
        return self.changes != self.saved_at

    def char_at(self, x: int, y: int) -> str:
        return self.rows[y][x]

    def creature_at(self, x: int, y: int) -> dict | None:
        """The creature placed on that square (its top-left square, or any square of a big one)."""
        for c in reversed(self.creatures):
            cx, cy = c.get("at", (None, None))
            side = _space_side(c, self.ruleset)
            if isinstance(cx, int) and isinstance(cy, int) and cx <= x < cx + side and cy <= y < cy + side:
                return c
        return None

    def palette(self) -> list[tuple[str, str]]:
        """The terrain one may paint: (character, name), the built-in ones then the legend's."""
        built_in = [(str(ch), str(name)) for ch, name in zip(TERRAIN["char"], TERRAIN["name"])]
        extra = [(ch, str(name)) for ch, name in self.legend.items() if ch not in KIND_BY_CHAR]
        return built_in + extra

    def kinds(self) -> tuple[str, ...]:
        """The creature kinds the draft's ruleset bundles (what may be placed)."""
        try:
            return bundled_kinds(self.ruleset)
        except ContentError:
            return ()

    def sides(self) -> list[str]:
        sides = list(self.keys.get("sides", {}) or {})
        for c in self.creatures:
            if isinstance(c.get("side"), str) and c["side"] not in sides:
                sides.append(c["side"])
        return sides or ["blue", "red"]

    # ------------------------------------------------------------------ history
    def _snapshot(self) -> tuple:
        return ([list(r) for r in self.rows], dict(self.legend), copy.deepcopy(self.keys),
                copy.deepcopy(self.creatures))

    def _restore(self, snap: tuple) -> None:
        rows, legend, keys, creatures = snap
        self.rows, self.legend, self.keys, self.creatures = [list(r) for r in rows], dict(legend), \
            copy.deepcopy(keys), copy.deepcopy(creatures)
        self.changes += 1

    def _step(self) -> None:
        """Before a change: the state it changes goes on the undo stack (once per stroke)."""
        if self._stroke == "open":
            return
        self._undo.append(self._snapshot())
        del self._undo[:-HISTORY]
        self._redo.clear()
        if self._stroke:
            self._stroke = "open"

    def begin_stroke(self) -> None:
        """The changes until end_stroke are one step (a drag of the brush)."""
        self._stroke = True

    def end_stroke(self) -> None:
        self._stroke = False

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())
        return True

    # ------------------------------------------------------------------ changes
    def paint(self, squares, char: str) -> int:
        """Paint terrain on squares (those off the map are left out); how many changed."""
        if char not in dict(self.palette()):
            raise EditError(_("no terrain {char!r} in the palette").format(char=char))
        todo = [(x, y) for x, y in squares if 0 <= y < self.height and 0 <= x < len(self.rows[y])
                and self.rows[y][x] != char]
        if not todo:
            return 0
        self._step()
        for x, y in todo:
            self.rows[y][x] = char
        self.changes += 1
        return len(todo)

    def paint_rect(self, a, b, char: str) -> int:
        (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
        return self.paint([(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)], char)

    def paint_line(self, a, b, char: str) -> int:
        return self.paint(line_squares(a, b), char)

    def resize(self, width: int, height: int, fill: str = ".") -> None:
        """A new size: rows and columns added on the right and at the bottom (filled), or cut
        there; creatures left outside are removed with the squares."""
        _check_size(width, height)
        if (width, height) == (self.width, self.height):
            return
        self._step()
        rows = [r[:width] + [fill] * (width - len(r[:width])) for r in self.rows[:height]]
        rows += [[fill] * width for _i in range(height - len(rows))]
        self.rows = rows
        self.creatures = [c for c in self.creatures if _inside(c, width, height, self.ruleset)]
        self.changes += 1

    def place(self, kind: str, side: str, at) -> dict:
        """A new creature of a bundled kind on a square; its id made from its kind ("goblin2")."""
        if kind not in self.kinds():
            raise EditError(_("no creature kind {kind!r} in ruleset {ruleset}").format(kind=kind, ruleset=self.ruleset))
        self._on_map(at)
        self._step()
        creature = {"id": self._new_id(kind), "kind": kind, "side": side, "at": [int(at[0]), int(at[1])]}
        self.creatures.append(creature)
        self.changes += 1
        return creature

    def move(self, cid: str, at) -> None:
        creature = self._creature(cid)
        self._on_map(at)
        if list(creature.get("at", ())) == [int(at[0]), int(at[1])]:
            return
        self._step()
        creature["at"] = [int(at[0]), int(at[1])]
        self.changes += 1

    def delete(self, cid: str) -> None:
        creature = self._creature(cid)
        self._step()
        self.creatures.remove(creature)
        self.changes += 1

    def set_side(self, cid: str, side: str) -> None:
        creature = self._creature(cid)
        if creature.get("side") == side:
            return
        self._step()
        creature["side"] = side
        self.changes += 1

    def set_key(self, key: str, value) -> None:
        """The scenario's title, ruleset or seed (checked: a ruleset the game names, a whole seed)."""
        if key not in ("title", "ruleset", "seed"):
            raise EditError(_("the editor does not set {key!r}").format(key=key))
        if key == "ruleset" and value not in RULESETS:
            raise EditError(_("unknown ruleset {name!r} (known: {known})").format(name=value, known=", ".join(RULESETS)))
        if key == "seed" and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2 ** 63):
            raise EditError(_("the seed must be a whole number from 0"))
        if key == "title" and (not isinstance(value, str) or len(value) > 200):
            raise EditError(_("the title must be text of at most 200 characters"))
        if self.keys.get(key) == value:
            return
        self._step()
        self.keys[key] = value
        if self.is_map and key != "title":
            self.is_map = False  # a ruleset or a seed makes it a scenario
        self.changes += 1

    # ------------------------------------------------------------------ the file
    def map_data(self) -> dict:
        data = {"name": self.title or "map"} if self.is_map else {}
        data["grid"] = "\n".join("".join(r) for r in self.rows) + "\n"
        if self.legend:
            data["legend"] = dict(self.legend)
        return data

    def to_data(self) -> dict:
        """The file's plain data: a map (name, grid, legend, its other keys), or a scenario with
        its map inline and its creatures."""
        if self.is_map and not self.creatures:
            keys = {k: v for k, v in self.keys.items() if k != "title"}
            return {**self.map_data(), **{k: v for k, v in keys.items() if k != "name"}}
        data = {"format": 1, **{k: v for k, v in self.keys.items() if k != "name"}}
        data.setdefault("title", self.keys.get("name", "Skirmish"))
        data["map"] = self.map_data()
        if self.creatures:
            data["creature"] = [dict(c) for c in self.creatures]
        return data

    def problems(self) -> list[tuple[str, tuple[int, int] | None]]:
        """What `check` would say of the file as it stands: (message, the square it names, if any)."""
        data = self.to_data()
        try:
            if is_scenario(data):
                parse_scenario(data, None, to_toml(data))
            else:
                parse_map(data, None, to_toml(data))
        except ContentError as exc:
            return [(p.message, _square_named(p.message)) for p in problems_of(exc)]
        except (TypeError, ValueError) as exc:  # a value the writer cannot hold
            return [(str(exc), None)]
        return []

    def save(self, path: str | Path | None = None) -> Path:
        """Write the file atomically (TOML, the contract's format); returns where."""
        path = Path(path) if path is not None else self.path
        if path is None:
            raise EditError(_("no file to save to: give one"))
        written = write_text(path, to_toml(self.to_data()))
        self.path = written
        self.saved_at = self.changes
        return written

    # ------------------------------------------------------------------ helpers
    def _creature(self, cid: str) -> dict:
        for c in self.creatures:
            if c.get("id") == cid:
                return c
        raise EditError(_("no creature {id!r}").format(id=cid))

    def _on_map(self, at) -> None:
        x, y = at
        if not (0 <= y < self.height and 0 <= x < len(self.rows[y])):
            raise EditError(_("[{x}, {y}] is off the map").format(x=x, y=y))

    def _new_id(self, kind: str) -> str:
        taken = {c.get("id") for c in self.creatures}
        stem = kind.replace("-", "")[:8]
        n = 1
        while f"{stem}{n}" in taken:
            n += 1
        return f"{stem}{n}"


def line_squares(a, b) -> list[tuple[int, int]]:
    """The squares of a straight line from a to b, both ends included (Bresenham)."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
    err, out = dx + dy, []
    while True:
        out.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return out
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def _check_size(width: int, height: int) -> None:
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise EditError(_("a map is from {least} to {most} squares a side, not {width} x {height}").format(
            least=MIN_SIDE, most=MAX_SIDE, width=width, height=height))


def _space_side(creature: dict, ruleset: str) -> int:
    """The side of a placed creature's space, from its kind's size (1 when it cannot be read)."""
    size = creature.get("size")
    if size is None:
        try:
            size = bundled_raw(ruleset, str(creature.get("kind"))).get("size", "medium")
        except ContentError:
            size = "medium"
    return max(1, SPACE_SQUARES.get(size, 1))


def _inside(creature: dict, width: int, height: int, ruleset: str) -> bool:
    at = creature.get("at")
    if not (isinstance(at, list) and len(at) == 2):
        return True
    side = _space_side(creature, ruleset)
    return at[0] + side <= width and at[1] + side <= height


def _square_named(message: str) -> tuple[int, int] | None:
    found = _SQUARE.search(message)
    return (int(found.group(1)), int(found.group(2))) if found else None


__all__ = ["Draft", "EditError", "line_squares", "MIN_SIDE", "MAX_SIDE"]
