"""The 3.5 battle engine: turns and rounds (the surprise round, flat-footed until one's first
turn), the action economy (standard + move, or one full-round action, plus free and swift),
each act's handler, and the attacks of opportunity offered as reactions.

Seed 003, Déroulement du combat: « Tous les protagonistes agissent, dans l'ordre indiqué par le
résultat de leur test d'initiative (du plus élevé au plus bas) ».
"""

from __future__ import annotations

from ...content.errors import ContentError
from ...core.board import SQUARE_M
from ...core.dice import DiceError
from ..commands import position_arg
from ..engine_base import EngineBase
from ...i18n import _
from ..errors import IllegalCommand
from ..words import spoken
from .combat import apply_damage, attack_problem, coup_de_grace, full_attack_rest, pinned_problem, resolve_attack
from .creature import DEAD, DISABLED, DYING, STABLE, state_word
from .grappling import Grappling35, end_pins, improved_grab, settle_grapples
from .geometry import field_for, melee_attacks, reaching_attacks
from . import hiding, potions, two_weapon
from .moving import Moving35, can_take_aoo, in_order
from .drowning import drowning_turn
from .poison import secondary_saves
from .ready_acts import Readying35
from .running import Running35
from .setup import new_state, roll_initiative
from .spells import SPELLS, cast_problem, concentration, resolve

# the 3.5 acts: act -> (required arguments, optional arguments) (FORMATS.md, "Rulesets: 3.5 and 4e")
ACTS_35: dict[str, tuple[set[str], set[str]]] = {
    "move": (set(), {"to", "path", "mode"}),
    "step": ({"to"}, set()),
    "attack": ({"target"}, {"with", "power_attack", "defensively", "offhand"}),
    "full_attack": ({"target"}, {"with", "power_attack", "defensively", "two_weapon"}),
    "charge": ({"target"}, {"to", "with", "power_attack"}),
    "coup_de_grace": ({"target"}, {"with"}),
    "withdraw": (set(), {"to", "path"}),
    "total_defense": (set(), set()),
    "stand": (set(), set()),
    "drop_prone": (set(), set()),
    "cast": ({"spell"}, {"target", "at", "defensively"}),
    "grapple": ({"target"}, {"pin", "full_attack", "with"}),
    "escape": (set(), {"escape_artist"}),
    "run": (set(), {"to", "path"}),
    "end": (set(), set()),
    "react": ({"take"}, {"target"}),
    "ready": ({"trigger", "then"}, set()),
    "delay": (set(), {"after"}),
    "hide": (set(), set()),
    "use": ({"item"}, {"target"}),
}


