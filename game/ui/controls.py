"""Input: the window's keys, mouse and button presses turned into calls on the App.

`Controls` is a part of `App` (a mixin): `handle(event)` takes every pygame event of a frame;
keys choose actions, answer reactions, save, load, undo, zoom and pan; a click on the board goes
to the chosen action's input mode (modes.py); the wheel zooms, or scrolls the log over the panel.
While a dialog is open it takes the keys and buttons.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ..i18n import _
from .modes import AreaMode, MoveMode, TargetMode
from .panel import ERROR
from .teaching import EXPLAIN_KEYS


class Controls:
    """The App's input handling (a part of App)."""

    def handle(self, event: pygame.event.Event) -> None:
        consumed = self.manager.process_events(event)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event)
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            self.manager.set_window_resolution(self.screen.get_size())
            self.camera.viewport = self.layout()
            self.camera.fit()
            self._bar_key = None
        elif event.type == pygame.KEYUP and event.key in EXPLAIN_KEYS:
            self.explaining = False  # teaching.py: Shift held shows the rules' overlays
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.explaining = False  # the key's release goes to another window
        elif self.dialog is not None:
            if event.type == pygame.KEYDOWN:
                answer = self.dialog.key(event)
                if answer is not None:
                    self.answer(answer)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            self.click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._right_down = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self._right_down is not None and abs(event.pos[0] - self._right_down[0]) + abs(
                    event.pos[1] - self._right_down[1]) < 6:
                self.mode = None  # a right-click (not a drag) puts the action down
            self._right_down = None
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if event.buttons[2]:  # right-drag pans
                self.camera.pan(*event.rel)
        elif event.type == pygame.MOUSEWHEEL:
            if self.mouse is not None and self.mouse[0] >= self.viewport.right:
                self.log_scroll = max(0, self.log_scroll + 3 * event.y)  # over the panel: the log scrolls
            elif self.viewport.collidepoint(self.mouse or self.viewport.center):
                self.camera.zoom(1 if event.y > 0 else -1, self.mouse or self.viewport.center)

    @staticmethod
    def char_of(event) -> str:
        """The letter or digit of a key event (posted events may have no `unicode`)."""
        key = event.key
        if pygame.K_a <= key <= pygame.K_z or pygame.K_0 <= key <= pygame.K_9:
            return chr(key).upper()
        keypad = {getattr(pygame, f"K_KP{i}"): str(i) for i in range(10)}
        return keypad.get(key, "")

    def key(self, event) -> None:
        key = event.key
        typed = getattr(event, "unicode", "")
        if key in EXPLAIN_KEYS:
            self.explaining = True
        elif key == pygame.K_ESCAPE:
            if self.mode is not None:
                self.mode = None
            else:
                self.ask_quit()  # a habitual double Esc must not lose the battle: quitting asks first
        elif key == pygame.K_F1 or typed == "?" or key == pygame.K_QUESTION:
            self.open_help()
        elif key == pygame.K_F2:
            self.open_odds_cards()
        elif key == pygame.K_F5:
            self.quick_save()
        elif key == pygame.K_F9:
            self.quick_load()
        elif (key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL) or key == pygame.K_BACKSPACE:
            self.take_back()
        elif key == pygame.K_l:
            self.open_load_menu()
        elif key == pygame.K_TAB and isinstance(self.mode, MoveMode):
            self.cycle_move_mode()
        elif key == pygame.K_SPACE:
            self.hurry = True
            self.walking.clear()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1, self.viewport.center)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(-1, self.viewport.center)
        elif key == pygame.K_HOME or (key == pygame.K_f and not self.shortcut_on_bar("F")):
            self.camera.fit()  # F unless an act of the bar has it (3.5's 5-foot step, 4e's first aid)
        elif key in (pygame.K_y, pygame.K_n) and self.battle.state.offers:
            reactor = self.session.reactor()
            if self.session.human(reactor):
                self.submit({"actor": reactor.id, "act": "react", "take": key == pygame.K_y})
        elif self.battle.state.over and key == pygame.K_r:
            self.play_again()
        elif self.battle.state.over and key == pygame.K_s:
            self.play_again(same=True)
        else:
            char = self.char_of(event)
            if char and self.my_turn() is not None:
                entry = self.current_choices().by_shortcut(char)
                if entry is not None:
                    self.choose(entry)

    def shortcut_on_bar(self, char: str) -> bool:
        """Whether an act of the player's action bar now answers to that key."""
        return self.my_turn() is not None and self.current_choices().by_shortcut(char) is not None

    def on_button(self, event) -> None:
        if self.dialog is not None:
            answer = self.dialog.ui(event)
            if answer is not None:
                self.answer(answer)
            return
        key = self.bar.pressed(event)
        if key is not None and self.my_turn() is not None:
            entry = self.current_choices().entry(key)
            if entry is not None:
                self.choose(entry)

    def click(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if not self.viewport.collidepoint(pos):
            self.click_panel(pos)  # a log line naming rules opens their cards (card_window.py)
            return
        square = self.view.square_at(*pos)
        current = self.my_turn()
        if current is None:
            self.mode = None
            return
        if square is not None and square in current.squares() and not isinstance(self.mode, (TargetMode, AreaMode)):
            self.toggle_move(current)  # the token whose turn it is: where can it go?
            return
        if self.mode is None:
            return
        outcome = self.mode.click(square)
        if outcome.message:
            self.messages.append((outcome.message, ERROR))
        if outcome.menu:
            self.open_menu(_("{act}: choose").format(act=self.mode.entry.title), outcome.menu)
        elif outcome.commands:
            self.submit_all(outcome.commands)
        elif outcome.leave:
            self.mode = None
