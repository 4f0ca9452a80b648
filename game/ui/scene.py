"""Drawing one frame of the window: the board and what is on it, the bars, the panel, the dialogs.

The static board is one cached surface (board_view.py); tokens, overlays and text are blits of
cached surfaces; the veil behind a dialog is made once per window size.
"""

from __future__ import annotations

import time

import pygame

from ..i18n import _
from ..rules.words import spoken, state_word
from .colours import BACKGROUND
from .modes import AreaMode, MoveMode
from .panel import DIM, GOLD
from .window_size import too_small_notice

STEP_SECONDS = 0.09  # a token walking, per square


class Scene:
    """Draws the App's state; keeps only caches of its own."""

    def __init__(self) -> None:
        self._shade_key = None
        self._shade_surface = None

    def walking_positions(self, app) -> dict[str, tuple[float, float]]:
        """Where each walking token is drawn now: part way along its path."""
        now, at = time.monotonic(), {}
        for cid, (path, start) in app.walking.items():
            t = min((now - start) / STEP_SECONDS, len(path) - 1)
            i = min(int(t), len(path) - 2)
            f = t - i
            (x0, y0), (x1, y1) = path[i], path[i + 1]
            at[cid] = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
        return at

    def draw(self, app) -> None:
        screen, view, state = app.screen, app.view, app.battle.state
        screen.fill(BACKGROUND, app.viewport)  # the bars and the panel fill their own rectangles
        screen.set_clip(app.viewport)
        view.draw_board(screen)
        hover = app.view.square_at(*app.mouse) if app.mouse and app.viewport.collidepoint(app.mouse) else None
        mode = app.mode if not app.walking and app.dialog is None else None
        if isinstance(mode, MoveMode):
            mode.draw_under(screen, view)
        elif isinstance(mode, AreaMode):
            mode.draw_under(screen, view, hover)
        elif hover is not None and mode is None:
            view.draw_square_outline(screen, *hover, colour=(255, 255, 255))
        app.teaching.draw_under(screen, app)
        views = app.views
        current_id = state.current_id if not state.over else None
        at = self.walking_positions(app)
        view.draw_tokens(screen, views.values(), current_id, at=at, phase=time.monotonic() * 0.8)
        if not state.creatures:
            view.draw_spawns(screen, app.scenario.map.spawns)
        app.floaters.draw(screen, view, views, at)
        view.draw_pinned_rulers(screen, app.viewport)
        if mode is not None:
            mode.draw(screen, view, hover, app.text, app.viewport)
        else:
            self._draw_hover_tag(app, views)
        app.teaching.draw_over(screen, app, mode)
        screen.set_clip(None)
        app.initiative.draw(screen, app.initiative_rect, app.battle, views, app.hovered_id)
        self._draw_bar_back(app)
        app.panel.draw(screen, pygame.Rect(app.viewport.right, 0, app.panel_w, screen.get_height()), app)
        if app.dialog is not None:
            screen.blit(self._shade(app, 60 if app.dialog_kind == "reaction" else 120), (0, 0))
            if app.dialog_kind == "reaction" and state.offers:
                self._draw_offer(app, state.offers[0])
        app.manager.draw_ui(screen)
        notice = too_small_notice(screen.get_size())
        if notice:
            view.draw_tag(screen, notice, (4, 4), "topleft", colour=(255, 210, 120))

    def _shade(self, app, alpha: int) -> pygame.Surface:
        """A dark veil over the window behind a dialog (made once per size and darkness)."""
        key = (app.screen.get_size(), alpha)
        if self._shade_key != key:
            self._shade_key = key
            self._shade_surface = pygame.Surface(key[0], pygame.SRCALPHA)
            self._shade_surface.fill((0, 0, 0, alpha))
        return self._shade_surface

    def _draw_offer(self, app, offer) -> None:
        """Over the dimmed board: who may react (gold) and who provoked it (red)."""
        creatures, view = app.battle.state.creatures, app.view
        app.screen.set_clip(app.viewport)
        reactor, provoker = creatures[offer.reactor], creatures[offer.provoker]
        view.draw_ring(app.screen, reactor.x, reactor.y, reactor.side_squares, GOLD, None, 0.2)
        view.draw_warning(app.screen, provoker, time.monotonic() * 1.2)
        app.screen.set_clip(None)

    def _draw_bar_back(self, app) -> None:
        rect = app.bar_rect
        app.screen.fill((24, 26, 31), rect)
        pygame.draw.line(app.screen, (52, 56, 66), rect.topleft, rect.topright, 1)
        if app.my_turn() is None:
            state, current = app.battle.state, app.session.current()
            if state.over:
                line = _("The battle is over.  R: play again  ·  S: same battle  ·  Esc: quit")
            elif state.offers:
                reactor = app.session.reactor()
                line = (_("{name} may react: Y takes it, N lets it go") if app.session.human(reactor)
                        else _("{name} (computer) decides on a reaction...")).format(name=reactor.name)
            elif current is not None:
                line = _("{name} (computer) is acting...   Space: hurry").format(name=current.name)
            else:
                line = ""
            app.text.blit(app.screen, line, 16, DIM, rect.center, "center")

    def _draw_hover_tag(self, app, views) -> None:
        """Name, hit points, defence and conditions of the creature under the mouse."""
        if app.hovered_id is None or app.mouse is None:
            return
        c = views[app.hovered_id]
        hp = f"{c.hp}/{c.max_hp}" + (f" +{c.temp_hp}" if c.temp_hp else "")
        parts = [c.name, _("hp {hp}").format(hp=hp), c.defence]
        if c.state != "conscious":
            parts.append(state_word(c.state))
        parts += [spoken(n) for n in c.conditions if n != c.state]
        # above the token (below it at the board's top edge), never over its label and hp bar
        token = app.view.square_rect(c.x, c.y, c.side_squares)
        above = token.top - 4 > app.viewport.top + 24
        pos = (token.centerx, token.top - 4) if above else (token.centerx, token.bottom + 4)
        app.view.draw_tag(app.screen, "  ·  ".join(parts), pos, "midbottom" if above else "midtop")

