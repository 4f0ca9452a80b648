"""Where a hard computer player stands: squares to strike from (spells included), opportunity
attacks on the way, cover from the foe's archers (on average over where they may shoot from
after their move, and only where we keep a line to a foe), staying out of reach (reach weapons,
crowds), squeezing only where it pays, holding a chokepoint with a readied attack, hiding
places, a Dash only with the walk it buys, and a grapple weighed against walking off."""

from __future__ import annotations

import numpy as np

from ...core.board import SQUARE_M, gap_squares
from ...core.cover import cover_many
from ...core.gaps import gaps_each, gaps_to_nearest, within_bits
from ...core.sizes import SPACE_SQUARES, squeezed_squares
from ...core.terrain import HALF, THREE_QUARTERS, TOTAL
from .odds import Plan


ARCHER_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))  # the directions a foe archer may walk before it shoots
# squares a move weighs (normal and hard): the nearest next to foes, and (ranged attackers, or
# nobody near) a spread of the rest; 12 and 12 (were 16 and 16) hold hard's strength, measured
CANDIDATES_NEAR, CANDIDATES_SPREAD = 12, 12
MOVE_SCORE_MIN = 0.2  # a move is worth making when its square scores above this
# up to this many squares, a move's weighing searches the whole board (the bundled maps have 384
# to 600: a whole field there took 0.31 ms, one within 3 m 0.30 ms, measured)
WHOLE_FIELD_SQUARES = 2500
HIDEOUT_BATCH = 24  # squares whose cover hideouts looks up at once
REACH_GRIDS_KEPT = 64  # the foes' reach grids kept with a battle (then forgotten, all at once)
ARCHER_SPOTS_KEPT = 1024  # foe archers' spots kept with a battle, by space and walk (then forgotten)


