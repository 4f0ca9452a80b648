"""4e swimming, climbing and falls (RULESETS.md section 3, `~` and cliff rows), read once for the
engine and the options.

- Swimming: a creature without a swim speed makes an Athletics check, DC 10, once in a move, just
  before the first step that puts its space in deep water (2 squares a square, terrain_rules.py).
  Failing by 4 or less it makes no progress: the move stops where it stands. Failing by 5 or more
  it also sinks if it stands in deep water: `underwater` (engine reading: it grants combat
  advantage), until it passes a swimming check or stands out of deep water.
- Climbing: a cliff (`^`) is climbed (`mode = "climb"`), never walked; a creature without a climb
  speed makes an Athletics check, DC 15 (engine reading), once in a move, just before its first
  step onto the cliff, or off it (getting down is climbing down, whatever the move's mode); on a
  failure the move stops. Failing by 5 or more while on the cliff it falls (engine reading: to
  the square it was stepping down to, else the free square beside it off the cliff nearest that
  step, in reading order on ties; none free: it holds on), as below.
- Falls: forced movement that takes a creature standing on a cliff off it (its new space has no
  cliff square) first allows a saving throw (d20 >= 10): it drops prone at the edge, the forced
  movement ending there; else it falls 3 m (engine reading: a cliff square is one square, 3 m,
  high): 1d10 damage, and it lands prone.

The bonus of each check is the stat block's `athletics` skill (schema_4e.py)."""

from __future__ import annotations

import numpy as np

from ...core.board import SQUARE_M
from ...core.sizes import SPACE_SQUARES
from ...i18n import N_, translator
from .damage import deal

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

SWIM, CLIMB = "swim", "climb"
DC = {SWIM: 10, CLIMB: 15}
SINKS_BY = 5  # failing a swimming check by this much or more, it sinks
FALL_DIE = 10  # 1d10 per 3 m; a cliff is 3 m high
CHECK_RULES = {SWIM: ("swimming",), CLIMB: ("climbing",)}
CHECK_LINES = {
    (SWIM, "pass"): N_("{name} swims: Athletics d20 {face} {bonus} = {total} vs DC {dc}: it swims on"),
    (SWIM, "stuck"): N_("{name} swims: Athletics d20 {face} {bonus} = {total} vs DC {dc}: no progress"),
    (SWIM, "sinks"): N_("{name} swims: Athletics d20 {face} {bonus} = {total} vs DC {dc}: it sinks"),
    (CLIMB, "pass"): N_("{name} climbs: Athletics d20 {face} {bonus} = {total} vs DC {dc}: it climbs on"),
    (CLIMB, "stuck"): N_("{name} climbs: Athletics d20 {face} {bonus} = {total} vs DC {dc}: no progress"),
    (CLIMB, "falls"): N_("{name} climbs: Athletics d20 {face} {bonus} = {total} vs DC {dc}: it loses its hold"),
}


def _space_has(battle, prop: str, x: int, y: int, side: int) -> bool:
    """Whether the space `side` squares wide at (x, y) holds a square of the terrain property
    (the part of it on the board; the options ask this for every step of every path)."""
    if x < 0 or y < 0:  # never asked by the engine; as numpy slices it
        return bool(np.asarray(battle.board.prop(prop))[y:y + side, x:x + side].any())
    rows = battle.board.derived(("space_has", prop, side), lambda: _spaces_holding(battle.board.prop(prop), side))
    return y < len(rows) and x < len(rows[y]) and rows[y][x]


def _board_has(battle, prop: str) -> bool:
    """Whether any square of the board has the terrain property."""
    return battle.board.anywhere(prop)


def _spaces_holding(values: np.ndarray, side: int) -> list[list[bool]]:
    """Per position (row, column) of the board: whether the space `side` squares wide there holds
    a true square of `values` (the squares off the board count as false)."""
    height, width = values.shape
    padded = np.zeros((height + side - 1, width + side - 1), dtype=bool)
    padded[:height, :width] = values
    windows = np.lib.stride_tricks.sliding_window_view(padded, (side, side))
    return windows.any(axis=(2, 3)).tolist()


def in_deep_water(battle, c) -> bool:
    return _space_has(battle, "deep_water", c.x, c.y, c.side_squares)


def on_cliff(battle, c) -> bool:
    return _space_has(battle, "climbable", c.x, c.y, c.side_squares)


def check_for(battle, c, step, here=None) -> str | None:
    """The check a step of a move from `here` (c's square by default) needs: SWIM (into deep water
    without a swim speed), CLIMB (onto a cliff, or down off one, without a climb speed), or None."""
    x, y = step
    hx, hy = (c.x, c.y) if here is None else here
    side = SPACE_SQUARES[c.size]
    if _space_has(battle, "deep_water", x, y, side) and c.stats.speed_of("swim") <= 0:
        return SWIM
    if ((_space_has(battle, "climbable", x, y, side) or _space_has(battle, "climbable", hx, hy, side))
            and c.stats.speed_of("climb") <= 0):
        return CLIMB
    return None


