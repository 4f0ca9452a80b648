"""What can I do now? Every legal command for whoever must act, each with a preview.

This module owns the options query of the 5e battle: `legal_commands(battle)` lists, as
`Option`s, the exact command tables `Battle.submit` accepts from the creature that must act
now, with what a player (or a computer player) wants to know before choosing:
- a pending reaction offer: only the `react` answers (take, decline) of the first offer's reactor;
- moves: one per square the creature may end on, per movement mode it has, with the path, its
  cost and the creatures whose reach the path leaves that could make an opportunity attack
  (found by the engine's own `_opportunity_offers`, step by step, on stand-ins: no dice, no change);
- attacks: each attack of the stat block and the unarmed strike against each creature it can
  reach, with the hit chance, advantage and why, cover, the number to beat and expected damage;
  off-hand attacks when two-weapon fighting is possible (`knock_out` variants are not listed);
- the other acts (dash, disengage, dodge, hide, search, help, grapple, shove, escape, use,
  stabilize, stand, drop_prone, end), each listed exactly when the engine would accept it;
- spells, when spells.py offers `spell_options(battle, caster)` (Options or command tables).

It reads the battle and never changes it; nothing here rolls a die. The checks mirror the
engine's (engine.py, actions.py, attacks.py): the tests submit every option to prove it legal,
and every act left out to prove it refused.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ...content.creatures import load_item
from ...content.errors import ContentError
from ...core.board import SQUARE_M, gap_squares
from ...core.cover import cover_many
from ...core.dice import DiceExpr
from ...core.sizes import SPACE_SQUARES, size_index
from ...core.terrain import COVER_NAMES
from ..state import CONSCIOUS, DEAD, UNCONSCIOUS, Creature
from . import actions
from .attacks import damage_dice, first_melee, preview_attack, weapon_of
from .geometry import blockers_of, can_see, distance_m, field_for, melee_reach, space_after_step, within

EXTRA_MODES = ("fly", "swim", "climb")  # listed only for a creature with that speed of its own


@dataclass(frozen=True)
class Option:
    """One legal command: the table to submit, a short text, and what it would bring."""

    command: dict
    label: str
    preview: dict = field(default_factory=dict)


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
    if able(actor):
        options += move_options(battle, actor)
        options += attack_options(battle, actor)
        options += action_options(battle, actor)
    options += spell_options(battle, actor)
    options.append(Option({"actor": actor.id, "act": "end"}, "end the turn", {}))
    return options


def able(actor: Creature) -> bool:
    """Engine._able: conscious and not incapacitated."""
    return actor.state == CONSCIOUS and not actor.incapacitated


def has_attack(actor: Creature) -> bool:
    """Battle.take_attack would succeed: an attack of the Attack action is left, or the action."""
    return actor.attacks_left > 0 or actor.action


# ---------------------------------------------------------------- reactions
def react_options(battle) -> list[Option]:
    """The first offer's answers: take it (when the attack can be made) or decline it."""
    offer = battle.state.offers[0]
    reactor = battle.state.creatures[offer.reactor]
    provoker = battle.state.creatures[offer.provoker]
    base = {"actor": reactor.id, "act": "react"}
    options = []
    preview: dict = {"kind": offer.kind, "provoker": provoker.id}
    take_ok = True
    if provoker.alive and reactor.standing:
        # Battle._answer_offer attacks with the reactor's first melee attack
        attack = first_melee(reactor)
        p = preview_attack(battle, reactor, provoker, attack)
        if p.problem:
            take_ok = False
        else:
            preview.update(attack_preview(battle, reactor, provoker, attack, p), attack=attack.name)
    if take_ok:
        options.append(Option({**base, "take": True}, f"take the {offer.kind} attack on {provoker.id}", preview))
    options.append(Option({**base, "take": False}, f"let {provoker.id} go", {"kind": offer.kind,
                                                                          "provoker": provoker.id}))
    return options


# ---------------------------------------------------------------- moves
def move_modes(actor: Creature) -> list[str]:
    return ["walk"] + [m for m in EXTRA_MODES if actor.stats.speed_of(m) > 0]


