"""The numbers of a 4e attack roll: the defence attacked and what changes it, the attack bonus
and what changes it (combat advantage, charge, long range, prone, running, squeezing, marks,
cover), the chance to hit and to crit, and the damage to expect. One reading for the engine and
the previews."""

from __future__ import annotations

from dataclasses import dataclass

from ...content.schema_4e import DEFENCE_NAMES
from ...core.terrain import HALF, THREE_QUARTERS
from ..api import Reason
from .geometry import adjacent, can_see, cover_level, flanked
from .terrain_rules import COVER_PENALTY

CA_FROM_TARGET = ("surprised", "stunned", "dazed", "blinded", "unconscious", "helpless", "restrained",
                  "running", "squeezing")


@dataclass(frozen=True)
class Roll:
    """An attack's target number and bonus, and why."""

    bonus: int
    defence: int
    defence_name: str  # "Ref 14"
    reasons: tuple[Reason, ...]
    advantage: bool
    cover: int

    @property
    def needs(self) -> int:
        """The least d20 face that hits (a natural 20 always hits, a 1 always misses)."""
        return min(20, max(2, self.defence - self.bonus))

    @property
    def hit_chance(self) -> float:
        return (21 - self.needs) / 20

    @property
    def crit_chance(self) -> float:
        # RULESETS.md 2: a natural 20 crits only if the total would hit
        return 0.05 if 20 + self.bonus >= self.defence else 0.0


def combat_advantage(battle, attacker, target, power) -> list[str]:
    """4e, Combat advantage: why the attacker has it against the target (empty: it has not)."""
    why = [f"{target.name} is {c}" for c in CA_FROM_TARGET if c in target.conditions]
    if "prone" in target.conditions and power.melee:
        why.append(f"{target.name} is prone")
    if power.melee and flanked(battle, attacker, target):
        why.append(f"{target.name} is flanked")
    if not can_see(battle, target, attacker):
        why.append(f"{target.name} cannot see {attacker.name}")
    return why


def roll_for(battle, attacker, target, power, charging: bool = False, long_range: bool = False,
             origin=None) -> Roll:
    """The bonus and the defence of one attack roll of `power` by attacker against target."""
    reasons: list[Reason] = []
    bonus = power.attack
    defence_key = power.vs
    defence = target.stats.defence(defence_key)
    why = combat_advantage(battle, attacker, target, power)
    if why:
        bonus += 2
        reasons.append(Reason(f"combat advantage +2 ({why[0]})", True))
    if charging:
        bonus += 1
        reasons.append(Reason("charge +1", True))
    if long_range:
        bonus -= 2
        reasons.append(Reason("long range -2", False))
    if attacker.conditions & {"prone", "restrained"}:
        bonus -= 2
        reasons.append(Reason(f"{attacker.name} is {'prone' if attacker.prone else 'restrained'} -2", False))
    if attacker.conditions & {"running", "squeezing"}:
        bonus -= 5
        reasons.append(Reason(f"{attacker.name} is {'running' if 'running' in attacker.conditions else 'squeezing'} -5",
                              False))
    marker = attacker.effects.get("marked_by")
    if marker is not None and marker != target.id and "marked" in attacker.conditions:
        bonus -= 2
        reasons.append(Reason(f"marked by {battle.state.creatures[marker].name} -2", False))
    cover = cover_level(battle, attacker, target, power.melee, origin)
    if cover in (HALF, THREE_QUARTERS):
        bonus -= COVER_PENALTY[cover]
        reasons.append(Reason("superior cover -5" if cover == THREE_QUARTERS else "cover -2", False))
    # what raises the target's defences
    if "defending" in target.conditions:
        defence += 2
        reasons.append(Reason(f"{target.name}'s total defense +2", False))
    if "second-wind" in target.conditions:
        defence += 2
        reasons.append(Reason(f"{target.name}'s second wind +2", False))
    if "unconscious" in target.conditions:
        defence -= 5
        reasons.append(Reason(f"{target.name} is unconscious: defences -5", True))
    if target.prone and not power.melee and not adjacent(attacker, target):
        defence += 2
        reasons.append(Reason(f"{target.name} is prone: +2 against ranged attacks from afar", False))
    name = f"{DEFENCE_NAMES[defence_key]} {defence}"
    return Roll(bonus, defence, name, tuple(reasons), bool(why), cover)


def hits(face: int, roll: Roll) -> tuple[bool, bool]:
    """(hit, critical): a natural 1 misses, a natural 20 hits; it crits only if the total hits."""
    would = face + roll.bonus >= roll.defence
    if face == 1:
        return False, False
    if face == 20:
        return True, would
    return would, False


def expected_damage(power, roll: Roll, target, extra_avg: float = 0.0) -> float:
    """Expected damage of one attack roll (crits at the maximum, half on a miss where the power
    says; a minion is never hurt by a miss)."""
    if power.damage is None:
        return 0.0
    d = power.damage
    average = d.average + extra_avg
    maximum = d.count * d.sides + d.bonus + (power.crit.average if power.crit else 0) + extra_avg
    crit = roll.crit_chance
    hit = roll.hit_chance - crit
    value = hit * average + crit * maximum
    if power.miss == "half" and not target.stats.minion:
        value += (1 - roll.hit_chance) * (d.average // 2)
    return value
