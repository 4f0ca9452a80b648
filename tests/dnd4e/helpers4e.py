"""Builders for 4e tests that read like the rules: a tiny ASCII map, a roster, forced dice."""

from __future__ import annotations

from game.content.scenarios import parse_scenario
from game.rules.registry import new_battle


def creature(cid: str, kind: str, side: str, at: tuple[int, int], **extra) -> dict:
    return {"id": cid, "kind": kind, "side": side, "at": list(at), **extra}


def scenario4e(grid: str, roster: list[dict], dice=(), initiative=None, seed=1, commands=()):
    data = {"format": 1, "ruleset": "4e", "seed": seed, "map": {"grid": grid}, "creature": roster,
            "dice": list(dice), "command": list(commands)}
    if initiative is not None:
        data["initiative"] = list(initiative)
    return parse_scenario(data)


def battle4e(grid: str, roster: list[dict], dice=(), initiative=None, **kwargs):
    """A 4e battle on an ASCII map; initiative defaults to the roster's order (no dice rolled);
    initiative="roll" rolls it."""
    if initiative is None:
        initiative = [c["id"] for c in roster]
    elif initiative == "roll":
        initiative = None
    return new_battle(scenario4e(grid, roster, dice=dice, initiative=initiative, **kwargs))


def force(b, *faces: int) -> None:
    b.state.dice.forced.extend(faces)


def act(b, actor: str, act_name: str, **args):
    return b.submit({"actor": actor, "act": act_name, **args})


def log_with(b, word: str) -> list[str]:
    return [line for line in b.state.log if word in line]
