"""The action bar under the board: one pygame-gui button per entry of `choices.Choices`.

The creature's attacks and spells come first (keys 1-9, 0), then its other actions (letters),
in reading order over two rows (three in a narrow window; the keys left off the labels where they
would not fit). A power's button (4e) is coloured by its use: at-will, encounter, daily or
recharge. A button that is not allowed now is greyed and its tooltip says why; the entry being
aimed (an attack waiting for its target, say) is shown selected. The buttons are rebuilt only
when the entries change, not every frame.
"""

from __future__ import annotations

import pygame

from .gui import FONTS, button

ROWS = 2  # in a window wide enough; a narrow one gets a third row (rows_for)
ROW_H = 32
GAP = 5
PAD = 8
NARROW = 760  # a bar narrower than this has three rows


def rows_for(width: int) -> int:
    """The rows of buttons a bar this wide has."""
    return ROWS if width >= NARROW else ROWS + 1


def height_for(width: int) -> int:
    """The height of a bar this wide."""
    rows = rows_for(width)
    return rows * ROW_H + (rows - 1) * GAP + 2 * PAD


HEIGHT = height_for(NARROW)

# a power's button is coloured by its use, as on 4e's power cards (the theme's colours):
# at-will green, encounter red, daily grey, recharge purple; a spent one is greyed like any act
POWER_IDS = {"at-will": "#power_at_will", "encounter": "#power_encounter", "daily": "#power_daily",
             "recharge": "#power_recharge"}


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
        labels, rects = self.fit(entries)
        for entry, label, rect in zip(entries, labels, rects):
            oid = "#end_turn" if entry.key == "end" else POWER_IDS.get(getattr(entry, "usage", ""))
            b = button(rect, label, self.manager, entry.tooltip(), object_id=oid)
            b.tip_above = self.rect.top  # above the bar: a tip never hides another button
            if not entry.allowed:
                b.disable()
            self.buttons[entry.key] = b
            self._by_button[b] = entry.key

    def fit(self, entries) -> tuple[list[str], list[pygame.Rect]]:
        """The labels and the rectangles of the buttons: each label whole with its key ("Dash [D]")
        where all fit, else without the keys (the tooltips still give them), else cut to fit."""
        for labels in ([e.label for e in entries], [e.title for e in entries]):
            rects = self.layout(labels, cut=False)
            if rects is not None:
                return labels, rects
        return labels, self.layout(labels)

    def layout(self, labels: list[str], cut: bool = True) -> list[pygame.Rect] | None:
        """Buttons as wide as their labels, in reading order over the bar's rows (tighter if they
        must); with `cut`, narrowed until they fit (the labels cut), else None when they do not."""
        room = self.rect.w - 2 * PAD
        rects: list[pygame.Rect] = []
        for padding, gap in ((18, GAP), (12, 4), (8, 3), (4, 2)):
            rects = self._flow([label_width(label) + padding for label in labels], room, gap)
            if rects is not None:
                return rects
        if not cut:
            return None
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
        return rects if row < rows_for(self.rect.w) or force else None

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
