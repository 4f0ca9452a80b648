"""`skirmish bench`: medians of the board's hot paths on bench-100, beside reference timings.

- movement_field_ms: the full movement field of a medium creature among 30 creatures;
  reference: tcod's dijkstra2d (C) on the same per-square costs, when tcod is installed.
- reach_ms: the squares reachable with 9 m of speed plus a Dash (18 m); reference: tcod's
  dijkstra2d on the same costs over the window of the board that limit reaches (12 squares
  around the start), the window the movement field searches.
- cover_all_pairs_ms: cover for every ordered pair of the 30 creatures, the terrain's planes
  kept (as in play); cover_all_pairs_cold_ms: the same on a fresh map, the planes computed
  afresh. Reference: tcod's Bresenham lines for the same corner-to-corner lines, each
  checked against the blockers in a Python loop (a sanity check, not a fair C reference).
- ai_slowest_turn_ms, battles_per_second: the hard computer player's longest turn on each
  bundled scenario, and battles a second of the default skirmish, under the ruleset asked
  (`skirmish bench --ruleset 3.5`; 5e by default).
- long_save_load_s, long_save_replay_s: a save of 100,000 commands (two fighters far apart
  taking the Dodge action and ending their turns, one step every 20 commands) loaded, then
  replayed: both grow linearly (a move costs more: the engine prices its movement field).
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time

import numpy as np

from ..i18n import _
from ..content.maps import load_map
from ..content.paths import DEFAULT_SCENARIO, MAPS_DIR
from ..core.board import SQUARE_M
from ..core.cover import Blockers, cover_table, forget_terrain_planes
from ..core.movement import Mover, Occupant, movement_field, position_costs, search_window
from ..core.terrain import HALF
from ..rules.registry import ruleset

RUNS = 15
RULES = ruleset("5e")  # the board's figures are measured under the default ruleset's terrain rules
MOVE_5E, COVER_5E = RULES.move_rules("5-5-5"), RULES.cover_rules


def _median_ms(fn, runs: int = RUNS) -> float:
    fn()  # warm up caches
    times = []
    for _i in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 3)


def _creatures(mapdata):
    spawns = [at for _side, at in mapdata.spawns][:30]
    sides = [side for side, _at in mapdata.spawns][:30]
    return spawns, sides


def run_bench(progress: bool = False, ruleset: str | None = None) -> dict:
    """Every figure; the computer players' (slowest turn, battles per second) under `ruleset`
    (None: each scenario's own, 5e for the bundled ones), the board's under 5e's terrain rules."""
    def say(step: int, total: int, what: str) -> None:
        if progress:
            print(f"[{step}/{total}] {what}", file=sys.stderr, flush=True)

    mapdata = load_map(MAPS_DIR / "bench-100.toml")
    board = mapdata.board
    spawns, sides = _creatures(mapdata)
    start = spawns[0]
    others = [Occupant(x, y, 1, "medium", hostile=side != sides[0]) for (x, y), side in zip(spawns[1:], sides[1:])]
    mover = Mover()
    figures: dict = {
        "machine": f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}",
        "board": f"bench-100 ({board.width}x{board.height}), {len(spawns)} creatures",
        "runs": RUNS,
        "ruleset": ruleset or "5e",
    }
    total = 7
    say(1, total, _("movement field"))
    figures["movement_field_ms"] = _median_ms(lambda: movement_field(board, start, mover, others, rules=MOVE_5E))
    say(2, total, _("reach with speed 9 m plus Dash"))
    figures["reach_ms"] = _median_ms(
        lambda: movement_field(board, start, mover, others, rules=MOVE_5E, limit_m=18.0).reachable(18.0))
    say(3, total, _("cover for all ordered pairs"))
    owners = np.full(board.terrain.shape, -1, np.int64)
    for index, (x, y) in enumerate(spawns):
        owners[y, x] = index
    blockers = Blockers(board.line_caps(COVER_5E), owners, rules=COVER_5E)
    spaces = [(x, y, 1) for x, y in spawns]

    def all_pairs():
        return cover_table(blockers, spaces)

    figures["cover_all_pairs_ms"] = _median_ms(all_pairs)

    def all_pairs_cold():
        forget_terrain_planes()
        return cover_table(blockers, spaces)

    figures["cover_all_pairs_cold_ms"] = _median_ms(all_pairs_cold, runs=5)
    figures["cover_pairs"] = len(spawns) * (len(spawns) - 1)
    say(4, total, _("the slowest computer turn on each bundled scenario (hard against hard)"))
    figures["ai_slowest_turn_ms"] = slowest_turns(ruleset)
    figures["ai_slowest_turn_max_ms"] = max(figures["ai_slowest_turn_ms"].values())
    say(5, total, _("battles per second, default skirmish, hard against hard, 2 workers (3 x 24 battles)"))
    from .simulate import simulate

    rates = []
    for _i in range(3):
        summary, _results = simulate(DEFAULT_SCENARIO, 24, jobs=2, seed=len(rates) * 100,
                              policies={"blue": "hard", "red": "hard"}, ruleset=ruleset)
        rates.append(summary["battles_per_second"])
    figures["battles_per_second"] = round(statistics.median(rates), 2)
    figures["minutes_for_1000_battles"] = round(1000 / figures["battles_per_second"] / 60, 1)
    say(6, total, _("a save of {count} commands: loading, then replaying").format(count=f"{LONG_SAVE_COMMANDS:,}"))
    figures.update(long_save_figures(LONG_SAVE_COMMANDS))
    # the references come last: loading tcod slows numpy's gathers in the same process (by
    # half, measured), which the game itself never pays
    say(7, total, _("reference timings (tcod)"))
    for name, limit_m in (("movement_field", None), ("reach", 18.0)):
        reference = _tcod_reference(board, start, mover, others, limit_m)
        if reference is not None:
            figures[f"{name}_reference_ms"] = reference
            figures[f"{name}_ratio"] = round(figures[f"{name}_ms"] / reference, 2)
    levels = board.line_caps(COVER_5E).copy()
    levels[owners >= 0] = np.maximum(levels[owners >= 0], HALF)
    cover_ref = _tcod_cover_reference(levels, spawns)
    if cover_ref is not None:
        figures["cover_all_pairs_reference_ms"] = cover_ref
        figures["cover_all_pairs_ratio"] = round(figures["cover_all_pairs_ms"] / cover_ref, 2)
    return figures


