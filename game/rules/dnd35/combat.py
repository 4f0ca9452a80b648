"""3.5 attacks and damage: the attack bonus and the armour class with every modifier the
situation brings (one function for the roll and its preview), the roll itself with threats and
their confirmation, multiplied damage, damage reduction, and the hit point states.

Seed 003: « on jette 1d20 auquel on ajoute le bonus d'attaque du personnage [...] Si le résultat
final égale ou dépasse la CA de l'adversaire, le coup touche ».
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...core.dice import sum_odds
from ...core.terrain import TOTAL
from ..api import Reason
from .creature import CONSCIOUS, DEAD, DISABLED, DYING, STABLE
from .geometry import can_see, cover_level, distance_m, flanked_by, gap, reach_of, within_reach
from .terrain_rules import COVER_AC

COVER_WORDS = {0: "none", 1: "cover", 2: "improved cover", 3: "total"}


@dataclass(frozen=True)
class Odds:
    """One attack's numbers: the bonus, the AC it must reach, and every reason."""

    bonus: int
    target_number: int
    defence: str
    reasons: tuple[Reason, ...]
    cover: int
    flanked: bool
    threat: int  # lowest natural roll that threatens
    confirm: bool  # a threat is rolled for confirmation (not against crit-immune targets)
    denied: bool = False  # the target loses its Dex to AC (flat-footed, helpless, an unseen attacker)
    miss_chance: int = 0  # concealment: the percentage of hits that miss


def attack_problem(battle, attacker, target, attack) -> str:
    """Why this attack cannot be made at this target now ('' when it can)."""
    if target is attacker:
        return "a creature does not attack itself"
    if not target.alive:
        return f"{target.id} is dead"
    if not can_see(battle, attacker, target):
        return f"{attacker.id} cannot see {target.id}"
    if attack.is_melee:
        if not within_reach(attacker.space, target.space, reach_of(attacker, attack)):
            return f"{target.id} is out of reach ({reach_of(attacker, attack):g} m)"
    else:
        if attacker.prone and "crossbow" not in attack.properties:
            return "a prone creature can only shoot a crossbow"  # 3.5 SRD, Prone
        if distance_m(attacker, target) > attack.max_range + 1e-9:
            return f"{target.id} is beyond the {attack.name}'s range ({attack.max_range:g} m)"
    if cover_level(battle, attacker, target, ranged=not attack.is_melee) >= TOTAL:
        return f"no line of effect to {target.id}"  # 3.5 SRD, Cover: total cover, no attack
    return ""


def armour_class(target, touch: bool = False, denied: bool = False) -> int:
    """The AC before the situation: touch AC for a touch attack; flat-footed, helpless or against
    an unseen attacker, no Dex (seed 003: « le bonus de Dextérité n'est pas pris en compte [...]
    s'il ne les voit pas venir »)."""
    s = target.stats
    ac = s.touch if touch else s.ac
    if denied or target.flat_footed or target.helpless:
        ac -= s.dex_to_ac
    if target.helpless:
        ac -= 5  # 3.5 SRD, Helpless: Dexterity 0 (-5)
    return ac


