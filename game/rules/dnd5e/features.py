"""Class features applied as commands: the fighter's Second Wind (SRD 5.1, Fighter: "On your
turn, you can use a bonus action to regain hit points equal to 1d10 + your fighter level. Once
you use this feature, you must finish a short or long rest before you can use it again").

A battle has no rest: Second Wind is used once a battle. The fighter level is the stat block's
`level` (the bundled heroes are level 3).
"""

from __future__ import annotations

from ...core.dice import DiceExpr
from ...i18n import _
from ..errors import IllegalCommand
from ..state import Creature
from .attacks import roll_damage
from .damage import heal

SECOND_WIND = "second-wind"
USED = "second_wind_used"  # kept in the creature's effects for the rest of the battle


def can_second_wind(creature: Creature) -> bool:
    """Whether it has the feature and has not used it this battle."""
    return SECOND_WIND in creature.stats.traits and not creature.effects.get(USED)


def second_wind_dice(creature: Creature) -> DiceExpr:
    """1d10 + the fighter level (level 1 when the stat block gives none)."""
    return DiceExpr.parse(f"1d10+{creature.stats.level or 1}")


def do_second_wind(battle, actor: Creature, cmd) -> None:
    """SRD 5.1, Fighter, Second Wind: a bonus action, 1d10 + fighter level hit points, once."""
    if SECOND_WIND not in actor.stats.traits:
        raise IllegalCommand(_("{id} has no Second Wind").format(id=actor.id))
    if actor.effects.get(USED):
        raise IllegalCommand(_("{id} has used its Second Wind (it needs a short or long rest)").format(id=actor.id))
    battle.use_bonus_action(actor, "second wind")
    actor.effects[USED] = True
    rolled, how = roll_damage(battle, second_wind_dice(actor))
    gained = heal(actor, rolled)
    battle.emit("heal", _("{name} uses Second Wind (bonus action): {how} = {rolled}; regains {gained} hp "
                          "({hp}/{max_hp})").format(name=actor.name, how=how, rolled=rolled, gained=gained, hp=actor.hp,
                                                    max_hp=actor.stats.hp),
                rules=("second-wind", "bonus-action", "healing"), creature=actor.id, amount=gained)
