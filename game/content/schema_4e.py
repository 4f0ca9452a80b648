"""The 4e stat block schema: what a 4e stat block and its powers may hold, and how a table of
them becomes a StatBlock4e with its Power records, with clear errors (one line each).

The keys are the project's own (FORMATS.md lets each ruleset choose them; docs/FORMATS.md,
"4e stat block", shows an example). Powers are data: usage (at-will, encounter, recharge,
daily), the action they take, their reach or area, the defence they target, their damage and
what a hit does. Finding the bundled files is `creatures.py`'s part.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from ..core.dice import DiceError, DiceExpr
from ..core.sizes import SIZES
from .errors import ContentError, Problems, key_line, line_of, problems_of

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
DEFENCES = ("ac", "fort", "ref", "will")
DEFENCE_NAMES = {"ac": "AC", "fort": "Fort", "ref": "Ref", "will": "Will"}
ROLES = ("skirmisher", "brute", "soldier", "lurker", "artillery", "controller", "leader", "striker",
         "defender")
RANKS = ("standard", "minion", "elite", "solo")
USAGES = ("at-will", "encounter", "recharge", "daily")
POWER_ACTIONS = ("standard", "move", "minor")
POWER_KINDS = ("melee", "ranged", "close-burst", "close-blast", "area-burst")
TARGETS = ("one", "enemies", "creatures", "ally")
KEYWORDS = {"weapon", "implement", "arcane", "divine", "martial", "primal", "fire", "cold", "force",
            "lightning", "necrotic", "poison", "psychic", "radiant", "thunder", "acid", "healing", "reliable"}
DAMAGE_TYPES = {"acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant",
                "thunder"}
# what a hit may leave on its target (4e conditions a power inflicts)
HIT_CONDITIONS = {"prone", "dazed", "slowed", "immobilized", "weakened", "stunned", "blinded", "marked",
                  "grabbed", "restrained"}
DURATIONS = ("end-of-next-turn", "save-ends")
TRAITS = {"combat-challenge", "nimble-reaction"}
# the skills the 4e engine rolls, and the ability each adds when a stat block gives no bonus
SKILL_ABILITY = {"athletics": "str", "stealth": "dex", "perception": "wis"}
STAT_KEYS = {
    "id", "name", "size", "level", "role", "rank", "player", "hp", "ac", "fort", "ref", "will",
    "speed", "abilities", "surges", "action_points", "resist", "vulnerable", "traits", "sneak_attack",
    "powers", "type", "skills",
}
REQUIRED = ("id", "name", "size", "level", "hp", "ac", "fort", "ref", "will", "speed", "powers")
POWER_KEYS = {
    "name", "usage", "recharge", "uses", "action", "kind", "reach", "range", "long_range", "size",
    "targets", "vs", "attack", "damage", "type", "crit", "miss", "on_hit", "duration", "needs",
    "push", "pull", "slide", "ongoing", "ongoing_type", "shift", "heal", "heal_bonus", "basic", "keywords",
}


@dataclass(frozen=True)
class Power:
    """One power (or a monster's attack) as data."""

    name: str
    usage: str  # at-will, encounter, recharge, daily
    action: str = "standard"
    kind: str = "melee"  # melee, ranged, close-burst, close-blast, area-burst
    reach: float = 1.5  # melee: metres
    range: float = 0.0  # ranged and area burst: metres to the target or the burst's centre
    long_range: float = 0.0  # ranged: the long range in metres (attacks there at -2); 0 none
    size: int = 0  # bursts: the radius in squares; blasts: the side in squares
    targets: str = "one"  # one (a creature), enemies, creatures (every one caught), ally (a heal)
    vs: str | None = "ac"  # the defence attacked (None: no attack roll, a heal)
    attack: int = 0
    damage: DiceExpr | None = None
    type: str | None = None
    crit: DiceExpr | None = None  # extra dice rolled on a critical hit
    miss: str | None = None  # "half": half damage on a miss
    on_hit: tuple[str, ...] = ()
    duration: str = "end-of-next-turn"  # how long the on-hit conditions last (prone and grabbed: their own rules)
    needs: str | None = None  # "combat-advantage": the on-hit conditions need it
    push: int = 0
    pull: int = 0
    slide: int = 0
    ongoing: int = 0  # ongoing damage on a hit (save ends)
    ongoing_type: str | None = None
    shift: int = 0  # squares the attacker may shift before the attack
    heal: bool = False  # the target spends a healing surge
    heal_bonus: DiceExpr | None = None
    recharge: int = 0  # recharge powers: the least d6 face that recharges it
    uses: int = 1  # encounter powers usable this many times
    basic: bool = False  # the creature's melee basic attack
    keywords: tuple[str, ...] = ()

    def __deepcopy__(self, memo):
        return self  # immutable

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def area(self) -> bool:
        return self.kind in ("close-burst", "close-blast", "area-burst")

    @property
    def multi(self) -> bool:
        return self.targets in ("enemies", "creatures")

    @property
    def limited(self) -> bool:
        """Spent by use (encounter, recharge, daily)."""
        return self.usage != "at-will"


@dataclass(frozen=True)
class StatBlock4e:
    id: str
    name: str
    size: str
    level: int
    hp: int
    ac: int
    fort: int
    ref: int
    will: int
    speed: tuple[tuple[str, float], ...]
    powers: tuple[Power, ...]
    role: str = "soldier"
    rank: str = "standard"
    player: bool = False
    abilities: tuple[tuple[str, int], ...] = ()
    surges: int = 0
    action_points: int = 0
    resist: tuple[tuple[str, int], ...] = ()
    vulnerable: tuple[tuple[str, int], ...] = ()
    traits: frozenset[str] = frozenset()
    sneak_attack: DiceExpr | None = None
    type: str = "humanoid"
    condition_immunities: frozenset[str] = frozenset()
    skills: tuple[tuple[str, int], ...] = ()  # athletics, stealth, perception: the whole bonus

    def __deepcopy__(self, memo):
        return self  # immutable: battles share their stat blocks

    def mod(self, ability: str) -> int:
        return (dict(self.abilities).get(ability, 10) - 10) // 2

    def speed_of(self, mode: str) -> float:
        return float(dict(self.speed).get(mode, 0))

    @property
    def walk(self) -> float:
        return self.speed_of("walk")

    @property
    def initiative_bonus(self) -> int:
        """4e, Initiative: half the level plus the Dexterity modifier."""
        return self.level // 2 + self.mod("dex")

    def skill(self, name: str) -> int:
        """A skill check's bonus (Athletics, Stealth, Perception): the stat block's, else half
        the level plus the ability modifier (engine reading: untrained)."""
        own = dict(self.skills)
        return own[name] if name in own else self.level // 2 + self.mod(SKILL_ABILITY[name])

    @property
    def passive_perception(self) -> int:
        """4e: 10 + the Perception bonus."""
        return 10 + self.skill("perception")

    @property
    def bloodied(self) -> int:
        """4e: bloodied at half the maximum hit points, rounded down."""
        return self.hp // 2

    @property
    def surge_value(self) -> int:
        """4e: a quarter of the maximum hit points, rounded down."""
        return self.hp // 4

    @property
    def minion(self) -> bool:
        return self.rank == "minion"

    def defence(self, name: str) -> int:
        return getattr(self, name)

    def power(self, name: str) -> Power | None:
        return next((p for p in self.powers if p.name == name), None)

    @property
    def basic_power(self) -> Power | None:
        """The melee basic attack: the power marked `basic`, else the first at-will melee power
        with its numbers only (RULESETS.md 4: a hero's basic attack, without the power's effect)."""
        marked = next((p for p in self.powers if p.basic), None)
        if marked is not None:
            return marked
        first = next((p for p in self.powers if p.usage == "at-will" and p.melee and p.vs), None)
        if first is None:
            return None
        return Power(name="basic", usage="at-will", kind="melee", reach=first.reach, vs=first.vs,
                     attack=first.attack, damage=first.damage, type=first.type, basic=True)


def _dice(value, what: str, fail) -> DiceExpr | None:
    try:
        return DiceExpr.parse(value)
    except (DiceError, TypeError):
        fail(_("{what} must be dice like '1d8+4', got {value!r}").format(what=what, value=value))
        return None


def _whole(data, key, fail, minimum=0, default=None):
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        fail(_("'{key}' must be a whole number of at least {minimum}, got {value!r}").format(key=key, minimum=minimum, value=value))
        return minimum
    return value


def _metres(data, key, fail, default=0.0) -> float:
    value = data.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
        fail(_("'{key}' must be metres (0 or more), got {value!r}").format(key=key, value=value))
        return float(default)
    return float(value)


def _choice(data, key, allowed, fail, default=None):
    value = data.get(key, default)
    if value not in allowed:
        fail(_("'{key}' must be one of {names}, got {value!r}").format(key=key, names=', '.join(map(str, allowed)), value=value))
        return default if default in allowed else allowed[0]
    return value


def parse_power(data: dict, index: int, path, text) -> Power:
    line = line_of(text, "[[powers]]", index)
    if not isinstance(data, dict):
        raise ContentError(_("power {index} must be a table").format(index=index), path, line)
    problems = Problems(path)
    name = data.get("name")
    if not isinstance(name, str) or not name or name != name.lower() or " " in name:
        problems.add(_("power {index} needs a kebab-case 'name', got {name!r}").format(index=index, name=name), line)
        name = f"power-{index}"
    what = _("power {name!r}").format(name=name)

    def fail(message: str) -> None:
        problems.add(_("{what}: {message}").format(what=what, message=message), line)

    for key in sorted(set(data) - POWER_KEYS):
        fail(_("unknown key {key!r} (known: {names})").format(key=key, names=', '.join(sorted(POWER_KEYS))))
    usage = _choice(data, "usage", USAGES, fail)
    kind = _choice(data, "kind", POWER_KINDS, fail, "melee")
    targets = _choice(data, "targets", TARGETS, fail, "enemies" if kind != "melee" and kind != "ranged" else "one")
    heal = data.get("heal", False)
    vs = data.get("vs", None if heal else "ac")
    if vs is not None and vs not in DEFENCES:
        fail(_("'vs' must be one of {names}, got {vs!r}").format(names=', '.join(DEFENCES), vs=vs))
    keywords = data.get("keywords", [])
    if not isinstance(keywords, list) or any(k not in KEYWORDS for k in keywords):
        bad = next((k for k in keywords if k not in KEYWORDS), keywords) if isinstance(keywords, list) else keywords
        fail(_("unknown power keyword {bad!r} (known: {names})").format(bad=bad, names=', '.join(sorted(KEYWORDS))))
        keywords = []
    on_hit = data.get("on_hit", [])
    if not isinstance(on_hit, list) or any(c not in HIT_CONDITIONS for c in on_hit):
        fail(_("'on_hit' must be a list of {names}, got {on_hit!r}").format(names=', '.join(sorted(HIT_CONDITIONS)), on_hit=on_hit))
        on_hit = []
    damage = _dice(data["damage"], "'damage'", fail) if "damage" in data else None
    if vs is not None and damage is None and not on_hit:
        fail(_("an attack power needs 'damage' or 'on_hit'"))
    dtype = data.get("type")
    if dtype is not None and dtype not in DAMAGE_TYPES:
        fail(_("'type' must be one of {names} (or left out), got {dtype!r}").format(names=', '.join(sorted(DAMAGE_TYPES)), dtype=dtype))
    ongoing_type = data.get("ongoing_type")
    if ongoing_type is not None and ongoing_type not in DAMAGE_TYPES:
        fail(_("'ongoing_type' must be one of {names}, got {ongoing_type!r}").format(names=', '.join(sorted(DAMAGE_TYPES)), ongoing_type=ongoing_type))
    miss = data.get("miss")
    if miss not in (None, "half"):
        fail(_("'miss' must be 'half' (or left out), got {miss!r}").format(miss=miss))
    needs = data.get("needs")
    if needs not in (None, "combat-advantage"):
        fail(_("'needs' must be 'combat-advantage' (or left out), got {needs!r}").format(needs=needs))
    recharge = _whole(data, "recharge", fail, 0, 0)
    if usage == "recharge" and not 2 <= recharge <= 6:
        fail(_("a recharge power needs 'recharge' from 2 to 6 (the least d6 face), got {recharge!r}").format(recharge=recharge))
    size = _whole(data, "size", fail, 0, 0)
    if kind in ("close-burst", "close-blast", "area-burst") and size < 1:
        fail(_("a {kind} needs 'size' (squares) of at least 1").format(kind=kind))
    rng = _metres(data, "range", fail)
    if kind in ("ranged", "area-burst") and rng <= 0:
        fail(_("a {kind} power needs 'range' in metres").format(kind=kind))
    for key in ("basic", "heal"):
        if not isinstance(data.get(key, False), bool):
            fail(_("'{key}' must be true or false").format(key=key))
    power = Power(
        name=name, usage=usage, action=_choice(data, "action", POWER_ACTIONS, fail, "standard"), kind=kind,
        reach=_metres(data, "reach", fail, 1.5), range=rng, long_range=_metres(data, "long_range", fail),
        size=size, targets=targets, vs=vs if vs in DEFENCES else None,
        attack=_whole(data, "attack", fail, -20, 0), damage=damage, type=dtype,
        crit=_dice(data["crit"], "'crit'", fail) if "crit" in data else None, miss=miss, on_hit=tuple(on_hit),
        duration=_choice(data, "duration", DURATIONS, fail, "end-of-next-turn"), needs=needs,
        push=_whole(data, "push", fail, 0, 0), pull=_whole(data, "pull", fail, 0, 0),
        slide=_whole(data, "slide", fail, 0, 0), ongoing=_whole(data, "ongoing", fail, 0, 0),
        ongoing_type=ongoing_type, shift=_whole(data, "shift", fail, 0, 0), heal=bool(heal),
        heal_bonus=_dice(data["heal_bonus"], "'heal_bonus'", fail) if "heal_bonus" in data else None,
        recharge=recharge, uses=_whole(data, "uses", fail, 1, 1), basic=bool(data.get("basic", False)),
        keywords=tuple(keywords),
    )
    problems.raise_all()
    return power


def _amounts(data, key, fail) -> tuple[tuple[str, int], ...]:
    value = data.get(key, {})
    if not isinstance(value, dict) or any(k not in DAMAGE_TYPES or not isinstance(v, int) or isinstance(v, bool)
                                          for k, v in value.items()):
        fail(_("'{key}' must be a table of damage type = amount, got {value!r}").format(key=key, value=value))
        return ()
    return tuple(sorted(value.items()))


def parse_stat_block(data: dict, path=None, text: str | None = None) -> StatBlock4e:
    """A 4e stat block from its table; every problem raised at once, each on its line."""
    if not isinstance(data, dict):
        raise ContentError(_("a stat block must be a table"), path)
    problems = Problems(path)

    def fail_at(key):
        return lambda message: problems.add(message, key_line(text, key))

    for key in sorted(set(data) - STAT_KEYS):
        problems.add(_("unknown key {key!r} in a 4e stat block (known: {names})").format(key=key, names=', '.join(sorted(STAT_KEYS))),
                     key_line(text, key))
    for key in REQUIRED:
        if key not in data:
            problems.add(_("the 4e stat block needs '{key}'").format(key=key))
    problems.raise_all()
    fail = problems.add
    for key in ("id", "name"):
        if not isinstance(data[key], str) or not data[key]:
            fail(_("'{key}' must be a name").format(key=key), key_line(text, key))
    size = _choice(data, "size", SIZES, fail_at("size"), "medium")
    rank = _choice(data, "rank", RANKS, fail_at("rank"), "standard")
    role = _choice(data, "role", ROLES, fail_at("role"), "soldier")
    player = data.get("player", False)
    if not isinstance(player, bool):
        fail(_("'player' must be true or false"), key_line(text, "player"))
    numbers = {key: _whole(data, key, fail_at(key), 1) for key in ("level", "hp", "ac", "fort", "ref", "will")}
    speed = data["speed"]
    if (not isinstance(speed, dict) or "walk" not in speed
            or any(k not in ("walk", "fly", "swim", "climb") or not isinstance(v, (int, float)) or isinstance(v, bool)
                   or v < 0 for k, v in speed.items())):
        fail(_("'speed' must be a table with walk (and fly, swim, climb) in metres, got {speed!r}").format(speed=speed), key_line(text, "speed"))
        speed = {"walk": 6}
    abilities = data.get("abilities", {})
    if not isinstance(abilities, dict) or any(k not in ABILITIES or not isinstance(v, int) for k, v in abilities.items()):
        fail(_("'abilities' must be a table of {names} scores").format(names=', '.join(ABILITIES)), key_line(text, "abilities"))
        abilities = {}
    traits = data.get("traits", [])
    if not isinstance(traits, list) or any(t not in TRAITS for t in traits):
        fail(_("'traits' must be a list of {names}, got {traits!r}").format(names=', '.join(sorted(TRAITS)), traits=traits), key_line(text, "traits"))
        traits = []
    skills = data.get("skills", {})
    if (not isinstance(skills, dict) or any(k not in SKILL_ABILITY or not isinstance(v, int) or isinstance(v, bool)
                                            for k, v in skills.items())):
        fail(_("'skills' must be a table of {names} bonuses, got {skills!r}").format(
            names=', '.join(SKILL_ABILITY), skills=skills), key_line(text, "skills"))
        skills = {}
    sneak = None
    if "sneak_attack" in data:
        sneak = _dice(data["sneak_attack"], "'sneak_attack'", fail_at("sneak_attack"))
    raw_powers = data["powers"]
    powers: list[Power] = []
    if not isinstance(raw_powers, list) or not raw_powers:
        fail(_("'powers' must hold at least one [[powers]] table"), key_line(text, "powers"))
    else:
        for i, raw in enumerate(raw_powers):
            try:
                powers.append(parse_power(raw, i, path, text))
            except ContentError as exc:
                problems.found += problems_of(exc)
        names = [p.name for p in powers]
        for name in sorted({n for n in names if names.count(n) > 1}):
            fail(_("two powers are named {name!r}").format(name=name))
        if "basic" in names:
            fail(_("'basic' names the melee basic attack: a power may not take that name"))
    default_ap = 1 if player else {"elite": 1, "solo": 2}.get(rank, 0)
    surges = _whole(data, "surges", fail_at("surges"), 0, 0)
    action_points = _whole(data, "action_points", fail_at("action_points"), 0, default_ap)
    resist = _amounts(data, "resist", fail_at("resist"))
    vulnerable = _amounts(data, "vulnerable", fail_at("vulnerable"))
    if rank == "minion" and numbers["hp"] != 1:
        fail(_("a minion has 1 hit point"), key_line(text, "hp"))
    problems.raise_all()
    return StatBlock4e(
        id=data["id"], name=data["name"], size=size, powers=tuple(powers), role=role, rank=rank, player=player,
        speed=tuple(sorted((k, float(v)) for k, v in speed.items())), abilities=tuple(sorted(abilities.items())),
        surges=surges, action_points=action_points, resist=resist, vulnerable=vulnerable,
        traits=frozenset(traits), sneak_attack=sneak, type=str(data.get("type", "humanoid")),
        skills=tuple(sorted(skills.items())), **numbers,
    )


def parse_item(data: dict, path=None, text: str | None = None):
    raise ContentError(_("the 4e ruleset has no items"), path)


def parse_spell(data: dict, path=None, text: str | None = None):
    raise ContentError(_("the 4e ruleset has powers in its stat blocks, not spell files"), path)
