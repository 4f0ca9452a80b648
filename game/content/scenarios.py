"""Scenarios (and saves): map, roster, seed, forced dice and the commands played so far."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _
from ..core.sizes import SPACE_SQUARES, TINY_PER_SQUARE, squeezed_squares
from . import ids as creature_ids
from .creatures import (RULESETS, StatBlock, bundled_items, bundled_raw, bundled_spell_ids, parse_stat_block,
                        schema, with_overrides)
from .errors import ContentError, Problems, key_line, line_of, lines_of, problems_of, read_document, relocated
from .limits import MAX_COMMANDS, MAX_CREATURES, MAX_FACES, MAX_FORCED_DICE, MAX_METRES, short
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


def display_names(scenario: Scenario) -> dict[str, str]:
    """Every ruleset's readable names of a scenario's creatures: the scenario's, else the stat block's, numbered when a kind repeats."""
    counts = Counter(spec.stats.name for spec in scenario.creatures if not spec.name)
    seen: Counter = Counter()
    names = {}
    for spec in scenario.creatures:
        if spec.name:
            names[spec.id] = spec.name
            continue
        base = spec.stats.name
        if counts[base] > 1:
            seen[base] += 1
            names[spec.id] = f"{base} {seen[base]}"
        else:
            names[spec.id] = base
    return names


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
    if not _known(ruleset, RULESETS):
        raise ContentError(_("ruleset {ruleset} is not supported (supported: {names})").format(ruleset=short(ruleset), names=', '.join(RULESETS)), path, line)
    return ruleset


def _known(value, allowed) -> bool:
    """One of the allowed strings (a value of another type, even an unhashable one, is not)."""
    return isinstance(value, str) and value in allowed


def parse_scenario(data: dict, path: Path | None = None, text: str | None = None,
                   ruleset: str | None = None) -> Scenario:
    """A scenario from its table. The ruleset played is `ruleset` when given, else the file's
    `ruleset` key (default "5e"); its bundled stat blocks and schema read the creatures.

    Every problem is found before any is raised: each top-level key, each creature (its keys,
    its place on the map, whom it overlaps) on its own; then they are raised together."""
    _check_counts(data, path, text)
    problems = Problems(path)
    for key in sorted(set(data) - SCENARIO_KEYS):
        problems.add(_("unknown scenario key {key}").format(key=short(key)), key_line(text, key))
    if data.get("format", 1) != 1 or isinstance(data.get("format"), (bool, float)):
        problems.add(_("unsupported format {value} (this game reads format 1)").format(value=short(data.get('format'))), key_line(text, "format"))
    ruleset_line = key_line(text, "ruleset")
    own_ruleset = problems.get(lambda: _check_ruleset(data.get("ruleset", "5e"), path, ruleset_line))
    if ruleset is None:
        ruleset = own_ruleset
    else:
        ruleset = problems.get(lambda: _check_ruleset(ruleset, path, None))
        ruleset_line = None  # the override is not on any line of the file
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.add(_("'seed' must be a whole number"), key_line(text, "seed"))
    diagonals = data.get("diagonals", "5-5-5")
    if not _known(diagonals, ("5-5-5", "5-10-5")):
        problems.add(_("'diagonals' must be \"5-5-5\" or \"5-10-5\", got {diagonals}").format(diagonals=short(diagonals)), key_line(text, "diagonals"))
    mapdata = problems.get(lambda: _scenario_map(data.get("map"), path, text))
    sides = data.get("sides", {})
    if (not isinstance(sides, dict) or any(not _known(v, SIDE_PLAYERS) for v in sides.values())
            or not all(creature_ids.is_name(side) for side in sides)):
        problems.add(_("[sides] must map each side (letters, digits, '_' or '-') to \"human\" or \"ai\""),
                     line_of(text, "[sides]"))
        sides = {}

    raw_creatures = data.get("creature", [])
    if not isinstance(raw_creatures, list):
        problems.add(_("'creature' must be an array of tables [[creature]]"), line_of(text, "[[creature]]"))
        raw_creatures = []
    ids = [raw["id"] for raw in raw_creatures if isinstance(raw, dict) and isinstance(raw.get("id"), str)]
    creatures = _creatures(raw_creatures, ruleset, ruleset_line, mapdata, sides, ids, problems, path, text)

    initiative = data.get("initiative")
    if initiative is not None:
        with problems.part():
            _check_initiative(initiative, ids, path, key_line(text, "initiative"))
    dice = data.get("dice", [])
    if (not isinstance(dice, list) or len(dice) > MAX_FORCED_DICE
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_FACES for v in dice)):
        problems.add(_("'dice' must be a list of at most {MAX_FORCED_DICE} die faces (whole numbers from 1 to {MAX_FACES})").format(MAX_FORCED_DICE=MAX_FORCED_DICE, MAX_FACES=MAX_FACES), key_line(text, "dice"))
    commands = data.get("command", [])
    if not isinstance(commands, list) or not all(isinstance(c, dict) for c in commands):
        problems.add(_("'command' must be an array of tables [[command]]"), line_of(text, "[[command]]"))
    title = data.get("title", path.stem if path else "Skirmish")
    if not isinstance(title, str):
        problems.add(_("'title' must be a string"), key_line(text, "title"))
    problems.raise_all()
    return Scenario(
        path=path, title=str(title), ruleset=ruleset, seed=seed, map=mapdata, diagonals=diagonals,
        sides=dict(sides), creatures=creatures, initiative=initiative, dice=list(dice),
        commands=list(commands), command_lines=lines_of(text, "[[command]]", len(commands)),
        raw=data, text=text,
    )


def _check_counts(data: dict, path, text) -> None:
    """A roster or a list of commands too long is refused at once, before any is read."""
    for key, most in (("creature", MAX_CREATURES), ("command", MAX_COMMANDS)):
        items = data.get(key)
        if isinstance(items, list) and len(items) > most:
            message = _("{count} creatures (at most {most})") if key == "creature" else _("{count} commands (at most {most})")
            raise ContentError(message.format(count=len(items), most=most), path, line_of(text, f"[[{key}]]"))


def _scenario_map(mapref, path, text) -> MapData:
    """The scenario's map: a bundled name, a path relative to the scenario, or an inline table."""
    base = path.parent if path else None
    if isinstance(mapref, str):
        try:
            return load_map(resolve_map(mapref, base))
        except ContentError as exc:
            if exc.path:
                raise
            raise ContentError(exc.message, path, key_line(text, "map")) from None
    if isinstance(mapref, dict):
        return parse_map(mapref, path, None)
    raise ContentError(_("'map' must name a map or be an inline [map] table"), path, key_line(text, "map"))


