"""The computer players of any ruleset: `rush`, `normal` and `hard` played from the ruleset
interface alone (rules/api.py), for a battle whose `estimates()` is None (3.5, 4e).

It reads `legal_commands()` (each Option's neutral Preview: hit chance, expected damage, target,
path, cost, who gets an opportunity attack), `view(id)` (side, hit points, state, place,
conditions), `reach_squares`, `blow` (the expected damage of one creature's best blow on
another; None where the ruleset does not say), `check`, and the ids, sides and turn of
`battle.state`; never a ruleset's own creature fields. One decision:
- a reaction on offer: take it (the best opportunity attack when there are several ways), unless
  it is aimed at a friend; else decline;
- prone, and standing up is on offer: stand up first;
- an attack on a foe: the one with the best value. `rush` hits the nearest foe it can with the
  most expected damage; `normal` weighs the damage that counts (no more than the hit points
  left) toward the chance to kill, so a wounded foe weighs more; `hard` weighs kills the more,
  multiplies a foe's worth by its menace (where the ruleset gives `blow`: 0.5 + the largest
  share of a friend's hit points the foe's blow takes, capped at 1: the dangerous foe first),
  and takes off what the opportunity attacks an attack would provoke cost (a ranged attack or
  a spell in a threatened square lists them; a charge's path too): each blow's expected damage
  on it counted as the same damage dealt to a foe would count, or, where the ruleset gives no
  `blow`, 3 x their count; foes still in the fight come far above the downed; `hard`,
  before a shot with a penalty (long range, cover...), first steps nearer with a move that
  keeps the action (KEEPS_ACTION: not a withdraw or a run), within the move it has left, out
  of every foe's reach, once a turn; before a melee blow on one foe with nothing for it (no good
  reason in its Preview), first a move that keeps the action, provokes nobody and ends where it
  flanks that foe (`flanks`: combat advantage), beside the fewest foes, once a turn;
- what does not come back (a Preview's `uses_left`: an encounter or daily power, a spell slot)
  counts, for `normal` and `hard`, only what it brings beyond the best blow that spends nothing,
  less RESERVE of it (a minion, felled by any blow, is not worth it); an area counts each
  creature's own part (`damage_by_target`);
- a heal (`expected_heal`, `normal` and `hard`): bringing a downed friend back is worth most of
  it, healing a bloodied one (itself too: a second wind) half the hit points; it comes before
  the blows worth less;
- an act that gives one more action (`extra_action`: an action point), once the action is
  spent, when that action can fell a bloodied foe in reach or the one struck this turn;
- else a move toward where an attack becomes possible next (`normal`, `hard`: among the squares
  next to a foe, one from which it flanks a foe, the Preview's `flanks`, first): next to the nearest foe (within
  reach), or, once it has shot at a foe this turn, no nearer than it shot from, by the squares
  still to walk along the cheapest way there (`movement_field`: round a wall, not across it; a
  square beside that way counts one more), each foe where its side believes it stands
  (`believed_square`: a hidden foe where it was seen hiding, never its true square); a move within
  the creature's `movement_left` first (3.5 and 4e list longer ones, which spend the action
  too); `normal` counts each attack provoked as two squares further; `hard`, where the ruleset
  gives `blow`, refuses a move whose provoked attacks risk all the hit points it has left (risk
  >= 1) and weighs the others as `normal` does; without `blow` it will not provoke an
  opportunity attack unless it brings it into striking distance while it is hale and only one
  foe gets the attack; `hard`, while no friend fights a foe it could reach this turn, where the
  move does not bring it into striking distance (or spends its action) nor within a charge of a
  foe (the next move `movement_budget` gives, and a blow), first where fewer foes could strike
  it on their turn (`movement_budget` along `movement_field`, and a square more), and it holds
  where it stands when every move on ends where more could: the foe walks up and is struck first;
- else the end of the turn.
Every command is checked with `battle.check` before it is given (refused: the next best, at
last ending the turn or declining). The choice depends only on the battle state.
"""

