"""Modal dialogs (pygame-gui panels): a reaction to take or not, a menu, the help, the end screen.

A dialog is answered by its buttons or its keys; `key(event)` and `ui(event)` return the answer
(or None while it waits). While one is open, the board and the action bar take no input.
"""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UIPanel, UITextBox

from ..i18n import _
from .gui import button

CLOSE = "close"


class Dialog:
    """A centred panel of text with a row of buttons, each answering a value; keys answer too."""

    def __init__(self, manager, screen: pygame.Rect, title: str, body: str, buttons, keys: dict,
                 width: int = 560, body_height: int | None = None, column=(), at_bottom: bool = False) -> None:
        """`buttons` go in a row at the bottom, `column` (label, answer) one under another above them.

        The dialog is centred in `screen` (a rectangle of the window), or sits at its bottom.
        """
        self.manager = manager
        self.keys = keys  # pygame key (or typed character) -> answer
        self.title, self.body = title, body
        chars = max(20, (min(width, screen.w - 20) - 40) // 7)  # about how many characters fit a line
        plain = re.sub(r"<[^>]+>", "", body.replace("<br>", "\n"))
        lines = sum(1 + len(line) // chars for line in plain.split("\n"))
        body_h = body_height or min(screen.h - 160, 26 * lines + 12)
        column_h = 40 * len(column)
        height = 64 + body_h + column_h + 56
        rect = pygame.Rect(0, 0, min(width, screen.w - 20), min(height, screen.h - 20))
        rect.center = screen.center
        if at_bottom:
            rect.bottom = screen.bottom - 12
        self.panel = UIPanel(rect, starting_height=20, manager=manager)
        inner_w = rect.w - 24
        UILabel(pygame.Rect(10, 6, inner_w, 40), title, manager, container=self.panel, object_id="#title")
        self.text_box = UITextBox(body, pygame.Rect(10, 50, inner_w, body_h), manager, container=self.panel)
        self.buttons = {}
        y = 50 + body_h + 4
        for label, answer in column:
            b = button(pygame.Rect(10, y, inner_w - 4, 34), label, self.manager, container=self.panel,
                       object_id="#menu_item")
            self.buttons[b] = answer
            y += 40
        count = len(buttons)
        bw = min(200, (inner_w - 10 * (count - 1)) // max(1, count))
        x = (rect.w - (bw * count + 10 * (count - 1))) // 2
        for label, answer in buttons:
            b = button(pygame.Rect(x, rect.h - 52, bw, 36), label, manager, container=self.panel)
            self.buttons[b] = answer
            x += bw + 10

    def key(self, event) -> object | None:
        if event.key in self.keys:
            return self.keys[event.key]
        return self.keys.get(getattr(event, "unicode", None))

    def ui(self, event) -> object | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def kill(self) -> None:
        self.panel.kill()


def esc(text: str) -> str:
    return html.escape(str(text), quote=False)


def reaction_dialog(manager, screen, question: str, detail: str) -> Dialog:
    body = f"<b>{esc(question)}</b>" + (f"<br>{esc(detail)}" if detail else "")
    return Dialog(manager, screen, _("Reaction"), body, [(_("Take it [Y]"), True), (_("Let it go [N]"), False)],
                  {pygame.K_y: True, pygame.K_n: False, pygame.K_RETURN: True}, width=600, at_bottom=True)


def menu_dialog(manager, screen, title: str, labels: list[str]) -> Dialog:
    """Choices one under another: a click or its number key chooses; Esc closes."""
    count = min(9, len(labels))
    keys = {getattr(pygame, f"K_{i}"): i - 1 for i in range(1, count + 1)}
    keys.update({getattr(pygame, f"K_KP{i}"): i - 1 for i in range(1, count + 1)})
    keys[pygame.K_ESCAPE] = CLOSE
    column = [(f"{i}   {label}" if i <= 9 else label, i - 1) for i, label in enumerate(labels, 1)]
    return Dialog(manager, screen, title, _("Click a choice or press its number."), [(_("Cancel [Esc]"), CLOSE)], keys,
                  width=620, body_height=30, column=column)


def help_dialog(manager, screen, sections) -> Dialog:
    """Every control, by section: [(heading, [(keys, what)])], each translated here (a table of N_())."""
    parts = []
    for heading, rows in sections:
        parts.append(f"<font color='#ffd43c'><b>{esc(_(heading))}</b></font>")
        parts += [f"<b>{esc(_(keys))}</b> — {esc(_(what))}" for keys, what in rows]
        parts.append("")
    keys = {pygame.K_ESCAPE: CLOSE, pygame.K_F1: CLOSE, "?": CLOSE, pygame.K_RETURN: CLOSE}
    return Dialog(manager, screen, _("Controls"), "<br>".join(parts), [(_("Close [Esc]"), CLOSE)], keys,
                  width=720, body_height=min(screen.h - 170, 560))


def end_dialog(manager, screen, headline: str, lines: list[str]) -> Dialog:
    """The end screen: a new battle (a fresh seed), the same battle again (its seed), or quit (asked first)."""
    body = "<br>".join(esc(line) for line in lines)
    return Dialog(manager, screen, headline, body,
                  [(_("Play again [R]"), "again"), (_("Same battle [S]"), "same"), (_("Quit [Esc]"), "quit")],
                  {pygame.K_r: "again", pygame.K_s: "same", pygame.K_ESCAPE: "quit"}, width=600)


def quit_dialog(manager, screen, over: bool) -> Dialog:
    """Quitting asks first: Esc again or Enter quits, N (or the button) stays."""
    body = (_("The battle is over.") if over else
            _("The battle in progress is not saved (F5 saves it; the autosave keeps the last turn's start)."))
    return Dialog(manager, screen, _("Quit Skirmish?"), esc(body), [(_("Quit [Esc]"), "quit"), (_("Stay [N]"), "stay")],
                  {pygame.K_ESCAPE: "quit", pygame.K_RETURN: "quit", pygame.K_KP_ENTER: "quit", pygame.K_n: "stay"},
                  width=520)
