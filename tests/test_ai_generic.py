"""The computer players of any ruleset (game/session/ai/generic.py), proved on 5e battles seen
through the ruleset interface only (interface_only.py: `estimates()` is None, no 5e creature
fields), as a 3.5 or 4e battle will be seen."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.session.ai import choose, generic
from game.session.replay import new_battle
from helpers import SWORD, act, battle, creature
from interface_only import InterfaceOnly

ROW = "............\n............\n............\n............"
AXE = [{"name": "greataxe", "kind": "melee", "to_hit": 5, "damage": "1d12+3", "type": "slashing"}]


def seen(b):
    return InterfaceOnly(b)


def play(b, levels: dict[str, str], round_cap: int = 40) -> list[dict]:
    """Play the battle through the interface to its end (or the round cap); every command given.
    A command the battle refuses raises IllegalCommand here: the test fails."""
    view = seen(b)
    given = []
    while not b.state.over and b.state.round <= round_cap and len(given) < 5000:
        acting = b.state.offers[0].reactor if b.state.offers else b.state.current_id
        command = choose(view, levels[b.state.creatures[acting].side])
        given.append(command)
        b.submit(command)
    assert view.estimates_asked or all(level == "random" for level in levels.values())
    return given


def test_the_proxy_shows_the_interface_and_nothing_of_5e():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1))])
    view = seen(b)
    assert view.estimates() is None
    assert view.state.creatures["fighter"].side == "blue" and view.view("gob1").hp == b.state.creatures["gob1"].hp
    for name in ("stats", "action", "attacks_left", "movement_left", "conditions", "slots", "dashes", "effects"):
        with pytest.raises(AttributeError):
            getattr(view.state.current, name)
    assert view.diagonals == b.diagonals  # part of the interface: each ruleset counts its own way
    with pytest.raises(AttributeError):
        view.damage_source  # noqa: B018 (an engine field, not the interface)


@pytest.mark.parametrize("name", ["default", "mirror-goblins", "narrow-corridor"])
def test_every_level_plays_a_bundled_battle_to_its_end_with_commands_the_rules_accept(name):
    scenario = load_scenario(MAPS_DIR / f"{name}.scenario.toml")
    for blue, red in (("hard", "normal"), ("rush", "hard")):
        b = new_battle(scenario)
        given = play(b, {"blue": blue, "red": red})
        assert b.state.over, (name, blue, red, b.state.round)
        assert any(c["act"] == "attack" for c in given) and any(c["act"] == "move" for c in given)


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(sorted(MAPS_DIR.glob("*.scenario.toml"))), st.integers(0, 10_000), st.sampled_from(generic.LEVELS))
def test_no_generic_level_ever_gives_a_command_the_rules_refuse(path, seed, level):
    scenario = load_scenario(path)
    scenario.seed = seed
    b = new_battle(scenario)
    view = seen(b)
    for _ in range(40):
        if b.state.over:
            break
        b.submit(choose(view, level))  # IllegalCommand would fail the test


def test_hard_beats_random_clearly():
    # two goblins a side on an open field, 24 battles, each side hard in half of them
    field = "\n".join(["." * 10] * 6)
    roster = [creature("b1", "goblin", "blue", (0, 1)), creature("b2", "goblin", "blue", (0, 4)),
              creature("r1", "goblin", "red", (9, 1)), creature("r2", "goblin", "red", (9, 4))]
    wins = 0
    runs = 24
    for seed in range(runs):
        hard, other = ("blue", "red") if seed % 2 == 0 else ("red", "blue")
        b = battle(field, roster, initiative=None, seed=seed)
        play(b, {hard: "hard", other: "random"}, round_cap=20)
        wins += b.state.winner == hard
    assert wins >= 0.8 * runs, wins


def test_it_takes_the_obvious_kill():
    # of two goblins next to it, the fighter hits the one it can bring down
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (2, 2), current_hp=2)])
    for level in ("normal", "hard"):
        command = choose(seen(b), level)
        assert command["act"] == "attack" and command["target"] == "gob2", level


def test_rush_hits_the_nearest_foe():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), attacks=SWORD),
                     creature("gob1", "goblin", "red", (2, 1)), creature("gob2", "goblin", "red", (4, 1), current_hp=2)])
    command = choose(seen(b), "rush")
    assert command["act"] == "attack" and command["target"] == "gob1"


def test_it_moves_next_to_a_foe_it_cannot_reach_then_ends_its_turn():
    far = "." * 30
    b = battle(far, [creature("orc", "orc", "red", (0, 0), attacks=AXE, traits=[]),
                     creature("fighter", "fighter", "blue", (14, 0))])
    for level in generic.LEVELS:
        command = choose(seen(b), level)
        assert command["act"] == "move", level
        assert command["to"] == [6, 0], level  # its whole walk (9 m), straight at the fighter
    b.submit(choose(seen(b), "hard"))
    assert choose(seen(b), "hard") == {"actor": "orc", "act": "end"}  # nothing in reach, no walk left
    near = battle(far, [creature("orc", "orc", "red", (0, 0), attacks=AXE, traits=[]),
                        creature("fighter", "fighter", "blue", (5, 0))])
    assert choose(seen(near), "hard") == {"actor": "orc", "act": "move", "to": [4, 0]}  # next to it
    near.submit({"actor": "orc", "act": "move", "to": [4, 0]})
    command = choose(seen(near), "hard")
    assert command["act"] == "attack" and command["target"] == "fighter"  # and then it strikes


def test_an_opportunity_attack_is_taken():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), traits=[]),
                     creature("fighter", "fighter", "blue", (2, 1))])
    act(b, "gob1", "move", to=[1, 3])  # leaves the fighter's reach
    assert b.state.offers and b.state.offers[0].reactor == "fighter"
    for level in generic.LEVELS:
        assert choose(seen(b), level) == {"actor": "fighter", "act": "react", "take": True}, level


def test_hard_does_not_provoke_to_reach_a_foe_when_wounded_and_rush_does():
    # a hidden goblin beside the orc (no attack on it) would strike as the orc walks off toward the
    # wizard: hurt, the hard orc keeps its place; the rush orc goes; hale, the hard orc goes too
    grid = "\n".join(["." * 12] * 3)

    def orc_with(hp):
        return battle(grid, [creature("orc", "orc", "red", (5, 1), attacks=AXE, traits=[], current_hp=hp),
                             creature("gob", "goblin", "blue", (4, 1), hidden=True),
                             creature("wizard", "wizard", "blue", (10, 1))])

    wounded = orc_with(5)
    assert all(o.preview.opportunity_attacks == ("gob",) for o in wounded.legal_commands()
               if o.act == "move" and o.command["to"][0] >= 9)  # every square next to the wizard
    assert choose(seen(wounded), "hard") == {"actor": "orc", "act": "end"}
    command = choose(seen(wounded), "rush")
    assert command["act"] == "move" and command["to"][0] == 9  # next to the wizard, provoking the goblin
    command = choose(seen(orc_with(None)), "hard")
    assert command["act"] == "move" and command["to"][0] == 9  # hale: one opportunity attack is worth it


def test_the_same_battle_gives_the_same_choices():
    scenario = load_scenario(MAPS_DIR / "mirror-goblins.scenario.toml")
    runs = [play(new_battle(scenario), {"blue": "hard", "red": "normal"}, round_cap=3) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_refused_choice_gives_way_to_ending_the_turn():
    class Refusing(InterfaceOnly):
        def check(self, command):
            return None if command["act"] == "end" else "refused"

    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1))])
    assert choose(Refusing(b), "hard") == {"actor": "fighter", "act": "end"}


def test_an_attack_on_several_foes_counts_each_and_one_that_catches_a_friend_counts_against():
    # a 4e close or area power lists its targets (or who is inside): the planner weighs every one
    from game.rules.api import Option, Preview

    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (2, 2)), creature("cleric", "cleric", "blue", (0, 1))])
    planner = generic.Planner(seen(b), "hard")
    me = planner.views["fighter"]
    one = Option({"actor": "fighter", "act": "attack", "target": "gob1", "with": "x"}, "one",
                 Preview(expected_damage=4.0, hit_chance=0.6))
    two = Option({"actor": "fighter", "act": "attack", "target": ["gob1", "gob2"], "with": "x"}, "two",
                 Preview(expected_damage=4.0, hit_chance=0.6))
    burst = Option({"actor": "fighter", "act": "attack", "at": [1, 1], "with": "x"}, "burst",
                   Preview(expected_damage=4.0, hit_chance=0.6, inside=("gob1", "gob2", "cleric")))
    assert planner.value(me, two) == pytest.approx(2 * planner.value(me, one))
    assert planner.value(me, burst) < planner.value(me, two)


def test_hard_steps_nearer_before_a_shot_with_a_penalty_and_normal_shoots_at_once():
    # 5e, Ranged attacks: beyond the normal range (shortbow 24 m) the attack has disadvantage
    far = "." * 30
    b = battle(far, [creature("gob1", "goblin", "red", (0, 0)), creature("fighter", "fighter", "blue", (20, 0))])
    shot = choose(seen(b), "normal")
    assert shot["act"] == "attack" and shot["target"] == "fighter"
    step = choose(seen(b), "hard")
    assert step["act"] == "move" and 2 <= step["to"][0] <= 6  # within its walk, out of the fighter's reach
    b.submit(step)
    shot = choose(seen(b), "hard")
    assert shot["act"] == "attack" and shot["target"] == "fighter"
    preview = next(o.preview for o in b.legal_commands() if o.command == shot)
    assert all(r.good for r in preview.reasons)  # no more disadvantage


def test_a_move_within_the_move_left_comes_before_a_longer_one():
    # 3.5 and 4e list moves longer than one move action (a double move spends the action too):
    # the planner walks what one move gives first, so it may still strike once there
    from dataclasses import replace

    from game.rules.api import Option, Preview

    far = "." * 30
    b = battle(far, [creature("orc", "orc", "red", (0, 0), attacks=AXE, traits=[]),
                     creature("fighter", "fighter", "blue", (14, 0))])
    planner = generic.Planner(seen(b), "normal")  # (hard would rather hold short of the fighter's move)
    me = planner.views["orc"]
    assert me.movement_left == 9
    double = Option({"actor": "orc", "act": "move", "to": [13, 0]}, "double move",
                    Preview(path=tuple((x, 0) for x in range(1, 14)), cost_m=19.5))
    options = b.legal_commands() + [double]
    assert planner._approach(me, options) == {"actor": "orc", "act": "move", "to": [6, 0]}
    only_longer = [replace(o, preview=replace(o.preview, cost_m=12.0)) if o.act == "move" else o
                   for o in b.legal_commands()] + [double]
    assert planner._approach(me, only_longer) == double.command  # nothing within the move: the longest way


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(["mirror-orcs", "mirror-goblins", "mirror-heroes"]), st.sampled_from(["3.5", "4e"]),
       st.integers(0, 10_000), st.sampled_from(generic.LEVELS))
def test_no_generic_level_gives_a_refused_command_under_3_5_or_4e(name, ruleset, seed, level):
    scenario = load_scenario(MAPS_DIR / f"{name}.scenario.toml", ruleset)
    scenario.seed = seed
    b = new_battle(scenario)
    assert b.estimates() is None  # the generic planner plays it
    for _ in range(40):
        if b.state.over:
            break
        b.submit(choose(b, level))  # IllegalCommand would fail the test
