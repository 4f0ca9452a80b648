"""The actions of 5e "Les actions en combat" beyond moving, attacking, Help and Hide.

Use an Object, handing an item over (the turn's free object interaction), first aid (stabilize), and the special melee attacks that replace an attack of
the Attack action: grapple and shove; escaping a grapple. (Help is helping.py's, Hide and
Search hiding.py's, what an act spends spending.py's.)
"""

from __future__ import annotations

from ...content.creatures import load_item
from ...core.dice import d20_at_least
from ...core.sizes import size_index
from ...i18n import N_, translator
from ..errors import IllegalCommand
from ..state import STABLE, UNCONSCIOUS, Creature
from .attacks import roll_damage
from .checks import ability_check, best_of, check_advantage, check_bonus, contest, contest_chance
from .conditions import give, refuse_if_immune
from .damage import heal
from .geometry import own_reach, within
from .hiding import hidden_from

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

def do_use(battle, actor: Creature, cmd) -> None:
    """5e, Use an Object: drink a potion, or give it to a creature within 1.5 m (SRD 5.1)."""
    item_id = cmd.get("item")
    if item_id not in actor.items:
        raise IllegalCommand(_("{id} carries no {item!r}").format(id=actor.id, item=item_id))
    item = load_item("5e", item_id)
    target = battle.creature(cmd.get("target")) if cmd.get("target") is not None else actor
    if target is not actor and not within(battle, actor, target, 1.5):
        raise IllegalCommand(_("{id} is not within 1.5 m of {actor}").format(id=target.id, actor=actor.id))
    if not target.alive:
        raise IllegalCommand(_("{id} is dead").format(id=target.id))
    if item.action == "bonus_action":
        battle.use_bonus_action(actor, f"use {item.name}")
    else:
        battle.use_action(actor, f"use {item.name}")
    actor.items.remove(item_id)
    if item.heal is None:
        battle.emit("action", _("{name} uses {item}").format(name=actor.name, item=item.name), rules=("use-object",),
                    creature=actor.id)
        return
    rolled, how = roll_damage(battle, item.heal)
    gained = heal(target, rolled)
    line = N_("{name} drinks {item}: {how} = {rolled}; {target} regains {gained} hp ({hp}/{max_hp})") \
        if target is actor else \
        N_("{name} gives {target} {item}: {how} = {rolled}; {target} regains {gained} hp ({hp}/{max_hp})")
    battle.emit("heal", _(line).format(name=actor.name, item=item.name, how=how, rolled=rolled, target=target.name,
                                       gained=gained, hp=target.hp, max_hp=target.stats.hp),
                rules=("use-object", "healing"), creature=target.id, amount=gained)


OBJECT_USED = "turn:object"  # the effect that marks the turn's free object interaction spent


def interact(battle, actor: Creature, what: str) -> str:
    """5e, "Interagir avec les objets autour de vous": one object interaction a turn is free; "Si
    vous voulez interagir avec un second objet, cela utilisera votre action". Returns what it
    spent ("free" or "action"); an IllegalCommand when it needs the action and that is spent."""
    if OBJECT_USED not in actor.effects:
        actor.effects[OBJECT_USED] = True
        return "free"
    battle.use_action(actor, what)
    return "action"


def do_give(battle, actor: Creature, cmd) -> None:
    """Hand an item carried to a creature within 1.5 m ("Donner un objet à un autre personnage",
    one of the seed's free interactions); it must be conscious to take it (our reading)."""
    item_id = cmd.get("item")
    if item_id not in actor.items:
        raise IllegalCommand(_("{id} carries no {item!r}").format(id=actor.id, item=item_id))
    target = battle.creature(cmd.get("target"))
    if target is actor:
        raise IllegalCommand(_("{id} cannot hand an item to itself").format(id=actor.id))
    if not within(battle, actor, target, 1.5):
        raise IllegalCommand(_("{id} is not within 1.5 m of {actor}").format(id=target.id, actor=actor.id))
    if not target.standing:
        raise IllegalCommand(_("{id} cannot take it: it is not conscious").format(id=target.id))
    item = load_item("5e", item_id)
    spent = interact(battle, actor, f"give {item.name}")
    actor.items.remove(item_id)
    target.items.append(item_id)
    line = N_("{name} hands {item} to {target} (its free object interaction this turn)") if spent == "free" else \
        N_("{name} hands {item} to {target} (its action: a second object this turn)")
    battle.emit("action", _(line).format(name=actor.name, item=item.name, target=target.name),
                rules=("object-interaction",), creature=actor.id)


FIRST_AID_DC = 10  # SRD 5.1, Stabilizing a Creature: a DC 10 Wisdom (Medicine) check
RESISTING = ("athletics", "acrobatics")  # SRD 5.1, Grappling and Shoving: the target's choice


