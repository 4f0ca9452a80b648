"""The plumbing every ruleset's engine shares: events, submitting a command with undo, checking
one without playing it, and answering the reactions on offer before the next command, the end of the battle and the frame
of `replay --json`.

A ruleset's engine subclasses EngineBase and gives `ACTS` (its table of acts for
commands.parse_command), `_do_ACT(actor, command)` for each act, `_settle()` (what follows any
change at once, ending with the check for the battle's end), and `_answer_offer(offer, take,
target)` and `_resume()` when it offers reactions. The state is rules/state.py's BattleState
(or a ruleset's own with the same `creatures`, `offers`, `dice`, `log`, `played`, `rolled`).
"""

from __future__ import annotations

from contextlib import contextmanager

from ..core.dice import DiceError
from ..i18n import translator
from .commands import ACTS, Command, parse_command
from .errors import IllegalCommand
from .events import Event
from .words import side_word

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


class EngineBase:
    """Events, submit with undo, check, and lookups; the rules are the subclass's."""

    ACTS = ACTS  # the ruleset's acts (the 5e table unless the subclass gives its own)
    _still: dict | None = None  # what is kept while the state is held still (held_still)
    PENDING = ("pending_move",)  # the state's half-done actions, cleared when the battle ends

    def _start_plumbing(self) -> None:
        self._events: list[Event] = []
        self._reacting: str | None = None  # a readied action firing as this creature's reaction
        self.damage_source: str | None = None  # the creature whose attack or spell is resolving
        self._checked: tuple | None = None  # a check kept for the submit of that very command (check)

    # ----------------------------------------------------------------- events
    def emit(self, kind: str, text: str, rules: tuple[str, ...] | list[str] = (), **data) -> None:
        """One log line and its event; `rules`: the ids of the rule cards the line applied."""
        if kind == "damage" and "source" not in data:
            data["source"] = self.damage_source  # who dealt it, for statistics
        self._events.append(Event(kind, text, data, tuple(rules)))
        self.state.log.append(text)
        self.state.log_rules.append(list(rules))
        self.state.log_kinds.append(self._events[-1].kind.value)

    def _take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    # ----------------------------------------------------------------- holding still
    @contextmanager
    def held_still(self):
        """A block in which the caller changes nothing (a computer player weighing its plans):
        what the rules work out from the state alone may be kept until the block ends, in the
        dict still_memo() gives. A check or submit inside the block ends the keeping at once
        (the state it asks about is no longer the one held)."""
        self._still = {}
        try:
            yield
        finally:
            self._still = None

    def still_memo(self) -> dict | None:
        """The store of a held_still block (None outside one): keys name what they keep."""
        return self._still

    # ----------------------------------------------------------------- commands
    def parse(self, raw: dict | Command) -> Command:
        """A command of this ruleset (IllegalCommand when its shape is wrong)."""
        return raw if isinstance(raw, Command) else parse_command(raw, self.ACTS)

    def submit(self, raw: dict | Command, undo_on_error: bool = True) -> list[Event]:
        """Play one command; IllegalCommand (and no change at all) when the rules refuse it.

        undo_on_error=False skips the copy that undoing needs, for callers that give up on
        the battle when a command is refused (computer against computer in simulate).
        """
        checked, self._checked = self._checked, None
        self._still = None  # the state is about to change
        if checked is not None and checked[0] is raw and self._as_checked(checked[1], raw):
            return self._replay_checked(checked)
        command = self.parse(raw)
        dice_before = self.state.dice.stamp()
        snapshot = self.state.saved() if undo_on_error else None
        self._events = []
        try:
            self._run(command)
            self._settle()
        except (IllegalCommand, DiceError) as exc:
            if snapshot is not None:
                self.state.restore(snapshot)
            self._events = []
            self._reacting = None
            raise IllegalCommand(str(exc)) from None
        self.state.commands_done += 1
        self.state.played.append(command.to_dict())
        self.state.rolled.append(self.state.dice.stamp() != dice_before)
        return self._take_events()

    def check(self, raw: dict | Command, then_play: bool = False) -> str | None:
        """Why the battle would refuse this command now, or None if it would accept it.

        The command is tried and everything it did is undone (dice included). then_play: the
        caller submits this very command object next, before anything else touches the battle
        (a computer player's choice); the outcome of the try is kept, and that submit takes it
        instead of playing the command a second time (any other check or submit drops it).
        """
        self._checked = None
        self._still = None  # the state is about to change (and be put back)
        try:
            command = self.parse(raw)
        except IllegalCommand as exc:
            return str(exc)
        snapshot = self.state.saved(likely_dropped=then_play)
        events, self._events = self._events, []
        ids = list(self.state.creatures)
        outcome = None
        try:
            self._run(command)
            self._settle()
            if then_play and list(self.state.creatures) == ids:
                # the try's own fields: restoring gives the state and each creature the saved
                # ones in their place, so nothing else holds these
                outcome = (self.state.__dict__, {cid: c.__dict__ for cid, c in self.state.creatures.items()},
                           self._events, self.damage_source)
            return None
        except (IllegalCommand, DiceError) as exc:
            return str(exc)
        finally:
            self.state.restore(snapshot)
            self._events = events
            self._reacting = None
            if outcome is not None:
                self._checked = (raw, self._check_stamp(command), *outcome)

    def _check_stamp(self, command: Command) -> tuple:
        """What must be as it was for a kept check to stand for its submit: the command (as a
        table), then the battle (_battle_stamp)."""
        return (command.to_dict(), *self._battle_stamp())

    def _battle_stamp(self) -> tuple:
        """The state object, how far the battle has gone and the dice."""
        state = self.state
        return id(state), state.commands_done, len(state.log), len(state.played), state.dice.stamp()

    def _as_checked(self, stamp: tuple, raw: dict | Command) -> bool:
        """Whether the battle and the command submitted are as the kept check's stamp found
        them: the command reads as the table checked (a table changed since reads otherwise,
        and one written another way is parsed anew: the kept check is then not used)."""
        table = stamp[0]
        same_command = raw.to_dict() == table if isinstance(raw, Command) else raw == table
        return same_command and stamp[1:] == self._battle_stamp()

    def _replay_checked(self, checked: tuple) -> list[Event]:
        """submit's end for a command whose check kept its outcome: the state as the try left it
        (the creatures stay the same objects), then what submit adds."""
        table = checked[1][0]
        dice_before = checked[1][-1]
        after_state, after_creatures, events, damage_source = checked[2:]
        live = self.state
        creatures = live.creatures
        for cid, saved in after_creatures.items():
            creatures[cid].__dict__ = saved
        live.__dict__ = after_state
        live.creatures = creatures
        self.damage_source = damage_source
        self._reacting = None
        self.state.commands_done += 1
        self.state.played.append(table)
        self.state.rolled.append(self.state.dice.stamp() != dice_before)
        self._events = events
        return self._take_events()

    def _settle(self) -> None:
        raise NotImplementedError

    def _run(self, cmd: Command) -> None:
        """Answer the offers first, then play the command through its `_do_ACT` handler."""
        state = self.state
        if state.over:
            raise IllegalCommand(_("the battle is over"))
        self.creature(cmd.actor)
        if self._answer_offers(cmd):
            return
        if cmd.act == "react":
            raise IllegalCommand(_("no reaction is offered to {actor}").format(actor=cmd.actor))
        actor = state.current
        if cmd.actor != actor.id:
            raise IllegalCommand(_("it is {current}'s turn, not {actor}'s").format(current=actor.id, actor=cmd.actor))
        self._before_act(actor, cmd)
        handler = getattr(self, f"_do_{cmd.act}", None)
        if handler is None:
            raise IllegalCommand(_("'{act}' is not an act of this ruleset").format(act=cmd.act))
        handler(actor, cmd)

    def _before_act(self, actor, cmd: Command) -> None:
        """A ruleset's check before any act of its turn (5e: a controlled mount's few acts)."""

    def _answer_offers(self, cmd: Command) -> bool:
        """Settle the reactions on offer before `cmd`: a `react` by the creature offered answers
        the first offer (True: the command is done); any other command takes each offer as
        its default, one at a time."""
        state = self.state
        while state.offers:
            offer = state.offers[0]
            if cmd.act == "react" and cmd.actor == offer.reactor:
                take = cmd.get("take")
                if not isinstance(take, bool):
                    raise IllegalCommand(_("'take' must be true or false"))
                self._answer_offer(offer, take, cmd.get("target"))
                self._resume()
                return True
            try:
                self._answer_offer(offer, True, None)  # any other command: the default, taken
            except IllegalCommand as exc:
                # a reaction that cannot be carried out is let go, never a dead end
                self.emit("note", _("{name} cannot take its reaction: {reason}").format(
                    name=self.state.creatures[offer.reactor].name, reason=exc))
            self._resume()
            if state.over:
                raise IllegalCommand(_("the battle ended in the reactions before this command"))
        return False

    # ----------------------------------------------------------------- the end, and output
    def check_over(self) -> None:
        """The battle ends when at most one side has a creature still standing (its winner)."""
        state = self.state
        if state.over:
            return
        standing = {c.side for c in state.creatures.values() if c.standing}
        if len(standing) <= 1 and len({c.side for c in state.creatures.values()}) > 1:
            state.over = True
            state.winner = next(iter(standing), None)
            state.offers.clear()
            for key in self.PENDING:
                setattr(state, key, None)
            self.emit("over", _("The battle is over: {side} wins").format(side=side_word(state.winner)) if state.winner
                      else _("The battle is over: nobody wins"), winner=state.winner)

    def battle_json(self, creatures: dict, current: str | None) -> dict:
        """`replay --json` around the ruleset's own creature entries: round, turn, order, log, offers."""
        state = self.state
        data = {
            "round": state.round, "turn": current, "over": state.over, "winner": state.winner,
            "order": list(state.order), "creatures": creatures, "log": list(state.log),
            "log_rules": [list(ids) for ids in state.log_rules],
        }
        if state.offers:
            data["offers"] = [{"reactor": o.reactor, "kind": o.kind, "provoker": o.provoker} for o in state.offers]
        return data

    # ----------------------------------------------------------------- lookups
    def creature(self, cid: str):
        if not isinstance(cid, str) or cid not in self.state.creatures:
            raise IllegalCommand(_("no creature {id!r}").format(id=cid))
        return self.state.creatures[cid]

    @property
    def current(self):
        return self.state.current
