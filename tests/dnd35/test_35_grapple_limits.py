"""3.5 grapple, the rest of the SRD's Grapple section: at most four grapplers on one foe (by their
sizes), what a pinner may not do, and Escape Artist in place of the grapple check to escape.
Seed 003 stops before the grapple: no French to quote; the 3.5 SRD's words are quoted."""

import pytest

from game.rules.dnd35.grappling import grapple_bonus, hold, opponents, win_chance
from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"
SQUARE = ".....\n.....\n.....\n....."


def crowd(target_kind: str, grapplers: list[tuple[str, str, tuple[int, int]]], joiner):
    """A foe at [2, 1] held by the grapplers (each beside it), and a joiner beside it whose turn it is."""
    roster = [creature(joiner[0], joiner[1], "blue", joiner[2])]
    roster += [creature(cid, kind, "blue", at) for cid, kind, at in grapplers]
    roster.append(creature("foe", target_kind, "red", (2, 1), hp=40))
    b = battle(SQUARE, roster)
    for cid, _kind, _at in grapplers:
        hold(b, c(b, cid), c(b, "foe"))
    return b


def test_at_most_four_creatures_of_its_size_grapple_one_foe():
    # 3.5 SRD, Multiple grapplers: "Up to four combatants can grapple a single opponent in a given round"
    four = [("f1", "fighter", (1, 1)), ("f2", "fighter", (3, 1)), ("f3", "fighter", (2, 0)), ("f4", "fighter", (2, 2))]
    b = crowd("orc", four, ("rogue", "rogue", (1, 0)))
    with pytest.raises(IllegalCommand, match="foe is grappled by as many as may grapple it"):
        act(b, "rogue", "grapple", target="foe")
    assert not any(o.command["act"] == "grapple" for o in b.legal_commands())
    b = crowd("orc", four[:3], ("rogue", "rogue", (1, 0)))
    force(b, 15, 5, 2)  # a fourth of its size joins: the check 15 + 3 vs 5 + 4, then 1d3 + 1
    act(b, "rogue", "grapple", target="foe")
    assert opponents(c(b, "foe")) == ["f1", "f2", "f3", "rogue"]


def test_a_larger_grappler_counts_double_and_a_smaller_one_half():
    # 3.5 SRD: "Creatures that are one or more size categories smaller than you count for half,
    # creatures that are one size category larger than you count double" (you: the one grappled)
    b = crowd("goblin", [("f1", "fighter", (1, 1)), ("f2", "fighter", (3, 1))], ("rogue", "rogue", (1, 0)))
    with pytest.raises(IllegalCommand, match="grappled by as many as may grapple it"):
        act(b, "rogue", "grapple", target="foe")  # two Medium on a Small goblin count four
    b = crowd("ogre", [("f1", "fighter", (1, 1)), ("f2", "fighter", (4, 1)), ("f3", "fighter", (2, 0)),
                       ("f4", "fighter", (3, 0)), ("f5", "fighter", (1, 2)), ("f6", "fighter", (4, 2)),
                       ("f7", "fighter", (2, 3))], ("rogue", "rogue", (3, 3)))
    force(b, 20, 1, 2)  # seven Medium on a Large ogre count 3.5: an eighth makes four
    act(b, "rogue", "grapple", target="foe")
    assert "rogue" in opponents(c(b, "foe"))


