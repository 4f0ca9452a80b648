"""The frame time of a busy battle scene, for `skirmish bench` (dummy video driver).

1280x800, 40 tokens on the open field, the current creature's reach overlay shown with a
hovered path, and a full combat log: the median time to draw a frame.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ..content.paths import MAPS_DIR  # noqa: E402
from ..content.scenarios import parse_scenario  # noqa: E402


def busy_scenario():
    roster = []
    kinds = ["fighter", "rogue", "wizard", "cleric", "orc"]
    for i in range(20):
        roster.append({"id": f"b{i}", "kind": kinds[i % len(kinds)], "side": "blue", "at": [1 + (i % 5) * 2, 1 + (i // 5) * 4]})
        roster.append({"id": f"r{i}", "kind": "goblin", "side": "red", "at": [17 + (i % 5) * 2, 1 + (i // 5) * 4]})
    data = {"format": 1, "title": "Busy scene", "seed": 1, "map": "open-field",
            "sides": {"blue": "human", "red": "human"}, "creature": roster,
            "initiative": [c["id"] for c in roster]}
    return parse_scenario(data, MAPS_DIR / "busy.toml")


def frame_time_ms(frames: int = 90) -> float:
    from .app import App

    scenario = busy_scenario()
    with tempfile.TemporaryDirectory() as data_dir:
        app = App(scenario, size=(1280, 800), data_dir=data_dir)
        app.battle.state.log.extend(f"Goblin {i} attacks Fighter with scimitar: d20 {i % 20 + 1} + 4 = "
                                    f"{i % 20 + 5} vs AC 19, miss" for i in range(300))
        app.sync_log()
        app.toggle_move(app.my_turn())
        hover = app.view.square_centre(6, 6) if hasattr(app.view, "square_centre") else (400, 300)
        app.mouse = hover
        times = []
        for _ in range(frames):
            start = time.perf_counter()
            app.update(1 / 60)
            app.draw()
            pygame.display.flip()
            times.append((time.perf_counter() - start) * 1000)
        app.close()
    return round(statistics.median(times[10:]), 2)
