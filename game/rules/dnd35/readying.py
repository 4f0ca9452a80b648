"""3.5, Ready and Delay (RULESETS.md 1: "ready (a standard/move/free action resolving **before**
its trigger; your count moves just before the trigger's author) ... Delay: take a later count,
kept").

Ready (a standard action): `then` is one act of the readier's, a command table of the act it
names: an `attack` (`with` an attack of its stat block; `target` optional, by default whoever
triggers it), a `move` (`to` or `path`: a move action's walk, up to its speed) or a `cast`
(`spell`, and `target` or `at`, by default whoever triggers it or its square; `defensively`
optional). It fires as an offer (`react`) when its trigger happens before the readier's next
turn: "moves", before the author's first step; "enters_reach", right after the step that brings
the author into the readier's threatened squares (the rest of the move waits); "attacks", before
the author's attack is rolled. Taken, it is carried out at once and the readier's place in the
initiative order is now just before the author's; declined, it is let go. "moves" means a walk
(move, charge, withdraw), not the 5-foot step; "attacks" an attack, full attack or charge, not
a spell. The readied move walks as any move (it provokes attacks of opportunity and triggers
readied actions in turn); the readied spell is cast when it goes off (3.5 SRD, Ready: the
readied action "occurs just before the action that triggers it"), so its slot is spent then and
casting it in a threatened square provokes then. What the trigger's author was doing waits
(ready_acts.py, interrupts) and goes on afterwards, if it still can.

Delay (no action, only before anything else of the turn, once a round, E): the turn ends and
the creature's place is now right after another creature still to act this round (`after`;
by default the next one); the new place is kept for later rounds.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..errors import IllegalCommand
from ..readying import EVENTS, named_by, plain
from ..words import spoken
from .combat import attack_problem
from .geometry import threatens
from .spells import SPELLS, cast_unready

READY_LINES = {
    "enters_reach": N_("{name} readies {attack} for when {by} enters its reach"),
    "moves": N_("{name} readies {attack} for when {by} moves"),
    "attacks": N_("{name} readies {attack} for when {by} attacks"),
}


READY_ACTS = ("attack", "move", "cast")  # what may be readied under 3.5 (a standard or a move action)


def readied(battle, c, trigger, then) -> dict:
    """The readied action a `ready` command holds (IllegalCommand when it is not one): the
    trigger's `event` and `by`, `act`, and for an attack `with` and `target`, for a move or a
    spell its command table (`then`, the readier's own)."""
    trigger, then = plain(trigger), plain(then)
    if trigger is None or trigger.get("event") not in EVENTS or not isinstance(trigger.get("by"), str):
        raise IllegalCommand(_("'trigger' must be {{event = \"enters_reach\" / \"moves\" / \"attacks\", by = ID or "
                               "\"enemy\"}}").format())
    by = trigger["by"]
    if by != "enemy":
        battle.creature(by)
        if by == c.id:
            raise IllegalCommand(_("{id} cannot ready an action against itself").format(id=c.id))
    if then is None or then.get("act") not in READY_ACTS or then.get("actor", c.id) != c.id:
        raise IllegalCommand(_("'then' must be an attack, a move or a cast of the creature that readies it "
                               "(under 3.5)"))
    ready = {"event": trigger["event"], "by": by, "act": then["act"]}
    if then["act"] == "attack":
        attack = battle._attack_named(c, then.get("with"))
        target = then.get("target")
        if target is not None:
            battle.creature(target)
        return {**ready, "with": attack.name, "target": target}
    table = {**then, "actor": c.id}
    command = battle.parse(table)  # the shape of a move or a cast command, checked now
    if command.act == "move":
        if command.get("mode", "walk") != "walk":
            raise IllegalCommand(_("{id} can only walk under this ruleset's engine").format(id=c.id))
        if command.get("to") is None and command.get("path") is None:
            raise IllegalCommand(_("a readied move needs 'to' or 'path'"))
    else:
        spell = SPELLS.get(command.get("spell"))
        if spell is None:
            raise IllegalCommand(_("unknown spell {name} (this ruleset's: {known})").format(
                name=repr(command.get("spell")), known=", ".join(sorted(SPELLS))))
        unready = cast_unready(c, spell)  # known, and a slot left now (spent when it goes off)
        if unready:
            raise IllegalCommand(unready)
        if command.get("target") is not None:
            battle.creature(command.get("target"))
    return {**ready, "then": table}


def ready_words(c, ready: dict) -> str:
    by = _("an enemy") if ready["by"] == "enemy" else ready["by"]
    return _(READY_LINES[ready["event"]]).format(name=c.name, attack=readied_words(ready), by=by)


def readied_words(ready: dict) -> str:
    """What is readied, in words: an attack's or a spell's name, or "a move to [x, y]"."""
    if ready["act"] == "attack":
        return spoken(ready["with"])
    then = ready["then"]
    if ready["act"] == "cast":
        return spoken(then["spell"])
    goal = then["to"] if then.get("to") is not None else then["path"][-1]
    return _("a move to {square}").format(square=list(goal))


def aimed_at(battle, readier, author):
    """The creature the readied attack (or spell) would strike when the author triggers it."""
    ready = readier.effects["readied"]
    target = ready["target"] if ready["act"] == "attack" else ready["then"].get("target")
    return battle.state.creatures[target] if target else author


def fired(battle, readier, author):
    """The command the readied move or spell is when the author triggers it: its table, a
    spell's `target` (or a cone's `at`) by default the author (or its square)."""
    ready = readier.effects["readied"]
    table = dict(ready["then"])
    if ready["act"] == "cast":
        spell = SPELLS[table["spell"]]
        if spell.aim == "target" and table.get("target") is None:
            table["target"] = author.id
        if spell.aim == "area" and table.get("at") is None:
            table["at"] = [author.x, author.y]
    return battle.parse(table)


def may_fire(battle, readier, author) -> bool:
    """Whether the readier's readied action could be taken now against its target."""
    ready = readier.effects.get("readied")
    if not ready or not readier.standing or readier is author or battle.state.current_id == readier.id:
        return False
    if ready["act"] == "attack":
        target = aimed_at(battle, readier, author)
        return target.alive and not attack_problem(battle, readier, target, readier.stats.attack(ready["with"]))
    return not fire_problem(battle, readier, fired(battle, readier, author))


def fire_problem(battle, readier, command) -> str:
    """Why the readied move or spell cannot be carried out now ('' when it can)."""
    if command.act == "move":
        try:
            battle._free_to_move(readier)
            battle._readied_path(readier, command)  # a move action: up to its speed
        except IllegalCommand as exc:
            return str(exc)
        return ""
    try:
        battle._cast_args(readier, command)  # the spell, its aim and a slot, as any cast
    except IllegalCommand as exc:
        return str(exc)
    return ""


def watchers(battle, author, event: str) -> list:
    """The creatures holding a readied action this event of the author could trigger."""
    found = []
    for cid in battle.state.order:
        r = battle.state.creatures[cid]
        ready = r.effects.get("readied")
        if r is author or not ready or ready["event"] != event or not named_by(ready["by"], r, author):
            continue
        found.append(r)
    return found


def threatening(battle, author) -> set[str]:
    """The ids of the readiers (enters_reach) whose threatened squares hold the author now."""
    return {r.id for r in watchers(battle, author, "enters_reach") if threatens(battle, r, author)}


def triggered(battle, author, event: str, before: set[str] | None = None) -> list[str]:
    """The readiers this event of the author triggers, in initiative order; `before`: for
    "enters_reach", the readiers that threatened the author before its step."""
    found = []
    for r in watchers(battle, author, event):
        if event == "enters_reach" and (before is None or r.id in before or not threatens(battle, r, author)):
            continue
        if may_fire(battle, r, author):
            found.append(r.id)
    return found


def delay_after(battle, c, after) -> str:
    """The creature `c` delays its turn after (its id), or IllegalCommand why not."""
    problem = delay_problem(battle, c)
    if problem:
        raise IllegalCommand(problem)
    later = later_this_round(battle)
    if after is None:
        if not later:
            raise IllegalCommand(_("no creature acts after {id} this round: nothing to delay to").format(id=c.id))
        return later[0]
    battle.creature(after)
    if after not in later:
        raise IllegalCommand(_("{other} does not act after {id} this round").format(other=after, id=c.id))
    return after


def delay_problem(battle, c) -> str:
    """Why the creature acting now may not delay ('' when it may)."""
    if not (c.standard and c.move_action and c.swift) or c.moved or c.stepped or c.sequence:
        return _("{id} has acted this turn: too late to delay").format(id=c.id)
    if c.effects.get("delayed") == battle.state.round:
        return _("{id} has delayed this round already").format(id=c.id)
    return ""


def later_this_round(battle) -> list[str]:
    """The creatures still to act this round after the one acting now (the dead left out)."""
    state = battle.state
    return [cid for cid in state.order[state.turn_index + 1:] if state.creatures[cid].alive]


def delay(state, cid: str, after: str) -> None:
    """Move the creature acting now to right after `after`; the turn index then points at the
    creature that acts next."""
    order = state.order
    order.remove(cid)
    order.insert(order.index(after) + 1, cid)
