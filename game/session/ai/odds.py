"""A computer player's candidate commands, scored (the numbers behind the scores are the ruleset's:
`battle.estimates()`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Plan:
    score: float
    command: dict
    why: str = ""
    then: dict | None = None  # what a move is made for (the attack from there)
    ev: float = 0.0  # an attack's expected damage (its score weighs it by the target)
