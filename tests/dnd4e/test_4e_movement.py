"""4e movement (RULESETS.md 2 and 3): every diagonal 1, difficult terrain +1 a square, no
corner cutting, allies passable, shift (never into difficult terrain, never provoking), and
opportunity attacks when leaving a square adjacent to an enemy, offered to the reactor."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def test_every_diagonal_counts_one_square():
    grid = "\n".join(["." * 8] * 6)
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (7, 5))])
    assert b.movement_field("fighter").cost_to(5, 5) == pytest.approx(5 * 1.5)  # 5 diagonals: speed 5


def test_difficult_terrain_costs_one_more_square_and_no_shift_into_it():
    # RULESETS.md 3: `:` is +1; no shift into it
    b = battle4e(".:..\n....", [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (3, 1))])
    assert b.movement_field("fighter").cost_to(1, 0) == pytest.approx(3.0)
    with pytest.raises(IllegalCommand, match="difficult terrain"):
        act(b, "fighter", "shift", to=[1, 0])


def test_no_diagonal_past_a_walls_corner():
    b = battle4e(".#..\n....", [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (3, 1))])
    assert b.movement_field("fighter").cost_to(1, 1) == pytest.approx(3.0)  # down, then across


def test_allies_are_passed_freely_but_never_ended_on():
    grid = "...\n#.#\n..."
    roster = [creature("fighter", "fighter", "blue", (1, 0)), creature("cleric", "cleric", "blue", (1, 1)),
              creature("gob1", "goblin", "red", (0, 2))]
    b = battle4e(grid, roster)
    assert b.movement_field("fighter").cost_to(1, 2) == pytest.approx(3.0)
    with pytest.raises(IllegalCommand):
        act(b, "fighter", "move", to=[1, 1])


def test_leaving_an_adjacent_square_provokes_even_into_another_adjacent_square():
    # RULESETS.md 2: "when you leave a square adjacent to it (walk, run, crawl; not shift ...),
    # even into another adjacent square"
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    option = next(o for o in b.legal_commands() if o.command == {"actor": "fighter", "act": "move", "to": [1, 0]})
    assert option.preview.opportunity_attacks == ("orc",)
    act(b, "fighter", "move", to=[1, 0])
    assert b.offer().kind == "opportunity" and b.offer().reactor == "orc"
    assert (b.state.creatures["fighter"].x, b.state.creatures["fighter"].y) == (1, 1)  # it waits
    force(b, 18, 6)  # the orc's basic attack: 18 + 7 = 25 vs AC 20: 1d12+5 = 11
    act(b, "orc", "react", take=True)
    f = b.state.creatures["fighter"]
    assert (f.x, f.y, f.hp) == (1, 0, 30)


def test_declining_an_opportunity_attack_lets_the_move_go_on():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    act(b, "fighter", "move", to=[0, 1])
    act(b, "orc", "react", take=False)
    assert b.state.creatures["fighter"].x == 0 and b.state.offers == []


def test_a_shift_never_provokes():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    act(b, "fighter", "shift", to=[0, 1])
    assert b.state.offers == [] and b.state.creatures["fighter"].x == 0


def test_a_ranged_power_beside_an_enemy_provokes_before_it_is_rolled():
    # RULESETS.md 2: "or use a ranged or area power beside it (close powers don't)"
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
                       creature("gob1", "goblin", "red", (6, 1))])
    act(b, "wizard", "attack", target="gob1", **{"with": "force-bolt"})
    assert b.offer().reactor == "orc"
    force(b, 2, 15, 3)  # the orc misses first; then the bolt: 15 + 5 = 20 vs Ref 14: 1d8+4 = 7
    act(b, "orc", "react", take=True)
    assert b.state.creatures["gob1"].hp == 22
    assert log_with(b, "Orc uses greataxe on Wizard")


def test_an_opportunity_attack_that_drops_the_mover_ends_its_move():
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1), current_hp=3), creature("orc", "orc", "red", (2, 1)),
                       creature("fighter", "fighter", "blue", (7, 2))])
    act(b, "wizard", "move", to=[0, 0])
    force(b, 15, 6)
    act(b, "orc", "react", take=True)
    w = b.state.creatures["wizard"]
    assert (w.x, w.y, w.state) == (1, 1, "dying")


def test_standing_up_is_a_move_action_and_provokes_nothing():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["prone"]),
                       creature("orc", "orc", "red", (2, 1))])
    act(b, "fighter", "stand")
    assert b.state.offers == [] and not b.state.creatures["fighter"].prone and not b.state.creatures["fighter"].move


def test_immobilized_or_grabbed_cannot_move_and_escape_breaks_a_grab():
    b = battle4e(ROW, [creature("bear", "brown-bear", "red", (1, 0)), creature("fighter", "fighter", "blue", (3, 1))])
    force(b, 15, 3, 3)
    act(b, "bear", "attack", target="fighter", **{"with": "claw"})
    act(b, "bear", "end")
    assert "grabbed" in b.state.creatures["fighter"].conditions
    with pytest.raises(IllegalCommand, match="cannot move"):
        act(b, "fighter", "move", to=[5, 1])
    # the likelier check: Acrobatics +2 vs Ref 15 and Athletics +5 vs Fort 18 tie; Acrobatics: 17 + 2 = 19
    force(b, 17)
    act(b, "fighter", "escape")
    assert "grabbed" not in b.state.creatures["fighter"].conditions
    assert log_with(b, "tries to escape")[0].endswith("Acrobatics d20 17 +2 = 19 vs Ref 15: free")


def test_a_large_creature_squeezes_through_a_one_square_gap_at_minus_5_granting_combat_advantage():
    # RULESETS.md 2: "Squeeze: a size smaller, ½ speed, -5 attack, grants CA"
    grid = "......\n###.##\n......\n......"
    roster = [creature("ogre", "ogre", "red", (2, 2)), creature("fighter", "fighter", "blue", (0, 0))]
    b = battle4e(grid, roster)
    # one square east (1.5 m), then one north into the gap, squeezing: double (3 m)
    assert b.movement_field("ogre").cost_to(3, 1) == pytest.approx(4.5)
    act(b, "ogre", "move", to=[3, 1])
    ogre = b.state.creatures["ogre"]
    assert "squeezing" in ogre.conditions and ogre.side_squares == 1
    act(b, "ogre", "end")
    preview = next(o.preview for o in b.legal_commands() if o.command.get("act") == "charge")
    assert "combat advantage +2 (Ogre is squeezing)" in [r.text for r in preview.reasons]


def test_melee_across_a_walls_corner_gives_cover():
    # RULESETS.md 3, `#` under 4e: "no corner cutting; melee across a corner: cover -2"
    grid = "....\n.#..\n...."
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (0, 1))])
    blow = next(o.preview for o in b.legal_commands() if o.command.get("target") == "gob1")
    assert blow.reasons == ()
    grid = "....\n#...\n...."
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (1, 1))])
    blow = next(o.preview for o in b.legal_commands() if o.command.get("with") == "heavy-blow")
    assert "cover -2" in [r.text for r in blow.reasons]


def test_the_second_opportunity_attack_lapses_when_the_first_drops_the_mover():
    roster = [creature("wizard", "wizard", "blue", (1, 1), current_hp=2), creature("orc", "orc", "red", (2, 1)),
              creature("gob1", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (7, 2))]
    b = battle4e(ROW, roster)
    act(b, "wizard", "move", to=[1, 2])
    assert [o.reactor for o in b.state.offers] == ["orc", "gob1"]
    force(b, 15, 6)
    act(b, "orc", "react", take=True)
    assert b.state.creatures["wizard"].state == "dying" and b.state.offers == []
    assert b.current.id == "wizard" and (b.state.creatures["wizard"].x, b.state.creatures["wizard"].y) == (1, 1)


def test_a_prone_creature_crawls_at_half_speed_and_neither_runs_nor_charges():
    # RULESETS.md 2: "crawl (prone, ½ speed)"; prone: "crawl only"
    grid = "\n".join(["." * 10] * 3)
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (0, 1), conditions=["prone"]),
                        creature("orc", "orc", "red", (6, 1))])
    assert b.movement_field("fighter").cost_to(2, 1) == pytest.approx(6.0)
    with pytest.raises(IllegalCommand, match="cannot run"):
        act(b, "fighter", "run", to=[3, 1])
    with pytest.raises(IllegalCommand, match="must stand up to charge"):
        act(b, "fighter", "charge", target="orc")
    act(b, "fighter", "move", to=[1, 1])
    assert b.state.creatures["fighter"].prone


def test_a_squeezing_attacker_takes_minus_5():
    # RULESETS.md 2: "running or squeezing -5"; the ogre's greatclub +12 is +7 in the gap
    grid = "......\n###.##\n......\n......"
    b = battle4e(grid, [creature("ogre", "ogre", "red", (2, 2)), creature("fighter", "fighter", "blue", (3, 0))])
    act(b, "ogre", "move", to=[3, 1])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "greatclub")
    assert [r.text for r in preview.reasons] == ["Ogre is squeezing -5"]
    force(b, 10)
    act(b, "ogre", "attack", target="fighter", **{"with": "greatclub"})
    assert log_with(b, "greatclub") == ["Ogre uses greatclub on Fighter: d20 10 +7 = 17 vs AC 20: miss"]
    assert "squeezing" in b.state.log_rules[b.state.log.index(log_with(b, "greatclub")[0])]
