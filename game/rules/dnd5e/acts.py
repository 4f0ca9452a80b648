"""The acts the screen shows under 5e: one `api.Act` per button of the action bar.

`acts(battle, options)` files the options query's legal commands under the acts of the
creature whose turn it is: each attack by name, the off-hand attack, each spell, Move, Aggressive
(for a creature with that trait), Dash,
Disengage, Dodge, Help, Hide, Search, Second wind and Action surge (a fighter), Ready, Use an Object, Grapple, Shove, Stand up, End turn
(and Escape, First aid, Mount or Dismount when they apply). An act is allowed exactly when it
holds a legal option (the options query is the one judge); when it holds none, `reason` says why
in a few words (action used, nobody in reach, no slot...).
"""

from __future__ import annotations


from ...core.board import SQUARE_M
from ...i18n import N_, _
from .. import api
from ..api import AREA, MENU, MOVE, NOW, TARGET, Act, Option
from ..words import titled, with_names
from . import actions
from .attacks import weapon_of
from .conditions import why_immobile
from .geometry import distance_m
from .hiding import hidden_from
from .shield import AC_BONUS as SHIELD_AC
from .spells import SPELLS
from .vocab import ability, condition as condition_word, damage_type, number

# the letter of each act on the keyboard (attacks and spells take the digits, in bar order)
LETTERS = {
    "move": "M", "dash": "D", "disengage": "I", "dodge": "O", "help": "H", "hide": "K", "search": "S",
    "ready": "R", "use": "U", "grapple": "G", "shove": "V", "stand": "T", "escape": "X", "stabilize": "Z",
    "mount": "J", "dismount": "J", "end": "E", "aggressive": "A",
    "second_wind": "W", "action_surge": "Q", "give": "B",
}
TITLES = {
    "move": N_("Move"), "dash": N_("Dash"), "disengage": N_("Disengage"), "dodge": N_("Dodge"),
    "help": N_("Help"), "hide": N_("Hide"), "search": N_("Search"), "ready": N_("Ready"), "use": N_("Use item"),
    "grapple": N_("Grapple"), "shove": N_("Shove"), "stand": N_("Stand up"), "escape": N_("Escape"),
    "stabilize": N_("First aid"), "mount": N_("Mount"), "dismount": N_("Dismount"), "end": N_("End turn"),
    "aggressive": N_("Aggressive"), "second_wind": N_("Second wind"), "action_surge": N_("Action surge"),
    "give": N_("Hand over"),
}
TIPS = {
    "move": N_("Move: click a shaded square. Striped squares need a Dash first (clicking one dashes, then moves)."),
    "dash": N_("Dash: extra movement equal to your speed this turn."),
    "disengage": N_("Disengage: your movement provokes no opportunity attacks this turn."),
    "dodge": N_("Dodge: attacks against you have disadvantage until your next turn."),
    "help": N_("Help: an ally gets advantage on its next attack against an enemy within 1.5 m of you. "
            "Click the ally."),
    "hide": N_("Hide: a Stealth check; you need cover from every enemy that can see you."),
    "search": N_("Search: a Perception check to find hidden creatures."),
    "ready": N_("Ready: choose an attack and its trigger; it is made as a reaction before your next turn."),
    "use": N_("Use an Object: drink a potion, or give it to a creature within 1.5 m."),
    "give": N_("Hand an item to a creature within 1.5 m: your one free object interaction this turn "
               "(a second one takes your action). Click the creature."),
    "grapple": N_("Grapple: Athletics contest; the target's speed becomes 0. Click the target."),
    "shove": N_("Shove: knock a creature prone or push it 1.5 m away. Click the target."),
    "stand": N_("Stand up: costs half your speed."),
    "escape": N_("Escape the grapple: Athletics or Acrobatics contest."),
    "stabilize": N_("First aid: Wisdom (Medicine) DC 10 to stabilize a dying creature within 1.5 m."),
    "mount": N_("Mount a willing creature within 1.5 m at least one size larger (half your speed). Click it."),
    "dismount": N_("Dismount (half your speed)."),
    "end": N_("End your turn."),
    "second_wind": N_("Second Wind (bonus action, once a battle): regain 1d10 + your fighter level hit points."),
    "action_surge": N_("Action Surge (free, once a battle, once your action is spent): take one more action this "
                    "turn, the Attack action with all its attacks or any other."),
    "aggressive": N_("Aggressive (bonus action): move up to your speed toward a hostile creature you can see, "
                  "every step ending nearer to it. Choose the creature."),
}
DIGITS = "1234567890"


