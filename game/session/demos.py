"""Scripted demos of the rules: the bundled ones (`maps/demos/NAME.scenario.toml`), found by name
or given as a file, and a demo's steps, one command each with its caption.

A demo is a scenario whose `[[command]]`s carry a `caption` (the engine ignores it). `Demo` plays
it step by step: the battle after any step (going back replays from the start, since the engine
is deterministic), the log lines a step wrote with the rule ids each names, and the rule cards
to show beside the board (the cards that step's lines name; when they name none, the ones shown
last). Nothing here draws: the window and the pictures are game/ui/demo.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..content.errors import ContentError
from ..content.paths import MAPS_DIR
from ..content.scenarios import Scenario, load_scenario
from ..i18n import _, translated
from ..rules.api import Battle
from ..rules.cards import Card, cards_named
from .replay import new_battle, replay

DEMOS_DIR = MAPS_DIR / "demos"
SUFFIX = ".scenario.toml"


@dataclass(frozen=True)
class DemoInfo:
    """A bundled demo: its name (the file's, without `.scenario.toml`), its English title, its file."""

    name: str
    title: str
    path: Path


def bundled() -> list[DemoInfo]:
    """Every bundled demo, by name."""
    found = []
    for path in sorted(DEMOS_DIR.glob(f"*{SUFFIX}")):
        found.append(DemoInfo(path.name[: -len(SUFFIX)], load_scenario(path).title, path))
    return found


def demo_path(name_or_file: str) -> Path:
    """A bundled demo's file by its name, else the file given; ContentError when neither exists."""
    for info in bundled():
        if info.name == name_or_file:
            return info.path
    path = Path(name_or_file)
    if path.is_file():
        return path
    names = ", ".join(info.name for info in bundled())
    raise ContentError(_("no demo named {name!r} and no such file (the demos: {names})")
                       .format(name=name_or_file, names=names))


def caption_shown(raw: dict) -> str:
    """A command's caption in the language spoken now ("" when it has none)."""
    caption = raw.get("caption", "") if isinstance(raw, dict) else ""
    if not isinstance(caption, str) or not caption.strip():
        return ""
    return " ".join(translated("demos", caption.strip()).split())  # the file's line breaks are not the screen's


@dataclass(frozen=True)
class Line:
    """One line of the battle's log and the rule ids it names."""

    text: str
    rules: tuple[str, ...] = ()


class Demo:
    """A scenario played one command at a time: step 0 is the start, step k the battle after its
    k-th command. Every command must be legal: a demo that stops short is a ContentError."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.commands = list(scenario.commands)
        result = replay(scenario)
        if result.error:
            raise ContentError(_("the demo {title!r} cannot be played: {error}")
                               .format(title=scenario.title, error=result.error))
        self._battle = new_battle(scenario)
        self._at = 0  # the step self._battle stands at
        self._marks = {0: len(self._battle.state.log)}  # step -> the log's length after it
        self._events: dict[int, list] = {}  # step -> the events its command made

    @classmethod
    def load(cls, name_or_file: str) -> "Demo":
        return cls(load_scenario(demo_path(name_or_file)))

    @property
    def steps(self) -> int:
        return len(self.commands)

    @property
    def title(self) -> str:
        return translated("demos", self.scenario.title)

    def caption(self, step: int) -> str:
        """The caption of step k's command (1 to steps), in the language spoken now."""
        return caption_shown(self.commands[step - 1]) if 1 <= step <= self.steps else ""

    def battle_at(self, step: int) -> Battle:
        """The battle after `step` commands; forward from where it stands, else replayed from the start."""
        step = max(0, min(self.steps, step))
        if step < self._at:
            self._battle, self._at = new_battle(self.scenario), 0
        while self._at < step:
            self._events[self._at + 1] = self._battle.submit(self.commands[self._at], undo_on_error=False)
            self._at += 1
            self._marks[self._at] = len(self._battle.state.log)
        return self._battle

    def _played(self, step: int) -> Battle:
        """A battle that has played at least `step` commands (the log only grows: the lines of an
        earlier step stand where they were written)."""
        return self.battle_at(step) if step > self._at else self._battle

    def events(self, step: int) -> list:
        """The events of step k's command (its moves' paths, its damage)."""
        if step not in self._events:
            self._played(step)
        return self._events.get(step, [])

    def lines(self, step: int) -> list[Line]:
        """The log lines step k wrote (step 0: the lines written before the first command)."""
        step = max(0, min(self.steps, step))
        state = self._played(step).state
        start = self._marks[step - 1] if step > 0 else 0
        end = self._marks[step]
        return [Line(text, tuple(ids)) for text, ids in zip(state.log[start:end], state.log_rules[start:end])]

    def step_cards(self, step: int) -> list[Card]:
        """The rule cards step k's lines name (each once, in order), that the ruleset has."""
        return cards_named(self.scenario.ruleset, [i for line in self.lines(step) for i in line.rules])

    def cards_shown(self, step: int) -> list[Card]:
        """The cards beside the board at step k: its own, else those of the last step that named one."""
        for earlier in range(step, -1, -1):
            found = self.step_cards(earlier)
            if found:
                return found
        return []

    def actor(self, step: int) -> str | None:
        """The id of the creature whose command step k plays."""
        if 1 <= step <= self.steps:
            actor = self.commands[step - 1].get("actor")
            return actor if isinstance(actor, str) else None
        return None


__all__ = ["DEMOS_DIR", "Demo", "DemoInfo", "Line", "bundled", "caption_shown", "demo_path"]
