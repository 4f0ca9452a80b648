"""3.5 deep water (RULESETS.md section 3, `~`: "no swim speed: Swim DC 10 each round; pass: 4 per
sq; fail <= 4 stuck, 5+ under. Improved cover (+8) vs attackers on land; underwater
slash/bludgeon -2, half damage"; the 3.5 SRD, Swim and Underwater combat). Seed 003 stops
before these rules."""

import pytest

from game.rules.dnd35.combat import odds
from game.rules.dnd35.spells import SPELLS, ray_attack
from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

POOL = "..~~~..\n..~~~..\n......."


def test_a_swimmer_without_a_swim_speed_checks_swim_dc_10_once_a_round_and_pays_4_a_square():
    b = battle(POOL, [creature("fighter", "fighter", "blue", (1, 0), speed={"walk": 9}),
                      creature("gob", "goblin", "red", (6, 2))])
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [2, 0]]
    assert move.preview.cost_m == 6.0  # a square of deep water without a swim speed: 4
    force(b, 8)  # d20 8 + 2 (Str 15) = 10 vs DC 10: it swims on
    act(b, "fighter", "move", path=[[2, 0]])
    assert "rolls Swim: d20 8 +2 = 10 vs DC 10, it swims on" in last(b, "Swim")
    assert (c(b, "fighter").x, c(b, "fighter").y) == (2, 0)
    act(b, "fighter", "move", path=[[3, 0]])  # the same round: no second check
    assert sum("rolls Swim" in line for line in b.state.log) == 1 and (c(b, "fighter").x, c(b, "fighter").y) == (3, 0)


def test_a_failed_swim_check_makes_no_progress_and_by_5_or_more_it_goes_under():
    b = battle(POOL, [creature("fighter", "fighter", "blue", (2, 0)), creature("gob", "goblin", "red", (6, 2))])
    force(b, 5)  # 5 + 2 = 7: failed by 3
    act(b, "fighter", "move", path=[[3, 0]])
    assert "failed: it makes no progress this round" in last(b, "Swim") and (c(b, "fighter").x, c(b, "fighter").y) == (2, 0)
    end(b, "fighter")
    end(b, "gob")
    force(b, 2)  # 2 + 2 = 4: failed by 6
    act(b, "fighter", "move", path=[[2, 1], [2, 2]])  # even to climb out, it must swim
    assert "goes under" in last(b, "Swim") and (c(b, "fighter").x, c(b, "fighter").y) == (2, 0)


def test_a_creature_with_a_swim_speed_never_checks():
    b = battle(POOL, [creature("sahuagin", "sahuagin", "red", (1, 0)), creature("fighter", "fighter", "blue", (6, 2))])
    act(b, "sahuagin", "move", path=[[2, 0], [3, 0], [4, 0]])
    assert not any("Swim" in line for line in b.state.log) and c(b, "sahuagin").x == 4


def test_slashing_and_bludgeoning_underwater_take_minus_2_and_deal_half_damage():
    # 3.5 SRD, Underwater combat: slashing or bludgeoning weapons -2 on attacks, half damage
    b = battle(POOL, [creature("fighter", "fighter", "blue", (3, 0)), creature("sahuagin", "sahuagin", "red", (4, 0)),
                      creature("orc", "orc", "red", (6, 2))])
    (option,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["target"] == "sahuagin"
                 and o.command["with"] == "longsword"]
    assert any("underwater -2" in r.text for r in option.preview.reasons)
    force(b, 12, 7)  # 12 + 6 - 2 = 16 vs flat-footed AC 15; 1d8+2 = 9, halved: 4
    attack(b, "fighter", "sahuagin", "longsword")
    assert "d20 12 +4 = 16" in last(b, "attacks") and "underwater -2, half damage" in last(b, "attacks")
    assert "halved underwater: 4" in last(b, "takes") and c(b, "sahuagin").hp == 11 - 4
    end(b, "fighter")
    force(b, 15, 3)  # the sahuagin's trident is piercing: no penalty, full damage (1d8+3 = 6)
    attack(b, "sahuagin", "fighter", "trident")
    assert "underwater" not in last(b, "attacks") and c(b, "fighter").hp == 28 - 6


LAKE = "~~~~....\n~~~~....\n........"


def test_a_shot_through_water_takes_minus_2_for_every_5_feet_of_water():
    # 3.5 SRD, Ranged attacks underwater: "Attacks with other ranged weapons take a -2 penalty on
    # attack rolls for every 5 feet of water they pass through, in addition to the normal penalties
    # for range"; 1.5 m (5 feet) a square, a part of one counting whole
    b = battle(LAKE, [creature("sahuagin", "sahuagin", "red", (0, 0)), creature("fighter", "fighter", "blue", (1, 0)),
                      creature("rogue", "rogue", "blue", (5, 0))])
    sahuagin, fighter, rogue = c(b, "sahuagin"), c(b, "fighter"), c(b, "rogue")
    crossbow = sahuagin.stats.attack("heavy-crossbow")
    assert any(r.text == "through water -2" for r in odds(b, sahuagin, fighter, crossbow).reasons)  # 1.5 m of water
    # to the rogue on land: the line runs 3.5 of its 5 squares in the water, 5.25 m: -8
    assert any(r.text == "through water -8" for r in odds(b, sahuagin, rogue, crossbow).reasons)
    end(b, "sahuagin")
    end(b, "fighter")
    force(b, 10, 1)  # the rogue's shortbow back into the lake: -8 too, and the improved cover (+8)
    bow = next(a for a in rogue.stats.attacks if not a.is_melee)
    attack(b, "rogue", "sahuagin", bow.name)
    line = last(b, "attacks")
    assert "d20 10 -4 = 6" in line and "through water -8" in line and "improved cover +8 AC" in line


