"""The battle state: creatures, turn order, dice, log and pending reactions.

Only the ruleset's engine changes it, one command at a time; a refused command restores the
copy taken before it, so nothing a refused command did survives.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..content.creatures import StatBlock
from ..core.dice import Dice
from ..core.sizes import SPACE_SQUARES, squeezed_squares

CONSCIOUS, UNCONSCIOUS, STABLE, DEAD = "conscious", "unconscious", "stable", "dead"
INCAPACITATING = {"unconscious", "incapacitated", "paralyzed", "petrified", "stunned"}


_ATOMIC = (bool, int, float, str)
# the state's lists whose items never change (lines, ids, commands played, flags, tuples of ids):
# a copy of the list is a whole copy
_FLAT_LISTS = frozenset(("log", "log_rules", "log_kinds", "played", "rolled", "order", "helps"))


def side_of(size: str, conditions, effects) -> int:
    """Creature.side_squares from its fields (read directly where every creature is asked in a
    loop: a property's call costs more than the rule)."""
    if effects and "mount_side" in effects:
        return int(effects["mount_side"])
    if "squeezing" in conditions:
        return squeezed_squares(size)
    return SPACE_SQUARES[size]


@dataclass
class Creature:
    id: str
    name: str
    kind: str
    side: str
    stats: StatBlock
    x: int
    y: int
    hp: int
    temp_hp: int = 0
    state: str = CONSCIOUS
    conditions: set[str] = field(default_factory=set)
    death_successes: int = 0
    death_failures: int = 0
    altitude: float = 0.0
    initiative: int = 0
    surprised: bool = False
    reaction: bool = True
    # what is left of this creature's turn
    action: bool = True
    bonus_action: bool = True
    movement_spent: float = 0.0
    dashes: int = 0
    attacks_left: int = 0
    attack_weapons: tuple[str, ...] = ()
    diagonal_parity: int = 0
    # what it carries and what is on it
    slots: dict[int, int] = field(default_factory=dict)  # spell slots left, by level
    items: list[str] = field(default_factory=list)  # items left (a potion is used up)
    effects: dict[str, object] = field(default_factory=dict)  # e.g. "shield": +5 AC until its turn
    concentration: str | None = None  # the spell it concentrates on

    def __deepcopy__(self, memo):
        """A quick copy: the stat block is shared, the mutable collections copied."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.fields_copy(memo))
        return clone

    def fields_copy(self, memo: dict) -> dict:
        """Its fields with the mutable collections copied, the stat block shared: a copy's, or
        what undoing a command puts back in place (BattleState.saved)."""
        fields = self.__dict__.copy()
        fields["conditions"] = set(self.conditions)
        effects = self.effects
        nested = False
        for value in effects.values():  # (a loop: quicker than any() over a generator)
            if isinstance(value, (dict, list, set)):
                nested = True
                break
        fields["effects"] = copy.deepcopy(effects, memo) if nested else dict(effects)
        fields["slots"] = dict(self.slots)
        fields["items"] = list(self.items)
        return fields

    @property
    def size(self) -> str:
        return self.stats.size

    @property
    def squeezing(self) -> bool:
        return "squeezing" in self.conditions

    @property
    def side_squares(self) -> int:
        """The side of the square space it occupies now (smaller while squeezing).

        A rider shares its mount's space (effects["mount_side"] is the mount's side).
        """
        return side_of(self.stats.size, self.conditions, self.effects)

    @property
    def space(self) -> tuple[int, int, int]:
        return self.x, self.y, side_of(self.stats.size, self.conditions, self.effects)  # (side_squares)

    def squares(self) -> list[tuple[int, int]]:
        side = self.side_squares
        if side == 1:
            return [(self.x, self.y)]  # (most creatures: no loops to set up)
        return [(self.x + i, self.y + j) for j in range(side) for i in range(side)]

    @property
    def alive(self) -> bool:
        return self.state != DEAD

    @property
    def standing(self) -> bool:
        """Still in the fight: conscious (unconscious, stable and dead are out)."""
        return self.state == CONSCIOUS

    @property
    def incapacitated(self) -> bool:
        return self.state != CONSCIOUS or bool(self.conditions & INCAPACITATING)

    @property
    def prone(self) -> bool:
        return "prone" in self.conditions

    def speed(self, mode: str = "walk") -> float:
        """Current speed in a mode; swimming and climbing without such a speed use walking."""
        conditions = self.conditions
        if "grappled" in conditions or "restrained" in conditions or self.state != CONSCIOUS:
            return 0.0
        own = self.stats.speed_of(mode)
        if own == 0 and mode in ("swim", "climb"):
            return self.stats.walk
        return own

    def movement_left(self, mode: str = "walk") -> float:
        # 5e, Using different speeds: subtract the distance already moved from the new speed
        return max(0.0, self.speed(mode) * (1 + self.dashes) - self.movement_spent)


@dataclass
class Offer:
    """A reaction offered to a creature, waiting for its `react` (or the default)."""

    reactor: str
    kind: str  # "opportunity", "shield" or "readied"
    provoker: str
    # "attack": answered before a pending attack (or magic missile's darts) lands; "move": before a move goes on
    stage: str = "move"


@dataclass
class PendingAttack:
    """An attack that hit, waiting for the target's answer (the shield spell) before it lands."""

    attacker: str
    target: str
    attack: object  # the Attack record
    total: int
    target_number: int
    crit: bool
    offhand: bool
    knock_out: bool
    melee: bool
    natural_20: bool = False
    shield_counted: bool = False  # the shield's +5 was already in target_number


