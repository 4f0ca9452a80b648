"""The user interface: the only package that imports pygame.

board_view.py draws the board (its parts: terrain_art.py the terrain, tokens.py the creatures,
overlays.py what is drawn while aiming) onto pygame Surfaces; render.py draws a map or scenario
to a PNG without a window; app.py is the game window (render loop, input, panels), driving a
session (game/session/controller.py). Nothing outside this package imports it, and nothing
outside it imports pygame.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting on standard output
