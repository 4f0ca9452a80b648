"""What the 4e rules ask of the board about creatures: distance in squares (every diagonal 1),
adjacency, sight and line of effect, cover (terrain_rules.py's records), flanking, and movement
fields."""

from __future__ import annotations

import numpy as np

from ...core.board import SQUARE_M, gap_squares
from ...core.sizes import SPACE_SQUARES, squeezed_squares
from ...core.cover import Blockers, cover_many, explain_cover, owners_of
from ...core.movement import MovementField, Mover, Occupant, kept_field
from ...core.terrain import THREE_QUARTERS, TOTAL
from .terrain_rules import COVER_4E, MELEE_COVER_4E, MOVE_4E, SLIT_COVER_4E

EPS = 1e-9


def gap(a, b) -> int:
    """Squares between two creatures' spaces (1 when adjacent; every diagonal counts 1)."""
    return gap_squares(a.space, b.space, "1")


def adjacent(a, b) -> bool:
    return gap(a, b) == 1


def foes_beside(c, foes) -> dict[tuple[int, int], list]:
    """For each square where c would be next to some of these foes (adjacent(), c put there),
    those foes, in their order: only they may be flanked, or be left, from there."""
    side = c.side_squares
    beside: dict[tuple[int, int], list] = {}
    for f in foes:
        fx, fy, fside = f.space
        for y in range(fy - side, fy + fside + 1):
            for x in range(fx - side, fx + fside + 1):
                if gap_squares((x, y, side), f.space, "1") == 1:
                    beside.setdefault((x, y), []).append(f)
    return beside


def squares_of(metres: float) -> int:
    return int(metres / SQUARE_M + EPS)


def _reading(rules) -> str:
    """The name of a reading of the terrain's cover: melee, arrow slits, or ranged."""
    return {id(MELEE_COVER_4E): "melee", id(SLIT_COVER_4E): "slit"}.get(id(rules), "ranged")


def _terrain_blockers(board, rules) -> Blockers:
    key = "_blockers_4e_" + _reading(rules)
    found = board.__dict__.get(key)
    if found is None:
        found = board.__dict__[key] = Blockers(board.line_caps(rules), rules=rules)
    return found


TERRAIN_COVERS_KEPT = 100_000  # per reading of the terrain: then they are forgotten, all at once


def terrain_cover(board, rules, a_space, b_space) -> int:
    """The cover level the terrain alone gives between two spaces under these cover rules (any
    line, no creature). The board never changes: the answers are kept with it."""
    kept = board.__dict__.setdefault("_terrain_covers_4e_" + _reading(rules), {})
    level = kept.get((a_space, b_space))
    if level is None:
        if len(kept) >= TERRAIN_COVERS_KEPT:
            kept.clear()
        level = kept[(a_space, b_space)] = int(cover_many(_terrain_blockers(board, rules),
                                                          [(a_space, b_space, -1, -1)])[0])
    return level


def line_of_effect(board, a_space, b_space) -> bool:
    """A clear line: not every line between the spaces is blocked by terrain."""
    return terrain_cover(board, COVER_4E, a_space, b_space) < TOTAL


def can_see(battle, viewer, target) -> bool:
    """Sight follows line of effect; a blinded viewer sees nothing, an invisible or hidden
    target is not seen (the attacker unseen: combat advantage)."""
    return "hidden" not in target.conditions and could_see(battle, viewer, target)


def could_see(battle, viewer, target) -> bool:
    """Whether the viewer would see the target but for its Stealth (stealth.py: the enemies a
    hider must keep superior cover from): not blinded, the target not invisible, a line of effect."""
    if "blinded" in viewer.conditions or "invisible" in target.conditions:
        return False
    return line_of_effect(battle.board, viewer.space, target.space)


def _enemy_blockers(battle, side: str) -> tuple[Blockers, dict[str, int]]:
    """Terrain and the creatures hostile to `side` as line blockers (RULESETS.md 2, Cover: the
    attacker's enemies give cover, its allies never)."""
    creatures = list(battle.state.creatures.values())
    key = (side, tuple((c.id, c.x, c.y, c.side_squares, c.alive) for c in creatures))
    cache = battle.__dict__.setdefault("_cover_4e", {})
    if key not in cache:
        if len(cache) > 64:
            cache.clear()
        index = {c.id: i for i, c in enumerate(creatures)}
        owners = owners_of(battle.board.terrain.shape,
                           [(c.x, c.y, c.side_squares, i) for i, c in enumerate(creatures) if c.alive and c.side != side])
        cache[key] = (Blockers(battle.board.line_caps(COVER_4E), owners, rules=COVER_4E), index)
    return cache[key]


def cover_level(battle, attacker, target, melee: bool, origin=None) -> int:
    """The cover level (terrain.py levels) of target against an attack of attacker; `origin` is
    the space an area burst comes from. Melee: terrain only, the DMG's any-line reading. An arrow
    slit on a line gives superior cover."""
    source = attacker.space if origin is None else origin
    slit = terrain_cover(battle.board, SLIT_COVER_4E, source, target.space)
    if melee:
        level = terrain_cover(battle.board, MELEE_COVER_4E, attacker.space, target.space)
        return max(level, slit, _corner_cover(battle.board, attacker.space, target.space))
    blockers, index = _enemy_blockers(battle, attacker.side)
    line = (source, target.space, index[attacker.id] if origin is None else -1, index[target.id])
    known = blockers.__dict__.setdefault("known_covers", {})  # the blockers are new when anyone moves
    level = known.get(line)
    if level is None:
        level = known[line] = int(cover_many(blockers, [line])[0])
    return level if level == TOTAL else max(level, slit)


