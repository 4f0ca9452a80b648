"""The 3.5 spells of the bundled heroes, as data (one record each), and how each kind resolves:
a ray (a ranged touch attack), magic missiles (never miss), a cone (Reflex half), a cure (touch),
and those that change a creature (shield on oneself, bless on the allies around, blur on a
creature touched: concealment, 20% miss chance).

3.5 SRD, Casting a spell: a standard action; in a threatened square it provokes attacks of
opportunity first, and a caster hurt by them makes a Concentration check (DC 10 + damage +
spell level) or loses the spell (its slot too). The save DC is 10 + spell level + the casting
ability's modifier.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core.areas import cone, touches
from ...core.dice import DiceExpr
from ...core.terrain import TOTAL
from ...content.schema_35 import Attack35
from ...i18n import _, decimal
from ..words import spoken
from .combat import apply_damage, heal, resolve_attack, roll_expr
from .geometry import can_see, cover_level, distance_m, gap


@dataclass(frozen=True)
class Spell35:
    name: str
    level: int
    kind: str  # ray, missile, cone, cure, shield, bless, blur
    range_m: float  # metres (the caster level's range, at level 3; touch 1.5; cone: its length)
    dice: str = ""
    dtype: str = ""
    per_level_cap: int = 0  # cures add the caster level up to this; burning hands 1d4 a level up to it

    @property
    def aim(self) -> str:
        return {"ray": "target", "missile": "target", "cure": "target", "blur": "target", "cone": "area"}.get(
            self.kind, "now")

    @property
    def by_touch(self) -> bool:
        """Cast on the caster itself or on a creature next to it (a cure, blur)."""
        return self.kind in ("cure", "blur")


# 3.5 SRD spell texts; ranges for caster level 3 (close 25 ft + 5 ft / 2 levels, medium 100 + 10 / level)
SPELLS = {s.name: s for s in (
    Spell35("ray-of-frost", 0, "ray", 9, "1d3", "cold"),
    Spell35("magic-missile", 1, "missile", 39, "1d4+1", "force"),
    Spell35("burning-hands", 1, "cone", 4.5, "1d4", "fire", per_level_cap=5),
    Spell35("shield", 1, "shield", 0),
    Spell35("scorching-ray", 2, "ray", 9, "4d6", "fire"),
    Spell35("cure-light-wounds", 1, "cure", 1.5, "1d8", per_level_cap=5),
    Spell35("cure-moderate-wounds", 2, "cure", 1.5, "2d8", per_level_cap=10),
    Spell35("bless", 1, "bless", 15),
    Spell35("blur", 2, "blur", 1.5),
)}


def known(caster) -> list[Spell35]:
    return [SPELLS[name] for name in caster.stats.spells if name in SPELLS]


def save_dc(caster, spell: Spell35) -> int:
    ability = caster.stats.casting_ability or "int"
    return 10 + spell.level + caster.stats.mod(ability)


def ray_attack(caster, spell: Spell35) -> Attack35:
    """A ray as a ranged touch attack: base attack + Dex (3.5 SRD, Aiming a spell: Ray)."""
    return Attack35(name=spell.name, kind="ranged", to_hit=caster.stats.bab + caster.stats.mod("dex"),
                    damage=DiceExpr.parse(spell.dice), type=(spell.dtype,), range_increment=spell.range_m,
                    touch=True, properties=frozenset({"ray"}))  # water.py: a ray is no ranged weapon


def cone_mask(battle, caster, at) -> np.ndarray:
    """3.5 SRD, Cone: a quarter circle from the caster toward the square (half-width 1 along it)."""
    return cone(battle.board.terrain.shape, caster.space, tuple(at), SPELLS["burning-hands"].range_m, half_width=1.0)


def caught_in(battle, caster, mask) -> list:
    """The creatures the area touches with a line of effect from the caster, in listed order."""
    return [c for c in battle.state.creatures.values() if c is not caster and c.alive and touches(mask, c.space)
            and cover_level(battle, caster, c, ranged=False) < TOTAL]


def cast_problem(battle, caster, spell: Spell35, target=None, at=None) -> str:
    """Why the caster cannot cast this spell now at this target or square ('' when it can)."""
    return cast_unready(caster, spell) or aim_problem(battle, caster, spell, target, at)


def cast_unready(caster, spell: Spell35) -> str:
    """Why the caster cannot cast this spell at all now, wherever it aims ('' when it can)."""
    if spell.name not in caster.stats.spells:
        return _("{id} does not know {spell}").format(id=caster.id, spell=spoken(spell.name))
    if caster.slots.get(spell.level, 0) <= 0:
        return _("{id} has no level-{level} slot left").format(id=caster.id, level=spell.level)
    if "grappled" in caster.conditions:
        # 3.5 SRD, Grapple: only spells without a somatic component; each of these has one
        return _("{id} is grappled: it cannot cast {spell} (a somatic component)").format(id=caster.id, spell=spell.name)
    if spell.kind == "shield" and "shield" in caster.effects:
        return _("{id}'s shield is up already").format(id=caster.id)
    return ""


def aim_problem(battle, caster, spell: Spell35, target=None, at=None) -> str:
    """Why the spell cannot be aimed at this target or square ('' when it can)."""
    if spell.aim == "target":
        if target is None:
            return _("{spell} needs a 'target'").format(spell=spoken(spell.name))
        if not target.alive:
            return _("{id} is dead").format(id=target.id)
        if spell.by_touch:
            if target is not caster and gap(caster.space, target.space) != 1:
                return _("{id} is not within touch").format(id=target.id)
            if spell.kind == "blur" and target.side != caster.side:
                return _("{id} blurs only itself or an ally").format(id=caster.id)
            if spell.kind == "blur" and "blurred" in target.conditions:
                return _("{id} is blurred already").format(id=target.id)
            return ""
        if target is caster:
            return _("{id} does not aim {spell} at itself").format(id=caster.id, spell=spoken(spell.name))
        if not can_see(battle, caster, target) or cover_level(battle, caster, target, ranged=True) >= TOTAL:
            return _("no line of effect to {id}").format(id=target.id)
        if distance_m(caster, target) > spell.range_m + 1e-9:
            return _("{id} is beyond {spell}'s range ({range} m)").format(id=target.id, spell=spoken(spell.name),
                                                                             range=decimal(spell.range_m))
    if spell.aim == "area":
        if at is None:
            return _("{spell} needs 'at' (a square)").format(spell=spoken(spell.name))
        x, y = at
        h, w = battle.board.terrain.shape
        if not (0 <= x < w and 0 <= y < h):
            return _("{square} is off the map").format(square=list(at))
        if caster.x <= x < caster.x + caster.side_squares and caster.y <= y < caster.y + caster.side_squares:
            return _("the cone needs a square outside the caster's space")
    return ""


def resolve(engine, caster, spell: Spell35, target=None, at=None) -> None:
    """The spell's effect (its slot and action already spent)."""
    dice = engine.state.dice
    level = caster.stats.caster_level or 1
    words = _("{name} casts {spell} at {target}") if target else _("{name} casts {spell}")
    engine.emit("cast", words.format(name=caster.name, spell=spoken(spell.name), target=target.name if target else ""),
                rules=("spells",), caster=caster.id, spell=spell.name)
    engine.damage_source = caster.id
    try:
        if spell.kind == "ray":
            resolve_attack(engine, caster, target, ray_attack(caster, spell), what="ray")
        elif spell.kind == "missile":
            # 3.5 SRD, Magic missile: 1 missile, +1 per two levels beyond 1st (at most 5); never misses
            count = min(5, 1 + (level - 1) // 2)
            total, parts = 0, []
            for _i in range(count):
                amount, faces = roll_expr(dice, DiceExpr.parse(spell.dice))
                total += amount
                parts.append(f"{spell.dice} [{' '.join(map(str, faces))}]")
            apply_damage(engine, target, total, _("{count} missiles: {dice} = {total}").format(
                count=count, dice=" + ".join(parts), total=total), rules=("spells", "damage"))
        elif spell.kind == "cone":
            count = min(spell.per_level_cap, level)
            expr = DiceExpr(count, 4, 0)
            amount, faces = roll_expr(dice, expr)
            dc = save_dc(caster, spell)
            engine.emit("note", _("{spell}: {dice} [{faces}] = {amount} fire, Reflex DC {dc} half").format(
                spell=spoken(spell.name), dice=expr, faces=" ".join(map(str, faces)), amount=amount, dc=dc),
                rules=("spells", "saving-throw"))
            for c in caught_in(engine, caster, cone_mask(engine, caster, at)):
                face = dice.roll(20)
                bonus = c.stats.save("ref")
                saved = face + bonus >= dc
                words = _("{name} rolls Reflex: d20 {face} {bonus} = {total} vs DC {dc}, half") if saved else \
                    _("{name} rolls Reflex: d20 {face} {bonus} = {total} vs DC {dc}, failed")
                engine.emit("save", words.format(name=c.name, face=face, bonus=f"{bonus:+d}", total=face + bonus, dc=dc),
                            rules=("saving-throw",), creature=c.id)
                apply_damage(engine, c, amount // 2 if saved else amount, spell.name, rules=("spells", "damage"))
        elif spell.kind == "cure":
            bonus = min(spell.per_level_cap, level)
            amount, faces = roll_expr(dice, DiceExpr.parse(spell.dice))
            engine.emit("note", _("{spell}: {dice} [{faces}] + {bonus}").format(
                spell=spoken(spell.name), dice=spell.dice, faces=" ".join(map(str, faces)), bonus=bonus),
                rules=("spells", "healing"))
            heal(engine, target, amount + bonus)
        elif spell.kind == "blur":
            # 3.5 SRD, Blur: the subject's outline blurs: concealment (20% miss chance), for the battle
            target.conditions.add("blurred")
            engine.emit("condition", _("{name} is blurred (concealment: attacks on it miss 20% of the time)").format(
                name=target.name), rules=("spells", "concealment"), creature=target.id)
        elif spell.kind == "shield":
            caster.effects["shield"] = 4  # 3.5 SRD, Shield: +4 shield bonus to AC, for the battle
        elif spell.kind == "bless":
            for c in engine.state.creatures.values():
                if c.side == caster.side and c.standing and distance_m(caster, c) <= spell.range_m + 1e-9:
                    c.effects["bless"] = 1  # 3.5 SRD, Bless: +1 morale bonus on attack rolls
                    engine.emit("condition", _("{name} is blessed (+1 to attack)").format(name=c.name),
                                rules=("spells",), creature=c.id)
    finally:
        engine.damage_source = None


def concentration(engine, caster, spell: Spell35, damage: int, why: str = "") -> bool:
    """3.5 SRD, Concentration: hurt while casting, d20 + caster level + Con vs DC 10 + damage +
    level (casting defensively: DC 15 + level, given as damage 5)."""
    face = engine.state.dice.roll(20)
    bonus = (caster.stats.caster_level or 1) + caster.stats.mod("con")
    dc = 10 + damage + spell.level
    kept = face + bonus >= dc
    if why:
        words = _("{name} rolls Concentration ({why}): d20 {face} {bonus} = {total} vs DC {dc}, the spell holds") \
            if kept else \
            _("{name} rolls Concentration ({why}): d20 {face} {bonus} = {total} vs DC {dc}, the spell is lost")
    else:
        words = _("{name} rolls Concentration: d20 {face} {bonus} = {total} vs DC {dc}, the spell holds") if kept else \
            _("{name} rolls Concentration: d20 {face} {bonus} = {total} vs DC {dc}, the spell is lost")
    engine.emit("check", words.format(name=caster.name, why=why, face=face, bonus=f"{bonus:+d}", total=face + bonus,
                                      dc=dc),
                rules=("concentration", "spells"), creature=caster.id)
    return kept
