"""3.5 grapple (a mixin of the engine, with the checks the options and the screen share): starting
a grapple (the target's attack of opportunity, a melee touch attack, the opposed grapple check),
the hold (both `grappled`, the grappler's unarmed damage), damaging the opponent while grappling
(the `grapple` act again), pinning it (`grapple` with `pin = true`) and escaping a pin, escaping
(`escape`), the brown bear's improved grab, and the end of a grapple when one of the two falls
or they are no longer side by side.

3.5 SRD, Grapple, read for a board where two creatures never share a square (README, "The 3.5
ruleset"): the grappler must stand next to its target and stays there (the SRD has it move into
the target's square); others may join a grapple (each creature keeps the list of the ones it
grapples: combat.opponents); unarmed damage is
ordinary damage (the engine keeps no nonlethal damage). While grappled a creature cannot move,
threatens no square (geometry.threat_mask), makes no attack of opportunity (moving.ready_for_aoo),
loses its Dex bonus to AC against everyone but its opponent, attacks only its opponent, with a
light or natural weapon at -4 (combat.odds and attack_problem), and casts no spell (each of the
engine's has a somatic component: spells.cast_problem).
"""

from __future__ import annotations

from ...core.dice import DiceExpr
from ...core.sizes import size_index
from ...content.schema_35 import Attack35
from ...i18n import _
from ..errors import IllegalCommand
from .combat import (ATTACK_SIZE, apply_damage, damage_reduction, full_attack_rest, hit_chance, odds, opponents, pinned_problem,
                     pinning_problem, roll_expr, str_penalty)
from .geometry import can_see, gap
from .moving import can_take_aoo
from . import two_weapon

# 3.5 SRD, Unarmed strike: 1d2 Small, 1d3 Medium; a size up, a die up
UNARMED_DIE = {"tiny": 1, "small": 2, "medium": 3, "large": 4, "huge": 6, "gargantuan": 8}


def partner(c) -> str | None:
    """The id of the first creature c is grappling with (None when it is free)."""
    held = opponents(c)
    return held[0] if held else None


def grapple_bonus(c) -> int:
    """3.5 SRD, Grapple check: base attack + Strength + the grapple size modifier (the stat
    block's `grapple` total), less what Strength damage takes."""
    return c.stats.grapple + str_penalty(c)


def unarmed(c) -> Attack35:
    """The grappler's unarmed strike, as a melee touch attack (its roll) and its damage (1d3 + Str)."""
    die = UNARMED_DIE.get(c.size, 3)
    bonus = c.stats.mod("str") + str_penalty(c)
    damage = DiceExpr(1, die, bonus)
    return Attack35(name="unarmed", kind="melee", to_hit=c.stats.bab + c.stats.mod("str") + ATTACK_SIZE.get(c.size, 0),
                    damage=damage, type=("bludgeoning",), touch=True, properties=frozenset({"light"}))


def win_chance(mine: int, theirs: int) -> float:
    """The chance to win an opposed d20 check (ties to the higher modifier; both equal: roll again)."""
    wins = ties = 0
    for a in range(1, 21):
        for t in range(1, 21):
            if a + mine > t + theirs or (a + mine == t + theirs and mine > theirs):
                wins += 1
            elif a + mine == t + theirs and mine == theirs:
                ties += 1
    return wins / (400 - ties)


# 3.5 SRD, Grapple, Multiple grapplers: "Up to four combatants can grapple a single opponent in a
# given round. Creatures that are one or more size categories smaller than you count for half,
# creatures that are one size category larger than you count double, and creatures two or more
# size categories larger count quadruple." Read with "you" the one grappled: at most 4 in all.
MOST_GRAPPLERS = 4


def grappler_weight(grappler, target) -> float:
    """What one grappler counts for against the limit of four on the target, by their sizes."""
    d = size_index(grappler.size) - size_index(target.size)
    return 0.5 if d < 0 else 1.0 if d == 0 else 2.0 if d == 1 else 4.0


