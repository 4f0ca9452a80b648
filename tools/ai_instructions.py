"""Instruction counts of the computer players' battles, under valgrind's callgrind: repeatable
from run to run, where this kind of VM's wall clock drifts by a third within minutes. Plays one
warm-up battle and N more of a scenario, hard against hard (as simulate plays them), and prints
the whole run's instructions and, inclusive, those of the computer's decisions and of the
engine's check and submit. The functions are named only where their modules run compiled
(`pip install -e .` after an edit): in plain Python they show as the interpreter's. With the
string hash fixed, the three repeat to the instruction (twice 994,893,107 for one battle's
decisions); the total varies by a few tenths of a percent (the start-up).

The warm-up battle is seed N + 99 unless --warm-up names another. Between two commits that
decide differently, give one both play alike (the battles' seeds 0 to N - 1 must play alike
too), and compare `decide` with --battles 0 subtracted: the battles alone.

Usage: .venv/bin/python tools/ai_instructions.py [SCENARIO] [--battles N] [--ruleset R] [--warm-up SEED]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# inclusive counts printed, by the compiled function's symbol (Cython names each part by its
# length: __pyx_pw_4game_..._9Tactician_3decide)
FUNCTIONS = {
    "decide": re.compile(r"^__pyx_pw_\w*_\d+(?:Tactician|Planner)_\d+decide$"),
    "check": re.compile(r"^__pyx_pw_\w*_\d+EngineBase_\d+check$"),
    "submit": re.compile(r"^__pyx_pw_\w*_\d+EngineBase_\d+submit$"),
}
LINE = re.compile(r"^\s*([\d,]+) \([^)]*\)\s+\S*?:(\S+)")


def play(scenario_path: str, battles: int, ruleset: str | None, warm_up: int | None = None) -> None:
    """The measured run (under valgrind): a warm-up battle (seed battles + 99, or warm_up), then
    seeds 0 to battles - 1."""
    from game.content.scenarios import load_scenario
    from game.session import simulate

    scenario = load_scenario(scenario_path, ruleset)
    simulate._warm_before_forking(scenario)
    policies = {side: "hard" for side in simulate.sides_of(scenario)}
    first = battles + 99 if warm_up is None else warm_up
    simulate.play_loaded_chunk(scenario, [first], 0, policies, False, simulate.ROUND_CAP)
    simulate.play_loaded_chunk(scenario, list(range(battles)), 0, policies, False, simulate.ROUND_CAP)


def counts(annotated: str) -> dict[str, int]:
    """The program's total and each of FUNCTIONS' inclusive count, from callgrind_annotate."""
    found = {}
    for line in annotated.splitlines():
        if "PROGRAM TOTALS" in line:
            found["total"] = int(line.split()[0].replace(",", ""))
            continue
        match = LINE.match(line)
        if match:
            for name, pattern in FUNCTIONS.items():
                if name not in found and pattern.search(match.group(2)):
                    found[name] = int(match.group(1).replace(",", ""))
    return found


def main() -> None:
    from game.content.paths import DEFAULT_SCENARIO

    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO))
    parser.add_argument("--battles", type=int, default=4)
    parser.add_argument("--ruleset", default=None, help="play under this ruleset (5e, 3.5, 4e)")
    parser.add_argument("--warm-up", type=int, default=None, help="the warm-up battle's seed (default: N + 99)")
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)  # the run valgrind measures
    args = parser.parse_args()
    if args.play:
        play(args.scenario, args.battles, args.ruleset, args.warm_up)
        return
    if not (shutil.which("valgrind") and shutil.which("callgrind_annotate")):
        sys.exit("ai_instructions: valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__,
                   args.scenario, "--battles", str(args.battles), "--play"]
        if args.ruleset:
            command += ["--ruleset", args.ruleset]
        if args.warm_up is not None:
            command += ["--warm-up", str(args.warm_up)]
        # (a fixed string hash: the dicts' and sets' layouts, and so their costs, the same every run)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)], check=True,
                                   capture_output=True, text=True).stdout
    found = counts(annotated)
    warm_up = args.battles + 99 if args.warm_up is None else args.warm_up
    print(f"{Path(args.scenario).name}, {args.battles} battles after a warm-up (seed {warm_up}), "
          f"ruleset {args.ruleset or 'its own'}")
    for name in ("total", *FUNCTIONS):
        value = found.get(name)
        print(f"{name:8s} {value:>16,}" if value is not None else f"{name:8s} {'not named (plain Python?)':>16}")


if __name__ == "__main__":
    main()
