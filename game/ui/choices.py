"""What the creature whose turn it is may do now, asked of the rules once per change of the battle.

`Choices.get(battle)` asks the ruleset (`battle.legal_commands()` and `battle.acts()`) once per
change of the battle (keyed on the state, `commands_done`, the offers and whose turn it is), and
keeps the acts of the action bar (`api.Act`: key, title, shortcut, how it is aimed, its legal
options, why not now) and the move options by movement mode and square. The rules are the one
judge: nothing here decides what is legal.

No pygame here: the entries are plain data, so they are tested without a window.
"""

from __future__ import annotations

from ..rules.api import AREA, MENU, MOVE, NOW, TARGET, Act, Option

Entry = Act  # one button of the action bar (the older name)
__all__ = ["Choices", "Entry", "AREA", "MENU", "MOVE", "NOW", "TARGET"]


class Choices:
    """The options and action bar entries of one battle, recomputed only when the battle changes."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self.options: list[Option] = []
        self.entries: list[Act] = []
        self.moves: dict[tuple[int, int], Option] = {}
        self.moves_by_mode: dict[str, dict] = {}  # movement mode -> square -> its move Option
        self.actor_id: str | None = None
        self.computed = 0  # how many times the rules were asked (the tests check the cache)

    @staticmethod
    def key_of(battle) -> tuple:
        state = battle.state
        offers = tuple((o.reactor, o.kind, o.provoker) for o in state.offers)
        return id(state), state.commands_done, offers, state.current_id, state.over

    def get(self, battle) -> "Choices":
        key = self.key_of(battle)
        if key != self._key:
            self._key = key
            self._compute(battle)
        return self

    def entry(self, key: str) -> Act | None:
        return next((e for e in self.entries if e.key == key), None)

    def by_shortcut(self, char: str) -> Act | None:
        char = char.upper()
        return next((e for e in self.entries if e.shortcut == char), None)

    def _compute(self, battle) -> None:
        self.computed += 1
        state = battle.state
        self.options = battle.legal_commands()
        self.entries, self.moves, self.moves_by_mode = [], {}, {}
        self.actor_id = state.current_id
        if self.actor_id is None or state.over or state.offers or not state.started:
            return
        for o in self.options:
            if o.command.get("actor") == self.actor_id and o.act == "move" and o.command.get("to") is not None:
                mode = o.command.get("mode", "walk")
                self.moves_by_mode.setdefault(mode, {})[tuple(o.command["to"])] = o
        self.moves = self.moves_by_mode.get("walk", {})
        self.entries = battle.acts(self.options)
