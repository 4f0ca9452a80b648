"""The orc's Aggressive (SRD 5.1, Orc: "As a bonus action, the orc can move up to its speed
toward a hostile creature that it can see").

The command is `aggressive` with `toward` (the hostile creature) and `to` (the square to end on)
or `path` (the squares walked). "Toward" is read strictly: every step of the move ends nearer,
by grid distance (5e, Distance: the squares between the two spaces), to the chosen creature.
The move walks up to the creature's walking speed, counted apart from its turn's movement (it
is a move of its own, like the readied move); it provokes opportunity attacks and triggers
readied actions like any move. The rule is written here once: the handler and the options
query both call `toward_paths`.
"""

from __future__ import annotations

import heapq

from ...core.board import SQUARE_M
from ..commands import Command, position_arg
from ...i18n import translator
from ..errors import IllegalCommand
from ..state import Creature
from . import actions, hiding
from .geometry import field_for, space_after_step, space_distance_m
from .vocab import number

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by
TRAIT = "aggressive"
STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def has_aggressive(creature: Creature) -> bool:
    return TRAIT in creature.stats.traits


def distance_to(battle, actor: Creature, target: Creature, space) -> float:
    """The grid distance in metres from the actor, standing in `space`, to the target."""
    return space_distance_m(battle, space, actor.altitude, target.space, target.altitude)


def ends_nearer(before_m: float, after_m: float) -> bool:
    """Whether a step from `before_m` away from the target to `after_m` away ends nearer."""
    return after_m < before_m - 1e-9


def nearer(battle, actor: Creature, target: Creature, before, after) -> bool:
    """Whether a step from space `before` to space `after` ends nearer to the target."""
    return ends_nearer(distance_to(battle, actor, target, before), distance_to(battle, actor, target, after))


def toward_paths(battle, actor: Creature, target: Creature, field=None) -> dict[tuple[int, int], tuple[float, list]]:
    """Every square the creature may end on by a move within its walking speed whose every step
    ends nearer to the target: square -> (cost in metres, the cheapest such path)."""
    field = field or field_for(battle, actor, "walk")
    budget = actions.speed(battle, actor, "walk")  # 5e, Lutte: halved while it drags a grappled creature
    h, w = field.cost.shape
    start = (actor.x, actor.y, actor.diagonal_parity)
    best = {start: 0.0}
    came: dict[tuple, tuple] = {}
    # how far from the target the space each square was reached in stands (the start: the
    # space it stands in now), and the space stepped into at each square asked (its distance)
    away_at = {(actor.x, actor.y): distance_to(battle, actor, target, actor.space)}
    stepped: dict[tuple[int, int], float] = {}
    heap = [(0.0, start)]
    found: dict[tuple[int, int], tuple[float, list]] = {}
    while heap:
        cost, node = heapq.heappop(heap)
        if cost > best.get(node, float("inf")) + 1e-9:
            continue
        x, y, parity = node
        if node != start and (x, y) not in found and field.can_end[y, x]:
            path, at = [], node
            while at != start:
                path.append(at[:2])
                at = came[at]
            found[(x, y)] = (cost, path[::-1])
        here = away_at[(x, y)]
        for dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or field.multiplier[ny, nx] == 0:
                continue
            if not field.corner_ok((x, y), (nx, ny)):
                continue
            away = stepped.get((nx, ny))
            if away is None:
                away = stepped[(nx, ny)] = distance_to(battle, actor, target, space_after_step(actor, field, nx, ny))
            if not ends_nearer(here, away):
                continue
            squares, new_parity = field.step_cost((nx, ny), dx != 0 and dy != 0, parity)
            total = cost + squares * SQUARE_M
            if total > budget + 1e-9:
                continue
            nxt = (nx, ny, new_parity)
            if total < best.get(nxt, float("inf")) - 1e-9:
                best[nxt] = total
                came[nxt] = node
                away_at[(nx, ny)] = away
                heapq.heappush(heap, (total, nxt))
    return found


