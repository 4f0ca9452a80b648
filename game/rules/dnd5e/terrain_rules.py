"""What the physical board means under 5e: the costs of moving and the cover of each terrain
kind, as the records the board's functions take (game/core/rules_data.py).

Read from the SRD 5.1 ("Movement and Position", "Cover"), with the engine's choices where it
is silent (marked so).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.rules_data import CoverRules, MoveRules, per_kind
from ...core.terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL
from ...i18n import _

MOVE_5E = MoveRules(
    # SRD 5.1, Difficult Terrain: every foot costs 1 extra foot (rubble, undergrowth, shallow
    # bogs); a low wall is climbed over (engine choice: difficult terrain, as the map legend says)
    enter_factor=per_kind({"difficult": 2, "shallow-water": 2, "low-wall": 2}, default=1),
    enter_extra=per_kind({}, default=0),  # 5e adds nothing per square: it multiplies
    diagonals="5-5-5",  # SRD 5.1: every square is 5 feet, diagonals included
    # PHB, Difficult Terrain: "even if multiple things in a space count as difficult terrain",
    # one extra foot (seed: "Cette règle ne change pas même si les obstacles se cumulent");
    # swimming or climbing without the speed there costs no more (engine reading)
    stacking="max",
    occupied_factor=2,  # SRD 5.1, Moving Around Other Creatures: another creature's space is difficult terrain
    swim_factor=2,  # SRD 5.1, Climbing, Swimming, and Crawling: 1 extra foot without a swimming speed
    climb_factor=2,  # the same, without a climbing speed
    squeeze_factor=2,  # SRD 5.1, Squeezing into a Smaller Space: 1 extra foot
    # ... on top of difficult terrain's extra foot: 3 feet a foot there (seed, "Passer dans un
    # espace étroit": "chaque mètre ... coûte un mètre supplémentaire", a cost of its own)
    squeeze_stacking="sum",
    crawl_factor=2,  # SRD 5.1, Being Prone: crawling costs 1 extra foot
    crawl_costly_factor=3,  # SRD 5.1: crawling 1 foot in difficult terrain costs 3 feet
    corner_cutting=1,  # engine choice (the SRD is silent): no diagonal between two blocked corners
    hostile_size_gap=2,  # SRD 5.1: a hostile creature's space only if it is two sizes larger or smaller
)

# DMG, Variant: Diagonals (not in the SRD): every second diagonal costs 10 feet
MOVE_5E_ALTERNATING = replace(MOVE_5E, diagonals="5-10-5")

COVER_5E = CoverRules(
    # SRD 5.1, Cover: a low wall gives half cover, an arrow slit three-quarters; a wall or a
    # cliff hides completely (total); the other kinds never block a line
    line_cap=per_kind({"wall": TOTAL, "cliff": TOTAL, "low-wall": HALF, "arrow-slit": THREE_QUARTERS}, default=0),
    # DMG grid rule (Simbul's reading, DESIGN.md): 1-2 blocked lines half, 3 three-quarters, 4 total
    grades=(NO_COVER, HALF, HALF, THREE_QUARTERS, TOTAL),
    creature_cap=HALF,  # SRD 5.1, Cover: a creature in the way gives half cover at most
)


def move_rules(diagonals: str) -> MoveRules:
    """The 5e movement rules for a scenario's way of counting diagonals ("5-5-5" or "5-10-5")."""
    if diagonals not in _BY_DIAGONALS:
        raise ValueError(_("5e counts diagonals \"5-5-5\" or \"5-10-5\", not {diagonals!r}").format(diagonals=diagonals))
    return _BY_DIAGONALS[diagonals]


_BY_DIAGONALS = {"5-5-5": MOVE_5E, "5-10-5": MOVE_5E_ALTERNATING}
