"""The acts the screen shows under 4e (one button each: move, run, shift, charge, each power,
second wind, total defense, action point, stand, drop prone, escape, hide, end), why an act is
not allowed now, and the reaction on offer in words."""

from __future__ import annotations

from ...i18n import N_, _
from .. import api
from ..errors import IllegalCommand
from ..words import spoken, titled
from . import economy
from .options import guessable, offer_options
from .powers import power_of
from .words import action, defence, kind, usage

TITLES = {"move": (N_("Move"), "M", api.MOVE), "run": (N_("Run"), "R", api.MENU), "shift": (N_("Shift"), "S", api.MENU),
          "charge": (N_("Charge"), "C", api.TARGET), "second_wind": (N_("Second wind"), "W", api.NOW),
          "total_defense": (N_("Total defense"), "D", api.NOW), "action_point": (N_("Action point"), "P", api.NOW),
          "stand": (N_("Stand up"), "U", api.NOW), "drop_prone": (N_("Drop prone"), "", api.NOW),
          "escape": (N_("Escape"), "X", api.NOW), "stabilize": (N_("First aid"), "F", api.TARGET),
          "grapple": (N_("Grab"), "G", api.TARGET), "shove": (N_("Bull rush"), "B", api.TARGET),
          "hide": (N_("Hide"), "K", api.NOW), "end": (N_("End turn"), "E", api.NOW)}
TIPS = {"move": N_("one move action (both move and standard beyond your speed)"),
        "run": N_("speed + 2 squares; -5 to attack and grants combat advantage until your next turn"),
        "shift": N_("one square, provoking no opportunity attack"), "charge": N_("move and a melee basic attack at +1"),
        "second_wind": N_("standard: spend a healing surge, +2 to all defences"),
        "total_defense": N_("standard: +2 to all defences"),
        "action_point": N_("free: one more action this turn"), "stand": N_("move action"),
        "drop_prone": N_("minor action"), "escape": N_("move action: break a grab"),
        "grapple": N_("standard: Str vs Ref, the target is grabbed"), "shove": N_("standard: Str vs Fort, push 1"),
        "stabilize": N_("standard: Heal DC 15 stops a dying ally's death saves"),
        "hide": N_("move action: Stealth against each enemy's passive Perception, behind superior cover"),
        "end": N_("end the turn")}


def key_of(option: api.Option) -> str:
    command = option.command
    if command["act"] == "attack":
        return f"attack:{command.get('with') or 'basic'}"
    return command["act"]


def guessing(c, option: api.Option) -> bool:
    """An attack at a square guessed for a hidden foe (options.guess_options): not among the
    button's options, which ring creatures (the ring would stand where the foe really is), but
    its `guesses`, which ring the square."""
    command = option.command
    if command.get("act") != "attack" or command.get("at") is None or command.get("target") is not None:
        return False
    try:
        return not power_of(c, command.get("with")).area
    except IllegalCommand:
        return False


def power_aim(power) -> str:
    if power.kind in ("close-blast", "area-burst"):
        return api.AREA
    if power.kind == "close-burst":
        return api.NOW
    return api.TARGET