def odds(battle, attacker, target, attack, penalty: int = 0, charging: bool = False) -> Odds:
    """3.5 SRD, Attack bonus and Armor class: everything the roll and the preview share."""
    reasons: list[Reason] = []
    bonus = attack.to_hit + penalty
    if penalty:
        reasons.append(Reason(f"iterative attack {penalty:+d}", False))
    melee = attack.is_melee
    flanker = flanked_by(battle, attacker, target) if melee else None
    if flanker:
        bonus += 2
        reasons.append(Reason(f"flanking with {battle.state.creatures[flanker].name} +2", True))
    if charging:
        bonus += 2
        reasons.append(Reason("charge +2", True))
    weakened = str_penalty(attacker) if melee or "thrown" in attack.properties else 0
    if weakened:
        bonus += weakened
        reasons.append(Reason(f"Strength damage {weakened:+d}", False))
    power = attacker.effects.get("power_attack", 0) if melee else 0
    if power:
        bonus -= power
        reasons.append(Reason(f"Power Attack -{power} (+{power_damage(attacker, attack)} damage)", False))
    if "defensively" in attacker.effects:
        bonus -= 4
        reasons.append(Reason("fighting defensively -4", False))
    if "bless" in attacker.effects:
        bonus += 1
        reasons.append(Reason("bless +1", True))
    if melee and target.helpless:
        bonus += 4
        reasons.append(Reason("helpless target +4", True))
    if melee and attacker.prone:
        bonus -= 4
        reasons.append(Reason("attacking while prone -4", False))
    if attacker.squeezing:
        bonus -= 4
        reasons.append(Reason("squeezing -4", False))
    if not melee:
        increments = max(0, math.ceil(distance_m(attacker, target) / attack.range_increment - 1e-9) - 1)
        if increments:
            bonus -= 2 * increments
            reasons.append(Reason(f"range: {increments} increment{'s' if increments > 1 else ''} "
                                  f"{-2 * increments:+d}", False))
        if "precise-shot" not in attacker.stats.feats and _in_melee(battle, attacker, target):
            bonus -= 4
            reasons.append(Reason("firing into melee -4", False))
    touch = attack.touch
    unseen = "hidden" in attacker.conditions  # 3.5 SRD: an unseen attacker denies the target its Dex
    ac = armour_class(target, touch, denied=unseen)
    words = "touch AC" if touch else "AC"
    if unseen and not target.flat_footed and not target.helpless and target.stats.dex_to_ac:
        reasons.append(Reason(f"hidden attacker: target denied its Dex to AC (-{target.stats.dex_to_ac})", True))
    if target.flat_footed:
        words = "flat-footed " + words
        if target.stats.dex_to_ac:
            reasons.append(Reason(f"target flat-footed: no Dex to AC (-{target.stats.dex_to_ac})", True))
    if target.helpless:
        reasons.append(Reason("target helpless: Dex 0", True))
    if "shield" in target.effects:
        ac += 4
        reasons.append(Reason("shield +4 AC", False))
    if "defensively" in target.effects and not target.flat_footed:
        ac += 2
        reasons.append(Reason("fighting defensively +2 AC", False))
    if "total_defense" in target.effects:
        ac += 4
        reasons.append(Reason("total defense +4 AC", False))
    if "charging" in target.effects:
        ac -= 2
        reasons.append(Reason("target charged: -2 AC", True))
    if target.squeezing:
        ac -= 4
        reasons.append(Reason("target squeezing: -4 AC", True))
    if target.prone:
        ac += -4 if melee else 4
        reasons.append(Reason("target prone: -4 AC" if melee else "target prone: +4 AC vs ranged", melee))
    cover = cover_level(battle, attacker, target, ranged=not melee)
    if cover < 2 and in_deep_water(battle, target) and not in_deep_water(battle, attacker):
        cover = 2  # RULESETS.md section 3: in deep water, improved cover against attackers on land
    if cover in COVER_AC and COVER_AC[cover]:
        ac += COVER_AC[cover]
        reasons.append(Reason(f"{COVER_WORDS[cover]} +{COVER_AC[cover]} AC", False))
    confirm = not target.stats.crit_immune
    miss_chance = concealment(target)
    if miss_chance:
        reasons.append(Reason(f"total concealment: {miss_chance}% miss chance", False))
    denied = unseen or target.flat_footed or target.helpless
    return Odds(bonus, ac, f"{words} {ac}", tuple(reasons), cover, bool(flanker), attack.threat, confirm,
                denied, miss_chance)


def concealment(target) -> int:
    """3.5 SRD, Concealment: a hidden creature (the scenario's `hidden`) has total concealment, 50%."""
    return 50 if "hidden" in target.conditions else 0


def in_deep_water(battle, c) -> bool:
    x, y, side = c.space
    return bool(battle.board.prop("deep_water")[y: y + side, x: x + side].any())


def _in_melee(battle, attacker, target) -> bool:
    """3.5 SRD, Shooting into a melee: the target is next to one of the attacker's allies."""
    return any(o.side == attacker.side and o is not attacker and o.standing and gap(o.space, target.space) == 1
               for o in battle.state.creatures.values())


def hit_chance(o: Odds) -> float:
    """Natural 1 misses, natural 20 hits (seed 003: « On rate automatiquement son coup sur un 1 naturel »)."""
    hits = sum(1 for face in range(2, 20) if face + o.bonus >= o.target_number) + 1
    return hits / 20 * (1 - o.miss_chance / 100)


def crit_chance(o: Odds) -> float:
    if not o.confirm:
        return 0.0
    threats = sum(1 for face in range(max(2, o.threat), 21) if face == 20 or face + o.bonus >= o.target_number)
    return threats / 20 * hit_chance(o)


