"""4e conditions and how long they last: timed conditions (until the end of someone's next
turn, the start of one's next turn, or save ends), ongoing damage, marks, grabs, saving throws,
and what conditions do to speed."""

from __future__ import annotations

from ...i18n import _
from .geometry import adjacent
from .words import condition as condition_word, damage_type

SAVE, END, START = "save", "end", "start"


def add_timed(c, condition: str, until: str, of: str, **extra) -> None:
    """Give c a condition lasting until `until` ("save": save ends; "end": the end of `of`'s next
    turn; "start": the start of `of`'s next turn)."""
    if condition == "marked":
        # 4e, Marked: a creature has one mark at a time, the newest
        c.timed = [t for t in c.timed if t["condition"] != "marked"]
        c.effects["marked_by"] = of
    c.timed.append({"condition": condition, "until": until, "of": of, "armed": False, **extra})
    if condition != "ongoing":
        c.conditions.add(condition)


def _drop(c, entries) -> None:
    if not entries:
        return
    gone = {t["condition"] for t in entries}
    c.timed = [t for t in c.timed if not any(t is e for e in entries)]
    still = {t["condition"] for t in c.timed}
    for condition in gone - still:
        c.conditions.discard(condition)
        if condition == "marked":
            c.effects.pop("marked_by", None)


def at_turn_start(battle, cid: str) -> None:
    """At the start of cid's turn: what lasts until then ends, and what lasts until the end of its
    next turn is now in that next turn (armed)."""
    for c in battle.state.creatures.values():
        _drop(c, [t for t in c.timed if t["of"] == cid and t["until"] == START])
        for t in c.timed:
            if t["of"] == cid and t["until"] == END:
                t["armed"] = True


def at_turn_end(battle, cid: str) -> None:
    """At the end of cid's turn: what lasted until the end of its next turn (this one) ends."""
    for c in battle.state.creatures.values():
        _drop(c, [t for t in c.timed if t["of"] == cid and t["until"] == END and t["armed"]])


def ongoing(c) -> list[dict]:
    return [t for t in c.timed if t["condition"] == "ongoing"]


def save_bonus(c) -> int:
    """RULESETS.md 2: saving throws of elites +2, of solos +5."""
    return {"elite": 2, "solo": 5}.get(c.stats.rank, 0)


def saving_throws(battle, c) -> None:
    """4e, Save ends: one d20 per effect at the end of the creature's turn, 10 or more ends it."""
    for entry in [t for t in c.timed if t["until"] == SAVE]:
        face = battle.state.dice.roll(20)
        total = face + save_bonus(c)
        if entry["condition"] == "ongoing":
            what = (_("ongoing {amount} {type}") if entry.get("type") else _("ongoing {amount}")).format(
                amount=entry["amount"], type=damage_type(entry.get("type")))
        else:
            what = condition_word(entry["condition"])
        rules = ("save-ends", "ongoing-damage") if entry["condition"] == "ongoing" else ("save-ends", "conditions")
        if save_bonus(c):
            rules += ("elite-and-solo",)
        if total >= 10:
            _drop(c, [entry])
            battle.emit("save", _("{name} saves against {what}: d20 {face} = {total}, it ends").format(
                name=c.name, what=what, face=face, total=total), rules=rules, creature=c.id)
        else:
            battle.emit("save", _("{name} fails its save against {what}: d20 {face} = {total}").format(
                name=c.name, what=what, face=face, total=total), rules=rules, creature=c.id)


def clear_all(c) -> None:
    """A dead creature keeps no timed condition."""
    _drop(c, list(c.timed))


def release_grabs(battle) -> None:
    """4e, Grab: it ends when the grabber is no longer adjacent or can no longer act."""
    for c in battle.state.creatures.values():
        grabber_id = c.effects.get("grabbed_by")
        if grabber_id is None:
            continue
        grabber = battle.state.creatures[grabber_id]
        if not c.alive or not grabber.standing or grabber.incapacitated or not adjacent(c, grabber):
            end_grab(c)


def end_grab(c) -> None:
    c.effects.pop("grabbed_by", None)
    c.conditions.discard("grabbed")


def speed_squares(c) -> int:
    """The squares one move action gives: 0 when immobilized, grabbed or restrained; 2 when
    slowed (4e, Slowed: speed 2); the walking speed otherwise."""
    if c.conditions & {"immobilized", "grabbed", "restrained"} or not c.standing:
        return 0
    squares = int(c.stats.walk / 1.5 + 1e-9)
    if "slowed" in c.conditions:
        squares = min(squares, 2)
    return squares
