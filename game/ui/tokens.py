"""Creature tokens: a disc in the side's colour with the creature's id, its hit point bar,
death-save pips while dying, condition badges on its corner, a cross when dead; the gold frame
round the creature whose turn it is.

Tokens are drawn from `api.CreatureView`s, so every ruleset's creatures look alike. A token's
sprite is cached on everything that changes its look. `Tokens` is a part of `BoardView` (a
mixin): it uses the view's `square_px`, `text`, `square_rect`, `side_colour` and `_sprites`.
"""

from __future__ import annotations

import math

import pygame

from .colours import HIGHLIGHT, mix, shade
from .emblems import emblem

COMPACT_PX = 16  # below this square size tokens have no label, hp bar or badges

# letter and colour of each condition badge, in the order they are drawn (right to left)
BADGES = {
    "unconscious": ("U", (120, 40, 130)),
    "prone": ("P", (156, 100, 36)),
    "dodging": ("D", (36, 128, 204)),
    "hidden": ("H", (84, 84, 104)),
    "squeezing": ("S", (176, 124, 24)),
    "disengaged": ("E", (30, 146, 124)),
    "dashing": ("»", (212, 130, 20)),
    "surprised": ("!", (214, 166, 0)),
    "grappled": ("G", (170, 60, 60)),
    "restrained": ("R", (150, 40, 40)),
    "incapacitated": ("I", (100, 60, 140)),
    "invisible": ("V", (110, 130, 150)),
    "blinded": ("B", (60, 60, 60)),
    "poisoned": ("Po", (70, 140, 40)),
    "disabled": ("Di", (196, 118, 28)),  # the 3.5 hit point states a token names (4e's dying too)
    "dying": ("Dy", (178, 34, 34)),
    "bloodied": ("Bl", (150, 20, 36)),  # 4e: at half its hit points or less
}


def badges_of(c) -> list[tuple[str, tuple]]:
    """The badges of a creature's view: its conditions, unconscious when down, and the hit point
    state when it is disabled or dying (3.5, 4e), each a letter (or two) and a colour."""
    names = set(c.conditions)
    if c.state in ("unconscious", "stable", "dying"):
        names.add("unconscious")
    if c.state in ("disabled", "dying"):
        names.add(c.state)
    badges = [BADGES[n] for n in BADGES if n in names]
    return badges + [(n[:1].upper(), (100, 100, 110)) for n in sorted(names - set(BADGES))]


def short_label(label: str, fits) -> str:
    """A creature's name short enough to fit: its number kept, its words cut from the end.

    "Goblin 1" -> "Gob 1", "Wizard" -> "Wiz", "Hill giant" -> "Hill g".
    """
    if fits(label):
        return label
    stem = label.rstrip("0123456789")
    digits = label[len(stem):]
    stem = stem.rstrip()
    gap = " " if digits and label[len(stem):len(stem) + 1] == " " else ""
    while len(stem) > 1 and not fits(stem.rstrip() + gap + digits):
        stem = stem[:-1]
    return stem.rstrip() + gap + digits


