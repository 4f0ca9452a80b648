"""A 3.5 creature in battle: rules/state.py's Creature with the 3.5 action economy (standard,
move, swift, attacks of opportunity left) and the 3.5 hit point states (disabled, dying)."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_, _
from ..state import Creature

CONSCIOUS, DISABLED, DYING, STABLE, DEAD = "conscious", "disabled", "dying", "stable", "dead"
STATE_WORDS = {CONSCIOUS: N_("conscious"), DISABLED: N_("disabled"), DYING: N_("dying"), STABLE: N_("stable"),
               DEAD: N_("dead")}


def state_word(state: str) -> str:
    """A hit point state in the words of the language spoken now (the id stays the id)."""
    return _(STATE_WORDS[state]) if state in STATE_WORDS else state


@dataclass
class Creature35(Creature):
    standard: bool = True
    move_action: bool = True
    swift: bool = True
    aoo_left: int = 1
    moved: bool = False  # moved this turn (a move, charge or withdraw)
    stepped: bool = False  # took its 5-foot step this turn
    limited: bool = False  # one standard or move action this turn (surprise round, disabled)
    sequence: tuple = ()  # the rest of a full attack begun this turn: ((attack name, penalty, hand), ...)
    full_round: bool = False  # committed to a full-round action this turn

    @property
    def standing(self) -> bool:
        """Still in the fight: conscious or disabled (3.5 SRD: disabled creatures still act)."""
        return self.state in (CONSCIOUS, DISABLED)

    @property
    def incapacitated(self) -> bool:
        return not self.standing

    @property
    def helpless(self) -> bool:
        """3.5 SRD, Helpless: unconscious (dying, stable)."""
        return self.state in (DYING, STABLE) or "unconscious" in self.conditions

    @property
    def flat_footed(self) -> bool:
        return "flat-footed" in self.conditions

    def speed(self, mode: str = "walk") -> float:
        if not self.standing or "grappled" in self.conditions:
            return 0.0
        own = self.stats.speed_of(mode)
        if own == 0 and mode in ("swim", "climb"):
            own = self.stats.walk
        # RULESETS.md section 1: a disabled creature moves at half speed
        return own / 2 if self.state == DISABLED else own

    def movement_left(self, mode: str = "walk") -> float:
        """The speed one more move action would give (FORMATS.md; 0 when none is left)."""
        if self.stepped or not (self.move_action or self.standard):
            return 0.0
        return self.speed(mode)

    def aoo_per_round(self) -> int:
        """3.5 SRD, Combat Reflexes: 1 + Dex modifier a round; else one."""
        if "combat-reflexes" in self.stats.feats:
            return 1 + max(0, self.stats.mod("dex"))
        return 1
