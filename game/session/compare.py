"""Comparing layouts (`skirmish simulate A.toml B.toml ... [--ruleset 5e,3.5,4e]`): the same
battles for each file under each ruleset asked, as one table (or one JSON list), so a designer
sees side by side how layouts, and one layout under each edition, play."""

from __future__ import annotations

from contextlib import ExitStack

from ..i18n import _, decimal
from ..content.errors import ContentError
from ..content.scenarios import load_scenario
from .simulate import simulate


def compare(files: list[str], rulesets: list[str | None], runs: int, **options) -> list[dict]:
    """One row per file and ruleset: the simulation's summary with `file` and `ruleset`, or
    `error` (one line) where that file cannot be played under that ruleset. With `ray`, every
    row plays on that one Ray cluster (ray_backend.ClusterError when it cannot be joined)."""
    with ExitStack() as cluster:
        if options.get("ray"):  # one connection to the cluster for every row
            from .ray_backend import connected

            cluster.enter_context(connected(options["ray"], options.get("jobs")))
        return _rows(files, rulesets, runs, options)


def _rows(files: list[str], rulesets: list[str | None], runs: int, options: dict) -> list[dict]:
    rows = []
    for path in files:
        for ruleset in rulesets:
            row = {"file": str(path), "ruleset": ruleset}
            try:
                summary, _results = simulate(path, runs, ruleset=ruleset, **options)
            except ContentError as exc:
                row["error"] = str(exc)
            else:
                row.update(summary)
                row["ruleset"] = ruleset or load_scenario(path).ruleset
            rows.append(row)
            if row.get("interrupted"):
                return rows
    return rows


def compare_table(rows: list[dict]) -> str:
    """The rows as the plain table: file, ruleset, battles, each side's wins with their 95%
    interval, draws and mean rounds (or the reason a row could not be played)."""
    file_h, ruleset_h, runs_h, draws_h, rounds_h = _("file"), _("ruleset"), _("runs"), _("draws"), _("rounds")
    width = max([len(file_h)] + [len(r["file"]) for r in rows]) + 2
    # each column as wide as its heading in the language spoken needs
    rw, nw, dw, mw = (max(base, len(h) + 1) for base, h in ((9, ruleset_h), (6, runs_h), (7, draws_h), (8, rounds_h)))
    lines = [f"{file_h:<{width}}{ruleset_h:<{rw}}{runs_h:>{nw}}{draws_h:>{dw}}{rounds_h:>{mw}}   "
             + _("wins per side (95% interval)")]
    for r in rows:
        head = f"{r['file']:<{width}}{str(r.get('ruleset') or '-'):<{rw}}"
        if "error" in r:
            lines.append(head + "   " + _("cannot play: {error}").format(error=r["error"]))
            continue
        n = max(1, r["runs"])
        wins = ", ".join(f"{side} {count} {count / n:.0%} ({lo:.0%}-{hi:.0%})"
                         for side, count in r["wins"].items() if side != "draw"
                         for lo, hi in [r["win_rate_ci95"][side]])
        lines.append(f"{head}{r['runs']:>{nw}}{r['wins'].get('draw', 0):>{dw}}"
                     f"{decimal(r['mean_rounds'], '.1f'):>{mw}}   {wins}")
    return "\n".join(lines)


__all__ = ["compare", "compare_table"]
