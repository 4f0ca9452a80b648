"""The 3.5 ruleset: the combat basics of the 3.5 SRD (seed 003), with the SRD where the seed stops.

`RULESET` (battle.py) is what game.rules.registry hands out under the name "3.5".
"""

from .battle import RULESET, Battle

__all__ = ["RULESET", "Battle"]