LONG_SAVE_COMMANDS = 100_000


def long_save_data(commands: int) -> dict:
    """A save of that many commands: two fighters far apart, each taking the Dodge action and
    ending its turn, and one of them stepping a square (and back) every 20 commands (every
    command legal)."""
    turns = [("a", "dodge", None), ("a", "end", None), ("b", "dodge", None), ("b", "end", None)] * 5
    cycle = [("a", "move", [1, 0]), *turns[1:], ("a", "move", [0, 0]), *turns[1:]]
    played = []
    for index in range(commands):
        actor, act, to = cycle[index % len(cycle)]
        played.append({"actor": actor, "act": act, **({"to": to} if to else {})})
    return {
        "format": 1, "title": "A long save", "seed": 1, "initiative": ["a", "b"],
        "map": {"grid": "..........\n..........\n"},
        "creature": [{"id": "a", "kind": "fighter", "side": "blue", "at": [0, 0]},
                     {"id": "b", "kind": "fighter", "side": "red", "at": [9, 1]}],
        "command": played,
    }


def long_save_figures(commands: int) -> dict:
    """Seconds to load a save of that many commands, and to replay it (each command accepted)."""
    import tempfile
    from pathlib import Path

    from ..content.scenarios import load_scenario
    from .replay import replay
    from .saves import to_toml

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.toml"
        path.write_text(to_toml(long_save_data(commands)), encoding="utf-8")
        start = time.perf_counter()
        scenario = load_scenario(path)
        loaded = time.perf_counter()
        result = replay(scenario)
        done = time.perf_counter()
    if result.error or len(result.battle.state.played) != commands:
        raise RuntimeError(_("the long save does not replay: {error}").format(error=result.error))
    return {"long_save_commands": commands, "long_save_load_s": round(loaded - start, 2),
            "long_save_replay_s": round(done - loaded, 2)}


def slowest_turns(ruleset: str | None = None, paths=None) -> dict:
    """Per bundled scenario (or per file of `paths`), the longest time a hard computer player
    spent on one creature's turn, under `ruleset` (None: the scenario's own)."""
    from ..content.scenarios import load_scenario
    from ..rules.errors import IllegalCommand
    from .ai import choose
    from .replay import new_battle

    out = {}
    for path in paths or sorted(MAPS_DIR.glob("*.scenario.toml")):
        battle = new_battle(load_scenario(path, ruleset))
        worst = 0.0
        turn_key, spent = None, 0.0
        while not battle.state.over and battle.state.round <= 15:
            key = (battle.state.round, battle.state.turn_index)
            if key != turn_key:
                worst = max(worst, spent)
                turn_key, spent = key, 0.0
            start = time.perf_counter()
            command = choose(battle, "hard")
            spent += (time.perf_counter() - start) * 1000
            try:  # no undo copy: a refusal ends the measure (as in simulate)
                battle.submit(command, undo_on_error=False)
            except IllegalCommand as exc:
                raise RuntimeError(_("{level} player issued an illegal command {command}: {why}").format(
                    level="hard", command=command, why=exc)) from None
        out[path.name.removesuffix(".scenario.toml")] = round(max(worst, spent), 1)
    return out


def _tcod_reference(board, start, mover, others, limit_m: float | None) -> float | None:
    """tcod's dijkstra2d on the field's per-square costs, over the window a search with that
    limit looks at (the whole board without one); the costs are priced beforehand."""
    try:
        import tcod.path
    except ImportError:
        return None
    x0, y0, x1, y1 = search_window(board, start, 1, limit_m)
    multiplier = np.ascontiguousarray(position_costs(board, mover, others, MOVE_5E).multiplier[y0:y1, x0:x1], np.int32)

    def run():
        dist = np.full(multiplier.shape, np.iinfo(np.int32).max, np.int32)
        dist[start[1] - y0, start[0] - x0] = 0
        tcod.path.dijkstra2d(dist, multiplier, 1, 1, out=dist)
        return dist * SQUARE_M

    return _median_ms(run)


def _tcod_cover_reference(levels, spawns) -> float | None:
    try:
        import tcod.los
    except ImportError:
        return None
    blocked = levels > 0

    def run():
        for i, a in enumerate(spawns):
            for j, b in enumerate(spawns):
                if i == j:
                    continue
                for ox, oy in ((a[0], a[1]), (a[0] + 1, a[1]), (a[0], a[1] + 1), (a[0] + 1, a[1] + 1)):
                    for tx, ty in ((b[0], b[1]), (b[0] + 1, b[1]), (b[0], b[1] + 1), (b[0] + 1, b[1] + 1)):
                        line = tcod.los.bresenham((ox, oy), (tx, ty))
                        xs = np.clip(line[1:-1, 0], 0, blocked.shape[1] - 1)
                        ys = np.clip(line[1:-1, 1], 0, blocked.shape[0] - 1)
                        blocked[ys, xs].any()

    return _median_ms(run, runs=5)
