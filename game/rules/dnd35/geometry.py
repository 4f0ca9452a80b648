"""What the 3.5 rules ask of the board about creatures: distance counted 1-2-1, the squares a
creature threatens, flanking, cover and line of effect, sight, movement fields."""

from __future__ import annotations

import numpy as np

from ...core.board import SQUARE_M, gap_squares, window_any
from ...core.cover import Blockers, cover_many, explain_cover, lines_max_level, owners_of
from ...core.movement import MovementField, Mover, Occupant, kept_field
from ...core.terrain import HALF, NO_COVER, TOTAL
from .terrain_rules import COVER_35, MOVE_35

DIAGONALS = "5-10-5"  # 3.5 SRD: 1-2-1


def gap(a_space, b_space) -> int:
    return gap_squares(a_space, b_space, DIAGONALS)


def distance_m(a, b) -> float:
    """3.5 SRD, Measuring distance: squares between the spaces, diagonals 1-2-1, in metres."""
    return gap(a.space, b.space) * SQUARE_M


def melee_attacks(c) -> list:
    return [a for a in c.stats.attacks if a.is_melee]


def reach_of(c, attack=None) -> float:
    if attack is not None and attack.reach is not None:
        return attack.reach
    if attack is not None and "reach" in attack.properties:
        return 2 * c.stats.reach  # 3.5 SRD, Reach weapons: twice the wielder's natural reach
    return c.stats.reach


def reach_band(c, attack) -> tuple[float, float]:
    """(nearest, farthest) metres a melee attack strikes at: a reach weapon (the property
    `reach`) strikes beyond the creature's natural reach, up to twice it, and not within it (3.5
    SRD, Reach weapons: a longspear threatens 3 m away but not the adjacent squares); any other
    melee attack from next to it out to its reach (nearest 0)."""
    if "reach" in attack.properties:
        return c.stats.reach, reach_of(c, attack)
    return 0.0, reach_of(c, attack)


