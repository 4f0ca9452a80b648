"""5e at its edges, spells: shield against magic missile as it is cast, creature types for
healing, cantrip damage by level, fire spreading around corners (SRD 5.1 spell descriptions).

The wizard (AC 12, 20 hit points) knows fire-bolt, magic-missile, shield and burning-hands,
with four level-1 slots and two level-2 slots.
"""

from helpers import act, battle, creature

WIDE = "." * 24 + "\n" + "." * 24 + "\n" + "." * 24


def lines(b, word):
    return [line for line in b.state.log if word in line]


# ---- shield against magic missile (SRD 5.1, Shield) ---------------------------------------
def duel(dice=()):
    """Two wizards: the blue one casts magic missile at the red one, who knows shield."""
    return battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1)),
                         creature("foe", "wizard", "red", (12, 1)),
                         creature("cleric", "cleric", "blue", (0, 2))], dice=dice)


def test_magic_missile_offers_shield_before_its_damage_and_shield_stops_the_darts():
    # SRD 5.1, Shield: a reaction "when you are hit by an attack or targeted by the magic
    # missile spell"; "you take no damage from magic missile". The darts' one roll (1d4 3)
    # comes after the answer.
    b = duel([3])
    act(b, "wizard", "cast", spell="magic-missile", target="foe")
    foe = b.state.creatures["foe"]
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("foe", "shield")]
    assert list(b.state.dice.forced) == [3]  # nothing rolled yet
    act(b, "foe", "react", take=True)
    assert foe.hp == 20 and "shield" in foe.effects and foe.slots[1] == 3 and not foe.reaction
    assert lines(b, "shield stops") == [f"Wizard 2's shield stops dart {n} (4)" for n in (1, 2, 3)]
    assert not b.state.offers


def test_declining_shield_lets_the_darts_strike():
    b = duel([3])
    act(b, "wizard", "cast", spell="magic-missile", target="foe")
    act(b, "foe", "react", take=False)
    foe = b.state.creatures["foe"]
    assert foe.hp == 20 - 12 and foe.slots[1] == 4 and foe.reaction


def test_any_other_command_takes_the_default_shield_against_the_darts():
    # FORMATS.md: a command other than the offered creature's react takes the offer's default
    b = duel([3])
    act(b, "wizard", "cast", spell="magic-missile", target="foe")
    act(b, "wizard", "end")  # the foe's turn then begins, which ends its shield
    foe = b.state.creatures["foe"]
    assert foe.hp == 20 and foe.slots[1] == 3 and lines(b, "shield stops")


def test_no_offer_to_a_target_that_cannot_cast_shield():
    b = duel([3])
    b.state.creatures["foe"].reaction = False
    act(b, "wizard", "cast", spell="magic-missile", target="foe")
    assert not b.state.offers and b.state.creatures["foe"].hp == 8


# ---- creature types (SRD 5.1, Cure Wounds, Healing Word) -----------------------------------
def healer_and(kind, **extra):
    """The cleric beside a wounded ally of the given kind, a goblin far off."""
    return battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1)),
                         creature("ally", kind, "blue", (2, 1), current_hp=2, **extra),
                         creature("gob1", "goblin", "red", (20, 1))], dice=[4])


def test_every_bundled_stat_block_has_its_srd_creature_type():
    from game.content.creatures import bundled_kinds, bundled_raw, parse_stat_block

    blocks = {k: parse_stat_block(bundled_raw("5e", k)) for k in bundled_kinds("5e")}
    assert {k: b.type for k, b in blocks.items()} == {
        "skeleton": "undead", "wolf": "beast", "brown-bear": "beast", "riding-horse": "beast",
        "warhorse": "beast", "giant-spider": "beast", "goblin": "humanoid", "orc": "humanoid",
        "sahuagin": "humanoid", "ogre": "giant", "hill-giant": "giant", "young-green-dragon": "dragon",
        "fighter": "humanoid", "rogue": "humanoid", "wizard": "humanoid", "cleric": "humanoid"}


def test_cure_wounds_and_healing_word_have_no_effect_on_undead():
    # SRD 5.1, Cure Wounds / Healing Word: "This spell has no effect on undead or constructs."
    from game.rules.errors import IllegalCommand

    b = healer_and("skeleton")
    for spell in ("cure-wounds", "healing-word"):
        problem = b.check({"actor": "cleric", "act": "cast", "spell": spell, "target": "ally"})
        assert problem and "no effect on undead" in problem
        assert not [o for o in b.legal_commands() if o.command.get("spell") == spell
                    and o.command.get("target") == "ally"]
    try:
        act(b, "cleric", "cast", spell="cure-wounds", target="ally")
    except IllegalCommand:
        pass
    assert b.state.creatures["ally"].hp == 2 and b.state.creatures["cleric"].slots[1] == 4


def test_a_beast_is_healed():
    b = healer_and("wolf")
    act(b, "cleric", "cast", spell="cure-wounds", target="ally")  # 1d8 4 + Wis 3 = 7
    assert b.state.creatures["ally"].hp == 9


def test_a_stat_block_type_must_be_an_srd_creature_type():
    import pytest

    from game.content.schema_5e import parse_stat_block
    from game.content.errors import ContentError

    base = {"id": "golem", "name": "Golem", "ac": 10, "hp": 10}
    assert parse_stat_block({**base, "type": "construct"}).type == "construct"
    assert parse_stat_block(base).type == "humanoid"
    with pytest.raises(ContentError, match="'type' must be one of"):
        parse_stat_block({**base, "type": "robot"})


