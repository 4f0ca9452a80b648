"""Builders for 3.5 rules tests: a tiny ASCII map, a roster, forced dice, under ruleset 3.5."""

from __future__ import annotations

from game.content.scenarios import parse_scenario
from game.rules.registry import new_battle


def creature(cid: str, kind: str, side: str, at: tuple[int, int], **extra) -> dict:
    return {"id": cid, "kind": kind, "side": side, "at": list(at), **extra}


def battle(grid: str, roster: list[dict], dice=(), initiative=None, seed=1):
    """A 3.5 battle on an ASCII map; initiative defaults to the roster's order (no dice rolled)."""
    data = {"format": 1, "ruleset": "3.5", "seed": seed, "map": {"grid": grid}, "creature": roster,
            "dice": list(dice)}
    if initiative is not False:
        data["initiative"] = list(initiative or [c["id"] for c in roster])
    return new_battle(parse_scenario(data))


def force(b, *faces: int) -> None:
    b.state.dice.forced.extend(faces)


def act(b, actor: str, act_name: str, **args):
    return b.submit({"actor": actor, "act": act_name, **args})


def attack(b, actor: str, target: str, weapon: str, act_name: str = "attack"):
    return b.submit({"actor": actor, "act": act_name, "target": target, "with": weapon})


def end(b, actor: str):
    return b.submit({"actor": actor, "act": "end"})


def last(b, word: str) -> str:
    return [line for line in b.state.log if word in line][-1]


def c(b, cid: str):
    return b.state.creatures[cid]
