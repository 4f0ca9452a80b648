"""What the computer players weigh under 5e (`Battle.estimates()`): the d20 arithmetic of a hit
(attacks.hit_chance), expected damage, the exact preview of an attack, cover and sight for many
pairs at once, the numbers of spells, contests and reactions.

The computer players (game/session/ai) search and score; every number they need of the rules
comes from here, so the rules stay written once (attacks.py, spells.py, checks.py, ...).
"""

from __future__ import annotations

from ...core.areas import cone_reach
from ...core.dice import DiceExpr
from ...core.terrain import TOTAL
from .actions import drags
from .features import can_action_surge
from .attacks import armour_class, hit_chance, preview_attack
from .checks import best_of, check_bonus
from .conditions import dodging
from .geometry import (COVER_BONUS, blockers_of, can_see, covers_between, field_for, looker_covers, melee_reach,
                       sights_between, spaces_of)
from .options import PathWatch, aggressive_options
from .shield import AC_BONUS as SHIELD_AC, can_cast_shield, shielded
from .spells import CONE_HALF_WIDTH, SPELLS, area_mask, scaled, spell_attack_bonus, spell_save_dc

AREA_MASKS_KEPT = 256  # the area templates a computer player weighed, kept with the battle
# geometry.COVER_BONUS (half +2, three-quarters +5 to AC); total cover: no attack (a number no roll reaches)
COVER_AC = {**COVER_BONUS, TOTAL: 99}


def expected_damage(expr: DiceExpr, p_hit: float, p_crit: float) -> float:
    """The mean damage of an attack: 5e, Critical hits roll the damage dice twice."""
    dice = expr.count * (expr.sides + 1) / 2
    return max(0.0, (p_hit - p_crit) * (dice + expr.bonus) + p_crit * (2 * dice + expr.bonus))


def beat_odds(edge: int) -> float:
    """Chance that d20 + edge beats another d20 (5e, Contests: a tie fails the one who acts)."""
    return sum(min(20, max(0, x + edge - 1)) for x in range(1, 21)) / 400


