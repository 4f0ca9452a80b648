"""The terrain kinds and their read-only property table (one numpy structured array)."""

from __future__ import annotations

import numpy as np

# Cover levels, shared by terrain caps and the cover computation.
NO_COVER, HALF, THREE_QUARTERS, TOTAL = 0, 1, 2, 3
COVER_NAMES = {NO_COVER: "none", HALF: "half", THREE_QUARTERS: "three-quarters", TOTAL: "total"}

TERRAIN_DTYPE = np.dtype(
    [
        ("name", "U16"),
        ("char", "U1"),
        ("difficult", bool),  # moving in costs double (5e: difficult terrain)
        ("blocks_move", bool),  # nobody walks in
        ("climbable", bool),  # blocks walking, but can be climbed
        ("deep_water", bool),  # swimming: double cost without a swim speed; underwater
        ("blocks_line", bool),  # a line through it is blocked
        ("cover_cap", np.int8),  # the most cover a line blocked here can give
    ]
)

_ROWS = [
    # name, char, difficult, blocks_move, climbable, deep_water, blocks_line, cover_cap
    ("floor", ".", False, False, False, False, False, NO_COVER),
    ("wall", "#", False, True, False, False, True, TOTAL),
    ("difficult", ":", True, False, False, False, False, NO_COVER),
    ("shallow-water", ",", True, False, False, False, False, NO_COVER),
    ("deep-water", "~", False, False, False, True, False, NO_COVER),
    ("low-wall", "=", True, False, False, False, True, HALF),
    ("arrow-slit", "+", False, True, False, False, True, THREE_QUARTERS),
    ("cliff", "^", False, True, True, False, True, TOTAL),
]

TERRAIN = np.array(_ROWS, dtype=TERRAIN_DTYPE)
TERRAIN.flags.writeable = False

KIND_BY_NAME = {name: i for i, name in enumerate(TERRAIN["name"])}
KIND_BY_CHAR = {char: i for i, char in enumerate(TERRAIN["char"])}
FLOOR = KIND_BY_NAME["floor"]
WALL = KIND_BY_NAME["wall"]


def kind_from_name(name: str) -> int | None:
    """The terrain kind of a legend name ("low wall", "low-wall", "low_wall"), or None."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    aliases = {"shallow": "shallow-water", "deep": "deep-water", "water": "deep-water"}
    return KIND_BY_NAME.get(aliases.get(key, key))
