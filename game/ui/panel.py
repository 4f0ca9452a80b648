"""The side panel: the title, whose turn and what is left of it, every creature's hit points in
turn order, what to do now, and the combat log (every roll's text, as the rules wrote it)."""

from __future__ import annotations

import pygame

from ..i18n import N_, _
from ..rules.words import side_word, spoken, state_word
from .colours import HIGHLIGHT
from .overlays import metres
from .text import Text

PANEL_BACK = (24, 26, 31)
PANEL_LINE = (52, 56, 66)
TEXT = (226, 228, 234)
DIM = (140, 146, 158)
ERROR = (255, 120, 100)
RULE_LINE = (255, 226, 140)  # a log line that names rule cards
GOLD = HIGHLIGHT


def pip(surface: pygame.Surface, centre, radius: int, colour, full: bool) -> None:
    """A small dot, filled or hollow."""
    pygame.draw.circle(surface, colour, centre, radius, 0 if full else 1)


def turn_pips(view) -> list[tuple[str, bool]]:
    """The parts of a turn a creature may still use or not (its resources that are yes or no, not
    counts), each named short: "bonus action" -> "bonus", as 4e's "minor action" -> "minor"."""
    pips = []
    for resource in view.resources:
        if isinstance(resource.left, bool):
            name = resource.name
            if name.endswith(" action"):
                name = name[: -len(" action")]
            pips.append((_(PIP_WORDS.get(name, name)), resource.left))
    return pips


def turn_counts(view) -> list[str]:
    """What a creature has a count of (action points, healing surges, spell slots, an encounter
    power's uses...), each as "name: count" in the language spoken (the ruleset's words, or a
    power's id spoken)."""
    return [_("{name}: {count}").format(name=spoken(r.name), count=r.left)
            for r in view.resources if not isinstance(r.left, bool)]


# the parts of a turn (api.Resource names, shortened) as the panel says them
PIP_WORDS = {"action": N_("action"), "bonus": N_("bonus"), "reaction": N_("reaction"), "move": N_("move"),
             "standard": N_("standard"), "minor": N_("minor"), "swift": N_("swift"), "immediate": N_("immediate")}


class Messages(list):
    """The log panel's lines, (text, colour): a list that counts its changes (`version`), so that
    the panel is drawn again only when something in it changed."""

    version = 0

    def _changed(name):  # a wrapper maker, used in the class body only
        method = getattr(list, name)

        def changed(self, *args):
            self.version += 1
            return method(self, *args)

        changed.__name__ = name
        return changed

    for _name in ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse",
                  "__setitem__", "__delitem__", "__iadd__", "__imul__"):
        locals()[_name] = _changed(_name)
    del _name, _changed


