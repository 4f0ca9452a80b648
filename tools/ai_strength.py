"""Head to head: the hard computer player with some of its settings changed ("new") against
the hard player as it is ("old"), over the bundled two-sided scenarios. The new player plays
the first side on even battles and the second on odd ones (battle i: seed i), so a side's
advantage cancels out. It prints each scenario's wins and the new player's share of the
decided battles over all, with its 95% interval: a change meant to keep the strength should
keep 50% inside that interval, scenario by scenario too (about +-7% at 200 battles each).

A setting is a module-level value of the game, given as MODULE.NAME=VALUE (a Python literal):
`--set game.session.ai.positioning.CANDIDATES_SPREAD=4`. The values are set while the new
player decides and put back after, in each worker. Compiled modules read their module values
at each use, so the overrides apply to them as well.

Usage: .venv/bin/python tools/ai_strength.py --set MODULE.NAME=VALUE [...] [--battles N]
       [--first SEED] [--jobs J] [--only NAME] [--ruleset R]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import multiprocessing
import sys
from collections import Counter

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session import simulate

_WORKER: dict = {}


def parse_setting(text: str) -> tuple[str, str, object]:
    """MODULE.NAME=VALUE as (module, name, value); ValueError saying what is wrong."""
    target, sep, literal = text.partition("=")
    module, dot, name = target.strip().rpartition(".")
    if not sep or not dot or not module or not name:
        raise ValueError(f"{text!r}: expected MODULE.NAME=VALUE")
    try:
        value = ast.literal_eval(literal.strip())
    except (ValueError, SyntaxError):
        raise ValueError(f"{text!r}: the value is not a Python literal") from None
    if not hasattr(importlib.import_module(module), name):
        raise ValueError(f"{text!r}: {module} has no {name}")
    return module, name, value


class Overrides:
    """The settings of the new player, set and put back around each of its decisions."""

    def __init__(self, settings) -> None:
        self.entries = []
        for module, name, value in settings:
            owner = importlib.import_module(module)
            self.entries.append((owner, name, getattr(owner, name), value))

    def __enter__(self):
        for owner, name, _old, new in self.entries:
            setattr(owner, name, new)

    def __exit__(self, *exc):
        for owner, name, old, _new in self.entries:
            setattr(owner, name, old)


def _start_worker(path: str, ruleset: str | None, settings) -> None:
    scenario = load_scenario(path, ruleset)
    _WORKER.update(scenario=scenario, sides=simulate.sides_of(scenario), overrides=Overrides(settings))
    plain = simulate.choose

    def choose(battle, level):
        state = battle.state
        acting = state.offers[0].reactor if state.offers else state.current_id
        if state.creatures[acting].side == _new_side(_WORKER["index"]):
            with _WORKER["overrides"]:
                return plain(battle, level)
        return plain(battle, level)

    simulate.choose = choose  # play_scenario asks it for every command


def _new_side(index: int) -> str:
    return _WORKER["sides"][index % 2]


def _play(index: int) -> str:
    """Battle `index` (its seed): "new", "old" or "draw"."""
    _WORKER["index"] = index
    policies = {side: "hard" for side in _WORKER["sides"]}
    result = simulate.play_loaded_chunk(_WORKER["scenario"], [index], 0, policies, False, simulate.ROUND_CAP)[0]
    if result.winner is None:
        return "draw"
    return "new" if result.winner == _new_side(index) else "old"


def head_to_head(path: str, battles: range, settings, jobs: int, ruleset: str | None) -> Counter:
    with multiprocessing.Pool(jobs, initializer=_start_worker, initargs=(path, ruleset, settings)) as pool:
        return Counter(pool.imap_unordered(_play, battles))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", dest="settings", action="append", default=[], metavar="MODULE.NAME=VALUE")
    parser.add_argument("--battles", type=int, default=200, help="per scenario (default 200)")
    parser.add_argument("--first", type=int, default=0, help="the first battle's seed (default 0): another set of battles")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default=None, help="one scenario, by name (default: every two-sided one)")
    parser.add_argument("--ruleset", default=None, help="play under this ruleset (5e, 3.5, 4e)")
    args = parser.parse_args()
    try:
        settings = [parse_setting(text) for text in args.settings]
    except (ValueError, ImportError) as exc:
        sys.exit(f"ai_strength: {exc}")
    paths = sorted(str(p) for p in MAPS_DIR.glob("*.scenario.toml"))
    if args.only:
        paths = [p for p in paths if p.endswith(f"/{args.only}.scenario.toml")]
        if not paths:
            sys.exit(f"ai_strength: no bundled scenario named {args.only!r}")
    paths = [p for p in paths if len(simulate.sides_of(load_scenario(p, args.ruleset))) == 2]
    total: Counter = Counter()
    for path in paths:
        found = head_to_head(path, range(args.first, args.first + args.battles), settings, args.jobs, args.ruleset)
        total.update(found)
        name = path.rsplit("/", 1)[-1].removesuffix(".scenario.toml")
        print(f"{name:16s} new {found['new']:4d}  old {found['old']:4d}  draws {found['draw']}", flush=True)
    decided = total["new"] + total["old"]
    low, high = simulate.wilson(total["new"], decided)
    share = total["new"] / decided if decided else 0.0
    print(f"{'all':16s} new {total['new']:4d}  old {total['old']:4d}  draws {total['draw']}: "
          f"the new player's share {share:.1%} (95% {low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
