"""3.5 run (a mixin of the engine, with the check the options and the screen share): a full-round
action, up to four times the speed in a straight line, never into difficult terrain, provoking as
a move does; the runner loses its Dex bonus to AC until its next turn (combat.odds).

Seed 003, Vitesse de déplacement: « En courant pendant tout le round, on parcourt quatre fois la
distance normale (trois fois seulement si l'on est en armure lourde) ». The stat blocks do not
say whose armour is heavy (none of the bundled heroes wears any): four times for every creature.
The straight line, as the engine reads it: every step in the same one of the eight directions
(along a row, a column or a diagonal), each square open and not difficult, no squeezing.
"""

from __future__ import annotations

from ...core.board import SQUARE_M
from ...core.movement import step_cost_squares
from ...i18n import _, decimal
from ..commands import position_arg
from ..errors import IllegalCommand
from .geometry import field_for
from .terrain_rules import MOVE_35

RUN_FACTOR = 4  # seed 003: « quatre fois la distance normale »


def run_reach(actor) -> float:
    """The metres a run may cover."""
    return actor.speed() * RUN_FACTOR


def run_unready(battle, actor) -> str:
    """Why the actor may not run this turn at all ('' when it may)."""
    try:
        battle._free_to_move(actor)
    except IllegalCommand as exc:
        return str(exc)
    if actor.moved:
        return _("{id} has moved this turn: no run").format(id=actor.id)
    if actor.limited or not (actor.standard and actor.move_action) or actor.sequence:
        return _("a run needs {id}'s whole turn").format(id=actor.id)
    return ""


def straight_steps(start, goal) -> list[tuple[int, int]] | None:
    """The squares from start to goal along one of the eight directions (None when off them)."""
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
        return None
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [(start[0] + sx * i, start[1] + sy * i) for i in range(1, n + 1)]


class Running35:
    """The `run` act (a part of the engine)."""

    def run_plan(self, actor, cmd, fld=None) -> tuple[list[tuple[int, int]], float]:
        """The run's steps and cost for a `to` or `path` argument (IllegalCommand when refused)."""
        why = run_unready(self, actor)
        if why:
            raise IllegalCommand(why)
        start = (actor.x, actor.y)
        if cmd.get("path") is not None:
            raw = cmd.get("path")
            if not isinstance(raw, (tuple, list)) or not raw:
                raise IllegalCommand(_("'path' must be a list of [column, row] squares"))
            steps = [position_arg(p, _("each square of 'path'")) for p in raw]
            if straight_steps(start, steps[-1]) != steps:
                raise IllegalCommand(_("a run goes straight: every step in the same direction"))
        else:
            goal = position_arg(cmd.get("to"), "'to'")
            steps = straight_steps(start, goal)
            if steps is None:
                raise IllegalCommand(_("a run goes straight: {square} is not on a row, a column or a diagonal from "
                                       "{id}").format(square=list(goal), id=actor.id))
        limit = run_reach(actor)
        fld = fld or field_for(self, actor, "walk", limit_m=limit + 2 * SQUARE_M)
        h, w = fld.shape
        squares, frm, parity = 0, start, actor.diagonal_parity
        for x, y in steps:
            if not (0 <= x < w and 0 <= y < h) or fld.multiplier[y, x] == 0:
                raise IllegalCommand(_("{id} cannot enter {square}").format(id=actor.id, square=[x, y]))
            if fld.multiplier[y, x] != 1 or fld.squeezing[y, x]:
                # RULESETS.md section 1: « no difficult terrain »
                raise IllegalCommand(_("no run through difficult terrain ({square})").format(square=[x, y]))
            if not fld.corner_ok(frm, (x, y)):
                raise IllegalCommand(_("no diagonal step past a wall's corner from {start} to {square}").format(
                    start=list(frm), square=[x, y]))
            cost, parity = step_cost_squares(fld.multiplier, (x, y), x != frm[0] and y != frm[1], parity, MOVE_35)
            squares += cost
            frm = (x, y)
        goal = steps[-1]
        if not fld.can_end[goal[1], goal[0]]:
            raise IllegalCommand(_("{id} cannot end its move at {square}").format(id=actor.id, square=list(goal)))
        cost_m = squares * SQUARE_M
        if cost_m > limit + 1e-9:
            raise IllegalCommand(_("{square} costs {cost} m, more than the {limit} m {id} may move").format(
                square=list(goal), cost=decimal(cost_m), limit=decimal(limit), id=actor.id))
        return steps, cost_m

    def _do_run(self, actor, cmd) -> None:
        """3.5 SRD, Run: a full-round action; it provokes as a move does; no Dex to AC to its next turn."""
        steps, _cost = self.run_plan(actor, cmd)
        self._spend(actor, "full")
        actor.moved = True
        actor.effects["running"] = True
        self.emit("action", _("{name} runs (no Dex bonus to AC until its next turn)").format(name=actor.name),
                  rules=("run",), creature=actor.id)
        self._walk(actor, steps, rules=("run", "diagonals"))
