"""What is drawn over the board while the player aims: shaded regions (where a creature can go,
an area's template), a path with its cost, rings round targets, the warning on a creature that
would get an opportunity attack, text pills, and the start squares of a bare map.

`Overlays` is a part of `BoardView` (a mixin): it uses the view's `square_px`, `origin`, `text`,
`square_rect`, `square_centre` and `side_colour`.
"""

from __future__ import annotations

import math

import numpy as np
import pygame
from ..i18n import _, decimal

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


def metres(value: float) -> str:
    """A distance as the window writes it ("1.5 m"; "1,5 m" in French)."""
    return _("{metres} m").format(metres=decimal(value))



def footprints(mask: np.ndarray, side: int) -> np.ndarray:
    """Every square covered by a space `side` squares wide whose top-left square is in mask."""
    h, w = mask.shape
    covered = mask.astype(bool).copy()
    for dy in range(side):
        for dx in range(side):
            if dx or dy:
                covered[dy:, dx:] |= mask[: h - dy, : w - dx]
    return covered

class Overlays:
    """Overlays on the board (a part of BoardView)."""

    def reach_layer(self, mask: np.ndarray, side: int = 1, fill=REACH_FILL, edge=REACH_EDGE,
                    hatch=None, minus: np.ndarray | None = None) -> pygame.Surface:
        """The squares of a bool mask shaded, with a bright edge round the region; blit at origin.

        The mask holds top-left positions of a space `side` squares wide: the region shaded is
        every square such a space covers (all of a big creature's footprints); the squares
        `minus` covers that way are left out.
        """
        s = self.square_px
        h, w = mask.shape
        marked = footprints(mask, side)
        if minus is not None:
            marked &= ~footprints(minus, side)
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
        return self.reach_layer(mask, 1, AREA_FILL, AREA_EDGE)

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
