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
from ...i18n import _, decimal
from ..errors import IllegalCommand
from ..words import spoken
from .geometry import gap, line_of_effect
from .stealth import suspected


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
            raise IllegalCommand(_("{name} has no melee basic attack").format(name=actor.name))
        return power
    power = stats.power(name) if isinstance(name, str) else None
    if power is None:
        known = ", ".join(["basic"] + [p.name for p in stats.powers])
        raise IllegalCommand(_("{creature} has no power {name} (its powers: {known})").format(creature=actor.name,
                                                                                            name=repr(name),
                                                                                      known=known))
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
        raise IllegalCommand(_("{what} must be [column, row]").format(what=what))
    return int(value[0]), int(value[1])


def _listed(target) -> list[str] | None:
    if target is None:
        return None
    if isinstance(target, str):
        return [target]
    if isinstance(target, tuple) and all(isinstance(t, str) for t in target):
        return list(target)
    raise IllegalCommand(_("'target' must be a creature id or a list of them"))


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
            raise IllegalCommand(_("{power} needs one 'target'").format(power=spoken(power.name)))
        other = battle.creature(listed[0])
        if not other.alive:
            raise IllegalCommand(_("{name} is dead").format(name=other.name))
        if other is actor and power.targets != "ally":
            raise IllegalCommand(_("{name} cannot aim {power} at itself").format(name=actor.name, power=spoken(power.name)))
        if not _fits(power, actor, other):
            raise IllegalCommand(_("{power} is used on an ally, and {name} is not one").format(power=spoken(power.name),
                                                                                           name=other.name))
        distance = gap(actor, other) * SQUARE_M
        far = False
        if power.melee:
            if distance > power.reach + 1e-9:
                raise IllegalCommand(_("{name} is out of reach of {power} ({distance} m, reach {reach} m)").format(
                    name=other.name, power=spoken(power.name), distance=decimal(distance), reach=decimal(power.reach)))
        elif other is not actor:
            longest = max(power.range, power.long_range)
            if distance > longest + 1e-9:
                raise IllegalCommand(_("{name} is out of range of {power} ({distance} m, range {range} m)").format(
                    name=other.name, power=spoken(power.name), distance=decimal(distance), range=decimal(longest)))
            far = distance > power.range + 1e-9
        if other is not actor and not line_of_effect(battle.board, actor.space, other.space):
            raise IllegalCommand(_("{name} has no line of effect to {target}").format(name=actor.name, target=other.name))
        return Aim((other.id,), long_range=far)
    origin = None
    if power.kind == "close-burst":
        square = None
    else:
        if at is None:
            words = _("{power} needs 'at' (a square: the blast's top-left square)") if power.kind == "close-blast" \
                else _("{power} needs 'at' (a square: the burst's centre)")
            raise IllegalCommand(words.format(power=spoken(power.name)))
        square = _square(at, "'at'")
        h, w = battle.board.terrain.shape
        if not (0 <= square[0] < w and 0 <= square[1] < h):
            raise IllegalCommand(_("{square} is off the map").format(square=list(square)))
    if power.kind == "close-blast":
        blast = (square[0], square[1], power.size)
        h, w = battle.board.terrain.shape
        if square[0] + power.size > w or square[1] + power.size > h:
            raise IllegalCommand(_("the blast at {square} goes off the map").format(square=list(square)))
        if gap_squares(blast, actor.space, "1") != 1:
            raise IllegalCommand(_("a close blast must be beside {name}: {square} is not").format(name=actor.name,
                                                                                             square=list(square)))
    if power.kind == "area-burst":
        origin = (square[0], square[1], 1)
        distance = gap_squares(actor.space, origin, "1") * SQUARE_M
        if distance > power.range + 1e-9:
            raise IllegalCommand(_("{name} is out of range of {power} ({distance} m, range {range} m)").format(
                name=list(square), power=spoken(power.name), distance=decimal(distance), range=decimal(power.range)))
        if not line_of_effect(battle.board, actor.space, origin):
            raise IllegalCommand(_("{name} has no line of effect to {target}").format(name=actor.name, target=list(square)))
    mask = area_mask(battle, actor, power, square)
    source = actor.space if origin is None else origin
    caught = [c.id for c in creatures.values()
              if c.alive and c is not actor and _fits(power, actor, c) and touches(mask, c.space)
              and line_of_effect(battle.board, source, c.space)]
    if listed is not None:
        if sorted(listed) != sorted(caught) or len(set(listed)) != len(listed):
            raise IllegalCommand(_("{power} there catches {caught}: 'target' must list exactly those").format(
                power=spoken(power.name), caught=", ".join(caught) or _("nobody")))
        caught = listed
    if not caught and not _suspect_inside(battle, actor, mask):
        raise IllegalCommand(_("{power} would catch nobody there").format(power=spoken(power.name)))
    return Aim(tuple(caught), mask, origin)


def _suspect_inside(battle, actor, mask) -> bool:
    """Whether the area holds the square where a hidden enemy of the actor was seen hiding
    (stealth.suspected): the area is then used even if it catches nobody (refusing it would tell
    the hider has gone)."""
    for other in battle.state.creatures.values():
        hint = suspected(other) if other.side != actor.side and other.alive else None
        if hint is not None and mask[hint[0][1], hint[0][0]]:
            return True
    return False
