"""The emblem of each creature kind on its token: an icon of assets/icons (game-icons.net, CC BY
3.0, credited in assets/icons/README.md), chosen by assets/icons/emblems.toml, drawn from its SVG
at the size asked and cached."""

from __future__ import annotations

import tomllib
from functools import lru_cache

import pygame

from ..content.paths import ASSETS_DIR

ICONS = ASSETS_DIR / "icons"


@lru_cache(maxsize=1)
def emblem_names() -> dict[str, str]:
    """Creature kind -> icon name (empty when the table is missing or unreadable)."""
    try:
        with open(ICONS / "emblems.toml", "rb") as f:
            table = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    return {k: v for k, v in table.items() if isinstance(v, str)}


@lru_cache(maxsize=256)
def emblem(kind: str, px: int) -> pygame.Surface | None:
    """The kind's emblem, white on transparent (per-pixel alpha), px pixels square; None for a
    kind without one."""
    name = emblem_names().get(kind)
    if name is None or px < 8:
        return None
    path = ICONS / "game-icons" / f"{name}.svg"
    try:
        return pygame.image.load_sized_svg(str(path), (px, px))
    except (pygame.error, FileNotFoundError):
        return None
