"""SRD 5.1, Shield: the reaction spell a caster may cast when an attack hits it."""

from __future__ import annotations

from ...i18n import translator
from ..errors import IllegalCommand
from ..state import Creature
from .conditions import can_react

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

AC_BONUS = 5  # SRD 5.1, Shield: "+5 bonus to AC, including against the triggering attack"


def shielded(creature: Creature) -> bool:
    """Whether the shield spell is on the creature now (until the start of its next turn): +5 AC,
    no damage from magic missile."""
    return "shield" in creature.effects


def shield_bonus(creature: Creature) -> int:
    """The AC the shield spell adds to the creature now: +5 until the start of its next turn."""
    return AC_BONUS if shielded(creature) else 0


def turned_by_shield(total: int, target_number: int) -> bool:
    """Whether Shield's +5 AC turns an attack that reached `target_number` with `total` into a miss
    (a natural 20 hits whatever the AC: the caller leaves it out)."""
    return total < target_number + AC_BONUS


def can_cast_shield(caster: Creature, battle=None) -> bool:
    """Whether the caster could cast shield now: knows it, a slot of level 1 or more, its reaction.

    With the battle, also SRD 5.1, Bonus action casting: on its own turn, after a bonus-action
    spell, no other spell but a cantrip.
    """
    if "shield" not in caster.stats.spells or caster.stats.spellcasting is None:
        return False
    if not can_react(caster):
        return False
    if battle is not None and battle.current is caster and caster.effects.get("turn:bonus_spell"):
        return False
    return lowest_slot(caster, 1) is not None


def lowest_slot(caster: Creature, level: int) -> int | None:
    return min((lv for lv, n in caster.slots.items() if lv >= level and n > 0), default=None)


def cast_shield(battle, caster: Creature) -> None:
    """Cast shield as a reaction: spends the reaction and the lowest slot left (level 1 first).

    SRD 5.1, Shield: +5 AC until the start of the caster's next turn (the engine removes the
    effect then), including against the triggering attack; no damage from magic missile.
    """
    if not can_cast_shield(caster, battle):
        raise IllegalCommand(_("{id} cannot cast shield now").format(id=caster.id))
    slot = lowest_slot(caster, 1)
    caster.slots[slot] -= 1
    caster.reaction = False
    caster.effects["shield"] = True
    caster.conditions.discard("hidden")
    battle.emit("cast", _("{name} casts shield (slot {slot}) as a reaction: +{bonus} AC until the start of its next "
                          "turn").format(name=caster.name, slot=slot, bonus=AC_BONUS), rules=("shield", "cast-spell", "reactions"),
                caster=caster.id, spell="shield", slot=slot, targets=[caster.id])
