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
from ...i18n import N_, decimal, translator
from ..api import Reason
from ..words import spoken
from .creature import CONSCIOUS, DEAD, DISABLED, DYING, STABLE
from .geometry import can_see, cover_level, distance_m, flanked_by, gap, reach_band, within_reach
from .poison import poisoned
from .water import in_deep_water, thrown_problem, underwater_shot_penalty, underwater_weapon
from .terrain_rules import COVER_AC
from . import two_weapon

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

# seed 003, « Table : modificateurs de taille » (the attack roll's and the AC's; the grapple's is
# in the blocks' `grapple` totals)
ATTACK_SIZE = {"tiny": 2, "small": 1, "medium": 0, "large": -1, "huge": -2, "gargantuan": -4}
SIZE_WORDS = {"tiny": N_("Tiny"), "small": N_("Small"), "medium": N_("Medium"), "large": N_("Large"),
              "huge": N_("Huge"), "gargantuan": N_("Gargantuan")}

COVER_WORDS = {0: N_("no cover"), 1: N_("cover +{bonus} AC"), 2: N_("improved cover +{bonus} AC"),
               3: N_("total cover +{bonus} AC")}


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
    hand: str = ""  # two-weapon fighting: two_weapon.PRIMARY or OFF ("": one weapon)
    rules: tuple[str, ...] = ()  # the rule cards the roll applies (rules.toml ids)


def opponents(c) -> list[str]:
    """The ids of the creatures c is grappling with, in the order they came into the grapple
    (several when others joined: 3.5 SRD, Grapple, Joining a grapple)."""
    held = c.effects.get("grapple_with")
    return [] if held is None else [held] if isinstance(held, str) else list(held)


def pinned_problem(c) -> str:
    """3.5 SRD, Grapple, If you're pinned: "you cannot take any other actions except to make an
    opposed grapple check to escape the pin" ('' when c is not pinned)."""
    if "pinned" not in c.conditions:
        return ""
    return _("{id} is pinned: it may only try to escape the pin (or end its turn)").format(id=c.id)


def pinning(battle, c) -> list[str]:
    """The ids of the creatures c pins (3.5 SRD, Grapple, Pin your opponent)."""
    return [o.id for o in battle.state.creatures.values() if o.effects.get("pinned_by") == c.id]


def pinning_problem(battle, c) -> str:
    """3.5 SRD, Grapple, If you're pinning an opponent: "You can't draw or use a weapon (against
    the pinned character or any other character), escape another's grapple, retrieve a spell
    component, pin another character, or break another's pin while you are pinning an opponent"
    ('' when c pins no one). The engine reads "a weapon" as any of its attacks, natural weapons
    too: a pinner's blows are its grapple checks (`grapple` on the one it pins). Escaping another's
    grapple while pinning never arises here: an escape takes the standard action, a pin a standard
    action or an attack of a full attack, and the pin ends when the pinner's next turn starts."""
    held = pinning(battle, c)
    if not held:
        return ""
    return _("{id} is pinning {other}: it can't use a weapon, escape another's grapple or pin another "
             "(its grapple checks are left)").format(id=c.id, other=", ".join(held))


def attack_problem(battle, attacker, target, attack) -> str:
    """Why this attack cannot be made at this target now ('' when it can)."""
    if target is attacker:
        return _("a creature does not attack itself")
    if pinned_problem(attacker):
        return pinned_problem(attacker)
    if pinning_problem(battle, attacker):
        return pinning_problem(battle, attacker)
    if not target.alive:
        return _("{id} is dead").format(id=target.id)
    if not can_see(battle, attacker, target) and not sight_lost(attacker, target):
        return _("{id} cannot see {target}").format(id=attacker.id, target=target.id)
    held = opponents(attacker)
    if held and target.id not in held:
        return _("{id} is grappling {other}: it can attack only {other}").format(id=attacker.id, other=", ".join(held))
    if held and not (attack.is_melee and {"light", "natural"} & attack.properties):
        # 3.5 SRD, Grapple, Attack your opponent: an unarmed strike, a natural or a light weapon
        return _("{id} is grappling: only a light or natural weapon, not the {attack}").format(id=attacker.id,
                                                                                               attack=attack.name)
    if attack.is_melee:
        near, far = reach_band(attacker, attack)
        if not within_reach(attacker.space, target.space, far):
            return _("{id} is out of reach ({reach} m)").format(id=target.id, reach=decimal(far))
        if near and within_reach(attacker.space, target.space, near):
            # 3.5 SRD, Reach weapons: never against an adjacent foe (within the natural reach)
            return _("{id} is too near for the {attack} (a reach weapon: beyond {reach} m)").format(
                id=target.id, attack=attack.name, reach=decimal(near))
    else:
        if attacker.prone and "crossbow" not in attack.properties:
            return _("a prone creature can only shoot a crossbow")  # 3.5 SRD, Prone
        if distance_m(attacker, target) > attack.max_range + 1e-9:
            return _("{id} is beyond the {attack}'s range ({range} m)").format(
                id=target.id, attack=spoken(attack.name), range=decimal(attack.max_range))
        if thrown_problem(battle, attacker, target, attack):
            return thrown_problem(battle, attacker, target, attack)
    if cover_level(battle, attacker, target, ranged=not attack.is_melee) >= TOTAL:
        return _("no line of effect to {id}").format(id=target.id)  # 3.5 SRD, Cover: total cover, no attack
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


