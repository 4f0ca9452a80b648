"""The colours the board is drawn in that several drawing modules share, and the small colour
helpers: `mix` two colours, `shade` one lighter or darker, and `noise`, a fixed pseudo-random
number per square so that the board looks the same every time it is drawn."""

from __future__ import annotations

BACKGROUND = (30, 32, 38)
GUTTER_TEXT = (170, 174, 184)
HIGHLIGHT = (255, 212, 60)  # the creature whose turn it is, and gold text
SIDE_COLOURS = {
    "blue": (52, 104, 216), "red": (204, 54, 44), "green": (40, 150, 70), "yellow": (206, 168, 30),
    "purple": (130, 70, 190), "orange": (226, 122, 30), "teal": (20, 150, 150), "pink": (212, 80, 150),
}
OTHER_SIDE_COLOURS = ("green", "purple", "orange", "teal", "pink", "yellow")


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def shade(colour, amount: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, c + amount)) for c in colour)


def noise(x: int, y: int, k: int = 0) -> float:
    """A fixed pseudo-random number in [0, 1) per square, so the board looks the same every time."""
    h = (x * 73856093) ^ (y * 19349663) ^ (k * 83492791) ^ 0x5BD1E995
    h = (h ^ (h >> 13)) * 0x5BD1E995 & 0xFFFFFFFF
    return ((h ^ (h >> 15)) & 0xFFFF) / 65536.0
