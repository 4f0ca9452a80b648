"""The ruleset interface: everything the screen, the computer players, simulate and replay
may ask of the rules, in terms that fit every ruleset (5e now; 3.5 and 4e on the same names).

A ruleset (`Ruleset`) builds a battle from a scenario. A battle (`Battle`) answers:
- `submit(command) -> [Event]`: play one command (a refusal raises IllegalCommand, changes nothing);
- `check(command) -> str | None`: why it would be refused, or None;
- `legal_commands() -> [Option]`: every command it would accept now, each with a neutral `Preview`;
- `acts() -> [Act]`: the acts the screen shows for whoever must act (key, title, shortcut, tip,
  how it is aimed, its legal options, the attacks it may make at a square guessed for a hidden
  foe, and why not now);
- board queries: `movement_field`, `move_modes`, `reach_squares`, `can_see`, `cover` (and
  `cover_lines`, the lines behind it), `area`, `opportunity_attackers`;
- `view(creature_id) -> CreatureView`: hit points, bloodied or dying, conditions, resources;
- `estimates()`: the numbers the computer players weigh (hit chances, expected damage);
- `blow(attacker_id, target_id)`: the expected damage of the attacker's best blow on the target
  (None where the ruleset does not say);
- `believed_square(viewer_id, target_id)`: where the viewer's side believes the target stands
  (None: nobody on that side knows; by default every creature where it stands).
Events carry an `EventKind`. Nothing here knows a ruleset; `registry.py` maps names to rulesets.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field, fields

import numpy as np

from ..i18n import _
from .events import Event, EventKind


@dataclass(frozen=True)
class Reason:
    """One reason a roll is easier (good) or harder: advantage, a bonus, a penalty, cover.
    `fixed`: a modifier the situation cannot change (3.5's size modifiers, already in the stat
    blocks' totals), named so that the preview shows every modifier."""

    text: str
    good: bool
    fixed: bool = False


@dataclass(frozen=True)
class Preview:
    """What a legal command would bring, in neutral terms; what does not apply stays None/empty.

    Attacks: `hit_chance`, `crit_chance`, `target_number` (the total the roll must reach),
    `defence` (what it is rolled against, e.g. "AC 15"), `expected_damage`, `cover` (a name),
    `cover_bonus` (what cover adds to the defence; 4e: nothing, its cover is a penalty to the
    roll, among the reasons), `advantage` (+1, 0, -1: the 5e d20 rule;
    0 elsewhere), `reasons` (every bonus or penalty and why), `ranged`, `distance_m`.
    Saves: `save`, `dc`, `save_bonus`. Moves: `path`, `cost_m`, `mode`, `opportunity_attacks`
    (who would get one; an attack or spell that provokes where the actor stands lists them too),
    `readied_actions`. Areas: `inside` (who would be caught). Heals: `expected_heal`. Resources:
    `uses_left` (an act that spends what the battle does not give back), `extra_action`.
    """

    target: str | None = None
    hostile: bool | None = None
    uses: str | None = None  # what it spends: "action", "bonus action", "movement", ...
    attack: str | None = None  # the attack or power named by the command (or answering an offer)
    hit_chance: float | None = None
    crit_chance: float | None = None
    target_number: int | None = None
    defence: str = ""
    expected_damage: float | None = None
    cover: str = "none"
    cover_bonus: int = 0
    advantage: int = 0
    reasons: tuple[Reason, ...] = ()
    rules: tuple[str, ...] = ()  # the rule cards behind the odds and reasons (rules.toml ids)
    ranged: bool | None = None
    distance_m: float | None = None
    save: str | None = None
    dc: int | None = None
    save_bonus: int | None = None
    path: tuple[tuple[int, int], ...] = ()
    cost_m: float | None = None
    mode: str | None = None
    altitude: float | None = None  # a flyer's move up or down, to this height
    opportunity_attacks: tuple[str, ...] = ()
    readied_actions: tuple[str, ...] = ()
    inside: tuple[str, ...] = ()
    darts: int | None = None
    slot: int | None = None
    time: str | None = None  # a spell's casting time ("action", "bonus")
    kind: str | None = None  # a reaction offer's kind ("opportunity", "shield", "readied")
    provoker: str | None = None
    then: dict | None = None  # a readied action's command
    ac_bonus: int | None = None  # a defence a reaction would add (shield: 5)
    fail_chance: float | None = None  # the chance the target fails the save of a spell or effect
    success_chance: float | None = None  # the chance a check or contest succeeds (grapple, shove, first aid)
    expected_heal: float | None = None  # the hit points a heal is expected to give back
    uses_left: int | None = None  # a resource spent that the battle does not give back (a 4e encounter or
    #   daily power, an action point, a second wind, a 3.5 spell slot): how many uses are left, this one
    #   included; None for what can be used again and again (an at-will power, a weapon)
    damage_by_target: tuple[tuple[str, float], ...] = ()  # several creatures caught: each one's expected
    #   damage (`expected_damage` is then their sum, a friend's counted against)
    flanks: tuple[str, ...] = ()  # a move: the foes it would flank from where it ends (the flanking bonus)
    extra_action: str | None = None  # the act gives one more action this turn, of this kind ("standard")


_PREVIEW_DEFAULTS = {f.name: f.default for f in fields(Preview)}


def _preview_init(self, **values) -> None:
    """Preview(...), by keyword: the fields given, the others at their defaults. A frozen
    dataclass's own __init__ sets its 40-odd fields one object.__setattr__ at a time (12 us a
    preview, and an option list makes one for every square it may move to); this fills the
    instance's dict at once, with the same fields and defaults (checked by test_rules_api)."""
    if not _PREVIEW_DEFAULTS.keys() >= values.keys():
        unknown = ", ".join(sorted(values.keys() - _PREVIEW_DEFAULTS.keys()))
        raise TypeError(f"Preview() got unexpected keyword arguments: {unknown}")
    state = object.__getattribute__(self, "__dict__")
    state.update(_PREVIEW_DEFAULTS)
    state.update(values)


Preview.__init__ = _preview_init


@dataclass(frozen=True)
class Option:
    """One legal command: the table to submit, a short text, and what it would bring."""

    command: dict
    label: str
    preview: Preview = field(default_factory=Preview)

    @property
    def act(self) -> str:
        return self.command["act"]

    @property
    def target(self) -> str:
        """The creature it is aimed at: its target, the item's taker, or the actor itself."""
        target = self.command.get("target", self.preview.target)
        if isinstance(target, (list, tuple)):
            target = target[0] if target else None
        return target if isinstance(target, str) else self.command["actor"]


# how an act is used on the screen: at once, by clicking a creature, a square, a destination, or a menu
NOW, TARGET, AREA, MOVE, MENU = "now", "target", "area", "move", "menu"


@dataclass
class Act:
    """One act the screen shows for the creature that must act (one button of the action bar)."""

    key: str  # "attack:longsword", "spell:fire-bolt", "dash", ...
    title: str
    shortcut: str  # the key that chooses it ("" when none)
    aim: str  # NOW, TARGET, AREA, MOVE or MENU
    options: list[Option] = field(default_factory=list)
    reason: str = ""  # why it is not allowed now
    tip: str = ""
    usage: str = ""  # a power's use when the act is one (4e): "at-will", "encounter", "daily" or
    # "recharge", which the action bar shows by the button's colour; "" for any other act
    guess: dict | None = None  # an attack that may be made at a square guessed for a hidden foe:
    # its command without `at` (the board then takes a click on a square no creature it shows
    # stands in); None when no foe is hidden from the actor, or the act cannot be aimed so
    guesses: list[Option] = field(default_factory=list)  # the options query's own attacks at
    # guessed squares (4e: where a foe was seen hiding), each with its `at`: the board rings the
    # square, never the creature (its preview's target is the foe where it is believed to be)

    @property
    def allowed(self) -> bool:
        return bool(self.options or self.guesses) or self.guess is not None or (self.aim == AREA and not self.reason)

    @property
    def label(self) -> str:
        return f"{self.title} [{self.shortcut}]" if self.shortcut else self.title

    def tooltip(self) -> str:
        return self.tip if self.allowed else _("Not now: {reason}").format(reason=self.reason)

    def by_target(self) -> dict[str, list[Option]]:
        """The options by the creature each one is aimed at (in the order they came)."""
        found: dict[str, list[Option]] = {}
        for option in self.options:
            found.setdefault(option.target, []).append(option)
        return found


@dataclass(frozen=True)
class Resource:
    """Something a creature spends in its turn: an action, a reaction, a slot... (`left` True/False or a count)."""

    name: str
    left: int | bool


@dataclass(frozen=True)
class CreatureView:
    """A creature as the screen and the computer players see it, in any ruleset."""

    id: str
    name: str
    kind: str
    side: str
    x: int
    y: int
    side_squares: int  # the side of the square space it occupies now
    size: str
    altitude: float
    hp: int
    max_hp: int
    temp_hp: int
    state: str  # conscious, unconscious, stable, dead (3.5/4e add disabled, dying)
    bloodied: bool
    conditions: tuple[str, ...]
    defence: str  # e.g. "AC 15"
    death_saves: tuple[int, int] | None  # (successes, failures) for those who make them, else None
    movement_left: float  # metres (this turn's for the creature acting, its speed for the others)
    resources: tuple[Resource, ...] = ()

    @property
    def space(self) -> tuple[int, int, int]:
        return self.x, self.y, self.side_squares

    def squares(self) -> list[tuple[int, int]]:
        s = self.side_squares
        return [(self.x + i, self.y + j) for j in range(s) for i in range(s)]

    @property
    def standing(self) -> bool:
        return self.state == "conscious"

    @property
    def alive(self) -> bool:
        return self.state != "dead"


@dataclass(frozen=True)
class OfferView:
    """The reaction the battle waits for: who may react to whom, the question put to the player,
    and a line of detail (what it costs, the odds)."""

    reactor: str
    provoker: str
    kind: str  # the ruleset's own: 5e "opportunity", "shield", "readied"
    question: str  # "Wizard is hit by Goblin 1's attack — cast shield (+5 AC)?"
    detail: str = ""


@dataclass(frozen=True)
class AreaPreview:
    """An area aimed at a square: why it cannot go there (or ''), the squares it covers, who is caught,
    and lines of what it would do (for the screen's card)."""

    problem: str
    mask: np.ndarray
    caught: tuple[str, ...]
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class CoverLine:
    """One line of the cover rule: from a grid corner to a grid corner (x, y), blocked or clear."""

    start: tuple[int, int]
    end: tuple[int, int]
    blocked: bool


@dataclass(frozen=True)
class CoverLines:
    """Why `cover()` says what it says, as the ruleset traces it: the attacker's corner chosen
    (the best for the attacker), the target's square the lines go to, those lines, the cover
    they give (a name, as `cover()`) and what it adds to the defence (0 for none or total)."""

    cover: str
    bonus: int
    corner: tuple[int, int]
    square: tuple[int, int]
    lines: tuple[CoverLine, ...]

    @classmethod
    def of(cls, explained, cover: str, bonus: int) -> "CoverLines":
        """From core.cover.explain_cover's answer, graded by the ruleset (`cover`, `bonus`)."""
        lines = tuple(CoverLine(tuple(a), tuple(b), level > 0) for a, b, level in explained.lines)
        return cls(cover, bonus, tuple(explained.corner), tuple(explained.square), lines)

    @property
    def blocked(self) -> int:
        return sum(line.blocked for line in self.lines)


class Battle(abc.ABC):
    """One battle under one ruleset. `state` (rules/state.py) is read, never changed, by callers."""

    ruleset: "Ruleset"
    scenario: object
    board: object
    state: object
    diagonals: str  # how this battle counts diagonal steps (core.rules_data.DIAGONALS): the ruleset's

    @abc.abstractmethod
    def submit(self, command: dict, undo_on_error: bool = True) -> list:
        """Play one command; IllegalCommand (and no change at all) when the rules refuse it."""

    @abc.abstractmethod
    def check(self, command: dict) -> str | None:
        """Why the battle would refuse this command now, or None."""

    @abc.abstractmethod
    def legal_commands(self) -> list[Option]:
        """Every command the battle accepts now from whoever must act (a pending reaction first)."""

    @abc.abstractmethod
    def acts(self, options: list[Option] | None = None) -> list[Act]:
        """The acts the screen shows for the creature whose turn it is ([] when nobody may act);
        `options` are legal_commands() when the caller has them already."""

    @abc.abstractmethod
    def why_not(self, act_key: str, target_id: str | None = None) -> str:
        """Why the creature acting now may not take this act (aimed at this creature, when given),
        in the engine's own words; '' when it may."""

    @abc.abstractmethod
    def offer(self) -> OfferView | None:
        """The first reaction offered and waiting for its answer, in words (None when none is)."""

    @abc.abstractmethod
    def view(self, creature_id: str) -> CreatureView:
        """The creature as the screen shows it."""

    @abc.abstractmethod
    def to_json(self) -> dict:
        """The state as `replay --json` prints it (FORMATS.md)."""

    # board queries
    @abc.abstractmethod
    def move_modes(self, creature_id: str) -> list[str]:
        """The ways the creature can move now (walk first; fly, swim, climb), those with a speed."""

    @abc.abstractmethod
    def movement_field(self, creature_id: str, mode: str = "walk", limit_m: float | None = None):
        """The movement field (core.movement.MovementField) of the creature from where it stands."""

    @abc.abstractmethod
    def movement_budget(self, creature_id: str, mode: str = "walk") -> tuple[float, float]:
        """(metres it may still move this turn, metres one more dash-like act would add)."""

    @abc.abstractmethod
    def opportunity_attackers(self, creature_id: str, field, steps) -> list[str]:
        """Who would get an opportunity attack if the creature took these steps of the field."""

    @abc.abstractmethod
    def reach_squares(self, creature_id: str) -> np.ndarray:
        """The squares the creature threatens (a (rows, columns) bool mask)."""

    @abc.abstractmethod
    def can_see(self, viewer_id: str, target_id: str) -> bool:
        """Whether the viewer sees the target."""

    @abc.abstractmethod
    def cover(self, attacker_id: str, target_id: str) -> str:
        """The cover the target has against the attacker, by name ("none", "half", ...)."""

    @abc.abstractmethod
    def cover_lines(self, attacker_id: str, target_id: str) -> CoverLines:
        """The lines behind `cover(attacker_id, target_id)`, from the same code (its `cover` is
        always what cover() says) for two different creatures; IllegalCommand for an unknown one."""

    @abc.abstractmethod
    def area(self, act_key: str, at: tuple[int, int]) -> AreaPreview:
        """An area act of the creature acting now, aimed at a square."""

    @abc.abstractmethod
    def estimates(self):
        """What the computer players weigh, for this battle (the ruleset's own advisor object)."""

    def blow(self, attacker_id: str, target_id: str) -> float | None:
        """The expected damage of the attacker's best blow against the target, from where it
        stands or could strike (the ruleset's own odds: its hit chance, its damage less what the
        target shrugs off); None: the ruleset does not say (the default)."""
        return None

    def believed_square(self, viewer_id: str, target_id: str) -> tuple[int, int] | None:
        """Where the viewer's side believes the target stands: its square, or for a hidden foe
        the square its enemies believe it in (4e: where it was seen hiding); None when nobody on
        that side knows. The default: every creature where it stands (a ruleset that keeps no
        such belief)."""
        view = self.view(target_id)
        return view.x, view.y


class Ruleset(abc.ABC):
    """A rule system: its name and how it builds a battle."""

    name: str  # "5e", "3.5", "4e"
    title: str  # in words, for people
    cover_rules: object  # core.rules_data.CoverRules: the most cover each terrain kind gives

    @abc.abstractmethod
    def new_battle(self, scenario) -> Battle:
        """A battle from a scenario (its surprise and initiative rolled, the first turn begun)."""

    @abc.abstractmethod
    def move_rules(self, diagonals: str):
        """The core.rules_data.MoveRules of this ruleset (what each terrain costs, how diagonals
        count, corner cutting) for a scenario's `diagonals`."""


__all__ = ["Event", "EventKind", "Reason", "Preview", "Option", "Act", "Resource", "CreatureView", "OfferView",
           "AreaPreview", "CoverLine", "CoverLines",
           "Battle", "Ruleset", "NOW", "TARGET", "AREA", "MOVE", "MENU"]
