"""The 5e words that stand inside the log's sentences, in the language spoken: conditions,
creature states, damage types, abilities and skills, cover. Each table maps an id (as the
engine, the files and Event.data keep it) to its English words, marked for the `dnd5e`
catalogue; the helpers translate where they are shown. An id without a word reads as itself.
"""

from __future__ import annotations

from ...i18n import N_, language, translator

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

CONDITIONS = {
    "blinded": N_("blinded"), "charmed": N_("charmed"), "deafened": N_("deafened"),
    "frightened": N_("frightened"), "grappled": N_("grappled"), "incapacitated": N_("incapacitated"),
    "invisible": N_("invisible"), "paralyzed": N_("paralyzed"), "petrified": N_("petrified"),
    "poisoned": N_("poisoned"), "prone": N_("prone"), "restrained": N_("restrained"),
    "stunned": N_("stunned"), "unconscious": N_("unconscious"), "exhaustion": N_("exhaustion"),
    "hidden": N_("hidden"), "surprised": N_("surprised"), "dodging": N_("dodging"),
    "dashing": N_("dashing"), "disengaged": N_("disengaged"), "squeezing": N_("squeezing"),
    # creature states (Creature.state)
    "conscious": N_("conscious"), "stable": N_("stable"), "dead": N_("dead"),
}

DAMAGE_TYPES = {
    "acid": N_("acid"), "bludgeoning": N_("bludgeoning"), "cold": N_("cold"), "fire": N_("fire"),
    "force": N_("force"), "lightning": N_("lightning"), "necrotic": N_("necrotic"),
    "piercing": N_("piercing"), "poison": N_("poison"), "psychic": N_("psychic"),
    "radiant": N_("radiant"), "slashing": N_("slashing"), "thunder": N_("thunder"),
}

ABILITIES = {"str": N_("Str"), "dex": N_("Dex"), "con": N_("Con"), "int": N_("Int"), "wis": N_("Wis"),
             "cha": N_("Cha")}

SKILLS = {
    "acrobatics": N_("Acrobatics"), "animal_handling": N_("Animal handling"), "arcana": N_("Arcana"),
    "athletics": N_("Athletics"), "deception": N_("Deception"), "history": N_("History"),
    "insight": N_("Insight"), "intimidation": N_("Intimidation"), "investigation": N_("Investigation"),
    "medicine": N_("Medicine"), "nature": N_("Nature"), "perception": N_("Perception"),
    "performance": N_("Performance"), "persuasion": N_("Persuasion"), "religion": N_("Religion"),
    "sleight_of_hand": N_("Sleight of hand"), "stealth": N_("Stealth"), "survival": N_("Survival"),
}

# cover degree names (core.terrain.COVER_NAMES) -> the words "{name} cover"
COVER = {"half": N_("half cover"), "three-quarters": N_("three-quarters cover"), "total": N_("total cover")}
COVER_RULES = {"half": "cover-half", "three-quarters": "cover-three-quarters", "total": "cover-total"}


def number(value: float) -> str:
    """A distance or a number as read in the language spoken: "7.5" in English, "7,5" in French
    (as the rule texts write "1,50 m"); whole numbers without decimals ("9")."""
    text = f"{value:g}"
    return text.replace(".", ",") if language() == "fr" else text


def _word(table: dict[str, str], key: str) -> str:
    english = table.get(key)
    return _(english) if english else key


def condition(name: str) -> str:
    """A condition (or creature state) in words: "prone" -> "à terre" in French."""
    return _word(CONDITIONS, name)


def damage_type(name: str) -> str:
    return _word(DAMAGE_TYPES, name)


def ability(name: str) -> str:
    """An ability's short name ("dex" -> "Dex")."""
    return _(ABILITIES[name]) if name in ABILITIES else name.capitalize()


def skill(name: str) -> str:
    """A skill's name, or an ability's for a plain ability check ("stealth" -> "Stealth")."""
    if name in SKILLS:
        return _(SKILLS[name])
    if name in ABILITIES:
        return ability(name)
    return name.replace("_", " ").capitalize()


def cover(name: str) -> str:
    """"half" -> "half cover" (a cover degree's name, as core.terrain.COVER_NAMES gives it)."""
    return _word(COVER, name)
