"""The board on screen: `BoardView` draws one board at one square size onto pygame Surfaces.

It owns the geometry (where a square lands, which square is under a pixel), the side colours,
and the static board (terrain, grid and coordinates), drawn once per square size to a cached
surface, with the coordinate rulers pinned to the edges when the board is scrolled. The tokens
(tokens.py) and the overlays (overlays.py) are parts of it. It never opens a window, so the game
window (app.py) and the PNG renderer (render.py) share it.

Screen geometry: `BoardView.origin` is where the top-left corner of square [0, 0] lands on the
target surface; a square is `square_px` pixels; the coordinate gutters lie left of and above
the origin.
"""

from __future__ import annotations

import math

import pygame

from ..core.terrain import TERRAIN
from .colours import BACKGROUND, GUTTER_TEXT, OTHER_SIDE_COLOURS, SIDE_COLOURS, noise
from .overlays import Overlays
from .terrain_art import Near, paint_square
from .text import Text
from .tokens import Tokens


class BoardView(Tokens, Overlays):
    """Draws one board at one square size: the cached static board, tokens and overlays."""

    def __init__(self, board, square_px: int = 32, text: Text | None = None) -> None:
        self.board = board
        self.text = text or Text()
        self.origin = (0, 0)
        self._statics: dict[int, tuple[pygame.Surface, int, int]] = {}
        self._sprites: dict[tuple, pygame.Surface] = {}
        self._side_colours: dict[str, tuple[int, int, int]] = {}
        self.square_px = 0
        self.set_square_px(square_px)

    # -- geometry
    def set_square_px(self, square_px: int) -> None:
        self.square_px = max(4, int(square_px))
        self.label_size = max(9, min(15, round(self.square_px * 0.42)))
        self.gutter_top = self.label_size + 6
        self.gutter_left = self.text.size(str(self.board.height - 1), self.label_size)[0] + 8

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The board's size on screen in pixels, without the gutters."""
        return self.board.width * self.square_px, self.board.height * self.square_px

    @property
    def full_size(self) -> tuple[int, int]:
        """The board's size with its coordinate gutters."""
        w, h = self.pixel_size
        return w + self.gutter_left + 1, h + self.gutter_top + 1

    def square_rect(self, x: float, y: float, side: int = 1) -> pygame.Rect:
        s = self.square_px
        return pygame.Rect(round(self.origin[0] + x * s), round(self.origin[1] + y * s), side * s, side * s)

    def square_centre(self, x: float, y: float, side: int = 1) -> tuple[float, float]:
        s = self.square_px
        return self.origin[0] + (x + side / 2) * s, self.origin[1] + (y + side / 2) * s

    def square_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The square under a pixel, or None off the board."""
        s = self.square_px
        x, y = math.floor((px - self.origin[0]) / s), math.floor((py - self.origin[1]) / s)
        return (x, y) if 0 <= x < self.board.width and 0 <= y < self.board.height else None

    def side_colour(self, side: str) -> tuple[int, int, int]:
        """Blue and red as named; any other side the next unused colour, in order of appearance."""
        if side not in self._side_colours:
            if side in SIDE_COLOURS:
                colour = SIDE_COLOURS[side]
            else:
                used = set(self._side_colours.values()) | {SIDE_COLOURS["blue"], SIDE_COLOURS["red"]}
                free = [SIDE_COLOURS[n] for n in OTHER_SIDE_COLOURS if SIDE_COLOURS[n] not in used]
                colour = free[0] if free else tuple(int(60 + 150 * noise(len(side), k)) for k in range(3))
            self._side_colours[side] = colour
        return self._side_colours[side]

    # -- the static board
    def static_surface(self) -> pygame.Surface:
        """Terrain, grid and coordinates at the current square size, drawn once and kept."""
        s = self.square_px
        if s not in self._statics:
            if len(self._statics) >= 4:
                self._statics.pop(next(iter(self._statics)))
            self._statics[s] = self._draw_static()
        return self._statics[s]

    def draw_board(self, target: pygame.Surface) -> None:
        target.blit(self.static_surface(), (self.origin[0] - self.gutter_left, self.origin[1] - self.gutter_top))

    def _draw_static(self) -> pygame.Surface:
        s, board = self.square_px, self.board
        gl, gt = self.gutter_left, self.gutter_top
        surf = pygame.Surface(self.full_size)
        surf.fill(BACKGROUND)
        names = TERRAIN["name"][board.terrain]
        for y in range(board.height):
            for x in range(board.width):
                r = pygame.Rect(gl + x * s, gt + y * s, s, s)
                paint_square(surf, r, int(board.terrain[y, x]), Near(names, x, y), self.text)
        self._draw_grid(surf, gl, gt)
        self._draw_coordinates(surf, gl, gt)
        return surf

    def _draw_grid(self, surf: pygame.Surface, gl: int, gt: int) -> None:
        s, w, h = self.square_px, self.board.width, self.board.height
        grid = pygame.Surface((w * s + 1, h * s + 1), pygame.SRCALPHA)
        for x in range(w + 1):  # every fifth line a little stronger, to count squares by eye
            pygame.draw.line(grid, (0, 0, 0, 80 if x % 5 == 0 else 38), (x * s, 0), (x * s, h * s))
        for y in range(h + 1):
            pygame.draw.line(grid, (0, 0, 0, 80 if y % 5 == 0 else 38), (0, y * s), (w * s, y * s))
        surf.blit(grid, (gl, gt))

    def _label_step(self, widest: str) -> int:
        need = self.text.size(widest, self.label_size)[0] + 4
        return next((k for k in (1, 2, 5, 10, 20, 50) if k * self.square_px >= need), 100)

    def _draw_coordinates(self, surf: pygame.Surface, gl: int, gt: int) -> None:
        s, size = self.square_px, self.label_size
        step = self._label_step(str(self.board.width - 1))
        for x in range(0, self.board.width, step):
            self.text.blit(surf, str(x), size, GUTTER_TEXT, (gl + x * s + s / 2, gt / 2 + 1), "center")
        step = max(1, next((k for k in (1, 2, 5, 10, 20, 50) if k * s >= size + 2), 100))
        for y in range(0, self.board.height, step):
            self.text.blit(surf, str(y), size, GUTTER_TEXT, (gl - 4, gt + y * s + s / 2 + 1), "midright")

    def draw_pinned_rulers(self, target: pygame.Surface, area: pygame.Rect) -> None:
        """Column and row numbers kept at the edges of `area` when the board's own are scrolled away."""
        s, size = self.square_px, self.label_size
        ox, oy = self.origin
        w, h = self.pixel_size
        top = oy - self.gutter_top < area.top
        left = ox - self.gutter_left < area.left
        if top:
            strip = pygame.Rect(max(area.x, ox), area.top, min(area.right, ox + w) - max(area.x, ox), self.gutter_top)
            self._ruler_strip(target, strip)
            step = self._label_step(str(self.board.width - 1))
            clear = area.left + (self.gutter_left if left else 0)  # not under the corner
            for x in range(0, self.board.width, step):
                cx = ox + x * s + s / 2
                if clear + 8 <= cx <= area.right:
                    self.text.blit(target, str(x), size, GUTTER_TEXT, (cx, strip.centery + 1), "center")
        if left:
            strip = pygame.Rect(area.left, max(area.y, oy), self.gutter_left, min(area.bottom, oy + h) - max(area.y, oy))
            self._ruler_strip(target, strip)
            step = max(1, next((k for k in (1, 2, 5, 10, 20, 50) if k * s >= size + 2), 100))
            clear = area.top + (self.gutter_top if top else 0)
            for y in range(0, self.board.height, step):
                cy = oy + y * s + s / 2
                if clear + size / 2 <= cy <= area.bottom:
                    self.text.blit(target, str(y), size, GUTTER_TEXT, (strip.right - 4, cy + 1), "midright")
        if top and left:
            target.fill(BACKGROUND, (area.left, area.top, self.gutter_left, self.gutter_top))

    def _ruler_strip(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        if rect.w > 0 and rect.h > 0:
            strip = pygame.Surface(rect.size, pygame.SRCALPHA)
            strip.fill((*BACKGROUND, 215))
            target.blit(strip, rect)
