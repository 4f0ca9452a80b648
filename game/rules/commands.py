"""Commands as frozen records, checked for shape before the rules see them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import translator
from .errors import IllegalCommand

_ = translator(__name__)  # compiled, it has no frame for i18n._ to find its domain by

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
    "action_surge": (set(), set()),
    "help": ({"target", "against"}, set()),
    "ready": ({"trigger", "then"}, set()),
    "grapple": ({"target"}, set()),
    "shove": ({"target"}, {"effect"}),
    "escape": (set(), set()),
    "cast": ({"spell"}, {"target", "at", "level"}),
    "use": ({"item"}, {"target"}),
    "give": ({"item", "target"}, set()),
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


class Table(tuple):
    """A command's table argument (`trigger`, `then`), frozen: its (key, value) pairs, sorted.
    Its own type, so that a list of pairs given in a file is never read back as a table."""

    __slots__ = ()


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return Table(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value):
    if isinstance(value, Table):
        return {k: _thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


TABLE_ARGS = ("trigger", "then")  # the arguments that are tables, in every ruleset
IGNORED_ARGS = ("caption",)  # words for a person watching (FORMATS.md, Scenario): the engine ignores them


def parse_command(raw: dict, acts: dict[str, tuple[set[str], set[str]]] | None = None) -> Command:
    """A command table as a Command; IllegalCommand when its shape is wrong.

    `acts` is the ruleset's table of acts (act -> (required, optional) arguments); the 5e
    one, ACTS, when not given."""
    acts = ACTS if acts is None else acts
    if not isinstance(raw, dict):
        raise IllegalCommand(_("a command must be a table with 'actor' and 'act'"))
    actor = raw.get("actor")
    act = raw.get("act")
    if not isinstance(actor, str) or not actor:
        raise IllegalCommand(_("the command has no 'actor'"))
    if not isinstance(act, str) or act not in acts:
        shown = repr(act) if len(repr(act)) <= 40 else repr(act)[:40] + "..."
        raise IllegalCommand(_("unknown act {act} (known: {known})").format(act=shown, known=", ".join(sorted(acts))))
    required, optional = acts[act]
    for key in IGNORED_ARGS:
        if key in raw and not isinstance(raw[key], str):
            raise IllegalCommand(_("'{key}' must be a string").format(key=key))
    for key in TABLE_ARGS:
        if key in raw and not isinstance(raw[key], dict):
            raise IllegalCommand(_("'{key}' must be a table, like {key} = {{ ... }}").format(key=key))
    args = {k: v for k, v in raw.items() if k not in ("actor", "act", *IGNORED_ARGS)}
    missing = required - set(args)
    if missing:
        raise IllegalCommand(_("'{act}' needs {keys}").format(act=act, keys=", ".join(sorted(missing))))
    unknown = set(args) - required - optional
    if unknown:
        raise IllegalCommand(_("'{act}' takes no argument {key!r}").format(act=act, key=sorted(unknown)[0]))
    return Command(actor=actor, act=act, args=tuple(sorted((k, _freeze(v)) for k, v in args.items())))


def position_arg(value, what: str) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise IllegalCommand(_("{what} must be [column, row]").format(what=what))
    return int(value[0]), int(value[1])