def _creatures(raw_creatures, ruleset, ruleset_line, mapdata, sides, ids, problems: Problems,
               path, text) -> list[CreatureSpec]:
    """Each [[creature]]: its keys, then where it stands (the map, and who else is there); every
    problem is noted in `problems`."""
    if not raw_creatures or ruleset is None:
        return []
    try:
        schema(ruleset)  # a ruleset whose stat blocks cannot be read yet (3.5, 4e)
    except ContentError as exc:
        problems.add(exc.message, ruleset_line)
        return []
    creatures: list[CreatureSpec] = []
    seen: set[str] = set()
    for i, (raw, line) in enumerate(zip(raw_creatures, lines_of(text, "[[creature]]", len(raw_creatures)))):
        spec = problems.get(lambda: parse_creature(raw, i, path, line, ruleset))
        if spec is None:
            continue
        if spec.id in seen:
            problems.add(_("creature id {id} is used twice").format(id=short(spec.id)), line)
            continue
        seen.add(spec.id)
        if spec.mount is not None and spec.mount not in ids:
            problems.add(_("creature {id}: unknown mount {mount}").format(id=short(spec.id), mount=short(spec.mount)), line)
        if sides and spec.side not in sides:
            problems.add(_("creature {id}: side {side} is not in [sides]").format(id=short(spec.id), side=short(spec.side)), line)
        creatures.append(spec)
    if mapdata is not None:
        placed = [spec for spec in creatures if problems.get(lambda: _check_place(spec, mapdata.board, path), False)]
        for message, line in overlaps(placed):
            problems.add(message, line)
    return creatures


def _check_place(spec: CreatureSpec, board, path) -> bool:
    """True when the creature's space lies on the map, on squares it can stand on."""
    side = _side_squares(spec)
    x, y = spec.at
    if not board.inside(x, y, side):
        raise ContentError(_("creature {id} at {at}: its space leaves the {width}x{height} map").format(id=short(spec.id), at=list(spec.at), width=board.width, height=board.height), path, spec.line)
    if board.blocks_move[y: y + side, x: x + side].any():
        raise ContentError(_("creature {id} at {at} stands on impassable terrain").format(id=short(spec.id), at=list(spec.at)), path, spec.line)
    return True


def _side_squares(spec: CreatureSpec) -> int:
    """The side of the space a creature starts in (smaller while squeezing)."""
    return squeezed_squares(spec.stats.size) if "squeezing" in spec.conditions else SPACE_SQUARES[spec.stats.size]


