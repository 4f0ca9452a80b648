"""Moving in battle: the move command, paths and their cost, walking step by step, and the
opportunity attacks a step provokes (5e, "Mouvement et position", "Attaques d'opportunité")."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.board import SQUARE_M
from ...core.movement import MODES
from ...i18n import N_, translator
from ..commands import Command, position_arg
from ..errors import IllegalCommand
from ..state import Creature, Offer, PendingMove
from . import actions, hiding, mounted
from .attacks import first_melee
from .conditions import can_react
from .geometry import field_for, space_after_step, space_distance_m
from .terrain_rules import MOVE_5E
from .vocab import number

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


@dataclass
class AllowanceMove(PendingMove):
    """A move with an allowance of its own, counted apart from the turn's movement (the orc's
    Aggressive, SRD 5.1: up to its speed; a readied move)."""

    left: float = 0.0  # metres it may still move
    label: str = "readied"  # what the log says instead of the movement left (ALLOWANCE_WORDS)


@dataclass
class ReactionMove(AllowanceMove):
    """A move made with a reaction (a readied move): up to the creature's speed, counted apart
    from its turn's movement; the offers and the move it interrupted wait until it ends."""

    waiting: int = 0  # offers that were waiting when it began
    interrupted: PendingMove | None = None


ALLOWANCE_WORDS = {"readied": N_("readied"), "aggressive": N_("aggressive")}


def offers_waiting(pending: PendingMove | None) -> int:
    """How many of the offers waiting are not the pending move's own (those it interrupted)."""
    return pending.waiting if isinstance(pending, ReactionMove) else 0


def mode_refusal(actor: Creature, mode: str) -> str | None:
    """Why the creature cannot move in this mode now (None: it can), for the move command and
    the options."""
    if mode not in MODES:
        return _("unknown movement mode {mode!r} (walk, fly, swim, climb)").format(mode=mode)
    if "mounted_on" in actor.effects:
        return _("{id} is mounted: its mount moves, or it dismounts").format(id=actor.id)
    if mode == "fly" and actor.stats.speed_of("fly") == 0:
        return _("{id} has no fly speed").format(id=actor.id)
    if mode == "fly" and actor.prone:
        # 5e, Être à terre: "Pour bouger quand vous êtes à terre, vous devez ramper": it stands first
        return _("{id} is prone: it must stand up before it flies").format(id=actor.id)
    if actor.speed(mode) == 0:
        return _("{id} has speed 0").format(id=actor.id)
    return None


