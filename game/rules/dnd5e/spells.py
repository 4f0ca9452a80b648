"""Spells: casting, slots, targets and areas (SRD 5.1 spell descriptions and "Spellcasting").

Each spell is one frozen record in SPELLS; the way it works (`effect`) picks one shared path:
- "attack": a ranged spell attack, made through attacks.resolve_attack (advantage, cover, crits);
- "save": one creature the caster can see saves against the spell save DC, or takes the damage;
- "area": every creature in a sphere or a cone saves for half; cover against the area's point of
  origin adds to the Dexterity save, total cover protects completely;
- "darts": magic missile's darts, which hit automatically;
- "heal": dice plus the spellcasting modifier, through damage.heal;
- "reaction": shield, which the attack flow casts through cast_shield, never the cast command.

Dice order (FORMATS.md, extended): a spell attack rolls its d20(s) then its damage; a
save-for-half area rolls its damage once, then each target's save in the order the creatures
are listed in the scenario (the caster included, if a sphere catches it); a single-target save
(sacred flame) rolls the save, then the damage only on a failure; magic missile rolls one 1d4+1
per dart, in the order of the darts; healing rolls its dice.

A refused cast changes nothing: everything is checked before the action and the slot are spent.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...content.creatures import Attack
from ...core.areas import cone, sphere, touches
from ...core.board import SQUARE_M, gap_squares
from ...core.cover import cover_level, cover_many
from ...core.dice import DiceExpr
from ...core.terrain import COVER_NAMES, TOTAL
from ..commands import position_arg
from ..errors import IllegalCommand
from ..state import DEAD, Creature
from .attacks import apply_rolled_damage, preview_attack, resolve_attack, roll_damage, saving_throw
from .damage import heal
from .geometry import COVER_BONUS, blockers_of, can_see, cover_between, distance_m, line_caps

MAX_SPELL_LEVEL = 9


@dataclass(frozen=True)
class Spell:
    """One spell as data: what the cast command needs to check and resolve it."""

    name: str
    level: int  # 0 for a cantrip
    time: str  # "action", "bonus" or "reaction" (SRD 5.1, Casting time)
    effect: str  # "attack", "save", "area", "darts", "heal" or "reaction" (see the module notes)
    range_m: float = 0.0  # metres from the caster; 1.5 is touch; 0 is self (a cone)
    dice: DiceExpr | None = None  # damage or healing at the spell's own level
    per_slot: int = 0  # dice (darts for magic missile) added per slot level above the spell's
    dtype: str = ""  # damage type
    save: str | None = None  # the saving throw's ability
    area: str | None = None  # "sphere" or "cone"
    size_m: float = 0.0  # the sphere's radius or the cone's length
    sees: bool = False  # the target must be a creature the caster can see
    cover_helps: bool = True  # cover adds to the Dexterity save (sacred flame: no)
    hostile: bool = True  # harms its target (so not at oneself)
    darts: int = 0  # magic missile

    @property
    def cantrip(self) -> bool:
        return self.level == 0

    @property
    def needs(self) -> str:
        """The command argument that aims it: 'target' or 'at'."""
        return "at" if self.effect == "area" else "target"


SPELLS: dict[str, Spell] = {s.name: s for s in (
    # SRD 5.1, Fire Bolt: ranged spell attack, 120 ft, 1d10 fire
    Spell("fire-bolt", 0, "action", "attack", range_m=36, dice=DiceExpr(1, 10, 0), dtype="fire"),
    # SRD 5.1, Sacred Flame: 60 ft, a creature you can see, Dex save or 1d8 radiant, no cover
    Spell("sacred-flame", 0, "action", "save", range_m=18, dice=DiceExpr(1, 8, 0), dtype="radiant",
          save="dex", sees=True, cover_helps=False),
    # SRD 5.1, Magic Missile: 120 ft, three darts of 1d4+1 force, one more per slot level above 1st
    Spell("magic-missile", 1, "action", "darts", range_m=36, dice=DiceExpr(1, 4, 1), per_slot=1,
          dtype="force", sees=True, darts=3),
    # SRD 5.1, Burning Hands: self, 15-ft cone, Dex save, 3d6 fire, half on a success, +1d6 per level
    Spell("burning-hands", 1, "action", "area", dice=DiceExpr(3, 6, 0), per_slot=1, dtype="fire",
          save="dex", area="cone", size_m=4.5),
    # SRD 5.1, Fireball: 150 ft, 20-ft-radius sphere, Dex save, 8d6 fire, half on a success, +1d6
    Spell("fireball", 3, "action", "area", range_m=45, dice=DiceExpr(8, 6, 0), per_slot=1, dtype="fire",
          save="dex", area="sphere", size_m=6),
    # SRD 5.1, Cure Wounds: touch, 1d8 + spellcasting modifier, +1d8 per slot level above 1st
    Spell("cure-wounds", 1, "action", "heal", range_m=1.5, dice=DiceExpr(1, 8, 0), per_slot=1, hostile=False),
    # SRD 5.1, Healing Word: bonus action, 60 ft, a creature you can see, 1d4 + modifier, +1d4
    Spell("healing-word", 1, "bonus", "heal", range_m=18, dice=DiceExpr(1, 4, 0), per_slot=1,
          sees=True, hostile=False),
    # SRD 5.1, Shield: reaction when hit by an attack or targeted by magic missile, +5 AC
    Spell("shield", 1, "reaction", "reaction"),
)}


# ----------------------------------------------------------------------------- numbers
def spell_attack_bonus(caster: Creature) -> int:
    """SRD 5.1, Spellcasting: proficiency bonus + spellcasting ability modifier."""
    return caster.stats.proficiency + caster.stats.mod(caster.stats.spellcasting)


def spell_save_dc(caster: Creature) -> int:
    """SRD 5.1, Spellcasting: 8 + proficiency bonus + spellcasting ability modifier."""
    return 8 + spell_attack_bonus(caster)


def scaled(spell: Spell, slot: int) -> DiceExpr:
    """The spell's dice cast with a slot of this level (cantrips: their own dice)."""
    extra = max(0, slot - spell.level) * spell.per_slot
    return DiceExpr(spell.dice.count + extra, spell.dice.sides, spell.dice.bonus)