def move_options(battle, actor: Creature) -> list[Option]:
    """One move per square the creature may end on, per movement mode it has."""
    options = []
    dragged = actions.drags(battle, actor)
    factor = 2 if dragged and actions.drag_slows(actor, dragged) else 1  # 5e: dragging halves speed
    watch = _ReachWatch(battle, actor)
    for mode in move_modes(actor):
        if actor.speed(mode) == 0:
            continue
        left = actor.movement_left(mode)
        budget = left / factor
        if budget < SQUARE_M - 1e-9:
            continue
        field_ = field_for(battle, actor, mode)  # the very field Battle._do_move uses for `to`
        mask = field_.reachable(budget)
        ys, xs = np.nonzero(mask)
        for x, y in zip(xs.tolist(), ys.tolist()):
            steps = field_.path_to(x, y)
            if not steps:
                continue
            cost = float(field_.cost[y, x]) * factor
            if cost > left + 1e-9:
                continue
            command = {"actor": actor.id, "act": "move", "to": [x, y]}
            if mode != "walk":
                command["mode"] = mode
            provokes = watch.along(field_, steps)
            how = "" if mode == "walk" else f"{mode} "
            label = f"{how}move to [{x}, {y}] ({cost:g} m)"
            if provokes:
                label += f", provokes {', '.join(provokes)}"
            options.append(Option(command, label, {
                "path": [list(s) for s in steps], "cost_m": cost, "opportunity_attacks": provokes, "mode": mode,
            }))
    return options


class _ReachWatch:
    """The opportunity attacks a path would offer, by the engine's own `_opportunity_offers`.

    Each step is checked as Battle._walk checks it: from the mover's space before the step to
    its space after (squeezing where the field says so). The engine runs on stand-ins (a
    shallow copy of the mover at the step's start, and a shallow view of the battle) so that
    nothing of the real battle changes. A step can only offer an opportunity attack when it
    leaves a hostile creature's reach, so the engine is asked only about those creatures, and
    only once per distinct step.
    """

    def __init__(self, battle, mover: Creature) -> None:
        self.battle = battle
        self.mover = mover
        creatures = battle.state.creatures
        # every creature whose reach could matter; the engine decides the rest (sight, reaction...)
        self.hostiles = [(creatures[rid], melee_reach(creatures[rid])) for rid in battle.state.order
                         if creatures[rid].side != mover.side]
        self.memo: dict[tuple, tuple[str, ...]] = {}
        self.paths: dict[tuple, tuple[str, ...]] = {}  # by (field, steps): what those steps offer
        self.spaces: dict[tuple, tuple[int, int, int]] = {}  # by (field, steps): the space after them
        self.view = None

    def _offers(self, before: tuple[int, int, int], after: tuple[int, int, int]) -> tuple[str, ...]:
        key = (before, after)
        if key in self.memo:
            return self.memo[key]
        diagonals = self.battle.diagonals
        leaving = [r.id for r, reach in self.hostiles
                   if gap_squares(r.space, before, diagonals) * SQUARE_M <= reach + 1e-9
                   and gap_squares(r.space, after, diagonals) * SQUARE_M > reach + 1e-9]
        found: tuple[str, ...] = ()
        if leaving:
            if self.view is None:
                self.view = copy.copy(self.battle)
                self.view.state = copy.copy(self.battle.state)
            self.view.state.order = leaving
            stand_in = copy.copy(self.mover)
            stand_in.x, stand_in.y = before[0], before[1]
            stand_in.conditions = set(self.mover.conditions) - {"squeezing"}
            if before[2] != SPACE_SQUARES[self.mover.size]:
                stand_in.conditions.add("squeezing")  # as Battle._walk marks it, by the field
            offers = type(self.battle)._opportunity_offers(self.view, stand_in, stand_in.space, after)
            found = tuple(o.reactor for o in offers)
        self.memo[key] = found
        return found

    def along(self, field_, steps: list[tuple[int, int]]) -> list[str]:
        """The ids of the creatures offered an opportunity attack along these steps, in order.

        Cheapest paths share their beginnings, so what a path's beginning offers is kept.
        """
        key = (id(field_), tuple(steps))
        known = self.paths.get(key)
        if known is not None:
            return list(known)
        if len(steps) > 1:
            seen = self.along(field_, steps[:-1])
            space = self.spaces[(id(field_), tuple(steps[:-1]))]
        else:
            seen, space = [], self.mover.space
        after = space_after_step(self.mover, field_, *steps[-1])
        for rid in self._offers(space, after):
            if rid not in seen:
                seen.append(rid)
        self.paths[key] = tuple(seen)
        self.spaces[key] = after
        return seen


