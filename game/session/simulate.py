"""`skirmish simulate`: many battles computer against computer, and what they tell a designer.

Battle i of a run uses the seed `seed + i`, so the numbers depend only on the seed and the
number of runs, never on how many worker processes share the work nor where they run: local
processes here (`jobs`), or the tasks of a Ray cluster (`ray`, in `ray_backend.py`). With `swap`, every second
battle exchanges the two sides' computer players, so neither side's position helps a level.
"""

from __future__ import annotations

import copy
import math
import multiprocessing
import os
import signal
import sys
import time
from collections import Counter, defaultdict
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..i18n import _, decimal, language
from ..content.scenarios import load_scenario
from ..core.memory import freeze_startup_objects
from ..rules import registry
from ..rules.errors import IllegalCommand
from .ai import POLICIES, choose
from .replay import new_battle

ROUND_CAP = 40


@dataclass
class BattleResult:
    index: int
    winner: str | None  # a side, or None for a draw (the round cap)
    rounds: int
    levels: dict[str, str]  # side -> level that played it
    survived: dict[str, bool]
    damage_dealt: dict[str, int]
    falls: list[tuple[int, int]] = field(default_factory=list)
    damage_at: list[tuple[int, int, int]] = field(default_factory=list)  # x, y, amount
    commands: int = 0
    slowest_decision_ms: float = 0.0


def sides_of(scenario) -> list[str]:
    seen = []
    for spec in scenario.creatures:
        if spec.side not in seen:
            seen.append(spec.side)
    return seen


def play_one(path: str, index: int, seed: int, policies: dict[str, str], swap: bool,
             round_cap: int = ROUND_CAP, ruleset: str | None = None) -> BattleResult:
    """Play one battle to its end (or the round cap) with the computer on every side.

    `ruleset`, when given, replaces the scenario's (as `--ruleset` does)."""
    return play_scenario(load_scenario(path, ruleset), index, seed, policies, swap, round_cap)


def play_scenario(scenario, index: int, seed: int, policies: dict[str, str], swap: bool,
                  round_cap: int = ROUND_CAP) -> BattleResult:
    """Play battle `index` of a scenario already loaded (it is changed: give a copy to keep it)."""
    scenario.seed = seed + index
    sides = sides_of(scenario)
    levels = {side: policies.get(side, "hard") for side in sides}
    if swap and index % 2 == 1 and len(sides) == 2:
        a, b = sides
        levels[a], levels[b] = levels[b], levels[a]
    battle = new_battle(scenario)
    damage = Counter()
    damage_at = []
    falls = []
    commands = 0
    slowest = 0.0
    while not battle.state.over and battle.state.round <= round_cap:
        acting = battle.state.offers[0].reactor if battle.state.offers else battle.state.current_id
        level = levels[battle.state.creatures[acting].side]
        start = time.perf_counter()
        command = choose(battle, level)
        slowest = max(slowest, (time.perf_counter() - start) * 1000)
        standing = {cid for cid, c in battle.state.creatures.items() if c.standing}
        try:
            events = battle.submit(command, undo_on_error=False)  # a refusal ends the run anyway
        except IllegalCommand as exc:  # a computer player must never do this: say where
            raise RuntimeError(_("{level} player issued an illegal command {command}: {why}").format(
                level=level, command=command, why=exc)) from None
        commands += 1
        for event in events:
            if event.kind == "damage":
                target = battle.state.creatures[event.data["target"]]
                if event.data.get("source"):
                    damage[event.data["source"]] += event.data["amount"]
                damage_at.append((target.x, target.y, event.data["amount"]))
        for cid in standing:
            fallen = battle.state.creatures[cid]
            if not fallen.standing:
                falls.append((fallen.x, fallen.y))
        if commands > 20000:
            break
    state = battle.state
    return BattleResult(
        index=index, winner=state.winner if state.over else None, rounds=state.round, levels=levels,
        survived={cid: c.standing for cid, c in state.creatures.items()},
        damage_dealt={cid: damage.get(cid, 0) for cid in state.creatures},
        falls=falls, damage_at=damage_at, commands=commands, slowest_decision_ms=slowest,
    )


_WORKER_SCENARIO = None  # in a worker process: the scenario it plays, given once (_keep_scenario)


def _keep_scenario(scenario) -> None:
    """A worker's start: the scenario its chunks play (its board's kept lines and sights then
    serve every battle the worker plays); Ctrl-C is the parent's to answer."""
    global _WORKER_SCENARIO
    _WORKER_SCENARIO = scenario
    _ignore_interrupts()


def _play_chunk(args) -> list[BattleResult]:
    indices, seed, policies, swap, cap = args
    return play_loaded_chunk(_WORKER_SCENARIO, indices, seed, policies, swap, cap)


