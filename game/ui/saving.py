"""Quick save, quick load and the autosave, in the user's data folder.

The folder is `platformdirs.user_data_dir("skirmish")`, or `$SKIRMISH_DATA_DIR` when set, or
whatever the window is given (the tests give a temporary one). A save is written by
`session.saves.write_save` (a scenario with the commands played, written atomically); loading
reads it as a scenario and replays its commands (`session.replay.replay`), so a save is a replay.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

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
        from ..session.saves import write_save

        return write_save(with_its_seed(battle), self.path(name))

    def load(self, name: str = QUICKSAVE):
        """(battle, scenario, error): the save replayed; error names the first refused command."""
        from ..content.scenarios import load_scenario
        from ..session.replay import replay

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


def with_its_seed(battle):
    """The battle as write_save should see it: with the seed it was played with.

    `skirmish play --seed N` changes the scenario's seed but not the text it was read from,
    which saves.save_data copies; a save would then replay with the old seed. Until the save
    writer takes the seed from the scenario itself, a shallow copy carries the right one.
    """
    scenario = battle.scenario
    raw = getattr(scenario, "raw", None)
    if not isinstance(raw, dict) or raw.get("seed") == scenario.seed:
        return battle
    fixed = copy.copy(scenario)
    fixed.raw = {**raw, "seed": scenario.seed}
    view = copy.copy(battle)
    view.scenario = fixed
    return view