def odds(battle, attacker, target, attack, penalty: int = 0, charging: bool = False, hand: str = "") -> Odds:
    """3.5 SRD, Attack bonus and Armor class: everything the roll and the preview share; `hand`:
    the hand of a two-weapon full attack (two_weapon.py)."""
    reasons: list[Reason] = []
    rules = ["attack-roll"]

    def reason(text: str, good: bool, rule: str, fixed: bool = False) -> None:
        reasons.append(Reason(text, good, fixed))
        if rule not in rules:
            rules.append(rule)

    bonus = attack.to_hit + penalty
    if penalty:
        reason(_("iterative attack {penalty}").format(penalty=f"{penalty:+d}"), False, "full-attack")
    hand_penalty = two_weapon.hand_penalty(attacker.stats, hand)
    if hand_penalty:
        bonus += hand_penalty
        reason(two_weapon.penalty_words(attacker.stats, hand), False, two_weapon.RULE)
    off_damage = off_hand_damage(attacker, attack, hand)
    if off_damage:
        reason(_("off hand: half Strength to damage ({change})").format(change=f"{off_damage:+d}"), False,
               two_weapon.RULE)
    melee = attack.is_melee
    if melee and gap(attacker.space, target.space) > 1:
        rules.append("reach")  # 3.5 SRD, Reach: a foe beyond the next square
    flanker = flanked_by(battle, attacker, target) if melee else None
    if flanker:
        bonus += 2
        reason(_("flanking with {ally} +2").format(ally=battle.state.creatures[flanker].name), True, "flanking")
    if charging:
        bonus += 2
        reason(_("charge +2"), True, "charge")
    weakened = str_penalty(attacker) if melee or "thrown" in attack.properties else 0
    if weakened:
        bonus += weakened
        reason(_("Strength damage {penalty}").format(penalty=f"{weakened:+d}"), False, "ability-damage")
    power = attacker.effects.get("power_attack", 0) if melee else 0
    if power:
        bonus -= power
        reason(_("Power Attack -{power} (+{damage} damage)").format(power=power, damage=power_damage(attacker, attack)),
               False, "power-attack")
    if "defensively" in attacker.effects:
        bonus -= 4
        reason(_("fighting defensively -4"), False, "fighting-defensively")
    if "bless" in attacker.effects:
        bonus += 1
        reason(_("bless +1"), True, "spells")
    if melee and target.helpless:
        bonus += 4
        reason(_("helpless target +4"), True, "helpless")
    if melee and attacker.prone:
        bonus -= 4
        reason(_("attacking while prone -4"), False, "prone")
    if attacker.squeezing:
        bonus -= 4
        reason(_("squeezing -4"), False, "squeezing")
    if "grapple_with" in attacker.effects:
        bonus -= 4  # 3.5 SRD, Grapple: attacking one's opponent, -4
        reason(_("grappling -4"), False, "grapple")
    if underwater_weapon(battle, attacker, attack):
        bonus -= 2  # water.py: slashing or bludgeoning underwater, -2 and half damage
        reason(_("underwater -2, half damage"), False, "underwater-combat")
    if not melee:
        increments = max(0, math.ceil(distance_m(attacker, target) / attack.range_increment - 1e-9) - 1)
        if increments:
            bonus -= 2 * increments
            words = _("range: 1 increment {penalty}") if increments == 1 else _("range: {count} increments {penalty}")
            reason(words.format(count=increments, penalty=f"{-2 * increments:+d}"), False, "range-penalty")
        wet = underwater_shot_penalty(battle, attacker, target, attack)
        if wet:
            bonus += wet
            reason(_("through water {penalty}").format(penalty=f"{wet:+d}"), False, "underwater-combat")
        if "precise-shot" not in attacker.stats.feats and _in_melee(battle, attacker, target):
            bonus -= 4
            reason(_("firing into melee -4"), False, "shooting-into-melee")
    touch = attack.touch
    # 3.5 SRD: an unseen attacker denies the target its Dex; a blinded target loses it too
    hidden = "hidden" in attacker.conditions or "invisible" in attacker.conditions
    blind = "blinded" in target.conditions
    unseen = hidden or blind
    # 3.5 SRD, Grapple: no Dex to AC against anyone but its opponent; Run: no Dex to AC
    held = bool(opponents(target)) and attacker.id not in opponents(target)
    # 3.5 SRD, Grapple, If you're pinned: no Dex to AC (against the pinner too), -4 against others
    pinned = "pinned" in target.conditions
    ran = "running" in target.effects
    ac = armour_class(target, touch, denied=unseen or held or pinned or ran)
    if touch:
        rules.append("touch-attack")
    if unseen and not target.flat_footed and not target.helpless and target.stats.dex_to_ac:
        words = _("hidden attacker: target denied its Dex to AC (-{dex})") if hidden else \
            _("target blinded: no Dex to AC (-{dex})")
        reason(words.format(dex=target.stats.dex_to_ac), True, "concealment" if hidden else "blinded")
    exposed = not unseen and not target.flat_footed and not target.helpless and target.stats.dex_to_ac
    if pinned and exposed:
        reason(_("target pinned: no Dex to AC (-{dex})").format(dex=target.stats.dex_to_ac), True, "grapple")
    elif held and exposed:
        reason(_("target grappling: no Dex to AC (-{dex})").format(dex=target.stats.dex_to_ac), True, "grapple")
    elif ran and exposed:
        reason(_("target ran: no Dex to AC (-{dex})").format(dex=target.stats.dex_to_ac), True, "run")
    if target.flat_footed:
        rules.append("flat-footed")
        if target.stats.dex_to_ac:
            reason(_("target flat-footed: no Dex to AC (-{dex})").format(dex=target.stats.dex_to_ac), True,
                   "flat-footed")
    if target.helpless:
        reason(_("target helpless: Dex 0"), True, "helpless")
    if pinned and target.effects.get("pinned_by") != attacker.id:
        ac -= 4
        reason(_("target pinned: -4 AC"), True, "grapple")
    if "blinded" in target.conditions:
        ac -= 2
        reason(_("target blinded: -2 AC"), True, "blinded")
    if "shield" in target.effects:
        ac += 4
        reason(_("shield +4 AC"), False, "spells")
    if "defensively" in target.effects and not target.flat_footed:
        ac += 2
        reason(_("fighting defensively +2 AC"), False, "fighting-defensively")
    if "total_defense" in target.effects:
        ac += 4
        reason(_("total defense +4 AC"), False, "total-defense")
    if "charging" in target.effects:
        ac -= 2
        reason(_("target charged: -2 AC"), True, "charge")
    if target.squeezing:
        ac -= 4
        reason(_("target squeezing: -4 AC"), True, "squeezing")
    if target.prone:
        ac += -4 if melee else 4
        reason(_("target prone: -4 AC") if melee else _("target prone: +4 AC vs ranged"), melee, "prone")
    cover = cover_level(battle, attacker, target, ranged=not melee)
    if cover < 2 and in_deep_water(battle, target) and not in_deep_water(battle, attacker):
        cover = 2  # RULESETS.md section 3: in deep water, improved cover against attackers on land
    if cover in COVER_AC and COVER_AC[cover]:
        ac += COVER_AC[cover]
        reason(_(COVER_WORDS[cover]).format(bonus=COVER_AC[cover]), False, "cover")
    confirm = not target.stats.crit_immune
    miss_chance = concealment(attacker, target)
    if miss_chance:
        words = _("total concealment: {chance}% miss chance") if miss_chance >= TOTAL_CONCEALMENT else \
            _("concealment: {chance}% miss chance")
        reason(words.format(chance=miss_chance), False, "concealment")
        if "blinded" in attacker.conditions and "blinded" not in rules:
            rules.append("blinded")
    # seed 003: « Bonus de base à l'attaque + modificateur de Force + modificateur de taille » and
    # « 10 + bonus d'armure [...] + modificateur de taille »: both are in the stat blocks' totals,
    # named here so the preview shows every modifier
    mine, theirs = ATTACK_SIZE.get(attacker.size, 0), ATTACK_SIZE.get(target.size, 0)
    if mine:
        reason(_("size {size} {modifier} (in the attack bonus)").format(
            size=_(SIZE_WORDS[attacker.size]), modifier=f"{mine:+d}"), mine > 0, "size", fixed=True)
    if theirs:
        reason(_("target {size}: {modifier} AC (in its AC)").format(
            size=_(SIZE_WORDS[target.size]), modifier=f"{theirs:+d}"), theirs < 0, "size", fixed=True)
    denied = unseen or held or pinned or ran or target.flat_footed or target.helpless
    return Odds(bonus, ac, defence_words(ac, touch, target.flat_footed), tuple(reasons), cover, bool(flanker),
                attack.threat, confirm, denied, miss_chance, hand, tuple(rules))


