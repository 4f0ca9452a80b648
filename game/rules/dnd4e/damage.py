"""4e hit points: damage (resistance, vulnerability, temporary hit points), bloodied, minions,
monsters dying at 0, heroes dying and their death saves, healing and healing surges."""

from __future__ import annotations

from ...i18n import _
from .conditions import clear_all, end_grab
from .creature import DYING
from .words import damage_type


def sync_bloodied(c) -> None:
    """4e: bloodied at half its maximum hit points or fewer (a condition the output shows)."""
    if c.alive and c.hp <= c.stats.bloodied:
        c.conditions.add("bloodied")
    else:
        c.conditions.discard("bloodied")


def resistances(c, dtype: str | None) -> tuple[int, int]:
    """(resistance, vulnerability) of c to damage of that type (0, 0 for untyped damage)."""
    stats = c.stats
    if dtype is None or not (stats.resist or stats.vulnerable):
        return 0, 0
    return dict(stats.resist).get(dtype, 0), dict(stats.vulnerable).get(dtype, 0)


def after_resistance(amount: int, resist: int, vulnerable: int) -> int:
    """4e, Resistance and vulnerability, the one rule: each hit of the type takes the resistance
    off (never below 0) and adds the vulnerability; no damage stays no damage. `deal` applies it to
    what is rolled, the previews (attacks.expected_damage) to each total the dice can give."""
    if amount <= 0:
        return amount
    return max(0, amount - resist + vulnerable)


def weakened_amount(amount: int) -> int:
    """4e, Weakened: the attacker deals half damage (rounded down; resolve.py and the previews)."""
    return amount // 2


def adjusted(c, amount: int, dtype: str | None) -> tuple[int, str]:
    """The damage after resistance and vulnerability to its type, and a note of what changed it."""
    if dtype is None or amount <= 0:
        return amount, ""
    resist, vulnerable = resistances(c, dtype)
    total = after_resistance(amount, resist, vulnerable)
    note = (" (" + _("resist {amount}").format(amount=resist) + ")" if resist else "") + \
        (" (" + _("vulnerable {amount}").format(amount=vulnerable) + ")" if vulnerable else "")
    return total, note


def deal(battle, c, amount: int, dtype: str | None = None, what: str = "", rules: tuple[str, ...] = ()) -> None:
    """Damage to c; temporary hit points go first; then what falling to 0 or below means. `what`:
    where it comes from, in words (" from mace (sneak attack 3)"); `rules`: the cards that made it."""
    if not c.alive or amount <= 0:
        return
    amount, note = adjusted(c, amount, dtype)
    rules = ("damage",) + tuple(rules) + (("resistance",) if note else ())
    if amount <= 0:
        battle.emit("note", _("{name} takes no damage").format(name=c.name) + note, rules=rules, creature=c.id)
        return
    taken = min(c.temp_hp, amount)
    c.temp_hp -= taken
    c.hp -= amount - taken
    if taken:
        rules += ("temporary-hit-points",)
    if c.stats.minion:
        rules += ("minion",)
    if c.hp > 0 and c.hp <= c.stats.bloodied and "bloodied" not in c.conditions:
        rules += ("bloodied",)
    words = _("{name} takes {amount} {type} damage{what} ({hp}/{max} hp)") if dtype else \
        _("{name} takes {amount} damage{what} ({hp}/{max} hp)")
    battle.emit("damage", words.format(name=c.name, amount=amount, type=damage_type(dtype), what=what + note, hp=c.hp,
                                       max=c.stats.hp),
                rules=tuple(dict.fromkeys(rules)), target=c.id, amount=amount)
    after_damage(battle, c)


def after_damage(battle, c) -> None:
    sync_bloodied(c)
    if c.stats.minion and c.hp < c.stats.hp:
        c.hp = 0
    if c.hp > 0:
        return
    if not c.stats.player:
        # 4e: monsters die at 0
        die(battle, c, _("{name} drops to 0 hit points and dies").format(name=c.name),
            ("death", "minion") if c.stats.minion else ("death",))
    elif c.hp <= -c.stats.bloodied:
        die(battle, c, _("{name} falls to {hp} hit points, minus its bloodied value: it dies").format(
            name=c.name, hp=c.hp), ("death", "dying"))
    elif c.state == "conscious":
        c.state = DYING
        c.conditions |= {"unconscious", "prone"}
        battle.emit("condition", _("{name} falls unconscious and is dying").format(name=c.name), rules=("dying",),
                    creature=c.id)
    elif c.state == "stable":
        c.state = DYING
        battle.emit("condition", _("{name} is dying again").format(name=c.name), rules=("dying",), creature=c.id)


def die(battle, c, line: str, rules: tuple[str, ...] = ("death",)) -> None:
    """c dies; `line`: the log line that says how."""
    c.state = "dead"
    clear_all(c)
    end_grab(c)
    c.conditions -= {"bloodied", "unconscious"}
    battle.emit("condition", line, rules=rules, creature=c.id)


def heal(battle, c, amount: int, what: str = "", rules: tuple[str, ...] = ("healing",)) -> None:
    """4e, Healing: a creature below 0 starts from 0; a dying hero healed above 0 wakes (prone)."""
    if not c.alive:
        return
    if c.hp < 0:
        c.hp = 0
    before = c.hp
    c.hp = min(c.stats.hp, c.hp + amount)
    battle.emit("heal", _("{name} regains {amount} hit points{what} ({hp}/{max} hp)").format(
        name=c.name, amount=c.hp - before, what=what, hp=c.hp, max=c.stats.hp),
        rules=rules, target=c.id, amount=c.hp - before)
    if c.hp > 0 and c.state in (DYING, "stable"):
        c.state = "conscious"
        c.conditions.discard("unconscious")
        battle.emit("note", _("{name} regains consciousness (prone)").format(name=c.name), rules=("healing", "dying"),
                    creature=c.id)
    sync_bloodied(c)


def spend_surge(battle, c, extra: int = 0, power: str = "", rules: tuple[str, ...] = ()) -> bool:
    """Spend a healing surge: regain the surge value (a quarter of the maximum) plus `extra` (from
    the power named); False when none is left."""
    if c.surges <= 0:
        return False
    c.surges -= 1
    what = _("a healing surge and {bonus} from {power}").format(bonus=extra, power=power) if extra else \
        _("a healing surge")
    heal(battle, c, c.stats.surge_value + extra, f" ({what})", ("healing-surge",) + tuple(rules))
    return True


def death_save(battle, c) -> None:
    """4e, Death saving throw, at the end of a dying hero's turn: under 10 a failure (the third
    kills), 20 spends a healing surge (0 + the surge value, conscious, still prone)."""
    face = battle.state.dice.roll(20)
    if face < 10:
        c.death_failures += 1
        battle.emit("death_save", _("{name} fails a death save: d20 {face} ({failures} failures)").format(
            name=c.name, face=face, failures=c.death_failures), rules=("death-saves",), creature=c.id)
        if c.death_failures >= 3:
            die(battle, c, _("{name} fails its third death save and dies").format(name=c.name),
                ("death-saves", "death"))
    elif face == 20 and c.surges > 0:
        battle.emit("death_save", _("{name} rolls a 20 on its death save: it spends a healing surge").format(
            name=c.name), rules=("death-saves", "healing-surge"), creature=c.id)
        spend_surge(battle, c, rules=("death-saves",))
    else:
        battle.emit("death_save", _("{name} makes a death save: d20 {face}, no change").format(name=c.name, face=face),
                    rules=("death-saves",), creature=c.id)
