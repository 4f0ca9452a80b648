"""Hard computer players: grapple and shove prone, where they beat a plain attack.

This module owns the scoring of the two special melee attacks (5e, Grappling and Shoving a
creature) for `Tactician.plans()`; the numbers (contests, hit chances) are the ruleset's, asked through `battle.estimates()`.

Each plan is scored on the scale of an attack plan (expected damage x target value): the score
is `best_here` (the best plain attack) plus what the maneuver's line of play gains over
attacking, so that the tactician's usual "highest score first" picks it only where it pays.

- A prone target gives advantage to melee attacks within 1.5 m (disadvantage beyond): a shove
  prone is worth the contest's chance times that advantage, for my own attacks left this turn
  and for the allies who act before the target stands up (its next turn), less the attack it
  replaces. Ranged allies who would have shot it lose a little.
- A grappled creature's speed is 0, so a prone grappled creature stays down: the advantage then
  lasts about KEEP_ROUNDS more rounds for everyone, and its own attacks have disadvantage.
- A grapple is worth that keeping: on a target already prone, or when an attack is left after it
  for the shove; and a little for pinning an archer or caster next to me.
- Held down prone (or an archer held in melee), escaping is worth what getting free gives back.
- Holding is worth as much to the grappler (`hold_value`): positioning.py counts it against a
  move that would leave behind a held foe too big to be dragged along.
"""

from __future__ import annotations

from ...core.board import SQUARE_M, gap_squares
from ...core.sizes import size_index
from .odds import Plan

KEEP_ROUNDS = 1.5  # how long a grappled, prone foe is expected to stay down (beyond this round)
WALK_WEIGHT = 0.7  # an ally who must walk up to the target may well strike someone else
RANGED_WEIGHT = 0.3  # a ranged ally shoots the prone target (at disadvantage) only now and then
PIN_WEIGHT = 0.5  # an archer or caster held next to me: its shots at disadvantage


def maneuver_plans(tactician, best_here: float) -> list:
    """Grapple, shove and escape commands, scored against the best attack from here (best_here)."""
    me = tactician.me
    plans = escape_plans(tactician)
    if not (me.action or me.attacks_left > 0) or not me.stats.attacks:
        return plans
    targets = [f for f in tactician.foes if _can_maneuver(tactician, f)]
    if not targets:
        return plans
    attacks = me.attacks_left if me.attacks_left > 0 else me.stats.attacks_per_action
    swung = [a for a in me.stats.attacks if a.name in me.attack_weapons]
    free_hand = not any("two-handed" in a.properties for a in swung)  # 5e, Grappling: a free hand
    for target in targets:
        odds = contest_odds(tactician, target)
        if not target.prone and "mounted_on" not in target.effects:
            score = _shove_score(tactician, target, odds, attacks, best_here)
            plans.append(Plan(score, {"actor": me.id, "act": "shove", "target": target.id, "effect": "prone"},
                              f"shove {target.id} prone"))
        if free_hand and target.effects.get("grappled_by") is None:
            score = _grapple_score(tactician, target, odds, attacks, best_here)
            plans.append(Plan(score, {"actor": me.id, "act": "grapple", "target": target.id},
                              f"grapple {target.id}"))
    return plans


def _can_maneuver(t, target) -> bool:
    """5e: within my reach, no more than one size larger."""
    me = t.me
    if size_index(target.size) > size_index(me.size) + 1:
        return False
    return _distance(t, me, target) <= t.est.melee_reach(me) + 1e-9


def _distance(t, a, b) -> float:
    gap = gap_squares(t.sp[a.id], t.sp[b.id], t.battle.diagonals)
    return max(gap * SQUARE_M, abs(a.altitude - b.altitude))


def escape_plans(t) -> list:
    """5e, Escaping a grapple (an action): worth it when held down prone, where every blow on
    us has advantage and ours disadvantage, or for an archer or caster held in melee."""
    me = t.me
    grappler = t.state.creatures.get(me.effects.get("grappled_by", ""))
    if not me.action or grappler is None or "grappled" not in me.conditions:
        return []
    gain = 0.0
    if me.prone:
        gain += KEEP_ROUNDS * (me.stats.attacks_per_action * _own_disadvantage_cost(t, grappler)
                               + _their_advantage_cost(t))
    elif _prefers_range(me) or me.stats.spellcasting:
        gain += pin_gain_on_me(t, grappler)
    if gain <= 0:
        return []
    mine = t.est.check_bonus(me, t.est.best_of(me, ("athletics", "acrobatics")))
    odds = t.est.beat_odds(mine - t.est.check_bonus(grappler, "athletics"))
    return [Plan(odds * gain, {"actor": me.id, "act": "escape"}, f"escape {grappler.id}")]


