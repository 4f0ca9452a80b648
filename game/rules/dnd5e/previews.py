"""The neutral previews of the options query (api.Preview), and the 5e numbers behind them:
an attack's chance to hit and expected damage, exact averages of damage rolls."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from ...core.dice import DiceExpr, sum_odds
from ...core.terrain import COVER_NAMES
from ...i18n import _
from ..api import Option, Preview, Reason
from ..state import Creature
from .attacks import damage_dice
from .geometry import COVER_BONUS

_FIELDS = {f.name for f in dataclasses.fields(Preview)}


def make_preview(data: dict) -> Preview:
    """A Preview from keyword data; reasons given as English text ("advantage: ..." /
    "disadvantage: ...", as a test may write them) become Reasons."""
    unknown = set(data) - _FIELDS
    if unknown:
        raise TypeError(f"no preview field {sorted(unknown)[0]!r}")
    values = dict(data)
    if "reasons" in values:
        values["reasons"] = tuple(r if isinstance(r, Reason) else reason_of(r) for r in values["reasons"])
    for key in ("path", "opportunity_attacks", "readied_actions", "inside"):
        if key in values:
            values[key] = tuple(tuple(v) if isinstance(v, list) else v for v in values[key])
    return Preview(**values)


def reason_of(text: str) -> Reason:
    """'advantage: target prone' -> a good Reason 'target prone'; 'disadvantage: ...' a bad one."""
    head, _sep, rest = text.partition(": ")
    return Reason(rest or text, head == "advantage")


def option(command: dict, label: str, preview: dict | None = None) -> Option:
    """An Option with its preview given as keyword data (see make_preview)."""
    return Option(command, label, make_preview(preview or {}))


def attack_preview(battle, attacker: Creature, target: Creature, attack, p, offhand: bool = False) -> dict:
    """An attack's preview, as keyword data for make_preview: hit chance, advantage and why,
    cover, the defence and the number to beat, damage.

    Expected damage is the damage rolled, before the target's resistances: P(hit, not critical)
    times the average damage, plus P(critical hit) times the average with the dice doubled, for
    the attack's damage and its extra damage (riders that call for a save are not counted).
    """
    hit = p.hit_chance
    if p.auto_miss:
        crit = 0.0
    elif p.auto_crit:
        crit = hit  # SRD 5.1, Unconscious: every hit from within 1.5 m is critical
    else:
        crit = natural_20_chance(p.advantage)  # 5e: a natural 20 hits and is critical
    normal = max(0.0, hit - crit)
    parts = [damage_dice(attack, attacker, offhand)]
    if attack.extra_damage is not None:
        parts.append(attack.extra_damage)
    expected = sum(normal * average_damage(e) + crit * average_damage(e, crit=True) for e in parts)
    return {
        "hit_chance": hit, "advantage": p.advantage,
        "reasons": [Reason(r, True) for r in p.good] + [Reason(r, False) for r in p.bad],
        "cover": COVER_NAMES.get(p.cover, str(p.cover)), "target_number": p.target_number,
        "cover_bonus": COVER_BONUS.get(p.cover, 0), "defence": _("AC {ac}").format(ac=p.ac),
        "expected_damage": expected, "crit_chance": crit, "ranged": p.ranged, "distance_m": p.distance,
        "hostile": target.side != attacker.side,
        "rules": tuple(dict.fromkeys(("attack-roll", *p.rules))),
    }


def natural_20_chance(advantage: int) -> float:
    if advantage > 0:
        return 1 - (19 / 20) ** 2
    if advantage < 0:
        return (1 / 20) ** 2
    return 1 / 20


def average_halved(expr: DiceExpr) -> float:
    """The average of a damage roll halved (rounded down), as a save for half deals it."""
    return _average(expr.count, expr.sides, expr.bonus, None, True)


def average_heal(expr: DiceExpr, missing: int) -> float:
    """The hit points a heal of these dice gives back on average, capped at what is missing
    (damage.heal: never above the maximum)."""
    return _average(expr.count, expr.sides, expr.bonus, max(0, missing))


@lru_cache(maxsize=256)
def _average(count: int, sides: int, bonus: int, cap: int | None = None, halve: bool = False) -> float:
    """Mean of max(0, sum of the dice + bonus), as attacks.roll_damage rolls it (exact), at
    most cap when given, halved (rounded down) when asked."""
    def value(total: int) -> int:
        total = max(0, total + bonus) // (2 if halve else 1)
        return total if cap is None else min(cap, total)

    if count == 0 or sides == 0:
        return float(value(0))
    dist = sum_odds(count, sides)
    return sum(pr * value(total) for total, pr in enumerate(dist))


def average_damage(expr: DiceExpr, crit: bool = False) -> float:
    """The average of a damage roll; 5e, Critical hits: all of the attack's dice twice."""
    return _average(expr.count * (2 if crit else 1), expr.sides, expr.bonus)


