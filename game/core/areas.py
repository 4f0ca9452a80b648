"""Area templates on the grid: which squares a sphere or a cone covers (no rules, only geometry).

Every function returns a (rows, columns) bool mask over a board of the given shape; squares
are unit cells, square (x, y) spanning [x, x + 1] x [y, y + 1] with its centre at
(x + 0.5, y + 0.5); lengths come in metres and are turned into squares of 1.5 m.

Sphere (also a cylinder seen from above): the squares whose grid distance from the centre
square is at most the radius, counted as the rules count diagonals (a name of
rules_data.DIAGONALS, or a MoveRules): "5-5-5" (or "1") every step
(diagonal or not) is one square, so a radius of r squares is the (2r + 1) x (2r + 1) block
around the centre (a 6 m fireball covers 9 x 9 squares); "5-10-5" every second diagonal counts
double, so a square dx, dy away is max + min // 2 squares away (a rounded block). Choice: the
point of origin is a square, not a grid intersection, so a sphere is always symmetric around it.

Spread (a sphere whose effect "spreads around corners", SRD 5.1 Fireball): the squares reached
from the centre square by a path of steps through open squares (those `blocked` does not mark)
whose length, counted like a grid distance (each step one square; with "5-10-5" every second
diagonal step two), is at most the radius. A diagonal step between two blocked squares (two
wall corners that touch) is no way through. It never reaches further than the sphere.

Cone: its half-width at each point is `half_width` times that point's distance from the apex,
as the ruleset says (5e, "a cone's width at a given point along its length is equal to that
point's distance from the point of origin": half_width 0.5, a half-angle of atan(1/2), about
26.57 degrees). Choices:
- the axis runs from the centre of the origin space towards the centre of the `toward` square,
  in any direction (not only the eight of the grid);
- the apex is where that axis leaves the origin space (the middle of an edge for the four
  straight directions, a corner for the four diagonals), so a cone never covers its origin;
- a square is in the cone when its centre is: strictly ahead of the apex, no further than the
  length along the axis, and no further from the axis than half_width times its distance along it. Points
  exactly on the boundary count (so diagonal cones are symmetric).
A 4.5 m cone pointing east from a 1-square space therefore covers 1, 1, then 3 squares at 1, 2
and 3 squares' distance; pointing north-east it covers 6 squares (see tests/test_areas.py).
The length is measured along the axis in straight-line distance, so a diagonal cone reaches a
little less far in grid squares than a straight one. From a space of even side (a large
creature) no square centre lies straight ahead of the space's centre, so its "straight" cones
lean slightly toward the row (or column) of the chosen square, and the squares right against
the space, where the cone is still narrow, may fall outside it.
"""

from __future__ import annotations

import numpy as np

from ..i18n import translator
from .board import SQUARE_M
from .rules_data import alternating, diagonal_squares, diagonals_of

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

_EPS = 1e-9


def squares_in(metres: float) -> int:
    """Whole squares within a distance in metres (6 m -> 4 squares)."""
    return int(np.floor(metres / SQUARE_M + _EPS))


def sphere(shape: tuple[int, int], centre_square: tuple[int, int], radius_m: float,
           diagonals="5-5-5") -> np.ndarray:
    """Squares within radius_m of the centre square by grid distance (see the module notes)."""
    h, w = shape
    cx, cy = centre_square
    radius = squares_in(radius_m)
    ys, xs = np.mgrid[0:h, 0:w]
    return diagonal_squares(np.abs(xs - cx), np.abs(ys - cy), diagonals) <= radius


_STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _shifted(a: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """a moved by (dx, dy): out[y, x] = a[y - dy, x - dx], False where that is off the array."""
    h, w = a.shape
    out = np.zeros_like(a)
    out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = a[max(-dy, 0):h + min(-dy, 0),
                                                                   max(-dx, 0):w + min(-dx, 0)]
    return out


def spread(blocked: np.ndarray, centre_square: tuple[int, int], radius_m: float,
           diagonals="5-5-5") -> np.ndarray:
    """Squares a spreading sphere reaches: a flood from the centre square through the squares
    `blocked` (a (rows, columns) bool mask) leaves open, within the radius (see the module notes)."""
    h, w = blocked.shape
    cx, cy = centre_square
    radius = squares_in(radius_m)
    # the flood stays within the sphere's block: work on that window only
    x0, y0, x1, y1 = max(cx - radius, 0), max(cy - radius, 0), min(cx + radius + 1, w), min(cy + radius + 1, h)
    walls = blocked[y0:y1, x0:x1]
    open_ = ~walls
    double = alternating(diagonals_of(diagonals))
    far = radius + 1
    # cost[p]: the shortest path to each square having taken an even (p = 0) or odd (p = 1)
    # number of diagonal steps, which decides the cost of the next one under "5-10-5"
    cost = np.full((2,) + walls.shape, far + 2, dtype=np.int32)
    cost[0, cy - y0, cx - x0] = 0
    for c in range(radius):  # a square first reached at cost c spreads at c + 1 (or c + 2)
        for p in (0, 1):
            here = cost[p] == c
            if not here.any():
                continue
            for dx, dy in _STRAIGHT:
                there = _shifted(here, dx, dy) & open_ & (cost[p] > c + 1)
                cost[p][there] = c + 1
            step, q = (2, 0) if double and p == 1 else (1, 1 if double else 0)
            for dx, dy in _DIAGONAL:
                pinched = _shifted(walls, 0, dy) & _shifted(walls, dx, 0)
                there = _shifted(here, dx, dy) & open_ & ~pinched & (cost[q] > c + step)
                cost[q][there] = c + step
    out = np.zeros((h, w), bool)
    out[y0:y1, x0:x1] = cost.min(axis=0) <= radius
    return out


def cone(shape: tuple[int, int], origin_space: tuple[int, int, int], toward_square: tuple[int, int],
         length_m: float, *, half_width: float) -> np.ndarray:
    """Squares whose centre lies in the cone from the origin space towards a square.

    origin_space is (x, y, side) of the space the cone starts from (a caster's space); the
    toward square must lie outside it (ValueError otherwise).
    """
    h, w = shape
    ox, oy, side = origin_space
    tx, ty = toward_square
    if ox <= tx < ox + side and oy <= ty < oy + side:
        raise ValueError(_("the cone's direction square [{x}, {y}] is inside its origin space").format(x=tx, y=ty))
    centre = np.array([ox + side / 2, oy + side / 2])
    axis = np.array([tx + 0.5, ty + 0.5]) - centre
    axis /= np.hypot(*axis)
    # the apex: where the axis leaves the origin space (a side x side box around the centre)
    exits = [(side / 2) / abs(a) for a in axis if abs(a) > _EPS]
    apex = centre + min(exits) * axis
    ys, xs = np.mgrid[0:h, 0:w]
    vx = xs + 0.5 - apex[0]
    vy = ys + 0.5 - apex[1]
    along = vx * axis[0] + vy * axis[1]
    across = np.abs(vx * axis[1] - vy * axis[0])
    length = length_m / SQUARE_M
    inside = (along > _EPS) & (along <= length + _EPS) & (across <= half_width * along + _EPS)
    inside[max(oy, 0):max(oy + side, 0), max(ox, 0):max(ox + side, 0)] = False
    return inside


def cone_reach(length_m: float, half_width: float, side: int) -> float:
    """The farthest a square's centre caught by a cone (see cone) can lie from the centre of its
    origin space, in squares: the apex is on the space's edge (at most side / 2 * sqrt(2) from
    its centre) and a caught centre within length along the axis and half_width times that
    across it (with cone's own tolerance). A square farther from every square of a creature is
    never in any cone from that space."""
    length = length_m / SQUARE_M + _EPS
    return float(np.hypot(length, half_width * length + _EPS) + side * np.sqrt(2) / 2 + 1e-6)


def touches(mask: np.ndarray, space: tuple[int, int, int]) -> bool:
    """Whether any square of a space (x, y, side) is in the mask (squares off the board are not)."""
    x, y, side = space
    h, w = mask.shape
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + side, w), min(y + side, h)
    return bool(x0 < x1 and y0 < y1 and mask[y0:y1, x0:x1].any())


def show(mask: np.ndarray, mark: str = "x", blank: str = ".") -> str:
    """The mask as rows of characters, for tests and debugging."""
    return "\n".join("".join(mark if v else blank for v in row) for row in mask)
