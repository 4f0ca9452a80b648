"""Computer players: each tactic where it is the right choice (and not where it isn't), and
never an illegal command."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.ai import POLICIES, choose, rush
from game.session.replay import new_battle
from helpers import battle, creature

SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))
ROW = "............\n............\n............\n............"


@pytest.mark.parametrize("path", SCENARIOS[:4], ids=lambda p: p.stem)
def test_rush_plays_a_bundled_scenario_to_the_end_with_legal_commands(path):
    b = new_battle(load_scenario(path))
    for _ in range(3000):
        if b.state.over or b.state.round > 30:
            break
        b.submit(rush(b))  # an illegal command would raise here
    assert b.state.over or b.state.round > 30


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000), st.sampled_from(POLICIES))
def test_no_level_ever_issues_an_illegal_command(path, seed, level):
    scenario = load_scenario(path)
    scenario.seed = seed
    b = new_battle(scenario)
    for _ in range(40):
        if b.state.over:
            break
        b.submit(choose(b, level))  # IllegalCommand would fail the test


def test_rush_closes_in_then_attacks():
    b = battle("..........", [creature("gob1", "goblin", "red", (0, 0)), creature("fighter", "fighter", "blue", (6, 0))])
    assert rush(b)["act"] == "attack"  # in bow range: shoot
    axe = [{"name": "greataxe", "kind": "melee", "to_hit": 5, "damage": "1d12+3", "type": "slashing"}]
    b = battle("..........", [creature("orc", "orc", "red", (0, 0), attacks=axe),
                              creature("fighter", "fighter", "blue", (6, 0))])
    assert rush(b) == {"actor": "orc", "act": "move", "to": [5, 0]}


def test_hard_finishes_the_wounded_foe():
    # focus fire: of two goblins next to it, the fighter hits the one it can kill
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (2, 2), current_hp=2)])
    command = choose(b, "hard")
    assert command["act"] == "attack" and command["target"] == "gob2"


def test_a_monster_strikes_a_downed_hero_within_reach_when_nothing_else_is_in_reach():
    walled = "......#.....\n......#.....\n......#.....\n......#....."
    b = battle(walled, [creature("gob1", "goblin", "red", (1, 1)),
                        creature("fighter", "fighter", "blue", (2, 1), current_hp=0),
                        creature("wizard", "wizard", "blue", (11, 3))])
    command = choose(b, "hard")
    assert command == {"actor": "gob1", "act": "attack", "target": "fighter", "with": "scimitar"}


def test_nothing_in_range_means_dash():
    axe = [{"name": "greataxe", "kind": "melee", "to_hit": 5, "damage": "1d12+3", "type": "slashing"}]
    far = "." * 30
    b = battle(far, [creature("orc", "orc", "red", (0, 0), attacks=axe, traits=[]),
                     creature("fighter", "fighter", "blue", (14, 0))])
    assert choose(b, "hard")["act"] == "dash"  # (an orc with Aggressive closes in with it first)
    b = battle(far, [creature("orc", "orc", "red", (0, 0), attacks=axe), creature("fighter", "fighter", "blue", (5, 0))])
    assert choose(b, "hard")["act"] == "move"  # within a walk: no need to dash


def test_an_archer_shoots_from_where_it_stands_instead_of_walking_into_melee():
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)), creature("orc", "orc", "blue", (7, 1))])
    command = choose(b, "hard")
    assert command["act"] == "attack" and command["with"] == "shortbow"


def test_burning_hands_when_it_catches_two_foes_and_no_friend():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (1, 1), hp=40), creature("gob1", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (3, 1)), creature("gob3", "goblin", "red", (11, 3))])
    command = choose(b, "hard")
    assert command["act"] == "cast" and command["spell"] == "burning-hands"
    b = battle(ROW, [creature("wizard", "wizard", "blue", (1, 1), hp=40), creature("gob1", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (3, 1)), creature("gob2", "goblin", "red", (2, 2))])
    command = choose(b, "hard")
    assert not (command["act"] == "cast" and command.get("spell") == "burning-hands")


def test_the_cleric_brings_back_a_downed_ally():
    b = battle(ROW, [creature("cleric", "cleric", "blue", (1, 1)),
                     creature("fighter", "fighter", "blue", (5, 1), current_hp=0),
                     creature("gob1", "goblin", "red", (11, 3))])
    command = choose(b, "hard")
    assert command["act"] == "cast" and command["spell"] == "healing-word" and command["target"] == "fighter"


def test_reactions_are_answered_and_shield_is_taken():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), hp=30), creature("wizard", "wizard", "blue", (2, 1)),
                     creature("cleric", "cleric", "blue", (11, 3))], dice=[10])
    b.submit({"actor": "gob1", "act": "attack", "target": "wizard", "with": "scimitar"})
    assert choose(b, "hard") == {"actor": "wizard", "act": "react", "take": True}


def test_hard_does_not_walk_away_from_a_foe_it_can_hit():
    # leaving would provoke an opportunity attack and lose the attack it has now
    b = battle(ROW, [creature("orc", "orc", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 1)),
                     creature("wizard", "wizard", "blue", (9, 1))])
    assert choose(b, "hard")["act"] == "attack"


def test_a_controlled_mount_gets_only_commands_it_may_take():
    # 5e, Controlling a mount: a trained mount ridden by an ally moves, Dashes, Disengages or Dodges
    # only; no level may give it an attack (a level that thinks otherwise gives way to ending the turn)
    b = battle("""
........
........
........
""", [creature("fighter", "fighter", "blue", (1, 1), mount="horse"), creature("horse", "riding-horse", "blue", (1, 1)),
      creature("gob1", "goblin", "red", (3, 1))], initiative=["fighter", "horse", "gob1"])
    b.submit({"actor": "fighter", "act": "end"})
    assert b.state.current_id == "horse"
    for level in POLICIES:
        command = choose(b, level)
        assert b.check(command) is None, (level, command)
        assert command["act"] in ("move", "dash", "disengage", "dodge", "end"), (level, command)
