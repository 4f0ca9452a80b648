"""What the creature whose turn it is may do now, sorted into the action bar's entries.

`Choices.get(battle)` asks the rules (`legal_commands`) once per change of the battle (keyed on
the state, `commands_done`, the offers and whose turn it is) and files every option under one
entry of the action bar: each attack by name, Move, Dash, Disengage, Dodge, Help, Hide, Search,
Ready, Use an Object, Grapple, Shove, each spell, Stand up, End turn (and Escape, First aid,
Mount or Dismount when they apply). An entry is allowed exactly when it holds a legal option; when it holds none,
`reason` says why in a few words, from simple checks (action used, nobody in reach, no slot...).

Where the options query does not list an act yet, this module fills in, and says so:
- spells, until spells.py offers `spell_options`: each target is checked as the engine's spell
  aiming checks it (range, total cover, sight, slots, casting time); area spells are checked
  square by square under the cursor (`area_problem`);
- Dash and Disengage as a bonus action (Cunning Action, Nimble Escape) once the action is spent;
- Ready (a trigger and a command): the readied attacks the query lists, or a few made here.
The engine stays the judge: a command it refuses is shown in the log and changes nothing.

No pygame here: the entries are plain data, so they are tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.areas import touches
from ..core.board import SQUARE_M, gap_squares
from ..core.cover import cover_level
from ..core.terrain import TOTAL
from ..rules.dnd5e import actions, spells
from ..rules.dnd5e.attacks import preview_attack
from ..rules.dnd5e.geometry import can_see, cover_between, distance_m, line_caps, melee_reach, within
from ..rules.dnd5e.options import Option, attack_preview, legal_commands

# the letter of each action on the keyboard (attacks and spells take the digits, in bar order)
LETTERS = {
    "move": "M", "dash": "D", "disengage": "I", "dodge": "O", "help": "H", "hide": "K", "search": "S",
    "ready": "R", "use": "U", "grapple": "G", "shove": "V", "stand": "T", "escape": "X", "stabilize": "Z",
    "mount": "J", "dismount": "J", "end": "E",
}
TITLES = {
    "move": "Move", "dash": "Dash", "disengage": "Disengage", "dodge": "Dodge", "help": "Help", "hide": "Hide",
    "search": "Search", "ready": "Ready", "use": "Use item", "grapple": "Grapple", "shove": "Shove",
    "stand": "Stand up", "escape": "Escape", "stabilize": "First aid", "mount": "Mount", "dismount": "Dismount",
    "end": "End turn",
}
TIPS = {
    "move": "Move: click a shaded square. Striped squares need a Dash first (clicking one dashes, then moves).",
    "dash": "Dash: extra movement equal to your speed this turn.",
    "disengage": "Disengage: your movement provokes no opportunity attacks this turn.",
    "dodge": "Dodge: attacks against you have disadvantage until your next turn.",
    "help": "Help: an ally gets advantage on its next attack against an enemy within 1.5 m of you. "
            "Click the ally.",
    "hide": "Hide: a Stealth check; you need cover from every enemy that can see you.",
    "search": "Search: a Perception check to find hidden creatures.",
    "ready": "Ready: choose an attack and its trigger; it is made as a reaction before your next turn.",
    "use": "Use an Object: drink a potion, or give it to a creature within 1.5 m.",
    "grapple": "Grapple: Athletics contest; the target's speed becomes 0. Click the target.",
    "shove": "Shove: knock a creature prone or push it 1.5 m away. Click the target.",
    "stand": "Stand up: costs half your speed.",
    "escape": "Escape the grapple: Athletics or Acrobatics contest.",
    "stabilize": "First aid: Wisdom (Medicine) DC 10 to stabilize a dying creature within 1.5 m.",
    "mount": "Mount a willing creature within 1.5 m at least one size larger (half your speed). Click it.",
    "dismount": "Dismount (half your speed).",
    "end": "End your turn.",
}
# how each entry is used: at once, by clicking a creature, a square, a destination, or from a menu
NOW, TARGET, AREA, MOVE, MENU = "now", "target", "area", "move", "menu"
DIGITS = "1234567890"


@dataclass
class Entry:
    """One button of the action bar: what it shows, how it is used, and its legal options."""

    key: str  # "attack:longsword", "spell:fire-bolt", "dash", ...
    title: str
    shortcut: str  # the key that chooses it ("" when none is left)
    kind: str  # NOW, TARGET, AREA, MOVE or MENU
    options: list[Option] = field(default_factory=list)
    reason: str = ""  # why it is not allowed now
    tip: str = ""

    @property
    def allowed(self) -> bool:
        return bool(self.options) or (self.kind == AREA and not self.reason)

    @property
    def label(self) -> str:
        return f"{self.title} [{self.shortcut}]" if self.shortcut else self.title

    def tooltip(self) -> str:
        return self.tip if self.allowed else f"Not now: {self.reason}"

    def by_target(self) -> dict[str, list[Option]]:
        """The options by the creature each one is aimed at (in the order they came)."""
        found: dict[str, list[Option]] = {}
        for option in self.options:
            found.setdefault(target_of(option), []).append(option)
        return found


def target_of(option: Option) -> str:
    """The creature an option is aimed at: its target, the item's taker, or the actor itself."""
    cmd = option.command
    target = cmd.get("target", option.preview.get("target"))
    if isinstance(target, (list, tuple)):
        target = target[0] if target else None
    return target if isinstance(target, str) else cmd["actor"]