def test_a_thrown_weapon_is_no_use_underwater_even_from_land():
    # 3.5 SRD: "Thrown weapons are ineffective underwater, even when launched from land"
    b = battle(LAKE, [creature("orc", "orc", "red", (5, 0)), creature("sahuagin", "sahuagin", "blue", (2, 0)),
                      creature("fighter", "fighter", "blue", (5, 2))])
    before = list(b.state.log)
    with pytest.raises(IllegalCommand, match="the javelin is a thrown weapon: no use underwater"):
        attack(b, "orc", "sahuagin", "javelin")
    assert b.state.log == before
    targets = {o.command["target"] for o in b.legal_commands() if o.command.get("with") == "javelin"}
    assert "sahuagin" not in targets and "fighter" in targets  # on land, the javelin flies
    assert "no use underwater" in b.why_not("attack:javelin", "sahuagin")


def test_a_ray_is_a_spell_not_a_ranged_weapon_and_takes_no_water_penalty():
    b = battle(LAKE, [creature("wizard", "wizard", "blue", (5, 0)), creature("sahuagin", "sahuagin", "red", (1, 0))])
    o = odds(b, c(b, "wizard"), c(b, "sahuagin"), ray_attack(c(b, "wizard"), SPELLS["ray-of-frost"]))
    assert not any("through water" in r.text for r in o.reasons)


def breathless_fighter(con=1, at=(1, 0)):
    """A fighter of Constitution `con` (holds its breath 2 x con rounds) in the lake, a sahuagin
    (it breathes water) in it too, a rogue on the shore; their turns pass with no other act."""
    return battle(LAKE, [creature("fighter", "fighter", "blue", at, abilities={"str": 15, "dex": 13, "con": con,
                                                                               "int": 10, "wis": 12, "cha": 8}),
                         creature("sahuagin", "sahuagin", "red", (3, 1)), creature("rogue", "rogue", "blue", (7, 2))])


def next_round(b):
    for cid in ("fighter", "sahuagin", "rogue"):
        end(b, cid)


def test_a_creature_holds_its_breath_twice_its_constitution_then_checks_constitution_dc_10_plus_1_each_round():
    # 3.5 SRD, Drowning: "hold her breath for a number of rounds equal to twice her Constitution
    # score [...] a DC 10 Constitution check every round [...] Each round, the DC increases by 1"
    b = breathless_fighter(con=1)  # 2 rounds held: its first two turns pass with no roll
    next_round(b)
    assert not any("holds its breath" in line for line in b.state.log)
    force(b, 15)  # round 3: d20 15 - 5 (Con 1) = 10 vs DC 10
    next_round(b)
    assert "Fighter holds its breath: Constitution d20 15 -5 = 10 vs DC 10" in last(b, "holds its breath")
    force(b, 16)  # round 4: DC 11
    next_round(b)
    assert "d20 16 -5 = 11 vs DC 11" in last(b, "holds its breath") and c(b, "fighter").state == "conscious"
    assert not any("Sahuagin holds" in line for line in b.state.log)  # a swim speed: it breathes water


def test_a_failed_check_drowns_it_unconscious_then_dying_then_dead():
    # 3.5 SRD: "In the first round, she falls unconscious (0 hit points). In the following round,
    # she drops to -1 hit points and is dying. In the third round, she drowns."
    b = breathless_fighter(con=1)
    next_round(b)
    end(b, "fighter")
    end(b, "sahuagin")
    force(b, 2)  # round 3, at the fighter's turn: 2 - 5 = -3 vs DC 10
    end(b, "rogue")
    fighter = c(b, "fighter")
    assert "failed: it begins to drown, unconscious (0 hp)" in last(b, "holds its breath")
    assert fighter.hp == 0 and "unconscious" in fighter.conditions and b.current.id == "sahuagin"
    end(b, "sahuagin")
    end(b, "rogue")  # round 4: no dying roll (no d100 forced), -1 and dying
    assert fighter.hp == -1 and fighter.state == "dying" and "Fighter is drowning: -1 hp" in last(b, "drowning")
    end(b, "sahuagin")
    end(b, "rogue")  # round 5: it drowns
    assert fighter.state == "dead" and "Fighter drowns" in last(b, "drowns")


def test_out_of_deep_water_it_breathes_again():
    b = breathless_fighter(con=1, at=(4, 0))  # on the shore, beside the lake
    for _round in range(4):
        next_round(b)
    assert not any("holds its breath" in line for line in b.state.log)
    b = breathless_fighter(con=1)
    next_round(b)  # two rounds held
    c(b, "fighter").x = 4  # out of the water by hand (its Swim checks are not this test's)
    next_round(b)
    assert "breath" not in c(b, "fighter").effects and not any("holds its breath" in line for line in b.state.log)
