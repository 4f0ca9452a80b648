"""The simple levels: `random` (any legal command, in any ruleset) and the 5e `rush` (to the nearest
foe, and hit it, read from the 5e estimates; generic.py plays `rush` for the other rulesets)."""

from __future__ import annotations

import random

import numpy as np

from ...core.board import SQUARE_M, gap_squares
from .generic import end_or_decline


def random_player(battle) -> dict:
    """Any legal command, uniformly; the generator is seeded from the battle (seed, commands)."""
    options = battle.legal_commands()
    rng = random.Random(battle.scenario.seed * 1_000_003 + battle.state.commands_done)
    if not options:
        return end_or_decline(battle)
    return rng.choice(options).command


# ----------------------------------------------------------------------------- rush
def rush(battle) -> dict:
    """Go to the nearest foe and hit it (melee first, else the best ranged attack in range)."""
    state = battle.state
    if state.offers:
        return {"actor": state.offers[0].reactor, "act": "react", "take": True}
    me = battle.current
    end = {"actor": me.id, "act": "end"}
    if state.over or not me.standing:
        return end
    foes = [c for c in state.creatures.values() if c.side != me.side and c.standing]
    if not foes:
        return end
    if me.action or me.attacks_left > 0:
        attack = _rush_attack(battle, me, foes)
        if attack is not None:
            return attack
    if me.prone and me.movement_left() >= me.speed() / 2 and me.speed() > 0:
        return {"actor": me.id, "act": "stand"}
    step = _approach(battle, me, foes)
    return step or end


def _rush_attack(battle, me, foes) -> dict | None:
    estimates = battle.estimates()
    best, best_score = None, None
    for foe in sorted(foes, key=lambda f: (gap_squares(me.space, f.space, battle.diagonals), f.id)):
        for attack in me.stats.attacks:
            preview = estimates.preview(me, foe, attack)
            if preview.problem:
                continue
            score = preview.hit_chance * max(attack.damage.average, 1) + (0.5 if attack.is_melee else 0)
            if best_score is None or score > best_score:
                best, best_score = {"actor": me.id, "act": "attack", "target": foe.id, "with": attack.name}, score
        if best is not None:
            return best
    return None


def _approach(battle, me, foes) -> dict | None:
    left = me.movement_left()
    if left < SQUARE_M or "mounted_on" in me.effects:
        return None
    field = battle.movement_field(me.id, limit_m=left)
    reachable = field.reachable(left)
    if not reachable.any():
        return None
    ys, xs = np.nonzero(reachable)
    side = me.side_squares
    here = min(gap_squares(me.space, f.space, battle.diagonals) for f in foes)
    best, best_key = None, None
    for x, y in zip(xs.tolist(), ys.tolist()):
        gap = min(gap_squares((x, y, side), f.space, battle.diagonals) for f in foes)
        key = (gap, field.cost[y, x], y, x)
        if best_key is None or key < best_key:
            best, best_key = (x, y), key
    if best is None or best_key[0] >= here:
        return None
    return {"actor": me.id, "act": "move", "to": list(best)}
