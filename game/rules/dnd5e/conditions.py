"""Conditions, each rule written once: the SRD 5.1's (Appendix A: Conditions, where the seed is
silent) and the seed's own Dodge and surprise. Who can be given a condition (condition
immunities), who can move, who can react, what a Dodge still gives, which saves fail by themselves.

The engine's acts, attacks, saves, reactions and falls ask here; attack-roll modifiers stay in
attacks.preview_attack, ability-check ones in checks.check_advantage.
"""

from __future__ import annotations

from ...i18n import translator
from ..errors import IllegalCommand
from ..state import CONSCIOUS, Creature
from .vocab import condition as condition_word

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

# SRD 5.1, Paralyzed, Petrified, Stunned, Unconscious: the creature "can't move", and
# automatically fails Strength and Dexterity saving throws
HELPLESS = ("unconscious", "paralyzed", "petrified", "stunned")


def immune(creature: Creature, condition: str) -> bool:
    """SRD 5.1, condition immunities (stat block key `condition_immunities`): never gets it."""
    return condition in creature.stats.condition_immunities


def refuse_if_immune(creature: Creature, condition: str) -> None:
    """An act whose only point is a condition the target is immune to is refused."""
    if immune(creature, condition):
        raise IllegalCommand(_("{id} is immune to {condition}").format(id=creature.id,
                                                                     condition=condition_word(condition)))


def say_immune(battle, creature: Creature, condition: str) -> None:
    """The log line of an effect that cannot give its condition."""
    battle.emit("note", _("{name} is immune to {condition}").format(name=creature.name,
                                                                   condition=condition_word(condition)),
                rules=("conditions",), creature=creature.id)


# the rule card of a condition's log line when the caller names none
CONDITION_RULES = {"prone": "prone", "grappled": "grapple", "hidden": "hide"}


def give(battle, creature: Creature, condition: str, text: str | None = None, rules: tuple[str, ...] = ()) -> bool:
    """Give a creature a condition, the one way every effect does it: not if it is immune.

    `text` is the log line of the condition event (None: the caller says it otherwise), `rules`
    the rule cards it applies (by default the condition's own).
    """
    if immune(creature, condition):
        say_immune(battle, creature, condition)
        return False
    if condition not in creature.conditions:
        creature.conditions.add(condition)
        if text:
            battle.emit("condition", text, rules=rules or (CONDITION_RULES.get(condition, "conditions"),),
                        creature=creature.id, condition=condition)
    return True


def why_immobile(creature: Creature) -> str | None:
    """Why the creature cannot move now (walk, stand up, drop prone, mount, dismount), or None.

    SRD 5.1, Incapacitated: it "can't take actions or reactions", nothing more: it may move.
    """
    if creature.state != CONSCIOUS:
        return _("{id} is {state}").format(id=creature.id, state=condition_word(creature.state))
    held = next((c for c in HELPLESS if c in creature.conditions), None)
    return _("{id} is {condition}: it cannot move").format(id=creature.id, condition=condition_word(held)) if held \
        else None


def can_react(creature: Creature) -> bool:
    """Whether it may take a reaction now: 5e, "Réactions", one until the start of its next turn;
    SRD 5.1, Incapacitated: none; 5e, "Surprise": none until its first turn ends."""
    return creature.reaction and not creature.incapacitated and "surprised" not in creature.conditions


def dodging(creature: Creature) -> bool:
    """5e, "Esquiver": the Dodge lasts until its next turn, lost when incapacitated or at speed 0."""
    return "dodging" in creature.conditions and not creature.incapacitated and creature.speed() > 0


def fails_save(creature: Creature, ability: str) -> bool:
    """SRD 5.1, Unconscious (and Paralyzed, Petrified, Stunned): fails Str and Dex saves by itself."""
    if ability not in ("str", "dex"):
        return False
    return creature.state != CONSCIOUS or any(c in creature.conditions for c in HELPLESS)
