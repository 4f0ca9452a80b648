"""The game window: a render loop that draws the battle and turns clicks and keys into commands.

`run(scenario)` opens the window and plays; `App` is the same loop one frame at a time
(`App.step()`), so a test can post events and look at the battle in between.

Mouse: left-click the token whose turn it is to see where it can go, hover a shaded square to
see the path and its cost, click it to move there; right-drag or the arrow keys pan; the wheel
or +/- zoom; F fits the board again. Keys: E ends the turn, Y/N answer an offered reaction,
Esc quits. Every change goes through `battle.submit(command)`; a refused command's reason is
shown in the log panel, and the battle is left as it was.
"""

from __future__ import annotations

import math
import time

import pygame

from ..rules.dnd5e import Battle
from ..rules.dnd5e.geometry import field_for
from ..rules.errors import IllegalCommand
from .board_view import BACKGROUND, HIGHLIGHT, BoardView, Text, metres

FPS = 60
DEFAULT_SIZE = (1280, 800)
ZOOMS = (6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48, 56, 64, 80, 96)
MAX_BOARD_PX = 4096  # the static board is one surface: keep it a sensible size
PAN_SPEED = 700  # pixels a second with the arrow keys
STEP_SECONDS = 0.09  # a token walking, per square
AI_PAUSE = 0.4  # seconds between two commands of an AI side, so people can follow

PANEL_BACK = (24, 26, 31)
PANEL_LINE = (52, 56, 66)
TEXT = (226, 228, 234)
DIM = (140, 146, 158)
ERROR = (255, 120, 100)
GOLD = HIGHLIGHT


def pip(surface: pygame.Surface, centre, radius: int, colour, full: bool) -> None:
    """A small dot, filled or hollow."""
    pygame.draw.circle(surface, colour, centre, radius, 0 if full else 1)


