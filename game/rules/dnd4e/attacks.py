"""The numbers of a 4e attack roll: the defence attacked and what changes it, the attack bonus
and what changes it (combat advantage, charge, long range, prone, running, squeezing, marks,
cover), the chance to hit and to crit, and the damage to expect. One reading for the engine and
the previews."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...core.terrain import HALF, THREE_QUARTERS
from ...i18n import _
from ..api import Reason
from .athletics import in_deep_water
from .damage import after_resistance, resistances, weakened_amount
from .geometry import adjacent, can_see, cover_level, flanked
from .terrain_rules import COVER_PENALTY
from .words import condition, defence as defence_word

CA_FROM_TARGET = ("surprised", "stunned", "dazed", "blinded", "unconscious", "helpless", "restrained",
                  "running", "squeezing", "underwater")  # underwater: athletics.py's reading


@dataclass(frozen=True)
class Roll:
    """An attack's target number and bonus, and why."""

    bonus: int
    defence: int
    defence_name: str  # "Ref 14"
    reasons: tuple[Reason, ...]
    advantage: bool
    cover: int
    rules: tuple[str, ...] = ()  # the rule cards the roll applies (rules.toml ids)

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
    why = [_("{name} is {condition}").format(name=target.name, condition=condition(c))
           for c in CA_FROM_TARGET if c in target.conditions]
    if "prone" in target.conditions and power.melee:
        why.append(_("{name} is {condition}").format(name=target.name, condition=condition("prone")))
    if power.melee and flanked(battle, attacker, target):
        why.append(_("{name} is flanked").format(name=target.name))
    if not can_see(battle, target, attacker):
        why.append(_("{name} cannot see {attacker}").format(name=target.name, attacker=attacker.name))
    return why


def concealment(battle, attacker, target, power) -> str:
    """RULESETS.md 2, Concealment (melee and ranged attacks only): why the target has total
    concealment from the attacker ('' when it has none). Engine reading: nothing on our maps
    obscures (no fog, no darkness), so concealment comes from sight alone: a hidden or invisible
    target, or a blinded attacker, is unseen (total concealment, -5); lightly obscured squares
    (-2) do not exist on our boards."""
    if power.kind not in ("melee", "ranged"):
        return ""
    if "blinded" in attacker.conditions:
        return _("{name} is {condition}").format(name=attacker.name, condition=condition("blinded"))
    for held in ("invisible", "hidden"):
        if held in target.conditions:
            return _("{name} is {condition}").format(name=target.name, condition=condition(held))
    return ""


WATER_WEAPONS = ("spear", "trident", "crossbow")  # weapons that keep their aim in water


def water_modifiers(battle, attacker, target, power) -> list[tuple[str, int]]:
    """RULESETS.md 3, deep water under 4e: "-2 except spears/crossbows, -2 fire; aquatic +2".
    Engine reading: an attacker in deep water without a swim speed takes -2 with a weapon power
    unless it is a spear, a trident or a crossbow; a fire power used from deep water -2; an
    aquatic attacker (a swim speed) +2 against a target in deep water that has none."""
    found = []
    here = in_deep_water(battle, attacker)
    aquatic = attacker.stats.speed_of("swim") > 0
    if here and not aquatic and "weapon" in power.keywords and not any(w in power.name for w in WATER_WEAPONS):
        found.append((_("in deep water -2"), -2))
    if here and (power.type == "fire" or "fire" in power.keywords):
        found.append((_("fire in deep water -2"), -2))
    if aquatic and in_deep_water(battle, target) and target.stats.speed_of("swim") <= 0:
        found.append((_("aquatic, against {name} in deep water +2").format(name=target.name), 2))
    return found


def roll_for(battle, attacker, target, power, charging: bool = False, long_range: bool = False,
             origin=None) -> Roll:
    """The bonus and the defence of one attack roll of `power` by attacker against target."""
    reasons: list[Reason] = []
    rules = ["attack-vs-defense"]

    def reason(text: str, good: bool, *ids: str) -> None:
        reasons.append(Reason(text, good))
        rules.extend(i for i in ids if i not in rules)

    bonus = power.attack
    defence_key = power.vs
    defence = target.stats.defence(defence_key)
    why = combat_advantage(battle, attacker, target, power)
    if why:
        bonus += 2
        reason(_("combat advantage +2 ({why})").format(why=why[0]), True, "combat-advantage")
    if charging:
        bonus += 1
        reason(_("charge +1"), True, "charge")
    if long_range:
        bonus -= 2
        reason(_("long range -2"), False, "long-range")
    if attacker.conditions & {"prone", "restrained"}:
        bonus -= 2
        held = "prone" if attacker.prone else "restrained"
        reason(_("{name} is {condition} -2").format(name=attacker.name, condition=condition(held)), False,
               "prone" if held == "prone" else "conditions")
    if attacker.conditions & {"running", "squeezing"}:
        bonus -= 5
        held = "running" if "running" in attacker.conditions else "squeezing"
        reason(_("{name} is {condition} -5").format(name=attacker.name, condition=condition(held)), False,
               "run" if held == "running" else "squeezing")
    marker = attacker.effects.get("marked_by")
    if marker is not None and marker != target.id and "marked" in attacker.conditions:
        bonus -= 2
        reason(_("marked by {name} -2").format(name=battle.state.creatures[marker].name), False, "marks")
    for text, change in water_modifiers(battle, attacker, target, power):
        bonus += change
        reason(text, change > 0, "fighting-in-water")
    unseen = concealment(battle, attacker, target, power)
    if unseen:
        bonus -= 5
        reason(_("total concealment -5 ({why})").format(why=unseen), False, "concealment")
    cover = cover_level(battle, attacker, target, power.melee, origin)
    if cover in (HALF, THREE_QUARTERS):
        bonus -= COVER_PENALTY[cover]
        if cover == THREE_QUARTERS:
            reason(_("superior cover -5"), False, "superior-cover")
        else:
            reason(_("cover -2"), False, "cover")
    # what raises the target's defences
    if "defending" in target.conditions:
        defence += 2
        reason(_("{name}'s total defense +2").format(name=target.name), False, "total-defense")
    if "second-wind" in target.conditions:
        defence += 2
        reason(_("{name}'s second wind +2").format(name=target.name), False, "second-wind")
    if "unconscious" in target.conditions:
        defence -= 5
        reason(_("{name} is unconscious: defences -5").format(name=target.name), True, "conditions")
    if target.prone and not power.melee and not adjacent(attacker, target):
        defence += 2
        reason(_("{name} is prone: +2 against ranged attacks from afar").format(name=target.name), False, "prone")
    name = f"{defence_word(defence_key)} {defence}"
    return Roll(bonus, defence, name, tuple(reasons), bool(why), cover, tuple(rules))


