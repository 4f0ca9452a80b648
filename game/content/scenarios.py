"""Scenarios (and saves): map, roster, seed, forced dice and the commands played so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.sizes import SPACE_SQUARES
from .creatures import RULESETS, StatBlock, bundled_raw, parse_stat_block, schema, with_overrides
from .errors import ContentError, key_line, line_of, read_document
from .maps import MapData, parse_map, parse_position, resolve_map, load_map

SCENARIO_KEYS = {
    "format", "title", "ruleset", "seed", "map", "diagonals", "sides", "creature",
    "initiative", "dice", "command", "description",
}
STATE_KEYS = {"current_hp", "temp_hp", "conditions", "surprised", "hidden", "mount", "altitude"}
CREATURE_KEYS = {"id", "kind", "side", "at", "stats", "name"} | STATE_KEYS
SIDE_PLAYERS = ("human", "ai")
STARTING_CONDITIONS = {
    "prone", "grappled", "restrained", "incapacitated", "unconscious", "invisible", "dodging",
    "hidden", "surprised", "squeezing", "disengaged", "dashing", "blinded", "poisoned",
}


@dataclass(frozen=True)
class CreatureSpec:
    id: str
    kind: str
    side: str
    at: tuple[int, int]
    stats: StatBlock
    name: str | None = None
    current_hp: int | None = None
    temp_hp: int = 0
    conditions: tuple[str, ...] = ()
    surprised: bool = False
    hidden: bool = False
    mount: str | None = None
    altitude: float = 0.0
    line: int | None = None


@dataclass
class Scenario:
    path: Path | None
    title: str
    ruleset: str
    seed: int
    map: MapData
    diagonals: str
    sides: dict[str, str]
    creatures: list[CreatureSpec]
    initiative: list[str] | None
    dice: list[int]
    commands: list[dict]
    command_lines: list[int | None]
    raw: dict = field(default_factory=dict)
    text: str | None = None


def is_scenario(data: dict) -> bool:
    return "creature" in data or "format" in data


def load_scenario(path: str | Path, ruleset: str | None = None) -> Scenario:
    """A scenario or save file; a bare map becomes a scenario with no creatures.

    `ruleset`, when given (`--ruleset` on the command line), replaces the file's `ruleset` key.
    """
    path = Path(path)
    data, text = read_document(path)
    if "grid" in data and not is_scenario(data):
        mapdata = parse_map(data, path, text)
        ruleset = _check_ruleset("5e" if ruleset is None else ruleset, path, None)
        return Scenario(path, mapdata.name, ruleset, 0, mapdata, "5-5-5", {}, [], None, [], [], [], {}, text)
    return parse_scenario(data, path, text, ruleset)


def _check_ruleset(ruleset, path, line) -> str:
    if ruleset not in RULESETS:
        raise ContentError(f"ruleset {ruleset!r} is not supported (supported: {', '.join(RULESETS)})", path, line)
    return ruleset


def parse_scenario(data: dict, path: Path | None = None, text: str | None = None,
                   ruleset: str | None = None) -> Scenario:
    """A scenario from its table. The ruleset played is `ruleset` when given, else the file's
    `ruleset` key (default "5e"); its bundled stat blocks and schema read the creatures."""
    def fail(message: str, line: int | None = None) -> ContentError:
        return ContentError(message, path, line)

    unknown = set(data) - SCENARIO_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(f"unknown scenario key {key!r}", key_line(text, key))
    if data.get("format", 1) != 1:
        raise fail(f"unsupported format {data.get('format')!r} (this game reads format 1)", key_line(text, "format"))
    ruleset_line = key_line(text, "ruleset")
    own_ruleset = _check_ruleset(data.get("ruleset", "5e"), path, ruleset_line)
    if ruleset is None:
        ruleset = own_ruleset
    else:
        ruleset = _check_ruleset(ruleset, path, None)
        ruleset_line = None  # the override is not on any line of the file
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("'seed' must be a whole number", key_line(text, "seed"))
    diagonals = data.get("diagonals", "5-5-5")
    if diagonals not in ("5-5-5", "5-10-5"):
        raise fail(f"'diagonals' must be \"5-5-5\" or \"5-10-5\", got {diagonals!r}", key_line(text, "diagonals"))

    mapref = data.get("map")
    base = path.parent if path else None
    if isinstance(mapref, str):
        try:
            mapdata = load_map(resolve_map(mapref, base))
        except ContentError as exc:
            if exc.path:
                raise
            raise fail(exc.message, key_line(text, "map")) from None
    elif isinstance(mapref, dict):
        mapdata = parse_map(mapref, path, None)
    else:
        raise fail("'map' must name a map or be an inline [map] table", key_line(text, "map"))
    board = mapdata.board

    sides = data.get("sides", {})
    if not isinstance(sides, dict) or any(v not in SIDE_PLAYERS for v in sides.values()):
        raise fail("[sides] must map each side to \"human\" or \"ai\"", line_of(text, "[sides]"))

    raw_creatures = data.get("creature", [])
    if not isinstance(raw_creatures, list):
        raise fail("'creature' must be an array of tables [[creature]]", line_of(text, "[[creature]]"))
    if raw_creatures:
        try:
            schema(ruleset)  # a ruleset whose stat blocks cannot be read yet (3.5, 4e)
        except ContentError as exc:
            raise fail(exc.message, ruleset_line) from None
    creatures: list[CreatureSpec] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_creatures):
        line = line_of(text, "[[creature]]", i)
        spec = parse_creature(raw, i, path, line, ruleset)
        if spec.id in seen:
            raise fail(f"creature id {spec.id!r} is used twice", line)
        seen.add(spec.id)
        side = SPACE_SQUARES[spec.stats.size]
        x, y = spec.at
        if not board.inside(x, y, side):
            raise fail(f"creature {spec.id!r} at {list(spec.at)}: its space leaves the "
                       f"{board.width}x{board.height} map", line)
        region = board.blocks_move[y: y + side, x: x + side]
        if region.any() and "squeezing" not in spec.conditions:
            raise fail(f"creature {spec.id!r} at {list(spec.at)} stands on impassable terrain", line)
        creatures.append(spec)
    for spec in creatures:
        if spec.mount is not None and spec.mount not in seen:
            raise fail(f"creature {spec.id!r}: unknown mount {spec.mount!r}", spec.line)
        if spec.side not in sides and sides:
            raise fail(f"creature {spec.id!r}: side {spec.side!r} is not in [sides]", spec.line)

    initiative = data.get("initiative")
    if initiative is not None:
        if not isinstance(initiative, list) or not all(isinstance(v, str) for v in initiative):
            raise fail("'initiative' must be a list of creature ids", key_line(text, "initiative"))
        missing = [c.id for c in creatures if c.id not in initiative]
        extra = [v for v in initiative if v not in seen]
        if extra:
            raise fail(f"'initiative' names unknown creature {extra[0]!r}", key_line(text, "initiative"))
        if missing or len(set(initiative)) != len(initiative):
            raise fail(f"'initiative' must list every creature once (missing: {', '.join(missing) or 'none'})",
                       key_line(text, "initiative"))
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in dice):
        raise fail("'dice' must be a list of die faces (whole numbers from 1)", key_line(text, "dice"))
    commands = data.get("command", [])
    if not isinstance(commands, list) or not all(isinstance(c, dict) for c in commands):
        raise fail("'command' must be an array of tables [[command]]", line_of(text, "[[command]]"))
    title = data.get("title", path.stem if path else "Skirmish")
    return Scenario(
        path=path, title=str(title), ruleset=ruleset, seed=seed, map=mapdata, diagonals=diagonals,
        sides=dict(sides), creatures=creatures, initiative=initiative, dice=list(dice),
        commands=list(commands), command_lines=[line_of(text, "[[command]]", i) for i in range(len(commands))],
        raw=data, text=text,
    )


def parse_creature(raw: dict, index: int, path, line, ruleset: str) -> CreatureSpec:
    """One [[creature]] table, its stat block read with the ruleset's schema and bundled files."""
    def fail(message: str) -> ContentError:
        return ContentError(message, path, line)

    if not isinstance(raw, dict):
        raise fail(f"creature {index} must be a table")
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        raise fail(f"creature {index} needs an 'id'")
    stat_keys = schema(ruleset).STAT_KEYS
    unknown = set(raw) - CREATURE_KEYS - stat_keys
    if unknown:
        raise fail(f"creature {cid!r}: unknown key {sorted(unknown)[0]!r}")
    side = raw.get("side")
    if not isinstance(side, str) or not side:
        raise fail(f"creature {cid!r} needs a 'side'")
    at = parse_position(raw.get("at"), f"creature {cid!r} 'at'", path, line)
    kind = raw.get("kind")
    overrides = {k: v for k, v in raw.items() if k in stat_keys and k not in ("id", "name")}
    if "stats" in raw:
        if not isinstance(raw["stats"], dict):
            raise fail(f"creature {cid!r}: 'stats' must be a table")
        stats_raw = {"id": kind or cid, "name": raw.get("name", cid), **raw["stats"], **overrides}
        try:
            stats = parse_stat_block(stats_raw, path, ruleset=ruleset)
        except ContentError as exc:
            raise fail(f"creature {cid!r}: {exc.message}") from None
        kind = kind or stats.id
    else:
        if not isinstance(kind, str):
            raise fail(f"creature {cid!r} needs a 'kind' (a bundled stat block) or [creature.stats]")
        try:
            base = bundled_raw(ruleset, kind)
        except ContentError as exc:
            raise fail(f"creature {cid!r}: {exc.message}") from None
        stats = with_overrides(ruleset, base, overrides, path, line) if overrides else _bundled(ruleset, kind)
    current = raw.get("current_hp")
    if current is not None and (not isinstance(current, int) or not 0 <= current <= stats.hp):
        raise fail(f"creature {cid!r}: 'current_hp' must be between 0 and {stats.hp}")
    temp = raw.get("temp_hp", 0)
    if not isinstance(temp, int) or temp < 0:
        raise fail(f"creature {cid!r}: 'temp_hp' must be 0 or more")
    conditions = raw.get("conditions", [])
    if not isinstance(conditions, list) or any(c not in STARTING_CONDITIONS for c in conditions):
        raise fail(f"creature {cid!r}: 'conditions' must be a list of {sorted(STARTING_CONDITIONS)}")
    # SRD 5.1, condition immunities: a creature immune to a condition never has it
    immune = [c for c in conditions if c in getattr(stats, "condition_immunities", ())]
    if immune:
        raise fail(f"creature {cid!r} is immune to {immune[0]}: it cannot start {immune[0]}")
    for key in ("surprised", "hidden"):
        if not isinstance(raw.get(key, False), bool):
            raise fail(f"creature {cid!r}: '{key}' must be true or false")
    altitude = raw.get("altitude", 0)
    if not isinstance(altitude, (int, float)) or altitude < 0:
        raise fail(f"creature {cid!r}: 'altitude' must be 0 or more metres")
    mount = raw.get("mount")
    if mount is not None and not isinstance(mount, str):
        raise fail(f"creature {cid!r}: 'mount' must be a creature id")
    name = raw.get("name")
    return CreatureSpec(
        id=cid, kind=kind, side=side, at=at, stats=stats, name=name if isinstance(name, str) else None,
        current_hp=current, temp_hp=temp, conditions=tuple(conditions),
        surprised=raw.get("surprised", False), hidden=raw.get("hidden", False), mount=mount,
        altitude=float(altitude), line=line,
    )


_BUNDLED: dict[tuple[str, str], StatBlock] = {}  # (ruleset, kind) -> its bundled stat block


def _bundled(ruleset: str, kind: str) -> StatBlock:
    key = (ruleset, kind)
    if key not in _BUNDLED:
        _BUNDLED[key] = parse_stat_block(bundled_raw(ruleset, kind), ruleset=ruleset)
    return _BUNDLED[key]
