"""4e movement read once for the engine and the options: the path a `move`, `run`, `shift` or
`charge` takes and what it costs, and who gets an opportunity attack along it (RULESETS.md 2:
leaving a square adjacent to an enemy, even into another adjacent one; never when shifting or
forced)."""

from __future__ import annotations

from ...core.board import SQUARE_M
from ...i18n import translator
from ..errors import IllegalCommand
from .creature import NO_IMMEDIATE
from .geometry import adjacent, can_see, field_for, foes_beside

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def path_for(battle, c, to=None, path=None, limit_m: float | None = None, field=None):
    """(steps, cost in metres) of a move to `to` (the cheapest path) or along `path`."""
    field = field if field is not None else field_for(battle, c, limit_m=limit_m)
    if path is not None:
        if not isinstance(path, tuple) or not path:
            raise IllegalCommand(_("'path' must be a list of [column, row] squares"))
        steps = []
        here = (c.x, c.y)
        cost = 0
        for square in path:
            step = _square(square, _("each square of 'path'"))
            if max(abs(step[0] - here[0]), abs(step[1] - here[1])) != 1:
                raise IllegalCommand(_("{square} is not next to {start}: a path goes square by square").format(
                    square=list(step), start=list(here)))
            if not battle.board.inside(step[0], step[1], c.side_squares) or field.multiplier[step[1], step[0]] == 0:
                raise IllegalCommand(_("{name} cannot enter {square}").format(name=c.name, square=list(step)))
            if not field.corner_ok(here, step):
                raise IllegalCommand(_("no cutting the corner from {start} to {square}").format(start=list(here),
                                                                                              square=list(step)))
            cost += field.step_cost(step, True, 0)[0]
            steps.append(step)
            here = step
        if not field.can_end[here[1], here[0]]:
            raise IllegalCommand(_("{name} cannot end its move on {square}").format(name=c.name, square=list(here)))
        return steps, cost * SQUARE_M
    if to is None:
        raise IllegalCommand(_("a move needs 'to' or 'path'"))
    x, y = _square(to, "'to'")
    if not battle.board.inside(x, y, c.side_squares):
        raise IllegalCommand(_("{square} is off the map").format(square=[x, y]))
    if (x, y) == (c.x, c.y):
        raise IllegalCommand(_("{name} is already on {square}").format(name=c.name, square=[x, y]))
    steps = field.path_to(x, y)
    if not steps or not field.can_end[y, x]:
        words = _("{name} cannot reach {square} this turn") if limit_m is not None else _("{name} cannot reach {square}")
        raise IllegalCommand(words.format(name=c.name, square=[x, y]))
    return steps, field.cost_to(x, y)


def _square(value, what: str) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise IllegalCommand(_("{what} must be [column, row]").format(what=what))
    return int(value[0]), int(value[1])


def can_take_opportunity(battle, reactor, mover) -> bool:
    """4e, Opportunity attack: an enemy that can act, sees the mover, has a melee basic attack,
    and has not made one this turn (one per other creature's turn)."""
    return reactor.id in opportunists(battle, mover) and can_see(battle, reactor, mover)


def leaving_provokes(battle, mover, exclude=(), candidates=None) -> list[str]:
    """Who gets an opportunity attack if the mover leaves its square now, in initiative order
    (`candidates`: those who could at all, from `opportunists`, when known)."""
    creatures = battle.state.creatures
    candidates = opportunists(battle, mover) if candidates is None else candidates
    return [cid for cid in candidates if cid not in exclude and adjacent(creatures[cid], mover)
            and can_see(battle, creatures[cid], mover)]


def opportunists(battle, mover) -> list[str]:
    """Who could make an opportunity attack on the mover this turn, wherever it stands (all of
    can_take_opportunity but sight), in initiative order."""
    state = battle.state
    turn = (state.round, state.turn_index)
    return [cid for cid in state.order
            if (r := state.creatures[cid]) is not mover and r.side != mover.side and r.standing
            and not r.conditions & NO_IMMEDIATE and cid != state.current_id and r.oa_turn != turn
            and r.stats.basic_power is not None]


def provokers_along(battle, mover, steps, cache: dict | None = None) -> list[str]:
    """Who would get an opportunity attack along these steps, in the order they would (the mover
    is put on each square and back: nobody moves); `cache` keeps who leaving each square
    provokes, and who each way of squares left does, for many paths at once (the paths of one
    field share their beginnings)."""
    cache = {} if cache is None else cache
    if "opportunists" not in cache:
        cache["opportunists"] = opportunists(battle, mover)
    if "beside" not in cache:  # the opportunists the mover would be next to, by square
        creatures = battle.state.creatures
        cache["beside"] = foes_beside(mover, [creatures[cid] for cid in cache["opportunists"]])
    if not cache["beside"]:
        return []  # no square is next to one of them
    left = ((mover.x, mover.y), *map(tuple, steps[:-1]))
    return list(_provoked_leaving(battle, mover, left, cache))


def _provoked_leaving(battle, mover, left: tuple, cache: dict) -> tuple[str, ...]:
    """Who leaving these squares one after the other provokes, each once, in that order."""
    key = ("left", left)
    found = cache.get(key)
    if found is None:
        before = _provoked_leaving(battle, mover, left[:-1], cache) if len(left) > 1 else ()
        square = left[-1]
        if square not in cache:
            near = cache["beside"].get(square)
            cache[square] = _seeing(battle, mover, square, near) if near else []
        found = cache[key] = before + tuple(cid for cid in cache[square] if cid not in before)
    return found


def _seeing(battle, mover, square: tuple[int, int], near: list) -> list[str]:
    """leaving_provokes at that square, of these opportunists only (those beside it), the mover
    put there and back."""
    x0, y0 = mover.x, mover.y
    mover.x, mover.y = square
    try:
        return leaving_provokes(battle, mover, (), [r.id for r in near])
    finally:
        mover.x, mover.y = x0, y0
