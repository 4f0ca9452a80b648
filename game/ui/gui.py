"""pygame-gui set-up: the manager with the game's theme and fonts, and a button that explains itself.

The theme is `assets/ui/theme.json`; its fonts are the Noto Sans files in `assets/fonts/`,
registered under the name "skirmish" (pygame-gui would read font paths from the working
directory, so they are given as absolute paths here). The manager speaks the game's language
(`i18n.language()`): pygame-gui's own words (its widgets' built-in labels) come from its locale.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton

from ..i18n import language

ASSETS = Path(__file__).resolve().parents[2] / "assets"
THEME = ASSETS / "ui" / "theme.json"
FONTS = ASSETS / "fonts"
TOOLTIP_DELAY = 0.3  # seconds of hovering before a button explains itself


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A manager with the game's theme; every font block points at the bundled Noto Sans files."""
    theme = json.loads(THEME.read_text(encoding="utf-8")) if THEME.is_file() else {}
    regular, bold = FONTS / "NotoSans-Regular.ttf", FONTS / "NotoSans-Bold.ttf"
    if regular.is_file() and bold.is_file():
        for block in theme.values():
            font = block.get("font") if isinstance(block, dict) else None
            if isinstance(font, dict) and font.get("name") == "skirmish":
                font.update(regular_path=str(regular), bold_path=str(bold))
    manager = pygame_gui.UIManager(size, theme_path=theme or None, enable_live_theme_updates=False,
                                   starting_language=language())
    if regular.is_file() and bold.is_file():
        manager.add_font_paths("skirmish", str(regular), bold_path=str(bold))
        manager.preload_fonts([{"name": "skirmish", "point_size": size, "style": style, "antialiased": "1"}
                               for size in (14, 15) for style in ("bold",)])
    return manager


class ActionButton(UIButton):
    """A button that shows its tooltip even when disabled, so a greyed action can say why.

    pygame-gui gives disabled buttons no hover (so no tooltip); here they get the hover timer
    and the tooltip, but keep their disabled look and still ignore clicks.
    """

    tip_above: int | None = None  # when set, the tooltip stands above this y (a bar's top), hiding no button

    def can_hover(self) -> bool:
        return not self.is_selected and not self.held

    def while_hovering(self, time_delta: float, mouse_pos) -> None:
        had_tip = self.tool_tip is not None
        super().while_hovering(time_delta, mouse_pos)
        if self.tool_tip is not None and not had_tip and self.tip_above is not None:
            rect = self.tool_tip.rect
            left = max(0, min(int(mouse_pos[0]), self.ui_manager.get_root_container().get_rect().right - rect.w))
            self.tool_tip.set_position((left, max(0, self.tip_above - rect.h - 4)))

    def on_hovered(self) -> None:
        if self.is_enabled:
            super().on_hovered()
        else:
            UIElement.on_hovered(self)  # only the tooltip's timer

    def on_unhovered(self) -> None:
        if self.is_enabled:
            super().on_unhovered()
        else:
            UIElement.on_unhovered(self)  # kill the tooltip, keep the disabled look


def button(rect: pygame.Rect, text: str, manager, tip: str | None = None, container=None,
           object_id: str | None = None) -> ActionButton:
    b = ActionButton(rect, text, manager, container=container, tool_tip_text=tip, object_id=object_id)
    if tip:
        b.set_tooltip(tip, delay=TOOLTIP_DELAY, wrap_width=320)
    return b
