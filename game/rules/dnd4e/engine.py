"""The 4e battle engine: the acts of a turn (FORMATS.md, "Rulesets: 3.5 and 4e"), the moves and
the opportunity attacks and interrupts they provoke, offered to the reactor like 5e's, and the
state as `replay --json` prints it. Every rule it applies is read in its own module (economy,
moving, powers, attacks, resolve, damage, conditions, turns)."""

from __future__ import annotations

from ...content.errors import ContentError
from ...content.scenarios import Scenario
from ...core.board import SQUARE_M, gap_squares
from ...core.dice import DiceError
from ...core.sizes import size_index
from ...i18n import N_, _, decimal
from ..engine_base import EngineBase
from ..errors import IllegalCommand
from ..state import Offer
from ..words import spoken
from . import athletics, economy, readying, stealth, turns
from .conditions import START, add_timed, end_grab, release_grabs, speed_squares
from .creature import NO_IMMEDIATE
from .damage import spend_surge
from .geometry import adjacent, field_for, gap, line_of_effect, needs_squeeze, space_at
from .guessing import guessed, unseen_refusal
from .moving import can_take_opportunity, leaving_provokes, path_for
from .powers import Aim, aim, power_of
from .resolve import give_away, resolve
from .setup import new_state
from .terrain_rules import MOVE_4E
from .words import condition, power_rules

ACTS: dict[str, tuple[set[str], set[str]]] = {
    "move": (set(), {"to", "path", "mode"}),
    "shift": ({"to"}, set()),
    "run": (set(), {"to", "path"}),
    "charge": ({"target"}, {"with", "to"}),
    "attack": (set(), {"target", "at", "with"}),
    "second_wind": (set(), set()),
    "action_point": (set(), set()),
    "total_defense": (set(), set()),
    "stand": (set(), set()),
    "drop_prone": (set(), set()),
    "escape": (set(), set()),
    "hide": (set(), set()),
    "stabilize": ({"target"}, set()),
    "ready": ({"trigger", "then"}, set()),
    "grapple": (set(), {"target", "at"}),
    "shove": (set(), {"target", "at", "effect"}),
    "end": (set(), set()),
    "react": ({"take"}, {"target"}),
}


# the rule cards of the lines about an offered reaction, by its kind
OFFER_RULES = {"opportunity": ("opportunity-attack",), "challenge": ("marks", "immediate-actions"),
               "readied": ("ready-action", "immediate-actions")}
MOVE_MODES = ("walk", "climb")  # athletics.py: a cliff is climbed (`mode = "climb"`), never walked
READY_WORDS = {"enters_reach": N_("{name} readies an attack (enters reach: {by})"),
               "moves": N_("{name} readies an attack (moves: {by})"),
               "attacks": N_("{name} readies an attack (attacks: {by})")}


