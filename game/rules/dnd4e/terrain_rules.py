"""What the physical board means under 4e (RULESETS.md section 3): the cost of moving and the
cover of each terrain kind, as the records the board's functions take (game/core/rules_data.py)."""

from __future__ import annotations

from ...core.rules_data import CoverRules, MoveRules, per_kind
from ...core.terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL

MOVE_4E = MoveRules(
    # 4e, Difficult terrain: each square entered costs 1 extra square (rubble `:`, shallow water
    # `,`, a low wall `=`); several reasons on one square still cost +1
    enter_factor=per_kind({}, default=1),
    enter_extra=per_kind({"difficult": 1, "shallow-water": 1, "low-wall": 1}, default=0),
    diagonals="1",  # 4e: every diagonal square counts 1
    stacking="max",
    occupied_factor=1,  # 4e: allies are passed freely (never ended on: the field's rule)
    swim_factor=2,  # RULESETS.md 3: deep water without a swim speed, 2 squares a square
    climb_factor=2,
    squeeze_factor=2,  # 4e, Squeeze: half speed
    crawl_factor=2,  # 4e, Crawl: half speed
    crawl_costly_factor=2,
    corner_cutting=0,  # RULESETS.md 3 (E): no diagonal past a wall's corner
    hostile_size_gap=2,  # 4e: an enemy's space only if it is two sizes apart
)

# 4e, Cover (attacker's burden): from a corner of the attacker's square to the 4 corners of a
# target square, 1-2 lines blocked give cover (-2), 3-4 with line of effect superior cover (-5);
# a low wall gives cover at most, an arrow slit superior cover (never total); enemies of the
# attacker give cover (creature_cap: the blockers hold only those), allies never
COVER_4E = CoverRules(
    line_cap=per_kind({"wall": TOTAL, "cliff": TOTAL, "low-wall": HALF, "arrow-slit": THREE_QUARTERS}, default=0),
    grades=(NO_COVER, HALF, HALF, THREE_QUARTERS, TOTAL),
    creature_cap=HALF,
)

# DMG, melee cover (the defender's burden, engine reading): any blocked line between the spaces
# gives cover; superior cover against melee only from terrain made for it (an arrow slit)
MELEE_COVER_4E = CoverRules(
    line_cap=per_kind({"wall": HALF, "cliff": HALF, "low-wall": HALF, "arrow-slit": THREE_QUARTERS}, default=0),
    grades=(NO_COVER, HALF, HALF, THREE_QUARTERS, THREE_QUARTERS),  # walls cap it at cover
    creature_cap=0,
)

# RULESETS.md 3: an arrow slit `+` gives superior cover (melee too) whenever a line passes it,
# never total cover (graded on its own, the greater of the two counts)
SLIT_COVER_4E = CoverRules(
    line_cap=per_kind({"arrow-slit": THREE_QUARTERS}, default=0),
    grades=(NO_COVER, THREE_QUARTERS, THREE_QUARTERS, THREE_QUARTERS, THREE_QUARTERS),
    creature_cap=0,
)

COVER_PENALTY = {NO_COVER: 0, HALF: 2, THREE_QUARTERS: 5}  # 4e: cover -2, superior cover -5
COVER_WORDS = {NO_COVER: "none", HALF: "cover", THREE_QUARTERS: "superior", TOTAL: "total"}


def move_rules(diagonals: str) -> MoveRules:
    """4e counts every diagonal 1, whatever the scenario's `diagonals` says."""
    return MOVE_4E
