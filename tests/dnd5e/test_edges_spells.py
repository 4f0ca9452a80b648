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
