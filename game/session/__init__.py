"""A battle in play: building it from a file, playing its command log (save = replay)."""
