"""What an act spends: the action, or the bonus action where a creature's trait allows it."""

from __future__ import annotations

from ...i18n import N_, translator
from ..errors import IllegalCommand
from ..state import Creature

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

BONUS_ACTION_TRAITS = {
    # trait: the actions it allows as a bonus action (SRD 5.1 stat blocks and class features)
    "nimble-escape": {"disengage", "hide"},
    "cunning-action": {"dash", "disengage", "hide"},
}


ACTION, BONUS_ACTION = "action", "bonus action"  # what spend_action_or_bonus spent (ids, not words)
SPENT_WORDS = {ACTION: N_("action"), BONUS_ACTION: N_("bonus action")}
CANNOT_AS_BONUS = {"dash": N_("{id} cannot dash as a bonus action"),
                   "disengage": N_("{id} cannot disengage as a bonus action"),
                   "hide": N_("{id} cannot hide as a bonus action")}


def spend_action_or_bonus(battle, actor: Creature, act: str, cmd) -> str:
    """Spend the action, or the bonus action where a trait allows it (`bonus = true` asks for it):
    ACTION or BONUS_ACTION (SPENT_WORDS gives their words)."""
    allowed = bonus_allowed(actor, act)
    wants_bonus = cmd.get("bonus", False)
    if not isinstance(wants_bonus, bool):
        raise IllegalCommand(_("'bonus' must be true or false"))
    if wants_bonus and not allowed:
        raise IllegalCommand(_(CANNOT_AS_BONUS.get(act, N_("{id} cannot do that as a bonus action"))).format(
            id=actor.id))
    if allowed and (wants_bonus or not actor.action):
        battle.use_bonus_action(actor, act)
        return BONUS_ACTION
    battle.use_action(actor, act)
    return ACTION


def bonus_allowed(creature: Creature, act: str) -> bool:
    """Whether a trait of the creature lets it take this act as a bonus action."""
    return any(act in acts for trait, acts in BONUS_ACTION_TRAITS.items() if trait in creature.stats.traits)
