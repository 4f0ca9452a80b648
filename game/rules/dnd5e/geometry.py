"""What the rules ask of the board about creatures: distance, sight, cover, fields.

The board is physical; 5e's costs and cover caps come from terrain_rules.py.
"""

from __future__ import annotations

import numpy as np

from ...core.board import SQUARE_M, gap_squares
from ...core.cover import Blockers, cover_many, explain_cover, owners_of
from ...core.movement import MovementField, Mover, Occupant, kept_field
from ...core.terrain import HALF, NO_COVER, TOTAL  # noqa: F401
from ..state import DEAD, Creature, side_of
from .terrain_rules import COVER_5E, move_rules

_new_tuple = tuple.__new__

COVER_BONUS = {NO_COVER: 0, HALF: 2, 2: 5}  # SRD 5.1, Cover: half +2, three-quarters +5


def distance_m(battle, a: Creature, b: Creature) -> float:
    """5e, Distance: from a square next to one space to the other's space, in metres.

    Height counts too: the greater of the distance on the ground and the difference in altitude.
    """
    return space_distance_m(battle, a.space, a.altitude, b.space, b.altitude)


def space_distance_m(battle, a_space, a_altitude: float, b_space, b_altitude: float) -> float:
    return max(gap_squares(a_space, b_space, battle.diagonals) * SQUARE_M, abs(a_altitude - b_altitude))


def within(battle, a: Creature, b: Creature, metres: float) -> bool:
    return distance_m(battle, a, b) <= metres + 1e-9


def can_see(battle, viewer: Creature, target: Creature) -> bool:
    """Sight follows the same lines as cover; only terrain that blocks fully hides."""
    if "invisible" in target.conditions or "blinded" in viewer.conditions:
        return False
    return sight_between(battle.board, viewer.space, target.space)


def line_caps(board) -> np.ndarray:
    """For each square, the most cover a line blocked there gives under 5e (0: the line is clear)."""
    return board.line_caps(COVER_5E)


