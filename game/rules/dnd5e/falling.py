"""Flying creatures that fall (5e, Flying movement; SRD 5.1, Falling: 1d6 per 3 m, landing prone)."""

from __future__ import annotations

from ..state import Creature
from .attacks import apply_rolled_damage, roll_damage
from .conditions import give, why_immobile
from ...core.dice import DiceExpr
from ...i18n import translator
from .vocab import number

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def must_fall(creature: Creature) -> bool:
    """Knocked prone, at speed 0 or unable to move, a flyer falls unless it can hover."""
    if creature.altitude <= 0 or not creature.alive or "mounted_on" in creature.effects:
        return False
    if creature.stats.hover and creature.state == "conscious":
        return False
    return creature.prone or why_immobile(creature) is not None or creature.speed("fly") == 0


def check_falls(battle) -> None:
    for creature in battle.state.creatures.values():
        if must_fall(creature):
            fall(battle, creature)


def fall(battle, creature: Creature) -> None:
    height = creature.altitude
    creature.altitude = 0.0
    dice = int(height // 3)
    battle.emit("move", _("{name} falls {height} m").format(name=creature.name, height=number(height)),
                rules=("flying", "falling"), creature=creature.id,
                path=[[creature.x, creature.y]], cost=0.0, forced=True, fall=height)
    if dice:
        battle.damage_source = None  # nobody's doing
        rolled, how = roll_damage(battle, DiceExpr(dice, 6, 0))
        apply_rolled_damage(battle, creature, rolled, "bludgeoning", how)
    if creature.alive:
        give(battle, creature, "prone", rules=("falling", "prone"))  # SRD 5.1, Falling: it lands prone
