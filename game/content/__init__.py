"""Loading and validating the hand-written files: maps, stat blocks, items, scenarios."""
