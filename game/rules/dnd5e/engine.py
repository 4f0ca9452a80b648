"""The 5e battle engine: takes commands, checks them against the rules, and changes the state.

Every change goes through Engine.submit; a refused command leaves the battle as it was. The
turns are turns.py's, the acts' handlers handlers.py's, moving moving.py's, reactions reacting.py's.
"""

from __future__ import annotations

import copy

from ...content.errors import ContentError
from ...content.scenarios import Scenario
from ...core.dice import DiceError
from ..commands import Command, parse_command
from ..errors import IllegalCommand
from ..events import Event
from ..state import CONSCIOUS, Creature
from . import actions, mounted
from .conditions import why_immobile
from .falling import check_falls
from .handlers import Handlers
from .moving import Moving
from .reacting import Reacting
from .setup import new_state
from .turns import Turns


class Engine(Turns, Handlers, Moving, Reacting):
    """The rules engine of one 5e battle, from a scenario (battle.py adds the ruleset interface)."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.board = scenario.map.board
        self.diagonals = scenario.diagonals
        self.state = new_state(scenario)
        self._events: list[Event] = []
        self._reacting: str | None = None  # a readied action firing as this creature's reaction
        self.damage_source: str | None = None  # the creature whose attack or spell is resolving
        try:
            self._start()
        except DiceError as exc:
            raise ContentError(f"while rolling for surprise and initiative: {exc}", scenario.path) from None
        self._events = []

    # ----------------------------------------------------------------- plumbing
    def emit(self, kind: str, text: str, **data) -> None:
        if kind == "damage" and "source" not in data:
            data["source"] = self.damage_source  # who dealt it, for statistics
        self._events.append(Event(kind, text, data))
        self.state.log.append(text)

    def _take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def submit(self, raw: dict | Command, undo_on_error: bool = True) -> list[Event]:
        """Play one command; IllegalCommand (and no change at all) when the rules refuse it.

        undo_on_error=False skips the copy that undoing needs, for callers that give up on
        the battle when a command is refused (computer against computer in simulate).
        """
        command = raw if isinstance(raw, Command) else parse_command(raw)
        snapshot = copy.deepcopy(self.state) if undo_on_error else None
        self._events = []
        dice_before = (self.state.dice.rng.getstate(), len(self.state.dice.forced))
        try:
            self._run(command)
            self._settle()
        except (IllegalCommand, DiceError) as exc:
            if snapshot is not None:
                self._restore(snapshot)
            self._events = []
            raise IllegalCommand(str(exc)) from None
        self.state.commands_done += 1
        self.state.played.append(command.to_dict())
        self.state.rolled.append((self.state.dice.rng.getstate(), len(self.state.dice.forced)) != dice_before)
        return self._take_events()

    def _settle(self) -> None:
        """What follows from any change, at once: riders thrown by fallen mounts, flyers that
        fall, grapples that end (the grappler incapacitated or too far, whatever did it)."""
        mounted.check_mounts(self)
        check_falls(self)
        actions.check_grapples(self)
        self.check_over()

    def _restore(self, snapshot) -> None:
        """Put the state back as it was, in place: the same state and creature objects."""
        live = self.state
        creatures = live.creatures
        for cid, saved in snapshot.creatures.items():
            creatures[cid].__dict__.update(saved.__dict__)
        live.__dict__.update(snapshot.__dict__)
        live.creatures = creatures

    def check(self, raw: dict | Command) -> str | None:
        """Why the battle would refuse this command now, or None if it would accept it.

        The command is tried and everything it did is undone (dice included).
        """
        try:
            command = raw if isinstance(raw, Command) else parse_command(raw)
        except IllegalCommand as exc:
            return str(exc)
        snapshot = copy.deepcopy(self.state)
        events, self._events = self._events, []
        try:
            self._run(command)
            self._settle()
            return None
        except (IllegalCommand, DiceError) as exc:
            return str(exc)
        finally:
            self._restore(snapshot)
            self._events = events
            self._reacting = None

    def creature(self, cid: str) -> Creature:
        if not isinstance(cid, str) or cid not in self.state.creatures:
            raise IllegalCommand(f"no creature {cid!r}")
        return self.state.creatures[cid]

    @property
    def current(self) -> Creature | None:
        return self.state.current

    # ----------------------------------------------------------------- commands
    def _run(self, cmd: Command) -> None:
        state = self.state
        if state.over:
            raise IllegalCommand("the battle is over")
        self.creature(cmd.actor)
        while state.offers:
            offer = state.offers[0]
            if cmd.act == "react" and cmd.actor == offer.reactor:
                take = cmd.get("take")
                if not isinstance(take, bool):
                    raise IllegalCommand("'take' must be true or false")
                self._answer_offer(offer, take, cmd.get("target"))
                self._resume()
                return
            try:
                self._answer_offer(offer, True, None)  # any other command: the default, taken
            except IllegalCommand as exc:
                # a reaction that cannot be carried out is let go, never a dead end
                self.emit("note", f"{self.state.creatures[offer.reactor].name} cannot take its reaction: {exc}")
            self._resume()
            if state.over:
                raise IllegalCommand("the battle ended in the reactions before this command")
        if cmd.act == "react":
            raise IllegalCommand(f"no reaction is offered to {cmd.actor}")
        actor = state.current
        if cmd.actor != actor.id:
            raise IllegalCommand(f"it is {actor.id}'s turn, not {cmd.actor}'s")
        if mounted.controlled(self, actor) and cmd.act not in mounted.CONTROLLED_ACTS:
            # 5e, Controlling a mount: it can only Dash, Disengage or Dodge
            raise IllegalCommand(f"{actor.id} is a controlled mount: it can only move, dash, disengage or dodge")
        handler = getattr(self, f"_do_{cmd.act}")
        handler(actor, cmd)

    def _able(self, actor: Creature) -> None:
        if actor.state != CONSCIOUS:
            raise IllegalCommand(f"{actor.id} is {actor.state}")
        if actor.incapacitated:
            raise IllegalCommand(f"{actor.id} is incapacitated")

    def _mobile(self, actor: Creature) -> None:
        """Moving (and standing up, dropping prone, mounting) takes no action: an incapacitated
        creature may do it (SRD 5.1, Incapacitated), one that cannot move may not."""
        why = why_immobile(actor)
        if why:
            raise IllegalCommand(why)

    def _use_action(self, actor: Creature, what: str) -> None:
        self._able(actor)
        if not actor.action:
            raise IllegalCommand(f"{actor.id} has already used its action this turn")
        actor.action = False
        actor.attacks_left = 0

    def use_action(self, actor: Creature, what: str) -> None:
        """Spend the actor's action (IllegalCommand if it has none or cannot act).

        A readied action firing as a reaction was paid for by the Ready action.
        """
        if self._reacting == actor.id:
            return
        self._use_action(actor, what)

    def use_bonus_action(self, actor: Creature, what: str) -> None:
        """Spend the actor's bonus action (IllegalCommand if it has none or cannot act)."""
        if self._reacting == actor.id:
            return
        self._able(actor)
        if not actor.bonus_action:
            raise IllegalCommand(f"{actor.id} has already used its bonus action this turn")
        actor.bonus_action = False

    # ----------------------------------------------------------------- output
    def to_json(self) -> dict:
        state = self.state
        current = state.current_id if not state.over or state.started else None
        creatures = {}
        for cid in state.creatures:
            c = state.creatures[cid]
            creatures[cid] = {
                "side": c.side, "at": [c.x, c.y], "hp": c.hp, "max_hp": c.stats.hp, "temp_hp": c.temp_hp,
                "state": c.state, "conditions": sorted(c.conditions),
                "death_saves": {"successes": c.death_successes, "failures": c.death_failures},
                "movement_left": actions.movement_left(self, c) if cid == current else c.stats.walk,
                "action": c.action, "bonus_action": c.bonus_action, "reaction": c.reaction,
            }
            if c.altitude:
                creatures[cid]["altitude"] = c.altitude
        data = {
            "round": state.round, "turn": current, "over": state.over, "winner": state.winner,
            "order": list(state.order), "creatures": creatures, "log": list(state.log),
        }
        if state.offers:
            data["offers"] = [{"reactor": o.reactor, "kind": o.kind, "provoker": o.provoker} for o in state.offers]
        return data

