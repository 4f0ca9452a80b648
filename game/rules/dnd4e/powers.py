"""Which creatures a 4e power may be used on, and the squares its area covers: melee (reach),
ranged (range, long range), close bursts and blasts (from the user's space), area bursts (a
square within range); line of effect to every target. One reading for the engine and the
options (`aim`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...content.schema_4e import Power
from ...core.areas import touches
from ...core.board import SQUARE_M, gap_squares
from ..errors import IllegalCommand
from .geometry import gap, line_of_effect


@dataclass(frozen=True)
class Aim:
    """A power aimed: its targets in the order their d20s are rolled, the area (or None), and
    the space an area burst comes from (None: the user's)."""

    targets: tuple[str, ...]
    mask: np.ndarray | None = None
    origin: tuple[int, int, int] | None = None
    long_range: bool = False


def special_attack(actor, name: str):
    """4e's grab and bull rush as powers of the creature (RULESETS.md 2): Strength (half level +
    Str modifier) against Reflex (grab: grabbed) or Fortitude (bull rush: push 1), no damage."""
    bonus = actor.stats.level // 2 + actor.stats.mod("str")
    if name == "grab":
        return Power(name="grab", usage="at-will", kind="melee", vs="ref", attack=bonus, on_hit=("grabbed",))
    if name == "bull-rush":
        return Power(name="bull-rush", usage="at-will", kind="melee", vs="fort", attack=bonus, push=1)
    return None


SPECIAL = ("grab", "bull-rush")


def power_of(actor, name: str | None):
    """The power named by a command's `with` ('basic' or none: the melee basic attack)."""
    stats = actor.stats
    if name in SPECIAL:
        return special_attack(actor, name)
    if name in (None, "basic"):
        power = stats.basic_power
        if power is None:
            raise IllegalCommand(f"{actor.id} has no melee basic attack")
        return power
    power = stats.power(name) if isinstance(name, str) else None
    if power is None:
        known = ", ".join(["basic"] + [p.name for p in stats.powers])
        raise IllegalCommand(f"{actor.id} has no power {name!r} (its powers: {known})")
    return power


def area_mask(battle, actor, power, at) -> np.ndarray:
    """The squares a power's area covers: a close burst around the user's space, a close blast
    (the size x size square whose top-left square is `at`, beside the user), an area burst
    around the square `at`."""
    h, w = battle.board.terrain.shape
    ys, xs = np.indices((h, w))
    if power.kind == "close-burst":
        x, y, s = actor.space
        n = power.size
    elif power.kind == "close-blast":
        x, y = at
        mask = (xs >= x) & (xs < x + power.size) & (ys >= y) & (ys < y + power.size)
        return mask
    else:
        (x, y), s, n = at, 1, power.size
    dx = np.maximum(np.maximum(x - xs, xs - (x + s - 1)), 0)
    dy = np.maximum(np.maximum(y - ys, ys - (y + s - 1)), 0)
    return np.maximum(dx, dy) <= n


def _square(value, what: str) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise IllegalCommand(f"{what} must be [column, row]")
    return int(value[0]), int(value[1])


def _listed(target) -> list[str] | None:
    if target is None:
        return None
    if isinstance(target, str):
        return [target]
    if isinstance(target, tuple) and all(isinstance(t, str) for t in target):
        return list(target)
    raise IllegalCommand("'target' must be a creature id or a list of them")


def _fits(power, actor, other) -> bool:
    """Whether the power's targets include this creature (enemies, creatures, an ally)."""
    if power.targets == "enemies":
        return other.side != actor.side
    if power.targets == "ally":
        return other.side == actor.side
    return True


def aim(battle, actor, power, target=None, at=None) -> Aim:
    """The power's targets from a command's `target` and `at` (IllegalCommand when they are not
    valid): one creature for melee and ranged powers, every creature the area catches (a list in
    `target` sets the order of the rolls and must name exactly those)."""
    creatures = battle.state.creatures
    listed = _listed(target)
    if not power.area:
        if not listed or len(listed) != 1:
            raise IllegalCommand(f"{power.name} needs one 'target'")
        other = battle.creature(listed[0])
        if not other.alive:
            raise IllegalCommand(f"{other.id} is dead")
        if other is actor and power.targets != "ally":
            raise IllegalCommand(f"{actor.id} cannot aim {power.name} at itself")
        if not _fits(power, actor, other):
            raise IllegalCommand(f"{power.name} is used on an ally, and {other.id} is not one")
        distance = gap(actor, other) * SQUARE_M
        far = False
        if power.melee:
            if distance > power.reach + 1e-9:
                raise IllegalCommand(f"{other.id} is out of reach of {power.name} ({distance:g} m, reach {power.reach:g} m)")
        elif other is not actor:
            longest = max(power.range, power.long_range)
            if distance > longest + 1e-9:
                raise IllegalCommand(f"{other.id} is out of range of {power.name} ({distance:g} m, range {longest:g} m)")
            far = distance > power.range + 1e-9
        if other is not actor and not line_of_effect(battle.board, actor.space, other.space):
            raise IllegalCommand(f"{actor.id} has no line of effect to {other.id}")
        return Aim((other.id,), long_range=far)
    origin = None
    if power.kind == "close-burst":
        square = None
    else:
        if at is None:
            raise IllegalCommand(f"{power.name} needs 'at' (a square: "
                                 + ("the blast's top-left square)" if power.kind == "close-blast" else "the burst's centre)"))
        square = _square(at, "'at'")
        h, w = battle.board.terrain.shape
        if not (0 <= square[0] < w and 0 <= square[1] < h):
            raise IllegalCommand(f"{list(square)} is off the map")
    if power.kind == "close-blast":
        blast = (square[0], square[1], power.size)
        h, w = battle.board.terrain.shape
        if square[0] + power.size > w or square[1] + power.size > h:
            raise IllegalCommand(f"the blast at {list(square)} goes off the map")
        if gap_squares(blast, actor.space, "1") != 1:
            raise IllegalCommand(f"a close blast must be beside {actor.id}: {list(square)} is not")
    if power.kind == "area-burst":
        origin = (square[0], square[1], 1)
        distance = gap_squares(actor.space, origin, "1") * SQUARE_M
        if distance > power.range + 1e-9:
            raise IllegalCommand(f"{list(square)} is out of range of {power.name} ({distance:g} m, range {power.range:g} m)")
        if not line_of_effect(battle.board, actor.space, origin):
            raise IllegalCommand(f"{actor.id} has no line of effect to {list(square)}")
    mask = area_mask(battle, actor, power, square)
    source = actor.space if origin is None else origin
    caught = [c.id for c in creatures.values()
              if c.alive and c is not actor and _fits(power, actor, c) and touches(mask, c.space)
              and line_of_effect(battle.board, source, c.space)]
    if listed is not None:
        if sorted(listed) != sorted(caught) or len(set(listed)) != len(listed):
            raise IllegalCommand(f"{power.name} there catches {', '.join(caught) or 'nobody'}: 'target' must list "
                                 "exactly those")
        caught = listed
    if not caught:
        raise IllegalCommand(f"{power.name} would catch nobody there")
    return Aim(tuple(caught), mask, origin)
