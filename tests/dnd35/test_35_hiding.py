"""3.5 Hide, opposed by Spot (3.5 SRD, Hide: "If people are observing you, even casually, you
can't hide ... If you have cover or concealment, you can hide"); a hidden creature has total
concealment (RULESETS.md 1: "after a hit d% ... (total: 01-50)"). Seed 003 stops before skills."""

import pytest

from game.rules.dnd35.hiding import hide_problem
from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

WALL = ".........\n...=.....\n........."


def rogue_and_goblin(grid=WALL, rogue_at=(2, 1)):
    return battle(grid, [creature("rogue", "rogue", "blue", rogue_at), creature("gob", "goblin", "red", (6, 1)),
                         creature("orc", "orc", "red", (8, 2))], initiative=["rogue", "gob", "orc"])


def test_behind_cover_the_hide_check_beats_each_watchers_spot():
    b = rogue_and_goblin()
    assert any(o.act == "hide" for o in b.legal_commands())
    force(b, 15, 5, 9)  # Hide 15 + 8 = 23; the goblin's Spot 5 + 2 = 7, the orc's 9 + 1 = 10
    act(b, "rogue", "hide")
    line = last(b, "tries to hide")
    assert "Hide d20 15 +8 = 23" in line and "Goblin Spot d20 5 +2 = 7" in line and line.endswith("hidden")
    assert "hidden" in c(b, "rogue").conditions and c(b, "rogue").move_action is False
    end(b, "rogue")
    (shot,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "javelin"]
    assert any("total concealment: 50% miss chance" in r.text for r in shot.preview.reasons)
    force(b, 18, 40)  # the goblin's javelin hits, but total concealment: d100 40 misses
    attack(b, "gob", "rogue", "javelin")
    assert "concealment d100 40: it misses" in last(b, "attacks")


def test_a_watcher_who_spots_it_foils_the_hide():
    b = rogue_and_goblin()
    force(b, 3, 19, 2)  # Hide 3 + 8 = 11; the goblin's Spot 19 + 2 = 21
    act(b, "rogue", "hide")
    assert "Goblin spots it" in last(b, "tries to hide") and "hidden" not in c(b, "rogue").conditions


def test_no_hiding_in_plain_sight_and_a_move_into_the_open_gives_it_away():
    b = rogue_and_goblin(grid=".........\n.........\n.........", rogue_at=(2, 1))
    assert not any(o.act == "hide" for o in b.legal_commands())
    with pytest.raises(IllegalCommand, match="in plain sight of gob"):
        act(b, "rogue", "hide")
    b = rogue_and_goblin()
    force(b, 15, 5, 9)
    act(b, "rogue", "hide")
    act(b, "rogue", "step", to=[1, 1])  # still behind the low wall
    assert "hidden" in c(b, "rogue").conditions
    end(b, "rogue")
    end(b, "gob")
    end(b, "orc")
    act(b, "rogue", "move", to=[2, 0])  # out past the wall's end: the goblin sees it in the open
    assert "hidden" not in c(b, "rogue").conditions and "no longer hidden" in last(b, "plain sight")


def test_concealment_lets_a_creature_hide_a_blurred_one_in_the_open():
    # 3.5 SRD, Concealment: "You can use concealment to make a Hide check. Without concealment,
    # you usually need cover to make a Hide check"; blur gives concealment
    b = rogue_and_goblin(grid=".........\n.........\n.........", rogue_at=(2, 1))
    c(b, "rogue").conditions.add("blurred")  # as after a wizard's blur
    assert any(o.act == "hide" for o in b.legal_commands())
    force(b, 15, 5, 9)  # Hide 15 + 8 = 23; the goblin's Spot 5 + 2 = 7, the orc's 9 + 1 = 10
    act(b, "rogue", "hide")
    assert "hidden" in c(b, "rogue").conditions
    act(b, "rogue", "move", to=[3, 2])  # still blurred: a move ending in the open does not give it away
    assert "hidden" in c(b, "rogue").conditions


def test_a_wizards_blur_lets_the_rogue_hide_where_it_stands():
    b = battle(".........\n.........\n.........", [
        creature("wizard", "wizard", "blue", (1, 1), spells=["blur"], spell_slots={2: 1}),
        creature("rogue", "rogue", "blue", (2, 1)), creature("gob", "goblin", "red", (7, 1))])
    assert "no cover or concealment to hide in" in hide_problem(b, c(b, "rogue"))
    act(b, "wizard", "cast", spell="blur", target="rogue")
    end(b, "wizard")
    force(b, 12, 3)  # Hide 12 + 8 = 20 against the goblin's Spot 3 + 2 = 5
    act(b, "rogue", "hide")
    assert "hidden" in c(b, "rogue").conditions
