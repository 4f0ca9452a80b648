"""Spells: casting, slots, targets and areas (SRD 5.1 spell descriptions and "Spellcasting").

Each spell is data (assets/rulesets/5e/spells/ID.toml, read by content/schema_5e.py into a frozen
`Spell` record, kept in SPELLS); the way it works (`effect`) picks one shared path:
- "attack": a ranged spell attack, made through attacks.resolve_attack (advantage, cover, crits);
- "save": one creature the caster can see saves against the spell save DC, or takes the damage;
- "area": every creature in a sphere or a cone saves for half; cover against the area's point of
  origin adds to the Dexterity save, total cover protects completely; a sphere that `spreads`
  (fireball) reaches round walls instead, within its radius by a path (sphere_mask);
- "darts": magic missile's darts, which hit automatically (each target that may cast shield is
  offered it first: the darts wait in state.pending_darts, as a hit waits for its answer);
- "heal": dice plus the spellcasting modifier, through damage.heal;
- "reaction": shield, which the attack flow casts (shield.py), never the cast command.

Dice order (FORMATS.md, extended): a spell attack rolls its d20(s) then its damage; a
save-for-half area rolls its damage once, then each target's save in the order the creatures
are listed in the scenario (the caster included, if a sphere catches it); a single-target save
(sacred flame) rolls the save, then the damage only on a failure; magic missile rolls its 1d4+1
once, after its targets' answers to the shield offers, and each dart deals it (5e, "Jets de
dégâts": damage to several targets at once is rolled once); healing rolls its dice.

A refused cast changes nothing: everything is checked before the action and the slot are spent.
A readied spell (5e, "Se tenir prêt") is cast when readied, which spends the action and the slot
(ready_spell), and released later with the reaction (cast with held=True), its aim checked then.
"""

from __future__ import annotations


from ...content.creatures import Attack, bundled_spells
from ...content.schema_5e import Spell
from ...core.areas import cone, sphere, spread, touches
from ...core.board import SQUARE_M, gap_squares
from ...core.cover import cover_level, cover_many
from ...core.dice import DiceExpr
from ...core.terrain import COVER_NAMES, TOTAL
from ...i18n import N_, translator
from ..commands import position_arg
from ..errors import IllegalCommand
from ..state import DEAD, Creature, Offer, PendingDarts
from ..words import spoken
from .attacks import SPELL_ATTACK, apply_rolled_damage, preview_attack, resolve_attack, roll_damage, saving_throw
from .damage import heal
from .geometry import COVER_BONUS, blockers_of, cover_between, distance_m, line_caps
from .hiding import sees
from .shield import can_cast_shield, shielded
from .terrain_rules import COVER_5E
from .vocab import (COVER_RULES, ability, condition as condition_word, cover as cover_word,
                    damage_type, number)

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

MAX_SPELL_LEVEL = 9


# SRD 5.1, Cone: its width at a point along its length equals that point's distance from the origin
CONE_HALF_WIDTH = 0.5
SPELLS: dict[str, Spell] = bundled_spells("5e")  # assets/rulesets/5e/spells/ID.toml, one record each


# ----------------------------------------------------------------------------- numbers
def spell_attack_bonus(caster: Creature) -> int:
    """SRD 5.1, Spellcasting: proficiency bonus + spellcasting ability modifier."""
    return caster.stats.proficiency + caster.stats.mod(caster.stats.spellcasting)


def spell_save_dc(caster: Creature) -> int:
    """SRD 5.1, Spellcasting: 8 + proficiency bonus + spellcasting ability modifier."""
    return 8 + spell_attack_bonus(caster)


# SRD 5.1, Fire Bolt / Sacred Flame: the damage gains one die at these character levels
CANTRIP_TIERS = (5, 11, 17)


def scaled(spell: Spell, slot: int, caster: Creature) -> DiceExpr:
    """The spell's dice cast with a slot of this level; a cantrip with `cantrip_scaling` gains
    a die at the caster's levels 5, 11 and 17 (a monster's level is its spellcasting level)."""
    extra = max(0, slot - spell.level) * spell.per_slot
    if spell.cantrip and spell.cantrip_scaling:
        extra += sum(caster.stats.level >= tier for tier in CANTRIP_TIERS)
    return DiceExpr(spell.dice.count + extra, spell.dice.sides, spell.dice.bonus)


