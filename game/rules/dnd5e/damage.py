"""Damage, healing, dropping to 0 hit points and death saves (5e, "Dommages et soins")."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_, translator
from ..state import CONSCIOUS, DEAD, STABLE, UNCONSCIOUS, Creature
from .conditions import immune
from .vocab import damage_type

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def adjusted_damage(target: Creature, amount: int, dtype: str, board=None) -> tuple[int, list[str], list[str]]:
    """Damage after flat reduction, then immunity, resistance or vulnerability (never stacking):
    the amount, the notes for the log, and the rule cards applied."""
    notes: list[str] = []
    rules: list[str] = []
    word = damage_type(dtype)
    stats = target.stats
    if stats.damage_reduction and amount > 0:
        amount = max(0, amount - stats.damage_reduction)
        notes.append(_("reduced by {amount}").format(amount=stats.damage_reduction))
    resistances = set(stats.resistances)
    if board is not None and dtype == "fire" and _immersed(target, board):
        resistances.add("fire")  # 5e, Underwater combat: fully immersed creatures resist fire
        rules.append("underwater-combat")
    # 5e: resistance and vulnerability apply after all other modifiers
    if dtype in stats.immunities:
        return 0, notes + [_("immune to {type}").format(type=word)], rules + ["resistance-vulnerability"]
    if dtype in resistances:
        amount //= 2
        notes.append(_("resistant to {type}").format(type=word))
        rules.append("resistance-vulnerability")
    if dtype in stats.vulnerabilities:
        amount *= 2
        notes.append(_("vulnerable to {type}").format(type=word))
        rules.append("resistance-vulnerability")
    return amount, notes, list(dict.fromkeys(rules))


def _immersed(target: Creature, board) -> bool:
    if not board.anywhere("deep_water"):
        return False
    deep = board.prop("deep_water")
    return target.altitude == 0 and all(deep[y, x] for x, y in target.squares())


@dataclass
class Hit:
    """One instance of damage: every damage type of one hit and its rider's damage, or one
    spell's (or one dart's, one fall's) damage to one creature. Its parts count as one at 0 hit
    points and for instant death (5e, "Dommages à 0 point de vie", "Mort instantanée")."""

    crit: bool = False
    knock_out: bool = False
    down: bool = False  # it dropped the creature to 0, or counted its failed death saves
    dropped: bool = False  # it dropped the creature to 0
    beyond: int = 0  # its damage left over at 0 hit points
    taken: int = 0  # its damage after resistances, for the concentration save


@dataclass(frozen=True)
class Outcome:
    """What a part of a hit did beyond the hit points: the words for the log line (as shown)
    and the rule card it applied ("" for neither)."""

    text: str = ""
    rule: str = ""


def apply_damage(battle, target: Creature, amount: int, hit: Hit) -> Outcome:
    """Subtract one part of a hit's damage, already adjusted; what happened, for the log."""
    if not target.alive or amount <= 0:
        return Outcome()
    absorbed = min(target.temp_hp, amount)
    target.temp_hp -= absorbed  # 5e: temporary hit points are lost first
    rest = amount - absorbed
    if rest <= 0:
        return Outcome(_("temporary hit points absorb {amount}").format(amount=absorbed), "temporary-hp")
    max_hp = target.stats.hp
    if target.hp > 0:
        hit.beyond = rest - target.hp
        target.hp = max(0, target.hp - rest)
        if target.hp > 0:
            return Outcome()
        hit.down = hit.dropped = True
        if hit.beyond >= max_hp:
            # 5e, Instant death: damage left over after 0 at least the hit point maximum
            return _die(battle, target, N_("dies instantly"), "instant-death")
        if hit.knock_out:
            # 5e, Knocking a creature out: unconscious and stable
            _fall_unconscious(target, STABLE)
            return Outcome(_("is knocked out (unconscious and stable)"), "knocking-out")
        if not target.stats.player:
            # 5e, Monsters and death: a monster dies at 0 hit points
            return _die(battle, target, N_("dies"), "monsters-die")
        _fall_unconscious(target, UNCONSCIOUS)
        return Outcome(_("falls unconscious"), "dropping-to-0")
    # 5e, Damage at 0 hit points: a failed death save (two on a critical hit), once a hit;
    # the hit's damage at 0 (all its parts) at least the maximum kills
    hit.beyond += rest
    if hit.beyond >= max_hp:
        return _die(battle, target, N_("dies instantly") if hit.dropped
                    else N_("dies (damage at 0 hp at least its hit point maximum)"), "instant-death")
    if hit.down:
        return Outcome()
    hit.down = True
    if not target.stats.player:
        # 5e, Monsters and death: monsters make no death saves; damage at 0 kills a monster
        return _die(battle, target, N_("dies (a monster at 0 hit points)"), "monsters-die")
    if target.state == STABLE:
        target.state = UNCONSCIOUS  # 5e, Stabilizing: damage ends being stable
    target.death_failures += 2 if hit.crit else 1
    if target.death_failures >= 3:
        return _die(battle, target, N_("dies (three failed death saves)"), "death-saves")
    line = N_("death save failures ({failures}/3)") if hit.crit else N_("death save failure ({failures}/3)")
    return Outcome(_(line).format(failures=target.death_failures), "death-saves")