def expected_damage(battle, attacker, target, attack, o: Odds) -> float:
    """The mean damage of the attack, exact over its dice (roll_damage's order): a hit deals at
    least 1, then damage reduction takes its part (it may stop it all); a critical rolls the
    dice and bonuses `multiplier` times; sneak attack dice are counted at their mean."""
    sneak = sneak_dice(battle, attacker, target, attack, o)
    extra = sneak.average if sneak is not None else 0.0
    dr = damage_reduction(target, attack)
    bonus = attack.damage.bonus + power_damage(attacker, attack)

    def mean(times: int) -> float:
        odds = sum_odds(attack.damage.count * times, attack.damage.sides)
        return sum(p * max(0.0, max(1.0, total + bonus * times + extra) - dr) for total, p in enumerate(odds) if p)

    p_crit = crit_chance(o)
    return (hit_chance(o) - p_crit) * mean(1) + p_crit * mean(attack.multiplier)


def sneak_dice(battle, attacker, target, attack, o: Odds):
    """3.5 SRD, Sneak attack: against a target denied its Dex to AC or flanked; ranged within 9 m;
    never against creatures immune to critical hits."""
    dice = getattr(attacker.stats, "sneak_attack", None)
    if dice is None or target.stats.crit_immune:
        return None
    if not attack.is_melee and distance_m(attacker, target) > 9 + 1e-9:
        return None
    if o.denied or o.flanked:
        return dice
    return None


def damage_reduction(target, attack) -> int:
    """3.5 SRD, Damage reduction: X/type, unless the weapon is of that type."""
    s = target.stats
    physical = {"bludgeoning", "piercing", "slashing"} & set(attack.type)
    if not s.dr_amount or s.dr_bypass in attack.type or not physical:
        return 0  # damage reduction stops weapons and natural attacks, not energy
    return s.dr_amount


def roll_expr(dice, expr) -> tuple[int, list[int]]:
    faces = [dice.roll(expr.sides) for _ in range(expr.count)]
    return sum(faces) + expr.bonus, faces


def resolve_attack(engine, attacker, target, attack, penalty: int = 0, charging: bool = False,
                   what: str = "attacks") -> bool:
    """Roll one attack: its d20, a threat's confirmation d20 right after, then the damage
    (FORMATS.md, dice order); True when it hit."""
    dice = engine.state.dice
    o = odds(engine, attacker, target, attack, penalty, charging)
    face = dice.roll(20)
    total = face + o.bonus
    hit = face == 20 or (face != 1 and total >= o.target_number)
    extra = "".join(f", {r.text}" for r in o.reasons)
    line = (f"{attacker.name} {what} {target.name} with {attack.name}: d20 {face} {o.bonus:+d} = {total} "
            f"vs {o.defence}{extra}")
    crit = False
    if hit and (face >= o.threat or face == 20) and o.confirm:
        # 3.5 SRD, Critical hits: a threat is confirmed by a second attack roll against the same AC
        second = dice.roll(20)
        confirmed = second == 20 or (second != 1 and second + o.bonus >= o.target_number)
        line += f"; threat, confirmation d20 {second} {o.bonus:+d} = {second + o.bonus}: " + \
                ("critical hit" if confirmed else "not confirmed")
        crit = confirmed
    if hit and o.miss_chance:
        # FORMATS.md: concealment's miss chance is one d100 after a hit
        roll = dice.roll(100)
        missed = roll <= o.miss_chance
        line += f"; concealment d100 {roll}" + (": it misses" if missed else "")
        hit, crit = not missed, crit and not missed
    line += ", hit" if hit else (", miss (natural 1)" if face == 1 else ", miss")
    if "hidden" in attacker.conditions:
        attacker.conditions.discard("hidden")  # an attack gives away where it is
        line += f"; {attacker.name} is no longer hidden"
    engine.emit("attack", line, attacker=attacker.id, target=target.id, hit=hit, crit=crit)
    if not hit:
        return False
    deal_damage(engine, attacker, target, attack, attack.multiplier if crit else 1, o)
    if attack.poison is not None and target.standing:
        poisoned(engine, target, *attack.poison)
    if "trip" in attacker.stats.feats and "natural" in attack.properties and attack.is_melee:
        trip(engine, attacker, target)
    return True


def power_damage(attacker, attack) -> int:
    """3.5 SRD, Power Attack: the damage it adds to a melee hit (twice with a two-handed weapon)."""
    if not attack.is_melee:
        return 0
    power = attacker.effects.get("power_attack", 0)
    return power * 2 if "two-handed" in attack.properties else power


