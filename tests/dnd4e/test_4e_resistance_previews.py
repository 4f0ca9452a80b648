"""4e resistance and vulnerability in a power's preview (rules.toml "resistance": resistance to a
damage type takes that much off each hit of the type, vulnerability adds that much): the
expected damage the options show counts them as resolve.py does when it rolls, through the one
rule (damage.after_resistance), on every total the dice can give. The bundled skeleton resists
necrotic 10 and is vulnerable to radiant 5; the cleric's radiant lance is 1d6+4 radiant, +5 vs
Ref (the skeleton's Ref 15: a d20 of 11 or more hits, a 20 crits)."""

import pytest

from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def cleric_and_skeleton(**skeleton):
    return battle4e(ROW, [creature("cleric", "cleric", "blue", (1, 1)),
                          creature("skel", "skeleton", "red", (4, 1), **skeleton)])


def lance(b):
    return next(o.preview for o in b.legal_commands()
                if o.command.get("with") == "radiant-lance" and o.command.get("target") == "skel")


def test_the_preview_adds_the_skeletons_vulnerability_to_radiant():
    # a hit 1d6+4 (7.5) + 5, a crit 10 + 5: 0.45 x 12.5 + 0.05 x 15 = 6.375 (not 3.875)
    b = cleric_and_skeleton()
    preview = lance(b)
    assert (preview.hit_chance, preview.crit_chance) == (0.5, 0.05)
    assert preview.expected_damage == pytest.approx(0.45 * 12.5 + 0.05 * 15)
    force(b, 15, 3)  # a hit, the d6 a 3: 7 radiant + 5
    act(b, "cleric", "attack", target="skel", **{"with": "radiant-lance"})
    assert log_with(b, "takes") == ["Skeleton takes 12 radiant damage from radiant lance (vulnerable 5) (33/45 hp)"]


def test_a_resistance_counts_on_each_face_of_the_dice_not_on_the_average():
    # resist radiant 7 (no vulnerability): the d6 gives 5..10, less 7: 0, 0, 0, 1, 2, 3 (1 on
    # average, where 7.5 - 7 would say 0.5); a crit 10 - 7 = 3: 0.45 x 1 + 0.05 x 3 = 0.6
    b = cleric_and_skeleton(resist={"radiant": 7}, vulnerable={})
    assert lance(b).expected_damage == pytest.approx(0.45 * 1 + 0.05 * 3)
    force(b, 15, 2)  # a hit, 6 radiant less 7: nothing
    act(b, "cleric", "attack", target="skel", **{"with": "radiant-lance"})
    assert log_with(b, "damage") == ["Skeleton takes no damage (resist 7)"]


def test_a_weakened_attacker_halves_first_then_the_vulnerability_adds():
    # resolve.py: half the roll (rounded down), then damage.after_resistance: 5..10 halved is
    # 2, 3, 3, 4, 4, 5 (3.5) + 5; a crit 10 // 2 + 5 = 10: 0.45 x 8.5 + 0.05 x 10
    b = cleric_and_skeleton()
    b.state.creatures["cleric"].conditions.add("weakened")
    assert lance(b).expected_damage == pytest.approx(0.45 * 8.5 + 0.05 * 10)
    force(b, 15, 3)  # 7 halved is 3, + 5
    act(b, "cleric", "attack", target="skel", **{"with": "radiant-lance"})
    assert log_with(b, "takes")[0].startswith("Skeleton takes 8 radiant damage")


def test_a_damage_type_it_neither_resists_nor_fears_is_the_plain_average():
    # the cleric's mace (1d8+2, untyped) on the skeleton: no adjustment, 6.5 a hit, 10 a crit
    b = battle4e(ROW, [creature("cleric", "cleric", "blue", (1, 1)), creature("skel", "skeleton", "red", (2, 1))])
    mace = next(o.preview for o in b.legal_commands()
                if o.command.get("with") == "mace" and o.command.get("target") == "skel")
    hit = mace.hit_chance - mace.crit_chance
    assert mace.expected_damage == pytest.approx(hit * 6.5 + mace.crit_chance * 10)