class Engine(EngineBase):
    """The rules engine of one 4e battle, from a scenario (battle.py adds the ruleset interface)."""

    ACTS = ACTS
    PENDING = ("pending_move", "pending_power", "walk")  # cleared when the battle ends

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.board = scenario.map.board
        self.diagonals = "1"
        self.state = new_state(scenario)
        self._start_plumbing()
        try:
            turns.start(self)
        except DiceError as exc:
            raise ContentError(_("while rolling initiative: {error}").format(error=exc), scenario.path) from None
        self._events = []

    def _settle(self) -> None:
        release_grabs(self)
        self.check_over()

    # ------------------------------------------------------------------ moving
    def _do_move(self, c, cmd) -> None:
        """FORMATS.md: one `move` is one move action (traded down to the standard one when the
        move is spent); longer than the speed, both at once (a double move)."""
        why = economy.why_not_act(c)
        if why:
            raise IllegalCommand(why)
        speed = speed_squares(c) * SQUARE_M
        if speed <= 0:
            held = ", ".join(condition(k) for k in sorted(c.conditions & {"immobilized", "grabbed", "restrained"}))
            raise IllegalCommand(_("{name} cannot move ({why})").format(name=c.name, why=held or _("speed 0")))
        mode = cmd.get("mode", "walk")
        if mode not in MOVE_MODES:
            raise IllegalCommand(_("a 4e move walks or climbs (mode = \"walk\" or \"climb\"), not {mode!r}").format(
                mode=mode))
        steps, cost = path_for(self, c, cmd.get("to"), cmd.get("path"), limit_m=2 * speed,
                               field=field_for(self, c, mode, limit_m=2 * speed))
        rules: tuple[str, ...] = ("move-action",)
        if cost <= speed + 1e-9:
            economy.spend(c, "move")
        elif cost <= 2 * speed + 1e-9:
            economy.spend_two_moves(c)
            rules = ("move-action", "double-move")
        else:
            raise IllegalCommand(_("{name} cannot move {cost} m: its speed is {speed} m a move action").format(
                name=c.name, cost=decimal(cost), speed=decimal(speed)))
        self.emit("action", _("{name} moves ({cost} m)").format(name=c.name, cost=decimal(cost)), rules=rules,
                  creature=c.id)
        self._walk(c, steps)

    def _do_run(self, c, cmd) -> None:
        """4e, Run: speed + 2 squares for a move action; -5 to its attacks and it grants combat
        advantage until the start of its next turn."""
        why = economy.refusal(c, "move")
        if why:
            raise IllegalCommand(why)
        if speed_squares(c) <= 0 or c.prone:
            raise IllegalCommand(_("{name} cannot run now").format(name=c.name))
        speed = (speed_squares(c) + 2) * SQUARE_M
        steps, cost = path_for(self, c, cmd.get("to"), cmd.get("path"), limit_m=speed)
        if cost > speed + 1e-9:
            raise IllegalCommand(_("{name} can run {speed} m, not {cost} m").format(name=c.name, speed=decimal(speed),
                                                                                 cost=decimal(cost)))
        economy.spend(c, "move")
        c.conditions.add("running")
        self.emit("action", _("{name} runs ({cost} m)").format(name=c.name, cost=decimal(cost)),
                  rules=("run", "move-action"), creature=c.id)
        self._walk(c, steps)

    def shift_steps(self, c, to, field=None, free: bool = False):
        """The one step of a shift to `to` (4e, Shift: one square for a move action, never into
        difficult terrain; `free`: a power's shift, no move action); IllegalCommand when it cannot
        be made."""
        why = "" if free else economy.refusal(c, "move")
        if why:
            raise IllegalCommand(why)
        if speed_squares(c) <= 0:
            raise IllegalCommand(_("{name} cannot move").format(name=c.name))
        field = field if field is not None else field_for(self, c, limit_m=2 * SQUARE_M)
        steps, cost = path_for(self, c, to, None, field=field)
        if len(steps) != 1:
            raise IllegalCommand(_("a shift is one square, to a square next to it"))
        x, y = steps[0]
        if athletics.check_for(self, c, (x, y)) == athletics.SWIM:
            # RULESETS.md 3: without a swim speed deep water costs 2 squares a square: no shift
            raise IllegalCommand(_("{name} cannot shift into deep water without a swim speed").format(name=c.name))
        if int(field.extra[y, x]) > 0 or cost > SQUARE_M + 1e-9:
            raise IllegalCommand(_("{name} cannot shift into difficult terrain").format(name=c.name))
        return steps

    def _do_shift(self, c, cmd) -> None:
        """4e, Shift: it never provokes an opportunity attack (the fighter's challenge may answer it)."""
        steps = self.shift_steps(c, cmd.get("to"))
        economy.spend(c, "move")
        self.emit("action", _("{name} shifts").format(name=c.name), rules=("shift", "move-action"), creature=c.id)
        self.state.walk = {"mover": c.id, "steps": [list(s) for s in steps], "asked": [], "provokes": False,
                           "then": None}
        if self._challenge_offers(c, None):
            return
        self._continue_walk()

    def _do_charge(self, c, cmd) -> None:
        """4e, Charge (a standard action): move up to its speed, each square nearer the target, to
        a square at least 2 squares from where it started, then a melee basic attack at +1; no
        action after it but free ones."""
        target = self.creature(cmd.get("target")) if isinstance(cmd.get("target"), str) else None
        if target is None:
            raise IllegalCommand(_("a charge needs one 'target'"))
        power = power_of(c, cmd.get("with"))
        steps, cost = self.charge_path(c, target, power, cmd.get("to"))
        economy.spend(c, "standard")
        c.charged = True
        self.emit("action", _("{name} charges {target} ({cost} m)").format(name=c.name, target=target.name,
                                                                          cost=decimal(cost)),
                  rules=("charge", "standard-action"), creature=c.id)
        self._walk(c, steps, then={"target": target.id, "power": power.name})

    def charge_path(self, c, target, power, to=None, field=None):
        """The charge's path (to `to`, or the nearest square it may attack from): IllegalCommand
        when the charge cannot be made so (`field`: the mover's field, when known)."""
        why = economy.refusal(c, "standard")
        if why:
            raise IllegalCommand(why)
        if not power.basic or not power.melee:
            raise IllegalCommand(_("a charge ends in a melee basic attack, not {power}").format(power=spoken(power.name)))
        if not target.alive or target is c:
            raise IllegalCommand(_("{name} cannot be charged").format(name=target.name))
        hidden = unseen_refusal(c, target)
        if hidden:
            raise IllegalCommand(hidden)
        if c.prone:
            raise IllegalCommand(_("{name} is prone: it must stand up to charge").format(name=c.name))
        speed = speed_squares(c) * SQUARE_M
        if speed <= 0:
            raise IllegalCommand(_("{name} cannot move").format(name=c.name))
        field = field if field is not None else field_for(self, c, limit_m=speed)
        if to is None:
            best = None
            for x, y in self._charge_ends_to_try(c, target, power, field, speed):
                if self._charge_end_ok(c, target, power, x, y, field):
                    key = (field.cost_to(x, y), y, x)
                    best = key if best is None or key < best else best
            if best is None:
                raise IllegalCommand(_("{name} has no square to charge {target} from").format(name=c.name, target=target.name))
            to = (best[2], best[1])
        steps, cost = path_for(self, c, tuple(to), None, field=field)
        if cost > speed + 1e-9:
            raise IllegalCommand(_("{name} can charge {speed} m, not {cost} m").format(name=c.name, speed=decimal(speed),
                                                                                    cost=decimal(cost)))
        if not self._charge_end_ok(c, target, power, steps[-1][0], steps[-1][1], field):
            raise IllegalCommand(_("a charge must end at least 2 squares from its start, within reach of {target}, "
                                   "each square nearer").format(target=target.name))
        return steps, cost

    @staticmethod
    def _charge_ends_to_try(c, target, power, field, speed: float) -> list[tuple[int, int]]:
        """The squares within the speed where a charge on the target could end: only those whose
        space is within the power's reach of the target's (a window around it) are asked."""
        reach = int(power.reach / SQUARE_M + 1e-9)
        side = c.side_squares
        tx, ty, tside = target.space
        x0, y0 = max(0, tx - side + 1 - reach), max(0, ty - side + 1 - reach)
        window = field.reachable(speed)[y0: ty + tside + reach, x0: tx + tside + reach]
        return [(int(x) + x0, int(y) + y0) for y, x in zip(*window.nonzero())]

    def _charge_end_ok(self, c, target, power, x, y, field) -> bool:
        """Whether a charge may end at (x, y): the space it takes there (squeezed where it must
        squeeze) within the power's reach of the target, with line of effect, and each square
        of the way nearer the target than the one before."""
        if max(abs(x - c.x), abs(y - c.y)) < 2:
            return False
        end = space_at(self.board, c, x, y)
        if gap_squares(end, target.space, "1") * SQUARE_M > power.reach + 1e-9:
            return False
        if not line_of_effect(self.board, end, target.space):
            return False
        here = gap(c, target)
        for step in field.path_to(x, y):
            now = gap_squares(space_at(self.board, c, *step), target.space, "1")
            if now >= here:
                return False
            here = now
        return True

    def _walk(self, c, steps, then=None) -> None:
        self.state.walk = {"mover": c.id, "steps": [list(s) for s in steps], "asked": [], "provokes": True,
                           "then": then}
        self._continue_walk()

    def _continue_walk(self) -> None:
        """Step along the pending walk; before leaving a square next to enemies, offer them their
        opportunity attacks (the walk waits for the answers)."""
        state = self.state
        walk = state.walk
        c = state.creatures[walk["mover"]]
        walked = []
        walk.setdefault("safe", [c.x, c.y])
        while walk["steps"]:
            if not c.standing or speed_squares(c) == 0:
                # 4e: an opportunity attack that drops the mover (or stops it) ends its action;
                # stopped in an ally's square, it is back on the last square it could stay on
                state.walk = None
                self._settle_walk(c, walk, walked)
                return
            # RULESETS.md 3: swimming or climbing without the speed, one Athletics check a move,
            # before the step that needs it (a failure: no progress, the move ends here)
            step = tuple(walk["steps"][0])
            kind = athletics.check_for(self, c, step)
            if kind is not None and kind not in walk.setdefault("checked", []):
                walk["checked"].append(kind)
                outcome = athletics.attempt(self, c, kind)
                if outcome != "pass":
                    walk["steps"], walk["then"] = [], None
                    if outcome == "falls":  # failing a climb by 5 or more on the cliff
                        self._moved(c, walked, walk)
                        walked = []
                        athletics.fall_from_climb(self, c, step)
                        stealth.stepped(self, c)
                        walk["safe"] = [c.x, c.y]
                    break
            if walk["provokes"]:
                reactors = leaving_provokes(self, c, exclude=walk["asked"])
                if reactors:
                    walk["asked"] += reactors
                    self._moved(c, walked, walk)
                    for rid in reactors:
                        state.offers.append(Offer(rid, "opportunity", c.id))
                        r = state.creatures[rid]
                        self.emit("offer", _("{name} leaves {reactor}'s side: {reactor} may make an opportunity "
                                             "attack").format(name=c.name, reactor=r.name),
                                  rules=("opportunity-attack",), reactor=rid, provoker=c.id, offer="opportunity")
                    return
            before = {cid: readying.in_reach(state.creatures[cid], c) for cid in state.order}
            x, y = walk["steps"].pop(0)
            c.x, c.y = x, y
            # 4e, Squeeze: where its space does not fit, it squeezes (-5 to attack, grants combat advantage)
            if needs_squeeze(self.board, c, x, y):
                c.conditions.add("squeezing")
                walk["squeezed"] = True
            else:
                c.conditions.discard("squeezing")
            walked.append((x, y))
            if not self._crowding(c):
                walk["safe"] = [x, y]
            stealth.stepped(self, c)  # hidden only while it keeps superior cover
            # a readied action goes off after the step that triggers it (the walk waits)
            readiers = readying.triggered(self, c, "moves") + readying.triggered(self, c, "enters_reach", before)
            if readiers:
                self._moved(c, walked, walk)
                self._offer_readied(readiers, c)
                return
        state.walk = None
        self._settle_walk(c, walk, walked)
        then = walk["then"]
        if then and c.standing:
            target = state.creatures[then["target"]]
            if target.alive:
                power = power_of(c, then["power"])
                try:
                    aimed = aim(self, c, power, target.id)
                except IllegalCommand as exc:
                    # what happened on the way (a readied action, a forced move) may leave the
                    # target beyond the attack: the charge ends without it, never in a dead end
                    self.emit("note", _("{name} cannot make its charge's attack: {reason}").format(name=c.name,
                                                                                                   reason=exc))
                    return
                self._use_power(c, power, aimed, charging=True)

    def _crowding(self, c) -> bool:
        """Whether another living creature shares a square of c's space."""
        mine = set(c.squares())
        return any(o is not c and o.alive and mine.intersection(o.squares()) for o in self.state.creatures.values())

    def _settle_walk(self, c, walk, walked) -> None:
        if self._crowding(c) and [c.x, c.y] != walk["safe"]:
            c.x, c.y = walk["safe"]
            walked = walked + [tuple(walk["safe"])]
        self._moved(c, walked, walk)

    def _moved(self, c, walked, walk: dict) -> None:
        athletics.surface(self, c)
        if walked:
            if walk.get("then"):
                rules: tuple[str, ...] = ("charge",)
            elif walk.get("provokes") is False:
                rules = ("shift",)
            elif "running" in c.conditions:
                rules = ("run",)
            else:
                rules = ("move-action",)
            if "squeezing" in c.conditions:
                rules += ("squeezing",)
            extra = MOVE_4E.enter_extra[self.board.terrain]
            side = c.side_squares
            if any((extra[y: y + side, x: x + side] > 0).any() for x, y in walked):
                rules += ("difficult-terrain",)  # 4e, Difficult terrain: 1 more square each
            for kind in dict.fromkeys(walk.get("checked", []) + athletics.checks_along(self, c, walked[1:],
                                                                                     walked[0])):
                rules += athletics.CHECK_RULES[kind]  # swimming or climbing: 2 squares a square
            self.emit("move", _("{name} moves to {square}").format(name=c.name, square=list(walked[-1])), rules=rules,
                      creature=c.id, path=[list(p) for p in walked])

    # ------------------------------------------------------------------ powers
    def _do_attack(self, c, cmd) -> None:
        power = power_of(c, cmd.get("with"))
        at = cmd.get("at")
        if power.shift and not power.area and at is not None:
            # engine reading: a melee or ranged power that lets its user shift first (slip strike)
            # takes the square it shifts to as `at`; the shift is part of the power (no action)
            why = economy.refusal(c, power.action)
            if why:
                raise IllegalCommand(why)
            steps = self.shift_steps(c, at, free=True)
            c.x, c.y = steps[-1]
            self.emit("move", _("{name} shifts to {square} ({power})").format(name=c.name, square=list(steps[-1]),
                                                                            power=spoken(power.name)),
                      rules=("shift",) + power_rules(power), creature=c.id, path=[list(steps[-1])])
            stealth.stepped(self, c)
            at = None
        elif at is not None and not power.area:
            self._attack_guessed_square(c, power, cmd)
            return
        target = cmd.get("target")
        if isinstance(target, str) and not power.area:
            why = unseen_refusal(c, self.creature(target))
            if why:
                raise IllegalCommand(why)
        aimed = aim(self, c, power, target, at)
        self._spend_power(c, power)
        if not aimed.targets:  # an area on the square a hidden foe was seen hiding in, gone (powers.aim)
            give_away(c)
            self.emit("attack", _("{name} uses {power} at {square}: it catches nobody").format(
                name=c.name, power=spoken(power.name), square=list(at) if at is not None else [c.x, c.y]),
                rules=("concealment",) + power_rules(power), attacker=c.id, target=None, hit=False, crit=False)
            return
        self._use_power(c, power, aimed)

    def _spend_power(self, c, power) -> None:
        """The power's action, and its use when it does not come back (refused when spent)."""
        if c.uses_left(power) <= 0:
            usage = {"encounter": _("{name} has used {power} already (encounter: once an encounter)"),
                     "daily": _("{name} has used {power} already (daily: once a day)"),
                     "recharge": _("{name} has used {power} already (recharge: until it recharges)")}
            raise IllegalCommand(usage[power.usage].format(name=c.name, power=spoken(power.name)))
        economy.spend(c, power.action)
        if power.limited:
            c.spent[power.name] = c.spent.get(power.name, 0) + 1

    def _attack_guessed_square(self, c, power, cmd) -> None:
        """4e, a creature you cannot see (guessing.py): a melee or ranged power aimed at the square
        `at`: whoever hides there is attacked (total concealment -5), an empty square is missed."""
        if cmd.get("target") is not None:
            raise IllegalCommand(_("{power} takes a 'target' or an 'at' (the square you guess), not both").format(
                power=spoken(power.name)))
        if power.targets == "ally":
            raise IllegalCommand(_("{power} is used on an ally: it takes a 'target'").format(power=spoken(power.name)))
        hider, far = guessed(self, c, power, cmd.get("at"))
        self._spend_power(c, power)
        square = list(cmd.get("at"))
        self.emit("note", _("{name} attacks the square {square} with {power}, guessing").format(
            name=c.name, square=square, power=spoken(power.name)), rules=("concealment",), creature=c.id)
        too_big = hider is not None and power.name == "grab" and \
            size_index(self.state.creatures[hider].size) > size_index(c.size) + 1
        if hider is not None and not too_big:
            self._use_power(c, power, Aim((hider,), long_range=far))
            return
        face = self.state.dice.roll(20)  # the roll is made, someone there or not
        give_away(c)
        if hider is None:
            stealth.found_empty(self, c, square)
        words = _("{name} attacks the square {square} with {power}: d20 {face}: {target} is too big to grab, miss") \
            if too_big else \
            _("{name} attacks the square {square} with {power}: d20 {face}: nobody is there, miss")
        self.emit("attack", words.format(name=c.name, square=square, power=spoken(power.name), face=face,
                                         target=self.state.creatures[hider].name if too_big else ""),
                  rules=("concealment", "grab") if too_big else ("concealment",), attacker=c.id,
                  target=hider if too_big else None, hit=False, crit=False)

    def _use_power(self, c, power, aimed: Aim, charging: bool = False) -> None:
        """Offer the reactions the power provokes (opportunity attacks for a ranged or area power
        beside an enemy, the fighter's challenge), then resolve it."""
        state = self.state
        state.pending_power = {"actor": c.id, "power": power.name, "targets": list(aimed.targets),
                               "origin": list(aimed.origin) if aimed.origin else None,
                               "long_range": aimed.long_range, "charging": charging}
        offered = self._challenge_offers(c, aimed.targets)
        if power.kind in ("ranged", "area-burst"):
            for rid in leaving_provokes(self, c):
                state.offers.append(Offer(rid, "opportunity", c.id, stage="attack"))
                self.emit("offer", (_("{name} uses a ranged power beside {reactor}: an opportunity attack")
                                    if power.kind == "ranged" else
                                    _("{name} uses an area power beside {reactor}: an opportunity attack")).format(name=c.name, reactor=state.creatures[rid].name),
                          rules=("opportunity-attack",), reactor=rid, provoker=c.id, offer="opportunity")
                offered = True
        if not offered:
            self._fire_power()

    def _fire_power(self) -> None:
        state = self.state
        pending, state.pending_power = state.pending_power, None
        c = state.creatures[pending["actor"]]
        if not c.standing:
            self.emit("note", _("{name}'s power is lost").format(name=c.name), rules=("opportunity-attack",),
                      creature=c.id)
            return
        power = power_of(c, pending["power"])
        targets = tuple(t for t in pending["targets"] if state.creatures[t].alive)
        if not targets:
            return
        origin = tuple(pending["origin"]) if pending["origin"] else None
        resolve(self, c, power, Aim(targets, None, origin, pending["long_range"]), pending["charging"])
        readiers = readying.triggered(self, c, "attacks")
        if readiers and not state.over:
            self._offer_readied(readiers, c)

    def _offer_readied(self, readiers, author) -> None:
        for rid in dict.fromkeys(readiers):
            r = self.state.creatures[rid]
            self.state.offers.append(Offer(rid, "readied", author.id, stage="attack"))
            self.emit("offer", _("{name} triggers {reactor}'s readied action").format(name=author.name, reactor=r.name),
                      rules=("ready-action", "immediate-actions"), reactor=rid, provoker=author.id, offer="readied")

    def _challenge_offers(self, c, targets) -> bool:
        """RULESETS.md 4, the fighter's challenge: a marked enemy next to the fighter that shifts
        (targets None) or attacks without including it gives it an immediate interrupt."""
        marker_id = c.effects.get("marked_by")
        if marker_id is None or "marked" not in c.conditions:
            return False
        fighter = self.state.creatures[marker_id]
        if "combat-challenge" not in fighter.stats.traits or not fighter.immediate or not fighter.standing:
            return False
        if fighter.conditions & NO_IMMEDIATE or self.state.current_id == fighter.id or not adjacent(fighter, c):
            return False
        if targets is not None and fighter.id in targets:
            return False
        self.state.offers.append(Offer(fighter.id, "challenge", c.id, stage="attack"))
        words = _("{name} is marked by {fighter} and shifts: {fighter} may strike first") if targets is None else \
            _("{name} is marked by {fighter} and attacks another: {fighter} may strike first")
        self.emit("offer", words.format(name=c.name, fighter=fighter.name), rules=("marks", "immediate-actions"),
                  reactor=fighter.id, provoker=c.id, offer="challenge")
        return True

    # ------------------------------------------------------------------ reactions
    def _answer_offer(self, offer, take: bool, target) -> None:
        state = self.state
        state.offers.remove(offer)
        reactor = state.creatures[offer.reactor]
        provoker = state.creatures[offer.provoker]
        if not take:
            self.emit("reaction", _("{name} lets it go").format(name=reactor.name), rules=OFFER_RULES[offer.kind],
                      reactor=reactor.id)
            return
        if offer.kind == "readied":
            self._take_readied(reactor, provoker, target)
            return
        if offer.kind == "opportunity" and not can_take_opportunity(self, reactor, provoker):
            raise IllegalCommand(_("{name} can no longer make its opportunity attack").format(name=reactor.name))
        if offer.kind == "opportunity":
            reactor.oa_turn = (state.round, state.turn_index)
        else:
            reactor.immediate = False
        basic = power_of(reactor, "basic")
        words = _("{name} makes an opportunity attack on {target}") if offer.kind == "opportunity" else \
            _("{name} makes its challenge's interrupt on {target}")
        self.emit("reaction", words.format(name=reactor.name, target=provoker.name), rules=OFFER_RULES[offer.kind],
                  reactor=reactor.id)
        resolve(self, reactor, basic, aim(self, reactor, basic, provoker.id))

    def _take_readied(self, reactor, provoker, target) -> None:
        """The readied attack, as an immediate reaction: paid for by the Ready action; the
        readier now acts just before the one who triggered it."""
        ready = reactor.effects.pop("readied")
        then = dict(ready["then"])
        if isinstance(target, str):
            then["target"] = target
        power = power_of(reactor, then.get("with"))
        aimed = aim(self, reactor, power, then.get("target"), then.get("at"))
        reactor.immediate = False
        readying.move_before(self, reactor.id, provoker.id)
        self.emit("reaction", _("{name} takes its readied action").format(name=reactor.name),
                  rules=OFFER_RULES["readied"], reactor=reactor.id)
        if power.limited:
            if reactor.uses_left(power) <= 0:
                raise IllegalCommand(_("{name} has used {power} already").format(name=reactor.name, power=spoken(power.name)))
            reactor.spent[power.name] = reactor.spent.get(power.name, 0) + 1
        self._use_power(reactor, power, aimed)

    def _resume(self) -> None:
        state = self.state
        creatures = state.creatures
        # an offer lapses when its reactor or the one who provoked it is down
        state.offers = [o for o in state.offers if creatures[o.reactor].standing and creatures[o.provoker].standing]
        if state.offers or state.over:
            return
        if state.pending_power is not None:
            self._fire_power()
            if state.offers or state.over:
                return
        if state.walk is not None:
            self._continue_walk()

    # ------------------------------------------------------------------ other acts
    def refusal(self, c, act: str) -> str:
        """Why c may not take one of the acts without arguments now ('' when it may): second
        wind, total defense, action point, stand, drop prone, escape, hide (the handlers and the
        options read it alike)."""
        if act == "second_wind":
            # 4e, Second wind: a standard action, once an encounter, heroes, a surge spent
            if not c.stats.player:
                return _("{name} has no second wind (heroes only)").format(name=c.name)
            if c.second_wind_used:
                return _("{name} has used its second wind this encounter").format(name=c.name)
            if c.surges <= 0:
                return _("{name} has no healing surge left").format(name=c.name)
            return economy.refusal(c, "standard")
        if act == "total_defense":
            return economy.refusal(c, "standard")
        if act == "action_point":
            # 4e: a free action on its own turn, never in the surprise round, one a round
            why = economy.why_not_act(c)
            if why:
                return why
            if self.state.surprise_round:
                return _("no action points in the surprise round (\"il vous est impossible de dépenser des points "
                         "d'action\")")
            if c.action_points <= 0:
                return _("{name} has no action point").format(name=c.name)
            if c.ap_round == self.state.round:
                return _("{name} has spent an action point this round already").format(name=c.name)
            if c.standard and not c.charged:
                return _("{name} still has its standard action").format(name=c.name)
            return ""
        if act == "stand":
            return _("{name} is not prone").format(name=c.name) if not c.prone else economy.refusal(c, "move")
        if act == "drop_prone":
            return _("{name} is prone already").format(name=c.name) if c.prone else economy.refusal(c, "minor")
        if act == "escape":
            return _("{name} is not grabbed").format(name=c.name) if "grabbed_by" not in c.effects else \
                economy.refusal(c, "move")
        if act == "hide":
            return stealth.hide_refusal(self, c)
        return ""

    def _refuse(self, c, act: str) -> None:
        why = self.refusal(c, act)
        if why:
            raise IllegalCommand(why)

    def _do_second_wind(self, c, cmd) -> None:
        """4e, Second wind (a standard action, once an encounter, heroes): spend a healing surge
        and +2 to all defences until the start of its next turn."""
        self._refuse(c, "second_wind")
        economy.spend(c, "standard")
        c.second_wind_used = True
        self.emit("action", _("{name} takes a second wind").format(name=c.name), rules=("second-wind", "standard-action"),
                  creature=c.id)
        spend_surge(self, c, rules=("second-wind",))
        add_timed(c, "second-wind", START, c.id)

    def _do_total_defense(self, c, cmd) -> None:
        """4e, Total defense (a standard action): +2 to all defences until the start of its next turn."""
        self._refuse(c, "total_defense")
        economy.spend(c, "standard")
        add_timed(c, "defending", START, c.id)
        self.emit("action", _("{name} takes total defense (+2 to all defences)").format(name=c.name),
                  rules=("total-defense", "standard-action"), creature=c.id)

    def _do_action_point(self, c, cmd) -> None:
        """4e, Action point: one more action this turn (a standard one, which trades down)."""
        self._refuse(c, "action_point")
        c.action_points -= 1
        c.ap_round = self.state.round
        c.standard = True
        c.charged = False
        c.one_action = False
        self.emit("action", _("{name} spends an action point: one more action").format(name=c.name),
                  rules=("action-point",), creature=c.id)

    def _do_stand(self, c, cmd) -> None:
        """4e, Stand up: a move action (it provokes no opportunity attack)."""
        self._refuse(c, "stand")
        economy.spend(c, "move")
        c.conditions.discard("prone")
        self.emit("action", _("{name} stands up").format(name=c.name), rules=("prone", "move-action"), creature=c.id)

    def _do_drop_prone(self, c, cmd) -> None:
        """4e, Drop prone: a minor action."""
        self._refuse(c, "drop_prone")
        economy.spend(c, "minor")
        c.conditions.add("prone")
        self.emit("action", _("{name} drops prone").format(name=c.name), rules=("prone", "minor-action"), creature=c.id)

    def _do_escape(self, c, cmd) -> None:
        """4e, Escape (a move action): Acrobatics against the grabber's Reflex or Athletics against
        its Fortitude (engine: d20 + half level + Dex or Str, whichever is likelier)."""
        self._refuse(c, "escape")
        economy.spend(c, "move")
        g = self.state.creatures[c.effects["grabbed_by"]]
        half = c.stats.level // 2
        options = [(half + c.stats.mod("dex"), g.stats.ref, _("Acrobatics"), _("Ref")),
                   (half + c.stats.mod("str"), g.stats.fort, _("Athletics"), _("Fort"))]
        bonus, defence, skill, name = max(options, key=lambda o: o[0] - o[1])
        face = self.state.dice.roll(20)
        ok = face + bonus >= defence
        words = _("{name} tries to escape: {skill} d20 {face} {bonus} = {total} vs {defence_name} {defence}: free") \
            if ok else \
            _("{name} tries to escape: {skill} d20 {face} {bonus} = {total} vs {defence_name} {defence}: still grabbed")
        self.emit("check", words.format(name=c.name, skill=skill, face=face, bonus=f"{bonus:+d}", total=face + bonus,
                                        defence_name=name, defence=defence),
                  rules=("escape", "grab", "move-action"), creature=c.id)
        if ok:
            end_grab(c)

    def _do_hide(self, c, cmd) -> None:
        """4e, Stealth (stealth.py): a move action; hidden when it beats every enemy's passive Perception."""
        self._refuse(c, "hide")
        stealth.hide(self, c)

    def stabilize_refusal(self, c, target_id) -> str:
        """Why c may not try to stabilize that creature now ('' when it may)."""
        target = self.state.creatures.get(target_id) if isinstance(target_id, str) else None
        if target is None:
            return _("no creature {id}").format(id=repr(target_id))
        if target.state != "dying":
            return _("{name} is not dying").format(name=target.name)
        if not adjacent(c, target):
            return _("{name} is not beside {other}").format(name=target.name, other=c.name)
        return economy.refusal(c, "standard")

    def _do_stabilize(self, c, cmd) -> None:
        """4e, Heal (first aid, a standard action): DC 15 stops a dying creature's death saves
        (engine: d20 + half level + Wisdom modifier); it stays unconscious, stable."""
        why = self.stabilize_refusal(c, cmd.get("target"))
        if why:
            raise IllegalCommand(why)
        economy.spend(c, "standard")
        target = self.state.creatures[cmd.get("target")]
        bonus = c.stats.level // 2 + c.stats.mod("wis")
        face = self.state.dice.roll(20)
        ok = face + bonus >= 15
        words = _("{name} gives first aid to {target}: Heal d20 {face} {bonus} = {total} vs DC 15: stable") if ok else \
            _("{name} gives first aid to {target}: Heal d20 {face} {bonus} = {total} vs DC 15: no change")
        self.emit("check", words.format(name=c.name, target=target.name, face=face, bonus=f"{bonus:+d}",
                                        total=face + bonus),
                  rules=("first-aid", "dying"), creature=c.id)
        if ok:
            target.state = "stable"

    def special_refusal(self, c, name: str, target_id) -> str:
        """Why c may not grab or bull rush that creature now ('' when it may)."""
        target = self.state.creatures.get(target_id) if isinstance(target_id, str) else None
        if target is None or target is c or not target.alive:
            words = _("no creature {id} to grab") if name == "grab" else _("no creature {id} to bull rush")
            return words.format(id=repr(target_id))
        hidden = unseen_refusal(c, target)
        if hidden:
            return hidden
        if name == "grab" and size_index(target.size) > size_index(c.size) + 1:
            return _("{name} is too big for {other} to grab").format(name=target.name, other=c.name)
        why = economy.refusal(c, "standard")
        if why:
            return why
        try:
            aim(self, c, power_of(c, name), target.id)
        except IllegalCommand as exc:
            return str(exc)
        return ""

    def _special(self, c, name: str, cmd) -> None:
        """A grab or a bull rush on its `target`, or, a melee attack like any other, at the square
        `at` where the attacker guesses a hidden foe is (guessing.py: total concealment -5)."""
        if cmd.get("at") is not None:
            self._attack_guessed_square(c, power_of(c, name), cmd)
            return
        target_id = cmd.get("target")
        why = self.special_refusal(c, name, target_id)
        if why:
            raise IllegalCommand(why)
        economy.spend(c, "standard")
        power = power_of(c, name)
        self._use_power(c, power, aim(self, c, power, target_id))

    def _do_grapple(self, c, cmd) -> None:
        """4e, Grab (a standard action): Strength against Reflex; a hit leaves the target grabbed
        (immobilized until it escapes, or the grabber lets go or goes)."""
        self._special(c, "grab", cmd)

    def _do_shove(self, c, cmd) -> None:
        """4e, Bull rush (a standard action): Strength against Fortitude; a hit pushes 1 square."""
        if cmd.get("effect", "push") != "push":
            raise IllegalCommand(_("a 4e bull rush pushes (effect = \"push\"); it never knocks prone"))
        self._special(c, "bull-rush", cmd)

    def _do_ready(self, c, cmd) -> None:
        """4e, Ready an action (a standard action): an attack held back, taken as an immediate
        reaction when its trigger happens before the start of the creature's next turn."""
        ready = readying.readied(cmd.get("trigger"), cmd.get("then"), c)
        economy.spend(c, "standard")
        c.effects["readied"] = ready
        self.emit("action", _(READY_WORDS[ready["event"]]).format(name=c.name, by=ready["by"]),
                  rules=("ready-action", "standard-action"), creature=c.id)

    def _do_end(self, c, cmd) -> None:
        turns.end_turn(self, c)
        turns.advance(self)
        turns.begin_turn(self)

    # ------------------------------------------------------------------ output
    def to_json(self) -> dict:
        state = self.state
        current = state.current_id if not state.over or state.started else None
        creatures = {}
        for cid, c in state.creatures.items():
            creatures[cid] = {
                "side": c.side, "at": [c.x, c.y], "hp": c.hp, "max_hp": c.stats.hp, "temp_hp": c.temp_hp,
                "state": c.state, "conditions": sorted(c.conditions),
                "death_saves": {"successes": 0, "failures": c.death_failures},
                "movement_left": self.movement_left(c) if cid == current else c.stats.walk,
                "standard": c.standard, "move": c.move, "minor": c.minor, "immediate": c.immediate,
                "action_points": c.action_points,
            }
        return self.battle_json(creatures, current)

    def movement_left(self, c) -> float:
        """FORMATS.md: the speed one more move action would give (0 when none is left)."""
        return speed_squares(c) * SQUARE_M if economy.moves_left(c) else 0.0
