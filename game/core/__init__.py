"""The board as numpy arrays, footprints, movement fields, lines and cover, dice.

Nothing here knows the rules of a ruleset or imports pygame; nothing here imports the rest
of the game.
"""
