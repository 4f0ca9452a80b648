"""The computer players of any ruleset: `rush`, `normal` and `hard` played from the ruleset
interface alone (rules/api.py), for a battle whose `estimates()` is None (3.5, 4e).

It reads `legal_commands()` (each Option's neutral Preview: hit chance, expected damage, target,
path, cost, who gets an opportunity attack), `view(id)` (side, hit points, state, place,
conditions), `reach_squares`, `check`, and the ids, sides and turn of `battle.state`; never a
ruleset's own creature fields. One decision:
- a reaction on offer: take it (the best opportunity attack when there are several ways), unless
  it is aimed at a friend; else decline;
- prone, and standing up is on offer: stand up first;
- an attack on a foe: the one with the best value. `rush` hits the nearest foe it can with the
  most expected damage; `normal` weighs the damage that counts (no more than the hit points
  left) toward the chance to kill, so a wounded foe weighs more; `hard` weighs kills the more,
  and counts the opportunity attacks an attack would provoke; foes still in the fight come far
  above the downed; `hard`, before a shot with a penalty (long range, cover...), first steps
  nearer within the move it has left, out of every foe's reach, once a turn;
- else a move toward where an attack becomes possible next: next to the nearest foe (within
  reach), or, once it has shot at a foe this turn, no nearer than it shot from; a move within
  the creature's `movement_left` first (3.5 and 4e list longer ones, which spend the action
  too); `hard` will not provoke an opportunity attack unless it brings it into striking
  distance while it is hale and only one foe gets the attack; `normal` counts each attack
  provoked as two squares further;
- else the end of the turn.
Every command is checked with `battle.check` before it is given (refused: the next best, at
last ending the turn or declining). The choice depends only on the battle state.
"""

from __future__ import annotations

from ...core.board import gap_squares

ACTIVE = ("conscious", "disabled")  # still in the fight (3.5: disabled at 0 hp still acts)
LEVELS = ("rush", "normal", "hard")


