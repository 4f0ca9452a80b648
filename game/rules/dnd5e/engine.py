"""The 5e battle: takes commands, checks them against the rules, and changes the state.

Every change goes through Battle.submit; a refused command leaves the battle as it was.
"""

from __future__ import annotations

import copy

from ...content.errors import ContentError
from ...content.scenarios import Scenario
from ...core.dice import DiceError
from ..commands import Command, parse_command, position_arg
from ..errors import IllegalCommand
from ..events import Event
from ..state import CONSCIOUS, DEAD, STABLE, UNCONSCIOUS, Creature
from . import actions, helping, hiding, mounted
from .attacks import resolve_attack, weapon_of
from .damage import death_save
from .falling import check_falls
from .geometry import can_see, field_for, space_distance_m
from .moving import Moving
from .reacting import Reacting
from .setup import new_state, roll_initiative, roll_surprise
from .spending import spend_action_or_bonus
from .spells import cast


class Engine(Moving, Reacting):
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
        """What follows from any change: riders thrown by fallen mounts, flyers that fall."""
        mounted.check_mounts(self)
        check_falls(self)
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

    # ----------------------------------------------------------------- turns
    def _start(self) -> None:
        state = self.state
        roll_surprise(state, lambda text: self.emit("note", text))
        state.order = roll_initiative(state, self.scenario, lambda text: self.emit("note", text))
        state.started = True
        self._seat_riders()
        if not state.order:
            state.over = True
            return
        state.round = 1
        self.emit("round", "Round 1", round=1)
        self.check_over()
        if not state.over:
            self._begin_turn()

    def _seat_riders(self) -> None:
        """Scenario key `mount`: the creature starts in the saddle of that mount."""
        for spec in self.scenario.creatures:
            if spec.mount is None:
                continue
            rider, steed = self.state.creatures[spec.id], self.state.creatures[spec.mount]
            if "rider" in steed.effects or steed is rider:
                raise ContentError(f"creature {rider.id!r}: {steed.id!r} cannot carry it", self.scenario.path,
                                   spec.line)
            rider.effects.update(mounted_on=steed.id, mount_side=steed.side_squares)
            steed.effects["rider"] = rider.id
            rider.x, rider.y, rider.altitude = steed.x, steed.y, steed.altitude
            if mounted.controlled(self, steed):
                order = self.state.order
                order.remove(steed.id)
                order.insert(order.index(rider.id) + 1, steed.id)
                steed.initiative = rider.initiative

    def _begin_turn(self) -> None:
        """Start the current creature's turn; turns that can hold nothing end by themselves."""
        state = self.state
        for _ in range(len(state.order) * 4 + 4):
            if state.over:
                return
            c = state.current
            c.reaction = True  # a reaction comes back at the start of the creature's turn
            c.action = c.bonus_action = True
            c.movement_spent = 0.0
            c.dashes = c.attacks_left = 0
            c.attack_weapons = ()
            c.diagonal_parity = 0
            c.conditions -= {"dodging", "disengaged", "dashing"}
            c.effects.pop("shield", None)  # SRD 5.1, Shield: until the start of its next turn
            if c.effects.pop("readied", None) is not None and c.concentration:
                c.concentration = None  # an unused readied spell is lost
            for key in [k for k in c.effects if k.startswith("turn:")]:
                del c.effects[key]  # what lasts for one turn only
            # 5e, Help: the advantage lasts until the start of the helper's next turn
            state.helps = [h for h in state.helps if h[0] != c.id]
            if c.state == DEAD:
                self._advance()
                continue
            self.emit("turn", f"{c.name}'s turn", creature=c.id, round=state.round)
            if c.state == UNCONSCIOUS:
                self.emit("death_save", death_save(self, c), creature=c.id)
                self.check_over()
                if c.state != CONSCIOUS:
                    self._end_turn(c)
                    self._advance()
                    continue
            elif c.state == STABLE:
                self.emit("note", f"{c.name} is stable and unconscious", creature=c.id)
                self._end_turn(c)
                self._advance()
                continue
            if c.surprised:
                # 5e, Surprise: no move and no action on the first turn; no reaction until it ends
                self.emit("note", f"{c.name} is surprised and loses its turn", creature=c.id)
                self._end_turn(c)
                self._advance()
                continue
            return

    def _end_turn(self, c: Creature) -> None:
        c.surprised = False
        c.conditions -= {"disengaged", "dashing"}

    def _advance(self) -> None:
        state = self.state
        state.turn_index += 1
        if state.turn_index >= len(state.order):
            state.turn_index = 0
            state.round += 1
            self.emit("round", f"Round {state.round}", round=state.round)

    def check_over(self) -> None:
        state = self.state
        if state.over:
            return
        sides = {c.side for c in state.creatures.values()}
        standing = {c.side for c in state.creatures.values() if c.standing}
        if len(sides) > 1 and len(standing) <= 1:
            state.over = True
            state.winner = next(iter(standing), None)
            state.offers.clear()
            state.pending_move = None
            self.emit("over", f"The battle is over: {state.winner or 'nobody'} wins", winner=state.winner)

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

    def _do_help(self, actor: Creature, cmd: Command) -> None:
        helping.do_help(self, actor, cmd)

    def _do_hide(self, actor: Creature, cmd: Command) -> None:
        hiding.do_hide(self, actor, cmd)

    def _do_search(self, actor: Creature, cmd: Command) -> None:
        hiding.do_search(self, actor, cmd)

    def _do_use(self, actor: Creature, cmd: Command) -> None:
        actions.do_use(self, actor, cmd)

    def _do_stabilize(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_stabilize(self, actor, cmd)

    def _do_grapple(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_grapple(self, actor, cmd)

    def _do_shove(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_shove(self, actor, cmd)
        actions.check_grapples(self)

    def _do_escape(self, actor: Creature, cmd: Command) -> None:
        actions.do_escape(self, actor, cmd)

    def _do_mount(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        mounted.do_mount(self, actor, cmd.get("target"))

    def _do_dismount(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        mounted.do_dismount(self, actor)

    def _spend_ammunition(self, actor: Creature, attack) -> None:
        """SRD 5.1, Ammunition: a shot a ranged attack; none left, no attack (when counted)."""
        if attack.ammunition is None or "ammunition" not in attack.properties:
            return
        key = f"ammo:{attack.name}"
        left = actor.effects.get(key, attack.ammunition)
        if left <= 0:
            raise IllegalCommand(f"{actor.id} has no ammunition left for {attack.name}")
        actor.effects[key] = left - 1

    def _attack_square(self, actor: Creature, cmd: Command) -> None:
        """5e, Unseen attackers and targets: attack a square you guess an unseen foe is in.

        The attack has disadvantage (the target is unseen); if nobody unseen is there, it misses.
        """
        x, y = position_arg(cmd.get("at"), "'at'")
        if not self.board.inside(x, y):
            raise IllegalCommand(f"[{x}, {y}] is outside the {self.board.width}x{self.board.height} map")
        attack = weapon_of(actor, cmd.get("with"))
        there = [c for c in self.state.creatures.values()
                 if c is not actor and c.alive and (x, y) in c.squares()]
        seen = [c for c in there if can_see(self, actor, c) and "hidden" not in c.conditions]
        if seen:
            raise IllegalCommand(f"{seen[0].id} is in plain view at [{x}, {y}]: attack it as the target")
        distance = space_distance_m(self, actor.space, actor.altitude, (x, y, 1), 0.0)
        reach_ok = attack.is_melee and distance <= attack.reach + 1e-9
        if not reach_ok and (attack.range is None or distance > attack.range[1] + 1e-9):
            raise IllegalCommand(f"[{x}, {y}] is {distance:g} m away, out of reach and range of {attack.name}")
        if "loading" in attack.properties and attack.name in actor.attack_weapons:
            raise IllegalCommand(f"{attack.name} has the loading property: one shot per action")
        self.take_attack(actor)
        self._spend_ammunition(actor, attack)
        actor.attack_weapons += (attack.name,)
        if there:
            target = there[0]
            self.emit("note", f"{actor.name} attacks the square [{x}, {y}] with {attack.name}", creature=actor.id)
            resolve_attack(self, actor, target, attack)
        else:
            face, faces = self.state.dice.d20(-1)  # the roll is made, unseen target or not
            self.emit("attack", f"{actor.name} attacks the square [{x}, {y}] with {attack.name}: d20 {faces[0]}/{faces[1]} "
                      f"(disadvantage) {face}: nobody is there, miss", attacker=actor.id, target=None, hit=False,
                      crit=False)
            hiding.reveal(self, actor, "it attacked")

    def _two_handed(self, actor: Creature, attack, flag):
        """SRD 5.1, Versatile: wielded in two hands, the weapon deals its larger damage."""
        import dataclasses

        if flag is not True:
            raise IllegalCommand("'two_handed' must be true or false")
        if attack.versatile is None:
            raise IllegalCommand(f"{attack.name} is not a versatile weapon")
        if "shield" in str(dict(actor.stats.extra).get("armor", "")):
            raise IllegalCommand(f"{actor.id} carries a shield: no hand is free for {attack.name}")
        return dataclasses.replace(attack, damage=attack.versatile)

    def take_attack(self, actor: Creature) -> None:
        """Use one attack of the Attack action (taking the action for the first one)."""
        if actor.attacks_left > 0:
            actor.attacks_left -= 1
        elif actor.action:
            actor.action = False
            actor.attacks_left = actor.stats.attacks_per_action - 1
        else:
            raise IllegalCommand(f"{actor.id} has no attack left this turn")

    def knock_prone(self, target: Creature, why: str) -> None:
        if target.prone or not target.alive:
            return
        if "mounted_on" in target.effects:
            # 5e, Mounted combat: a rider knocked prone saves Dex DC 10 or falls from the saddle
            mounted.keep_saddle(self, target, f"knocked prone: {why}")
            return
        target.conditions.add("prone")
        self.emit("condition", f"{target.name} is knocked prone ({why})", creature=target.id, condition="prone")
        rider = mounted.rider_of(self, target)
        if rider is not None:
            mounted.keep_saddle(self, rider, f"{target.name} falls prone")

    def push(self, target: Creature, pusher: Creature, why: str) -> None:
        """Move a creature 1.5 m straight away from another; not its own movement (no reactions)."""
        if "mounted_on" in target.effects:
            mounted.keep_saddle(self, target, f"pushed: {why}")
            return
        tx = target.x + target.side_squares / 2 - (pusher.x + pusher.side_squares / 2)
        ty = target.y + target.side_squares / 2 - (pusher.y + pusher.side_squares / 2)
        step = (int((tx > 0) - (tx < 0)), int((ty > 0) - (ty < 0)))
        nx, ny = target.x + step[0], target.y + step[1]
        field = field_for(self, target)
        h, w = field.cost.shape
        if not (0 <= nx < w and 0 <= ny < h) or not field.can_end[ny, nx] or field.multiplier[ny, nx] == 0:
            self.emit("note", f"{target.name} cannot be pushed: [{nx}, {ny}] is blocked", creature=target.id)
            return
        target.x, target.y = nx, ny
        if field.squeezing[ny, nx]:
            target.conditions.add("squeezing")
        else:
            target.conditions.discard("squeezing")
        self.emit("move", f"{target.name} is pushed to [{nx}, {ny}] ({why})", creature=target.id,
                  path=[[nx - step[0], ny - step[1]], [nx, ny]], cost=0.0, forced=True)
        mounted.carry_rider(self, target)
        rider = mounted.rider_of(self, target)
        if rider is not None:  # 5e: a mount moved against its will: the rider saves or falls
            mounted.keep_saddle(self, rider, f"{target.name} is pushed")

    def _do_cast(self, actor: Creature, cmd: Command) -> None:
        self.damage_source = actor.id
        cast(self, actor, cmd)

    def _do_end(self, actor: Creature, cmd: Command) -> None:
        self.emit("note", f"{actor.name} ends its turn", creature=actor.id)
        self._end_turn(actor)
        self._advance()
        self._begin_turn()

    def _do_dash(self, actor: Creature, cmd: Command) -> None:
        spend_action_or_bonus(self, actor, "dash", cmd)
        actor.dashes += 1  # 5e, Dash: extra movement equal to your speed
        actor.conditions.add("dashing")
        self.emit("action", f"{actor.name} dashes ({actor.movement_left():g} m of movement left)", creature=actor.id)

    def _do_disengage(self, actor: Creature, cmd: Command) -> None:
        spend_action_or_bonus(self, actor, "disengage", cmd)
        actor.conditions.add("disengaged")  # 5e: no opportunity attacks for the rest of the turn
        self.emit("action", f"{actor.name} disengages", creature=actor.id)

    def _do_dodge(self, actor: Creature, cmd: Command) -> None:
        self._use_action(actor, "Dodge")
        actor.conditions.add("dodging")  # until the start of its next turn
        self.emit("action", f"{actor.name} dodges", creature=actor.id)

    def _do_stand(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        if not actor.prone:
            raise IllegalCommand(f"{actor.id} is not prone")
        # 5e, Being prone: standing up costs half your speed; not possible at speed 0
        cost = actor.speed("walk") / 2
        if actor.speed("walk") == 0 or actor.movement_left("walk") < cost - 1e-9:
            raise IllegalCommand(f"{actor.id} needs {cost:g} m of movement to stand, has {actor.movement_left():g} m")
        actor.movement_spent += cost
        actor.conditions.discard("prone")
        self.emit("condition", f"{actor.name} stands up ({cost:g} m of movement)", creature=actor.id)

    def _do_drop_prone(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        if actor.prone:
            raise IllegalCommand(f"{actor.id} is already prone")
        actor.conditions.add("prone")  # 5e: dropping prone costs no movement
        self.emit("condition", f"{actor.name} drops prone", creature=actor.id)

    def _do_attack(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        if (cmd.get("target") is None) == (cmd.get("at") is None):
            raise IllegalCommand("'attack' needs either 'target' or 'at' (a square)")
        if cmd.get("at") is not None:
            self._attack_square(actor, cmd)
            return
        target = self.creature(cmd.get("target"))
        if target is actor:
            raise IllegalCommand(f"{actor.id} cannot attack itself")
        if target.state == DEAD:
            raise IllegalCommand(f"{target.id} is dead")
        attack = weapon_of(actor, cmd.get("with"))
        offhand = cmd.get("offhand", False)
        knock_out = cmd.get("knock_out", False)
        if cmd.get("two_handed", False) is not False:
            attack = self._two_handed(actor, attack, cmd.get("two_handed"))
        if not isinstance(offhand, bool) or not isinstance(knock_out, bool):
            raise IllegalCommand("'offhand' and 'knock_out' must be true or false")
        if offhand:
            # 5e, Two-weapon fighting: after attacking with a light melee weapon, a bonus action
            # attack with a different light melee weapon
            if not actor.bonus_action:
                raise IllegalCommand(f"{actor.id} has already used its bonus action")
            first = [weapon_of(actor, name) for name in actor.attack_weapons]
            if not any(a.is_melee and "light" in a.properties for a in first):
                raise IllegalCommand("an off-hand attack needs an Attack action with a light melee weapon first")
            if not (attack.is_melee and "light" in attack.properties):
                raise IllegalCommand(f"{attack.name} is not a light melee weapon")
            if attack.name in actor.attack_weapons and len(
                    [a for a in actor.stats.attacks if a.is_melee and "light" in a.properties]) > 1:
                raise IllegalCommand("the off-hand attack needs a different light weapon")
            actor.bonus_action = False
        else:
            if "loading" in attack.properties and attack.name in actor.attack_weapons:
                # SRD 5.1, Loading: one piece of ammunition per action, bonus action or reaction
                raise IllegalCommand(f"{attack.name} has the loading property: one shot per action")
            self.take_attack(actor)
        self._spend_ammunition(actor, attack)
        actor.attack_weapons += (attack.name,)
        resolve_attack(self, actor, target, attack, offhand=offhand, knock_out=knock_out)
        actions.check_grapples(self)
        if self.state.pending_attack is None:
            self._after_attack(actor.id)

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
                "movement_left": c.movement_left() if cid == current else c.stats.walk,
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

