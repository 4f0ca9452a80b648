"""3.5 poison (3.5 SRD, Poison): a poisoned hit calls for a Fortitude save against the initial
damage, then, one minute later, another against the secondary damage, whatever the first save
did. A minute is 10 rounds: the secondary save comes at the start of the victim's turn 10 rounds
after the hit (E), one d20 and then the damage dice (the bundled spider: 1d6 Strength both times).
Undead and constructs are immune."""

from __future__ import annotations

from ...i18n import _

SECONDARY_ROUNDS = 10  # 3.5 SRD: the secondary damage comes one minute (10 rounds) after the initial


def immune(target) -> bool:
    return target.stats.type in ("undead", "construct")


def fortitude(engine, target, dc: int, dice_expr, which: str) -> None:
    """One Fortitude save against poison; a failure deals its Strength damage. `which`:
    "initial" or "secondary"."""
    face = engine.state.dice.roll(20)
    fort = target.stats.save("fort")
    rules = ("poison", "saving-throw") if which == "initial" else ("poison", "secondary-poison", "saving-throw")
    head = (_("{name} rolls Fortitude against poison") if which == "initial"
            else _("{name} rolls Fortitude against the poison's secondary damage")).format(name=target.name)
    roll = _("d20 {face} {bonus} = {total} vs DC {dc}").format(face=face, bonus=f"{fort:+d}", total=face + fort, dc=dc)
    if face + fort >= dc:
        engine.emit("save", _("{head}: {roll}, resisted").format(head=head, roll=roll), rules=rules, creature=target.id)
        return
    faces = [engine.state.dice.roll(dice_expr.sides) for _i in range(dice_expr.count)]
    lost = sum(faces) + dice_expr.bonus
    target.effects["str_damage"] = target.effects.get("str_damage", 0) + lost
    engine.emit("save", _("{head}: {roll}, failed: {dice} [{faces}] Strength damage").format(
        head=head, roll=roll, dice=dice_expr, faces=" ".join(map(str, faces))),
        rules=rules + ("ability-damage",), creature=target.id)


def poisoned(engine, target, dc: int, dice_expr) -> None:
    """A poisoned hit: the initial save now, the secondary one scheduled 10 rounds on."""
    if immune(target):
        return
    fortitude(engine, target, dc, dice_expr, "initial")
    due = list(target.effects.get("poison_due", ()))
    due.append((engine.state.round + SECONDARY_ROUNDS, dc, dice_expr))
    target.effects["poison_due"] = due


def secondary_saves(engine, c) -> None:
    """At the start of c's turn: the secondary saves that have come due."""
    due = c.effects.get("poison_due")
    if not due or not c.alive:
        return
    now = [d for d in due if d[0] <= engine.state.round]
    later = [d for d in due if d[0] > engine.state.round]
    if later:
        c.effects["poison_due"] = later
    else:
        c.effects.pop("poison_due")
    for _round, dc, dice_expr in now:
        fortitude(engine, c, dc, dice_expr, "secondary")
