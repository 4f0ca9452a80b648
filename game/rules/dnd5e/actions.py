"""The actions of 5e "Les actions en combat" beyond moving and attacking.

Help, Hide, Search, Use an Object, first aid (stabilize), and the special melee attacks that
replace an attack of the Attack action: grapple and shove; escaping a grapple.
"""

from __future__ import annotations

from ...content.creatures import load_item
from ...core.sizes import size_index
from ..errors import IllegalCommand
from ..state import STABLE, UNCONSCIOUS, Creature
from .attacks import roll_damage
from .checks import ability_check, contest
from .damage import heal
from .geometry import can_see, cover_between, melee_reach, within

BONUS_ACTION_TRAITS = {
    # trait: the actions it allows as a bonus action (SRD 5.1 stat blocks and class features)
    "nimble-escape": {"disengage", "hide"},
    "cunning-action": {"dash", "disengage", "hide"},
}


def spend_action_or_bonus(battle, actor: Creature, act: str, cmd) -> str:
    """Spend the action, or the bonus action where a trait allows it (`bonus = true` asks for it)."""
    allowed = any(act in acts for trait, acts in BONUS_ACTION_TRAITS.items() if trait in actor.stats.traits)
    wants_bonus = cmd.get("bonus", False)
    if not isinstance(wants_bonus, bool):
        raise IllegalCommand("'bonus' must be true or false")
    if wants_bonus and not allowed:
        raise IllegalCommand(f"{actor.id} cannot {act} as a bonus action")
    if allowed and (wants_bonus or not actor.action):
        battle.use_bonus_action(actor, act)
        return "bonus action"
    battle.use_action(actor, act)
    return "action"


def enemies_of(battle, creature: Creature) -> list[Creature]:
    return [c for c in battle.state.creatures.values() if c.side != creature.side and c.standing]


# ---------------------------------------------------------------- Help
def do_help(battle, actor: Creature, cmd) -> None:
    """5e, Help: the ally's first attack against a foe within 1.5 m of you has advantage."""
    ally = battle.creature(cmd.get("target"))
    foe = battle.creature(cmd.get("against"))
    if ally is actor or ally.side != actor.side:
        raise IllegalCommand(f"{ally.id} is not an ally of {actor.id}")
    if not ally.standing:
        raise IllegalCommand(f"{ally.id} is {ally.state}: it cannot be helped to attack")
    if foe.side == actor.side or not foe.alive:
        raise IllegalCommand(f"{foe.id} is not an enemy to help against")
    if not within(battle, actor, foe, 1.5):
        raise IllegalCommand(f"{foe.id} must be within 1.5 m of {actor.id} to help against it")
    battle.use_action(actor, "Help")
    battle.state.helps.append((actor.id, ally.id, foe.id))
    battle.emit("action", f"{actor.name} helps {ally.name} against {foe.name}", creature=actor.id)


def help_for(battle, attacker: Creature, target: Creature) -> str | None:
    """The helper whose Help gives this attack advantage, if any."""
    for helper, ally, foe in battle.state.helps:
        if ally == attacker.id and foe == target.id:
            return helper
    return None


def use_help(battle, attacker: Creature, target: Creature) -> None:
    helper = help_for(battle, attacker, target)
    if helper is not None:
        battle.state.helps.remove((helper, attacker.id, target.id))


# ---------------------------------------------------------------- Hide and Search
def do_hide(battle, actor: Creature, cmd) -> None:
    """5e, Hide: a Dex (Stealth) check; hidden from every enemy whose passive Perception it beats.

    You cannot hide from a creature that sees you clearly: each enemy that can see the hider
    must find it behind at least half cover.
    """
    exposed = [e for e in enemies_of(battle, actor)
               if can_see(battle, e, actor) and cover_between(battle, e, actor) == 0]
    if exposed:
        raise IllegalCommand(f"{actor.id} cannot hide: {exposed[0].id} sees it clearly")
    how = spend_action_or_bonus(battle, actor, "hide", cmd)
    total, text = ability_check(battle, actor, "stealth")
    battle.emit("check", text, creature=actor.id)
    spotted = [e for e in enemies_of(battle, actor) if can_see(battle, e, actor) and e.stats.passive >= total]
    if spotted:
        actor.conditions.discard("hidden")
        battle.emit("action", f"{actor.name} tries to hide ({how}) but {spotted[0].name} notices it "
                              f"(passive Perception {spotted[0].stats.passive})", creature=actor.id)
        return
    actor.conditions.add("hidden")
    actor.effects["stealth"] = total
    battle.emit("condition", f"{actor.name} hides ({how}; Stealth {total})", creature=actor.id, condition="hidden")