def acts(battle, options: list[Option]) -> list[Act]:
    """The action bar of the creature whose turn it is: its attacks and spells first (digits), then the acts."""
    state = battle.state
    actor = battle.current
    if actor is None or state.over or state.offers or not state.started:
        return []
    by_act: dict[str, list[Option]] = {}
    for o in options:
        if o.command.get("actor") == actor.id:
            by_act.setdefault(o.command["act"], []).append(o)
    found: list[Act] = []
    digits = iter(DIGITS)

    guessing = can_guess(battle, actor)
    for name in attack_names(actor):
        listed = [o for o in by_act.get("attack", []) if o.command.get("with") == name
                  and not o.command.get("offhand") and o.preview.hostile is not False]
        found.append(Act(f"attack:{name}", titled(name), next(digits, ""), TARGET,
                         listed, "" if listed else why_not(battle, actor, f"attack:{name}"), attack_tip(actor, name),
                         guess={"actor": actor.id, "act": "attack", "with": name} if guessing else None))
    offhand = [o for o in by_act.get("attack", []) if o.command.get("offhand") and o.preview.hostile is not False]
    if offhand:
        name = offhand[0].command["with"]
        found.append(Act("attack:offhand", _("Off-hand {weapon}").format(weapon=name), next(digits, ""), TARGET,
                         offhand, "", _("Two-weapon fighting: a bonus action attack with your other light weapon.")))
    for act in spell_acts(battle, actor, by_act.get("cast", [])):
        act.shortcut = next(digits, "")
        found.append(act)

    def simple(key: str, aim: str, listed: list[Option]) -> None:
        reason = "" if listed else why_not(battle, actor, key)
        found.append(Act(key, _(TITLES[key]), LETTERS[key], aim, listed, reason, _(TIPS[key])))

    simple("move", MOVE, by_act.get("move", []))
    if "aggressive" in actor.stats.traits:
        simple("aggressive", MENU, closest_per_target(by_act.get("aggressive", [])))
    for act in ("dash", "disengage", "dodge"):
        simple(act, NOW, by_act.get(act, []))
    simple("help", TARGET, by_act.get("help", []))
    simple("hide", NOW, by_act.get("hide", []))
    simple("search", NOW, by_act.get("search", []))
    if "second-wind" in actor.stats.traits:
        simple("second_wind", NOW, by_act.get("second_wind", []))
    if "action-surge" in actor.stats.traits:
        simple("action_surge", NOW, by_act.get("action_surge", []))
    simple("ready", MENU, by_act.get("ready", []))
    simple("use", MENU, by_act.get("use", []))
    if actor.items:
        simple("give", TARGET, by_act.get("give", []))
    simple("grapple", TARGET, by_act.get("grapple", []))
    simple("shove", TARGET, by_act.get("shove", []))
    for key, aim in (("escape", NOW), ("stabilize", TARGET), ("mount", TARGET), ("dismount", NOW)):
        if by_act.get(key):
            simple(key, aim, by_act[key])
    simple("stand", NOW, by_act.get("stand", []))
    simple("end", NOW, by_act.get("end", []))
    return found


def can_guess(battle, actor) -> bool:
    """5e, Unseen attackers and targets: a foe hidden from the actor may be attacked at the square
    it guesses (`at`), while the actor has an attack left (the engine judges the square)."""
    hidden = any(c.alive and hidden_from(c, actor) for c in battle.state.creatures.values())
    return hidden and not actor.incapacitated and (actor.attacks_left > 0 or actor.action)


def closest_per_target(listed: list[Option]) -> list[Option]:
    """The Aggressive moves as a menu: per hostile creature, the first of its moves (the options
    query lists one per square, the one ending nearest to it first)."""
    best: dict[str, Option] = {}
    for o in listed:
        best.setdefault(o.command["toward"], o)
    return list(best.values())


def attack_names(actor) -> list[str]:
    return [a.name for a in actor.stats.attacks if a.name != "unarmed"] + ["unarmed"]


def attack_tip(actor, name: str) -> str:
    a = weapon_of(actor, name)
    where = _("reach {reach} m").format(reach=number(a.reach)) if a.is_melee else ""
    if a.range:
        ranged = _("range {normal}/{long} m").format(normal=number(a.range[0]), long=number(a.range[1]))
        where = f"{where}, {ranged}" if where else ranged
    return _("{weapon}: {bonus} to hit, {damage} {type} ({where}). Click a ringed enemy; hover it for the chance to "
             "hit.").format(weapon=name, bonus=f"{a.to_hit:+d}", damage=a.damage, type=damage_type(a.type), where=where)


