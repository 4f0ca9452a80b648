"""5e traits, the orc's Aggressive (SRD 5.1, Orc: "As a bonus action, the orc can move up to its
speed toward a hostile creature that it can see").

"Toward" is read strictly: every step ends nearer, by grid distance, to the chosen creature.
The orc walks 9 m (six squares); the move is its own, apart from the turn's movement.
"""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

FIELD = "\n".join(["." * 16] * 5)


def orc_and_fighter(grid=FIELD, orc_at=(0, 2), fighter_at=(14, 2)):
    return battle(grid, [creature("orc", "orc", "red", orc_at), creature("fighter", "fighter", "blue", fighter_at)],
                  initiative=["orc", "fighter"])


def test_aggressive_moves_up_to_its_speed_toward_a_seen_foe_with_the_bonus_action():
    b = orc_and_fighter()
    act(b, "orc", "aggressive", toward="fighter", to=[6, 2])
    orc = b.state.creatures["orc"]
    assert (orc.x, orc.y) == (6, 2)
    assert not orc.bonus_action and orc.action
    assert orc.movement_left() == 9  # its own move: the turn's movement is all left
    act(b, "orc", "move", to=[12, 2])  # then its usual move brings it next to the fighter
    assert (orc.x, orc.y) == (12, 2)


def test_aggressive_goes_no_farther_than_its_speed():
    b = orc_and_fighter()
    with pytest.raises(IllegalCommand, match="within orc's speed"):
        act(b, "orc", "aggressive", toward="fighter", to=[7, 2])


def test_every_step_must_end_nearer_to_the_chosen_foe():
    b = orc_and_fighter()
    with pytest.raises(IllegalCommand, match="nearer to fighter"):
        act(b, "orc", "aggressive", toward="fighter", to=[0, 0])  # away, sideways
    with pytest.raises(IllegalCommand, match=r"step to \[1, 3\] does not end nearer"):
        # a step along the column keeps the distance the same: not toward
        act(b, "orc", "aggressive", toward="fighter", path=[[1, 2], [1, 3]])
    act(b, "orc", "aggressive", toward="fighter", path=[[1, 3], [2, 2], [3, 2]])
    assert (b.state.creatures["orc"].x, b.state.creatures["orc"].y) == (3, 2)


def test_only_toward_a_hostile_creature_it_can_see():
    # behind a wall the fighter is out of sight: no Aggressive move toward it
    grid = "\n".join(["......#.........", "......#.........", "......#.........", "......#.........",
                      "......#........."])
    b = orc_and_fighter(grid=grid)
    with pytest.raises(IllegalCommand, match="cannot see fighter"):
        act(b, "orc", "aggressive", toward="fighter", to=[4, 2])
    b = battle(FIELD, [creature("orc", "orc", "red", (0, 2)), creature("orc2", "orc", "red", (5, 2)),
                       creature("fighter", "fighter", "blue", (14, 2))], initiative=["orc", "orc2", "fighter"])
    with pytest.raises(IllegalCommand, match="orc2 is not hostile"):
        act(b, "orc", "aggressive", toward="orc2", to=[3, 2])


def test_it_spends_the_bonus_action_once_a_turn_and_needs_the_trait():
    b = orc_and_fighter()
    act(b, "orc", "aggressive", toward="fighter", to=[3, 2])
    with pytest.raises(IllegalCommand, match="already used its bonus action"):
        act(b, "orc", "aggressive", toward="fighter", to=[6, 2])
    act(b, "orc", "end")
    with pytest.raises(IllegalCommand, match="fighter has no Aggressive trait"):
        act(b, "fighter", "aggressive", toward="orc", to=[10, 2])


def test_the_options_list_the_aggressive_moves_and_the_bar_shows_them():
    b = orc_and_fighter()
    moves = [o for o in b.legal_commands() if o.act == "aggressive"]
    assert moves and all(o.command["toward"] == "fighter" for o in moves)
    assert max(o.command["to"][0] for o in moves) == 6
    for o in moves[:5]:
        assert b.check(o.command) is None
    bar = {a.key: a for a in b.acts(b.legal_commands())}
    assert bar["aggressive"].title == "Aggressive" and bar["aggressive"].shortcut == "A"
    assert [o.command["to"] for o in bar["aggressive"].options] == [[6, 2]]
    act(b, "orc", "end")
    assert "aggressive" not in {a.key for a in b.acts(b.legal_commands())}  # the fighter has no such trait


def test_a_grappling_orc_moves_aggressively_at_half_speed():
    # SRD 5.1, Aggressive: up to its speed; 5e, Lutte: dragging a grappled creature halves it
    from helpers import act, battle, creature

    b = battle("\n".join(["." * 16] * 3), [creature("orc", "orc", "red", (0, 1)),
                                          creature("gob", "goblin", "blue", (1, 1), conditions=["grappled"]),
                                          creature("fighter", "fighter", "blue", (15, 1))],
               initiative=["orc", "gob", "fighter"])
    b.state.creatures["gob"].effects["grappled_by"] = "orc"
    too_far = b.check({"actor": "orc", "act": "aggressive", "toward": "fighter", "to": [4, 1]})  # 6 m
    assert too_far is not None and "speed (4.5 m)" in too_far
    act(b, "orc", "aggressive", toward="fighter", to=[3, 1])  # 4.5 m: half its 9 m
    orc = b.state.creatures["orc"]
    assert (orc.x, orc.y) == (3, 1)
