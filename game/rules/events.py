"""Events: the record of what a command did, each of a typed kind with its combat-log line."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class EventKind(str, Enum):
    """What an event records (a str, so `event.kind == "move"` reads as before)."""

    ROUND = "round"  # a new round begins
    TURN = "turn"  # a creature's turn begins
    MOVE = "move"  # a creature moved (data: creature, path, cost; forced when pushed)
    ACTION = "action"  # an action taken (dash, dodge, help, ...)
    ATTACK = "attack"  # an attack roll (data: attacker, target, hit, crit)
    DAMAGE = "damage"  # damage dealt (data: target, amount, source)
    HEAL = "heal"  # hit points regained
    CAST = "cast"  # a spell or power used
    SAVE = "save"  # a saving throw
    CHECK = "check"  # an ability check or contest
    CONDITION = "condition"  # a condition gained or lost
    DEATH_SAVE = "death_save"  # a death saving throw
    OFFER = "offer"  # a reaction offered (the battle waits for its answer)
    REACTION = "reaction"  # a reaction answered
    NOTE = "note"  # anything else worth a log line
    OVER = "over"  # the battle is over (data: winner)

    def __str__(self) -> str:
        return self.value


_KINDS = {kind.value: kind for kind in EventKind}  # a kind by its name (an EventKind finds itself)


@dataclass(frozen=True, init=False)
class Event:
    kind: EventKind  # given as an EventKind or its name ("move"); an unknown kind is a ValueError
    text: str
    data: dict = field(default_factory=dict, compare=False)
    rules: tuple[str, ...] = ()  # the ids of the rule cards this line applied (`skirmish rules ID`)

    def __init__(self, kind: EventKind | str, text: str, data: dict | None = None, rules: tuple[str, ...] = ()) -> None:
        # (the fields set at once: a frozen dataclass's own __init__ sets them one by one, and
        # every command makes a few events)
        known = _KINDS.get(kind) if isinstance(kind, str) else None
        self.__dict__.update(kind=known or EventKind(kind), text=text,
                             data={} if data is None else data, rules=rules)