def defence_words(ac: int, touch: bool, flat_footed: bool) -> str:
    """What an attack roll is made against, in words: "AC 15", "flat-footed touch AC 11"."""
    if flat_footed:
        text = _("flat-footed touch AC {ac}") if touch else _("flat-footed AC {ac}")
    else:
        text = _("touch AC {ac}") if touch else _("AC {ac}")
    return text.format(ac=ac)


def sight_lost(attacker, target) -> bool:
    """The attacker cannot see the target for want of sight, not of a line: it is blinded, or the
    target invisible (3.5 SRD: it attacks the square with total concealment's 50% miss chance)."""
    return "blinded" in attacker.conditions or "invisible" in target.conditions


TOTAL_CONCEALMENT, CONCEALMENT = 50, 20  # 3.5 SRD, Concealment: the miss chances


def concealment(attacker, target) -> int:
    """3.5 SRD, Concealment: a hidden creature (the scenario's `hidden`, or `hide`) has total
    concealment, 50%; so has every target of a blinded attacker, and an invisible one. A blurred
    creature (the blur spell) has concealment, 20%; the greater miss chance counts, never both."""
    if "hidden" in target.conditions:
        return TOTAL_CONCEALMENT
    return unhidden_concealment(attacker, target)


def unhidden_concealment(attacker, target) -> int:
    """The target's concealment from the attacker that is not its hiding: the attacker's lost
    sight, the target's blur (hiding.py: concealment to hide in)."""
    if sight_lost(attacker, target):
        return TOTAL_CONCEALMENT
    return CONCEALMENT if "blurred" in target.conditions else 0


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
    bonus = attack.damage.bonus + power_damage(attacker, attack) + off_hand_damage(attacker, attack, o.hand)

    halved = underwater_weapon(battle, attacker, attack)

    def dealt(amount: float) -> float:
        amount = max(1.0, amount)
        return max(0.0, (max(1.0, amount // 2) if halved else amount) - dr)

    def mean(times: int) -> float:
        odds = sum_odds(attack.damage.count * times, attack.damage.sides)
        return sum(p * dealt(total + bonus * times + extra) for total, p in enumerate(odds) if p)

    p_crit = crit_chance(o)
    return (hit_chance(o) - p_crit) * mean(1) + p_crit * mean(attack.multiplier)


def sneak_dice(battle, attacker, target, attack, o: Odds):
    """3.5 SRD, Sneak attack: against a target denied its Dex to AC or flanked; ranged within 9 m;
    never against creatures immune to critical hits, nor against a target with concealment."""
    dice = getattr(attacker.stats, "sneak_attack", None)
    if dice is None or target.stats.crit_immune or o.miss_chance:
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
    faces = [dice.roll(expr.sides) for _i in range(expr.count)]
    return sum(faces) + expr.bonus, faces


# how an attack roll reads, by what it is: a plain attack, an attack of opportunity, a ray
ATTACK_LINES = {
    "attack": N_("{name} attacks {target} with {attack}: d20 {face} {bonus} = {total} vs {defence}"),
    "opportunity": N_("{name} makes an attack of opportunity against {target} with {attack}: d20 {face} {bonus} = "
                      "{total} vs {defence}"),
    "ray": N_("{name} aims a ray at {target} with {attack}: d20 {face} {bonus} = {total} vs {defence}"),
}
ATTACK_RULES = {"attack": (), "opportunity": ("attacks-of-opportunity",), "ray": ("spells",)}


def resolve_attack(engine, attacker, target, attack, penalty: int = 0, charging: bool = False,
                   what: str = "attack", hand: str = "") -> bool:
    """Roll one attack: its d20, a threat's confirmation d20 right after, then the damage
    (FORMATS.md, dice order); True when it hit. `what`: a key of ATTACK_LINES; `hand`: the hand
    of a two-weapon full attack."""
    dice = engine.state.dice
    o = odds(engine, attacker, target, attack, penalty, charging, hand)
    rules = list(o.rules) + list(ATTACK_RULES[what])
    face = dice.roll(20)
    total = face + o.bonus
    hit = face == 20 or (face != 1 and total >= o.target_number)
    line = _(ATTACK_LINES[what]).format(name=attacker.name, target=target.name, attack=spoken(attack.name), face=face,
                                        bonus=f"{o.bonus:+d}", total=total, defence=o.defence)
    line += "".join(f", {r.text}" for r in o.reasons if not r.fixed)
    crit = False
    if hit and (face >= o.threat or face == 20) and o.confirm:
        # 3.5 SRD, Critical hits: a threat is confirmed by a second attack roll against the same AC
        second = dice.roll(20)
        confirmed = second == 20 or (second != 1 and second + o.bonus >= o.target_number)
        words = _("threat, confirmation d20 {face} {bonus} = {total}: critical hit") if confirmed else \
            _("threat, confirmation d20 {face} {bonus} = {total}: not confirmed")
        line += "; " + words.format(face=second, bonus=f"{o.bonus:+d}", total=second + o.bonus)
        crit = confirmed
        rules.append("critical-hit")
    if hit and o.miss_chance:
        # FORMATS.md: concealment's miss chance is one d100 after a hit
        roll = dice.roll(100)
        missed = roll <= o.miss_chance
        line += "; " + (_("concealment d100 {roll}: it misses") if missed else _("concealment d100 {roll}")).format(
            roll=roll)
        hit, crit = not missed, crit and not missed
    line += ", " + (_("hit") if hit else (_("miss (natural 1)") if face == 1 else _("miss")))
    if "hidden" in attacker.conditions:
        attacker.conditions.discard("hidden")  # an attack gives away where it is
        line += "; " + _("{name} is no longer hidden").format(name=attacker.name)
    engine.emit("attack", line, rules=tuple(dict.fromkeys(rules)), attacker=attacker.id, target=target.id, hit=hit,
                crit=crit)
    if not hit:
        return False
    deal_damage(engine, attacker, target, attack, attack.multiplier if crit else 1, o)
    if attack.poison is not None and target.standing:
        poisoned(engine, target, *attack.poison)
    if "trip" in attacker.stats.feats and "natural" in attack.properties and attack.is_melee:
        trip(engine, attacker, target)
    return True


def power_damage(attacker, attack) -> int:
    """3.5 SRD, Power Attack: the damage it adds to a melee hit (twice with a two-handed weapon;
    none with a light weapon, whose attack roll takes the penalty all the same)."""
    if not attack.is_melee or ("light" in attack.properties and "natural" not in attack.properties):
        return 0
    power = attacker.effects.get("power_attack", 0)
    return power * 2 if "two-handed" in attack.properties else power


def off_hand_damage(attacker, attack, hand: str) -> int:
    """What the off hand of a two-weapon full attack changes on the weapon's damage (half its
    Strength bonus, of the Strength it has left)."""
    if hand != two_weapon.OFF or not attack.is_melee:
        return 0
    return two_weapon.off_hand_damage(attacker.stats.mod("str") + str_penalty(attacker))


def str_penalty(c) -> int:
    """What Strength damage takes from its attacks and damage (the SRD totals hold its full Strength)."""
    lost = c.effects.get("str_damage", 0)
    score = dict(c.stats.abilities).get("str") or 10
    return (max(0, score - lost) - 10) // 2 - (score - 10) // 2 if lost else 0


def deal_damage(engine, attacker, target, attack, times: int, o: Odds) -> int:
    """A hit's damage: the dice and bonus `times` times (a critical hit), the sneak attack once,
    at least 1, less damage reduction; the damage dealt."""
    dice = engine.state.dice
    total_damage, parts = 0, []
    rules = ["damage"] + (["critical-hit"] if times > 1 else [])
    for _i in range(times):
        # seed 003, Multiplication des dégâts: « on joue les dés à plusieurs reprises (en ajoutant
        # chaque fois les modificateurs correspondants) »
        amount, faces = roll_expr(dice, attack.damage)
        total_damage += amount
        parts.append(f"{attack.damage} [{' '.join(map(str, faces))}]")
    power = power_damage(attacker, attack)
    if power:
        total_damage += power * times
        parts.append(_("Power Attack +{damage}").format(damage=power * times))
        rules.append("power-attack")
    weakened = str_penalty(attacker) if attack.is_melee or "thrown" in attack.properties else 0
    if weakened:
        total_damage += weakened * times
        parts.append(_("Strength damage {damage}").format(damage=f"{weakened * times:+d}"))
        rules.append("ability-damage")
    off_damage = off_hand_damage(attacker, attack, o.hand)
    if off_damage:
        total_damage += off_damage * times
        parts.append(_("off hand, half Strength {damage}").format(damage=f"{off_damage * times:+d}"))
        rules.append(two_weapon.RULE)
    sneak = sneak_dice(engine, attacker, target, attack, o)
    if sneak is not None:
        # seed 003, Exception: extra dice (« attaque sournoise ») are not multiplied
        amount, faces = roll_expr(dice, sneak)
        total_damage += amount
        parts.append(_("sneak attack {dice} [{faces}]").format(dice=sneak, faces=" ".join(map(str, faces))))
        rules.append("sneak-attack")
    # seed 003, Dégâts minimaux: « ceux-ci se montent toujours au moins à 1 point »
    if total_damage < 1:
        rules.append("minimum-damage")
    total_damage = max(1, total_damage)
    how = f"{' + '.join(parts)} = {total_damage}"
    if underwater_weapon(engine, attacker, attack):
        total_damage = max(1, total_damage // 2)  # water.py: half damage underwater
        how += ", " + _("halved underwater: {left}").format(left=total_damage)
        rules.append("underwater-combat")
    dr = damage_reduction(target, attack)
    reduced = max(0, total_damage - dr)
    if dr:
        how += " " + _("(damage reduction {dr}/{bypass}: {left})").format(dr=dr, bypass=target.stats.dr_bypass,
                                                                          left=reduced)
        rules.append("damage-reduction")
    engine.damage_source = attacker.id
    apply_damage(engine, target, reduced, how, rules=tuple(rules))
    engine.damage_source = None
    return reduced


def coup_de_grace(engine, attacker, target, attack) -> None:
    """3.5 SRD, Coup de grace: against a helpless foe, an automatic critical hit; if it lives,
    Fortitude DC 10 + the damage dealt or it dies."""
    engine.emit("attack", _("{name} delivers a coup de grace to {target} with {attack}: an automatic critical hit")
                .format(name=attacker.name, target=target.name, attack=spoken(attack.name)),
                rules=("coup-de-grace", "helpless", "critical-hit"), attacker=attacker.id, target=target.id, hit=True,
                crit=True)
    o = odds(engine, attacker, target, attack)
    dealt = deal_damage(engine, attacker, target, attack, attack.multiplier, o)
    if target.state != DEAD:
        face = engine.state.dice.roll(20)
        fort = target.stats.save("fort")
        dc = 10 + dealt
        lives = face + fort >= dc
        words = _("{name} rolls Fortitude against the coup de grace: d20 {face} {bonus} = {total} vs DC {dc}, it lives") \
            if lives else \
            _("{name} rolls Fortitude against the coup de grace: d20 {face} {bonus} = {total} vs DC {dc}, it dies")
        engine.emit("save", words.format(name=target.name, face=face, bonus=f"{fort:+d}", total=face + fort, dc=dc),
                    rules=("coup-de-grace", "saving-throw"), creature=target.id)
        if not lives:
            set_state(engine, target, DEAD)


# a new hit point state in words, and its rule card
STATE_LINES = {DEAD: (N_("{name} is dead"), "dead"), DYING: (N_("{name} is dying"), "dying"),
               STABLE: (N_("{name} is stable"), "stabilizing"), DISABLED: (N_("{name} is disabled (0 hp)"), "disabled"),
               CONSCIOUS: (N_("{name} is conscious"), "hit-points")}

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
    words = _("{name} tries to trip {target}: d20 {face} {bonus} = {total} vs d20 {their_face} {their_bonus} = "
              "{their_total}, tripped") if won else \
        _("{name} tries to trip {target}: d20 {face} {bonus} = {total} vs d20 {their_face} {their_bonus} = "
          "{their_total}, it keeps its feet")
    engine.emit("check", words.format(name=attacker.name, target=target.name, face=a, bonus=f"{mine:+d}",
                                      total=a + mine, their_face=t, their_bonus=f"{theirs:+d}", their_total=t + theirs),
                rules=("trip",), attacker=attacker.id, target=target.id)
    if won:
        target.conditions.add("prone")
        engine.emit("condition", _("{name} falls prone").format(name=target.name), rules=("trip", "prone"),
                    creature=target.id)


def apply_damage(engine, target, amount: int, how: str = "", rules: tuple[str, ...] = ("damage",)) -> None:
    """Hit points fall; the state follows (3.5 SRD, Hit points; seed 003: « Lorsque les points de
    vie d'un personnage tombent à 0, il est mis hors de combat. À –1, l'aventurier est mourant.
    À –10 [...] il est mort »). One hit of 50 or more: Fort DC 15 or die (massive damage); `how`:
    the damage's dice in words, `rules`: the rule cards that made it."""
    target.hp -= amount
    words = _("{name} takes {amount} damage: {how} ({hp} hp)") if how else _("{name} takes {amount} damage ({hp} hp)")
    engine.emit("damage", words.format(name=target.name, amount=amount, how=how, hp=target.hp),
                rules=tuple(dict.fromkeys(("hit-points",) + tuple(rules))), target=target.id, amount=amount)
    if amount >= 50 and target.hp > -10:
        face = engine.state.dice.roll(20)
        fort = target.stats.save("fort")
        survived = face + fort >= 15
        words = _("{name} rolls Fortitude against massive damage: d20 {face} {bonus} = {total} vs DC 15, saved") \
            if survived else \
            _("{name} rolls Fortitude against massive damage: d20 {face} {bonus} = {total} vs DC 15, failed: it dies")
        engine.emit("save", words.format(name=target.name, face=face, bonus=f"{fort:+d}", total=face + fort),
                    rules=("massive-damage", "saving-throw"), creature=target.id)
        if not survived:
            set_state(engine, target, DEAD)
            return
    settle_hp(engine, target)


def heal(engine, target, amount: int) -> None:
    """Hit points come back (not past the maximum); any healing stabilises (3.5 SRD, Dying)."""
    before = target.hp
    target.hp = min(target.stats.hp, target.hp + amount)
    engine.emit("heal", _("{name} regains {amount} hp ({hp} hp)").format(name=target.name, amount=target.hp - before,
                                                                         hp=target.hp),
                rules=("healing",), target=target.id, amount=target.hp - before)
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
    words, rule = STATE_LINES[new]
    engine.emit("condition", _(words).format(name=target.name), rules=(rule,), creature=target.id, state=new)
    if new in (DYING, STABLE, DEAD):
        state = engine.state
        # no reaction by it, and none against it: it acts no more (its pending act is lost)
        state.offers = [o for o in state.offers if target.id not in (o.reactor, o.provoker)]


__all__ = ["Odds", "attack_problem", "armour_class", "odds", "hit_chance", "crit_chance", "expected_damage",
           "resolve_attack", "apply_damage", "heal", "settle_hp"]


def full_attack_rest(actor, first, dual: bool = False) -> tuple:
    """The attacks of a full attack after the first, as (name, penalty, hand): the natural
    attacks of the stat block's `full_attack` (the first one used), else the weapon's iteratives
    at -5, -10, -15 (BAB +6, +11, +16); `dual`: a two-weapon full attack, the off-hand attack last."""
    routine = list(actor.stats.full_attack)
    if first.name in routine and not dual:
        routine.remove(first.name)
        return tuple((name, 0, "") for name in routine)
    count = 1 + max(0, actor.stats.bab - 1) // 5
    iteratives = tuple((first.name, -5 * i) for i in range(1, count))
    if dual:
        return two_weapon.routine(actor, first, iteratives)
    return tuple((name, penalty, "") for name, penalty in iteratives)