def do_search(battle, actor: Creature, cmd) -> None:
    """5e, Search: a Wis (Perception) check finds hidden enemies whose Stealth it equals or beats."""
    battle.use_action(actor, "Search")
    total, text = ability_check(battle, actor, "perception")
    battle.emit("check", text, creature=actor.id)
    found = []
    for other in battle.state.creatures.values():
        if other.side != actor.side and "hidden" in other.conditions and can_see(battle, actor, other):
            if total >= other.effects.get("stealth", 0):
                reveal(battle, other, f"found by {actor.name}")
                found.append(other.name)
    if not found:
        battle.emit("action", f"{actor.name} searches and finds nobody", creature=actor.id)


def reveal(battle, creature: Creature, why: str) -> None:
    if "hidden" in creature.conditions:
        creature.conditions.discard("hidden")
        creature.effects.pop("stealth", None)
        battle.emit("condition", f"{creature.name} is no longer hidden ({why})", creature=creature.id)


def reveal_if_seen(battle, creature: Creature) -> None:
    """A hidden creature that ends up in the open, seen without any cover by an enemy, is seen."""
    if "hidden" not in creature.conditions:
        return
    for enemy in enemies_of(battle, creature):
        if can_see(battle, enemy, creature) and cover_between(battle, enemy, creature) == 0:
            reveal(battle, creature, f"seen by {enemy.name}")
            return


# ---------------------------------------------------------------- Use an Object, first aid
def do_use(battle, actor: Creature, cmd) -> None:
    """5e, Use an Object: drink a potion, or give it to a creature within 1.5 m (SRD 5.1)."""
    item_id = cmd.get("item")
    if item_id not in actor.items:
        raise IllegalCommand(f"{actor.id} carries no {item_id!r}")
    item = load_item("5e", item_id)
    target = battle.creature(cmd.get("target")) if cmd.get("target") is not None else actor
    if target is not actor and not within(battle, actor, target, 1.5):
        raise IllegalCommand(f"{target.id} is not within 1.5 m of {actor.id}")
    if not target.alive:
        raise IllegalCommand(f"{target.id} is dead")
    if item.action == "bonus_action":
        battle.use_bonus_action(actor, f"use {item.name}")
    else:
        battle.use_action(actor, f"use {item.name}")
    actor.items.remove(item_id)
    if item.heal is None:
        battle.emit("action", f"{actor.name} uses {item.name}", creature=actor.id)
        return
    rolled, how = roll_damage(battle, item.heal)
    gained = heal(target, rolled)
    who = "drinks" if target is actor else f"gives {target.name}"
    battle.emit("heal", f"{actor.name} {who} {item.name}: {how} = {rolled}; {target.name} regains {gained} hp "
                f"({target.hp}/{target.stats.hp})", creature=target.id, amount=gained)


def do_stabilize(battle, actor: Creature, cmd) -> None:
    """5e, Stabilizing a creature: an action and a Wis (Medicine) check DC 10."""
    target = battle.creature(cmd.get("target"))
    if target.state != UNCONSCIOUS or target.hp != 0:
        raise IllegalCommand(f"{target.id} is not dying")
    if not within(battle, actor, target, 1.5):
        raise IllegalCommand(f"{target.id} is not within 1.5 m of {actor.id}")
    battle.use_action(actor, "first aid")
    total, text = ability_check(battle, actor, "medicine")
    if total < 10:
        battle.emit("check", f"{text} vs DC 10, failure: {target.name} is still dying", creature=target.id)
        return
    target.state = STABLE
    target.death_successes = target.death_failures = 0
    hours = battle.state.dice.roll(4)
    battle.emit("check", f"{text} vs DC 10, success: {target.name} is stable "
                f"(and would regain 1 hit point in {hours} hours)", creature=target.id)


# ---------------------------------------------------------------- grapple, shove, escape
def _special_attack(battle, actor: Creature, target: Creature, what: str) -> None:
    """Checks shared by grapple and shove, and the Attack action slot they use."""
    if not target.alive:
        raise IllegalCommand(f"{target.id} is dead")
    # 5e: the target may be no more than one size larger, and within your reach
    if size_index(target.size) > size_index(actor.size) + 1:
        raise IllegalCommand(f"{target.id} is more than one size larger than {actor.id}")
    if not within(battle, actor, target, melee_reach(actor)):
        raise IllegalCommand(f"{target.id} is out of {actor.id}'s reach")
    battle.take_attack(actor)