def str_penalty(c) -> int:
    """What Strength damage takes from its attacks and damage (the SRD totals hold its full Strength)."""
    lost = c.effects.get("str_damage", 0)
    score = dict(c.stats.abilities).get("str") or 10
    return (max(0, score - lost) - 10) // 2 - (score - 10) // 2 if lost else 0


def poisoned(engine, target, dc: int, dice_expr) -> None:
    """3.5 SRD, Poison: Fortitude against the DC, or the initial damage (here Strength); undead and
    constructs are immune (the secondary damage, a minute later, never comes in a skirmish)."""
    if target.stats.type in ("undead", "construct"):
        return
    face = engine.state.dice.roll(20)
    fort = target.stats.save("fort")
    if face + fort >= dc:
        engine.emit("save", f"{target.name} rolls Fortitude against poison: d20 {face} {fort:+d} = {face + fort} "
                    f"vs DC {dc}, resisted", creature=target.id)
        return
    lost, faces = roll_expr(engine.state.dice, dice_expr)
    target.effects["str_damage"] = target.effects.get("str_damage", 0) + lost
    engine.emit("save", f"{target.name} rolls Fortitude against poison: d20 {face} {fort:+d} = {face + fort} "
                f"vs DC {dc}, failed: {dice_expr} [{' '.join(map(str, faces))}] Strength damage", creature=target.id)


def deal_damage(engine, attacker, target, attack, times: int, o: Odds) -> int:
    """A hit's damage: the dice and bonus `times` times (a critical hit), the sneak attack once,
    at least 1, less damage reduction; the damage dealt."""
    dice = engine.state.dice
    total_damage, parts = 0, []
    for _ in range(times):
        # seed 003, Multiplication des dégâts: « on joue les dés à plusieurs reprises (en ajoutant
        # chaque fois les modificateurs correspondants) »
        amount, faces = roll_expr(dice, attack.damage)
        total_damage += amount
        parts.append(f"{attack.damage} [{' '.join(map(str, faces))}]")
    power = power_damage(attacker, attack)
    if power:
        total_damage += power * times
        parts.append(f"Power Attack +{power * times}")
    weakened = str_penalty(attacker) if attack.is_melee or "thrown" in attack.properties else 0
    if weakened:
        total_damage += weakened * times
        parts.append(f"Strength damage {weakened * times:+d}")
    sneak = sneak_dice(engine, attacker, target, attack, o)
    if sneak is not None:
        # seed 003, Exception: extra dice (« attaque sournoise ») are not multiplied
        amount, faces = roll_expr(dice, sneak)
        total_damage += amount
        parts.append(f"sneak attack {sneak} [{' '.join(map(str, faces))}]")
    # seed 003, Dégâts minimaux: « ceux-ci se montent toujours au moins à 1 point »
    total_damage = max(1, total_damage)
    dr = damage_reduction(target, attack)
    reduced = max(0, total_damage - dr)
    note = f" (damage reduction {dr}/{target.stats.dr_bypass}: {reduced})" if dr else ""
    engine.damage_source = attacker.id
    apply_damage(engine, target, reduced, f"{' + '.join(parts)} = {total_damage}{note}")
    engine.damage_source = None
    return reduced


def coup_de_grace(engine, attacker, target, attack) -> None:
    """3.5 SRD, Coup de grace: against a helpless foe, an automatic critical hit; if it lives,
    Fortitude DC 10 + the damage dealt or it dies."""
    engine.emit("attack", f"{attacker.name} delivers a coup de grace to {target.name} with {attack.name}: "
                f"an automatic critical hit", attacker=attacker.id, target=target.id, hit=True, crit=True)
    o = odds(engine, attacker, target, attack)
    dealt = deal_damage(engine, attacker, target, attack, attack.multiplier, o)
    if target.state != DEAD:
        face = engine.state.dice.roll(20)
        fort = target.stats.save("fort")
        dc = 10 + dealt
        lives = face + fort >= dc
        engine.emit("save", f"{target.name} rolls Fortitude against the coup de grace: d20 {face} {fort:+d} = "
                    f"{face + fort} vs DC {dc}, {'it lives' if lives else 'it dies'}", creature=target.id)
        if not lives:
            set_state(engine, target, DEAD)


