"""A battle in play: the session the window drives, with no window of its own.

`Session` owns the battle and everything around it that is not drawing: the battle built from
a scenario with its saved commands played (a save resumes), which sides the computer plays and
its pace (`ai(battle) -> command`), submitting commands, who fell in which round, taking back a
command that rolled no die, the autosave at every turn start, quick save and load, and playing
the same scenario again. It answers with plain data: a submit's events (`Played`), and the
lines for the log panel (`Message`, taken with `take_messages()`: the battle's log lines and
the session's own news). The window draws the battle, animates the events and turns clicks and
keys into calls on the session; nothing here imports pygame.
"""

from __future__ import annotations

import copy
import secrets
import time
from dataclasses import dataclass, field

from ..i18n import _
from ..content.errors import ContentError
from ..rules.api import CreatureView
from ..rules.errors import IllegalCommand
from ..rules.registry import new_battle
from .replay import replay
from .saving import AUTOSAVE, QUICKSAVE, Saves
from .undo import can_undo, undo

AI_PAUSE = 0.6  # seconds between two commands of a computer side, so people can follow
HURRY_PAUSE = 0.03  # the same while the player hurries the computer (Space)

# what a message of the log panel is (the window picks its colour)
LOG = "log"  # a line of the battle's log
HEADING = "heading"  # a line of the battle's log that starts a round or a turn
NOTE = "note"  # the session's news: saved, loaded, undone, a new battle
ERROR = "error"  # a refusal or a failure


@dataclass(frozen=True)
class Message:
    """One line for the log panel."""

    text: str
    tone: str  # LOG, HEADING, NOTE or ERROR
    rules: tuple[str, ...] = ()  # a battle's log line: the ids of the rule cards it names


@dataclass
class Played:
    """What a submit did: the events of a command played, or why it was refused (then no events)."""

    events: list = field(default_factory=list)
    refusal: str = ""

    def __bool__(self) -> bool:
        return not self.refusal


def command_words(command: dict, creatures) -> str:
    """A played command in a few words, with names (the undo message)."""
    actor = creatures.get(command.get("actor"))
    who = actor.name if actor is not None else str(command.get("actor", "?"))
    act = command.get("act", "?")
    if act == "move" and command.get("to") is not None:
        return _("{name} moves to {square}").format(name=who, square=list(command["to"]))
    return _("{name}: {act}").format(name=who, act=act)


