"""Creature sizes and the square spaces they control (5e: Size Categories)."""

from __future__ import annotations

SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")

# 5e, "Taille de créature": tiny 0.75 m (shares a square), small and medium 1.5 m,
# large 3 m (2x2), huge 4.5 m (3x3), gargantuan 6 m (4x4).
SPACE_SQUARES = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4}
TINY_PER_SQUARE = 4  # four tiny creatures fit in one square


def size_index(size: str) -> int:
    return SIZES.index(size)


def squeezed_squares(size: str) -> int:
    """The side of the space of the next smaller size (where it differs), used when squeezing."""
    index = size_index(size)
    return SPACE_SQUARES[SIZES[index - 1]] if index > 0 else SPACE_SQUARES[size]
