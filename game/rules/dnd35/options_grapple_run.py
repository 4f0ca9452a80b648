"""The options of the 3.5 grapple, escape and run (battle.py hands `more_options` to
`options.legal_commands`): each built with the checks their handlers make (grappling.py,
running.py), so each is a command the battle accepts, with a neutral preview; and why an act of
theirs is not allowed now."""

from __future__ import annotations

from ...core.board import SQUARE_M
from ...i18n import _, decimal
from ..api import Option, Preview
from ..errors import IllegalCommand
from .geometry import field_for
from .combat import full_attack_rest
from .grappling import (ARTIST, economy_problem, escape_bonus, grapple_bonus, grapple_odds,
                        grapple_problem, joining, next_attack, opponents, pin_problem, win_chance)
from .moving import can_take_aoo
from .options import foes_of, provokers_along, threat_watch
from .running import run_reach, run_unready


def grapple_options(battle, actor) -> list[Option]:
    """The grapple (start, hurt, pin) on each foe it may grapple: a standard action, or the next
    attack of its full attack (at that attack's penalty); and, when its full attack holds more
    than one attack, the full attack opened by a grapple."""
    if not actor.standing or economy_problem(actor, "grapple"):
        return []
    entry = next_attack(actor) if actor.sequence else None
    penalty = entry[1] if entry else 0
    uses = _("an attack of the full attack") if entry else _("standard action")
    opening = not actor.sequence and not economy_problem(actor, "grapple", opening=True) \
        and bool(actor.stats.attacks) and bool(full_attack_rest(actor, actor.stats.attacks[0]))
    options = []
    for t in foes_of(battle, actor):
        if grapple_problem(battle, actor, t):
            continue
        chance, damage = grapple_odds(battle, actor, t, penalty)
        holding = t.id in opponents(actor)
        label = _("Hurt {target} in the grapple") if holding else _("Grapple {target}")
        provokes = () if holding or joining(actor, t) or not can_take_aoo(battle, t, actor) else (t.id,)
        command = {"actor": actor.id, "act": "grapple", "target": t.id}
        options.append(Option(command, label.format(target=t.name),
                              Preview(target=t.id, hostile=True, uses=uses, attack="grapple",
                                      hit_chance=chance, expected_damage=damage, opportunity_attacks=provokes)))
        if opening:
            options.append(Option({**command, "full_attack": True},
                                  _("Full attack: grapple {target} first").format(target=t.name),
                                  Preview(target=t.id, hostile=True, uses=_("full-round action"),
                                          attack="grapple", hit_chance=chance, expected_damage=damage,
                                          opportunity_attacks=provokes)))
        if not pin_problem(battle, actor, t):
            options.append(Option({**command, "pin": True}, _("Pin {target}").format(target=t.name),
                                  Preview(target=t.id, hostile=True, uses=uses, attack="grapple",
                                          hit_chance=win_chance(grapple_bonus(actor) + penalty, grapple_bonus(t)))))
    return options


def escape_options(battle, actor) -> list[Option]:
    """The escape by grapple checks, and by Escape Artist checks when its stat block lists the skill."""
    if not actor.standing or economy_problem(actor, "escape"):
        return []
    if "pinned" in actor.conditions:
        others = [battle.creature(actor.effects["pinned_by"])]
        labels = (_("Escape {other}'s pin"), _("Escape {other}'s pin (Escape Artist)"))
    else:
        others = [battle.creature(i) for i in opponents(actor)]
        labels = (_("Escape {other}'s grapple"), _("Escape {other}'s grapple (Escape Artist)"))
    names = ", ".join(o.name for o in others)
    options = []
    for artist in (False, True) if ARTIST in dict(actor.stats.skills) else (False,):
        chance = 1.0
        for other in others:  # every opponent's check to beat
            chance *= win_chance(escape_bonus(actor, artist), grapple_bonus(other))
        command = {"actor": actor.id, "act": "escape", **({"escape_artist": True} if artist else {})}
        options.append(Option(command, labels[artist].format(other=names),
                              Preview(uses=_("standard action"), hit_chance=chance)))
    return options


def run_options(battle, actor) -> list[Option]:
    """Every square a run may end on: along the eight directions, as far as it may go."""
    if not actor.standing or run_unready(battle, actor):
        return []
    limit = run_reach(actor)
    fld = field_for(battle, actor, "walk", limit_m=limit + 2 * SQUARE_M)
    watch = threat_watch(battle, actor)
    reach = int(limit / SQUARE_M) + 1
    options = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if not (dx or dy):
                continue
            for i in range(1, reach + 1):
                goal = (actor.x + dx * i, actor.y + dy * i)
                if not _on(fld, goal):
                    break
                try:
                    steps, cost = battle.run_plan(actor, {"to": goal}, fld)
                except IllegalCommand:
                    x, y = goal
                    if fld.multiplier[y, x] == 1 and not fld.squeezing[y, x] and not fld.can_end[y, x] \
                            and cost_so_far(actor, i, dx, dy) <= limit:
                        continue  # an ally's square: the run may go on past it
                    break
                options.append(Option({"actor": actor.id, "act": "run", "to": list(goal)},
                                      _("Run to {square} ({cost} m)").format(square=list(goal), cost=decimal(cost)),
                                      Preview(path=tuple(steps), cost_m=cost, mode="walk",
                                              uses=_("full-round action (run)"),
                                              opportunity_attacks=tuple(provokers_along(battle, actor, steps,
                                                                                        watch=watch)))))
    return options


def _on(fld, square) -> bool:
    h, w = fld.shape
    return 0 <= square[0] < w and 0 <= square[1] < h


def cost_so_far(actor, count: int, dx: int, dy: int) -> float:
    """The metres of `count` steps in one direction (diagonals 1-2-1 from the actor's parity)."""
    if not (dx and dy):
        return count * SQUARE_M
    return SQUARE_M * sum(2 if (i + actor.diagonal_parity) % 2 else 1 for i in range(count))


def more_options(battle, actor) -> list[Option]:
    """The run, grapple and escape options of the creature acting (options.legal_commands' `more`)."""
    return run_options(battle, actor) + grapple_options(battle, actor) + escape_options(battle, actor)


def why_not_grapple_run(battle, actor, act: str, target_id: str | None = None) -> str:
    """Why the actor may not grapple (target_id), escape or run now ('' when it may)."""
    if act == "run":
        return run_unready(battle, actor) or _("no square to run to in a straight line")
    why = economy_problem(actor, act)
    if why or act == "escape":
        return why
    if target_id is not None:
        return grapple_problem(battle, actor, battle.creature(target_id))
    return _("no foe next to {id} to grapple").format(id=actor.id)