class Camera:
    """Where the board sits in the viewport: its square size (zoom) and the origin of [0, 0]."""

    def __init__(self, view: BoardView, viewport: pygame.Rect) -> None:
        self.view = view
        self.viewport = viewport
        board = view.board
        self.max_px = max(ZOOMS[0], min(ZOOMS[-1], MAX_BOARD_PX // max(board.width, board.height)))

    def fit(self) -> None:
        """The largest square size that shows the whole board, centred in the viewport."""
        board, vp = self.view.board, self.viewport
        room_w, room_h = vp.w - 60, vp.h - 50  # less the coordinate gutters and a margin
        square = math.floor(min(room_w / board.width, room_h / board.height))
        self.view.set_square_px(max(ZOOMS[0], min(self.max_px, square)))
        self.centre()

    def centre(self) -> None:
        w, h = self.view.pixel_size
        gl, gt = self.view.gutter_left, self.view.gutter_top
        self.view.origin = (self.viewport.x + (self.viewport.w - w + gl) // 2,
                            self.viewport.y + (self.viewport.h - h + gt) // 2)

    def zoom(self, steps: int, about: tuple[int, int]) -> None:
        """Zoom in (steps > 0) or out a level, keeping the point under `about` where it is."""
        s = self.view.square_px
        if steps > 0:
            levels = [z for z in ZOOMS if s < z <= self.max_px]
            new = levels[0] if levels else s
        else:
            levels = [z for z in ZOOMS if z < s]
            new = levels[-1] if levels else s
        if new == s:
            return
        ox, oy = self.view.origin
        qx, qy = (about[0] - ox) / s, (about[1] - oy) / s
        self.view.set_square_px(new)
        self.view.origin = (round(about[0] - qx * new), round(about[1] - qy * new))
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        ox, oy = self.view.origin
        self.view.origin = (round(ox + dx), round(oy + dy))
        self.clamp()

    def clamp(self) -> None:
        """Keep at least a corner of the board in sight."""
        w, h = self.view.pixel_size
        vp, keep = self.viewport, 80
        ox = min(max(self.view.origin[0], vp.x + keep - w), vp.right - keep)
        oy = min(max(self.view.origin[1], vp.y + keep - h), vp.bottom - keep)
        self.view.origin = (ox, oy)


class MoveTool:
    """The selected creature's reachable squares, and the path to the square under the mouse."""

    def __init__(self, battle: Battle, creature) -> None:
        self.creature_id = creature.id
        self.start = (creature.x, creature.y)
        self.side = creature.side_squares
        self.grab = (self.side - 1) // 2  # a big creature is held by a square near its middle
        self.field = field_for(battle, creature)
        self.budget = creature.movement_left()
        self.mask = self.field.reachable(self.budget)
        self._layer: tuple[int, pygame.Surface] | None = None

    def target(self, square: tuple[int, int] | None) -> tuple[int, int] | None:
        """Where the creature's top-left square would go for the square under the mouse, if it can."""
        if square is None:
            return None
        x, y = square[0] - self.grab, square[1] - self.grab
        h, w = self.mask.shape
        return (x, y) if 0 <= x < w and 0 <= y < h and self.mask[y, x] else None

    def draw(self, surface: pygame.Surface, view: BoardView, hover: tuple[int, int] | None) -> None:
        if self._layer is None or self._layer[0] != view.square_px:
            self._layer = (view.square_px, view.reach_layer(self.mask, self.grab))
        view.draw_reach(surface, self._layer[1])
        goal = self.target(hover)
        if goal is not None:
            view.draw_path(surface, self.start, self.field.path_to(*goal), self.field.cost_to(*goal), self.side)


class Panel:
    """The side panel: round and turn, the initiative order, the keys, and the combat log."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self._wrapped: dict[tuple, list[str]] = {}

    def wrap(self, line: str, size: int, width: int, indent: str = "  ") -> list[str]:
        """The line cut into pieces that fit the width; pieces after the first indented."""
        key = (line, size, width, indent)
        if key not in self._wrapped:
            words, lines, current = line.split(" "), [], ""
            for word in words:
                trial = f"{current} {word}" if current else word
                if current and self.text.size(trial, size)[0] > width:
                    lines.append(current)
                    current = indent + word
                else:
                    current = trial
            lines.append(current)
            if len(self._wrapped) > 3000:
                self._wrapped.clear()
            self._wrapped[key] = lines
        return self._wrapped[key]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, app: "App") -> None:
        surface.fill(PANEL_BACK, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft, 2)
        x, y, width = rect.x + 14, rect.y + 12, rect.w - 26
        y = self._draw_heading(surface, app, x, y, width)
        y = self._draw_order(surface, app, x, y + 8, width)
        y = self._draw_prompt(surface, app, x, y + 8, width)
        self._draw_log(surface, app, pygame.Rect(x, y + 8, width, rect.bottom - y - 20))

    def _draw_heading(self, surface, app, x, y, width) -> int:
        t, state = self.text, app.battle.state
        for line in self.wrap(app.scenario.title, 20, width):
            y = t.blit(surface, line.strip(), 20, TEXT, (x, y)).bottom + 2
        current = app.battle.current
        if not state.creatures:
            status, colour = "No creatures: a map to look at (start squares ringed)", DIM
        elif state.over:
            status, colour = f"Over: {state.winner or 'nobody'} wins", GOLD
        elif current is not None:
            who = "you" if app.human(current) else "AI"
            status, colour = f"Round {state.round}  ·  {current.name}'s turn ({who})", TEXT
        else:
            status, colour = f"Round {state.round}", TEXT
        y += 4
        for part in self.wrap(status, 15, width, indent=""):
            y = t.blit(surface, part, 15, colour, (x, y)).bottom
        if current is not None and not state.over:  # what is left of its turn; a full dot is unused
            rect = t.blit(surface, f"move {metres(current.movement_left())}", 13, DIM, (x, y + 4))
            px, py = rect.right + 14, rect.y
            for name, unused in (("action", current.action), ("bonus", current.bonus_action),
                                 ("reaction", current.reaction)):
                if px + t.size(name, 13)[0] + 14 > x + width:  # no room left on this line
                    px, py = x, py + rect.h + 3
                label = t.blit(surface, name, 13, DIM, (px, py))
                pip(surface, (label.right + 8, label.centery), 4, GOLD, unused)
                px = label.right + 24
            y = py + rect.h
        return y

    def _draw_order(self, surface, app, x, y, width) -> int:
        t, state, view = self.text, app.battle.state, app.view
        if not state.order:
            return y
        y = t.blit(surface, "Initiative", 13, DIM, (x, y)).bottom + 4
        row_h = 20
        current_id = app.battle.current.id if app.battle.current and not state.over else None
        order = list(state.order)
        room = max(4, (surface.get_height() * 45 // 100) // (row_h + 2))
        if len(order) > room:  # a long order: the rows round the creature whose turn it is
            at = order.index(current_id) if current_id in order else 0
            first = max(0, min(at - 2, len(order) - room + 1))
            hidden = len(order) - (room - 1)
            order = order[first: first + room - 1]
            t.blit(surface, f"{hidden} more not shown", 12, DIM, (x + width, y - 16), "topright")
        for cid in order:
            c = state.creatures[cid]
            row = pygame.Rect(x - 6, y, width + 12, row_h)
            if cid == current_id:
                pygame.draw.rect(surface, (64, 58, 30), row, border_radius=4)
                pygame.draw.rect(surface, GOLD, row, 1, border_radius=4)
            elif cid == app.hovered_id:
                pygame.draw.rect(surface, (44, 48, 58), row, border_radius=4)
            out = c.state != "conscious"
            colour = DIM if out else TEXT
            pygame.draw.circle(surface, view.side_colour(c.side), (x + 5, row.centery), 5)
            t.blit(surface, c.name, 14, colour, (x + 16, row.centery), "midleft")
            hp = "dead" if c.state == "dead" else f"{c.hp}/{c.stats.hp}" + (f" +{c.temp_hp}" if c.temp_hp else "")
            if c.state in ("unconscious", "stable"):
                hp = c.state
            right = t.blit(surface, hp, 13, colour, (row.right - 8, row.centery), "midright").x
            if c.state == "unconscious":  # death saves: three green, three red
                for i in range(6):
                    ok = i < 3
                    pip(surface, (right - 62 + i * 9 + (0 if ok else 4), row.centery), 3,
                        (70, 210, 90) if ok else (230, 60, 50), (i % 3) < (c.death_successes if ok else c.death_failures))
            y += row_h + 2
        return y

    def _draw_prompt(self, surface, app, x, y, width) -> int:
        """What the player can do now: a reaction offer, or the keys."""
        t, state = self.text, app.battle.state
        lines: list[tuple[str, tuple]] = []
        if state.offers:
            offer = state.offers[0]
            reactor = state.creatures[offer.reactor].name
            provoker = state.creatures[offer.provoker].name
            lines.append((f"{reactor} may make an opportunity attack on {provoker}:  Y take it,  N let go", GOLD))
        playing = bool(state.creatures) and not state.over
        if playing and app.tool is not None:
            lines.append(("Hover a shaded square for the path, click to move there; "
                          "click the token again to put it down", TEXT))
        elif playing:
            lines.append(("Click the token with the gold frame to move it.  E end turn", TEXT))
        lines.append(("Wheel or +/- zoom,  arrows or right-drag pan,  F fit,  Esc quit", DIM))
        for line, colour in lines:
            for part in self.wrap(line, 13, width, indent=""):
                y = t.blit(surface, part, 13, colour, (x, y)).bottom + 1
            y += 3
        return y

    def _draw_log(self, surface, app, rect: pygame.Rect) -> None:
        t = self.text
        pygame.draw.line(surface, PANEL_LINE, (rect.x - 6, rect.y - 4), (rect.right + 6, rect.y - 4))
        top = t.blit(surface, "Log", 13, DIM, (rect.x, rect.y)).bottom + 4
        size, line_h = 13, 16
        rows: list[tuple[str, tuple]] = []
        for line, colour in app.messages[-60:]:
            rows += [(part, colour) for part in self.wrap(line, size, rect.w)]
        fit = max(0, (rect.bottom - top) // line_h)
        y = top
        for part, colour in rows[-fit:] if fit else []:
            t.blit(surface, part, size, colour, (rect.x, y))
            y += line_h


class App:
    """The window and its loop; `step()` runs one frame: events, then animation, then drawing."""

    def __init__(self, scenario, battle: Battle | None = None, hotseat: bool = False, ai_sides=(),
                 size=DEFAULT_SIZE, ai=None) -> None:
        self.scenario = scenario
        self.messages: list[tuple[str, tuple]] = []
        self.battle = battle if battle is not None else self._new_battle(scenario)
        # a side is played by the AI when the scenario or the command line says so, not in hotseat,
        # and only when an AI is connected (`ai(battle) -> command`); otherwise people play it
        self.ai = ai
        self.ai_sides = set() if hotseat else {s for s, who in scenario.sides.items() if who == "ai"} | set(ai_sides)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"Skirmish — {scenario.title}")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.text = Text()
        self.view = BoardView(self.battle.board, 32, self.text)
        self.panel = Panel(self.text)
        self.camera = Camera(self.view, self.layout())
        self.camera.fit()
        self.tool: MoveTool | None = None
        self.mouse: tuple[int, int] | None = None
        self.hovered_id: str | None = None
        self.walking: dict[str, tuple[list, float]] = {}  # creature id -> (path, start time)
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.last_ai = 0.0
        self._seen_log = 0
        self._tool_key = None
        self.sync_log()

    # ------------------------------------------------------------------ setup
    def _new_battle(self, scenario) -> Battle:
        """A battle from the scenario, with the commands it already holds played (a save resumes)."""
        battle = Battle(scenario)
        for number, command in enumerate(scenario.commands, 1):
            try:
                battle.submit(command)
            except IllegalCommand as exc:
                self.messages.append((f"command {number} refused: {exc}", ERROR))
                break
        return battle

    def layout(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        self.panel_w = max(240, min(340, round(w * 0.28)))
        self.viewport = pygame.Rect(0, 0, max(100, w - self.panel_w), h)
        return self.viewport

    def human(self, creature) -> bool:
        return self.ai is None or creature.side not in self.ai_sides

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
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if event.buttons[2]:  # right-drag pans
                self.camera.pan(*event.rel)
        elif event.type == pygame.MOUSEWHEEL:
            self.camera.zoom(1 if event.y > 0 else -1, self.mouse or self.viewport.center)
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface()
            self.camera.viewport = self.layout()
            self.camera.fit()

    def key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.running = False
        elif key == pygame.K_e:
            current = self.battle.current
            if current is not None and self.human(current):
                self.submit({"actor": current.id, "act": "end"})
        elif key in (pygame.K_y, pygame.K_n) and self.battle.state.offers:
            reactor = self.battle.state.offers[0].reactor
            self.submit({"actor": reactor, "act": "react", "take": key == pygame.K_y})
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom(1, self.viewport.center)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom(-1, self.viewport.center)
        elif key in (pygame.K_f, pygame.K_HOME):
            self.camera.fit()

    def click(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        if not self.viewport.collidepoint(pos):
            return
        square = self.view.square_at(*pos)
        current = self.battle.current
        if square is None or current is None or self.battle.state.over or not self.human(current):
            self.tool = None
            return
        if square in current.squares():
            self.tool = None if self.tool else MoveTool(self.battle, current)
            self._tool_key = self.state_key()
            if self.tool is not None and not self.tool.mask.any():
                self.messages.append((f"{current.name} cannot move now ({metres(self.tool.budget)} left)", DIM))
                self.tool = None
            return
        goal = self.tool.target(square) if self.tool else None
        if goal is not None:
            self.submit({"actor": current.id, "act": "move", "to": list(goal)})
        else:
            self.tool = None

    def submit(self, command: dict) -> None:
        """Send a command to the rules; a refusal goes to the log panel, in red."""
        try:
            events = self.battle.submit(command)
        except IllegalCommand as exc:
            self.messages.append((f"Refused: {exc}", ERROR))
            return
        now = time.monotonic()
        for event in events:
            if event.kind == "move" and len(event.data.get("path", ())) > 1:
                self.walking[event.data["creature"]] = ([tuple(p) for p in event.data["path"]], now)
        self.sync_log()

    # ------------------------------------------------------------------ state
    def state_key(self) -> tuple:
        state = self.battle.state
        return id(state), state.commands_done, state.current_id

    def sync_log(self) -> None:
        """Copy the battle's new log lines into the panel's messages."""
        log = self.battle.state.log
        if len(log) < self._seen_log:
            self._seen_log = 0
        for line in log[self._seen_log:]:
            colour = GOLD if line.startswith("Round ") or line.endswith("'s turn") else TEXT
            self.messages.append((line, colour))
        self._seen_log = len(log)
        del self.messages[:-200]

    def update(self, dt: float) -> None:
        self.sync_log()
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_LEFT] - keys[pygame.K_RIGHT]) * PAN_SPEED * dt
        dy = (keys[pygame.K_UP] - keys[pygame.K_DOWN]) * PAN_SPEED * dt
        if dx or dy:
            self.camera.pan(dx, dy)
        if self.tool is not None and self._tool_key != self.state_key():
            self._refresh_tool()
        now = time.monotonic()
        for cid, (path, start) in list(self.walking.items()):
            if now - start > STEP_SECONDS * (len(path) - 1):
                del self.walking[cid]
        self._play_ai(now)
        square = self.view.square_at(*self.mouse) if self.mouse and self.viewport.collidepoint(self.mouse) else None
        self.hovered_id = next((c.id for c in self.battle.state.creatures.values()
                                if square in c.squares() and c.alive), None) if square else None

    def _refresh_tool(self) -> None:
        """After a command: keep showing the moves left, if it is still that creature's turn."""
        current = self.battle.current
        keep = (current is not None and current.id == self.tool.creature_id and not self.battle.state.over
                and current.movement_left() > 0)
        self.tool = MoveTool(self.battle, current) if keep else None
        self._tool_key = self.state_key()

    def _play_ai(self, now: float) -> None:
        current, state = self.battle.current, self.battle.state
        if self.ai is None or current is None or state.over or self.walking:
            return
        if state.offers:
            # a reaction is waiting: the computer answers for its own creatures, people for theirs
            if self.human(state.creatures[state.offers[0].reactor]):
                return
        elif self.human(current):
            return
        if now - self.last_ai < AI_PAUSE:
            return
        self.last_ai = now
        try:
            command = self.ai(self.battle)
        except IllegalCommand as exc:
            command = None
            self.messages.append((f"AI: {exc}", ERROR))
        before = self.battle.state.commands_done
        self.submit(command or {"actor": current.id, "act": "end"})
        if self.battle.state.commands_done == before and not self.battle.state.offers:
            self.submit({"actor": current.id, "act": "end"})  # never stall on a refused command

    # ------------------------------------------------------------------ drawing
    def walking_positions(self) -> dict[str, tuple[float, float]]:
        """Where each walking token is drawn now: part way along its path."""
        now, at = time.monotonic(), {}
        for cid, (path, start) in self.walking.items():
            t = min((now - start) / STEP_SECONDS, len(path) - 1)
            i = min(int(t), len(path) - 2)
            f = t - i
            (x0, y0), (x1, y1) = path[i], path[i + 1]
            at[cid] = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
        return at

    def draw(self) -> None:
        screen, view = self.screen, self.view
        screen.fill(BACKGROUND)
        screen.set_clip(self.viewport)
        view.draw_board(screen)
        hover = self.view.square_at(*self.mouse) if self.mouse and self.viewport.collidepoint(self.mouse) else None
        if self.tool is not None and not self.walking:
            self.tool.draw(screen, view, hover)
        elif hover is not None:
            view.draw_square_outline(screen, *hover, colour=(255, 255, 255))
        current = self.battle.current
        current_id = current.id if current is not None and not self.battle.state.over else None
        view.draw_tokens(screen, self.battle.state.creatures.values(), current_id,
                         at=self.walking_positions(), phase=time.monotonic() * 0.8)
        if not self.battle.state.creatures:
            view.draw_spawns(screen, self.scenario.map.spawns)
        view.draw_pinned_rulers(screen, self.viewport)
        self._draw_hover_tag()
        screen.set_clip(None)
        self.panel.draw(screen, pygame.Rect(self.viewport.right, 0, self.panel_w, screen.get_height()), self)

    def _draw_hover_tag(self) -> None:
        """Name, hit points and conditions of the creature under the mouse."""
        if self.hovered_id is None or self.mouse is None:
            return
        c = self.battle.state.creatures[self.hovered_id]
        parts = [f"{c.name} ({c.id})", f"hp {c.hp}/{c.stats.hp}" + (f" +{c.temp_hp}" if c.temp_hp else "")]
        if c.state != "conscious":
            parts.append(c.state)
        parts += sorted(c.conditions - {c.state})
        self.view.draw_tag(self.screen, "  ·  ".join(parts), (self.mouse[0] + 14, self.mouse[1] + 18), "topleft")


def run(scenario, hotseat: bool = False, ai_sides=(), screenshot=None, exit_when_over: bool = False,
        max_frames: int | None = None, battle: Battle | None = None, ai=None, size=DEFAULT_SIZE) -> int:
    """Open the window on a scenario and play until Esc or the window is closed; returns 0.

    `battle` continues one already built (a save being resumed); `ai(battle) -> command dict`
    plays the sides marked "ai" (without it, people play every side); `max_frames` stops after
    that many frames; `screenshot` saves the last frame as a PNG.
    """
    app = App(scenario, battle=battle, hotseat=hotseat, ai_sides=ai_sides, size=size, ai=ai)
    try:
        return app.run(max_frames=max_frames, screenshot=screenshot, exit_when_over=exit_when_over)
    finally:
        app.close()
