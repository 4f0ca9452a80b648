"""Reactions in battle: offers waiting for an answer, what an answer does, and the Ready
action with its triggers (5e, "Réactions", "Se tenir prêt"; SRD 5.1, Shield)."""

from __future__ import annotations

from ...i18n import N_, translator
from ..commands import Command, parse_command, position_arg
from ..errors import IllegalCommand
from ..state import Creature, Offer
from . import mounted
from .attacks import first_melee, land_attack, preview_attack, resolve_attack, weapon_of
from .conditions import can_react
from .geometry import field_for, melee_reach, space_distance_m
from .hiding import sees
from .moving import ReactionMove, offers_waiting
from .shield import cast_shield
from .spells import cast, land_darts, ready_spell
from .vocab import number

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

READY_EVENTS = ("enters_reach", "moves", "attacks")
READY_LINES = {"enters_reach": N_("{name} readies {act} (when {by} enters reach)"),
               "moves": N_("{name} readies {act} (when {by} moves)"),
               "attacks": N_("{name} readies {act} (when {by} attacks)")}
OFFER_LINES = {"opportunity": (N_("{reactor} may make an opportunity attack on {provoker}"),
                               ("opportunity-attack", "reactions")),
               "readied": (N_("{reactor} may make its readied action against {provoker}"), ("ready", "reactions")),
               "leap": (N_("{reactor} may use its reaction to leap from {provoker} as it falls"),
                        ("mounted-combat", "reactions"))}
READY_ACTS = ("attack", "move", "cast", "dash", "dodge", "disengage")


def _thaw_table(table) -> dict:
    """A command table frozen into pairs by parse_command, back to a plain dict."""
    from ..commands import _thaw

    return {k: _thaw(v) for k, v in (table.items() if isinstance(table, dict) else table)}


