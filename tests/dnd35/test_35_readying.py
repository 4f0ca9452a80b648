"""3.5 Ready and Delay (RULESETS.md 1: "ready (a standard/move/free action resolving before its
trigger; your count moves just before the trigger's author) ... Delay: take a later count,
kept"; the 3.5 SRD, Special initiative actions). Seed 003 stops before these actions."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"
MELEE = {"event": "enters_reach", "by": "enemy"}


def ready(b, actor, event, by="enemy", weapon="longsword", **then):
    return act(b, actor, "ready", trigger={"event": event, "by": by}, then={"act": "attack", "with": weapon, **then})


def test_a_readied_attack_strikes_a_foe_entering_reach_and_the_readier_acts_before_it_from_then_on():
    # RULESETS.md 1: "resolving before its trigger; your count moves just before the trigger's author"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("cleric", "cleric", "blue", (0, 0)),
                     creature("gob", "goblin", "red", (6, 1))])
    ready(b, "fighter", "enters_reach")
    assert c(b, "fighter").standard is False  # Ready is a standard action
    assert "readies longsword for when an enemy enters its reach" in last(b, "readies")
    end(b, "fighter")
    end(b, "cleric")
    act(b, "gob", "move", path=[[5, 2], [4, 2], [3, 2], [2, 2], [1, 2], [0, 2]])  # [2, 2] is in the fighter's reach
    assert b.state.offers and b.state.offers[0].kind == "readied"
    assert (c(b, "gob").x, c(b, "gob").y) == (2, 2)  # the rest of its move waits
    force(b, 15, 8)  # 15 + 6 = 21 vs AC 15, 8 + 2 = 10 damage
    act(b, "fighter", "react", take=True)
    assert "takes its readied action" in last(b, "readied")
    assert c(b, "gob").state == "dying" and (c(b, "gob").x, c(b, "gob").y) == (2, 2)
    assert b.state.order == ["cleric", "fighter", "gob"]  # its count is now just before the goblin's
    assert "readied" not in c(b, "fighter").effects


def test_the_new_count_means_its_next_turn_comes_after_the_ones_it_moved_behind():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob2", "goblin", "red", (7, 0)),
                     creature("gob", "goblin", "red", (4, 1))])
    ready(b, "fighter", "moves", by="gob", weapon="light-crossbow")
    end(b, "fighter")
    end(b, "gob2")
    force(b, 2)  # the readied shot misses: 2 + 4 = 6
    act(b, "gob", "move", to=[2, 1])
    act(b, "fighter", "react", take=True)
    assert b.state.order == ["gob2", "fighter", "gob"]
    end(b, "gob")
    assert b.state.round == 2 and b.state.current_id == "gob2"


def test_a_readied_attack_on_moves_comes_before_the_first_step():
    # 3.5 SRD, Ready: "the readied action occurs just before the action that triggers it"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (6, 1))])
    ready(b, "fighter", "moves", weapon="light-crossbow")
    end(b, "fighter")
    act(b, "gob", "move", to=[4, 1])
    assert (c(b, "gob").x, c(b, "gob").y) == (6, 1) and b.state.offers
    force(b, 19, 20, 8, 8)  # a threat, confirmed: the crossbow's 1d8 twice drops it where it stood
    act(b, "fighter", "react", take=True)
    assert c(b, "gob").state == "dead" and (c(b, "gob").x, c(b, "gob").y) == (6, 1)


def test_a_readied_attack_on_attacks_comes_first_and_a_foe_it_drops_loses_its_attack():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("gob2", "goblin", "red", (7, 2))])
    ready(b, "fighter", "attacks", by="gob")
    end(b, "fighter")
    attack(b, "gob", "fighter", "morningstar")
    assert b.state.offers and not [line for line in b.state.log if "Goblin attacks" in line]
    force(b, 15, 8)
    act(b, "fighter", "react", take=True)
    assert c(b, "gob").state == "dying"
    assert "its action is lost" in b.state.log[-1]
    assert c(b, "fighter").hp == 28


def test_declined_it_is_let_go_and_the_trigger_goes_on():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1))])
    ready(b, "fighter", "attacks", by="gob")
    end(b, "fighter")
    force(b, 18, 3)
    attack(b, "gob", "fighter", "morningstar")
    act(b, "fighter", "react", take=False)
    assert "lets its readied action go" in b.state.log[-3]
    assert "Goblin attacks Fighter" in last(b, "Goblin attacks") and c(b, "fighter").hp < 28
    assert "readied" not in c(b, "fighter").effects and b.state.order == ["fighter", "gob"]


def test_an_untriggered_readied_action_is_lost_at_the_readiers_next_turn():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (6, 1))])
    ready(b, "fighter", "attacks")
    end(b, "fighter")
    end(b, "gob")
    assert "readied" not in c(b, "fighter").effects


def test_the_readied_attack_must_be_the_readiers_own_and_names_its_trigger():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (6, 1))])
    with pytest.raises(IllegalCommand, match="'trigger' must be"):
        act(b, "fighter", "ready", trigger={"event": "sneezes", "by": "enemy"},
            then={"act": "attack", "with": "longsword"})
    with pytest.raises(IllegalCommand, match="'then' must be an attack, a move or a cast"):
        act(b, "fighter", "ready", trigger=MELEE, then={"act": "full_attack", "target": "gob"})  # a full-round action
    with pytest.raises(IllegalCommand, match="no attack"):
        ready(b, "fighter", "enters_reach", weapon="greataxe")
    with pytest.raises(IllegalCommand, match="no creature"):
        ready(b, "fighter", "moves", by="nobody")
    assert c(b, "fighter").standard  # nothing changed


def test_ready_options_and_the_readied_offer_are_listed_and_accepted():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (6, 1))])
    readies = [o for o in b.legal_commands() if o.command["act"] == "ready"]
    assert readies and all(b.check(o.command) is None for o in readies)
    assert all(o.preview.expected_damage is None for o in readies)  # no damage now
    assert any(a.key == "ready" and a.options for a in b.acts())
    ready(b, "fighter", "enters_reach")
    end(b, "fighter")
    act(b, "gob", "move", to=[2, 1])
    answers = b.legal_commands()
    assert [o.command["take"] for o in answers] == [True, False]
    assert answers[0].preview.hit_chance and all(b.check(o.command) is None for o in answers)
    assert "readied" in b.offer().question


# ----------------------------------------------------------------------------- delay
def three():
    return battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("cleric", "cleric", "blue", (0, 2)),
                        creature("gob", "goblin", "red", (6, 1))])


def test_delay_acts_right_after_the_next_creature_by_default_and_keeps_the_new_count():
    # RULESETS.md 1: "Delay: take a later count, kept"
    b = three()
    act(b, "fighter", "delay")
    assert b.state.order == ["cleric", "fighter", "gob"] and b.state.current_id == "cleric"
    assert "delays: it will act after Cleric" in last(b, "delays")
    end(b, "cleric")
    assert b.state.current_id == "fighter"
    end(b, "fighter")
    end(b, "gob")
    assert b.state.round == 2 and b.state.current_id == "cleric"  # the new count is kept


def test_delay_after_a_named_creature():
    b = three()
    act(b, "fighter", "delay", after="gob")
    assert b.state.order == ["cleric", "gob", "fighter"]
    end(b, "cleric")
    end(b, "gob")
    assert b.state.current_id == "fighter" and b.state.round == 1


def test_delay_is_refused_after_acting_or_to_one_who_has_acted_or_with_nobody_after():
    b = three()
    act(b, "fighter", "move", to=[1, 0])
    with pytest.raises(IllegalCommand, match="too late to delay"):
        act(b, "fighter", "delay")
    end(b, "fighter")
    with pytest.raises(IllegalCommand, match="does not act after"):
        act(b, "cleric", "delay", after="fighter")
    act(b, "cleric", "delay")  # after the goblin, the last of the round
    for cid in ("gob", "cleric", "fighter", "gob"):
        end(b, cid)
    with pytest.raises(IllegalCommand, match="no creature acts after"):
        act(b, "cleric", "delay")
    assert b.state.current_id == "cleric" and b.state.round == 2


def test_delay_once_a_round():
    # (E) a creature delays at most once a round, so turns never chase each other round the table
    b = three()
    act(b, "fighter", "delay")
    end(b, "cleric")
    with pytest.raises(IllegalCommand, match="delayed this round already"):
        act(b, "fighter", "delay")
    assert not [o for o in b.legal_commands() if o.command["act"] == "delay"]


def test_delay_options_are_accepted():
    b = three()
    delays = [o for o in b.legal_commands() if o.command["act"] == "delay"]
    assert {o.command.get("after") for o in delays} == {"cleric", "gob"}
    assert all(b.check(o.command) is None for o in delays)


def test_a_readied_shot_in_a_threatened_square_provokes_first():
    # 3.5 SRD, Attacks of opportunity: a ranged attack in a threatened square provokes, before it
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
                     creature("gob", "goblin", "red", (6, 1))])
    ready(b, "fighter", "moves", by="gob", weapon="light-crossbow")
    end(b, "fighter")
    end(b, "orc")
    act(b, "gob", "move", to=[5, 1])
    act(b, "fighter", "react", take=True)
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("orc", "opportunity")]
    force(b, 2, 15, 3)  # the orc's falchion misses (2 + 4); then the shot: 15 + 4 = 19 hits, 1d8 3
    act(b, "orc", "react", take=True)
    log = b.state.log
    aoo = next(i for i, line in enumerate(log) if "Orc makes an attack of opportunity" in line)
    shot = next(i for i, line in enumerate(log) if "Fighter attacks Goblin with light crossbow" in line)
    assert aoo < shot and c(b, "gob").hp == 5 - 3
    assert (c(b, "gob").x, c(b, "gob").y) == (5, 1)  # then the goblin's move goes on


def test_why_ready_and_delay_are_greyed():
    b = three()
    act(b, "fighter", "total_defense")
    bar = {a.key: a for a in b.acts()}
    assert not bar["ready"].options and "no standard action left" in bar["ready"].reason
    assert not bar["delay"].options and "too late to delay" in bar["delay"].reason
