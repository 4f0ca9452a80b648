"""The tactician behind `normal` and `hard`: it scores what a creature can do now (attacks,
spells, healing, reactions, bonus actions (Aggressive, Second Wind), Action Surge, Help, Dodge, Search, a readied
cantrip for a foe coming round cover) and gives the best legal command.
Where to move is weighed in positioning.py, grapple and shove in maneuvers.py."""

from __future__ import annotations

import math
from bisect import bisect_left

import numpy as np

from ...core.board import SQUARE_M, gap_squares
from ...core.cover import cover_many
from .odds import Plan
from .positioning import Positioning
from .simple import end_or_decline


READY_SPELL_SCORE = 1.1  # above closing in and Dash (1.0), below any strike, spell or hold of a chokepoint


class Tactician(Positioning):
    """Scores what the creature can do now and gives the best legal command."""

    def __init__(self, battle, hard: bool) -> None:
        self.battle = battle
        self.hard = hard
        self.state = battle.state
        self.est = battle.estimates()  # every number of the rules is asked of the ruleset
        self.shield_threats: dict[str, int] = {}  # est.shield_threat per target, for this decision
        # strikes weighed from other squares, kept for this decision by what they depend on
        # (target, attack or spell, cover, edge): many squares give the same (strikes_from)
        self.guessed_plans: dict[tuple, Plan | bool] = {}
        self.edges: dict[tuple, int] = {}  # est.guess_advantage by its arguments, for this decision
        # strikes_from's plans on a target from another square, by (target, distance, threatened,
        # acting): (whether they looked up the cover, {cover or None: plans})
        self.strikes_afar: dict[tuple, tuple[bool, dict]] = {}

    # -------------------------------------------------------------- the choice
    def decide(self) -> dict:
        state = self.state
        if state.offers:
            answer = self.react(state.offers[0])
            # the answer given is submitted next: its check is kept for that submit (then_play)
            return answer if self.battle.check(answer, then_play=True) is None else end_or_decline(self.battle)
        me = self.battle.current
        if state.over or me is None or not me.standing:
            return end_or_decline(self.battle)
        self.me = me
        hint = getattr(self.battle, "ai_hint", None)
        if hint and hint[0] == (state.commands_done, me.id) and self.battle.check(hint[1], then_play=True) is None:
            return hint[1]  # the attack the last move was made for (its check kept for its submit)
        with self.battle.held_still():  # nothing changes while the plans are weighed
            plans = self.weigh(me)
        for plan in plans:
            # never a command the rules refuse; ending the turn, the last plan, is what a
            # refusal of it would give as well (end_or_decline, as ever): not tried first
            if plan.command["act"] == "end" or self.battle.check(plan.command, then_play=True) is None:
                # remember what a move was for, to play it next without thinking again
                self.battle.ai_hint = ((state.commands_done + 1, me.id), plan.then) if plan.then else None
                return plan.command
        return end_or_decline(self.battle)

    def weigh(self, me) -> list[Plan]:
        """decide's plans for our turn, best first (none when no foe stands)."""
        state = self.state
        foes = [c for c in state.creatures.values() if c.side != me.side and c.standing]
        # the computer never peeks: a foe hidden from its side is left out of where it moves, what
        # it aims at and where it shelters; only Search looks for it (where it was seen to hide)
        self.hidden = [f for f in foes if "hidden" in f.conditions]
        self.foes = [f for f in foes if "hidden" not in f.conditions]
        self.allies = [c for c in state.creatures.values() if c.side == me.side and c is not me and c.alive]
        if not foes:
            return []
        self.blockers, self.index = self.est.blockers()
        self.owners = {cid: self.index[c.effects.get("mounted_on", cid)] for cid, c in state.creatures.items()}
        # the planners' covers are of lines that ignore our own squares: they depend only on
        # the other creatures' spaces, and are kept across our own moves (est.looker_covers)
        self.covers: dict = self.est.looker_covers(me)
        self.sp = self.est.spaces()  # each creature's space, looked up often
        return self.plans() if self.foes else self.unseen_plans()

    def plans(self) -> list[Plan]:
        """Candidate commands, best first; the first legal one is played."""
        me = self.me
        plans: list[Plan] = []
        if me.prone and me.speed() > 0 and me.movement_left() >= me.speed() / 2:
            plans.append(Plan(100, {"actor": me.id, "act": "stand"}, "stand up"))
        can_act = me.action or me.attacks_left > 0
        plans += self.support_plans()
        if not can_act:
            plans += self.surge_plans()
        if can_act:  # the exact previews below look these up one by one
            targets = self.targets()
            self.est.prefetch(me, targets)
            if me.action and self.offensive_spells():  # and spell_strikes the planners' covers from here
                self.prefetch_cover([self.sp[me.id]], [t for t in targets if t.standing],
                                    within_m=max(s.range_m for s in self.offensive_spells()) + 1e-9)
        strikes_here = self.strikes_from(me.x, me.y) if can_act else []
        if can_act and me.action and self.hard:
            strikes_here += self.dart_split_plans()
        best_here = max((p.score for p in strikes_here), default=0.0)
        plans += strikes_here
        ranged = self.prefers_range()
        # moving is weighed when a better blow may be a few steps away (or to keep out of reach)
        potential = 0.65 * (me.stats.most_damage or 0.0) * \
            max((self.value(t) for t in self.targets()), default=1.0)  # on the scale of the scores
        engaged = bool(self.adjacent_foes(self.sp[me.id]))
        # between the attacks of one Attack action, a ranged attacker that can still hit from
        # here keeps its place (it weighed where to stand before the first)
        keep_place = ranged and not me.action and me.attacks_left > 0 and best_here > 0
        worth_moving = (can_act and not keep_place and (ranged or best_here < 0.8 * potential)) or \
            (not can_act and (not engaged or ranged and self.hard or me.dashes) and "hidden" not in me.conditions)
        if worth_moving and me.movement_left() >= SQUARE_M and "mounted_on" not in me.effects:
            plans += self.move_plans(best_here, can_act)
        if can_act and me.action and self.hard:
            plans += self.aggressive_plans()
        plans += self.bonus_plans()
        if can_act and me.action:
            plans += self.fallback_action_plans()
        if can_act and self.hard:
            from .maneuvers import maneuver_plans

            plans += maneuver_plans(self, best_here)
        if can_act and me.action and self.hard and max((p.score for p in plans), default=0.0) < READY_SPELL_SCORE:
            plans += self.ready_spell_plans()
        plans.sort(key=lambda p: -p.score)
        return [p for p in plans if p.score > 0] + [Plan(0, {"actor": me.id, "act": "end"}, "end")]

    # -------------------------------------------------------------- reactions
    def react(self, offer) -> dict:
        reactor = self.state.creatures[offer.reactor]
        take = True
        if offer.kind == "opportunity" and self.hard:
            provoker = self.state.creatures[offer.provoker]
            # an ally's mount or a creature at 0 is not worth a reaction; a caster keeps its
            # reaction for Shield unless the blow may well finish the one that provokes it
            take = provoker.standing and not (self.keeps_shield(reactor) and not self.may_finish(reactor, provoker))
        command = {"actor": reactor.id, "act": "react", "take": take}
        if take and self.battle.check(command) is not None:
            command["take"] = False  # a readied spell whose target is out of range or sight
        return command

    def ready_spell_plans(self) -> list[Plan]:
        """Hard, a caster with nothing to strike this turn from anywhere it can reach (out of
        range, or every foe behind total cover): ready a cantrip attack for a melee foe that
        will come at it (5e, Ready: a readied spell is cast now and released with the reaction).

        The trigger is `enters_reach`, by that foe, who is also the spell's target (a readied
        cast names its target in advance): a foe stepping into our reach is surely within the
        spell's range and in sight, so the spell is released rather than lost. `moves` fires
        after the foe's first step, most often still out of range or behind the wall that hid
        it, and an unreleased readied spell is lost. The price is the disadvantage of a ranged
        attack within 1.5 m of a hostile creature; the spell still lands before the foe's blow.
        """
        me = self.me
        if me.concentration or not me.reaction:
            return []
        cantrips = [s for s in self.est.spells(me) if s.cantrip and s.effect == "attack" and s.time == "action"]
        if not cantrips:
            return []
        spell = max(cantrips, key=lambda s: s.dice.average if s.dice else 0.0)
        here = self.sp[me.id]
        coming = []
        for foe in self.foes:
            melee = self.coming_reach(foe, casters_stay=True)
            if melee is None:
                continue  # archers and casters will not come to our side
            gap = gap_squares(here, self.sp[foe.id], self.battle.diagonals)
            if gap * SQUARE_M <= 2 * foe.speed() + melee + 1e-9:  # with a Dash it reaches us
                coming.append((gap, -self.value(foe), foe.id))
        if not coming:
            return []
        foe_id = min(coming)[2]
        command = {"actor": me.id, "act": "ready", "trigger": {"event": "enters_reach", "by": foe_id},
                   "then": {"act": "cast", "spell": spell.name, "target": foe_id}}
        return [Plan(READY_SPELL_SCORE, command, f"ready {spell.name} for {foe_id}")]

    def keeps_shield(self, reactor) -> bool:
        """The reactor can cast Shield, and foes other than the provoker may attack it before its turn."""
        if not self.est.can_shield(reactor):
            return False
        attackers = [c for c in self.state.creatures.values()
                     if c.side != reactor.side and c.standing and c.stats.attacks and c is not self.battle.current]
        return bool(attackers)

    def may_finish(self, reactor, provoker) -> bool:
        weapon = reactor.stats.first_melee
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
        threat = target.stats.most_damage
        threat = 1.0 if threat is None else threat
        v = 1.0
        if self.hard:
            v += 0.05 * threat * target.stats.attacks_per_action
            if target.stats.spellcasting:
                v += 0.4  # go for the casters (a blow on one with Shield ready weighs its AC with Shield)
            v += 0.6 * (1 - target.hp / target.stats.hp)  # focus fire
        return v

    def shield_threat(self, target) -> int:
        """The AC the target's Shield reaction would add against our attack (the ruleset's
        number); asked for every square weighed: kept per decision."""
        if target.id not in self.shield_threats:
            self.shield_threats[target.id] = self.est.shield_threat(target)
        return self.shield_threats[target.id]

    def kill_bonus(self, target, ev: float, p_hit: float) -> float:
        if self.hard and target.standing and target.hp <= ev * 1.2:
            return 3.0 * p_hit * target.stats.hp / max(target.hp, 1) ** 0.5
        return 0.0

    def targets(self):
        """Who is worth attacking: standing foes (for normal, the nearest only); downed heroes
        only for monsters within reach. Looked up for every square weighed: kept per decision."""
        if hasattr(self, "_targets"):
            return self._targets
        out = list(self.foes)
        if not self.hard:
            here = self.sp[self.me.id]
            nearest = min(gap_squares(here, self.sp[f.id], self.battle.diagonals) for f in out)
            out = [f for f in out if gap_squares(here, self.sp[f.id], self.battle.diagonals) == nearest]
        if not self.me.stats.player:
            out += [c for c in self.state.creatures.values()
                    if c.side != self.me.side and c.state == "unconscious" and c.stats.player]
        self._targets = out
        return out

    # -------------------------------------------------------------- attacks and spells
    def cover(self, space, target) -> int:
        key = (space, target.id)
        if key not in self.covers:
            self.prefetch_cover([space], [target])
        return self.covers[key]

    def prefetch_cover(self, spaces, targets, within_m: float | None = None) -> None:
        """Cover of each target against us standing at each of the spaces, in one call (with
        within_m, only the pairs that near: the others are never looked up)."""
        me, covers, sp = self.index[self.me.id], self.covers, self.sp
        each = [(t.id, sp[t.id], self.owner_index(t), t.altitude) for t in targets]  # looked up once
        if within_m is not None:
            altitude, diagonals = self.me.altitude, self.battle.diagonals
            wanted = [((space, tid), (space, at, me, owner))
                      for space in spaces for tid, at, owner, height in each if (space, tid) not in covers and
                      max(gap_squares(space, at, diagonals) * SQUARE_M, abs(altitude - height)) <= within_m]
        else:
            wanted = [((space, tid), (space, at, me, owner))
                      for space in spaces for tid, at, owner, _height in each if (space, tid) not in covers]
        self.fetch_covers(wanted)

    def strike_distance(self) -> float:
        """The farthest a target may stand for strikes_from to look up its cover: our reach and
        ranges, every spell's range, and 1.5 m for a downed foe (beyond every one, never)."""
        me = self.me
        ranges = [a.reach for a in me.stats.attacks if a.is_melee]
        ranges += [a.range[1] for a in me.stats.attacks if a.range is not None]
        ranges += [s.range_m for s in self.est.spells(me)]
        return max(ranges, default=0.0) + 1e-9

    def owner_index(self, creature) -> int:
        """A creature's index in the blockers (a rider stands in its mount's squares); kept for
        the decision (asked for every pair of spaces weighed)."""
        return self.owners[creature.id]

    def fetch_covers(self, wanted) -> None:
        """Fill self.covers from (key, (attacker space, target space, attacker, target)) entries,
        the unknown ones in one vectorised call (the planners' estimate, see cover_many)."""
        covers = self.covers
        missing = {key: pair for key, pair in wanted if key not in covers}
        if missing:
            levels = cover_many(self.blockers, list(missing.values()), estimate=True).tolist()
            self.covers.update(zip(missing, levels))

    def strikes_from(self, x: int, y: int, exact: bool = True, gaps: list[int] | None = None,
                     threatened: bool | None = None) -> list[Plan]:
        """Attacks and offensive spells from the square (x, y), scored by expected value (gaps:
        the squares from there to each of targets(), and threatened: whether a foe stands
        beside, when the caller measured them already)."""
        me = self.me
        plans = []
        here = (x, y) == (me.x, me.y)
        space = (x, y, me.side_squares)
        afar, acting = self.strikes_afar, (me.action, me.attacks_left > 0)
        sp, diagonals, altitude = self.sp, self.battle.diagonals, me.altitude
        if threatened is None:
            threatened = bool(self.adjacent_foes(space))
        marks = self.distance_marks()
        for k, target in enumerate(self.targets()):
            gap = gap_squares(space, sp[target.id], diagonals) if gaps is None else gaps[k]
            dist = max(gap * SQUARE_M, abs(altitude - target.altitude))
            if not target.standing and dist > 1.5:
                continue
            if exact and here:
                plans += self.strikes_on(target, space, dist, True, [])
                continue
            # from another square the strikes on a target depend only on these (the distance
            # through the marks it is within) and on the cover there (when one is in range):
            # weighed once a decision
            key = (target.id, bisect_left(marks, dist), threatened, acting)
            known = afar.get(key)
            if known is None:
                looked: list[int] = []
                found = self.strikes_on(target, space, dist, False, looked)
                afar[key] = known = (bool(looked), {looked[0] if looked else None: found})
            elif known[0]:
                cover = self.cover(space, target)
                found = known[1].get(cover)
                if found is None:
                    found = known[1][cover] = self.strikes_on(target, space, dist, False, [])
            else:
                found = known[1][None]
            plans += found
        if me.action and here and self.hard:
            plans += self.area_strikes()
        return plans

    def distance_marks(self) -> list[float]:
        """The distances at which what strikes_on finds from another square may change, sorted:
        it compares the distance with each (within reach or range, and est.guess_marks for the
        edge), so two distances with the same marks at or beyond them give the same strikes."""
        if not hasattr(self, "_marks"):
            me = self.me
            marks = self.est.guess_marks(me) + [s.range_m + 1e-9 for s in self.offensive_spells()]
            for attack in me.stats.attacks:
                marks.append(attack.reach + 1e-9)
                if attack.range is not None:
                    marks.append(attack.range[1] + 1e-9)
            self._marks = sorted(set(marks))
        return self._marks

    def strikes_on(self, target, space, dist: float, exact: bool, looked: list) -> list[Plan]:
        """strikes_from's attacks and spells on one target, from the space at that distance
        (exact: where we stand, the exact previews); the cover looked up is put in `looked`."""
        me = self.me
        plans = []
        guessed = self.guessed_plans
        cover = None
        # hard: a caster with Shield ready casts it when that turns the hit into a miss, so
        # a blow on it counts only if it would beat the AC Shield adds as well
        shield = self.shield_threat(target) if self.hard and target.standing else 0
        if me.action or me.attacks_left > 0:
            for attack in me.stats.attacks:
                reach_ok = attack.is_melee and dist <= attack.reach + 1e-9
                range_ok = attack.range is not None and dist <= attack.range[1] + 1e-9
                if not (reach_ok or range_ok):
                    continue
                slowed = not (reach_ok or self.hard) and bool(self.adjacent_foes(space))
                if exact:
                    p = self.est.preview(me, target, attack)
                    if p.problem:
                        continue
                    p_hit, p_crit = p.hit_chance, self.est.crit_chance(p)
                    if shield and p_hit:
                        p_hit = self.est.hit_chance(attack.to_hit, p.target_number + shield, p.advantage)[0]
                    plans.append(self.attack_plan(target, attack, p_hit, p_crit, slowed))
                    continue
                if cover is None:
                    cover = self.cover(space, target)
                    looked.append(cover)
                if cover >= 3:
                    break
                ranged = not reach_ok
                adv = self.guess_advantage(space, target, ranged, attack, dist)
                # from another square the plan depends only on these: weighed once a decision
                key = ("attack", target.id, id(attack), cover, adv, slowed)
                plan = guessed.get(key)
                if plan is None:
                    ac = self.est.defence(target) + shield + self.est.COVER_AC[cover]
                    p_hit, p_crit = self.est.hit_chance(attack.to_hit, ac, adv)
                    plan = guessed[key] = self.attack_plan(target, attack, p_hit, p_crit, slowed)
                plans.append(plan)
        if me.action:
            plans += self.spell_strikes(target, dist, space, looked)
        return plans

    def attack_plan(self, target, attack, p_hit: float, p_crit: float, slowed: bool) -> Plan:
        """An attack on the target scored by its expected damage at these chances (slowed: a
        ranged attack of normal's with a foe beside, worth less)."""
        me = self.me
        ev = self.est.expected_damage(attack.damage, p_hit, p_crit)
        if attack.extra_damage is not None:
            ev += self.est.expected_damage(attack.extra_damage, p_hit, p_crit)
        if not target.standing:
            ev = 4.0 * p_hit  # two failed death saves: most of a kill
        score = ev * self.value(target) + self.kill_bonus(target, ev, p_hit)
        if slowed:
            score *= 0.8
        return Plan(score, {"actor": me.id, "act": "attack", "target": target.id, "with": attack.name},
                    f"attack {target.id}", ev=ev)

    def adjacent_foes(self, space) -> list:
        adjacent = self.__dict__.setdefault("_adjacent", {})
        if space not in adjacent:
            adjacent[space] = [f for f in self.foes if gap_squares(space, self.sp[f.id], self.battle.diagonals) <= 1]
        return adjacent[space]

    def guess_advantage(self, space, target, ranged: bool, attack, dist: float) -> int:
        """The ruleset's guess of an attack's edge from another square (+1, 0, -1: 5e advantage);
        kept for the decision by all it depends on (many squares weighed give the same)."""
        threatened = bool(self.adjacent_foes(space))
        key = (target.id, ranged, id(attack), dist, threatened)
        edge = self.edges.get(key)
        if edge is None:
            besides = self.__dict__.setdefault("_beside", {})  # per target, kept for the decision
            beside = besides.get(target.id)
            if beside is None:
                beside = besides[target.id] = any(
                    gap_squares(self.sp[a.id], self.sp[target.id], self.battle.diagonals) <= 1
                    for a in self.allies if a.standing)
            edge = self.edges[key] = self.est.guess_advantage(
                self.me, target, ranged=ranged, attack=attack, distance_m=dist, threatened=threatened,
                ally_beside_target=beside)
        return edge

    def spell_strikes(self, target, dist: float, space, looked: list | None = None) -> list[Plan]:
        """Offensive spells at the target cast from the space (where we stand, or a square we may
        move to), scored by expected value (the cover looked up put in `looked`)."""
        me = self.me
        plans = []
        if not target.standing or not me.stats.spellcasting:
            return plans
        guessed = self.guessed_plans
        for spell in self.offensive_spells():
            name = spell.name
            if dist > spell.range_m + 1e-9:
                continue
            cover = self.cover(space, target)
            if looked is not None and not looked:
                looked.append(cover)
            if cover >= 3:
                continue
            adv = self.guess_advantage(space, target, True, None, dist) if spell.effect == "attack" else 0
            # the plan depends only on these (the square's cover and edge): weighed once a decision
            key = ("cast", target.id, name, cover, adv)
            plan = guessed.get(key)
            if plan is None:
                plan = guessed[key] = self.spell_plan(target, spell, cover, adv)
            if plan is not False:
                plans.append(plan)
        return plans

    def offensive_spells(self) -> list:
        """The spells we could cast at a foe with our action now (attack rolls, saves, darts), a
        slot left for each (normal keeps to cantrips); asked for every square weighed: kept."""
        if not hasattr(self, "_offensive"):
            me = self.me
            self._offensive = [s for s in self.est.spells(me)
                               if s.time == "action" and s.effect in ("attack", "save", "darts")
                               and not (s.level > 0 and (me.slots.get(s.level, 0) <= 0 or not self.hard))]
        return self._offensive

    def spell_plan(self, target, spell, cover: int, adv: int) -> Plan | bool:
        """An offensive spell at the target scored by expected value, through this cover with
        this edge (an attack spell's); False when it would do the target no harm."""
        me = self.me
        name, slot = spell.name, spell.level
        if spell.effect == "attack":
            ac = self.est.defence(target) + self.est.COVER_AC[cover] + (self.shield_threat(target) if self.hard else 0)
            p_hit, p_crit = self.est.hit_chance(self.est.spell_attack_bonus(me), ac, adv)
            ev = self.est.expected_damage(self.est.spell_dice(me, spell), p_hit, p_crit)
        elif spell.effect == "save":
            save = target.stats.save(spell.save)
            p_fail = min(1.0, max(0.0, (self.est.spell_save_dc(me) - save - 1) / 20))
            ev = p_fail * self.est.spell_dice(me, spell).average
            p_hit = p_fail
        else:  # darts: sure hits, but none on a foe that is shielded or casts Shield
            if self.est.stops_darts(target):
                return False
            ev = 3 * spell.dice.average
            p_hit = 1.0
        score = ev * self.value(target) + self.kill_bonus(target, ev, p_hit)
        if slot > 0:
            score -= 4.0 if self.hard else 2.0  # a slot is worth keeping for a kill or a heal
        command = {"actor": me.id, "act": "cast", "spell": name, "target": target.id}
        return Plan(score, command, f"cast {name} on {target.id}")

    def dart_split_plans(self) -> list[Plan]:
        """Magic missile's darts split among the foes in range from here where that kills more:
        the fewest darts that kill each (on average), the most valuable first, the darts left on
        the most valuable foe aimed at. Only worth a plan when it aims at two foes or more."""
        me, here = self.me, self.sp[self.me.id]
        plans = []
        for spell in self.est.spells(me):
            if spell.effect != "darts" or spell.time != "action" or me.slots.get(spell.level, 0) <= 0:
                continue
            per_dart = spell.dice.average
            foes = [f for f in self.targets() if f.standing and not self.est.stops_darts(f) and self.cover(here, f) < 3
                    and gap_squares(here, self.sp[f.id], self.battle.diagonals) * SQUARE_M <= spell.range_m + 1e-9]
            needs = sorted(((math.ceil(f.hp / per_dart), -self.value(f), f.id, f) for f in foes))
            aimed: list[str] = []
            for darts, _, _, foe in needs:
                if len(aimed) + darts <= spell.darts:
                    aimed += [foe.id] * darts
            if len(set(aimed)) < 2:
                continue
            best = max(dict.fromkeys(aimed), key=lambda cid: self.value(self.battle.state.creatures[cid]))
            aimed += [best] * (spell.darts - len(aimed))
            score = -4.0  # a slot is worth keeping for a kill or a heal
            for cid in dict.fromkeys(aimed):
                foe, ev = self.battle.state.creatures[cid], aimed.count(cid) * per_dart
                score += ev * self.value(foe) + self.kill_bonus(foe, ev, 1.0)
            command = {"actor": me.id, "act": "cast", "spell": spell.name, "target": aimed}
            plans.append(Plan(score, command, f"cast {spell.name} on {', '.join(aimed)}"))
        return plans

    def area_strikes(self) -> list[Plan]:
        """Area spells that catch two or more foes and no friend."""
        me = self.me
        plans = []
        for spell in self.est.spells(me):
            name = spell.name
            if spell.effect != "area" or me.slots.get(spell.level, 0) <= 0:
                continue
            reach = self.est.area_reach(me, spell)
            if reach is not None and self.foes_within(reach) < 2:
                continue  # no aim of it could catch two foes (a cone reaches only so far from us)
            centres = {(f.x, f.y) for f in self.foes}
            centres |= {(me.x + dx, me.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
            for at in sorted(centres):
                if not (0 <= at[0] < self.battle.board.width and 0 <= at[1] < self.battle.board.height):
                    continue
                mask = self.est.area_mask(me, name, at)
                inside = [c for c in self.state.creatures.values() if c.alive and c is not me
                          and any(mask[y, x] for x, y in c.squares())]
                foes = [c for c in inside if c.side != me.side and c.standing]
                if len(foes) < 2 or any(c.side == me.side for c in inside):
                    continue
                ev = 0.0
                for f in foes:
                    p_fail = min(1.0, max(0.0, (self.est.spell_save_dc(me) - f.stats.save("dex") - 1) / 20))
                    each = (p_fail + (1 - p_fail) / 2) * spell.dice.average
                    ev += each * self.value(f) + self.kill_bonus(f, spell.dice.average, p_fail)
                plans.append(Plan(ev - 3.0, {"actor": me.id, "act": "cast", "spell": name, "at": list(at)},
                                  f"cast {name} at {at}"))
        return plans

    def foes_within(self, reach: float) -> int:
        """How many standing foes (hidden ones too: an area catches them) have a square whose
        centre lies within `reach` squares of the centre of our space."""
        me = self.me
        half = me.side_squares / 2
        cx, cy, limit = me.x + half, me.y + half, reach * reach
        return sum(1 for c in self.state.creatures.values()
                   if c.side != me.side and c.standing
                   and any((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= limit for x, y in c.squares()))

    # -------------------------------------------------------------- support
    def support_plans(self) -> list[Plan]:
        me = self.me
        plans = []
        downed = [a for a in self.allies if a.state == "unconscious" and a.stats.player]
        if me.stats.spellcasting:
            for spell in self.est.spells(me):
                name = spell.name
                if spell.effect != "heal" or me.slots.get(spell.level, 0) <= 0:
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

    def surge_plans(self) -> list[Plan]:
        """SRD 5.1, Fighter, Action Surge (once a battle): once the action is spent, surge when
        the action it gives back can strike from here and is worth it: a blow that fells a foe
        (a hit's average damage at least its hit points left); hard also when the best blow's
        expected damage is at least half its target's hit points left, or the first time it
        has attacked (once a battle: nothing is kept by waiting)."""
        me = self.me
        if not self.est.can_action_surge(me):
            return []
        me.action = True  # weigh the blows of the action it would give back
        try:
            blows = [p for p in self.strikes_from(me.x, me.y) if p.command["act"] == "attack" and p.ev > 0]
        finally:
            me.action = False
        worth = False
        for blow in blows:
            target = self.state.creatures[blow.command["target"]]
            attack = next(a for a in me.stats.attacks if a.name == blow.command["with"])
            hit = attack.damage.average + (attack.extra_damage.average if attack.extra_damage is not None else 0.0)
            worth = worth or (target.standing and hit >= target.hp) or \
                (self.hard and (blow.ev >= target.hp / 2 or bool(me.attack_weapons)))
        return [Plan(20.0, {"actor": me.id, "act": "action_surge"}, "action surge")] if worth else []

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
        if "second-wind" in me.stats.traits and me.hp < me.stats.hp / 2:
            # SRD 5.1, Fighter, Second Wind (once a battle): below half its hit points, when the
            # bonus action has nothing better (every other bonus plan scores above it)
            plans.append(Plan(1.0, {"actor": me.id, "act": "second_wind"}, "second wind"))
        if self.hard and not me.action and me.attacks_left == 0:
            traits = me.stats.traits
            if ({"nimble-escape", "cunning-action"} & traits) and self.adjacent_foes(self.sp[me.id]) \
                    and me.movement_left() >= SQUARE_M:
                plans.append(Plan(1.5, {"actor": me.id, "act": "disengage", "bonus": True}, "slip away"))
            elif self.can_hide_now():
                # 5e, Hide: every foe that sees us must find us behind cover; with medium or
                # smaller foes the cover looked up is the rule's own, so the hide is legal
                if self.hideout(self.sp[me.id]):
                    plans.append(Plan(self.hide_value(), {"actor": me.id, "act": "hide", "bonus": True}, "hide"))
        return plans

    def aggressive_plans(self) -> list[Plan]:
        """Hard, for a creature with the orc's Aggressive (SRD 5.1: a bonus action move toward a
        hostile creature it sees): far from every foe, close in first when its walk alone would
        not bring it to strike this turn, and the Aggressive move lets it strike this turn (then
        walking) or next (a walk and another Aggressive move). Moves that provoke an opportunity
        attack are left out. The moves and their distances are the options query's."""
        me = self.me
        if not me.bonus_action or "aggressive" not in me.stats.traits or "mounted_on" in me.effects:
            return []
        reach = self.est.melee_reach(me)
        walk = me.movement_left()
        here = self.sp[me.id]
        nearest = min(gap_squares(here, self.sp[f.id], self.battle.diagonals) for f in self.foes) * SQUARE_M
        if nearest <= walk + reach + 1e-9:
            return []  # its walk already brings it to strike
        best = None
        # the nearest two foes only: a path toward each is a search of its own
        near = sorted(self.foes, key=lambda f: (gap_squares(here, self.sp[f.id], self.battle.diagonals), f.id))[:2]
        for o in self.est.aggressive_moves(me, near):
            if o.preview.opportunity_attacks or o.preview.distance_m is None:
                continue
            foe = self.state.creatures[o.command["toward"]]
            if not foe.standing:
                continue
            gap = o.preview.distance_m
            if gap > walk + reach + 1e-9 and gap > walk + me.speed() + reach + 1e-9:
                continue  # neither this turn nor next
            key = (gap > walk + reach + 1e-9, gap, -self.value(foe), o.preview.cost_m)
            if best is None or key < best[0]:
                best = (key, o)
        if best is None:
            return []
        # above every move: the bonus action brings it nearer for free before it walks
        score = 1000.0 if not best[0][0] else 500.0
        return [Plan(score, dict(best[1].command), f"aggressive toward {best[1].command['toward']}")]

    def unseen_plans(self) -> list[Plan]:
        """Every foe still standing is hidden: search for one where it hid (hard), else end."""
        me = self.me
        plans = []
        if self.hard and me.action and self.search_value() > 0:
            plans.append(Plan(1.0, {"actor": me.id, "act": "search"}, "search"))
        return plans + [Plan(0, {"actor": me.id, "act": "end"}, "end")]

    def fallback_action_plans(self) -> list[Plan]:
        """Hard, when the action has nothing better: Help an ally, Disengage to get away,
        Dodge when cornered, or Search for a hidden foe."""
        me = self.me
        plans = []
        if not self.hard:
            return plans
        search = self.search_value()
        if search > 0:
            plans.append(Plan(search, {"actor": me.id, "act": "search"}, "search"))
        adjacent = self.adjacent_foes(self.sp[me.id])
        if adjacent:
            dodge = max(0.4, self.dodge_value(adjacent))
            weak = (me.stats.most_damage or 0.0) < 2.0
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

    def search_value(self) -> float:
        """5e, Search: a Perception check that finds each hidden foe in sight whose Stealth it
        equals. Found, the foe's next attack loses the advantage of an unseen attacker, and our
        side's attacks on it before then lose the disadvantage of an unseen target."""
        from .maneuvers import allies_before

        me = self.me
        value = 0.0
        for foe in self.hidden:
            if not self.est.can_see(me, foe):
                continue
            gain = 0.0
            attack = max(foe.stats.attacks, key=lambda a: a.damage.average, default=None)
            if attack is not None:
                gain += foe.stats.attacks_per_action * self.edge_worth(attack, me.stats.ac)
            for ally in allies_before(self, foe):
                if self.within_striking(ally, foe):
                    best = max((self.edge_worth(a, foe.stats.ac) for a in ally.stats.attacks), default=0.0)
                    gain += best * self.value(foe)
            value += self.est.search_odds(me, foe) * gain
        return value

    def edge_worth(self, attack, ac: int) -> float:
        """What one roll's edge adds to an attack's expected damage: advantage over a plain roll,
        which is exactly what a plain roll gains over disadvantage (p(1 - p) of a hit either way)."""
        plain = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, ac, 0))
        edged = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, ac, 1))
        return edged - plain

    def within_striking(self, ally, foe) -> bool:
        """The ally may attack the foe on its coming turn: in its range, or its reach after a walk."""
        gap = gap_squares(self.sp[ally.id], self.sp[foe.id], self.battle.diagonals) * SQUARE_M
        return any(a.range and gap <= a.range[1] or a.is_melee and gap <= ally.speed() + a.reach
                   for a in ally.stats.attacks)

    def dodge_value(self, foes) -> float:
        """5e, Dodge: the foes' attacks on us have disadvantage; half what that saves (our hit
        points count for less than theirs: only hurting them ends the fight)."""
        saved = 0.0
        ac = self.me.stats.ac
        for foe in foes:
            attack = foe.stats.strongest_melee
            if attack is not None:
                plain = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, ac, 0))
                dodged = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, ac, -1))
                saved += (plain - dodged) * foe.stats.attacks_per_action
        return 0.5 * saved

    def help_gain(self, ally, foe) -> float:
        """5e, Help: the ally's first attack on the foe has advantage; what that adds to it."""
        if not ally.standing:
            return 0.0
        reach = ally.stats.melee_reach or 0.0
        squares = (ally.speed() + reach) / SQUARE_M
        if not reach or gap_squares(self.sp[ally.id], self.sp[foe.id], self.battle.diagonals) > squares:
            return 0.0
        best = 0.0
        for attack in ally.stats.attacks:
            if attack.is_melee:
                plain = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, foe.stats.ac, 0))
                helped = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, foe.stats.ac, 1))
                best = max(best, helped - plain)
        return best * self.value(foe)

    def can_get_away(self) -> bool:
        """Somewhere within our movement is out of every adjacent foe's reach."""
        me = self.me
        field = self.est.field(me, limit_m=me.movement_left())
        ys, xs = np.nonzero(field.reachable(me.movement_left()))
        return bool(len(xs)) and bool((self.gaps_to(xs, ys, me.side_squares, self.adjacent_foes(self.sp[me.id])) > 1).any())