# ---------------------------------------------------------------- attacks
def attack_options(battle, actor: Creature) -> list[Option]:
    """Attacks of the Attack action, and the off-hand attack of two-weapon fighting."""
    options = []
    names = [a.name for a in actor.stats.attacks if a.name != "unarmed"] + ["unarmed"]
    targets = [c for c in battle.state.creatures.values() if c is not actor and c.state != DEAD]
    if has_attack(actor):
        for name in names:
            attack = weapon_of(actor, name)
            if "loading" in attack.properties and attack.name in actor.attack_weapons:
                continue  # SRD 5.1, Loading: one shot per action
            options += _attacks_with(battle, actor, name, attack, targets, offhand=False)
    if _offhand_ready(actor):
        lights = [a for a in actor.stats.attacks if a.is_melee and "light" in a.properties]
        for attack in lights:
            if attack.name in actor.attack_weapons and len(lights) > 1:
                continue  # the off-hand attack needs a different light weapon
            if attack.name == "unarmed":
                continue
            options += _attacks_with(battle, actor, attack.name, attack, targets, offhand=True)
    return options


def _offhand_ready(actor: Creature) -> bool:
    """5e, Two-weapon fighting: a bonus action, after attacking with a light melee weapon."""
    if not actor.bonus_action:
        return False
    first = [weapon_of(actor, name) for name in actor.attack_weapons]
    return any(a.is_melee and "light" in a.properties for a in first)


def _attacks_with(battle, actor, name, attack, targets, offhand: bool) -> list[Option]:
    options = []
    # the farthest it can strike: its reach in melee, its long range when it can be fired or thrown
    limit = max(attack.reach if attack.is_melee else 0.0, attack.range[1] if attack.range else 0.0)
    for target in targets:
        if distance_m(battle, actor, target) > limit + 1e-9:
            continue  # preview_attack would find it out of reach or beyond long range
        p = preview_attack(battle, actor, target, attack, offhand)
        if p.problem:
            continue
        command = {"actor": actor.id, "act": "attack", "target": target.id, "with": name}
        if offhand:
            command["offhand"] = True
        preview = attack_preview(battle, actor, target, attack, p, offhand)
        kind = "off-hand attack" if offhand else "attack"
        label = (f"{kind} {target.id} with {name}: {preview['hit_chance']:.0%} to hit, "
                 f"{preview['expected_damage']:.1f} expected damage")
        options.append(Option(command, label, preview))
    return options


def attack_preview(battle, attacker: Creature, target: Creature, attack, p, offhand: bool = False) -> dict:
    """The preview of an attack: hit chance, advantage and why, cover, the number to beat, damage."""
    hit = p.hit_chance
    if p.auto_miss:
        crit = 0.0
    elif p.auto_crit:
        crit = hit  # SRD 5.1, Unconscious: every hit from within 1.5 m is critical
    else:
        crit = natural_20_chance(p.advantage)  # 5e: a natural 20 hits and is critical
    normal = max(0.0, hit - crit)
    parts = [damage_dice(attack, attacker, offhand)]
    if attack.extra_damage is not None:
        parts.append(attack.extra_damage)
    expected = sum(normal * average_damage(e) + crit * average_damage(e, crit=True) for e in parts)
    return {
        "hit_chance": hit, "advantage": p.advantage, "reasons": list(p.reasons),
        "cover": COVER_NAMES.get(p.cover, str(p.cover)), "target_number": p.target_number,
        "expected_damage": expected, "crit_chance": crit, "ranged": p.ranged, "distance_m": p.distance,
        "hostile": target.side != attacker.side,
    }


def natural_20_chance(advantage: int) -> float:
    if advantage > 0:
        return 1 - (19 / 20) ** 2
    if advantage < 0:
        return (1 / 20) ** 2
    return 1 / 20


@lru_cache(maxsize=256)
def _average(count: int, sides: int, bonus: int) -> float:
    """Mean of max(0, sum of the dice + bonus), as attacks.roll_damage rolls it (exact)."""
    if count == 0 or sides == 0:
        return float(max(0, bonus))
    dist = [1.0]
    for _ in range(count):
        nxt = [0.0] * (len(dist) + sides)
        for total, pr in enumerate(dist):
            for face in range(1, sides + 1):
                nxt[total + face] += pr / sides
        dist = nxt
    return sum(pr * max(0, total + bonus) for total, pr in enumerate(dist))


def average_damage(expr: DiceExpr, crit: bool = False) -> float:
    """The average of a damage roll; 5e, Critical hits: all of the attack's dice twice."""
    return _average(expr.count * (2 if crit else 1), expr.sides, expr.bonus)


