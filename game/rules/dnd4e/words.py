"""How 4e ids read in the words people see, in the language spoken now: conditions and states,
the kinds of action, the defences, power usages and kinds ("dazed", "minor", "Ref", "at-will"),
and the rule card each usage stands under. Ids stay ids in commands, JSON and files."""

from __future__ import annotations

from ...i18n import N_, _

CONDITIONS = {
    "blinded": N_("blinded"), "bloodied": N_("bloodied"), "conscious": N_("conscious"), "dazed": N_("dazed"),
    "dead": N_("dead"), "defending": N_("defending"), "dominated": N_("dominated"), "dying": N_("dying"),
    "grabbed": N_("grabbed"), "helpless": N_("helpless"), "hidden": N_("hidden"), "immobilized": N_("immobilized"),
    "marked": N_("marked"), "prone": N_("prone"), "restrained": N_("restrained"), "running": N_("running"),
    "slowed": N_("slowed"), "squeezing": N_("squeezing"), "stable": N_("stable"), "stunned": N_("stunned"),
    "surprised": N_("surprised"), "unconscious": N_("unconscious"), "weakened": N_("weakened"),
    "deafened": N_("deafened"), "invisible": N_("invisible"), "second-wind": N_("second wind"),
    "underwater": N_("underwater"),
}
ACTIONS = {"standard": N_("standard"), "move": N_("move"), "minor": N_("minor"), "free": N_("free"),
           "move and standard": N_("move and standard"), "opportunity": N_("opportunity"),
           "immediate interrupt": N_("immediate interrupt"), "immediate reaction": N_("immediate reaction")}
DEFENCES = {"ac": N_("AC"), "fort": N_("Fort"), "ref": N_("Ref"), "will": N_("Will")}
USAGES = {"at-will": N_("at-will"), "encounter": N_("encounter"), "recharge": N_("recharge"), "daily": N_("daily")}
KINDS = {"melee": N_("melee"), "ranged": N_("ranged"), "close-burst": N_("close burst"),
         "close-blast": N_("close blast"), "area-burst": N_("area burst")}
USAGE_RULES = {"at-will": "powers-at-will", "encounter": "powers-encounter", "daily": "powers-daily",
               "recharge": "recharge"}


def _word(table: dict, key: str | None) -> str:
    return _(table[key]) if key in table else (key or "")


def condition(key: str) -> str:
    """A condition or a hit point state in words ("dazed" -> "hébété" in French)."""
    return _word(CONDITIONS, key)


def action(key: str) -> str:
    """A kind of action in words ("minor" -> "mineure")."""
    return _word(ACTIONS, key)


def defence(key: str) -> str:
    """A defence's short name ("ref" -> "Ref" / "Réf")."""
    return _word(DEFENCES, key)


def usage(key: str) -> str:
    return _word(USAGES, key)


def kind(key: str) -> str:
    return _word(KINDS, key)


def power_rules(power) -> tuple[str, ...]:
    """The rule cards a use of the power names: the usage's (at-will, encounter, daily, recharge)."""
    return (USAGE_RULES[power.usage],) if power.usage in USAGE_RULES else ()


DAMAGE_TYPES = {"acid": N_("acid"), "cold": N_("cold"), "fire": N_("fire"), "force": N_("force"),
                "lightning": N_("lightning"), "necrotic": N_("necrotic"), "poison": N_("poison"),
                "psychic": N_("psychic"), "radiant": N_("radiant"), "thunder": N_("thunder")}


def damage_type(key: str | None) -> str:
    """A damage type in words ("fire" -> "feu")."""
    return _word(DAMAGE_TYPES, key)
