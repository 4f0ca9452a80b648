"""3.5 reach (RULESETS.md section 1, "AoO"): natural reach, 10-ft reach to the second diagonal,
Large long creatures with 1.5 m, and reach weapons that strike at 3 m but not next to them; the
threatened squares, the attacks of opportunity, flanking and the attack's own reach follow it."""

import numpy as np
import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

FIELD = "\n".join(["........."] * 9)
# 3.5 SRD, Longspear: 1d8, x3, piercing, two-handed, reach
LONGSPEAR = [{"name": "longspear", "kind": "melee", "to_hit": 5, "damage": "1d8+3", "type": "piercing",
              "multiplier": 3, "properties": ["two-handed", "reach"]}]


def threatened(b, cid) -> set[tuple[int, int]]:
    ys, xs = np.nonzero(b.reach_squares(cid))
    return set(zip(xs.tolist(), ys.tolist()))


def ring(x0, y0, side, far, near=0):
    """The squares at a Chebyshev distance in (near, far] of a side x side space at (x0, y0)."""
    found = set()
    for y in range(9):
        for x in range(9):
            dx = max(x0 - x, x - (x0 + side - 1), 0)
            dy = max(y0 - y, y - (y0 + side - 1), 0)
            if near < max(dx, dy) <= far:
                found.add((x, y))
    return found


def test_a_large_tall_ogre_threatens_3_m_to_the_second_diagonal_and_a_large_long_bear_only_1_5_m():
    # RULESETS.md (D): "10-ft reach reaches the 2nd diagonal (engine: yes)"; SRD, Big and little
    # creatures: a Large long creature (wolf, bear) has a natural reach of 1.5 m
    b = battle(FIELD, [creature("ogre", "ogre", "red", (3, 3)), creature("fighter", "fighter", "blue", (0, 0))])
    assert threatened(b, "ogre") == ring(3, 3, 2, 2)
    assert (1, 1) in threatened(b, "ogre")  # the second diagonal of its top-left square
    b = battle(FIELD, [creature("bear", "brown-bear", "red", (3, 3)), creature("fighter", "fighter", "blue", (0, 0))])
    assert threatened(b, "bear") == ring(3, 3, 2, 1)
    b = battle(FIELD, [creature("wolf", "dire-wolf", "red", (3, 3)), creature("fighter", "fighter", "blue", (0, 0))])
    assert threatened(b, "wolf") == ring(3, 3, 2, 1)


def test_the_ogre_strikes_from_two_squares_away_and_its_reach_provokes_when_a_foe_walks_off():
    b = battle(FIELD, [creature("ogre", "ogre", "red", (3, 3)), creature("fighter", "fighter", "blue", (1, 1))])
    end(b, "ogre")  # no longer flat-footed: it may take attacks of opportunity
    assert not b.check({"actor": "fighter", "act": "step", "to": [0, 0]})  # the 5-foot step never provokes
    act(b, "fighter", "move", to=[1, 0])
    assert b.state.offers and b.state.offers[0].reactor == "ogre"
    act(b, "ogre", "react", take=False)
    b = battle(FIELD, [creature("ogre", "ogre", "red", (3, 3)), creature("fighter", "fighter", "blue", (1, 1))])
    force(b, 10, 4, 4)
    attack(b, "ogre", "fighter", "greatclub")  # two squares away on the diagonal
    assert "Ogre attacks Fighter with greatclub" in last(b, "attacks")
    b = battle(FIELD, [creature("bear", "brown-bear", "red", (3, 3)), creature("fighter", "fighter", "blue", (1, 1))])
    with pytest.raises(IllegalCommand, match="out of reach"):
        attack(b, "bear", "fighter", "claw")


def test_a_reach_weapon_threatens_3_m_but_not_the_adjacent_squares():
    # 3.5 SRD, Reach weapons: "you can strike opponents 10 feet away with it, but you can't use
    # it against an adjacent foe"; RULESETS.md: "reach weapon: only the squares at 10 ft"
    b = battle(FIELD, [creature("orc", "orc", "red", (4, 4), attacks=LONGSPEAR),
                       creature("fighter", "fighter", "blue", (5, 4)), creature("rogue", "rogue", "blue", (6, 6))])
    assert threatened(b, "orc") == ring(4, 4, 1, 2, near=1)
    with pytest.raises(IllegalCommand, match="too near for the longspear"):
        attack(b, "orc", "fighter", "longspear")
    assert {o.command["target"] for o in b.legal_commands() if o.command.get("act") == "attack"} == {"rogue"}
    force(b, 10, 5)
    attack(b, "orc", "rogue", "longspear")  # the second diagonal, 3 m
    assert last(b, "attacks").endswith("hit") and c(b, "rogue").hp == 20 - 8


