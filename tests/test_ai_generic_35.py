"""The generic computer players (game/session/ai/generic.py) under 3.5: they weigh what the 3.5
options say (a cure's `expected_heal`, a slot's `uses_left`, the attacks of opportunity a ranged
attack or a spell provokes where the caster stands) and what the battle's `blow` says a foe's best
blow is worth (damage reduction included), and never a ruleset's name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dnd35"))

import pytest  # noqa: E402
from helpers35 import battle, creature  # noqa: E402

from game.core.board import gap_squares  # noqa: E402
from game.session.ai import choose  # noqa: E402

ROW = "\n".join(["." * 12] * 3)


def test_the_cleric_cures_a_dying_friend():
    # 3.5 SRD: "-1 to -9: dying"; any healing stabilises, and a cure above 0 brings it back
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (2, 1)),
              creature("orc", "orc", "red", (3, 1))]
    b = battle(ROW, roster)
    fighter = b.state.creatures["fighter"]
    fighter.hp, fighter.state = -3, "dying"
    cures = [o for o in b.legal_commands() if o.act == "cast" and o.command.get("target") == "fighter"]
    assert cures and all(o.preview.expected_heal > 3 and o.preview.uses_left >= 1 for o in cures)
    command = choose(b, "hard")
    assert command["act"] == "cast" and command["target"] == "fighter"


def test_no_cure_for_a_friend_barely_scratched():
    roster = [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (2, 1), current_hp=26),
              creature("orc", "orc", "red", (0, 1))]
    b = battle(ROW, roster)
    assert choose(b, "hard")["act"] != "cast"  # it strikes the orc beside it


def test_a_throw_beside_a_foe_counts_the_attack_of_opportunity_and_hard_strikes_in_melee():
    # 3.5 SRD, Attacks of opportunity: a ranged attack in a threatened square provokes
    # (the skeleton has had its turn: no longer flat-footed, it threatens)
    roster = [creature("orc", "orc", "blue", (1, 1)), creature("skeleton", "skeleton", "red", (2, 1)),
              creature("orc2", "orc", "red", (7, 1))]
    b = battle(ROW, roster, initiative=["skeleton", "orc", "orc2"])
    b.submit({"actor": "skeleton", "act": "end"})
    throw = next(o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "javelin"
                 and o.command["target"] == "orc2")
    assert throw.preview.opportunity_attacks == ("skeleton",)
    command = choose(b, "hard")
    # neither the throw nor a withdraw (a full-round action: no throw after it), but the falchion
    assert command["act"] in ("attack", "full_attack") and command["target"] == "skeleton"
    assert command["with"] == "falchion"


def test_a_spell_slot_is_what_a_cast_spends():
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (8, 1))]
    b = battle(ROW, roster)
    casts = [o for o in b.legal_commands() if o.act == "cast"]
    assert casts and all(o.preview.uses_left is not None and o.preview.uses_left >= 1 for o in casts)
    assert all(o.preview.opportunity_attacks == () for o in casts)  # nobody threatens it there


def test_it_charges_a_foe_it_reaches_only_by_charging():
    # 3.5 SRD, Charge: up to twice its speed in a straight line, then one melee attack at +2
    far = "." * 16
    b = battle(far, [creature("orc", "orc", "blue", (0, 0)), creature("goblin", "goblin", "red", (9, 0))],
               initiative=["goblin", "orc"])
    b.submit({"actor": "goblin", "act": "end"})
    for level in ("normal", "hard"):
        command = choose(b, level)
        assert command == {"actor": "orc", "act": "charge", "target": "goblin", "with": "falchion"}, level


def test_a_full_attack_when_it_need_not_move():
    # 3.5 SRD, Full attack: every attack of the round, standing still (the skeleton's two claws)
    b = battle(ROW, [creature("skeleton", "skeleton", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    command = choose(b, "hard")
    assert command["act"] == "full_attack" and command["target"] == "orc"


def test_it_walks_to_where_it_flanks_the_foe():
    # 3.5 SRD, Flanking: "+2 flanking bonus" with an ally threatening the foe from the opposite side
    grid = "\n".join(["." * 10] * 5)
    # (a skeleton: no ranged attack to take instead)
    roster = [creature("skeleton", "skeleton", "blue", (4, 0)), creature("fighter", "fighter", "blue", (4, 2)),
              creature("orc", "orc", "red", (5, 2))]
    b = battle(grid, roster)
    flanking = [o for o in b.legal_commands() if o.act == "move" and o.preview.flanks == ("orc",)]
    assert [o.command["to"] for o in flanking] == [[6, 2]]
    assert choose(b, "hard") == {"actor": "skeleton", "act": "move", "to": [6, 2]}


def blow_preview(b, act, attacker, target, weapon):
    return next(o.preview for o in b.legal_commands() if o.act == act and o.command.get("actor") == attacker
                and o.command.get("target") == target and o.command.get("with") == weapon)


def test_a_blow_on_a_skeleton_is_less_than_on_an_orc_for_its_damage_reduction():
    # 3.5 SRD, Damage reduction: the skeleton's 5/bludgeoning takes 5 off each hit of the falchion
    # (2d4+4, at least 6: a hit deals 4 on average); undead take no critical hit
    b = battle(ROW, [creature("orc", "orc", "blue", (2, 1)), creature("skeleton", "skeleton", "red", (3, 1)),
                     creature("orc2", "orc", "red", (1, 1))])
    on_skeleton = blow_preview(b, "attack", "orc", "skeleton", "falchion")
    assert b.blow("orc", "skeleton") == pytest.approx(on_skeleton.hit_chance * (9 - 5))
    assert b.blow("orc", "skeleton") == pytest.approx(on_skeleton.expected_damage)  # the preview's own number
    on_orc = blow_preview(b, "attack", "orc", "orc2", "falchion")
    assert b.blow("orc", "orc2") == pytest.approx(on_orc.expected_damage)
    assert b.blow("orc", "skeleton") < b.blow("orc", "orc2")


def test_a_blow_is_the_best_of_a_single_attack_and_a_full_attack():
    # 3.5 SRD, Full attack: the skeleton's two claws (1d4+1 each) bring more than one scimitar blow (1d6+1)
    b = battle(ROW, [creature("skeleton", "skeleton", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    claws = blow_preview(b, "full_attack", "skeleton", "orc", "claw")
    scimitar = blow_preview(b, "attack", "skeleton", "orc", "scimitar")
    assert claws.expected_damage > scimitar.expected_damage
    assert b.blow("skeleton", "orc") == pytest.approx(claws.expected_damage)


class Silent:
    """The battle as a ruleset that does not say what a blow is worth (`blow` is None)."""

    def __init__(self, inner) -> None:
        self._inner = inner

    def blow(self, attacker_id, target_id):
        return None

    def __getattr__(self, name):
        return getattr(self._inner, name)


def test_hard_strikes_first_the_foe_whose_blow_threatens_most():
    # 3.5 SRD, Blinded: -2 AC and no Dexterity bonus, and every opponent has total concealment
    # (50% miss chance). The blinded orc is the easier to fell, but its blows miss half the time:
    # hard strikes the orc whose falchion would take the larger share of the wizard's hit points
    grid = "\n".join(["." * 8] * 4)
    roster = [creature("fighter", "fighter", "blue", (2, 1)), creature("orc1", "orc", "red", (3, 1)),
              creature("orc2", "orc", "red", (1, 1)), creature("wizard", "wizard", "blue", (6, 3))]
    b = battle(grid, roster, initiative=["orc1", "orc2", "fighter", "wizard"])
    b.submit({"actor": "orc1", "act": "end"})
    b.submit({"actor": "orc2", "act": "end"})
    b.state.creatures["orc2"].conditions.add("blinded")
    assert b.blow("orc2", "wizard") == pytest.approx(b.blow("orc1", "wizard") / 2)
    easier = blow_preview(b, "attack", "fighter", "orc2", "longsword")
    assert easier.hit_chance > blow_preview(b, "attack", "fighter", "orc1", "longsword").hit_chance
    assert choose(b, "hard") == {"actor": "fighter", "act": "attack", "target": "orc1", "with": "longsword"}
    # where the ruleset does not say what a blow is worth, it strikes the easier one
    assert choose(Silent(b), "hard") == {"actor": "fighter", "act": "attack", "target": "orc2", "with": "longsword"}


def bear_in_the_ogres_reach(hp: int):
    # the bear has moved into the ogre's reach (3 m: entering it provokes nothing); its standard
    # action left, every way next to the ogre leaves a threatened square (no 5-foot step after a move)
    grid = "\n".join(["." * 12] * 6)
    b = battle(grid, [creature("ogre", "ogre", "red", (7, 2)), creature("bear", "brown-bear", "blue", (1, 2),
                                                                         current_hp=hp)])
    b.submit({"actor": "ogre", "act": "end"})
    b.submit({"actor": "bear", "act": "move", "to": [4, 2]})
    moves = [o for o in b.legal_commands() if o.act == "move"]
    assert moves and all(o.preview.opportunity_attacks == ("ogre",) for o in moves)
    return b


def test_hard_walks_through_a_threatened_square_when_the_risk_is_small():
    # 3.5 SRD, Attacks of opportunity: moving out of a threatened square provokes. The ogre's
    # greatclub (2d8+7) is expected to take less than the bear's 20 hit points: it closes in,
    # wounded below half as it is
    b = bear_in_the_ogres_reach(20)
    assert b.blow("ogre", "bear") < 20
    command = choose(b, "hard")
    assert command["act"] == "move"
    assert b.check(command) is None
    ogre = b.view("ogre")
    assert gap_squares((*command["to"], 2), ogre.space, b.diagonals) == 1  # next to the ogre (both 2 x 2)


def test_hard_does_not_walk_through_a_threatened_square_when_the_blow_could_fell_it():
    # the same, with 10 hit points left: the attack of opportunity is expected to take them all
    b = bear_in_the_ogres_reach(10)
    assert b.blow("ogre", "bear") >= 10
    assert choose(b, "hard") == {"actor": "bear", "act": "end"}
    assert choose(b, "normal")["act"] == "move"  # normal counts the attack as two squares further


def test_hard_throws_without_stepping_nearer_when_the_only_penalty_is_its_size():
    # the ogre is Large: its javelin's -1 (seed 003, « modificateur de taille ») is named in the
    # preview, but no step changes it; within one range increment (9 m) there is nothing a step
    # nearer would take off, so it throws at once (the rubble keeps it from charging)
    b = battle("\n".join(["..::::::......"] * 4),
               [creature("ogre", "ogre", "red", (0, 0)), creature("fighter", "fighter", "blue", (7, 0))],
               initiative=["fighter", "ogre"])
    b.submit({"actor": "fighter", "act": "end"})
    (throw,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "javelin"]
    assert [(r.text, r.fixed) for r in throw.preview.reasons] == [("size Large -1 (in the attack bonus)", True)]
    assert choose(b, "hard") == {"actor": "ogre", "act": "attack", "target": "fighter", "with": "javelin"}


def test_hard_steps_nearer_first_when_the_throw_has_a_range_penalty():
    # the same ogre one square farther: beyond its first increment, -2 (seed 003, « malus de
    # portée »), a step nearer takes it off
    b = battle("\n".join(["..::::::......"] * 4),
               [creature("ogre", "ogre", "red", (0, 0)), creature("fighter", "fighter", "blue", (8, 0))],
               initiative=["fighter", "ogre"])
    b.submit({"actor": "fighter", "act": "end"})
    assert choose(b, "hard")["act"] == "move"
