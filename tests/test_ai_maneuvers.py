"""Hard computer players shove prone and grapple where it pays (and not where a plain attack
is better), with legal commands."""

from game.session.ai import Tactician, choose
from game.session.ai.maneuvers import contest_odds, maneuver_plans
from helpers import act, battle, creature, force

ROW = "............\n............\n............\n............"


def pack(hero="cleric", hero_state=None, orcs=2, orcs_first=True):
    """A brown bear (2 attacks) next to a hero, with orcs around the hero; the orcs act
    after the bear and before the hero, or after the hero."""
    roster = [creature("bear", "brown-bear", "red", (0, 1)), creature("hero", hero, "blue", (2, 1), **(hero_state or {}))]
    spots = [(3, 1), (2, 0), (2, 2)]
    ids = [f"orc{i + 1}" for i in range(orcs)]
    roster += [creature(cid, "orc", "red", at) for cid, at in zip(ids, spots)]
    initiative = ["bear", *ids, "hero"] if orcs_first else ["bear", "hero", *ids]
    return battle(ROW, roster, initiative=initiative)


def plans_of(b):
    """The maneuver plans of the creature whose turn it is (best_here as the tactician sees it)."""
    t = Tactician(b, hard=True)
    t.decide()
    best_here = max((p.score for p in t.strikes_from(t.me.x, t.me.y)), default=0.0)
    return maneuver_plans(t, best_here)


def test_contest_odds_are_exact_over_two_d20s_and_a_tie_fails():
    # SRD 5.1, Contests: Str (Athletics) against the better of Athletics and Acrobatics; a tie fails
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
                     creature("rogue", "rogue", "blue", (5, 1)), creature("orc2", "orc", "red", (6, 1))])
    t = Tactician(b, hard=True)
    t.decide()
    orc, rogue = b.state.creatures["orc"], b.state.creatures["rogue"]
    assert contest_odds(t, orc) == 229 / 400  # +5 against the orc's Str +3: win on x + 2 > y
    assert contest_odds(t, rogue) == 153 / 400  # +5 against Acrobatics +7 (not Athletics -1)
    b = battle(ROW, [creature("bear", "brown-bear", "red", (0, 1)), creature("ogre", "ogre", "blue", (2, 1))])
    t = Tactician(b, hard=True)
    t.decide()
    assert contest_odds(t, b.state.creatures["ogre"]) == 0.5 - 10 / 400  # +4 against +4: the 20 ties fail


def test_a_bear_shoves_prone_the_fighter_its_pack_strikes_before_it_stands():
    # 5e, Prone: melee attacks within 1.5 m have advantage; three orcs strike before the fighter's turn
    b = pack("fighter", orcs=3)
    assert choose(b, "hard") == {"actor": "bear", "act": "shove", "target": "hero", "effect": "prone"}


def test_no_shove_when_nobody_strikes_the_prone_foe_before_it_stands():
    # the foe stands up on its turn: a shove is worth only the attacks that come before it
    b = pack("fighter", orcs=3, orcs_first=False)
    assert choose(b, "hard")["act"] == "attack"
    b = pack("fighter", orcs=0)  # alone: one attack of its own after the shove, not worth the blow
    assert choose(b, "hard")["act"] == "attack"
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    assert choose(b, "hard")["act"] == "attack"  # one attack, no follow-up at all
    assert not [p for p in plans_of(b) if p.score > 0]


def test_a_foe_held_in_a_grapple_is_worth_shoving_even_when_its_turn_comes_first():
    # a grappled creature's speed is 0: shoved prone, it cannot stand up, so the orcs acting after
    # it still strike with advantage (the same shove on a free fighter is not worth a claw, above)
    b = pack("fighter", orcs=3, orcs_first=False)
    force(b, 20, 1)
    act(b, "bear", "grapple", target="hero")
    assert choose(b, "hard") == {"actor": "bear", "act": "shove", "target": "hero", "effect": "prone"}


