"""3.5 movement (a mixin of the engine): paths and their cost (1-2-1 diagonals, difficult
terrain x2, no corner cutting past walls, allies passable), the walk step by step with the
attacks of opportunity it provokes, and the charge's straight line.

3.5 SRD, Attacks of opportunity: moving out of a threatened square provokes from each
threatening opponent, once a round for one mover; the 5-foot step never provokes; a withdraw's
first square is not threatened by the opponents the mover sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...core.board import SQUARE_M
from ...core.movement import step_cost_squares
from ...core.sizes import SPACE_SQUARES
from ...i18n import decimal, translator
from ..commands import position_arg
from ..errors import IllegalCommand
from ..state import Offer
from . import hiding, readying, water
from .geometry import can_see, cover_level, field_for, gap, melee_attacks, threatens, within_band, reach_band
from .terrain_rules import MOVE_35

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


@dataclass
class Walk:
    """A move under way, paused while the attacks of opportunity it provoked are answered."""

    mover: str
    steps: list[tuple[int, int]]
    free_first: bool = False  # a withdraw: leaving the start square provokes from no seen opponent
    walked: list[tuple[int, int]] = field(default_factory=list)
    rules: tuple[str, ...] = ("move-action",)  # the rule cards its log lines name
    recheck: bool = False  # a readied move or spell came in between: is the rest of the way still open?


def ready_for_aoo(reactor, victim) -> bool:
    """3.5 SRD, Attacks of opportunity, wherever the victim stands: an opponent with one left this
    round, not flat-footed (unless Combat Reflexes), not in total defense, with a melee attack."""
    if reactor.side == victim.side or not reactor.standing or reactor.aoo_left <= 0 or not victim.alive:
        return False
    if reactor.flat_footed and "combat-reflexes" not in reactor.stats.feats:
        return False
    if "hidden" in victim.conditions:
        return False  # 3.5 SRD: no attack of opportunity against a target with total concealment
    return "total_defense" not in reactor.effects and "grappled" not in reactor.conditions \
        and bool(melee_attacks(reactor))


def can_take_aoo(battle, reactor, victim) -> bool:
    """... and where it stands: the reactor threatens it, sees it, and it has no cover from it."""
    if not ready_for_aoo(reactor, victim):
        return False
    if not threatens(battle, reactor, victim) or not can_see(battle, reactor, victim):
        return False
    return cover_level(battle, reactor, victim, ranged=False) == 0


def leaving_provokes(battle, reactor, mover, withdrawing: bool = False) -> bool:
    """Whether the mover leaving the square it stands on now provokes this reactor's attack of
    opportunity: can_take_aoo, and for a withdraw's first square a reactor the mover does not
    see. The walk and the move previews both ask it."""
    if not can_take_aoo(battle, reactor, mover):
        return False
    return not (withdrawing and can_see(battle, mover, reactor))  # 3.5 SRD, Withdraw


def in_order(battle, ids) -> list[str]:
    order = battle.state.order
    return sorted(ids, key=lambda cid: order.index(cid) if cid in order else len(order))


class Moving35:
    """Paths, the walk and its attacks of opportunity (a part of the engine)."""

    # ------------------------------------------------------------------ paths
    def _path(self, actor, cmd, limit_m: float) -> tuple[list[tuple[int, int]], float]:
        """The steps of a `to` or `path` argument and their cost in metres (IllegalCommand if the
        rules refuse it)."""
        fld = field_for(self, actor, "walk", limit_m=limit_m + SQUARE_M * 2)
        if cmd.get("path") is not None:
            raw = cmd.get("path")
            if not isinstance(raw, tuple) or not raw:
                raise IllegalCommand(_("'path' must be a list of [column, row] squares"))
            steps = [position_arg(p, _("each square of 'path'")) for p in raw]
            cost, frm, parity = 0, (actor.x, actor.y), actor.diagonal_parity
            for step in steps:
                if max(abs(step[0] - frm[0]), abs(step[1] - frm[1])) != 1:
                    raise IllegalCommand(_("the path jumps from {start} to {square}").format(start=list(frm),
                                                                                            square=list(step)))
                h, w = fld.shape
                if not (0 <= step[0] < w and 0 <= step[1] < h) or fld.multiplier[step[1], step[0]] == 0:
                    raise IllegalCommand(_("{id} cannot enter {square}").format(id=actor.id, square=list(step)))
                if not fld.corner_ok(frm, step):
                    raise IllegalCommand(_("no diagonal step past a wall's corner from {start} to {square}").format(
                        start=list(frm), square=list(step)))
                squares, parity = step_cost_squares(fld.multiplier, step, step[0] != frm[0] and step[1] != frm[1],
                                                    parity, MOVE_35)
                cost += squares
                frm = step
            cost_m = cost * SQUARE_M
            goal = steps[-1]
        else:
            goal = position_arg(cmd.get("to"), "'to'")
            h, w = fld.shape
            if not (0 <= goal[0] < w and 0 <= goal[1] < h):
                raise IllegalCommand(_("{square} is off the map").format(square=list(goal)))
            cost_m = fld.cost_to(*goal)
            if goal == (actor.x, actor.y):
                raise IllegalCommand(_("{id} is already at {square}").format(id=actor.id, square=list(goal)))
            if not np.isfinite(cost_m):
                raise IllegalCommand(_("{id} cannot reach {square}").format(id=actor.id, square=list(goal)))
            steps = fld.path_to(*goal)
        if not fld.can_end[goal[1], goal[0]]:
            who = next((o.id for o in self.state.creatures.values() if o is not actor and o.alive
                        and goal in o.squares()), None)
            words = _("{id} cannot end its move at {square} ({other} is there)") if who else \
                _("{id} cannot end its move at {square}")
            raise IllegalCommand(words.format(id=actor.id, square=list(goal), other=who))
        if cost_m > limit_m + 1e-9:
            raise IllegalCommand(_("{square} costs {cost} m, more than the {limit} m {id} may move").format(
                square=list(goal), cost=decimal(cost_m), limit=decimal(limit_m), id=actor.id))
        return steps, cost_m

    # ------------------------------------------------------------------ the walk
    def _walk(self, actor, steps, free_first: bool = False, rules: tuple[str, ...] = ("move-action",)) -> None:
        self.state.pending_move = Walk(actor.id, list(steps), free_first, rules=rules)
        if not self._offer_readied(actor, "moves"):  # readying.py: before its first step
            self._continue_walk()

    def _continue_walk(self) -> None:
        """Step on; before leaving a square, offer the attacks of opportunity it provokes (the walk
        waits for their answers)."""
        walk = self.state.pending_move
        mover = self.creature(walk.mover)
        if walk.recheck:
            walk.recheck = False
            self._still_open(mover, walk)
        while walk.steps and mover.standing and "grappled" not in mover.conditions:  # a grab stops it
            if water.needs_check(self, mover, walk.steps[0]) and not water.swim_check(self, mover):
                walk.steps = []  # water.py: no progress through the water this round
                break
            provokers = self._movement_provokers(mover, walk)
            if provokers:
                self._emit_walked(mover, walk)
                self._offer(provokers, mover, "move")
                return
            before = readying.threatening(self, mover)
            nxt = walk.steps.pop(0)
            if nxt[0] != mover.x and nxt[1] != mover.y:
                mover.diagonal_parity = 1 - mover.diagonal_parity
            mover.x, mover.y = nxt
            self._squeeze(mover)
            walk.walked.append(nxt)
            walk.free_first = False
            if self._offer_readied(mover, "enters_reach", before):  # readying.py: the rest of the move waits
                self._emit_walked(mover, walk)
                return
        self._emit_walked(mover, walk)
        self.state.pending_move = None
        hiding.after_move(self, mover)  # a hidden creature ending its move in the open is seen
        act = self.state.pending_act
        if act is not None and act[0] == "attack" and mover.standing and self._offer_readied(mover, "attacks"):
            return  # a charge's attack: the readied actions it triggers come first
        self._run_pending_act()

    def _still_open(self, mover, walk) -> None:
        """After a readied action interrupted the walk: the rest of the way up to the first square
        it may no longer enter, back to the last square it may end on (a creature may stand there
        now); the mover stops there."""
        fld = field_for(self, mover, "walk", limit_m=(len(walk.steps) + 2) * SQUARE_M * 4)
        h, w = fld.shape
        kept = []
        for x, y in walk.steps:
            if not (0 <= x < w and 0 <= y < h) or fld.multiplier[y, x] == 0:
                break
            kept.append((x, y))
        while kept and not fld.can_end[kept[-1][1], kept[-1][0]]:
            kept.pop()
        if kept != walk.steps:
            walk.steps = kept
            self.emit("note", _("{name}'s way is blocked: it stops at {square}").format(
                name=mover.name, square=list(kept[-1]) if kept else [mover.x, mover.y]),
                rules=("ready", "move-action"), creature=mover.id)

    def _squeeze(self, mover) -> None:
        """3.5 SRD, Squeezing: where its own space does not fit, a creature squeezes into the space
        of the next smaller size (-4 on attacks and AC) until it has room again."""
        side = SPACE_SQUARES[mover.size]
        board = self.board
        fits = board.inside(mover.x, mover.y, side) and not board.blocks_move[
            mover.y: mover.y + side, mover.x: mover.x + side].any()
        if fits and mover.squeezing:
            mover.conditions.discard("squeezing")
            self.emit("condition", _("{name} has room again").format(name=mover.name), rules=("squeezing",),
                      creature=mover.id)
        elif not fits and not mover.squeezing:
            mover.conditions.add("squeezing")
            self.emit("condition", _("{name} squeezes through (-4 to attack and AC)").format(name=mover.name),
                      rules=("squeezing",), creature=mover.id)

    def _emit_walked(self, mover, walk) -> None:
        if walk.walked:
            rules = walk.rules + (("difficult-terrain",) if self._rough(mover, walk.walked) else ())
            self.emit("move", _("{name} moves to {square}").format(name=mover.name, square=list(walk.walked[-1])),
                      rules=rules, creature=mover.id, path=[list(p) for p in walk.walked])
            walk.walked = []

    def _rough(self, mover, squares) -> bool:
        """Whether the mover's space entered difficult terrain on any of these squares (3.5 SRD,
        Difficult terrain: each such square costs two)."""
        side = SPACE_SQUARES[mover.size]
        factor = MOVE_35.enter_factor[self.board.terrain]
        return any((factor[y: y + side, x: x + side] > 1).any() for x, y in squares)

    def _movement_provokers(self, mover, walk) -> list[str]:
        taken = mover.effects.setdefault("aoo_from", set())
        found = []
        for e in self.state.creatures.values():
            if e.id not in taken and leaving_provokes(self, e, mover, walk.free_first):
                found.append(e.id)
        taken.update(found)
        return in_order(self, found)

    def _offer(self, reactors, provoker, stage: str) -> None:
        for rid in reactors:
            self._add_offer(Offer(rid, "opportunity", provoker.id, stage))
            self.emit("offer", _("{name} provokes an attack of opportunity from {reactor}").format(
                name=provoker.name, reactor=self.state.creatures[rid].name), rules=("attacks-of-opportunity",),
                reactor=rid, provoker=provoker.id)

    # ------------------------------------------------------------------ the charge
    def charge_plan(self, actor, target, attack, to=None) -> tuple[list[tuple[int, int]] | None, str]:
        """3.5 SRD, Charge: to the closest space from which it can attack the target, at least 2
        squares and at most twice its speed away, on a straight line free of anything that blocks
        or slows movement and of creatures. (steps, '') or (None, why not)."""
        limit = actor.speed() * (1 if actor.limited else 2)
        fld = field_for(self, actor, "walk", limit_m=limit + SQUARE_M * 2)
        side = actor.side_squares
        h, w = self.board.terrain.shape
        spots = []
        for y in range(max(0, target.y - 6), min(h, target.y + target.side_squares + 6)):
            for x in range(max(0, target.x - 6), min(w, target.x + target.side_squares + 6)):
                if not within_band((x, y, side), target.space, reach_band(actor, attack)):
                    continue
                if (x, y) != (actor.x, actor.y) and not fld.terrain_ok[y, x]:
                    continue
                # the nearest by the 1-2-1 count; among those the straightest, then in reading order
                spots.append((gap((actor.x, actor.y, 1), (x, y, 1)) if (x, y) != (actor.x, actor.y) else 0,
                              (x - actor.x) ** 2 + (y - actor.y) ** 2, y, x))
        if not spots:
            return None, _("no square to attack {id} from").format(id=target.id)
        nearest = min(s[0] for s in spots)
        if nearest < 2:
            return None, _("{id} is too near to charge (at least 2 squares of movement)").format(id=target.id)
        if nearest * SQUARE_M > limit + 1e-9:
            return None, _("{id} is too far to charge ({limit} m at most)").format(id=target.id, limit=decimal(limit))
        candidates = [(x, y) for d, _dist, y, x in sorted(spots) if d == nearest]
        if to is not None:
            if to not in candidates:
                return None, _("{square} is not a closest square to attack {id} from").format(square=list(to),
                                                                                              id=target.id)
            candidates = [to]
        why = _("no clear straight line to {id}").format(id=target.id)
        for goal in candidates:
            line = self._charge_line(actor, goal, fld)
            if line is not None:
                return line, ""
            if to is not None:
                why = _("the line to {square} is not clear").format(square=list(goal))
        return None, why

    def _charge_line(self, actor, goal, fld):
        """The squares on the straight line from the actor's position to goal, each free (no
        wall, no difficult terrain, no creature), or None."""
        sx, sy = actor.x, actor.y
        side = actor.side_squares
        n = max(abs(goal[0] - sx), abs(goal[1] - sy)) * 4
        steps = []
        for i in range(1, n + 1):
            t = i / n
            p = (int(np.floor(sx + 0.5 + (goal[0] - sx) * t)), int(np.floor(sy + 0.5 + (goal[1] - sy) * t)))
            if steps and p == steps[-1] or p == (sx, sy):
                continue
            steps.append(p)
        others = [o for o in self.state.creatures.values() if o is not actor and o.alive and not o.helpless]
        prev = (sx, sy)
        for (x, y) in steps:
            if not fld.corner_ok(prev, (x, y)):
                return None
            prev = (x, y)
            if not fld.terrain_ok[y, x] or fld.multiplier[y, x] != 1 or fld.squeezing[y, x]:
                return None
            space = {(x + i, y + j) for j in range(side) for i in range(side)}
            if any(space & set(o.squares()) for o in others):
                return None
        if steps and steps[-1] != tuple(goal):
            return None
        return steps
