"""Builders for tests that read like the rules: a tiny ASCII map, a roster, forced dice."""

from __future__ import annotations

from game.content.scenarios import parse_scenario
from game.rules.api import Battle
from game.rules.registry import new_battle


def creature(cid: str, kind: str, side: str, at: tuple[int, int], **extra) -> dict:
    return {"id": cid, "kind": kind, "side": side, "at": list(at), **extra}


def scenario(grid: str, roster: list[dict], dice=(), initiative=None, diagonals="5-5-5", seed=1, commands=()):
    data = {
        "format": 1, "seed": seed, "map": {"grid": grid}, "diagonals": diagonals,
        "creature": roster, "dice": list(dice), "command": list(commands),
    }
    if initiative is not None:
        data["initiative"] = list(initiative)
    return parse_scenario(data)


def battle(grid: str, roster: list[dict], dice=(), initiative=None, **kwargs) -> Battle:
    """A battle on an ASCII map; initiative defaults to the roster's order (no dice rolled)."""
    if initiative is None:
        initiative = [c["id"] for c in roster]
    return new_battle(scenario(grid, roster, dice=dice, initiative=initiative, **kwargs))


def computer_battle(path, ruleset: str | None = None, level: str = "rush", most: int = 80) -> Battle:
    """A bundled scenario played by the computer on both sides for at most `most` commands."""
    from game.content.scenarios import load_scenario
    from game.session.ai import choose

    b = new_battle(load_scenario(path, ruleset))
    for _i in range(most):
        if b.state.over:
            break
        b.submit(choose(b, level))
    return b


def force(b: Battle, *faces: int) -> None:
    """Force the next die faces of a running battle."""
    b.state.dice.forced.extend(faces)


def act(b: Battle, actor: str, act_name: str, **args):
    return b.submit({"actor": actor, "act": act_name, **args})


SWORD = [{"name": "longsword", "kind": "melee", "to_hit": 5, "damage": "1d8+3", "type": "slashing"}]


def play_turn(b: Battle, actor: str, dice=()) -> list[dict]:
    """Let the hard computer play actor's turn to its end; the commands it gave."""
    from game.session.ai import choose

    force(b, *dice)
    given = []
    while b.current.id == actor and not b.state.over:
        command = choose(b, "hard")
        given.append(command)
        b.submit(command)
        if command["act"] == "end":
            break
    return given
