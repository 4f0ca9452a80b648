"""5e, Help: the Help action, the advantage it gives and its spending on the first attack."""

from __future__ import annotations

from ...i18n import _
from ..errors import IllegalCommand
from ..state import Creature
from .geometry import within
from .vocab import condition as condition_word


def do_help(battle, actor: Creature, cmd) -> None:
    """5e, Help: the ally's first attack against a foe within 1.5 m of you has advantage."""
    ally = battle.creature(cmd.get("target"))
    foe = battle.creature(cmd.get("against"))
    if ally is actor or ally.side != actor.side:
        raise IllegalCommand(_("{ally} is not an ally of {id}").format(ally=ally.id, id=actor.id))
    if not ally.standing:
        raise IllegalCommand(_("{ally} is {state}: it cannot be helped to attack").format(
            ally=ally.id, state=condition_word(ally.state)))
    if foe.side == actor.side or not foe.alive:
        raise IllegalCommand(_("{foe} is not an enemy to help against").format(foe=foe.id))
    if not within(battle, actor, foe, 1.5):
        raise IllegalCommand(_("{foe} must be within 1.5 m of {id} to help against it").format(foe=foe.id, id=actor.id))
    battle.use_action(actor, "Help")
    battle.state.helps.append((actor.id, ally.id, foe.id))
    battle.emit("action", _("{name} helps {ally} against {foe}").format(name=actor.name, ally=ally.name, foe=foe.name),
                rules=("help",), creature=actor.id)


def help_for(battle, attacker: Creature, target: Creature) -> str | None:
    """The helper whose Help gives this attack advantage, if any."""
    for helper, ally, foe in battle.state.helps:
        if ally == attacker.id and foe == target.id:
            return helper
    return None


def use_help(battle, attacker: Creature, target: Creature) -> None:
    helper = help_for(battle, attacker, target)
    if helper is not None:
        battle.state.helps.remove((helper, attacker.id, target.id))
