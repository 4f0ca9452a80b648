"""The odds a player sees before acting (issue 15, 6), for what is not an attack roll: a save's
chance to fail and the damage expected, a heal's expected amount, a contest's chance.

Each number is checked against the rule by hand, and the rule against the dice where it matters.
Wizard and cleric: save DC 13. Goblin: Dex save +2. Fighter: Athletics +5.
"""

import pytest

from game.rules.dnd5e.estimates import beat_odds
from helpers import act, battle, creature, force

WIDE = "\n".join(["." * 12] * 4)


def option(b, **wanted):
    found = [o for o in b.legal_commands() if all(o.command.get(k) == v for k, v in wanted.items())]
    assert found, f"no option {wanted}"
    return found[0].preview


def test_sacred_flame_shows_the_chance_the_target_fails_and_the_damage_expected():
    # SRD 5.1, Sacred Flame: a Dex save or 1d8 radiant, nothing on a success.
    # DC 13, Dex +2: the goblin fails on 1-10, 50%; expected 0.5 x 4.5 = 2.25
    b = battle(WIDE, [creature("cleric", "cleric", "blue", (0, 0)), creature("gob1", "goblin", "red", (5, 0))])
    p = option(b, act="cast", spell="sacred-flame", target="gob1")
    assert p.fail_chance == pytest.approx(0.5)
    assert p.expected_damage == pytest.approx(2.25)
    assert (p.dc, p.save, p.save_bonus) == (13, "dex", 2)


def test_a_dodging_target_saves_with_advantage_and_an_unconscious_one_always_fails():
    # 5e, Dodge: "avantage aux jets de sauvegarde de Dextérité": fails only if both dice fail,
    # 0.5 x 0.5 = 25%; SRD 5.1, Unconscious: automatically fails Str and Dex saves
    roster = [creature("cleric", "cleric", "blue", (0, 0)), creature("gob1", "goblin", "red", (5, 0)),
              creature("gob2", "goblin", "red", (5, 2), conditions=["unconscious"])]
    b = battle(WIDE, roster, initiative=["gob1", "cleric", "gob2"])
    act(b, "gob1", "dodge")
    act(b, "gob1", "end")
    assert option(b, act="cast", spell="sacred-flame", target="gob1").fail_chance == pytest.approx(0.25)
    assert option(b, act="cast", spell="sacred-flame", target="gob2").fail_chance == pytest.approx(1.0)


def test_a_heal_shows_what_it_is_expected_to_give_back_capped_at_the_maximum():
    # SRD 5.1, Cure Wounds: 1d8 + Wis 3 (average 7.5); 5e, Healing: never above the maximum
    roster = [creature("cleric", "cleric", "blue", (0, 0)), creature("fighter", "fighter", "blue", (1, 0), current_hp=8),
              creature("rogue", "rogue", "blue", (0, 1), current_hp=21), creature("gob1", "goblin", "red", (10, 3))]
    b = battle(WIDE, roster)
    assert option(b, act="cast", spell="cure-wounds", target="fighter").expected_heal == pytest.approx(7.5)
    # the rogue misses 3 hp of 24: 1d8 + 3 always reaches 4, so exactly 3
    assert option(b, act="cast", spell="cure-wounds", target="rogue").expected_heal == pytest.approx(3.0)


def test_a_grapple_shows_the_contests_chance_and_the_dice_agree():
    # 5e, Grappling: Athletics against the target's Athletics or Acrobatics (its choice, the
    # better); a tie fails the one who acts. Fighter +5 against the goblin's best.
    roster = [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (1, 0))]
    b = battle(WIDE, roster)
    goblin = b.state.creatures["gob1"].stats
    edge = 5 - max(goblin.skill("athletics"), goblin.skill("acrobatics"))
    p = option(b, act="grapple", target="gob1")
    assert p.success_chance == pytest.approx(beat_odds(edge))  # the AI's own count, written apart
    # the dice: 10 + 5 against a goblin roll exactly 15 - its bonus ties, and a tie fails
    force(b, 10, 15 - max(goblin.skill("athletics"), goblin.skill("acrobatics")))
    act(b, "fighter", "grapple", target="gob1")
    assert "grappled" not in b.state.creatures["gob1"].conditions


def test_a_burning_hands_aim_lists_each_creature_caught_with_its_odds():
    # SRD 5.1, Burning Hands: 3d6 fire, a Dex save for half. DC 13, Dex +2: fails 50%;
    # expected 0.5 x 10.5 + 0.5 x E[floor(3d6 / 2)] (5.0) = 7.75
    roster = [creature("wizard", "wizard", "blue", (0, 1)), creature("gob1", "goblin", "red", (2, 1))]
    b = battle(WIDE, roster)
    preview = b.area("spell:burning-hands", (1, 1))
    assert preview.caught == ("gob1",)
    assert "Goblin: 50% to fail the save, 7.8 expected damage" in preview.lines
