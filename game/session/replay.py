"""Replaying a scenario's commands headless, stopping at the first refused command.

Replaying grows linearly with the commands: each is played without the copy of the battle that
undoing a refused command needs (that copy grows with the log); when one is refused, the
battle is played again up to it, so the battle returned is the one before it, unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from ..content.scenarios import Scenario
from ..core.memory import freeze_startup_objects
from ..rules import registry
from ..rules.api import Battle
from ..rules.errors import IllegalCommand


@dataclass
class ReplayResult:
    battle: Battle
    error: str | None = None  # "command 3 (gob1 move to [5, 2]): why"
    failed_index: int | None = None
    reason: str | None = None  # the "why" alone


def describe_raw(raw: dict) -> str:
    if not isinstance(raw, dict):
        return repr(raw)
    parts = [str(raw.get("actor", "?")), str(raw.get("act", "?"))]
    for key, value in raw.items():
        if key not in ("actor", "act", "caption"):  # a demo's caption is words, not the command
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
    """A battle of the scenario under its ruleset (a ContentError when that ruleset is not available).
    The first one of a process leaves the objects loaded so far out of the garbage collector's
    passes (core.memory.freeze_startup_objects): no computer turn then waits on walking them."""
    battle = registry.new_battle(scenario)
    freeze_startup_objects()
    return battle


def replay(scenario: Scenario, commands: list | None = None) -> ReplayResult:
    """Play the scenario's commands (or the commands given) in order; stop at the first illegal
    one (numbered from 1), the battle left as it was before it."""
    commands = scenario.commands if commands is None else commands
    battle = new_battle(scenario)
    for index, raw in enumerate(commands):
        try:
            battle.submit(raw, undo_on_error=False)
        except IllegalCommand as exc:
            battle = play_all(new_battle(scenario), commands[:index])  # the refused one may have begun
            error = _("command {number} ({command}): {why}").format(number=index + 1, command=describe_raw(raw), why=exc)
            return ReplayResult(battle, error, index, str(exc))
    return ReplayResult(battle)


def play_all(battle: Battle, commands) -> Battle:
    """The battle with commands already known to be legal played (IllegalCommand if one is not)."""
    for raw in commands:
        battle.submit(raw, undo_on_error=False)
    return battle