def do_grapple(battle, actor: Creature, cmd) -> None:
    """5e, Grappling: Str (Athletics) against the target's Str (Athletics) or Dex (Acrobatics)."""
    target = battle.creature(cmd.get("target"))
    if target is actor:
        raise IllegalCommand(f"{actor.id} cannot grapple itself")
    if target.effects.get("grappled_by") == actor.id:
        raise IllegalCommand(f"{actor.id} already grapples {target.id}")
    two_handed = [n for n in actor.attack_weapons
                  if (a := actor.stats.attack(n)) is not None and "two-handed" in a.properties]
    if two_handed:
        # 5e, Grappling: it takes a free hand; a two-handed weapon swung this turn fills both
        raise IllegalCommand(f"{actor.id} has no free hand: it wields its {two_handed[0]} in both hands")
    _special_attack(battle, actor, target, "grapple")
    battle.emit("action", f"{actor.name} tries to grapple {target.name}", creature=actor.id)
    emit = lambda text: battle.emit("check", text)  # noqa: E731
    if target.incapacitated or contest(battle, actor, "athletics", target, ("athletics", "acrobatics"), emit):
        target.conditions.add("grappled")
        target.effects["grappled_by"] = actor.id
        battle.emit("condition", f"{target.name} is grappled by {actor.name}", creature=target.id, condition="grappled")
    else:
        battle.emit("action", f"{target.name} slips the grapple", creature=target.id)


def do_shove(battle, actor: Creature, cmd) -> None:
    """5e, Shoving a creature: knock it prone or push it 1.5 m away, by a contest."""
    target = battle.creature(cmd.get("target"))
    effect = cmd.get("effect", "prone")
    if effect not in ("prone", "push"):
        raise IllegalCommand("'effect' must be \"prone\" or \"push\"")
    if target is actor:
        raise IllegalCommand(f"{actor.id} cannot shove itself")
    _special_attack(battle, actor, target, "shove")
    battle.emit("action", f"{actor.name} tries to shove {target.name} ({effect})", creature=actor.id)
    emit = lambda text: battle.emit("check", text)  # noqa: E731
    if not (target.incapacitated or contest(battle, actor, "athletics", target, ("athletics", "acrobatics"), emit)):
        battle.emit("action", f"{target.name} stands its ground", creature=target.id)
        return
    if effect == "prone":
        battle.knock_prone(target, f"shoved by {actor.name}")
        return
    battle.push(target, actor, f"shoved by {actor.name}")


def do_escape(battle, actor: Creature, cmd) -> None:
    """5e, Escaping a grapple: an action, Str (Athletics) or Dex (Acrobatics) against Str (Athletics)."""
    grappler_id = actor.effects.get("grappled_by")
    if "grappled" not in actor.conditions or grappler_id is None:
        raise IllegalCommand(f"{actor.id} is not grappled")
    grappler = battle.state.creatures[grappler_id]
    battle.use_action(actor, "escape")
    emit = lambda text: battle.emit("check", text)  # noqa: E731
    from .checks import best_of

    skill = best_of(actor, ("athletics", "acrobatics"))
    if contest(battle, actor, skill, grappler, ("athletics",), emit):
        release(battle, actor, "escapes")
    else:
        battle.emit("action", f"{actor.name} fails to escape {grappler.name}", creature=actor.id)


def release(battle, creature: Creature, why: str) -> None:
    grappler = creature.effects.pop("grappled_by", None)
    if "grappled" in creature.conditions:
        creature.conditions.discard("grappled")
        who = battle.state.creatures[grappler].name if grappler in battle.state.creatures else "its grappler"
        battle.emit("condition", f"{creature.name} {why} from {who}'s grapple", creature=creature.id)


def check_grapples(battle) -> None:
    """SRD 5.1, Grappled: it ends when the grappler is incapacitated or the two are out of reach."""
    for c in battle.state.creatures.values():
        grappler_id = c.effects.get("grappled_by")
        if grappler_id is None:
            continue
        g = battle.state.creatures[grappler_id]
        if not c.alive:
            release(battle, c, "is freed")
        elif g.incapacitated or not g.alive:
            release(battle, c, "is freed")
        elif not within(battle, g, c, melee_reach(g)):
            release(battle, c, "is freed")


def drags(battle, mover: Creature) -> list[Creature]:
    """The creatures the mover is grappling, which it drags along."""
    return [c for c in battle.state.creatures.values() if c.effects.get("grappled_by") == mover.id and c.alive]


def drag_slows(mover: Creature, dragged: list[Creature]) -> bool:
    """5e: dragging a grappled creature halves your speed unless it is two or more sizes smaller."""
    return any(size_index(c.size) > size_index(mover.size) - 2 for c in dragged)
