"""The D&D 3.5 stat block schema (the 3.5 SRD's numbers, as docs/FORMATS.md documents them).

What a 3.5 stat block may hold and how its table becomes a StatBlock35, with clear errors (one
line each, every problem at once). Finding the bundled files is `creatures.py`'s part.

The three armour classes are given as the SRD prints them (`ac`, `touch`, `flat_footed`): the
Dexterity and dodge part of AC is `ac - flat_footed`, which a flat-footed or helpless creature
loses. Attack bonuses (`to_hit`) and damage are the SRD's totals (base attack, Strength or
Dexterity and size already in); the rules add only what the situation brings.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from ..core.dice import DiceError, DiceExpr
from ..core.sizes import SIZES
from .errors import ContentError, Problems, key_line, line_of, lines_of

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
SAVES = ("fort", "ref", "will")
MODES = ("walk", "swim", "climb", "fly")
# 3.5 SRD, Types: the creature types of the bundled creatures and heroes (and the usual others)
CREATURE_TYPES = (
    "aberration", "animal", "construct", "dragon", "elemental", "fey", "giant", "humanoid",
    "magical-beast", "monstrous-humanoid", "ooze", "outsider", "plant", "undead", "vermin",
)
# 3.5 SRD, Critical hits: these types are immune to critical hits and sneak attacks
CRIT_IMMUNE_TYPES = frozenset({"construct", "elemental", "ooze", "plant", "undead"})
DAMAGE_TYPES = {"bludgeoning", "piercing", "slashing", "fire", "cold", "acid", "electricity", "force", "sonic"}
WEAPON_PROPERTIES = {"light", "two-handed", "finesse", "thrown", "reach", "crossbow", "natural", "grab"}
# the feats the engine applies (others may be listed; they are shown, not used)
FEATS = {
    "combat-reflexes", "improved-initiative", "power-attack", "precise-shot", "weapon-focus",
    "point-blank-shot", "dodge", "toughness", "alertness", "track", "improved-grab", "trip",
    "weapon-finesse", "scribe-scroll", "lightning-reflexes", "iron-will", "great-fortitude",
    "two-weapon-fighting",
}
# the skills the engine rolls (others may not be listed), each with the ability it falls back on
SKILLS = {"climb": "str", "escape-artist": "dex", "hide": "dex", "jump": "str", "listen": "wis", "move-silently": "dex",
          "spot": "wis", "swim": "str"}
# the items a 3.5 creature may carry (`items`); game/rules/dnd35/potions.py says what each does
ITEMS = ("potion-of-cure-light-wounds",)
STAT_KEYS = {
    "id", "name", "size", "type", "hp", "ac", "touch", "flat_footed", "speed", "abilities",
    "bab", "grapple", "saves", "initiative", "feats", "damage_reduction", "reach", "attacks",
    "full_attack", "sneak_attack", "spells", "spell_slots", "caster_level", "casting_ability", "player", "armor",
    "challenge", "traits", "skills", "items", "off_hand",
}
ATTACK_KEYS = {"name", "kind", "to_hit", "damage", "type", "threat", "multiplier", "range_increment",
               "reach", "touch", "properties", "poison"}


@dataclass(frozen=True)
class Attack35:
    """One weapon or natural attack: its SRD total bonus, damage, threat range and multiplier."""

    name: str
    kind: str  # melee or ranged
    to_hit: int
    damage: DiceExpr
    type: tuple[str, ...]  # damage types (a morningstar is bludgeoning and piercing)
    threat: int = 20  # the lowest natural roll that threatens (19: 19-20)
    multiplier: int = 2
    range_increment: float | None = None  # metres (ranged)
    reach: float | None = None  # metres (melee); None: the creature's reach
    touch: bool = False  # a touch attack (AC without armour, shield, natural armour)
    properties: frozenset[str] = frozenset()
    poison: tuple | None = None  # (Fort DC, Strength damage dice) on a hit that deals damage

    @property
    def is_melee(self) -> bool:
        return self.kind == "melee"

    @property
    def max_range(self) -> float | None:
        """3.5 SRD, Range penalty: ten increments (five for a thrown weapon)."""
        if self.range_increment is None:
            return None
        return self.range_increment * (5 if "thrown" in self.properties else 10)

    @property
    def range(self) -> tuple[float, float] | None:
        """(first increment, longest range), in metres, for the screen."""
        if self.range_increment is None:
            return None
        return self.range_increment, self.max_range

    def __deepcopy__(self, memo):
        return self  # immutable


@dataclass(frozen=True)
class StatBlock35:
    """A 3.5 creature or hero, as the engine reads it."""

    id: str
    name: str
    size: str
    type: str
    hp: int
    ac: int
    touch: int
    flat_footed: int
    speed: tuple[tuple[str, float], ...]
    abilities: tuple[tuple[str, int | None], ...]
    bab: int
    grapple: int
    saves: tuple[tuple[str, int], ...]
    initiative: int
    feats: frozenset[str] = frozenset()
    dr_amount: int = 0
    dr_bypass: str = ""  # a damage type that overcomes it ("" : nothing does)
    reach: float = 1.5  # metres
    attacks: tuple[Attack35, ...] = ()
    full_attack: tuple[str, ...] = ()  # the attacks of its full attack, in order (natural weapons)
    sneak_attack: DiceExpr | None = None
    spells: tuple[str, ...] = ()
    spell_slots: tuple[tuple[int, int], ...] = ()
    caster_level: int = 0
    casting_ability: str | None = None  # the ability behind its spells' save DCs ("int", "wis")
    player: bool = False  # shown only: 3.5 monsters follow the same hit point rules
    traits: frozenset[str] = frozenset()
    skills: tuple[tuple[str, int], ...] = ()  # the SRD's total skill modifiers it lists
    items: tuple[str, ...] = ()  # potions it carries (ITEMS), one use each
    off_hand: str | None = None  # the melee weapon in its other hand (two-weapon fighting), an attack's name

    # what the shared code (scenario loading, the screen) asks of any stat block
    condition_immunities: frozenset[str] = frozenset()
    spellcasting = None
    attacks_per_action = 1

    def __deepcopy__(self, memo):
        return self  # immutable: battles share their stat blocks

    def mod(self, ability: str) -> int:
        score = dict(self.abilities).get(ability)
        return 0 if score is None else (score - 10) // 2

    def save(self, name: str) -> int:
        return dict(self.saves)[name]

    def speed_of(self, mode: str) -> float:
        return float(dict(self.speed).get(mode, 0))

    @property
    def walk(self) -> float:
        return self.speed_of("walk")

    @property
    def dex_to_ac(self) -> int:
        """The Dexterity (and dodge) part of AC, which a flat-footed creature loses."""
        return max(0, self.ac - self.flat_footed)

    @property
    def crit_immune(self) -> bool:
        return self.type in CRIT_IMMUNE_TYPES

    def skill(self, name: str) -> int:
        """Its skill modifier: the block's total, else the ability's modifier (E: no armour check
        penalty, which the blocks do not carry)."""
        listed = dict(self.skills)
        return listed[name] if name in listed else self.mod(SKILLS[name])

    def attack(self, name: str) -> Attack35 | None:
        return next((a for a in self.attacks if a.name == name), None)


def _fail(message: str, path, line=None) -> ContentError:
    return ContentError(message, path, line)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _metres(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def _dice(value, what: str, path, line) -> DiceExpr:
    try:
        return DiceExpr.parse(value)
    except DiceError as exc:
        raise _fail(_("{what}: {exc}").format(what=what, exc=exc), path, line) from None


def parse_attack(data, index: int, path, text, line=None) -> Attack35:
    """One [[attacks]] table; every problem of it at once, on the table's line."""
    line = line if line is not None else line_of(text, "[[attacks]]", index)
    if not isinstance(data, dict):
        raise _fail(_("attack {index} must be a table").format(index=index), path, line)
    problems = Problems(path)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        problems.add(_("attack {index} needs a 'name'").format(index=index), line)
    what = (_("attack {name}").format(name=repr(name)) if isinstance(name, str) and name
            else _("attack {index}").format(index=index))

    def fail(message: str) -> None:
        problems.add(_("{what}: {message}").format(what=what, message=message), line)

    for key in sorted(set(data) - ATTACK_KEYS):
        fail(_("unknown key {key!r}").format(key=key))
    kind = data.get("kind")
    if kind not in ("melee", "ranged"):
        fail(_("'kind' must be 'melee' or 'ranged', got {kind!r}").format(kind=kind))
    if not _whole(data.get("to_hit")):
        fail(_("'to_hit' must be a whole number (the SRD's total attack bonus)"))
    damage = problems.get(lambda: _dice(data.get("damage"), f"{what} 'damage'", path, line))
    dtype = data.get("type")
    types = dtype.split("/") if isinstance(dtype, str) else None
    if not types or any(t not in DAMAGE_TYPES for t in types):
        fail(_("'type' must be a damage type (or two joined by '/'), got {dtype!r}").format(dtype=dtype))
    threat = data.get("threat", 20)
    if not _whole(threat) or not 2 <= threat <= 20:
        fail(_("'threat' must be the lowest natural roll that threatens, 2 to 20 (19 for 19-20)"))
    multiplier = data.get("multiplier", 2)
    if not _whole(multiplier) or not 2 <= multiplier <= 4:
        fail(_("'multiplier' must be 2, 3 or 4"))
    increment = data.get("range_increment")
    if kind == "ranged" and not _metres(increment):
        fail(_("a ranged attack needs 'range_increment' in metres"))
    if kind == "melee" and increment is not None:
        fail(_("a melee attack has no 'range_increment'"))
    reach = data.get("reach")
    if reach is not None and not _metres(reach):
        fail(_("'reach' must be a positive number of metres"))
    if not isinstance(data.get("touch", False), bool):
        fail(_("'touch' must be true or false"))
    props = data.get("properties", [])
    if not isinstance(props, list) or any(p not in WEAPON_PROPERTIES for p in props if isinstance(p, str)) \
            or not all(isinstance(p, str) for p in props):
        fail(_("'properties' must be a list of {WEAPON_PROPERTIES}").format(WEAPON_PROPERTIES=sorted(WEAPON_PROPERTIES)))
    poison = data.get("poison")
    if poison is not None:
        if not isinstance(poison, dict) or set(poison) != {"dc", "str_damage"} or not _whole(poison.get("dc")):
            fail(_("'poison' must be like { dc = 13, str_damage = \"1d6\" }"))
            poison = None
        else:
            poison = (poison["dc"], problems.get(lambda: _dice(poison["str_damage"], _("{what} poison").format(what=what), path, line)))
    problems.raise_all()
    return Attack35(
        name=name, kind=kind, to_hit=data["to_hit"], damage=damage, type=tuple(types), threat=threat,
        multiplier=multiplier, range_increment=float(increment) if increment is not None else None,
        reach=float(reach) if reach is not None else None, touch=data.get("touch", False),
        properties=frozenset(props), poison=poison,
    )


