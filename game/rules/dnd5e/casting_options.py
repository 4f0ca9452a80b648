"""What a caster may cast now under 5e (for the options query): every known spell at every creature
or square it may be aimed at, through the cast command's own checks (spells.py)."""

from __future__ import annotations

from ...core.areas import cone, touches
from ...core.board import SQUARE_M, gap_squares
from ...core.terrain import TOTAL
from ...i18n import _
from ..errors import IllegalCommand
from ..state import Creature
from .attacks import preview_attack, save_chance
from .geometry import line_caps, sight_between
from .previews import attack_preview, average_damage, average_halved, average_heal, option
from .shield import lowest_slot
from .spells import (AIM, CONE_HALF_WIDTH, Args, Spell, SPELLS, area_covers, area_save_bonus, check_able, check_timing,
                     heal_dice, scaled, slot_for, sphere_mask, spell_save_dc)


def spell_options(battle, caster: Creature) -> list:
    """Every cast the caster may make now, with a preview (for the options query).

    Each known spell at its own level (a higher slot only when none of its own is left), at
    every creature it may be aimed at, or for an area at every square it may be aimed at, with
    who would be inside. Magic missile is listed with all its darts on one target.
    """
    out = []
    for name in caster.stats.spells:
        spell = SPELLS.get(name)
        if spell is None or spell.time == "reaction" or caster.stats.spellcasting is None:
            continue
        try:
            check_able(caster)
            check_timing(caster, spell)
            slot = slot_for(caster, spell, None) if spell.cantrip or caster.slots.get(spell.level, 0) > 0 \
                else slot_for(caster, spell, lowest_slot(caster, spell.level))
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
                aim = AIM[spell.effect](battle, caster, spell, slot, Args(command))
            except IllegalCommand:
                continue
            preview = dict(uses)
            if spell.effect == "attack":
                _target, attack = aim
                preview.update(attack_preview(battle, caster, target, attack,
                                              preview_attack(battle, caster, target, attack)))
            elif spell.effect == "save":
                # _do_save: no damage on a success (sacred flame: cover does not help the save)
                dc = spell_save_dc(caster)
                fail = 1 - save_chance(target, spell.save, dc)
                preview.update(save=spell.save, dc=dc, save_bonus=target.stats.save(spell.save), fail_chance=fail,
                               expected_damage=fail * average_damage(scaled(spell, slot, caster)))
            elif spell.effect == "heal":
                preview.update(expected_heal=average_heal(heal_dice(spell, slot, caster), target.stats.hp - target.hp))
            elif spell.effect == "darts":
                count = spell.darts + (slot - spell.level) * spell.per_slot
                preview.update(darts=count, expected_damage=count * spell.dice.average)
            out.append(option(command, _("cast {spell} on {id}").format(spell=name, id=target.id), preview))
    return out


def _area_options(battle, caster: Creature, spell: Spell, slot: int, base: dict, uses: dict) -> list:
    """The aims of an area spell worth listing: a cone toward each square within two squares of
    the caster (the directions it can take), a sphere at each square that catches at least one
    creature. Other aims are legal too; they repeat these or catch nobody."""

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
            mask = cone(board.terrain.shape, caster.space, (x, y), spell.size_m, half_width=CONE_HALF_WIDTH)
            inside = [c.id for c in creatures if any(mask[sy, sx] for sx, sy in c.squares())]
        else:
            # the same checks as _aim_area, with the cached sight lines
            if gap_squares(caster.space, (x, y, 1), battle.diagonals) * SQUARE_M > spell.range_m + 1e-9:
                continue
            if line_caps(board)[y, x] >= TOTAL or not sight_between(board, caster.space, (x, y, 1)):
                continue
            inside = [c for c in creatures if gap_squares((x, y, 1), c.space, battle.diagonals) <= radius]
            if spell.spreads and inside:  # round the walls, by a path within the radius
                mask = sphere_mask(battle, spell, (x, y))
                inside = [c for c in inside if touches(mask, c.space)]
            inside = [c.id for c in inside]
            if not inside:
                continue
        out.append(option({**base, "at": [x, y]}, _("cast {spell} at [{x}, {y}]").format(spell=spell.name, x=x, y=y),
                          {**uses, "inside": inside}))
    return out


def area_odds(battle, caster: Creature, spell: Spell, at: tuple[int, int], caught: list, dc: int) -> list[str]:
    """A line for each creature an area spell aimed at `at` would catch: its chance to fail the
    save (cover included, as _do_area rolls it) and the damage it is expected to take."""
    dice = scaled(spell, spell.level, caster)
    full, half = average_damage(dice), average_halved(dice)
    lines = []
    for target, cover in zip(caught, area_covers(battle, caster, spell, at, caught)):
        if cover >= TOTAL:
            lines.append(_("{name}: total cover, unharmed").format(name=target.name))
            continue
        fail = 1 - save_chance(target, spell.save, dc, area_save_bonus(spell, cover))
        lines.append(_("{name}: {fail:.0%} to fail the save, {damage:.1f} expected damage").format(
            name=target.name, fail=fail, damage=fail * full + (1 - fail) * half))
    return lines