class Engine35(EngineBase, Moving35, Grappling35, Running35, Readying35):
    """The rules engine of one 3.5 battle (battle.py adds the ruleset interface)."""

    ACTS = ACTS_35
    PENDING = ("pending_move", "pending_act", "interrupted")  # cleared when the battle ends

    def __init__(self, scenario) -> None:
        self.scenario = scenario
        self.board = scenario.map.board
        self.diagonals = "5-10-5"  # 3.5 SRD: diagonals 1-2-1, whatever the scenario's 5e variant says
        self.state = new_state(scenario)
        self._start_plumbing()
        try:
            self._start()
        except DiceError as exc:
            raise ContentError(_("while rolling initiative: {error}").format(error=exc), scenario.path) from None
        self._events = []

    # ------------------------------------------------------------------ rounds and turns
    def _start(self) -> None:
        state = self.state
        state.order = roll_initiative(state, self.scenario, lambda text: self.emit("note", text, rules=("initiative",)))
        state.started = True
        if not state.order:
            state.over = True
            return
        creatures = state.creatures.values()
        surprised = [c for c in creatures if "surprised" in c.conditions]
        aware = [c for c in creatures if "surprised" not in c.conditions and c.standing]
        if surprised and aware:
            # seed 003: « Au cours du round de surprise, seuls ceux qui ont senti la menace peuvent agir »
            state.round = 0
            self.emit("round", _("Surprise round"), rules=("surprise-round", "flat-footed"), round=0)
        else:
            for c in surprised:
                c.conditions.discard("surprised")
            state.round = 1
            self.emit("round", _("Round {round}").format(round=1), rules=("combat-cycle", "flat-footed"), round=1)
        self.check_over()
        if not state.over:
            self._begin_turn()

    def _begin_turn(self) -> None:
        """Start the current creature's turn; turns that hold nothing end by themselves."""
        state = self.state
        for _i in range(len(state.order) * 4 + 4):
            if state.over:
                return
            c = state.current
            c.standard = c.move_action = c.swift = True
            c.moved = c.stepped = c.full_round = c.limited = False
            c.sequence = ()
            c.diagonal_parity = 0  # RULESETS.md (E): the 1-2-1 count restarts each turn
            c.effects.pop("charging", None)
            c.effects.pop("power_attack", None)
            c.effects.pop("defensively", None)
            c.effects.pop("total_defense", None)
            c.effects.pop("running", None)  # 3.5 SRD, Run: no Dex to AC until its next turn
            c.effects.pop("readied", None)  # 3.5 SRD, Ready: not taken before its next turn, it is lost
            c.effects["aoo_from"] = set()
            end_pins(self, c)  # grappling.py: a pin holds for 1 round
            if c.state == DEAD or (state.round == 0 and "surprised" in c.conditions):
                self._advance()
                continue
            # seed 003: « Une fois qu'un combattant agit, il n'est plus pris au dépourvu »
            c.conditions.discard("flat-footed")
            c.aoo_left = c.aoo_per_round()
            self.emit("turn", _("{name}'s turn").format(name=c.name),
                      rules=("combat-cycle", "surprise-round") if state.round == 0 else ("combat-cycle",),
                      creature=c.id, round=state.round)
            secondary_saves(self, c)  # poison.py: a poison's secondary save, 10 rounds after the hit
            if drowning_turn(self, c):  # drowning.py: its breath underwater, then drowning
                self.check_over()
                self._advance()
                continue
            if c.state == DYING:
                self._dying_roll(c)
                self.check_over()
                self._advance()
                continue
            if c.state == STABLE:
                self.emit("note", _("{name} is stable and unconscious").format(name=c.name), rules=("stabilizing",),
                          creature=c.id)
                self._advance()
                continue
            # seed 003: « Chacun d'eux peut accomplir une action simple ou de mouvement »; disabled alike
            c.limited = state.round == 0 or c.state == DISABLED
            return

    def _dying_roll(self, c) -> None:
        """3.5 SRD, Dying: each turn d% 01-10 it becomes stable, else it loses 1 hp."""
        face = self.state.dice.roll(100)
        if face <= 10:
            self.emit("death_save", _("{name} rolls d100 {face}: stable").format(name=c.name, face=face),
                      rules=("dying", "stabilizing"), creature=c.id)
            c.state = STABLE
            self.emit("condition", _("{name} is stable").format(name=c.name), rules=("stabilizing",), creature=c.id,
                      state=STABLE)
        else:
            self.emit("death_save", _("{name} rolls d100 {face}: loses 1 hit point").format(name=c.name, face=face),
                      rules=("dying",), creature=c.id)
            apply_damage(self, c, 1, _("dying"), rules=("dying",))

    def _advance(self) -> None:
        state = self.state
        state.turn_index += 1
        if state.turn_index >= len(state.order):
            state.turn_index = 0
            state.round += 1
            if state.round == 1:
                for c in state.creatures.values():
                    c.conditions.discard("surprised")
            self.emit("round", _("Round {round}").format(round=state.round), rules=("combat-cycle",), round=state.round)

    def _settle(self) -> None:
        for c in self.state.creatures.values():
            if c.effects.pop("strain", None) and c.state == DISABLED:
                # 3.5 SRD, Disabled: a standard action (or any strenuous one) costs 1 hit point
                apply_damage(self, c, 1, _("a standard action while disabled"), rules=("disabled",))
        settle_grapples(self)
        self.check_over()

    # ------------------------------------------------------------------ the action economy
    def _before_act(self, actor, cmd) -> None:
        """A pinned creature may only try to escape the pin (or end its turn)."""
        if cmd.act not in ("escape", "end") and pinned_problem(actor):
            raise IllegalCommand(pinned_problem(actor))

    def _able(self, actor) -> None:
        if not actor.standing:
            raise IllegalCommand(_("{id} is {state}").format(id=actor.id, state=state_word(actor.state)))

    def _spend(self, actor, kind: str) -> None:
        """Spend a standard, a move (traded down to the standard when the move is used), or both
        ("full": a full-round action, "double": a double move); a limited turn has one of them."""
        self._able(actor)
        if kind == "standard":
            if not actor.standard:
                raise IllegalCommand(no_standard(actor))
            actor.standard = False
            if actor.state == DISABLED:
                actor.effects["strain"] = True
        elif kind == "move":
            if actor.move_action:
                actor.move_action = False
            elif actor.standard:
                actor.standard = False  # 3.5 SRD: a move action may replace the standard action
            else:
                raise IllegalCommand(no_move(actor))
        else:
            if actor.limited:
                raise IllegalCommand(only_one(actor))
            if not (actor.standard and actor.move_action):
                words = _("a full-round action needs {id}'s standard and move actions, unused") if kind == "full" \
                    else _("a double move needs {id}'s standard and move actions, unused")
                raise IllegalCommand(words.format(id=actor.id))
            actor.standard = actor.move_action = False
            actor.full_round = kind == "full"
        if actor.limited:
            actor.standard = actor.move_action = False

    def _free_to_move(self, actor) -> None:
        self._able(actor)
        if actor.prone:
            raise IllegalCommand(_("{id} is prone: stand up first").format(id=actor.id))
        if actor.stepped:
            raise IllegalCommand(_("{id} took a 5-foot step this turn: no other movement").format(id=actor.id))
        if actor.speed() <= 0:
            raise IllegalCommand(_("{id} cannot move").format(id=actor.id))

    def why_move(self, actor, act: str = "move") -> str:
        """Why the actor may not take this kind of movement now ('' when it may): a `move`, or a
        full-round `charge` or `withdraw`."""
        try:
            self._free_to_move(actor)
        except IllegalCommand as exc:
            return str(exc)
        if act == "move":
            return "" if actor.move_action or actor.standard else no_move(actor)
        if actor.moved:
            words = _("{id} has moved this turn: no charge") if act == "charge" else \
                _("{id} has moved this turn: no withdraw")
            return words.format(id=actor.id)
        if not (actor.standard and (actor.move_action or actor.limited)):
            words = _("a charge needs {id}'s whole turn") if act == "charge" else _("a withdraw needs {id}'s whole turn")
            return words.format(id=actor.id)
        return ""

    # ------------------------------------------------------------------ acts
    def _do_end(self, actor, cmd) -> None:
        actor.sequence = ()
        self.emit("note", _("{name} ends its turn").format(name=actor.name), rules=("actions-in-a-round",),
                  creature=actor.id)
        self._advance()
        self._begin_turn()

    def _do_move(self, actor, cmd) -> None:
        """FORMATS.md: one `move` is one move action (traded down to the standard when the move
        is spent); longer than the speed, both at once (a double move)."""
        why = self.why_move(actor, "move")
        if why:
            raise IllegalCommand(why)
        if cmd.get("mode", "walk") != "walk":
            raise IllegalCommand(_("{id} can only walk under this ruleset's engine").format(id=actor.id))
        speed = actor.speed()
        double = actor.standard and actor.move_action and not actor.limited
        steps, cost = self._path(actor, cmd, speed * (2 if double else 1))
        self._spend(actor, "double" if cost > speed + 1e-9 else "move")
        walk_rules = ("move-action", "double-move", "diagonals") if cost > speed + 1e-9 else \
            ("move-action", "diagonals")
        actor.moved = True
        actor.sequence = ()  # 3.5 SRD, Full attack: after the first attack, a move instead of the rest
        self._walk(actor, steps, rules=walk_rules)

    def _do_step(self, actor, cmd) -> None:
        """3.5 SRD, 5-foot step: one square, no action, never provokes; only in a round with no
        other movement; never into difficult terrain nor past a wall's corner."""
        to = position_arg(cmd.get("to"), "'to'")
        problem = self.step_problem(actor, to)
        if problem:
            raise IllegalCommand(problem)
        actor.stepped = True
        actor.x, actor.y = to
        self._squeeze(actor)
        self.emit("move", _("{name} takes a 5-foot step to {square}").format(name=actor.name, square=list(to)),
                  rules=("five-foot-step",), creature=actor.id, path=[list(to)])
        hiding.after_move(self, actor)

    def step_problem(self, actor, to, fld=None) -> str:
        """Why the 5-foot step to `to` is refused ('' when it is allowed)."""
        try:
            self._free_to_move(actor)
        except IllegalCommand as exc:
            return str(exc)
        if actor.moved:
            return _("{id} has moved this turn: no 5-foot step").format(id=actor.id)
        if max(abs(to[0] - actor.x), abs(to[1] - actor.y)) != 1:
            return _("a 5-foot step goes to a square next to the creature's")
        fld = fld or field_for(self, actor, "walk", limit_m=3 * SQUARE_M)
        h, w = fld.shape
        if not (0 <= to[0] < w and 0 <= to[1] < h) or not fld.can_end[to[1], to[0]]:
            return _("{id} cannot step to {square}").format(id=actor.id, square=list(to))
        if fld.multiplier[to[1], to[0]] != 1:
            return _("no 5-foot step into difficult terrain ({square})").format(square=list(to))
        if not fld.corner_ok((actor.x, actor.y), to):
            return _("no 5-foot step past a wall's corner")
        return ""

    def _attack_named(self, actor, name, melee_only: bool = False):
        attacks = melee_attacks(actor) if melee_only else list(actor.stats.attacks)
        if not attacks:
            raise IllegalCommand((_("{id} has no melee attack") if melee_only else _("{id} has no attack")).format(
                id=actor.id))
        if name is None:
            return attacks[0]
        found = next((a for a in attacks if a.name == name), None)
        if found is None:
            raise IllegalCommand(_("{id} has no attack {name} (has: {known})").format(
                id=actor.id, name=repr(name), known=", ".join(a.name for a in attacks)))
        return found

    def _power_attack(self, actor, cmd) -> None:
        """3.5 SRD, Power Attack: up to its base attack bonus off its melee attack rolls, as much
        on their damage (twice with a two-handed weapon), until its next turn."""
        value = cmd.get("power_attack")
        if value is None:
            return
        if "power-attack" not in actor.stats.feats:
            raise IllegalCommand(_("{id} has no Power Attack").format(id=actor.id))
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= actor.stats.bab:
            raise IllegalCommand(_("'power_attack' must be 0 to {bab} (its base attack bonus)").format(bab=actor.stats.bab))
        actor.effects["power_attack"] = value

    def _defensively(self, actor, cmd) -> None:
        """3.5 SRD, Fighting defensively: -4 on its attacks, +2 dodge AC, until its next turn."""
        value = cmd.get("defensively", False)
        if not isinstance(value, bool):
            raise IllegalCommand(_("'defensively' must be true or false"))
        if value:
            actor.effects["defensively"] = True

    def _do_attack(self, actor, cmd) -> None:
        self._able(actor)
        self._power_attack(actor, cmd)
        self._defensively(actor, cmd)
        target = self.creature(cmd.get("target"))
        offhand = cmd.get("offhand", False)
        if not isinstance(offhand, bool):
            raise IllegalCommand(_("'offhand' must be true or false"))
        if offhand and actor.full_round and not any(e[2] == two_weapon.OFF for e in actor.sequence):
            raise IllegalCommand(_("no off-hand attack is left in {id}'s full attack").format(id=actor.id))
        if offhand and not any(e[2] == two_weapon.OFF for e in actor.sequence):
            raise IllegalCommand(_("'offhand' is the off-hand attack of a two-weapon full attack: none is under way "
                                   "for {id} (full_attack with two_weapon = true first)").format(id=actor.id))
        hand = ""
        if actor.sequence:
            # FORMATS.md: each later `attack` of a full attack is its next attack
            name = cmd.get("with")
            entry = next((e for e in actor.sequence if (name is None or e[0] == name)
                          and (not offhand or e[2] == two_weapon.OFF)), None)
            if entry is None:
                raise IllegalCommand(_("no {name} attack is left in {id}'s full attack").format(
                    name=spoken(str(name if name is not None else actor.stats.off_hand)), id=actor.id))
            attack, penalty, hand = actor.stats.attack(entry[0]), entry[1], entry[2]
            problem = attack_problem(self, actor, target, attack)
            if problem:
                raise IllegalCommand(problem)
            if not actor.full_round:
                if not actor.move_action:
                    raise IllegalCommand(_("{id} moved: the rest of its full attack is lost").format(id=actor.id))
                actor.move_action, actor.full_round = False, True
            rest = list(actor.sequence)
            rest.remove(entry)
            actor.sequence = tuple(rest)
        else:
            attack, penalty = self._attack_named(actor, cmd.get("with")), 0
            problem = attack_problem(self, actor, target, attack)
            if problem:
                raise IllegalCommand(problem)
            self._spend(actor, "standard")
        self._strike(actor, target, attack, penalty, hand=hand)

    def _do_full_attack(self, actor, cmd) -> None:
        """3.5 SRD, Full attack: iteratives at -5 each with a weapon (BAB +6/+1 ...), or the
        natural attacks of the stat block's full attack; the first now, each later `attack` next.
        `two_weapon = true`: the off-hand weapon's attack too, every attack at its hand's penalty
        (two_weapon.py)."""
        self._able(actor)
        dual = cmd.get("two_weapon", False)
        if not isinstance(dual, bool):
            raise IllegalCommand(_("'two_weapon' must be true or false"))
        if dual and actor.stats.off_hand is None:
            raise IllegalCommand(_("{id} has no off-hand weapon (its stat block's 'off_hand')").format(id=actor.id))
        self._power_attack(actor, cmd)
        self._defensively(actor, cmd)
        if actor.limited:
            raise IllegalCommand(only_one(actor))
        if actor.moved or not (actor.standard and actor.move_action):
            raise IllegalCommand(_("a full attack needs {id}'s whole turn (no move, both actions unused)").format(
                id=actor.id))
        target = self.creature(cmd.get("target"))
        name = cmd.get("with")
        if dual and name is None and two_weapon.primaries(actor):
            name = two_weapon.primaries(actor)[0].name  # the default: its first weapon that may lead
        attack = self._attack_named(actor, name)
        problem = (two_weapon.problem(actor, attack) if dual else "") or attack_problem(self, actor, target, attack)
        if problem:
            raise IllegalCommand(problem)
        self._spend(actor, "standard")
        actor.sequence = full_attack_rest(actor, attack, dual)
        if dual:
            self.emit("action", _("{name} fights with two weapons: the {primary} and, in its off hand, the {off}").format(
                name=actor.name, primary=spoken(attack.name), off=spoken(actor.stats.off_hand)),
                rules=("full-attack", two_weapon.RULE), creature=actor.id)
        self._strike(actor, target, attack, 0, hand=two_weapon.PRIMARY if dual else "")

    def _do_coup_de_grace(self, actor, cmd) -> None:
        """3.5 SRD, Coup de grace: a full-round action with a melee weapon against a helpless foe
        within reach (never one immune to critical hits); it provokes attacks of opportunity."""
        self._able(actor)
        target = self.creature(cmd.get("target"))
        attack = self._attack_named(actor, cmd.get("with"), melee_only=True)
        problem = self.coup_problem(actor, target, attack)
        if problem:
            raise IllegalCommand(problem)
        self._spend(actor, "full")
        self.state.pending_act = ("coup", actor.id, target.id, attack.name)
        if not self._provoke(actor):
            self._run_pending_act()

    def coup_problem(self, actor, target, attack) -> str:
        if not target.helpless or not target.alive:
            return _("{id} is not helpless").format(id=target.id)
        if target.stats.crit_immune:
            return _("{id} is immune to critical hits: no coup de grace").format(id=target.id)
        if actor.limited or actor.moved or not (actor.standard and actor.move_action):
            return _("a coup de grace needs {id}'s whole turn").format(id=actor.id)
        return attack_problem(self, actor, target, attack)

    def _do_charge(self, actor, cmd) -> None:
        why = self.why_move(actor, "charge")
        if why:
            raise IllegalCommand(why)
        self._power_attack(actor, cmd)
        attack = self._attack_named(actor, cmd.get("with"), melee_only=True)
        target = self.creature(cmd.get("target"))
        if not target.alive or target is actor or target.side == actor.side:
            raise IllegalCommand(_("{id} cannot charge {target}").format(id=actor.id, target=target.id))
        to = cmd.get("to")
        steps, why = self.charge_plan(actor, target, attack, position_arg(to, "'to'") if to is not None else None)
        if steps is None:
            raise IllegalCommand(why)
        self._spend(actor, "standard" if actor.limited else "full")
        actor.moved = True
        actor.effects["charging"] = True  # 3.5 SRD, Charge: -2 AC until its next turn
        self.emit("action", _("{name} charges {target}").format(name=actor.name, target=target.name),
                  rules=("charge",), creature=actor.id)
        walk_rules = ("charge",)
        self.state.pending_act = ("attack", actor.id, target.id, attack.name, 0, True, "")
        self._walk(actor, steps, rules=walk_rules)

    def _do_withdraw(self, actor, cmd) -> None:
        """3.5 SRD, Withdraw: up to twice its speed; the start square is not threatened by the
        opponents it sees (a standard-only turn: its speed)."""
        why = self.why_move(actor, "withdraw")
        if why:
            raise IllegalCommand(why)
        steps, _cost = self._path(actor, cmd, actor.speed() * (1 if actor.limited else 2))
        self._spend(actor, "standard" if actor.limited else "full")
        actor.moved = True
        self.emit("action", _("{name} withdraws").format(name=actor.name), rules=("withdraw",), creature=actor.id)
        walk_rules = ("withdraw", "diagonals")
        self._walk(actor, steps, free_first=True, rules=walk_rules)

    def _do_total_defense(self, actor, cmd) -> None:
        self._spend(actor, "standard")
        actor.effects["total_defense"] = True  # 3.5 SRD: +4 dodge AC to its next turn, no AoO
        self.emit("action", _("{name} takes total defense (+4 AC)").format(name=actor.name), rules=("total-defense",),
                  creature=actor.id)

    def _do_stand(self, actor, cmd) -> None:
        self._able(actor)
        if not actor.prone:
            raise IllegalCommand(_("{id} is not prone").format(id=actor.id))
        self._spend(actor, "move")
        self.state.pending_act = ("stand", actor.id)
        if not self._provoke(actor):  # 3.5 SRD: standing up provokes
            self._run_pending_act()

    def _do_drop_prone(self, actor, cmd) -> None:
        self._able(actor)
        if actor.prone:
            raise IllegalCommand(_("{id} is prone already").format(id=actor.id))
        actor.conditions.add("prone")
        self.emit("condition", _("{name} drops prone").format(name=actor.name), rules=("prone",), creature=actor.id)

    def _do_cast(self, actor, cmd) -> None:
        """3.5 SRD, Casting a spell: a standard action, a slot of its level; provokes in a threatened square."""
        spell, target, at, defensive = self._cast_args(actor, cmd)
        if actor.sequence:
            raise IllegalCommand(_("{id} is in the middle of a full attack").format(id=actor.id))
        self._spend(actor, "standard")
        self._begin_cast(actor, spell, target, at, defensive)

    def _cast_args(self, actor, cmd):
        """A `cast` command's spell, target, square and `defensively` (IllegalCommand when the
        spell cannot be cast so now); the cast and a readied spell going off both ask it."""
        self._able(actor)
        name = cmd.get("spell")
        if name not in SPELLS:
            raise IllegalCommand(_("unknown spell {name} (this ruleset's: {known})").format(
                name=repr(name), known=", ".join(sorted(SPELLS))))
        spell = SPELLS[name]
        target = self.creature(cmd.get("target")) if cmd.get("target") is not None else None
        at = position_arg(cmd.get("at"), "'at'") if cmd.get("at") is not None else None
        problem = cast_problem(self, actor, spell, target, at)
        if problem:
            raise IllegalCommand(problem)
        defensive = cmd.get("defensively", False)
        if not isinstance(defensive, bool):
            raise IllegalCommand(_("'defensively' must be true or false"))
        return spell, target, at, defensive

    def _begin_cast(self, actor, spell, target, at, defensive: bool) -> None:
        """The spell's slot spent and the casting begun (its action already paid): in a threatened
        square it provokes first, unless cast defensively (Concentration DC 15 + level)."""
        actor.slots[spell.level] -= 1
        self.state.pending_act = ("cast", actor.id, spell.name, target.id if target else None, at, actor.hp)
        if defensive:
            # 3.5 SRD, Casting defensively: no attack of opportunity; Concentration DC 15 + level or lost
            if concentration(self, actor, spell, 5, _("casting defensively")):
                self._run_pending_act()
            else:
                self.state.pending_act = None
        elif not self._provoke(actor):
            self._run_pending_act()

    # ------------------------------------------------------------------ attacks and reactions
    def _strike(self, actor, target, attack, penalty: int, charging: bool = False, hand: str = "") -> None:
        """One attack; a ranged one in a threatened square provokes first (3.5 SRD)."""
        self.state.pending_act = ("attack", actor.id, target.id, attack.name, penalty, charging, hand)
        provoked = not attack.is_melee and self._provoke(actor)
        if not self._offer_readied(actor, "attacks") and not provoked:
            self._run_pending_act()

    def _provoke(self, actor) -> bool:
        """Offer the attacks of opportunity an act in a threatened square provokes; True when offered."""
        found = in_order(self, [e.id for e in self.state.creatures.values() if can_take_aoo(self, e, actor)])
        if found:
            self._offer(found, actor, "act")
        return bool(found)

    def _run_pending_act(self) -> None:
        act, self.state.pending_act = self.state.pending_act, None
        if act is None:
            return
        actor = self.creature(act[1])
        if not actor.standing:
            self.emit("note", _("{name} is {state}: its action is lost").format(name=actor.name,
                                                                                 state=state_word(actor.state)),
                      rules=("attacks-of-opportunity",), creature=actor.id)
            return
        if act[0] == "stand":
            actor.conditions.discard("prone")
            self.emit("condition", _("{name} stands up").format(name=actor.name), rules=("prone",), creature=actor.id)
            return
        if act[0] == "grapple":
            self._finish_grapple(actor, act)
            return
        if act[0] == "use":
            potions.drink(self, actor, self.creature(act[3]), act[2])
            return
        if act[0] == "coup":
            target, attack = self.creature(act[2]), actor.stats.attack(act[3])
            if target.alive and not attack_problem(self, actor, target, attack):
                coup_de_grace(self, actor, target, attack)
            return
        if act[0] == "cast":
            _act, _actor, name, target_id, at, hp_before = act
            spell = SPELLS[name]
            if actor.hp < hp_before and not concentration(self, actor, spell, hp_before - actor.hp):
                return
            target = self.creature(target_id) if target_id else None
            if target is not None and not target.alive:
                self.emit("note", _("{name}'s {spell} is lost: {target} is dead").format(
                    name=actor.name, spell=spoken(name), target=target.name), rules=("spells",), creature=actor.id)
                return
            resolve(self, actor, spell, target, at)
            return
        _act, _actor, target_id, name, penalty, charging, hand = act
        target, attack = self.creature(target_id), actor.stats.attack(name)
        problem = attack_problem(self, actor, target, attack)
        if problem:
            self.emit("note", _("{name}'s attack is lost: {why}").format(name=actor.name, why=problem),
                      rules=("attack-roll",), creature=actor.id)
            return
        if resolve_attack(self, actor, target, attack, penalty, charging, hand=hand):
            improved_grab(self, actor, target, attack)

    def _answer_offer(self, offer, take: bool, target) -> None:
        state = self.state
        state.offers.remove(offer)
        reactor, provoker = self.creature(offer.reactor), self.creature(offer.provoker)
        if offer.kind == "readied":
            self._take_readied(reactor, provoker, take)
            return
        if not take:
            self.emit("reaction", _("{name} lets the attack of opportunity pass").format(name=reactor.name),
                      rules=("attacks-of-opportunity",), creature=reactor.id)
            return
        if not can_take_aoo(self, reactor, provoker):
            raise IllegalCommand(_("{id} can no longer attack {target}").format(id=reactor.id, target=provoker.id))
        reaching = reaching_attacks(reactor, provoker)
        attack = self._attack_named(reactor, target, melee_only=True) if isinstance(target, str) else \
            (reaching[0] if reaching else self._attack_named(reactor, None, melee_only=True))
        reactor.aoo_left -= 1
        self.emit("reaction", _("{name} takes the attack of opportunity").format(name=reactor.name),
                  rules=("attacks-of-opportunity",), creature=reactor.id)
        if resolve_attack(self, reactor, provoker, attack, what="opportunity"):
            improved_grab(self, reactor, provoker, attack)

    def _do_use(self, actor, cmd) -> None:
        """3.5 SRD, Drink a potion (potions.py): a standard action that provokes, on itself or an
        ally next to it."""
        self._able(actor)
        target = self.creature(cmd.get("target")) if cmd.get("target") is not None else actor
        problem = potions.use_problem(self, actor, cmd.get("item"), target)
        if problem:
            raise IllegalCommand(problem)
        item = cmd.get("item")
        self._spend(actor, "standard")
        actor.items.remove(item)
        self.state.pending_act = ("use", actor.id, item, target.id)
        if not self._provoke(actor):  # 3.5 SRD: drinking a potion provokes attacks of opportunity
            self._run_pending_act()

    def _do_hide(self, actor, cmd) -> None:
        """3.5 SRD, Hide (hiding.py): a move action, behind cover from every enemy that sees it."""
        self._able(actor)
        problem = hiding.hide_problem(self, actor)
        if problem:
            raise IllegalCommand(problem)
        self._spend(actor, "move")
        hiding.hide(self, actor)

    # ------------------------------------------------------------------ output
    def to_json(self) -> dict:
        state = self.state
        current = state.current_id if state.started else None
        creatures = {}
        for cid, c in state.creatures.items():
            creatures[cid] = {
                "side": c.side, "at": [c.x, c.y], "hp": c.hp, "max_hp": c.stats.hp, "temp_hp": c.temp_hp,
                "state": c.state, "conditions": sorted(c.conditions),
                "death_saves": {"successes": 0, "failures": 0},
                "movement_left": c.movement_left() if cid == current and not state.over else c.stats.walk,
                "standard": c.standard, "move": c.move_action, "swift": c.swift, "aoo_left": c.aoo_left,
            }
        return self.battle_json(creatures, current)


def no_standard(actor) -> str:
    return _("{id} has no standard action left this turn").format(id=actor.id)


def no_move(actor) -> str:
    return _("{id} has no move action left this turn").format(id=actor.id)


def only_one(actor) -> str:
    return _("{id} may take only one standard or move action this turn").format(id=actor.id)
