"""The 4e action economy (seed 004, "Tour de jeu"): "une action simple, une action de mouvement,
une action mineure et autant d'actions libres que vous le souhaitez"; a standard action may be
taken in place of a move or minor one, a move in place of a minor one (traded down); one action
only in the surprise round and while dazed; no action after a charge; action points."""

from __future__ import annotations

from ...i18n import N_, _
from ..errors import IllegalCommand
from .creature import INCAPABLE
from .words import condition

NO_ACTION = INCAPABLE | {"surprised"}  # conditions that allow no action of any kind

# what may pay for an action of each kind, in the order it is spent
PAYS = {"standard": ("standard",), "move": ("move", "standard"), "minor": ("minor", "move", "standard")}


NONE_LEFT = {"standard": N_("{name} has no standard action left this turn"),
             "move": N_("{name} has no move action left this turn (nor a greater one to trade down)"),
             "minor": N_("{name} has no minor action left this turn (nor a greater one to trade down)")}


def why_not_act(c) -> str:
    if c.state != "conscious":
        return _("{name} is {state}").format(name=c.name, state=condition(c.state))
    held = sorted(c.conditions & NO_ACTION)
    if held:
        # 4e, Stunned / Unconscious / Helpless, and the surprised in the surprise round: no action
        held = held[0]
        return _("{name} is {condition}: it can take no action").format(name=c.name, condition=condition(held))
    return ""


def payer(c, kind: str) -> str | None:
    """The action that would pay for an action of this kind, or None."""
    if c.charged:
        return None
    return next((slot for slot in PAYS[kind] if getattr(c, slot)), None)


def refusal(c, kind: str) -> str:
    """Why c cannot take an action of this kind now ('' when it can)."""
    why = why_not_act(c)
    if why:
        return why
    if c.charged:
        return _("{name} charged this turn: no more actions but free ones").format(name=c.name)
    if payer(c, kind) is None:
        return _(NONE_LEFT[kind]).format(name=c.name)
    return ""


def spend(c, kind: str) -> str:
    """Spend the action that pays for one of this kind; IllegalCommand when none can."""
    why = refusal(c, kind)
    if why:
        raise IllegalCommand(why)
    slot = payer(c, kind)
    setattr(c, slot, False)
    if c.one_action:
        # seed 004, "Action limitée": "vous pouvez entreprendre une action simple, une action de
        # mouvement ou une action mineure" (also while dazed)
        c.standard = c.move = c.minor = False
    return slot


def spend_two_moves(c) -> None:
    """A move longer than speed: the move action and the standard one at once (a double move)."""
    why = why_not_act(c)
    if why:
        raise IllegalCommand(why)
    if c.one_action or not (c.move and c.standard) or c.charged:
        raise IllegalCommand(_("{name} cannot move that far: it needs its move and its standard action").format(name=c.name))
    c.move = c.standard = False


def moves_left(c) -> int:
    """How many move actions c may still take (0, 1 or 2)."""
    if why_not_act(c) or c.charged:
        return 0
    if c.one_action:
        return 1 if (c.standard or c.move) else 0
    return int(c.move) + int(c.standard)
