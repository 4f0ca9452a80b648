"""Events: the record of what a command did, each with its combat-log line."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    kind: str  # turn, round, move, attack, damage, heal, condition, death_save, offer, reaction, over, note
    text: str
    data: dict = field(default_factory=dict, compare=False)