def acts(battle, options: list[api.Option]) -> list[api.Act]:
    state = battle.state
    if state.over or state.offers or not state.started or state.current is None:
        return []
    c = state.current
    by_key: dict[str, list[api.Option]] = {}
    guesses: dict[str, list[api.Option]] = {}
    for option in options:
        (guesses if guessing(c, option) else by_key).setdefault(key_of(option), []).append(option)
    # a foe hidden from c: a click on a square may guess it is there (guessing.py)
    hiding = any(o.side != c.side and o.alive and "hidden" in o.conditions for o in state.creatures.values())
    entries = []
    shortcuts = iter("1234567890")
    for power in c.stats.powers:
        key = f"attack:{power.name}"
        used = usage(power.usage) + (f" {power.recharge}+" if power.usage == "recharge" else "")
        left = c.uses_left(power)
        tip = f"{action(power.action)}, {used}, {kind(power.kind)}" + (
            " " + _("vs {defence}").format(defence=defence(power.vs)) if power.vs else "") + (
            "" if not power.limited else f" ({_('used') if left <= 0 else _('ready')})")
        title = titled(power.name) + (f" ({power.recharge}+)" if power.usage == "recharge" else "")
        guess = {"actor": c.id, "act": "attack", "with": power.name} if hiding and guessable(c, power) else None
        entries.append(api.Act(key, title, next(shortcuts, ""), power_aim(power),
                               by_key.get(key, []), "" if by_key.get(key) else reason_for(battle, key), tip,
                               usage=power.usage, guess=guess, guesses=guesses.get(key, [])))
    for key, (title, shortcut, aim) in TITLES.items():
        found = by_key.get(key, [])
        guess = None
        if key in ("grapple", "shove") and hiding and not economy.refusal(c, "standard"):
            guess = {"actor": c.id, "act": key}  # the grab and the bull rush guess a square too
        entries.append(api.Act(key, _(title), shortcut, aim, found, "" if found else reason_for(battle, key),
                               _(TIPS[key]), guess=guess))
    return entries


def reason_for(battle, act_key: str, target_id: str | None = None) -> str:
    """Why the creature acting now may not take the act ('' when it may), in the engine's words."""
    state = battle.state
    c = state.current
    if c is None or state.over:
        return _("the battle is over")
    if state.offers:
        return _("a reaction is waiting for its answer")
    act, _sep, name = act_key.partition(":")
    if act == "attack":
        try:
            power = power_of(c, name or "basic")
        except IllegalCommand as exc:  # an unknown power: the engine's own line
            return str(exc)
        if c.uses_left(power) <= 0:
            return _("{power} is spent ({usage})").format(power=spoken(power.name), usage=usage(power.usage))
        why = economy.refusal(c, power.action)
        if why:
            return why
        if target_id is not None:
            return battle.check({"actor": c.id, "act": "attack", "with": power.name, "target": target_id}) or ""
        if power.kind in ("close-blast", "area-burst"):
            return ""
        return _("no target for it now")
    command = {"actor": c.id, "act": act}
    if act == "stabilize":
        return battle.stabilize_refusal(c, target_id) if target_id else _("nobody beside it is dying")
    if act in ("grapple", "shove"):
        name = "grab" if act == "grapple" else "bull-rush"
        return battle.special_refusal(c, name, target_id) if target_id else (
            economy.refusal(c, "standard") or _("no foe beside it"))
    if act == "charge":
        if target_id is None:
            return economy.refusal(c, "standard") or _("no foe to charge")
        command["target"] = target_id
    elif act in ("move", "run", "shift"):
        return economy.refusal(c, "move") or _("nowhere to go")
    return battle.check(command) or ""


def offer_view(battle) -> api.OfferView | None:
    if not battle.state.offers:
        return None
    offer = battle.state.offers[0]
    creatures = battle.state.creatures
    reactor, provoker = creatures[offer.reactor], creatures[offer.provoker]
    if offer.kind == "opportunity":
        question = _("{name} provokes {reactor} — make an opportunity attack?").format(name=provoker.name,
                                                                                      reactor=reactor.name)
    elif offer.kind == "readied":
        then = reactor.effects.get("readied", {}).get("then", {})
        question = _("{name} triggers {reactor}'s readied action — {power} on {target}?").format(
            name=provoker.name, reactor=reactor.name, power=spoken(then.get("with") or "basic"),
            target=creatures[then["target"]].name if then.get("target") in creatures else provoker.name)
    else:
        question = _("{name}, marked by {reactor}, acts beside it — strike first (immediate interrupt)?").format(
            name=provoker.name, reactor=reactor.name)
    detail = ""
    preview = offer_options(battle)[0].preview
    if preview.hit_chance is not None:
        detail = _("basic attack vs {defence}: {chance} to hit").format(defence=preview.defence,
                                                                       chance=f"{preview.hit_chance:.0%}")
    return api.OfferView(reactor.id, provoker.id, offer.kind, question, detail)