# ---------------------------------------------------------------------- reactions
def offer_view(battle, options: list[Option]) -> api.OfferView:
    """The first offer in words: the question for the player, and the cost or the odds."""
    offer = battle.state.offers[0]
    creatures = battle.state.creatures
    reactor, provoker = creatures[offer.reactor], creatures[offer.provoker]
    detail = ""
    if offer.kind == "shield":
        if battle.state.pending_darts is not None:
            question = _("{reactor} is targeted by {provoker}'s magic missile — cast shield (no damage from it, "
                         "+{bonus} AC)?").format(reactor=reactor.name, provoker=provoker.name, bonus=SHIELD_AC)
        else:
            question = _("{reactor} is hit by {provoker}'s attack — cast shield (+{bonus} AC)?").format(
                reactor=reactor.name, provoker=provoker.name, bonus=SHIELD_AC)
        # SRD 5.1, Shield: a reaction and a slot; its AC bonus lasts until the start of its next turn
        detail = _("Uses the reaction and a spell slot; the +{bonus} AC lasts until the start of its next turn.").format(
            bonus=SHIELD_AC)
    elif offer.kind == "readied":
        question = _("{reactor} may take its readied action against {provoker} — take it?").format(
            reactor=reactor.name, provoker=provoker.name)
    elif offer.kind == "leap":
        question = _("{provoker} falls prone — {reactor} may leap off and land on its feet: take it?").format(
            reactor=reactor.name, provoker=provoker.name)
        # 5e, Combat monté: with the reaction; otherwise the rider falls prone beside its mount
        detail = _("Uses the reaction; otherwise it falls prone beside its mount.")
    else:
        question = _("{reactor} may make an opportunity attack on {provoker} — take it?").format(
            reactor=reactor.name, provoker=provoker.name)
        take = next((o for o in options if o.act == "react" and o.command.get("take")), None)
        if take is not None and take.preview.hit_chance is not None:
            p = take.preview
            detail = _("With its {weapon}: {chance}% to hit: needs {number} ({defence}); cover: {cover}").format(
                weapon=p.attack or _("weapon"), chance=round(p.hit_chance * 100), number=p.target_number,
                defence=p.defence, cover=p.cover)
            if p.expected_damage is not None:
                detail = _("{detail}; expected damage {damage:.1f}").format(detail=detail, damage=p.expected_damage)
    return api.OfferView(reactor.id, provoker.id, offer.kind, question, detail)


# ---------------------------------------------------------------------- why not
def why_not(battle, actor, key: str) -> str:
    """Why an act is not allowed now, in the engine's own words: a sample command of the act is
    checked (against the nearest creature it could be aimed at), so the reason is the rule's."""
    if key == "end":
        return _("not your turn")
    if key == "move":
        if (why := why_immobile(actor)) is not None:
            return named(battle, why)
        if actor.speed() == 0:
            why = [c for c in ("grappled", "restrained") if c in actor.conditions]
            return _("speed 0 ({condition})").format(condition=condition_word(why[0])) if why else _("speed 0")
        left = actions.movement_left(battle, actor)
        if left < SQUARE_M:
            return _("no movement left ({left} m)").format(left=number(left))
        return _("no free square in reach")
    sample = sample_command(battle, actor, key)
    if sample is None:
        return _("nobody to aim it at")
    reason = battle.check(sample)
    return named(battle, reason) if reason else _("not allowed now")


def named(battle, text: str) -> str:
    """The engine's words with each creature's name for its id (words.with_names)."""
    return with_names(battle.state.creatures, text)


def reason_for(battle, act_key: str, target_id: str | None) -> str:
    """Why the creature acting now may not take the act (at target_id, when given): the engine's
    refusal of that command, in words with names ('' when it would be accepted)."""
    actor = battle.current
    if actor is None:
        return _("nobody acts now")
    if target_id is None:
        return why_not(battle, actor, act_key)
    command = sample_command(battle, actor, act_key, target_id)
    if command is None:
        return _("not a target for it")
    reason = battle.check(command)
    return named(battle, reason) if reason else ""


def _nearest(battle, actor, creatures):
    return min(creatures, key=lambda c: (distance_m(battle, actor, c), c.id), default=None)