def crowd_problem(battle, actor, target) -> str:
    """Why the actor may not join the grapple the target is in: no room under the limit of four
    ('' when there is)."""
    held_by = [battle.state.creatures[i] for i in opponents(target) if i in battle.state.creatures]
    total = sum(grappler_weight(g, target) for g in held_by) + grappler_weight(actor, target)
    if total > MOST_GRAPPLERS:
        return _("{target} is grappled by as many as may grapple it (four of its size; a smaller one counts half, a "
                 "larger one double or more)").format(target=target.id)
    return ""


def grapple_problem(battle, actor, target) -> str:
    """Why the actor may not grapple the target now, its actions aside ('' when it may): start a
    grapple, join the one the target is in, or, grappling it already, damage it."""
    if target is actor:
        return _("a creature does not grapple itself")
    if not target.alive:
        return _("{id} is dead").format(id=target.id)
    if pinned_problem(actor):
        return pinned_problem(actor)
    held = opponents(actor)
    if held:
        return "" if target.id in held else _("{id} is grappling {other}: it can grapple no one else").format(
            id=actor.id, other=", ".join(held))
    if not can_see(battle, actor, target):
        return _("{id} cannot see {target}").format(id=actor.id, target=target.id)
    if gap(actor.space, target.space) != 1:
        # the engine's reading: the grappler stays beside its target (no shared squares)
        return _("{target} is not next to {id}: a grapple starts from the next square").format(
            target=target.id, id=actor.id)
    # a target in a grapple already: joining it (3.5 SRD, Grapple, Joining a grapple), if there is room
    return crowd_problem(battle, actor, target) if opponents(target) else ""


def pin_problem(battle, actor, target) -> str:
    """Why the actor may not try to pin the target now ('' when it may): only the creature it
    grapples, not pinned already (3.5 SRD, Grapple, Pin your opponent)."""
    problem = grapple_problem(battle, actor, target)
    if problem:
        return problem
    if target.id not in opponents(actor):
        return _("{id} is not grappling {target}: a pin holds the creature it grapples").format(
            id=actor.id, target=target.id)
    if "pinned" in target.conditions:
        return _("{target} is pinned already").format(target=target.id)
    return pinning_problem(battle, actor)  # 3.5 SRD: no pinning another while pinning one


def next_attack(actor):
    """The attack of the actor's full attack a grapple takes in place of it (3.5 SRD, Grapple: "If
    you get multiple attacks, you can attempt to start a grapple multiple times (at successively
    lower base attack bonuses)"): the first one left, never the off-hand one; None when none."""
    return next((e for e in actor.sequence if e[2] != two_weapon.OFF), None)


def economy_problem(actor, act: str, opening: bool = False) -> str:
    """Why the actor has no action left for a grapple or an escape: a standard action each; in a
    full attack, a grapple is its next attack; `opening`: a full attack opened by the grapple."""
    if act == "grapple" and opening:
        if actor.sequence:
            return _("{id} is in the middle of a full attack").format(id=actor.id)
        if actor.limited or actor.moved or not (actor.standard and actor.move_action):
            return _("a full attack needs {id}'s whole turn (no move, both actions unused)").format(id=actor.id)
        return ""
    if act == "grapple" and actor.sequence:
        if next_attack(actor) is None:
            return _("only the off-hand attack is left in {id}'s full attack").format(id=actor.id)
        if not actor.full_round and not actor.move_action:
            return _("{id} moved: the rest of its full attack is lost").format(id=actor.id)
        return ""
    if actor.sequence:
        return _("{id} is in the middle of a full attack").format(id=actor.id)
    if not actor.standard:
        return _("{id} has no standard action left this turn").format(id=actor.id)
    if act == "escape" and partner(actor) is None:
        return _("{id} is not grappled").format(id=actor.id)
    return ""