def overlaps(creatures: list[CreatureSpec]) -> list[tuple[str, int | None]]:
    """(problem, line) for each creature whose starting space holds another one already: two
    creatures may share a square only as the rules allow (5e, Size categories): a rider in its
    mount's space (it is seated there), tiny creatures four to a square, and the dead (no space)."""
    problems = []
    holders: dict[tuple[int, int], list[CreatureSpec]] = {}  # square -> the creatures in it so far
    carried: dict[str, str] = {}  # mount -> its rider
    for spec in creatures:
        if spec.mount is not None:
            if spec.mount in carried:
                problems.append((_("creature {id}: its mount {mount} already carries {rider}").format(
                    id=short(spec.id), mount=short(spec.mount), rider=short(carried[spec.mount])), spec.line))
            carried.setdefault(spec.mount, spec.id)
            continue  # a rider is seated in its mount's space
        if spec.current_hp == 0 and not spec.stats.player:
            continue  # a dead monster takes no space
        side = _side_squares(spec)
        x, y = spec.at
        squares = [(x + i, y + j) for j in range(side) for i in range(side)]
        tiny = spec.stats.size == "tiny"
        clash = None
        for square in squares:
            there = holders.get(square, [])
            if tiny and all(o.stats.size == "tiny" for o in there):
                if len(there) >= TINY_PER_SQUARE:
                    clash = _("creature {id} at {at}: square {square} already holds {most} tiny creatures ({ids})").format(
                        id=short(spec.id), at=list(spec.at), square=list(square), most=TINY_PER_SQUARE,
                        ids=", ".join(repr(o.id) for o in there))
            elif there:
                other = there[0] if not tiny else next(o for o in there if o.stats.size != "tiny")
                clash = _("creature {id} at {at} overlaps creature {other} at {other_at}").format(
                    id=short(spec.id), at=list(spec.at), other=short(other.id), other_at=list(other.at))
            if clash:
                break
        if clash:
            problems.append((clash, spec.line))
            continue
        for square in squares:
            holders.setdefault(square, []).append(spec)
    return problems


def _check_initiative(initiative, ids: list, path, line) -> None:
    if not isinstance(initiative, list) or not all(isinstance(v, str) for v in initiative):
        raise ContentError(_("'initiative' must be a list of creature ids"), path, line)
    missing = [cid for cid in ids if cid not in initiative]
    known = set(ids)
    extra = [v for v in initiative if v not in known]
    if extra:
        raise ContentError(_("'initiative' names unknown creature {extra}").format(extra=short(extra[0])), path, line)
    if missing or len(set(initiative)) != len(initiative):
        raise ContentError(_("'initiative' must list every creature once (missing: {value})").format(value=", ".join(map(str, missing)) or _("none")),
                           path, line)


