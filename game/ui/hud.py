"""What the window draws over the board to tell what is happening.

- `draw_card`: a small box of text lines near the cursor (a target's chance to hit, a path's
  opportunity attacks, who an area catches);
- `InitiativeBar`: the strip above the board: the round, then every creature in turn order,
  the one whose turn it is framed in gold, the fallen greyed;
- `Floaters`: damage and healing numbers that rise from the tokens and fade, from the events.
"""

from __future__ import annotations

import time

import pygame

from ..i18n import _
from .board_view import BoardView
from .colours import HIGHLIGHT
from .text import Text

CARD_BACK = (16, 17, 22, 236)
CARD_EDGE = (255, 212, 60)
TEXT = (226, 228, 234)
DIM = (150, 156, 168)
GOOD = (110, 220, 120)
BAD = (255, 120, 100)
STRIP_BACK = (24, 26, 31)
FLOAT_SECONDS = 1.4


def draw_card(surface: pygame.Surface, text: Text, lines, pos, size: int = 14, clip: pygame.Rect | None = None,
              away=None, gap: int = 16, avoid=()) -> pygame.Rect:
    """Lines of (text, colour) in a dark box beside pos (`gap` pixels off), kept inside `clip`.

    The box takes the first of the four corners round pos that covers none of the `avoid`
    rectangles (the creatures the player is looking at), starting with the one on the far side
    of pos from `away` (the mover, the attacker, the caster).
    """
    if not lines:
        return pygame.Rect(pos, (0, 0))
    line_h = text.size("Ag", size)[1] + 2
    width = max(text.size(line, size)[0] for line, _colour in lines) + 20
    height = line_h * len(lines) + 12
    area = clip or surface.get_rect()
    left = away is not None and pos[0] < away[0]
    up = away is not None and pos[1] < away[1]
    order = [(left, up), (left, not up), (not left, up), (not left, not up)]
    rect = None
    for to_left, to_up in order:
        trial = pygame.Rect(0, 0, width, height)
        if to_left:
            trial.right = pos[0] - gap
        else:
            trial.x = pos[0] + gap
        if to_up:
            trial.bottom = pos[1] - gap
        else:
            trial.y = pos[1] + gap
        trial.clamp_ip(area)
        if rect is None:
            rect = trial
        if trial.collidelist(list(avoid)) < 0:
            rect = trial
            break
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, CARD_BACK, box.get_rect(), border_radius=6)
    pygame.draw.rect(box, CARD_EDGE, box.get_rect(), 1, border_radius=6)
    surface.blit(box, rect)
    y = rect.y + 6
    for line, colour in lines:
        text.blit(surface, line, size, colour, (rect.x + 10, y))
        y += line_h
    return rect