def test_the_bear_grapples_then_shoves_so_the_cleric_stays_down():
    # 5e, Grappled: speed 0, so a prone grappled creature cannot stand up (it costs half its speed)
    b = pack("cleric")
    command = choose(b, "hard")
    assert command == {"actor": "bear", "act": "grapple", "target": "hero"}
    force(b, 15, 5)  # the bear's Athletics 15 + 4 against the cleric's 5 + 1
    b.submit(command)
    cleric = b.state.creatures["hero"]
    assert "grappled" in cleric.conditions and cleric.effects["grappled_by"] == "bear"
    command = choose(b, "hard")  # the attack left: shove it prone, it will not get up
    assert command == {"actor": "bear", "act": "shove", "target": "hero", "effect": "prone"}
    force(b, 12, 3)
    b.submit(command)
    assert cleric.prone and "grappled" in cleric.conditions
    for cid in ("bear", "orc1", "orc2"):
        act(b, cid, "end")
    assert b.current.id == "hero"
    assert b.check({"actor": "hero", "act": "stand"}) is not None  # stuck on the ground
    assert choose(b, "hard")["act"] != "stand"


def test_a_prone_foe_is_grappled_to_keep_it_down_unless_a_blow_finishes_it():
    # grapple a prone foe: it cannot stand up, so the orcs keep their advantage next round
    b = pack("cleric", {"conditions": ["prone"]})
    assert choose(b, "hard") == {"actor": "bear", "act": "grapple", "target": "hero"}
    # focus fire: a cleric one claw from dropping is finished, not held
    b = pack("cleric", {"conditions": ["prone"], "current_hp": 5})
    command = choose(b, "hard")
    assert command["act"] == "attack" and command["target"] == "hero"
    force(b, 15, 4)  # and the grapple it passed over is legal all the same
    b.submit({"actor": "bear", "act": "grapple", "target": "hero"})
    assert "grappled" in b.state.creatures["hero"].conditions


def test_no_maneuver_on_a_prone_held_or_downed_foe_nor_with_both_hands_on_a_club():
    # a prone foe is not shoved again; a foe already held is not grappled again
    b = pack("cleric", {"conditions": ["prone"]})
    assert all(p.command["act"] != "shove" for p in plans_of(b))
    force(b, 15, 5)
    act(b, "bear", "grapple", target="hero")
    assert all(p.command["act"] != "grapple" for p in plans_of(b))
    # a dying hero is finished with attacks, not wrestled
    b = battle(ROW, [creature("bear", "brown-bear", "red", (0, 1)),
                     creature("hero", "fighter", "blue", (2, 1), current_hp=0),
                     creature("wizard", "wizard", "blue", (11, 3))])
    assert plans_of(b) == []
    # 5e, Grappling: it takes a free hand, and a greatclub swung this turn fills both
    b = battle(ROW, [creature("giant", "hill-giant", "red", (0, 0)), creature("hero", "cleric", "blue", (3, 1)),
                     creature("orc1", "orc", "red", (4, 1)), creature("orc2", "orc", "red", (3, 2))])
    force(b, 2, 1)  # a miss
    act(b, "giant", "attack", target="hero", **{"with": "greatclub"})
    assert all(p.command["act"] != "grapple" for p in plans_of(b))
    assert b.check({"actor": "giant", "act": "grapple", "target": "hero"}) is not None


def held(hero: str, prone: bool):
    """The hero grappled by the bear (and prone or not), orcs around it, on the hero's turn."""
    b = pack(hero, {"conditions": ["prone"]} if prone else None)
    hero_c = b.state.creatures["hero"]
    hero_c.conditions.add("grappled")
    hero_c.effects["grappled_by"] = "bear"
    for cid in ("bear", "orc1", "orc2"):
        act(b, cid, "end")
    return b


def test_held_down_prone_the_fighter_escapes_the_grapple():
    # 5e, Escaping a grapple: an action, Athletics or Acrobatics against the grappler's Athletics.
    # Prone and held (speed 0, it cannot stand): every blow on it has advantage, its own disadvantage.
    b = held("fighter", prone=True)
    command = choose(b, "hard")
    assert command == {"actor": "hero", "act": "escape"}
    force(b, 18, 2)
    b.submit(command)
    assert "grappled" not in b.state.creatures["hero"].conditions


def test_grappled_but_standing_the_fighter_fights_on():
    b = held("fighter", prone=False)
    assert choose(b, "hard")["act"] == "attack"