# ---------------------------------------------------------------- the other acts
def action_options(battle, actor: Creature) -> list[Option]:
    """Dash ... drop_prone: each listed exactly when the engine would accept it (actor able)."""
    me = actor.id
    creatures = list(battle.state.creatures.values())
    options = []

    def add(act: str, label: str, uses: str, **args) -> None:
        options.append(Option({"actor": me, "act": act, **args}, label, {"uses": uses}))

    if actor.action:
        add("dash", "dash", "action")
        add("disengage", "disengage", "action")
        add("dodge", "dodge", "action")
    how = _hide_uses(actor)
    if how and not _exposed(battle, actor):
        add("hide", f"hide ({how})", how)
    if actor.action:
        add("search", "search", "action")
        foes = [c for c in creatures if c.side != actor.side and c.alive and within(battle, actor, c, 1.5)]
        for ally in creatures:
            if ally is actor or ally.side != actor.side:
                continue
            for foe in foes:
                add("help", f"help {ally.id} against {foe.id}", "action", target=ally.id, against=foe.id)
    if has_attack(actor):
        reach = melee_reach(actor)
        for target in creatures:
            if target is actor or not target.alive:
                continue
            if size_index(target.size) > size_index(actor.size) + 1 or not within(battle, actor, target, reach):
                continue
            if target.effects.get("grappled_by") != me:
                add("grapple", f"grapple {target.id}", "attack", target=target.id)
            for effect in ("prone", "push"):
                add("shove", f"shove {target.id} ({effect})", "attack", target=target.id, effect=effect)
    if actor.action and "grappled" in actor.conditions and actor.effects.get("grappled_by") is not None:
        add("escape", f"escape {actor.effects['grappled_by']}'s grapple", "action")
    options += _use_options(battle, actor, creatures)
    if actor.action:
        for target in creatures:
            if target.state == UNCONSCIOUS and target.hp == 0 and within(battle, actor, target, 1.5):
                add("stabilize", f"stabilize {target.id}", "action", target=target.id)
    if actor.prone:
        cost = actor.speed("walk") / 2  # 5e, Being prone: standing up costs half your speed
        if actor.speed("walk") > 0 and actor.movement_left("walk") >= cost - 1e-9:
            add("stand", f"stand up ({cost:g} m)", "movement")
    else:
        add("drop_prone", "drop prone", "nothing")
    return options


def _hide_uses(actor: Creature) -> str | None:
    """What hiding would spend (actions.spend_action_or_bonus), or None when nothing is left."""
    allowed = any("hide" in acts for trait, acts in actions.BONUS_ACTION_TRAITS.items()
                  if trait in actor.stats.traits)
    if allowed and not actor.action:
        return "bonus action" if actor.bonus_action else None
    return "action" if actor.action else None


def _exposed(battle, actor: Creature) -> bool:
    """actions.do_hide: an enemy that can see the hider sees it without any cover.

    The covers are cover_between's, all in one batch; sight is asked only where there is none.
    """
    enemies = actions.enemies_of(battle, actor)
    if not enemies:
        return False
    blockers, index = blockers_of(battle)
    covers = cover_many(blockers, [(e.space, actor.space, index[e.id], index[actor.id]) for e in enemies])
    return any(int(cover) == 0 and can_see(battle, e, actor) for e, cover in zip(enemies, covers))


def _use_options(battle, actor: Creature, creatures: list[Creature]) -> list[Option]:
    """Use an Object: each item carried, on itself or on a creature within 1.5 m."""
    options = []
    near = None
    for item_id in dict.fromkeys(actor.items):
        try:
            item = load_item(item_id)
        except ContentError:
            continue  # the engine cannot use it either
        uses = "bonus action" if item.action == "bonus_action" else "action"
        if not (actor.bonus_action if uses == "bonus action" else actor.action):
            continue
        base = {"actor": actor.id, "act": "use", "item": item_id}
        options.append(Option(dict(base), f"use {item.name}", {"uses": uses, "target": actor.id}))
        if near is None:
            near = [c for c in creatures if c is not actor and within(battle, actor, c, 1.5)]
        for target in near:
            options.append(Option({**base, "target": target.id}, f"use {item.name} on {target.id}",
                                  {"uses": uses, "target": target.id}))
    return options


# ---------------------------------------------------------------- spells
def spell_options(battle, actor: Creature) -> list[Option]:
    """Casting, when spells.py offers `spell_options(battle, caster)`; nothing otherwise."""
    try:
        from . import spells
    except ImportError:
        return []
    offer = getattr(spells, "spell_options", None)
    if offer is None:
        return []
    options = []
    for item in offer(battle, actor) or ():
        if isinstance(item, Option):
            options.append(item)
        elif isinstance(item, dict):
            what = item.get("target", item.get("at"))
            label = f"cast {item.get('spell')}" + (f" at {what}" if what is not None else "")
            options.append(Option(item, label, {}))
    return options


__all__ = ["Option", "legal_commands", "attack_preview", "average_damage"]
