"""The window's size: the size it opens at (fitted to the desktop), the smallest the interface
lays itself out in, and what the window says when it is smaller than that."""

from __future__ import annotations

import pygame
from ..i18n import _

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 600)  # below this the interface cannot lay itself out: the window says so


def fitting_size(size) -> tuple[int, int]:
    """The window's size: the one asked for, made smaller to fit the desktop (a margin kept
    for its frame and the task bar), never below MIN_SIZE."""
    desktops = pygame.display.get_desktop_sizes() or [size]
    dw, dh = desktops[0]
    return (max(MIN_SIZE[0], min(size[0], dw - 40)), max(MIN_SIZE[1], min(size[1], dh - 80)))


def set_minimum_size(size) -> None:
    """Ask the window manager never to make the window smaller than this."""
    import warnings

    with warnings.catch_warnings():  # pygame-ce: the display module's window, as a Window
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = size


def too_small_notice(size) -> str:
    """What the window says when it is smaller than the interface needs (MIN_SIZE), else ""."""
    if size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1]:
        return ""
    return _("The window is {w} x {h}: Skirmish needs at least {min_w} x {min_h} (some of it may not fit)").format(
        w=size[0], h=size[1], min_w=MIN_SIZE[0], min_h=MIN_SIZE[1])
