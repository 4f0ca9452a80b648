"""Drawing the board: terrain, grid, coordinates, creature tokens and movement overlays.

Everything here draws onto pygame Surfaces and never opens a window, so the game window
(app.py) and the PNG renderer (render.py) share it. The static board (terrain, grid and
coordinates) is drawn once per square size to a cached surface; token sprites and text
surfaces are cached too, so a frame is mostly blits.

Screen geometry: `BoardView.origin` is where the top-left corner of square [0, 0] lands on the
target surface; a square is `square_px` pixels; the coordinate gutters lie left of and above
the origin.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pygame

from ..core.terrain import TERRAIN

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
FONT_FILES = ("freesansbold.ttf",)

# ----------------------------------------------------------------------------- colours
BACKGROUND = (30, 32, 38)
GUTTER_TEXT = (170, 174, 184)
FLOOR = (214, 206, 188)
DIFFICULT = (190, 182, 136)
DIFFICULT_DOT = (112, 104, 58)
SHALLOW = (150, 200, 228)
SHALLOW_RIPPLE = (232, 246, 253)
DEEP = (38, 82, 148)
DEEP_WAVE = (112, 162, 216)
WALL = (74, 70, 68)
WALL_MORTAR = (58, 55, 53)
WALL_LIGHT = (134, 128, 122)
WALL_DARK = (36, 34, 33)
LOW_WALL = (150, 102, 60)
LOW_WALL_LIGHT = (190, 140, 92)
LOW_WALL_DARK = (82, 54, 30)
SLIT = (226, 220, 204)
CLIFF = (130, 126, 120)
CLIFF_HATCH = (86, 82, 78)
CLIFF_LIGHT = (170, 166, 158)

SIDE_COLOURS = {
    "blue": (52, 104, 216), "red": (204, 54, 44), "green": (40, 150, 70), "yellow": (206, 168, 30),
    "purple": (130, 70, 190), "orange": (226, 122, 30), "teal": (20, 150, 150), "pink": (212, 80, 150),
}
OTHER_SIDE_COLOURS = ("green", "purple", "orange", "teal", "pink", "yellow")
COMPACT_PX = 16  # below this square size tokens have no label, hp bar or badges
HIGHLIGHT = (255, 212, 60)
PATH = (255, 204, 40)
REACH_FILL = (70, 170, 255, 78)
REACH_EDGE = (225, 248, 255, 210)
DASH_FILL = (150, 210, 255, 36)  # squares reachable only by dashing: a second, lighter shade, striped
DASH_HATCH = (70, 150, 235, 110)
DASH_EDGE = (200, 230, 255, 150)
WARNING = (240, 50, 40)  # an enemy whose reach the path leaves (an opportunity attack)
TARGET_RING = (255, 212, 60)
AREA_FILL = (255, 100, 20, 88)
AREA_EDGE = (255, 190, 120, 220)

# letter and colour of each condition badge, in the order they are drawn (right to left)
BADGES = {
    "unconscious": ("U", (120, 40, 130)),
    "prone": ("P", (156, 100, 36)),
    "dodging": ("D", (36, 128, 204)),
    "hidden": ("H", (84, 84, 104)),
    "squeezing": ("S", (176, 124, 24)),
    "disengaged": ("E", (30, 146, 124)),
    "dashing": ("»", (212, 130, 20)),
    "surprised": ("!", (214, 166, 0)),
    "grappled": ("G", (170, 60, 60)),
    "restrained": ("R", (150, 40, 40)),
    "incapacitated": ("I", (100, 60, 140)),
    "invisible": ("V", (110, 130, 150)),
    "blinded": ("B", (60, 60, 60)),
    "poisoned": ("Po", (70, 140, 40)),
}


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def _shade(colour, amount: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, c + amount)) for c in colour)


def _noise(x: int, y: int, k: int = 0) -> float:
    """A fixed pseudo-random number in [0, 1) per square, so the board looks the same every time."""
    h = (x * 73856093) ^ (y * 19349663) ^ (k * 83492791) ^ 0x5BD1E995
    h = (h ^ (h >> 13)) * 0x5BD1E995 & 0xFFFFFFFF
    return ((h ^ (h >> 15)) & 0xFFFF) / 65536.0


def short_label(label: str, fits) -> str:
    """An id short enough to fit: its number kept, a long word cut to its consonants, then cut.

    "wizard" -> "wzrd", "fighter" -> "fghtr", "sahu12" -> "sah12".
    """
    if fits(label):
        return label
    stem = label.rstrip("0123456789")
    digits = label[len(stem):]
    if len(stem) >= 5:
        stem = stem[0] + "".join(ch for ch in stem[1:] if ch.lower() not in "aeiouy")
    while len(stem) > 1 and not fits(stem + digits):
        stem = stem[:-1]
    return stem + digits


def metres(value: float) -> str:
    return f"{value:g} m"


# ----------------------------------------------------------------------------- text
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

    def blit(self, target: pygame.Surface, text: str, size: int, colour, pos, anchor: str = "topleft",
             outline=None) -> pygame.Rect:
        surface = self.render(text, size, colour, outline)
        rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        target.blit(surface, rect)
        return rect


# ----------------------------------------------------------------------------- terrain painters
class Near:
    """The terrain names around one square (outside the board counts as floor)."""

    def __init__(self, names: np.ndarray | None, x: int, y: int) -> None:
        self.names, self.x, self.y = names, x, y

    def __call__(self, dx: int, dy: int) -> str:
        if self.names is None:
            return "floor"
        h, w = self.names.shape
        x, y = self.x + dx, self.y + dy
        return str(self.names[y, x]) if 0 <= x < w and 0 <= y < h else "floor"


WALLISH = ("wall", "arrow-slit")


def paint_floor(surf, r: pygame.Rect, near: Near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(_shade(FLOOR, round((_noise(x, y) - 0.5) * 12)), r)
    if s >= 16:  # a few specks so large areas of floor read as stone, not as blank paper
        for k in range(2):
            px = r.x + 2 + int(_noise(x, y, 10 + k) * (s - 4))
            py = r.y + 2 + int(_noise(x, y, 20 + k) * (s - 4))
            surf.fill(_shade(FLOOR, -26), (px, py, max(1, s // 16), max(1, s // 16)))


def paint_difficult(surf, r, near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(_shade(DIFFICULT, round((_noise(x, y) - 0.5) * 14)), r)
    step = max(4, s // 4)
    dot = max(1, round(s / 18))
    for j, py in enumerate(range(r.y + step // 2, r.bottom, step)):  # staggered dots
        for px in range(r.x + step // 2 + (step // 2 if j % 2 else 0), r.right - 1, step):
            pygame.draw.circle(surf, DIFFICULT_DOT, (px, py), dot)
    if s >= 20:  # a tuft of grass
        tx = r.x + int(s * (0.25 + 0.5 * _noise(x, y, 3)))
        ty = r.y + int(s * (0.35 + 0.4 * _noise(x, y, 4)))
        h = max(3, s // 6)
        for dx in (-h // 2, 0, h // 2):
            pygame.draw.line(surf, (92, 110, 48), (tx, ty), (tx + dx, ty - h), max(1, s // 24))


def _wave(surf, colour, x0: float, y0: float, length: float, amp: float, width: int) -> None:
    points = [(x0 + length * i / 8, y0 + amp * math.sin(i / 8 * 2 * math.pi)) for i in range(9)]
    pygame.draw.lines(surf, colour, False, points, width)


def paint_shallow(surf, r, near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(_shade(SHALLOW, round((_noise(x, y) - 0.5) * 8)), r)
    width = max(1, s // 20)
    for k, (fx, fy) in enumerate(((0.3, 0.3), (0.7, 0.72))):  # rings spreading where something broke the water
        cx = r.x + s * (fx + 0.16 * (_noise(x, y, k) - 0.5))
        cy = r.y + s * (fy + 0.1 * (_noise(x, y, k + 5) - 0.5))
        for scale in (0.42, 0.2):
            ring = pygame.Rect(0, 0, max(4, round(s * scale)), max(2, round(s * scale * 0.5)))
            ring.center = (round(cx), round(cy))
            pygame.draw.ellipse(surf, SHALLOW_RIPPLE, ring, width)


def paint_deep(surf, r, near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(_shade(DEEP, round((_noise(x, y) - 0.5) * 8)), r)
    width = max(1, s // 16)
    for k, fy in enumerate((0.32, 0.7)):
        ox = r.x + s * (0.1 + 0.15 * _noise(x, y, k))
        _wave(surf, DEEP_WAVE, ox, r.y + s * fy, s * 0.6, max(1.5, s * 0.07), width)


def _bevel(surf, r: pygame.Rect, near: Near, solid: tuple[str, ...], light, dark) -> None:
    """A raised edge on each side of r that does not touch more of the same solid terrain."""
    b = max(2, r.w // 9)
    if near(0, -1) not in solid:
        surf.fill(light, (r.x, r.y, r.w, b))
    if near(-1, 0) not in solid:
        surf.fill(light, (r.x, r.y, b, r.h))
    if near(0, 1) not in solid:
        surf.fill(dark, (r.x, r.bottom - b, r.w, b))
    if near(1, 0) not in solid:
        surf.fill(dark, (r.right - b, r.y, b, r.h))


def paint_wall(surf, r, near) -> None:
    s = r.w
    surf.fill(WALL, r)
    if s >= 12:  # courses of masonry, staggered row by row
        course = s / 3
        for k in range(1, 3):
            yy = round(r.y + k * course)
            pygame.draw.line(surf, WALL_MORTAR, (r.x, yy), (r.right - 1, yy))
        for k in range(3):
            offset = 0.5 if (near.y * 3 + k) % 2 else 0.0
            xx = round(r.x + s * ((offset + near.x * 0.5) % 1.0))
            pygame.draw.line(surf, WALL_MORTAR, (xx, round(r.y + k * course)), (xx, round(r.y + (k + 1) * course)))
    _bevel(surf, r, near, WALLISH + ("cliff",), WALL_LIGHT, WALL_DARK)


def paint_arrow_slit(surf, r, near) -> None:
    paint_wall(surf, r, near)
    s = r.w
    across = near(-1, 0) in WALLISH or near(1, 0) in WALLISH  # the wall runs east-west
    narrow, wide = max(1, s // 14), max(3, s // 4)
    cx, cy = r.centerx, r.centery
    if across:  # a slit through a horizontal wall: narrow in the middle, splayed at both faces
        shape = [(cx - wide, r.y), (cx + wide, r.y), (cx + narrow, cy), (cx + wide, r.bottom - 1),
                 (cx - wide, r.bottom - 1), (cx - narrow, cy)]
    else:
        shape = [(r.x, cy - wide), (r.x, cy + wide), (cx, cy + narrow), (r.right - 1, cy + wide),
                 (r.right - 1, cy - wide), (cx, cy - narrow)]
    pygame.draw.polygon(surf, SLIT, shape)
    pygame.draw.polygon(surf, WALL_DARK, shape, 1)


def paint_low_wall(surf, r, near) -> None:
    paint_floor(surf, r, near)
    s = r.w
    t = max(3, round(s * 0.42))  # half the height of a wall, so drawn as a band half as thick
    half = t // 2
    cx, cy = r.centerx, r.centery
    joins = [(dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)) if near(dx, dy) in ("low-wall",) + WALLISH]
    if not joins:  # a lone stretch: drawn east-west
        joins = [(1, 0), (-1, 0)]
    if len(joins) == 1:  # the end of a run: go on across the square to show the wall's direction
        dx, dy = joins[0]
        joins.append((-dx, -dy))
    parts = [pygame.Rect(cx - half, cy - half, t, t)]
    for dx, dy in joins:
        if dx:
            parts.append(pygame.Rect(cx if dx > 0 else r.x, cy - half, r.w // 2 + (r.w % 2), t))
        else:
            parts.append(pygame.Rect(cx - half, cy if dy > 0 else r.y, t, r.h // 2 + (r.h % 2)))
    for part in parts:
        surf.fill(LOW_WALL_DARK, part.move(0, max(1, s // 16)))  # its shadow
    for part in parts:
        surf.fill(LOW_WALL, part)
    for part in parts:  # the lit top edge of each stretch
        surf.fill(LOW_WALL_LIGHT, (part.x, part.y, part.w, max(1, s // 14)))
    if s >= 14:  # joints between the stones
        for dx, dy in joins:
            if dx:
                jx = r.x + (r.w * 3 // 4 if dx > 0 else r.w // 4)
                pygame.draw.line(surf, LOW_WALL_DARK, (jx, cy - half + 2), (jx, cy + half - 2))
            else:
                jy = r.y + (r.h * 3 // 4 if dy > 0 else r.h // 4)
                pygame.draw.line(surf, LOW_WALL_DARK, (cx - half + 2, jy), (cx + half - 2, jy))


def paint_cliff(surf, r, near) -> None:
    s = r.w
    surf.fill(_shade(CLIFF, round((_noise(near.x, near.y) - 0.5) * 10)), r)
    step = max(4, s // 4)
    width = max(1, s // 20)
    old_clip = surf.get_clip()
    surf.set_clip(r.clip(old_clip) if old_clip else r)
    for k in range(-s, s, step):  # diagonal hatching, the map-maker's sign for a drop
        pygame.draw.line(surf, CLIFF_HATCH, (r.x + k, r.y), (r.x + k + s, r.bottom), width)
    surf.set_clip(old_clip)
    _bevel(surf, r, near, ("cliff",) + WALLISH, CLIFF_LIGHT, CLIFF_HATCH)


PAINTERS = {
    "floor": paint_floor, "wall": paint_wall, "difficult": paint_difficult,
    "shallow-water": paint_shallow, "deep-water": paint_deep, "low-wall": paint_low_wall,
    "arrow-slit": paint_arrow_slit, "cliff": paint_cliff,
}


def paint_unknown(surf, r, near, name: str, char: str, text: Text) -> None:
    """A terrain kind added later that has no painter yet: a colour of its own and its character."""
    colour = tuple(60 + int(_noise(len(name), ord(name[0]), k) * 150) for k in range(3))
    surf.fill(colour, r)
    text.blit(surf, char, max(8, r.w // 2), (20, 20, 20), r.center, "center")


def paint_square(surf, r: pygame.Rect, kind: int, near: Near, text: Text) -> None:
    name = str(TERRAIN["name"][kind])
    painter = PAINTERS.get(name)
    if painter is None:
        paint_unknown(surf, r, near, name, str(TERRAIN["char"][kind]), text)
    else:
        painter(surf, r, near)


# ----------------------------------------------------------------------------- the view
class BoardView:
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
                colour = free[0] if free else tuple(int(60 + 150 * _noise(len(side), k)) for k in range(3))
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

    # -- tokens
    def draw_tokens(self, target: pygame.Surface, views, current_id: str | None = None,
                    at: dict | None = None, phase: float = 0.0) -> None:
        """All tokens (`api.CreatureView`s): the dead first (others may stand on them), the creature
        whose turn it is last.

        `at` may give a creature's position as fractional squares (an animation in progress).
        """
        at = at or {}
        order = sorted(views, key=lambda c: (c.state != "dead", c.id == current_id))
        for c in order:
            x, y = at.get(c.id, (c.x, c.y))
            if c.id == current_id:
                self.draw_highlight(target, x, y, c.side_squares, phase)
            m = self.sprite_margin
            target.blit(self.token_sprite(c), self.square_rect(x, y, c.side_squares).move(-m, -m))

    def draw_highlight(self, target: pygame.Surface, x: float, y: float, side: int, phase: float = 0.0) -> None:
        """A gold frame round the space of the creature whose turn it is (pulsing when phase moves)."""
        rect = self.square_rect(x, y, side).inflate(4, 4)
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = round(185 + 70 * math.sin(phase * 2 * math.pi))
        width = max(2, self.square_px // 12)
        pygame.draw.rect(glow, (*HIGHLIGHT, 70), glow.get_rect(), border_radius=max(3, self.square_px // 5))
        pygame.draw.rect(glow, (*HIGHLIGHT, alpha), glow.get_rect(), width, border_radius=max(3, self.square_px // 5))
        target.blit(glow, rect)

    def token_sprite(self, c) -> pygame.Surface:
        """The token of a creature (its view) as it is now, cached by everything that changes its look."""
        key = (c.id, c.side, c.state, c.hp, c.max_hp, c.temp_hp, c.conditions, c.death_saves,
               c.side_squares, c.size, self.square_px)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 600:
                self._sprites.clear()
            sprite = self._draw_token(c)
            self._sprites[key] = sprite
        return sprite

    @property
    def sprite_margin(self) -> int:
        """Token sprites reach this far beyond the creature's space, so badges can sit on its corner."""
        return max(3, self.square_px // 6)

    def _draw_token(self, c) -> pygame.Surface:
        s, n, m = self.square_px, c.side_squares, self.sprite_margin
        size = n * s
        whole = pygame.Surface((size + 2 * m, size + 2 * m), pygame.SRCALPHA)
        sprite = whole.subsurface((m, m, size, size))  # the creature's space
        centre = (size / 2, size / 2)
        small = s < COMPACT_PX  # zoomed far out: a coloured disc, then only what still reads
        radius = size / 2 - (0.5 if small else max(2, round(s * 0.07)))
        if c.size == "tiny":
            radius *= 0.7
        colour = self.side_colour(c.side)
        if c.state == "dead":
            self._draw_dead(sprite, c, colour, centre, radius)
            return whole
        down = c.state in ("unconscious", "stable")
        body = _mix(colour, (140, 140, 140), 0.6) if down else colour
        if small:
            pygame.draw.circle(sprite, _shade(body, -70), centre, radius)
            pygame.draw.circle(sprite, body, centre, max(1.0, radius - 1))
            return whole
        pygame.draw.circle(sprite, (0, 0, 0, 90), (centre[0] + 1, centre[1] + 2), radius)
        pygame.draw.aacircle(sprite, _shade(body, -60), centre, radius)
        pygame.draw.aacircle(sprite, body, centre, radius - max(1, s // 16))
        pygame.draw.circle(sprite, (*_shade(body, 70), 150), centre, radius - max(2, s // 9), max(1, s // 24),
                           draw_top_left=True, draw_top_right=True)
        self._draw_label(sprite, c, radius, (245, 245, 245) if not down else (225, 225, 225))
        self._draw_hp_bar(sprite, c)
        if self._saving_throws(c):
            self._draw_death_saves(sprite, c)
        self._draw_badges(whole, c)
        return whole

    def _draw_dead(self, sprite, c, colour, centre, radius) -> None:
        s = self.square_px
        pygame.draw.circle(sprite, (*_mix(colour, (120, 120, 120), 0.5), 70), centre, radius)
        d = radius * 0.62
        width = max(2, s // 9)
        for sign in (1, -1):
            a = (centre[0] - d, centre[1] - sign * d)
            b = (centre[0] + d, centre[1] + sign * d)
            pygame.draw.line(sprite, (60, 20, 20, 170), a, b, width)
        if s < COMPACT_PX:
            return
        text, font_px = self._fit_label(c.id, radius * 2 + 1, c)
        label = self.text.render(text, font_px, (235, 235, 235), (0, 0, 0))
        label.set_alpha(140)
        sprite.blit(label, label.get_rect(center=(centre[0], centre[1] + radius * 0.55)))

    def _label_size(self, c) -> int:
        s, n = self.square_px, c.side_squares
        return max(8, round(s * (0.36 + 0.14 * (n - 1))))

    def _fit_label(self, label: str, room: float, c) -> tuple[str, int]:
        """The id at the largest size that fits the token (not below 9 px), else abbreviated."""
        size = self._label_size(c)
        while size > 9 and self.text.size(label, size)[0] > room:
            size -= 1
        return short_label(label, lambda t: self.text.size(t, size)[0] <= room), size

    def _draw_label(self, sprite, c, radius, colour) -> None:
        size_px = sprite.get_width()
        label, font_px = self._fit_label(c.id, max(radius * 2 + 1, size_px - 1), c)
        y = size_px / 2 - self.square_px * (0.12 if self._saving_throws(c) else 0.06)  # room for the saves
        self.text.blit(sprite, label, font_px, colour, (size_px / 2, y), "center", outline=(20, 20, 28))

    def _draw_hp_bar(self, sprite, c) -> None:
        s, size = self.square_px, sprite.get_width()
        h = max(3, round(s * 0.13))
        w = round(size * 0.8)
        x, y = (size - w) // 2, size - h - max(1, round(s * 0.05))
        pygame.draw.rect(sprite, (16, 16, 18), (x - 1, y - 1, w + 2, h + 2))
        maximum = max(1, c.max_hp)
        frac = max(0.0, min(1.0, c.hp / maximum))
        colour = (72, 200, 84) if frac > 0.5 else (232, 190, 48) if frac > 0.25 else (224, 62, 50)
        filled = round(w * frac)
        if filled:
            sprite.fill(colour, (x, y, filled, h))
        if c.temp_hp > 0:  # temporary hit points: a pale blue line over the bar
            extra = min(w, max(2, round(w * c.temp_hp / maximum)))
            line = max(2, h // 2)
            pygame.draw.rect(sprite, (16, 16, 18), (x - 1, y - line - 1, extra + 2, line + 1))
            sprite.fill((150, 220, 255), (x, y - line, extra, line))

    @staticmethod
    def _saving_throws(c) -> bool:
        """Whether the token shows death saves: a dying creature of a ruleset that has them."""
        return c.state == "unconscious" and c.death_saves is not None

    def _draw_death_saves(self, sprite, c) -> None:
        """Three green dots for successes and three red for failures, filled as they come."""
        s, size = self.square_px, sprite.get_width()
        r = max(2, round(s * 0.065))
        gap = r * 2 + max(1, r // 2)
        y = size - max(3, round(s * 0.13)) - max(1, round(s * 0.05)) - r - 3
        x0 = size / 2 - (6 * gap + r) / 2 + r
        for i in range(6):
            ok = i < 3
            count = c.death_saves[0 if ok else 1]
            colour = (70, 210, 90) if ok else (230, 60, 50)
            px = x0 + i * gap + (r if not ok else 0)
            pygame.draw.circle(sprite, (10, 10, 10), (px, y), r + 1)
            pygame.draw.circle(sprite, colour, (px, y), r, 0 if (i % 3) < count else 1)

    def _draw_badges(self, sprite, c) -> None:
        """Condition letters in a row from the top-right corner of the space, half outside it."""
        s, size = self.square_px, sprite.get_width()
        names = set(c.conditions)
        if c.state in ("unconscious", "stable"):
            names.add("unconscious")
        badges = [BADGES[n] for n in BADGES if n in names]
        badges += [(n[:1].upper(), (100, 100, 110)) for n in sorted(names - set(BADGES))]
        h = max(10, round(s * 0.3))
        font_px = h - 1
        x, y = size - 1, 1
        for letter, colour in badges:
            w = max(h, self.text.size(letter, font_px)[0] + 4)
            if x - w < 1:
                x, y = size - 1, y + h + 2
            rect = pygame.Rect(x - w, y, w, h)
            pygame.draw.rect(sprite, (15, 15, 20), rect.inflate(2, 2), border_radius=3)
            pygame.draw.rect(sprite, colour, rect, border_radius=3)
            self.text.blit(sprite, letter, font_px, (255, 255, 255), (rect.centerx, rect.centery + 1), "center")
            x -= w + 2

    # -- overlays
    def reach_layer(self, mask: np.ndarray, grab: int = 0, fill=REACH_FILL, edge=REACH_EDGE,
                    hatch=None) -> pygame.Surface:
        """The squares of a bool mask shaded, with a bright edge round the region; blit at origin.

        `grab` shifts the mask (positions are top-left squares) so that it marks the square under
        the cursor when a big creature is held by a square inside its space.
        """
        s = self.square_px
        h, w = mask.shape
        marked = np.zeros_like(mask, dtype=bool)
        marked[grab:, grab:] = mask[: h - grab, : w - grab]
        layer = pygame.Surface((w * s + 1, h * s + 1), pygame.SRCALPHA)
        for y, x in np.argwhere(marked):
            layer.fill(fill, (x * s, y * s, s, s))
        if hatch is not None and marked.any():  # diagonal stripes: a second kind of region
            stripes = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
            step = max(6, s // 3)
            lw, lh = layer.get_size()
            for k in range(-lh, lw, step):
                pygame.draw.line(stripes, hatch, (k, lh), (k + lh, 0), max(1, s // 14))
            cut = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
            for y, x in np.argwhere(marked):
                cut.fill((255, 255, 255, 255), (x * s, y * s, s, s))
            stripes.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            layer.blit(stripes, (0, 0))
        padded = np.pad(marked, 1)
        width = max(1, s // 16)
        inner = padded[1:-1, 1:-1]
        for (dy, dx) in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            border = inner & ~padded[1 + dy: h + 1 + dy, 1 + dx: w + 1 + dx]
            for y, x in np.argwhere(border):
                x0, y0 = x * s, y * s
                if dy:
                    yy = y0 if dy < 0 else y0 + s - width
                    layer.fill(edge, (x0, yy, s, width))
                else:
                    xx = x0 if dx < 0 else x0 + s - width
                    layer.fill(edge, (xx, y0, width, s))
        return layer

    def draw_reach(self, target: pygame.Surface, layer: pygame.Surface) -> None:
        target.blit(layer, self.origin)

    def draw_path(self, target: pygame.Surface, start: tuple[int, int], steps, cost_m: float,
                  side: int = 1, colour=PATH, tag: str | None = None) -> None:
        """A path from a creature's space through each step, its end space outlined, and its cost."""
        if not steps:
            return
        s = self.square_px
        points = [self.square_centre(x, y, side) for x, y in [tuple(start)] + [tuple(p) for p in steps]]
        width = max(3, s // 8)
        dot = max(3, s // 7)
        for p in points[1:-1]:
            pygame.draw.circle(target, (30, 26, 16), p, dot + 1)
        pygame.draw.lines(target, (30, 26, 16), False, points, width + 2)
        pygame.draw.lines(target, colour, False, points, width)
        for p in points[1:-1]:
            pygame.draw.circle(target, colour, p, dot)
        end = self.square_rect(*steps[-1], side)
        frame = max(2, s // 12)
        pygame.draw.rect(target, (30, 26, 16), end.inflate(2, 2), frame + 2, border_radius=max(3, s // 5))
        pygame.draw.rect(target, colour, end, frame, border_radius=max(3, s // 5))
        if tag == "":  # the caller tells the cost another way
            return
        tag = tag or metres(cost_m)
        if steps[-1][1] > start[1]:  # the cost goes on the far side of the end, away from the mover
            self.draw_tag(target, tag, (end.centerx, end.bottom + 3), "midtop")
        else:
            self.draw_tag(target, tag, (end.centerx, end.y - 3), "midbottom")

    def draw_tag(self, target: pygame.Surface, text: str, pos, anchor: str = "center", colour=(255, 255, 255),
                 back=(24, 26, 32, 220)) -> None:
        """A short text on a dark rounded pill (a path's cost), kept inside the target surface."""
        size = max(11, min(18, round(self.square_px * 0.42)))
        label = self.text.render(text, size, colour)
        rect = label.get_rect().inflate(10, 4)
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        rect.clamp_ip(target.get_clip() or target.get_rect())
        pill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(pill, back, pill.get_rect(), border_radius=rect.h // 2)
        pill.blit(label, label.get_rect(center=pill.get_rect().center))
        target.blit(pill, rect)

    def draw_square_outline(self, target: pygame.Surface, x: int, y: int, side: int = 1,
                            colour=(255, 255, 255)) -> None:
        pygame.draw.rect(target, colour, self.square_rect(x, y, side), max(1, self.square_px // 16))

    def draw_ring(self, target: pygame.Surface, x: float, y: float, side: int, colour, width: int | None = None,
                  grow: float = 0.0) -> pygame.Rect:
        """A ring round a creature's space (a valid target, a warning), `grow` squares wider."""
        s = self.square_px
        rect = self.square_rect(x, y, side).inflate(round(s * grow), round(s * grow))
        width = width or max(2, s // 10)
        pygame.draw.ellipse(target, (20, 16, 14), rect.inflate(2, 2), width + 2)
        pygame.draw.ellipse(target, colour, rect, width)
        return rect

    def draw_warning(self, target: pygame.Surface, creature, pulse: float = 0.0) -> None:
        """A red ring and a "!" on a creature that would get an opportunity attack."""
        grow = 0.22 + 0.06 * math.sin(pulse * 2 * math.pi)
        rect = self.draw_ring(target, creature.x, creature.y, creature.side_squares, WARNING,
                              max(3, self.square_px // 8), grow)
        size = max(12, min(22, round(self.square_px * 0.5)))
        badge = pygame.Rect(0, 0, size, size)
        badge.center = (rect.right - size // 3, rect.y + size // 3)
        pygame.draw.circle(target, (20, 16, 14), badge.center, size // 2 + 2)
        pygame.draw.circle(target, WARNING, badge.center, size // 2)
        self.text.blit(target, "!", max(9, size - 4), (255, 255, 255), (badge.centerx, badge.centery + 1), "center")

    def area_layer(self, mask: np.ndarray) -> pygame.Surface:
        """An area template: its squares tinted, with a bright edge; blit at origin."""
        return self.reach_layer(mask, 0, AREA_FILL, AREA_EDGE)

    def draw_spawns(self, target: pygame.Surface, spawns) -> None:
        """Start squares of a bare map: a dashed ring in the side's colour."""
        s = self.square_px
        for side, (x, y) in spawns:
            centre = self.square_centre(x, y)
            colour = self.side_colour(side)
            radius = s * 0.34
            for k in range(8):
                a0 = k * math.pi / 4
                pygame.draw.arc(target, colour, pygame.Rect(0, 0, radius * 2, radius * 2).move(
                    centre[0] - radius, centre[1] - radius), a0, a0 + math.pi / 7, max(2, s // 12))
            self.text.blit(target, side[:1].upper(), max(8, round(s * 0.34)), colour, centre, "center",
                           outline=(255, 255, 255))
