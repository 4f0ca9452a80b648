"""What can I do now? Every legal command for whoever must act, each with a preview.

This module owns the options query of the 5e battle: `legal_commands(battle)` lists, as
`Option`s, the command tables `Battle.submit` accepts from the creature that must act now,
with what a player (or a computer player) wants to know before choosing:
- a pending reaction offer: only the `react` answers (take, decline; the rider as the target of
  an opportunity attack provoked by its mount) of the first offer's reactor (an opportunity
  attack, shield, a readied action, a rider's leap from its falling mount);
- moves: one per square the creature may end on, per movement mode it has of its own (walk;
  fly, swim, climb), with the path, its cost, and the creatures whose reach the path leaves that
  could make an opportunity attack (the engine's own `_opportunity_offers`, step by step, run on
  stand-ins: no dice, no change), and those whose readied action it would trigger; a flyer's
  changes of altitude, 1.5 m at a time; the orc's Aggressive moves (`aggressive_options`);
- attacks: each attack of the stat block and the unarmed strike against each creature it can
  strike, with the hit chance, advantage and why, cover, the number to beat and the expected
  damage; off-hand attacks when two-weapon fighting is possible (no `knock_out` variants);
- dash, disengage, dodge, hide, search, second_wind and action_surge (the fighter's), help, grapple, shove, escape, use, give, stabilize, stand,
  drop_prone, mount, dismount and end, each listed exactly when the engine would accept it (a
  `bonus = true` form where a trait allows it and it would not be the plain form anyway);
- ready: an attack with each weapon against whoever triggers it, for each trigger event (a
  sample: `then` may be any of many commands);
- spells: casting_options.py's `spell_options(battle, caster)`.

It reads the battle and never changes it. The engine is the one judge: every candidate command
but the moves (priced by the engine's own movement field and opportunity checks) and the casts
(aimed by the cast command's own checks) is kept exactly when `battle.check` accepts it (tried and
undone, dice included); the tests submit options to prove them legal, and submit the acts left
out to prove them refused.
"""

from __future__ import annotations

import copy

import numpy as np

from ...content.creatures import load_item
from ...content.errors import ContentError
from ...core.board import SQUARE_M
from ...core.sizes import SPACE_SQUARES
from ...i18n import N_, _
from ..api import Option
from ..errors import IllegalCommand
from ..state import DEAD, Creature
from . import actions, aggressive, mounted
from .attacks import first_melee, preview_attack, weapon_of
from .geometry import distance_m, field_for, melee_reach, space_after_step, space_distance_m
from .moving import mode_refusal
from .casting_options import spell_options
from .conditions import why_immobile
from .previews import attack_preview, option
from .spending import bonus_allowed
from .shield import AC_BONUS as SHIELD_AC
from .vocab import number

EXTRA_MODES = ("fly", "swim", "climb")  # listed only for a creature with that speed of its own
READY_EVENTS = ("enters_reach", "moves", "attacks")  # engine.READY_EVENTS


def legal_commands(battle) -> list[Option]:
    """Every command the battle accepts now from whoever must act (a pending reaction first)."""
    state = battle.state
    if state.over or not state.started:
        return []
    if state.offers:
        return react_options(battle)
    actor = battle.current
    if actor is None:
        return []
    options: list[Option] = []
    if why_immobile(actor) is None:  # moving takes no action (SRD 5.1, Incapacitated)
        options += move_options(battle, actor)
        if able(battle, actor):
            options += attack_options(battle, actor)
        options += action_options(battle, actor)
    options += spell_options(battle, actor)
    options.append(option({"actor": actor.id, "act": "end"}, _("end the turn"), {}))
    if mounted.controlled(battle, actor):
        # 5e, Controlling a mount: it can only move, Dash, Disengage or Dodge
        options = [o for o in options if o.command["act"] in mounted.CONTROLLED_ACTS]
    return options


def able(battle, actor: Creature) -> bool:
    """The engine's own test (Battle._able): conscious and not incapacitated."""
    try:
        battle._able(actor)
    except IllegalCommand:
        return False
    return True


