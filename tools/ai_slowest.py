"""The slowest hard turn of each bundled scenario as `skirmish bench` plays them (each
scenario's own seed, hard against hard, 15 rounds), in CPU ms, and who took it; with --profile
NAME, a cProfile of that scenario's slowest turn (replayed to it).
Usage: .venv/bin/python tools/ai_slowest.py [--profile NAME] [--top K]"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.ai import choose
from game.session.replay import new_battle


def turns(path):
    battle = new_battle(load_scenario(path))
    out, key, spent, start_at, who = [], None, 0.0, 0, None
    while not battle.state.over and battle.state.round <= 15:
        k = (battle.state.round, battle.state.turn_index)
        if k != key:
            if key is not None:
                out.append((spent, key, start_at, who))
            key, spent, start_at = k, 0.0, battle.state.commands_done
            who = battle.state.current_id
        t0 = time.process_time()
        command = choose(battle, "hard")
        spent += (time.process_time() - t0) * 1000
        battle.submit(command)
    out.append((spent, key, start_at, who))
    return battle, out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile", default="")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    for path in sorted(MAPS_DIR.glob("*.scenario.toml")):
        name = path.name.removesuffix(".scenario.toml")
        if args.profile and name != args.profile:
            continue
        _battle, out = turns(path)
        worst = max(out)
        print(f"{name:16s} slowest {worst[0]:6.1f} ms  round/turn {worst[1]} {worst[3]}  total {sum(o[0] for o in out):7.1f} ms")
        if args.profile:
            battle = new_battle(load_scenario(path))
            while battle.state.commands_done < worst[2]:
                battle.submit(choose(battle, "hard"))
            profile = cProfile.Profile(time.process_time)
            profile.enable()
            key = (battle.state.round, battle.state.turn_index)
            while (battle.state.round, battle.state.turn_index) == key and not battle.state.over:
                battle.submit(choose(battle, "hard"))
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
