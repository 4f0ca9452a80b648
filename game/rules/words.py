"""How ids read in the words people see: an attack, a spell or a power named in the log or on a
button ("light-crossbow" reads "light crossbow"). Ids stay ids in commands, JSON and files."""

from __future__ import annotations


def spoken(name: str) -> str:
    """An id as words: its hyphens become spaces ("magic-missile" -> "magic missile")."""
    return name.replace("-", " ")
