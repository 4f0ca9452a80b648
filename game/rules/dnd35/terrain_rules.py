"""What the physical board means under 3.5: the costs of moving and the cover of each terrain
kind (RULESETS.md section 3), as the records the board's functions take (core/rules_data.py)."""

from __future__ import annotations

from ...core.rules_data import CoverRules, MoveRules, per_kind
from ...core.terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL

MOVE_35 = MoveRules(
    # 3.5 SRD, Difficult terrain: each square costs 2 squares of movement (rubble, undergrowth,
    # shallow water, a low wall to climb over); a diagonal into it 3 (RULESETS.md 1: "D: still
    # counts in the 1-2 alternation"); squeezing or swimming likewise 1.5 times, rounded down
    enter_factor=per_kind({"difficult": 2, "shallow-water": 2, "low-wall": 2}, default=1),
    flat_costly_diagonals=True,
    enter_extra=per_kind({}, default=0),
    diagonals="5-10-5",  # 3.5 SRD, Measuring distance: diagonals count 1, 2, 1, 2 ...
    stacking="max",
    occupied_factor=1,  # 3.5 SRD, Moving through a square: a friendly square costs nothing more
    swim_factor=4,  # RULESETS.md section 3: without a swim speed, 4 squares a square of deep water
    climb_factor=4,
    squeeze_factor=2,  # 3.5 SRD, Squeezing: each square counts as two
    squeeze_stacking="product",
    crawl_factor=2,
    crawl_costly_factor=4,
    corner_cutting=0,  # 3.5 SRD: no diagonal move past the corner of a wall (even a 5-foot step)
    hostile_size_gap=3,  # 3.5 SRD: through an opponent's square only if it is three sizes apart
)

COVER_35 = CoverRules(
    # 3.5 SRD, Cover: a wall blocks; a low wall gives cover; an arrow slit improved cover (+8)
    line_cap=per_kind({"wall": TOTAL, "cliff": TOTAL, "low-wall": HALF, "arrow-slit": THREE_QUARTERS}, default=0),
    # 3.5 SRD, Cover: any line from the best corner blocked gives cover (+4); every line: no line of effect
    grades=(NO_COVER, HALF, HALF, HALF, TOTAL),
    creature_cap=HALF,  # soft cover from creatures (against ranged attacks only: geometry.py)
)

COVER_AC = {NO_COVER: 0, HALF: 4, THREE_QUARTERS: 8}  # 3.5 SRD, Cover: +4 AC; improved cover +8