def test_a_reach_weapon_provokes_only_from_3_m_and_flanks_only_from_there():
    b = battle(FIELD, [creature("orc", "orc", "red", (4, 4), attacks=LONGSPEAR),
                       creature("fighter", "fighter", "blue", (5, 4)), creature("rogue", "rogue", "blue", (6, 4))])
    end(b, "orc")
    # the fighter, adjacent, walks off to another adjacent square: it left no threatened square
    act(b, "fighter", "move", to=[5, 5])
    assert not b.state.offers
    end(b, "fighter")
    # the rogue leaves [6, 4], 3 m away: the longspear's square; the offer's attack is the longspear
    act(b, "rogue", "move", to=[7, 4])
    assert b.state.offers and b.state.offers[0].reactor == "orc"
    assert "longspear" in b.offer().detail
    force(b, 2)
    act(b, "orc", "react", take=True)
    assert "makes an attack of opportunity against Rogue with longspear" in last(b, "opportunity")


def test_a_flanker_must_threaten_the_target_a_reach_weapon_next_to_it_does_not():
    # 3.5 SRD, Flanking: the ally must threaten the target; a longspear next to it does not
    roster = [creature("gob", "goblin", "red", (4, 4)), creature("rogue", "rogue", "blue", (3, 4)),
              creature("orc", "orc", "blue", (5, 4), attacks=LONGSPEAR)]
    b = battle(FIELD, roster)
    end(b, "gob")
    force(b, 9)
    attack(b, "rogue", "gob", "rapier")
    assert "flanking" not in last(b, "attacks")
    roster[2] = creature("orc", "orc", "blue", (6, 4), attacks=LONGSPEAR)  # 3 m away, on the far side
    b = battle(FIELD, roster)
    end(b, "gob")
    force(b, 9)
    attack(b, "rogue", "gob", "rapier")
    assert "flanking with Orc +2" in last(b, "attacks")


def test_a_reach_weapon_in_a_stat_block_is_checked():
    with pytest.raises(Exception, match="properties"):
        battle(FIELD, [creature("orc", "orc", "red", (4, 4), attacks=[{**LONGSPEAR[0], "properties": ["long"]}]),
                       creature("fighter", "fighter", "blue", (0, 0))])


def test_a_large_foe_walking_beside_a_reach_weapon_is_not_threatened_by_it_in_the_preview_nor_the_engine():
    # the longspear never strikes a foe with a square next to its wielder; the bear's path from
    # [5, 3] to [5, 4] keeps it next to the orc: no attack of opportunity, none foreseen
    b = battle(FIELD, [creature("orc", "orc", "red", (4, 4), attacks=LONGSPEAR),
                       creature("bear", "brown-bear", "blue", (5, 3))])
    end(b, "orc")
    move = next(o for o in b.legal_commands() if o.command.get("act") == "move" and o.command["to"] == [5, 4])
    assert move.preview.opportunity_attacks == ()
    act(b, "bear", "move", to=[5, 4])
    assert not b.state.offers
    # leaving from [6, 3] (2 squares off, a space the spear threatens) is foreseen and offered
    b = battle(FIELD, [creature("orc", "orc", "red", (4, 4), attacks=LONGSPEAR),
                       creature("bear", "brown-bear", "blue", (6, 3))])
    end(b, "orc")
    move = next(o for o in b.legal_commands() if o.command.get("act") == "move" and o.command["to"] == [7, 3])
    assert move.preview.opportunity_attacks == ("orc",)
    act(b, "bear", "move", to=[7, 3])
    assert [o.reactor for o in b.state.offers] == ["orc"]


def test_within_reach_counts_as_the_rule_says_for_any_two_spaces():
    # RULESETS.md (D): reach 1.5 and 3 m count every diagonal 1 (3 m reaches the second
    # diagonal); longer reaches count 1-2-1; the spaces never reach themselves
    from game.rules.dnd35.geometry import within_reach

    def plain(a, b, reach_m):
        squares = int(reach_m / 1.5 + 1e-9)
        dx = max(b[0] - (a[0] + a[2] - 1), a[0] - (b[0] + b[2] - 1), 0)
        dy = max(b[1] - (a[1] + a[2] - 1), a[1] - (b[1] + b[2] - 1), 0)
        count = max(dx, dy) if squares <= 2 else max(dx, dy) + min(dx, dy) // 2
        return max(dx, dy) > 0 and count <= squares

    spaces = [(x, y, side) for side in (1, 2, 3) for x in range(0, 7) for y in range(0, 7, 2)]
    reached = 0
    for reach in (1.5, 3.0, 4.5, 6.0):
        for a in spaces[::3]:
            for b in spaces:
                assert within_reach(a, b, reach) == plain(a, b, reach), (a, b, reach)
                reached += within_reach(a, b, reach)
    assert within_reach((0, 0, 1), (2, 2, 1), 3.0) and not within_reach((0, 0, 1), (3, 3, 1), 4.5)
    assert reached > 100
