"""4e hit points: damage (resistance, vulnerability, temporary hit points), bloodied, minions,
monsters dying at 0, heroes dying and their death saves, healing and healing surges."""

from __future__ import annotations

from .conditions import clear_all, end_grab
from .creature import DYING


def sync_bloodied(c) -> None:
    """4e: bloodied at half its maximum hit points or fewer (a condition the output shows)."""
    if c.alive and c.hp <= c.stats.bloodied:
        c.conditions.add("bloodied")
    else:
        c.conditions.discard("bloodied")


def adjusted(c, amount: int, dtype: str | None) -> tuple[int, str]:
    """The damage after resistance and vulnerability to its type, and a note of what changed it."""
    if dtype is None or amount <= 0:
        return amount, ""
    resist = dict(c.stats.resist).get(dtype, 0)
    vulnerable = dict(c.stats.vulnerable).get(dtype, 0)
    total = max(0, amount - resist + vulnerable)
    note = (f" (resist {resist})" if resist else "") + (f" (vulnerable {vulnerable})" if vulnerable else "")
    return total, note


def deal(battle, c, amount: int, dtype: str | None = None, what: str = "") -> None:
    """Damage to c; temporary hit points go first; then what falling to 0 or below means."""
    if not c.alive or amount <= 0:
        return
    amount, note = adjusted(c, amount, dtype)
    if amount <= 0:
        battle.emit("note", f"{c.name} takes no damage{note}", creature=c.id)
        return
    taken = min(c.temp_hp, amount)
    c.temp_hp -= taken
    c.hp -= amount - taken
    kind = f" {dtype}" if dtype else ""
    battle.emit("damage", f"{c.name} takes {amount}{kind} damage{what}{note} ({c.hp}/{c.stats.hp} hp)",
                target=c.id, amount=amount)
    after_damage(battle, c)


def after_damage(battle, c) -> None:
    sync_bloodied(c)
    if c.stats.minion and c.hp < c.stats.hp:
        c.hp = 0
    if c.hp > 0:
        return
    if not c.stats.player:
        die(battle, c, "drops to 0 hit points and dies")  # 4e: monsters die at 0
    elif c.hp <= -c.stats.bloodied:
        die(battle, c, f"falls to {c.hp} hit points, minus its bloodied value: it dies")
    elif c.state == "conscious":
        c.state = DYING
        c.conditions |= {"unconscious", "prone"}
        battle.emit("condition", f"{c.name} falls unconscious and is dying", creature=c.id)
    elif c.state == "stable":
        c.state = DYING
        battle.emit("condition", f"{c.name} is dying again", creature=c.id)


def die(battle, c, why: str) -> None:
    c.state = "dead"
    clear_all(c)
    end_grab(c)
    c.conditions -= {"bloodied", "unconscious"}
    battle.emit("condition", f"{c.name} {why}", creature=c.id)


def heal(battle, c, amount: int, what: str = "") -> None:
    """4e, Healing: a creature below 0 starts from 0; a dying hero healed above 0 wakes (prone)."""
    if not c.alive:
        return
    if c.hp < 0:
        c.hp = 0
    before = c.hp
    c.hp = min(c.stats.hp, c.hp + amount)
    battle.emit("heal", f"{c.name} regains {c.hp - before} hit points{what} ({c.hp}/{c.stats.hp} hp)",
                target=c.id, amount=c.hp - before)
    if c.hp > 0 and c.state in (DYING, "stable"):
        c.state = "conscious"
        c.conditions.discard("unconscious")
        battle.emit("note", f"{c.name} regains consciousness (prone)", creature=c.id)
    sync_bloodied(c)


def spend_surge(battle, c, extra: int = 0, what: str = "") -> bool:
    """Spend a healing surge: regain the surge value (a quarter of the maximum) plus `extra`;
    False when none is left."""
    if c.surges <= 0:
        return False
    c.surges -= 1
    heal(battle, c, c.stats.surge_value + extra, f" (a healing surge{what})")
    return True


def death_save(battle, c) -> None:
    """4e, Death saving throw, at the end of a dying hero's turn: under 10 a failure (the third
    kills), 20 spends a healing surge (0 + the surge value, conscious, still prone)."""
    face = battle.state.dice.roll(20)
    if face < 10:
        c.death_failures += 1
        battle.emit("death_save", f"{c.name} fails a death save: d20 {face} ({c.death_failures} failures)",
                    creature=c.id)
        if c.death_failures >= 3:
            die(battle, c, "fails its third death save and dies")
    elif face == 20 and c.surges > 0:
        battle.emit("death_save", f"{c.name} rolls a 20 on its death save: it spends a healing surge", creature=c.id)
        spend_surge(battle, c)
    else:
        battle.emit("death_save", f"{c.name} makes a death save: d20 {face}, no change", creature=c.id)
