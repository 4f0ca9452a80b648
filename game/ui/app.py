"""The game window: a render loop that draws the battle and turns clicks and keys into commands.

`run(scenario)` opens the window and plays; `App` is the same loop one frame at a time
(`App.step()`), so a test can post events and look at the battle in between.

The screen: the initiative bar across the top, the board, the action bar under it (every action
of the creature whose turn it is, greyed with the reason when not allowed now), and the side
panel (turn, hit points, what to do, the combat log). An action chosen on the bar puts the board
in an input mode (modes.py): moving, aiming at a creature, or placing an area. Reactions offered
to a creature a person plays, menus, the help and the end screen are modal dialogs (dialogs.py).
The session (`session.controller.Session`) holds the battle and everything that is not drawing:
every change goes through `session.submit(command)`, a refused command's reason is shown in the
log panel, and the battle is left as it was; undo, the saves and the computer's turns are its
too. The window draws, animates the events and turns input into calls on the session. The legal options are asked once per change of the
battle (choices.py), never per frame. F1 or ? lists every control (wording.CONTROLS). Drawing
is scene.py's; the words on screen are wording.py's.
"""

from __future__ import annotations

import time

import pygame
import pygame_gui

from ..session import controller
from ..session.controller import AI_PAUSE, Session
from . import dialogs, wording
from .action_bar import HEIGHT as BAR_HEIGHT
from .action_bar import ActionBar
from .board_view import BoardView
from .camera import Camera
from .choices import AREA, MENU, MOVE, NOW, TARGET, Choices
from .gui import make_manager
from .hud import Floaters, InitiativeBar
from .modes import AreaMode, MoveMode, TargetMode
from .panel import DIM, ERROR, GOLD, TEXT, Messages, Panel
from .scene import STEP_SECONDS, Scene
from .text import Text

FPS = 60
DEFAULT_SIZE = (1280, 800)
PAN_SPEED = 700  # pixels a second with the arrow keys
MESSAGES_KEPT = 400  # lines of the log panel
TONES = {controller.LOG: TEXT, controller.HEADING: GOLD, controller.NOTE: GOLD, controller.ERROR: ERROR}