def sight_between(board, a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    """Whether terrain leaves a line between two spaces (the board never changes: cached)."""
    known = board.__dict__.get("_sight", {}).get((a, b) if a <= b else (b, a))
    return known if known is not None else sights_between(board, [(a, b)])[0]


def sights_between(board, pairs: list[tuple[tuple, tuple]]) -> list[bool]:
    """sight_between for many pairs of spaces, the unknown ones in one vectorised call.

    A space sees another unless every line between them is blocked (total cover), the same
    both ways; the board never changes, so the answers are kept with it."""
    cache = board.__dict__.setdefault("_sight", {})
    keys = [(a, b) if a <= b else (b, a) for a, b in pairs]
    missing = list(dict.fromkeys(k for k in keys if k not in cache))
    if missing:
        if len(cache) > 200_000:
            cache.clear()
        terrain = board.__dict__.get("_terrain_blockers")
        if terrain is None:
            terrain = board.__dict__["_terrain_blockers"] = Blockers(line_caps(board), rules=COVER_5E)
        levels = cover_many(terrain, [(a, b, -1, -1) for a, b in missing])
        cache.update(zip(missing, (levels < TOTAL).tolist()))
    return [cache[k] for k in keys]


def blockers_of(battle) -> tuple[Blockers, dict[str, int]]:
    """Terrain and creatures as line blockers, with each creature's index in them.

    Dead and prone creatures give no cover (the SRD is silent; they are not in the way).
    While the state is held still (a planner's thinking), looked up once.
    """
    still = battle.still_memo()
    if still is not None and "blockers" in still:
        return still["blockers"]
    key = blockers_key(battle)
    if still is not None:
        still["blockers_key"] = key  # (looker_covers asks for it next)
    cached = battle.__dict__.get("_blockers")
    if cached is not None and cached[0] == key:
        if still is not None:
            still["blockers"] = cached[1], cached[2]
        return cached[1], cached[2]  # nobody moved, fell or rose since: the same blockers
    # the key holds each creature's id, square, side, state, prone or not and riding or not
    index = {entry[0]: i for i, entry in enumerate(key)}
    spaces = [(x, y, side, i) for i, (_id, x, y, side, state, prone, riding) in enumerate(key)
              if state != DEAD and not prone and not riding]  # a rider is in its mount's space
    blockers = Blockers(line_caps(battle.board), owners_of(battle.board.terrain.shape, spaces), rules=COVER_5E)
    battle.__dict__["_blockers"] = (key, blockers, index)
    if still is not None:
        still["blockers"] = blockers, index
    return blockers, index


def blockers_key(battle) -> tuple:
    """What the blockers depend on besides the board: each creature's id, square, side, state,
    prone or not and riding or not (in the creatures' order, which gives their indices)."""
    return tuple([(c.id, c.x, c.y, side_of(c.stats.size, c.conditions, c.effects), c.state,
                   "prone" in c.conditions, "mounted_on" in c.effects)
                  for c in battle.state.creatures.values()])  # (a list first: quicker than a generator)


def spaces_of(battle) -> dict[str, tuple[int, int, int]]:
    """Each creature's space (x, y, side), read from the blockers' key (blockers_key: the same
    squares and sides), which blockers_of keeps while the state is held still."""
    still = battle.still_memo()
    key = still.get("blockers_key") if still is not None else None
    return {entry[0]: entry[1:4] for entry in (key or blockers_key(battle))}


def looker_covers(battle, creature) -> dict:
    """A store for covers of lines that ignore the creature's own squares (a planner's, for
    the creature's lines from squares it may stand on): kept with the battle while every
    other creature stays as it was (blockers_key), across the creature's own moves, falls
    and rises, which change none of those lines. Empty whenever anyone else changed."""
    still = battle.still_memo()
    key = still.get("blockers_key") if still is not None else None
    others = tuple([entry for entry in (key or blockers_key(battle)) if entry[0] != creature.id])
    kept = battle.__dict__.setdefault("_looker_covers", {})
    found = kept.get(creature.id)
    if found is None or found[0] != others:
        found = kept[creature.id] = (others, {})
    return found[1]


def cover_between(battle, attacker: Creature, target: Creature) -> int:
    """Cover of target against attacker: terrain, and creatures in the way (at most half)."""
    return covers_between(battle, [(attacker, target)])[0]


def _cover_key(index: dict[str, int], a: Creature, t: Creature) -> tuple:
    """(attacker space, target space, their owner indices): a rider stands in its mount's squares."""
    return a.space, t.space, index[a.effects.get("mounted_on", a.id)], index[t.effects.get("mounted_on", t.id)]


def cover_explained(battle, attacker: Creature, target: Creature):
    """cover_between's lines (core.cover.explain_cover): the corner, the square, each line."""
    blockers, index = blockers_of(battle)
    a_space, t_space, a_id, t_id = _cover_key(index, attacker, target)
    return explain_cover(blockers, a_space, t_space, (a_id, t_id))


def covers_between(battle, pairs: list[tuple[Creature, Creature]]) -> list[int]:
    """cover_between for many (attacker, target) pairs, the unknown ones in one vectorised call.

    Known covers are kept with the blockers, which are new whenever anyone moves."""
    blockers, index = blockers_of(battle)
    keys = [_cover_key(index, a, t) for a, t in pairs]
    known = blockers.__dict__.setdefault("known_covers", {})
    missing = list(dict.fromkeys(k for k in keys if k not in known))
    if missing:
        known.update(zip(missing, cover_many(blockers, missing).tolist()))
    return [known[k] for k in keys]


def occupants_for(battle, mover: Creature) -> list[Occupant]:
    """The other creatures on the board for a mover; a rider is carried in its mount's space.
    (Asked with every field: the creatures' fields are read directly, not through properties.)"""
    rider = mover.effects.get("rider")
    side = mover.side
    found = []
    for o in battle.state.creatures.values():
        effects = o.effects
        if o is mover or o.state == DEAD or o.id == rider or "mounted_on" in effects:
            continue
        size = o.stats.size
        # (tuple.__new__ makes the named tuple its constructor makes, without a Python-level call)
        found.append(_new_tuple(Occupant, (o.x, o.y, side_of(size, o.conditions, effects), size, o.side != side)))
    return found


def mover_of(creature: Creature, mode: str) -> Mover:
    stats = creature.stats
    return Mover(
        size=creature.size, mode=mode, prone=creature.prone,
        swims=stats.speed_of("swim") > 0, climbs=stats.speed_of("climb") > 0,
    )


def field_for(battle, creature: Creature, mode: str = "walk", limit_m: float | None = None) -> MovementField:
    """The creature's movement field, kept with the battle (core.movement.kept_field)."""
    return kept_field(battle.__dict__.setdefault("_fields", {}), battle.board, (creature.x, creature.y),
                      mover_of(creature, mode), occupants_for(battle, creature), rules=move_rules(battle.diagonals),
                      limit_m=limit_m, start_parity=creature.diagonal_parity)


def melee_reach(creature: Creature) -> float:
    """The longest reach of the creature's melee attacks, reach weapons included."""
    reach = creature.stats.melee_reach
    return 1.5 if reach is None else reach


def own_reach(creature: Creature) -> float:
    """The creature's own reach, for what is no attack with a weapon (grapple, shove, holding on).

    SRD 5.1, Reach: a weapon with the reach property adds 1.5 m to your reach only when you
    attack with it; a creature's natural attacks (a hill giant's 3 m) show its own reach.
    """
    return max([1.5] + [a.reach for a in creature.stats.attacks if a.is_melee and "reach" not in a.properties])


def space_after_step(creature: Creature, field: MovementField, x: int, y: int) -> tuple[int, int, int]:
    from ...core.sizes import SPACE_SQUARES, squeezed_squares

    side = squeezed_squares(creature.size) if field.squeezing[y, x] else SPACE_SQUARES[creature.size]
    return x, y, side
