"""A 5e battle seen through the ruleset interface only: what a 3.5 or 4e battle will show.

`InterfaceOnly(battle)` answers the api.Battle methods and `scenario`, `board`, `ruleset`, `diagonals`;
`estimates()` is None (no 5e numbers). Its `state` shows the turn, the offers, the log and the
commands played, and creatures that have only an id, a name, a kind, a side, a place and a
standing (`Plain`): any read of a 5e field (stats, action, attacks_left, movement_left(),
conditions, slots...) raises AttributeError, so a computer player that passes through it reads
the interface alone.
"""

from __future__ import annotations

API = ("submit", "check", "legal_commands", "acts", "why_not", "offer", "view", "to_json", "move_modes",
       "movement_field", "movement_budget", "opportunity_attackers", "reach_squares", "can_see", "cover", "cover_lines",
       "area", "blow", "believed_square")
PLAIN_CREATURE = ("id", "name", "kind", "side", "x", "y", "side_squares", "space", "squares", "state", "alive",
                  "standing")
PLAIN_STATE = ("round", "turn_index", "order", "over", "winner", "started", "commands_done", "log", "played",
               "rolled", "current_id")
PLAIN_OFFER = ("reactor", "kind", "provoker")


class Plain:
    """An object showing only the named attributes of another."""

    def __init__(self, inner, names) -> None:
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "_names", names)

    def __getattr__(self, name):
        if name not in self._names:
            raise AttributeError(f"{name!r} is not part of the ruleset interface")
        return getattr(self._inner, name)

    def __setattr__(self, name, value):
        raise AttributeError(f"{name!r}: the battle is read, never changed")


class PlainState(Plain):
    def __init__(self, state) -> None:
        super().__init__(state, PLAIN_STATE)

    @property
    def creatures(self) -> dict:
        return {cid: Plain(c, PLAIN_CREATURE) for cid, c in self._inner.creatures.items()}

    @property
    def offers(self) -> list:
        return [Plain(o, PLAIN_OFFER) for o in self._inner.offers]

    @property
    def current(self):
        c = self._inner.current
        return None if c is None else Plain(c, PLAIN_CREATURE)


class InterfaceOnly:
    """The battle behind the api.Battle methods, with no 5e numbers and no 5e creature fields."""

    def __init__(self, battle) -> None:
        self._battle = battle
        self.scenario = battle.scenario
        self.board = battle.board
        self.ruleset = battle.ruleset
        self.diagonals = battle.diagonals
        self.estimates_asked = 0

    @property
    def state(self) -> PlainState:
        return PlainState(self._battle.state)

    def estimates(self):
        self.estimates_asked += 1
        return None

    def __getattr__(self, name):
        if name in API:
            return getattr(self._battle, name)
        raise AttributeError(f"{name!r} is not part of the ruleset interface")