class Estimates:
    """The 5e numbers of one battle, for the computer players."""

    COVER_AC = COVER_AC
    hit_chance = staticmethod(hit_chance)
    expected_damage = staticmethod(expected_damage)
    beat_odds = staticmethod(beat_odds)

    def __init__(self, battle) -> None:
        self.battle = battle

    # -- attacks
    def preview(self, attacker, target, attack):
        """The exact preview of an attack (5e's AttackPreview: problem, hit_chance, advantage, auto_crit)."""
        return preview_attack(self.battle, attacker, target, attack)

    def crit_chance(self, preview) -> float:
        """The critical hit chance behind an exact preview."""
        if preview.hit_chance == 0:
            return 0.0
        return preview.hit_chance if preview.auto_crit else hit_chance(20, 99, preview.advantage)[1]

    def defence(self, creature) -> int:
        """The AC an attack must reach (the shield spell counted)."""
        return armour_class(creature)

    def guess_advantage(self, attacker, target, ranged: bool, attack, distance_m: float, threatened: bool,
                        ally_beside_target: bool) -> int:
        """Advantage (+1, 0, -1) of an attack from a square the attacker may move to, from the common
        sources only (preview_attack is the rule, for the square it stands on): 5e, prone target
        (within 1.5 m or beyond), Dodge, restrained or unconscious target, prone attacker, a ranged
        attack beyond normal range or with a foe next to the attacker, Pack Tactics, and Unseen
        attackers and targets (a hidden attacker or target)."""
        good = bad = 0
        if "hidden" in target.conditions:
            bad += 1
        if "hidden" in attacker.conditions:
            good += 1
        if target.prone:
            good, bad = (good + 1, bad) if distance_m <= 1.5 else (good, bad + 1)
        if dodging(target):
            bad += 1
        if "restrained" in target.conditions or target.state != "conscious":
            good += 1
        if attacker.prone:
            bad += 1
        if ranged:
            if attack is not None and attack.range and distance_m > attack.range[0]:
                bad += 1
            if threatened:
                bad += 1
        if "pack-tactics" in attacker.stats.traits and ally_beside_target:
            good += 1
        return (good > 0) - (bad > 0)

    def guess_marks(self, attacker) -> list[float]:
        """The distances at which guess_advantage's answer for this attacker may change: it
        asks only whether the distance is at most each (1.5 m for a prone target, each ranged
        attack's normal range)."""
        return [1.5] + [a.range[0] for a in attacker.stats.attacks if a.range]

    def prone_advantage(self, attacker, target, prone: bool, near: bool, own_turn: bool,
                        ally_beside_target: bool) -> int:
        """Advantage (+1, 0, -1) of an attack on the target if it lay prone (or not): 5e, Prone
        (advantage within 1.5 m, disadvantage beyond), restrained, squeezing, Dodge (lost at speed 0),
        Pack Tactics; on its own turn the attacker's own prone or squeezing counts (allies stand up first)."""
        good = (prone and near) or "restrained" in target.conditions or target.squeezing or (
            "pack-tactics" in attacker.stats.traits and ally_beside_target)
        bad = (prone and not near) or "restrained" in attacker.conditions
        bad = bad or dodging(target)
        bad = bad or own_turn and (attacker.prone or attacker.squeezing)
        return int(bool(good)) - int(bool(bad))

    # -- the board
    def blockers(self):
        """(Blockers, creature index) of the battle's lines, for core.cover.cover_many."""
        return blockers_of(self.battle)

    def spaces(self) -> dict:
        """Each creature's space (x, y, side) by id (asked once a decision: read from what the
        blockers were made of)."""
        return spaces_of(self.battle)

    def looker_covers(self, creature) -> dict:
        """Where a planner keeps covers of lines that ignore this creature's squares (its own
        lines from squares it may move to): kept while nobody else moves, falls or rises."""
        return looker_covers(self.battle, creature)

    def prefetch(self, creature, targets) -> None:
        """Cover and sight from the creature to each target, looked up in one call each (kept)."""
        covers_between(self.battle, [(creature, t) for t in targets])
        sights_between(self.battle.board, [(creature.space, t.space) for t in targets])

    def field(self, creature, mode: str = "walk", limit_m: float | None = None):
        return field_for(self.battle, creature, mode, limit_m)

    def can_see(self, viewer, target) -> bool:
        return can_see(self.battle, viewer, target)

    def melee_reach(self, creature) -> float:
        return melee_reach(creature)

    def drags(self, creature) -> list:
        """The creatures it grapples and drags along when it moves."""
        return drags(self.battle, creature)

    def follows_drag(self, grappler, held) -> bool:
        """Whether a creature it grapples can be dragged into the squares it leaves (a space no
        bigger than the grappler's); one that cannot stays behind and is freed out of reach."""
        return held.side_squares <= grappler.side_squares

    def aggressive_moves(self, creature, toward, most: int = 12) -> list:
        """The orc's Aggressive moves the options query would list for it toward these foes (only
        those, and the `most` ending nearest each: not the whole options query), with each path,
        cost, distance left and opportunity attacks."""
        return aggressive_options(self.battle, creature, PathWatch(self.battle, creature), toward, most)

    # -- spells and reactions
    def spells(self, creature) -> list:
        """The spells (spells.Spell records) the creature knows and the engine can cast."""
        if not creature.stats.spellcasting:
            return ()
        kept = self.__dict__.setdefault("_spells", {})  # asked per square weighed: kept (one decision)
        if creature.id not in kept:
            kept[creature.id] = tuple(SPELLS[name] for name in creature.stats.spells if name in SPELLS)
        return kept[creature.id]

    def spell_attack_bonus(self, creature) -> int:
        return spell_attack_bonus(creature)

    def spell_save_dc(self, creature) -> int:
        return spell_save_dc(creature)

    def spell_dice(self, creature, spell) -> DiceExpr:
        """The spell's dice cast by the creature at the spell's own level (a cantrip's grown by level)."""
        return scaled(spell, spell.level, creature)

    def area_mask(self, creature, spell_name: str, at: tuple[int, int]):
        """spells.area_mask, kept with the battle (its board never changes) by the spell, the
        square aimed at and, for a cone, the caster's space (the last AREA_MASKS_KEPT; read only)."""
        kept = self.battle.__dict__.setdefault("_ai_area_masks", {})
        key = (spell_name, creature.space if SPELLS[spell_name].area == "cone" else None, tuple(at))
        mask = kept.get(key)
        if mask is None:
            if len(kept) >= AREA_MASKS_KEPT:
                del kept[next(iter(kept))]  # the oldest goes
            mask = kept[key] = area_mask(self.battle, creature, spell_name, at)
            mask.flags.writeable = False
        return mask

    def area_reach(self, creature, spell) -> float | None:
        """How far from the centre of the creature's space (in squares) its area spell can catch
        a square, wherever it is aimed: a cone's reach (core.areas.cone_reach); None for an
        area centred where it is aimed (no bound)."""
        if spell.area != "cone":
            return None
        return cone_reach(spell.size_m, CONE_HALF_WIDTH, creature.side_squares)

    def can_shield(self, creature) -> bool:
        """Whether the creature could cast shield as a reaction now."""
        return can_cast_shield(creature, self.battle)

    def shield_threat(self, target) -> int:
        """The AC the target's Shield reaction would add against an attack now (SRD 5.1, Shield:
        +5 AC, including against the triggering attack): the spell's bonus when it could cast it
        and is not shielded yet, else 0. It is cast when that bonus turns the hit into a miss, so
        an attack on it hits only if it reaches this much more than its AC (a natural 20 still hits)."""
        if shielded(target) or not self.can_shield(target):
            return 0
        return SHIELD_AC

    def stops_darts(self, target) -> bool:
        """Whether magic missile's darts would do the target no harm (SRD 5.1, Shield: no damage
        from magic missile): it is shielded, or could cast Shield when the spell targets it."""
        return shielded(target) or self.can_shield(target)

    # -- contests and checks
    def can_action_surge(self, creature) -> bool:
        """It has the fighter's Action Surge still to use this battle (features.py)."""
        return can_action_surge(creature)

    def search_odds(self, searcher, hider) -> float:
        """Chance that the searcher's Wisdom (Perception) check finds the hider (5e, Search: it
        equals or beats the Stealth total the hider rolled, which the log shows)."""
        need = hider.effects.get("stealth", 0) - check_bonus(searcher, "perception")
        return min(1.0, max(0.0, (21 - max(need, 1)) / 20))

    def check_bonus(self, creature, skill: str) -> int:
        return check_bonus(creature, skill)

    def best_of(self, creature, skills: tuple[str, ...]) -> str:
        return best_of(creature, skills)


__all__ = ["Estimates", "COVER_AC", "hit_chance", "expected_damage", "beat_odds"]
