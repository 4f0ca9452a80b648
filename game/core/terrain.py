"""The terrain kinds and their physical properties (one read-only numpy structured array).

The table says what a square is (a wall, water, a low wall), never what it costs to enter or
how much cover it gives: those are each ruleset's numbers, handed to the board's functions as
records (game/core/rules_data.py), one value per terrain kind in this table's order.
"""

from __future__ import annotations

import numpy as np

# Cover levels, shared by the rulesets' cover caps and the cover computation.
NO_COVER, HALF, THREE_QUARTERS, TOTAL = 0, 1, 2, 3
COVER_NAMES = {NO_COVER: "none", HALF: "half", THREE_QUARTERS: "three-quarters", TOTAL: "total"}

TERRAIN_DTYPE = np.dtype(
    [
        ("name", "U16"),
        ("char", "U1"),
        ("blocks_move", bool),  # nobody walks in
        ("climbable", bool),  # blocks walking, but can be climbed
        ("water", bool),  # one can swim in it (shallow or deep)
        ("deep_water", bool),  # over one's head: swimming, or underwater
        ("blocks_line", bool),  # a line through it is blocked (how much: the ruleset's cover caps)
        ("low", bool),  # a low obstacle, about waist-high: one sees and shoots over it
        ("slit", bool),  # a wall pierced by a narrow opening to shoot through
    ]
)

_ROWS = [
    # name, char, blocks_move, climbable, water, deep_water, blocks_line, low, slit
    ("floor", ".", False, False, False, False, False, False, False),
    ("wall", "#", True, False, False, False, True, False, False),
    ("difficult", ":", False, False, False, False, False, False, False),  # rubble, undergrowth
    ("shallow-water", ",", False, False, True, False, False, False, False),
    ("deep-water", "~", False, False, True, True, False, False, False),
    ("low-wall", "=", False, False, False, False, True, True, False),
    ("arrow-slit", "+", True, False, False, False, True, False, True),
    ("cliff", "^", True, True, False, False, True, False, False),
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
