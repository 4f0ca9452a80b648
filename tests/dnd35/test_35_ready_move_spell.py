"""3.5 Ready: a readied move and a readied spell (RULESETS.md 1: "ready (a standard/move/free
action resolving **before** its trigger; your count moves just before the trigger's author)";
the 3.5 SRD, Ready: "You can ready a standard action, a move action, or a free action ... The
action occurs just before the action that triggers it. If the triggered action is part of
another character's activities, you interrupt the other character. Assuming he is still
capable of doing so, he continues his actions once you complete your readied action"). Seed
003 stops before these actions: no French to quote."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def ready(b, actor, event, by="enemy", **then):
    return act(b, actor, "ready", trigger={"event": event, "by": by}, then=then)


def at(b, cid):
    return (c(b, cid).x, c(b, cid).y)


# ----------------------------------------------------------------------------- a readied move
def test_a_readied_move_walks_before_the_triggers_first_step_and_the_trigger_goes_on():
    # RULESETS.md 1: "resolving before its trigger; your count moves just before the trigger's author"
    b = battle(ROW, [creature("wizard", "wizard", "blue", (2, 1)), creature("fighter", "fighter", "blue", (0, 2)),
                     creature("gob", "goblin", "red", (6, 1))])
    ready(b, "wizard", "moves", act="move", to=[0, 0])
    assert c(b, "wizard").standard is False and c(b, "wizard").move_action  # Ready is a standard action
    assert "readies a move to [0, 0] for when an enemy moves" in last(b, "readies")
    end(b, "wizard")
    end(b, "fighter")
    act(b, "gob", "move", to=[3, 1])
    assert b.state.offers[0].kind == "readied" and at(b, "gob") == (6, 1)  # before its first step
    act(b, "wizard", "react", take=True)
    assert at(b, "wizard") == (0, 0)
    assert at(b, "gob") == (3, 1)  # the goblin's move goes on once the readied move is over
    assert b.state.order == ["fighter", "wizard", "gob"]  # its count is now just before the goblin's
    assert b.state.current_id == "gob" and not b.state.offers


def test_a_readied_move_provokes_as_any_move_and_the_attack_it_answers_is_lost_out_of_reach():
    # 3.5 SRD, Attacks of opportunity: moving out of a threatened square provokes
    b = battle(ROW, [creature("wizard", "wizard", "blue", (2, 1)), creature("gob", "goblin", "red", (3, 1))])
    ready(b, "wizard", "attacks", act="move", to=[0, 1])
    end(b, "wizard")
    attack(b, "gob", "wizard", "morningstar")
    act(b, "wizard", "react", take=True)
    assert b.state.offers[0].kind == "opportunity" and b.state.offers[0].reactor == "gob"
    assert at(b, "wizard") == (2, 1)  # the walk waits for the answer
    force(b, 1)  # a natural 1: the attack of opportunity misses
    act(b, "gob", "react", take=True)
    assert at(b, "wizard") == (0, 1) and c(b, "wizard").hp == 16
    assert "attack is lost" in b.state.log[-1]  # the goblin's attack comes after it: out of reach
    assert not b.state.offers and b.state.current_id == "gob"


def test_a_readied_move_into_the_way_stops_the_trigger_where_its_way_is_blocked():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (2, 0)), creature("gob", "goblin", "red", (6, 1))])
    ready(b, "fighter", "moves", act="move", to=[3, 1])
    end(b, "fighter")
    act(b, "gob", "move", path=[[5, 1], [4, 1], [3, 1], [2, 1]])
    act(b, "fighter", "react", take=True)
    assert at(b, "fighter") == (3, 1)
    assert at(b, "gob") == (4, 1)  # an enemy's square: no way through, it stops before it
    assert "way is blocked: it stops at [4, 1]" in last(b, "blocked")


def test_a_readied_move_on_entering_reach_interrupts_the_walk_which_then_goes_on_from_where_it_was():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (6, 2))])
    ready(b, "fighter", "enters_reach", act="move", to=[1, 0])
    end(b, "fighter")
    act(b, "gob", "move", path=[[5, 2], [4, 2], [3, 2], [2, 2], [1, 2]])  # [2, 2] is in the fighter's reach
    assert at(b, "gob") == (2, 2) and b.state.offers[0].kind == "readied"
    act(b, "fighter", "react", take=True)
    assert b.state.offers[0].reactor == "gob"  # leaving the square next to the goblin provokes
    act(b, "gob", "react", take=False)
    assert at(b, "fighter") == (1, 0) and at(b, "gob") == (1, 2)  # then the goblin's walk goes on


def test_a_readied_move_triggers_readied_actions_in_turn_answered_before_the_move_it_interrupted():
    # the readied move is a move: an enemy's attack readied "when an enemy moves" comes before its first step
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("archer", "goblin", "red", (7, 0)),
                     creature("gob", "goblin", "red", (7, 2))])
    ready(b, "fighter", "moves", by="gob", act="move", to=[0, 2])
    end(b, "fighter")
    act(b, "archer", "ready", trigger={"event": "moves", "by": "fighter"}, then={"act": "attack", "with": "javelin"})
    end(b, "archer")
    act(b, "gob", "move", to=[5, 2])
    act(b, "fighter", "react", take=True)
    assert b.state.offers[0].reactor == "archer" and at(b, "fighter") == (0, 0)  # before the fighter's first step
    force(b, 2)  # the javelin misses: 2 + 3 - 2 (range: the second increment) = 3
    act(b, "archer", "react", take=True)
    assert at(b, "fighter") == (0, 2) and at(b, "gob") == (5, 2)
    assert b.state.order == ["archer", "fighter", "gob"]  # each readier just before its trigger's author


def test_a_readied_move_longer_than_the_speed_or_without_a_square_is_refused():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob", "goblin", "red", (7, 0))])
    with pytest.raises(IllegalCommand, match="needs 'to' or 'path'"):
        ready(b, "fighter", "moves", act="move")
    ready(b, "fighter", "moves", act="move", to=[6, 1])  # 9 m: more than its 6 m speed
    end(b, "fighter")
    act(b, "gob", "move", to=[7, 2])
    assert not b.state.offers  # nothing to offer: the readied move cannot be made
    assert at(b, "gob") == (7, 2) and at(b, "fighter") == (0, 1)


def test_a_readied_move_counts_its_diagonals_afresh():
    # RULESETS.md (E): the 1-2-1 count restarts with each move of its own: three diagonals, 1-2-1 = 6 m
    b = battle("........\n" * 6, [creature("fighter", "fighter", "blue", (0, 0)),
                                  creature("gob", "goblin", "red", (7, 5))])
    act(b, "fighter", "move", to=[1, 1])  # its turn's diagonal: the next one would cost 3 m
    ready(b, "fighter", "moves", act="move", to=[4, 4])
    end(b, "fighter")
    act(b, "gob", "move", to=[7, 3])
    act(b, "fighter", "react", take=True)
    assert at(b, "fighter") == (4, 4)


# ----------------------------------------------------------------------------- a readied spell
def test_a_readied_spell_is_cast_when_it_goes_off_and_its_slot_is_spent_then():
    # 3.5 SRD, Ready: the readied action is taken in response to its trigger: the spell is cast then
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob", "goblin", "red", (6, 1))])
    ready(b, "wizard", "moves", act="cast", spell="magic-missile")
    assert "readies magic missile for when an enemy moves" in last(b, "readies")
    assert c(b, "wizard").slots[1] == 3  # nothing cast yet
    end(b, "wizard")
    act(b, "gob", "move", to=[4, 1])
    force(b, 4, 4)  # two missiles at caster level 3: 1d4 + 1 each, 10 damage
    act(b, "wizard", "react", take=True)
    assert "Wizard casts magic missile at Goblin" in last(b, "casts")  # aimed at whoever triggers it
    assert c(b, "wizard").slots[1] == 2
    assert not c(b, "gob").standing and at(b, "gob") == (6, 1)  # dropped before its first step


def test_a_readied_spell_let_go_keeps_its_slot():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob", "goblin", "red", (6, 1))])
    ready(b, "wizard", "moves", act="cast", spell="magic-missile")
    end(b, "wizard")
    act(b, "gob", "move", to=[4, 1])
    act(b, "wizard", "react", take=False)
    assert c(b, "wizard").slots[1] == 3 and at(b, "gob") == (4, 1)


def test_a_readied_spell_cast_in_a_threatened_square_provokes_then_and_the_trigger_comes_after():
    # 3.5 SRD, Casting a spell: in a threatened square it provokes; the shield is up before the blow
    b = battle(ROW, [creature("wizard", "wizard", "blue", (2, 1)), creature("gob", "goblin", "red", (3, 1))])
    ready(b, "wizard", "attacks", act="cast", spell="shield")
    end(b, "wizard")
    attack(b, "gob", "wizard", "morningstar")
    act(b, "wizard", "react", take=True)
    assert b.state.offers[0].kind == "opportunity"  # casting provokes, now
    force(b, 1, 13)  # the attack of opportunity: a natural 1; then the goblin's blow: 13 + 2 = 15
    act(b, "gob", "react", take=True)
    assert c(b, "wizard").effects.get("shield") == 4 and c(b, "wizard").slots[1] == 2
    assert c(b, "wizard").hp == 16  # 15 against AC 12 + 4 shield: a miss (it would hit AC 12)
    assert "Goblin attacks Wizard" in last(b, "Goblin attacks")


def test_a_spell_without_a_slot_left_cannot_be_readied():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob", "goblin", "red", (6, 1))])
    c(b, "wizard").slots[2] = 0
    with pytest.raises(IllegalCommand, match="no level-2 slot left"):
        ready(b, "wizard", "moves", act="cast", spell="scorching-ray")
    with pytest.raises(IllegalCommand, match="unknown spell"):
        ready(b, "wizard", "moves", act="cast", spell="fireball")
    assert c(b, "wizard").standard


def test_readied_spells_are_options_and_their_offer_is_answered_by_the_options():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob", "goblin", "red", (6, 1))])
    spells = [o for o in b.legal_commands() if o.command["act"] == "ready" and o.command["then"]["act"] == "cast"]
    assert {o.command["then"]["spell"] for o in spells} >= {"magic-missile", "ray-of-frost", "shield"}
    assert all(b.check(o.command) is None for o in spells)
    ready(b, "wizard", "moves", act="cast", spell="magic-missile")
    end(b, "wizard")
    act(b, "gob", "move", to=[4, 1])
    answers = b.legal_commands()
    assert [o.command["take"] for o in answers] == [True, False]
    assert "magic missile" in answers[0].label.lower() and all(b.check(o.command) is None for o in answers)
    assert "readied" in b.offer().question
