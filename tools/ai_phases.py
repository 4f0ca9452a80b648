"""Where the hard computer player's time goes, by kind of decision and by method: N battles of a
scenario, hard against hard, with the busiest methods of the tactician, its estimates and the
engine's check and submit wrapped to time themselves (wall clock, each method's own time: what
its wrapped callees took is theirs). The wrapping costs a microsecond or two a call, so read the
proportions, not the totals; instruction counts are tools/ai_instructions.py's.

A decision's kind is the command it gave, and whether the creature still had its action then
("can_act"), had spent it ("spent"), played the command its last move was made for ("hint"),
or answered a reaction ("react").

Usage: .venv/bin/python tools/ai_phases.py [SCENARIO] [--battles N] [--kinds K]
"""

from __future__ import annotations

import argparse
import collections
import time

from game.content.paths import DEFAULT_SCENARIO
from game.content.scenarios import load_scenario
from game.rules.dnd5e.estimates import Estimates
from game.rules.engine_base import EngineBase
from game.session import simulate
from game.session.ai import maneuvers, positioning, tactician

TACTICIAN = ("weigh", "plans", "support_plans", "surge_plans", "strikes_from", "strikes_on", "area_strikes",
             "dart_split_plans", "aggressive_plans", "bonus_plans", "fallback_action_plans", "ready_spell_plans",
             "prefetch_cover", "fetch_covers")
POSITIONING = ("move_plans", "move_score_bound", "candidate_squares", "hideouts", "prefetch_hideouts", "shelters",
               "prefetch_shelter", "prefetch_shelter_kept", "shelter_kept", "standing_terms", "opportunity_costs",
               "reach_grids", "reaches_left", "close_in", "prefetch_cover_from")
ESTIMATES = ("preview", "blockers", "looker_covers", "prefetch", "field")


class Phases:
    """Each wrapped method's own time, in all and in the decision under way."""

    def __init__(self) -> None:
        self.own = collections.Counter()
        self.calls = collections.Counter()
        self.decision = collections.Counter()
        self.stack: list[float] = []

    def wrap(self, owner, name: str, label: str) -> None:
        method = getattr(owner, name)

        def timed(*args, **kwargs):
            start = time.perf_counter()
            self.stack.append(0.0)
            try:
                return method(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                own = spent - self.stack.pop()
                self.own[label] += own
                self.decision[label] += own
                self.calls[label] += 1
                if self.stack:
                    self.stack[-1] += spent

        setattr(owner, name, timed)


def kind_of(battle, command: dict, me, hinted: bool, reacting: bool) -> tuple[str, str]:
    if reacting:
        return "react", "react"
    if hinted:
        return command["act"], "hint"
    can_act = me is not None and (me.action or me.attacks_left > 0)
    return command["act"], "can_act" if can_act else "spent"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO))
    parser.add_argument("--battles", type=int, default=12)
    parser.add_argument("--kinds", type=int, default=12, help="how many kinds of decision to show")
    args = parser.parse_args()
    scenario = load_scenario(args.scenario)
    policies = {side: "hard" for side in simulate.sides_of(scenario)}
    simulate.play_loaded_chunk(scenario, [args.battles + 99], 0, policies, False, simulate.ROUND_CAP)  # warm-up

    phases = Phases()
    for name in TACTICIAN:
        phases.wrap(tactician.Tactician, name, name)
    for name in POSITIONING:
        phases.wrap(positioning.Positioning, name, name)
    for name in ESTIMATES:
        phases.wrap(Estimates, name, "est." + name)
    phases.wrap(maneuvers, "maneuver_plans", "maneuver_plans")
    for name in ("check", "submit"):
        phases.wrap(EngineBase, name, name)
    by_kind: dict = collections.defaultdict(collections.Counter)
    count = collections.Counter()
    decide = tactician.Tactician.decide

    def timed_decide(self):
        phases.decision.clear()
        start = time.perf_counter()
        hint = getattr(self.battle, "ai_hint", None)
        current = self.battle.current
        hinted = bool(hint and current is not None and hint[0] == (self.state.commands_done, current.id))
        reacting = bool(self.state.offers)
        command = decide(self)
        kind = kind_of(self.battle, command, getattr(self, "me", None), hinted, reacting)
        phases.decision["decision"] += time.perf_counter() - start
        by_kind[kind].update(phases.decision)
        count[kind] += 1
        return command

    tactician.Tactician.decide = timed_decide
    start = time.perf_counter()
    simulate.play_loaded_chunk(scenario, list(range(args.battles)), 0, policies, False, simulate.ROUND_CAP)
    elapsed = time.perf_counter() - start
    decisions = sum(c["decision"] for c in by_kind.values())
    print(f"{args.battles} battles in {elapsed:.2f} s, {sum(count.values())} decisions in {decisions:.2f} s")
    print("\nby method (own time):")
    for label, spent in phases.own.most_common(20):
        print(f"  {label:24s} {spent * 1000:8.1f} ms {phases.calls[label]:7d} calls {spent / phases.calls[label] * 1e6:7.1f} us")
    print("\nby kind of decision (the methods that took most of it):")
    kinds = sorted(by_kind, key=lambda k: -by_kind[k]["decision"])[:args.kinds]
    for kind in kinds:
        spent = by_kind[kind]
        top = ", ".join(f"{label} {value * 1000:.0f}" for label, value in spent.most_common(7) if label != "decision")
        print(f"  {kind[0]:12s} {kind[1]:8s} {count[kind]:5d} x {spent['decision'] / count[kind] * 1000:6.2f} ms"
              f" = {spent['decision'] * 1000:7.1f} ms  ({top})")


if __name__ == "__main__":
    main()
