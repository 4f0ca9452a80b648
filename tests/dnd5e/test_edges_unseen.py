"""5e at its edges: unseen creatures (5e, "Attaquants et cibles invisibles", "Attaques d'opportunité").

A hidden creature is unseen by its enemies: they attack the square they guess it is in, and it
leaves their reach without their noticing.
"""

import pytest

from game.rules.dnd5e.options import legal_commands
from game.rules.errors import IllegalCommand
from helpers import act, battle, creature, force

ROW = "..........\n..........\n.........."


def last(b, word):
    return [line for line in b.state.log if word in line][-1]


def ambush(attacker: str):
    """A goblin hidden beside the attacker (its Stealth d20 19 + 6 beats every passive
    Perception); a second goblin in plain view, so that nobody is surprised."""
    return battle(ROW, [creature(attacker, attacker, "blue", (1, 1)),
                        creature("gob1", "goblin", "red", (2, 1), hp=20, hidden=True),
                        creature("gob2", "goblin", "red", (9, 2))], dice=[19])


def test_a_hidden_creature_is_attacked_at_a_guessed_square_not_by_its_id():
    # 5e: "si vous devinez l'emplacement de votre cible", with disadvantage
    b = ambush("fighter")
    assert "hidden" in b.state.creatures["gob1"].conditions
    with pytest.raises(IllegalCommand, match=r"gob1 is hidden: attack the square you guess it is in \(at = \[x, y\]\)"):
        act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})
    assert b.current.action  # nothing spent
    # so the options (and the action bar) hold no attack on it by id, nor a grapple or a shove
    assert not [o for o in legal_commands(b) if o.command.get("target") == "gob1"
                and o.command["act"] in ("attack", "grapple", "shove")]
    force(b, 15, 12, 4)  # d20 15/12 keeps 12: 12 + 5 = 17 vs AC 15; 1d8 4 + 3
    act(b, "fighter", "attack", at=[2, 1], **{"with": "longsword"})
    assert "d20 15/12 (disadvantage) 12 + 5 = 17 vs AC 15, hit" in last(b, "attacks")
    assert b.state.creatures["gob1"].hp == 20 - 7


def test_a_hidden_creature_is_no_target_for_a_spell_by_its_id_either():
    # a spell attack is an attack; magic missile needs "a creature you can see" (SRD 5.1)
    b = ambush("wizard")
    with pytest.raises(IllegalCommand, match="gob1 is hidden"):
        act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    with pytest.raises(IllegalCommand, match="wizard cannot see gob1"):
        act(b, "wizard", "cast", spell="magic-missile", target="gob1")
    assert b.current.action and b.state.creatures["wizard"].slots[1] == 4


def test_a_hidden_creature_leaving_reach_provokes_no_opportunity_attack_and_stays_hidden():
    # 5e, "Attaques d'opportunité": "quand une créature hostile que vous pouvez voir sort de votre
    # portée"; the goblin ends behind the wall, at half cover from the fighter
    grid = "......\n......\n..#...\n......"
    b = battle(grid, [creature("gob1", "goblin", "red", (1, 1), hidden=True),
                      creature("fighter", "fighter", "blue", (1, 2)),
                      creature("gob2", "goblin", "red", (5, 0))], dice=[19])
    act(b, "gob1", "move", to=[3, 2])
    assert not b.state.offers
    gob = b.state.creatures["gob1"]
    assert (gob.x, gob.y) == (3, 2) and "hidden" in gob.conditions
    assert b.cover("fighter", "gob1") == "half"