# ---------------------------------------------------------------- reactions
DECLINE_LABELS = {"opportunity": N_("decline the opportunity reaction"), "shield": N_("decline the shield reaction"),
                  "leap": N_("decline the leap reaction"), "readied": N_("decline the readied reaction")}
MOVE_LABELS = {"walk": N_("move to [{x}, {y}] ({cost} m)"), "fly": N_("fly move to [{x}, {y}] ({cost} m)"),
               "swim": N_("swim move to [{x}, {y}] ({cost} m)"), "climb": N_("climb move to [{x}, {y}] ({cost} m)")}


def provoking(label: str, provokes: list[str]) -> str:
    """An option's label, with who its move would give an opportunity attack."""
    return _("{label}, provokes {ids}").format(label=label, ids=", ".join(provokes)) if provokes else label


def react_options(battle) -> list[Option]:
    """The answers to the first offer: take it (each way it can be taken) or decline it, each kept
    when the engine accepts it (`battle.check`)."""
    offer = battle.state.offers[0]
    reactor = battle.state.creatures[offer.reactor]
    provoker = battle.state.creatures[offer.provoker]
    base = {"actor": reactor.id, "act": "react"}
    about = {"kind": offer.kind, "provoker": provoker.id}
    options = []
    if offer.kind == "opportunity":
        # at the provoker or, when a mount provoked it, at its rider
        rider = mounted.rider_of(battle, provoker)
        for victim in [provoker] + ([rider] if rider is not None else []):
            command = {**base, "take": True} if victim is provoker else {**base, "take": True, "target": victim.id}
            if battle.check(command) is not None:
                continue
            preview = {**about, "target": victim.id}
            if victim.alive and reactor.standing:
                attack = first_melee(reactor)  # Battle._answer_offer: the first melee attack
                p = preview_attack(battle, reactor, victim, attack)
                preview.update(attack_preview(battle, reactor, victim, attack, p), attack=attack.name)
            options.append(option(command, _("opportunity attack on {id}").format(id=victim.id), preview))
    elif offer.kind == "shield":
        if battle.check({**base, "take": True}) is None:
            options.append(option({**base, "take": True}, _("cast shield (+{bonus} AC)").format(bonus=SHIELD_AC), {**about, "ac_bonus": SHIELD_AC}))
    elif offer.kind == "leap":
        if battle.check({**base, "take": True}) is None:
            options.append(option({**base, "take": True}, _("leap off and land on its feet"), about))
    else:
        readied = reactor.effects.get("readied") or {}
        command = {**base, "take": True}
        if battle.check(command) is None:
            then = copy.deepcopy(readied.get("then"))
            options.append(option(command, _("take the readied action"), {**about, "then": then}))
    options.append(option({**base, "take": False}, _(DECLINE_LABELS[offer.kind]), about))
    return options


# ---------------------------------------------------------------- moves
def move_modes(actor: Creature) -> list[str]:
    """Walking, and each other speed the creature has of its own; a flyer aloft only flies."""
    modes = ["walk"] + [m for m in EXTRA_MODES if actor.stats.speed_of(m) > 0]
    if actor.altitude > 0:
        return [m for m in modes if m == "fly"]
    return modes


def move_options(battle, actor: Creature) -> list[Option]:
    """One move per square the creature may end on, per movement mode; a flyer's altitudes."""
    if "mounted_on" in actor.effects:
        return []  # a rider's mount moves, or the rider dismounts
    options = []
    watch = PathWatch(battle, actor)
    for mode in move_modes(actor):
        if mode_refusal(actor, mode):  # Battle._do_move's own
            continue
        left = actions.movement_left(battle, actor, mode)  # Battle._do_move's own (dragging halves speed)
        if left < SQUARE_M - 1e-9:
            continue
        field_ = field_for(battle, actor, mode)  # the very field Battle._do_move uses for `to`
        ys, xs = np.nonzero(field_.reachable(left))
        for x, y in zip(xs.tolist(), ys.tolist()):
            steps = field_.path_to(x, y)
            if not steps:
                continue
            cost = float(field_.cost[y, x])
            command = {"actor": actor.id, "act": "move", "to": [x, y]}
            if mode != "walk":
                command["mode"] = mode
            provokes, readied = watch.along(field_, steps)
            label = provoking(_(MOVE_LABELS[mode]).format(x=x, y=y, cost=number(cost)), provokes)
            options.append(option(command, label, {
                "path": [list(s) for s in steps], "cost_m": cost, "opportunity_attacks": provokes,
                "readied_actions": readied, "mode": mode,
            }))
    options += _altitude_options(battle, actor, watch)
    options += aggressive_options(battle, actor, watch)
    return options