# ----------------------------------------------------------------------------- the command
def cast(battle, actor: Creature, cmd) -> None:
    """The cast command: check everything, then spend the action and slot, then resolve."""
    spell = _spell_for(actor, cmd.get("spell"))
    _check_able(actor)
    _check_timing(actor, spell)
    slot = _slot_for(actor, spell, cmd.get("level"))
    aim = _AIM[spell.effect](battle, actor, spell, slot, cmd)

    # everything is legal: spend what the casting costs
    what = f"cast {spell.name}"
    if spell.time == "bonus":
        battle.use_bonus_action(actor, what)
        actor.effects["turn:bonus_spell"] = True
    else:
        battle.use_action(actor, what)
        actor.effects["turn:action_spell_level"] = max(spell.level, actor.effects.get("turn:action_spell_level", 0))
    if slot:
        actor.slots[slot] -= 1
    _RESOLVE[spell.effect](battle, actor, spell, slot, aim)
    # these spells all have a verbal component: casting one gives a hidden caster away (after
    # the spell, as an attack does: a hidden caster's spell attack still has advantage)
    actor.conditions.discard("hidden")


def _spell_for(actor: Creature, name) -> Spell:
    if not isinstance(name, str) or not name:
        raise IllegalCommand("'cast' needs 'spell', a spell name like \"fire-bolt\"")
    spell = SPELLS.get(name)
    if spell is None:
        if name in actor.stats.spells:
            raise IllegalCommand(f"the spell {name!r} is not available yet in this version")
        raise IllegalCommand(f"unknown spell {name!r} (known: {', '.join(sorted(SPELLS))})")
    if spell.time == "reaction":
        raise IllegalCommand(f"{name} is cast as a reaction, when the game offers it")
    if name not in actor.stats.spells:
        known = ", ".join(actor.stats.spells) or "none"
        raise IllegalCommand(f"{actor.id} does not know {name} (knows: {known})")
    if actor.stats.spellcasting is None:
        raise IllegalCommand(f"{actor.id} has no spellcasting ability")
    return spell