class App:
    """The window and its loop; `step()` runs one frame: events, then animation, then drawing."""

    def __init__(self, scenario, battle=None, hotseat: bool = False, ai_sides=(),
                 size=DEFAULT_SIZE, ai=None, data_dir=None, ai_pause: float = AI_PAUSE) -> None:
        self.messages: list[tuple[str, tuple]] = Messages()  # counts its changes: the panel is cached
        self.session = Session(scenario, battle, hotseat=hotseat, ai_sides=ai_sides, ai=ai, data_dir=data_dir,
                               ai_pause=ai_pause)
        self._shown = self.session.battle  # the battle the window was set up for
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"Skirmish — {scenario.title}")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.text = Text()
        self.manager = make_manager(self.screen.get_size())
        self.view = BoardView(self.battle.board, 32, self.text)
        self.panel = Panel(self.text)
        self.initiative = InitiativeBar(self.text, self.view)
        self.bar = ActionBar(self.manager)
        self.floaters = Floaters(self.text)
        self.scene = Scene()
        self.choices = Choices()
        self.camera = Camera(self.view, self.layout())
        self.camera.fit()
        self.mode = None  # MoveMode, TargetMode or AreaMode
        self.move_how = "walk"  # the movement mode chosen last with Tab (walk, fly, swim, climb)
        self.dialog: dialogs.Dialog | None = None
        self.dialog_kind: str | None = None  # "reaction", "menu", "load", "help" or "end"
        self.menu_options: list = []
        self.mouse: tuple[int, int] | None = None
        self.hovered_id: str | None = None
        self.walking: dict[str, tuple[list, float]] = {}  # creature id -> (path, start time)
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.hurry = False  # Space: no walking animations, the computer's short pause
        self.end_shown = False
        self._right_down: tuple[int, int] | None = None
        self.log_scroll = 0  # log lines scrolled back with the wheel over the side panel
        self._bar_key = None
        self.sync_log()

    # ------------------------------------------------------------------ setup
    @property
    def battle(self):
        return self.session.battle

    @property
    def scenario(self):
        return self.session.scenario

    def _show_new_battle(self) -> None:
        """The session plays another battle (load, undo, play again): the window starts afresh."""
        battle, old = self.session.battle, self.view.board
        self._shown = battle
        same_board = battle.board is old or (
            battle.board.terrain.shape == old.terrain.shape and (battle.board.terrain == old.terrain).all())
        if not same_board:
            self.view = BoardView(battle.board, 32, self.text)
            self.initiative = InitiativeBar(self.text, self.view)
            self.camera = Camera(self.view, self.layout())
            self.camera.fit()
        self.mode = None
        self.close_dialog()
        self.walking.clear()
        self.floaters.items.clear()
        self.choices = Choices()
        self.end_shown = False
        self.hurry = False
        self._bar_key = None
        self.messages.clear()

    def layout(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        self.panel_w = max(240, min(340, round(w * 0.28)))
        left = max(100, w - self.panel_w)
        self.initiative_rect = pygame.Rect(0, 0, left, InitiativeBar.HEIGHT)
        self.bar_rect = pygame.Rect(0, h - BAR_HEIGHT, left, BAR_HEIGHT)
        self.viewport = pygame.Rect(0, self.initiative_rect.bottom, left,
                                    max(100, h - self.initiative_rect.h - BAR_HEIGHT))
        self.bar.set_rect(self.bar_rect)
        return self.viewport

    @property
    def tool(self):
        """The move mode, when the board shows where the creature can go (the older name)."""
        return self.mode if isinstance(self.mode, MoveMode) else None

    def my_turn(self):
        """The creature whose turn it is (its view), when a person plays it and may act now; else None."""
        return self.session.my_turn()

    # ------------------------------------------------------------------ the loop
    def run(self, max_frames: int | None = None, screenshot=None, exit_when_over: bool = False) -> int:
        over_frames = 0
        while self.step():
            self.frames += 1
            if max_frames is not None and self.frames >= max_frames:
                break
            if exit_when_over and self.battle.state.over and not self.walking:
                over_frames += 1
                if over_frames > FPS:  # let the last move and the result be seen for a second
                    break
        if screenshot:
            pygame.image.save(self.screen, str(screenshot))
        if exit_when_over and self.battle.state.over:
            print(f"winner: {self.battle.state.winner or 'nobody'} (round {self.battle.state.round})")
        return self.exit_code

    def step(self) -> bool:
        """One frame. False once the window should close."""
        for event in pygame.event.get():
            self.handle(event)
        if not self.running:
            return False
        dt = self.clock.tick(FPS) / 1000.0
        self.update(dt)
        self.draw()
        pygame.display.flip()
        return True

    def close(self) -> None:
        pygame.display.quit()

    # ------------------------------------------------------------------ input
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
        if key == pygame.K_ESCAPE:
            if self.mode is not None:
                self.mode = None
            else:
                self.running = False
        elif key == pygame.K_F1 or typed == "?" or key == pygame.K_QUESTION:
            self.open_help()
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
        elif key in (pygame.K_f, pygame.K_HOME):
            self.camera.fit()
        elif key in (pygame.K_y, pygame.K_n) and self.battle.state.offers:
            reactor = self.session.reactor()
            if self.session.human(reactor):
                self.submit({"actor": reactor.id, "act": "react", "take": key == pygame.K_y})
        elif self.battle.state.over and key == pygame.K_r:
            self.play_again()
        else:
            char = self.char_of(event)
            if char and self.my_turn() is not None:
                entry = self.current_choices().by_shortcut(char)
                if entry is not None:
                    self.choose(entry)

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
            self.open_menu(f"{self.mode.entry.title}: choose", outcome.menu)
        elif outcome.commands:
            self.submit_all(outcome.commands)
        elif outcome.leave:
            self.mode = None

    # ------------------------------------------------------------------ choosing actions
    def current_choices(self) -> Choices:
        return self.choices.get(self.battle)

    def choose(self, entry) -> None:
        """An action chosen on the bar or by its key."""
        current = self.my_turn()
        if current is None:
            return
        if not entry.allowed:
            self.messages.append((f"{entry.title}: not now — {entry.reason}", ERROR))
            return
        if self.mode is not None and getattr(self.mode, "entry_key", None) == entry.key:
            self.mode = None  # chosen again: put it down
            return
        if entry.aim == NOW:
            self.mode = None
            self.submit(dict(entry.options[0].command))
        elif entry.aim == MOVE:
            self.toggle_move(current)
        elif entry.aim == TARGET:
            self.mode = TargetMode(self.battle, entry)
        elif entry.aim == AREA:
            self.mode = AreaMode(self.battle, entry, current)
        elif entry.aim == MENU:
            self.mode = None
            self.open_menu(entry.title, entry.options)

    def toggle_move(self, current) -> None:
        if isinstance(self.mode, MoveMode):
            self.mode = None
            return
        mode = self.move_mode(current)
        if not mode.mask.any() and not mode.dash_mask.any():
            left = self.battle.movement_budget(current.id, mode.how)[0]
            self.messages.append((f"{current.name} cannot {mode.how} now ({left:g} m left)", DIM))
            return
        self.mode = mode

    def movement_modes(self, current) -> list[str]:
        """The ways the creature can move now, walk first (a flyer aloft only flies)."""
        return self.battle.move_modes(current.id)

    def move_mode(self, current, how: str | None = None) -> MoveMode:
        """The move mode for the creature, by `how` (default: the last chosen way, if it still applies)."""
        modes = self.movement_modes(current)
        how = how or self.move_how
        if how not in modes:
            how = modes[0]
        self.move_how = how
        choices = self.current_choices()
        dash = choices.entry("dash")
        return MoveMode(self.battle, current, choices.moves_by_mode.get(how, {}),
                        dash.options[0] if dash and dash.options else None, how)

    def cycle_move_mode(self) -> None:
        """Tab in move mode: the next of walk / fly / swim / climb among the speeds the creature has."""
        current = self.my_turn()
        if current is None or not isinstance(self.mode, MoveMode):
            return
        modes = self.movement_modes(current)
        if len(modes) < 2:
            self.messages.append((f"{current.name} can only {modes[0]}", DIM))
            return
        how = modes[(modes.index(self.mode.how) + 1) % len(modes)] if self.mode.how in modes else modes[0]
        self.mode = self.move_mode(current, how)

    def _refresh_mode(self) -> None:
        """After a change: keep the chosen action if it still applies to the same creature."""
        mode, current = self.mode, self.my_turn()
        if mode is None:
            return
        if current is None:
            self.mode = None
            return
        if isinstance(mode, MoveMode):
            keep = current.id == mode.creature_id and self.battle.movement_budget(current.id, mode.how)[0] > 0
            self.mode = self.move_mode(current, mode.how) if keep else None
            if self.mode is not None and not (self.mode.mask.any() or self.mode.dash_mask.any()):
                self.mode = None
            return
        entry = self.current_choices().entry(mode.entry_key)
        if entry is None or not entry.allowed or current.id != self.current_choices().actor_id:
            self.mode = None
        elif isinstance(mode, TargetMode):
            self.mode = TargetMode(self.battle, entry)
        else:
            self.mode = AreaMode(self.battle, entry, current)

    # ------------------------------------------------------------------ dialogs
    def open_dialog(self, kind: str, dialog) -> None:
        self.close_dialog()
        self.dialog, self.dialog_kind = dialog, kind

    def close_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
        self.dialog, self.dialog_kind, self.menu_options = None, None, []

    def open_menu(self, title: str, options) -> None:
        self.open_dialog("menu", dialogs.menu_dialog(self.manager, self.screen.get_rect(), title,
                                                     [self.describe(o) for o in options]))
        self.menu_options = list(options)

    def open_help(self) -> None:
        self.open_dialog("help", dialogs.help_dialog(self.manager, self.screen.get_rect(), wording.CONTROLS))

    def answer(self, answer) -> None:
        kind, options = self.dialog_kind, self.menu_options
        self.close_dialog()
        if kind == "reaction" and isinstance(answer, bool) and self.battle.state.offers:
            reactor = self.battle.state.offers[0].reactor
            self.submit({"actor": reactor, "act": "react", "take": answer})
        elif kind == "menu" and isinstance(answer, int) and 0 <= answer < len(options):
            self.mode = None
            self.submit(dict(options[answer].command))
        elif kind == "load" and isinstance(answer, int) and 0 <= answer < len(options):
            self.load(options[answer])
        elif kind == "end":
            if answer == "again":
                self.play_again()
            elif answer == "quit":
                self.running = False

    def describe(self, option) -> str:
        """An option in words, with names rather than ids (menus)."""
        return wording.describe(option, self.battle.state.creatures)

    def _check_dialogs(self) -> None:
        """Open the dialog the battle now calls for: a person's reaction, or the end screen."""
        state = self.battle.state
        if self.dialog is not None or self.walking:
            return
        if state.offers and self.session.human(self.session.reactor()):
            question, detail = self.reaction_text()
            self.mode = None
            self.open_dialog("reaction", dialogs.reaction_dialog(self.manager, self.viewport, question, detail))
        elif state.over and not self.end_shown and state.creatures:
            self.end_shown = True
            headline, lines = self.end_summary()
            self.mode = None
            self.open_dialog("end", dialogs.end_dialog(self.manager, self.viewport, headline, lines))

    def reaction_text(self) -> tuple[str, str]:
        return wording.reaction_text(self.battle, self.choices.get(self.battle).options,
                                     len(self.session.human_sides()) > 1)

    def end_summary(self) -> tuple[str, list[str]]:
        return wording.end_summary(self.battle, self.session.fallen)

    def play_again(self) -> None:
        self.session.play_again()
        self.sync_log()

    # ------------------------------------------------------------------ saving
    def quick_save(self) -> None:
        self.session.quick_save()
        self.sync_log()

    def quick_load(self) -> None:
        self.session.quick_load()
        self.sync_log()

    def load(self, name: str) -> bool:
        loaded = self.session.load(name)
        self.sync_log()
        return loaded

    LOAD_MENU_SIZE = 9  # the newest saves, one number key each

    def open_load_menu(self) -> None:
        """L: the saves of the data folder, newest first with their time; choosing one loads it."""
        saves = self.session.saves
        found = saves.listing()[:self.LOAD_MENU_SIZE]
        if not found:
            self.messages.append((f"No saves yet in {saves.dir} (F5 saves)", ERROR))
            return
        labels = [f"{name}   {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(mtime))}" for name, mtime in found]
        self.open_dialog("load", dialogs.menu_dialog(self.manager, self.screen.get_rect(),
                                                     "Load a save (newest first)", labels))
        self.menu_options = [name for name, _ in found]

    # ------------------------------------------------------------------ undo
    def take_back(self) -> bool:
        """Ctrl+Z or Backspace: the session takes back the last command, if it rolled no die.

        The camera stays where it is (same board), and the move squares stay shown when they were.
        """
        was_moving = isinstance(self.mode, MoveMode)
        taken = self.session.take_back()
        self.sync_log()
        if taken is None:
            return False
        self.end_shown = self.battle.state.over
        current = self.my_turn()
        if was_moving and current is not None:
            mode = self.move_mode(current)
            if mode.mask.any() or mode.dash_mask.any():
                self.mode = mode
        return True

    # ------------------------------------------------------------------ commands
    def submit(self, command: dict) -> bool:
        """Send a command to the session; a refusal goes to the log panel, in red. True when played."""
        played = self.session.submit(command)
        self.sync_log()
        if not played:
            return False
        self.animate(played.events)
        self._refresh_mode()
        return True

    def animate(self, events) -> None:
        """Tokens walk their paths (unless hurried), then damage and healing numbers rise."""
        now = time.monotonic()
        for event in events:
            if event.kind == "move" and len(event.data.get("path", ())) > 1 and not self.hurry:
                self.walking[event.data["creature"]] = ([tuple(p) for p in event.data["path"]], now)
        delay = STEP_SECONDS * max((len(p) - 1 for p, _ in self.walking.values()), default=0)
        self.floaters.add_events(events, now + delay)

    def submit_all(self, commands: list[dict]) -> None:
        for command in commands:
            if not self.submit(command):
                break

    # ------------------------------------------------------------------ state
    def sync_log(self) -> None:
        """Copy the session's new messages into the log panel (afresh when the battle was replaced)."""
        if self.session.battle is not self._shown:
            self._show_new_battle()
        for message in self.session.take_messages():
            self.messages.append((message.text, TONES[message.tone]))
        if len(self.messages) > MESSAGES_KEPT:
            del self.messages[:-MESSAGES_KEPT]

    def update(self, dt: float) -> None:
        self.sync_log()
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_LEFT] - keys[pygame.K_RIGHT]) * PAN_SPEED * dt
        dy = (keys[pygame.K_UP] - keys[pygame.K_DOWN]) * PAN_SPEED * dt
        if (dx or dy) and self.dialog is None:
            self.camera.pan(dx, dy)
        now = time.monotonic()
        for cid, (path, start) in list(self.walking.items()):
            if now - start > STEP_SECONDS * (len(path) - 1):
                del self.walking[cid]
        if self.session.person_to_act():
            self.hurry = False  # a person must act: back to the normal pace
        self._play_computer(now)
        self._check_dialogs()
        self._update_bar()
        square = self.view.square_at(*self.mouse) if self.mouse and self.viewport.collidepoint(self.mouse) else None
        self.hovered_id = next((c.id for c in self.session.views().values()
                                if square in c.squares() and c.alive), None) if square else None
        self.manager.update(dt)

    def _update_bar(self) -> None:
        current = self.my_turn()
        selected = getattr(self.mode, "entry_key", None)
        key = (Choices.key_of(self.battle), current is not None, selected, tuple(self.bar_rect))
        if key == self._bar_key:
            return
        self._bar_key = key
        self.bar.set_rect(self.bar_rect)
        if current is None:
            self.bar.clear()
        else:
            self.bar.show(self.current_choices().entries, selected)

    def _play_computer(self, now: float) -> None:
        """The computer's next command, once the tokens stopped walking and no reaction dialog is open."""
        if self.walking or self.dialog_kind == "reaction":
            return
        events = self.session.play_computer(now, self.hurry)
        self.sync_log()
        if events is not None:
            self.animate(events)
            self._refresh_mode()

    def prompt_lines(self) -> list[tuple[str, tuple]]:
        """What to do now, for the side panel."""
        return wording.prompt_lines(self)

    # ------------------------------------------------------------------ drawing
    def walking_positions(self) -> dict[str, tuple[float, float]]:
        return self.scene.walking_positions(self)

    def draw(self) -> None:
        self.scene.draw(self)


def run(scenario, hotseat: bool = False, ai_sides=(), screenshot=None, exit_when_over: bool = False,
        max_frames: int | None = None, battle=None, ai=None, size=DEFAULT_SIZE,
        data_dir=None) -> int:
    """Open the window on a scenario and play until Esc or the window is closed; returns 0.

    `battle` continues one already built (a save being resumed); `ai(battle) -> command dict`
    plays the sides marked "ai" (without it, people play every side); `max_frames` stops after
    that many frames; `screenshot` saves the last frame as a PNG; `data_dir` is where the quick
    save and the autosave go (default: the user's data folder, session/saving.py).
    """
    app = App(scenario, battle=battle, hotseat=hotseat, ai_sides=ai_sides, size=size, ai=ai, data_dir=data_dir)
    try:
        return app.run(max_frames=max_frames, screenshot=screenshot, exit_when_over=exit_when_over)
    finally:
        app.close()


__all__ = ["App", "run"]
