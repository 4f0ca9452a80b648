"""Computer players: they play by the rules, through the same commands a person uses.

Levels (`choose(battle, level)` gives the next command for whoever must act now):
- `random`: any legal command, drawn with a generator seeded from the battle's seed;
- `rush`: go to the nearest foe and hit it;
- `normal`: a tactician: it picks the attack, spell or heal with the best expected value
  from where it stands or from a square it can reach, finishes the dying where a monster
  would, drinks a potion when hurt, dashes when nothing is in range;
- `hard`: the same tactician with a sharper eye: it weighs kills, threat and casters, counts
  the opportunity attacks a path provokes (disengaging when leaving is worth it), keeps
  ranged attackers out of melee and behind cover, uses area spells that hit several foes and
  no friend, Nimble Escape and Cunning Action, Help, and Dodge when cornered.
Every choice is deterministic from the battle state; a command is checked with
`Battle.check` before it is given, so a computer player never issues an illegal one.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

import numpy as np

from ..core.board import SQUARE_M, gap_squares
from ..core.cover import cover_many
from ..core.dice import DiceExpr
from ..core.sizes import SPACE_SQUARES, squeezed_squares
from ..rules.dnd5e.attacks import preview_attack
from ..rules.dnd5e.geometry import blockers_of, can_see, field_for, melee_reach

POLICIES = ("random", "rush", "normal", "hard")


def choose(battle, level: str = "hard") -> dict:
    """The next command for the creature that must act now (a reaction first)."""
    if level == "random":
        return random_player(battle)
    if level == "rush":
        return rush(battle)
    if level in ("normal", "hard"):
        return Tactician(battle, hard=level == "hard").decide()
    raise ValueError(f"unknown level {level!r} (known: {', '.join(POLICIES)})")


# ----------------------------------------------------------------------------- random
def random_player(battle) -> dict:
    """Any legal command, uniformly; the generator is seeded from the battle (seed, commands)."""
    from ..rules.dnd5e.options import legal_commands

    options = legal_commands(battle)
    rng = random.Random(battle.scenario.seed * 1_000_003 + battle.state.commands_done)
    if not options:
        return _end(battle)
    return rng.choice(options).command


def _end(battle) -> dict:
    state = battle.state
    if state.offers:
        return {"actor": state.offers[0].reactor, "act": "react", "take": False}
    return {"actor": battle.current.id, "act": "end"}


# ----------------------------------------------------------------------------- rush
def rush(battle) -> dict:
    """Go to the nearest foe and hit it (melee first, else the best ranged attack in range)."""
    state = battle.state
    if state.offers:
        return {"actor": state.offers[0].reactor, "act": "react", "take": True}
    me = battle.current
    end = {"actor": me.id, "act": "end"}
    if state.over or not me.standing:
        return end
    foes = [c for c in state.creatures.values() if c.side != me.side and c.standing]
    if not foes:
        return end
    if me.action or me.attacks_left > 0:
        attack = _rush_attack(battle, me, foes)
        if attack is not None:
            return attack
    if me.prone and me.movement_left() >= me.speed() / 2 and me.speed() > 0:
        return {"actor": me.id, "act": "stand"}
    step = _approach(battle, me, foes)
    return step or end


def _rush_attack(battle, me, foes) -> dict | None:
    best, best_score = None, None
    for foe in sorted(foes, key=lambda f: (gap_squares(me.space, f.space, battle.diagonals), f.id)):
        for attack in me.stats.attacks:
            preview = preview_attack(battle, me, foe, attack)
            if preview.problem:
                continue
            score = preview.hit_chance * max(attack.damage.average, 1) + (0.5 if attack.is_melee else 0)
            if best_score is None or score > best_score:
                best, best_score = {"actor": me.id, "act": "attack", "target": foe.id, "with": attack.name}, score
        if best is not None:
            return best
    return None


def _approach(battle, me, foes) -> dict | None:
    left = me.movement_left()
    if left < SQUARE_M or "mounted_on" in me.effects:
        return None
    field = field_for(battle, me, limit_m=left)
    reachable = field.reachable(left)
    if not reachable.any():
        return None
    ys, xs = np.nonzero(reachable)
    side = me.side_squares
    here = min(gap_squares(me.space, f.space, battle.diagonals) for f in foes)
    best, best_key = None, None
    for x, y in zip(xs.tolist(), ys.tolist()):
        gap = min(gap_squares((x, y, side), f.space, battle.diagonals) for f in foes)
        key = (gap, field.cost[y, x], y, x)
        if best_key is None or key < best_key:
            best, best_key = (x, y), key
    if best is None or best_key[0] >= here:
        return None
    return {"actor": me.id, "act": "move", "to": list(best)}


# ----------------------------------------------------------------------------- tactician
COVER_AC = {0: 0, 1: 2, 2: 5, 3: 99}


@functools.lru_cache(maxsize=4096)
def hit_chance(to_hit: int, target_number: int, advantage: int) -> tuple[float, float]:
    """(chance to hit, chance of a critical hit) of a d20 attack."""
    hits = sum(1 for f in range(1, 21) if f == 20 or (f != 1 and f + to_hit >= target_number)) / 20
    crit = 1 / 20
    if advantage > 0:
        return 1 - (1 - hits) ** 2, 1 - (1 - crit) ** 2
    if advantage < 0:
        return hits * hits, crit * crit
    return hits, crit


def expected_damage(expr: DiceExpr, p_hit: float, p_crit: float) -> float:
    dice = expr.count * (expr.sides + 1) / 2
    return max(0.0, (p_hit - p_crit) * (dice + expr.bonus) + p_crit * (2 * dice + expr.bonus))


@dataclass
class Plan:
    score: float
    command: dict
    why: str = ""
    then: dict | None = None  # what a move is made for (the attack from there)
    trusted: bool = False  # legal by construction (checked with the engine's own previews)


class Tactician:
    """Scores what the creature can do now and gives the best legal command."""

    def __init__(self, battle, hard: bool) -> None:
        self.battle = battle
        self.hard = hard
        self.state = battle.state

    # -------------------------------------------------------------- the choice
    def decide(self) -> dict:
        state = self.state
        if state.offers:
            return self.react(state.offers[0])
        me = self.battle.current
        if state.over or me is None or not me.standing:
            return _end(self.battle)
        self.me = me
        hint = getattr(self.battle, "ai_hint", None)
        if hint and hint[0] == (state.commands_done, me.id) and self.battle.check(hint[1]) is None:
            return hint[1]  # the attack the last move was made for
        self.foes = [c for c in state.creatures.values() if c.side != me.side and c.standing]
        self.allies = [c for c in state.creatures.values() if c.side == me.side and c is not me and c.alive]
        if not self.foes:
            return _end(self.battle)
        self.blockers, self.index = blockers_of(self.battle)
        self.covers: dict = {}
        self.sp = {c.id: c.space for c in state.creatures.values()}  # spaces, looked up often
        for plan in self.plans():
            if plan.trusted or self.battle.check(plan.command) is None:
                # remember what a move was for, to play it next without thinking again
                self.battle.ai_hint = ((state.commands_done + 1, me.id), plan.then) if plan.then else None
                return plan.command
        return _end(self.battle)

    def plans(self) -> list[Plan]:
        """Candidate commands, best first; the first legal one is played."""
        me = self.me
        plans: list[Plan] = []
        if me.prone and me.speed() > 0 and me.movement_left() >= me.speed() / 2:
            plans.append(Plan(100, {"actor": me.id, "act": "stand"}, "stand up"))
        can_act = me.action or me.attacks_left > 0
        plans += self.support_plans()
        strikes_here = self.strikes_from(me.x, me.y) if can_act else []
        best_here = max((p.score for p in strikes_here), default=0.0)
        plans += strikes_here
        ranged = self.prefers_range()
        # moving is weighed when a better blow may be a few steps away (or to keep out of reach)
        potential = 0.65 * max((a.damage.average for a in me.stats.attacks), default=0.0) * \
            max((self.value(t) for t in self.targets()), default=1.0)  # on the scale of the scores
        engaged = bool(self.adjacent_foes(self.sp[me.id]))
        # between the attacks of one Attack action, a ranged attacker that can still hit from
        # here keeps its place (it weighed where to stand before the first)
        mid_attack = not me.action and me.attacks_left > 0 and best_here > 0
        worth_moving = (can_act and (ranged and not mid_attack or best_here < 0.8 * potential)) or \
            (not can_act and (not engaged or ranged and self.hard) and "hidden" not in me.conditions)
        if worth_moving and me.movement_left() >= SQUARE_M and "mounted_on" not in me.effects:
            plans += self.move_plans(best_here, can_act)
        plans += self.bonus_plans()
        if can_act and me.action:
            plans += self.fallback_action_plans()
        if can_act and self.hard:
            from .ai_maneuvers import maneuver_plans

            plans += maneuver_plans(self, best_here)
        plans.sort(key=lambda p: -p.score)
        return [p for p in plans if p.score > 0] + [Plan(0, {"actor": me.id, "act": "end"}, "end", trusted=True)]

    # -------------------------------------------------------------- reactions
    def react(self, offer) -> dict:
        reactor = self.state.creatures[offer.reactor]
        take = True
        if offer.kind == "opportunity" and self.hard:
            provoker = self.state.creatures[offer.provoker]
            # an ally's mount or a creature at 0 is not worth a reaction; a caster keeps its
            # reaction for Shield unless the blow may well finish the one that provokes it
            take = provoker.standing and not (self.keeps_shield(reactor) and not self.may_finish(reactor, provoker))
        return {"actor": reactor.id, "act": "react", "take": take}

    def keeps_shield(self, reactor) -> bool:
        """The reactor can cast Shield, and foes other than the provoker may attack it before its turn."""
        from ..rules.dnd5e.spells import can_cast_shield

        if not can_cast_shield(reactor, self.battle):
            return False
        attackers = [c for c in self.state.creatures.values()
                     if c.side != reactor.side and c.standing and c.stats.attacks and c is not self.battle.current]
        return bool(attackers)

    def may_finish(self, reactor, provoker) -> bool:
        weapon = next((a for a in reactor.stats.attacks if a.is_melee), None)
        return weapon is not None and provoker.hp <= weapon.damage.average

    # -------------------------------------------------------------- values
    def value(self, target) -> float:
        """How much a point of damage to this target is worth."""
        values = self.__dict__.setdefault("_values", {})
        if target.id not in values:
            values[target.id] = self._value(target)
        return values[target.id]

    def _value(self, target) -> float:
        if not target.standing:
            return 0.5
        threat = max((a.damage.average for a in target.stats.attacks), default=1.0)
        v = 1.0
        if self.hard:
            v += 0.05 * threat * target.stats.attacks_per_action
            if target.stats.spellcasting:
                v += 0.4  # go for the casters
            v += 0.6 * (1 - target.hp / target.stats.hp)  # focus fire
        return v

    def kill_bonus(self, target, ev: float, p_hit: float) -> float:
        if self.hard and target.standing and target.hp <= ev * 1.2:
            return 3.0 * p_hit * target.stats.hp / max(target.hp, 1) ** 0.5
        return 0.0

    def targets(self):
        """Who is worth attacking: standing foes (for normal, the nearest only); downed heroes
        only for monsters within reach."""
        out = list(self.foes)
        if not self.hard:
            here = self.sp[self.me.id]
            nearest = min(gap_squares(here, self.sp[f.id], self.battle.diagonals) for f in out)
            out = [f for f in out if gap_squares(here, self.sp[f.id], self.battle.diagonals) == nearest]
        if not self.me.stats.player:
            out += [c for c in self.state.creatures.values()
                    if c.side != self.me.side and c.state == "unconscious" and c.stats.player]
        return out

    # -------------------------------------------------------------- attacks and spells
    def cover(self, space, target) -> int:
        key = (space, target.id)
        if key not in self.covers:
            self.prefetch_cover([space], [target])
        return self.covers[key]

    def prefetch_cover(self, spaces, targets) -> None:
        """Cover from many squares against many targets, in one vectorised call."""
        me_index = self.index[self.me.id]
        pairs, keys = [], []
        for space in spaces:
            for target in targets:
                key = (space, target.id)
                if key not in self.covers:
                    t_index = self.index[target.effects.get("mounted_on", target.id)]
                    pairs.append((space, self.sp[target.id], me_index, t_index))
                    keys.append(key)
        if pairs:
            for key, level in zip(keys, cover_many(self.blockers, pairs, estimate=True).tolist()):
                self.covers[key] = level

    def strikes_from(self, x: int, y: int, exact: bool = True) -> list[Plan]:
        """Attacks and offensive spells from the square (x, y), scored by expected value."""
        me = self.me
        plans = []
        here = (x, y) == (me.x, me.y)
        side = me.side_squares
        space = (x, y, side)
        for target in self.targets():
            gap = gap_squares(space, self.sp[target.id], self.battle.diagonals)
            dist = max(gap * SQUARE_M, abs(me.altitude - target.altitude))
            if not target.standing and dist > 1.5:
                continue
            cover = None
            if me.action or me.attacks_left > 0:
                for attack in me.stats.attacks:
                    reach_ok = attack.is_melee and dist <= attack.reach + 1e-9
                    range_ok = attack.range is not None and dist <= attack.range[1] + 1e-9
                    if not (reach_ok or range_ok):
                        continue
                    if exact and here:
                        p = preview_attack(self.battle, me, target, attack)
                        if p.problem:
                            continue
                        p_hit = p.hit_chance
                        p_crit = 0.0 if p_hit == 0 else (p_hit if p.auto_crit else hit_chance(20, 99, p.advantage)[1])
                    else:
                        if cover is None:
                            cover = self.cover(space, target)
                        if cover >= 3:
                            break
                        ranged = not reach_ok
                        adv = self.guess_advantage(space, target, ranged, attack, dist)
                        p_hit, p_crit = hit_chance(attack.to_hit, target.stats.ac + COVER_AC[cover], adv)
                    ev = expected_damage(attack.damage, p_hit, p_crit)
                    if attack.extra_damage is not None:
                        ev += expected_damage(attack.extra_damage, p_hit, p_crit)
                    if not target.standing:
                        ev = 4.0 * p_hit  # two failed death saves: most of a kill
                    score = ev * self.value(target) + self.kill_bonus(target, ev, p_hit)
                    if not (reach_ok or self.hard) and self.adjacent_foes(space):
                        score *= 0.8
                    plans.append(Plan(score, {"actor": me.id, "act": "attack", "target": target.id,
                                              "with": attack.name}, f"attack {target.id}",
                                      trusted=exact and here and "loading" not in attack.properties
                                      and attack.ammunition is None))
            if me.action and here:
                plans += self.spell_strikes(target, dist)
        if me.action and here and self.hard:
            plans += self.area_strikes()
        return plans

    def adjacent_foes(self, space) -> list:
        adjacent = self.__dict__.setdefault("_adjacent", {})
        if space not in adjacent:
            adjacent[space] = [f for f in self.foes if gap_squares(space, self.sp[f.id], self.battle.diagonals) <= 1]
        return adjacent[space]

    def guess_advantage(self, space, target, ranged: bool, attack, dist: float) -> int:
        """Advantage for an attack from another square, from the common sources only."""
        good = bad = 0
        if target.prone:
            good, bad = (good + 1, bad) if dist <= 1.5 else (good, bad + 1)
        if "dodging" in target.conditions:
            bad += 1
        if "restrained" in target.conditions or target.state != "conscious":
            good += 1
        if self.me.prone:
            bad += 1
        if ranged:
            if attack is not None and attack.range and dist > attack.range[0]:
                bad += 1
            if self.adjacent_foes(space):
                bad += 1
        if "pack-tactics" in self.me.stats.traits and any(
                gap_squares(self.sp[a.id], self.sp[target.id], self.battle.diagonals) <= 1 for a in self.allies if a.standing):
            good += 1
        return (good > 0) - (bad > 0)

    def spell_strikes(self, target, dist: float) -> list[Plan]:
        from ..rules.dnd5e.spells import SPELLS, spell_attack_bonus, spell_save_dc

        me = self.me
        plans = []
        if not target.standing or not me.stats.spellcasting:
            return plans
        for name in me.stats.spells:
            spell = SPELLS.get(name)
            if spell is None or spell.time != "action" or spell.effect not in ("attack", "save", "darts"):
                continue
            if dist > spell.range_m + 1e-9:
                continue
            slot = spell.level
            if slot > 0 and (me.slots.get(slot, 0) <= 0 or not self.hard):
                continue  # normal keeps to cantrips
            cover = self.cover(self.sp[me.id], target)
            if cover >= 3:
                continue
            if spell.effect == "attack":
                adv = self.guess_advantage(self.sp[me.id], target, True, None, 0.0)
                p_hit, p_crit = hit_chance(spell_attack_bonus(me), target.stats.ac + COVER_AC[cover], adv)
                ev = expected_damage(spell.dice, p_hit, p_crit)
            elif spell.effect == "save":
                save = target.stats.save(spell.save)
                p_fail = min(1.0, max(0.0, (spell_save_dc(me) - save - 1) / 20))
                ev = p_fail * spell.dice.average
                p_hit = p_fail
            else:  # darts: sure hits
                ev = 3 * spell.dice.average
                p_hit = 1.0
            score = ev * self.value(target) + self.kill_bonus(target, ev, p_hit)
            if slot > 0:
                score -= 4.0 if self.hard else 2.0  # a slot is worth keeping for a kill or a heal
            command = {"actor": me.id, "act": "cast", "spell": name, "target": target.id}
            plans.append(Plan(score, command, f"cast {name} on {target.id}"))
        return plans

    def area_strikes(self) -> list[Plan]:
        """Area spells that catch two or more foes and no friend."""
        from ..rules.dnd5e.spells import SPELLS, area_mask, spell_save_dc

        me = self.me
        plans = []
        for name in me.stats.spells:
            spell = SPELLS.get(name)
            if spell is None or spell.effect != "area" or me.slots.get(spell.level, 0) <= 0:
                continue
            centres = {(f.x, f.y) for f in self.foes}
            centres |= {(me.x + dx, me.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
            for at in sorted(centres):
                if not (0 <= at[0] < self.battle.board.width and 0 <= at[1] < self.battle.board.height):
                    continue
                mask = area_mask(self.battle, me, name, at)
                inside = [c for c in self.state.creatures.values() if c.alive and c is not me
                          and any(mask[y, x] for x, y in c.squares())]
                foes = [c for c in inside if c.side != me.side and c.standing]
                if len(foes) < 2 or any(c.side == me.side for c in inside):
                    continue
                ev = 0.0
                for f in foes:
                    p_fail = min(1.0, max(0.0, (spell_save_dc(me) - f.stats.save("dex") - 1) / 20))
                    each = (p_fail + (1 - p_fail) / 2) * spell.dice.average
                    ev += each * self.value(f) + self.kill_bonus(f, spell.dice.average, p_fail)
                plans.append(Plan(ev - 3.0, {"actor": me.id, "act": "cast", "spell": name, "at": list(at)},
                                  f"cast {name} at {at}"))
        return plans

    # -------------------------------------------------------------- support
    def support_plans(self) -> list[Plan]:
        me = self.me
        plans = []
        downed = [a for a in self.allies if a.state == "unconscious" and a.stats.player]
        if me.stats.spellcasting:
            from ..rules.dnd5e.spells import SPELLS

            for name in me.stats.spells:
                spell = SPELLS.get(name)
                if spell is None or spell.effect != "heal" or me.slots.get(spell.level, 0) <= 0:
                    continue
                if spell.time == "bonus" and not me.bonus_action or spell.time == "action" and not me.action:
                    continue
                for ally in downed + [a for a in self.allies if a.standing and a.hp < a.stats.hp / 3]:
                    score = 30.0 if ally in downed else 8.0
                    plans.append(Plan(score, {"actor": me.id, "act": "cast", "spell": name, "target": ally.id},
                                      f"heal {ally.id}"))
        if me.action and "potion-of-healing" in me.items and me.hp < me.stats.hp * 0.35:
            plans.append(Plan(12.0, {"actor": me.id, "act": "use", "item": "potion-of-healing"}, "drink"))
        if me.action and self.hard:
            for ally in downed:
                if gap_squares(self.sp[me.id], self.sp[ally.id], self.battle.diagonals) <= 1 and ally.death_failures >= 1:
                    plans.append(Plan(6.0, {"actor": me.id, "act": "stabilize", "target": ally.id}, "first aid"))
        return plans

    # -------------------------------------------------------------- moving
    def move_plans(self, best_here: float, can_act: bool) -> list[Plan]:
        me = self.me
        left = me.movement_left()
        dash_left = left + (me.speed() if me.action else 0.0)
        field = field_for(self.battle, me, limit_m=max(left, dash_left))
        reach = field.reachable(left)
        plans = []
        candidates = self.candidate_squares(field, reach)
        hiding = self.hard and not can_act and self.can_hide_now()
        if hiding:
            candidates = list(dict.fromkeys(candidates + self.hideouts(field, reach)))
        ranged = self.prefers_range()
        sheltering = self.hard and ranged and self.foe_archers()  # archers trading shots seek cover
        if sheltering:
            candidates = list(dict.fromkeys(candidates + self.shelters(field, reach)))
        spaces = [(x, y, self.side_at(field, x, y)) for x, y in candidates]
        if can_act:
            in_range = [t for t in self.targets()
                        if any(a.range or a.is_melee for a in me.stats.attacks)]
            self.prefetch_cover(spaces, in_range)
        if hiding:
            self.prefetch_cover_from(self.foes, spaces)
        shelter_here = 0.0
        if sheltering:
            self.prefetch_shelter(spaces + [self.sp[me.id]])
            shelter_here = self.shelter(self.sp[me.id])
        for (x, y) in candidates:
            cost = field.cost[y, x]
            oa = self.opportunity_cost(field, x, y) if self.hard else self.simple_oa(field, x, y)
            side = self.side_at(field, x, y)
            safety = self.safety((x, y, side), ranged) - self.exposure((x, y, side)) if self.hard else 0.0
            if sheltering:
                safety += self.shelter((x, y, side)) - shelter_here
            then = None
            if can_act:
                strikes = self.strikes_from(x, y, exact=False)
                best = max(strikes, key=lambda p: p.score, default=None)
                gain = best.score if best else 0.0
                then = best.command if best else None
            else:
                gain = 0.0
            score = gain - best_here - oa + safety - 0.01 * cost
            if field.squeezing[y, x]:
                score -= 1.5
            if hiding and self.hideout((x, y, side)):
                score += self.hide_value()
                then = {"actor": me.id, "act": "hide", "bonus": True}
            if score > 0.2:
                plans.append(Plan(best_here + score, {"actor": me.id, "act": "move", "to": [int(x), int(y)]},
                                  "move to strike", then, trusted=self.plain_mover()))
        if not plans and best_here <= 0 and (can_act or not (self.hard and ranged)):
            # closing in after acting is for melee creatures; archers keep their distance
            plans += self.close_in(field, left, dash_left)
        return plans

    def gaps_to(self, xs, ys, side: int, creatures) -> np.ndarray:
        """For many squares at once, the grid gap to the nearest of the creatures."""
        gaps = np.full(len(xs), 10**6)
        for f in creatures:
            fx, fy, fs = self.sp[f.id]
            dx = np.maximum(np.maximum(fx - (xs + side - 1), xs - (fx + fs - 1)), 0)
            dy = np.maximum(np.maximum(fy - (ys + side - 1), ys - (fy + fs - 1)), 0)
            if self.battle.diagonals == "5-10-5":
                gap = np.maximum(dx, dy) + np.minimum(dx, dy) // 2
            else:
                gap = np.maximum(dx, dy)
            gaps = np.minimum(gaps, gap)
        return gaps

    def plain_mover(self) -> bool:
        """A walk the movement field prices exactly: on the ground, dragging nobody."""
        from ..rules.dnd5e.actions import drags

        me = self.me
        return me.altitude == 0 and not drags(self.battle, me) and "mounted_on" not in me.effects

    def candidate_squares(self, field, reach) -> list[tuple[int, int]]:
        """Squares worth scoring: next to foes, and for ranged attackers a spread of the rest."""
        me = self.me
        ys, xs = np.nonzero(reach)
        if not len(xs):
            return []
        gaps = self.gaps_to(xs, ys, me.side_squares, self.targets())
        order = np.lexsort((xs, ys, field.cost[ys, xs], gaps))
        near_limit = max(1, int(self.max_reach() / SQUARE_M))
        chosen = [(int(xs[i]), int(ys[i])) for i in order if gaps[i] <= near_limit][:24]
        if self.prefers_range() or not chosen:
            step = max(1, len(order) // (24 if self.hard else 10))
            chosen += [(int(xs[i]), int(ys[i])) for i in order[::step]][:24]
        return list(dict.fromkeys(chosen))

    def max_reach(self) -> float:
        return max((a.reach for a in self.me.stats.attacks if a.is_melee), default=1.5)

    def prefers_range(self) -> bool:
        """A creature whose best attack is ranged (or a spell) keeps its distance."""
        me = self.me
        melee = max((a.damage.average for a in me.stats.attacks if a.is_melee), default=0.0)
        ranged = max((a.damage.average for a in me.stats.attacks if a.kind == "ranged"), default=0.0)
        if me.stats.spellcasting and me.stats.spellcasting in ("int",):
            ranged = max(ranged, 5.5)
        return ranged > melee

    def safety(self, space, ranged: bool) -> float:
        """Hard: ranged attackers like distance from melee foes and cover from archers."""
        if not ranged:
            return 0.0
        score = 0.0
        for foe in self.foes:
            gap = gap_squares(space, self.sp[foe.id], self.battle.diagonals)
            if gap <= 1:
                score -= 3.0
            elif gap <= 3:
                score -= 0.8
        return score

    def foe_archers(self) -> list[tuple]:
        """Foes that can shoot at us from afar: (foe, to-hit, mean damage) of their best ranged attack."""
        if not hasattr(self, "_archers"):
            from ..rules.dnd5e.spells import SPELLS, spell_attack_bonus

            archers = []
            for foe in self.foes:
                best = max(((a.to_hit, a.damage.average) for a in foe.stats.attacks if a.kind == "ranged"),
                           key=lambda t: t[1], default=None)
                for name in foe.stats.spells if foe.stats.spellcasting else ():
                    spell = SPELLS.get(name)
                    if spell is not None and spell.effect == "attack" and spell.level == 0 and \
                            (best is None or spell.dice.average > best[1]):
                        best = (spell_attack_bonus(foe), spell.dice.average)
                if best is not None:
                    archers.append((foe, *best))
            self._archers = archers
        return self._archers

    def prefetch_shelter(self, spaces) -> None:
        """Cover of each space (as if we stood there) against each foe archer, in one call."""
        self.prefetch_cover_from([foe for foe, _, _ in self.foe_archers()], spaces)

    def shelter(self, space) -> float:
        """Hard: the damage foe archers would not deal to us at this space, thanks to its cover."""
        ac = self.me.stats.ac
        saved = 0.0
        for foe, to_hit, damage in self.foe_archers():
            cover = self.covers[("from", foe.id, space)]
            if cover:
                p_open = hit_chance(to_hit, ac, 0)[0]
                p_covered = 0.0 if cover >= 3 else hit_chance(to_hit, ac + COVER_AC[cover], 0)[0]
                saved += (p_open - p_covered) * damage
        return saved

    def exposure(self, space) -> float:
        """Hard: a quarter of what the foes can strike us with at this space without taking a
        step (so a reach weapon strikes from beyond their reach, and nobody walks into a crowd)."""
        ac = self.me.stats.ac
        exposed = 0.0
        for foe in self.foes:
            attack = self.foe_melee(foe)
            if attack is not None and gap_squares(space, self.sp[foe.id], self.battle.diagonals) * SQUARE_M \
                    <= attack.reach + 1e-9:
                exposed += expected_damage(attack.damage, *hit_chance(attack.to_hit, ac, 0)) * \
                    foe.stats.attacks_per_action
        return 0.25 * exposed

    def foe_melee(self, foe):
        """A foe's best melee attack (None without one)."""
        return max((a for a in foe.stats.attacks if a.is_melee), key=lambda a: a.damage.average, default=None)

    def simple_oa(self, field, x, y) -> float:
        """Normal: a rough price for leaving the reach of foes next to us."""
        if "disengaged" in self.me.conditions:
            return 0.0
        adjacent = self.adjacent_foes(self.sp[self.me.id])
        if not adjacent:
            return 0.0
        side = self.me.side_squares
        leaving = [f for f in adjacent if gap_squares((x, y, side), self.sp[f.id], self.battle.diagonals) > 1]
        return 4.0 * len(leaving)

    def reach_grids(self) -> list[tuple[np.ndarray, float]]:
        """For each foe that could make an opportunity attack: where it reaches us, and its bite."""
        if hasattr(self, "_reach_grids"):
            return self._reach_grids
        me = self.me
        h, w = self.battle.board.terrain.shape
        ys, xs = np.indices((h, w))
        grids = []
        for foe in self.foes:
            if not foe.reaction or foe.incapacitated or not can_see(self.battle, foe, me):
                continue
            attack = next((t for t in foe.stats.attacks if t.is_melee), None)
            if attack is None:
                continue
            squares = int(melee_reach(foe) / SQUARE_M + 1e-9)
            inside = (self.gaps_to(xs.ravel(), ys.ravel(), me.side_squares, [foe]) <= squares).reshape(h, w)
            p_hit, p_crit = hit_chance(attack.to_hit, me.stats.ac, 0)
            grids.append((inside, expected_damage(attack.damage, p_hit, p_crit)))
        self._reach_grids = grids
        return grids

    def opportunity_cost(self, field, x, y) -> float:
        """Hard: the expected damage of the opportunity attacks the path to (x, y) provokes."""
        me = self.me
        if "disengaged" in me.conditions:
            return 0.0
        grids = self.reach_grids()
        if not grids:
            return 0.0
        path = np.array([(me.x, me.y)] + field.path_to(x, y))
        cost = 0.0
        for inside, bite in grids:
            along = inside[path[:, 1], path[:, 0]]
            if (along[:-1] & ~along[1:]).any():
                cost += bite * (1.5 if me.hp < 15 else 1.0)
        return cost

    def close_in(self, field, left: float, dash_left: float) -> list[Plan]:
        """Nothing to strike this turn: walk the shortest way toward the nearest foe, around
        walls, dashing when the action has nothing better to do."""
        me = self.me
        if self.hard and me.action and me.reaction:
            hold = self.hold_the_gap()
            if hold is not None:
                return [hold]
        whole = field_for(self.battle, me)  # the whole board: the way may go round
        finite = np.isfinite(whole.cost) & whole.can_end
        ys, xs = np.nonzero(finite)
        if not len(xs):
            return []
        gaps = self.gaps_to(xs, ys, me.side_squares, self.foes)
        near = gaps <= max(1, int(self.max_reach() / SQUARE_M))
        if not near.any():
            return []
        pick = np.flatnonzero(near)[np.lexsort((xs[near], ys[near], whole.cost[ys[near], xs[near]]))[0]]
        goal = (int(xs[pick]), int(ys[pick]))
        path = whole.path_to(*goal)
        budget = dash_left if me.action else left
        stop = None
        for x, y in path:
            if whole.cost[y, x] > budget + 1e-9:
                break
            if whole.can_end[y, x]:
                stop = (x, y)
        if stop is None:
            return []
        if whole.cost[stop[1], stop[0]] > left + 1e-9:
            return [Plan(1.0, {"actor": me.id, "act": "dash"}, "dash")]
        return [Plan(1.0, {"actor": me.id, "act": "move", "to": [stop[0], stop[1]]}, "close in")]

    def hold_the_gap(self) -> Plan | None:
        """Hard, at a chokepoint: more melee foes are coming than can reach us at once here,
        so stay and ready an attack for the first that steps into reach (5e, Ready)."""
        me = self.me
        weapon = max((a for a in me.stats.attacks if a.is_melee), key=lambda a: a.damage.average, default=None)
        if weapon is None or self.prefers_range():
            return None
        here = self.sp[me.id]
        coming = []
        for foe in self.foes:
            melee = max((a.reach for a in foe.stats.attacks if a.is_melee), default=None)
            ranged = max((a.damage.average for a in foe.stats.attacks if a.kind == "ranged"), default=0.0)
            best_melee = max((a.damage.average for a in foe.stats.attacks if a.is_melee), default=0.0)
            if melee is None or ranged > best_melee:
                continue  # archers will not come
            squares = (foe.speed() + melee) / SQUARE_M
            if gap_squares(here, self.sp[foe.id], self.battle.diagonals) <= squares:
                coming.append(foe)
        if len(coming) < 2 or len(coming) <= self.gang_up(here, coming):
            return None
        command = {"actor": me.id, "act": "ready", "trigger": {"event": "enters_reach", "by": "enemy"},
                   "then": {"act": "attack", "with": weapon.name}}
        return Plan(1.2, command, "hold the chokepoint")

    def gang_up(self, space, foes) -> int:
        """How many foes could stand next to us at once here: the free squares around our space
        that they can walk to without passing through it."""
        from scipy import ndimage

        board = self.battle.board
        open_ground = ~board.blocks_move
        for ally in self.allies:
            if ally.alive:
                ax, ay, aside = self.sp[ally.id]
                open_ground[ay:ay + aside, ax:ax + aside] = False
        x, y, side = space
        open_ground[y:y + side, x:x + side] = False
        labels, _ = ndimage.label(open_ground, structure=np.ones((3, 3), bool))
        theirs = {int(labels[fy, fx]) for f in foes for fx, fy in [self.sp[f.id][:2]]} - {0}
        h, w = open_ground.shape
        ring = labels[max(0, y - 1):min(h, y + side + 1), max(0, x - 1):min(w, x + side + 1)]
        return int(np.isin(ring, list(theirs)).sum())

    # -------------------------------------------------------------- bonus actions and fallbacks
    def bonus_plans(self) -> list[Plan]:
        me = self.me
        plans = []
        if not me.bonus_action:
            return plans
        # two-weapon fighting after an Attack action with a light weapon
        light = [a for a in me.stats.attacks if a.is_melee and "light" in a.properties]
        if me.attack_weapons and len(light) >= 2:
            for target in self.foes:
                for attack in light:
                    if attack.name not in me.attack_weapons and \
                            gap_squares(self.sp[me.id], self.sp[target.id], self.battle.diagonals) <= 1:
                        plans.append(Plan(2.0, {"actor": me.id, "act": "attack", "target": target.id,
                                                "with": attack.name, "offhand": True}, "off-hand"))
        if self.hard and not me.action and me.attacks_left == 0:
            traits = me.stats.traits
            if ({"nimble-escape", "cunning-action"} & traits) and self.adjacent_foes(self.sp[me.id]) \
                    and me.movement_left() >= SQUARE_M:
                plans.append(Plan(1.5, {"actor": me.id, "act": "disengage", "bonus": True}, "slip away"))
            elif self.can_hide_now():
                # checked before it is played: every foe that sees us must find us behind cover
                plans.append(Plan(self.hide_value(), {"actor": me.id, "act": "hide", "bonus": True}, "hide"))
        return plans

    # -------------------------------------------------------------- hiding
    def can_hide_now(self) -> bool:
        """Hide as a bonus action (Nimble Escape, Cunning Action), not hidden yet, no foe at hand."""
        me = self.me
        return bool({"nimble-escape", "cunning-action"} & me.stats.traits) and me.bonus_action \
            and "hidden" not in me.conditions and not self.adjacent_foes(self.sp[me.id])

    def hide_value(self) -> float:
        """Hidden, our next attack has advantage and the foes' attacks on us disadvantage."""
        mine = max((a.damage.average for a in self.me.stats.attacks), default=0.0)
        theirs = sum(damage for _, _, damage in self.foe_archers())
        return 0.25 * mine + 0.25 * theirs + 0.5

    def prefetch_cover_from(self, foes, spaces) -> None:
        """Cover of each space (as if we stood there) against each of the foes, in one call."""
        me_index = self.index[self.me.id]
        pairs, keys = [], []
        for foe in foes:
            foe_index = self.index[foe.effects.get("mounted_on", foe.id)]
            for space in spaces:
                key = ("from", foe.id, space)
                if key not in self.covers:
                    pairs.append((self.sp[foe.id], space, foe_index, me_index))
                    keys.append(key)
        if pairs:
            for key, level in zip(keys, cover_many(self.blockers, pairs, estimate=True).tolist()):
                self.covers[key] = level

    def side_at(self, field, x: int, y: int) -> int:
        """The side of our space at (x, y): smaller where we would squeeze."""
        return squeezed_squares(self.me.size) if field.squeezing[y, x] else SPACE_SQUARES[self.me.size]

    def nearest_squares(self, field, reach, most: int = 150) -> list[tuple[int, int]]:
        """The squares within reach where a move may end (not squeezing), nearest first."""
        ys, xs = np.nonzero(reach & field.can_end & ~field.squeezing)
        order = np.lexsort((xs, ys, field.cost[ys, xs]))[:most]
        return [(int(xs[i]), int(ys[i])) for i in order]

    def affordable_squares(self, foes) -> int:
        """How many squares to check for cover against these foes: about 3,000 lines in all
        (a line per corner of their space and ours), so that a turn never waits on it."""
        ours = (self.me.side_squares + 1) ** 2
        lines = sum((self.sp[f.id][2] + 1) ** 2 for f in foes) * ours
        return max(12, min(150, 3000 // max(lines, 1)))

    def hideouts(self, field, reach, most: int = 12) -> list[tuple[int, int]]:
        """The nearest squares within reach where we could hide (cover from every foe)."""
        squares = self.nearest_squares(field, reach, self.affordable_squares(self.foes))
        side = self.me.side_squares
        self.prefetch_cover_from(self.foes, [(x, y, side) for x, y in squares])
        return [(x, y) for x, y in squares if self.hideout((x, y, side))][:most]

    def shelters(self, field, reach, most: int = 8) -> list[tuple[int, int]]:
        """The squares within reach best covered from the foe archers, nearest first among equals."""
        squares = self.nearest_squares(field, reach, self.affordable_squares([f for f, _, _ in self.foe_archers()]))
        side = self.me.side_squares
        self.prefetch_shelter([(x, y, side) for x, y in squares])
        covered = [(-self.shelter((x, y, side)), i) for i, (x, y) in enumerate(squares)]
        return [squares[i] for value, i in sorted(covered)[:most] if value < 0]

    def hideout(self, space) -> bool:
        """5e, Hide: from this space every foe would find us behind at least half cover."""
        return all(self.covers[("from", foe.id, space)] >= 1 for foe in self.foes)

    def fallback_action_plans(self) -> list[Plan]:
        """Hard, when the action has nothing better: Help an ally, Disengage to get away, or
        Dodge when cornered."""
        me = self.me
        plans = []
        if not self.hard:
            return plans
        adjacent = self.adjacent_foes(self.sp[me.id])
        if adjacent:
            dodge = max(0.4, self.dodge_value(adjacent))
            weak = max((a.damage.average for a in me.stats.attacks), default=0.0) < 2.0
            if (self.prefers_range() or weak) and me.movement_left() >= SQUARE_M and self.can_get_away():
                plans.append(Plan(max(0.6, dodge + 0.1), {"actor": me.id, "act": "disengage"}, "disengage"))
            plans.append(Plan(dodge, {"actor": me.id, "act": "dodge"}, "dodge when cornered"))
        for foe in adjacent:
            for ally in self.allies:
                gain = self.help_gain(ally, foe)
                if gain > 0:
                    plans.append(Plan(gain, {"actor": me.id, "act": "help", "target": ally.id, "against": foe.id},
                                      f"help {ally.id}"))
        return plans

    def dodge_value(self, foes) -> float:
        """5e, Dodge: the foes' attacks on us have disadvantage; half what that saves (our hit
        points count for less than theirs: only hurting them ends the fight)."""
        saved = 0.0
        ac = self.me.stats.ac
        for foe in foes:
            attack = max((a for a in foe.stats.attacks if a.is_melee), key=lambda a: a.damage.average, default=None)
            if attack is not None:
                plain = expected_damage(attack.damage, *hit_chance(attack.to_hit, ac, 0))
                dodged = expected_damage(attack.damage, *hit_chance(attack.to_hit, ac, -1))
                saved += (plain - dodged) * foe.stats.attacks_per_action
        return 0.5 * saved

    def help_gain(self, ally, foe) -> float:
        """5e, Help: the ally's first attack on the foe has advantage; what that adds to it."""
        if not ally.standing:
            return 0.0
        reach = max((a.reach for a in ally.stats.attacks if a.is_melee), default=0.0)
        squares = (ally.speed() + reach) / SQUARE_M
        if not reach or gap_squares(self.sp[ally.id], self.sp[foe.id], self.battle.diagonals) > squares:
            return 0.0
        best = 0.0
        for attack in ally.stats.attacks:
            if attack.is_melee:
                plain = expected_damage(attack.damage, *hit_chance(attack.to_hit, foe.stats.ac, 0))
                helped = expected_damage(attack.damage, *hit_chance(attack.to_hit, foe.stats.ac, 1))
                best = max(best, helped - plain)
        return best * self.value(foe)

    def can_get_away(self) -> bool:
        """Somewhere within our movement is out of every adjacent foe's reach."""
        me = self.me
        field = field_for(self.battle, me, limit_m=me.movement_left())
        ys, xs = np.nonzero(field.reachable(me.movement_left()))
        return bool(len(xs)) and bool((self.gaps_to(xs, ys, me.side_squares, self.adjacent_foes(self.sp[me.id])) > 1).any())