def checks_along(battle, c, steps, start=None) -> list[str]:
    """The checks a move from `start` (c's square by default) along these steps would roll, in
    the order it meets them (one each)."""
    found: list[str] = []
    if not ((_board_has(battle, "deep_water") and c.stats.speed_of("swim") <= 0)
            or (_board_has(battle, "climbable") and c.stats.speed_of("climb") <= 0)):
        return found  # nothing on this board it would need a check for
    here = (c.x, c.y) if start is None else tuple(start)
    for step in steps:
        kind = check_for(battle, c, tuple(step), here)
        if kind is not None and kind not in found:
            found.append(kind)
        here = tuple(step)
    return found


def success_chance(c, kinds) -> float | None:
    """The chance to pass every check of a move (None: it needs none)."""
    if not kinds:
        return None
    chance = 1.0
    for kind in kinds:
        need = DC[kind] - c.stats.skill("athletics")
        chance *= min(1.0, max(0.0, (21 - need) / 20))
    return chance


def attempt(battle, c, kind: str) -> str:
    """Roll one Athletics check (one d20) before the step that needs it: "pass", "stuck", "sinks"
    (a swimmer failing by 5 or more in deep water: `underwater`) or "falls" (a climber failing by
    5 or more on the cliff: the caller makes it fall, `fall_from_climb`)."""
    bonus = c.stats.skill("athletics")
    face = battle.state.dice.roll(20)
    total = face + bonus
    dc = DC[kind]
    if total >= dc:
        outcome = "pass"
    elif kind == SWIM and total <= dc - SINKS_BY and in_deep_water(battle, c):
        outcome = "sinks"
    elif kind == CLIMB and total <= dc - SINKS_BY and on_cliff(battle, c):
        outcome = "falls"
    else:
        outcome = "stuck"
    battle.emit("check", _(CHECK_LINES[(kind, outcome)]).format(name=c.name, face=face, bonus=f"{bonus:+d}",
                                                                total=total, dc=dc),
                rules=CHECK_RULES[kind] + ("move-action",), creature=c.id)
    if kind == SWIM and outcome == "pass":
        c.conditions.discard("underwater")
    if outcome == "sinks":
        c.conditions.add("underwater")
    return outcome


def surface(battle, c) -> None:
    """Out of deep water a creature is no longer underwater."""
    if "underwater" in c.conditions and not in_deep_water(battle, c):
        c.conditions.discard("underwater")


def over_the_edge(battle, c, to) -> bool:
    """Whether a forced step to `to` takes c off a cliff it stands on."""
    return on_cliff(battle, c) and not _space_has(battle, "climbable", to[0], to[1], c.side_squares)


def edge_save(battle, c) -> bool:
    """The saving throw of a creature forced over a cliff's edge: d20 >= 10 drops it prone at the
    edge (True: it stays)."""
    face = battle.state.dice.roll(20)
    stays = face >= 10
    words = _("{name} is forced to a cliff's edge: saving throw d20 {face}: it drops prone at the edge") if stays \
        else _("{name} is forced to a cliff's edge: saving throw d20 {face}: it goes over")
    battle.emit("check", words.format(name=c.name, face=face), rules=("falling", "forced-movement"), creature=c.id)
    if stays:
        c.conditions.add("prone")
    return stays


def fall(battle, c) -> None:
    """A fall from a cliff: 3 m, 1d10 damage, and it lands prone."""
    amount = battle.state.dice.roll(FALL_DIE)
    c.conditions.add("prone")
    battle.emit("condition", _("{name} falls 3 m and lands prone").format(name=c.name), rules=("falling", "prone"),
                creature=c.id)
    deal(battle, c, amount, None, " " + _("from the fall"), ("falling",))
    surface(battle, c)


def fall_from_climb(battle, c, step) -> None:
    """A climber losing its hold falls off the cliff: to `step` when that is off the cliff and it
    can stand there, else to the free square beside it off the cliff nearest `step` (reading order
    on ties); with none, it holds on where it is."""
    from .geometry import field_for
    field = field_for(battle, c, "walk", limit_m=2 * SQUARE_M)
    side = c.side_squares
    best = None
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            x, y = c.x + dx, c.y + dy
            if (dx, dy) == (0, 0) or not battle.board.inside(x, y, side) or not field.can_end[y, x]:
                continue
            if _space_has(battle, "climbable", x, y, side):
                continue
            key = (max(abs(x - step[0]), abs(y - step[1])), y, x)
            if best is None or key < best[0]:
                best = (key, (x, y))
    if best is None:
        return
    c.x, c.y = best[1]
    battle.emit("move", _("{name} falls to {square}").format(name=c.name, square=list(best[1])),
                rules=("falling", "climbing"), creature=c.id, path=[list(best[1])])
    fall(battle, c)
