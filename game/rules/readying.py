"""What every ruleset's Ready action shares (FORMATS.md: `ready` with `trigger = {event =
"enters_reach" / "moves" / "attacks", by = ID or "enemy"}` and `then` = a command table): the
events, a frozen command table read back as a plain dict, who a trigger names, and the
readier's new place in the initiative order (3.5 and 4e: just before the trigger's author).
The rules of each (what may be readied, when it fires) stay in the ruleset's own package."""

from __future__ import annotations

EVENTS = ("enters_reach", "moves", "attacks")


def plain(value) -> dict | None:
    """A frozen command value (commands.py freezes tables into pairs) as a plain dict, or None
    when it is not a table."""
    if isinstance(value, dict):
        return value
    if isinstance(value, tuple) and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return {k: (list(v) if isinstance(v, tuple) and k != "then" else v) for k, v in value}
    return None


def named_by(by: str, readier, author) -> bool:
    """Whether the trigger's `by` (an id, or "enemy") names the author of an event."""
    return author.id == by if by != "enemy" else author.side != readier.side


def move_before(state, readier_id: str, author_id: str) -> None:
    """The readier's place in the initiative order is now just before the trigger's author; the
    creature acting now keeps its turn."""
    order = state.order
    current = order[state.turn_index]
    order.remove(readier_id)
    order.insert(order.index(author_id), readier_id)
    state.turn_index = order.index(current)