def do_stabilize(battle, actor: Creature, cmd) -> None:
    """5e, Stabilizing a creature: an action and a Wis (Medicine) check DC 10."""
    target = battle.creature(cmd.get("target"))
    if target.state != UNCONSCIOUS or target.hp != 0:
        raise IllegalCommand(_("{id} is not dying").format(id=target.id))
    if not within(battle, actor, target, 1.5):
        raise IllegalCommand(_("{id} is not within 1.5 m of {actor}").format(id=target.id, actor=actor.id))
    battle.use_action(actor, "first aid")
    total, text = ability_check(battle, actor, "medicine")
    if total < FIRST_AID_DC:
        battle.emit("check", _("{check} vs DC 10, failure: {name} is still dying").format(check=text, name=target.name),
                    rules=("stabilize",), creature=target.id)
        return
    target.state = STABLE
    target.death_successes = target.death_failures = 0
    hours = battle.state.dice.roll(4)
    battle.emit("check", _("{check} vs DC 10, success: {name} is stable (and would regain 1 hit point in {hours} "
                           "hours)").format(check=text, name=target.name, hours=hours),
                rules=("stabilize",), creature=target.id)


# ---------------------------------------------------------------- grapple, shove, escape
def success_chance(battle, actor: Creature, command: dict) -> float | None:
    """The chance a grapple, shove, escape or first aid succeeds (the handlers' own checks and
    contests below, as odds); None for other acts."""
    act = command["act"]
    if act == "stabilize":
        return d20_at_least(FIRST_AID_DC, check_bonus(actor, "medicine"), check_advantage(actor))
    if act in ("grapple", "shove"):
        target = battle.state.creatures[command["target"]]
        return 1.0 if target.incapacitated else contest_chance(actor, "athletics", target, RESISTING)
    if act == "escape":
        grappler = battle.state.creatures[actor.effects["grappled_by"]]
        return contest_chance(actor, best_of(actor, RESISTING), grappler, ("athletics",))
    return None


UNSEEN_SPECIAL = {"grapple": N_("{id} is hidden: {actor} cannot grapple a creature it does not see"),
                  "shove": N_("{id} is hidden: {actor} cannot shove a creature it does not see")}


def _special_attack(battle, actor: Creature, target: Creature, what: str) -> None:
    """Checks shared by grapple and shove (`what`), and the Attack action slot they use."""
    if not target.alive:
        raise IllegalCommand(_("{id} is dead").format(id=target.id))
    if hidden_from(target, actor):
        # 5e, Unseen attackers and targets: a special melee attack needs a target it can find
        raise IllegalCommand(_(UNSEEN_SPECIAL[what]).format(id=target.id, actor=actor.id))
    # 5e, Lutte, Bousculer: the target may be no more than one size larger, and "à votre portée"
    # (your own reach: a reach weapon lengthens only the attacks made with it)
    if size_index(target.size) > size_index(actor.size) + 1:
        raise IllegalCommand(_("{id} is more than one size larger than {actor}").format(id=target.id, actor=actor.id))
    if not within(battle, actor, target, own_reach(actor)):
        raise IllegalCommand(_("{id} is out of {actor}'s reach").format(id=target.id, actor=actor.id))
    battle.take_attack(actor)


def do_grapple(battle, actor: Creature, cmd) -> None:
    """5e, Grappling: Str (Athletics) against the target's Str (Athletics) or Dex (Acrobatics)."""
    target = battle.creature(cmd.get("target"))
    if target is actor:
        raise IllegalCommand(_("{id} cannot grapple itself").format(id=actor.id))
    if target.effects.get("grappled_by") == actor.id:
        raise IllegalCommand(_("{id} already grapples {target}").format(id=actor.id, target=target.id))
    two_handed = [n for n in actor.attack_weapons
                  if (a := actor.stats.attack(n)) is not None and "two-handed" in a.properties]
    if two_handed:
        # 5e, Grappling: it takes a free hand; a two-handed weapon swung this turn fills both
        raise IllegalCommand(_("{id} has no free hand: it wields its {weapon} in both hands").format(
            id=actor.id, weapon=two_handed[0]))
    refuse_if_immune(target, "grappled")  # SRD 5.1, condition immunities: no point trying
    _special_attack(battle, actor, target, "grapple")
    battle.emit("action", _("{name} tries to grapple {target}").format(name=actor.name, target=target.name),
                rules=("grapple",), creature=actor.id)
    emit = lambda text: battle.emit("check", text, rules=("contests", "grapple"))  # noqa: E731
    if target.incapacitated or contest(battle, actor, "athletics", target, RESISTING, emit):
        if give(battle, target, "grappled", _("{target} is grappled by {name}").format(target=target.name,
                                                                                      name=actor.name)):
            target.effects["grappled_by"] = actor.id
    else:
        battle.emit("action", _("{target} slips the grapple").format(target=target.name), rules=("grapple",),
                    creature=target.id)


