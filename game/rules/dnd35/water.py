"""3.5 deep water (RULESETS.md section 3, `~`: "no swim speed: Swim DC 10 each round; pass: 4 per
sq; fail <= 4 stuck, 5+ under. Improved cover (+8) vs attackers on land; underwater
slash/bludgeon -2, half damage").

A creature in deep water is underwater (FORMATS.md). One without a swim speed makes a Swim check
(one d20 + its Swim modifier, DC 10) once a round, before its first step in or into deep water
on its turn; its moves there cost 4 squares a square (terrain_rules.py). A failure ends its
movement there for the round (by 4 or less it makes no progress; by 5 or more it goes under:
no progress either; E: no drowning yet). A slashing or bludgeoning melee attack (not one that
can pierce) made from deep water takes -2 and deals half damage; the improved cover of a
creature in deep water against attackers on land is combat.py's. 3.5 SRD, Ranged attacks
underwater: a thrown weapon is no use when either creature is in deep water ("ineffective
underwater, even when launched from land"); another ranged weapon takes -2 for every 1.5 m (5
feet), or part of it, of deep water the line between the two centres passes through (the
engine's reading: the share of that line over deep-water squares times the distance). A ray is
a spell, not a ranged weapon: neither applies.
"""

from __future__ import annotations

import math

import numpy as np

from ...core.board import SQUARE_M
from ...i18n import _
from .geometry import distance_m

SWIM_DC = 10


def touches_deep(battle, space) -> bool:
    x, y, side = space
    return bool(battle.board.prop("deep_water")[y: y + side, x: x + side].any())


def in_deep_water(battle, c) -> bool:
    return touches_deep(battle, c.space)


def swims_freely(c) -> bool:
    return c.stats.speed_of("swim") > 0


def needs_check(battle, c, to) -> bool:
    """Whether stepping from c's space to `to` is a step in or into deep water without a swim speed."""
    return not swims_freely(c) and (in_deep_water(battle, c) or touches_deep(battle, (to[0], to[1], c.side_squares)))


def swim_check(engine, c) -> bool:
    """3.5 SRD, Swim: once a round, d20 + Swim modifier against DC 10; True when it may swim on."""
    state = engine.state
    done = c.effects.get("swim_check")
    if done is not None and done[0] == state.round:
        return done[1]
    face = state.dice.roll(20)
    bonus = c.stats.skill("swim")
    total = face + bonus
    passed = total >= SWIM_DC
    c.effects["swim_check"] = (state.round, passed)
    roll = _("{name} rolls Swim: d20 {face} {bonus} = {total} vs DC {dc}").format(
        name=c.name, face=face, bonus=f"{bonus:+d}", total=total, dc=SWIM_DC)
    if passed:
        words = _("{roll}, it swims on")
    elif total > SWIM_DC - 5:
        words = _("{roll}, failed: it makes no progress this round")
    else:
        words = _("{roll}, failed by 5 or more: it goes under and makes no progress this round")
    engine.emit("check", words.format(roll=roll), rules=("swimming",), creature=c.id)
    return passed


def underwater_weapon(battle, attacker, attack) -> bool:
    """A slashing or bludgeoning melee attack made from deep water (3.5 SRD, Underwater combat:
    -2 and half damage; a weapon that can pierce instead is not hampered)."""
    types = set(attack.type)
    return (attack.is_melee and in_deep_water(battle, attacker) and "piercing" not in types
            and bool(types & {"slashing", "bludgeoning"}))


def thrown_problem(battle, attacker, target, attack) -> str:
    """Why a thrown weapon cannot be used here ('' when it can): either creature in deep water."""
    if "thrown" not in attack.properties or attack.is_melee:
        return ""
    if in_deep_water(battle, attacker) or in_deep_water(battle, target):
        return _("the {attack} is a thrown weapon: no use underwater").format(attack=attack.name)
    return ""


def water_between_m(battle, attacker, target) -> float:
    """The metres of deep water on the line between the two creatures' centres."""
    deep = battle.board.prop("deep_water")
    (ax, ay), (tx, ty) = (centre(attacker), centre(target))
    steps = max(8, int(64 * max(abs(tx - ax), abs(ty - ay))))
    t = (np.arange(steps) + 0.5) / steps
    xs = np.floor(ax + (tx - ax) * t).astype(int)
    ys = np.floor(ay + (ty - ay) * t).astype(int)
    h, w = deep.shape
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    wet = np.zeros(steps, dtype=bool)
    wet[inside] = deep[ys[inside], xs[inside]]
    return float(wet.mean()) * distance_m(attacker, target)


def centre(c) -> tuple[float, float]:
    return c.x + c.side_squares / 2, c.y + c.side_squares / 2


def underwater_shot_penalty(battle, attacker, target, attack) -> int:
    """3.5 SRD, Ranged attacks underwater: -2 for every 5 feet (1.5 m, or part of it) of water the
    shot passes through (a ranged weapon that is not thrown; never a ray)."""
    if attack.is_melee or {"thrown", "ray"} & attack.properties:
        return 0
    if not (in_deep_water(battle, attacker) or in_deep_water(battle, target)):
        return 0
    return -2 * math.ceil(water_between_m(battle, attacker, target) / SQUARE_M - 1e-9)