def _own_disadvantage_cost(t, foe) -> float:
    """What lying prone costs one of our attacks on the foe (disadvantage)."""
    return (_attack_ev(t, t.me, foe, 0) - _attack_ev(t, t.me, foe, -1)) * t.value(foe)


def _their_advantage_cost(t) -> float:
    """What lying prone costs us: the melee foes next to us attack with advantage."""
    me = t.me
    cost = 0.0
    for foe in t.adjacent_foes(t.sp[me.id]):
        cost += (_attack_ev(t, foe, me, 1) - _attack_ev(t, foe, me, 0)) * foe.stats.attacks_per_action
    return cost


def pin_gain_on_me(t, grappler) -> float:
    """Held in melee, an archer or caster shoots at disadvantage: what getting free gives back."""
    cut = _attack_ev(t, t.me, grappler, 0, melee=False) - _attack_ev(t, t.me, grappler, -1, melee=False)
    return KEEP_ROUNDS * cut * t.value(grappler)


# ----------------------------------------------------------------------------- odds
def contest_odds(t, target) -> float:
    """Chance that my Str (Athletics) beats the target's better Athletics/Acrobatics (a tie fails)."""
    if target.incapacitated:
        return 1.0  # the rules skip the contest
    edge = t.est.check_bonus(t.me, "athletics") - t.est.check_bonus(
        target, t.est.best_of(target, ("athletics", "acrobatics")))
    return t.est.beat_odds(edge)


# ----------------------------------------------------------------------------- scores
def _shove_score(t, target, odds: float, attacks: int, best_here: float) -> float:
    """Shove now versus attack now (and perhaps shove with a later attack)."""
    kept = _held_by_my_side(t, target)
    score = odds * prone_gain(t, target, attacks - 1, kept)
    if attacks >= 2:
        score -= max(0.0, odds * prone_gain(t, target, attacks - 2, kept) - best_here)
    return score


def _grapple_score(t, target, odds: float, attacks: int, best_here: float) -> float:
    """Grapple now versus attack now: it keeps a prone target down, or sets up the shove."""
    gain = pin_gain(t, target)
    if target.prone:
        gain += KEEP_ROUNDS * lasting_gain(t, target)
    elif attacks >= 2 and "mounted_on" not in target.effects:
        shove = contest_odds(t, target)
        held = max(0.0, shove * prone_gain(t, target, attacks - 2, True) - best_here)
        loose = max(0.0, shove * prone_gain(t, target, attacks - 2, False) - best_here)
        gain += held - loose
    return odds * gain


def hold_value(t, target) -> float:
    """What keeping my grapple on the target is worth: a prone one stays down (it cannot stand
    at speed 0), an archer or caster next to me keeps shooting at disadvantage."""
    gain = pin_gain(t, target, held=True)
    if target.prone:
        gain += KEEP_ROUNDS * lasting_gain(t, target)
    return gain


def _held_by_my_side(t, target) -> bool:
    grappler = target.effects.get("grappled_by")
    return grappler is not None and t.state.creatures[grappler].side == t.me.side


# ----------------------------------------------------------------------------- what prone buys
def prone_gain(t, target, my_attacks: int, kept: bool) -> float:
    """What the target lying prone is worth: my attacks left this turn, the allies acting before
    its turn and, if it cannot stand up (grappled), the rounds after."""
    me = t.me
    near = _distance(t, me, target) <= 1.5 + 1e-9
    gain = my_attacks * advantage_gain(t, me, target, near, mine=True)
    for ally in allies_before(t, target):
        gain += ally_gain(t, ally, target)
    if kept:
        gain += KEEP_ROUNDS * lasting_gain(t, target)
    return gain


def lasting_gain(t, target) -> float:
    """One round of the target staying prone: everyone's melee advantage, its own disadvantage."""
    me = t.me
    near = _distance(t, me, target) <= 1.5 + 1e-9
    gain = me.stats.attacks_per_action * advantage_gain(t, me, target, near, mine=True)
    for ally in t.allies:
        if ally.standing:
            gain += ally_gain(t, ally, target)
    return gain + threat_cut(t, target)


