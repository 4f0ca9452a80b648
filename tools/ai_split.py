"""Where a hard player's CPU goes, without cProfile's per-call overhead: a few coarse methods
timed (process time) over N battles. Usage: .venv/bin/python tools/ai_split.py [SCENARIO] [--battles N]"""

from __future__ import annotations

import argparse
import functools
import time
from collections import Counter

from game.content.paths import DEFAULT_SCENARIO
from game.content.scenarios import load_scenario
from game.core import cover
from game.rules import engine_base
from game.rules.dnd5e import estimates
from game.session.ai import positioning, tactician, maneuvers
from game.session.replay import new_battle

SPENT, CALLS = Counter(), Counter()
DEPTH = [0]


def timed(owner, name, label=None):
    fn = getattr(owner, name)
    label = label or f"{getattr(owner, '__name__', owner)}.{name}"

    @functools.wraps(fn)
    def wrapper(*a, **k):
        t0 = time.process_time()
        try:
            return fn(*a, **k)
        finally:
            SPENT[label] += time.process_time() - t0
            CALLS[label] += 1
    setattr(owner, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO))
    parser.add_argument("--battles", type=int, default=6)
    args = parser.parse_args()
    T, P = tactician.Tactician, positioning.Positioning
    for owner, name in [(T, "plans"), (T, "strikes_from"), (T, "support_plans"), (T, "bonus_plans"),
                        (T, "fallback_action_plans"), (T, "aggressive_plans"), (T, "dart_split_plans"),
                        (T, "ready_spell_plans"), (T, "fetch_covers"), (T, "area_strikes"),
                        (P, "move_plans"), (P, "candidate_squares"), (P, "shelters"), (P, "hideouts"),
                        (P, "close_in"), (P, "opportunity_cost"), (P, "reach_grids"),
                        (estimates.Estimates, "prefetch"), (estimates.Estimates, "field"),
                        (estimates.Estimates, "preview"), (engine_base.EngineBase, "check"),
                        (engine_base.EngineBase, "submit")]:
        timed(owner, name)
    timed(maneuvers, "maneuver_plans")
    timed(T, "decide")
    import game.session.ai as ai
    original = cover.cover_many
    calls = {"lines": 0}

    def counted(blockers, pairs, estimate=False):
        pairs = list(pairs)
        calls["lines"] += len(pairs)
        return original(blockers, pairs, estimate)
    cover.cover_many = counted
    timed(cover, "cover_many")
    for mod in (tactician,):
        mod.cover_many = cover.cover_many
    start = time.process_time()
    for seed in range(args.battles):
        scenario = load_scenario(args.scenario)
        scenario.seed = seed
        battle = new_battle(scenario)
        while not battle.state.over and battle.state.round <= 40:
            battle.submit(ai.choose(battle, "hard"), undo_on_error=False)
    total = time.process_time() - start
    print(f"total {total:.2f} s; cover pairs {calls['lines']}")
    for label, spent in SPENT.most_common():
        print(f"{spent:7.3f} s {CALLS[label]:7d}  {label}")


if __name__ == "__main__":
    main()
