"""4e surprise from hiding (seed 004, "Le round de surprise": "si vous ratez le test de Perception
permettant de repérer des ennemis dissimulés, vous êtes surpris"). Engine reading: a side whose
creatures all start hidden rolls Stealth (d20 + bonus, one die each in the scenario's order)
against each enemy's passive Perception (10 + Perception); an enemy every roll beats is surprised."""

from helpers4e import battle4e, creature, log_with

ROW = "........\n........\n........"


def ambush(goblin_die: int, runt_die: int):
    # goblin Stealth +8, goblin runt +7; the fighter's passive Perception 12, the rogue's 16
    roster = [creature("gob", "goblin", "red", (5, 1), hidden=True),
              creature("runt", "goblin-runt", "red", (6, 1), hidden=True),
              creature("fighter", "fighter", "blue", (1, 1)), creature("rogue", "rogue", "blue", (1, 2))]
    return battle4e(ROW, roster, dice=[goblin_die, runt_die])


def test_hiders_who_beat_a_passive_perception_surprise_it_and_those_who_do_not_are_noticed():
    # goblin 6 + 8 = 14, runt 9 + 7 = 16: both beat the fighter's 12 (surprised); the rogue's 16
    # beats neither (14, 16 are not above 16): the rogue is not surprised, and both are noticed
    b = ambush(6, 9)
    creatures = b.state.creatures
    assert "surprised" in creatures["fighter"].conditions and "surprised" not in creatures["rogue"].conditions
    assert log_with(b, "Stealth")[0] == "Goblin rolls Stealth: d20 6 +8 = 14"
    assert log_with(b, "is surprised") == ["Fighter is surprised (passive Perception 12)"]
    assert not creatures["gob"].conditions & {"hidden"} and not creatures["runt"].conditions & {"hidden"}
    assert b.state.surprise_round
    rules = b.state.log_rules[b.state.log.index("Fighter is surprised (passive Perception 12)")]
    assert "stealth-surprise" in rules


def test_one_hider_failing_against_a_creature_spares_it_the_surprise():
    # goblin 2 + 8 = 10 does not beat the fighter's 12: the fighter notices a threat
    b = ambush(2, 19)
    assert not any("surprised" in c.conditions for c in b.state.creatures.values())
    assert not b.state.surprise_round and "hidden" in b.state.creatures["runt"].conditions


def test_a_side_not_all_hidden_rolls_no_stealth():
    roster = [creature("gob", "goblin", "red", (5, 1), hidden=True), creature("orc", "orc", "red", (6, 1)),
              creature("fighter", "fighter", "blue", (1, 1))]
    b = battle4e(ROW, roster, dice=[20])
    assert not log_with(b, "Stealth") and list(b.state.dice.forced) == [20]