def _fall_unconscious(target: Creature, state: str) -> None:
    target.state = state
    target.death_successes = target.death_failures = 0
    # SRD 5.1, Unconscious: the creature drops prone; it loses concentration-like stances
    target.conditions |= {c for c in ("unconscious", "prone") if not immune(target, c)}
    target.conditions -= {"dodging", "hidden", "dashing", "disengaged"}


def _die(battle, target: Creature, text: str, rule: str) -> Outcome:
    """The creature dies; `text` (English, translated here) says how."""
    target.state = DEAD
    target.hp = 0
    target.temp_hp = 0
    target.conditions -= {"dodging", "hidden", "dashing", "disengaged", "unconscious", "surprised"}
    return Outcome(_(text), rule)


def grant_temp_hp(target: Creature, amount: int) -> int:
    """5e, Temporary hit points: they don't stack; the creature keeps the larger amount."""
    if target.state == DEAD:
        return target.temp_hp
    target.temp_hp = max(target.temp_hp, amount)
    return target.temp_hp


def heal(target: Creature, amount: int) -> int:
    """5e, Healing: hit points regained, capped at the maximum; the dead gain nothing."""
    if target.state == DEAD or amount <= 0:
        return 0
    gained = min(amount, target.stats.hp - target.hp)
    target.hp += gained
    if target.hp > 0 and target.state in (UNCONSCIOUS, STABLE):
        target.state = CONSCIOUS
        target.conditions.discard("unconscious")
    target.death_successes = target.death_failures = 0
    return gained


def death_save(battle, creature: Creature) -> str:
    """5e, Death saving throws: d20 >= 10 succeeds; 1 is two failures; 20 regains 1 hp."""
    face = battle.state.dice.roll(20)
    if face == 20:
        heal(creature, 1)
        return _("{name} makes a death save: d20 20, regains 1 hit point and wakes").format(name=creature.name)
    if face == 1:
        creature.death_failures += 2
        outcome = _("two failures")
    elif face >= 10:
        creature.death_successes += 1
        outcome = _("success")
    else:
        creature.death_failures += 1
        outcome = _("failure")
    text = _("{name} makes a death save: d20 {face}, {outcome} ({successes} successes, {failures} failures)").format(
        name=creature.name, face=face, outcome=outcome, successes=creature.death_successes,
        failures=creature.death_failures)
    if creature.death_failures >= 3:
        creature.state = DEAD
        return _("{line}; dies").format(line=text)
    if creature.death_successes >= 3:
        creature.state = STABLE
        creature.death_successes = creature.death_failures = 0
        return _("{line}; is stable").format(line=text)
    return text
