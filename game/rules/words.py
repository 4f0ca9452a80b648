"""How ids read in the words people see: an attack, a spell or a power named in the log or on a
button ("light-crossbow" reads "light crossbow"), a cover level, a terrain kind, a saving throw's
ability. Ids stay ids in commands, JSON and files; the words are looked up in the language spoken."""

from __future__ import annotations

import re

from ..i18n import N_, _

# core.terrain.COVER_NAMES as a preview or a card says them
COVER_WORDS = {"none": N_("none"), "half": N_("half"), "three-quarters": N_("three-quarters"),
               "total": N_("total")}
# core.terrain's kinds as the editor's palette and the legend say them
TERRAIN_WORDS = {"floor": N_("floor"), "wall": N_("wall"), "difficult": N_("difficult"),
                 "shallow-water": N_("shallow water"), "deep-water": N_("deep water"),
                 "low-wall": N_("low wall"), "arrow-slit": N_("arrow slit"), "cliff": N_("cliff")}


def spoken(name: str) -> str:
    """An id as words: its hyphens become spaces ("magic-missile" -> "magic missile"), in the
    language spoken when a catalogue knows the words."""
    return _(name.replace("-", " "))


def titled(name: str) -> str:
    """An id as a button's title: spoken, its first letter a capital ("fire-bolt" -> "Fire bolt",
    "Trait de feu" in French)."""
    words = spoken(name)
    return words[:1].upper() + words[1:]


def cover_word(name: str) -> str:
    """A cover level's name ("half") in the language spoken."""
    return _(COVER_WORDS[name]) if name in COVER_WORDS else name


def terrain_word(name: str) -> str:
    """A terrain kind's name ("low-wall") as words in the language spoken."""
    return _(TERRAIN_WORDS[name]) if name in TERRAIN_WORDS else spoken(name)


# the abilities and defences a saving throw is rolled with, as a preview says them ("Dex save")
SAVE_WORDS = {"str": N_("Str"), "dex": N_("Dex"), "con": N_("Con"), "int": N_("Int"), "wis": N_("Wis"),
              "cha": N_("Cha"), "fort": N_("Fort"), "ref": N_("Ref"), "will": N_("Will")}


def save_word(name: str | None) -> str:
    """A saving throw's ability or defence ("dex") as its short name ("Dex") in the language spoken."""
    key = str(name or "").lower()
    return _(SAVE_WORDS[key]) if key in SAVE_WORDS else str(name or "").capitalize()


# a creature's state (api.CreatureView.state) in words
STATE_WORDS = {"conscious": N_("conscious"), "unconscious": N_("unconscious"), "dying": N_("dying"),
               "stable": N_("stable"), "dead": N_("dead"), "disabled": N_("disabled")}
# sides named after a colour (the bundled scenarios' sides), as a headline says them
SIDE_WORDS = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green"), "yellow": N_("Yellow"),
              "purple": N_("Purple"), "orange": N_("Orange"), "teal": N_("Teal"), "pink": N_("Pink")}


def state_word(state: str) -> str:
    """A creature's state ("unconscious") in the language spoken."""
    return _(STATE_WORDS[state]) if state in STATE_WORDS else state


def side_word(side: str) -> str:
    """A side's name, capitalised, in the language spoken (a side not named after a colour: its id)."""
    return _(SIDE_WORDS[side]) if side in SIDE_WORDS else side.capitalize()


# The bundled content's names as words (spoken() looks each up): the attacks and powers of the
# bundled stat blocks, the 5e spells and items, the conditions and states a creature can show.
# A test checks that every bundled name is here, so new content is not left untranslated.
BUNDLED_NAMES = (
    # attacks and powers
    N_("bite"), N_("claw"), N_("claws"), N_("dagger"), N_("falchion"), N_("greataxe"), N_("greatclub"),
    N_("handaxe"), N_("heavy crossbow"), N_("heavy mace"), N_("hooves"), N_("javelin"), N_("light crossbow"),
    N_("longsword"), N_("morningstar"), N_("quarterstaff"), N_("rapier"), N_("rock"), N_("scimitar"),
    N_("shortbow"), N_("shortsword"), N_("spear"), N_("trident"), N_("warhammer"), N_("chill ray"),
    N_("crossbow"), N_("dazing cut"), N_("fire burst"), N_("flame fan"), N_("force bolt"), N_("heavy blow"),
    N_("mace"), N_("radiant lance"), N_("shoving blow"), N_("slash"), N_("slip strike"), N_("staff"),
    N_("sweep"), N_("sweeping cut"), N_("word of mending"), N_("unarmed"),
    # 5e spells and items
    N_("burning hands"), N_("cure wounds"), N_("fire bolt"), N_("fireball"), N_("healing word"),
    N_("magic missile"), N_("sacred flame"), N_("shield"), N_("potion of healing"),
    N_("potion of cure light wounds"),  # a 3.5 item
    N_("blur"),  # a 3.5 spell no bundled creature knows
    # conditions and markers
    N_("blinded"), N_("blurred"), N_("bloodied"), N_("dashing"), N_("dazed"), N_("defending"), N_("disengaged"),
    N_("dodging"), N_("flat footed"), N_("grabbed"), N_("grappled"), N_("hidden"), N_("immobilized"),
    N_("invisible"), N_("marked"), N_("poisoned"), N_("prone"), N_("restrained"), N_("running"),
    N_("second wind"), N_("slowed"), N_("squeezing"), N_("stunned"), N_("surprised"), N_("incapacitated"),
    N_("paralyzed"), N_("petrified"), N_("frightened"), N_("charmed"),
)


def with_names(creatures: dict, text: str) -> str:
    """The engine's words (which name creatures by id, as the command line does) with each
    creature's name for its id: "wolf1 is out of wizard's reach" -> "Wolf 1 is out of Wizard's
    reach" (`creatures`: id -> anything with a `name`)."""
    ids = sorted(creatures, key=len, reverse=True)
    if not ids or not text:
        return text
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")
    return pattern.sub(lambda m: creatures[m.group(1)].name, text)
