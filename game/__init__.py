"""Skirmish: a grid-based tactical battle game on the 5e combat rules."""

__version__ = "0.1.0"