# ----------------------------------------------------------------------------- the command
def cast(battle, actor: Creature, cmd, held: bool = False) -> None:
    """The cast command: check everything, then spend the action and slot, then resolve.

    held: a readied spell released with the reaction, its action and slot (cmd's `level`, set
    by ready_spell) spent when it was readied.
    """
    spell = _spell_for(actor, cmd.get("spell"))
    check_able(actor)
    if held:
        slot = 0 if spell.cantrip else cmd.get("level")
    else:
        check_timing(actor, spell)
        slot = slot_for(actor, spell, cmd.get("level"))
    aim = AIM[spell.effect](battle, actor, spell, slot, cmd)
    if not held:
        _pay(battle, actor, spell, slot, f"cast {spell.name}")
    _RESOLVE[spell.effect](battle, actor, spell, slot, aim)
    # these spells all have a verbal component: casting one gives a hidden caster away (after
    # the spell, as an attack does: a hidden caster's spell attack still has advantage)
    actor.conditions.discard("hidden")


def ready_spell(battle, actor: Creature, cmd) -> int:
    """5e, Readying a spell: the Ready action casts it now and holds it, so its slot is spent now,
    released or not; it must have a casting time of one action. The slot level it spent (0 for a
    cantrip)."""
    spell = _spell_for(actor, cmd.get("spell"))
    check_able(actor)
    if spell.time != "action":
        raise IllegalCommand(_("{spell} cannot be readied: a readied spell needs a casting time of one action").format(
            spell=spell.name))
    check_timing(actor, spell)
    slot = slot_for(actor, spell, cmd.get("level"))
    _pay(battle, actor, spell, slot, "Ready")
    return slot


def _pay(battle, actor: Creature, spell: Spell, slot: int, what: str) -> None:
    """Spend what casting the spell costs: its action or bonus action, and its slot."""
    if spell.time == "bonus":
        battle.use_bonus_action(actor, what)
        actor.effects["turn:bonus_spell"] = True
    else:
        battle.use_action(actor, what)
        actor.effects["turn:action_spell_level"] = max(spell.level, actor.effects.get("turn:action_spell_level", 0))
    if slot:
        actor.slots[slot] -= 1


def _spell_for(actor: Creature, name) -> Spell:
    if not isinstance(name, str) or not name:
        raise IllegalCommand(_("'cast' needs 'spell', a spell name like \"fire-bolt\""))
    spell = SPELLS.get(name)
    if spell is None:
        if name in actor.stats.spells:
            raise IllegalCommand(_("the spell {name!r} is not available yet in this version").format(name=name))
        raise IllegalCommand(_("unknown spell {name!r} (known: {known})").format(name=name,
                                                                                known=", ".join(sorted(SPELLS))))
    if spell.time == "reaction":
        raise IllegalCommand(_("{name} is cast as a reaction, when the game offers it").format(name=name))
    if name not in actor.stats.spells:
        known = ", ".join(actor.stats.spells) or _("none")
        raise IllegalCommand(_("{id} does not know {name} (knows: {known})").format(
            id=actor.id, name=name, known=known))
    if actor.stats.spellcasting is None:
        raise IllegalCommand(_("{id} has no spellcasting ability").format(id=actor.id))
    return spell


def check_able(actor: Creature) -> None:
    if actor.state != "conscious":
        raise IllegalCommand(_("{id} is {state}").format(id=actor.id, state=condition_word(actor.state)))
    if actor.incapacitated:
        raise IllegalCommand(_("{id} is incapacitated and cannot cast").format(id=actor.id))


def check_timing(actor: Creature, spell: Spell) -> None:
    """The action or bonus action, and SRD 5.1, Bonus action casting time.

    A creature that casts a bonus-action spell can cast no other spell that turn but a cantrip
    with a casting time of one action, whichever it casts first.
    """
    if spell.time == "bonus":
        if not actor.bonus_action:
            raise IllegalCommand(_("{id} has already used its bonus action this turn").format(id=actor.id))
        level = actor.effects.get("turn:action_spell_level", 0)
        if level:
            raise IllegalCommand(_("{id} cast a level-{level} spell this turn: no bonus-action spell after it (only "
                                   "a cantrip goes with a bonus-action spell)").format(id=actor.id, level=level))
    else:
        if not actor.action:
            raise IllegalCommand(_("{id} has already used its action this turn").format(id=actor.id))
        if actor.effects.get("turn:bonus_spell") and not spell.cantrip:
            raise IllegalCommand(_("{id} cast a bonus-action spell this turn: its action can only cast a cantrip")
                                 .format(id=actor.id))


