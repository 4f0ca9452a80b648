"""A battle in play: the session the window drives (controller.py: submit, undo, saves, the
computer's turns), building it from a file, playing its command log (save = replay), simulate."""
