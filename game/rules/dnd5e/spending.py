"""What an act spends: the action, or the bonus action where a creature's trait allows it."""

from __future__ import annotations

from ..errors import IllegalCommand
from ..state import Creature

BONUS_ACTION_TRAITS = {
    # trait: the actions it allows as a bonus action (SRD 5.1 stat blocks and class features)
    "nimble-escape": {"disengage", "hide"},
    "cunning-action": {"dash", "disengage", "hide"},
}


def spend_action_or_bonus(battle, actor: Creature, act: str, cmd) -> str:
    """Spend the action, or the bonus action where a trait allows it (`bonus = true` asks for it)."""
    allowed = bonus_allowed(actor, act)
    wants_bonus = cmd.get("bonus", False)
    if not isinstance(wants_bonus, bool):
        raise IllegalCommand("'bonus' must be true or false")
    if wants_bonus and not allowed:
        raise IllegalCommand(f"{actor.id} cannot {act} as a bonus action")
    if allowed and (wants_bonus or not actor.action):
        battle.use_bonus_action(actor, act)
        return "bonus action"
    battle.use_action(actor, act)
    return "action"


def bonus_allowed(creature: Creature, act: str) -> bool:
    """Whether a trait of the creature lets it take this act as a bonus action."""
    return any(act in acts for trait, acts in BONUS_ACTION_TRAITS.items() if trait in creature.stats.traits)