class Panel:
    """The side panel: round and turn, the creatures in initiative order, a prompt, and the combat log.

    It is drawn into a surface of its own, kept while nothing it shows has changed (`_key`).
    """

    def __init__(self, text: Text) -> None:
        self.text = text
        self._surface: pygame.Surface | None = None
        self._key = None
        self.redrawn = 0  # how many times it was drawn afresh (tests)
        self.origin = (0, 0)  # where the panel was last blitted
        self.log_rows: list[tuple[pygame.Rect, object]] = []  # each log row drawn (panel coordinates) and its message

    def message_at(self, pos) -> object | None:
        """The log message drawn under a window pixel (a click on the log), else None."""
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        return next((message for rect, message in self.log_rows if rect.collidepoint(x, y)), None)

    @staticmethod
    def key_of(app, size, views) -> tuple:
        """Everything the panel shows depends on: when it is unchanged, the cached panel is blitted."""
        state, mode = app.battle.state, app.mode
        current = views.get(state.current_id)
        messages = app.messages
        creatures = tuple((c.hp, c.max_hp, c.temp_hp, c.state, c.death_saves) for c in views.values())
        turn = None
        if current is not None:
            turn = (current.id, app.battle.movement_budget(current.id, getattr(mode, "how", "walk"))[0],
                    current.movement_left, current.resources)
        return (size, id(app.battle), id(state), state.commands_done, state.round, state.over, state.winner,
                tuple(state.order), len(state.offers), turn, creatures, app.hovered_id, app.log_scroll,
                type(mode), id(mode), getattr(mode, "how", None), app.scenario.title,
                getattr(messages, "version", None), len(messages), messages[-1] if messages else None)

    def wrap(self, line: str, size: int, width: int, indent: str = "  ") -> list[str]:
        """The line cut into pieces that fit the width (Text.wrap)."""
        return self.text.wrap(line, size, width, indent)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, app) -> None:
        """The panel in `rect`: the cached drawing when nothing it shows changed."""
        size = (rect.w, surface.get_height())
        views = app.views
        if self._surface is None or self._key != self.key_of(app, size, views) or self._surface.get_size() != size:
            if self._surface is None or self._surface.get_size() != size:
                self._surface = pygame.Surface(size)
            self._draw_all(self._surface, pygame.Rect(0, 0, rect.w, surface.get_height()), app, views)
            self._key = self.key_of(app, size, views)  # after drawing: the log's scroll may have been clamped
            self.redrawn += 1
        self.origin = rect.topleft
        surface.blit(self._surface, rect.topleft, pygame.Rect(0, 0, rect.w, rect.h))

    def _draw_all(self, surface: pygame.Surface, rect: pygame.Rect, app, views) -> None:
        surface.fill(PANEL_BACK, rect)
        pygame.draw.line(surface, PANEL_LINE, rect.topleft, rect.bottomleft, 2)
        x, y, width = rect.x + 14, rect.y + 12, rect.w - 26
        y = self._draw_heading(surface, app, views, x, y, width)
        y = self._draw_order(surface, app, views, x, y + 8, width)
        y = self._draw_prompt(surface, app, x, y + 8, width)
        self._draw_log(surface, app, pygame.Rect(x, y + 8, width, rect.bottom - y - 20))

    def _draw_heading(self, surface, app, views, x, y, width) -> int:
        t, state = self.text, app.battle.state
        for line in self.wrap(app.scenario.title, 20, width):
            y = t.blit(surface, line.strip(), 20, TEXT, (x, y)).bottom + 2
        current = views.get(state.current_id)
        if not state.creatures:
            status, colour = _("No creatures: a map to look at (start squares ringed)"), DIM
        elif state.over:
            status, colour = (_("Over: {side} wins").format(side=side_word(state.winner)) if state.winner
                              else _("Over: nobody wins")), GOLD
        elif current is not None:
            if not app.session.human(current):
                who = _("{name}'s turn (computer)").format(name=current.name)
            elif len(app.session.human_sides()) > 1:  # hot-seat: say whose hand is on the mouse
                who = _("{side}: {name}'s turn").format(side=side_word(current.side), name=current.name)
            else:
                who = _("{name}'s turn (you)").format(name=current.name)
            status, colour = _("Round {round}  ·  {who}").format(round=state.round, who=who), TEXT
        else:
            status, colour = _("Round {round}").format(round=state.round), TEXT
        y += 4
        for part in self.wrap(status, 15, width, indent=""):
            y = t.blit(surface, part, 15, colour, (x, y)).bottom
        if current is not None and not state.over:  # what is left of its turn; a full dot is unused
            rect = t.blit(surface, _("move {metres}").format(metres=metres(current.movement_left)), 13, DIM, (x, y + 4))
            px, py = rect.right + 14, rect.y
            for name, unused in turn_pips(current):
                if px + t.size(name, 13)[0] + 14 > x + width:  # no room left on this line
                    px, py = x, py + rect.h + 3
                label = t.blit(surface, name, 13, DIM, (px, py))
                pip(surface, (label.right + 8, label.centery), 4, GOLD, unused)
                px = label.right + 24
            y = py + rect.h
            counts = "  ·  ".join(turn_counts(current))
            for part in self.wrap(counts, 13, width, indent="") if counts else ():
                y = t.blit(surface, part, 13, DIM, (x, y + 3)).bottom
        return y

    def _draw_order(self, surface, app, views, x, y, width) -> int:
        t, state, view = self.text, app.battle.state, app.view
        if not state.order:
            return y
        y = t.blit(surface, _("Creatures, in turn order"), 13, DIM, (x, y)).bottom + 4
        row_h = 20
        current_id = state.current_id if not state.over else None
        order = [cid for cid in state.order if cid in views]  # the unseen are not listed
        room = max(4, (surface.get_height() * 45 // 100) // (row_h + 2))
        if len(order) > room:  # a long order: the rows round the creature whose turn it is
            at = order.index(current_id) if current_id in order else 0
            first = max(0, min(at - 2, len(order) - room + 1))
            hidden = len(order) - (room - 1)
            order = order[first: first + room - 1]
            t.blit(surface, _("{count} more not shown").format(count=hidden), 12, DIM, (x + width, y - 16), "topright")
        for cid in order:
            c = views[cid]
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
            hp = state_word("dead") if c.state == "dead" else f"{c.hp}/{c.max_hp}" + (f" +{c.temp_hp}" if c.temp_hp else "")
            if c.state in ("unconscious", "stable", "dying", "disabled"):  # dying, disabled: 3.5 and 4e
                hp = state_word(c.state)
            right = t.blit(surface, hp, 13, colour, (row.right - 8, row.centery), "midright").x
            if c.state == "unconscious" and c.death_saves is not None:  # death saves: three green, three red
                for i in range(6):
                    ok = i < 3
                    pip(surface, (right - 62 + i * 9 + (0 if ok else 4), row.centery), 3,
                        (70, 210, 90) if ok else (230, 60, 50), (i % 3) < c.death_saves[0 if ok else 1])
            y += row_h + 2
        return y

    def _draw_prompt(self, surface, app, x, y, width) -> int:
        """What the player can do now, in a line or two."""
        t = self.text
        lines = [(line, colour) for line, colour in app.prompt_lines()]
        lines.append((_("F1 or ? all controls  ·  F5 quick save  ·  F9 quick load"), DIM))
        for line, colour in lines:
            for part in self.wrap(line, 13, width, indent=""):
                y = t.blit(surface, part, 13, colour, (x, y)).bottom + 1
            y += 3
        return y

    def _draw_log(self, surface, app, rect: pygame.Rect) -> None:
        """The newest lines that fit, or older ones when the wheel scrolled back (`app.log_scroll`)."""
        t = self.text
        pygame.draw.line(surface, PANEL_LINE, (rect.x - 6, rect.y - 4), (rect.right + 6, rect.y - 4))
        top = t.blit(surface, _("Log"), 13, DIM, (rect.x, rect.y)).bottom + 4
        size, line_h = 13, 16
        rows: list[tuple[str, tuple, object]] = []
        for message in app.messages:
            line, colour = message
            if getattr(message, "rules", ()):  # it names rule cards: a click opens them (card_window.py)
                colour = RULE_LINE
            rows += [(part, colour, message) for part in self.wrap(line, size, rect.w)]
        fit = max(0, (rect.bottom - top) // line_h)
        app.log_scroll = max(0, min(app.log_scroll, len(rows) - fit))
        if app.log_scroll:
            t.blit(surface, _("{count} newer lines below: wheel down").format(count=app.log_scroll), 12, GOLD,
                   (rect.right, rect.y), "topright")
        end = len(rows) - app.log_scroll
        y = top
        self.log_rows = []
        for part, colour, message in rows[max(0, end - fit):end] if fit else []:
            t.blit(surface, part, size, colour, (rect.x, y))
            self.log_rows.append((pygame.Rect(rect.x, y, rect.w, line_h), message))
            y += line_h
