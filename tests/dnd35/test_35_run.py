"""3.5 run (seed 003, Vitesse de déplacement; RULESETS.md section 1, "Run — x4 speed, straight
line, no Dex to AC, no difficult terrain"): a full-round action, four times the speed along one
of the eight directions, provoking as a move does, the runner's Dex bonus lost to its next turn."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

LANE = "\n".join(["." * 30] * 3)


def test_a_run_goes_four_times_the_speed_in_a_straight_line():
    # seed 003: « En courant pendant tout le round, on parcourt quatre fois la distance normale »
    b = battle(LANE, [creature("rogue", "rogue", "blue", (0, 1)), creature("gob", "goblin", "red", (29, 0))])
    with pytest.raises(IllegalCommand, match="costs 37.5 m, more than the 36 m"):
        act(b, "rogue", "run", to=[25, 1])  # 9 m x 4 = 36 m, 24 squares
    act(b, "rogue", "run", to=[24, 1])
    assert (c(b, "rogue").x, c(b, "rogue").y) == (24, 1) and "runs" in last(b, "runs")
    assert not c(b, "rogue").standard and not c(b, "rogue").move_action
    # along a diagonal, counted 1-2-1
    b = battle(LANE, [creature("rogue", "rogue", "blue", (0, 0)), creature("gob", "goblin", "red", (29, 0))])
    act(b, "rogue", "run", path=[[1, 1], [2, 2]])
    assert (c(b, "rogue").x, c(b, "rogue").y) == (2, 2)


def test_a_run_that_turns_is_refused():
    # the engine's reading of the straight line: every step in the same direction
    b = battle(LANE, [creature("rogue", "rogue", "blue", (0, 1)), creature("gob", "goblin", "red", (29, 0))])
    with pytest.raises(IllegalCommand, match="a run goes straight"):
        act(b, "rogue", "run", to=[5, 2])
    with pytest.raises(IllegalCommand, match="a run goes straight"):
        act(b, "rogue", "run", path=[[1, 1], [2, 2], [3, 2]])


def test_no_run_through_difficult_terrain_and_not_after_moving():
    lane = "......:.......\n.............."
    b = battle(lane, [creature("rogue", "rogue", "blue", (0, 0)), creature("gob", "goblin", "red", (13, 1))])
    with pytest.raises(IllegalCommand, match=r"no run through difficult terrain \(\[6, 0\]\)"):
        act(b, "rogue", "run", to=[10, 0])
    act(b, "rogue", "run", to=[5, 0])  # up to the rubble is fine
    b = battle(lane, [creature("rogue", "rogue", "blue", (0, 1)), creature("gob", "goblin", "red", (13, 0))])
    act(b, "rogue", "move", to=[1, 1])
    with pytest.raises(IllegalCommand, match="rogue has moved this turn: no run"):
        act(b, "rogue", "run", to=[8, 1])


def test_a_runner_loses_its_dex_bonus_to_ac_until_its_next_turn():
    # 3.5 SRD, Run: "You lose any Dexterity bonus to AC"
    b = battle(LANE, [creature("rogue", "rogue", "blue", (0, 1)), creature("gob", "goblin", "red", (12, 0))])
    act(b, "rogue", "run", to=[11, 1])
    end(b, "rogue")
    force(b, 11)  # morningstar +2: 13 vs AC 15 - 2 = 13
    attack(b, "gob", "rogue", "morningstar")
    assert "target ran: no Dex to AC (-2)" in last(b, "attacks") and "vs AC 13" in last(b, "attacks")
    end(b, "gob")
    end(b, "rogue")
    force(b, 11)
    attack(b, "gob", "rogue", "morningstar")
    assert "ran" not in last(b, "attacks") and "vs AC 15" in last(b, "attacks")


def test_a_run_provokes_as_a_move_does():
    b = battle(LANE, [creature("gob", "goblin", "red", (1, 0)), creature("rogue", "rogue", "blue", (1, 1))])
    end(b, "gob")
    act(b, "rogue", "run", to=[10, 1])
    assert [o.reactor for o in b.state.offers] == ["gob"]
    act(b, "gob", "react", take=False)
    assert (c(b, "rogue").x, c(b, "rogue").y) == (10, 1)


def test_the_options_list_runs_the_battle_accepts_and_the_bar_offers_a_menu():
    b = battle(LANE, [creature("rogue", "rogue", "blue", (2, 1)), creature("fighter", "fighter", "blue", (5, 1)),
                      creature("gob", "goblin", "red", (20, 0))])
    runs = [o for o in b.legal_commands() if o.command["act"] == "run"]
    assert runs and all(b.check(o.command) is None for o in runs)
    ends = {tuple(o.command["to"]) for o in runs}
    assert (6, 1) in ends and (5, 1) not in ends  # past the ally, never on its square
    assert max(o.preview.cost_m for o in runs) == 36.0
    bar = {a.key: a for a in b.acts()}
    assert bar["run"].shortcut == "U" and 1 <= len(bar["run"].options) <= 8
    act(b, "rogue", "move", to=[2, 2])
    assert not any(o.command["act"] == "run" for o in b.legal_commands())
    assert "no run" in {a.key: a for a in b.acts()}["run"].reason
