"""4e, hiding in battle (the Stealth skill, in our own words; RULESETS.md 2 names only its
outcome: "attacker unseen", total concealment -5), and what the hider's enemies know of where it is.

`hide` is a move action spent where the creature stands (4e makes the Stealth check at the end
of a move action; engine reading: a move of no squares). It needs superior cover or total
concealment from every standing enemy that could see it; one d20 + Stealth then beats each
enemy's passive Perception (10 + Perception), or the first one it does not beat notices the
hider. Hidden, it is unseen (total concealment -5, combat advantage for it) until it attacks
(resolve.give_away), or until it ends a step (of a move, a shift, a forced move) where a standing
enemy that could see it has no superior cover against it (4e: you stay hidden only while you keep
superior cover or total concealment; our maps have no concealment, so cover alone). Engine
reading: `hidden` is one condition, hidden from all its enemies, so the first enemy that sees it
so sees it for all (its side shouts where it is).

Its enemies watched it go to ground: they know the square it hid in (`suspected`), not where
it goes after. Engine reading: sure of that square until the hider's next turn starts, then
an even chance it is still there (it may have slipped away unseen). A creature hidden from the
start of the battle was never seen: nobody knows its square."""

from __future__ import annotations

from ...core.terrain import THREE_QUARTERS
from ...i18n import _
from . import economy
from .geometry import could_see, cover_level

STILL_THERE = 0.5  # the chance a hider is still in its square once it has had a turn since


def _enemies(battle, c) -> list:
    """The standing enemies of c, in initiative order."""
    creatures = battle.state.creatures
    return [creatures[cid] for cid in battle.state.order
            if creatures[cid].side != c.side and creatures[cid].standing]


def watcher(battle, c):
    """The first standing enemy of c, in initiative order, that could see it (hidden or not)
    without superior cover against it; None when every one that could see it meets superior
    cover. The one rule of `hide` and of staying hidden."""
    for enemy in _enemies(battle, c):
        if could_see(battle, enemy, c) and cover_level(battle, enemy, c, melee=False) < THREE_QUARTERS:
            return enemy
    return None


def hide_refusal(battle, c) -> str:
    """Why c may not try to hide now ('' when it may)."""
    if "hidden" in c.conditions:
        return _("{name} is hidden already").format(name=c.name)
    enemy = watcher(battle, c)
    if enemy is not None:
        return _("{name} cannot hide: {enemy} sees it without superior cover").format(name=c.name, enemy=enemy.name)
    return economy.refusal(c, "move")


def success_chance(battle, c) -> float:
    """The chance one d20 + Stealth beats every standing enemy's passive Perception."""
    best = max((e.stats.passive_perception for e in _enemies(battle, c)), default=0)
    return sum(1 for face in range(1, 21) if face + c.stats.skill("stealth") > best) / 20


def hide(battle, c) -> None:
    """The Stealth check of `hide` (hide_refusal said it may): hidden, or noticed."""
    economy.spend(c, "move")
    face = battle.state.dice.roll(20)
    bonus = c.stats.skill("stealth")
    total = face + bonus
    rolled = dict(name=c.name, face=face, bonus=f"{bonus:+d}", total=total)
    noticing = next((e for e in _enemies(battle, c) if total <= e.stats.passive_perception), None)
    if noticing is not None:
        battle.emit("check", _("{name} tries to hide: Stealth d20 {face} {bonus} = {total}, noticed by {enemy} "
                               "(passive Perception {passive})").format(
            enemy=noticing.name, passive=noticing.stats.passive_perception, **rolled),
            rules=("stealth", "move-action"), creature=c.id)
        return
    c.conditions.add("hidden")
    c.effects["hid_at"] = [c.x, c.y]
    c.effects["hid_sure"] = True
    battle.emit("check", _("{name} hides at {square}: Stealth d20 {face} {bonus} = {total}").format(
        square=[c.x, c.y], **rolled), rules=("stealth", "move-action"), creature=c.id)


def reveal(c) -> None:
    """c is no longer hidden, and what its enemies believed of where it hides is dropped: they
    see it (or it gave itself away)."""
    c.conditions.discard("hidden")
    _forget_hiding_place(c)


def _forget_hiding_place(c) -> None:
    """Its enemies no longer believe c is in the square they saw it hide in."""
    c.effects.pop("hid_at", None)
    c.effects.pop("hid_sure", None)


def found_empty(battle, attacker, square) -> None:
    """An attack at a guessed square found nobody there: the attacker's side no longer believes
    a hidden foe is in that square (engine reading: the miss tells it the square is empty; the
    hider stays hidden, its square unknown)."""
    for foe in battle.state.creatures.values():
        if foe.side != attacker.side and tuple(foe.effects.get("hid_at", ())) == tuple(square):
            _forget_hiding_place(foe)


def stepped(battle, c) -> None:
    """c has ended a step (moving, shifting, forced): hidden, it stays so only while every
    standing enemy that could see it meets superior cover; the first that does not sees it."""
    if "hidden" not in c.conditions or not c.alive:
        return
    enemy = watcher(battle, c)
    if enemy is None:
        return
    reveal(c)
    battle.emit("condition", _("{name} is seen at {square}: {enemy} sees it without superior cover, it is no "
                               "longer hidden").format(name=c.name, square=[c.x, c.y], enemy=enemy.name),
                rules=("stealth",), creature=c.id)


def turn_begins(c) -> None:
    """A hider's own turn starts: from now on it may have left the square it hid in."""
    if "hid_at" in c.effects:
        c.effects["hid_sure"] = False


def suspected(c) -> tuple[tuple[int, int], float] | None:
    """Where c's enemies believe the hidden c is, and the chance it is there (None: it is not
    hidden, or nobody saw where it hid)."""
    if "hidden" not in c.conditions or "hid_at" not in c.effects:
        return None
    x, y = c.effects["hid_at"]
    return (x, y), 1.0 if c.effects.get("hid_sure") else STILL_THERE