def grapple_odds(battle, actor, target, penalty: int = 0) -> tuple[float, float]:
    """(the chance the grapple act succeeds, its expected damage): the touch attack (when it starts
    one) and the opposed check, then 1d3 + Str less damage reduction; `penalty`: an iterative's."""
    attack = unarmed(actor)
    free = target.id in opponents(actor) or joining(actor, target)
    touch = 1.0 if free else hit_chance(odds(battle, actor, target, attack, penalty))
    chance = touch * win_chance(grapple_bonus(actor) + penalty, grapple_bonus(target))
    dr = damage_reduction(target, attack)
    d = attack.damage
    faces = range(1, d.sides + 1)
    mean = sum(max(0, max(1, f + d.bonus) - dr) for f in faces) / len(faces)
    return chance, chance * mean


ARTIST = "escape-artist"  # the stat block's skill (its `skills`), else the Dexterity modifier


def escape_bonus(c, artist: bool = False) -> int:
    """The escaper's modifier: its grapple check's, or with `artist` its Escape Artist's (3.5 SRD,
    Escape from grapple: "You can make an Escape Artist check in place of your grapple check")."""
    return c.stats.skill(ARTIST) if artist else grapple_bonus(c)


def opposed_check(engine, actor, other, penalty: int = 0, artist: bool = False) -> bool:
    """An opposed grapple check: the actor's d20 first, then the other's (FORMATS.md, contests);
    a tie goes to the higher modifier, and with equal modifiers both roll again; `penalty`: the
    iterative's, for a grapple in place of a later attack of a full attack; `artist`: the actor
    rolls Escape Artist instead of its grapple check (an escape)."""
    dice = engine.state.dice
    mine, theirs = escape_bonus(actor, artist) + penalty, grapple_bonus(other)
    rules = ("grapple",)
    for _i in range(20):
        a, t = dice.roll(20), dice.roll(20)
        numbers = dict(name=actor.name, target=other.name, face=a, bonus=f"{mine:+d}", total=a + mine, their_face=t,
                       their_bonus=f"{theirs:+d}", their_total=t + theirs)
        if a + mine == t + theirs and mine == theirs:
            words = _("{name} against {target}, Escape Artist against grapple check: d20 {face} {bonus} = {total} vs "
                      "d20 {their_face} {their_bonus} = {their_total}: a tie, both roll again") if artist else \
                _("{name} against {target}, grapple check: d20 {face} {bonus} = {total} vs d20 "
                  "{their_face} {their_bonus} = {their_total}: a tie, both roll again")
            engine.emit("check", words.format(**numbers), rules=rules, attacker=actor.id, target=other.id)
            continue
        won = a + mine > t + theirs or (a + mine == t + theirs and mine > theirs)
        words = _("{name} against {target}, Escape Artist against grapple check: d20 {face} {bonus} = {total} vs "
                  "d20 {their_face} {their_bonus} = {their_total}: {winner} wins") if artist else \
            _("{name} against {target}, grapple check: d20 {face} {bonus} = {total} vs d20 "
              "{their_face} {their_bonus} = {their_total}: {winner} wins")
        engine.emit("check", words.format(winner=actor.name if won else other.name, **numbers), rules=rules,
                    attacker=actor.id, target=other.id)
        return won
    return False


def joining(actor, target) -> bool:
    """The actor would join a grapple the target is in already (3.5 SRD, Joining a grapple: no
    attack of opportunity from the target, the grab succeeds, the opposed check still needed)."""
    return bool(opponents(target)) and actor.id not in opponents(target)


def hold(engine, grappler, target) -> None:
    """Both are grappled, each with the other (the target perhaps with others too)."""
    for c, other in ((grappler, target), (target, grappler)):
        c.conditions.add("grappled")
        c.effects["grapple_with"] = [*opponents(c), other.id]
    engine.emit("condition", _("{name} grapples {target}: both are grappled (no moving, no threatened squares)").format(
        name=grappler.name, target=target.name), rules=("grapple",), creature=target.id)


def separate(c, other) -> None:
    """c and other grapple each other no more (a pin between them ends); one with no opponent
    left is no longer grappled."""
    for one, them in ((c, other), (other, c)):
        left = [i for i in opponents(one) if i != them.id]
        if one.effects.get("pinned_by") == them.id:
            unpin(one)
        if left:
            one.effects["grapple_with"] = left
        else:
            one.conditions.discard("grappled")
            one.effects.pop("grapple_with", None)


