"""Class features applied as commands: the fighter's Second Wind (SRD 5.1, Fighter: "On your
turn, you can use a bonus action to regain hit points equal to 1d10 + your fighter level. Once
you use this feature, you must finish a short or long rest before you can use it again") and
Action Surge ("On your turn, you can take one additional action on top of your regular action
and a possible bonus action", with the same rest).

A battle has no rest: each is used once a battle. The fighter level is the stat block's
`level` (the bundled heroes are level 3). Our reading of Action Surge: a free act on its own
turn once its action is spent (refused while the action is unused), which gives the action
back; an Attack action's attacks left are kept, the new action is an Attack action with all its
attacks again. The turn's spell rules are untouched (spells.check_timing): after a bonus-action
spell the second action too casts only a cantrip.
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
ACTION_SURGE = "action-surge"
SURGED = "action_surge_used"  # kept in the creature's effects for the rest of the battle


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


def can_action_surge(creature: Creature) -> bool:
    """Whether it has Action Surge and has not used it this battle (its action may be unspent)."""
    return ACTION_SURGE in creature.stats.traits and not creature.effects.get(SURGED)


def do_action_surge(battle, actor: Creature, cmd) -> None:
    """SRD 5.1, Fighter, Action Surge: one more action this turn, once; free, once the action is spent."""
    if ACTION_SURGE not in actor.stats.traits:
        raise IllegalCommand(_("{id} has no Action Surge").format(id=actor.id))
    if actor.effects.get(SURGED):
        raise IllegalCommand(_("{id} has used its Action Surge (it needs a short or long rest)").format(id=actor.id))
    battle._able(actor)  # whatever prevents actions prevents this one too
    if actor.action:
        raise IllegalCommand(_("{id} still has its action this turn: Action Surge gives one more once it is "
                               "spent").format(id=actor.id))
    actor.effects[SURGED] = True
    actor.action = True
    battle.emit("action", _("{name} uses Action Surge: one more action this turn").format(name=actor.name),
                rules=("action-surge", "your-turn"), creature=actor.id)