def play_loaded_chunk(scenario, indices: list[int], seed: int, policies: dict[str, str], swap: bool,
                      cap: int) -> list[BattleResult]:
    """The battles `indices` of a scenario loaded once (by simulate, for its worker processes and
    a cluster's nodes, which need not have its files): each battle plays a fresh copy (a copy
    costs a tenth of reading the file again, measured: 0.27 against 2.4 ms). The copies share
    the scenario's board: it never changes, and what it keeps (lines of sight, terrain planes)
    is then worked out once for all of them."""
    board = scenario.map.board
    return [play_scenario(copy.deepcopy(scenario, {id(board): board}), i, seed, policies, swap, cap)
            for i in indices]


def chunked(runs: int, workers: int) -> list[list[int]]:
    """The battles' indices in chunks: at least sixteen per worker where the battles allow (so
    that the workers end close together: with 24 battles on 2 workers, a battle a chunk plays
    them 5-12% faster than 3, measured), at most ten battles each."""
    size = max(1, min(10, runs // (workers * 16)))
    return [list(range(i, min(i + size, runs))) for i in range(0, runs, size)]


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def simulate(path: str | Path, runs: int, jobs: int = 1, seed: int | None = None,
             policies: dict[str, str] | None = None, swap: bool = False, progress: bool = False,
             round_cap: int = ROUND_CAP, ruleset: str | None = None,
             ray: str | None = None) -> tuple[dict, list[BattleResult]]:
    """Play `runs` battles; returns the summary (the --json object) and every result.

    `ruleset`, when given, replaces the scenario's (as `--ruleset` does). `ray`, when given, is
    where the battles are played instead of `jobs` local processes: a Ray cluster's address, or
    "local" for a Ray instance on this machine with `jobs` CPUs (ray_backend.py; a
    ray_backend.ClusterError when Ray is not installed or the cluster cannot be reached)."""
    path = str(path)
    scenario = load_scenario(path, ruleset)
    for level in (policies or {}).values():
        if level not in POLICIES:
            raise ValueError(_("unknown level {level!r} (known: {known})").format(level=level, known=", ".join(POLICIES)))
    base_seed = scenario.seed if seed is None else seed
    policies = dict(policies or {})
    results: list[BattleResult] = []
    interrupted = False
    with ExitStack() as cluster:
        if ray is not None:
            from . import ray_backend

            backend = cluster.enter_context(ray_backend.connected(ray, jobs))  # before the clock starts
        jobs = max(1, min(jobs, runs, os.cpu_count() or 1))
        start = time.perf_counter()

        def shown() -> None:
            _progress(progress, len(results), runs, start)

        shown()  # the battles have begun
        try:
            if ray is not None:
                backend.play(scenario, runs, (base_seed, policies, swap, round_cap), results, shown)
            else:
                tasks = [(indices, base_seed, policies, swap, round_cap) for indices in chunked(runs, jobs)]
                if jobs == 1:
                    for task in tasks:
                        results += play_loaded_chunk(scenario, *task)
                        shown()
                else:
                    _warm_before_forking(scenario)
                    _play_in_workers(scenario, tasks, jobs, results, shown)
        except KeyboardInterrupt:
            interrupted = True  # Ctrl-C: the battles finished so far are the result
        elapsed = time.perf_counter() - start
    if progress:
        print(file=sys.stderr)
    results.sort(key=lambda r: r.index)
    summary = summarise(scenario, results, elapsed)
    if interrupted:
        summary["interrupted"] = True
    return summary, results


def _warm_before_forking(scenario) -> None:
    """What every worker's first battle would pay, paid once here before the workers are forked
    (where they start by forking; they inherit it): the ruleset's modules imported, and the
    objects loaded so far left out of the garbage collector's passes (core.memory). Measured,
    the first battle of each worker took about 100 ms more than the others without it."""
    if multiprocessing.get_start_method() != "fork":
        return
    registry.ruleset(scenario.ruleset)
    freeze_startup_objects()


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to answer (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_workers(scenario, tasks, jobs: int, results: list, shown) -> None:
    """Play the chunks in worker processes, adding each chunk's results as it ends; on Ctrl-C the
    workers are stopped at once (the chunks they were playing are lost, the ones finished kept)
    and KeyboardInterrupt goes on."""
    pool = multiprocessing.Pool(jobs, initializer=_keep_scenario, initargs=(scenario,))
    try:
        for done in pool.imap_unordered(_play_chunk, tasks):
            results += done
            shown()
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _progress(show: bool, done: int, total: int, start: float) -> None:
    if not show:
        return
    width = 30
    filled = int(width * done / total)
    rate = done / max(time.perf_counter() - start, 1e-9)
    bar = "#" * filled + "." * (width - filled)
    print("\r" + _("[{bar}] {done}/{total} battles, {rate}/s").format(bar=bar, done=done, total=total,
                                                                   rate=decimal(rate, ".1f")),
          end="", file=sys.stderr, flush=True)


def summarise(scenario, results: list[BattleResult], elapsed: float) -> dict:
    n = len(results)
    sides = sides_of(scenario)
    wins = {side: sum(1 for r in results if r.winner == side) for side in sides}
    draws = sum(1 for r in results if r.winner is None)
    rounds = np.array([r.rounds for r in results], float) if results else np.zeros(1)
    names = {spec.id: spec for spec in scenario.creatures}
    by_level: dict[str, int] = defaultdict(int)
    played: dict[str, int] = defaultdict(int)
    for r in results:
        for side, level in r.levels.items():
            played[level] += 1
            if r.winner == side:
                by_level[level] += 1
    summary = {
        "runs": n,
        "wins": {**wins, "draw": draws},
        "win_rate_ci95": {side: [round(v, 3) for v in wilson(wins[side], n)] for side in sides},
        "mean_rounds": round(float(rounds.mean()), 2),
        "rounds_sd": round(float(rounds.std()), 2),
        "battles_per_second": round(n / elapsed, 2) if elapsed > 0 else None,
        "creatures": {
            cid: {
                "side": names[cid].side,
                "survival": round(sum(r.survived[cid] for r in results) / max(n, 1), 3),
                "mean_damage_dealt": round(sum(r.damage_dealt[cid] for r in results) / max(n, 1), 2),
            }
            for cid in names
        },
        "wins_by_level": {level: {"wins": by_level[level], "played": played[level],
                                  "ci95": [round(v, 3) for v in wilson(by_level[level], played[level])]}
                          for level in played},
        "slowest_decision_ms": round(max((r.slowest_decision_ms for r in results), default=0.0), 2),
    }
    return summary


def table(summary: dict) -> str:
    """The summary as the plain table `skirmish simulate` prints."""
    n = summary["runs"]
    head = _("{runs} battles, {speed} battles/s; rounds: mean {mean}, sd {sd}").format(
        runs=n, speed=decimal(summary["battles_per_second"]), mean=decimal(summary["mean_rounds"]),
        sd=decimal(summary["rounds_sd"]))
    if summary.get("interrupted"):
        head = _("interrupted (Ctrl-C): the battles finished: {summary}").format(summary=head)
    lines = [head]
    # the headings in the language spoken; a column is as wide as its heading needs
    side_h, wins_h, rate_h, ci_h = _("side"), _("wins"), _("rate"), _("95% interval")
    sw, ww, rw = max(10, len(side_h) + 1), max(7, len(wins_h) + 1), max(8, len(rate_h) + 1)
    lines.append(f"{side_h:<{sw}}{wins_h:>{ww}}{rate_h:>{rw}}   {ci_h}")
    for side, count in summary["wins"].items():
        if side == "draw":
            continue
        lo, hi = summary["win_rate_ci95"][side]
        lines.append(f"{side:<{sw}}{count:>{ww}}{percent(count / max(n, 1)):>{rw}}   {percent(lo)} - {percent(hi)}")
    draws = summary["wins"]["draw"]
    lines.append(f"{_('draw'):<{sw}}{draws:>{ww}}{percent(draws / max(n, 1)):>{rw}}")
    if len(summary["wins_by_level"]) > 1:
        level_h, of_h = _("level"), _("of")
        ow = max(7, len(of_h) + 1)
        lines.append("")
        lines.append(f"{level_h:<{sw}}{wins_h:>{ww}}{of_h:>{ow}}{rate_h:>{rw}}   {ci_h}")
        for level, row in summary["wins_by_level"].items():
            lo, hi = row["ci95"]
            lines.append(f"{level:<{sw}}{row['wins']:>{ww}}{row['played']:>{ow}}"
                         f"{percent(row['wins'] / max(row['played'], 1)):>{rw}}   {percent(lo)} - {percent(hi)}")
    lines.append("")
    creature_h, survival_h, damage_h = _("creature"), _("survival"), _("damage dealt")
    cw, vw, dw = max(14, len(creature_h) + 1), max(10, len(survival_h) + 1), max(14, len(damage_h) + 1)
    lines.append(f"{creature_h:<{cw}}{side_h:<8}{survival_h:>{vw}}{damage_h:>{dw}}")
    for cid, row in summary["creatures"].items():
        lines.append(f"{cid:<{cw}}{row['side']:<8}{percent(row['survival']):>{vw}}"
                     f"{decimal(row['mean_damage_dealt'], '.1f'):>{dw}}")
    return "\n".join(lines)


def percent(value: float) -> str:
    """A rate as a percentage with one decimal ("12.5%"; "12,5 %" in French)."""
    text = decimal(value * 100, ".1f")
    return f"{text} %" if language() == "fr" else f"{text}%"


def heat(scenario, results: list[BattleResult]) -> tuple[np.ndarray, np.ndarray]:
    """Where creatures fell and where damage was dealt, summed over the battles, per square."""
    board = scenario.map.board
    falls = np.zeros((board.height, board.width))
    damage = np.zeros((board.height, board.width))
    for r in results:
        for x, y in r.falls:
            falls[y, x] += 1
        for x, y, amount in r.damage_at:
            damage[y, x] += amount
    return falls, damage
