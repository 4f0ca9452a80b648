"""Attack rolls: what modifies them, the chance to hit, and resolving one (5e, "Réaliser une attaque")."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from ...content.creatures import Attack
from ...core.dice import DiceExpr, d20_at_least
from ...core.terrain import COVER_NAMES, TOTAL
from ...i18n import N_, translator
from ..errors import IllegalCommand
from ..state import Creature, Offer, PendingAttack
from ..words import spoken
from .conditions import dodging, fails_save, give, immune, say_immune
from .damage import Hit, adjusted_damage, apply_damage
from .geometry import COVER_BONUS, cover_between, distance_m, within
from .helping import help_for, use_help
from .hiding import hidden_from, reveal, sees
from .shield import AC_BONUS as SHIELD_AC, can_cast_shield, shield_bonus, shielded, turned_by_shield
from .vocab import (COVER_RULES, ability as ability_word, condition as condition_word, cover as cover_word,
                    damage_type, number)

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def unarmed_strike(creature: Creature) -> Attack:
    """5e: an unarmed strike deals 1 + Strength modifier bludgeoning; you are proficient."""
    stats = creature.stats
    return Attack(
        name="unarmed", kind="melee", to_hit=stats.mod("str") + stats.proficiency,
        damage=DiceExpr(0, 0, 1 + stats.mod("str")), type="bludgeoning", reach=1.5,
    )


def weapon_of(creature: Creature, name: str | None) -> Attack:
    if name in (None, "unarmed") and (name == "unarmed" or not creature.stats.attacks):
        return unarmed_strike(creature)
    if name is None:
        return creature.stats.attacks[0]
    attack = creature.stats.attack(name)
    if attack is None:
        known = ", ".join([a.name for a in creature.stats.attacks] + ["unarmed"])
        raise IllegalCommand(_("{id} has no attack {name!r} (has: {known})").format(
            id=creature.id, name=name, known=known))
    return attack


def armour_class(creature: Creature) -> int:
    """AC with active effects: the shield spell's bonus until the start of the caster's turn."""
    return creature.stats.ac + shield_bonus(creature)


def first_melee(creature: Creature) -> Attack:
    return creature.stats.first_melee or unarmed_strike(creature)


@functools.lru_cache(maxsize=4096)
def hit_chance(to_hit: int, target_number: int, advantage: int) -> tuple[float, float]:
    """(chance to hit, chance of a critical hit) of a d20 attack: 5e, a natural 20 always hits
    and is critical, a natural 1 always misses; advantage rolls two d20s and keeps the higher."""
    hits = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + to_hit >= target_number)) / 20
    crit = 1 / 20
    if advantage > 0:
        return 1 - (1 - hits) ** 2, 1 - (1 - crit) ** 2
    if advantage < 0:
        return hits * hits, crit * crit
    return hits, crit


@dataclass
class AttackPreview:
    """Everything about an attack before the dice: range, cover, advantage and why."""

    attack: Attack
    ranged: bool
    distance: float
    cover: int
    ac: int
    advantage: int
    reasons: list[str] = field(default_factory=list)  # "advantage: ..." / "disadvantage: ...", as shown
    good: list[str] = field(default_factory=list)  # the reasons for advantage, as shown
    bad: list[str] = field(default_factory=list)  # the reasons for disadvantage, as shown
    rules: list[str] = field(default_factory=list)  # the rule card ids the attack applies (for its log line)
    auto_crit: bool = False
    auto_miss: str | None = None  # why it misses whatever the roll
    problem: str | None = None  # why it cannot be made, if it cannot

    @property
    def target_number(self) -> int:
        return self.ac + COVER_BONUS.get(self.cover, 0)

    @property
    def hit_chance(self) -> float:
        """Probability of hitting (hit_chance's, or none when it misses whatever the roll)."""
        if self.auto_miss:
            return 0.0
        return hit_chance(self.attack.to_hit, self.target_number, self.advantage)[0]


def preview_attack(battle, attacker: Creature, target: Creature, attack: Attack, offhand: bool = False,
                   guessed: bool = False) -> AttackPreview:
    """The attack before the dice; `guessed`: made at the square the attacker guesses the target is in.

    Each reason for advantage or disadvantage is written once here, with the rule card it
    applies (`rules`: the attack's log line names them)."""
    distance = distance_m(battle, attacker, target)
    ranged = attack.kind == "ranged" or (attack.range is not None and distance > attack.reach + 1e-9)
    cover = cover_between(battle, attacker, target)
    preview = AttackPreview(attack=attack, ranged=ranged, distance=distance, cover=cover,
                            ac=armour_class(target), advantage=0)
    good: list[str] = []
    bad: list[str] = []
    rules: list[str] = ["ranged-attack" if ranged else "melee-attack"]
    if not ranged and attack.reach > 1.5 + 1e-9:
        rules.append("reach")  # 5e, Attaques de corps à corps: a weapon with reach

    def reason(side: list[str], text: str, rule: str) -> None:
        side.append(text)
        rules.append(rule)

    if ranged:
        normal, long = attack.range
        if distance > long + 1e-9:
            preview.problem = _("{id} is {distance} m away, beyond the {long} m long range of {attack}").format(
                id=target.id, distance=number(distance), long=number(long), attack=attack.name)
        elif distance > normal + 1e-9:
            reason(bad, _("beyond normal range ({normal} m)").format(normal=number(normal)), "ranged-attack")
        other = close_combat_foe(battle, attacker)
        if other is not None:
            reason(bad, _("{name} is within 1.5 m").format(name=other.name), "ranged-in-close-combat")
    elif distance > attack.reach + 1e-9:
        preview.problem = _("{id} is {distance} m away, out of the {reach} m reach of {attack}").format(
            id=target.id, distance=number(distance), reach=number(attack.reach), attack=attack.name)
    if cover >= TOTAL and preview.problem is None:
        preview.problem = _("{id} has total cover").format(id=target.id)
    if hidden_from(target, attacker) and not guessed:
        # 5e, Unseen attackers and targets: you guess the location of a target you cannot see
        # (nothing else of it shows: this reason comes first)
        preview.problem = _("{id} is hidden: attack the square you guess it is in (at = [x, y])").format(id=target.id)

    # 5e, Unseen attackers and targets
    if not sees(battle, attacker, target):
        reason(bad, _("target unseen"), "unseen-attackers")
    if not sees(battle, target, attacker):
        reason(good, _("attacker unseen"), "unseen-attackers")
    if target.prone:  # SRD 5.1, Prone
        if within(battle, attacker, target, 1.5):
            reason(good, _("target prone within 1.5 m"), "prone")
        else:
            reason(bad, _("target prone, beyond 1.5 m"), "prone")
    if attacker.prone:
        reason(bad, _("attacker prone"), "prone")
    if "poisoned" in attacker.conditions:  # SRD 5.1, Poisoned
        reason(bad, _("attacker poisoned"), "conditions")
    if dodging(target) and sees(battle, target, attacker):
        reason(bad, _("target dodging"), "dodge")  # 5e, Dodge: from an attacker it can see
    if target.state != "conscious" or "unconscious" in target.conditions:
        reason(good, _("target unconscious"), "conditions")
        # SRD 5.1, Unconscious: a hit from within 1.5 m is a critical hit
        preview.auto_crit = within(battle, attacker, target, 1.5)
    if attacker.squeezing:  # 5e, Squeezing
        reason(bad, _("attacker squeezing"), "squeezing")
    if target.squeezing:
        reason(good, _("target squeezing"), "squeezing")
    if "restrained" in target.conditions:  # SRD 5.1, Restrained
        reason(good, _("target restrained"), "conditions")
    if "restrained" in attacker.conditions:
        reason(bad, _("attacker restrained"), "conditions")
    if "heavy" in attack.properties and attacker.size in ("tiny", "small"):
        reason(bad, _("heavy weapon in small hands"), "attack-roll")  # SRD 5.1, Heavy
    helper = help_for(battle, attacker, target)
    if helper is not None:
        reason(good, _("helped by {name}").format(name=battle.state.creatures[helper].name), "help")  # 5e, Help
    underwater = underwater_rule(battle, attacker, target, attack, ranged, distance)
    if underwater == "miss":
        preview.auto_miss = _("underwater, beyond normal range")
        rules.append("underwater-combat")
    elif underwater:
        reason(bad, _(underwater), "underwater-combat")
    if "pack-tactics" in attacker.stats.traits and any(
        o.side == attacker.side and o is not attacker and o.standing and not o.incapacitated
        and within(battle, o, target, 1.5) for o in battle.state.creatures.values()
    ):
        reason(good, _("pack tactics"), "pack-tactics")
    # advantage and disadvantage cancel, never stack (5e)
    preview.advantage = (1 if good else 0) - (1 if bad else 0)
    if good or bad:
        rules.insert(0, "advantage")
    if COVER_NAMES.get(cover) in COVER_RULES and preview.problem is None:
        rules.append(COVER_RULES[COVER_NAMES[cover]])
    preview.good, preview.bad = good, bad
    preview.reasons = ([_("advantage: {reason}").format(reason=r) for r in good]
                       + [_("disadvantage: {reason}").format(reason=r) for r in bad])
    preview.rules = list(dict.fromkeys(rules))
    return preview


def close_combat_foe(battle, attacker: Creature) -> Creature | None:
    """5e, ranged attacks in close combat: the first hostile creature (in the creatures' order)
    within 1.5 m of the attacker who sees it and is not incapacitated, or None. The same for
    every target: kept while the state is held still (a planner previews many)."""
    still = battle.still_memo()
    key = ("close_combat_foe", attacker.id)
    if still is not None and key in still:
        return still[key]
    found = None
    for other in battle.state.creatures.values():
        if (other.side != attacker.side and other.standing and not other.incapacitated
                and within(battle, attacker, other, 1.5) and sees(battle, other, attacker)):
            found = other
            break
    if still is not None:
        still[key] = found
    return found


UNDERWATER_MELEE = {"dagger", "javelin", "shortsword", "spear", "trident"}
UNDERWATER_RANGED = {"light-crossbow", "hand-crossbow", "heavy-crossbow", "crossbow", "net", "javelin", "spear",
                     "trident", "dart"}


SPELL_ATTACK = "spell"  # the property of a spell attack's Attack record (spells.spell_attack)


def underwater_rule(battle, attacker: Creature, target: Creature, attack: Attack, ranged: bool,
                    distance: float) -> str | None:
    """5e, Underwater combat, for an attacker fully in deep water: a disadvantage reason, "miss", or None.

    Its penalties are those of weapon attacks ("une arme de corps à corps", "une arme à
    distance"): a spell attack keeps none of them.
    """
    if SPELL_ATTACK in attack.properties or not battle.board.anywhere("deep_water"):
        return None
    deep = battle.board.prop("deep_water")
    if attacker.altitude > 0 or not all(deep[y, x] for x, y in attacker.squares()):
        return None
    if not ranged:
        if attacker.stats.speed_of("swim") > 0 or attack.name in UNDERWATER_MELEE:
            return None
        return N_("melee underwater without a swim speed")
    if attack.range is not None and distance > attack.range[0] + 1e-9:
        return "miss"
    if attack.name in UNDERWATER_RANGED or "thrown" in attack.properties:
        return None
    return N_("ranged underwater")


def damage_dice(attack: Attack, attacker: Creature, offhand: bool) -> DiceExpr:
    dice = attack.damage
    if offhand and dice.bonus > 0:
        # 5e, Two-weapon fighting: no ability modifier to the bonus attack's damage unless negative
        dice = DiceExpr(dice.count, dice.sides, 0)
    return dice


# how the attack line reads, by the kind of attack (whole sentences: the words around the fields
# change from one kind to the next in French)
ATTACK_LINES = {
    "attack": N_("{attacker} attacks {target} with {weapon}: {roll} {sign} {bonus} = {total} vs {ac}, {verdict}{why}"),
    "offhand": N_("{attacker} makes an off-hand attack on {target} with {weapon}: {roll} {sign} {bonus} = {total} "
                  "vs {ac}, {verdict}{why}"),
    "opportunity attack": N_("{attacker} makes an opportunity attack on {target} with {weapon}: {roll} {sign} "
                             "{bonus} = {total} vs {ac}, {verdict}{why}"),
    "readied attack": N_("{attacker} makes a readied attack on {target} with {weapon}: {roll} {sign} {bonus} = "
                         "{total} vs {ac}, {verdict}{why}"),
}
ATTACK_RULES = {"offhand": ("two-weapon-fighting", "bonus-action"), "opportunity attack": ("opportunity-attack",
                "reactions"), "readied attack": ("ready", "reactions")}


def d20_shown(face: int, faces: list[int], advantage: int) -> str:
    """An attack's d20 as read: "d20 14", or both dice and the one kept."""
    if len(faces) == 1:
        return _("d20 {face}").format(face=face)
    if advantage > 0:
        return _("d20 {first}/{second} (advantage) {face}").format(first=faces[0], second=faces[1], face=face)
    return _("d20 {first}/{second} (disadvantage) {face}").format(first=faces[0], second=faces[1], face=face)


def resolve_attack(battle, attacker: Creature, target: Creature, attack: Attack,
                   offhand: bool = False, knock_out: bool = False, reaction: bool = False,
                   label: str = "opportunity attack", guessed: bool = False) -> None:
    """Roll one attack and apply its outcome; the preview must have no problem.

    `label`: a reaction's kind of attack ("opportunity attack" or "readied attack")."""
    preview = preview_attack(battle, attacker, target, attack, offhand, guessed)
    if preview.problem:
        raise IllegalCommand(preview.problem)
    battle.damage_source = attacker.id
    dice = battle.state.dice
    face, faces = dice.d20(preview.advantage)
    total = face + attack.to_hit
    crit = face == 20
    hit = crit or (face != 1 and total >= preview.target_number)
    use_help(battle, attacker, target)  # the Help is spent on this first attack
    if preview.auto_miss:
        hit = crit = False
    if hit and preview.auto_crit:
        crit = True
    ac_text = _("AC {ac}").format(ac=preview.ac)
    if preview.cover:
        ac_text = _("AC {ac} + {bonus} {cover}").format(ac=preview.ac, bonus=COVER_BONUS[preview.cover],
                                                       cover=cover_word(COVER_NAMES[preview.cover]))
    why = _(" [{reasons}]").format(reasons="; ".join(preview.reasons)) if preview.reasons else ""
    verdict = _("critical hit") if crit else (_("hit") if hit else _("miss"))
    if face == 1:
        verdict = _("miss (natural 1)")
    if preview.auto_miss:
        verdict = _("miss ({why})").format(why=preview.auto_miss)
    kind = label if reaction else ("offhand" if offhand else "attack")
    text = _(ATTACK_LINES[kind]).format(
        attacker=attacker.name, target=target.name, weapon=spoken(attack.name),
        roll=d20_shown(face, faces, preview.advantage), sign="-" if attack.to_hit < 0 else "+",
        bonus=abs(attack.to_hit), total=total, ac=ac_text, verdict=verdict, why=why)
    rules = ["attack-roll", *ATTACK_RULES.get(kind, ()), *preview.rules]
    if SPELL_ATTACK in attack.properties:
        rules.append("cast-spell")
    if face in (1, 20):
        rules.append("rolling-1-or-20")
    if crit:
        rules.append("critical-hit")
    battle.emit("attack", text, rules=tuple(dict.fromkeys(rules)), attacker=attacker.id, target=target.id,
                hit=hit, crit=crit, faces=faces, total=total)
    # 5e, Unseen attackers: attacking reveals a hidden attacker
    if "hidden" in attacker.conditions:
        reveal(battle, attacker, _("it attacked"))
    if not hit:
        return
    pending = PendingAttack(attacker=attacker.id, target=target.id, attack=attack, total=total,
                            target_number=preview.target_number, crit=crit, offhand=offhand,
                            knock_out=knock_out, melee=not preview.ranged, natural_20=face == 20,
                            shield_counted=shielded(target))
    if face != 20 and turned_by_shield(total, preview.target_number) and not pending.shield_counted:
        if can_cast_shield(target, battle):
            # SRD 5.1, Shield: a reaction when hit by an attack; +5 AC may turn the hit into a miss
            battle.state.pending_attack = pending
            battle.state.offers.insert(0, Offer(reactor=target.id, kind="shield", provoker=attacker.id, stage="attack"))
            battle.emit("offer", _("{reactor} may cast shield against {attacker}'s attack").format(
                reactor=target.name, attacker=attacker.name), rules=("shield", "reactions"),
                reactor=target.id, provoker=attacker.id, reaction="shield")
            return
    land_attack(battle, pending)


def land_attack(battle, pending: PendingAttack) -> None:
    """A hit lands: roll its damage (twice the dice on a critical hit) and apply its riders."""
    attacker = battle.state.creatures[pending.attacker]
    target = battle.state.creatures[pending.target]
    attack = pending.attack
    battle.damage_source = attacker.id
    if (shielded(target) and not pending.shield_counted and not pending.natural_20
            and turned_by_shield(pending.total, pending.target_number)):
        battle.emit("attack", _("{target}'s shield turns the hit into a miss ({total} vs AC {ac})").format(
            target=target.name, total=pending.total, ac=pending.target_number + SHIELD_AC), rules=("shield", "attack-roll"),
            attacker=attacker.id, target=target.id, hit=False, crit=False)
        return
    # 5e, Damage at 0 hit points: one hit is one instance of damage, whatever its types
    hit = Hit(crit=pending.crit, knock_out=pending.knock_out and pending.melee)
    parts = [(damage_dice(attack, attacker, pending.offhand), attack.type)]
    if attack.extra_damage is not None:
        parts.append((attack.extra_damage, attack.extra_type))
    for expr, dtype in parts:
        rolled, how = roll_damage(battle, expr, hit.crit)
        apply_rolled_damage(battle, target, rolled, dtype, how, hit=hit)
    rider = dict(attack.on_hit)
    if rider and target.alive:
        apply_rider(battle, attacker, target, rider, hit)
    end_hit(battle, target, hit)


def roll_damage(battle, expr: DiceExpr, crit: bool = False) -> tuple[int, str]:
    """Roll damage dice (all dice twice on a critical hit): the total and how it was rolled."""
    count = expr.count * (2 if crit else 1)  # 5e, Critical hits: roll all damage dice twice
    faces = battle.state.dice.roll_many(count, expr.sides) if count else []
    total = max(0, sum(faces) + expr.bonus)
    text = f"{count}d{expr.sides} {'+'.join(map(str, faces))}" if faces else ""
    if expr.bonus:
        text = f"{text} {expr.bonus:+d}".strip()
    return total, text


def apply_rolled_damage(battle, target: Creature, rolled: int, dtype: str, how: str = "",
                        halved: bool = False, hit: Hit | None = None) -> int:
    """Apply damage already rolled (halved first for a successful save), with its log line.

    Without `hit` the damage is an instance of its own; with it, one part of that hit, which
    the caller ends (end_hit) once all its parts are dealt.
    """
    if hit is None:
        hit = Hit()
        amount = apply_rolled_damage(battle, target, rolled, dtype, how, halved, hit)
        end_hit(battle, target, hit)
        return amount
    if halved:
        rolled //= 2
        how = _("{how}, halved").format(how=how) if how else _("halved")
    amount, notes, rules = adjusted_damage(target, rolled, dtype, battle.board)
    detail = ", ".join(([how] if how else []) + notes)
    outcome = apply_damage(battle, target, amount, hit)
    hit.taken += amount
    if detail:
        text = _("{target} takes {amount} {type} damage ({detail})").format(
            target=target.name, amount=amount, type=damage_type(dtype), detail=detail)
    else:
        text = _("{target} takes {amount} {type} damage").format(target=target.name, amount=amount,
                                                                type=damage_type(dtype))
    if outcome.text:
        joined = N_("{line}; {outcome}") if outcome.rule == "temporary-hp" else N_("{line} and {outcome}")
        text = _(joined).format(line=text, outcome=outcome.text)
    rules = ["damage-roll", "damage-types", *rules, *((outcome.rule,) if outcome.rule else ())]
    if hit.crit:
        rules.append("critical-hit")
    battle.emit("damage", text, rules=tuple(dict.fromkeys(rules)), target=target.id, amount=amount, type=dtype,
                hp=target.hp, state=target.state)
    battle.check_over()
    return amount


def end_hit(battle, target: Creature, hit: Hit) -> None:
    """After all of a hit's damage: one concentration save for it (SRD 5.1, Concentration:
    a separate save for each source of damage)."""
    if target.concentration and hit.taken > 0:
        keep_concentration(battle, target, hit.taken)


def keep_concentration(battle, creature: Creature, damage: int) -> None:
    """SRD 5.1, Concentration: damage calls for a Con save, DC 10 or half the damage if higher."""
    if creature.state != "conscious":
        lose_concentration(battle, creature, _("it is down"))
        return
    dc = max(10, damage // 2)
    ok, text = saving_throw(battle, creature, "con", dc)
    battle.emit("save", _("{save} (concentration)").format(save=text), rules=("saving-throw", "concentration"),
                creature=creature.id, success=ok)
    if not ok:
        lose_concentration(battle, creature, _("it failed to keep its concentration"))


def lose_concentration(battle, creature: Creature, why: str) -> None:
    held = creature.concentration
    creature.concentration = None
    readied = creature.effects.get("readied")
    if readied and readied["then"].get("act") == "cast":
        creature.effects.pop("readied")
    battle.emit("condition", _("{name} loses concentration on {spell} ({why})").format(
        name=creature.name, spell=spoken(held), why=why), rules=("concentration",), creature=creature.id)


def save_advantage(creature: Creature, ability: str) -> int:
    """Advantage (+1), disadvantage (-1) or neither of a creature's saving throw."""
    dex = ability == "dex"
    good = dex and dodging(creature)  # 5e, Dodge: advantage on Dexterity saves
    # 5e, Squeezing, and SRD 5.1, Restrained: disadvantage on Dexterity saves
    bad = dex and (creature.squeezing or "restrained" in creature.conditions)
    return int(good) - int(bad)  # advantage and disadvantage cancel, never stack (5e)


def save_chance(creature: Creature, ability: str, dc: int, bonus: int = 0) -> float:
    """The chance that the creature makes this saving throw (saving_throw's own rules)."""
    if fails_save(creature, ability):
        return 0.0
    return d20_at_least(dc, creature.stats.save(ability) + bonus, save_advantage(creature, ability))


def saving_throw(battle, creature: Creature, ability: str, dc: int, bonus: int = 0,
                 why: str = "") -> tuple[bool, str]:
    """A saving throw: d20 + save bonus (+ bonus, e.g. cover on a Dexterity save) against dc."""
    face, faces = battle.state.dice.d20(save_advantage(creature, ability))
    total = face + creature.stats.save(ability) + bonus
    ok = total >= dc
    if fails_save(creature, ability):
        ok = False  # SRD 5.1, Unconscious: automatically fails Strength and Dexterity saves
    shown = _("d20 {face}").format(face=face) if len(faces) == 1 else _("d20 {first}/{second} {face}").format(
        first=faces[0], second=faces[1], face=face)
    extra = f" {bonus:+d} {why}".rstrip() if bonus else ""
    line = N_("{name} makes a DC {dc} {ability} save: {roll} {bonus}{extra} = {total}, success") if ok else \
        N_("{name} makes a DC {dc} {ability} save: {roll} {bonus}{extra} = {total}, failure")
    return ok, _(line).format(name=creature.name, dc=dc, ability=ability_word(ability), roll=shown,
                              bonus=f"{creature.stats.save(ability):+d}", extra=extra, total=total)


def apply_rider(battle, attacker: Creature, target: Creature, rider: dict, hit: Hit) -> None:
    """An attack's on-hit effect: a save against a condition or extra damage (e.g. a wolf's bite);
    its damage is part of the hit."""
    save, dc = rider.get("save"), rider.get("dc")
    if not save or not isinstance(dc, int):
        return
    condition = rider.get("condition")
    if not target.standing and condition:
        return
    if "damage" not in rider and condition and immune(target, condition):
        say_immune(battle, target, condition)  # no save against what cannot happen
        return
    ok, text = saving_throw(battle, target, save, dc)
    battle.emit("save", text, rules=("saving-throw",), creature=target.id, success=ok)
    if "damage" in rider:
        if ok and not rider.get("half"):
            return
        rolled, how = roll_damage(battle, DiceExpr.parse(rider["damage"]))
        apply_rolled_damage(battle, target, rolled, rider.get("type", "poison"), how, halved=ok, hit=hit)
    elif not ok and condition and target.alive and condition not in target.conditions:
        if condition == "prone":  # as any knock down: a rider saves for its saddle, a mount's rider may leap
            battle.knock_prone(target, _("hit by {name}").format(name=attacker.name))
        else:
            give(battle, target, condition, _("{name} is {condition}").format(
                name=target.name, condition=condition_word(condition)), rules=("conditions",))
