"""A creature and the battle state under 4e: rules/state.py's records with what 4e adds (the
standard, move and minor actions, the immediate action, action points, healing surges, powers
spent, timed conditions and ongoing damage), so the session and the screen read them alike."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..state import BattleState, Creature

DYING = "dying"
INCAPABLE = {"stunned", "unconscious", "helpless"}  # no action of any kind
NO_IMMEDIATE = {"dazed", "stunned", "unconscious", "helpless", "surprised"}


@dataclass
class Creature4e(Creature):
    standard: bool = True
    move: bool = True
    minor: bool = True
    immediate: bool = True  # 4e: one immediate action a round (back at the start of its turn)
    one_action: bool = False  # this turn it may take one action only (dazed, the surprise round)
    charged: bool = False  # charged this turn: no further action but free ones
    action_points: int = 0
    ap_round: int = -1  # the round it last spent an action point (one a round)
    surges: int = 0
    second_wind_used: bool = False
    oa_turn: tuple = ()  # (round, turn) of the turn in which it made its opportunity attack
    spent: dict[str, int] = field(default_factory=dict)  # power -> uses spent this encounter
    sneak_turn: tuple = ()  # the turn its sneak attack was dealt
    # timed conditions: dicts {condition, until ("save", "end", "start"), of (a creature id), armed}
    timed: list[dict] = field(default_factory=list)

    def fields_copy(self, memo: dict) -> dict:
        fields = Creature.fields_copy(self, memo)
        fields["spent"] = dict(self.spent)
        fields["timed"] = [dict(t) for t in self.timed]
        return fields

    @property
    def bloodied(self) -> bool:
        return self.state != "dead" and self.hp <= self.stats.bloodied

    @property
    def incapacitated(self) -> bool:
        return self.state != "conscious" or bool(self.conditions & INCAPABLE)

    def uses_left(self, power) -> int:
        if not power.limited:
            return 1
        return (power.uses if power.usage == "encounter" else 1) - self.spent.get(power.name, 0)


@dataclass
class State4e(BattleState):
    pending_power: dict | None = None  # a power waiting for the reactions it provoked
    surprise_round: bool = False
    walk: dict | None = None  # a move waiting for the opportunity attacks it provoked