SIZE_MOD = {"tiny": -8, "small": -4, "medium": 0, "large": 4, "huge": 8, "gargantuan": 12}


def trip(engine, attacker, target) -> None:
    """3.5 SRD, Wolf, Trip: a bite that hits may trip as a free action (no touch attack, no
    attack of opportunity): the attacker's Strength check against the target's Strength or
    Dexterity, each with +4 per size above Medium (-4 below); a target more than one size larger
    cannot be tripped. The attacker's d20 first, then the target's (FORMATS.md, contests)."""
    from ...core.sizes import size_index

    if not target.standing or target.prone or size_index(target.size) > size_index(attacker.size) + 1:
        return
    dice = engine.state.dice
    mine = attacker.stats.mod("str") + SIZE_MOD[attacker.size]
    theirs = max(target.stats.mod("str"), target.stats.mod("dex")) + SIZE_MOD[target.size]
    a, t = dice.roll(20), dice.roll(20)
    won = a + mine > t + theirs or (a + mine == t + theirs and mine > theirs)
    engine.emit("check", f"{attacker.name} tries to trip {target.name}: d20 {a} {mine:+d} = {a + mine} vs "
                f"d20 {t} {theirs:+d} = {t + theirs}, {'tripped' if won else 'it keeps its feet'}",
                attacker=attacker.id, target=target.id)
    if won:
        target.conditions.add("prone")
        engine.emit("condition", f"{target.name} falls prone", creature=target.id)


def apply_damage(engine, target, amount: int, how: str = "") -> None:
    """Hit points fall; the state follows (3.5 SRD, Hit points; seed 003: « Lorsque les points de
    vie d'un personnage tombent à 0, il est mis hors de combat. À –1, l'aventurier est mourant.
    À –10 [...] il est mort »). One hit of 50 or more: Fort DC 15 or die (massive damage)."""
    target.hp -= amount
    engine.emit("damage", f"{target.name} takes {amount} damage{': ' + how if how else ''} ({target.hp} hp)",
                target=target.id, amount=amount)
    if amount >= 50 and target.hp > -10:
        face = engine.state.dice.roll(20)
        fort = target.stats.save("fort")
        survived = face + fort >= 15
        engine.emit("save", f"{target.name} rolls Fortitude against massive damage: d20 {face} {fort:+d} = "
                    f"{face + fort} vs DC 15, {'saved' if survived else 'failed: it dies'}", creature=target.id)
        if not survived:
            set_state(engine, target, DEAD)
            return
    settle_hp(engine, target)


def heal(engine, target, amount: int) -> None:
    """Hit points come back (not past the maximum); any healing stabilises (3.5 SRD, Dying)."""
    before = target.hp
    target.hp = min(target.stats.hp, target.hp + amount)
    engine.emit("heal", f"{target.name} regains {target.hp - before} hp ({target.hp} hp)", target=target.id,
                amount=target.hp - before)
    settle_hp(engine, target, healed=True)


def settle_hp(engine, target, healed: bool = False) -> None:
    hp = target.hp
    if target.state == DEAD:
        return
    undead = target.stats.type in ("undead", "construct")
    if hp <= -10 or (undead and hp <= 0):
        new = DEAD  # 3.5 SRD: dead at -10; undead and constructs are destroyed at 0
    elif hp < 0:
        new = STABLE if healed else DYING  # a stable creature that takes damage is dying again
    elif hp == 0:
        new = DISABLED
    else:
        new = CONSCIOUS
    set_state(engine, target, new)


def set_state(engine, target, new: str) -> None:
    if new == target.state:
        return
    target.state = new
    if new in (DYING, STABLE, DEAD):
        target.conditions.add("unconscious")
        target.conditions.discard("flat-footed")
    else:
        target.conditions.discard("unconscious")
    words = {DEAD: "is dead", DYING: "is dying", STABLE: "is stable", DISABLED: "is disabled (0 hp)",
             CONSCIOUS: "is conscious"}[new]
    engine.emit("condition", f"{target.name} {words}", creature=target.id, state=new)
    if new in (DYING, STABLE, DEAD):
        state = engine.state
        # no reaction by it, and none against it: it acts no more (its pending act is lost)
        state.offers = [o for o in state.offers if target.id not in (o.reactor, o.provoker)]


__all__ = ["Odds", "attack_problem", "armour_class", "odds", "hit_chance", "crit_chance", "expected_damage",
           "resolve_attack", "apply_damage", "heal", "settle_hp"]
