"""Drawing a map or a scenario to a PNG file, without a window (`skirmish render FILE -o OUT.png`).

Only pygame Surfaces and fonts are used (no display), so it works on a machine with no screen;
the dummy SDL drivers are set in case anything asks for one. Import this module lazily (only for
the render command): the game window must not start with the dummy video driver.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from ..i18n import _, decimal
from ..rules.words import terrain_word
from ..core.board import SQUARE_M  # noqa: E402
from ..core.terrain import TERRAIN  # noqa: E402
from .board_view import BoardView  # noqa: E402
from .colours import BACKGROUND  # noqa: E402
from .png import save_png  # noqa: E402
from .terrain_art import Near, paint_square  # noqa: E402
from .teaching import no_creatures, teach  # noqa: E402
from .teaching import draw_over as teaching_draw_over  # noqa: E402
from .teaching import draw_under as teaching_draw_under  # noqa: E402
from .text import Text  # noqa: E402

TITLE_TEXT = (236, 238, 242)
SUBTLE_TEXT = (160, 166, 178)
CAPTION_TEXT = (255, 212, 60)
MARGIN = 10


def render_to_png(scenario, out_path, square_px: int = 32, cover=None, reach=None, move=None) -> None:
    """Draw the scenario's board with its creatures at their start (or a bare map with its spawn
    squares) under a title line, with a legend of the terrain it uses, and save it as a PNG.

    `cover` (A, B), `reach` ID and `move` ID add the teaching overlays (teaching.py) and a caption
    line for each; a bad creature id is teaching.TeachingError (a ValueError), nothing written."""
    surface = render_surface(scenario, square_px, cover=cover, reach=reach, move=move)
    out_path = Path(out_path)
    if out_path.parent and not out_path.parent.exists():
        out_path.parent.mkdir(parents=True, exist_ok=True)
    save_png(surface, out_path)


def render_surface(scenario, square_px: int = 32, cover=None, reach=None, move=None) -> pygame.Surface:
    """The picture render_to_png saves, as a Surface (see render_to_png for the overlays)."""
    return render_picture(scenario, square_px, cover, reach, move)[0]


def render_picture(scenario, square_px: int = 32, cover=None, reach=None, move=None):
    """(the picture, the BoardView that drew its board, the teaching.Teaching drawn or None)."""
    text = Text()
    board = scenario.map.board
    view = BoardView(board, square_px, text)
    creatures = []
    teaching = None
    asked = cover is not None or reach is not None or move is not None
    if scenario.creatures:
        from ..rules.registry import new_battle

        battle = new_battle(scenario)
        creatures = [battle.view(cid) for cid in battle.state.creatures]
        if asked:
            teaching = teach(battle, cover=cover, reach=reach, move=move)
    elif asked:
        raise no_creatures(scenario.map.name)

    title, detail = title_lines(scenario, board, len(creatures))
    captions = teaching.captions(battle) if teaching is not None else []
    title_px, detail_px = 18, 13
    title_h = text.size(title, title_px)[1] + text.size(detail, detail_px)[1] + MARGIN + 4
    title_h += sum(text.size(line, detail_px)[1] + 2 for line in captions)
    board_w, board_h = view.full_size
    legend = legend_kinds(board)
    width = max(board_w + 2 * MARGIN, 360)
    legend_rows = layout_legend(text, legend, width - 2 * MARGIN)
    legend_h = len(legend_rows) * 24 + 6

    surface = pygame.Surface((width, title_h + board_h + legend_h + MARGIN))
    surface.fill(BACKGROUND)
    y = MARGIN // 2 + 2
    rect = text.blit(surface, title, title_px, TITLE_TEXT, (MARGIN, y))
    rect = text.blit(surface, detail, detail_px, SUBTLE_TEXT, (MARGIN, rect.bottom + 2))
    for line in captions:
        rect = text.blit(surface, line, detail_px, CAPTION_TEXT, (MARGIN, rect.bottom + 2))

    left = (width - board_w) // 2
    view.origin = (left + view.gutter_left, title_h + view.gutter_top)
    view.draw_board(surface)
    if creatures:
        if teaching is not None:
            teaching_draw_under(surface, view, teaching)
        view.draw_tokens(surface, creatures)
        if teaching is not None:
            teaching_draw_over(surface, view, teaching)
    else:
        view.draw_spawns(surface, scenario.map.spawns)
    draw_legend(surface, text, legend_rows, (MARGIN, title_h + board_h + 4))
    return surface, view, teaching


def title_lines(scenario, board, count: int) -> tuple[str, str]:
    w, h = board.width, board.height
    size = _("{w} x {h} squares ({mw} x {mh} m)").format(w=w, h=h, mw=decimal(w * SQUARE_M), mh=decimal(h * SQUARE_M))
    if scenario.creatures:
        sides = sorted({c.side for c in scenario.creatures})
        title = scenario.title
        detail = _("map {map}, {size}, {count} creatures ({sides})").format(
            map=scenario.map.name, size=size, count=count, sides=", ".join(sides))
    else:
        title = scenario.map.name
        detail = (_("map, {size}, spawn squares ringed") if scenario.map.spawns else _("map, {size}")).format(size=size)
    return title, detail


def legend_kinds(board) -> list[int]:
    import numpy as np

    return [int(k) for k in np.unique(board.terrain)]


def layout_legend(text: Text, kinds: list[int], width: int) -> list[list[int]]:
    rows, row, used = [], [], 0
    for kind in kinds:
        need = 24 + text.size(terrain_word(str(TERRAIN["name"][kind])), 13)[0] + 16
        if row and used + need > width:
            rows.append(row)
            row, used = [], 0
        row.append(kind)
        used += need
    if row:
        rows.append(row)
    return rows


def draw_legend(surface: pygame.Surface, text: Text, rows: list[list[int]], at: tuple[int, int]) -> None:
    """One swatch per terrain kind on the board, drawn by the same painters as the board."""
    x0, y = at
    for row in rows:
        x = x0
        for kind in row:
            swatch = pygame.Rect(x, y + 2, 20, 20)
            paint_square(surface, swatch, kind, Near(None, 0, 0), text)
            pygame.draw.rect(surface, (0, 0, 0), swatch, 1)
            rect = text.blit(surface, terrain_word(str(TERRAIN["name"][kind])), 13, SUBTLE_TEXT, (x + 26, y + 12), "midleft")
            x = rect.right + 16
        y += 24