def release(engine, c, why: str) -> None:
    """c leaves the grapple it is in (every opponent of it, and the pins with them); `why`: the
    line saying how."""
    for other_id in opponents(c):
        other = engine.state.creatures.get(other_id)
        if other is not None:
            separate(c, other)
    c.conditions.discard("grappled")
    c.effects.pop("grapple_with", None)
    engine.emit("condition", why, rules=("grapple",), creature=c.id)


def pin(engine, pinner, target) -> None:
    """3.5 SRD, Grapple, Pin your opponent: "held immobile (but not helpless) for 1 round" (until
    the pinner's next turn here: end_pins)."""
    target.conditions.add("pinned")
    target.effects["pinned_by"] = pinner.id
    engine.emit("condition", _("{name} pins {target}: held immobile, no Dex to AC, -4 AC against others, it may "
                               "only try to escape").format(name=pinner.name, target=target.name),
                rules=("grapple",), creature=target.id)


def unpin(c) -> None:
    c.conditions.discard("pinned")
    c.effects.pop("pinned_by", None)


def end_pins(engine, pinner) -> None:
    """At the start of the pinner's turn its pin of 1 round ends (it may pin again)."""
    for c in engine.state.creatures.values():
        if c.effects.get("pinned_by") == pinner.id:
            unpin(c)
            engine.emit("condition", _("{name}'s pin of {target} ends (1 round)").format(
                name=pinner.name, target=c.name), rules=("grapple",), creature=c.id)


def strike_unarmed(engine, grappler, target) -> None:
    """3.5 SRD, Grapple: the winner deals damage as with an unarmed strike (1d3 + Str, Medium)."""
    attack = unarmed(grappler)
    amount, faces = roll_expr(engine.state.dice, attack.damage)
    total = max(1, amount)  # seed 003, Dégâts minimaux
    dr = damage_reduction(target, attack)
    how = _("unarmed strike {dice} [{faces}] = {total}").format(dice=attack.damage, faces=" ".join(map(str, faces)),
                                                               total=total)
    rules = ("grapple", "damage")
    if dr:
        how += " " + _("(damage reduction {dr}/{bypass}: {left})").format(dr=dr, bypass=target.stats.dr_bypass,
                                                                          left=max(0, total - dr))
        rules += ("damage-reduction",)
    engine.damage_source = grappler.id
    apply_damage(engine, target, max(0, total - dr), how, rules=rules)
    engine.damage_source = None


def improved_grab(engine, attacker, target, attack) -> None:
    """3.5 SRD, Improved grab (the brown bear: "to use this ability, a brown bear must hit with a
    claw attack"): after a hit with its `grab` attack, a grapple check as a free action, with no
    attack of opportunity and no touch attack, against a smaller target; the engine always tries
    it (after the hit of an attack or an attack of opportunity). A win is the hold; the claw's damage was the damage (no unarmed strike on top)."""
    if "improved-grab" not in attacker.stats.feats or "grab" not in attack.properties or not attack.is_melee:
        return
    if not (attacker.standing and target.standing):
        return
    if opponents(attacker) or opponents(target) or gap(attacker.space, target.space) != 1:
        return
    if size_index(target.size) >= size_index(attacker.size):
        return  # SRD: improved grab works only against a smaller opponent
    engine.emit("action", _("{name} tries to grab {target} (improved grab: a free action, no attack of opportunity)")
                .format(name=attacker.name, target=target.name), rules=("improved-grab", "grapple"),
                creature=attacker.id)
    if opposed_check(engine, attacker, target):
        hold(engine, attacker, target)