class Positioning:
    """The moving half of the Tactician (a mixin: it uses the tactician's state and scores)."""

    # -------------------------------------------------------------- moving
    def move_plans(self, best_here: float, can_act: bool) -> list[Plan]:
        """Moves worth making: each candidate square scored by the best strike from there (when
        the action is still to come) against best_here, less the opportunity attacks on the way
        and the foes' reach there, plus (hard) distance and cover from archers and a hiding place."""
        me = self.me
        left = me.movement_left()
        dash_left = left + (me.speed() if me.action else 0.0)
        # how far it may go: the rules' own budget (a grappler drags its foe along at half speed)
        budget, dash_extra = self.battle.movement_budget(me.id)
        let_go = self.left_behind()  # held foes that cannot be dragged: walking off frees them
        plans = []
        hiding = self.hard and not can_act and self.can_hide_now()
        ranged = self.prefers_range()
        sheltering = self.hard and ranged and self.foe_archers()  # archers trading shots seek cover
        if not can_act and self.move_score_bound(hiding, sheltering, let_go) <= MOVE_SCORE_MIN - 1e-9:
            # no square could score enough to be worth a move: none is weighed (nor searched for)
            field, candidates = None, []
        else:
            field = self.est.field(me, limit_m=self.search_limit(max(left, dash_left)))
            reach = field.reachable(budget)
            candidates = self.candidate_squares(field, reach)
        if hiding:
            candidates = list(dict.fromkeys(candidates + self.hideouts(field, reach)))
        if sheltering and candidates:
            candidates = list(dict.fromkeys(candidates + self.shelters(field, reach)))
        spaces = [(x, y, self.side_at(field, x, y)) for x, y in candidates]
        if can_act:
            in_range = [t for t in self.targets()
                        if any(a.range or a.is_melee for a in me.stats.attacks)]
            self.prefetch_cover(spaces, in_range, within_m=self.strike_distance())
        if hiding:
            self.prefetch_hideouts(spaces)
        shelter_here = 0.0
        if sheltering and candidates:
            self.prefetch_shelter_kept(spaces + [self.sp[me.id]])
            shelter_here = self.shelter_kept(self.sp[me.id])
        standing = self.standing_terms(spaces, ranged) if self.hard else [0.0] * len(spaces)
        if can_act:  # the gaps strikes_from measures (from our space as it is now), for every square at once
            targets, sp, side = self.targets(), self.sp, me.side_squares
            rows = gaps_each([(x, y, side) for x, y, _ in spaces],
                             [sp[t.id] for t in targets] + [sp[f.id] for f in self.foes], self.battle.diagonals)
            cut = len(targets)
        squares = [(x, y) for x, y, _ in spaces]
        if not squares:
            oas, costs = [], []
        else:  # the walk and the opportunity attacks of every square, looked up at once
            oas = self.opportunity_costs(field, squares) if self.hard else [self.simple_oa(field, x, y) for x, y in squares]
            costs = field.cost[[y for _, y in squares], [x for x, _ in squares]].tolist()
        for k, (space, safety) in enumerate(zip(spaces, standing)):
            x, y, side = space
            cost, oa = costs[k], oas[k]
            if sheltering:
                safety += self.shelter_kept(space) - shelter_here
            then = None
            if can_act:
                row = rows[k]
                strikes = self.strikes_from(x, y, exact=False, gaps=row, threatened=any(gap <= 1 for gap in row[cut:]))
                best = None  # the first of the best
                for strike in strikes:
                    if best is None or strike.score > best.score:
                        best = strike
                gain = best.score if best else 0.0
                then = best.command if best else None
            else:
                gain = 0.0
            score = gain - best_here - oa + safety - 0.01 * cost
            if field.squeezing[y, x]:
                score -= 1.5
            for held, worth in let_go:
                if gap_squares(space, self.sp[held.id], self.battle.diagonals) * SQUARE_M > \
                        self.est.melee_reach(me) + 1e-9:
                    score -= worth
            why = "move to strike"
            if hiding and self.hideout(space):
                score += self.hide_value()
                then, why = {"actor": me.id, "act": "hide", "bonus": True}, "move to hide"
            if score > MOVE_SCORE_MIN:
                plans.append(Plan(best_here + score, {"actor": me.id, "act": "move", "to": [int(x), int(y)]},
                                  why, then))
        if not plans and best_here <= 0 and (can_act or me.dashes or not (self.hard and ranged)):
            # closing in after acting is for melee creatures (archers keep their distance), or
            # for whoever dashed to close in
            plans += self.close_in(budget, budget + (dash_extra if me.action else 0.0))
        return plans

    def search_limit(self, limit_m: float) -> float | None:
        """The limit to search our movement field with: none (the whole board) on a board of at
        most WHOLE_FIELD_SQUARES squares, where pricing a window costs about the same whatever its
        size (numpy's cost per call, most of a field's) and the whole field is the one closing in and
        the move itself search (kept once for all three); within the limit, the same costs and
        paths either way."""
        board = self.battle.board
        return None if board.width * board.height <= WHOLE_FIELD_SQUARES else limit_m

    def move_score_bound(self, hiding: bool, sheltering, let_go) -> float:
        """With the action spent (no strike to move for): the most a square's score in
        move_plans can reach. Every other term only takes away (opportunity attacks, foes'
        reach, distance from melee foes, the walk, squeezing): hiding's value, the shelter from
        the foe archers if every shot at the square were stopped, less the shelter here, and
        what a held foe set free would give back (when holding it is worth less than nothing)."""
        bound = self.hide_value() if hiding else 0.0
        if sheltering:
            here = self.sp[self.me.id]
            self.prefetch_shelter_kept([here])
            ac = self.me.stats.ac
            bound += sum(self.est.hit_chance(to_hit, ac, 0)[0] * damage for _, to_hit, damage in self.foe_archers()) \
                - self.shelter_kept(here)
        return bound + sum(max(0.0, -worth) for _, worth in let_go)

    def left_behind(self) -> list[tuple]:
        """Hard: (foe, what holding it is worth) for each foe we grapple that could not be dragged
        along (a bigger space than ours): walking out of reach sets it free (5e, Grappled)."""
        if not self.hard:
            return []
        from .maneuvers import hold_value

        me = self.me
        return [(held, hold_value(self, held)) for held in self.est.drags(me)
                if not self.est.follows_drag(me, held)]

    def gaps_to(self, xs, ys, side: int, creatures) -> np.ndarray:
        """For many squares at once, the grid gap to the nearest of the creatures."""
        return gaps_to_nearest(xs, ys, side, [self.sp[f.id] for f in creatures], self.battle.diagonals)

    def candidate_squares(self, field, reach) -> list[tuple[int, int]]:
        """Squares worth scoring: next to foes, and for ranged attackers a spread of the rest."""
        me = self.me
        ys, xs = np.nonzero(reach)
        if not len(xs):
            return []
        gaps = self.gaps_to(xs, ys, me.side_squares, self.targets())
        order = np.lexsort((xs, ys, field.cost[ys, xs], gaps))
        near_limit = max(1, int(self.max_reach() / SQUARE_M))
        near = order[gaps[order] <= near_limit][:CANDIDATES_NEAR]
        chosen = list(zip(xs[near].tolist(), ys[near].tolist()))
        if self.prefers_range() or not chosen:
            step = max(1, len(order) // (CANDIDATES_SPREAD if self.hard else 10))
            spread = order[::step][:CANDIDATES_SPREAD]
            chosen += zip(xs[spread].tolist(), ys[spread].tolist())
        return list(dict.fromkeys(chosen))

    def max_reach(self) -> float:
        return self.est.melee_reach(self.me)  # the ruleset's (1.5 m without a melee attack)

    def prefers_range(self) -> bool:
        """A creature whose best attack is ranged (or a spell) keeps its distance."""
        me = self.me
        melee, ranged = me.stats.most_melee_damage or 0.0, me.stats.most_ranged_damage or 0.0
        if me.stats.spellcasting and me.stats.spellcasting in ("int",):
            ranged = max(ranged, 5.5)
        return ranged > melee

    def safety(self, space, ranged: bool) -> float:
        """Hard: ranged attackers like distance from melee foes (cover is weighed in shelter)."""
        if not ranged:
            return 0.0
        return self.safety_at_gaps([gap_squares(space, self.sp[foe.id], self.battle.diagonals) for foe in self.foes])

    @staticmethod
    def safety_at_gaps(gaps) -> float:
        """safety at a space this many squares from each foe (in the order of self.foes)."""
        score = 0.0
        for gap in gaps:
            if gap <= 1:
                score -= 3.0
            elif gap <= 3:
                score -= 0.8
        return score

    def standing_terms(self, spaces, ranged: bool) -> list[float]:
        """Hard: safety less exposure at each of the spaces, their gaps to the foes measured all
        at once (the same sums, in the same order, as asked space by space)."""
        foes = [self.sp[foe.id] for foe in self.foes] if ranged else []
        threats = self.melee_threats()
        rows = gaps_each(spaces, foes + [space for space, _, _ in threats], self.battle.diagonals)
        cut = len(foes)
        return [(self.safety_at_gaps(row[:cut]) if ranged else 0.0) - self.exposure_at_gaps(row[cut:])
                for row in rows]

    def foe_archers(self) -> list[tuple]:
        """Foes that can shoot at us from afar: (foe, to-hit, mean damage) of their best ranged attack."""
        if not hasattr(self, "_archers"):
            archers = []
            for foe in self.foes:
                best = max(((a.to_hit, a.damage.average) for a in foe.stats.attacks if a.kind == "ranged"),
                           key=lambda t: t[1], default=None)
                for spell in self.est.spells(foe):
                    if spell.effect == "attack" and spell.level == 0 and \
                            (best is None or self.est.spell_dice(foe, spell).average > best[1]):
                        best = (self.est.spell_attack_bonus(foe), self.est.spell_dice(foe, spell).average)
                if best is not None:
                    archers.append((foe, *best))
            self._archers = archers
        return self._archers

    def archer_spots(self, foe) -> list[tuple]:
        """Where a foe archer may shoot from on its turn: its space, and as far as its speed
        takes it in each of the four diagonal directions over ground it can walk (it moves
        before it shoots; a diagonal walk shifts its lines both ways, and four spots price
        shelter at about half the cost of eight for the same choices, measured)."""
        spots = self.__dict__.setdefault("_spots", {})
        found = spots.get(foe.id)
        if found is None:
            # they depend only on its space, its speed and the board (which never changes): kept
            # with the battle, for our next decisions and the next creatures that shelter
            key = (self.sp[foe.id], int(foe.speed() / SQUARE_M + 1e-9))
            kept = self.battle.__dict__.setdefault("_ai_archer_spots", {})
            found = kept.get(key)
            if found is None:
                if len(kept) >= ARCHER_SPOTS_KEPT:
                    kept.clear()
                found = kept[key] = self.walk_spots(*key)
            spots[foe.id] = found
        return found

    def walk_spots(self, space, steps: int) -> list[tuple]:
        """archer_spots from a space, with this many squares of walk: the space, and as far as
        the walk takes it toward each of the four corners (ARCHER_STEPS) over walkable ground."""
        board = self.battle.board
        x, y, side = space
        found = [(x, y, side)]
        for dx, dy in ARCHER_STEPS:
            cx, cy = x, y
            for _ in range(steps):
                nx, ny = cx + dx, cy + dy
                if not board.inside(nx, ny, side) or board.blocks_move[ny:ny + side, nx:nx + side].any():
                    break
                cx, cy = nx, ny
            found.append((cx, cy, side))
        return list(dict.fromkeys(found))

    def prefetch_shelter(self, spaces) -> None:
        """shelter of each of the spaces not valued yet, all at once: their covers against each
        foe archer at each of its spots in one call, each space's sum taken as shelter adds it."""
        values = self.shelter_values()
        new = [space for space in dict.fromkeys(spaces) if space not in values]
        if not new:
            return
        spots, gains = self.shelter_terms()
        me = self.index[self.me.id]
        levels = cover_many(self.blockers, [(spot, space, owner, me) for spot, owner in spots for space in new],
                            estimate=True)
        for space, row in zip(new, levels.reshape(len(spots), len(new)).T.tolist()):
            saved = 0.0
            for cover, gain in zip(row, gains):  # spot by spot, in the archers' order
                if cover:
                    saved += gain[cover]
            values[space] = saved

    def shelter(self, space) -> float:
        """Hard: the damage foe archers would not deal to us at this space thanks to its cover,
        on average over the spots each may shoot from (cover it can walk round shelters little)."""
        values = self.shelter_values()
        if space not in values:
            self.prefetch_shelter([space])
        return values[space]

    def shelter_values(self) -> dict:
        """Where shelter's values are kept, by space: while its terms stay the same (our AC, the
        archers, their spots and what they hit with; kept_with_covers)."""
        return self.kept_with_covers("shelter", self.shelter_terms())

    def kept_with_covers(self, name: str, terms) -> dict:
        """A store of answers by space, kept with the planners' covers (est.looker_covers,
        emptied whenever anyone else moves, falls or rises: the lines the answers read are the
        same until then) while `terms`, what else they depend on, stay the same; else a new one."""
        kept = self.covers.get(name)  # (no cover's key: those are tuples)
        if kept is None or kept[0] != terms:
            kept = self.covers[name] = (terms, {})
        return kept[1]

    def shelter_terms(self) -> tuple:
        """shelter's terms, kept for the decision: per foe archer and spot it may shoot from (the
        archers in their order, each one's spots in theirs), the spot and the archer's index in
        the blockers; and per such spot, what each cover level there (0 to 3) saves us, on
        average over that archer's spots (the same for every space)."""
        if not hasattr(self, "_shelter_terms"):
            ac = self.me.stats.ac
            spots, gains = [], []
            for foe, to_hit, damage in self.foe_archers():
                p_open = self.est.hit_chance(to_hit, ac, 0)[0]
                mine = self.archer_spots(foe)
                saved_by_cover = [0.0]
                for cover in (HALF, THREE_QUARTERS, TOTAL):
                    p_covered = 0.0 if cover >= TOTAL else \
                        self.est.hit_chance(to_hit, ac + self.est.COVER_AC[cover], 0)[0]
                    saved_by_cover.append((p_open - p_covered) * damage / len(mine))
                owner = self.owner_index(foe)
                spots += [(spot, owner) for spot in mine]
                gains += [tuple(saved_by_cover)] * len(mine)
            self._shelter_terms = (tuple(spots), tuple(gains))
        return self._shelter_terms

    def shelter_kept(self, space) -> float:
        """Hard: the shelter of a space from which we can still shoot at a foe. Cover that blocks
        every line we would shoot along is worth nothing: the foe archers walk round it before
        they shoot, and we would have to walk out of it to shoot back (a nook is no refuge)."""
        return self.shelter(space) if self.keeps_a_line(space) else 0.0

    def keeps_a_line(self, space) -> bool:
        """From this space a foe is within our longest range and not behind total cover (the
        foes asked in their order, up to the first such)."""
        for foe in self.foes:
            if self.within_range(space, self.sp[foe.id]) and self.cover(space, foe) < 3:
                return True
        return False

    def within_range(self, space, at) -> bool:
        """A foe's space `at` is within our longest range of the space."""
        return gap_squares(space, at, self.battle.diagonals) * SQUARE_M <= self.longest_range() + 1e-9

    def prefetch_shelter_kept(self, spaces) -> None:
        """The covers shelter_kept asks of these spaces: to the foes foe by foe, only for the
        spaces within our range of it that no foe before it left a line to (keeps_a_line stops
        at the first), then from the archers' spots for the spaces that keep a line (shelter's:
        a nook's are never asked)."""
        sp, covers = self.sp, self.covers
        open_spaces = list(dict.fromkeys(spaces))
        for foe in self.foes:
            if not open_spaces:
                break
            at = sp[foe.id]
            near = [space for space in open_spaces if self.within_range(space, at)]
            if near:
                self.prefetch_cover(near, [foe])
                lined = {space for space in near if covers[(space, foe.id)] < 3}
                open_spaces = [space for space in open_spaces if space not in lined]
        nooks = set(open_spaces)  # no line kept from these
        self.prefetch_shelter([space for space in spaces if space not in nooks])

    def longest_range(self) -> float:
        """The farthest we can strike from where we stand: ranged and thrown attacks, spells
        (asked for every space weighed: kept for the decision)."""
        found = self.__dict__.get("_longest_range")
        if found is None:
            me = self.me
            ranges = [a.range[1] for a in me.stats.attacks if a.range]
            ranges += [s.range_m for s in self.est.spells(me) if s.effect in ("attack", "save", "darts")]
            found = self._longest_range = max(ranges, default=max((a.reach for a in me.stats.attacks), default=0.0))
        return found

    def exposure(self, space) -> float:
        """Hard: a quarter of what the foes can strike us with at this space without taking a
        step (so a reach weapon strikes from beyond their reach, and nobody walks into a crowd)."""
        return self.exposure_at_gaps([gap_squares(space, foe_space, self.battle.diagonals)
                                      for foe_space, _, _ in self.melee_threats()])

    def exposure_at_gaps(self, gaps) -> float:
        """exposure at a space this many squares from each of melee_threats' foes."""
        exposed = 0.0
        for gap, (_, reach_squares, bite) in zip(gaps, self.melee_threats()):
            if gap <= reach_squares:
                exposed += bite
        return 0.25 * exposed

    def melee_threats(self) -> list[tuple]:
        """Per foe with a melee attack: (its space, its reach in squares, its expected damage to us)."""
        if not hasattr(self, "_threats"):
            ac = self.me.stats.ac
            self._threats = []
            for foe in self.foes:
                attack = self.foe_melee(foe)
                if attack is not None:
                    bite = self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, ac, 0))
                    self._threats.append((self.sp[foe.id], int(attack.reach / SQUARE_M + 1e-9),
                                          bite * foe.stats.attacks_per_action))
        return self._threats

    def foe_melee(self, foe):
        """A foe's best melee attack (None without one)."""
        return foe.stats.strongest_melee

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

    def reach_grids(self) -> tuple[np.ndarray, list[float]]:
        """Where each foe that could make an opportunity attack reaches us (bit k of each
        square for the k-th such foe, at most 63 of them), and each one's bite."""
        if hasattr(self, "_reach_grids"):
            return self._reach_grids
        me = self.me
        reaching = []  # (foe, its melee attack, its reach in squares)
        for foe in self.foes:
            if not foe.reaction or foe.incapacitated or not self.est.can_see(foe, me) or len(reaching) == 63:
                continue
            attack = next((t for t in foe.stats.attacks if t.is_melee), None)
            if attack is not None:
                reaching.append((foe, attack, int(self.est.melee_reach(foe) / SQUARE_M + 1e-9)))
        # the grids depend only on who reaches from where, with what, and on us: kept with the
        # battle (the foes stand still through our turn, and often longer)
        key = (me.id, me.side_squares, me.stats.ac, self.battle.diagonals,
               tuple((foe.id, self.sp[foe.id], id(attack), squares) for foe, attack, squares in reaching))
        kept = self.battle.__dict__.setdefault("_ai_reach_grids", {})
        found = kept.get(key)
        if found is None:
            if len(kept) >= REACH_GRIDS_KEPT:
                kept.clear()
            zones = within_bits(self.battle.board.terrain.shape, me.side_squares,
                                [self.sp[foe.id] for foe, _, _ in reaching], [squares for _, _, squares in reaching],
                                self.battle.diagonals)
            bites = [self.est.expected_damage(attack.damage, *self.est.hit_chance(attack.to_hit, me.stats.ac, 0))
                     for _, attack, _ in reaching]
            found = kept[key] = (zones, bites)
        self._reach_grids = found
        return found

    def reaches_left(self, field, zones) -> list[list[int]]:
        """Per square, the reaches (bits of zones) the field's path there leaves: kept for the
        decision's field (read square by square: plain ints)."""
        kept = self.__dict__.get("_reaches_left")
        if kept is None or kept[0] is not field or kept[1] is not zones:
            kept = self._reaches_left = (field, zones, field.left_on_the_way(zones).tolist())
        return kept[2]

    def opportunity_costs(self, field, squares) -> list[float]:
        """Hard: for each of the squares (x, y), the expected damage of the opportunity attacks
        the field's path there provokes (what it asks looked up once for all of them)."""
        me = self.me
        if "disengaged" in me.conditions:
            return [0.0] * len(squares)
        zones, bites = self.reach_grids()
        if not bites:
            return [0.0] * len(squares)
        rows = self.reaches_left(field, zones)
        # many squares' paths leave the same reaches: priced once a decision
        priced = self.__dict__.setdefault("_oa_priced", {})
        weight = 1.5 if me.hp < 15 else 1.0
        costs = []
        for x, y in squares:
            left = rows[y][x]  # the reaches a step of the way leaves
            if not left:
                costs.append(0.0)
                continue
            price = priced.get(left)
            if price is None:
                price = priced[left] = weight * sum(bite for k, bite in enumerate(bites) if left >> k & 1)
            costs.append(price)
        return costs

    def close_in(self, left: float, dash_left: float) -> list[Plan]:
        """Nothing to strike this turn: walk the shortest way toward the nearest foe, around
        walls, dashing when the action has nothing better to do."""
        me = self.me
        if self.hard and me.action and me.reaction:
            hold = self.hold_the_gap()
            if hold is not None:
                return [hold]
        whole = self.est.field(me)  # the whole board: the way may go round
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
        if any(worth > 0 for _, worth in self.left_behind()):
            return []  # closing in would let go of the foe we hold
        walk = {"actor": me.id, "act": "move", "to": [stop[0], stop[1]]}
        if whole.cost[stop[1], stop[0]] > left + 1e-9:
            # a Dash is only worth its action for the walk it buys: the walk is played next
            return [Plan(1.0, {"actor": me.id, "act": "dash"}, "dash", then=walk)]
        return [Plan(1.0, walk, "close in")]

    def hold_the_gap(self) -> Plan | None:
        """Hard, at a chokepoint: more melee foes are coming than can reach us at once here,
        so stay and ready an attack for the first that steps into reach (5e, Ready)."""
        me = self.me
        weapon = me.stats.strongest_melee
        if weapon is None or self.prefers_range():
            return None
        here = self.sp[me.id]
        coming = []
        for foe in self.foes:
            melee = self.coming_reach(foe)
            if melee is None:
                continue  # archers will not come
            squares = (foe.speed() + melee) / SQUARE_M
            if gap_squares(here, self.sp[foe.id], self.battle.diagonals) <= squares:
                coming.append(foe)
        if len(coming) < 2 or len(coming) <= self.gang_up(here, coming):
            return None
        command = {"actor": me.id, "act": "ready", "trigger": {"event": "enters_reach", "by": "enemy"},
                   "then": {"act": "attack", "with": weapon.name}}
        return Plan(1.2, command, "hold the chokepoint")

    @staticmethod
    def coming_reach(foe, casters_stay: bool = False) -> float | None:
        """The melee reach of a foe that comes to strike in melee; None for one whose best attack
        is ranged (an archer keeps its distance), and with casters_stay for a caster too."""
        melee = foe.stats.melee_reach
        ranged = foe.stats.most_ranged_damage or 0.0
        best_melee = foe.stats.most_melee_damage or 0.0
        if melee is None or ranged > best_melee or casters_stay and foe.stats.spellcasting:
            return None
        return melee

    def gang_up(self, space, foes) -> int:
        """How many foes could stand next to us at once here: the free squares around our space
        that they can walk to without passing through it."""
        board = self.battle.board
        open_ground = ~board.blocks_move
        for ally in self.allies:
            if ally.alive:
                ax, ay, aside = self.sp[ally.id]
                open_ground[ay:ay + aside, ax:ax + aside] = False
        x, y, side = space
        open_ground[y:y + side, x:x + side] = False
        seeds = np.zeros_like(open_ground)
        for f in foes:
            fx, fy = self.sp[f.id][:2]
            seeds[fy, fx] = True
        theirs = connected(open_ground, seeds)  # the ground the foes can walk over
        h, w = open_ground.shape
        ring = theirs[max(0, y - 1):min(h, y + side + 1), max(0, x - 1):min(w, x + side + 1)]
        return int(ring.sum())

    # -------------------------------------------------------------- hiding
    def can_hide_now(self) -> bool:
        """Hide as a bonus action (Nimble Escape, Cunning Action), not hidden yet, no foe at hand."""
        me = self.me
        return bool({"nimble-escape", "cunning-action"} & me.stats.traits) and me.bonus_action \
            and "hidden" not in me.conditions and not self.adjacent_foes(self.sp[me.id])

    def hide_value(self) -> float:
        """Hidden, our next attack has advantage and the foes' attacks on us disadvantage."""
        mine = self.me.stats.most_damage or 0.0
        theirs = sum(damage for _, _, damage in self.foe_archers())
        return 0.25 * mine + 0.25 * theirs + 0.5

    def side_at(self, field, x: int, y: int) -> int:
        """The side of our space at (x, y): smaller where we would squeeze."""
        return squeezed_squares(self.me.size) if field.squeezing[y, x] else SPACE_SQUARES[self.me.size]

    def nearest_squares(self, field, reach, most: int = 150) -> list[tuple[int, int]]:
        """The squares within reach where a move may end (not squeezing), nearest first."""
        ys, xs = np.nonzero(reach & field.can_end & ~field.squeezing)
        order = np.lexsort((xs, ys, field.cost[ys, xs]))[:most]
        return list(zip(xs[order].tolist(), ys[order].tolist()))

    def affordable_squares(self, foes) -> int:
        """How many squares to check for cover against these foes: about 3,000 lines in all
        (a line per corner of their space and ours), so that a turn never waits on it."""
        ours = (self.me.side_squares + 1) ** 2
        lines = sum((self.sp[f.id][2] + 1) ** 2 for f in foes) * ours
        return max(12, min(150, 3000 // max(lines, 1)))

    def hideouts(self, field, reach, most: int = 12) -> list[tuple[int, int]]:
        """The nearest squares within reach where we could hide (cover from every foe): looked
        at nearest first, HIDEOUT_BATCH at a time, until `most` are found (the twelfth is most
        often among the first 20 of 46 to 93 squares, measured)."""
        squares = self.nearest_squares(field, reach, self.affordable_squares(self.foes))
        side = self.me.side_squares
        found: list[tuple[int, int]] = []
        for start in range(0, len(squares), HIDEOUT_BATCH):
            batch = squares[start:start + HIDEOUT_BATCH]
            self.prefetch_hideouts([(x, y, side) for x, y in batch])
            found += [(x, y) for x, y in batch if self.hideout((x, y, side))]
            if len(found) >= most:
                break
        return found[:most]

    def prefetch_hideouts(self, spaces) -> None:
        """hideout of each of these spaces not answered yet: foe by foe, the covers of only the
        spaces every foe before it leaves in cover (a foe that would see us there ends the
        question), each foe's in one call: far fewer lines than every pair."""
        known = self.hideout_values()
        spaces = [space for space in dict.fromkeys(spaces) if space not in known]
        me = self.index[self.me.id]
        for foe in self.foes:
            if not spaces:
                return
            at, owner = self.sp[foe.id], self.owner_index(foe)
            levels = cover_many(self.blockers, [(at, space, owner, me) for space in spaces], estimate=True).tolist()
            known.update((space, False) for space, level in zip(spaces, levels) if level < 1)
            spaces = [space for space, level in zip(spaces, levels) if level >= 1]
        known.update(dict.fromkeys(spaces, True))

    def hideout_values(self) -> dict:
        """Where hideout's answers are kept, by space: while the foes asked are the same (a foe
        that hid is not; kept_with_covers)."""
        return self.kept_with_covers("hideout", tuple(foe.id for foe in self.foes))

    def shelters(self, field, reach, most: int = 8) -> list[tuple[int, int]]:
        """The squares within reach best covered from the foe archers, nearest first among equals."""
        squares = self.nearest_squares(field, reach, self.affordable_squares(
            [f for f, _, _ in self.foe_archers() for _ in self.archer_spots(f)]))
        side = self.me.side_squares
        self.prefetch_shelter([(x, y, side) for x, y in squares])
        covered = [(-self.shelter((x, y, side)), i) for i, (x, y) in enumerate(squares)]
        return [squares[i] for value, i in sorted(covered)[:most] if value < 0]

    def hideout(self, space) -> bool:
        """5e, Hide: from this space every foe would find us behind at least half cover."""
        known = self.hideout_values()
        if space not in known:
            self.prefetch_hideouts([space])
        return known[space]


def connected(ground: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """The squares of ground joined to a seed square of ground through ground, a step in any of
    the eight directions at a time (grown from the seeds until nothing more joins)."""
    reach = seeds & ground
    while True:
        grown = reach.copy()
        grown[1:, :] |= reach[:-1, :]
        grown[:-1, :] |= reach[1:, :]
        grown[:, 1:] |= reach[:, :-1]
        grown[:, :-1] |= reach[:, 1:]
        grown[1:, 1:] |= reach[:-1, :-1]
        grown[:-1, :-1] |= reach[1:, 1:]
        grown[1:, :-1] |= reach[:-1, 1:]
        grown[:-1, 1:] |= reach[1:, :-1]
        grown &= ground
        if np.array_equal(grown, reach):
            return reach
        reach = grown
