"""Rule cards in the window: a click on a log line that names rules opens their cards.

A line of the log panel is a `LogLine`: its text and colour, as the panel draws them, and the
rule ids the engine named for it (`battle.state.log_rules`). `CardWindow` is a pygame-gui window
with each card the line named (its title, the rule in a few lines, the seed's own words and
section, the SRD's), closed by its buttons or Esc. `CardClicks` is the part of the game's App
(a mixin) that turns a click on the log panel into that window; the demo window uses the same
window.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextBox, UIWindow

from ..i18n import _
from ..rules.cards import Card, cards_named
from .dialogs import CLOSE, esc
from .gui import button

GOLD_HTML = "#ffd43c"
DIM_HTML = "#a0a6b4"
SEED_HTML = "#c4d0ec"  # the words quoted from the rule texts


class LogLine(tuple):
    """A log panel line: (text, colour) like any other, with the rule ids it names in `rules`."""

    rules: tuple[str, ...] = ()

    def __new__(cls, text: str, colour, rules=()):
        line = super().__new__(cls, (text, colour))
        line.rules = tuple(rules)
        return line


def rules_of(line) -> tuple[str, ...]:
    """The rule ids a log panel line names (none for a plain (text, colour) line)."""
    return getattr(line, "rules", ())


def card_html(card: Card) -> str:
    """One card as the text box's HTML: title, the rule, the seed's words and section, the SRD."""
    parts = [f"<font color='{GOLD_HTML}'><b>{esc(card.title_shown)}</b></font>"
             f" <font color='{DIM_HTML}'>[{esc(card.id)}, {esc(card.ruleset)}]</font>",
             esc(" ".join(card.text_shown.split()))]
    section = esc(card.seed_section)
    if card.seed_words:
        parts.append(f"<font color='{DIM_HTML}'>{esc(_('In the rule text (section « {section} »):')).format(section=section)}</font>")
        parts.append(f"<font color='{SEED_HTML}'>« {esc(card.seed_words)} »</font>")
    else:
        parts.append(f"<font color='{DIM_HTML}'>{esc(_('In the rule text: section « {section} »')).format(section=section)}</font>")
    if card.srd:
        parts.append(f"<font color='{DIM_HTML}'>{esc(_('SRD 5.1:'))}</font> <font color='{SEED_HTML}'>{esc(card.srd)}</font>")
    if card.see:
        parts.append(f"<font color='{DIM_HTML}'>{esc(_('See also: {ids}')).format(ids=esc(', '.join(card.see)))}</font>")
    return "<br>".join(parts)


class CardWindow:
    """A pygame-gui window showing rule cards; `key` and `ui` answer CLOSE when it should close."""

    def __init__(self, manager, screen: pygame.Rect, shown: list[Card], width: int = 620) -> None:
        self.cards = list(shown)
        title = self.cards[0].title_shown if len(self.cards) == 1 else _("Rule cards")
        rect = pygame.Rect(0, 0, min(width, screen.w - 20), min(460, screen.h - 20))
        rect.center = screen.center
        self.window = UIWindow(rect, manager, window_display_title=title, object_id="#card_window",
                               resizable=False)
        inner = self.window.get_container().get_rect()
        body = "<br><br>".join(card_html(c) for c in self.cards)
        self.text_box = UITextBox(body, pygame.Rect(8, 8, inner.w - 16, inner.h - 60), manager,
                                  container=self.window)
        self.close_button = button(pygame.Rect(inner.w - 168, inner.h - 46, 160, 36), _("Close [Esc]"), manager,
                                   container=self.window)
        self.keys = {pygame.K_ESCAPE: CLOSE, pygame.K_RETURN: CLOSE, pygame.K_KP_ENTER: CLOSE}

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def key(self, event) -> object | None:
        return self.keys.get(event.key)

    def ui(self, event) -> object | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in (
                self.close_button, self.window.close_window_button):
            return CLOSE
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            return CLOSE
        return None

    def kill(self) -> None:
        self.window.kill()


class CardClicks:
    """The App's rule cards (a part of App): a click on a log line that names a card opens it;
    F2 over a target opens the cards behind its odds and reasons."""

    def open_odds_cards(self) -> bool:
        """F2 while aiming: the cards of the hovered target's preview. True if a window opened."""
        rules_at = getattr(self.mode, "hovered_rules", None)
        if rules_at is None or self.mouse is None or not self.viewport.collidepoint(self.mouse):
            return False
        shown = cards_named(self.scenario.ruleset, rules_at(self.view.square_at(*self.mouse)))
        if not shown:
            return False
        self.open_dialog("card", CardWindow(self.manager, self.screen.get_rect(), shown))
        return True

    def click_panel(self, pos: tuple[int, int]) -> bool:
        """A click beside the board: on a log line with cards, their window opens. True if it did."""
        line = self.panel.message_at(pos)
        if line is None:
            return False
        shown = cards_named(self.scenario.ruleset, rules_of(line))
        if not shown:
            return False
        self.mode = None
        self.open_dialog("card", CardWindow(self.manager, self.screen.get_rect(), shown))
        return True


__all__ = ["CardClicks", "CardWindow", "LogLine", "card_html", "rules_of"]