def cover_explained(battle, attacker, target):
    """cover_level's ranged reading line by line: (its level, core.cover.explain_cover's lines from
    the attacker's best corner, its enemies in the way); an arrow slit on a line may raise the
    level above what the count of lines gives (cover_level's own rule)."""
    blockers, index = _enemy_blockers(battle, attacker.side)
    explained = explain_cover(blockers, attacker.space, target.space, (index[attacker.id], index[target.id]))
    return cover_level(battle, attacker, target, False), explained


def _corner_cover(board, a_space, t_space) -> int:
    """RULESETS.md 3: a melee attack across a wall's corner (the spaces touch at a corner only
    and a square beside that corner blocks lines) gives the target cover (the DMG's reading)."""
    sx, sy = _sides(a_space, t_space)
    if sx == 0 or sy == 0 or gap_squares(a_space, t_space, "1") != 1:
        return 0
    (ax, ay, aside), (tx, ty, tside) = a_space, t_space
    a_corner = (ax + aside - 1 if sx < 0 else ax, ay + aside - 1 if sy < 0 else ay)
    t_corner = (tx if sx < 0 else tx + tside - 1, ty if sy < 0 else ty + tside - 1)
    caps = board.line_caps(MELEE_COVER_4E)
    beside = (caps[t_corner[1], a_corner[0]], caps[a_corner[1], t_corner[0]])
    return int(min(max(beside), THREE_QUARTERS))


def flanked(battle, attacker, target) -> bool:
    """4e, Flanking: the attacker and an ally adjacent to the target on opposite sides (or
    corners); a dazed, stunned, unconscious or surprised ally does not flank."""
    if not adjacent(attacker, target):
        return False
    side = _sides(attacker.space, target.space)
    for ally in battle.state.creatures.values():
        if ally is attacker or ally.side != attacker.side or not ally.standing:
            continue
        if ally.conditions & {"dazed", "stunned", "unconscious", "surprised"} or not adjacent(ally, target):
            continue
        other = _sides(ally.space, target.space)
        if all(a == -b for a, b in zip(side, other)):
            return True
    return False


def _sides(space, target) -> tuple[int, int]:
    """Where a space lies from a target, per axis: -1 before it, 1 after it, 0 level with it."""
    (x, y, s), (tx, ty, ts) = space, target
    def axis(a, size, t):
        return -1 if a + size - 1 < t else (1 if a > t + ts - 1 else 0)
    return axis(x, s, tx), axis(y, s, ty)


def mover_of(creature, mode: str = "walk") -> Mover:
    stats = creature.stats
    return Mover(size=creature.size, mode=mode, prone=creature.prone,
                 swims=stats.speed_of("swim") > 0, climbs=stats.speed_of("climb") > 0)


def occupants_for(battle, mover) -> list[Occupant]:
    return [Occupant(o.x, o.y, o.side_squares, o.size, hostile=o.side != mover.side)
            for o in battle.state.creatures.values() if o is not mover and o.alive]


def field_for(battle, creature, mode: str = "walk", limit_m: float | None = None) -> MovementField:
    """The creature's movement field, kept with the battle (core.movement.kept_field)."""
    return kept_field(battle.__dict__.setdefault("_fields", {}), battle.board, (creature.x, creature.y),
                      mover_of(creature, mode), occupants_for(battle, creature), rules=MOVE_4E, limit_m=limit_m)


def needs_squeeze(board, creature, x: int, y: int) -> bool:
    """Whether a creature bigger than a square must squeeze to stand at (x, y): its whole space
    does not fit among the walls there (4e, Squeeze: a space one size smaller)."""
    side = SPACE_SQUARES[creature.size]
    if side <= 1:
        return False
    if not board.inside(x, y, side):
        return True
    return bool(board.blocks_move[y:y + side, x:x + side].any())


def space_at(board, creature, x: int, y: int) -> tuple[int, int, int]:
    """The space (x, y, side) a creature takes standing at (x, y): a size smaller where it must
    squeeze there (needs_squeeze), as a walk puts it."""
    side = squeezed_squares(creature.size) if needs_squeeze(board, creature, x, y) else SPACE_SQUARES[creature.size]
    return x, y, side


def adjacent_squares_mask(battle, creature) -> np.ndarray:
    """The squares adjacent to the creature's space (its threatened squares in 4e)."""
    h, w = battle.board.terrain.shape
    ys, xs = np.indices((h, w))
    s = creature.side_squares
    dx = np.maximum(np.maximum(creature.x - xs, xs - (creature.x + s - 1)), 0)
    dy = np.maximum(np.maximum(creature.y - ys, ys - (creature.y + s - 1)), 0)
    return np.maximum(dx, dy) == 1
