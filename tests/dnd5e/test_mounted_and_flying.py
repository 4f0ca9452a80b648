"""Mounted combat (5e, "Combat monté") and flying creatures that fall (5e, Flying movement)."""

import pytest

from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, force

FIELD = "..........\n..........\n..........\n.........."


def riders(*extra, dice=()):
    return battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("horse", "warhorse", "blue", (1, 0)),
                          *extra], dice=dice)


def test_mounting_costs_half_speed_and_a_controlled_mount_acts_right_after_its_rider():
    b = riders(creature("gob1", "goblin", "red", (9, 3)))
    act(b, "fighter", "mount", target="horse")
    fighter, horse = b.state.creatures["fighter"], b.state.creatures["horse"]
    assert fighter.movement_left() == pytest.approx(4.5)
    assert (fighter.x, fighter.y) == (horse.x, horse.y)
    assert b.state.order.index("horse") == b.state.order.index("fighter") + 1
    act(b, "fighter", "end")
    assert b.current.id == "horse"
    with pytest.raises(IllegalCommand, match="controlled mount"):
        act(b, "horse", "attack", target="gob1", **{"with": "hooves"})
    act(b, "horse", "move", to=[5, 2])
    assert (fighter.x, fighter.y) == (5, 2)  # the rider is carried


def test_a_rider_does_not_walk_and_dismounting_costs_half_speed():
    b = riders(creature("gob1", "goblin", "red", (9, 3)))
    act(b, "fighter", "mount", target="horse")
    with pytest.raises(IllegalCommand, match="is mounted"):
        act(b, "fighter", "move", to=[0, 3])
    for who in ("fighter", "horse", "gob1"):
        act(b, who, "end")
    act(b, "fighter", "dismount")  # half of its speed (on a new turn: once per move)
    fighter = b.state.creatures["fighter"]
    assert "mounted_on" not in fighter.effects and fighter.movement_left() == 4.5
    assert max(abs(fighter.x - 1), abs(fighter.y - 0)) <= 2  # beside the horse
    b = riders(creature("gob1", "goblin", "red", (9, 3)))
    act(b, "fighter", "move", path=[[0, 1], [0, 2], [0, 3], [0, 2]])  # 6 m of 9
    with pytest.raises(IllegalCommand, match="needs 4.5 m of movement to mount"):
        act(b, "fighter", "mount", target="horse")


def test_mounting_needs_a_willing_creature_a_size_larger_within_reach():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("wolf1", "wolf", "blue", (1, 0)),
                       creature("gob1", "goblin", "red", (9, 3))])
    with pytest.raises(IllegalCommand, match="one size larger"):
        act(b, "fighter", "mount", target="wolf1")


def test_an_opportunity_attack_provoked_by_a_mount_may_target_the_rider():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("horse", "warhorse", "blue", (1, 0)),
                       creature("orc", "orc", "red", (3, 0), hp=40)], dice=[15, 6])
    act(b, "fighter", "mount", target="horse")
    act(b, "fighter", "end")
    act(b, "horse", "move", to=[1, 2])  # ... leaving the orc's reach
    assert [o.reactor for o in b.state.offers] == ["orc"]
    act(b, "orc", "react", take=True, target="fighter")
    assert b.state.creatures["fighter"].hp < 28 and b.state.creatures["horse"].hp == 19


def test_a_flyer_changes_altitude_and_height_counts_for_reach():
    b = battle(FIELD, [creature("dragon", "young-green-dragon", "red", (0, 0)),
                       creature("fighter", "fighter", "blue", (2, 0))])
    act(b, "dragon", "move", altitude=6, mode="fly")
    act(b, "fighter", "react", take=False)  # flying up out of its reach provoked
    dragon = b.state.creatures["dragon"]
    assert dragon.altitude == 6 and dragon.movement_left("fly") == pytest.approx(24 - 6)
    with pytest.raises(IllegalCommand, match="out of the 3 m reach"):
        act(b, "dragon", "attack", target="fighter", **{"with": "bite"})
    assert b.to_json()["creatures"]["dragon"]["altitude"] == 6


def test_a_flyer_knocked_prone_falls_1d6_per_3_m_and_lands_prone():
    b = battle(FIELD, [creature("dragon", "young-green-dragon", "red", (0, 0), altitude=6),
                       creature("fighter", "fighter", "blue", (3, 0))])
    force(b, 4, 5)
    b.knock_prone(b.state.creatures["dragon"], "test")
    b._settle()
    dragon = b.state.creatures["dragon"]
    assert dragon.altitude == 0 and dragon.hp == 136 - 9 and "prone" in dragon.conditions


def test_only_flying_moves_change_altitude():
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (9, 3))])
    with pytest.raises(IllegalCommand, match="no fly speed"):
        act(b, "fighter", "move", altitude=3, mode="fly")
    with pytest.raises(IllegalCommand, match="only a flying move"):
        act(b, "fighter", "move", to=[1, 0], altitude=3)


def test_a_scenario_can_start_a_rider_in_the_saddle():
    # FORMATS.md, creature state key `mount`: the rider starts mounted; a trained mount follows it
    b = battle(FIELD, [creature("horse", "warhorse", "blue", (3, 1)),
                       creature("fighter", "fighter", "blue", (0, 0), mount="horse"),
                       creature("gob1", "goblin", "red", (9, 3))])
    fighter = b.state.creatures["fighter"]
    assert fighter.effects["mounted_on"] == "horse" and (fighter.x, fighter.y) == (3, 1)
    assert b.state.order.index("horse") == b.state.order.index("fighter") + 1
