"""Skirmish: a grid-based tactical battle game on the 5e combat rules."""

from .speedups import install as _load_compiled

__version__ = "0.1.0"
_load_compiled()  # the compiled copies of the busiest modules, where built from their sources
