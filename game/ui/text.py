"""Text on the screen: the bundled font (assets/fonts, so the game looks the same everywhere)
at any pixel size, and rendered text surfaces, both cached so that a text is rendered once."""

from __future__ import annotations

from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
FONT_FILES = ("NotoSans-Bold.ttf", "freesansbold.ttf")  # Noto Sans, as the widgets: even letter spacing


def font_path() -> Path | None:
    for name in FONT_FILES:
        if (FONT_DIR / name).is_file():
            return FONT_DIR / name
    found = sorted(FONT_DIR.glob("*.ttf")) if FONT_DIR.is_dir() else []
    return found[0] if found else None


class Text:
    """Fonts by pixel size and rendered text surfaces, both cached: text is rendered once."""

    def __init__(self, path: Path | None = None, limit: int = 4000) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.path = path if path is not None else font_path()
        self.limit = limit
        self._fonts: dict[int, pygame.font.Font] = {}
        self._surfaces: dict[tuple, pygame.Surface] = {}
        self._wrapped: dict[tuple, list[str]] = {}

    def font(self, size: int) -> pygame.font.Font:
        size = max(6, int(size))
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(str(self.path) if self.path else None, size)
        return self._fonts[size]

    def size(self, text: str, size: int) -> tuple[int, int]:
        return self.font(size).size(text)

    def render(self, text: str, size: int, colour=(255, 255, 255), outline=None) -> pygame.Surface:
        """The text as a surface; with an outline colour, drawn with a 1 px outline for legibility."""
        key = (text, int(size), tuple(colour), tuple(outline) if outline else None)
        surface = self._surfaces.get(key)
        if surface is None:
            if len(self._surfaces) > self.limit:
                self._surfaces.clear()
            font = self.font(size)
            inner = font.render(text, True, colour)
            if outline:
                edge = font.render(text, True, outline)
                surface = pygame.Surface((inner.get_width() + 2, inner.get_height() + 2), pygame.SRCALPHA)
                for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2), (2, 2)):
                    surface.blit(edge, (dx, dy))
                surface.blit(inner, (1, 1))
            else:
                surface = inner
            self._surfaces[key] = surface
        return surface

    def wrap(self, line: str, size: int, width: int, indent: str = "  ") -> list[str]:
        """The line cut into pieces that fit the width; pieces after the first indented."""
        key = (line, size, width, indent)
        if key not in self._wrapped:
            words, lines, current = line.split(" "), [], ""
            for word in words:
                trial = f"{current} {word}" if current else word
                if current and self.size(trial, size)[0] > width:
                    lines.append(current)
                    current = indent + word
                else:
                    current = trial
            lines.append(current)
            if len(self._wrapped) > 3000:
                self._wrapped.clear()
            self._wrapped[key] = lines
        return self._wrapped[key]

    def blit(self, target: pygame.Surface, text: str, size: int, colour, pos, anchor: str = "topleft",
             outline=None) -> pygame.Rect:
        surface = self.render(text, size, colour, outline)
        rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        target.blit(surface, rect)
        return rect
