"""The action chosen on the bar or by its key, and the board's input mode it puts the board in.

`Acting` is a part of `App` (a mixin): it asks `Choices` for the acts of the creature whose turn
it is, starts a `MoveMode` (with the movement mode chosen last, Tab for the next), a `TargetMode`
or an `AreaMode`, submits an act that needs no aim, and after every change keeps the chosen
action when it still applies to the same creature.
"""

from __future__ import annotations

from ..i18n import _
from .choices import AREA, MENU, MOVE, NOW, TARGET, Choices
from .modes import AreaMode, MoveMode, TargetMode, target_mode
from .panel import DIM, ERROR
from .wording import MODE_WORDS


class Acting:
    """The App's chosen action (a part of App)."""

    def current_choices(self) -> Choices:
        return self.choices.get(self.battle)

    def choose(self, entry) -> None:
        """An action chosen on the bar or by its key."""
        current = self.my_turn()
        if current is None:
            return
        if not entry.allowed:
            self.messages.append((_("{act}: not now — {reason}").format(act=entry.title, reason=entry.reason), ERROR))
            return
        if self.mode is not None and getattr(self.mode, "entry_key", None) == entry.key:
            self.mode = None  # chosen again: put it down
            return
        if entry.aim == NOW:
            self.mode = None
            self.submit(dict(entry.options[0].command))
        elif entry.aim == MOVE:
            self.toggle_move(current)
        elif entry.aim == TARGET:
            self.mode = target_mode(self.battle, entry, shown=set(self.views))
        elif entry.aim == AREA:
            self.mode = AreaMode(self.battle, entry, current)
        elif entry.aim == MENU:
            self.mode = None
            self.open_menu(entry.title, entry.options)

    def toggle_move(self, current) -> None:
        if isinstance(self.mode, MoveMode):
            self.mode = None
            return
        mode = self.move_mode(current)
        if not mode.mask.any() and not mode.dash_mask.any():
            left = self.battle.movement_budget(current.id, mode.how)[0]
            self.messages.append((_("{name} cannot {how} now ({left} m left)").format(
                name=current.name, how=_(MODE_WORDS.get(mode.how, mode.how)), left=f"{left:g}"), DIM))
            return
        self.mode = mode

    def movement_modes(self, current) -> list[str]:
        """The ways the creature can move now, walk first (a flyer aloft only flies)."""
        return self.battle.move_modes(current.id)

    def move_mode(self, current, how: str | None = None) -> MoveMode:
        """The move mode for the creature, by `how` (default: the last chosen way, if it still applies)."""
        modes = self.movement_modes(current)
        how = how or self.move_how
        if how not in modes:
            how = modes[0]
        self.move_how = how
        choices = self.current_choices()
        dash = choices.entry("dash")
        return MoveMode(self.battle, current, choices.moves_by_mode.get(how, {}),
                        dash.options[0] if dash and dash.options else None, how)

    def cycle_move_mode(self) -> None:
        """Tab in move mode: the next of walk / fly / swim / climb among the speeds the creature has."""
        current = self.my_turn()
        if current is None or not isinstance(self.mode, MoveMode):
            return
        modes = self.movement_modes(current)
        if len(modes) < 2:
            self.messages.append((_("{name} can only {how}").format(
                name=current.name, how=_(MODE_WORDS.get(modes[0], modes[0]))), DIM))
            return
        how = modes[(modes.index(self.mode.how) + 1) % len(modes)] if self.mode.how in modes else modes[0]
        self.mode = self.move_mode(current, how)

    def _refresh_mode(self) -> None:
        """After a change: keep the chosen action if it still applies to the same creature."""
        mode, current = self.mode, self.my_turn()
        if mode is None:
            return
        if current is None:
            self.mode = None
            return
        if isinstance(mode, MoveMode):
            keep = current.id == mode.creature_id and self.battle.movement_budget(current.id, mode.how)[0] > 0
            self.mode = self.move_mode(current, mode.how) if keep else None
            if self.mode is not None and not (self.mode.mask.any() or self.mode.dash_mask.any()):
                self.mode = None
            return
        entry = self.current_choices().entry(mode.entry_key)
        if entry is None or not entry.allowed or current.id != self.current_choices().actor_id:
            self.mode = None
        elif isinstance(mode, TargetMode):
            self.mode = target_mode(self.battle, entry, shown=set(self.views))
        else:
            self.mode = AreaMode(self.battle, entry, current)
