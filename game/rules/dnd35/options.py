"""What the 3.5 battle would accept now, for the screen and the computer players: every legal
command with a neutral preview (`legal_commands`), the action bar (`acts`), why an act is not
allowed (`why_not`), the reaction on offer in words (`offer_view`), and the expected damage of
a creature's best blow on another (`best_blow`, the battle's `blow`) from the same odds.

Each option is built with the same checks the handlers make (engine.py, moving.py, combat.py),
so an option is a command the battle accepts.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ...core.board import SQUARE_M
from ...core.dice import DiceExpr
from ...core.terrain import COVER_NAMES
from ...i18n import N_, decimal, translator
from .. import api
from ..api import AREA, MENU, MOVE, NOW, TARGET, Act, Option, Preview
from ..words import spoken, titled
from .combat import attack_problem, crit_chance, defence_words, expected_damage, hit_chance, odds, pinned_problem
from .creature import DISABLED
from .engine import full_attack_rest
from .geometry import distance_m, field_for, flanked_by, gap, melee_attacks, reaching_attacks, threatened_positions, \
    threatens
from .moving import can_take_aoo, in_order, leaving_provokes, ready_for_aoo
from .hiding import hide_problem
from . import potions, two_weapon
from .readying import aimed_at, delay_problem, fired, later_this_round, may_fire, readied_words
from .spells import cast_problem, cast_unready, caught_in, cone_mask, known, ray_attack, save_dc
from .terrain_rules import COVER_AC

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def attack_preview(battle, actor, target, attack, penalty=0, charging=False, uses=N_("standard action"),
                   hand: str = "") -> Preview:
    """`uses`: the English of the actions it takes (translated here); `hand`: the hand of a
    two-weapon full attack."""
    o = odds(battle, actor, target, attack, penalty, charging, hand)
    cover_bonus = COVER_AC.get(o.cover, 0)
    # the Preview's contract: `defence` before cover, `cover_bonus` what cover adds to it (the
    # screen's card reads "AC 16 + 4 cover"); the roll's line names the AC with its cover
    defence = defence_words(o.target_number - cover_bonus, attack.touch, target.flat_footed) if cover_bonus \
        else o.defence
    return Preview(
        target=target.id, hostile=target.side != actor.side, uses=_(uses), attack=attack.name,
        hit_chance=hit_chance(o), crit_chance=crit_chance(o), target_number=o.target_number, defence=defence,
        expected_damage=expected_damage(battle, actor, target, attack, o), cover=COVER_NAMES[o.cover],
        cover_bonus=cover_bonus, reasons=o.reasons, rules=tuple(o.rules), ranged=not attack.is_melee,
        distance_m=distance_m(actor, target),
    )


def provoked_here(battle, actor) -> tuple[str, ...]:
    """Who would take an attack of opportunity if the actor made a ranged attack or cast where it
    stands (3.5 SRD: both provoke in a threatened square), in initiative order."""
    return tuple(in_order(battle, [e.id for e in battle.state.creatures.values() if can_take_aoo(battle, e, actor)]))


def foes_of(battle, actor) -> list:
    return [c for c in battle.state.creatures.values() if c.side != actor.side and c.alive and c is not actor]


def threat_watch(battle, actor) -> list[tuple[str, list[list[bool]], dict]]:
    """The foes that could take an attack of opportunity on the actor's movement this round, each
    with the positions (of the actor's space) it threatens, [row][column], and a cache of the
    engine's answer per square left."""
    taken = actor.effects.get("aoo_from", set())
    side = actor.side_squares
    found = []
    for e in battle.state.creatures.values():
        if e.id not in taken and ready_for_aoo(e, actor):
            # (as nested lists: read square by square, a list is quicker than an array)
            found.append((e.id, threatened_positions(battle, e, side).tolist(), {}))
    return found


def provokers_along(battle, actor, steps, free_first: bool = False, watch=None) -> list[str]:
    """Who would get an attack of opportunity if the actor walked these steps (from its start):
    at each square left, the walk's own question (moving.leaving_provokes: threat, sight, cover),
    asked with the actor standing there."""
    if not steps:
        return []
    watch = threat_watch(battle, actor) if watch is None else watch
    left = [(actor.x, actor.y)] + [tuple(p) for p in steps[:-1]]
    found = []
    home = (actor.x, actor.y)
    try:
        for eid, mask, asked in watch:
            foe = battle.state.creatures[eid]
            for i, (x, y) in enumerate(left):
                if not mask[y][x]:
                    continue
                key = (x, y, free_first and i == 0)
                if key not in asked:
                    actor.x, actor.y = x, y
                    asked[key] = leaving_provokes(battle, foe, actor, key[2])
                if asked[key]:
                    found.append(eid)
                    break
    finally:
        actor.x, actor.y = home
    return in_order(battle, found)


def flanks_from(battle, actor, at: tuple[int, int], foes) -> tuple[str, ...]:
    """The foes the actor would flank if it stood at `at` (3.5 SRD, Flanking), those it threatens
    from there with an ally on the opposite side (the actor is put there and back: nobody moves)."""
    home = actor.x, actor.y
    actor.x, actor.y = at
    try:
        return tuple(f.id for f in foes if threatens(battle, actor, f) and flanked_by(battle, actor, f))
    finally:
        actor.x, actor.y = home


def near_positions(side: int, space: tuple[int, int, int]) -> set[tuple[int, int]]:
    """The positions from which a creature `side` squares wide stands at most 2 squares from a
    space (counted as the rules count, diagonals 1-2-1): where a move may end flanking it."""
    x, y, other = space
    return {(px, py) for py in range(y - side - 2, y + other + 3) for px in range(x - side - 2, x + other + 3)
            if gap((px, py, side), space) <= 2}


def move_options(battle, actor, act: str = "move") -> list[Option]:
    if battle.why_move(actor, act):
        return []
    speed = actor.speed()
    if act == "move":
        double = actor.standard and actor.move_action and not actor.limited
        budget = speed * (2 if double else 1)
    else:
        budget = speed * (1 if actor.limited else 2)
    fld = field_for(battle, actor, "walk", limit_m=budget)
    reachable = fld.reachable(budget)
    options = []
    watch = threat_watch(battle, actor)
    foes = [f for f in foes_of(battle, actor) if f.standing]
    near_squares = [(f, near_positions(actor.side_squares, f.space)) for f in foes]
    if act == "withdraw":
        label = _("Withdraw to {square} ({cost} m)")
        single = double = _("full-round action (withdraw)")
    else:
        label = _("Move to {square} ({cost} m)")
        single, double = _("move action"), _("standard and move actions (double move)")
    ys, xs = np.nonzero(reachable)
    for x, y in zip(xs.tolist(), ys.tolist()):
        path = tuple(fld.path_to(x, y))
        cost = float(fld.cost_to(x, y))
        uses = single if cost <= speed + 1e-9 else double
        provokes = provokers_along(battle, actor, list(path), act == "withdraw", watch)
        near = [f for f, squares in near_squares if (x, y) in squares]
        flanks = flanks_from(battle, actor, (x, y), near) if near else ()
        options.append(Option({"actor": actor.id, "act": act, "to": [x, y]},
                              label.format(square=f"[{x}, {y}]", cost=decimal(cost)),
                              Preview(path=path, cost_m=cost, mode="walk", uses=uses, opportunity_attacks=tuple(provokes),
                                      flanks=flanks)))
    return options


def step_options(battle, actor) -> list[Option]:
    if actor.stepped or actor.moved or actor.prone or not actor.standing:
        return []
    fld = field_for(battle, actor, "walk", limit_m=3 * SQUARE_M)
    options = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            to = (actor.x + dx, actor.y + dy)
            if (dx or dy) and not battle.step_problem(actor, to, fld):
                options.append(Option({"actor": actor.id, "act": "step", "to": list(to)},
                                      _("5-foot step to {square}").format(square=list(to)),
                                      Preview(path=(to,), cost_m=SQUARE_M, mode="walk", uses=_("5-foot step"))))
    return options


def attack_options(battle, actor) -> list[Option]:
    options = []
    if not actor.standing:
        return options
    foes = foes_of(battle, actor)
    if actor.sequence:
        if actor.full_round or actor.move_action:
            for name in dict.fromkeys(e[0] for e in actor.sequence):
                penalty, hand = next(e[1:] for e in actor.sequence if e[0] == name)
                attack = actor.stats.attack(name)
                off = hand == two_weapon.OFF
                label = _("Off-hand {attack} at {target} (full attack)") if off else \
                    _("{attack} at {target} (full attack)")
                for t in foes:
                    if not attack_problem(battle, actor, t, attack):
                        preview = attack_preview(battle, actor, t, attack, penalty, uses=N_("full attack"), hand=hand)
                        if not attack.is_melee:
                            preview = replace(preview, opportunity_attacks=provoked_here(battle, actor))
                        command = {"actor": actor.id, "act": "attack", "target": t.id, "with": name}
                        if off:
                            command["offhand"] = True
                        options.append(Option(command, label.format(attack=spoken(attack.name), target=t.name),
                                              preview))
        return options
    full = not actor.limited and actor.standard and actor.move_action and not actor.moved
    for attack in actor.stats.attacks:
        for t in foes:
            if attack_problem(battle, actor, t, attack):
                continue
            preview = attack_preview(battle, actor, t, attack)
            if not attack.is_melee:
                preview = replace(preview, opportunity_attacks=provoked_here(battle, actor))
            if actor.standard:
                options.append(Option({"actor": actor.id, "act": "attack", "target": t.id, "with": attack.name},
                                      _("{attack} at {target}").format(attack=spoken(attack.name), target=t.name), preview))
            if full:
                total = full_attack_damage(battle, actor, t, attack, preview.expected_damage)
                options.append(Option({"actor": actor.id, "act": "full_attack", "target": t.id, "with": attack.name},
                                      _("Full attack on {target} ({attack})").format(target=t.name, attack=spoken(attack.name)),
                                      replace(preview, uses=_("full-round action"), expected_damage=total)))
                if not two_weapon.problem(actor, attack):
                    options.append(two_weapon_option(battle, actor, t, attack))
    return options


def two_weapon_option(battle, actor, target, attack) -> Option:
    """The two-weapon full attack on this target: the first attack's preview (its hit chance at
    the primary hand's penalty) with the expected damage of the whole routine, the off-hand
    attack's share only where that weapon reaches the target."""
    preview = attack_preview(battle, actor, target, attack, hand=two_weapon.PRIMARY)
    total = full_attack_damage(battle, actor, target, attack, preview.expected_damage, dual=True)
    off = actor.stats.off_hand
    return Option({"actor": actor.id, "act": "full_attack", "target": target.id, "with": attack.name,
                   "two_weapon": True},
                  _("Two-weapon full attack on {target} ({attack} and {off})").format(
                      target=target.name, attack=spoken(attack.name), off=spoken(off)),
                  replace(preview, uses=_("full-round action"), expected_damage=total))


def full_attack_damage(battle, actor, target, attack, first: float, dual: bool = False) -> float:
    """What a whole full attack opened with `attack` would bring if every attack of it went at
    this target: `first` (the first attack's expected damage) and the rest's, each at its
    penalty and hand; `dual`: the two-weapon routine, the off-hand weapon counted only where it
    reaches the target."""
    total = first
    for name, penalty, hand in full_attack_rest(actor, attack, dual):
        weapon = actor.stats.attack(name)
        if dual and attack_problem(battle, actor, target, weapon):
            continue
        total += expected_damage(battle, actor, target, weapon, odds(battle, actor, target, weapon, penalty, hand=hand))
    return total


def best_blow(battle, attacker, target) -> float:
    """The expected damage of the attacker's best blow on the target from where both stand, with
    the odds and expected damage the previews show (damage reduction included): the best of a
    single attack and a full attack over its attacks, as if it could strike (a disabled creature:
    a single attack, 3.5 SRD, Disabled)."""
    best = 0.0
    for attack in attacker.stats.attacks:
        single = expected_damage(battle, attacker, target, attack, odds(battle, attacker, target, attack))
        best = max(best, single)
        if attacker.state != DISABLED:
            best = max(best, full_attack_damage(battle, attacker, target, attack, single))
    return best


def coup_options(battle, actor) -> list[Option]:
    options = []
    for attack in melee_attacks(actor):
        for t in foes_of(battle, actor):
            if t.helpless and not battle.coup_problem(actor, t, attack):
                options.append(Option({"actor": actor.id, "act": "coup_de_grace", "target": t.id, "with": attack.name},
                                      _("Coup de grace on {target} ({attack})").format(target=t.name, attack=spoken(attack.name)),
                                      Preview(target=t.id, hostile=True, uses=_("full-round action"), attack=attack.name,
                                              hit_chance=1.0, crit_chance=1.0,
                                              expected_damage=attack.damage.average * attack.multiplier)))
    return options


def charge_options(battle, actor) -> list[Option]:
    if battle.why_move(actor, "charge"):
        return []
    attacks = melee_attacks(actor)
    if not attacks:
        return []
    attack = attacks[0]
    options = []
    for t in foes_of(battle, actor):
        steps, _why = battle.charge_plan(actor, t, attack)
        if steps is None:
            continue
        preview = attack_preview(battle, actor, t, attack, charging=True, uses=N_("full-round action (charge)"))
        preview = replace(preview, path=tuple(steps), opportunity_attacks=tuple(provokers_along(battle, actor, steps)))
        options.append(Option({"actor": actor.id, "act": "charge", "target": t.id, "with": attack.name},
                              _("Charge {target} ({attack})").format(target=t.name, attack=spoken(attack.name)), preview))
    return options


def cast_options(battle, actor) -> list[Option]:
    if not actor.standard or actor.sequence or not actor.standing:
        return []
    options = []
    foes = foes_of(battle, actor)
    provokes = provoked_here(battle, actor)  # 3.5 SRD: casting in a threatened square provokes
    for spell in known(actor):
        if actor.slots.get(spell.level, 0) <= 0:
            continue
        base = {"actor": actor.id, "act": "cast", "spell": spell.name}
        title = spoken(spell.name)
        uses = _("standard action, a level-{level} slot").format(level=spell.level)
        spends = {"uses_left": actor.slots.get(spell.level, 0), "opportunity_attacks": provokes}
        if spell.kind == "cure":
            # the dice and the caster level (capped), no more than the hit points it lacks
            mean = DiceExpr.parse(spell.dice).average + min(spell.per_level_cap, actor.stats.caster_level or 1)
            for t in battle.state.creatures.values():
                if t.side == actor.side and t.alive and t.hp < t.stats.hp and not cast_problem(battle, actor, spell, t):
                    options.append(Option({**base, "target": t.id},
                                          _("Cast {spell} on {target}").format(spell=title, target=t.name),
                                          Preview(target=t.id, hostile=False, uses=uses,
                                                  expected_heal=min(mean, float(t.stats.hp - t.hp)), **spends)))
        elif spell.kind == "blur":
            for t in battle.state.creatures.values():
                if t.side == actor.side and t.alive and not cast_problem(battle, actor, spell, t):
                    options.append(Option({**base, "target": t.id},
                                          _("Cast {spell} on {target}").format(spell=title, target=t.name),
                                          Preview(target=t.id, hostile=False, uses=uses, rules=("spells", "concealment"),
                                                  **spends)))
        elif spell.aim == "target":
            for t in foes:
                if cast_problem(battle, actor, spell, t):
                    continue
                if spell.kind == "ray":
                    preview = replace(attack_preview(battle, actor, t, ray_attack(actor, spell)), uses=uses, **spends)
                else:
                    count = min(5, 1 + ((actor.stats.caster_level or 1) - 1) // 2)
                    preview = Preview(target=t.id, hostile=True, uses=uses, hit_chance=1.0,
                                      expected_damage=count * 3.5, distance_m=distance_m(actor, t), **spends)
                options.append(Option({**base, "target": t.id},
                                      _("Cast {spell} at {target}").format(spell=title, target=t.name), preview))
        elif spell.aim == "area":
            for t in foes:
                at = (t.x, t.y)
                if cast_problem(battle, actor, spell, None, at):
                    continue
                caught = caught_in(battle, actor, cone_mask(battle, actor, at))
                if t in caught:
                    options.append(Option({**base, "at": list(at)},
                                          _("Cast {spell} toward {target}").format(spell=title, target=t.name),
                                          Preview(uses=uses, save="ref", dc=save_dc(actor, spell),
                                                  inside=tuple(c.id for c in caught), **spends)))
        elif not cast_problem(battle, actor, spell):
            options.append(Option(base, _("Cast {spell}").format(spell=title), Preview(uses=uses, **spends)))
    return options


# the events a readied attack is offered for, by the kind of attack (readying.py)
READY_EVENTS = {True: ("enters_reach", "attacks"), False: ("moves", "attacks")}
READY_LABELS = {"enters_reach": N_("Ready {attack}: when an enemy enters your reach"),
                "moves": N_("Ready {attack}: when an enemy moves"),
                "attacks": N_("Ready {attack}: when an enemy attacks")}


# the spells offered for readying (readying.py), by their kind: the events they are held for
READY_SPELL_EVENTS = {"ray": ("moves", "attacks"), "missile": ("moves", "attacks"), "shield": ("attacks",)}


def ready_options(battle, actor) -> list[Option]:
    """3.5 SRD, Ready (a standard action): each attack held for an enemy's move or attack; each
    spell that strikes a foe held for its move or attack (aimed at it), shield for its attack.
    A readied move takes a square (a command: docs/FORMATS.md), not listed here."""
    if not actor.standing or not actor.standard or actor.sequence:
        return []
    options = []
    for attack in actor.stats.attacks:
        for event in READY_EVENTS[attack.is_melee]:
            options.append(Option({"actor": actor.id, "act": "ready", "trigger": {"event": event, "by": "enemy"},
                                   "then": {"act": "attack", "with": attack.name}},
                                  _(READY_LABELS[event]).format(attack=spoken(attack.name)),
                                  Preview(uses=_("standard action"), attack=attack.name)))
    for spell in known(actor):
        if cast_unready(actor, spell):
            continue
        for event in READY_SPELL_EVENTS.get(spell.kind, ()):
            options.append(Option({"actor": actor.id, "act": "ready", "trigger": {"event": event, "by": "enemy"},
                                   "then": {"act": "cast", "spell": spell.name}},
                                  _(READY_LABELS[event]).format(attack=spoken(spell.name)),
                                  Preview(uses=_("standard action"), uses_left=actor.slots.get(spell.level, 0))))
    return options


def delay_options(battle, actor) -> list[Option]:
    """3.5 SRD, Delay: act right after a creature still to act this round."""
    if delay_problem(battle, actor):
        return []
    return [Option({"actor": actor.id, "act": "delay", "after": cid},
                   _("Delay: act after {name}").format(name=battle.creature(cid).name), Preview(uses=_("no action")))
            for cid in later_this_round(battle)]


def readied_options(battle, reactor, provoker) -> list[Option]:
    ready = reactor.effects["readied"]
    target = aimed_at(battle, reactor, provoker)
    take = []
    if ready["act"] != "attack":
        if may_fire(battle, reactor, provoker):
            command = fired(battle, reactor, provoker)
            label = _("Readied {act}").format(act=readied_words(ready)) if command.get("target") is None else \
                _("Readied {act} on {target}").format(act=readied_words(ready), target=target.name)
            take = [Option({"actor": reactor.id, "act": "react", "take": True}, label,
                           Preview(kind="readied", provoker=provoker.id, uses=_("readied action"),
                                   target=command.get("target"), hostile=target.side != reactor.side))]
        return take + [Option({"actor": reactor.id, "act": "react", "take": False}, _("Let the readied action go"),
                              Preview(kind="readied", provoker=provoker.id))]
    attack = reactor.stats.attack(ready["with"])
    if may_fire(battle, reactor, provoker):
        preview = replace(attack_preview(battle, reactor, target, attack, uses=N_("readied action")), kind="readied",
                          provoker=provoker.id)
        take = [Option({"actor": reactor.id, "act": "react", "take": True},
                       _("Readied {attack} on {target}").format(attack=spoken(attack.name), target=target.name),
                       preview)]
    return take + [Option({"actor": reactor.id, "act": "react", "take": False}, _("Let the readied action go"),
                          Preview(kind="readied", provoker=provoker.id))]


def reaction_options(battle) -> list[Option]:
    offer = battle.state.offers[0]
    reactor, provoker = battle.creature(offer.reactor), battle.creature(offer.provoker)
    if offer.kind == "readied":
        return readied_options(battle, reactor, provoker)
    attacks = reaching_attacks(reactor, provoker) or melee_attacks(reactor)
    preview = Preview(target=provoker.id, hostile=True, uses=_("attack of opportunity"), kind="opportunity",
                      provoker=provoker.id)
    if attacks:
        preview = replace(attack_preview(battle, reactor, provoker, attacks[0], uses=N_("attack of opportunity")),
                          kind="opportunity", provoker=provoker.id)
    take = [Option({"actor": reactor.id, "act": "react", "take": True},
                   _("Attack of opportunity on {target}").format(target=provoker.name), preview)] \
        if can_take_aoo(battle, reactor, provoker) else []
    return take + [Option({"actor": reactor.id, "act": "react", "take": False}, _("Let it pass"),
                          Preview(kind="opportunity", provoker=provoker.id))]


def use_options(battle, actor) -> list[Option]:
    """A potion it carries, drunk or given to an ally next to it (potions.py): each one provokes."""
    found = []
    for item in dict.fromkeys(actor.items):
        for target in [actor] + [a for a in battle.state.creatures.values() if a is not actor and a.alive
                                 and a.side == actor.side]:
            if potions.use_problem(battle, actor, item, target):
                continue
            provokes = tuple(in_order(battle, [e.id for e in foes_of(battle, actor) if can_take_aoo(battle, e, actor)]))
            label = _("Drink a {item}") if target is actor else _("Give {target} a {item}")
            found.append(Option({"actor": actor.id, "act": "use", "item": item, "target": target.id},
                                label.format(item=spoken(item), target=target.name),
                                Preview(target=target.id, hostile=False, uses=_("standard action"),
                                        opportunity_attacks=provokes, expected_heal=potions.expected_heal(item),
                                        rules=("potions", "healing"))))
    return found


def legal_commands(battle, more=None) -> list[Option]:
    """`more(battle, actor)`: the options of the acts built on this module (options_grapple_run.py)."""
    state = battle.state
    if state.over or not state.started:
        return []
    if state.offers:
        return reaction_options(battle)
    actor = battle.current
    options: list[Option] = []
    if actor.standing and pinned_problem(actor):
        options += more(battle, actor) if more is not None else []  # a pinned creature: only the escape
    elif actor.standing:
        options += attack_options(battle, actor)
        options += cast_options(battle, actor)
        options += charge_options(battle, actor)
        options += coup_options(battle, actor)
        options += move_options(battle, actor, "move")
        options += step_options(battle, actor)
        options += move_options(battle, actor, "withdraw")
        options += more(battle, actor) if more is not None else []
        options += ready_options(battle, actor)
        options += delay_options(battle, actor)
        options += use_options(battle, actor)
        if (actor.move_action or actor.standard) and not hide_problem(battle, actor):
            options.append(Option({"actor": actor.id, "act": "hide"}, _("Hide"), Preview(uses=_("move action"))))
        if actor.standard:
            options.append(Option({"actor": actor.id, "act": "total_defense"}, _("Total defense"),
                                  Preview(uses=_("standard action"))))
        if actor.prone and (actor.move_action or actor.standard):
            provokes = tuple(in_order(battle, [e.id for e in foes_of(battle, actor) if can_take_aoo(battle, e, actor)]))
            options.append(Option({"actor": actor.id, "act": "stand"}, _("Stand up"),
                                  Preview(uses=_("move action"), opportunity_attacks=provokes)))
        if not actor.prone:
            options.append(Option({"actor": actor.id, "act": "drop_prone"}, _("Drop prone"),
                                  Preview(uses=_("free action"))))
    options.append(Option({"actor": actor.id, "act": "end"}, _("End turn"), Preview()))
    return options


# ----------------------------------------------------------------------------- the action bar
LETTERS = {"coup_de_grace": "G", "move": "M", "step": "S", "charge": "C", "withdraw": "W", "total_defense": "O", "stand": "T",
           "drop_prone": "P", "end": "E", "run": "U", "grapple": "H", "escape": "X", "ready": "Y", "delay": "D",
           "hide": "K", "use": "I"}
TITLES = {"coup_de_grace": N_("Coup de grace"), "move": N_("Move"), "step": N_("5-foot step"), "charge": N_("Charge"),
          "withdraw": N_("Withdraw"), "total_defense": N_("Total defense"), "stand": N_("Stand up"),
          "drop_prone": N_("Drop prone"), "end": N_("End turn"), "run": N_("Run"), "grapple": N_("Grapple"),
          "escape": N_("Escape"), "ready": N_("Ready"), "delay": N_("Delay"), "hide": N_("Hide"),
          "use": N_("Use a potion")}
TIPS = {
    "coup_de_grace": N_("Coup de grace (full round): an automatic critical hit on a helpless foe; then Fortitude DC 10 + "
                        "damage or it dies. Provokes attacks of opportunity."),
    "move": N_("Move (a move action; farther than your speed: a double move, your whole turn). Click a square."),
    "step": N_("5-foot step: one square, provokes no attack of opportunity; no other movement this turn."),
    "charge": N_("Charge (full round): straight at a foe, at least 2 squares; +2 to hit, -2 AC to your next turn."),
    "withdraw": N_("Withdraw (full round): up to twice your speed; leaving your first square provokes from no foe you see."),
    "total_defense": N_("Total defense (standard action): +4 AC to your next turn, no attacks of opportunity."),
    "stand": N_("Stand up (move action): provokes attacks of opportunity."),
    "drop_prone": N_("Drop prone (free action)."),
    "end": N_("End your turn."),
    "run": N_("Run (full round): up to four times your speed straight along a row, column or diagonal, no difficult "
              "terrain; no Dex bonus to AC to your next turn."),
    "grapple": N_("Grapple (standard action): the target's attack of opportunity, a melee touch attack, then opposed "
                  "grapple checks; grappling it already: hurt it (1d3 + Str) or pin it (1 round). Click a foe next "
                  "to you."),
    "escape": N_("Escape the grapple, or a pin (standard action): opposed grapple checks, or your Escape Artist "
                 "in place of yours."),
    "ready": N_("Ready (standard action): hold an attack or a spell until an enemy moves, enters your reach or "
                "attacks; it goes off first (a spell's slot is spent then), and you act just before that enemy from "
                "then on."),
    "delay": N_("Delay: act later this round, right after another creature, and keep that place."),
    "hide": N_("Hide (move action): only behind cover, or with concealment (blur), from every enemy that sees you; "
               "your Hide against each "
               "one's Spot. Hidden: attacks on you miss half the time, and your attack catches its target off guard."),
    "use": N_("Use a potion (standard action): drink it, or give it to an ally next to you; provokes attacks of "
              "opportunity."),
}
AIMS = {"coup_de_grace": TARGET, "move": MOVE, "step": MENU, "charge": TARGET, "withdraw": MENU, "total_defense": NOW, "stand": NOW,
        "drop_prone": NOW, "end": NOW, "run": MENU, "grapple": TARGET, "escape": NOW, "ready": MENU, "delay": MENU,
        "hide": NOW, "use": MENU}


def acts(battle, options: list[Option]) -> list[Act]:
    state = battle.state
    actor = battle.current
    if actor is None or state.over or state.offers or not state.started:
        return []
    by_act: dict[str, list[Option]] = {}
    for o in options:
        if o.command.get("actor") == actor.id:
            by_act.setdefault(o.command["act"], []).append(o)
    found = []
    digits = iter("1234567890")
    for attack in actor.stats.attacks:
        pairs = [("attack", titled(attack.name)), ("full_attack", _("Full attack: {attack}").format(attack=spoken(attack.name)))]
        if not two_weapon.problem(actor, attack):
            pairs.append(("two_weapon", _("Two-weapon full attack: {attack} and {off}").format(
                attack=spoken(attack.name), off=spoken(actor.stats.off_hand))))
        for act, title in pairs:
            listed = [o for o in by_act.get("full_attack" if act == "two_weapon" else act, [])
                      if o.command.get("with") == attack.name
                      and bool(o.command.get("two_weapon")) == (act == "two_weapon")]
            key = f"{act}:{attack.name}"
            tip = (f"{attack.name}: {attack.to_hit:+d}, {attack.damage} {'/'.join(attack.type)}"
                   + (", " + _("threat {low}-20").format(low=attack.threat) if attack.threat < 20 else "")
                   + (f", x{attack.multiplier}" if attack.multiplier != 2 else "")
                   + (", " + _("range increment {range} m").format(range=decimal(attack.range_increment))
                      if attack.range_increment else ""))
            if act == "full_attack":
                tip = _("Full attack (full round): every attack of the round.") + " " + tip
            if act == "two_weapon":
                primary, off = two_weapon.penalties(actor.stats)
                tip = _("Two-weapon full attack (full round): every attack of the round and one with the {off} in the "
                        "off hand; {primary:+d} on the primary hand's attacks, {off_penalty:+d} on the off hand's, half "
                        "Strength to its damage.").format(off=spoken(actor.stats.off_hand), primary=primary,
                                                          off_penalty=off) + " " + tip
            found.append(Act(key, title, next(digits, ""), TARGET, listed,
                             "" if listed else battle.why_not(key), tip))
    for spell in known(actor):
        key = f"spell:{spell.name}"
        listed = [o for o in by_act.get("cast", []) if o.command.get("spell") == spell.name]
        aim = {"target": TARGET, "area": AREA}.get(spell.aim, NOW)
        tip = _("{spell} (level {level}, {slots} slots left)").format(
            spell=spoken(spell.name), level=spell.level, slots=actor.slots.get(spell.level, 0))
        found.append(Act(key, titled(spell.name), next(digits, ""), aim, listed,
                         "" if listed else battle.why_not(key), tip))
    for key in ("move", "step", "charge", "withdraw", "run", "grapple", "escape", "total_defense", "ready", "delay",
                "hide", "use", "stand", "drop_prone", "coup_de_grace", "end"):
        if key == "coup_de_grace" and not by_act.get(key) or key == "use" and not actor.items:
            continue
        listed = by_act.get(key, [])
        if key == "stand" and not actor.prone or key == "escape" and "grappled" not in actor.conditions:
            continue
        if key == "withdraw":
            listed = withdraw_menu(battle, actor, listed)
        if key == "run":
            listed = run_menu(actor, listed)
        aim = MENU if key == "escape" and len(listed) > 1 else AIMS[key]  # Escape Artist or the grapple check
        found.append(Act(key, _(TITLES[key]), LETTERS[key], aim, listed,
                         "" if listed else battle.why_not(key), _(TIPS[key])))
    return found


def withdraw_menu(battle, actor, listed: list[Option], size: int = 8) -> list[Option]:
    """The withdraw squares worth a menu (the screen aims a withdraw from a list): those farthest
    from the nearest foe, the fewest attacks of opportunity first, then the cheapest."""
    foes = [f for f in foes_of(battle, actor) if f.standing]

    def away(o: Option) -> int:
        x, y = o.command["to"]
        return min((gap((x, y, actor.side_squares), f.space) for f in foes), default=0)

    ranked = sorted(listed, key=lambda o: (len(o.preview.opportunity_attacks), -away(o), o.preview.cost_m))
    return ranked[:size]


def run_menu(actor, listed: list[Option]) -> list[Option]:
    """The runs worth a menu: the farthest in each of the eight directions."""
    farthest: dict = {}
    for o in listed:
        x, y = o.command["to"]
        key = ((x > actor.x) - (x < actor.x), (y > actor.y) - (y < actor.y))
        if key not in farthest or o.preview.cost_m > farthest[key].preview.cost_m:
            farthest[key] = o
    return list(farthest.values())


def offer_view(battle) -> api.OfferView | None:
    if not battle.state.offers:
        return None
    offer = battle.state.offers[0]
    reactor, provoker = battle.creature(offer.reactor), battle.creature(offer.provoker)
    if offer.kind == "readied":
        take = readied_options(battle, reactor, provoker)[0]
        detail = _("{attack}: {chance} to hit ({defence})").format(
            attack=spoken(take.preview.attack), chance=f"{take.preview.hit_chance:.0%}",
            defence=take.preview.defence) if take.preview.attack else \
            (take.label if take.command["take"] else "")
        return api.OfferView(offer.reactor, offer.provoker, "readied",
                             _("{name} triggers {reactor}'s readied action — take it?").format(
                                 name=provoker.name, reactor=reactor.name), detail)
    detail = ""
    attacks = reaching_attacks(reactor, provoker) or melee_attacks(reactor)
    if attacks:
        p = attack_preview(battle, reactor, provoker, attacks[0])
        detail = _("{attack}: {chance} to hit ({defence})").format(attack=spoken(attacks[0].name), chance=f"{p.hit_chance:.0%}",
                                                                  defence=p.defence)
    return api.OfferView(offer.reactor, offer.provoker, "opportunity",
                         _("{name} provokes an attack of opportunity from {reactor} — take it?").format(
                             name=provoker.name, reactor=reactor.name), detail)
