"""The demos on screen: a captioned, scripted battle played one command at a time (`skirmish demo`).

`DemoPicture` draws one step of a demo (session/demos.py's `Demo`) onto any surface: the board
on the left with the step's creature ringed and its path drawn, and beside it the title, the
step's caption, the log lines it wrote and the rule card they name. The window (`DemoWindow`:
Space, Enter, Right or a click for the next step; Backspace or Left back a step; Home the start;
Esc quits; a click on a log line that names a rule opens its card), the frames (`write_frames`:
one PNG per step, headless) and the handout (`write_sheet`: every step's board and caption on
one printable page) all draw through it.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..i18n import _
from ..rules.cards import cards_named
from .card_window import CardWindow
from .colours import BACKGROUND, HIGHLIGHT
from .dialogs import CLOSE
from .png import save_png
from .text import Text

FRAME_SIZE = (1280, 800)  # the size of a frame written by --frames
PANEL_BACK = (24, 26, 31)
PANEL_LINE = (52, 56, 66)
TEXT = (226, 228, 234)
DIM = (150, 156, 168)
SEED = (196, 208, 236)
RULE_LINE = (255, 226, 140)  # a log line that names a rule card: click it
HIT, MISS = (236, 70, 50), (200, 204, 214)  # an attack's line on the board
FPS = 30
SHEET_WIDTH = 1600  # pixels: A4 portrait at about 190 dpi
SHEET_MARGIN = 48
SHEET_INK = (24, 26, 32)
SHEET_GREY = (96, 100, 110)


def fit_view(view, area: pygame.Rect, largest: int = 64) -> None:
    """The largest square size (8 to `largest` pixels) showing the whole board in `area`, centred."""
    board = view.board
    square = math.floor(min((area.w - 50) / board.width, (area.h - 40) / board.height))
    view.set_square_px(max(8, min(largest, square)))
    w, h = view.pixel_size
    view.origin = (area.x + (area.w - w + view.gutter_left) // 2, area.y + (area.h - h + view.gutter_top) // 2)


def draw_board_step(surface: pygame.Surface, area: pygame.Rect, demo, step: int, text: Text, views_cache: dict,
                    largest: int = 64) -> None:
    """The board after `step` in `area`: the creatures, the step's moves as paths, its actor ringed."""
    from .board_view import BoardView

    battle = demo.battle_at(step)
    view = views_cache.get("view")
    if view is None or view.board is not battle.board:
        view = views_cache["view"] = BoardView(battle.board, 32, text)
    fit_view(view, area, largest)
    surface.set_clip(area)
    view.draw_board(surface)
    views = [battle.view(cid) for cid in battle.state.creatures]
    sides = {c.id: c.side_squares for c in views}
    for event in demo.events(step):
        path = event.data.get("path") if isinstance(event.data, dict) else None
        if event.kind == "move" and path and len(path) > 1:
            side = sides.get(event.data.get("creature"), 1)
            view.draw_path(surface, tuple(path[0]), [tuple(p) for p in path[1:]], 0.0, side=side, tag="")
    attacks = []  # each attack of the step: a line from the attacker to its target, under the tokens
    by_id = {c.id: c for c in views}
    events = demo.events(step)
    for number, event in enumerate(events):
        data = event.data if isinstance(event.data, dict) else {}
        attacker, target = by_id.get(data.get("attacker")), by_id.get(data.get("target"))
        if event.kind == "attack" and attacker is not None and target is not None:
            colour = HIT if data.get("hit") else MISS
            start = view.square_centre(*where_then(attacker, events[number:]), attacker.side_squares)
            end = view.square_centre(*where_then(target, events[number:]), target.side_squares)
            pygame.draw.line(surface, (20, 16, 14), start, end, max(3, view.square_px // 10) + 2)
            pygame.draw.line(surface, colour, start, end, max(3, view.square_px // 10))
            attacks.append((target, colour))
    actor = demo.actor(step) if step > 0 else battle.state.current_id
    view.draw_tokens(surface, views, actor, phase=0.25)
    draw_riders(surface, view, views)
    for target, colour in attacks:
        view.draw_ring(surface, target.x, target.y, target.side_squares, colour, grow=0.15)
    surface.set_clip(None)


def draw_riders(surface: pygame.Surface, view, views) -> None:
    """A rider shares its mount's space: drawn again over the mount, smaller, at its top edge, so
    that both can be seen (the smaller of two living creatures on one square is the rider)."""
    from ..core.sizes import size_index

    for rider in views:
        mount = next((c for c in views if c is not rider and c.alive and rider.alive and (c.x, c.y) == (rider.x, rider.y)
                      and size_index(c.size) > size_index(rider.size)), None)
        if mount is None:
            continue
        sprite = view.token_sprite(rider)
        small = pygame.transform.smoothscale(sprite, (sprite.get_width() * 3 // 5, sprite.get_height() * 3 // 5))
        space = view.square_rect(mount.x, mount.y, mount.side_squares)
        surface.blit(small, small.get_rect(midtop=(space.centerx, space.y - view.square_px // 3)))


def where_then(creature, later_events) -> tuple[int, int]:
    """Where a creature stood at an event: the start of its next move in the step (an opportunity
    attack strikes before the move goes on), else where it stands now."""
    for event in later_events:
        data = event.data if isinstance(event.data, dict) else {}
        if event.kind == "move" and data.get("creature") == creature.id and data.get("path"):
            return tuple(data["path"][0])
    return creature.x, creature.y


class DemoPicture:
    """Draws one step of a demo: the board, and the panel with the caption, the lines, the card."""

    def __init__(self, demo, text: Text | None = None) -> None:
        self.demo = demo
        self.text = text or Text()
        self._views: dict = {}
        self.line_rows: list[tuple[pygame.Rect, object]] = []  # each log line drawn, and its demos.Line
        self.caption = ""  # the caption drawn last
        self.cards: list = []  # the cards drawn last

    def draw(self, surface: pygame.Surface, step: int, hint: bool = True) -> None:
        w, h = surface.get_size()
        panel_w = max(340, min(500, round(w * 0.38)))
        board_area = pygame.Rect(0, 0, max(100, w - panel_w), h)
        surface.fill(BACKGROUND, board_area)
        draw_board_step(surface, board_area, self.demo, step, self.text, self._views)
        self._draw_panel(surface, pygame.Rect(board_area.right, 0, w - board_area.right, h), step, hint)

    def _wrapped(self, surface, words: str, size: int, colour, x: int, y: int, width: int, bottom: int,
                 gap: int = 1) -> int:
        """A paragraph wrapped to the width, from y; the y below it (lines past `bottom` are left out)."""
        for part in self.text.wrap(" ".join(words.split()), size, width, indent=""):
            if y + size > bottom:
                break
            y = self.text.blit(surface, part, size, colour, (x, y)).bottom + gap
        return y

    def _draw_panel(self, surface, rect: pygame.Rect, step: int, hint: bool) -> None:
        demo, t = self.demo, self.text
        surface.fill(PANEL_BACK, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft, 2)
        x, width = rect.x + 16, rect.w - 32
        keys = t.wrap(_("Space or click: next  ·  Backspace or Left: back  ·  Esc: quit"), 12, width, indent="")
        bottom = rect.bottom - (10 + 17 * len(keys) if hint else 10)
        y = self._wrapped(surface, demo.title, 20, TEXT, x, rect.y + 12, width, bottom, 2)
        if step == 0:
            where = _("The start: {steps} steps to play").format(steps=demo.steps)
        else:
            where = _("Step {step} of {steps}").format(step=step, steps=demo.steps)
        y = t.blit(surface, where, 13, DIM, (x, y + 2)).bottom + 8
        self.caption = demo.caption(step) if step > 0 else _(
            "Each step plays one command of the scenario; its caption says which rule it shows.")
        y = self._wrapped(surface, self.caption, 16, TEXT, x, y, width, bottom, 3) + 8
        pygame.draw.line(surface, PANEL_LINE, (x - 4, y), (rect.right - 12, y))
        y = t.blit(surface, _("What the rules did"), 13, DIM, (x, y + 6)).bottom + 4
        self.line_rows = []
        for line in demo.lines(step):
            top = y
            colour = RULE_LINE if line.rules else TEXT
            y = self._wrapped(surface, line.text, 13, colour, x, y, width, bottom)
            self.line_rows.append((pygame.Rect(x, top, width, y - top), line))
        y += 6
        pygame.draw.line(surface, PANEL_LINE, (x - 4, y), (rect.right - 12, y))
        self.cards = demo.cards_shown(step)
        y = t.blit(surface, _("Rule card"), 13, DIM, (x, y + 6)).bottom + 4
        if not self.cards:
            self._wrapped(surface, _("No rule card named yet: the cards come with the log lines that name them."),
                          13, DIM, x, y, width, bottom)
        for card in self.cards[:1]:
            y = self._wrapped(surface, f"{card.title_shown}  [{card.id}]", 16, HIGHLIGHT, x, y, width, bottom, 2) + 2
            y = self._wrapped(surface, card.text_shown, 13, TEXT, x, y, width, bottom) + 6
            if card.seed_words:
                y = self._wrapped(surface, _("In the rule text (section « {section} »):").format(
                    section=card.seed_section), 12, DIM, x, y, width, bottom)
                y = self._wrapped(surface, f"« {card.seed_words} »", 13, SEED, x, y, width, bottom) + 6
            else:
                y = self._wrapped(surface, _("In the rule text: section « {section} »").format(
                    section=card.seed_section), 12, DIM, x, y, width, bottom) + 6
            if card.srd:
                y = self._wrapped(surface, _("SRD 5.1:") + " " + card.srd, 12, DIM, x, y, width, bottom) + 6
        if len(self.cards) > 1:
            others = ", ".join(c.title_shown for c in self.cards[1:])
            self._wrapped(surface, _("Also: {titles}").format(titles=others), 12, DIM, x, y, width, bottom)
        if hint:
            for number, part in enumerate(keys):
                t.blit(surface, part, 12, DIM, (x, bottom + 4 + 17 * number))

    def line_at(self, pos) -> object | None:
        """The log line drawn under a pixel, else None."""
        return next((line for rect, line in self.line_rows if rect.collidepoint(pos)), None)


# ---------------------------------------------------------------------- headless pictures
def write_frames(demo, folder, size=FRAME_SIZE) -> list[Path]:
    """One PNG per step into `folder` (step-001.png ...), each the window's picture after that step."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    picture, surface, written = DemoPicture(demo), pygame.Surface(size), []
    for step in range(1, demo.steps + 1):
        picture.draw(surface, step, hint=False)
        path = folder / f"step-{step:03d}.png"
        save_png(surface, path)
        written.append(path)
    return written


def _sheet_cell(demo, step: int, text: Text, width: int, views: dict) -> pygame.Surface:
    """One step on the handout: its board (the size of the column) and, under it, its caption."""
    battle = demo.battle_at(step)
    board = battle.board
    square = max(8, min(52, (width - 60) // board.width))
    board_h = min(420, square * board.height + 40)
    lines = text.wrap(f"{step}.  {demo.caption(step)}", 17, width, indent="     ")
    cell = pygame.Surface((width, board_h + 12 + 22 * len(lines)))
    cell.fill((255, 255, 255))
    area = pygame.Rect(0, 0, min(width, square * board.width + 60), board_h)  # the board, little more ink
    cell.fill(BACKGROUND, area)
    draw_board_step(cell, area, demo, step, text, views, largest=52)
    y = board_h + 8
    for part in lines:
        text.blit(cell, part, 17, SHEET_INK, (0, y))
        y += 22
    return cell


def sheet_surface(demo, width: int = SHEET_WIDTH, columns: int = 2) -> pygame.Surface:
    """The handout: the title, then every step's board and caption, `columns` to a row."""
    text = Text()
    col_w = (width - 2 * SHEET_MARGIN - (columns - 1) * 32) // columns
    views: dict = {}
    cells = [_sheet_cell(demo, step, text, col_w, views) for step in range(1, demo.steps + 1)]
    title_lines = text.wrap(demo.title, 34, width - 2 * SHEET_MARGIN, indent="")
    intro = _("{steps} steps, each one command of the scenario ({ruleset} rules)").format(
        steps=demo.steps, ruleset=demo.scenario.ruleset)
    head_h = SHEET_MARGIN + 44 * len(title_lines) + 40
    rows = [cells[i:i + columns] for i in range(0, len(cells), columns)]
    height = head_h + sum(max(c.get_height() for c in row) + 36 for row in rows) + SHEET_MARGIN
    sheet = pygame.Surface((width, height))
    sheet.fill((255, 255, 255))
    y = SHEET_MARGIN
    for part in title_lines:
        y = text.blit(sheet, part, 34, SHEET_INK, (SHEET_MARGIN, y)).bottom + 4
    text.blit(sheet, intro, 16, SHEET_GREY, (SHEET_MARGIN, y + 4))
    y = head_h
    for row in rows:
        for i, cell in enumerate(row):
            sheet.blit(cell, (SHEET_MARGIN + i * (col_w + 32), y))
        y += max(c.get_height() for c in row) + 36
    return sheet


def write_sheet(demo, out) -> None:
    """The handout as a PNG (OSError when it cannot be written)."""
    save_png(sheet_surface(demo), out)


# ---------------------------------------------------------------------- the window
class DemoWindow:
    """The demo in a window, one step per Space or click; `step()` runs one frame (tests post events)."""

    def __init__(self, demo, size=FRAME_SIZE) -> None:
        from .gui import make_manager

        self.demo = demo
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(_("Skirmish demo: {title}").format(title=demo.title))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager = make_manager(self.screen.get_size())
        self.picture = DemoPicture(demo)
        self.clock = pygame.time.Clock()
        self.at = 0  # the step shown
        self.card_window: CardWindow | None = None
        self.running = True
        self.frames = 0

    def next(self) -> None:
        self.at = min(self.demo.steps, self.at + 1)

    def back(self) -> None:
        self.at = max(0, self.at - 1)

    def open_card(self, pos) -> bool:
        """A click on a log line that names rules: their card window. True if one opened."""

        line = self.picture.line_at(pos)
        shown = cards_named(self.demo.scenario.ruleset, line.rules) if line is not None else []
        if not shown:
            return False
        self.close_card()
        self.card_window = CardWindow(self.manager, self.screen.get_rect(), shown)
        return True

    def close_card(self) -> None:
        if self.card_window is not None:
            self.card_window.kill()
            self.card_window = None

    def handle(self, event) -> None:
        import pygame_gui

        self.manager.process_events(event)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            self.manager.set_window_resolution(self.screen.get_size())
        elif self.card_window is not None:
            answer = None
            if event.type == pygame.KEYDOWN:
                answer = self.card_window.key(event)
            elif event.type in (pygame_gui.UI_BUTTON_PRESSED, pygame_gui.UI_WINDOW_CLOSE):
                answer = self.card_window.ui(event)
            if answer == CLOSE:
                self.close_card()
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_PAGEDOWN):
                self.next()
            elif event.key in (pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_PAGEUP):
                self.back()
            elif event.key == pygame.K_HOME:
                self.at = 0
            elif event.key == pygame.K_ESCAPE:
                self.running = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.open_card(event.pos):
                self.next()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.back()

    def step(self) -> bool:
        """One frame: events, then drawing. False once the window should close."""
        for event in pygame.event.get():
            self.handle(event)
        if not self.running:
            return False
        dt = self.clock.tick(FPS) / 1000.0
        self.manager.update(dt)
        self.picture.draw(self.screen, self.at)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        return True

    def run(self, max_frames: int | None = None) -> int:
        while self.step():
            self.frames += 1
            if max_frames is not None and self.frames >= max_frames:
                break
        return 0

    def close(self) -> None:
        pygame.display.quit()


def run_demo(demo, max_frames: int | None = None, size=FRAME_SIZE) -> int:
    """Open the demo's window and play it until Esc or the window is closed; returns 0."""
    window = DemoWindow(demo, size)
    try:
        return window.run(max_frames)
    finally:
        window.close()


__all__ = ["DemoPicture", "DemoWindow", "run_demo", "sheet_surface", "write_frames", "write_sheet"]