class Choices:
    """The options and action bar entries of one battle, recomputed only when the battle changes."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self.options: list[Option] = []
        self.entries: list[Entry] = []
        self.moves: dict[tuple[int, int], Option] = {}
        self.actor_id: str | None = None
        self.computed = 0  # how many times the rules were asked (the tests check the cache)

    @staticmethod
    def key_of(battle) -> tuple:
        state = battle.state
        offers = tuple((o.reactor, o.kind, o.provoker) for o in state.offers)
        return id(state), state.commands_done, offers, state.current_id, state.over

    def get(self, battle) -> "Choices":
        key = self.key_of(battle)
        if key != self._key:
            self._key = key
            self._compute(battle)
        return self

    def entry(self, key: str) -> Entry | None:
        return next((e for e in self.entries if e.key == key), None)

    def by_shortcut(self, char: str) -> Entry | None:
        char = char.upper()
        return next((e for e in self.entries if e.shortcut == char), None)

    # ------------------------------------------------------------------ building
    def _compute(self, battle) -> None:
        self.computed += 1
        state = battle.state
        self.options = legal_commands(battle)
        self.entries, self.moves = [], {}
        self.moves_by_mode: dict[str, dict] = {}  # movement mode -> square -> its move Option
        actor = battle.current
        self.actor_id = actor.id if actor is not None else None
        if actor is None or state.over or state.offers or not state.started:
            return
        mine = [o for o in self.options if o.command.get("actor") == actor.id]
        for o in mine:
            if o.command["act"] == "move" and o.command.get("to") is not None:
                mode = o.command.get("mode", "walk")
                self.moves_by_mode.setdefault(mode, {})[tuple(o.command["to"])] = o
        self.moves = self.moves_by_mode.get("walk", {})
        self.entries = build_entries(battle, actor, mine)


def build_entries(battle, actor, options: list[Option]) -> list[Entry]:
    """The action bar of this creature: its attacks and spells first (digits), then the actions."""
    by_act: dict[str, list[Option]] = {}
    for o in options:
        by_act.setdefault(o.command["act"], []).append(o)
    entries: list[Entry] = []
    digits = iter(DIGITS)

    for name in attack_names(actor):
        found = [o for o in by_act.get("attack", []) if o.command.get("with") == name
                 and not o.command.get("offhand") and o.preview.get("hostile", True)]
        entries.append(Entry(f"attack:{name}", name.replace("-", " ").capitalize(), next(digits, ""), TARGET,
                             found, "" if found else attack_reason(battle, actor, name),
                             attack_tip(actor, name)))
    offhand = [o for o in by_act.get("attack", []) if o.command.get("offhand") and o.preview.get("hostile", True)]
    if offhand:
        name = offhand[0].command["with"]
        entries.append(Entry("attack:offhand", f"Off-hand {name}", next(digits, ""), TARGET, offhand, "",
                             "Two-weapon fighting: a bonus action attack with your other light weapon."))
    for entry in spell_entries(battle, actor, by_act.get("cast", [])):
        entry.shortcut = next(digits, "")
        entries.append(entry)

    def simple(key: str, kind: str, found: list[Option]) -> None:
        reason = "" if found else why_not(battle, actor, key)
        entries.append(Entry(key, TITLES[key], LETTERS[key], kind, found, reason, TIPS[key]))

    simple("move", MOVE, by_act.get("move", []))
    for act in ("dash", "disengage", "dodge"):
        simple(act, NOW, by_act.get(act, []) or bonus_fallback(actor, act))
    simple("help", TARGET, by_act.get("help", []))
    simple("hide", NOW, by_act.get("hide", []))
    simple("search", NOW, by_act.get("search", []))
    simple("ready", MENU, by_act.get("ready") or ready_options(battle, actor))
    simple("use", MENU, by_act.get("use", []))
    simple("grapple", TARGET, by_act.get("grapple", []))
    simple("shove", TARGET, by_act.get("shove", []))
    if by_act.get("escape"):
        simple("escape", NOW, by_act["escape"])
    if by_act.get("stabilize"):
        simple("stabilize", TARGET, by_act["stabilize"])
    if by_act.get("mount"):
        simple("mount", TARGET, by_act["mount"])
    if by_act.get("dismount"):
        simple("dismount", NOW, by_act["dismount"])
    simple("stand", NOW, by_act.get("stand", []))
    simple("end", NOW, by_act.get("end", []))
    return entries


def attack_names(actor) -> list[str]:
    return [a.name for a in actor.stats.attacks if a.name != "unarmed"] + ["unarmed"]


def attack_tip(actor, name: str) -> str:
    from ..rules.dnd5e.attacks import weapon_of

    a = weapon_of(actor, name)
    where = f"reach {a.reach:g} m" if a.is_melee else ""
    if a.range:
        where = (where + ", " if where else "") + f"range {a.range[0]:g}/{a.range[1]:g} m"
    return (f"{name}: {a.to_hit:+d} to hit, {a.damage} {a.type} ({where}). "
            "Click a ringed enemy; hover it for the chance to hit.")


# ---------------------------------------------------------------------- why not
def _able_problem(actor) -> str:
    if actor.state != "conscious":
        return f"{actor.name} is {actor.state}"
    if actor.incapacitated:
        return f"{actor.name} is incapacitated"
    return ""


def attack_reason(battle, actor, name: str) -> str:
    from ..rules.dnd5e.attacks import weapon_of

    problem = _able_problem(actor)
    if problem:
        return problem
    if actor.attacks_left <= 0 and not actor.action:
        return "no attack left this turn (action used)"
    attack = weapon_of(actor, name)
    if "loading" in attack.properties and attack.name in actor.attack_weapons:
        return f"{name} has the loading property: one shot per action"
    limit = max(attack.reach if attack.is_melee else 0.0, attack.range[1] if attack.range else 0.0)
    foes = [c for c in battle.state.creatures.values() if c.side != actor.side and c.alive]
    near = [c for c in foes if distance_m(battle, actor, c) <= limit + 1e-9]
    if not near:
        return f"no enemy within {'reach' if attack.is_melee and not attack.range else 'range'} ({limit:g} m)"
    return "no enemy it can strike (total cover)"


def why_not(battle, actor, key: str) -> str:  # noqa: C901 - one short check per action
    """A few words on why an action is not allowed now (the options query found none)."""
    if key == "end":
        return "not your turn"
    problem = _able_problem(actor)
    if problem:
        return problem
    creatures = battle.state.creatures.values()
    foes = [c for c in creatures if c.side != actor.side and c.alive]
    if key == "move":
        if actor.speed() == 0:
            why = [c for c in ("grappled", "restrained") if c in actor.conditions]
            return f"speed 0 ({why[0]})" if why else "speed 0"
        if actor.movement_left() < SQUARE_M:
            return f"no movement left ({actor.movement_left():g} m)"
        return "no free square in reach"
    if key == "stand":
        if not actor.prone:
            return "not prone"
        return f"needs {actor.speed() / 2:g} m of movement, {actor.movement_left():g} m left"
    if key in ("grapple", "shove"):
        if not actor.action and actor.attacks_left <= 0:
            return "no attack left this turn (action used)"
        return f"no creature within reach ({melee_reach(actor):g} m) it can {key}"
    if key == "use":
        if not actor.items:
            return "carries no item"
        return "action used"
    if key == "hide" and actor.action:
        return "an enemy sees you in the open (you need cover from it)"
    if not actor.action:
        bonus = any(key in acts for trait, acts in actions.BONUS_ACTION_TRAITS.items() if trait in actor.stats.traits)
        return "action and bonus action used" if bonus else "action already used this turn"
    if key == "help":
        if not any(within(battle, actor, c, 1.5) for c in foes if c.standing):
            return "no enemy within 1.5 m to help against"
        return "no ally to help"
    return "not allowed now"


def bonus_fallback(actor, act: str) -> list[Option]:
    """Dash or Disengage as a bonus action for Cunning Action / Nimble Escape, once the action is spent."""
    if actor.action or not actor.bonus_action or _able_problem(actor):
        return []
    if not any(act in acts for trait, acts in actions.BONUS_ACTION_TRAITS.items() if trait in actor.stats.traits):
        return []
    return [Option({"actor": actor.id, "act": act, "bonus": True}, f"{act} (bonus action)", {"uses": "bonus action"})]


# ---------------------------------------------------------------------- Ready
TRIGGERS = (("enters_reach", "when an enemy comes within reach"), ("moves", "when an enemy moves"),
            ("attacks", "when an enemy attacks"))


def ready_options(battle, actor) -> list[Option]:
    """A few readied attacks: each attack with each trigger that suits it (melee: entering reach)."""
    if _able_problem(actor) or not actor.action:
        return []
    options = []
    for a in [x for x in actor.stats.attacks if x.name != "unarmed"][:3]:
        for event, words in TRIGGERS:
            if event == "enters_reach" and not a.is_melee:
                continue
            cmd = {"actor": actor.id, "act": "ready", "trigger": {"event": event, "by": "enemy"},
                   "then": {"act": "attack", "with": a.name}}
            options.append(Option(cmd, f"Attack with {a.name} {words}", {"uses": "action"}))
    return options


# ---------------------------------------------------------------------- spells
def castable(actor) -> list:
    """The spells of its stat block that the cast command takes (not reactions), in its order."""
    return [spells.SPELLS[n] for n in actor.stats.spells
            if n in spells.SPELLS and spells.SPELLS[n].time != "reaction"]


def spell_entries(battle, actor, listed: list[Option]) -> list[Entry]:
    """One entry per spell it knows; its options from legal_commands, or checked here until they are."""
    if actor.stats.spellcasting is None:
        return []
    offered = getattr(spells, "spell_options", None) is not None
    entries = []
    for spell in castable(actor):
        found = [o for o in listed if o.command.get("spell") == spell.name]
        reason = spell_gate(actor, spell)
        kind = AREA if spell.effect == "area" else TARGET
        if not offered and not reason and kind == TARGET:
            found = spell_target_options(battle, actor, spell)
        if kind == TARGET and not found and not reason:
            reason = f"no target within {spell_range(spell)}" + (" that it can see" if spell.sees else "")
        if kind == AREA and offered and not found and not reason:
            reason = "no square to aim it at"
        title = spell.name.replace("-", " ").capitalize()
        entries.append(Entry(f"spell:{spell.name}", title, "", kind, found, reason, spell_tip(actor, spell)))
    return entries


def spell_range(spell) -> str:
    if spell.area == "cone":
        return "self"
    return "touch (1.5 m)" if spell.range_m == 1.5 else f"{spell.range_m:g} m"


def spell_tip(actor, spell) -> str:
    level = "cantrip" if spell.cantrip else f"level {spell.level}"
    what = {
        "attack": "ranged spell attack", "save": f"{(spell.save or '').capitalize()} save",
        "darts": f"{spell.darts} darts that always hit", "heal": "healing",
        "area": f"{spell.size_m:g} m {spell.area}, {(spell.save or '').capitalize()} save for half",
    }.get(spell.effect, spell.effect)
    dice = f", {spell.dice} {spell.dtype}".rstrip() if spell.dice else ""
    time = "bonus action" if spell.time == "bonus" else "action"
    aim = "click a square" if spell.effect == "area" else "click a ringed creature"
    return f"{spell.name} ({level}, {time}): {what}{dice}; range {spell_range(spell)}. {aim.capitalize()}."


def slot_for(actor, spell) -> int | None:
    """The slot a cast would spend: 0 for a cantrip, else the lowest slot left of its level or higher."""
    if spell.cantrip:
        return 0
    return min((lv for lv, n in actor.slots.items() if lv >= spell.level and n > 0), default=None)


def spell_gate(actor, spell) -> str:
    """What stops the spell whatever its target: the caster's state, its action, its slots."""
    problem = _able_problem(actor)
    if problem:
        return problem
    # SRD 5.1, Casting time, and Bonus action casting
    if spell.time == "bonus":
        if not actor.bonus_action:
            return "bonus action already used"
        if actor.effects.get("turn:action_spell_level", 0):
            return "a levelled spell was cast this turn: no bonus-action spell after it"
    else:
        if not actor.action:
            return "action already used this turn"
        if actor.effects.get("turn:bonus_spell") and not spell.cantrip:
            return "after a bonus-action spell, only a cantrip"
    if slot_for(actor, spell) is None:
        return f"no spell slot of level {spell.level} or higher left"
    return ""


