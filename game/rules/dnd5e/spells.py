"""Spells: casting, slots and areas (SRD 5.1 spell descriptions)."""

from __future__ import annotations

from ..errors import IllegalCommand


def cast(battle, actor, cmd) -> None:
    raise IllegalCommand(f"'cast' is not available yet in this version")
