"""The handlers of the acts (5e, "Les actions en combat"): one `_do_<act>` per command, and what
they share (spending attacks, knocking prone, pushing) (a mixin of the engine)."""

from __future__ import annotations

from ...i18n import translator
from ..commands import Command, position_arg
from ..errors import IllegalCommand
from ..state import DEAD, Creature
from ..words import spoken
from . import actions, aggressive, features, helping, hiding, mounted
from .attacks import resolve_attack, weapon_of
from .conditions import give, immune, refuse_if_immune, say_immune
from .geometry import field_for, space_distance_m
from .spending import BONUS_ACTION, spend_action_or_bonus
from .spells import cast
from .vocab import number

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


class Handlers:
    """The engine's `_do_<act>` methods, called by Engine._run once the command is the actor's to give."""

    def _do_help(self, actor: Creature, cmd: Command) -> None:
        helping.do_help(self, actor, cmd)

    def _do_hide(self, actor: Creature, cmd: Command) -> None:
        hiding.do_hide(self, actor, cmd)

    def _do_search(self, actor: Creature, cmd: Command) -> None:
        hiding.do_search(self, actor, cmd)

    def _do_second_wind(self, actor: Creature, cmd: Command) -> None:
        features.do_second_wind(self, actor, cmd)

    def _do_action_surge(self, actor: Creature, cmd: Command) -> None:
        features.do_action_surge(self, actor, cmd)

    def _do_use(self, actor: Creature, cmd: Command) -> None:
        actions.do_use(self, actor, cmd)

    def _do_give(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_give(self, actor, cmd)

    def _do_stabilize(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_stabilize(self, actor, cmd)

    def _do_grapple(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_grapple(self, actor, cmd)

    def _do_shove(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        actions.do_shove(self, actor, cmd)

    def _do_escape(self, actor: Creature, cmd: Command) -> None:
        actions.do_escape(self, actor, cmd)

    def _do_mount(self, actor: Creature, cmd: Command) -> None:
        self._mobile(actor)
        mounted.do_mount(self, actor, cmd.get("target"))

    def _do_dismount(self, actor: Creature, cmd: Command) -> None:
        self._mobile(actor)
        mounted.do_dismount(self, actor)

    def _spend_ammunition(self, actor: Creature, attack) -> None:
        """SRD 5.1, Ammunition: a shot a ranged attack; none left, no attack (when counted)."""
        if attack.ammunition is None or "ammunition" not in attack.properties:
            return
        key = f"ammo:{attack.name}"
        left = actor.effects.get(key, attack.ammunition)
        if left <= 0:
            raise IllegalCommand(_("{id} has no ammunition left for {attack}").format(id=actor.id, attack=attack.name))
        actor.effects[key] = left - 1

    def _attack_square(self, actor: Creature, cmd: Command) -> None:
        """5e, Unseen attackers and targets: attack a square you guess an unseen foe is in.

        The attack has disadvantage (the target is unseen); if nobody unseen is there, it misses.
        """
        x, y = position_arg(cmd.get("at"), "'at'")
        if not self.board.inside(x, y):
            raise IllegalCommand(_("[{x}, {y}] is outside the {width}x{height} map").format(
                x=x, y=y, width=self.board.width, height=self.board.height))
        attack = weapon_of(actor, cmd.get("with"))
        there = [c for c in self.state.creatures.values()
                 if c is not actor and c.alive and (x, y) in c.squares()]
        seen = [c for c in there if hiding.sees(self, actor, c)]
        if seen:
            raise IllegalCommand(_("{id} is in plain view at [{x}, {y}]: attack it as the target").format(
                id=seen[0].id, x=x, y=y))
        distance = space_distance_m(self, actor.space, actor.altitude, (x, y, 1), 0.0)
        reach_ok = attack.is_melee and distance <= attack.reach + 1e-9
        if not reach_ok and (attack.range is None or distance > attack.range[1] + 1e-9):
            raise IllegalCommand(_("[{x}, {y}] is {distance} m away, out of reach and range of {attack}").format(
                x=x, y=y, distance=number(distance), attack=attack.name))
        if "loading" in attack.properties and attack.name in actor.attack_weapons:
            raise IllegalCommand(_("{attack} has the loading property: one shot per action").format(attack=attack.name))
        self.take_attack(actor)
        self._spend_ammunition(actor, attack)
        actor.attack_weapons += (attack.name,)
        if there:
            target = there[0]
            self.emit("note", _("{name} attacks the square [{x}, {y}] with {weapon}").format(
                name=actor.name, x=x, y=y, weapon=spoken(attack.name)), rules=("unseen-attackers", "attack-action"),
                creature=actor.id)
            resolve_attack(self, actor, target, attack, guessed=True)
        else:
            face, faces = self.state.dice.d20(-1)  # the roll is made, unseen target or not
            self.emit("attack", _("{name} attacks the square [{x}, {y}] with {weapon}: d20 {first}/{second} "
                                  "(disadvantage) {face}: nobody is there, miss").format(
                name=actor.name, x=x, y=y, weapon=spoken(attack.name), first=faces[0], second=faces[1], face=face),
                rules=("attack-roll", "unseen-attackers", "advantage"), attacker=actor.id, target=None, hit=False,
                crit=False)
            hiding.reveal(self, actor, _("it attacked"))

    def _two_handed(self, actor: Creature, attack, flag):
        """SRD 5.1, Versatile: wielded in two hands, the weapon deals its larger damage."""
        import dataclasses

        if flag is not True:
            raise IllegalCommand(_("'two_handed' must be true or false"))
        if attack.versatile is None:
            raise IllegalCommand(_("{attack} is not a versatile weapon").format(attack=attack.name))
        if "shield" in str(dict(actor.stats.extra).get("armor", "")):
            raise IllegalCommand(_("{id} carries a shield: no hand is free for {attack}").format(
                id=actor.id, attack=attack.name))
        return dataclasses.replace(attack, damage=attack.versatile)

    def take_attack(self, actor: Creature) -> None:
        """Use one attack of the Attack action (taking the action for the first one)."""
        if actor.attacks_left > 0:
            actor.attacks_left -= 1
        elif actor.action:
            actor.action = False
            actor.attacks_left = actor.stats.attacks_per_action - 1
        else:
            raise IllegalCommand(_("{id} has no attack left this turn").format(id=actor.id))

    def knock_prone(self, target: Creature, why: str) -> None:
        if target.prone or not target.alive:
            return
        if immune(target, "prone"):  # SRD 5.1, condition immunities (nor does a rider fall)
            say_immune(self, target, "prone")
            return
        if "mounted_on" in target.effects:
            # 5e, Mounted combat: a rider knocked prone saves Dex DC 10 or falls from the saddle
            mounted.keep_saddle(self, target, _("knocked prone: {why}").format(why=why))
            return
        give(self, target, "prone", _("{name} is knocked prone ({why})").format(name=target.name, why=why))
        mounted.mount_falls(self, target)  # its rider, if any, may leap off

    def push(self, target: Creature, pusher: Creature, why: str) -> None:
        """Move a creature 1.5 m straight away from another; not its own movement (no reactions)."""
        if "mounted_on" in target.effects:
            mounted.keep_saddle(self, target, _("pushed: {why}").format(why=why))
            return
        tx = target.x + target.side_squares / 2 - (pusher.x + pusher.side_squares / 2)
        ty = target.y + target.side_squares / 2 - (pusher.y + pusher.side_squares / 2)
        step = (int((tx > 0) - (tx < 0)), int((ty > 0) - (ty < 0)))
        nx, ny = target.x + step[0], target.y + step[1]
        field = field_for(self, target)
        h, w = field.cost.shape
        if not (0 <= nx < w and 0 <= ny < h) or not field.can_end[ny, nx] or field.multiplier[ny, nx] == 0:
            self.emit("note", _("{name} cannot be pushed: [{x}, {y}] is blocked").format(name=target.name, x=nx, y=ny),
                      rules=("shove",), creature=target.id)
            return
        target.x, target.y = nx, ny
        if field.squeezing[ny, nx]:
            target.conditions.add("squeezing")
        else:
            target.conditions.discard("squeezing")
        self.emit("move", _("{name} is pushed to [{x}, {y}] ({why})").format(name=target.name, x=nx, y=ny, why=why),
                  rules=("shove",), creature=target.id,
                  path=[[nx - step[0], ny - step[1]], [nx, ny]], cost=0.0, forced=True)
        mounted.carry_rider(self, target)
        rider = mounted.rider_of(self, target)
        if rider is not None:  # 5e: a mount moved against its will: the rider saves or falls
            mounted.keep_saddle(self, rider, _("{name} is pushed").format(name=target.name))

    def _do_cast(self, actor: Creature, cmd: Command) -> None:
        self.damage_source = actor.id
        cast(self, actor, cmd)

    def _do_end(self, actor: Creature, cmd: Command) -> None:
        self.emit("note", _("{name} ends its turn").format(name=actor.name), rules=("your-turn",), creature=actor.id)
        self._end_turn(actor)
        self._advance()
        self._begin_turn()

    def _do_dash(self, actor: Creature, cmd: Command) -> None:
        spent = spend_action_or_bonus(self, actor, "dash", cmd)
        actor.dashes += 1  # 5e, Dash: extra movement equal to your speed
        actor.conditions.add("dashing")
        self.emit("action", _("{name} dashes ({left} m of movement left)").format(
            name=actor.name, left=number(actor.movement_left())), rules=self._spent_rules("dash", spent),
            creature=actor.id)

    def _do_disengage(self, actor: Creature, cmd: Command) -> None:
        spent = spend_action_or_bonus(self, actor, "disengage", cmd)
        actor.conditions.add("disengaged")  # 5e: no opportunity attacks for the rest of the turn
        self.emit("action", _("{name} disengages").format(name=actor.name), rules=self._spent_rules("disengage", spent),
                  creature=actor.id)

    @staticmethod
    def _spent_rules(act: str, spent: str) -> tuple[str, ...]:
        """The rule cards of an act taken with the action or, by a trait, the bonus action."""
        return (act, "bonus-action") if spent == BONUS_ACTION else (act,)

    def _do_aggressive(self, actor: Creature, cmd: Command) -> None:
        aggressive.do_aggressive(self, actor, cmd)

    def _do_dodge(self, actor: Creature, cmd: Command) -> None:
        self._use_action(actor, "Dodge")
        actor.conditions.add("dodging")  # until the start of its next turn
        self.emit("action", _("{name} dodges").format(name=actor.name), rules=("dodge",), creature=actor.id)

    def _do_stand(self, actor: Creature, cmd: Command) -> None:
        self._mobile(actor)
        if not actor.prone:
            raise IllegalCommand(_("{id} is not prone").format(id=actor.id))
        # 5e, Being prone: standing up costs half your speed; not possible at speed 0
        cost = actor.speed("walk") / 2
        if actor.speed("walk") == 0 or actor.movement_left("walk") < cost - 1e-9:
            raise IllegalCommand(_("{id} needs {cost} m of movement to stand, has {left} m").format(
                id=actor.id, cost=number(cost), left=number(actor.movement_left())))
        actor.movement_spent += cost
        actor.conditions.discard("prone")
        self.emit("condition", _("{name} stands up ({cost} m of movement)").format(name=actor.name, cost=number(cost)),
                  rules=("prone",), creature=actor.id)

    def _do_drop_prone(self, actor: Creature, cmd: Command) -> None:
        self._mobile(actor)
        if actor.prone:
            raise IllegalCommand(_("{id} is already prone").format(id=actor.id))
        refuse_if_immune(actor, "prone")  # SRD 5.1, condition immunities: not even of its own accord
        actor.conditions.add("prone")  # 5e: dropping prone costs no movement
        self.emit("condition", _("{name} drops prone").format(name=actor.name), rules=("prone",), creature=actor.id)

    def _do_attack(self, actor: Creature, cmd: Command) -> None:
        self._able(actor)
        if (cmd.get("target") is None) == (cmd.get("at") is None):
            raise IllegalCommand(_("'attack' needs either 'target' or 'at' (a square)"))
        if cmd.get("at") is not None:
            self._attack_square(actor, cmd)
            return
        target = self.creature(cmd.get("target"))
        if target is actor:
            raise IllegalCommand(_("{id} cannot attack itself").format(id=actor.id))
        if target.state == DEAD:
            raise IllegalCommand(_("{id} is dead").format(id=target.id))
        attack = weapon_of(actor, cmd.get("with"))
        offhand = cmd.get("offhand", False)
        knock_out = cmd.get("knock_out", False)
        if cmd.get("two_handed", False) is not False:
            attack = self._two_handed(actor, attack, cmd.get("two_handed"))
        if not isinstance(offhand, bool) or not isinstance(knock_out, bool):
            raise IllegalCommand(_("'offhand' and 'knock_out' must be true or false"))
        if offhand:
            # 5e, Two-weapon fighting: after attacking with a light melee weapon, a bonus action
            # attack with a different light melee weapon
            if not actor.bonus_action:
                raise IllegalCommand(_("{id} has already used its bonus action").format(id=actor.id))
            first = [weapon_of(actor, name) for name in actor.attack_weapons]
            if not any(a.is_melee and "light" in a.properties for a in first):
                raise IllegalCommand(_("an off-hand attack needs an Attack action with a light melee weapon first"))
            if not (attack.is_melee and "light" in attack.properties):
                raise IllegalCommand(_("{attack} is not a light melee weapon").format(attack=attack.name))
            if attack.name in actor.attack_weapons and len(
                    [a for a in actor.stats.attacks if a.is_melee and "light" in a.properties]) > 1:
                raise IllegalCommand(_("the off-hand attack needs a different light weapon"))
            actor.bonus_action = False
        else:
            if "loading" in attack.properties and attack.name in actor.attack_weapons:
                # SRD 5.1, Loading: one piece of ammunition per action, bonus action or reaction
                raise IllegalCommand(_("{attack} has the loading property: one shot per action").format(
                    attack=attack.name))
            self.take_attack(actor)
        self._spend_ammunition(actor, attack)
        actor.attack_weapons += (attack.name,)
        resolve_attack(self, actor, target, attack, offhand=offhand, knock_out=knock_out)
        if self.state.pending_attack is None:
            self._after_attack(actor.id)
