"""3.5 potions, the `use` act: what each potion a creature carries does, and when it may be used.

3.5 SRD, Actions in combat: drinking a potion, or giving one to a creature next to you (an
unconscious ally), is a standard action that provokes attacks of opportunity; once used, it is
gone. A creature in a grapple cannot (it is none of a grappler's options). The stat block's
`items` lists the potions (game/content/schema_35.py keeps their ids).
"""

from __future__ import annotations

from ...core.dice import DiceExpr
from ...i18n import _
from ..words import spoken
from .combat import heal, roll_expr
from .geometry import gap

# 3.5 SRD, Potion of cure light wounds: the spell at caster level 1, 1d8 + 1
POTIONS = {"potion-of-cure-light-wounds": ("1d8", 1)}


def expected_heal(item: str) -> float:
    dice, bonus = POTIONS[item]
    return DiceExpr.parse(dice).average + bonus


def use_problem(battle, actor, item, target) -> str:
    """Why the actor may not use this item on this target now ('' when it may)."""
    if item not in POTIONS:
        return _("unknown item {item} (this ruleset's: {known})").format(item=repr(item), known=", ".join(POTIONS))
    if item not in actor.items:
        return _("{id} carries no {item}").format(id=actor.id, item=spoken(item))
    if "grappled" in actor.conditions:
        return _("{id} is grappled: it cannot drink or give a potion").format(id=actor.id)
    if actor.sequence:
        return _("{id} is in the middle of a full attack").format(id=actor.id)
    if not actor.standard:
        return _("{id} has no standard action left this turn").format(id=actor.id)
    if target is not actor:
        if not target.alive:
            return _("{id} is dead").format(id=target.id)
        if target.side != actor.side or gap(actor.space, target.space) != 1:
            return _("{id} can give a potion only to an ally next to it").format(id=actor.id)
    return ""


def drink(engine, actor, target, item: str) -> None:
    """The potion's effect (the action spent, the potion gone, the attacks of opportunity past)."""
    if not target.alive:
        engine.emit("note", _("{name}'s {item} is lost: {target} is dead").format(
            name=actor.name, item=spoken(item), target=target.name), rules=("potions",), creature=actor.id)
        return
    words = _("{name} drinks a {item}") if target is actor else _("{name} gives {target} a {item}")
    engine.emit("action", words.format(name=actor.name, target=target.name, item=spoken(item)),
                rules=("potions",), creature=actor.id)
    dice, bonus = POTIONS[item]
    amount, faces = roll_expr(engine.state.dice, DiceExpr.parse(dice))
    engine.emit("note", _("{item}: {dice} [{faces}] + {bonus}").format(
        item=spoken(item), dice=dice, faces=" ".join(map(str, faces)), bonus=bonus), rules=("potions", "healing"))
    heal(engine, target, amount + bonus)
