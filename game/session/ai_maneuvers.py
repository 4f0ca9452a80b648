"""Hard computer players: grapple and shove prone, where they beat a plain attack."""

from __future__ import annotations


def maneuver_plans(tactician, best_here: float) -> list:
    """Grapple and shove commands worth more than the best attack from here (best_here)."""
    return []