def within_reach(space_a, space_b, reach_m: float) -> bool:
    """Whether a space is within reach of another: reach 3 m reaches the second diagonal too
    (RULESETS.md (D): the engine says yes); longer reaches count 1-2-1."""
    squares = int(reach_m / SQUARE_M + 1e-9)
    ax, ay, aside = space_a
    bx, by, bside = space_b
    # the squares apart along each axis, 0 when the spaces overlap on it (without the builtins:
    # asked very often)
    dx = bx - (ax + aside - 1)
    if dx <= 0:
        dx = ax - (bx + bside - 1)
        if dx < 0:
            dx = 0
    dy = by - (ay + aside - 1)
    if dy <= 0:
        dy = ay - (by + bside - 1)
        if dy < 0:
            dy = 0
    far, near = (dx, dy) if dx >= dy else (dy, dx)
    if far == 0:
        return False
    return (far if squares <= 2 else far + near // 2) <= squares


def within_band(space_a, space_b, band: tuple[float, float]) -> bool:
    """Within the band's far reach and beyond its near one (reach_band)."""
    near, far = band
    return within_reach(space_a, space_b, far) and not (near and within_reach(space_a, space_b, near))


def strikes(c, target, attack) -> bool:
    """Whether this melee attack of c reaches the target's space now."""
    return within_band(c.space, target.space, reach_band(c, attack))


def reaching_attacks(c, target) -> list:
    """c's melee attacks that reach the target (for an attack of opportunity: the first of them)."""
    return [a for a in melee_attacks(c) if strikes(c, target, a)]


def _reach_mask(battle, c, reach_m: float) -> np.ndarray:
    h, w = battle.board.terrain.shape
    squares = int(reach_m / SQUARE_M + 1e-9)
    ys, xs = np.indices((h, w))
    dx = np.maximum(np.maximum(c.x - xs, xs - (c.x + c.side_squares - 1)), 0)
    dy = np.maximum(np.maximum(c.y - ys, ys - (c.y + c.side_squares - 1)), 0)
    count = np.maximum(dx, dy) if squares <= 2 else np.maximum(dx, dy) + np.minimum(dx, dy) // 2
    return (count >= 1) & (count <= squares)


def threat_mask(battle, c) -> np.ndarray:
    """3.5 SRD, Threatened squares: every square its melee attacks reach (a reach weapon: only
    beyond its natural reach), as a (rows, columns) bool mask; nothing while it cannot act or
    while it is grappled (3.5 SRD, Grapple: a grappling creature threatens no squares)."""
    h, w = battle.board.terrain.shape
    mask = np.zeros((h, w), bool)
    if not c.standing or "grappled" in c.conditions:
        return mask
    for band in {reach_band(c, a) for a in melee_attacks(c)}:
        near, far = band
        strip = _reach_mask(battle, c, far)
        if near:
            strip &= ~_reach_mask(battle, c, near)
        mask |= strip
    return mask & ~battle.board.blocks_move


def threatened_positions(battle, c, side: int) -> np.ndarray:
    """Per position (the top-left of a side x side space): whether c threatens that space (as
    `threatens` judges it: a reach weapon never threatens a space with a square next to c)."""
    bands = {reach_band(c, a) for a in melee_attacks(c)}
    if side == 1 or not any(near for near, _far in bands):
        return window_any(threat_mask(battle, c), side)
    h, w = battle.board.terrain.shape
    found = np.zeros((h, w), bool)
    if not c.standing or "grappled" in c.conditions:
        return found
    for near, far in bands:
        strip = window_any(_reach_mask(battle, c, far) & ~battle.board.blocks_move, side)
        if near:
            strip &= ~window_any(_reach_mask(battle, c, near), side)
        found |= strip
    return found


def threatens(battle, c, target) -> bool:
    if not c.standing or "grappled" in c.conditions:
        return False
    return bool(reaching_attacks(c, target))


def _blockers(battle, with_creatures: bool, low_walls: bool = True):
    # without creatures the blockers are the terrain's alone: only the ids (their indices) count
    key = (with_creatures, low_walls, tuple((c.id, c.x, c.y, c.side_squares, c.alive, c.prone)
                                            for c in battle.state.creatures.values()) if with_creatures
           else tuple(battle.state.creatures))
    cache = battle.__dict__.setdefault("_blockers35", {})
    if key not in cache:
        if len(cache) > 16:
            cache.clear()
        creatures = list(battle.state.creatures.values())
        index = {c.id: i for i, c in enumerate(creatures)}
        owners = owners_of(battle.board.terrain.shape, [(c.x, c.y, c.side_squares, i) for i, c in enumerate(creatures)
                                                        if with_creatures and c.alive and not c.prone])
        caps = battle.board.line_caps(COVER_35)
        if not low_walls:
            caps = np.where(_low_walls(battle), 0, caps)
        cache[key] = (Blockers(caps, owners, rules=COVER_35), index, {})
    return cache[key]


def cover_level(battle, attacker, target, ranged: bool) -> int:
    """3.5 SRD, Cover: from the attacker's best corner to the target's square; creatures in the
    way give soft cover against ranged attacks only (0 none, 1 cover, 2 improved, 3 no line).

    A low wall covers only a target within 6 squares of it, against an attacker no nearer to it
    than the target (RULESETS.md section 3): when only low walls give the cover, one of them must
    lie between the two so."""
    blockers, index, known = _blockers(battle, ranged)
    key = (attacker.space, target.space, index[attacker.id], index[target.id])
    if key not in known:
        adjacent = not ranged and gap(attacker.space, target.space) == 1
        known[key] = adjacent_melee_cover(battle, attacker, target) if adjacent else _deciding(battle, key, ranged)[0]
    return known[key]


SQUARE_CORNERS = ((0, 0), (1, 0), (0, 1), (1, 1))


def adjacent_melee_cover(battle, attacker, target) -> int:
    """RULESETS.md 1, Cover: "Adjacent melee: cover if any line between the squares crosses a
    wall (low included); creatures never". Between two touching squares every corner-to-corner
    line is drawn; a big creature strikes from the pair of touching squares that is clearest."""
    blockers, _, _ = _blockers(battle, with_creatures=False)
    best = HALF
    for a in attacker.squares():
        for t in target.squares():
            if max(abs(a[0] - t[0]), abs(a[1] - t[1])) != 1:
                continue
            starts = [(a[0] + i, a[1] + j) for i, j in SQUARE_CORNERS for _k in range(4)]
            ends = [(t[0] + i, t[1] + j) for _k in range(4) for i, j in SQUARE_CORNERS]
            if int(lines_max_level(blockers, starts, ends).max()) == 0:
                return NO_COVER
    return best


def _deciding(battle, key, ranged: bool) -> tuple[int, Blockers]:
    """The cover of a (attacker space, target space, ids) pair, and the blockers that decide it:
    without the low walls when only they would give it and none of them counts."""
    blockers, _, _ = _blockers(battle, ranged)
    level = int(cover_many(blockers, [key])[0])
    if level and _low_walls(battle).any():
        bare, _, _ = _blockers(battle, ranged, low_walls=False)
        bare_level = int(cover_many(bare, [key])[0])
        if bare_level < level and not _low_wall_counts(battle, key[0], key[1]):
            return bare_level, bare
    return level, blockers


def cover_explained(battle, attacker, target, ranged: bool = True):
    """cover_level's lines (core.cover.explain_cover): the best corner, the square, each line."""
    _, index, _ = _blockers(battle, ranged)
    key = (attacker.space, target.space, index[attacker.id], index[target.id])
    return explain_cover(_deciding(battle, key, ranged)[1], *key[:2], key[2:])


def _low_walls(battle) -> np.ndarray:
    return battle.board.prop("low")


def _low_wall_counts(battle, a_space, t_space) -> bool:
    """Whether a low wall between the two spaces lies within 6 squares of the target and no
    nearer to the attacker than to the target."""
    ys, xs = np.nonzero(_low_walls(battle))
    x0 = min(a_space[0], t_space[0])
    x1 = max(a_space[0] + a_space[2], t_space[0] + t_space[2])
    y0 = min(a_space[1], t_space[1])
    y1 = max(a_space[1] + a_space[2], t_space[1] + t_space[2])
    for x, y in zip(xs.tolist(), ys.tolist()):
        if not (x0 <= x < x1 and y0 <= y < y1):
            continue
        to_target, to_attacker = gap(t_space, (x, y, 1)), gap(a_space, (x, y, 1))
        if to_target <= 6 and to_attacker >= to_target:
            return True
    return False


def can_see(battle, viewer, target) -> bool:
    """Sight follows the lines of cover: only terrain that blocks every line hides."""
    if "blinded" in viewer.conditions or "invisible" in target.conditions:
        return False
    return cover_level(battle, viewer, target, ranged=False) < TOTAL


def flanked_by(battle, attacker, target) -> str | None:
    """3.5 SRD, Flanking: an ally threatening the target on the opposite side, the line between
    the two centres crossing opposite borders (or corners) of the target's space; the ally's id."""
    for ally in battle.state.creatures.values():
        if ally is attacker or ally is target or ally.side != attacker.side or not ally.standing:
            continue
        if not threatens(battle, ally, target):
            continue
        # RULESETS.md section 1: a flanker bigger than one square may use any of its squares
        if any(_opposite(a, b, target.space) for a in _centres(attacker) for b in _centres(ally)):
            return ally.id
    return None


def _centres(c) -> list[tuple[float, float]]:
    return [(x + 0.5, y + 0.5) for x, y in c.squares()]


def _opposite(a, b, space) -> bool:
    """Whether the segment a-b enters and leaves the box of the space through opposite borders."""
    x0, y0, side = space
    x1, y1 = x0 + side, y0 + side
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 >= t1:
        return False

    def borders(t):
        x, y = a[0] + t * dx, a[1] + t * dy
        found = set()
        for name, value, edge in (("left", x, x0), ("right", x, x1), ("top", y, y0), ("bottom", y, y1)):
            if abs(value - edge) < 1e-9:
                found.add(name)
        return found

    enter, leave = borders(t0), borders(t1)
    return ("left" in enter and "right" in leave) or ("right" in enter and "left" in leave) or \
        ("top" in enter and "bottom" in leave) or ("bottom" in enter and "top" in leave)


def occupants_for(battle, mover) -> list[Occupant]:
    return [Occupant(o.x, o.y, o.side_squares, o.size, hostile=o.side != mover.side and not o.helpless)
            for o in battle.state.creatures.values() if o is not mover and o.alive]


def mover_of(c, mode: str = "walk") -> Mover:
    return Mover(size=c.size, mode=mode, prone=c.prone, swims=c.stats.speed_of("swim") > 0,
                 climbs=c.stats.speed_of("climb") > 0)


def field_for(battle, c, mode: str = "walk", limit_m: float | None = None) -> MovementField:
    """The creature's movement field, kept with the battle (core.movement.kept_field)."""
    return kept_field(battle.__dict__.setdefault("_fields", {}), battle.board, (c.x, c.y), mover_of(c, mode),
                      occupants_for(battle, c), rules=MOVE_35, limit_m=limit_m, start_parity=c.diagonal_parity)