def aggressive_options(battle, actor: Creature, watch: "PathWatch", toward=None, most: int | None = None) -> list[Option]:
    """The orc's Aggressive (SRD 5.1; aggressive.py): per hostile creature it sees, one move per
    square a path ending every step nearer to it reaches within its speed. The one command per
    hostile that ends nearest to it is checked by `battle.check`; when accepted (bonus action,
    trait, sight), every square of that hostile is listed, its path found by the engine's own
    `toward_paths`."""
    if not aggressive.has_aggressive(actor) or not actor.bonus_action:
        return []
    field_ = field_for(battle, actor, "walk")
    options = []
    for foe in battle.state.creatures.values() if toward is None else toward:  # toward: only these
        if foe.side == actor.side or not foe.alive:
            continue
        paths = aggressive.toward_paths(battle, actor, foe, field_)
        if not paths:
            continue

        def closing(square):
            x, y = square
            there = space_after_step(actor, field_, x, y)
            straight = (x - foe.x) ** 2 + (y - foe.y) ** 2  # ties: the square most straight ahead
            return space_distance_m(battle, there, actor.altitude, foe.space, foe.altitude), paths[square][0], straight

        ordered = sorted(paths, key=lambda sq: (closing(sq), sq))
        if battle.check({"actor": actor.id, "act": "aggressive", "toward": foe.id, "to": list(ordered[0])}) is not None:
            continue
        for square in ordered[:most]:  # most: only the squares ending nearest (a planner's bound)
            cost, steps = paths[square]
            provokes, readied = watch.along(field_, steps)
            label = provoking(_("aggressive move toward {id} to [{x}, {y}] ({cost} m, bonus action)").format(
                id=foe.id, x=square[0], y=square[1], cost=number(cost)), provokes)
            options.append(option(
                {"actor": actor.id, "act": "aggressive", "toward": foe.id, "to": list(square)}, label, {
                    "path": [list(st) for st in steps], "cost_m": cost, "opportunity_attacks": provokes,
                    "readied_actions": readied, "mode": "walk", "target": foe.id, "hostile": True,
                    "distance_m": closing(square)[0], "uses": "bonus action"}))
    return options