@dataclass
class PendingDarts:
    """Magic missile cast, its darts waiting for its targets' answers (the shield spell) before
    their damage is rolled."""

    caster: str
    spell: str
    slot: int
    targets: list[str]


@dataclass
class PendingMove:
    """A move interrupted by reactions: who moves, the steps left and how."""

    mover: str
    steps: list[tuple[int, int]]
    mode: str
    own_movement: bool = True
    readied_checked: bool = False  # the "moves" trigger was offered already
    resume_unchecked: bool = False  # paused after a step: the next step's reactions are not offered yet


@dataclass
class BattleState:
    creatures: dict[str, Creature]
    order: list[str]
    dice: Dice
    round: int = 0
    turn_index: int = 0
    log: list[str] = field(default_factory=list)
    log_rules: list[list[str]] = field(default_factory=list)  # beside each log line: the rule ids it applied
    log_kinds: list[str] = field(default_factory=list)  # beside each log line: its event's kind ("round", ...)
    offers: list[Offer] = field(default_factory=list)
    pending_move: PendingMove | None = None
    pending_attack: PendingAttack | None = None
    pending_darts: PendingDarts | None = None
    over: bool = False
    winner: str | None = None
    commands_done: int = 0
    started: bool = False
    helps: list[tuple[str, str, str]] = field(default_factory=list)  # (helper, ally, foe)
    played: list[dict] = field(default_factory=list)  # the commands accepted so far (a save replays them)
    rolled: list[bool] = field(default_factory=list)  # for each played command: did it roll a die?

    def __deepcopy__(self, memo):
        """A copy, each creature its own quick copy (Creature.fields_copy)."""
        clone = BattleState.__new__(BattleState)
        creatures = {cid: c.__deepcopy__(memo) for cid, c in self.creatures.items()}
        memo.update({id(c): creatures[cid] for cid, c in self.creatures.items()})
        clone.__dict__.update(self._fields_copy(memo, creatures))
        return clone

    def saved(self, likely_dropped: bool = False) -> dict:
        """What undoing a command needs (restore puts it back): the fields copied, and each
        creature's (a quicker copy than a deep copy of the state: no object is made anew).
        likely_dropped: the copy will most likely never be restored (a try kept for the submit
        that follows it): the dice are copied without reading their generator (Dice.rewind_copy)."""
        memo = {id(c): c for c in self.creatures.values()}  # what names a creature names the same one
        return self._fields_copy(memo, {cid: c.fields_copy(memo) for cid, c in self.creatures.items()},
                                 likely_dropped)

    def restore(self, saved: dict) -> None:
        """Back as it was when saved, in place: the same state and creature objects, each given
        the fields saved for it as its own (so a snapshot is restored once at most; what a
        command added to an object goes with it)."""
        creatures = self.creatures
        for cid, fields in saved["creatures"].items():
            creatures[cid].__dict__ = fields
        self.__dict__ = saved
        self.creatures = creatures

    def _fields_copy(self, memo: dict, creatures: dict, likely_dropped: bool = False) -> dict:
        """The fields copied, with these creatures: the log and the played commands only ever
        grow, and their items never change, so copying the lists is enough."""
        fields = {}
        for key, value in self.__dict__.items():
            if key in _FLAT_LISTS:
                fields[key] = list(value)  # (order and helps: ids, and tuples of ids, never changed in place)
            elif value is None or type(value) in _ATOMIC:
                fields[key] = value  # what deepcopy gives for these, without asking it
            elif key == "creatures":
                fields[key] = creatures
            elif type(value) is Dice:
                fields[key] = value.rewind_copy() if likely_dropped else value.__deepcopy__(memo)
            elif type(value) is list and not value:
                fields[key] = []  # (no reaction offered: most of the time)
            else:
                fields[key] = copy.deepcopy(value, memo)
        return fields

    @property
    def current_id(self) -> str | None:
        if not self.order or self.over and not self.started:
            return None
        return self.order[self.turn_index]

    @property
    def current(self) -> Creature | None:
        cid = self.current_id
        return self.creatures[cid] if cid else None