def cast_command(actor, spell, **aim) -> dict:
    cmd = {"actor": actor.id, "act": "cast", "spell": spell.name, **aim}
    slot = slot_for(actor, spell)
    if slot and slot != spell.level:
        cmd["level"] = slot  # its own level is spent: cast it with the next slot up
    return cmd


def target_problem(battle, actor, spell, target) -> str:
    """Why the spell cannot be aimed at this creature (spells.py's aiming checks), or ''."""
    if target.state == "dead":
        return f"{target.name} is dead"
    if target is actor:
        return f"cannot aim {spell.name} at itself" if spell.hostile else ""
    if distance_m(battle, actor, target) > spell.range_m + 1e-9:
        return f"beyond the range of {spell.name}"
    if cover_between(battle, actor, target) >= TOTAL:
        return f"{target.name} has total cover"
    if spell.sees and not can_see(battle, actor, target):
        return f"cannot see {target.name}"
    return ""


def spell_target_options(battle, actor, spell) -> list[Option]:
    """The creatures the spell can be cast at: enemies for a harmful spell, allies for healing."""
    found = []
    for target in battle.state.creatures.values():
        if spell.hostile == (target.side == actor.side) or target_problem(battle, actor, spell, target):
            continue
        preview: dict = {"hostile": target.side != actor.side, "spell": spell.name}
        if spell.effect == "attack":
            attack = spells.spell_attack(actor, spell)
            p = preview_attack(battle, actor, target, attack)
            if p.problem:
                continue
            preview.update(attack_preview(battle, actor, target, attack, p))
        elif spell.effect == "save":
            preview.update(save=spell.save, dc=spells.spell_save_dc(actor))
        found.append(Option(cast_command(actor, spell, target=target.id), f"cast {spell.name} at {target.id}", preview))
    return found


def area_problem(battle, actor, spell, at: tuple[int, int]) -> str:
    """Why an area spell cannot be cast at this square (spells.py's checks), or ''."""
    x, y = at
    board = battle.board
    if not board.inside(x, y):
        return "outside the map"
    if spell.area == "cone":
        return "aim away from yourself" if (x, y) in actor.squares() else ""
    distance = gap_squares(actor.space, (x, y, 1), battle.diagonals) * SQUARE_M
    if distance > spell.range_m + 1e-9:
        return f"{distance:g} m away, beyond the {spell.range_m:g} m range"
    if line_caps(board)[y, x] >= TOTAL:
        return "inside a wall"
    if cover_level(line_caps(board), actor.space, (x, y, 1)) >= TOTAL:
        return "no clear path to that point"
    return ""


def caught_by(battle, actor, spell, mask) -> list:
    """The living creatures an area would catch (a cone never catches its caster)."""
    return [c for c in battle.state.creatures.values()
            if c.alive and touches(mask, c.space) and not (spell.area == "cone" and c is actor)]


__all__ = ["Choices", "Entry", "target_of", "area_problem", "caught_by", "cast_command", "LETTERS"]
