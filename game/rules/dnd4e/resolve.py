"""A 4e power resolved: each target's d20 in the order listed, then one damage roll (a critical
hit takes the maximum of the dice, then the extra critical dice are rolled), sneak attack, what
a hit does (conditions, ongoing damage, marks, grabs, forced movement), half damage on a miss
where the power says, and the reactions a miss or an attack brings (the goblin's shift, the
fighter's marks)."""

from __future__ import annotations

import math

from ...core.board import SQUARE_M, gap_squares
from ...i18n import N_, _
from ..words import spoken
from . import athletics, stealth
from .attacks import hits, roll_for
from .conditions import END, SAVE, add_timed
from .damage import deal, die, spend_surge, weakened_amount
from .geometry import adjacent, field_for, gap
from .words import condition as condition_word, damage_type, power_rules

VERDICTS = {"hit": N_("hit"), "miss": N_("miss"), "crit": N_("critical hit"),
            "coup": N_("coup de grace: critical hit")}
FORCED_LINES = {"push": N_("{name} is pushed {count} squares to {square}"),
                "pull": N_("{name} is pulled {count} squares to {square}"),
                "slide": N_("{name} is slid {count} squares to {square}")}
FORCED_LINES_ONE = {"push": N_("{name} is pushed 1 square to {square}"),
                    "pull": N_("{name} is pulled 1 square to {square}"),
                    "slide": N_("{name} is slid 1 square to {square}")}


def resolve(battle, attacker, power, aim, charging: bool = False) -> None:
    """Roll and apply one use of `power` against the aimed targets."""
    creatures = battle.state.creatures
    dice = battle.state.dice
    if power.heal:
        for tid in aim.targets:
            target = creatures[tid]
            bonus = sum(dice.roll_many(power.heal_bonus.count, power.heal_bonus.sides)) + power.heal_bonus.bonus \
                if power.heal_bonus else 0
            if not spend_surge(battle, target, bonus, power.name, power_rules(power)):
                battle.emit("note", _("{name} has no healing surge left").format(name=target.name),
                            rules=("healing-surge",), creature=tid)
        return
    results = []
    coups: set[str] = set()  # the targets of a coup de grace that hit (helpless before the blow)
    for tid in aim.targets:
        target = creatures[tid]
        roll = roll_for(battle, attacker, target, power, charging, aim.long_range, aim.origin)
        face = dice.roll(20)
        hit, crit = hits(face, roll)
        coup = coup_de_grace(attacker, target, power)
        crit = crit or (hit and coup)
        total = face + roll.bonus
        verdict = "coup" if coup and hit else ("crit" if crit else ("hit" if hit else "miss"))
        rules = roll.rules + power_rules(power) + (("critical-hit",) if crit else ()) + (
            ("coup-de-grace",) if coup and hit else ())
        battle.emit("attack", _("{name} uses {power} on {target}: d20 {face} {bonus} = {total} vs {defence}: {verdict}")
                    .format(name=attacker.name, power=spoken(power.name), target=target.name, face=face,
                            bonus=f"{roll.bonus:+d}", total=total, defence=roll.defence_name,
                            verdict=_(VERDICTS[verdict])),
                    rules=tuple(dict.fromkeys(rules)), attacker=attacker.id, target=tid, hit=hit, crit=crit,
                    power=power.name)
        results.append((target, hit, crit, roll))
        if coup and hit:
            coups.add(tid)
    damage = power.damage
    rolled = 0
    if damage is not None and any(hit and not crit for _t, hit, crit, _r in results) or (
            damage is not None and power.miss == "half" and any(not hit for _t, hit, _c, _r in results)):
        rolled = sum(dice.roll_many(damage.count, damage.sides)) + damage.bonus
    maximum = damage.count * damage.sides + damage.bonus if damage is not None else 0
    crit_extra = 0
    if power.crit is not None and any(crit for _t, _h, crit, _r in results):
        crit_extra = sum(dice.roll_many(power.crit.count, power.crit.sides)) + power.crit.bonus
    sneak_target, sneak = None, 0
    stats = attacker.stats
    turn = (battle.state.round, battle.state.turn_index)
    if stats.sneak_attack is not None and attacker.sneak_turn != turn and damage is not None:
        for target, hit, crit, roll in results:
            if hit and roll.advantage and not target.stats.minion:
                sneak_target = target
                s = stats.sneak_attack
                sneak = s.count * s.sides + s.bonus if crit else sum(dice.roll_many(s.count, s.sides)) + s.bonus
                attacker.sneak_turn = turn
                break
    give_away(attacker)
    weakened = "weakened" in attacker.conditions
    battle.damage_source = attacker.id
    try:
        for target, hit, crit, roll in results:
            amount = 0
            what = " " + _("from {power}").format(power=spoken(power.name))
            rules = power_rules(power) + (("critical-hit",) if crit else ())
            if damage is not None:
                if hit:
                    amount = (maximum + crit_extra) if crit else rolled
                    if target is sneak_target:
                        amount += sneak
                        what += " (" + _("sneak attack {amount}").format(amount=sneak) + ")"
                        rules += ("sneak-attack", "combat-advantage")
                elif power.miss == "half" and not target.stats.minion:
                    amount = rolled // 2
                    what += " (" + _("half on a miss") + ")"
            if weakened and amount:
                amount = weakened_amount(amount)
                what += " (" + _("weakened: half") + ")"
                rules += ("conditions",)
            if amount:
                deal(battle, target, amount, power.type, what, rules)
                if target.id in coups and target.alive and amount >= target.stats.bloodied:
                    die(battle, target, _("{name} is slain by the coup de grace ({amount} damage, bloodied value "
                                          "{bloodied})").format(name=target.name, amount=amount,
                                                                bloodied=target.stats.bloodied),
                        ("coup-de-grace", "death"))
            if hit and target.alive:
                on_hit(battle, attacker, target, power, roll)
            if "combat-challenge" in stats.traits and target.alive and target.side != attacker.side:
                # RULESETS.md 4, the fighter's challenge: whatever it attacks is marked
                add_timed(target, "marked", END, attacker.id)
            if not hit and target.alive and power.melee:
                nimble_reaction(battle, target, attacker)
    finally:
        battle.damage_source = None