def plan(battle, level: str) -> dict:
    """The next command for whoever must act now, at this level (never one the battle refuses)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} for the generic planner (known: {', '.join(LEVELS)})")
    return Planner(battle, level).decide()


def end_or_decline(battle) -> dict:
    """Ending the turn, or declining the reaction on offer."""
    state = battle.state
    if state.offers:
        return {"actor": state.offers[0].reactor, "act": "react", "take": False}
    return {"actor": state.current_id, "act": "end"}


class Planner:
    """One decision of one level, from the interface only."""

    def __init__(self, battle, level: str) -> None:
        self.battle = battle
        self.level = level
        self.state = battle.state
        self.diagonals = battle.diagonals  # the ruleset's count (3.5: 1-2-1, whatever the scenario says)
        self.views = {cid: battle.view(cid) for cid in self.state.creatures}

    # ------------------------------------------------------------------ the choice
    def decide(self) -> dict:
        state = self.state
        if state.offers:
            candidates = self._answers()
        elif state.over or state.current_id is None or not self._active(self.views[state.current_id]):
            candidates = []
        else:
            candidates = self._plans(self.views[state.current_id])
        for command in candidates:
            if self.battle.check(command) is None:
                return command
        return end_or_decline(self.battle)

    def _answers(self) -> list[dict]:
        """The reaction taken the best way (an attack aimed at a friend is not a way), else declined."""
        reactor = self.views[self.state.offers[0].reactor]
        scored = []
        for index, option in enumerate(self.battle.legal_commands()):
            if option.command.get("act") != "react" or option.command.get("take") is not True:
                continue
            target = self._target(option)
            if target is not None and target.side == reactor.side and target.id != reactor.id:
                continue
            score = self.value(reactor, option) if option.preview.expected_damage is not None else 0.0
            scored.append((-(score or 0.0), index, option.command))
        return [command for _, _, command in sorted(scored)]

    def _plans(self, me) -> list[dict]:
        """Candidate commands, best first."""
        options = self.battle.legal_commands()
        plans: list[dict] = []
        if "prone" in me.conditions:
            plans += [o.command for o in options if o.act == "stand"]
        attacks = self._attacks(me, options)
        approach = self._approach(me, options)
        if attacks and approach and self.level != "rush" and all(not self._active(t) for t in attacks[0][2]):
            # only the downed within reach: first close in on a foe still in the fight
            plans.append(approach)
        if attacks and self.level == "hard":
            closer = self._closer_shot(me, options, attacks[0])
            if closer:
                plans.append(closer)
        plans += [command for _, command, _ in attacks]
        if approach:
            plans.append(approach)
        plans.append({"actor": me.id, "act": "end"})
        return plans

    # ------------------------------------------------------------------ attacks
    def _attacks(self, me, options) -> list[tuple[float, dict, list]]:
        """The options that deal damage to foes, best first: (score, command, the creatures hit)."""
        scored = []
        for index, option in enumerate(options):
            preview = option.preview
            if preview.expected_damage is None or option.command.get("actor") != me.id:
                continue
            caught = self._caught(option)
            if not caught or not any(c.side != me.side for c in caught):
                continue
            if self.level == "rush":
                if not all(c.side != me.side and self._active(c) for c in caught):
                    continue
                # the nearest foe first, then the most damage
                score = -1000.0 * min(self._gap(me, c) for c in caught) + preview.expected_damage
            else:
                score = self.value(me, option)
                if score is None or score <= 0:
                    continue
            scored.append((-score, index, option.command, caught))
        scored.sort(key=lambda s: (s[0], s[1]))
        return [(-s, command, caught) for s, _, command, caught in scored]

    def _caught(self, option) -> list:
        """The creatures an option would strike: its area's or its list of targets, else its target."""
        listed = option.command.get("target")
        if option.preview.inside or isinstance(listed, (list, tuple)):  # an area, or several targets
            ids = option.preview.inside or listed
            return [self.views[cid] for cid in ids if isinstance(cid, str) and cid in self.views]
        target = self._target(option)
        return [] if target is None or target.id == option.command.get("actor") else [target]

    def _target(self, option):
        cid = option.preview.target or option.target
        return self.views.get(cid) if isinstance(cid, str) else None

    def value(self, me, option) -> float | None:
        """What the option's expected damage is worth: a foe's worth counts, a friend's against it."""
        preview = option.preview
        caught = self._caught(option)
        if not caught:
            return None
        total = 0.0
        for creature in caught:
            worth = self._worth(creature, preview.expected_damage, preview.hit_chance)
            total += worth if creature.side != me.side else -1.5 * worth
        if self.level == "hard":
            total -= 3.0 * len(preview.opportunity_attacks)
        return total

    def _worth(self, creature, expected: float, hit_chance: float | None) -> float:
        """What an attack on this creature is worth, in hit points of foes taken out of the fight:
        its chance to bring it down, and the damage short of that as the part of the way there
        it goes (less for `hard`, which weighs kills the more), on the scale of its hit points."""
        chance = 1.0 if hit_chance is None else max(0.0, min(1.0, hit_chance))
        if chance <= 0 or expected <= 0:
            return 0.0
        on_hit = expected / chance
        hp = creature.hp + creature.temp_hp
        if not self._active(creature) or hp <= 0:
            return 0.3 * expected  # a downed foe: worth finishing only when nothing else is
        counted = chance * min(on_hit, hp)  # no more than the hit points it has left
        kill = chance * max(0.0, min(1.0, on_hit / hp - 0.5))
        short = 0.4 if self.level == "hard" else 0.6
        return max(creature.max_hp, hp) * (kill + short * max(0.0, counted - kill * hp) / hp)

    # ------------------------------------------------------------------ moving
    def _approach(self, me, options) -> dict | None:
        """The move toward where an attack becomes possible next, or None (nowhere better)."""
        foes = [v for v in self.views.values() if v.side != me.side and self._active(v)]
        seen = [f for f in foes if "hidden" not in f.conditions]
        foes = seen or foes
        if not foes:
            return None
        want = self._wanted_gap(me)
        here = max(0, min(self._gap(me, f) for f in foes) - want)
        if here == 0:
            return None
        hale = me.hp >= me.max_hp / 2
        scored = []
        for index, option in enumerate(options):
            to = self._destination(option, me)
            if to is None:
                continue
            space = (to[0], to[1], me.side_squares)
            need = max(0, min(gap_squares(space, f.space, self.diagonals) for f in foes) - want)
            provokes = len(option.preview.opportunity_attacks)
            cost = option.preview.cost_m if option.preview.cost_m is not None else 0.0
            if self.level == "hard" and provokes and not (need == 0 and hale and provokes == 1):
                continue
            weighed = need + (2 * provokes if self.level == "normal" else 0)
            if need >= here:
                continue
            # within the move it has left first: a longer one (3.5, 4e: a double move) spends the
            # action it may attack with once there; the next move goes on if it cannot
            longer = cost > me.movement_left + 1e-9
            scored.append(((longer, weighed, provokes, cost, index), option.command))
        if not scored:
            return None
        return min(scored, key=lambda s: s[0])[1]

    def _closer_shot(self, me, options, best) -> dict | None:
        """Before a shot with a penalty (long range, cover...), once a turn: a step nearer its
        target that costs no more than the move it has left, provokes nobody and stays out of
        every foe's reach; None when the shot has no penalty or no such square is nearer."""
        _, command, caught = best
        option = next(o for o in options if o.command is command)
        if not option.preview.ranged or all(r.good for r in option.preview.reasons) or len(caught) != 1:
            return None
        if any(self._destination_of(c) for c in self._this_turn(me)):
            return None  # it moved already this turn
        target = caught[0]
        foes = [v for v in self.views.values() if v.side != me.side and self._active(v)]
        here = self._gap(me, target)
        scored = []
        for index, move in enumerate(options):
            to = self._destination(move, me)
            cost = move.preview.cost_m
            if to is None or move.preview.opportunity_attacks or cost is None or cost > me.movement_left + 1e-9:
                continue
            space = (to[0], to[1], me.side_squares)
            if any(gap_squares(space, f.space, self.diagonals) <= 1 for f in foes):
                continue
            gap = gap_squares(space, target.space, self.diagonals)
            if gap < here:
                scored.append(((gap, cost, index), move.command))
        return min(scored, key=lambda s: s[0])[1] if scored else None

    def _destination(self, option, me) -> tuple[int, int] | None:
        """Where a move-like option ends (it has a path, or a `to`, and deals no damage)."""
        if option.command.get("actor") != me.id or option.preview.expected_damage is not None:
            return None
        to = option.command.get("to")
        if isinstance(to, (list, tuple)) and len(to) == 2:
            return int(to[0]), int(to[1])
        if option.preview.path:
            return tuple(option.preview.path[-1])
        return None

    def _wanted_gap(self, me) -> int:
        """How near it wants to be to a foe: as near as it struck from this turn, else its reach."""
        struck = self._struck_this_turn(me)
        if struck is not None:
            return max(1, self._gap(me, struck))
        mask = self.battle.reach_squares(me.id)
        ys, xs = mask.nonzero()
        gaps = [gap_squares(me.space, (int(x), int(y), 1), self.diagonals) for x, y in zip(xs, ys)]
        return max(gaps, default=1) or 1

    def _this_turn(self, me) -> list[dict]:
        """Its commands of this turn so far, last first (read from the commands played)."""
        found = []
        for command in reversed(getattr(self.state, "played", [])):
            if command.get("actor") != me.id:
                if command.get("act") == "react":
                    continue  # another's reaction within this turn
                break  # another's turn
            if command.get("act") == "end":
                break  # its own last turn
            found.append(command)
        return found

    @staticmethod
    def _destination_of(command: dict) -> bool:
        return command.get("to") is not None or bool(command.get("path"))

    def _struck_this_turn(self, me):
        """The foe its last command of this turn aimed at, if one did (None: none yet)."""
        for command in self._this_turn(me):
            target = command.get("target")
            if isinstance(target, (list, tuple)):
                target = target[0] if target else None
            foe = self.views.get(target) if isinstance(target, str) else None
            if foe is not None and foe.side != me.side and command.get("act") != "react":
                return foe
        return None

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _active(view) -> bool:
        return view.state in ACTIVE

    def _gap(self, a, b) -> int:
        return gap_squares(a.space, b.space, self.diagonals)


__all__ = ["LEVELS", "Planner", "end_or_decline", "plan"]