def slot_for(actor: Creature, spell: Spell, level) -> int:
    """The slot level the cast spends (0 for a cantrip); a slot of that level must be left."""
    if spell.cantrip:
        if level not in (None, 0):
            raise IllegalCommand(_("{spell} is a cantrip: it takes no spell slot").format(spell=spell.name))
        return 0
    if level is None:
        level = spell.level
    elif not isinstance(level, int) or isinstance(level, bool):
        raise IllegalCommand(_("'level' must be a whole number, the spell slot's level"))
    if not spell.level <= level <= MAX_SPELL_LEVEL:
        raise IllegalCommand(_("{spell} is a level-{level} spell: 'level' must be from {level} to {most}").format(
            spell=spell.name, level=spell.level, most=MAX_SPELL_LEVEL))
    if actor.slots.get(level, 0) <= 0:
        left = [_("level {level}: {count}").format(level=lv, count=n)
                for lv, n in sorted(actor.slots.items()) if n > 0 and lv >= spell.level]
        if left:
            raise IllegalCommand(_("{id} has no level-{level} spell slot left (left: {left}; cast with 'level')").format(
                id=actor.id, level=level, left=", ".join(left)))
        raise IllegalCommand(_("{id} has no level-{level} spell slot left (no slot left for it)").format(
            id=actor.id, level=level))
    return level


def _cast_text(actor: Creature, spell: Spell, slot: int) -> str:
    """"Wizard casts fire bolt (cantrip)": the head of every cast line."""
    if spell.cantrip:
        return _("{name} casts {spell} (cantrip)").format(name=actor.name, spell=spoken(spell.name))
    return _("{name} casts {spell} (slot {slot})").format(name=actor.name, spell=spoken(spell.name), slot=slot)


# ----------------------------------------------------------------------------- aiming
def _only(cmd, spell: Spell) -> None:
    """The spell is aimed with exactly the argument it needs."""
    other = "target" if spell.needs == "at" else "at"
    if cmd.get(other) is not None:
        raise IllegalCommand(_("{spell} takes '{needs}', not '{other}'").format(spell=spell.name, needs=spell.needs,
                                                                               other=other))
    if cmd.get(spell.needs) is None:
        line = N_("{spell} needs '{needs}' = [column, row]") if spell.needs == "at" else \
            N_("{spell} needs '{needs}' (a creature's id)")
        raise IllegalCommand(_(line).format(spell=spell.name, needs=spell.needs))


def _target(battle, actor: Creature, spell: Spell, cid) -> Creature:
    """A creature the spell can be aimed at: alive, within range, seen if it must be, not behind total cover."""
    if not isinstance(cid, str):
        raise IllegalCommand(_("{spell}: 'target' must be a creature's id").format(spell=spell.name))
    target = battle.creature(cid)
    if target is actor and spell.hostile:
        raise IllegalCommand(_("{id} cannot aim {spell} at itself").format(id=actor.id, spell=spell.name))
    if target.state == DEAD:
        line = N_("{id} is dead") if spell.hostile else N_("{id} is dead: healing cannot help it")
        raise IllegalCommand(_(line).format(id=target.id))
    if target.stats.type in spell.no_effect_on:
        # SRD 5.1, Cure Wounds / Healing Word: "no effect on undead or constructs" (the spell file's no_effect_on)
        raise IllegalCommand(_("{spell} has no effect on {type} creatures like {id}").format(
            spell=spell.name, type=target.stats.type, id=target.id))
    if target is actor:
        return target
    distance = distance_m(battle, actor, target)
    if distance > spell.range_m + 1e-9:
        reach = _("touch (1.5 m)") if spell.range_m == 1.5 else _("{range} m").format(range=number(spell.range_m))
        raise IllegalCommand(_("{id} is {distance} m away, beyond the range of {spell}: {reach}").format(
            id=target.id, distance=number(distance), spell=spell.name, reach=reach))
    # SRD 5.1, Targets: a clear path to the target, so not behind total cover
    if cover_between(battle, actor, target) >= TOTAL:
        raise IllegalCommand(_("{id} has total cover from {actor}").format(id=target.id, actor=actor.id))
    if spell.sees and not sees(battle, actor, target):  # a hidden target is unseen
        raise IllegalCommand(_("{actor} cannot see {id}").format(actor=actor.id, id=target.id))
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
    """A spell attack as an Attack record, so that every attack rule applies to it (but the
    weapons' own: its property `spell` says it is no weapon attack)."""
    return Attack(name=spell.name, kind="ranged", to_hit=spell_attack_bonus(caster), damage=scaled(spell, 0, caster),
                  type=spell.dtype, reach=1.5, range=(spell.range_m, spell.range_m),
                  properties=frozenset({SPELL_ATTACK}))


