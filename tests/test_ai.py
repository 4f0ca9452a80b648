"""The first computer player (`rush`) only ever issues legal commands and finishes battles."""

import pytest

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.ai import rush
from game.session.replay import new_battle
from helpers import battle, creature

SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_rush_plays_a_bundled_scenario_to_the_end_with_legal_commands(path):
    b = new_battle(load_scenario(path))
    for _ in range(3000):
        if b.state.over or b.state.round > 30:
            break
        b.submit(rush(b))  # an illegal command would raise here
    assert b.state.over or b.state.round > 30


def test_rush_closes_in_then_attacks():
    b = battle("..........", [creature("gob1", "goblin", "red", (0, 0)), creature("fighter", "fighter", "blue", (6, 0))])
    first = rush(b)
    assert first["act"] == "attack" and first["with"] == "shortbow"  # in range: shoot
    b = battle("..........", [creature("orc", "orc", "red", (0, 0), attacks=[
        {"name": "greataxe", "kind": "melee", "to_hit": 5, "damage": "1d12+3", "type": "slashing"}]),
        creature("fighter", "fighter", "blue", (6, 0))])
    assert rush(b) == {"actor": "orc", "act": "move", "to": [5, 0]}