def _check_able(actor: Creature) -> None:
    if actor.state != "conscious":
        raise IllegalCommand(f"{actor.id} is {actor.state}")
    if actor.incapacitated:
        raise IllegalCommand(f"{actor.id} is incapacitated and cannot cast")


def _check_timing(actor: Creature, spell: Spell) -> None:
    """The action or bonus action, and SRD 5.1, Bonus action casting time.

    A creature that casts a bonus-action spell can cast no other spell that turn but a cantrip
    with a casting time of one action, whichever it casts first.
    """
    if spell.time == "bonus":
        if not actor.bonus_action:
            raise IllegalCommand(f"{actor.id} has already used its bonus action this turn")
        level = actor.effects.get("turn:action_spell_level", 0)
        if level:
            raise IllegalCommand(f"{actor.id} cast a level-{level} spell this turn: no bonus-action spell "
                                 f"after it (only a cantrip goes with a bonus-action spell)")
    else:
        if not actor.action:
            raise IllegalCommand(f"{actor.id} has already used its action this turn")
        if actor.effects.get("turn:bonus_spell") and not spell.cantrip:
            raise IllegalCommand(f"{actor.id} cast a bonus-action spell this turn: "
                                 f"its action can only cast a cantrip")


def _slot_for(actor: Creature, spell: Spell, level) -> int:
    """The slot level the cast spends (0 for a cantrip); a slot of that level must be left."""
    if spell.cantrip:
        if level not in (None, 0):
            raise IllegalCommand(f"{spell.name} is a cantrip: it takes no spell slot")
        return 0
    if level is None:
        level = spell.level
    elif not isinstance(level, int) or isinstance(level, bool):
        raise IllegalCommand("'level' must be a whole number, the spell slot's level")
    if not spell.level <= level <= MAX_SPELL_LEVEL:
        raise IllegalCommand(f"{spell.name} is a level-{spell.level} spell: "
                             f"'level' must be from {spell.level} to {MAX_SPELL_LEVEL}")
    if actor.slots.get(level, 0) <= 0:
        left = [f"level {lv}: {n}" for lv, n in sorted(actor.slots.items()) if n > 0 and lv >= spell.level]
        hint = f" (left: {', '.join(left)}; cast with 'level')" if left else " (no slot left for it)"
        raise IllegalCommand(f"{actor.id} has no level-{level} spell slot left{hint}")
    return level


def _cast_text(actor: Creature, spell: Spell, slot: int) -> str:
    return f"{actor.name} casts {spell.name} ({'cantrip' if spell.cantrip else f'slot {slot}'})"


# ----------------------------------------------------------------------------- aiming
def _only(cmd, spell: Spell) -> None:
    """The spell is aimed with exactly the argument it needs."""
    other = "target" if spell.needs == "at" else "at"
    if cmd.get(other) is not None:
        raise IllegalCommand(f"{spell.name} takes '{spell.needs}', not '{other}'")
    if cmd.get(spell.needs) is None:
        raise IllegalCommand(f"{spell.name} needs '{spell.needs}'"
                             + (" = [column, row]" if spell.needs == "at" else " (a creature's id)"))


