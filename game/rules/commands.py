"""Commands as frozen records, checked for shape before the rules see them."""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalCommand

# the 5e acts: act -> (required arguments, optional arguments); each ruleset has its own table
ACTS: dict[str, tuple[set[str], set[str]]] = {
    "move": (set(), {"to", "path", "mode", "altitude"}),
    "attack": (set(), {"target", "at", "with", "offhand", "knock_out", "two_handed"}),
    "aggressive": ({"toward"}, {"to", "path"}),
    "dash": (set(), {"bonus"}),
    "disengage": (set(), {"bonus"}),
    "dodge": (set(), set()),
    "hide": (set(), {"bonus"}),
    "search": (set(), set()),
    "second_wind": (set(), set()),
    "help": ({"target", "against"}, set()),
    "ready": ({"trigger", "then"}, set()),
    "grapple": ({"target"}, set()),
    "shove": ({"target"}, {"effect"}),
    "escape": (set(), set()),
    "cast": ({"spell"}, {"target", "at", "level"}),
    "use": ({"item"}, {"target"}),
    "stabilize": ({"target"}, set()),
    "stand": (set(), set()),
    "drop_prone": (set(), set()),
    "mount": ({"target"}, set()),
    "dismount": (set(), set()),
    "end": (set(), set()),
    "react": ({"take"}, {"target"}),
}


@dataclass(frozen=True)
class Command:
    actor: str
    act: str
    args: tuple[tuple[str, object], ...] = field(default=())

    def get(self, key: str, default=None):
        return dict(self.args).get(key, default)

    def describe(self) -> str:
        """Short form for messages: 'gob1 move to [5, 2]'."""
        parts = [self.actor, self.act]
        for key, value in self.args:
            parts.append(f"{key} {_show(value)}")
        return " ".join(parts)

    def to_dict(self) -> dict:
        return {"actor": self.actor, "act": self.act, **{k: _thaw(v) for k, v in self.args}}


def _show(value) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value):
    if isinstance(value, tuple):
        if value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) for v in value):
            return {k: _thaw(v) for k, v in value}
        return [_thaw(v) for v in value]
    return value


def parse_command(raw: dict, acts: dict[str, tuple[set[str], set[str]]] | None = None) -> Command:
    """A command table as a Command; IllegalCommand when its shape is wrong.

    `acts` is the ruleset's table of acts (act -> (required, optional) arguments); the 5e
    one, ACTS, when not given."""
    acts = ACTS if acts is None else acts
    if not isinstance(raw, dict):
        raise IllegalCommand("a command must be a table with 'actor' and 'act'")
    actor = raw.get("actor")
    act = raw.get("act")
    if not isinstance(actor, str) or not actor:
        raise IllegalCommand("the command has no 'actor'")
    if act not in acts:
        raise IllegalCommand(f"unknown act {act!r} (known: {', '.join(sorted(acts))})")
    required, optional = acts[act]
    args = {k: v for k, v in raw.items() if k not in ("actor", "act")}
    missing = required - set(args)
    if missing:
        raise IllegalCommand(f"'{act}' needs {', '.join(sorted(missing))}")
    unknown = set(args) - required - optional
    if unknown:
        raise IllegalCommand(f"'{act}' takes no argument {sorted(unknown)[0]!r}")
    return Command(actor=actor, act=act, args=tuple(sorted((k, _freeze(v)) for k, v in args.items())))


def position_arg(value, what: str) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise IllegalCommand(f"{what} must be [column, row]")
    return int(value[0]), int(value[1])