def give_away(attacker) -> None:
    """An attack gives its author away: it is no longer hidden (hit, miss or an empty square)."""
    stealth.reveal(attacker)


def coup_de_grace(attacker, target, power) -> bool:
    """RULESETS.md 2, Coup de grace (engine reading: any standard-action melee attack on a
    helpless creature beside its attacker is one): a hit is a critical hit, and damage of at
    least the target's bloodied value kills it."""
    return (power.melee and power.action == "standard" and "unconscious" in target.conditions
            and adjacent(attacker, target))


def on_hit(battle, attacker, target, power, roll) -> None:
    """What a hit does beside its damage."""
    if power.needs == "combat-advantage" and not roll.advantage:
        conditions = ()
    else:
        conditions = power.on_hit
    for condition in conditions:
        if condition == "prone":
            target.conditions.add("prone")  # until it stands up
            battle.emit("condition", _("{name} is knocked prone").format(name=target.name),
                        rules=("prone",) + power_rules(power), creature=target.id)
        elif condition == "grabbed":
            # 4e, Grab: immobilized until it escapes (or the grabber lets go, moves away)
            target.conditions.add("grabbed")
            target.effects["grabbed_by"] = attacker.id
            battle.emit("condition", _("{name} grabs {target}").format(name=attacker.name, target=target.name),
                        rules=("grab",), creature=target.id)
        elif condition == "marked":
            add_timed(target, "marked", END, attacker.id)
            battle.emit("condition", _("{name} is marked by {marker}").format(name=target.name, marker=attacker.name),
                        rules=("marks",), creature=target.id)
        else:
            until = SAVE if power.duration == "save-ends" else END
            add_timed(target, condition, until, attacker.id)
            words = _("{name} is {condition} (save ends)") if until == SAVE else \
                _("{name} is {condition} (until the end of {author}'s next turn)")
            battle.emit("condition", words.format(name=target.name, condition=condition_word(condition),
                                                  author=attacker.name),
                        rules=("conditions", "save-ends") if until == SAVE else ("conditions",), creature=target.id)
    if power.ongoing:
        # 4e, Ongoing damage: at the start of each of its turns, until it saves
        add_timed(target, "ongoing", SAVE, attacker.id, amount=power.ongoing, type=power.ongoing_type)
        words = _("{name} takes ongoing {amount} {type} damage (save ends)") if power.ongoing_type else \
            _("{name} takes ongoing {amount} damage (save ends)")
        battle.emit("condition", words.format(name=target.name, amount=power.ongoing,
                                              type=damage_type(power.ongoing_type)),
                    rules=("ongoing-damage", "save-ends"), creature=target.id)
    for how, squares in (("push", power.push), ("pull", power.pull), ("slide", power.slide)):
        if squares and target.alive:
            forced_move(battle, attacker, target, how, squares)


