"""The 4e ruleset: the combat sequence of seed 004, with RULESETS.md section 2 for the rest.

`RULESET` (battle.py) is what game.rules.registry hands out under the name "4e".
"""

from .battle import RULESET, Battle

__all__ = ["RULESET", "Battle"]