def _target(battle, actor: Creature, spell: Spell, cid) -> Creature:
    """A creature the spell can be aimed at: alive, within range, seen if it must be, not behind total cover."""
    if not isinstance(cid, str):
        raise IllegalCommand(f"{spell.name}: 'target' must be a creature's id")
    target = battle.creature(cid)
    if target is actor and spell.hostile:
        raise IllegalCommand(f"{actor.id} cannot aim {spell.name} at itself")
    if target.state == DEAD:
        raise IllegalCommand(f"{target.id} is dead" + ("" if spell.hostile else ": healing cannot help it"))
    if target is actor:
        return target
    distance = distance_m(battle, actor, target)
    if distance > spell.range_m + 1e-9:
        reach = "touch (1.5 m)" if spell.range_m == 1.5 else f"{spell.range_m:g} m"
        raise IllegalCommand(f"{target.id} is {distance:g} m away, beyond the range of {spell.name}: {reach}")
    # SRD 5.1, Targets: a clear path to the target, so not behind total cover
    if cover_between(battle, actor, target) >= TOTAL:
        raise IllegalCommand(f"{target.id} has total cover from {actor.id}")
    if spell.sees and not can_see(battle, actor, target):
        raise IllegalCommand(f"{actor.id} cannot see {target.id}")
    return target


