"""3.5 Hide (3.5 SRD, Hide, opposed by Spot): act `hide`, a move action (E: the SRD rolls Hide as
part of movement; here the move action is the hiding). Only where every standing enemy either
cannot see the creature or sees it only past cover or with concealment ("If people are observing
you, even casually, you can't hide ... If you have cover or concealment, you can hide"; 3.5 SRD,
Concealment: "You can use concealment to make a Hide check"): a blurred creature (the blur spell)
has concealment from every enemy, so it may hide in the open, and stays hidden when a move of
its ends there. One d20 + Hide for the hider,
then one d20 + Spot for each such enemy in initiative order; it is hidden when its total beats
every Spot total (a tie goes to the higher modifier, then to the hider, E).

A hidden creature has total concealment (combat.concealment: a hit on it misses on 01-50 of a
d100, no attack of opportunity against it; the attacker is taken to guess the right square, E),
and its own attack denies its target its Dex to AC, then gives it away. It is seen again when a
move of its ends in the open, seen by an enemy without cover.
"""

from __future__ import annotations

from ...i18n import _
from .combat import unhidden_concealment
from .geometry import can_see, cover_level


def watchers(battle, c) -> list:
    """The standing enemies that can see the creature, in initiative order."""
    state = battle.state
    return [state.creatures[cid] for cid in state.order
            if state.creatures[cid].side != c.side and state.creatures[cid].standing
            and can_see(battle, state.creatures[cid], c)]


def in_the_open(battle, c) -> list:
    """The enemies that see the creature with no cover between them (terrain only: 3.5 SRD, soft
    cover from creatures cannot be used to hide) and no concealment (blur)."""
    return [e for e in watchers(battle, c) if cover_level(battle, e, c, ranged=False) == 0
            and not unhidden_concealment(e, c)]


def hide_problem(battle, c) -> str:
    """Why the creature may not try to hide now ('' when it may)."""
    if "hidden" in c.conditions:
        return _("{id} is hidden already").format(id=c.id)
    seen_by = in_the_open(battle, c)
    if seen_by:
        return _("{id} is in plain sight of {other}: no cover or concealment to hide in").format(
            id=c.id, other=seen_by[0].id)
    return ""


def hide(engine, c) -> None:
    """The opposed checks; hidden when the creature's Hide beats every watcher's Spot."""
    dice = engine.state.dice
    face = dice.roll(20)
    bonus = c.stats.skill("hide")
    total = face + bonus
    lines = []
    spotted = None
    for e in watchers(engine, c):
        spot_face = dice.roll(20)
        spot = e.stats.skill("spot")
        beats = spot_face + spot > total or (spot_face + spot == total and spot > bonus)
        lines.append(_("{name} Spot d20 {face} {bonus} = {total}").format(
            name=e.name, face=spot_face, bonus=f"{spot:+d}", total=spot_face + spot))
        if beats and spotted is None:
            spotted = e
    head = _("{name} tries to hide: Hide d20 {face} {bonus} = {total}").format(
        name=c.name, face=face, bonus=f"{bonus:+d}", total=total)
    line = "; ".join([head] + lines)
    if spotted is None:
        c.conditions.add("hidden")
        engine.emit("condition", _("{line}: hidden").format(line=line), rules=("hide", "concealment"), creature=c.id)
    else:
        engine.emit("check", _("{line}: {other} spots it").format(line=line, other=spotted.name), rules=("hide",),
                    creature=c.id)


def after_move(engine, c) -> None:
    """A hidden creature whose move ends in the open, seen by an enemy with no cover, is seen."""
    if "hidden" not in c.conditions or not c.standing:
        return
    seen_by = in_the_open(engine, c)
    if seen_by:
        c.conditions.discard("hidden")
        engine.emit("condition", _("{name} is in plain sight of {other}: no longer hidden").format(
            name=c.name, other=seen_by[0].name), rules=("hide",), creature=c.id)
