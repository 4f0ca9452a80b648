"""Which modal dialog is open (dialogs.py builds them) and what its answer does.

`Modal` is a part of `App` (a mixin): a reaction offered to a creature a person plays (Y/N), a
menu of options (one target, several ways), the load menu (the data folder's saves, newest
first), the help, the end screen (a new battle, the same battle again, or quit) and the question
before quitting. While one is open, the board and the action bar take no input.
"""

from __future__ import annotations

import time

from ..i18n import _
from . import dialogs, wording
from .panel import ERROR

LOAD_MENU_SIZE = 9  # the newest saves, one number key each

class Modal:
    """The App's dialogs (a part of App)."""

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
            if answer in ("again", "same"):
                self.play_again(same=answer == "same")
            elif answer == "quit":
                self.ask_quit()
        elif kind == "quit":
            if answer == "quit":
                self.running = False
            elif self.battle.state.over:
                self.end_shown = False  # staying on a finished battle: its end screen comes back

    def ask_quit(self) -> None:
        """Esc with nothing chosen, or Quit on the end screen: ask before the window closes."""
        self.mode = None
        self.open_dialog("quit", dialogs.quit_dialog(self.manager, self.viewport, self.battle.state.over))

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

    def open_load_menu(self) -> None:
        """L: the saves of the data folder, newest first with their time; choosing one loads it."""
        saves = self.session.saves
        found = saves.listing()[:LOAD_MENU_SIZE]
        if not found:
            self.messages.append((_("No saves yet in {folder} (F5 saves)").format(folder=saves.dir), ERROR))
            return
        labels = [f"{name}   {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(mtime))}" for name, mtime in found]
        self.open_dialog("load", dialogs.menu_dialog(self.manager, self.screen.get_rect(),
                                                     _("Load a save (newest first)"), labels))
        self.menu_options = [name for name, _mtime in found]
