"""CPU seconds (process time) of N battles of a scenario, hard against hard, and the slowest
single decision (CPU ms). Usage: .venv/bin/python tools/ai_cpu.py [SCENARIO] [--battles N] [--ruleset R]"""

from __future__ import annotations

import argparse
import time

from game.content.paths import DEFAULT_SCENARIO
from game.content.scenarios import load_scenario
from game.session.ai import choose
from game.session.replay import new_battle


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO))
    parser.add_argument("--battles", type=int, default=6)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--ruleset", default=None, help="play under this ruleset (5e, 3.5, 4e)")
    args = parser.parse_args()
    start = time.process_time()
    thinking, worst_turn = 0.0, 0.0
    for seed in range(args.battles):
        scenario = load_scenario(args.scenario, args.ruleset)
        scenario.seed = seed
        battle = new_battle(scenario)
        turn, spent = None, 0.0
        while not battle.state.over and battle.state.round <= 40:
            key = (battle.state.round, battle.state.turn_index)
            if key != turn:
                worst_turn, turn, spent = max(worst_turn, spent), key, 0.0
            t0 = time.process_time()
            command = choose(battle, args.level)
            spent += time.process_time() - t0
            thinking += time.process_time() - t0
            battle.submit(command, undo_on_error=False)
        worst_turn = max(worst_turn, spent)
    total = time.process_time() - start
    print(f"cpu_total_s {total:.2f} choose_s {thinking:.2f} slowest_turn_cpu_ms {worst_turn * 1000:.1f}")


if __name__ == "__main__":
    main()