def do_shove(battle, actor: Creature, cmd) -> None:
    """5e, Shoving a creature: knock it prone or push it 1.5 m away, by a contest."""
    target = battle.creature(cmd.get("target"))
    effect = cmd.get("effect", "prone")
    if effect not in ("prone", "push"):
        raise IllegalCommand(_("'effect' must be \"prone\" or \"push\""))
    if target is actor:
        raise IllegalCommand(_("{id} cannot shove itself").format(id=actor.id))
    if effect == "prone":
        refuse_if_immune(target, "prone")  # SRD 5.1, condition immunities
    _special_attack(battle, actor, target, "shove")
    line = N_("{name} tries to shove {target} (prone)") if effect == "prone" else \
        N_("{name} tries to shove {target} (push)")
    battle.emit("action", _(line).format(name=actor.name, target=target.name), rules=("shove",), creature=actor.id)
    emit = lambda text: battle.emit("check", text, rules=("contests", "shove"))  # noqa: E731
    if not (target.incapacitated or contest(battle, actor, "athletics", target, RESISTING, emit)):
        battle.emit("action", _("{target} stands its ground").format(target=target.name), rules=("shove",),
                    creature=target.id)
        return
    if effect == "prone":
        battle.knock_prone(target, _("shoved by {name}").format(name=actor.name))
        return
    battle.push(target, actor, _("shoved by {name}").format(name=actor.name))


def do_escape(battle, actor: Creature, cmd) -> None:
    """5e, Escaping a grapple: an action, Str (Athletics) or Dex (Acrobatics) against Str (Athletics)."""
    grappler_id = actor.effects.get("grappled_by")
    if "grappled" not in actor.conditions or grappler_id is None:
        raise IllegalCommand(_("{id} is not grappled").format(id=actor.id))
    grappler = battle.state.creatures[grappler_id]
    battle.use_action(actor, "escape")
    emit = lambda text: battle.emit("check", text, rules=("contests", "escape-grapple"))  # noqa: E731
    if contest(battle, actor, best_of(actor, RESISTING), grappler, ("athletics",), emit):
        release(battle, actor, ESCAPES)
    else:
        battle.emit("action", _("{name} fails to escape {grappler}").format(name=actor.name, grappler=grappler.name),
                    rules=("escape-grapple",), creature=actor.id)


ESCAPES, FREED = "escapes", "freed"  # how a grapple ends (release's `why`)
RELEASE_LINES = {ESCAPES: N_("{name} escapes from {grappler}'s grapple"),
                 FREED: N_("{name} is freed from {grappler}'s grapple")}
RELEASE_LINES_UNKNOWN = {ESCAPES: N_("{name} escapes from its grappler's grapple"),
                         FREED: N_("{name} is freed from its grappler's grapple")}


def release(battle, creature: Creature, why: str) -> None:
    """End a grapple: `why` is ESCAPES (the creature's escape) or FREED (the grapple broke)."""
    grappler = creature.effects.pop("grappled_by", None)
    if "grappled" in creature.conditions:
        creature.conditions.discard("grappled")
        rules = ("escape-grapple",) if why == ESCAPES else ("grapple",)
        if grappler in battle.state.creatures:
            text = _(RELEASE_LINES[why]).format(name=creature.name, grappler=battle.state.creatures[grappler].name)
        else:
            text = _(RELEASE_LINES_UNKNOWN[why]).format(name=creature.name)
        battle.emit("condition", text, rules=rules, creature=creature.id)


def check_grapples(battle) -> None:
    """SRD 5.1, Grappled: it ends at once when the grappler is incapacitated (killed, knocked
    out, stunned: whatever did it) or the two are out of its reach (Engine._settle asks after
    every command)."""
    for c in battle.state.creatures.values():
        grappler_id = c.effects.get("grappled_by")
        if grappler_id is None:
            continue
        g = battle.state.creatures[grappler_id]
        if not c.alive or g.incapacitated or not within(battle, g, c, own_reach(g)):
            release(battle, c, FREED)


def drags(battle, mover: Creature) -> list[Creature]:
    """The creatures the mover is grappling, which it drags along (asked at every step of a walk:
    a creature with no effects at all is passed over first)."""
    mover_id = mover.id
    return [c for c in battle.state.creatures.values()
            if c.effects and c.effects.get("grappled_by") == mover_id and c.alive]


def speed(battle, mover: Creature, mode: str = "walk") -> float:
    """5e, Lutte: dragging or carrying a grappled creature, "votre vitesse est diminuée par deux,
    à moins que la créature ne soit plus petite que vous d'au moins deux tailles"."""
    full = mover.speed(mode)
    slowed = any(size_index(c.size) > size_index(mover.size) - 2 for c in drags(battle, mover))
    return full / 2 if slowed else full


def movement_left(battle, mover: Creature, mode: str = "walk") -> float:
    """The movement left this turn at that speed: as when changing speeds, the movement already
    spent counts against it (5e, Utiliser des vitesses différentes); a Dash adds the speed as it is."""
    if not drags(battle, mover):  # (most of the time) nothing dragged: the speed is whole, nothing lost
        return max(0.0, mover.movement_left(mode))
    lost = (mover.speed(mode) - speed(battle, mover, mode)) * (1 + mover.dashes)
    return max(0.0, mover.movement_left(mode) - lost)
