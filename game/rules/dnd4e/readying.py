"""4e, Ready an action (RULESETS.md 2: "an immediate reaction; count moves just before the
trigger's author"): what a `ready` command may hold (FORMATS.md: `trigger = {event =
"enters_reach" / "moves" / "attacks", by = ID or "enemy"}`, `then` = a command table; under 4e
an attack), and who is triggered by what."""

from __future__ import annotations

from ...core.board import SQUARE_M
from ...i18n import _
from ..errors import IllegalCommand
from ..readying import EVENTS, named_by, plain
from ..readying import move_before as _move_before
from ..words import spoken
from .creature import NO_IMMEDIATE
from .geometry import gap
from .powers import power_of

__all__ = ["EVENTS", "readied", "can_react", "in_reach", "triggered", "move_before"]


def readied(trigger, then, c) -> dict:
    """The readied action of a `ready` command (IllegalCommand when it is not one)."""
    trigger, then = plain(trigger), plain(then)
    if trigger is None or trigger.get("event") not in EVENTS or not isinstance(trigger.get("by"), str):
        raise IllegalCommand(_("'trigger' must be {{event = \"enters_reach\" / \"moves\" / \"attacks\", by = ID or "
                               "\"enemy\"}}").format())
    if then is None or then.get("act") != "attack" or then.get("actor", c.id) != c.id:
        raise IllegalCommand(_("'then' must be an attack of the creature that readies it (under 4e)"))
    power = power_of(c, then.get("with"))
    if power.action != "standard":
        raise IllegalCommand(_("{power} is not a standard action: ready a standard action").format(power=spoken(power.name)))
    command = {k: v for k, v in then.items() if k != "actor"}
    return {"event": trigger["event"], "by": trigger["by"], "then": command}


def can_react(battle, c) -> bool:
    return (c.standing and c.immediate and not c.conditions & NO_IMMEDIATE and battle.state.current_id != c.id
            and "readied" in c.effects)


def in_reach(readier, author) -> bool:
    basic = readier.stats.basic_power
    reach = basic.reach if basic is not None else SQUARE_M
    return gap(readier, author) * SQUARE_M <= reach + 1e-9


def triggered(battle, author, event: str, was_in_reach: dict | None = None) -> list[str]:
    """The creatures whose readied action this event of the author triggers, in initiative
    order; `was_in_reach` (readier -> bool, before the step) tells who the author entered the
    reach of."""
    found = []
    for cid in battle.state.order:
        r = battle.state.creatures[cid]
        if r is author or not can_react(battle, r):
            continue
        ready = r.effects["readied"]
        if ready["event"] != event or not named_by(ready["by"], r, author):
            continue
        if event == "enters_reach" and (was_in_reach is None or was_in_reach.get(cid, True) or not in_reach(r, author)):
            continue
        found.append(cid)
    return found


def move_before(battle, readier_id: str, author_id: str) -> None:
    """4e: the readier's place in the initiative order is now just before the trigger's author."""
    _move_before(battle.state, readier_id, author_id)