class Moving:
    """The Battle's movement: mixed into Battle, which owns the state."""

    def _do_move(self, actor: Creature, cmd: Command) -> None:
        self._mobile(actor)
        mode = cmd.get("mode", "walk")
        refusal = mode_refusal(actor, mode)
        if refusal:
            raise IllegalCommand(refusal)
        altitude = cmd.get("altitude")
        if altitude is not None:
            if not isinstance(altitude, (int, float)) or isinstance(altitude, bool) or altitude < 0:
                raise IllegalCommand(_("'altitude' must be 0 or more metres"))
            if mode != "fly" and altitude != actor.altitude:
                raise IllegalCommand(_("only a flying move (mode = \"fly\") changes altitude"))
        elif actor.altitude > 0 and mode != "fly":
            raise IllegalCommand(_("{id} is flying at {altitude} m: move with mode = \"fly\"").format(
                id=actor.id, altitude=number(actor.altitude)))
        has_to, has_path = cmd.get("to") is not None, cmd.get("path") is not None
        if has_to and has_path or not (has_to or has_path or altitude is not None):
            raise IllegalCommand(_("'move' needs either 'to' or 'path' (or, flying, 'altitude')"))
        field = field_for(self, actor, mode)
        left = actions.movement_left(self, actor, mode)
        if has_to:
            x, y = position_arg(cmd.get("to"), "'to'")
            steps = self._path_to(actor, field, x, y)
        elif has_path:
            steps = self._given_path(actor, field, cmd.get("path"))
        else:
            steps = []
        cost = self._path_cost(actor, field, steps)
        climb = 0.0 if altitude is None else abs(float(altitude) - actor.altitude)
        if cost + climb > left + 1e-9:
            raise IllegalCommand(_("the move costs {cost} m, {id} has {left} m of movement left").format(
                cost=number(cost + climb), id=actor.id, left=number(left)))
        if climb:  # first up or down on the spot, a step of its own (it may leave a reach too)
            steps = [(actor.x, actor.y, float(altitude))] + steps
        if steps:
            self.state.pending_move = PendingMove(actor.id, steps, mode)
            self._walk(first_checked=False, field=field)

    def _path_to(self, actor: Creature, field, x: int, y: int) -> list[tuple[int, int]]:
        if (x, y) == (actor.x, actor.y):
            raise IllegalCommand(_("{id} is already at [{x}, {y}]").format(id=actor.id, x=x, y=y))
        if not self.board.inside(x, y):
            raise IllegalCommand(_("[{x}, {y}] is outside the {width}x{height} map").format(
                x=x, y=y, width=self.board.width, height=self.board.height))
        self._check_end(actor, field, x, y)
        steps = field.path_to(x, y)
        if not steps:
            raise IllegalCommand(_("{id} has no way to [{x}, {y}]").format(id=actor.id, x=x, y=y))
        return steps

    def _check_end(self, actor: Creature, field, x: int, y: int) -> None:
        h, w = field.cost.shape
        if not (0 <= x < w and 0 <= y < h) or not field.terrain_ok[y, x]:
            raise IllegalCommand(_("{id} does not fit at [{x}, {y}]").format(id=actor.id, x=x, y=y))
        if not field.can_end[y, x]:
            for other in self.state.creatures.values():
                if other is not actor and other.alive and any(
                        (sx, sy) in other.squares() for sx in range(x, x + actor.side_squares)
                        for sy in range(y, y + actor.side_squares)):
                    line = _("a hostile creature occupies [{x}, {y}] ({id})") if other.side != actor.side \
                        else _("another creature occupies [{x}, {y}] ({id})")
                    raise IllegalCommand(line.format(x=x, y=y, id=other.id))
            raise IllegalCommand(_("{id} cannot end its move at [{x}, {y}]").format(id=actor.id, x=x, y=y))

    def _given_path(self, actor: Creature, field, raw) -> list[tuple[int, int]]:
        """A command's `path` as steps (its first square may be where the actor stands), checked
        step by step on the field."""
        if not isinstance(raw, tuple) or not raw:
            raise IllegalCommand(_("'path' must be a list of [column, row] squares"))
        steps = [position_arg(p, _("each square of 'path'")) for p in raw]
        if steps[0] == (actor.x, actor.y):
            steps = steps[1:]
        if not steps:
            raise IllegalCommand(_("{id} is already there").format(id=actor.id))
        self._check_path(actor, field, steps)
        return steps

    def _check_path(self, actor: Creature, field, steps: list[tuple[int, int]]) -> None:
        prev = (actor.x, actor.y)
        for x, y in steps:
            if max(abs(x - prev[0]), abs(y - prev[1])) != 1:
                raise IllegalCommand(_("path step {start} to [{x}, {y}] is not to a neighbouring square").format(
                    start=list(prev), x=x, y=y))
            if not self.board.inside(x, y) or field.multiplier[y, x] == 0:
                raise IllegalCommand(_("{id} cannot move through [{x}, {y}]").format(id=actor.id, x=x, y=y))
            if not field.corner_ok(prev, (x, y)):
                raise IllegalCommand(_("path step {start} to [{x}, {y}] slips between two blocked corners").format(
                    start=list(prev), x=x, y=y))
            prev = (x, y)
        self._check_end(actor, field, *steps[-1])

    def _path_cost(self, actor: Creature, field, steps) -> float:
        parity = actor.diagonal_parity
        prev = (actor.x, actor.y)
        total = 0
        for step in steps:
            diagonal = step[0] != prev[0] and step[1] != prev[1]
            cost, parity = field.step_cost(step, diagonal, parity)
            total += cost
            prev = step
        return total * SQUARE_M

    def _opportunity_offers(self, mover: Creature, before, after, altitude: float | None = None) -> list[Offer]:
        """5e, Opportunity attacks: a hostile creature that sees you, as you leave its reach.

        From the space before to the space after, at the mover's altitude, or flying up or down
        to `altitude` (height counts for reach, geometry.distance_m).
        """
        height = mover.altitude if altitude is None else altitude
        if "disengaged" in mover.conditions:
            return []
        offers = []
        creatures, side = self.state.creatures, mover.side
        for rid in self.state.order:  # (the quickest questions first: most creatures are out at once)
            r = creatures[rid]
            if r.side == side or not can_react(r):
                continue
            reach = first_melee(r).reach  # the attack an opportunity attack is made with
            space = r.space
            if space_distance_m(self, space, r.altitude, before, mover.altitude) > reach + 1e-9:
                continue  # not in its reach before the step
            steed = mounted.mount_of(self, r)
            if mover.id in (r.effects.get("grappled_by"), steed and steed.effects.get("grappled_by")):
                continue  # dragged along (or riding what is dragged), it never leaves the mover's side
            now = space_distance_m(self, space, r.altitude, after, height) <= reach + 1e-9
            if not now and hiding.sees(self, r, mover):  # "que vous pouvez voir"
                offers.append(Offer(reactor=r.id, kind="opportunity", provoker=mover.id))
        return offers

    def _walk(self, first_checked: bool, field=None) -> None:
        """Carry out the pending move step by step, pausing where reactions are offered (field:
        the mover's field for the pending mode, when the caller has it at hand)."""
        pending = self.state.pending_move
        reaction = isinstance(pending, AllowanceMove)
        mover = self.state.creatures[pending.mover]
        if field is None:
            field = field_for(self, mover, pending.mode)
        walked = [(mover.x, mover.y)]
        spent = 0.0
        dragged = actions.drags(self, mover) if pending.own_movement else []
        drag_paths = {c.id: [(c.x, c.y)] for c in dragged}
        while pending.steps:
            if not mover.standing:
                break
            refusal = mode_refusal(mover, pending.mode)
            if refusal:  # knocked prone in flight, say: it goes no further
                self.emit("note", _("{name} stops at [{x}, {y}]: {why}").format(
                    name=mover.name, x=mover.x, y=mover.y, why=refusal), rules=("movement",), creature=mover.id)
                break
            nxt = pending.steps[0]
            rising = len(nxt) == 3  # (x, y, altitude): flying up or down on the spot
            after = mover.space if rising else space_after_step(mover, field, *nxt)
            if not first_checked and pending.own_movement:
                offers = self._opportunity_offers(mover, mover.space, after, nxt[2] if rising else None)
                if offers:
                    self._emit_move(mover, walked, spent)
                    self._offer(offers)
                    return
            first_checked = False
            if rising:
                if not self._fly_to(mover, nxt[2], pending.mode):
                    break
                pending.steps.pop(0)
                continue
            diagonal = nxt[0] != mover.x and nxt[1] != mover.y
            cost, parity = field.step_cost(nxt, diagonal, mover.diagonal_parity)
            metres = cost * SQUARE_M
            left = pending.left if reaction else actions.movement_left(self, mover, pending.mode)
            if field.multiplier[nxt[1], nxt[0]] == 0 or metres > left + 1e-9:
                self.emit("note", _("{name} stops at [{x}, {y}]: cannot go on").format(
                    name=mover.name, x=mover.x, y=mover.y), rules=("movement",), creature=mover.id)
                break
            if reaction:
                pending.left -= metres
            else:
                mover.movement_spent += metres
            spent += metres
            mover.diagonal_parity = parity
            mover.x, mover.y = nxt
            if field.squeezing[nxt[1], nxt[0]]:
                mover.conditions.add("squeezing")
            else:
                mover.conditions.discard("squeezing")
            walked.append(nxt)
            pending.steps.pop(0)
            mounted.carry_rider(self, mover)
            for c in list(dragged):  # 5e: a grappled creature is dragged along, into the square left
                if "mounted_on" in c.effects:
                    # 5e, Combat monté: a rider moved against its will saves Dex DC 10 or falls
                    # prone beside its mount; either way it is not dragged out of the saddle
                    dragged.remove(c)
                    mounted.keep_saddle(self, c, _("dragged by {name}").format(name=mover.name))
                    continue
                spot = walked[-2]
                if c.side_squares <= mover.side_squares and self._free_for(c, spot, mover, dragged):
                    c.x, c.y = spot
                    drag_paths[c.id].append(spot)
                    mounted.carry_rider(self, c)
                    rider = mounted.rider_of(self, c)
                    if rider is not None and len(drag_paths[c.id]) == 2:
                        # 5e, Combat monté: its mount moved against its will, the rider saves or falls
                        mounted.keep_saddle(self, rider, _("{name} is dragged").format(name=c.name))
            if pending.own_movement:
                # a readied action may fire once the step is made
                triggered = self._readied_offers(mover, "enters_reach", walked[-2] + (after[2],), after)
                if not pending.readied_checked:
                    pending.readied_checked = True
                    triggered += self._readied_offers(mover, "moves")
                if triggered:
                    self._emit_move(mover, walked, spent)
                    self._offer(triggered)
                    pending.resume_unchecked = True
                    return
        self._emit_move(mover, walked, spent)
        for c in dragged:
            if len(drag_paths[c.id]) > 1:
                self.emit("move", _("{name} is dragged to [{x}, {y}]").format(name=c.name, x=c.x, y=c.y),
                          rules=("grapple", "movement"), creature=c.id,
                          path=[list(p) for p in drag_paths[c.id]], cost=0.0, forced=True)
        self.state.pending_move = pending.interrupted if isinstance(pending, ReactionMove) else None
        hiding.reveal_if_seen(self, mover)

    def _fly_to(self, mover: Creature, altitude: float, mode: str) -> bool:
        """Fly straight up or down; whether there was movement enough for it."""
        climb = abs(altitude - mover.altitude)
        if climb > actions.movement_left(self, mover, mode) + 1e-9:
            self.emit("note", _("{name} stays at {altitude} m: cannot go on").format(
                name=mover.name, altitude=number(mover.altitude)), rules=("flying",), creature=mover.id)
            return False
        # flying up or down costs movement like flying across (this game's reading)
        mover.movement_spent += climb
        mover.altitude = altitude
        mounted.carry_rider(self, mover)
        self.emit("move", _("{name} flies to an altitude of {altitude} m ({climb} m)").format(
                  name=mover.name, altitude=number(mover.altitude), climb=number(climb)), rules=("flying", "movement"),
                  creature=mover.id, path=[[mover.x, mover.y]], cost=climb, altitude=mover.altitude)
        return True

    def _free_for(self, creature: Creature, spot, mover: Creature, moving) -> bool:
        """Whether a dragged creature fits at spot without landing on anyone."""
        side = creature.side_squares
        squares = {(spot[0] + i, spot[1] + j) for i in range(side) for j in range(side)}
        for other in self.state.creatures.values():
            if other is creature or not other.alive or "mounted_on" in other.effects:
                continue
            if other is not mover and other in moving:
                continue
            if squares & set(other.squares()):
                return False
        return True

    def _emit_move(self, mover: Creature, walked, spent: float) -> None:
        if len(walked) < 2:
            return
        end = walked[-1]
        pending = self.state.pending_move
        if isinstance(pending, AllowanceMove):
            left = _(ALLOWANCE_WORDS.get(pending.label, pending.label))
        else:
            left = _("{left} m left").format(left=number(actions.movement_left(self, mover)))
        line = _("{name} moves to [{x}, {y}], {spent} m (squeezing) ({left})") if mover.squeezing else \
            _("{name} moves to [{x}, {y}], {spent} m ({left})")
        self.emit("move", line.format(name=mover.name, x=end[0], y=end[1], spent=number(spent), left=left),
                  rules=self._move_rules(mover, walked, pending), creature=mover.id,
                  path=[list(p) for p in walked], cost=spent)

    def _move_rules(self, mover: Creature, walked, pending) -> tuple[str, ...]:
        """The rule cards a move applied: movement, and what made its squares cost more (the
        terrain's own factor, another creature's space, squeezing, crawling), or flying."""
        rules = ["movement"]
        board = self.board
        costly = board.derived("5e costly squares", lambda: (board.lookup(MOVE_5E.enter_factor) > 1).tolist())
        entered = walked[1:]
        if any(costly[y][x] for x, y in entered):
            rules.append("difficult-terrain")
        passed = set(entered[:-1])  # the squares walked through (the last one is where it stops)
        if passed and any(sq in passed for c in self.state.creatures.values() if c is not mover and c.alive
                          and "mounted_on" not in c.effects and c.effects.get("grappled_by") != mover.id
                          for sq in c.squares()):
            rules.append("moving-around-creatures")
        if mover.squeezing:
            rules.append("squeezing")
        if mover.prone:
            rules.append("prone")
        if pending is not None and pending.mode == "fly":
            rules.append("flying")
        if isinstance(pending, AllowanceMove) and pending.label == "aggressive":
            rules.append("aggressive")
        elif isinstance(pending, ReactionMove):
            rules += ["ready", "reactions"]
        return tuple(rules)