def forced_move(battle, mover_of_it, target, how: str, squares: int) -> None:
    """4e, Forced movement (never provokes): a push moves the target square by square away
    from its mover, a pull toward it, a slide (engine: like a push) to free squares; each step
    goes straight away from (or toward) the mover when that square qualifies, else to the one
    farthest from (nearest to) it, in reading order on ties; it stops where none qualifies."""
    path = []
    falls = False
    cx, cy = _centre(mover_of_it)
    for _i in range(squares):
        # the straight way: away from (or toward) the mover along each axis, when it qualifies
        ox, oy = _centre(target)
        straight = tuple(int(math.copysign(1, v)) if abs(v) > 1e-9 else 0 for v in (ox - cx, oy - cy))
        if how == "pull":
            straight = (-straight[0], -straight[1])
        # on a cliff it may be moved along the cliff's top as well as off it (athletics.py)
        mode = "climb" if athletics.on_cliff(battle, target) else "walk"
        field = field_for(battle, target, mode, limit_m=SQUARE_M * 2)
        here = gap(mover_of_it, target)
        best = None
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                x, y = target.x + dx, target.y + dy
                if (dx, dy) == (0, 0) or not battle.board.inside(x, y, target.side_squares):
                    continue
                if not field.can_end[y, x] or not field.corner_ok((target.x, target.y), (x, y)):
                    continue
                space = (x, y, target.side_squares)
                apart = gap_squares(mover_of_it.space, space, "1")
                if (how == "pull" and apart >= here) or (how != "pull" and apart <= here):
                    continue
                tx, ty = x + target.side_squares / 2, y + target.side_squares / 2
                d = math.hypot(tx - cx, ty - cy)
                key = (0 if (dx, dy) == straight else 1, d if how == "pull" else -d, y, x)
                if best is None or key < best[0]:
                    best = (key, (x, y))
        if best is None:
            break
        # RULESETS.md 3, cliff: forced off a cliff, a saving throw to drop prone at the edge
        falls = athletics.over_the_edge(battle, target, best[1])
        if falls and athletics.edge_save(battle, target):
            falls = False  # prone at the edge: the forced movement ends there
            break
        target.x, target.y = best[1]
        path.append(best[1])
        if falls:
            break
    if path:
        words = FORCED_LINES if len(path) > 1 else FORCED_LINES_ONE
        battle.emit("move", _(words[how]).format(name=target.name, count=len(path), square=list(path[-1])),
                    rules=("forced-movement",), creature=target.id, path=[list(p) for p in path], forced=True)
        stealth.stepped(battle, target)  # engine reading: where the forced move leaves it
        if falls:
            athletics.fall(battle, target)
        athletics.surface(battle, target)


def _centre(c) -> tuple[float, float]:
    return c.x + c.side_squares / 2, c.y + c.side_squares / 2


def nimble_reaction(battle, goblin, attacker) -> None:
    """RULESETS.md 4, the goblin's shift when missed: an immediate reaction, one square, to the
    free square farthest from the attacker (ties: the first in reading order); never on its turn."""
    if "nimble-reaction" not in goblin.stats.traits or not goblin.immediate or not goblin.standing:
        return
    if battle.state.current_id == goblin.id or goblin.conditions & {"dazed", "stunned", "immobilized", "grabbed",
                                                                    "surprised", "restrained"}:
        return
    field = field_for(battle, goblin, limit_m=SQUARE_M * 2)
    cx, cy = _centre(attacker)
    best = None
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            x, y = goblin.x + dx, goblin.y + dy
            if (dx, dy) == (0, 0) or not battle.board.inside(x, y, goblin.side_squares):
                continue
            if not field.can_end[y, x] or not field.corner_ok((goblin.x, goblin.y), (x, y)):
                continue
            if int(field.extra[y, x]) > 0:
                continue  # no shifting into difficult terrain
            d = math.hypot(x + goblin.side_squares / 2 - cx, y + goblin.side_squares / 2 - cy)
            key = (-d, y, x)
            if best is None or key < best[0]:
                best = (key, (x, y))
    if best is None:
        return
    goblin.immediate = False
    goblin.x, goblin.y = best[1]
    battle.emit("move", _("{name} shifts to {square} as it is missed").format(name=goblin.name, square=list(best[1])),
                rules=("shift", "immediate-actions"), creature=goblin.id, path=[list(best[1])])
    stealth.stepped(battle, goblin)
