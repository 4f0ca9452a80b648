"""4e, Ready an action (RULESETS.md 2): a standard action; the readied attack is an immediate
reaction after its trigger, and the readier then acts just before the trigger's author."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force

ROW = "........\n........\n........"


def test_a_readied_attack_strikes_the_foe_entering_reach_and_the_order_changes():
    roster = [creature("orc", "orc", "red", (5, 1)), creature("wizard", "wizard", "blue", (0, 0)),
              creature("fighter", "fighter", "blue", (1, 1))]
    b = battle4e(ROW, roster)
    act(b, "orc", "end")
    act(b, "wizard", "end")
    act(b, "fighter", "ready", trigger={"event": "enters_reach", "by": "orc"},
        then={"act": "attack", "target": "orc", "with": "heavy-blow"})
    assert b.state.creatures["fighter"].standard is False
    act(b, "fighter", "end")
    act(b, "orc", "move", to=[3, 1])  # not yet in reach: nothing
    assert b.state.offers == []
    act(b, "orc", "move", to=[2, 1])
    assert b.offer().kind == "readied" and b.offer().reactor == "fighter"
    assert b.offer().question == "Orc triggers Fighter's readied action — heavy blow on Orc?"
    force(b, 15, 4)  # 15 + 8 = 23 vs AC 14: 1d8+4 = 8
    act(b, "fighter", "react", take=True)
    assert b.state.creatures["orc"].hp == 38 and b.state.creatures["fighter"].immediate is False
    # "count moves just before the trigger's author"
    assert b.state.order == ["fighter", "orc", "wizard"] and b.current.id == "orc"


def test_a_readied_attack_after_an_attack_and_it_lapses_at_the_readiers_turn():
    roster = [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (5, 1)),
              creature("fighter", "fighter", "blue", (6, 1))]
    b = battle4e(ROW, roster)
    act(b, "wizard", "ready", trigger={"event": "attacks", "by": "enemy"},
        then={"act": "attack", "target": "orc", "with": "force-bolt"})
    act(b, "wizard", "end")
    force(b, 2)
    act(b, "orc", "attack", target="fighter", **{"with": "greataxe"})
    assert b.offer().reactor == "wizard"
    act(b, "wizard", "react", take=False)
    act(b, "orc", "end")
    act(b, "fighter", "end")
    assert "readied" not in b.state.creatures["wizard"].effects


def test_only_an_attack_may_be_readied_under_4e():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (5, 1))])
    with pytest.raises(IllegalCommand, match="'then' must be an attack"):
        act(b, "fighter", "ready", trigger={"event": "moves", "by": "orc"}, then={"act": "move", "to": [2, 2]})
