"""Ability checks and contests (SRD 5.1, Using Ability Scores: contests, skills)."""

from __future__ import annotations

from ...content.creatures import SKILL_ABILITY
from ..state import Creature


def check_bonus(creature: Creature, skill: str) -> int:
    """The bonus of a skill check, or of a plain ability check when given an ability."""
    if skill in SKILL_ABILITY:
        return creature.stats.skill(skill)
    return creature.stats.mod(skill)


def ability_check(battle, creature: Creature, skill: str, advantage: int = 0) -> tuple[int, str]:
    """Roll a check: (total, "Name rolls Athletics: d20 12 +5 = 17")."""
    face, faces = battle.state.dice.d20(advantage)
    bonus = check_bonus(creature, skill)
    shown = f"d20 {face}" if len(faces) == 1 else f"d20 {faces[0]}/{faces[1]} {face}"
    label = skill.replace("_", " ").capitalize() if skill in SKILL_ABILITY else skill.capitalize()
    return face + bonus, f"{creature.name} rolls {label}: {shown} {bonus:+d} = {face + bonus}"


def best_of(creature: Creature, skills: tuple[str, ...]) -> str:
    """The skill a creature picks when the rules let it choose (its higher bonus)."""
    return max(skills, key=lambda s: (check_bonus(creature, s), -skills.index(s)))


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
