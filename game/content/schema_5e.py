"""The 5e stat block and item schema.

What a 5e stat block (FORMATS.md, "Creature stat block", and the README's extensions) and a 5e
item may hold, and how a table of them becomes a StatBlock or an Item, with clear errors.
Finding the bundled files is `creatures.py`'s part; this module only reads tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.dice import DiceError, DiceExpr
from ..core.movement import MODES
from ..core.sizes import SIZES
from .errors import ContentError, key_line, line_of

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
    "traits", "hover", "condition_immunities", "rideable", "challenge", "armor",
}
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

    @property
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
    extra: tuple = field(default=(), compare=False)  # challenge, armor: shown, not used

    def __deepcopy__(self, memo):
        return self  # immutable: battles share their stat blocks

    def mod(self, ability: str) -> int:
        return (dict(self.abilities).get(ability, 10) - 10) // 2

    def skill(self, name: str) -> int:
        """The total bonus of a skill check (the stat block's value, else the ability modifier)."""
        skills = dict(self.skills)
        return skills[name] if name in skills else self.mod(SKILL_ABILITY[name])

    def save(self, ability: str) -> int:
        saves = dict(self.saves)
        return saves[ability] if ability in saves else self.mod(ability)

    def speed_of(self, mode: str) -> float:
        return float(dict(self.speed).get(mode, 0))

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


def _fail(message: str, path, line=None) -> ContentError:
    return ContentError(message, path, line)


def _int(data: dict, key: str, path, text, minimum: int | None = None, default=None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(f"'{key}' must be a whole number, got {value!r}", path, key_line(text, key))
    if minimum is not None and value < minimum:
        raise _fail(f"'{key}' must be at least {minimum}, got {value}", path, key_line(text, key))
    return value


def _names(data: dict, key: str, path, text, allowed: set[str] | None = None) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(f"'{key}' must be a list of names", path, key_line(text, key))
    if allowed is not None:
        for v in value:
            if v not in allowed:
                raise _fail(f"'{key}': unknown {v!r} (known: {', '.join(sorted(allowed))})", path, key_line(text, key))
    return tuple(value)


def _dice(value, what: str, path, line) -> DiceExpr:
    try:
        return DiceExpr.parse(value)
    except DiceError as exc:
        raise _fail(f"{what}: {exc}", path, line) from None


def parse_attack(data: dict, index: int, path, text) -> Attack:
    line = line_of(text, "[[attacks]]", index)
    if not isinstance(data, dict):
        raise _fail(f"attack {index} must be a table", path, line)
    unknown = set(data) - ATTACK_KEYS
    if unknown:
        raise _fail(f"attack {index}: unknown key {sorted(unknown)[0]!r}", path, line)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise _fail(f"attack {index} needs a 'name'", path, line)
    what = f"attack {name!r}"
    kind = data.get("kind")
    if kind not in ("melee", "ranged"):
        raise _fail(f"{what}: 'kind' must be 'melee' or 'ranged', got {kind!r}", path, line)
    to_hit = data.get("to_hit")
    if not isinstance(to_hit, int) or isinstance(to_hit, bool):
        raise _fail(f"{what}: 'to_hit' must be a whole number", path, line)
    damage = _dice(data.get("damage"), f"{what} 'damage'", path, line)
    dtype = data.get("type")
    if dtype not in DAMAGE_TYPES:
        raise _fail(f"{what}: unknown damage type {dtype!r}", path, line)
    reach = data.get("reach", 1.5)
    if not isinstance(reach, (int, float)) or isinstance(reach, bool) or reach <= 0:
        raise _fail(f"{what}: 'reach' must be a positive number of metres", path, line)
    rng = data.get("range")
    if rng is not None:
        if (not isinstance(rng, list) or len(rng) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in rng)
                or rng[0] > rng[1]):
            raise _fail(f"{what}: 'range' must be [normal, long] in metres", path, line)
        rng = (float(rng[0]), float(rng[1]))
    elif kind == "ranged":
        raise _fail(f"{what}: a ranged attack needs 'range = [normal, long]'", path, line)
    props = data.get("properties", [])
    if not isinstance(props, list) or any(p not in WEAPON_PROPERTIES for p in props):
        raise _fail(f"{what}: 'properties' must be a list of {sorted(WEAPON_PROPERTIES)}", path, line)
    versatile = _dice(data["versatile"], f"{what} 'versatile'", path, line) if "versatile" in data else None
    extra = _dice(data["extra_damage"], f"{what} 'extra_damage'", path, line) if "extra_damage" in data else None
    extra_type = data.get("extra_type")
    if extra is not None and extra_type not in DAMAGE_TYPES:
        raise _fail(f"{what}: 'extra_type' must be a damage type", path, line)
    on_hit = data.get("on_hit", {})
    if not isinstance(on_hit, dict):
        raise _fail(f"{what}: 'on_hit' must be a table", path, line)
    ammunition = data.get("ammunition")
    if ammunition is not None and (not isinstance(ammunition, int) or isinstance(ammunition, bool) or ammunition < 0):
        raise _fail(f"{what}: 'ammunition' must be a number of shots, 0 or more", path, line)
    return Attack(
        name=name, kind=kind, to_hit=to_hit, damage=damage, type=dtype, reach=float(reach),
        range=rng, properties=frozenset(props), versatile=versatile, extra_damage=extra,
        extra_type=extra_type, on_hit=tuple(sorted(on_hit.items())), ammunition=ammunition,
    )


def parse_stat_block(data: dict, path=None, text: str | None = None) -> StatBlock:
    """A 5e stat block from its table; path and text, when given, locate the errors."""
    unknown = set(data) - STAT_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise _fail(f"unknown stat block key {key!r}", path, key_line(text, key))
    for key in ("id", "name"):
        if not isinstance(data.get(key), str) or not data.get(key):
            raise _fail(f"a stat block needs a '{key}' string", path, key_line(text, key))
    size = data.get("size", "medium")
    if size not in SIZES:
        raise _fail(f"'size' must be one of {', '.join(SIZES)}, got {size!r}", path, key_line(text, "size"))
    ac = _int(data, "ac", path, text, minimum=0)
    hp = _int(data, "hp", path, text, minimum=1)
    speed = data.get("speed", {"walk": 9})
    if (not isinstance(speed, dict) or any(m not in MODES for m in speed)
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in speed.values())):
        raise _fail("'speed' must be a table like { walk = 9, fly = 18 } in metres", path, key_line(text, "speed"))
    abilities = data.get("abilities", {})
    if (not isinstance(abilities, dict) or set(abilities) - set(ABILITIES)
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 30 for v in abilities.values())):
        raise _fail("'abilities' must give str dex con int wis cha as numbers 1-30", path, key_line(text, "abilities"))
    saves = data.get("saves", {})
    if not isinstance(saves, dict) or set(saves) - set(ABILITIES) or not all(isinstance(v, int) for v in saves.values()):
        raise _fail("'saves' must map abilities to save bonuses", path, key_line(text, "saves"))
    skills = data.get("skills", {})
    if not isinstance(skills, dict) or set(skills) - set(SKILL_ABILITY) or not all(isinstance(v, int) for v in skills.values()):
        bad = sorted(set(skills) - set(SKILL_ABILITY)) if isinstance(skills, dict) else []
        raise _fail(f"'skills' must map skill names to bonuses{': unknown ' + repr(bad[0]) if bad else ''}",
                    path, key_line(text, "skills"))
    passive = data.get("passive_perception")
    if passive is not None:
        passive = _int(data, "passive_perception", path, text)
    spellcasting = data.get("spellcasting")
    if spellcasting is not None and spellcasting not in ABILITIES:
        raise _fail("'spellcasting' must be an ability like 'int'", path, key_line(text, "spellcasting"))
    slots = data.get("spell_slots", {})
    try:
        slots = tuple(sorted((int(k), int(v)) for k, v in slots.items()))
    except (AttributeError, ValueError, TypeError):
        raise _fail("'spell_slots' must map spell levels to counts, like { 1 = 2 }", path,
                    key_line(text, "spell_slots")) from None
    attacks = data.get("attacks", [])
    if not isinstance(attacks, list):
        raise _fail("'attacks' must be an array of tables [[attacks]]", path, line_of(text, "[[attacks]]"))
    for key in ("player", "hover", "rideable"):
        if not isinstance(data.get(key, False), bool):
            raise _fail(f"'{key}' must be true or false", path, key_line(text, key))
    return StatBlock(
        id=data["id"],
        name=data["name"],
        size=size,
        ac=ac,
        hp=hp,
        speed=tuple(sorted((m, float(v)) for m, v in speed.items())),
        abilities=tuple((a, abilities.get(a, 10)) for a in ABILITIES),
        proficiency=_int(data, "proficiency", path, text, minimum=0, default=2),
        saves=tuple(sorted(saves.items())),
        skills=tuple(sorted(skills.items())),
        passive_perception=passive,
        resistances=frozenset(_names(data, "resistances", path, text, DAMAGE_TYPES)),
        vulnerabilities=frozenset(_names(data, "vulnerabilities", path, text, DAMAGE_TYPES)),
        immunities=frozenset(_names(data, "immunities", path, text, DAMAGE_TYPES)),
        player=data.get("player", False),
        attacks_per_action=_int(data, "attacks_per_action", path, text, minimum=1, default=1),
        damage_reduction=_int(data, "damage_reduction", path, text, minimum=0, default=0),
        spellcasting=spellcasting,
        spells=_names(data, "spells", path, text),
        spell_slots=slots,
        items=_names(data, "items", path, text),
        attacks=tuple(parse_attack(a, i, path, text) for i, a in enumerate(attacks)),
        traits=frozenset(_names(data, "traits", path, text)),
        hover=data.get("hover", False),
        condition_immunities=frozenset(_names(data, "condition_immunities", path, text)),
        rideable=data.get("rideable", False),
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
    """An item from its table (an item file or its parsed TOML)."""
    unknown = set(data) - ITEM_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise _fail(f"unknown item key {key!r}", path, key_line(text, key))
    if not isinstance(data.get("id"), str) or not isinstance(data.get("name"), str):
        raise _fail("an item needs 'id' and 'name' strings", path)
    heal = _dice(data["heal"], "'heal'", path, key_line(text, "heal")) if "heal" in data else None
    action = data.get("action", "action")
    if action not in ("action", "bonus_action"):
        raise _fail("'action' must be 'action' or 'bonus_action'", path, key_line(text, "action"))
    return Item(id=data["id"], name=data["name"], kind=str(data.get("kind", "item")), heal=heal, action=action)


# ----------------------------------------------------------------------------- spells
SPELL_KEYS = {"id", "name", "level", "casting_time", "effect", "range", "dice", "per_slot", "damage_type",
              "save", "area", "size", "sees", "cover_helps", "hostile", "darts"}
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
        raise _fail(f"'{key}' must be one of {shown}, got {value!r}", path, key_line(text, key))
    return value


def _metres(data: dict, key: str, path, text) -> float:
    value = data.get(key, 0)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value < 10_000:
        raise _fail(f"'{key}' must be a distance in metres (0 or more), got {value!r}", path, key_line(text, key))
    return float(value)


def _flag(data: dict, key: str, path, text, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise _fail(f"'{key}' must be true or false", path, key_line(text, key))
    return value


def parse_spell(data: dict, path=None, text=None) -> Spell:
    """A spell file (assets/rulesets/5e/spells/ID.toml); every problem names its line."""
    unknown = set(data) - SPELL_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise _fail(f"unknown spell key {key!r}", path, key_line(text, key))
    if not isinstance(data.get("id"), str) or not data["id"]:
        raise _fail("a spell needs an 'id' (kebab-case, e.g. \"fire-bolt\")", path)
    effect = _choice(data, "effect", SPELL_EFFECTS, path, text)
    save = data.get("save")
    if save is not None and save not in ABILITIES:
        raise _fail(f"'save' must be one of {', '.join(ABILITIES)}", path, key_line(text, "save"))
    if effect in ("save", "area") and save is None:
        raise _fail(f"a spell of effect {effect!r} needs a 'save'", path)
    damage_type = data.get("damage_type", "")
    if damage_type and damage_type not in DAMAGE_TYPES:
        raise _fail(f"'damage_type': unknown {damage_type!r}", path, key_line(text, "damage_type"))
    dice = _dice(data["dice"], "'dice'", path, key_line(text, "dice")) if "dice" in data else None
    if dice is None and effect not in ("reaction",):
        raise _fail(f"a spell of effect {effect!r} needs 'dice'", path)
    area = _choice(data, "area", AREAS + (None,), path, text) if "area" in data or effect == "area" else None
    if effect == "area" and area is None:
        raise _fail("an area spell needs 'area' (sphere or cone) and 'size'", path)
    return Spell(
        name=data["id"], level=_int(data, "level", path, text, minimum=0), title=str(data.get("name", data["id"])),
        time=_choice(data, "casting_time", CASTING_TIMES, path, text), effect=effect,
        range_m=_metres(data, "range", path, text), dice=dice,
        per_slot=_int(data, "per_slot", path, text, minimum=0, default=0), dtype=damage_type, save=save,
        area=area, size_m=_metres(data, "size", path, text), sees=_flag(data, "sees", path, text, False),
        cover_helps=_flag(data, "cover_helps", path, text, True), hostile=_flag(data, "hostile", path, text, True),
        darts=_int(data, "darts", path, text, minimum=0, default=0),
    )
