"""A quick balance readout of a layout while it is being edited: computer-against-computer
battles played in the background (a thread), their progress, then the win rates with their 95%
intervals and where damage was dealt and creatures fell (simulate.py's own battles and summary).
"""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path

import numpy as np

from ..i18n import _, decimal
from ..content.scenarios import load_scenario
from .saves import to_toml, write_text
from .simulate import play_one, summarise

RUNS = 40  # battles of a quick readout
LEVEL = "hard"  # the computer's best play on every side


class BalanceRun:
    """Battles of one layout, played in a background thread; read `done`, `total`, `summary`."""

    def __init__(self, data: dict, runs: int = RUNS, level: str = LEVEL) -> None:
        self.total = runs
        self.done = 0
        self.summary: dict | None = None
        self.error: str | None = None
        self.falls: np.ndarray | None = None
        self.damage: np.ndarray | None = None
        self._stop = threading.Event()
        folder = Path(tempfile.mkdtemp(prefix="skirmish-balance-"))
        self._path = write_text(folder / "layout.scenario.toml", to_toml(data))
        self._level = level
        self._thread = threading.Thread(target=self._play, daemon=True)
        self._thread.start()

    @property
    def finished(self) -> bool:
        return self.summary is not None or self.error is not None

    def stop(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def _play(self) -> None:
        try:
            scenario = load_scenario(self._path)
            sides = {c.side for c in scenario.creatures}
            if len(sides) < 2:
                raise ValueError(_("a balance readout needs creatures on two sides"))
            policies = {side: self._level for side in sides}
            results, start = [], time.perf_counter()
            for i in range(self.total):
                if self._stop.is_set():
                    self.error = _("stopped")
                    return
                results.append(play_one(str(self._path), i, scenario.seed, policies, swap=False))
                self.done = i + 1
            board = scenario.map.board
            self.falls = np.zeros((board.height, board.width))
            self.damage = np.zeros((board.height, board.width))
            for r in results:
                for x, y in r.falls:
                    self.falls[y, x] += 1
                for x, y, amount in r.damage_at:
                    self.damage[y, x] += amount
            self.summary = summarise(scenario, results, time.perf_counter() - start)
        except Exception as exc:  # the readout says what went wrong; the editor goes on
            self.error = str(exc).splitlines()[0] if str(exc) else type(exc).__name__

    def lines(self) -> list[str]:
        """The readout in words: progress, then each side's wins with its interval."""
        if self.error:
            return [_("Balance: {error}").format(error=self.error)]
        if self.summary is None:
            return [_("Balance: {done}/{total} battles ({level} against {level})...").format(
                done=self.done, total=self.total, level=LEVEL)]
        s = self.summary
        out = [_("Balance over {runs} battles ({level} on every side):").format(runs=s["runs"], level=self._level)]
        for side, wins in s["wins"].items():
            if side == "draw":
                continue
            low, high = s["win_rate_ci95"][side]
            out.append(_("  {side}: {wins} wins ({rate}; 95% {low}-{high})").format(
                side=side, wins=wins, rate=f"{wins / max(1, s['runs']):.0%}", low=f"{low:.0%}", high=f"{high:.0%}"))
        if s["wins"].get("draw"):
            out.append(_("  draws: {draws}").format(draws=s["wins"]["draw"]))
        out.append(_("  {rounds} rounds on average").format(rounds=decimal(s["mean_rounds"], ".1f")))
        return out


__all__ = ["BalanceRun", "RUNS"]