class InitiativeBar:
    """The round and the turn order, as a row of chips across the top of the board."""

    HEIGHT = 34

    def __init__(self, text: Text, view: BoardView) -> None:
        self.text, self.view = text, view
        self._surface: pygame.Surface | None = None
        self._key = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, battle, views, hovered_id: str | None) -> None:
        """The strip in `rect`, drawn afresh only when the round, the turn, the order, a creature's
        state or the hovered creature changed (otherwise the cached strip is blitted).
        `views` are the creatures' `api.CreatureView`s by id."""
        state = battle.state
        key = (rect.size, id(state), state.round, state.over, state.current_id,
               hovered_id, tuple(state.order), tuple((c.name, c.side, c.state) for c in views.values()))
        if self._surface is None or self._key != key:
            if self._surface is None or self._surface.get_size() != rect.size:
                self._surface = pygame.Surface(rect.size)
            self._draw(self._surface, pygame.Rect((0, 0), rect.size), battle, views, hovered_id)
            self._key = key
        surface.blit(self._surface, rect.topleft)

    def _draw(self, surface: pygame.Surface, rect: pygame.Rect, battle, views, hovered_id: str | None) -> None:
        state = battle.state
        surface.fill(STRIP_BACK, rect)
        pygame.draw.line(surface, (52, 56, 66), rect.bottomleft, rect.bottomright, 1)
        if not state.order:
            return
        t = self.text
        x = t.blit(surface, _("Round {round}").format(round=state.round), 15, HIGHLIGHT, (rect.x + 10, rect.centery), "midleft").right + 12
        current = state.current_id if not state.over else None
        chips = [(cid, views[cid]) for cid in state.order if cid in views]  # not the unseen
        widths = [t.size(c.name, 13)[0] + 30 for _cid, c in chips]
        room = rect.right - x - 8
        first = 0
        if sum(widths) > room and current in state.order:  # a long order: start a little before the current one
            at = state.order.index(current)
            first = max(0, at - 1)
            while first > 0 and sum(widths[first:]) < room:
                first -= 1
        if first:
            x = t.blit(surface, "…", 15, DIM, (x, rect.centery), "midleft").right + 6
        for (cid, c), w in zip(chips[first:], widths[first:]):
            if x + w > rect.right - 4:
                t.blit(surface, "…", 15, DIM, (x, rect.centery), "midleft")
                break
            chip = pygame.Rect(x, rect.y + 5, w, rect.h - 10)
            out = c.state != "conscious"
            back = (70, 62, 28) if cid == current else (46, 50, 60) if cid == hovered_id else (34, 37, 44)
            pygame.draw.rect(surface, back, chip, border_radius=chip.h // 2)
            if cid == current:
                pygame.draw.rect(surface, HIGHLIGHT, chip, 2, border_radius=chip.h // 2)
            colour = self.view.side_colour(c.side)
            if out:
                colour = tuple(v // 2 + 40 for v in colour)
            pygame.draw.circle(surface, colour, (chip.x + 12, chip.centery), 6)
            name_colour = DIM if out else (255, 255, 255) if cid == current else TEXT
            label = t.blit(surface, c.name, 13, name_colour, (chip.x + 22, chip.centery), "midleft")
            if c.state == "dead":
                pygame.draw.line(surface, DIM, (label.x - 2, label.centery), (label.right + 2, label.centery), 1)
            x = chip.right + 5


class Floaters:
    """Numbers that rise from tokens and fade: damage in red, healing in green, misses in grey."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.items: list[tuple[str, str, tuple, float]] = []  # creature id, text, colour, start time

    def add_events(self, events, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        stagger: dict[str, int] = {}
        for e in events:
            item = self.floater_for(e)
            if item is None:
                continue
            cid = item[0]
            k = stagger.get(cid, 0)
            stagger[cid] = k + 1
            self.items.append((*item, now + 0.25 * k))

    @staticmethod
    def floater_for(e):
        d = e.data
        if e.kind == "damage" and d.get("target"):
            amount = d.get("amount", 0)
            return d["target"], f"-{amount}" if amount else "0", BAD
        if e.kind == "heal" and d.get("creature"):
            return d["creature"], f"+{d.get('amount', 0)}", GOOD
        if e.kind == "attack" and d.get("target") and d.get("hit") is False:
            return d["target"], "miss", (200, 204, 214)
        return None

    def draw(self, surface: pygame.Surface, view: BoardView, creatures, at: dict, now: float | None = None) -> None:
        """The numbers over their creatures (`creatures`: anything with a position, by id)."""
        now = time.monotonic() if now is None else now
        self.items = [i for i in self.items if now - i[3] < FLOAT_SECONDS]
        size = max(16, min(30, round(view.square_px * 0.6)))
        for cid, label, colour, start in self.items:
            age = now - start
            if age < 0 or cid not in creatures:
                continue
            c = creatures[cid]
            x, y = at.get(cid, (c.x, c.y))
            cx, top = view.square_centre(x, y, c.side_squares)[0], view.square_rect(x, y, c.side_squares).y
            surf = self.text.render(label, size, colour, outline=(10, 10, 12))
            fade = 1.0 if age < FLOAT_SECONDS * 0.6 else max(0.0, (FLOAT_SECONDS - age) / (FLOAT_SECONDS * 0.4))
            surf = surf.copy()
            surf.set_alpha(round(255 * fade))
            surface.blit(surf, surf.get_rect(midbottom=(round(cx), round(top - age * 28))))