def _aim_one(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    return _target(battle, actor, spell, cmd.get("target"))


def _aim_darts(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    count = spell.darts + (slot - spell.level) * spell.per_slot
    raw = cmd.get("target")
    ids = list(raw) if isinstance(raw, tuple) else [raw] * count
    if len(ids) != count:
        raise IllegalCommand(_("{spell} with a level-{slot} slot has {count} darts: give one target, or a list of "
                               "{count} (one per dart)").format(spell=spell.name, slot=slot, count=count))
    seen: dict[str, Creature] = {}
    for cid in ids:
        if not isinstance(cid, str):
            raise IllegalCommand(_("{spell}: 'target' must be a creature's id or a list of ids").format(
                spell=spell.name))
        if cid not in seen:
            seen[cid] = _target(battle, actor, spell, cid)
    return [seen[cid] for cid in ids]


def _aim_area(battle, actor, spell, slot, cmd):
    _only(cmd, spell)
    x, y = position_arg(cmd.get("at"), "'at'")
    board = battle.board
    if not board.inside(x, y):
        raise IllegalCommand(_("[{x}, {y}] is outside the {width}x{height} map").format(
            x=x, y=y, width=board.width, height=board.height))
    if spell.area == "cone":
        if (x, y) in actor.squares():
            raise IllegalCommand(_("{spell} needs a direction: 'at' must be a square outside {id}'s space").format(
                spell=spell.name, id=actor.id))
        return cone(board.terrain.shape, actor.space, (x, y), spell.size_m, half_width=CONE_HALF_WIDTH), (x, y)
    # a point within range, with a clear path to it (SRD 5.1, Targets)
    distance = gap_squares(actor.space, (x, y, 1), battle.diagonals) * SQUARE_M
    if distance > spell.range_m + 1e-9:
        raise IllegalCommand(_("[{x}, {y}] is {distance} m away, beyond the range of {spell}: {range} m").format(
            x=x, y=y, distance=number(distance), spell=spell.name, range=number(spell.range_m)))
    if line_caps(board)[y, x] >= TOTAL:
        raise IllegalCommand(_("[{x}, {y}] is inside a wall: the point of {spell} must be open").format(
            x=x, y=y, spell=spell.name))
    if cover_level(line_caps(board), actor.space, (x, y, 1), COVER_5E) >= TOTAL:
        raise IllegalCommand(_("[{x}, {y}] has total cover from {id}: no clear path for {spell}").format(
            x=x, y=y, id=actor.id, spell=spell.name))
    return sphere_mask(battle, spell, (x, y)), (x, y)


def sphere_mask(battle, spell: Spell, at: tuple[int, int]):
    """The squares a sphere centred on this square covers; one that spreads (SRD 5.1, Fireball:
    "The fire spreads around corners") covers those it reaches within its radius by a path
    round the squares that block lines, never through them (core.areas.spread)."""
    if spell.spreads:
        return spread(line_caps(battle.board) >= TOTAL, at, spell.size_m, battle.diagonals)
    return sphere(battle.board.terrain.shape, at, spell.size_m, battle.diagonals)


def area_problem(battle, actor: Creature, spell: Spell, at: tuple[int, int]) -> str:
    """Why the area spell cannot be aimed at this square (the cast command's own check), or ''."""
    try:
        _aim_area(battle, actor, spell, spell.level, Args({"at": list(at)}))
    except IllegalCommand as exc:
        return str(exc)
    return ""


def area_mask(battle, actor: Creature, spell_name: str, at: tuple[int, int]):
    """The squares an area spell would cover if the actor cast it at `at` (for drawing a template)."""
    spell = SPELLS[spell_name]
    if spell.area == "cone":
        return cone(battle.board.terrain.shape, actor.space, at, spell.size_m, half_width=CONE_HALF_WIDTH)
    return sphere_mask(battle, spell, at)


# ----------------------------------------------------------------------------- resolving
def _do_attack(battle, actor, spell, slot, aim):
    target, attack = aim
    battle.emit("cast", _("{cast} at {target}").format(cast=_cast_text(actor, spell, slot), target=target.name),
                rules=("cast-spell",), caster=actor.id, spell=spell.name, slot=slot, targets=[target.id])
    resolve_attack(battle, actor, target, attack)


def _do_save(battle, actor, spell, slot, target):
    dc = spell_save_dc(actor)
    battle.emit("cast", _("{cast} at {target}: DC {dc} {ability} save").format(
        cast=_cast_text(actor, spell, slot), target=target.name, dc=dc, ability=ability(spell.save)),
        rules=("cast-spell", "saving-throw"), caster=actor.id, spell=spell.name, slot=slot, targets=[target.id])
    # SRD 5.1, Sacred Flame: the target gains no benefit from cover for this saving throw
    ok, text = saving_throw(battle, target, spell.save, dc)
    battle.emit("save", text, rules=("saving-throw",), creature=target.id, success=ok)
    if ok:
        battle.emit("note", _("{name} takes no damage").format(name=target.name), rules=("saving-throw",),
                    creature=target.id)
        return
    rolled, how = roll_damage(battle, scaled(spell, slot, actor))
    apply_rolled_damage(battle, target, rolled, spell.dtype, how)


def _do_darts(battle, actor, spell, slot, targets):
    # SRD 5.1, Shield: a reaction "when you are ... targeted by the magic missile spell": each
    # target that may cast it is offered it (in initiative order) before the darts' damage
    offered = [cid for cid in battle.state.order
               if (t := battle.state.creatures[cid]) in targets and t.alive
               and not shielded(t) and can_cast_shield(t, battle)]
    if offered:
        battle.state.pending_darts = PendingDarts(actor.id, spell.name, slot, [t.id for t in targets])
        battle.state.offers[0:0] = [Offer(reactor=cid, kind="shield", provoker=actor.id, stage="attack")
                                    for cid in offered]
        for cid in offered:
            battle.emit("offer", _("{reactor} may cast shield against {caster}'s {spell}").format(
                reactor=battle.state.creatures[cid].name, caster=actor.name, spell=spoken(spell.name)),
                rules=("shield", "reactions"), reactor=cid, provoker=actor.id, reaction="shield")
        return
    _strike_darts(battle, actor, spell, slot, targets)


def land_darts(battle, pending: PendingDarts) -> None:
    """Magic missile's darts strike once their targets have answered the shield offers."""
    creatures = battle.state.creatures
    battle.damage_source = pending.caster
    _strike_darts(battle, creatures[pending.caster], SPELLS[pending.spell], pending.slot,
                  [creatures[cid] for cid in pending.targets])


def _strike_darts(battle, actor, spell, slot, targets):
    # 5e, Damage rolls: a spell that damages several targets at once rolls its damage once
    rolled, how = roll_damage(battle, spell.dice)
    names = ", ".join(t.name for t in targets)
    battle.emit("cast", _("{cast}: {count} darts at {names}, {how} = {rolled} {type} per dart").format(
                cast=_cast_text(actor, spell, slot), count=len(targets), names=names, how=how, rolled=rolled,
                type=damage_type(spell.dtype)), rules=("cast-spell", "damage-roll"), caster=actor.id,
                spell=spell.name, slot=slot, targets=[t.id for t in targets], rolled=rolled)
    # SRD 5.1, Magic Missile: each dart hits automatically and deals 1d4 + 1 force damage
    for n, target in enumerate(targets, 1):
        dart = _("dart {number}").format(number=n)
        if shielded(target):
            # SRD 5.1, Shield: no damage from magic missile while it lasts
            battle.emit("note", _("{name}'s shield stops {dart} ({rolled})").format(
                name=target.name, dart=dart, rolled=rolled), rules=("shield",), creature=target.id)
        elif not target.alive:
            battle.emit("note", _("{dart} ({rolled}) strikes {name}, already dead").format(
                dart=dart, rolled=rolled, name=target.name), rules=("cast-spell",), creature=target.id)
        else:
            apply_rolled_damage(battle, target, rolled, spell.dtype, dart)


def _do_area(battle, actor, spell, slot, aim):
    mask, (x, y) = aim
    dice = scaled(spell, slot, actor)
    rolled, how = roll_damage(battle, dice)
    caught = [c for c in battle.state.creatures.values()
              if c.alive and touches(mask, c.space) and not (spell.area == "cone" and c is actor)]
    line = AREA_LINES[(spell.area == "cone", bool(caught))]
    battle.emit("cast", _(line).format(cast=_cast_text(actor, spell, slot), how=how, rolled=rolled,
                                       type=damage_type(spell.dtype), size=number(spell.size_m), x=x, y=y),
                rules=("cast-spell", "damage-roll"), caster=actor.id, spell=spell.name, slot=slot,
                at=[x, y], targets=[c.id for c in caught], rolled=rolled)
    dc = spell_save_dc(actor)
    for target, cover in zip(caught, area_covers(battle, actor, spell, (x, y), caught)):
        if cover >= TOTAL:
            # 5e, Cover: total cover; SRD 5.1, Areas of effect: no clear line from the point of origin
            battle.emit("note", _("{name} has total cover from {spell} and is unharmed").format(
                name=target.name, spell=spoken(spell.name)), rules=("cover-total",), creature=target.id)
            continue
        bonus = area_save_bonus(spell, cover)
        why = cover_word(COVER_NAMES[cover]) if bonus else ""
        ok, text = saving_throw(battle, target, spell.save, dc, bonus=bonus, why=why)
        rules = ("saving-throw", COVER_RULES[COVER_NAMES[cover]]) if bonus else ("saving-throw",)
        battle.emit("save", text, rules=rules, creature=target.id, success=ok)
        if target.alive:
            apply_rolled_damage(battle, target, rolled, spell.dtype, spell.name, halved=ok)


# the cast line of an area spell: (a cone?, anybody caught?) -> its words
AREA_LINES = {
    (True, True): N_("{cast}: {how} = {rolled} {type}, a {size} m cone toward [{x}, {y}]"),
    (True, False): N_("{cast}: {how} = {rolled} {type}, a {size} m cone toward [{x}, {y}] (no creature in it)"),
    (False, True): N_("{cast}: {how} = {rolled} {type}, a {size} m sphere at [{x}, {y}]"),
    (False, False): N_("{cast}: {how} = {rolled} {type}, a {size} m sphere at [{x}, {y}] (no creature in it)"),
}


def area_save_bonus(spell: Spell, cover: int) -> int:
    """5e, Cover: half or three-quarters cover adds to a Dexterity save against an area."""
    return COVER_BONUS.get(cover, 0) if spell.save == "dex" and spell.cover_helps else 0


def area_covers(battle, actor, spell, at, caught) -> list[int]:
    """The cover each creature caught has against the area (_area_cover), where a spreading
    sphere reached it round a wall: the fire came round to it, so the wall between it and the
    centre gives it no cover (a choice: the SRD is silent)."""
    covers = _area_cover(battle, actor, spell, at, caught)
    return [0 if cover >= TOTAL and spell.spreads else cover for cover in covers]


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


def heal_dice(spell: Spell, slot: int, caster: Creature) -> DiceExpr:
    """SRD 5.1, Cure Wounds / Healing Word: the dice + your spellcasting ability modifier."""
    dice = scaled(spell, slot, caster)
    return DiceExpr(dice.count, dice.sides, dice.bonus + caster.stats.mod(caster.stats.spellcasting))


def _do_heal(battle, actor, spell, slot, target):
    dice = heal_dice(spell, slot, actor)
    rolled, how = roll_damage(battle, dice)
    line = N_("{cast} on itself: {how} = {rolled}") if target is actor else N_("{cast} on {target}: {how} = {rolled}")
    battle.emit("cast", _(line).format(cast=_cast_text(actor, spell, slot), target=target.name, how=how, rolled=rolled),
                rules=("cast-spell", "healing"), caster=actor.id, spell=spell.name, slot=slot, targets=[target.id],
                rolled=rolled)
    gained = heal(target, rolled)
    line = N_("{name} regains {gained} hit points (at its maximum): {hp}/{max_hp}") if gained < rolled else \
        N_("{name} regains {gained} hit points: {hp}/{max_hp}")
    battle.emit("heal", _(line).format(name=target.name, gained=gained, hp=target.hp, max_hp=target.stats.hp),
                rules=("healing",), creature=target.id, amount=gained, hp=target.hp)


AIM = {"attack": _aim_attack, "save": _aim_one, "area": _aim_area, "darts": _aim_darts, "heal": _aim_one}
_RESOLVE = {"attack": _do_attack, "save": _do_save, "area": _do_area, "darts": _do_darts, "heal": _do_heal}


class Args:
    """A command table read the way the aiming functions read a Command."""

    def __init__(self, table: dict) -> None:
        self.table = {k: tuple(v) if isinstance(v, list) else v for k, v in table.items()}

    def get(self, key, default=None):
        return self.table.get(key, default)