def check_target(battle, actor: Creature, cmd: Command) -> Creature:
    """The creature moved toward: hostile, alive and seen (SRD 5.1, Aggressive)."""
    target = battle.creature(cmd.get("toward"))
    if target is actor or target.side == actor.side:
        raise IllegalCommand(_("{id} is not hostile to {actor}").format(id=target.id, actor=actor.id))
    if not target.alive:
        raise IllegalCommand(_("{id} is not alive").format(id=target.id))
    if not hiding.sees(battle, actor, target):
        raise IllegalCommand(_("{actor} cannot see {id}").format(actor=actor.id, id=target.id))
    return target


def steps_of(battle, actor: Creature, target: Creature, cmd: Command) -> list[tuple[int, int]]:
    """The steps of the move, each ending nearer to the target, within the creature's speed."""
    has_to, has_path = cmd.get("to") is not None, cmd.get("path") is not None
    if has_to == has_path:
        raise IllegalCommand(_("'aggressive' needs either 'to' or 'path'"))
    field = field_for(battle, actor, "walk")
    speed = actions.speed(battle, actor, "walk")  # halved while dragging (5e, Lutte)
    if has_to:
        x, y = position_arg(cmd.get("to"), "'to'")
        if (x, y) == (actor.x, actor.y):
            raise IllegalCommand(_("{id} is already at [{x}, {y}]").format(id=actor.id, x=x, y=y))
        if not battle.board.inside(x, y):
            raise IllegalCommand(_("[{x}, {y}] is outside the {width}x{height} map").format(
                x=x, y=y, width=battle.board.width, height=battle.board.height))
        battle._check_end(actor, field, x, y)
        found = toward_paths(battle, actor, target, field).get((x, y))
        if found is None:
            raise IllegalCommand(_("no path to [{x}, {y}] within {id}'s speed ({speed} m) ends every step nearer "
                                   "to {target} (Aggressive moves toward it)").format(
                x=x, y=y, id=actor.id, speed=number(speed), target=target.id))
        return list(found[1])
    steps = battle._given_path(actor, field, cmd.get("path"))
    before = actor.space
    for step in steps:
        after = space_after_step(actor, field, *step)
        if not nearer(battle, actor, target, before, after):
            raise IllegalCommand(_("the step to [{x}, {y}] does not end nearer to {target} (Aggressive moves toward "
                                   "it)").format(x=step[0], y=step[1], target=target.id))
        before = after
    cost = battle._path_cost(actor, field, steps)
    if cost > speed + 1e-9:
        raise IllegalCommand(_("the move costs {cost} m, more than {id}'s speed ({speed} m)").format(
            cost=number(cost), id=actor.id, speed=number(speed)))
    return steps


def do_aggressive(battle, actor: Creature, cmd: Command) -> None:
    """SRD 5.1, Orc, Aggressive: a bonus action, a move up to its speed toward a seen hostile."""
    from .moving import AllowanceMove

    battle._mobile(actor)
    if not has_aggressive(actor):
        raise IllegalCommand(_("{id} has no Aggressive trait").format(id=actor.id))
    if "mounted_on" in actor.effects:
        raise IllegalCommand(_("{id} is mounted: its mount moves, or it dismounts").format(id=actor.id))
    if actor.altitude > 0:
        raise IllegalCommand(_("{id} is flying at {altitude} m: Aggressive walks").format(
            id=actor.id, altitude=number(actor.altitude)))
    if actor.speed("walk") == 0:
        raise IllegalCommand(_("{id} has speed 0").format(id=actor.id))
    target = check_target(battle, actor, cmd)
    steps = steps_of(battle, actor, target, cmd)
    battle.use_bonus_action(actor, TRAIT)
    battle.emit("action", _("{name} moves aggressively toward {target} (bonus action)").format(
        name=actor.name, target=target.name), rules=("aggressive", "bonus-action"), creature=actor.id)
    battle.state.pending_move = AllowanceMove(actor.id, steps, "walk", left=actions.speed(battle, actor, "walk"),
                                              label="aggressive")
    battle._walk(first_checked=False)
