"""The 5e stat block and item schema.

What a 5e stat block (FORMATS.md, "Creature stat block", and the README's extensions) and a 5e
item may hold, and how a table of them becomes a StatBlock or an Item, with clear errors.
Finding the bundled files is `creatures.py`'s part; this module only reads tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..i18n import translator
from ..core.dice import DiceError, DiceExpr
from ..core.movement import MODES
from ..core.sizes import SIZES
from .errors import ContentError, Problems, key_line, line_of, lines_of
from .limits import MAX_METRES, short

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
SKILL_ABILITY = {
    "acrobatics": "dex", "animal_handling": "wis", "arcana": "int", "athletics": "str",
    "deception": "cha", "history": "int", "insight": "wis", "intimidation": "cha",
    "investigation": "int", "medicine": "wis", "nature": "int", "perception": "wis",
    "performance": "cha", "persuasion": "cha", "religion": "int", "sleight_of_hand": "dex",
    "stealth": "dex", "survival": "wis",
}
DAMAGE_TYPES = {
    "acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
    "poison", "psychic", "radiant", "slashing", "thunder",
}
WEAPON_PROPERTIES = {
    "light", "finesse", "heavy", "two-handed", "versatile", "thrown", "loading", "ammunition",
    "reach", "special",
}
STAT_KEYS = {
    "id", "name", "size", "ac", "hp", "speed", "abilities", "proficiency", "saves", "skills",
    "passive_perception", "resistances", "vulnerabilities", "immunities", "player",
    "attacks_per_action", "damage_reduction", "spellcasting", "spells", "spell_slots", "items",
    "attacks",
    # extensions (README, "Extensions to the file formats")
    "traits", "hover", "condition_immunities", "rideable", "challenge", "armor", "type", "level",
}
MAX_LEVEL = 20  # SRD 5.1, Character advancement: levels 1 to 20
SLOT_LEVELS = {str(level) for level in range(1, 10)}  # SRD 5.1, Spell slots: levels 1 to 9
MAX_SLOTS = 20  # slots of one level (a bound, far above any SRD table)
MAX_ATTACKS = 10  # attacks of one Attack action (the SRD's most is 4): each is a command to play
MAX_BONUS_NUMBER = 30  # proficiency (the SRD's most is 9)
MAX_DARTS = 20  # darts of one spell, per_slot included (magic missile has 3)
# SRD 5.1, Monsters, "Type": the creature types (a hero is a humanoid, the default)
CREATURE_TYPES = (
    "aberration", "beast", "celestial", "construct", "dragon", "elemental", "fey", "fiend",
    "giant", "humanoid", "monstrosity", "ooze", "plant", "undead",
)
ATTACK_KEYS = {
    "name", "kind", "to_hit", "reach", "range", "damage", "type", "properties", "versatile",
    "extra_damage", "extra_type", "on_hit", "ammunition",
}


@dataclass(frozen=True)
class Attack:
    name: str
    kind: str  # melee or ranged
    to_hit: int
    damage: DiceExpr
    type: str
    reach: float = 1.5
    range: tuple[float, float] | None = None
    properties: frozenset[str] = frozenset()
    versatile: DiceExpr | None = None
    extra_damage: DiceExpr | None = None
    extra_type: str | None = None
    on_hit: tuple = ()  # (key, value) pairs of the on-hit rider, e.g. a save against prone
    ammunition: int | None = None  # shots carried (weapons with the ammunition property); None: plenty

    @cached_property  # (asked of every attack the planners weigh)
    def is_melee(self) -> bool:
        return self.kind == "melee"

    def __deepcopy__(self, memo):
        return self  # immutable


@dataclass(frozen=True)
class StatBlock:
    id: str
    name: str
    size: str
    ac: int
    hp: int
    speed: tuple[tuple[str, float], ...]
    abilities: tuple[tuple[str, int], ...]
    proficiency: int = 2
    saves: tuple[tuple[str, int], ...] = ()
    skills: tuple[tuple[str, int], ...] = ()
    passive_perception: int | None = None
    resistances: frozenset[str] = frozenset()
    vulnerabilities: frozenset[str] = frozenset()
    immunities: frozenset[str] = frozenset()
    player: bool = False
    attacks_per_action: int = 1
    damage_reduction: int = 0
    spellcasting: str | None = None
    spells: tuple[str, ...] = ()
    spell_slots: tuple[tuple[int, int], ...] = ()
    items: tuple[str, ...] = ()
    attacks: tuple[Attack, ...] = ()
    traits: frozenset[str] = frozenset()
    hover: bool = False
    condition_immunities: frozenset[str] = frozenset()
    rideable: bool = False  # trained to carry a rider (a controlled mount)
    type: str = "humanoid"  # SRD 5.1 creature type (CREATURE_TYPES)
    level: int = 1  # a hero's character level; a monster's spellcasting level (1 when absent)
    extra: tuple = field(default=(), compare=False)  # challenge, armor: shown, not used

    def __deepcopy__(self, memo):
        return self  # immutable: battles share their stat blocks

    def mod(self, ability: str) -> int:
        return (self._tables[0].get(ability, 10) - 10) // 2

    def skill(self, name: str) -> int:
        """The total bonus of a skill check (the stat block's value, else the ability modifier)."""
        skills = self._tables[2]
        return skills[name] if name in skills else self.mod(SKILL_ABILITY[name])

    def save(self, ability: str) -> int:
        saves = self._tables[1]
        return saves[ability] if ability in saves else self.mod(ability)

    @cached_property
    def _tables(self) -> tuple[dict, dict, dict]:
        """Its abilities, saves and skills as tables (read at every check and save)."""
        return dict(self.abilities), dict(self.saves), dict(self.skills)

    def speed_of(self, mode: str) -> float:
        return float(self._speeds.get(mode, 0))

    @cached_property
    def _speeds(self) -> dict[str, float]:
        return dict(self.speed)

    # what the computer players ask of a stat block over and over, worked out once
    @cached_property
    def most_damage(self) -> float | None:
        """The highest mean damage of its attacks (None without any)."""
        return max((a.damage.average for a in self.attacks), default=None)

    @cached_property
    def most_melee_damage(self) -> float | None:
        """The highest mean damage of its melee attacks (None without any)."""
        return max((a.damage.average for a in self.attacks if a.is_melee), default=None)

    @cached_property
    def most_ranged_damage(self) -> float | None:
        """The highest mean damage of its ranged attacks (None without any)."""
        return max((a.damage.average for a in self.attacks if a.kind == "ranged"), default=None)

    @cached_property
    def melee_reach(self) -> float | None:
        """The longest reach of its melee attacks (None without any)."""
        return max((a.reach for a in self.attacks if a.is_melee), default=None)

    @cached_property
    def first_melee(self) -> Attack | None:
        """Its first melee attack (None without any)."""
        return next((a for a in self.attacks if a.is_melee), None)

    @cached_property
    def strongest_melee(self) -> Attack | None:
        """Its melee attack of the highest mean damage (the first of equals; None without any)."""
        return max((a for a in self.attacks if a.is_melee), key=lambda a: a.damage.average, default=None)

    @property
    def walk(self) -> float:
        return self.speed_of("walk")

    @property
    def initiative_bonus(self) -> int:
        return self.mod("dex")

    @property
    def passive(self) -> int:
        if self.passive_perception is not None:
            return self.passive_perception
        return 10 + self.skill("perception")

    def attack(self, name: str) -> Attack | None:
        return next((a for a in self.attacks if a.name == name), None)


def _distance(value) -> bool:
    """A number of metres the board can use: from 0 to MAX_METRES (finite by then: limits.py)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_METRES


def _known(value, allowed) -> bool:
    """A name among the allowed ones (a value of any other type is not, even an unhashable one)."""
    return isinstance(value, str) and value in allowed


def _fail(message: str, path, line=None) -> ContentError:
    return ContentError(message, path, line)


def _int(data: dict, key: str, path, text, minimum: int | None = None, default=None,
         maximum: int | None = None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(_("'{key}' must be a whole number, got {value}").format(key=key, value=short(value)), path, key_line(text, key))
    if minimum is not None and value < minimum:
        raise _fail(_("'{key}' must be at least {minimum}, got {value}").format(key=key, minimum=minimum, value=value), path, key_line(text, key))
    if maximum is not None and value > maximum:
        raise _fail(_("'{key}' must be at most {maximum}, got {value}").format(key=key, maximum=maximum, value=value), path, key_line(text, key))
    return value


def _names(data: dict, key: str, path, text, allowed: set[str] | None = None) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(_("'{key}' must be a list of names").format(key=key), path, key_line(text, key))
    if allowed is not None:
        for v in value:
            if v not in allowed:
                raise _fail(_("'{key}': unknown {v} (known: {names})").format(key=key, v=short(v), names=', '.join(sorted(allowed))), path, key_line(text, key))
    return tuple(value)


def _dice(value, what: str, path, line) -> DiceExpr:
    try:
        return DiceExpr.parse(value)
    except DiceError as exc:
        raise _fail(_("{what}: {exc}").format(what=what, exc=exc), path, line) from None


def parse_attack(data: dict, index: int, path, text, line: int | None = None) -> Attack:
    """One [[attacks]] table; every problem of its keys is raised at once, on the table's line
    (found in text unless given)."""
    line = line if line is not None else line_of(text, "[[attacks]]", index)
    if not isinstance(data, dict):
        raise _fail(_("attack {index} must be a table").format(index=index), path, line)
    problems = Problems(path)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        problems.add(_("attack {index} needs a 'name'").format(index=index), line)
    what = (_("attack {name}").format(name=short(name)) if isinstance(name, str) and name
            else _("attack {index}").format(index=index))

    def fail(message: str) -> None:
        problems.add(_("{what}: {message}").format(what=what, message=message), line)

    for key in sorted(set(data) - ATTACK_KEYS):
        fail(_("unknown key {key}").format(key=short(key)))
    kind = data.get("kind")
    if kind not in ("melee", "ranged"):
        fail(_("'kind' must be 'melee' or 'ranged', got {kind}").format(kind=short(kind)))
    to_hit = data.get("to_hit")
    if not isinstance(to_hit, int) or isinstance(to_hit, bool):
        fail(_("'to_hit' must be a whole number"))
    damage = problems.get(lambda: _dice(data.get("damage"), f"{what} 'damage'", path, line))
    dtype = data.get("type")
    if not _known(dtype, DAMAGE_TYPES):
        fail(_("unknown damage type {dtype}").format(dtype=short(dtype)))
    reach = data.get("reach", 1.5)
    if not _distance(reach) or reach == 0:
        fail(_("'reach' must be a positive number of metres (at most {MAX_METRES:g})").format(MAX_METRES=MAX_METRES))
    rng = data.get("range")
    if rng is not None:
        if (not isinstance(rng, list) or len(rng) != 2
                or not all(_distance(v) and v > 0 for v in rng) or rng[0] > rng[1]):
            fail(_("'range' must be [normal, long] in metres (at most {MAX_METRES:g})").format(MAX_METRES=MAX_METRES))
        else:
            rng = (float(rng[0]), float(rng[1]))
    elif kind == "ranged":
        fail(_("a ranged attack needs 'range = [normal, long]'"))
    props = data.get("properties", [])
    if not isinstance(props, list) or any(not _known(p, WEAPON_PROPERTIES) for p in props):
        fail(_("'properties' must be a list of {WEAPON_PROPERTIES}").format(WEAPON_PROPERTIES=sorted(WEAPON_PROPERTIES)))
    versatile = extra = None
    if "versatile" in data:
        versatile = problems.get(lambda: _dice(data["versatile"], f"{what} 'versatile'", path, line))
    if "extra_damage" in data:
        extra = problems.get(lambda: _dice(data["extra_damage"], f"{what} 'extra_damage'", path, line))
    extra_type = data.get("extra_type")
    if extra is not None and not _known(extra_type, DAMAGE_TYPES):
        fail(_("'extra_type' must be a damage type"))
    on_hit = data.get("on_hit", {})
    if not isinstance(on_hit, dict):
        fail(_("'on_hit' must be a table"))
    ammunition = data.get("ammunition")
    if ammunition is not None and (not isinstance(ammunition, int) or isinstance(ammunition, bool) or ammunition < 0):
        fail(_("'ammunition' must be a number of shots, 0 or more"))
    problems.raise_all()
    return Attack(
        name=name, kind=kind, to_hit=to_hit, damage=damage, type=dtype, reach=float(reach),
        range=rng, properties=frozenset(props), versatile=versatile, extra_damage=extra,
        extra_type=extra_type, on_hit=tuple(sorted(on_hit.items())), ammunition=ammunition,
    )


def parse_stat_block(data: dict, path=None, text: str | None = None) -> StatBlock:
    """A 5e stat block from its table; path and text, when given, locate the errors. Each key is
    checked on its own and every problem is raised at once."""
    problems = Problems(path)
    for key in sorted(set(data) - STAT_KEYS):
        problems.add(_("unknown stat block key {key}").format(key=short(key)), key_line(text, key))
    for key in ("id", "name"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.add(_("a stat block needs a '{key}' string").format(key=key), key_line(text, key))
    size = data.get("size", "medium")
    if size not in SIZES:
        problems.add(_("'size' must be one of {names}, got {size}").format(names=', '.join(SIZES), size=short(size)), key_line(text, "size"))
    ctype = data.get("type", "humanoid")
    if not _known(ctype, CREATURE_TYPES):
        problems.add(_("'type' must be one of {names}, got {ctype}").format(names=', '.join(CREATURE_TYPES), ctype=short(ctype)), key_line(text, "type"))
    ac = problems.get(lambda: _int(data, "ac", path, text, minimum=0))
    hp = problems.get(lambda: _int(data, "hp", path, text, minimum=1))
    speed = data.get("speed", {"walk": 9})
    if (not isinstance(speed, dict) or any(m not in MODES for m in speed)
            or not all(_distance(v) for v in speed.values())):
        problems.add(_("'speed' must be a table like {{ walk = 9, fly = 18 }} in metres (at most {MAX_METRES:g})").format(MAX_METRES=MAX_METRES),
                     key_line(text, "speed"))
    abilities = data.get("abilities", {})
    if (not isinstance(abilities, dict) or set(abilities) - set(ABILITIES)
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 30 for v in abilities.values())):
        problems.add(_("'abilities' must give str dex con int wis cha as numbers 1-30"), key_line(text, "abilities"))
    saves = data.get("saves", {})
    if not isinstance(saves, dict) or set(saves) - set(ABILITIES) or not all(isinstance(v, int) for v in saves.values()):
        problems.add(_("'saves' must map abilities to save bonuses"), key_line(text, "saves"))
    skills = data.get("skills", {})
    if not isinstance(skills, dict) or set(skills) - set(SKILL_ABILITY) or not all(isinstance(v, int) for v in skills.values()):
        bad = sorted(set(skills) - set(SKILL_ABILITY)) if isinstance(skills, dict) else []
        problems.add(_("'skills' must map skill names to bonuses: unknown {name!r}").format(name=bad[0]) if bad
                     else _("'skills' must map skill names to bonuses"), key_line(text, "skills"))
    passive = data.get("passive_perception")
    if passive is not None:
        passive = problems.get(lambda: _int(data, "passive_perception", path, text))
    spellcasting = data.get("spellcasting")
    if spellcasting is not None and spellcasting not in ABILITIES:
        problems.add(_("'spellcasting' must be an ability like 'int'"), key_line(text, "spellcasting"))
    slots = data.get("spell_slots", {})
    if (isinstance(slots, dict) and all(k in SLOT_LEVELS for k in slots)
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_SLOTS for v in slots.values())):
        slots = tuple(sorted((int(k), v) for k, v in slots.items()))
    else:
        problems.add(_("'spell_slots' must map spell levels (1-9) to counts (0-{MAX_SLOTS}), like {{ 1 = 2 }}").format(MAX_SLOTS=MAX_SLOTS),
                     key_line(text, "spell_slots"))
    attacks = data.get("attacks", [])
    if not isinstance(attacks, list):
        problems.add(_("'attacks' must be an array of tables [[attacks]]"), line_of(text, "[[attacks]]"))
        attacks = []
    lines = lines_of(text, "[[attacks]]", len(attacks))
    attacks = [problems.get(lambda: parse_attack(a, i, path, text, lines[i])) for i, a in enumerate(attacks)]
    for key in ("player", "hover", "rideable"):
        if not isinstance(data.get(key, False), bool):
            problems.add(_("'{key}' must be true or false").format(key=key), key_line(text, key))
    numbers = {key: problems.get(lambda: _int(data, key, path, text, minimum=low, default=default, maximum=high))
               for key, low, default, high in (("proficiency", 0, 2, MAX_BONUS_NUMBER),
                                               ("attacks_per_action", 1, 1, MAX_ATTACKS),
                                               ("damage_reduction", 0, 0, None), ("level", 1, 1, None))}
    if isinstance(numbers["level"], int) and numbers["level"] > MAX_LEVEL:
        problems.add(_("'level' must be from 1 to {MAX_LEVEL}, got {level}").format(MAX_LEVEL=MAX_LEVEL, level=numbers['level']), key_line(text, "level"))
    names = {key: problems.get(lambda: _names(data, key, path, text, allowed), ())
             for key, allowed in (("resistances", DAMAGE_TYPES), ("vulnerabilities", DAMAGE_TYPES),
                                  ("immunities", DAMAGE_TYPES), ("spells", None), ("items", None),
                                  ("traits", None), ("condition_immunities", None))}
    problems.raise_all()
    return StatBlock(
        id=data["id"],
        name=data["name"],
        size=size,
        ac=ac,
        hp=hp,
        speed=tuple(sorted((m, float(v)) for m, v in speed.items())),
        abilities=tuple((a, abilities.get(a, 10)) for a in ABILITIES),
        proficiency=numbers["proficiency"],
        saves=tuple(sorted(saves.items())),
        skills=tuple(sorted(skills.items())),
        passive_perception=passive,
        resistances=frozenset(names["resistances"]),
        vulnerabilities=frozenset(names["vulnerabilities"]),
        immunities=frozenset(names["immunities"]),
        player=data.get("player", False),
        attacks_per_action=numbers["attacks_per_action"],
        damage_reduction=numbers["damage_reduction"],
        spellcasting=spellcasting,
        spells=names["spells"],
        spell_slots=slots,
        items=names["items"],
        attacks=tuple(attacks),
        traits=frozenset(names["traits"]),
        hover=data.get("hover", False),
        condition_immunities=frozenset(names["condition_immunities"]),
        rideable=data.get("rideable", False),
        type=ctype,
        level=numbers["level"],
        extra=tuple((k, data[k]) for k in ("challenge", "armor") if k in data),
    )


ITEM_KEYS = {"id", "name", "kind", "heal", "action"}


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    kind: str
    heal: DiceExpr | None
    action: str


def parse_item(data: dict, path=None, text=None) -> Item:
    """An item from its table (an item file or its parsed TOML); every problem raised at once."""
    problems = Problems(path)
    for key in sorted(set(data) - ITEM_KEYS):
        problems.add(_("unknown item key {key}").format(key=short(key)), key_line(text, key))
    if not isinstance(data.get("id"), str) or not isinstance(data.get("name"), str):
        problems.add(_("an item needs 'id' and 'name' strings"))
    heal = problems.get(lambda: _dice(data["heal"], "'heal'", path, key_line(text, "heal"))) if "heal" in data else None
    action = data.get("action", "action")
    if action not in ("action", "bonus_action"):
        problems.add(_("'action' must be 'action' or 'bonus_action'"), key_line(text, "action"))
    problems.raise_all()
    return Item(id=data["id"], name=data["name"], kind=str(data.get("kind", "item")), heal=heal, action=action)


# ----------------------------------------------------------------------------- spells
SPELL_KEYS = {"id", "name", "level", "casting_time", "effect", "range", "dice", "per_slot", "damage_type",
              "save", "area", "size", "sees", "cover_helps", "hostile", "darts", "no_effect_on",
              "cantrip_scaling", "spreads"}
CASTING_TIMES = ("action", "bonus", "reaction")  # SRD 5.1, Casting time
SPELL_EFFECTS = ("attack", "save", "area", "darts", "heal", "reaction")  # how the engine resolves it
AREAS = ("sphere", "cone")


@dataclass(frozen=True)
class Spell:
    """One spell as data: what the cast command needs to check and resolve it (rules/dnd5e/spells.py)."""

    name: str  # the id, kebab-case (commands and log lines use it)
    level: int  # 0 for a cantrip
    time: str  # "action", "bonus" or "reaction" (SRD 5.1, Casting time)
    effect: str  # "attack", "save", "area", "darts", "heal" or "reaction"
    range_m: float = 0.0  # metres from the caster; 1.5 is touch; 0 is self (a cone)
    dice: DiceExpr | None = None  # damage or healing at the spell's own level
    per_slot: int = 0  # dice (darts for magic missile) added per slot level above the spell's
    dtype: str = ""  # damage type
    save: str | None = None  # the saving throw's ability
    area: str | None = None  # "sphere" or "cone"
    size_m: float = 0.0  # the sphere's radius or the cone's length
    sees: bool = False  # the target must be a creature the caster can see
    cover_helps: bool = True  # cover adds to the Dexterity save (sacred flame: no)
    hostile: bool = True  # harms its target (so not at oneself)
    darts: int = 0  # magic missile
    spreads: bool = False  # a sphere that spreads around corners (fireball)
    cantrip_scaling: bool = False  # one more die at character levels 5, 11 and 17 (fire bolt, sacred flame)
    no_effect_on: frozenset[str] = frozenset()  # creature types it cannot affect (healing: undead, construct)
    title: str = ""  # its name in words

    def __deepcopy__(self, memo):
        return self  # immutable

    @property
    def cantrip(self) -> bool:
        return self.level == 0

    @property
    def needs(self) -> str:
        """The command argument that aims it: 'target' or 'at'."""
        return "at" if self.effect == "area" else "target"


def _choice(data: dict, key: str, allowed, path, text, default=None):
    value = data.get(key, default)
    if value not in allowed:
        shown = ", ".join(str(a) for a in allowed if a is not None)
        raise _fail(_("'{key}' must be one of {shown}, got {value}").format(key=key, shown=shown, value=short(value)), path, key_line(text, key))
    return value


def _metres(data: dict, key: str, path, text) -> float:
    value = data.get(key, 0)
    if not _distance(value):
        raise _fail(_("'{key}' must be a distance in metres (0 or more), got {value}").format(key=key, value=short(value)), path, key_line(text, key))
    return float(value)


def _flag(data: dict, key: str, path, text, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise _fail(_("'{key}' must be true or false").format(key=key), path, key_line(text, key))
    return value


def parse_spell(data: dict, path=None, text=None) -> Spell:
    """A spell file (assets/rulesets/5e/spells/ID.toml); every problem names its line, and all
    are raised at once."""
    problems = Problems(path)
    for key in sorted(set(data) - SPELL_KEYS):
        problems.add(_("unknown spell key {key}").format(key=short(key)), key_line(text, key))
    if not isinstance(data.get("id"), str) or not data["id"]:
        problems.add(_("a spell needs an 'id' (kebab-case, e.g. \"fire-bolt\")"))
    effect = problems.get(lambda: _choice(data, "effect", SPELL_EFFECTS, path, text))
    save = data.get("save")
    if save is not None and save not in ABILITIES:
        problems.add(_("'save' must be one of {names}").format(names=', '.join(ABILITIES)), key_line(text, "save"))
    if effect in ("save", "area") and save is None:
        problems.add(_("a spell of effect {effect} needs a 'save'").format(effect=short(effect)))
    damage_type = data.get("damage_type", "")
    if damage_type and not _known(damage_type, DAMAGE_TYPES):
        problems.add(_("'damage_type': unknown {damage_type}").format(damage_type=short(damage_type)), key_line(text, "damage_type"))
    dice = problems.get(lambda: _dice(data["dice"], "'dice'", path, key_line(text, "dice"))) if "dice" in data else None
    if "dice" not in data and effect not in ("reaction", None):
        problems.add(_("a spell of effect {effect} needs 'dice'").format(effect=short(effect)))
    area = None
    if "area" in data or effect == "area":
        area = problems.get(lambda: _choice(data, "area", AREAS + (None,), path, text))
        if effect == "area" and "area" not in data:
            problems.add(_("an area spell needs 'area' (sphere or cone) and 'size'"))
    if data.get("spreads") is True and area != "sphere":
        problems.add(_("only a sphere spreads around corners ('spreads' needs area = \"sphere\")"),
                     key_line(text, "spreads"))
    fields = {key: problems.get(read) for key, read in (
        ("level", lambda: _int(data, "level", path, text, minimum=0)),
        ("time", lambda: _choice(data, "casting_time", CASTING_TIMES, path, text)),
        ("range_m", lambda: _metres(data, "range", path, text)),
        ("per_slot", lambda: _int(data, "per_slot", path, text, minimum=0, default=0, maximum=MAX_DARTS)),
        ("size_m", lambda: _metres(data, "size", path, text)),
        ("sees", lambda: _flag(data, "sees", path, text, False)),
        ("cover_helps", lambda: _flag(data, "cover_helps", path, text, True)),
        ("hostile", lambda: _flag(data, "hostile", path, text, True)),
        ("darts", lambda: _int(data, "darts", path, text, minimum=0, default=0, maximum=MAX_DARTS)),
        ("cantrip_scaling", lambda: _flag(data, "cantrip_scaling", path, text, False)),
        ("spreads", lambda: _flag(data, "spreads", path, text, False)),
    )}
    immune = data.get("no_effect_on", [])
    if not isinstance(immune, list) or not all(_known(t, CREATURE_TYPES) for t in immune):
        problems.add(_("'no_effect_on' must be a list of creature types ({names})").format(names=', '.join(CREATURE_TYPES)),
                     key_line(text, "no_effect_on"))
        immune = []
    problems.raise_all()
    return Spell(name=data["id"], title=str(data.get("name", data["id"])), effect=effect, dice=dice,
                 dtype=damage_type, save=save, area=area, no_effect_on=frozenset(immune), **fields)