def _altitude_options(battle, actor: Creature, watch: "PathWatch") -> list[Option]:
    """A flyer flies up or down on the spot, 1.5 m at a time; the height costs movement, and
    leaving a reach so provokes."""
    if mode_refusal(actor, "fly"):
        return []
    left = actions.movement_left(battle, actor, "fly")
    options = []
    steps = int((actor.altitude + left) // SQUARE_M + 1e-9)
    for k in range(steps + 1):
        height = k * SQUARE_M
        climb = abs(height - actor.altitude)
        if climb < 1e-9 or climb > left + 1e-9:
            continue
        command = {"actor": actor.id, "act": "move", "mode": "fly", "altitude": height}
        provokes = watch.rising(height)
        label = provoking(_("fly to an altitude of {height} m ({climb} m)").format(
            height=number(height), climb=number(climb)), provokes)
        options.append(option(command, label, {
            "path": [], "cost_m": climb, "opportunity_attacks": provokes, "readied_actions": [], "mode": "fly",
            "altitude": height,
        }))
    return options


class PathWatch:
    """The reactions a path would offer, by the engine's own `_opportunity_offers` and
    `_readied_offers`.

    Each step is checked as Battle._walk checks it: opportunity attacks from the mover's space
    before the step to its space after (squeezing where the field says so), readied actions
    once the step is made. The engine runs on stand-ins: a shallow copy of the mover where the
    step puts it, and a shallow view of the battle whose turn order lists only the creatures
    that matter (a step can offer an opportunity attack only to a hostile creature whose reach
    it leaves; a readied action only to a creature that has one), so nothing of the battle
    changes and sight is asked only where it counts. Paths from one start share their
    beginnings, so each step is asked once.
    """

    def __init__(self, battle, mover: Creature) -> None:
        self.battle = battle
        self.mover = mover
        creatures = battle.state.creatures
        order = [creatures[rid] for rid in battle.state.order]
        self.hostiles = [(r, melee_reach(r)) for r in order if r.side != mover.side]
        self.readiers = [r.id for r in order if r is not mover and r.effects.get("readied")]
        self.steps_seen: dict[tuple, tuple[tuple[str, ...], ...]] = {}
        self.firsts_seen: dict[tuple, tuple[str, ...]] = {}
        self.paths: dict[tuple, tuple[tuple[str, ...], tuple[str, ...], tuple[int, int, int]]] = {}
        self.view = copy.copy(battle)
        self.view.state = copy.copy(battle.state)

    def _stand_in(self, x: int, y: int, side: int) -> Creature:
        """The mover at (x, y) with a space of this side (smaller: squeezing, as _walk marks it)."""
        stand_in = copy.copy(self.mover)
        stand_in.x, stand_in.y = x, y
        stand_in.conditions = set(self.mover.conditions) - {"squeezing"}
        if "mount_side" not in self.mover.effects and side != SPACE_SQUARES[self.mover.size]:
            stand_in.conditions.add("squeezing")
        return stand_in

    def _ask(self, method: str, order: list[str], *args) -> tuple[str, ...]:
        self.view.state.order = order
        return tuple(o.reactor for o in getattr(type(self.battle), method)(self.view, *args))

    def _step(self, before: tuple[int, int, int], after: tuple[int, int, int]) -> tuple[tuple[str, ...], ...]:
        """Opportunity attacks, and readied actions ("enters_reach"), offered by one step."""
        key = (before, after)
        if key in self.steps_seen:
            return self.steps_seen[key]
        battle, altitude = self.battle, self.mover.altitude
        leaving = [r.id for r, reach in self.hostiles
                   if space_distance_m(battle, r.space, r.altitude, before, altitude) <= reach + 1e-9
                   < space_distance_m(battle, r.space, r.altitude, after, altitude)]
        found: tuple[str, ...] = ()
        if leaving:
            found = self._ask("_opportunity_offers", leaving, self._stand_in(*before), before, after)
        readied: tuple[str, ...] = ()
        if self.readiers:
            moved = self._stand_in(*after)
            # Battle._walk: from the square left, with the space the step gives, to the space after
            readied = self._ask("_readied_offers", self.readiers, moved, "enters_reach",
                                before[:2] + (after[2],), after)
        self.steps_seen[key] = (found, readied)
        return self.steps_seen[key]

    def _first(self, after: tuple[int, int, int]) -> tuple[str, ...]:
        """Readied actions triggered by the move's first step ("moves")."""
        if not self.readiers:
            return ()
        if after not in self.firsts_seen:
            self.firsts_seen[after] = self._ask("_readied_offers", self.readiers, self._stand_in(*after), "moves")
        return self.firsts_seen[after]

    def rising(self, height: float) -> list[str]:
        """The creatures offered an opportunity attack as the mover flies up or down on the spot."""
        battle, space, altitude = self.battle, self.mover.space, self.mover.altitude
        leaving = [r.id for r, reach in self.hostiles
                   if space_distance_m(battle, r.space, r.altitude, space, altitude) <= reach + 1e-9
                   < space_distance_m(battle, r.space, r.altitude, space, height)]
        if not leaving:
            return []
        return list(self._ask("_opportunity_offers", leaving, self.mover, space, space, height))

    def along(self, field_, steps: list[tuple[int, int]]) -> tuple[list[str], list[str]]:
        """The creatures offered an opportunity attack along these steps, and those whose readied
        action they trigger, each in the order they would be offered."""
        key = (id(field_), tuple(steps))
        known = self.paths.get(key)
        if known is None:
            if len(steps) > 1:
                self.along(field_, steps[:-1])
                provokes, readied, space = self.paths[(id(field_), tuple(steps[:-1]))]
            else:
                provokes, readied, space = (), (), self.mover.space
            after = space_after_step(self.mover, field_, *steps[-1])
            found, triggered = self._step(space, after)
            if len(steps) == 1:
                triggered = triggered + self._first(after)
            provokes = provokes + tuple(r for r in dict.fromkeys(found) if r not in provokes)
            readied = readied + tuple(r for r in dict.fromkeys(triggered) if r not in readied)
            known = self.paths[key] = (provokes, readied, after)
        return list(known[0]), list(known[1])


# ---------------------------------------------------------------- attacks
def attack_options(battle, actor: Creature) -> list[Option]:
    """Attacks of the Attack action, and the off-hand attack of two-weapon fighting: each weapon
    (and the unarmed strike) at each creature, kept when the engine accepts it (`battle.check`)."""
    options = []
    names = [a.name for a in actor.stats.attacks if a.name != "unarmed"] + ["unarmed"]
    lights = [a.name for a in actor.stats.attacks if a.is_melee and "light" in a.properties and a.name != "unarmed"]
    targets = [c for c in battle.state.creatures.values() if c is not actor and c.state != DEAD]
    for name in names:
        options += _attacks_with(battle, actor, name, targets, offhand=False)
    if actor.bonus_action and actor.attack_weapons:  # nothing to try before the Attack action
        for name in lights:
            options += _attacks_with(battle, actor, name, targets, offhand=True)
    return options


def _attacks_with(battle, actor, name, targets, offhand: bool) -> list[Option]:
    options = []
    attack = weapon_of(actor, name)
    # a bound on the search, not a rule: beyond its reach and its long range nothing is accepted
    limit = max(attack.reach if attack.is_melee else 0.0, attack.range[1] if attack.range else 0.0)
    for target in targets:
        if distance_m(battle, actor, target) > limit + 1e-9:
            continue
        command = {"actor": actor.id, "act": "attack", "target": target.id, "with": name}
        if offhand:
            command["offhand"] = True
        if battle.check(command) is not None:
            continue
        p = preview_attack(battle, actor, target, attack, offhand)
        preview = attack_preview(battle, actor, target, attack, p, offhand)
        line = N_("off-hand attack {id} with {weapon}: {chance:.0%} to hit, {damage:.1f} expected damage") if offhand \
            else N_("attack {id} with {weapon}: {chance:.0%} to hit, {damage:.1f} expected damage")
        label = _(line).format(id=target.id, weapon=name, chance=preview["hit_chance"],
                               damage=preview["expected_damage"])
        options.append(option(command, label, preview))
    return options


# ---------------------------------------------------------------- the other acts
def action_options(battle, actor: Creature) -> list[Option]:
    """Everything but moving and attacking: every candidate command of each act, kept exactly when
    the engine accepts it (`battle.check`: the engine's own rules are the one definition).

    The actor can move (an incapacitated one keeps only standing up, dropping prone, mounting and
    dismounting); a controlled mount's acts are filtered by legal_commands.
    """
    me = actor.id
    others = [c for c in battle.state.creatures.values() if c is not actor]
    candidates: list[tuple[dict, str, str]] = []

    def add(act: str, label: str, uses: str, **args) -> None:
        candidates.append(({"actor": me, "act": act, **args}, label, uses))

    for act in ("dash", "disengage", "hide"):
        for extra, uses in _spend_forms(actor, act):
            add(act, _(SPEND_LABELS[act, uses]), uses, **extra)
        if act == "disengage":
            add("dodge", _("dodge"), "action")
    add("search", _("search"), "action")
    if "second-wind" in actor.stats.traits:  # SRD 5.1, Fighter (features.py)
        add("second_wind", _("second wind (bonus action)"), "bonus action")
    if "action-surge" in actor.stats.traits:  # SRD 5.1, Fighter (features.py)
        add("action_surge", _("action surge (one more action)"), "free")
    allies = [c for c in others if c.side == actor.side]
    foes = [c for c in others if c.side != actor.side]
    for ally in allies:
        for foe in foes:
            add("help", _("help {ally} against {foe}").format(ally=ally.id, foe=foe.id), "action", target=ally.id,
                against=foe.id)
    for target in others:
        add("grapple", _("grapple {id}").format(id=target.id), "attack", target=target.id)
        add("shove", _("shove {id} (prone)").format(id=target.id), "attack", target=target.id, effect="prone")
        add("shove", _("shove {id} (push)").format(id=target.id), "attack", target=target.id, effect="push")
    if "grappled_by" in actor.effects:
        add("escape", _("escape {id}'s grapple").format(id=actor.effects["grappled_by"]), "action")
    candidates += _use_candidates(actor, others)
    for target in others:
        add("stabilize", _("stabilize {id}").format(id=target.id), "action", target=target.id)
    cost = actor.speed("walk") / 2  # 5e, Being prone: standing up (and mounting) costs half your speed
    add("stand", _("stand up ({cost} m)").format(cost=number(cost)), "movement")
    add("drop_prone", _("drop prone"), "nothing")
    add("dismount", _("dismount ({cost} m)").format(cost=number(cost)), "movement")
    for mount in allies:
        add("mount", _("mount {id} ({cost} m)").format(id=mount.id, cost=number(cost)), "movement", target=mount.id)
    names = [a.name for a in actor.stats.attacks if a.name != "unarmed"] + ["unarmed"]
    for event in READY_EVENTS:
        for name in names:
            add("ready", _(READY_LABELS[event]).format(weapon=name), "action",
                trigger={"event": event, "by": "enemy"}, then={"act": "attack", "with": name})
    found = []
    for command, label, uses in candidates:
        if battle.check(command) is not None:
            continue
        preview = {"uses": uses}
        if command["act"] in ("use", "give"):
            preview["target"] = command.get("target", me)
        if command["act"] == "action_surge":  # once a battle: this use is the last one
            preview.update(uses_left=1, extra_action="action")
        chance = actions.success_chance(battle, actor, command)
        if chance is not None:
            preview["success_chance"] = chance
        found.append(option(command, label, preview))
    return found


SPEND_LABELS = {("dash", "action"): N_("dash (action)"), ("dash", "bonus action"): N_("dash (bonus action)"),
                ("disengage", "action"): N_("disengage (action)"),
                ("disengage", "bonus action"): N_("disengage (bonus action)"),
                ("hide", "action"): N_("hide (action)"), ("hide", "bonus action"): N_("hide (bonus action)")}
READY_LABELS = {"enters_reach": N_("ready an attack with {weapon} (when an enemy enters reach)"),
                "moves": N_("ready an attack with {weapon} (when an enemy moves)"),
                "attacks": N_("ready an attack with {weapon} (when an enemy attacks)")}


def _spend_forms(actor: Creature, act: str) -> list[tuple[dict, str]]:
    """The ways actions.spend_action_or_bonus would take this act, and what each spends.

    The plain form spends the action, else the bonus action where a trait allows it; the
    `bonus = true` form is listed only while the plain form would still spend the action.
    """
    allowed = bonus_allowed(actor, act)
    forms = []
    if actor.action:
        forms.append(({}, "action"))
        if allowed and actor.bonus_action:
            forms.append(({"bonus": True}, "bonus action"))
    elif allowed and actor.bonus_action:
        forms.append(({}, "bonus action"))
    return forms


def _use_candidates(actor: Creature, others: list[Creature]) -> list[tuple[dict, str, str]]:
    """Use an Object: each item carried, on itself or on another creature."""
    found = []
    for item_id in dict.fromkeys(actor.items):
        try:
            item = load_item("5e", item_id)
        except ContentError:
            continue  # the engine cannot use it either
        uses = "bonus action" if item.action == "bonus_action" else "action"
        base = {"actor": actor.id, "act": "use", "item": item_id}
        found.append((dict(base), _("use {item}").format(item=item.name), uses))
        found += [({**base, "target": t.id}, _("use {item} on {id}").format(item=item.name, id=t.id), uses)
                  for t in others]
        given = "free" if actions.OBJECT_USED not in actor.effects else "action"  # actions.interact
        found += [({"actor": actor.id, "act": "give", "item": item_id, "target": t.id},
                   _("hand {item} to {id}").format(item=item.name, id=t.id), given) for t in others]
    return found


__all__ = ["legal_commands", "move_modes"]
