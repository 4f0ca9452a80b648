"""Ability checks and contests (SRD 5.1, Using Ability Scores: contests, skills)."""

from __future__ import annotations

from ...content.creatures import SKILL_ABILITY
from ...core.dice import d20_beats
from ...i18n import translator
from ..state import Creature
from .vocab import skill as skill_word

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def check_bonus(creature: Creature, skill: str) -> int:
    """The bonus of a skill check, or of a plain ability check when given an ability."""
    if skill in SKILL_ABILITY:
        return creature.stats.skill(skill)
    return creature.stats.mod(skill)


def check_advantage(creature: Creature) -> int:
    """Advantage (+1), disadvantage (-1) or neither of the creature's ability checks.

    SRD 5.1, Poisoned: disadvantage on attack rolls (attacks.py) and ability checks.
    """
    return -1 if "poisoned" in creature.conditions else 0


def check_d20(dice, creature: Creature) -> tuple[int, str]:
    """The d20 of an ability check (two with advantage or disadvantage): the face kept, as read."""
    face, faces = dice.d20(check_advantage(creature))
    if len(faces) == 1:
        return face, _("d20 {face}").format(face=face)
    return face, _("d20 {first}/{second} {face}").format(first=faces[0], second=faces[1], face=face)


def ability_check(battle, creature: Creature, skill: str) -> tuple[int, str]:
    """Roll a check: (total, "Name rolls Athletics: d20 12 +5 = 17")."""
    face, shown = check_d20(battle.state.dice, creature)
    bonus = check_bonus(creature, skill)
    return face + bonus, _("{name} rolls {skill}: {roll} {bonus} = {total}").format(
        name=creature.name, skill=skill_word(skill), roll=shown, bonus=f"{bonus:+d}", total=face + bonus)


def best_of(creature: Creature, skills: tuple[str, ...]) -> str:
    """The skill a creature picks when the rules let it choose (its higher bonus)."""
    return max(skills, key=lambda s: (check_bonus(creature, s), -skills.index(s)))


def contest_chance(actor: Creature, actor_skill: str, opponent: Creature, opponent_skills: tuple[str, ...]) -> float:
    """The chance the actor wins the contest (contest's own rules: a tie fails the actor)."""
    edge = check_bonus(actor, actor_skill) - check_bonus(opponent, best_of(opponent, opponent_skills))
    return d20_beats(edge, check_advantage(actor), check_advantage(opponent))


def contest(battle, actor: Creature, actor_skill: str, opponent: Creature, opponent_skills: tuple[str, ...],
            emit) -> bool:
    """A contest: the actor rolls first, then the opponent with its better skill.

    SRD 5.1, Contests: the higher total wins; a tie leaves things as they were (the actor fails).
    """
    mine, text = ability_check(battle, actor, actor_skill)
    emit(text)
    theirs, text = ability_check(battle, opponent, best_of(opponent, opponent_skills))
    emit(text)
    return mine > theirs