def allies_before(t, target) -> list:
    """Standing allies whose turns come after mine and before the target's next one."""
    order, i = t.state.order, t.state.turn_index
    out = []
    for step in range(1, len(order)):
        cid = order[(i + step) % len(order)]
        if cid == target.id:
            break
        c = t.state.creatures[cid]
        if c.side == t.me.side and c.standing and c is not t.me:
            out.append(c)
    return out


def ally_gain(t, ally, target) -> float:
    """An ally's turn against the prone target: advantage in melee if it is or can get next to it;
    disadvantage if it would rather shoot from afar."""
    if ally.incapacitated or not ally.stats.attacks:
        return 0.0
    gap = gap_squares(t.sp[ally.id], t.sp[target.id], t.battle.diagonals)
    melee = any(a.is_melee for a in ally.stats.attacks)
    if _prefers_range(ally) and gap > 1:
        loss = advantage_gain(t, ally, target, False, melee=False)  # negative: disadvantage
        return RANGED_WEIGHT * ally.stats.attacks_per_action * loss
    if not melee:
        return 0.0
    if gap <= 1:
        weight = 1.0
    elif (gap - 1) * SQUARE_M <= ally.stats.walk:
        weight = WALK_WEIGHT
    else:
        return 0.0
    return weight * ally.stats.attacks_per_action * advantage_gain(t, ally, target, True)


def advantage_gain(t, attacker, target, near: bool, mine: bool = False, melee: bool = True) -> float:
    """Expected value (damage x target value) one attack gains when the target lies prone."""
    before = _attack_ev(t, attacker, target, _advantage(t, attacker, target, False, near, mine), melee)
    after = _attack_ev(t, attacker, target, _advantage(t, attacker, target, True, near, mine), melee)
    return (after - before) * t.value(target)


def threat_cut(t, target) -> float:
    """The damage a prone target does not do on its turn: its attacks have disadvantage."""
    me = t.me
    cut = _attack_ev(t, target, me, 0, melee=None) - _attack_ev(t, target, me, -1, melee=None)
    return cut * target.stats.attacks_per_action


def pin_gain(t, target, held: bool = False) -> float:
    """A grappled archer or caster cannot step away from me: its shots keep disadvantage (held:
    it is grappled already, so its speed of 0 is the grapple's)."""
    if not (_prefers_range(target) or target.stats.spellcasting) or target.speed() == 0 and not held:
        return 0.0
    if _distance(t, t.me, target) > 1.5 + 1e-9:
        return 0.0
    cut = _attack_ev(t, target, t.me, 0, melee=False) - _attack_ev(t, target, t.me, -1, melee=False)
    return PIN_WEIGHT * cut * target.stats.attacks_per_action


# ----------------------------------------------------------------------------- small helpers
def _prefers_range(c) -> bool:
    melee, ranged = c.stats.most_melee_damage or 0.0, c.stats.most_ranged_damage or 0.0
    return ranged > melee


def _advantage(t, attacker, target, prone: bool, near: bool, mine: bool) -> int:
    """The ruleset's guess of the edge (+1, 0, -1) of an attack on the target, lying prone or not."""
    friends = [c for c in t.state.creatures.values() if c.side == attacker.side and c is not attacker and c.standing]
    beside = any(gap_squares(t.sp[c.id], t.sp[target.id], t.battle.diagonals) <= 1 for c in friends)
    return t.est.prone_advantage(attacker, target, prone=prone, near=near, own_turn=mine, ally_beside_target=beside)


def _attack_ev(t, attacker, target, advantage: int, melee: bool | None = True) -> float:
    """Expected damage of the attacker's best attack (melee, ranged, or either: None)."""
    best = 0.0
    ac = t.est.defence(target)
    for attack in attacker.stats.attacks:
        if melee is True and not attack.is_melee or melee is False and attack.kind != "ranged":
            continue
        p_hit, p_crit = t.est.hit_chance(attack.to_hit, ac, advantage)
        ev = t.est.expected_damage(attack.damage, p_hit, p_crit)
        if attack.extra_damage is not None:
            ev += t.est.expected_damage(attack.extra_damage, p_hit, p_crit)
        best = max(best, ev)
    return best