def settle_grapples(engine) -> None:
    """A creature that falls (unconscious or dead) leaves its grapple; two that stand apart
    grapple each other no more."""
    creatures = engine.state.creatures
    for c in creatures.values():
        if opponents(c) and not c.standing:
            release(engine, c, _("{name} is down: the grapple ends").format(name=c.name))
    for c in creatures.values():
        for other_id in opponents(c):
            other = creatures.get(other_id)
            if other is not None and gap(c.space, other.space) != 1:
                separate(c, other)
                engine.emit("condition", _("{name} and {other} are apart: the grapple ends").format(
                    name=c.name, other=other.name), rules=("grapple",), creature=c.id)


class Grappling35:
    """The `grapple` and `escape` acts (a part of the engine)."""

    def _do_grapple(self, actor, cmd) -> None:
        self._able(actor)
        target = self.creature(cmd.get("target"))
        pinning = cmd.get("pin", False)
        if not isinstance(pinning, bool):
            raise IllegalCommand(_("'pin' must be true or false"))
        opening = cmd.get("full_attack", False)
        if not isinstance(opening, bool):
            raise IllegalCommand(_("'full_attack' must be true or false"))
        if cmd.get("with") is not None and not opening:
            raise IllegalCommand(_("'with' on grapple names the attack whose full attack it opens (full_attack = true)"))
        routine = self._attack_named(actor, cmd.get("with")) if opening else None
        check = pin_problem if pinning else grapple_problem
        problem = economy_problem(actor, "grapple", opening) or check(self, actor, target)
        if problem:
            raise IllegalCommand(problem)
        penalty = self._grapple_turn(actor, routine)
        if pinning:
            # 3.5 SRD, Grapple, Pin your opponent: an opposed check in place of an attack
            self.emit("action", _("{name} tries to pin {target}").format(name=actor.name, target=target.name),
                      rules=("grapple",), creature=actor.id)
            if opposed_check(self, actor, target, penalty):
                pin(self, actor, target)
            return
        if target.id in opponents(actor):
            # 3.5 SRD, Grapple, Damage your opponent: an opposed check in place of an attack
            self.emit("action", _("{name} squeezes {target} in the grapple").format(name=actor.name, target=target.name),
                      rules=("grapple",), creature=actor.id)
            if opposed_check(self, actor, target, penalty):
                strike_unarmed(self, actor, target)
            return
        if joining(actor, target):
            # 3.5 SRD, Joining a grapple: "the target doesn't get an attack of opportunity against
            # you, and your grab automatically succeeds"; the opposed check against the target
            self.emit("action", _("{name} joins the grapple {target} is in: no attack of opportunity, the grab "
                                  "succeeds").format(name=actor.name, target=target.name),
                      rules=("grapple",), creature=actor.id)
            if opposed_check(self, actor, target, penalty):
                hold(self, actor, target)
                strike_unarmed(self, actor, target)
            return
        self.emit("action", _("{name} tries to grapple {target}").format(name=actor.name, target=target.name),
                  rules=("grapple",), creature=actor.id)
        self.state.pending_act = ("grapple", actor.id, target.id, actor.hp, penalty)
        if can_take_aoo(self, target, actor):
            # 3.5 SRD, Grapple, step 1: the target's attack of opportunity (from it alone)
            self._offer([target.id], actor, "act")
        else:
            self._run_pending_act()

    def _grapple_turn(self, actor, routine) -> int:
        """Spend what the grapple takes (economy_problem said it may) and return the penalty of
        its checks: a standard action; `routine` (an attack): a full attack opened by the grapple,
        that attack's routine after it; in a full attack, its next attack, at that one's penalty."""
        if routine is not None:
            self._spend(actor, "standard")
            actor.sequence = full_attack_rest(actor, routine)
            self.emit("action", _("{name} makes a full attack, a grapple first").format(name=actor.name),
                      rules=("full-attack", "grapple"), creature=actor.id)
            return 0
        entry = next_attack(actor)
        if entry is None:
            self._spend(actor, "standard")
            return 0
        if not actor.full_round:
            actor.move_action, actor.full_round = False, True
        rest = list(actor.sequence)
        rest.remove(entry)
        actor.sequence = tuple(rest)
        return entry[1]

    def _finish_grapple(self, actor, act) -> None:
        """After the target's attack of opportunity: damage from it and the grapple fails; else
        the melee touch attack, then the opposed check; a win is the hold and an unarmed strike."""
        _act, _actor, target_id, hp_before = act[:4]
        penalty = act[4] if len(act) > 4 else 0
        target = self.creature(target_id)
        if actor.hp < hp_before:
            self.emit("note", _("{name} is hurt by the attack of opportunity: the grapple fails").format(name=actor.name),
                      rules=("grapple", "attacks-of-opportunity"), creature=actor.id)
            return
        problem = grapple_problem(self, actor, target)
        if problem:
            self.emit("note", _("{name}'s grapple is lost: {why}").format(name=actor.name, why=problem),
                      rules=("grapple",), creature=actor.id)
            return
        attack = unarmed(actor)
        o = odds(self, actor, target, attack, penalty)
        face = self.state.dice.roll(20)
        hit = face == 20 or (face != 1 and face + o.bonus >= o.target_number)
        line = _("{name} reaches for {target} (melee touch attack): d20 {face} {bonus} = {total} vs {defence}").format(
            name=actor.name, target=target.name, face=face, bonus=f"{o.bonus:+d}", total=face + o.bonus,
            defence=o.defence)
        line += "".join(f", {r.text}" for r in o.reasons if not r.fixed)
        if hit and o.miss_chance:
            # FORMATS.md: concealment's miss chance is one d100 after a hit
            roll = self.state.dice.roll(100)
            hit = roll > o.miss_chance
            line += "; " + (_("concealment d100 {roll}") if hit else _("concealment d100 {roll}: it misses")).format(
                roll=roll)
        line += ", " + (_("hit") if hit else (_("miss (natural 1)") if face == 1 else _("miss")))
        if "hidden" in actor.conditions:
            actor.conditions.discard("hidden")  # grabbing gives away where it is
            line += "; " + _("{name} is no longer hidden").format(name=actor.name)
        self.emit("attack", line, rules=tuple(dict.fromkeys(o.rules + ("grapple",))), attacker=actor.id,
                  target=target.id, hit=hit, crit=False)
        if hit and opposed_check(self, actor, target, penalty):
            hold(self, actor, target)
            strike_unarmed(self, actor, target)

    def _do_escape(self, actor, cmd) -> None:
        """3.5 SRD, Escape from grapple: an opposed grapple check, a standard action here, or with
        `escape_artist = true` an Escape Artist check in its place ("but this requires a standard
        action"); the escaper stays where it stands, beside its opponent. Against several, "your
        grapple check must beat the check results of each opponent": an opposed check against
        each in the order they came into the grapple, the first one lost ends it."""
        self._able(actor)
        artist = cmd.get("escape_artist", False)
        if not isinstance(artist, bool):
            raise IllegalCommand(_("'escape_artist' must be true or false"))
        problem = economy_problem(actor, "escape")
        if problem:
            raise IllegalCommand(problem)
        self._spend(actor, "standard")
        if "pinned" in actor.conditions:
            # 3.5 SRD, If you're pinned: "If you win, you escape the pin, but you're still grappling"
            pinner = self.creature(actor.effects["pinned_by"])
            self.emit("action", _("{name} tries to escape {other}'s pin").format(name=actor.name, other=pinner.name),
                      rules=("grapple",), creature=actor.id)
            if opposed_check(self, actor, pinner, artist=artist):
                unpin(actor)
                self.emit("condition", _("{name} escapes the pin: still grappled").format(name=actor.name),
                          rules=("grapple",), creature=actor.id)
            return
        others = [self.creature(i) for i in opponents(actor)]
        self.emit("action", _("{name} tries to escape {other}'s grapple").format(
            name=actor.name, other=", ".join(o.name for o in others)), rules=("grapple",), creature=actor.id)
        if all(opposed_check(self, actor, other, artist=artist) for other in others):
            release(self, actor, _("{name} escapes the grapple").format(name=actor.name))
