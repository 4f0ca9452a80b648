"""The 5e ruleset: the combat chapter of the 5e text, with the SRD 5.1 where it is silent."""

from .engine import Battle

__all__ = ["Battle"]