class Tokens:
    """The tokens of the creatures on the board (a part of BoardView)."""

    def draw_tokens(self, target: pygame.Surface, views, current_id: str | None = None,
                    at: dict | None = None, phase: float = 0.0) -> None:
        """All tokens (`api.CreatureView`s): the dead first (others may stand on them), the creature
        whose turn it is last.

        `at` may give a creature's position as fractional squares (an animation in progress).
        """
        at = at or {}
        order = sorted(views, key=lambda c: (c.state != "dead", c.id == current_id))
        for c in order:
            x, y = at.get(c.id, (c.x, c.y))
            if c.id == current_id:
                self.draw_highlight(target, x, y, c.side_squares, phase)
            m = self.sprite_margin
            target.blit(self.token_sprite(c), self.square_rect(x, y, c.side_squares).move(-m, -m))

    def draw_highlight(self, target: pygame.Surface, x: float, y: float, side: int, phase: float = 0.0) -> None:
        """A gold frame round the space of the creature whose turn it is (pulsing when phase moves)."""
        rect = self.square_rect(x, y, side).inflate(4, 4)
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = round(185 + 70 * math.sin(phase * 2 * math.pi))
        width = max(2, self.square_px // 12)
        pygame.draw.rect(glow, (*HIGHLIGHT, 70), glow.get_rect(), border_radius=max(3, self.square_px // 5))
        pygame.draw.rect(glow, (*HIGHLIGHT, alpha), glow.get_rect(), width, border_radius=max(3, self.square_px // 5))
        target.blit(glow, rect)

    def token_sprite(self, c) -> pygame.Surface:
        """The token of a creature (its view) as it is now, cached by everything that changes its look."""
        key = (c.id, c.side, c.state, c.hp, c.max_hp, c.temp_hp, c.conditions, c.death_saves,
               c.side_squares, c.size, self.square_px)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) > 600:
                self._sprites.clear()
            sprite = self._draw_token(c)
            self._sprites[key] = sprite
        return sprite

    @property
    def sprite_margin(self) -> int:
        """Token sprites reach this far beyond the creature's space, so badges can sit on its corner."""
        return max(3, self.square_px // 6)

    def _draw_token(self, c) -> pygame.Surface:
        s, n, m = self.square_px, c.side_squares, self.sprite_margin
        size = n * s
        whole = pygame.Surface((size + 2 * m, size + 2 * m), pygame.SRCALPHA)
        sprite = whole.subsurface((m, m, size, size))  # the creature's space
        centre = (size / 2, size / 2)
        small = s < COMPACT_PX  # zoomed far out: a coloured disc, then only what still reads
        radius = size / 2 - (0.5 if small else max(2, round(s * 0.07)))
        if c.size == "tiny":
            radius *= 0.7
        colour = self.side_colour(c.side)
        if c.state == "dead":
            self._draw_dead(sprite, c, colour, centre, radius)
            return whole
        down = c.state in ("unconscious", "stable", "dying")  # "dying": 3.5 and 4e
        body = mix(colour, (140, 140, 140), 0.6) if down else colour
        if small:
            pygame.draw.circle(sprite, shade(body, -70), centre, radius)
            pygame.draw.circle(sprite, body, centre, max(1.0, radius - 1))
            return whole
        pygame.draw.circle(sprite, (0, 0, 0, 90), (centre[0] + 1, centre[1] + 2), radius)
        pygame.draw.aacircle(sprite, shade(body, -60), centre, radius)
        pygame.draw.aacircle(sprite, body, centre, radius - max(1, s // 16))
        pygame.draw.circle(sprite, (*shade(body, 70), 150), centre, radius - max(2, s // 9), max(1, s // 24),
                           draw_top_left=True, draw_top_right=True)
        self._draw_emblem(sprite, c, centre, radius)
        self._draw_label(sprite, c, radius, (245, 245, 245) if not down else (225, 225, 225))
        self._draw_hp_bar(sprite, c)
        if self._saving_throws(c):
            self._draw_death_saves(sprite, c)
        self._draw_badges(whole, c)
        return whole

    def _draw_emblem(self, sprite, c, centre, radius) -> None:
        """The kind's emblem in the upper part of the disc, above the name: what it is, at a glance."""
        art = emblem(c.kind, round(radius * 1.05))
        if art is None:
            return
        art = art.copy()
        art.set_alpha(200)
        sprite.blit(art, art.get_rect(center=(centre[0], centre[1] - radius * 0.38)))

    def _draw_dead(self, sprite, c, colour, centre, radius) -> None:
        s = self.square_px
        pygame.draw.circle(sprite, (*mix(colour, (120, 120, 120), 0.5), 70), centre, radius)
        d = radius * 0.62
        width = max(2, s // 9)
        for sign in (1, -1):
            a = (centre[0] - d, centre[1] - sign * d)
            b = (centre[0] + d, centre[1] + sign * d)
            pygame.draw.line(sprite, (60, 20, 20, 170), a, b, width)
        if s < COMPACT_PX:
            return
        text, font_px = self._fit_label(c.name, radius * 2 + 1, c)
        label = self.text.render(text, font_px, (235, 235, 235), (0, 0, 0))
        label.set_alpha(140)
        sprite.blit(label, label.get_rect(center=(centre[0], centre[1] + radius * 0.55)))

    def _label_size(self, c) -> int:
        s, n = self.square_px, c.side_squares
        return max(8, round(s * (0.36 + 0.14 * (n - 1))))

    def _fit_label(self, label: str, room: float, c) -> tuple[str, int]:
        """The name at the largest size that fits the token (not below 9 px), else abbreviated."""
        size = self._label_size(c)
        while size > 9 and self.text.size(label, size)[0] > room:
            size -= 1
        return short_label(label, lambda t: self.text.size(t, size)[0] <= room), size

    def _draw_label(self, sprite, c, radius, colour) -> None:
        size_px = sprite.get_width()
        label, font_px = self._fit_label(c.name, max(radius * 2 + 1, size_px - 1), c)
        # below the emblem (a kind without one: in the middle), above the saves and the hp bar
        low = emblem(c.kind, round(radius * 1.05)) is not None
        y = size_px / 2 + (radius * 0.3 if low else 0) - self.square_px * (0.12 if self._saving_throws(c) else 0.06)
        self.text.blit(sprite, label, font_px, colour, (size_px / 2, y), "center", outline=(20, 20, 28))

    def _draw_hp_bar(self, sprite, c) -> None:
        s, size = self.square_px, sprite.get_width()
        h = max(3, round(s * 0.13))
        w = round(size * 0.8)
        x, y = (size - w) // 2, size - h - max(1, round(s * 0.05))
        pygame.draw.rect(sprite, (16, 16, 18), (x - 1, y - 1, w + 2, h + 2))
        maximum = max(1, c.max_hp)
        frac = max(0.0, min(1.0, c.hp / maximum))
        colour = (72, 200, 84) if frac > 0.5 else (232, 190, 48) if frac > 0.25 else (224, 62, 50)
        filled = round(w * frac)
        if filled:
            sprite.fill(colour, (x, y, filled, h))
        if c.temp_hp > 0:  # temporary hit points: a pale blue line over the bar
            extra = min(w, max(2, round(w * c.temp_hp / maximum)))
            line = max(2, h // 2)
            pygame.draw.rect(sprite, (16, 16, 18), (x - 1, y - line - 1, extra + 2, line + 1))
            sprite.fill((150, 220, 255), (x, y - line, extra, line))

    @staticmethod
    def _saving_throws(c) -> bool:
        """Whether the token shows death saves: a dying creature of a ruleset that has them."""
        return c.state == "unconscious" and c.death_saves is not None

    def _draw_death_saves(self, sprite, c) -> None:
        """Three green dots for successes and three red for failures, filled as they come."""
        s, size = self.square_px, sprite.get_width()
        r = max(2, round(s * 0.065))
        gap = r * 2 + max(1, r // 2)
        y = size - max(3, round(s * 0.13)) - max(1, round(s * 0.05)) - r - 3
        x0 = size / 2 - (6 * gap + r) / 2 + r
        for i in range(6):
            ok = i < 3
            count = c.death_saves[0 if ok else 1]
            colour = (70, 210, 90) if ok else (230, 60, 50)
            px = x0 + i * gap + (r if not ok else 0)
            pygame.draw.circle(sprite, (10, 10, 10), (px, y), r + 1)
            pygame.draw.circle(sprite, colour, (px, y), r, 0 if (i % 3) < count else 1)

    def _draw_badges(self, sprite, c) -> None:
        """Condition letters in a row from the top-right corner of the space, half outside it."""
        s, size = self.square_px, sprite.get_width()
        badges = badges_of(c)
        h = max(10, round(s * 0.3))
        font_px = h - 1
        x, y = size - 1, 1
        for letter, colour in badges:
            w = max(h, self.text.size(letter, font_px)[0] + 4)
            if x - w < 1:
                x, y = size - 1, y + h + 2
            rect = pygame.Rect(x - w, y, w, h)
            pygame.draw.rect(sprite, (15, 15, 20), rect.inflate(2, 2), border_radius=3)
            pygame.draw.rect(sprite, colour, rect, border_radius=3)
            self.text.blit(sprite, letter, font_px, (255, 255, 255), (rect.centerx, rect.centery + 1), "center")
            x -= w + 2