def parse_creature(raw: dict, index: int, path, line, ruleset: str) -> CreatureSpec:
    """One [[creature]] table, its stat block read with the ruleset's schema and bundled files;
    every problem of its keys is raised at once, each on the table's line."""
    if not isinstance(raw, dict):
        raise ContentError(_("creature {index} must be a table").format(index=index), path, line)
    cid = raw.get("id")
    if not isinstance(cid, str) or not cid:
        raise ContentError(_("creature {index} needs an 'id'").format(index=index), path, line)
    creature_ids.name(cid, _("creature {index}'s 'id'").format(index=index), path, line)
    problems = Problems(path)

    def fail(message: str) -> None:
        problems.add(_("creature {cid}: {message}").format(cid=short(cid), message=message), line)

    stat_keys = schema(ruleset).STAT_KEYS
    for key in sorted(set(raw) - CREATURE_KEYS - stat_keys):
        fail(_("unknown key {key}").format(key=short(key)))
    side = raw.get("side")
    if not isinstance(side, str) or not side:
        problems.add(_("creature {cid} needs a 'side'").format(cid=short(cid)), line)
    else:
        problems.get(lambda: creature_ids.name(side, _("creature {id}: 'side'").format(id=short(cid)), path, line))
    at = problems.get(lambda: parse_position(raw.get("at"), _("creature {id} 'at'").format(id=short(cid)), path, line))
    kind = raw.get("kind")
    if kind is not None and not creature_ids.is_kebab(kind):
        problems.get(lambda: creature_ids.kebab(kind, _("creature {id}: 'kind'").format(id=short(cid)), path, line))
        kind = None
    stats = None
    overrides = {k: v for k, v in raw.items() if k in stat_keys and k not in ("id", "name")}
    if "stats" in raw:
        if not isinstance(raw["stats"], dict):
            fail(_("'stats' must be a table"))
        else:
            stats_raw = {"id": kind or cid, "name": raw.get("name", cid), **raw["stats"], **overrides}
            try:
                stats = parse_stat_block(stats_raw, path, ruleset=ruleset)
                kind = kind or stats.id
            except ContentError as exc:
                problems.found += problems_of(relocated(exc, path, line, _("creature {id}: ").format(id=short(cid))))
    elif not isinstance(kind, str):
        if "kind" not in raw:
            problems.add(_("creature {cid} needs a 'kind' (a bundled stat block) or [creature.stats]").format(cid=short(cid)), line)
    else:
        try:
            base = bundled_raw(ruleset, kind)
            stats = with_overrides(ruleset, base, overrides, path, line) if overrides else _bundled(ruleset, kind)
        except ContentError as exc:
            problems.found += problems_of(relocated(exc, path, line, _("creature {id}: ").format(id=short(cid))))
    current = raw.get("current_hp")
    if current is not None and stats is not None and (
            not isinstance(current, int) or isinstance(current, bool) or not 0 <= current <= stats.hp):
        fail(_("'current_hp' must be between 0 and {hp}").format(hp=stats.hp))
    temp = raw.get("temp_hp", 0)
    if not isinstance(temp, int) or isinstance(temp, bool) or temp < 0:
        fail(_("'temp_hp' must be 0 or more"))
    conditions = raw.get("conditions", [])
    if not isinstance(conditions, list) or any(not isinstance(c, str) or c not in STARTING_CONDITIONS for c in conditions):
        fail(_("'conditions' must be a list of {STARTING_CONDITIONS}").format(STARTING_CONDITIONS=sorted(STARTING_CONDITIONS)))
    elif stats is not None:
        # SRD 5.1, condition immunities: a creature immune to a condition never has it
        immune = [c for c in conditions if c in getattr(stats, "condition_immunities", ())]
        if immune:
            problems.add(_("creature {cid} is immune to {immune}: it cannot start {immune}").format(cid=short(cid), immune=immune[0]), line)
    for key in ("surprised", "hidden"):
        if not isinstance(raw.get(key, False), bool):
            fail(_("'{key}' must be true or false").format(key=key))
    altitude = raw.get("altitude", 0)
    if not isinstance(altitude, (int, float)) or isinstance(altitude, bool) or altitude < 0:
        fail(_("'altitude' must be 0 or more metres"))
    elif altitude > MAX_METRES:
        fail(_("'altitude' must be at most {MAX_METRES:g} metres").format(MAX_METRES=MAX_METRES))
    mount = raw.get("mount")
    if mount is not None and not creature_ids.is_name(mount):
        fail(_("'mount' must be a creature id"))
    if stats is not None:
        problems.get(lambda: _check_carried(stats, ruleset, cid, path, line))
    problems.raise_all()
    name = raw.get("name")
    return CreatureSpec(
        id=cid, kind=kind, side=side, at=at, stats=stats, name=name if isinstance(name, str) else None,
        current_hp=current, temp_hp=temp, conditions=tuple(conditions),
        surprised=raw.get("surprised", False), hidden=raw.get("hidden", False), mount=mount,
        altitude=float(altitude), line=line,
    )


def _check_carried(stats, ruleset: str, cid: str, path, line) -> None:
    """The items and spells a stat block names are among the ruleset's bundled ids, where the
    ruleset bundles them as files (whatever schema read the stat block)."""
    for key, bundled in (("items", bundled_items), ("spells", bundled_spell_ids)):
        known = bundled(ruleset)
        if not known:
            continue  # this ruleset keeps none of these as files: its schema answers for them
        for name in getattr(stats, key, ()) or ():
            if isinstance(name, str) and name not in known:
                raise ContentError(_("creature {cid!r}: unknown {key} {name} in ruleset {ruleset} (bundled: {names})").format(cid=cid, key=key[:-1], name=short(name), ruleset=ruleset, names=', '.join(known)), path, line)


_BUNDLED: dict[tuple[str, str], StatBlock] = {}  # (ruleset, kind) -> its bundled stat block


def _bundled(ruleset: str, kind: str) -> StatBlock:
    key = (ruleset, kind)
    if key not in _BUNDLED:
        _BUNDLED[key] = parse_stat_block(bundled_raw(ruleset, kind), ruleset=ruleset)
    return _BUNDLED[key]
