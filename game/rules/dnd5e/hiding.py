"""5e, Hide and Search: hiding behind cover, being found, and being revealed."""

from __future__ import annotations

from ...i18n import translator
from ..errors import IllegalCommand
from ..state import Creature
from .checks import ability_check
from .geometry import can_see, cover_between, covers_between
from .spending import BONUS_ACTION, SPENT_WORDS, spend_action_or_bonus

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by


def hidden_from(creature: Creature, viewer: Creature) -> bool:
    """5e, Hide: a hidden creature is hidden from its enemies (its allies know where it is)."""
    return "hidden" in creature.conditions and creature.side != viewer.side


def sees(battle, viewer: Creature, target: Creature) -> bool:
    """Whether the viewer sees the target: a line of sight, and not hidden from it
    (5e, "Attaquants et cibles invisibles")."""
    return not hidden_from(target, viewer) and can_see(battle, viewer, target)


def enemies_of(battle, creature: Creature) -> list[Creature]:
    return [c for c in battle.state.creatures.values() if c.side != creature.side and c.standing]


def do_hide(battle, actor: Creature, cmd) -> None:
    """5e, Hide: a Dex (Stealth) check; hidden from every enemy whose passive Perception it beats.

    You cannot hide from a creature that sees you clearly: each enemy that can see the hider
    must find it behind at least half cover.
    """
    seeing = [e for e in enemies_of(battle, actor) if can_see(battle, e, actor)]
    covers = covers_between(battle, [(e, actor) for e in seeing])  # all in one look-up
    exposed = [e for e, cover in zip(seeing, covers) if cover == 0]
    if exposed:
        raise IllegalCommand(_("{id} cannot hide: {enemy} sees it clearly").format(id=actor.id, enemy=exposed[0].id))
    spent = spend_action_or_bonus(battle, actor, "hide", cmd)
    how = _(SPENT_WORDS[spent])
    rules = ("hide", "bonus-action") if spent == BONUS_ACTION else ("hide",)
    total, text = ability_check(battle, actor, "stealth")
    battle.emit("check", text, rules=rules, creature=actor.id)
    spotted = [e for e in enemies_of(battle, actor) if can_see(battle, e, actor) and e.stats.passive >= total]
    if spotted:
        actor.conditions.discard("hidden")
        battle.emit("action", _("{name} tries to hide ({how}) but {enemy} notices it (passive Perception "
                                "{passive})").format(name=actor.name, how=how, enemy=spotted[0].name,
                                                     passive=spotted[0].stats.passive), rules=rules, creature=actor.id)
        return
    actor.conditions.add("hidden")
    actor.effects["stealth"] = total
    battle.emit("condition", _("{name} hides ({how}; Stealth {total})").format(name=actor.name, how=how, total=total),
                rules=rules, creature=actor.id, condition="hidden")


def do_search(battle, actor: Creature, cmd) -> None:
    """5e, Search: a Wis (Perception) check finds hidden enemies whose Stealth it equals or beats."""
    battle.use_action(actor, "Search")
    total, text = ability_check(battle, actor, "perception")
    battle.emit("check", text, rules=("search",), creature=actor.id)
    found = []
    for other in battle.state.creatures.values():
        if other.side != actor.side and "hidden" in other.conditions and can_see(battle, actor, other):
            if total >= other.effects.get("stealth", 0):
                reveal(battle, other, _("found by {name}").format(name=actor.name), rules=("search", "hide"))
                found.append(other.name)
    if not found:
        battle.emit("action", _("{name} searches and finds nobody").format(name=actor.name), rules=("search",),
                    creature=actor.id)


def reveal(battle, creature: Creature, why: str, rules: tuple[str, ...] = ("hide", "unseen-attackers")) -> None:
    """A hidden creature is seen again; `why` in words, `rules` the cards its line applies."""
    if "hidden" in creature.conditions:
        creature.conditions.discard("hidden")
        creature.effects.pop("stealth", None)
        battle.emit("condition", _("{name} is no longer hidden ({why})").format(name=creature.name, why=why),
                    rules=rules, creature=creature.id)


def reveal_if_seen(battle, creature: Creature) -> None:
    """A hidden creature that ends up in the open, seen without any cover by an enemy, is seen."""
    if "hidden" not in creature.conditions:
        return
    for enemy in enemies_of(battle, creature):
        if can_see(battle, enemy, creature) and cover_between(battle, enemy, creature) == 0:
            reveal(battle, creature, _("seen by {name}").format(name=enemy.name), rules=("hide",))
            return
