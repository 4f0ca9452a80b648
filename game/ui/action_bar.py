"""The action bar under the board: one pygame-gui button per entry of `choices.Choices`.

The creature's attacks and spells come first (keys 1-9, 0), then its other actions (letters),
in reading order over two rows. A button that is not allowed now is greyed and its tooltip says why; the entry being
aimed (an attack waiting for its target, say) is shown selected. The buttons are rebuilt only
when the entries change, not every frame.
"""

from __future__ import annotations

import pygame

from .gui import FONTS, button

ROWS = 2
ROW_H = 32
GAP = 5
PAD = 8
HEIGHT = ROWS * ROW_H + (ROWS - 1) * GAP + 2 * PAD


class ActionBar:
    """Buttons for the entries of the creature whose turn it is; `pressed(event)` names the entry."""

    def __init__(self, manager) -> None:
        self.manager = manager
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, object] = {}  # entry key -> button
        self._by_button: dict[object, str] = {}
        self._signature: tuple | None = None
        self.selected: str | None = None

    def set_rect(self, rect: pygame.Rect) -> None:
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self._signature = None  # lay out again

    def show(self, entries, selected: str | None = None) -> None:
        """Show these entries (none: an empty bar); rebuilt only when something on it changed."""
        signature = (tuple((e.key, e.label, e.allowed, e.tooltip()) for e in entries), tuple(self.rect))
        if signature != self._signature:
            self._signature = signature
            self._build(entries)
            self.selected = None
        if selected != self.selected:
            if self.selected in self.buttons:
                self.buttons[self.selected].unselect()
            if selected in self.buttons:
                self.buttons[selected].select()
            self.selected = selected

    def clear(self) -> None:
        self.show([])

    def _build(self, entries) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons, self._by_button = {}, {}
        if not entries:
            return
        for entry, rect in zip(entries, self.layout([e.label for e in entries])):
            oid = "#end_turn" if entry.key == "end" else None
            b = button(rect, entry.label, self.manager, entry.tooltip(), object_id=oid)
            b.tip_above = self.rect.top  # above the bar: a tip never hides another button
            if not entry.allowed:
                b.disable()
            self.buttons[entry.key] = b
            self._by_button[b] = entry.key

    def layout(self, labels: list[str]) -> list[pygame.Rect]:
        """Buttons as wide as their labels, in reading order over two rows (tighter if they must)."""
        room = self.rect.w - 2 * PAD
        rects: list[pygame.Rect] = []
        for padding, gap in ((18, GAP), (12, 4), (8, 3), (4, 2)):
            rects = self._flow([label_width(label) + padding for label in labels], room, gap)
            if rects is not None:
                return rects
        scale = 1.0
        while rects is None or not rects:  # still too many: narrow them all (the labels get cut)
            scale *= 0.9
            rects = self._flow([int((label_width(label) + 4) * scale) for label in labels], room, 2, force=scale < 0.4)
        return rects

    def _flow(self, widths: list[int], room: int, gap: int, force: bool = False) -> list[pygame.Rect] | None:
        rects, x, row = [], 0, 0
        for w in widths:
            if x and x + w > room:
                x, row = 0, row + 1
            rects.append(pygame.Rect(self.rect.x + PAD + x, self.rect.y + PAD + row * (ROW_H + GAP), w, ROW_H))
            x += w + gap
        return rects if row < ROWS or force else None

    def pressed(self, event) -> str | None:
        """The entry key of a UI_BUTTON_PRESSED event from this bar, or None."""
        return self._by_button.get(getattr(event, "ui_element", None))


_FONT = None


def label_width(label: str) -> int:
    """The width of a label in the buttons' font (theme: Noto Sans, 14 px)."""
    global _FONT
    if _FONT is None:
        path = FONTS / "NotoSans-Regular.ttf"
        _FONT = pygame.font.Font(str(path) if path.is_file() else None, 14)
    return _FONT.size(label)[0]