from __future__ import annotations

import numpy as np

from ...core.board import SQUARE_M, gap_squares

ACTIVE = ("conscious", "disabled")  # still in the fight (3.5: disabled at 0 hp still acts)
LEVELS = ("rush", "normal", "hard")
KEEPS_ACTION = ("move", "step", "shift")  # the moves after which the action is still there
RESERVE = 0.3  # what spending a use that does not come back costs, as a share of the best free blow


def plan(battle, level: str) -> dict:
    """The next command for whoever must act now, at this level (never one the battle refuses)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} for the generic planner (known: {', '.join(LEVELS)})")
    return Planner(battle, level).decide()


def end_or_decline(battle) -> dict:
    """Ending the turn, or declining the reaction on offer."""
    state = battle.state
    if state.offers:
        return {"actor": state.offers[0].reactor, "act": "react", "take": False}
    return {"actor": state.current_id, "act": "end"}


class Planner:
    """One decision of one level, from the interface only."""

    def __init__(self, battle, level: str) -> None:
        self.battle = battle
        self.level = level
        self.state = battle.state
        self.diagonals = battle.diagonals  # the ruleset's count (3.5: 1-2-1, whatever the scenario says)
        self.views = {cid: battle.view(cid) for cid in self.state.creatures}
        self.blows: dict[tuple[str, str], float | None] = {}  # battle.blow's answers, asked once

    # ------------------------------------------------------------------ the choice
    def decide(self) -> dict:
        state = self.state
        if state.offers:
            candidates = self._answers()
        elif state.over or state.current_id is None or not self._active(self.views[state.current_id]):
            candidates = []
        else:
            candidates = self._plans(self.views[state.current_id])
        for command in candidates:
            if self.battle.check(command) is None:
                return command
        return end_or_decline(self.battle)

    def _answers(self) -> list[dict]:
        """The reaction taken the best way (an attack aimed at a friend is not a way), else declined."""
        reactor = self.views[self.state.offers[0].reactor]
        scored = []
        for index, option in enumerate(self.battle.legal_commands()):
            if option.command.get("act") != "react" or option.command.get("take") is not True:
                continue
            target = self._target(option)
            if target is not None and target.side == reactor.side and target.id != reactor.id:
                continue
            score = self.value(reactor, option) if option.preview.expected_damage is not None else 0.0
            scored.append((-(score or 0.0), index, option.command))
        return [command for _, _, command in sorted(scored)]

    def _plans(self, me) -> list[dict]:
        """Candidate commands, best first."""
        options = self.battle.legal_commands()
        plans: list[dict] = []
        if "prone" in me.conditions:
            plans += [o.command for o in options if o.act == "stand"]
        attacks = self._attacks(me, options)
        approach = self._approach(me, options)
        if self.level != "rush":
            extra = self._extra_action(me, options)
            if extra:
                plans.append(extra)
        if attacks and approach and self.level != "rush" and all(not self._active(t) for t in attacks[0][2]):
            # only the downed within reach: first close in on a foe still in the fight
            plans.append(approach)
        if attacks and self.level == "hard":
            closer = self._closer_shot(me, options, attacks[0]) or self._flanking_step(me, options, attacks[0])
            if closer:
                plans.append(closer)
        heals = self._heals(me, options, attacks[0][0] if attacks else 0.0) if self.level != "rush" else []
        best = attacks[0][0] if attacks else 0.0
        plans += [command for score, command in heals if score > best]  # a heal worth more than any blow
        plans += [command for _, command, _ in attacks]
        plans += [command for score, command in heals if score <= best]
        if approach:
            plans.append(approach)
        plans.append({"actor": me.id, "act": "end"})
        return plans

    # ------------------------------------------------------------------ attacks
    def _attacks(self, me, options) -> list[tuple[float, dict, list]]:
        """The options that deal damage to foes, best first: (score, command, the creatures hit)."""
        scored = []
        for index, option in enumerate(options):
            preview = option.preview
            if preview.expected_damage is None or option.command.get("actor") != me.id:
                continue
            caught = self._caught(option)
            if not caught or not any(c.side != me.side for c in caught):
                continue
            if self.level == "rush":
                if not all(c.side != me.side and self._active(c) for c in caught):
                    continue
                # the nearest foe first, then the most damage
                score = -1000.0 * min(self._gap(me, c) for c in caught) + preview.expected_damage
            else:
                score = self.value(me, option)
                if score is None or score <= 0:
                    continue
            scored.append((-score, index, option.command, caught))
        if self.level != "rush":
            scored = self._reserve(scored, options)
        scored.sort(key=lambda s: (s[0], s[1]))
        return [(-s, command, caught) for s, _, command, caught in scored]

    def _reserve(self, scored: list, options) -> list:
        """A blow that spends what the battle does not give back (an encounter or daily power, a
        spell slot: `uses_left`) counts only what it brings beyond the best blow that spends
        nothing, less a margin: it is kept for a target worth it (a minion, which any blow brings
        down, is not)."""
        free = [-s for s, index, _, _ in scored if options[index].preview.uses_left is None]
        best_free = max(free, default=0.0)
        if best_free <= 0:
            return scored
        kept = []
        for s, index, command, caught in scored:
            if options[index].preview.uses_left is not None:
                s = -(-s - RESERVE * best_free)
            kept.append((s, index, command, caught))
        return kept

    # ------------------------------------------------------------------ heals and more actions
    def _heals(self, me, options, best_blow: float) -> list[tuple[float, dict]]:
        """The heals on offer (`expected_heal`) worth giving, best first, on the scale of `value`:
        bringing a downed friend back into the fight is worth most of that friend, healing a
        bloodied one half the hit points given back; a hale one is not worth the act. What does
        not come back (`uses_left`) keeps a margin over the best blow (`best_blow`); `hard` takes
        off the cost of the opportunity attacks the heal provokes (`_provoked_cost`)."""
        scored = []
        for index, option in enumerate(options):
            heal = option.preview.expected_heal
            if heal is None or heal <= 0 or option.command.get("actor") != me.id:
                continue
            target = self._target(option)
            if target is None or target.side != me.side or not target.alive:
                continue
            if not self._active(target):
                if target.hp + heal <= 0:
                    continue  # not enough to bring it back
                score = 0.8 * target.max_hp
            elif target.hp <= target.max_hp / 2:
                score = 0.5 * heal
            else:
                continue
            if option.preview.uses_left is not None:
                score -= RESERVE * max(0.0, best_blow)
            if self.level == "hard":
                score -= self._provoked_cost(me, option.preview.opportunity_attacks)
            if score > 0:
                scored.append((-score, index, option.command))
        scored.sort(key=lambda s: (s[0], s[1]))
        return [(-s, command) for s, _, command in scored]

    def _extra_action(self, me, options) -> dict | None:
        """An act that gives one more action (`extra_action`: a 4e action point), once its action
        is spent, when that action can bring down a foe: a bloodied foe still in the fight within
        its reach, or the one it struck this turn."""
        offered = [o.command for o in options
                   if o.preview.extra_action and o.command.get("actor") == me.id]
        if not offered:
            return None
        mask = self.battle.reach_squares(me.id)
        struck = self._struck_this_turn(me)
        for foe in self.views.values():
            if foe.side == me.side or not self._active(foe) or not foe.bloodied:
                continue
            in_reach = any(0 <= y < mask.shape[0] and 0 <= x < mask.shape[1] and mask[y, x]
                           for x, y in foe.squares())
            if in_reach or (struck is not None and struck.id == foe.id):
                return offered[0]
        return None

    def _caught(self, option) -> list:
        """The creatures an option would strike: its area's or its list of targets, else its target."""
        listed = option.command.get("target")
        if option.preview.inside or isinstance(listed, (list, tuple)):  # an area, or several targets
            ids = option.preview.inside or listed
            return [self.views[cid] for cid in ids if isinstance(cid, str) and cid in self.views]
        target = self._target(option)
        return [] if target is None or target.id == option.command.get("actor") else [target]

    def _target(self, option):
        cid = option.preview.target or option.target
        return self.views.get(cid) if isinstance(cid, str) else None

    def value(self, me, option) -> float | None:
        """What the option's expected damage is worth: a foe's worth counts, a friend's against it."""
        preview = option.preview
        caught = self._caught(option)
        if not caught:
            return None
        total = 0.0
        each = dict(preview.damage_by_target)  # several caught: each one's part (else the damage each)
        for creature in caught:
            worth = self._worth(creature, each.get(creature.id, preview.expected_damage), preview.hit_chance)
            if creature.side != me.side and self.level == "hard" and self._active(creature):
                worth *= self._menace(creature, me)
            total += worth if creature.side != me.side else -1.5 * worth
        if self.level == "hard":
            total -= self._provoked_cost(me, preview.opportunity_attacks)
        return total

    def _blow(self, attacker_id: str, target_id: str) -> float | None:
        """The expected damage of the attacker's best blow on the target (`battle.blow`; None:
        the ruleset does not say)."""
        key = (attacker_id, target_id)
        if key not in self.blows:
            self.blows[key] = self.battle.blow(attacker_id, target_id)
        return self.blows[key]

    def _menace(self, foe, me) -> float:
        """`hard`: what a foe's worth is multiplied by, 0.5 + the largest share of a friend's hit
        points (one still in the fight) its blow takes, capped at 1: the dangerous foe first; 1
        when the ruleset does not say (no `blow`)."""
        largest = 0.0
        for friend in self.views.values():
            if friend.side != me.side or not self._active(friend):
                continue
            blow = self._blow(foe.id, friend.id)
            if blow is None:
                return 1.0
            hp = friend.hp + friend.temp_hp
            largest = max(largest, 1.0 if hp <= 0 else min(1.0, blow / hp))
        return 0.5 + largest

    def _provoked_cost(self, me, provokers) -> float:
        """`hard`: what the opportunity attacks of these creatures on `me` cost, on the scale of
        `value`: each blow's expected damage (`battle.blow`) counted as the same damage dealt to
        a foe would count (`_worth` of a sure blow on `me`); where the ruleset does not say,
        3 x their count."""
        cost = 0.0
        for cid in provokers:
            blow = self._blow(cid, me.id) if cid in self.views else None
            if blow is None:
                return 3.0 * len(provokers)
            cost += self._worth(me, blow, None)
        return cost

    def _provoked_risk(self, me, provokers) -> float:
        """What the opportunity attacks of these creatures on `me` put at risk: their blows'
        expected damage (`battle.blow`) as a share of the hit points it has left; where the
        ruleset does not say, the count of them."""
        risk = 0.0
        hp = me.hp + me.temp_hp
        for cid in provokers:
            blow = self._blow(cid, me.id) if cid in self.views else None
            if blow is None:
                return float(len(provokers))
            risk += blow / hp if hp > 0 else 1.0
        return risk

    def _worth(self, creature, expected: float, hit_chance: float | None) -> float:
        """What an attack on this creature is worth, in hit points of foes taken out of the fight:
        its chance to bring it down, and the damage short of that as the part of the way there
        it goes (less for `hard`, which weighs kills the more), on the scale of its hit points."""
        chance = 1.0 if hit_chance is None else max(0.0, min(1.0, hit_chance))
        if chance <= 0 or expected <= 0:
            return 0.0
        on_hit = expected / chance
        hp = creature.hp + creature.temp_hp
        if not self._active(creature) or hp <= 0:
            return 0.3 * expected  # a downed foe: worth finishing only when nothing else is
        counted = chance * min(on_hit, hp)  # no more than the hit points it has left
        kill = chance * max(0.0, min(1.0, on_hit / hp - 0.5))
        short = 0.4 if self.level == "hard" else 0.6
        return max(creature.max_hp, hp) * (kill + short * max(0.0, counted - kill * hp) / hp)

    # ------------------------------------------------------------------ moving
    def _approach(self, me, options) -> dict | None:
        """The move toward where an attack becomes possible next, or None (nowhere better): the
        squares still to walk (`_way`) to the nearest square within striking distance of a foe
        where its side believes that foe is (`_approached`)."""
        foes = self._approached(me)
        if not foes:
            return None
        want = self._wanted_gap(me)
        here = max(0, min(gap_squares(me.space, f, self.diagonals) for f in foes) - want)
        if here == 0:
            return None
        way = self._way(me, foes, want)
        if way is not None:
            here = way[(me.x, me.y)] if (me.x, me.y) in way else here
        hale = me.hp >= me.max_hp / 2
        weighs_risk = self.level == "hard" and self._weighs_risk(me)
        struck_zone = self._held_off(me)
        charge = self.battle.movement_budget(me.id)[1] / SQUARE_M + 1  # one more move, and a blow
        scored = []
        for index, option in enumerate(options):
            to = self._destination(option, me)
            if to is None:
                continue
            space = (to[0], to[1], me.side_squares)
            need = max(0, min(gap_squares(space, f, self.diagonals) for f in foes) - want)
            if need and way is not None:
                need = self._left_to_walk(way, space)
            provokes = len(option.preview.opportunity_attacks)
            cost = option.preview.cost_m if option.preview.cost_m is not None else 0.0
            if weighs_risk and provokes:
                if self._provoked_risk(me, option.preview.opportunity_attacks) >= 1.0:
                    continue  # it could well fall on the way
            elif self.level == "hard" and provokes and not (need == 0 and hale and provokes == 1):
                continue
            weighed = need + (2 * provokes if self.level == "normal" or weighs_risk else 0)
            if need >= here:
                continue
            # within the move it has left first: a longer one (3.5, 4e: a double move) spends the
            # action it may attack with once there; the next move goes on if it cannot
            longer = cost > me.movement_left + 1e-9
            # hard, before any blow: where it would wait, fewer foes that could strike it first
            # (unless from there the action left may charge a foe: a move of its speed and a blow)
            strikes = not longer and min(gap_squares(space, f, self.diagonals) for f in foes) <= charge
            waits = struck_zone is not None and (need or longer) and not strikes
            strikers = self._strikers(struck_zone, space) if waits else 0
            # next to a foe, where it flanks one (`flanks`: a bonus to hit) comes first (not `rush`)
            flanking = -len(option.preview.flanks) if need == 0 and self.level != "rush" else 0
            scored.append(((strikers, longer, weighed, flanking, provokes, cost, index), option.command))
        if not scored:
            return None
        best = min(scored, key=lambda s: s[0])
        if struck_zone is not None and best[0][0] > self._strikers(struck_zone, me.space):
            return None  # every way on waits where more foes strike first: it holds
        return best[1]

    def _held_off(self, me):
        """`hard`, while no friend stands beside a foe still in the fight within its own
        `movement_budget` (and a square more): per square, how many foes could strike it there
        on their turn (an int array): the squares the move of each foe's `movement_budget`
        takes it to along its `movement_field` (4e: its speed for a creature not acting, where
        it strikes after that move or a charge; 3.5: nothing), and a square more; else None
        (it joins the fight, it does not hold back)."""
        if self.level != "hard":
            return None
        foes = [v for v in self.views.values() if v.side != me.side and self._active(v)]
        friends = [v for v in self.views.values() if v.side == me.side and self._active(v) and v.id != me.id]
        far = sum(self.battle.movement_budget(me.id)) / SQUARE_M + 1
        for friend in friends:
            if any(self._gap(friend, g) <= 1 and self._gap(me, g) <= far for g in foes):
                return None  # a fight it can join: no waiting
        count = None
        for foe in foes:
            budget = self.battle.movement_budget(foe.id)[0]  # its move (not a dash: no blow after it)
            zone = self.battle.movement_field(foe.id).cost <= budget + 1e-9
            grown = zone.copy()  # a square more: it strikes the squares beside where it ends
            grown[1:, :] |= zone[:-1, :]
            grown[:-1, :] |= zone[1:, :]
            grown[:, 1:] |= grown[:, :-1].copy()
            grown[:, :-1] |= grown[:, 1:].copy()
            count = grown.astype(int) if count is None else count + grown
        return count

    @staticmethod
    def _strikers(count, space) -> int:
        """The most foes that could strike any square of the space (`_held_off`'s count)."""
        x, y, side = space
        return int(count[max(0, y): y + side, max(0, x): x + side].max(initial=0))

    def _approached(self, me) -> list[tuple[int, int, int]]:
        """The spaces of the foes still in the fight it walks toward, where its side believes
        they are (`battle.believed_square`): those not hidden, else the hidden ones whose
        hiding place was seen; never a hidden foe's true square."""
        seen, hidden = [], []
        for foe in self.views.values():
            if foe.side == me.side or not self._active(foe):
                continue
            at = self.battle.believed_square(me.id, foe.id)
            if at is not None:
                (hidden if "hidden" in foe.conditions else seen).append((at[0], at[1], foe.side_squares))
        return seen or hidden

    def _way(self, me, foes, want: int) -> dict[tuple[int, int], float] | None:
        """The squares of its cheapest walk (`battle.movement_field`, as far as it goes) to a
        square within `want` of a foe, each with the squares still to walk from it; None when
        no such square can be walked to (then it goes by the gap alone)."""
        walk = self.battle.movement_field(me.id)
        cost, can_end = walk.cost, walk.can_end
        ends = np.flatnonzero(np.isfinite(cost) & can_end)
        width = cost.shape[1]
        for index in ends[np.argsort(cost.flat[ends], kind="stable")]:  # cheapest first, ties by row
            y, x = divmod(int(index), width)
            if min(gap_squares((x, y, me.side_squares), f, self.diagonals) for f in foes) <= want:
                break
        else:
            return None
        total = float(cost[y, x])
        steps = [(me.x, me.y)] + [tuple(s) for s in walk.path_to(x, y)]
        return {s: (total - float(cost[s[1], s[0]])) / SQUARE_M for s in steps}

    def _left_to_walk(self, way, space) -> float:
        """The squares left to walk from `space` to striking distance: its own along the way, or
        one more than a square of the way beside it (a square further off: not on the way, inf)."""
        at = (space[0], space[1])
        if at in way:
            return way[at]
        beside = [left for (x, y), left in way.items() if gap_squares(space, (x, y, space[2]), self.diagonals) <= 1]
        return min(beside) + 1 if beside else float("inf")

    def _weighs_risk(self, me) -> bool:
        """Whether the ruleset says what a foe's blow on `me` is worth (`battle.blow`), so that
        `hard` weighs the opportunity attacks a move provokes by their risk."""
        foe = next((v for v in self.views.values() if v.side != me.side and v.alive), None)
        return foe is not None and self._blow(foe.id, me.id) is not None

    def _closer_shot(self, me, options, best) -> dict | None:
        """Before a shot with a penalty (long range, cover...; not a fixed one such as size), once
        a turn: a step nearer its target that costs no more than the move it has left, provokes
        nobody and stays out of every foe's reach; None when the shot has no such penalty or no
        such square is nearer."""
        _, command, caught = best
        option = next(o for o in options if o.command is command)
        if not option.preview.ranged or all(r.good or r.fixed for r in option.preview.reasons) or len(caught) != 1:
            return None
        if any(self._destination_of(c) for c in self._this_turn(me)):
            return None  # it moved already this turn
        target = caught[0]
        foes = [v for v in self.views.values() if v.side != me.side and self._active(v)]
        here = self._gap(me, target)
        scored = []
        for index, move in enumerate(options):
            if move.act not in KEEPS_ACTION:
                continue  # a withdraw or a run spends the turn: no shot after it
            to = self._destination(move, me)
            cost = move.preview.cost_m
            if to is None or move.preview.opportunity_attacks or cost is None or cost > me.movement_left + 1e-9:
                continue
            space = (to[0], to[1], me.side_squares)
            if any(gap_squares(space, f.space, self.diagonals) <= 1 for f in foes):
                continue
            gap = gap_squares(space, target.space, self.diagonals)
            if gap < here:
                scored.append(((gap, cost, index), move.command))
        return min(scored, key=lambda s: s[0])[1] if scored else None

    def _flanking_step(self, me, options, best) -> dict | None:
        """Before a melee blow on one foe with nothing for it (no good reason in its Preview: no
        combat advantage yet), once a turn: a move that keeps the action (KEEPS_ACTION), within
        the move it has left, provokes nobody and ends where it flanks that foe (the Preview's
        `flanks`), beside the fewest foes; None when there is no such move."""
        _, command, caught = best
        option = next(o for o in options if o.command is command)
        if (option.preview.ranged is not False or option.preview.path or len(caught) != 1
                or any(r.good for r in option.preview.reasons)):
            return None
        if any(self._destination_of(c) for c in self._this_turn(me)):
            return None  # it moved already this turn
        target = caught[0]
        foes = [v for v in self.views.values() if v.side != me.side and self._active(v)]
        scored = []
        for index, move in enumerate(options):
            cost = move.preview.cost_m
            if (move.act not in KEEPS_ACTION or target.id not in move.preview.flanks
                    or move.preview.opportunity_attacks or cost is None or cost > me.movement_left + 1e-9):
                continue
            to = self._destination(move, me)
            if to is None:
                continue
            space = (to[0], to[1], me.side_squares)
            beside = sum(1 for f in foes if gap_squares(space, f.space, self.diagonals) <= 1)
            scored.append(((beside, cost, index), move.command))
        return min(scored, key=lambda s: s[0])[1] if scored else None

    def _destination(self, option, me) -> tuple[int, int] | None:
        """Where a move-like option ends (it has a path, or a `to`, and deals no damage)."""
        if option.command.get("actor") != me.id or option.preview.expected_damage is not None:
            return None
        to = option.command.get("to")
        if isinstance(to, (list, tuple)) and len(to) == 2:
            return int(to[0]), int(to[1])
        if option.preview.path:
            return tuple(option.preview.path[-1])
        return None

    def _wanted_gap(self, me) -> int:
        """How near it wants to be to a foe: as near as it struck from this turn, else its reach."""
        struck = self._struck_this_turn(me)
        if struck is not None:
            return max(1, self._gap(me, struck))
        mask = self.battle.reach_squares(me.id)
        ys, xs = mask.nonzero()
        gaps = [gap_squares(me.space, (int(x), int(y), 1), self.diagonals) for x, y in zip(xs, ys)]
        return max(gaps, default=1) or 1

    def _this_turn(self, me) -> list[dict]:
        """Its commands of this turn so far, last first (read from the commands played)."""
        found = []
        for command in reversed(getattr(self.state, "played", [])):
            if command.get("actor") != me.id:
                if command.get("act") == "react":
                    continue  # another's reaction within this turn
                break  # another's turn
            if command.get("act") == "end":
                break  # its own last turn
            found.append(command)
        return found

    @staticmethod
    def _destination_of(command: dict) -> bool:
        return command.get("to") is not None or bool(command.get("path"))

    def _struck_this_turn(self, me):
        """The foe its last command of this turn aimed at, if one did (None: none yet)."""
        for command in self._this_turn(me):
            target = command.get("target")
            if isinstance(target, (list, tuple)):
                target = target[0] if target else None
            foe = self.views.get(target) if isinstance(target, str) else None
            if foe is not None and foe.side != me.side and command.get("act") != "react":
                return foe
        return None

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _active(view) -> bool:
        return view.state in ACTIVE

    def _gap(self, a, b) -> int:
        return gap_squares(a.space, b.space, self.diagonals)


__all__ = ["LEVELS", "Planner", "end_or_decline", "plan"]
