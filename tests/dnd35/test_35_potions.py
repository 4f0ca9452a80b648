"""3.5 potions (game/rules/dnd35/potions.py): drinking one, or giving it to an ally next to you,
is a standard action that provokes attacks of opportunity; the potion of cure light wounds heals
1d8 + 1 and, as any healing, stabilises a dying creature."""

import pytest

from game.content.errors import ContentError
from game.rules.errors import IllegalCommand
from helpers35 import act, battle, c, creature, end, force, last

ROW = "........\n........\n........"
CLW = "potion-of-cure-light-wounds"


def test_drinking_a_potion_is_a_standard_action_that_heals_1d8_plus_1():
    # 3.5 SRD, Potion of cure light wounds: the spell at caster level 1, 1d8 + 1
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), current_hp=3, items=[CLW]),
                     creature("gob", "goblin", "red", (6, 1))])
    force(b, 5)
    act(b, "fighter", "use", item=CLW)
    assert "1d8 [5] + 1" in last(b, "potion") and c(b, "fighter").hp == 9
    assert c(b, "fighter").items == [] and not c(b, "fighter").standard and c(b, "fighter").move_action
    with pytest.raises(IllegalCommand, match="carries no potion of cure light wounds"):
        act(b, "fighter", "use", item=CLW)  # one use: it is gone


def test_drinking_a_potion_in_a_threatened_square_provokes_and_a_hit_may_drop_the_drinker():
    # 3.5 SRD, Actions in combat: "Drink a potion or apply an oil: standard action, provokes"
    b = battle(ROW, [creature("gob", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (1, 1), current_hp=2, items=[CLW])])
    end(b, "gob")  # the goblin is no longer flat-footed: it may take attacks of opportunity
    act(b, "fighter", "use", item=CLW)
    assert b.offer().kind == "opportunity" and b.offer().reactor == "gob"
    assert c(b, "fighter").hp == 2  # the potion waits for the answer
    force(b, 18, 4)  # 18 + 2 = 20 hits AC 17; 1d6 4: the fighter falls to -2 before it drinks
    act(b, "gob", "react", take=True)
    assert c(b, "fighter").state == "dying" and "action is lost" in last(b, "action is lost")
    assert not any("drinks" in line for line in b.state.log)


def test_a_potion_given_to_a_dying_ally_next_to_you_stabilises_it():
    # 3.5 SRD, Dying: any healing stabilises; the potion goes to a creature next to the giver
    b = battle(ROW, [creature("gob", "goblin", "red", (3, 1)), creature("rogue", "rogue", "blue", (1, 1), items=[CLW]),
                     creature("fighter", "fighter", "blue", (2, 1), current_hp=1),
                     creature("wizard", "wizard", "blue", (5, 1))])
    force(b, 15, 4)  # 15 + 2 hits the flat-footed fighter's AC 16; 1d6 4: -3, dying
    act(b, "gob", "attack", target="fighter", **{"with": "morningstar"})
    end(b, "gob")
    assert c(b, "fighter").state == "dying"
    (option,) = [o for o in b.legal_commands() if o.act == "use" and o.target == "fighter"]
    assert option.preview.expected_heal == 5.5 and option.preview.opportunity_attacks == ()
    with pytest.raises(IllegalCommand, match="only to an ally next to it"):
        act(b, "rogue", "use", item=CLW, target="wizard")
    force(b, 1)
    act(b, "rogue", "use", item=CLW, target="fighter")
    assert "Rogue gives Fighter a potion of cure light wounds" in b.state.log
    assert c(b, "fighter").hp == -1 and c(b, "fighter").state == "stable"


def test_the_action_bar_offers_the_potion_on_I_and_a_grappled_creature_cannot_drink():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), items=[CLW]),
                     creature("gob", "goblin", "red", (6, 1))])
    (use,) = [a for a in b.acts() if a.key == "use"]
    assert use.shortcut == "I" and [o.label for o in use.options] == ["Drink a potion of cure light wounds"]
    assert all(b.check(o.command) is None for o in use.options)
    c(b, "fighter").conditions.add("grappled")
    assert "is grappled: it cannot drink" in b.check({"actor": "fighter", "act": "use", "item": CLW})
    assert not [a for a in battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)),
                                        creature("gob", "goblin", "red", (6, 1))]).acts() if a.key == "use"]


def test_an_item_3_5_lacks_is_one_line():
    with pytest.raises(ContentError, match="'items' must be a list of potion-of-cure-light-wounds"):
        battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), items=["potion-of-healing"]),
                     creature("gob", "goblin", "red", (6, 1))])