def hits(face: int, roll: Roll) -> tuple[bool, bool]:
    """(hit, critical): a natural 1 misses, a natural 20 hits; it crits only if the total hits."""
    would = face + roll.bonus >= roll.defence
    if face == 1:
        return False, False
    if face == 20:
        return True, would
    return would, False


def expected_damage(power, roll: Roll, target, sneak=None, weakened: bool = False) -> float:
    """Expected damage of one attack roll (crits at the maximum, half on a miss where the power
    says; a minion is never hurt by a miss; `sneak`: the sneak attack dice a hit adds, maximised on
    a crit; `weakened`: the attacker deals half, resolve.py). Against a target that resists or is
    vulnerable to the power's damage type, every total the dice can give goes through
    damage.after_resistance as resolve.py's roll does (a resistance takes a small roll to 0: the
    average alone would not tell)."""
    if power.damage is None:
        return 0.0
    d = power.damage
    crit = roll.crit_chance
    hit = roll.hit_chance - crit
    half = power.miss == "half" and not target.stats.minion
    resist, vulnerable = resistances(target, power.type)
    if resist or vulnerable:
        on_hit, on_crit, on_miss = _taken(d, power.crit, sneak, half, weakened, resist, vulnerable)
        return hit * on_hit + crit * on_crit + (1 - roll.hit_chance) * on_miss
    extra_avg = sneak.average if sneak is not None else 0.0
    average = d.average + extra_avg
    maximum = d.count * d.sides + d.bonus + (power.crit.average if power.crit else 0) + extra_avg
    value = hit * average + crit * maximum
    if half:
        value += (1 - roll.hit_chance) * (d.average // 2)
    return value / 2 if weakened else value


def _maximum(dice) -> int:
    return dice.count * dice.sides + dice.bonus if dice is not None else 0


@lru_cache(maxsize=512)
def _taken(damage, crit, sneak, half: bool, weakened: bool, resist: int, vulnerable: int) -> tuple[float, float, float]:
    """The damage a resisting (or vulnerable) target takes on average on a hit, a crit and a miss,
    each total of the dice weighed by its chance and taken as resolve.py takes a roll: sneak
    attack added on a hit (its maximum on a crit), halved when weakened, then resistance."""

    def mean(dice: tuple, flat: int, halve_first: bool = False) -> float:
        low, chances = _spread(tuple((x.count, x.sides) for x in dice), sum(x.bonus for x in dice) + flat)
        total = 0.0
        for i, p in enumerate(chances):
            amount = low + i
            amount = amount // 2 if halve_first else amount  # half on a miss
            if weakened and amount:
                amount = weakened_amount(amount)
            total += p * after_resistance(amount, resist, vulnerable)
        return total

    on_hit = mean((damage,) + ((sneak,) if sneak is not None else ()), 0)
    on_crit = mean((crit,) if crit is not None else (), _maximum(damage) + _maximum(sneak))
    on_miss = mean((damage,), 0, halve_first=True) if half else 0.0
    return on_hit, on_crit, on_miss


@lru_cache(maxsize=512)
def _spread(dice: tuple[tuple[int, int], ...], flat: int) -> tuple[int, tuple[float, ...]]:
    """The chance of each total of the dice ((count, sides) each) plus `flat`: (the lowest total,
    the chances from it up)."""
    chances = np.ones(1)
    low = flat
    for count, sides in dice:
        for _i in range(count):  # one die more: each total spreads evenly over its faces
            cumulative = np.concatenate(([0.0], np.cumsum(chances)))
            index = np.arange(len(chances) + sides - 1)
            chances = (cumulative[np.minimum(index + 1, len(chances))]
                       - cumulative[np.maximum(index + 1 - sides, 0)]) / sides
            low += 1
    return low, tuple(float(p) for p in chances)
