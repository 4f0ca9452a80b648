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
too. The window draws, animates the events and turns input into calls on the session.

The App's parts, one module each: input (controls.py), the chosen action and the board's input
mode (acting.py), the dialogs (modal.py). The legal options are asked once per change of the
battle (choices.py), never per frame. F1 or ? lists every control (wording.CONTROLS). Drawing
is scene.py's; the words on screen are wording.py's.
"""

from __future__ import annotations

import time

import pygame

from ..i18n import _
from ..session import controller
from ..session.controller import AI_PAUSE, Session
from . import dialogs, wording
from .acting import Acting
from .action_bar import height_for as bar_height
from .action_bar import ActionBar
from .board_view import BoardView
from .camera import Camera
from .card_window import CardClicks, LogLine
from .choices import Choices
from .controls import Controls
from .gui import make_manager
from .hud import Floaters, InitiativeBar
from .modal import Modal
from .modes import MoveMode
from .panel import ERROR, GOLD, TEXT, Messages, Panel
from .png import save_png
from .scene import STEP_SECONDS, Scene
from .teaching import WindowTeaching
from .window_size import DEFAULT_SIZE, MIN_SIZE, fitting_size, set_minimum_size
from .text import Text

FPS = 60
IDLE_FPS = 10  # frames a second while nothing moves and nobody touches anything (the pulses still glow)
IDLE_AFTER = 1.0  # seconds without input before the window slows down
PAN_SPEED = 700  # pixels a second with the arrow keys
MESSAGES_KEPT = 400  # lines of the log panel
TONES = {controller.LOG: TEXT, controller.HEADING: GOLD, controller.NOTE: GOLD, controller.ERROR: ERROR}


class App(Controls, Acting, Modal, CardClicks):
    """The window and its loop; `step()` runs one frame: events, then animation, then drawing.

    Its parts: input (controls.py), the chosen action (acting.py), the dialogs (modal.py), the
    rule cards opened from the log (card_window.py).
    """

    def __init__(self, scenario, battle=None, hotseat: bool = False, ai_sides=(),
                 size=DEFAULT_SIZE, ai=None, data_dir=None, ai_pause: float = AI_PAUSE) -> None:
        self.messages: list[tuple[str, tuple]] = Messages()  # counts its changes: the panel is cached
        self.session = Session(scenario, battle, hotseat=hotseat, ai_sides=ai_sides, ai=ai, data_dir=data_dir,
                               ai_pause=ai_pause)
        self._shown = self.session.battle  # the battle the window was set up for
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(_("Skirmish — {title}").format(title=scenario.title))
        self.screen = pygame.display.set_mode(fitting_size(size), pygame.RESIZABLE)
        set_minimum_size(MIN_SIZE)
        self.clock = pygame.time.Clock()
        self.last_input = time.monotonic()  # when a person last pressed, clicked or moved something
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
        self.views = {}  # the creatures as the screen draws them (api.CreatureView by id), see _update_views
        self._views_key = None
        self.walking: dict[str, tuple[list, float]] = {}  # creature id -> (path, start time)
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.hurry = False  # Space: no walking animations, the computer's short pause
        self.explaining = False  # Shift held: the teaching overlays (teaching.py)
        self.teaching = WindowTeaching()
        self.end_shown = False
        self._right_down: tuple[int, int] | None = None
        self.log_scroll = 0  # log lines scrolled back with the wheel over the side panel
        self._bar_key = None
        self.sync_log()
        self._update_views()

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
        bar_h = bar_height(left)
        self.bar_rect = pygame.Rect(0, h - bar_h, left, bar_h)
        self.viewport = pygame.Rect(0, self.initiative_rect.bottom, left,
                                    max(100, h - self.initiative_rect.h - bar_h))
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
            save_png(self.screen, screenshot)  # an OSError is the command line's one line
        if exit_when_over and self.battle.state.over:
            print(_("winner: {side} (round {round})").format(side=self.battle.state.winner or _("nobody"),
                                                              round=self.battle.state.round))
        return self.exit_code

    def step(self) -> bool:
        """One frame. False once the window should close."""
        events = pygame.event.get()
        for event in events:
            self.handle(event)
        if not self.running:
            return False
        now = time.monotonic()
        if events:
            self.last_input = now
        dt = self.clock.tick(IDLE_FPS if self.idle(now) else FPS) / 1000.0
        self.update(dt)
        self.draw()
        pygame.display.flip()
        return True

    def idle(self, now: float) -> bool:
        """Nothing to hurry for: no input for a while, nothing walking or floating, the computer
        not to play, no arrow key held (then a frame is drawn only IDLE_FPS times a second)."""
        if now - self.last_input < IDLE_AFTER or self.walking or self.floaters.items or self.hurry:
            return False
        if self.session.computer_to_act():
            return False
        keys = pygame.key.get_pressed()
        return not any(keys[k] for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN))

    def close(self) -> None:
        pygame.display.quit()

    # ------------------------------------------------------------------ calls on the session
    def play_again(self, same: bool = False) -> None:
        """A new battle of the scenario: with a fresh seed, or the very same battle (same=True)."""
        self.session.play_again(fresh_seed=not same)
        self.sync_log()

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
        delay = STEP_SECONDS * max((len(p) - 1 for p, _start in self.walking.values()), default=0)
        self.floaters.add_events(events, now + delay)

    def submit_all(self, commands: list[dict]) -> None:
        for command in commands:
            if not self.submit(command):
                break

    def sync_log(self) -> None:
        """Copy the session's new messages into the log panel (afresh when the battle was replaced)."""
        if self.session.battle is not self._shown:
            self._show_new_battle()
        for message in self.session.take_messages():
            self.messages.append(LogLine(message.text, TONES[message.tone], message.rules))
        if len(self.messages) > MESSAGES_KEPT:
            del self.messages[:-MESSAGES_KEPT]

    # ------------------------------------------------------------------ every frame
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
        self._update_views()
        square = self.view.square_at(*self.mouse) if self.mouse and self.viewport.collidepoint(self.mouse) else None
        self.hovered_id = next((c.id for c in self.views.values()
                                if square in c.squares() and c.alive), None) if square else None
        self.manager.update(dt)

    def _update_views(self) -> None:
        """The creatures' views, asked again only when the battle changed (a command was played)."""
        state = self.battle.state
        key = (id(self.battle), id(state), state.commands_done, len(state.log), self.session.watching_side())
        if key != self._views_key:
            self._views_key = key
            self.views = self.session.shown_views()  # only what the side watching can see

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
