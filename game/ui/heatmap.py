"""The picture `skirmish simulate --heatmap` draws: where damage was dealt and creatures fell.

The map is drawn plainly (walls dark, water blue, difficult ground olive); each square is
tinted from clear to deep red by the damage dealt there over all the battles, and a dot grows
where creatures fell. A title line gives the number of battles and the scale.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from ..i18n import _
from ..core.terrain import TERRAIN  # noqa: E402
from .png import save_png  # noqa: E402

BASE = {
    "floor": (225, 218, 200), "wall": (70, 66, 62), "difficult": (190, 186, 140),
    "shallow-water": (160, 200, 225), "deep-water": (70, 120, 180), "low-wall": (160, 120, 80),
    "arrow-slit": (95, 85, 75), "cliff": (120, 120, 120),
}


def write_heatmap(scenario, falls: np.ndarray, damage: np.ndarray, out_path, square: int = 24) -> None:
    pygame.init()
    board = scenario.map.board
    top = 48
    width, height = board.width * square, board.height * square + top
    surface = pygame.Surface((width, height))
    surface.fill((30, 30, 34))
    names = TERRAIN["name"]
    peak = float(damage.max()) or 1.0
    most_falls = float(falls.max()) or 1.0
    tint = pygame.Surface((square, square), pygame.SRCALPHA)
    for y in range(board.height):
        for x in range(board.width):
            rect = pygame.Rect(x * square, top + y * square, square, square)
            surface.fill(BASE.get(str(names[board.terrain[y, x]]), (200, 200, 200)), rect)
            if damage[y, x] > 0:
                strength = (damage[y, x] / peak) ** 0.5
                tint.fill((220, 20, 20, int(40 + 190 * strength)))
                surface.blit(tint, rect)
            if falls[y, x] > 0:
                radius = max(2, int(square * 0.45 * (falls[y, x] / most_falls) ** 0.5))
                pygame.draw.circle(surface, (15, 15, 15), rect.center, radius)
            pygame.draw.rect(surface, (0, 0, 0), rect, 1)
    font = pygame.font.Font(None, 22)
    surface.blit(font.render(scenario.title, True, (235, 235, 235)), (8, 8))
    legend = _("red: damage dealt (peak {peak}), dots: creatures fallen ({falls})").format(
        peak=f"{peak:.0f}", falls=int(falls.sum()))
    surface.blit(font.render(legend, True, (200, 200, 200)), (8, 26))
    save_png(surface, out_path)