def bear_pins_fighter():
    """The brown bear's full attack: its claw hits and grabs the fighter, then it pins it in place
    of its second claw; the bite is left."""
    b = battle(ROW, [creature("bear", "brown-bear", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    force(b, 15, 1, 10, 10)  # the claw hits (1d8 + 8 = 9), the grab: 10 + 16 vs 10 + 5
    b.submit({"actor": "bear", "act": "full_attack", "target": "fighter", "with": "claw"})
    assert opponents(c(b, "bear")) == ["fighter"]
    force(b, 10, 10)
    act(b, "bear", "grapple", target="fighter", pin=True)
    assert "pinned" in c(b, "fighter").conditions
    return b


def test_a_pinner_cannot_use_a_weapon_its_blows_are_its_grapple_checks():
    # 3.5 SRD, If you're pinning an opponent: "You can't draw or use a weapon (against the pinned
    # character or any other character) ... while you are pinning an opponent"; the engine reads
    # natural weapons as weapons: the pinner may still damage it with a grapple check
    b = bear_pins_fighter()
    with pytest.raises(IllegalCommand, match="bear is pinning fighter: it can't use a weapon"):
        attack(b, "bear", "fighter", "bite")
    assert not any(o.command["act"] == "attack" for o in b.legal_commands())
    hp = c(b, "fighter").hp
    force(b, 10, 10, 3)  # in place of the bite: the check 10 + 16 vs 10 + 5, then 1d6 + 4 unarmed (Large)
    act(b, "bear", "grapple", target="fighter")
    assert c(b, "fighter").hp < hp and "Brown bear squeezes Fighter" in last(b, "squeezes")


def test_a_pinner_cannot_pin_another():
    # 3.5 SRD: nor "pin another character ... while you are pinning an opponent"
    b = battle(ROW, [creature("bear", "brown-bear", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1)),
                     creature("rogue", "rogue", "blue", (0, 1))])
    hold(b, c(b, "bear"), c(b, "fighter"))
    hold(b, c(b, "rogue"), c(b, "bear"))  # the rogue joined: the bear grapples both
    force(b, 10, 10)  # a full attack opened by the pin: 10 + 16 vs 10 + 5
    act(b, "bear", "grapple", target="fighter", pin=True, full_attack=True, **{"with": "claw"})
    assert "pinned" in c(b, "fighter").conditions and c(b, "bear").sequence
    with pytest.raises(IllegalCommand, match="bear is pinning fighter: it can't use a weapon, escape another's "
                                             "grapple or pin another"):
        act(b, "bear", "grapple", target="rogue", pin=True)


def rogue_held_by_orc():
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    hold(b, c(b, "orc"), c(b, "rogue"))
    return b


def test_escape_artist_may_take_the_place_of_the_grapple_check_to_escape():
    # 3.5 SRD, Escape from grapple: "You can make an Escape Artist check in place of your grapple
    # check if you so desire, but this requires a standard action"
    b = rogue_held_by_orc()
    force(b, 10, 12)  # Escape Artist 10 + 8 = 18 against the orc's grapple check 12 + 4 = 16
    act(b, "rogue", "escape", escape_artist=True)
    assert "Rogue against Orc, Escape Artist against grapple check: d20 10 +8 = 18 vs d20 12 +4 = 16: Rogue wins" \
        in last(b, "Escape Artist")
    assert "grappled" not in c(b, "rogue").conditions and not c(b, "rogue").standard
    # the same dice with its grapple check (+3): 13 against 16, still held
    b = rogue_held_by_orc()
    force(b, 10, 12)
    act(b, "rogue", "escape")
    assert "Orc wins" in last(b, "grapple check") and "grappled" in c(b, "rogue").conditions
    with pytest.raises(IllegalCommand, match="'escape_artist' must be true or false"):
        act(rogue_held_by_orc(), "rogue", "escape", escape_artist="yes")


def test_both_escapes_are_options_for_a_creature_with_escape_artist_each_with_its_chance():
    b = rogue_held_by_orc()
    escapes = [o for o in b.legal_commands() if o.command["act"] == "escape"]
    assert [o.label for o in escapes] == ["Escape Orc's grapple", "Escape Orc's grapple (Escape Artist)"]
    rogue, orc = c(b, "rogue"), c(b, "orc")
    assert escapes[0].preview.hit_chance == win_chance(grapple_bonus(rogue), grapple_bonus(orc))
    assert escapes[1].preview.hit_chance == win_chance(8, grapple_bonus(orc))
    assert all(b.check(o.command) is None for o in escapes)
    # a creature whose stat block lists no Escape Artist: the grapple check only
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    hold(b, c(b, "orc"), c(b, "fighter"))
    assert [o.label for o in b.legal_commands() if o.command["act"] == "escape"] == ["Escape Orc's grapple"]


def test_a_pinned_creature_may_escape_the_pin_with_escape_artist():
    # 3.5 SRD, If you're pinned: an opposed check (or Escape Artist) escapes the pin, still grappled
    b = rogue_held_by_orc()
    end(b, "rogue")
    force(b, 15, 3)
    act(b, "orc", "grapple", target="rogue", pin=True)
    end(b, "orc")
    assert "pinned" in c(b, "rogue").conditions  # until the orc's next turn starts
    force(b, 12, 10)  # 12 + 8 = 20 vs 10 + 4 = 14
    act(b, "rogue", "escape", escape_artist=True)
    assert "pinned" not in c(b, "rogue").conditions and "grappled" in c(b, "rogue").conditions


def test_the_escape_button_opens_a_menu_of_both_escapes():
    from game.rules.api import MENU, NOW

    b = rogue_held_by_orc()
    escape = next(a for a in b.acts() if a.key == "escape")
    assert escape.aim == MENU and len(escape.options) == 2
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    hold(b, c(b, "orc"), c(b, "fighter"))
    assert next(a for a in b.acts() if a.key == "escape").aim == NOW  # one escape: at once
