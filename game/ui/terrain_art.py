"""The terrain painters: how each kind of square looks (floor, wall, difficult ground, water,
low wall, arrow slit, cliff), drawn square by square onto a surface; a solid square bevels the
sides that do not touch more of the same. A kind with no painter yet gets a colour of its own and
its map character. The board's static surface (board_view.py) and the PNG legend use them."""

from __future__ import annotations

import math

import numpy as np
import pygame

from ..core.terrain import TERRAIN
from .colours import noise, shade
from .text import Text

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
    surf.fill(shade(FLOOR, round((noise(x, y) - 0.5) * 12)), r)
    if s >= 16:  # a few specks so large areas of floor read as stone, not as blank paper
        for k in range(2):
            px = r.x + 2 + int(noise(x, y, 10 + k) * (s - 4))
            py = r.y + 2 + int(noise(x, y, 20 + k) * (s - 4))
            surf.fill(shade(FLOOR, -26), (px, py, max(1, s // 16), max(1, s // 16)))


def paint_difficult(surf, r, near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(shade(DIFFICULT, round((noise(x, y) - 0.5) * 14)), r)
    step = max(4, s // 4)
    dot = max(1, round(s / 18))
    for j, py in enumerate(range(r.y + step // 2, r.bottom, step)):  # staggered dots
        for px in range(r.x + step // 2 + (step // 2 if j % 2 else 0), r.right - 1, step):
            pygame.draw.circle(surf, DIFFICULT_DOT, (px, py), dot)
    if s >= 20:  # a tuft of grass
        tx = r.x + int(s * (0.25 + 0.5 * noise(x, y, 3)))
        ty = r.y + int(s * (0.35 + 0.4 * noise(x, y, 4)))
        h = max(3, s // 6)
        for dx in (-h // 2, 0, h // 2):
            pygame.draw.line(surf, (92, 110, 48), (tx, ty), (tx + dx, ty - h), max(1, s // 24))


def _wave(surf, colour, x0: float, y0: float, length: float, amp: float, width: int) -> None:
    points = [(x0 + length * i / 8, y0 + amp * math.sin(i / 8 * 2 * math.pi)) for i in range(9)]
    pygame.draw.lines(surf, colour, False, points, width)


def paint_shallow(surf, r, near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(shade(SHALLOW, round((noise(x, y) - 0.5) * 8)), r)
    width = max(1, s // 20)
    for k, (fx, fy) in enumerate(((0.3, 0.3), (0.7, 0.72))):  # rings spreading where something broke the water
        cx = r.x + s * (fx + 0.16 * (noise(x, y, k) - 0.5))
        cy = r.y + s * (fy + 0.1 * (noise(x, y, k + 5) - 0.5))
        for scale in (0.42, 0.2):
            ring = pygame.Rect(0, 0, max(4, round(s * scale)), max(2, round(s * scale * 0.5)))
            ring.center = (round(cx), round(cy))
            pygame.draw.ellipse(surf, SHALLOW_RIPPLE, ring, width)


def paint_deep(surf, r, near) -> None:
    x, y, s = near.x, near.y, r.w
    surf.fill(shade(DEEP, round((noise(x, y) - 0.5) * 8)), r)
    width = max(1, s // 16)
    for k, fy in enumerate((0.32, 0.7)):
        ox = r.x + s * (0.1 + 0.15 * noise(x, y, k))
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
    surf.fill(shade(CLIFF, round((noise(near.x, near.y) - 0.5) * 10)), r)
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
    colour = tuple(60 + int(noise(len(name), ord(name[0]), k) * 150) for k in range(3))
    surf.fill(colour, r)
    text.blit(surf, char, max(8, r.w // 2), (20, 20, 20), r.center, "center")


def paint_square(surf, r: pygame.Rect, kind: int, near: Near, text: Text) -> None:
    name = str(TERRAIN["name"][kind])
    painter = PAINTERS.get(name)
    if painter is None:
        paint_unknown(surf, r, near, name, str(TERRAIN["char"][kind]), text)
    else:
        painter(surf, r, near)