class Reacting:
    """The Battle's reactions and readied actions: mixed into Battle."""

    def _resume(self) -> None:  # noqa: C901 - one ordered list of what may be waiting
        """After an answer: land a pending attack (or magic missile's darts), then let a pending move go on."""
        state = self.state
        if state.over:
            state.pending_attack = state.pending_move = state.pending_darts = None
            return
        if any(o.stage == "attack" for o in state.offers):
            return
        if state.pending_attack is not None:
            pending, state.pending_attack = state.pending_attack, None
            land_attack(self, pending)
            self._after_attack(pending.attacker)
        if state.pending_darts is not None:
            darts, state.pending_darts = state.pending_darts, None
            land_darts(self, darts)
        # a move goes on once the offers made during it are answered (a reaction's move leaves
        # the offers it interrupted waiting behind it, and then the move it interrupted goes on)
        while (state.pending_move is not None and not state.over
               and len(state.offers) <= offers_waiting(state.pending_move)):
            pending = state.pending_move
            checked = not pending.resume_unchecked
            pending.resume_unchecked = False
            self._walk(first_checked=checked)

    def _answer_offer(self, offer: Offer, take: bool, target) -> None:
        self.state.offers.pop(0)
        reactor = self.state.creatures[offer.reactor]
        provoker = self.state.creatures[offer.provoker]
        if offer.kind == "shield":
            if target is not None:
                raise IllegalCommand(_("the shield spell takes no target"))
            if take:
                cast_shield(self, reactor)
            else:
                self.emit("reaction", _("{name} does not cast shield").format(name=reactor.name),
                          rules=("shield", "reactions"), reactor=reactor.id)
            return
        if offer.kind == "readied":
            self._answer_readied(reactor, provoker, take)
            return
        if offer.kind == "leap":
            if target is not None:
                raise IllegalCommand(_("leaping from a falling mount takes no target"))
            mounted.leap_off(self, reactor, take)
            return
        rider = mounted.rider_of(self, provoker)
        allowed = [provoker.id] + ([rider.id] if rider is not None else [])
        if target is not None and target not in allowed:
            # 5e, Mounted combat: a mount's opportunity attack may target the mount or its rider
            if len(allowed) == 1:
                raise IllegalCommand(_("the opportunity attack can only target {id}").format(id=allowed[0]))
            raise IllegalCommand(_("the opportunity attack can only target {id} or {rider}").format(
                id=allowed[0], rider=allowed[1]))
        if not take:
            self.emit("reaction", _("{name} lets {provoker} go").format(name=reactor.name, provoker=provoker.name),
                      rules=("opportunity-attack", "reactions"), reactor=reactor.id)
            return
        victim = self.state.creatures[target] if target is not None else provoker
        if not victim.alive or not reactor.standing:
            return
        reactor.reaction = False
        resolve_attack(self, reactor, victim, first_melee(reactor), reaction=True)

    # ----------------------------------------------------------------- Ready
    def _do_ready(self, actor: Creature, cmd: Command) -> None:
        """5e, Ready: choose a trigger and an action; it fires as a reaction before your next turn."""
        trigger = dict(cmd.get("trigger") or ())
        then = cmd.get("then")
        event = trigger.get("event")
        by = trigger.get("by", "enemy")
        if event not in READY_EVENTS:
            raise IllegalCommand(_("the trigger 'event' must be one of {events}").format(
                events=", ".join(READY_EVENTS)))
        if by != "enemy":
            self.creature(by)
        then = {k: v for k, v in then} if isinstance(then, tuple) else None
        if not then or then.get("act") not in READY_ACTS:
            raise IllegalCommand(_("'then' must be a command table with act one of {acts}").format(
                acts=", ".join(READY_ACTS)))
        if then.get("actor", actor.id) != actor.id:
            raise IllegalCommand(_("the readied command must be the readier's own"))
        then = {**then, "actor": actor.id}
        probe = _thaw_table(then)
        if probe["act"] == "attack":
            probe.setdefault("target", actor.id)  # without a target: whoever triggers it
            if not isinstance(probe["target"], str):
                raise IllegalCommand(_("a readied attack's 'target' must be one creature id"))
        command = parse_command(probe)  # its shape is checked now
        if then["act"] == "cast":
            # 5e, Readying a spell: it is cast now (its action and slot spent) and held, which
            # takes concentration; the reaction releases it
            slot = ready_spell(self, actor, command)
            if slot:
                then["level"] = slot
            actor.concentration = f"readied {then.get('spell')}"
        else:
            self.use_action(actor, "Ready")
        actor.effects["readied"] = {"event": event, "by": by, "then": _thaw_table(then)}
        self.emit("action", _(READY_LINES[event]).format(name=actor.name, act=then["act"], by=by),
                  rules=("ready", "cast-spell") if then["act"] == "cast" else ("ready",), creature=actor.id)

    def _readied_offers(self, mover: Creature, event: str, before=None, after=None) -> list[Offer]:
        offers = []
        creatures = self.state.creatures
        for rid in self.state.order:  # (at every step of every move: most have nothing readied)
            r = creatures[rid]
            readied = r.effects.get("readied")
            if not readied or readied["event"] != event or r is mover or not can_react(r):
                continue
            if readied["by"] not in ("enemy", mover.id) or (readied["by"] == "enemy" and r.side == mover.side):
                continue
            if not sees(self, r, mover):
                continue  # a trigger it cannot see (a hidden mover)
            then = readied["then"]
            if then.get("act") == "attack":
                target_id = then.get("target", mover.id)
                target = mover if target_id == mover.id else self.state.creatures.get(target_id)
                try:
                    weapon = weapon_of(r, then.get("with"))
                except IllegalCommand:
                    continue
                if target is None or not target.alive or preview_attack(self, r, target, weapon).problem:
                    continue  # nothing to offer: the readied attack could not be made
            if event == "enters_reach":
                reach = melee_reach(r)
                was = space_distance_m(self, r.space, r.altitude, before, mover.altitude) <= reach + 1e-9
                now = space_distance_m(self, r.space, r.altitude, after, mover.altitude) <= reach + 1e-9
                if was or not now:
                    continue
            offers.append(Offer(reactor=r.id, kind="readied", provoker=mover.id))
        return offers

    def _offer(self, offers: list[Offer]) -> None:
        # during a reaction's move, before the offers it left waiting
        at = len(self.state.offers) - offers_waiting(self.state.pending_move)
        self.state.offers[at:at] = offers
        for offer in offers:
            r = self.state.creatures[offer.reactor]
            p = self.state.creatures[offer.provoker]
            line, rules = OFFER_LINES[offer.kind]
            self.emit("offer", _(line).format(reactor=r.name, provoker=p.name), rules=rules, reactor=r.id,
                      provoker=p.id, reaction=offer.kind)

    def _after_attack(self, attacker_id: str) -> None:
        attacker = self.state.creatures[attacker_id]
        offers = self._readied_offers(attacker, "attacks")
        if offers:
            self._offer(offers)

    def _answer_readied(self, reactor: Creature, provoker: Creature, take: bool) -> None:
        readied = reactor.effects.pop("readied")
        concentration, reactor.concentration = reactor.concentration, None
        if not take:
            self.emit("reaction", _("{name} holds its readied action").format(name=reactor.name), rules=("ready",),
                      reactor=reactor.id)
            return
        if not reactor.standing or reactor.incapacitated:
            return
        if concentration is None and readied["then"]["act"] == "cast":
            self.emit("note", _("{name}'s readied spell was lost with its concentration").format(name=reactor.name),
                      rules=("ready", "concentration"))
            return
        then = dict(readied["then"])
        if then["act"] == "attack" and "target" not in then:
            then["target"] = provoker.id
        command = parse_command(then)
        self.emit("reaction", _("{name} takes its readied action: {command}").format(
            name=reactor.name, command=command.describe()), rules=("ready", "reactions"), reactor=reactor.id)
        self._reacting = reactor.id
        try:
            if command.act == "attack":
                target = self.creature(command.get("target"))
                resolve_attack(self, reactor, target, weapon_of(reactor, command.get("with")), reaction=True,
                               label="readied attack")
            elif command.act == "move":
                self._readied_move(reactor, command)
            elif command.act == "cast":
                cast(self, reactor, command, held=True)
            else:
                handler = getattr(self, f"_do_{command.act}")
                handler(reactor, command)
        finally:
            self._reacting = None
        reactor.reaction = False

    def _readied_move(self, reactor: Creature, command: Command) -> None:
        """A readied move: up to the creature's speed, walked at once like any move (5e,
        Opportunity attacks: it is the reaction's movement, so it provokes them)."""
        mode = command.get("mode", "walk")
        field = field_for(self, reactor, mode)
        x, y = position_arg(command.get("to"), "'to'")
        steps = self._path_to(reactor, field, x, y)
        cost = self._path_cost(reactor, field, steps)
        if cost > reactor.speed(mode) + 1e-9:
            raise IllegalCommand(_("the readied move costs {cost} m, more than {id}'s speed").format(
                cost=number(cost), id=reactor.id))
        self.state.pending_move = ReactionMove(reactor.id, steps, mode, left=reactor.speed(mode),
                                               waiting=len(self.state.offers), interrupted=self.state.pending_move)
        self._walk(first_checked=False)
