"""The saves of one data folder: the quick save, the autosave, and any other save put there.

The folder is `platformdirs.user_data_dir("skirmish")`, or `$SKIRMISH_DATA_DIR` when set, or
whatever the session is given (the tests give a temporary one). A save is written by
`saves.write_save` (a scenario with the commands played, written atomically, with the seed and
ruleset it was played with); loading reads it as a scenario and replays its commands
(`replay.replay`), so a save is a replay.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..content.scenarios import load_scenario
from .replay import replay
from .saves import write_save

QUICKSAVE = "quicksave.toml"
AUTOSAVE = "autosave.toml"


def default_data_dir() -> Path:
    override = os.environ.get("SKIRMISH_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("skirmish"))


class Saves:
    """The save files of one data folder."""

    def __init__(self, data_dir: str | Path | None = None) -> None:
        self.dir = Path(data_dir) if data_dir is not None else default_data_dir()

    def path(self, name: str) -> Path:
        return self.dir / name

    def write(self, battle, name: str = QUICKSAVE) -> Path:
        return write_save(battle, self.path(name))

    def load(self, name: str = QUICKSAVE):
        """(battle, scenario, error): the save replayed; error names the first refused command."""
        scenario = load_scenario(self.path(name))
        result = replay(scenario)
        return result.battle, scenario, result.error

    def exists(self, name: str = QUICKSAVE) -> bool:
        return self.path(name).is_file()

    def listing(self) -> list[tuple[str, float]]:
        """The saves of the folder (`*.toml`) as (file name, modification time), newest first."""
        if not self.dir.is_dir():
            return []
        found = []
        for path in self.dir.glob("*.toml"):
            try:
                if path.is_file():
                    found.append((path.name, path.stat().st_mtime))
            except OSError:
                continue
        found.sort(key=lambda item: (-item[1], item[0]))
        return found


__all__ = ["AUTOSAVE", "QUICKSAVE", "Saves", "default_data_dir"]