class Session:
    """One battle in play, with its sides (people or the computer), its saves and its messages.

    A side is the computer's when the scenario or `ai_sides` says so, not in hotseat, and only
    when an AI is connected (`ai`); otherwise people play it. `battle` continues one already
    built (else it is built from the scenario, its commands played); `data_dir` is the saves'
    folder (saving.py).
    """

    def __init__(self, scenario, battle=None, *, hotseat: bool = False, ai_sides=(), ai=None,
                 data_dir=None, ai_pause: float = AI_PAUSE) -> None:
        self.scenario = scenario
        self._outbox: list[Message] = []
        self._seen_log = 0
        self.ai = ai
        self.ai_sides = set() if hotseat else {s for s, who in scenario.sides.items() if who == "ai"} | set(ai_sides)
        self.ai_pause = ai_pause
        self.last_ai = 0.0  # when the computer played last (time.monotonic)
        self.saves = Saves(data_dir)
        self.fallen: dict[str, int] = {}  # creature id -> the round it went down
        self.battle = battle if battle is not None else self._resumed(scenario)

    def _resumed(self, scenario):
        """A battle from the scenario, with the commands it already holds played (a save resumes)."""
        result = replay(scenario)  # linear in the commands (a long save)
        if result.error:
            self._outbox.append(Message(_("command {number} refused: {why}").format(
                number=result.failed_index + 1, why=result.reason), ERROR))
        return result.battle

    def _replace(self, battle, scenario=None) -> None:
        """Another battle in this session (load, undo, play again): its messages start afresh."""
        if scenario is not None:
            self.scenario = scenario
        self.battle = battle
        self.fallen = {}
        self._outbox.clear()
        self._seen_log = 0

    # ------------------------------------------------------------------ who acts
    def human(self, creature) -> bool:
        """Whether people play this creature's side (anything with a `side`)."""
        return self.ai is None or creature.side not in self.ai_sides

    def human_sides(self) -> list[str]:
        return sorted({c.side for c in self.battle.state.creatures.values() if self.human(c)})

    def view(self, creature_id: str) -> CreatureView:
        return self.battle.view(creature_id)

    def views(self) -> dict[str, CreatureView]:
        """Every creature as the screen shows it, by id, in roster order."""
        return {cid: self.battle.view(cid) for cid in self.battle.state.creatures}

    def watching_side(self) -> str | None:
        """The side whose eyes the screen shows: the one side people play; in hot-seat, the side of
        the creature acting (or reacting) when people play it; None (everything) for a demo."""
        sides = self.human_sides()
        if len(sides) == 1:
            return sides[0]
        acting = self.reactor() or self.current()
        return acting.side if sides and acting is not None and self.human(acting) else None

    def shown_views(self) -> dict[str, CreatureView]:
        """The creatures the watching side can see: an enemy hidden from it is not shown (nor
        where it stands) until it is found or gives itself away."""
        side = self.watching_side()
        return {cid: v for cid, v in self.views().items()
                if side is None or v.side == side or "hidden" not in v.conditions}

    def current(self) -> CreatureView | None:
        """The creature whose turn it is (None before the first turn or on a map with no creatures)."""
        cid = self.battle.state.current_id
        return self.battle.view(cid) if cid is not None else None

    def reactor(self) -> CreatureView | None:
        """The creature a reaction offered waits for, if one is."""
        offers = self.battle.state.offers
        return self.battle.view(offers[0].reactor) if offers else None

    def my_turn(self) -> CreatureView | None:
        """The creature whose turn it is, when a person plays it and may act now; else None."""
        state, current = self.battle.state, self.current()
        if current is None or state.over or state.offers or not state.started or not self.human(current):
            return None
        return current

    def person_to_act(self) -> bool:
        """Whether a person must act now: their creature's turn, or their reaction to answer."""
        reactor = self.reactor()
        return self.my_turn() is not None or (reactor is not None and self.human(reactor))

    def computer_to_act(self) -> bool:
        """Whether the computer must act now: its creature's turn, or its reaction to answer."""
        state, current = self.battle.state, self.current()
        if self.ai is None or current is None or state.over:
            return False
        reactor = self.reactor()
        return not self.human(reactor if reactor is not None else current)

    # ------------------------------------------------------------------ commands
    def submit(self, command: dict) -> Played:
        """Play a command; a refusal changes nothing and is told in an ERROR message."""
        try:
            events = self.battle.submit(command)
        except IllegalCommand as exc:
            self._say(_("Refused: {why}").format(why=exc), ERROR)
            return Played(refusal=str(exc))
        state = self.battle.state
        for c in state.creatures.values():
            if c.state != "conscious" and c.id not in self.fallen:
                self.fallen[c.id] = state.round
            elif c.state == "conscious":
                self.fallen.pop(c.id, None)
        self._sync_log()
        if any(e.kind == "turn" for e in events):
            self._autosave()
        return Played(events)

    def play_computer(self, now: float | None = None, hurry: bool = False) -> list | None:
        """One command of a computer side, when it must act and its pause has passed: the events
        played ([] if none was), or None when it was not the computer's to play now.

        A command the AI gives that the rules refuse (or an AI that fails) ends the creature's
        turn instead, so the computer never stalls the battle.
        """
        if not self.computer_to_act():
            return None
        now = time.monotonic() if now is None else now
        if now - self.last_ai < (HURRY_PAUSE if hurry else self.ai_pause):
            return None
        self.last_ai = now
        actor = self.battle.state.current_id
        try:
            command = self.ai(self.battle)
        except IllegalCommand as exc:
            command = None
            self._say(_("AI: {error}").format(error=exc), ERROR)
        end = {"actor": actor, "act": "end"}
        state = self.battle.state
        before = state.commands_done
        events = self.submit(command or end).events
        if self.battle.state.commands_done == before and not self.battle.state.offers:
            events += self.submit(end).events  # never stall on a refused command
        return events

    # ------------------------------------------------------------------ undo
    def undo_refusal(self) -> str:
        """Why the last command cannot be taken back now, or '' when it can."""
        state = self.battle.state
        if not state.played:
            return _("nothing has been played yet")
        if state.offers:
            return _("a reaction is waiting for an answer")
        if state.rolled[-1]:
            return _("the last command rolled dice")
        actor = state.creatures.get(state.played[-1].get("actor"))
        if actor is not None and not self.human(actor):
            return _("the last command was the computer's")
        if not can_undo(self.battle):
            return _("the rules do not allow it")
        return ""

    def take_back(self) -> dict | None:
        """The battle replayed without its last command, if that rolled no die: the command taken
        back, or None (and an ERROR message saying why not)."""
        reason = self.undo_refusal()
        if reason:
            self._say(_("Cannot undo: {why}").format(why=reason), ERROR)
            return None
        last = self.battle.state.played[-1]
        try:
            battle = undo(self.battle)
        except (ValueError, IllegalCommand, ContentError) as exc:
            self._say(_("Cannot undo: {why}").format(why=exc), ERROR)
            return None
        fallen = dict(self.fallen)
        self._replace(battle)
        self.fallen = {cid: r for cid, r in fallen.items()
                       if cid in battle.state.creatures and battle.state.creatures[cid].state != "conscious"}
        self._say(_("Undone: {command}").format(command=command_words(last, battle.state.creatures)), NOTE)
        return last

    # ------------------------------------------------------------------ saves and new battles
    def _autosave(self) -> None:
        try:
            self.saves.write(self.battle, AUTOSAVE)
        except (OSError, TypeError, ContentError) as exc:
            self._say(_("Autosave failed: {error}").format(error=exc), ERROR)

    def quick_save(self):
        """The battle saved to the quick save: its path, or None (and an ERROR message)."""
        try:
            path = self.saves.write(self.battle, QUICKSAVE)
        except (OSError, TypeError, ContentError) as exc:
            self._say(_("Quick save failed: {error}").format(error=exc), ERROR)
            return None
        self._say(_("Saved to {path}").format(path=path), NOTE)
        return path

    def quick_load(self) -> bool:
        if not self.saves.exists(QUICKSAVE):
            self._say(_("No quick save yet in {folder} (F5 saves)").format(folder=self.saves.dir), ERROR)
            return False
        return self.load(QUICKSAVE, quick=True)

    def load(self, name: str, quick: bool = False) -> bool:
        """The battle replaced by a save of the data folder (replayed); a failure is an ERROR message."""
        try:
            battle, scenario, error = self.saves.load(name)
        except (OSError, ContentError, ValueError) as exc:
            self._say((_("Quick load failed: {error}") if quick else _("Load failed: {error}")).format(error=exc), ERROR)
            return False
        self._replace(battle, scenario)
        if error:
            self._say(_("The save stops early: {error}").format(error=error), ERROR)
        self._say(_("Loaded {path}").format(path=self.saves.path(name)), NOTE)
        return True

    def play_again(self, fresh_seed: bool = True) -> bool:
        """The scenario again from its start (a save's commands are not played again): with a fresh
        seed, so the rolls differ (the log says which), or with its own seed, the very same battle."""
        scenario = self.scenario
        if fresh_seed:
            scenario = copy.copy(scenario)
            scenario.seed = secrets.randbelow(2**31)  # not the battle's dice: a new battle's seed
        try:
            battle = new_battle(scenario)
        except ContentError as exc:
            self._say(_("Cannot start again: {error}").format(error=exc), ERROR)
            return False
        self._replace(battle, scenario)
        if fresh_seed:
            self._say(_("A new battle: the same scenario with a fresh seed ({seed})").format(seed=scenario.seed), NOTE)
        else:
            self._say(_("The same battle again: the same scenario and seed ({seed})").format(seed=scenario.seed), NOTE)
        return True

    # ------------------------------------------------------------------ messages
    def take_messages(self) -> list[Message]:
        """The log panel's new lines since the last call, oldest first."""
        self._sync_log()
        taken, self._outbox = self._outbox, []
        return taken

    def _say(self, text: str, tone: str) -> None:
        self._sync_log()  # the battle's lines so far come first
        self._outbox.append(Message(text, tone))

    def _sync_log(self) -> None:
        log = self.battle.state.log
        if len(log) < self._seen_log:
            self._seen_log = 0
        kinds = getattr(self.battle.state, "log_kinds", [])  # the event kinds, not the words (any language)
        rules = getattr(self.battle.state, "log_rules", ())  # beside each line, its rule ids (engine_base)
        for index in range(self._seen_log, len(log)):
            heading = index < len(kinds) and kinds[index] in ("round", "turn")
            ids = tuple(rules[index]) if index < len(rules) else ()
            self._outbox.append(Message(log[index], HEADING if heading else LOG, ids))
        self._seen_log = len(log)


__all__ = ["AI_PAUSE", "HURRY_PAUSE", "LOG", "HEADING", "NOTE", "ERROR", "Message", "Played", "Session",
           "command_words"]
