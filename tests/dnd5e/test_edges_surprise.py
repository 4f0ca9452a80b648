"""5e at its edges: surprise given by the scenario (5e, "Surprise").

"Si vous êtes surpris, vous ne pouvez pas bouger ou faire une action pendant votre premier tour
de combat et vous ne pourrez pas réagir avant que le tour ne se finisse."
"""

import pytest

from helpers import act, battle, creature

ROW = "..........\n..........\n.........."


def surprised(b, cid):
    return "surprised" in b.to_json()["creatures"][cid]["conditions"]


@pytest.mark.parametrize("how", [{"surprised": True}, {"conditions": ["surprised"]}])
def test_a_scenario_surprises_a_creature_as_a_surprise_roll_would(how):
    # either scenario key (FORMATS.md: `surprised = true`, or the starting condition)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), **how),
                     creature("gob1", "goblin", "red", (8, 1))])
    # 5e, "Surprise": no move and no action on its first turn, which ends at once
    assert b.current.id == "gob1"
    assert "Fighter is surprised and loses its turn" in b.state.log
    assert not surprised(b, "fighter")  # its first turn is over
    act(b, "gob1", "end")
    assert b.current.id == "fighter" and b.state.round == 2  # and the next one is its own


def test_surprised_is_listed_in_the_conditions_until_the_first_turn_ends():
    # FORMATS.md: `conditions` holds the game's own `surprised`
    b = battle(ROW, [creature("gob1", "goblin", "red", (8, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), surprised=True)])
    assert surprised(b, "fighter") and b.view("fighter").conditions == ("surprised",)
    act(b, "gob1", "end")  # the fighter's first turn ends at once
    assert not surprised(b, "fighter") and b.current.id == "gob1"


def test_a_surprised_creature_takes_no_reaction_before_its_first_turn_ends():
    # no opportunity attack
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), surprised=True)])
    act(b, "gob1", "move", to=[5, 1])
    assert not b.state.offers
    # no shield: the goblin's d20 10 + 4 = 14 hits AC 12, which +5 would turn into a miss
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1)),
                     creature("wizard", "wizard", "blue", (1, 1), surprised=True)], dice=[10, 3])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})
    assert not b.state.offers and b.state.creatures["wizard"].hp == 20 - 5
    # no readied action (set by hand: a surprised creature has had no turn to ready it in)
    b = battle(ROW, [creature("gob1", "goblin", "red", (3, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), surprised=True)])
    b.state.creatures["fighter"].effects["readied"] = {"event": "moves", "by": "enemy",
                                                       "then": {"act": "dodge", "actor": "fighter"}}
    act(b, "gob1", "move", to=[5, 1])
    assert not b.state.offers
    # once its first turn has ended, it reacts again
    act(b, "gob1", "end")
    act(b, "gob1", "move", to=[2, 1])
    act(b, "gob1", "move", to=[4, 1])
    assert [o.reactor for o in b.state.offers] == ["fighter"]
