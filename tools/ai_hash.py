"""Hash check for computer-player speed work: every bundled scenario x 10 seeds, hard against
hard and normal against normal; prints one hash per (scenario, level) and one over all.
An identical-decision change must leave every hash as it was.

Usage: .venv/bin/python tools/ai_hash.py [--seeds N] [--jobs J] [--out FILE] [--only NAME] [--ruleset R]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.ai import choose
from game.session.replay import new_battle

ROUND_CAP = 40


def play(args) -> tuple[str, str, int, str]:
    path, level, seed, ruleset = args
    scenario = load_scenario(path, ruleset)
    scenario.seed = seed
    battle = new_battle(scenario)
    digest = hashlib.sha256()
    commands = 0
    while not battle.state.over and battle.state.round <= ROUND_CAP and commands < 20000:
        command = choose(battle, level)
        digest.update(json.dumps(command, sort_keys=True).encode())
        battle.submit(command)
        commands += 1
    return (path.split("/")[-1].removesuffix(".scenario.toml"), level, seed, digest.hexdigest()[:16])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default="hard,normal")
    parser.add_argument("--only", default="")
    parser.add_argument("--out", default="")
    parser.add_argument("--ruleset", default=None, help="play every scenario under this ruleset (5e, 3.5, 4e)")
    args = parser.parse_args()
    paths = [str(p) for p in sorted(MAPS_DIR.glob("*.scenario.toml")) if args.only in p.name]
    work = [(p, level, seed, args.ruleset) for p in paths for level in args.levels.split(",") for seed in range(args.seeds)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = sorted(pool.map(play, work, chunksize=1))
    lines = [f"{name} {level} {seed} {h}" for name, level, seed, h in results]
    total = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + f"\nALL {total}\n")
    print(f"ALL {total} ({len(lines)} battles)")


if __name__ == "__main__":
    sys.exit(main())
