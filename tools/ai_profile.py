"""Profile the hard computer player: N battles of a scenario, hard against hard, under cProfile
(process CPU time, so a shared machine skews it less than wall clock).

Usage: .venv/bin/python tools/ai_profile.py [SCENARIO] [--battles N] [--top K] [--sort tottime]
       [--ruleset R]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from game.content.paths import DEFAULT_SCENARIO
from game.content.scenarios import load_scenario
from game.session.ai import choose
from game.session.replay import new_battle


def battles(path, count: int, level: str, ruleset: str | None = None) -> None:
    for seed in range(count):
        scenario = load_scenario(path, ruleset)
        scenario.seed = seed
        battle = new_battle(scenario)
        while not battle.state.over and battle.state.round <= 40:
            battle.submit(choose(battle, level), undo_on_error=False)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO))
    parser.add_argument("--battles", type=int, default=6)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--callees", default="")
    parser.add_argument("--dump", default="")
    parser.add_argument("--ruleset", default=None, help="play under this ruleset (5e, 3.5, 4e)")
    args = parser.parse_args()
    profile = cProfile.Profile(time.process_time)
    profile.runcall(battles, args.scenario, args.battles, args.level, args.ruleset)
    stats = pstats.Stats(profile)
    print(f"total CPU {stats.total_tt:.2f} s")
    if args.dump:
        stats.dump_stats(args.dump)
    if args.callees:
        stats.sort_stats("cumulative").print_callees(args.callees)
    else:
        stats.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