def _aim_attack(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    target = _target(battle, actor, spell, cmd.get("target"))
    attack = spell_attack(actor, spell)
    problem = preview_attack(battle, actor, target, attack).problem
    if problem:
        raise IllegalCommand(problem)
    return target, attack


def spell_attack(caster: Creature, spell: Spell) -> Attack:
    """A spell attack as an Attack record, so that every attack rule applies to it."""
    return Attack(name=spell.name, kind="ranged", to_hit=spell_attack_bonus(caster), damage=spell.dice,
                  type=spell.dtype, reach=1.5, range=(spell.range_m, spell.range_m))


def _aim_one(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    return _target(battle, actor, spell, cmd.get("target"))


def _aim_darts(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    count = spell.darts + (slot - spell.level) * spell.per_slot
    raw = cmd.get("target")
    ids = list(raw) if isinstance(raw, tuple) else [raw] * count
    if len(ids) != count:
        raise IllegalCommand(f"{spell.name} with a level-{slot} slot has {count} darts: "
                             f"give one target, or a list of {count} (one per dart)")
    seen: dict[str, Creature] = {}
    for cid in ids:
        if not isinstance(cid, str):
            raise IllegalCommand(f"{spell.name}: 'target' must be a creature's id or a list of ids")
        if cid not in seen:
            seen[cid] = _target(battle, actor, spell, cid)
    return [seen[cid] for cid in ids]


def _aim_area(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    x, y = position_arg(cmd.get("at"), "'at'")
    board = battle.board
    if not board.inside(x, y):
        raise IllegalCommand(f"[{x}, {y}] is outside the {board.width}x{board.height} map")
    if spell.area == "cone":
        if (x, y) in actor.squares():
            raise IllegalCommand(f"{spell.name} needs a direction: 'at' must be a square outside {actor.id}'s space")
        return cone(board.terrain.shape, actor.space, (x, y), spell.size_m), (x, y)
    # a point within range, with a clear path to it (SRD 5.1, Targets)
    distance = gap_squares(actor.space, (x, y, 1), battle.diagonals) * SQUARE_M
    if distance > spell.range_m + 1e-9:
        raise IllegalCommand(f"[{x}, {y}] is {distance:g} m away, beyond the range of {spell.name}: {spell.range_m:g} m")
    if line_caps(board)[y, x] >= TOTAL:
        raise IllegalCommand(f"[{x}, {y}] is inside a wall: the point of {spell.name} must be open")
    if cover_level(line_caps(board), actor.space, (x, y, 1)) >= TOTAL:
        raise IllegalCommand(f"[{x}, {y}] has total cover from {actor.id}: no clear path for {spell.name}")
    return sphere(board.terrain.shape, (x, y), spell.size_m, battle.diagonals), (x, y)


def area_mask(battle, actor: Creature, spell_name: str, at: tuple[int, int]):
    """The squares an area spell would cover if the actor cast it at `at` (for drawing a template)."""
    spell = SPELLS[spell_name]
    if spell.area == "cone":
        return cone(battle.board.terrain.shape, actor.space, at, spell.size_m)
    return sphere(battle.board.terrain.shape, at, spell.size_m, battle.diagonals)


# ----------------------------------------------------------------------------- resolving
def _do_attack(battle, actor, spell, slot, aim):
    target, attack = aim
    battle.emit("cast", f"{_cast_text(actor, spell, slot)} at {target.name}", caster=actor.id,
                spell=spell.name, slot=slot, targets=[target.id])
    resolve_attack(battle, actor, target, attack)


def _do_save(battle, actor, spell, slot, target):
    dc = spell_save_dc(actor)
    battle.emit("cast", f"{_cast_text(actor, spell, slot)} at {target.name}: DC {dc} "
                f"{spell.save.capitalize()} save", caster=actor.id, spell=spell.name, slot=slot, targets=[target.id])
    # SRD 5.1, Sacred Flame: the target gains no benefit from cover for this saving throw
    ok, text = saving_throw(battle, target, spell.save, dc)
    battle.emit("save", text, creature=target.id, success=ok)
    if ok:
        battle.emit("note", f"{target.name} takes no damage", creature=target.id)
        return
    rolled, how = roll_damage(battle, scaled(spell, slot))
    apply_rolled_damage(battle, target, rolled, spell.dtype, how)


def _do_darts(battle, actor, spell, slot, targets):
    names = ", ".join(t.name for t in targets)
    battle.emit("cast", f"{_cast_text(actor, spell, slot)}: {len(targets)} darts at {names}", caster=actor.id,
                spell=spell.name, slot=slot, targets=[t.id for t in targets])
    # SRD 5.1, Magic Missile: each dart hits automatically and deals 1d4 + 1 force damage
    for n, target in enumerate(targets, 1):
        rolled, how = roll_damage(battle, spell.dice)
        how = f"dart {n}: {how}"
        if "shield" in target.effects:
            # SRD 5.1, Shield: no damage from magic missile while it lasts
            battle.emit("note", f"{target.name}'s shield stops {how} = {rolled}", creature=target.id)
        elif not target.alive:
            battle.emit("note", f"{how} = {rolled} strikes {target.name}, already dead", creature=target.id)
        else:
            apply_rolled_damage(battle, target, rolled, spell.dtype, how)


def _do_area(battle, actor, spell, slot, aim):
    mask, (x, y) = aim
    dice = scaled(spell, slot)
    rolled, how = roll_damage(battle, dice)
    shape = f"a {spell.size_m:g} m cone toward" if spell.area == "cone" else f"a {spell.size_m:g} m sphere at"
    caught = [c for c in battle.state.creatures.values()
              if c.alive and touches(mask, c.space) and not (spell.area == "cone" and c is actor)]
    battle.emit("cast", f"{_cast_text(actor, spell, slot)}: {how} = {rolled} {spell.dtype}, {shape} [{x}, {y}]"
                + ("" if caught else " (no creature in it)"), caster=actor.id, spell=spell.name, slot=slot,
                at=[x, y], targets=[c.id for c in caught], rolled=rolled)
    covers = _area_cover(battle, actor, spell, (x, y), caught)
    dc = spell_save_dc(actor)
    for target, cover in zip(caught, covers):
        if cover >= TOTAL:
            # 5e, Cover: total cover; SRD 5.1, Areas of effect: no clear line from the point of origin
            battle.emit("note", f"{target.name} has total cover from {spell.name} and is unharmed", creature=target.id)
            continue
        bonus = COVER_BONUS.get(cover, 0) if spell.save == "dex" and spell.cover_helps else 0
        why = f"{COVER_NAMES[cover]} cover" if bonus else ""
        ok, text = saving_throw(battle, target, spell.save, dc, bonus=bonus, why=why)
        battle.emit("save", text, creature=target.id, success=ok)
        if target.alive:
            apply_rolled_damage(battle, target, rolled, spell.dtype, spell.name, halved=ok)


def _area_cover(battle, actor, spell, at, caught) -> list[int]:
    """Cover of each creature against the area's point of origin.

    A cone starts at the caster, so its cover is the caster's; a sphere starts at its centre
    square (a creature standing there does not shelter the others from it).
    """
    if not caught:
        return []
    if spell.area == "cone":
        return [cover_between(battle, actor, c) for c in caught]
    blockers, index = blockers_of(battle)
    at_centre = next((index[c.id] for c in battle.state.creatures.values()
                      if c.alive and at in c.squares()), -1)
    pairs = [((at[0], at[1], 1), c.space, at_centre, index[c.id]) for c in caught]
    return [int(v) for v in cover_many(blockers, pairs)]


def _do_heal(battle, actor, spell, slot, target):
    dice = scaled(spell, slot)
    # SRD 5.1, Cure Wounds / Healing Word: dice + your spellcasting ability modifier
    dice = DiceExpr(dice.count, dice.sides, dice.bonus + actor.stats.mod(actor.stats.spellcasting))
    rolled, how = roll_damage(battle, dice)
    on = "itself" if target is actor else target.name
    battle.emit("cast", f"{_cast_text(actor, spell, slot)} on {on}: {how} = {rolled}", caster=actor.id,
                spell=spell.name, slot=slot, targets=[target.id], rolled=rolled)
    gained = heal(target, rolled)
    capped = " (at its maximum)" if gained < rolled else ""
    battle.emit("heal", f"{target.name} regains {gained} hit points{capped}: {target.hp}/{target.stats.hp}",
                creature=target.id, amount=gained, hp=target.hp)


_AIM = {"attack": _aim_attack, "save": _aim_one, "area": _aim_area, "darts": _aim_darts, "heal": _aim_one}
_RESOLVE = {"attack": _do_attack, "save": _do_save, "area": _do_area, "darts": _do_darts, "heal": _do_heal}


# ----------------------------------------------------------------------------- what can be cast now
def spell_options(battle, caster: Creature) -> list:
    """Every cast the caster may make now, with a preview (for the options query).

    Each known spell at its own level (a higher slot only when none of its own is left), at
    every creature it may be aimed at, or for an area at every square it may be aimed at, with
    who would be inside. Magic missile is listed with all its darts on one target.
    """
    from .options import Option, attack_preview  # the options query owns Option

    out = []
    for name in caster.stats.spells:
        spell = SPELLS.get(name)
        if spell is None or spell.time == "reaction" or caster.stats.spellcasting is None:
            continue
        try:
            _check_able(caster)
            _check_timing(caster, spell)
            slot = _slot_for(caster, spell, None) if spell.cantrip or caster.slots.get(spell.level, 0) > 0 \
                else _slot_for(caster, spell, _lowest_slot(caster, spell.level))
        except IllegalCommand:
            continue
        base = {"actor": caster.id, "act": "cast", "spell": name}
        if slot and slot != spell.level:
            base["level"] = slot
        uses = {"time": spell.time, "slot": slot}
        if spell.effect == "area":
            out += _area_options(battle, caster, spell, slot, base, uses)
            continue
        for target in battle.state.creatures.values():
            command = {**base, "target": target.id}
            try:
                aim = _AIM[spell.effect](battle, caster, spell, slot, _Args(command))
            except IllegalCommand:
                continue
            preview = dict(uses)
            if spell.effect == "attack":
                _, attack = aim
                preview.update(attack_preview(battle, caster, target, attack,
                                              preview_attack(battle, caster, target, attack)))
            elif spell.effect == "save":
                preview.update(save=spell.save, dc=spell_save_dc(caster), bonus=target.stats.save(spell.save))
            elif spell.effect == "darts":
                count = spell.darts + (slot - spell.level) * spell.per_slot
                preview.update(darts=count, expected_damage=count * spell.dice.average)
            out.append(Option(command, f"cast {name} on {target.id}", preview))
    return out


def _area_options(battle, caster: Creature, spell: Spell, slot: int, base: dict, uses: dict) -> list:
    """The aims of an area spell worth listing: a cone toward each square within two squares of
    the caster (the directions it can take), a sphere at each square that catches at least one
    creature. Other aims are legal too; they repeat these or catch nobody."""
    from .geometry import sight_between
    from .options import Option

    board = battle.board
    creatures = [c for c in battle.state.creatures.values() if c.alive and c is not caster]
    radius = int(spell.size_m / SQUARE_M + 1e-9)
    cx, cy, side = caster.space
    if spell.area == "cone":
        span = 2  # the squares two steps round the caster give every direction a cone can take
        candidates = {(x, y) for x in range(cx - span, cx + side + span) for y in range(cy - span, cy + side + span)}
    else:
        candidates = set()
        for c in creatures:
            x0, y0, s = c.space
            candidates |= {(x, y) for x in range(x0 - radius, x0 + s + radius)
                           for y in range(y0 - radius, y0 + s + radius)}
    out = []
    for x, y in sorted(candidates, key=lambda p: (p[1], p[0])):
        if not board.inside(x, y):
            continue
        if spell.area == "cone":
            if (x, y) in caster.squares():
                continue
            mask = cone(board.terrain.shape, caster.space, (x, y), spell.size_m)
            inside = [c.id for c in creatures if any(mask[sy, sx] for sx, sy in c.squares())]
        else:
            # the same checks as _aim_area, with the cached sight lines
            if gap_squares(caster.space, (x, y, 1), battle.diagonals) * SQUARE_M > spell.range_m + 1e-9:
                continue
            if line_caps(board)[y, x] >= TOTAL or not sight_between(board, caster.space, (x, y, 1)):
                continue
            inside = [c.id for c in creatures if gap_squares((x, y, 1), c.space, battle.diagonals) <= radius]
            if not inside:
                continue
        out.append(Option({**base, "at": [x, y]}, f"cast {spell.name} at [{x}, {y}]", {**uses, "inside": inside}))
    return out


class _Args:
    """A command table read the way the aiming functions read a Command."""

    def __init__(self, table: dict) -> None:
        self.table = {k: tuple(v) if isinstance(v, list) else v for k, v in table.items()}

    def get(self, key, default=None):
        return self.table.get(key, default)


# ----------------------------------------------------------------------------- shield
def can_cast_shield(caster: Creature, battle=None) -> bool:
    """Whether the caster could cast shield now: knows it, a slot of level 1 or more, its reaction.

    With the battle, also SRD 5.1, Bonus action casting: on its own turn, after a bonus-action
    spell, no other spell but a cantrip.
    """
    if "shield" not in caster.stats.spells or caster.stats.spellcasting is None:
        return False
    if caster.state != "conscious" or caster.incapacitated or not caster.reaction:
        return False
    if battle is not None and battle.current is caster and caster.effects.get("turn:bonus_spell"):
        return False
    return _lowest_slot(caster, 1) is not None


def _lowest_slot(caster: Creature, level: int) -> int | None:
    return min((lv for lv, n in caster.slots.items() if lv >= level and n > 0), default=None)


def cast_shield(battle, caster: Creature) -> None:
    """Cast shield as a reaction: spends the reaction and the lowest slot left (level 1 first).

    SRD 5.1, Shield: +5 AC until the start of the caster's next turn (the engine removes the
    effect then), including against the triggering attack; no damage from magic missile.
    """
    if not can_cast_shield(caster, battle):
        raise IllegalCommand(f"{caster.id} cannot cast shield now")
    slot = _lowest_slot(caster, 1)
    caster.slots[slot] -= 1
    caster.reaction = False
    caster.effects["shield"] = True
    caster.conditions.discard("hidden")
    battle.emit("cast", f"{caster.name} casts shield (slot {slot}) as a reaction: +5 AC until the start "
                f"of its next turn", caster=caster.id, spell="shield", slot=slot, targets=[caster.id])
