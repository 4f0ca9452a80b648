"""The map and scenario editor (`skirmish edit [FILE]`): a window over a `session.editing.Draft`.

The board on the left (the battle's own drawing: terrain, grid, tokens), the panel on the right
(pygame-gui): the title, seed and ruleset, the tools (brush, rectangle, line, creatures), the
terrain palette, the kind and side of the creatures placed, the map's size, and the buttons for
undo, redo, save, play-test and the balance readout. Below them: the problems `check` would
print (their squares ringed red on the board), then the balance readout or the last message.

Mouse: with the brush, click and drag to paint (right button: floor); with the rectangle or
the line, drag from one end to the other; with creatures, click a square to place the kind
chosen, drag a creature to move it, right-click it to delete it (or Delete with it selected).
Keys (while no text box has the focus): B, R, L, C the tools; Ctrl+Z undo, Ctrl+Y redo, Ctrl+S
save, F5 play-test (the battle opens; closing it comes back), F6 balance, Esc quit (twice when
there are unsaved changes).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from ..i18n import N_, _
from ..rules.words import terrain_word
from ..content.creatures import bundled_raw
from ..content.errors import ContentError
from ..content.maps import parse_map
from ..content.paths import RULESETS
from ..content.scenarios import parse_scenario
from ..core.sizes import SPACE_SQUARES
from ..rules.api import CreatureView
from ..session.balance import BalanceRun
from ..session.editing import Draft, EditError, line_squares
from ..session.saves import to_toml
from .board_view import BoardView
from .colours import BACKGROUND
from .gui import make_manager
from .text import Text
from .window_size import DEFAULT_SIZE, MIN_SIZE, fitting_size, set_minimum_size

PANEL_W = 320
TOOLS = (("brush", N_("Brush [B]")), ("rect", N_("Rectangle [R]")), ("line", N_("Line [L]")), ("creature", N_("Creatures [C]")))
TOOL_KEYS = {pygame.K_b: "brush", pygame.K_r: "rect", pygame.K_l: "line", pygame.K_c: "creature"}
TEXT, DIM, BAD, GOOD = (235, 235, 235), (160, 160, 170), (255, 110, 100), (130, 220, 140)
DEFAULT_FILE = "new-skirmish.scenario.toml"


class Editor:
    """The editor's window and loop; `step()` runs one frame (the tests post events and step)."""

    def __init__(self, draft: Draft, size=DEFAULT_SIZE, save_to: Path | None = None) -> None:
        self.draft = draft
        self.save_to = save_to or draft.path or Path(DEFAULT_FILE)
        self.size = tuple(size)
        self.text = Text()
        self.tool, self.brush = "brush", "#"
        self.kind = next(iter(draft.kinds()), "")
        self.side = draft.sides()[0]
        self.selected: str | None = None
        self.drag_from: tuple[int, int] | None = None  # where a rectangle, a line or a creature's drag began
        self.last_painted: tuple[int, int] | None = None
        self.mouse: tuple[int, int] | None = None
        self.message: tuple[str, tuple] = ("", DIM)
        self.balance: BalanceRun | None = None
        self.quit_asked = False
        self.running = True
        self.play_frames: int | None = None  # a play-test's frames (tests); None: until it is closed
        self._shown_changes = -1
        self.problems: list = []
        self._open_window()

    # ------------------------------------------------------------------ the window
    def _open_window(self) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(_("Skirmish — editor"))
        self.screen = pygame.display.set_mode(fitting_size(self.size), pygame.RESIZABLE)
        set_minimum_size(MIN_SIZE)
        self.clock = pygame.time.Clock()
        self._build_panel()
        self._refresh(force=True)

    def _build_panel(self) -> None:
        w, h = self.screen.get_size()
        self.manager = make_manager((w, h))
        m, x0, y = self.manager, w - PANEL_W + 10, 8
        width = PANEL_W - 20
        self.widgets: dict[str, object] = {}

        def row(height: int = 30) -> pygame.Rect:
            nonlocal y
            rect = pygame.Rect(x0, y, width, height)
            y += height + 6
            return rect

        UILabel(row(24), _("Title, seed and ruleset"), m)
        self.widgets["title"] = UITextEntryLine(row(), m)
        self.widgets["title"].set_text(self.draft.title)
        r = row()
        self.widgets["seed"] = UITextEntryLine(pygame.Rect(r.x, r.y, 120, r.h), m)
        self.widgets["seed"].set_text(str(self.draft.keys.get("seed", 1)))
        ruleset = self.draft.ruleset if self.draft.ruleset in RULESETS else RULESETS[0]
        self.widgets["ruleset"] = UIDropDownMenu(list(RULESETS), ruleset, pygame.Rect(r.x + 130, r.y, width - 130, r.h), m)
        r = row()
        half = (width - 6) // 2
        for i, (tool, label) in enumerate(TOOLS):
            if i == 2:
                r = row()
            rect = pygame.Rect(r.x + (i % 2) * (half + 6), r.y, half, r.h)
            self.widgets[f"tool:{tool}"] = UIButton(rect, _(label), m)
        UILabel(row(24), _("Terrain"), m)
        palette = self.draft.palette()
        for i, (char, name) in enumerate(palette):
            if i % 2 == 0:
                r = row(28)
            rect = pygame.Rect(r.x + (i % 2) * (half + 6), r.y, half, r.h)
            self.widgets[f"paint:{char}"] = UIButton(rect, f"{terrain_word(name)} {char}", m)
        UILabel(row(24), _("Creatures: kind and side"), m)
        r = row()
        kinds = list(self.draft.kinds()) or ["(none)"]
        self.widgets["kind"] = UIDropDownMenu(kinds, self.kind or kinds[0], pygame.Rect(r.x, r.y, width - 96, r.h), m)
        sides = self.draft.sides()
        sides += [s for s in ("blue", "red", "green") if s not in sides]
        self.widgets["side"] = UIDropDownMenu(sides, self.side, pygame.Rect(r.right - 90, r.y, 90, r.h), m)
        r = row()
        self.widgets["width"] = UITextEntryLine(pygame.Rect(r.x, r.y, 60, r.h), m)
        self.widgets["height"] = UITextEntryLine(pygame.Rect(r.x + 66, r.y, 60, r.h), m)
        self.widgets["resize"] = UIButton(pygame.Rect(r.x + 132, r.y, width - 132, r.h), _("Resize"), m)
        r = row()
        third = (width - 12) // 3
        for i, (key, label) in enumerate((("undo", _("Undo")), ("redo", _("Redo")), ("save", _("Save")))):
            self.widgets[key] = UIButton(pygame.Rect(r.x + i * (third + 6), r.y, third, r.h), label, m)
        r = row()
        self.widgets["play"] = UIButton(pygame.Rect(r.x, r.y, half, r.h), _("Play-test [F5]"), m)
        self.widgets["balance"] = UIButton(pygame.Rect(r.x + half + 6, r.y, half, r.h), _("Balance [F6]"), m)
        self.notes_top = y + 4
        self._show_size()
        self._show_tool()

    def _show_size(self) -> None:
        self.widgets["width"].set_text(str(self.draft.width))
        self.widgets["height"].set_text(str(self.draft.height))

    def _show_tool(self) -> None:
        for key, widget in self.widgets.items():
            if key.startswith("tool:"):
                widget.select() if key == f"tool:{self.tool}" else widget.unselect()
            elif key.startswith("paint:"):
                widget.select() if key == f"paint:{self.brush}" else widget.unselect()

    # ------------------------------------------------------------------ keeping the picture
    def _refresh(self, force: bool = False) -> None:
        """After a change: the board drawn anew, the problems asked again."""
        if not force and self.draft.changes == self._shown_changes:
            return
        self._shown_changes = self.draft.changes
        try:
            board = parse_map(self.draft.map_data()).board
        except ContentError:
            board = getattr(self, "board", None)
        if board is None:
            return
        self.board = board
        self.view = BoardView(board, 32, self.text)
        self._fit_view()
        self.problems = self.draft.problems()
        if self.balance is not None and self.balance.finished:
            self.balance = None  # a readout of a layout that is no more

    def _fit_view(self) -> None:
        w, h = self.screen.get_size()
        room = pygame.Rect(0, 0, w - PANEL_W, h)
        bw, bh = self.board.width, self.board.height
        self.view.set_square_px(max(6, min(48, (room.w - 60) // max(1, bw), (room.h - 50) // max(1, bh))))
        pw, ph = self.view.pixel_size
        self.view.origin = (room.x + max(self.view.gutter_left + 4, (room.w - pw) // 2),
                            room.y + max(self.view.gutter_top + 4, (room.h - ph) // 2))

    def creature_views(self) -> list[CreatureView]:
        views = []
        for c in self.draft.creatures:
            at = c.get("at")
            if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
                continue
            try:
                raw = bundled_raw(self.draft.ruleset, str(c.get("kind")))
            except ContentError:
                raw = {}
            size = str(c.get("size", raw.get("size", "medium")))
            hp = int(c.get("hp", raw.get("hp", 1)) or 1)
            views.append(CreatureView(
                id=str(c.get("id")), name=str(c.get("name", c.get("id"))), kind=str(c.get("kind")),
                side=str(c.get("side", "")), x=at[0], y=at[1], side_squares=SPACE_SQUARES.get(size, 1), size=size,
                altitude=0.0, hp=hp, max_hp=hp, temp_hp=0, state="conscious", bloodied=False, conditions=(),
                defence="", death_saves=None, movement_left=0.0))
        return views

    # ------------------------------------------------------------------ the loop
    def run(self, max_frames: int | None = None) -> int:
        frames = 0
        while self.running and self.step():
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        self.close()
        return 0

    def close(self) -> None:
        if self.balance is not None:
            self.balance.stop()
        pygame.display.quit()

    def step(self) -> bool:
        dt = self.clock.tick(30) / 1000
        for event in pygame.event.get():
            self.handle(event)
        self.manager.update(dt)
        self._refresh()
        self.draw()
        pygame.display.flip()
        return self.running

    def handle(self, event) -> None:
        consumed = self.manager.process_events(event)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
            self._build_panel()
            self._refresh(force=True)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._dropdown(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._entry(event.ui_element, event.text)
        elif event.type == pygame.KEYDOWN and not self._typing():
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and not consumed and event.button in (1, 3):
            self.press(event.pos, event.button)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if event.buttons[0] or event.buttons[2]:
                self.drag(event.pos, 1 if event.buttons[0] else 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.release(event.pos, event.button)

    def _typing(self) -> bool:
        return any(isinstance(w, UITextEntryLine) and w.is_focused for w in self.widgets.values())

    # ------------------------------------------------------------------ commands
    def say(self, text: str, colour=DIM) -> None:
        self.message = (text, colour)

    def _do(self, change) -> None:
        """Run a change of the draft; a refusal is said in one line, nothing changes."""
        try:
            change()
        except EditError as exc:
            self.say(str(exc), BAD)

    def key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif event.key == pygame.K_F5:
            self.play_test()
        elif event.key == pygame.K_F6:
            self.start_balance()
        elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE) and self.selected:
            cid, self.selected = self.selected, None
            self._do(lambda: self.draft.delete(cid))
        elif event.key == pygame.K_ESCAPE:
            if self.draft.unsaved and not self.quit_asked:
                self.quit_asked = True
                self.say(_("Unsaved changes: Esc again quits without saving, Ctrl+S saves"), BAD)
            else:
                self.running = False
            return
        elif event.key in TOOL_KEYS and not ctrl:
            self.tool = TOOL_KEYS[event.key]
            self._show_tool()
        self.quit_asked = False

    def undo(self) -> None:
        self.say(_("Undone") if self.draft.undo() else _("Nothing to undo"))
        self._show_size()

    def redo(self) -> None:
        self.say(_("Redone") if self.draft.redo() else _("Nothing to redo"))
        self._show_size()

    def save(self) -> None:
        try:
            path = self.draft.save(self.save_to)
        except (OSError, EditError) as exc:
            self.say(_("Not saved: {error}").format(error=exc), BAD)
            return
        problems = len(self.problems)
        self.say(_("Saved {path} (problems left: {count})").format(path=path, count=problems) if problems
                 else _("Saved {path}").format(path=path),
                 GOOD if not problems else BAD)

    def _button(self, element) -> None:
        key = next((k for k, w in self.widgets.items() if w is element), None)
        if key is None:
            return
        if key.startswith("tool:"):
            self.tool = key.split(":", 1)[1]
        elif key.startswith("paint:"):
            self.brush, self.tool = key.split(":", 1)[1], "brush" if self.tool == "creature" else self.tool
        elif key == "resize":
            try:
                width, height = int(self.widgets["width"].get_text()), int(self.widgets["height"].get_text())
            except ValueError:
                self.say(_("The width and the height are whole numbers of squares"), BAD)
                return
            self._do(lambda: self.draft.resize(width, height))
        elif key in ("undo", "redo", "save"):
            getattr(self, key)()
        elif key == "play":
            self.play_test()
        elif key == "balance":
            self.start_balance()
        self._show_tool()

    def _dropdown(self, element, text: str) -> None:
        if element is self.widgets["ruleset"]:
            self._do(lambda: self.draft.set_key("ruleset", text))
            self._build_panel()  # its kinds are the ruleset's
            self.kind = next(iter(self.draft.kinds()), "")
        elif element is self.widgets["kind"]:
            self.kind, self.tool = text, "creature"
            self._show_tool()
        elif element is self.widgets["side"]:
            self.side = text
            if self.selected:
                cid = self.selected
                self._do(lambda: self.draft.set_side(cid, text))

    def _entry(self, element, text: str) -> None:
        if element is self.widgets["title"]:
            self._do(lambda: self.draft.set_key("title", text))
        elif element is self.widgets["seed"]:
            if not text.strip().isdigit():
                self.say(_("The seed is a whole number"), BAD)
                return
            self._do(lambda: self.draft.set_key("seed", int(text)))

    # ------------------------------------------------------------------ the mouse on the board
    def square(self, pos) -> tuple[int, int] | None:
        if pos[0] >= self.screen.get_width() - PANEL_W:
            return None
        return self.view.square_at(*pos)

    def press(self, pos, button: int) -> None:
        square = self.square(pos)
        if square is None:
            return
        self.quit_asked = False
        if self.tool == "creature":
            here = self.draft.creature_at(*square)
            if button == 3 and here is not None:
                self.selected = None
                self._do(lambda: self.draft.delete(here["id"]))
            elif here is not None:
                self.selected, self.drag_from = here["id"], square
            elif button == 1 and self.kind:
                self._do(lambda: setattr(self, "selected", self.draft.place(self.kind, self.side, square)["id"]))
            return
        if self.tool == "brush":
            self.draft.begin_stroke()
            self.last_painted = square
            self._do(lambda: self.draft.paint([square], self._ink(button)))
        else:
            self.drag_from = square

    def drag(self, pos, button: int) -> None:
        square = self.square(pos)
        if square is None or self.tool != "brush" or self.last_painted is None:
            return
        if square != self.last_painted:  # every square between two mouse events, not only the ends
            self._do(lambda: self.draft.paint(line_squares(self.last_painted, square), self._ink(button)))
            self.last_painted = square

    def release(self, pos, button: int) -> None:
        square = self.square(pos)
        if self.tool == "brush":
            self.draft.end_stroke()
            self.last_painted = None
        elif self.tool in ("rect", "line") and self.drag_from is not None and square is not None:
            start = self.drag_from
            paint = self.draft.paint_rect if self.tool == "rect" else self.draft.paint_line
            self._do(lambda: paint(start, square, self._ink(button)))
        elif self.tool == "creature" and self.selected and self.drag_from is not None and square is not None:
            if square != self.drag_from:
                cid = self.selected
                creature = next(c for c in self.draft.creatures if c["id"] == cid)
                offset = (self.drag_from[0] - creature["at"][0], self.drag_from[1] - creature["at"][1])
                self._do(lambda: self.draft.move(cid, (square[0] - offset[0], square[1] - offset[1])))
        self.drag_from = None

    def _ink(self, button: int) -> str:
        return "." if button == 3 else self.brush

    # ------------------------------------------------------------------ play-test and balance
    def scenario(self):
        """The draft as a scenario to play (ContentError with its problems when it is not one)."""
        data = self.draft.to_data()
        return parse_scenario(data, None, to_toml(data))

    def play_test(self) -> None:
        if self.problems:
            self.say(_("Fix the {count} problem(s) first: {first}").format(count=len(self.problems), first=self.problems[0][0]), BAD)
            return
        try:
            scenario = self.scenario()
        except ContentError as exc:
            self.say(str(exc).splitlines()[0], BAD)
            return
        if not scenario.creatures:
            self.say(_("Place creatures of two sides to play-test"), BAD)
            return
        from ..session.ai import choose
        from .app import App

        app = App(scenario, size=self.screen.get_size(), ai=lambda battle: choose(battle, "hard"))
        app.run(max_frames=self.play_frames)
        self._open_window()  # the battle closed its window: the editor's comes back
        self.say(_("Back from the play-test"), DIM)

    def start_balance(self) -> None:
        if self.problems:
            self.say(_("Fix the {count} problem(s) first: {first}").format(count=len(self.problems), first=self.problems[0][0]), BAD)
            return
        if self.balance is not None and not self.balance.finished:
            self.balance.stop()
        self.balance = BalanceRun(self.draft.to_data())
        self.say(_("Balance: the computer plays the layout in the background"), DIM)

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        screen, view = self.screen, self.view
        screen.fill(BACKGROUND)
        board_area = pygame.Rect(0, 0, screen.get_width() - PANEL_W, screen.get_height())
        screen.set_clip(board_area)
        view.draw_board(screen)
        if self.balance is not None and self.balance.damage is not None and \
                self.balance.damage.shape == (self.board.height, self.board.width):
            self._draw_heat(self.balance.damage)
        view.draw_tokens(screen, self.creature_views(), self.selected)
        for _message, square in self.problems:
            if square is not None and self.board.inside(*square):
                view.draw_ring(screen, square[0], square[1], 1, BAD)
        self._draw_preview()
        screen.set_clip(None)
        pygame.draw.rect(screen, (26, 28, 34), (board_area.right, 0, PANEL_W, screen.get_height()))
        self.manager.draw_ui(screen)
        self._draw_notes()

    def _draw_heat(self, damage: np.ndarray) -> None:
        peak = float(damage.max()) or 1.0
        tint = pygame.Surface((self.view.square_px, self.view.square_px), pygame.SRCALPHA)
        for y, x in np.argwhere(damage > 0):
            tint.fill((220, 20, 20, int(30 + 150 * (damage[y, x] / peak) ** 0.5)))
            self.screen.blit(tint, self.view.square_rect(int(x), int(y)))

    def _draw_preview(self) -> None:
        hover = self.square(self.mouse) if self.mouse else None
        if hover is None:
            return
        if self.tool in ("rect", "line") and self.drag_from is not None:
            if self.tool == "rect":
                (x0, x1), (y0, y1) = sorted((self.drag_from[0], hover[0])), sorted((self.drag_from[1], hover[1]))
                squares = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
            else:
                squares = line_squares(self.drag_from, hover)
            for x, y in squares:
                self.view.draw_square_outline(self.screen, x, y, colour=(255, 212, 60))
        else:
            self.view.draw_square_outline(self.screen, *hover, colour=(255, 255, 255))

    def _draw_notes(self) -> None:
        x, y = self.screen.get_width() - PANEL_W + 10, self.notes_top
        name = _("{path} (unsaved)").format(path=self.save_to) if self.draft.unsaved else str(self.save_to)
        lines = [(name, DIM), (_("{w} x {h} squares, {count} creatures").format(
            w=self.draft.width, h=self.draft.height, count=len(self.draft.creatures)), DIM)]
        if self.problems:
            lines.append((_("{count} problem(s), as check says:").format(count=len(self.problems)), BAD))
            lines += [(f"  {message}", BAD) for message, _where in self.problems[:6]]
        else:
            lines.append((_("No problems: check would accept it"), GOOD))
        if self.balance is not None:
            lines += [(line, TEXT) for line in self.balance.lines()]
            if not self.balance.finished:
                lines.append((None, DIM))  # the progress bar's place
        if self.message[0]:
            lines.append(self.message)
        for text, colour in lines:
            if text is None:
                self._draw_progress(x, y + 3)
                y += 16
                continue
            for part in self.text.wrap(text, 13, PANEL_W - 20):
                self.text.blit(self.screen, part, 13, colour, (x, y))
                y += 17

    def _draw_progress(self, x: int, y: int) -> None:
        w = PANEL_W - 20
        done = self.balance.done / max(1, self.balance.total)
        pygame.draw.rect(self.screen, (60, 62, 70), (x, y, w, 10), border_radius=4)
        pygame.draw.rect(self.screen, (90, 170, 255), (x, y, max(4, int(w * done)), 10), border_radius=4)


def run_editor(path: str | Path | None = None, max_frames: int | None = None) -> int:
    """Open the editor on a file (a new draft when it does not exist yet, saved there)."""
    if path is not None and Path(path).exists():
        draft = Draft.load(path)
        return Editor(draft).run(max_frames)
    return Editor(Draft.new(), save_to=Path(path) if path else None).run(max_frames)


__all__ = ["Editor", "run_editor"]
