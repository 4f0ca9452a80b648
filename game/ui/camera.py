"""The camera: where the board sits in the window's board area (its zoom and its origin)."""

from __future__ import annotations

import math

import pygame

from .board_view import BoardView

ZOOMS = (6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48, 56, 64, 80, 96)
MAX_BOARD_PX = 4096  # the static board is one surface: keep it a sensible size


class Camera:
    """Where the board sits in the viewport: its square size (zoom) and the origin of [0, 0]."""

    def __init__(self, view: BoardView, viewport: pygame.Rect) -> None:
        self.view = view
        self.viewport = viewport
        board = view.board
        self.max_px = max(ZOOMS[0], min(ZOOMS[-1], MAX_BOARD_PX // max(board.width, board.height)))

    def fit(self) -> None:
        """The largest square size that shows the whole board, centred in the viewport."""
        board, vp = self.view.board, self.viewport
        room_w, room_h = vp.w - 60, vp.h - 50  # less the coordinate gutters and a margin
        square = math.floor(min(room_w / board.width, room_h / board.height))
        self.view.set_square_px(max(ZOOMS[0], min(self.max_px, square)))
        self.centre()

    def centre(self) -> None:
        w, h = self.view.pixel_size
        gl, gt = self.view.gutter_left, self.view.gutter_top
        self.view.origin = (self.viewport.x + (self.viewport.w - w + gl) // 2,
                            self.viewport.y + (self.viewport.h - h + gt) // 2)

    def zoom(self, steps: int, about: tuple[int, int]) -> None:
        """Zoom in (steps > 0) or out a level, keeping the point under `about` where it is."""
        s = self.view.square_px
        if steps > 0:
            levels = [z for z in ZOOMS if s < z <= self.max_px]
            new = levels[0] if levels else s
        else:
            levels = [z for z in ZOOMS if z < s]
            new = levels[-1] if levels else s
        if new == s:
            return
        ox, oy = self.view.origin
        qx, qy = (about[0] - ox) / s, (about[1] - oy) / s
        self.view.set_square_px(new)
        self.view.origin = (round(about[0] - qx * new), round(about[1] - qy * new))
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        ox, oy = self.view.origin
        self.view.origin = (round(ox + dx), round(oy + dy))
        self.clamp()

    def clamp(self) -> None:
        """Keep at least a corner of the board in sight."""
        w, h = self.view.pixel_size
        vp, keep = self.viewport, 80
        ox = min(max(self.view.origin[0], vp.x + keep - w), vp.right - keep)
        oy = min(max(self.view.origin[1], vp.y + keep - h), vp.bottom - keep)
        self.view.origin = (ox, oy)
