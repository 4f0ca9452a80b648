"""Replaying a scenario's commands headless, stopping at the first refused command."""

from __future__ import annotations

from dataclasses import dataclass

from ..content.scenarios import Scenario
from ..rules import registry
from ..rules.api import Battle
from ..rules.errors import IllegalCommand


@dataclass
class ReplayResult:
    battle: Battle
    error: str | None = None  # "command 3 (gob1 move to [5, 2]): why"
    failed_index: int | None = None


def describe_raw(raw: dict) -> str:
    if not isinstance(raw, dict):
        return repr(raw)
    parts = [str(raw.get("actor", "?")), str(raw.get("act", "?"))]
    for key, value in raw.items():
        if key not in ("actor", "act"):
            parts.append(f"{key} {_show(value)}")
    return " ".join(parts)


def _show(value) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def new_battle(scenario: Scenario) -> Battle:
    """A battle of the scenario under its ruleset (a ContentError when that ruleset is not available)."""
    return registry.new_battle(scenario)


def replay(scenario: Scenario) -> ReplayResult:
    """Play the scenario's commands in order; stop at the first illegal one (numbered from 1)."""
    battle = new_battle(scenario)
    for index, raw in enumerate(scenario.commands):
        try:
            battle.submit(raw)
        except IllegalCommand as exc:
            error = f"command {index + 1} ({describe_raw(raw)}): {exc}"
            return ReplayResult(battle, error, index)
    return ReplayResult(battle)