# ---- cantrip damage by character level (SRD 5.1, Fire Bolt, Sacred Flame) -----------------
def bolt(level, dice):
    b = battle(WIDE, [creature("wizard", "wizard", "blue", (1, 1), **({"level": level} if level else {})),
                      creature("gob1", "goblin", "red", (8, 1), hp=40)], dice=dice)
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    return 40 - b.state.creatures["gob1"].hp


def test_fire_bolt_gains_a_d10_at_levels_5_11_and_17():
    # SRD 5.1, Fire Bolt: "increases by 1d10 when you reach 5th level (2d10), 11th level (3d10),
    # and 17th level (4d10)"; d20 15 + 5 = 20 hits AC 15, then the damage dice
    assert bolt(None, [15, 3, 4, 5, 6]) == 3  # the bundled wizard is level 3: 1d10
    assert bolt(4, [15, 3, 4, 5, 6]) == 3
    assert bolt(5, [15, 3, 4, 5, 6]) == 7
    assert bolt(11, [15, 3, 4, 5, 6]) == 12
    assert bolt(17, [15, 3, 4, 5, 6]) == 18


def test_sacred_flame_gains_a_d8_at_level_5():
    # SRD 5.1, Sacred Flame: 1d8 radiant, 2d8 at 5th level; the goblin fails its Dex save (d20 1)
    for level, dealt in ((3, 2), (5, 5)):
        b = battle(WIDE, [creature("cleric", "cleric", "blue", (1, 1), level=level),
                          creature("gob1", "goblin", "red", (8, 1), hp=40)], dice=[1, 2, 3])
        act(b, "cleric", "cast", spell="sacred-flame", target="gob1")
        assert 40 - b.state.creatures["gob1"].hp == dealt


def test_a_stat_block_level_is_1_to_20_and_defaults_to_1():
    import pytest

    from game.content.errors import ContentError
    from game.content.schema_5e import parse_stat_block

    base = {"id": "mage", "name": "Mage", "ac": 10, "hp": 10}
    assert parse_stat_block(base).level == 1  # a monster's spellcasting level, 1 when absent
    assert parse_stat_block({**base, "level": 9}).level == 9
    for bad in (0, 21, "5"):
        with pytest.raises(ContentError, match="'level'"):
            parse_stat_block({**base, "level": bad})


# ---- fire spreading around corners (SRD 5.1, Fireball) ------------------------------------
PYRO = {"spells": ["fireball"], "spell_slots": {"3": 1}}
# a short wall (column 8, rows 1-3): the fire goes round its end
SHORT = "\n".join(["." * 14, "........#.....", "........#.....", "........#.....", "." * 14])
# a wall down to row 3 (column 8): the way round, by row 4, is longer than the radius
LONG = "\n".join(["........#....."] * 4 + ["." * 14])


def fireball_at(grid, at, goblins, dice):
    roster = [creature("wizard", "wizard", "blue", (0, at[1]), **PYRO)]
    roster += [creature(cid, "goblin", "red", pos, hp=40) for cid, pos in goblins]
    b = battle(grid, roster, dice=dice)
    act(b, "wizard", "cast", spell="fireball", at=list(at))
    return b


def test_fireball_spreads_around_a_corner_within_its_radius():
    # SRD 5.1, Fireball: "The fire spreads around corners". From [6, 2] the goblin at [10, 2]
    # has total cover (the wall), but the fire reaches it round the wall's end in 4 squares
    # (6 m): [7, 1], [8, 0], [9, 1], [10, 2]. 8d6 = 24, its Dex save d20 1 + 2 fails.
    b = fireball_at(SHORT, (6, 2), [("gob1", (10, 2))], [3] * 8 + [1])
    assert b.state.creatures["gob1"].hp == 40 - 24
    assert lines(b, "Dex save") == ["Goblin makes a DC 13 Dex save: d20 1 +2 = 3, failure"]


def test_fireball_does_not_reach_behind_a_wall_with_no_path_within_its_radius():
    # from [6, 1] the way round the long wall to [10, 1] passes [8, 4]: 3 + 4 squares, more than 4
    b = fireball_at(LONG, (6, 1), [("gob1", (10, 1))], [3] * 8)
    assert b.state.creatures["gob1"].hp == 40
    assert lines(b, "casts")[-1].endswith("(no creature in it)")


def test_the_spread_is_a_flood_from_the_centre_square():
    import numpy as np

    from game.core.areas import show, spread

    walls = np.array([[c == "#" for c in row] for row in SHORT.split("\n")])
    mask = spread(walls, (6, 2), 6, "5-5-5")
    assert show(mask) == "\n".join(["..xxxxxxxxx...",
                                    "..xxxxxx.xx...",
                                    "..xxxxxx.xx...",
                                    "..xxxxxx.xx...",
                                    "..xxxxxxxxx..."])

    # on open ground the flood is the sphere itself, under either way of counting diagonals
    from game.core.areas import sphere

    for diagonals in ("5-5-5", "5-10-5"):
        for centre in ((6, 2), (0, 0)):
            open_ground = np.zeros((5, 14), bool)
            assert (spread(open_ground, centre, 6, diagonals) == sphere((5, 14), centre, 6, diagonals)).all()


def test_only_a_sphere_spreads():
    import pytest

    from game.content.errors import ContentError
    from game.content.schema_5e import parse_spell

    cone = {"id": "x", "level": 1, "casting_time": "action", "effect": "area", "dice": "1d6",
            "save": "dex", "area": "cone", "size": 4.5}
    assert not parse_spell(cone).spreads
    with pytest.raises(ContentError, match="only a sphere spreads"):
        parse_spell({**cone, "spreads": True})
    assert parse_spell({**cone, "area": "sphere", "spreads": True}).spreads
