"""The arithmetic of a computer player's choices: hit chances, expected damage, scored plans."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...core.dice import DiceExpr

COVER_AC = {0: 0, 1: 2, 2: 5, 3: 99}


@functools.lru_cache(maxsize=4096)
def hit_chance(to_hit: int, target_number: int, advantage: int) -> tuple[float, float]:
    """(chance to hit, chance of a critical hit) of a d20 attack."""
    hits = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + to_hit >= target_number)) / 20
    crit = 1 / 20
    if advantage > 0:
        return 1 - (1 - hits) ** 2, 1 - (1 - crit) ** 2
    if advantage < 0:
        return hits * hits, crit * crit
    return hits, crit


def expected_damage(expr: DiceExpr, p_hit: float, p_crit: float) -> float:
    dice = expr.count * (expr.sides + 1) / 2
    return max(0.0, (p_hit - p_crit) * (dice + expr.bonus) + p_crit * (2 * dice + expr.bonus))


@dataclass
class Plan:
    score: float
    command: dict
    why: str = ""
    then: dict | None = None  # what a move is made for (the attack from there)
    trusted: bool = False  # legal by construction (checked with the engine's own previews)