def sample_command(battle, actor, key: str, target_id: str | None = None) -> dict | None:  # noqa: C901
    """A command of the act aimed at target_id, or else at the nearest creature it could be aimed
    at (None: nobody to aim it at)."""
    me = {"actor": actor.id}
    others = [c for c in battle.state.creatures.values() if c is not actor and c.alive]
    foe = _nearest(battle, actor, [c for c in others if c.side != actor.side])
    ally = _nearest(battle, actor, [c for c in others if c.side == actor.side])
    chosen = battle.state.creatures.get(target_id) if target_id is not None else None
    if target_id is not None and chosen is None:
        return None
    if key.startswith("attack:"):
        target = chosen or foe
        return target and {**me, "act": "attack", "target": target.id, "with": key.split(":", 1)[1]}
    if key.startswith("spell:"):
        spell = SPELLS[key.split(":", 1)[1]]
        target = chosen or (foe if spell.hostile else actor)
        if target is None:
            return None
        if spell.effect == "area":
            return {**me, "act": "cast", "spell": spell.name, "at": [target.x, target.y]}
        slot = slot_for(actor, spell)
        level = {"level": slot} if slot and slot != spell.level else {}
        return {**me, "act": "cast", "spell": spell.name, "target": target.id, **level}
    if key == "aggressive":
        target = chosen or foe
        return target and {**me, "act": "aggressive", "toward": target.id, "to": [target.x, target.y]}
    if key in ("grapple", "shove"):
        target = chosen or foe
        return target and {**me, "act": key, "target": target.id}
    if key == "help":
        helped = chosen or ally
        return helped and foe and {**me, "act": "help", "target": helped.id, "against": foe.id}
    if key == "use":
        item = {"item": actor.items[0]} if actor.items else None
        return item and {**me, "act": "use", **item, **({"target": chosen.id} if chosen else {})}
    if key == "give":
        target = chosen or ally
        return target and actor.items and {**me, "act": "give", "item": actor.items[0], "target": target.id} or None
    if key == "ready":
        return {**me, "act": "ready", "trigger": {"event": "enters_reach", "by": "enemy"},
                "then": {"act": "attack", "with": attack_names(actor)[0]}}
    if key in ("stabilize", "mount"):
        target = chosen or ally
        return target and {**me, "act": key, "target": target.id}
    return {**me, "act": key}


# ---------------------------------------------------------------------- spells
def castable(actor) -> list:
    """The spells of its stat block that the cast command takes (not reactions), in its order."""
    return [SPELLS[n] for n in actor.stats.spells if n in SPELLS and SPELLS[n].time != "reaction"]


def spell_acts(battle, actor, listed: list[Option]) -> list[Act]:
    """One act per spell it knows, holding the options query's casts of it."""
    if actor.stats.spellcasting is None:
        return []
    found = []
    for spell in castable(actor):
        options = [o for o in listed if o.command.get("spell") == spell.name]
        reason = "" if options else why_not(battle, actor, f"spell:{spell.name}")
        aim = AREA if spell.effect == "area" else TARGET
        title = titled(spell.name)
        found.append(Act(f"spell:{spell.name}", title, "", aim, options, reason, spell_tip(spell)))
    return found


def spell_range(spell) -> str:
    if spell.area == "cone":
        return _("self")
    return _("touch (1.5 m)") if spell.range_m == 1.5 else _("{range} m").format(range=number(spell.range_m))


def spell_tip(spell) -> str:
    level = _("cantrip") if spell.cantrip else _("level {level}").format(level=spell.level)
    save = ability(spell.save) if spell.save else ""
    if spell.effect == "attack":
        what = _("ranged spell attack")
    elif spell.effect == "save":
        what = _("{ability} save").format(ability=save)
    elif spell.effect == "darts":
        what = _("{count} darts that always hit").format(count=spell.darts)
    elif spell.effect == "heal":
        what = _("healing")
    elif spell.effect == "area":
        shape = _("{size} m cone") if spell.area == "cone" else _("{size} m sphere")
        shape = shape.format(size=number(spell.size_m))
        what = _("{shape}, {ability} save for half").format(shape=shape, ability=save)
    else:
        what = spell.effect
    dice = f", {spell.dice} {damage_type(spell.dtype)}".rstrip() if spell.dice else ""
    time = _("bonus action") if spell.time == "bonus" else _("action")
    aim = _("Click a square.") if spell.effect == "area" else _("Click a ringed creature.")
    return _("{spell} ({level}, {time}): {what}{dice}; range {range}. {aim}").format(
        spell=spell.name, level=level, time=time, what=what, dice=dice, range=spell_range(spell), aim=aim)


def slot_for(actor, spell) -> int | None:
    """The slot a cast would spend: 0 for a cantrip, else the lowest slot left of its level or higher."""
    if spell.cantrip:
        return 0
    return min((lv for lv, n in actor.slots.items() if lv >= spell.level and n > 0), default=None)


__all__ = ["acts", "LETTERS", "TITLES", "TIPS"]