def parse_stat_block(data: dict, path=None, text: str | None = None) -> StatBlock35:
    """A 3.5 stat block from its table; every problem of its keys raised at once."""
    problems = Problems(path)
    for key in sorted(set(data) - STAT_KEYS):
        problems.add(_("unknown 3.5 stat block key {key!r}").format(key=key), key_line(text, key))
    for key in ("id", "name"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.add(_("a stat block needs a '{key}' string").format(key=key), key_line(text, key))
    size = data.get("size", "medium")
    if size not in SIZES:
        problems.add(_("'size' must be one of {names}, got {size!r}").format(names=', '.join(SIZES), size=size), key_line(text, "size"))
    ctype = data.get("type", "humanoid")
    if ctype not in CREATURE_TYPES:
        problems.add(_("'type' must be one of {names}, got {ctype!r}").format(names=', '.join(CREATURE_TYPES), ctype=ctype), key_line(text, "type"))
    numbers = {}
    for key, low, required in (("hp", 1, True), ("ac", 0, True), ("touch", 0, True), ("flat_footed", 0, True),
                               ("bab", 0, True), ("grapple", None, True), ("initiative", None, False),
                               ("caster_level", 0, False)):
        value = data.get(key)
        if value is None and not required:
            continue
        if value is None:
            problems.add(_("a stat block needs a whole number '{key}'").format(key=key), key_line(text, key))
        elif not _whole(value):
            problems.add(_("'{key}' must be a whole number, got {value!r}").format(key=key, value=value), key_line(text, key))
        elif low is not None and value < low:
            problems.add(_("'{key}' must be at least {low}, got {value}").format(key=key, low=low, value=value), key_line(text, key))
        else:
            numbers[key] = value
    speed = data.get("speed", {"walk": 9})
    if (not isinstance(speed, dict) or any(m not in MODES for m in speed)
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in speed.values())):
        problems.add(_("'speed' must be a table like { walk = 9, swim = 18 } in metres"), key_line(text, "speed"))
        speed = {"walk": 9}
    abilities = data.get("abilities", {})
    # 3.5 SRD: a nonability (an undead's Constitution) is written 0 here ("—" in the SRD)
    if (not isinstance(abilities, dict) or set(abilities) - set(ABILITIES)
            or not all(_whole(v) and 0 <= v <= 50 for v in abilities.values())):
        problems.add(_("'abilities' must give str dex con int wis cha as numbers (0: none)"), key_line(text, "abilities"))
        abilities = {}
    saves = data.get("saves")
    if not isinstance(saves, dict) or set(saves) != set(SAVES) or not all(_whole(v) for v in saves.values()):
        problems.add(_("'saves' must give fort, ref and will bonuses, like { fort = 3, ref = 1, will = -1 }"),
                     key_line(text, "saves"))
        saves = dict.fromkeys(SAVES, 0)
    feats = data.get("feats", [])
    if not isinstance(feats, list) or not all(isinstance(f, str) and f in FEATS for f in feats):
        problems.add(_("'feats' must be a list of {names}").format(names=', '.join(sorted(FEATS))), key_line(text, "feats"))
        feats = []
    dr = data.get("damage_reduction", {})
    if not isinstance(dr, dict) or set(dr) - {"amount", "bypass"} or not _whole(dr.get("amount", 0)) \
            or dr.get("amount", 0) < 0 or not isinstance(dr.get("bypass", ""), str):
        problems.add(_("'damage_reduction' must be like { amount = 5, bypass = \"bludgeoning\" }"),
                     key_line(text, "damage_reduction"))
        dr = {}
    reach = data.get("reach", 1.5)
    if not _metres(reach):
        problems.add(_("'reach' must be a positive number of metres"), key_line(text, "reach"))
        reach = 1.5
    attacks = data.get("attacks", [])
    if not isinstance(attacks, list):
        problems.add(_("'attacks' must be an array of tables [[attacks]]"), line_of(text, "[[attacks]]"))
        attacks = []
    lines = lines_of(text, "[[attacks]]", len(attacks))
    attacks = [a for a in (problems.get(lambda: parse_attack(a, i, path, text, lines[i]))
                           for i, a in enumerate(attacks)) if a is not None]
    full = data.get("full_attack", [])
    names = {a.name for a in attacks}
    if not isinstance(full, list) or not all(isinstance(n, str) and n in names for n in full):
        problems.add(_("'full_attack' must list attack names of this stat block"), key_line(text, "full_attack"))
        full = []
    sneak = None
    if "sneak_attack" in data:
        sneak = problems.get(lambda: _dice(data["sneak_attack"], "'sneak_attack'", path, key_line(text, "sneak_attack")))
    for key in ("spells", "traits"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.add(_("'{key}' must be a list of names").format(key=key), key_line(text, key))
    slots = data.get("spell_slots", {})
    try:
        slots = tuple(sorted((int(k), int(v)) for k, v in slots.items()))
    except (AttributeError, ValueError, TypeError):
        problems.add(_("'spell_slots' must map spell levels to counts, like { 0 = 4, 1 = 3 }"), key_line(text, "spell_slots"))
    if data.get("casting_ability") is not None and data.get("casting_ability") not in ABILITIES:
        problems.add(_("'casting_ability' must be an ability like 'int'"), key_line(text, "casting_ability"))
    if not isinstance(data.get("player", False), bool):
        problems.add(_("'player' must be true or false"), key_line(text, "player"))
    skills = data.get("skills", {})
    if not isinstance(skills, dict) or set(skills) - set(SKILLS) or not all(_whole(v) for v in skills.values()):
        problems.add(_("'skills' must map skills ({names}) to whole modifiers, like {{ hide = 5, spot = 2 }}").format(
            names=", ".join(sorted(SKILLS))), key_line(text, "skills"))
        skills = {}
    items = data.get("items", [])
    if not isinstance(items, list) or not all(isinstance(i, str) and i in ITEMS for i in items):
        problems.add(_("'items' must be a list of {names}").format(names=", ".join(ITEMS)), key_line(text, "items"))
        items = []
    off_hand = data.get("off_hand")
    if off_hand is not None:
        why = off_hand_problem(off_hand, attacks)
        if why:
            problems.add(why, key_line(text, "off_hand"))
            off_hand = None
    problems.raise_all()
    dex = abilities.get("dex", 10)
    return StatBlock35(
        id=data["id"], name=data["name"], size=size, type=ctype, hp=numbers["hp"], ac=numbers["ac"],
        touch=numbers["touch"], flat_footed=numbers["flat_footed"],
        speed=tuple(sorted((m, float(v)) for m, v in speed.items())),
        abilities=tuple((a, abilities.get(a, 10)) for a in ABILITIES), bab=numbers["bab"],
        grapple=numbers["grapple"], saves=tuple((s, saves[s]) for s in SAVES),
        # 3.5 SRD, Initiative: Dexterity modifier (+4 with Improved Initiative), unless the block says
        initiative=numbers.get("initiative", (dex - 10) // 2 + (4 if "improved-initiative" in feats else 0)),
        feats=frozenset(feats), dr_amount=dr.get("amount", 0), dr_bypass=dr.get("bypass", ""),
        reach=float(reach), attacks=tuple(attacks), full_attack=tuple(full), sneak_attack=sneak,
        spells=tuple(data.get("spells", [])), spell_slots=slots, caster_level=numbers.get("caster_level", 0),
        casting_ability=data.get("casting_ability"),
        player=data.get("player", False), traits=frozenset(data.get("traits", [])),
        skills=tuple(sorted(skills.items())), items=tuple(items), off_hand=off_hand,
    )


def off_hand_problem(name, attacks) -> str:
    """Why `off_hand` cannot name this weapon ('' when it can): it must be one of the block's
    melee weapon attacks, one-handed (3.5 SRD, Two-weapon fighting: a weapon in the off hand)."""
    if not isinstance(name, str) or not name:
        return _("'off_hand' must name one of its melee attacks")
    found = next((a for a in attacks if a.name == name), None)
    if found is None:
        return _("'off_hand' names {name!r}, which is not one of its attacks (has: {known})").format(
            name=name, known=", ".join(a.name for a in attacks) or _("none"))
    if not found.is_melee:
        return _("'off_hand' names {name!r}, a ranged attack: the off-hand weapon is a melee weapon").format(name=name)
    if "natural" in found.properties:
        return _("'off_hand' names {name!r}, a natural attack: the off-hand weapon is a held weapon").format(name=name)
    if "two-handed" in found.properties:
        return _("'off_hand' names {name!r}, a two-handed weapon: the off-hand weapon is held in one hand").format(
            name=name)
    return ""


def parse_item(data: dict, path=None, text: str | None = None):
    raise ContentError(_("the 3.5 ruleset has no items yet"), path)


def parse_spell(data: dict, path=None, text: str | None = None):
    raise ContentError(_("the 3.5 ruleset reads no spell files (its spells are in game/rules/dnd35)"), path)
