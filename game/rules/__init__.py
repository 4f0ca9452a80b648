"""Commands, events and battle state, and one package per ruleset (dnd5e first)."""
