"""The 5e ruleset: the combat chapter of the 5e text, with the SRD 5.1 where it is silent.

`RULESET` (battle.py) is what game.rules.registry hands out under the name "5e".
"""

from .battle import RULESET, Battle

__all__ = ["RULESET", "Battle"]
