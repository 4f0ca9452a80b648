"""3.5 Ready and Delay, the acts (a mixin of the engine; readying.py holds their rules): `ready`
and the readied action's offer and answer, a readied move or spell interrupting what the
trigger's author was doing and the way back to it (`_interrupt`, `_resume`), and `delay`.

3.5 SRD, Ready: "The action occurs just before the action that triggers it. If the triggered
action is part of another character's activities, you interrupt the other character. Assuming he
is still capable of doing so, he continues his actions once you complete your readied action."
"""

from __future__ import annotations

from ...i18n import _
from ..errors import IllegalCommand
from ..readying import move_before
from ..state import Offer
from . import readying
from .combat import attack_problem, resolve_attack
from .creature import state_word
from .moving import can_take_aoo, in_order


class Readying35:
    """Ready, its interrupts, and Delay (a part of the engine)."""

    def _do_ready(self, actor, cmd) -> None:
        """3.5 SRD, Ready (a standard action): an attack held back until its trigger, before the
        start of the creature's next turn (readying.py)."""
        self._able(actor)
        if actor.sequence:
            raise IllegalCommand(_("{id} is in the middle of a full attack").format(id=actor.id))
        ready = readying.readied(self, actor, cmd.get("trigger"), cmd.get("then"))
        self._spend(actor, "standard")
        actor.effects["readied"] = ready
        self.emit("action", readying.ready_words(actor, ready), rules=("ready",), creature=actor.id)

    def _offer_readied(self, author, event: str, before: set[str] | None = None) -> bool:
        """Offer the readied actions this event of the author triggers; True when offered."""
        found = readying.triggered(self, author, event, before)
        for rid in found:
            self._add_offer(Offer(rid, "readied", author.id, "act"))
            self.emit("offer", _("{name} triggers {reactor}'s readied action").format(
                name=author.name, reactor=self.state.creatures[rid].name), rules=("ready",), reactor=rid,
                provoker=author.id, offer="readied")
        return bool(found)

    def _take_readied(self, reactor, provoker, take: bool) -> None:
        """The readied action, taken before its trigger; the readier now acts just before its author.
        A readied attack is rolled at once; a readied move or spell interrupts what the author was
        doing, which goes on once it is over (_interrupt)."""
        ready = reactor.effects["readied"]
        able = readying.may_fire(self, reactor, provoker)
        target = readying.aimed_at(self, reactor, provoker)
        command = readying.fired(self, reactor, provoker) if ready["act"] != "attack" else None
        reactor.effects.pop("readied")
        if not take:
            self.emit("reaction", _("{name} lets its readied action go").format(name=reactor.name), rules=("ready",),
                      creature=reactor.id)
            return
        if not able:
            if command is not None and reactor.standing:
                raise IllegalCommand(readying.fire_problem(self, reactor, command))
            raise IllegalCommand(_("{id} can no longer make its readied attack").format(id=reactor.id))
        move_before(self.state, reactor.id, provoker.id)
        self.emit("reaction", _("{name} takes its readied action; it now acts just before {author}").format(
            name=reactor.name, author=provoker.name), rules=("ready", "initiative"), creature=reactor.id)
        if ready["act"] == "move":
            # 3.5 SRD, Ready: a move action readied: a walk up to its speed, provoking as any move
            self._interrupt()
            steps, _cost = self._readied_path(reactor, command, walking=True)
            self._walk(reactor, steps, rules=("ready", "move-action", "diagonals"))
            return
        if ready["act"] == "cast":
            # the readied spell is cast now: its slot spent now, provoking now in a threatened square
            self._interrupt()
            self._begin_cast(reactor, *self._cast_args(reactor, command))
            return
        attack = reactor.stats.attack(ready["with"])
        if not attack.is_melee:
            # 3.5 SRD: a ranged attack in a threatened square provokes; the shot waits for the answers
            threatening = in_order(self, [e.id for e in self.state.creatures.values() if can_take_aoo(self, e, reactor)])
            if threatening:
                reactor.effects["readied_shot"] = (target.id, attack.name)
                self._offer(threatening, reactor, "act")
                return
        resolve_attack(self, reactor, target, attack)

    def _readied_path(self, reactor, command, walking: bool = False):
        """The steps and cost of a readied move: a move action, up to its speed; the 1-2-1
        diagonal count starts afresh for it (RULESETS.md (E): a move of its own). `walking`: the
        move is made now, the count stays so; else (a question) it is put back."""
        parity, reactor.diagonal_parity = reactor.diagonal_parity, 0
        try:
            return self._path(reactor, command, reactor.speed())
        finally:
            if not walking:
                reactor.diagonal_parity = parity

    # ------------------------------------------------------------------ interrupts
    def _interrupt(self) -> None:
        """A readied move or spell goes off: the move and the act under way wait behind it, with
        the offers still to answer (3.5 SRD, Ready: "you interrupt the other character. Assuming
        he is still capable of doing so, he continues his actions once you complete your readied
        action"); _resume takes them back once it is over."""
        state = self.state
        if state.interrupted is None:
            state.interrupted = []
        state.interrupted.append((state.pending_move, state.pending_act, len(state.offers)))
        state.pending_move = state.pending_act = None

    def _waiting(self) -> int:
        """How many of the offers listed belong to the acts a readied action interrupted."""
        stack = self.state.interrupted
        return stack[-1][2] if stack else 0

    def _add_offer(self, offer) -> None:
        """An offer made now is answered before those an interrupted act left waiting."""
        offers = self.state.offers
        offers.insert(len(offers) - self._waiting(), offer)

    def _fire_readied_shot(self) -> None:
        """A readied ranged attack that provoked, once its attacks of opportunity are answered."""
        for c in self.state.creatures.values():
            shot = c.effects.pop("readied_shot", None)
            if shot is None:
                continue
            target, attack = self.creature(shot[0]), c.stats.attack(shot[1])
            problem = attack_problem(self, c, target, attack) if c.standing else state_word(c.state)
            if problem:
                self.emit("note", _("{name}'s readied attack is lost: {why}").format(name=c.name, why=problem),
                          rules=("ready",), creature=c.id)
            else:
                resolve_attack(self, c, target, attack)

    def _do_delay(self, actor, cmd) -> None:
        """3.5 SRD, Delay: no action now; the creature acts later this round, right after `after`
        (by default the next creature), and keeps that place in later rounds."""
        after = readying.delay_after(self, actor, cmd.get("after"))
        actor.effects["delayed"] = self.state.round
        readying.delay(self.state, actor.id, after)
        self.emit("note", _("{name} delays: it will act after {other}").format(
            name=actor.name, other=self.creature(after).name), rules=("delay",), creature=actor.id)
        self._begin_turn()

    def _resume(self) -> None:
        """Once the offers are answered: a readied shot, then the move or the act they held up;
        when a readied move or spell is over, what it interrupted goes on (_interrupt)."""
        state = self.state
        while not state.over and len(state.offers) <= self._waiting():
            if any("readied_shot" in c.effects for c in state.creatures.values()):
                self._fire_readied_shot()
            elif state.pending_move is not None:
                self._continue_walk()
            elif state.pending_act is not None:
                self._run_pending_act()
            elif state.interrupted:
                state.pending_move, state.pending_act, _offers = state.interrupted.pop()
                if state.pending_move is not None:
                    state.pending_move.recheck = True  # the readied action may stand in its way now
            else:
                return
