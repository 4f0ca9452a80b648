"""Hard computer players' positioning and reactions: cover from archers, hiding, holding a
chokepoint with a readied attack, keeping the reaction for Shield. Each tactic where it is the
right choice, and where it is not."""

from game.core.board import gap_squares
from game.session.ai import choose
from helpers import SWORD, act, battle, creature, force, play_turn

BOW = [{"name": "shortbow", "kind": "ranged", "to_hit": 4, "damage": "1d6+2", "type": "piercing", "range": [24, 96]}]


# ---- cover from archers ----------------------------------------------------------------
SHELTER = """\
............
............
..##........
..##........
............
............"""


def test_an_archer_shoots_from_a_square_with_cover_from_the_foe_archer():
    # 5e, Cover: half cover is +2 AC. The scout keeps its shot at the orc but steps where the
    # wall covers it from the sniper.
    b = battle(SHELTER, [creature("scout", "goblin", "blue", (4, 3), attacks=BOW),
                         creature("orc", "orc", "red", (9, 4)),
                         creature("sniper", "goblin", "red", (10, 0), attacks=BOW)])
    scout, sniper = b.state.creatures["scout"], b.state.creatures["sniper"]
    assert b.cover(sniper.id, scout.id) == "none"
    first = choose(b, "hard")
    assert first["act"] == "move"
    b.submit(first)
    assert b.cover(sniper.id, scout.id) != "none"
    assert choose(b, "hard") == {"actor": "scout", "act": "attack", "target": "orc", "with": "shortbow"}


def test_without_foe_archers_the_archer_shoots_from_where_it_stands():
    b = battle(SHELTER, [creature("scout", "goblin", "blue", (4, 3), attacks=BOW),
                         creature("orc", "orc", "red", (9, 4))])
    assert choose(b, "hard") == {"actor": "scout", "act": "attack", "target": "orc", "with": "shortbow"}


# ---- Hide (Nimble Escape) --------------------------------------------------------------
def test_a_goblin_shoots_then_slips_behind_the_wall_and_hides():
    # 5e, Hide: only behind cover from every foe that sees it; Nimble Escape: Hide as a bonus action
    b = battle(SHELTER, [creature("gob", "goblin", "red", (4, 2)), creature("fighter", "fighter", "blue", (10, 2))])
    force(b, 10)  # the shot misses
    act(b, "gob", "attack", target="fighter", **{"with": "shortbow"})
    commands = play_turn(b, "gob", dice=[18])  # Stealth 18 + 6 beats passive Perception 13
    acts = [c["act"] for c in commands]
    assert acts[:2] == ["move", "hide"] and commands[1].get("bonus") is True
    gob = b.state.creatures["gob"]
    assert "hidden" in gob.conditions and acts[2:] == ["end"]  # and stays there
    assert b.cover(b.state.creatures["fighter"].id, gob.id) != "none"


def test_a_creature_without_nimble_escape_does_not_try_to_hide():
    b = battle(SHELTER, [creature("orc", "orc", "red", (4, 2)), creature("fighter", "fighter", "blue", (10, 2))])
    act(b, "orc", "attack", target="fighter", **{"with": "javelin"})
    commands = play_turn(b, "orc")
    assert "hide" not in [c["act"] for c in commands]


def test_a_goblin_in_the_open_does_not_try_to_hide():
    # nowhere within reach has cover from the fighter: hiding would be illegal, and is not tried
    b = battle("." * 30, [creature("gob", "goblin", "red", (4, 0)), creature("fighter", "fighter", "blue", (12, 0))])
    act(b, "gob", "attack", target="fighter", **{"with": "shortbow"})
    commands = play_turn(b, "gob")
    assert "hide" not in [c["act"] for c in commands]


# ---- a chokepoint held with a readied attack -------------------------------------------
DOOR = "\n".join(["............", "............", "#####.######"] + ["............"] * 9)


def wolves_coming(grid):
    return battle(grid, [creature("fighter", "fighter", "blue", (5, 2), attacks=SWORD)] +
                  [creature(f"wolf{i}", "wolf", "red", (3 + 2 * i, 11)) for i in range(4)])


def test_a_fighter_in_a_doorway_readies_an_attack_for_the_wolves_coming():
    # 5e, Ready: four wolves (12 m) will reach the fighter, who cannot reach them this turn;
    # in the doorway only three can stand next to it, so it holds and readies its sword.
    b = wolves_coming(DOOR)
    command = choose(b, "hard")
    assert command["act"] == "ready"
    assert command["trigger"] == {"event": "enters_reach", "by": "enemy"}
    assert command["then"] == {"act": "attack", "with": "longsword"}
    b.submit(command)
    act(b, "fighter", "end")
    b.submit({"actor": "wolf0", "act": "move", "to": [4, 3]})
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "readied")]
    assert choose(b, "hard") == {"actor": "fighter", "act": "react", "take": True}


def test_in_the_open_the_fighter_goes_to_meet_them():
    b = wolves_coming(DOOR.replace("#", "."))
    assert choose(b, "hard")["act"] in ("dash", "move")


def test_a_doorway_is_not_worth_holding_against_a_single_foe():
    b = battle(DOOR, [creature("fighter", "fighter", "blue", (5, 2), attacks=SWORD),
                      creature("wolf0", "wolf", "red", (5, 11))])
    assert choose(b, "hard")["act"] in ("dash", "move")


# ---- taking or declining an opportunity attack -----------------------------------------
def test_a_wizard_keeps_its_reaction_for_shield_while_other_foes_can_attack():
    # the goblin leaving the wizard's reach provokes; a dagger's 4.5 is worth less than Shield's +5 AC
    roster = [creature("gob1", "goblin", "red", (2, 1)), creature("wizard", "wizard", "blue", (1, 1)),
              creature("gob2", "goblin", "red", (10, 1))]
    b = battle(ROW4, roster)
    b.submit({"actor": "gob1", "act": "move", "to": [5, 1]})
    assert choose(b, "hard") == {"actor": "wizard", "act": "react", "take": False}


def test_a_wizard_takes_the_blow_that_may_finish_the_goblin():
    roster = [creature("gob1", "goblin", "red", (2, 1), current_hp=3), creature("wizard", "wizard", "blue", (1, 1)),
              creature("gob2", "goblin", "red", (10, 1))]
    b = battle(ROW4, roster)
    b.submit({"actor": "gob1", "act": "move", "to": [5, 1]})
    assert choose(b, "hard") == {"actor": "wizard", "act": "react", "take": True}


def test_a_fighter_always_takes_its_opportunity_attack():
    roster = [creature("gob1", "goblin", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1)),
              creature("gob2", "goblin", "red", (10, 1))]
    b = battle(ROW4, roster)
    b.submit({"actor": "gob1", "act": "move", "to": [5, 1]})
    assert choose(b, "hard") == {"actor": "fighter", "act": "react", "take": True}


ROW4 = "............\n............\n............\n............"


# ---- Help, Disengage and Dodge, first aid ---------------------------------------------
SLAP = [{"name": "slap", "kind": "melee", "to_hit": 0, "damage": "1d1", "type": "bludgeoning"}]


def test_a_weak_hand_helps_the_fighter_against_the_ogre():
    # 5e, Help: the fighter's first attack on the ogre gets advantage, worth more than a slap
    b = battle(ROW4, [creature("squire", "goblin", "blue", (1, 1), attacks=SLAP),
                      creature("ogre", "ogre", "red", (2, 1)),
                      creature("fighter", "fighter", "blue", (2, 3))])
    assert choose(b, "hard") == {"actor": "squire", "act": "help", "target": "fighter", "against": "ogre"}


def test_with_a_real_weapon_it_strikes_instead_of_helping():
    b = battle(ROW4, [creature("squire", "goblin", "blue", (1, 1)),
                      creature("ogre", "ogre", "red", (2, 1), current_hp=5),
                      creature("fighter", "fighter", "blue", (2, 3))])
    assert choose(b, "hard")["act"] == "attack"


def test_cornered_with_nothing_to_hit_with_it_dodges():
    # 5e, Dodge: attacks against it have disadvantage; walls on three sides, the orc on the fourth
    pen = "#.#\n#.#\n###"
    b = battle(pen, [creature("mule", "goblin", "blue", (1, 1), attacks=SLAP), creature("orc", "orc", "red", (1, 0))])
    assert choose(b, "hard") == {"actor": "mule", "act": "dodge"}


def test_with_room_to_run_it_disengages_instead():
    b = battle(ROW4, [creature("mule", "goblin", "blue", (1, 1), attacks=SLAP), creature("orc", "orc", "red", (2, 1))])
    assert choose(b, "hard") == {"actor": "mule", "act": "disengage"}


def test_first_aid_for_a_dying_ally_next_to_it():
    # 5e, Stabilizing: DC 10 Wisdom (Medicine); the cleric has already failed one death save
    b = battle(ROW4, [creature("fighter", "fighter", "blue", (1, 1)),
                      creature("cleric", "cleric", "blue", (2, 1), current_hp=0),
                      creature("gob", "goblin", "red", (11, 3))])
    b.state.creatures["cleric"].death_failures = 1
    assert choose(b, "hard") == {"actor": "fighter", "act": "stabilize", "target": "cleric"}


def test_no_first_aid_before_the_first_failed_save_when_a_foe_is_at_hand():
    b = battle(ROW4, [creature("fighter", "fighter", "blue", (1, 1)),
                      creature("cleric", "cleric", "blue", (2, 1), current_hp=0),
                      creature("gob", "goblin", "red", (1, 2))])
    assert choose(b, "hard")["act"] == "attack"


# ---- reach, and not walking into a crowd -----------------------------------------------
def test_the_orc_strikes_the_wizard_from_the_side_the_fighter_cannot_reach():
    # of the squares next to the wizard, it takes the one outside the fighter's reach
    grid = "\n".join([".........."] * 5)
    b = battle(grid, [creature("orc", "orc", "red", (0, 1)), creature("wizard", "wizard", "blue", (5, 1)),
                      creature("fighter", "fighter", "blue", (5, 0))])
    command = choose(b, "hard")
    assert command["act"] == "move"
    b.submit(command)
    orc = b.state.creatures["orc"]
    assert max(abs(orc.x - 5), abs(orc.y - 1)) == 1  # next to the wizard
    assert max(abs(orc.x - 5), abs(orc.y - 0)) > 1  # out of the fighter's reach


def test_a_giant_with_reach_strikes_from_beyond_the_fighters_reach():
    # 5e, Reach: a 3 m greatclub hits from two squares away, where the fighter's sword cannot answer
    grid = "\n".join([".............."] * 6)
    for reach, gap in ((3, 2), (1.5, 1)):
        club = [{"name": "greatclub", "kind": "melee", "to_hit": 8, "damage": "3d8+5", "type": "bludgeoning",
                 "reach": reach}]
        b = battle(grid, [creature("giant", "hill-giant", "red", (0, 2), attacks=club),
                          creature("fighter", "fighter", "blue", (8, 2))])
        b.submit(choose(b, "hard"))
        assert gap_squares(b.state.creatures["giant"].space, b.state.creatures["fighter"].space) == gap
        assert choose(b, "hard") == {"actor": "giant", "act": "attack", "target": "fighter", "with": "greatclub"}


# ---- squeezing only when it pays -------------------------------------------------------
DEAD_END = "\n".join(["..........", "..........", "####.#####", "####.#####", "####.#####"])
CLUB = [{"name": "greatclub", "kind": "melee", "to_hit": 6, "damage": "2d8+4", "type": "bludgeoning"}]


def test_the_ogre_squeezes_into_the_dead_end_when_its_only_foe_is_there():
    # 5e, Squeezing: a large ogre in a 1-square corridor moves at half speed, attacks at disadvantage
    b = battle(DEAD_END, [creature("ogre", "ogre", "red", (0, 0), attacks=CLUB), creature("gob", "goblin", "blue", (4, 4))],
               initiative=["ogre", "gob"])
    commands = play_turn(b, "ogre")
    assert {"actor": "ogre", "act": "attack", "target": "gob", "with": "greatclub"} in commands
    assert any(c["act"] == "move" for c in commands)


def test_the_ogre_does_not_squeeze_when_a_foe_stands_in_the_open():
    b = battle(DEAD_END, [creature("ogre", "ogre", "red", (0, 0), attacks=CLUB), creature("gob", "goblin", "blue", (4, 4)),
                          creature("gob2", "goblin", "blue", (9, 1))])
    commands = play_turn(b, "ogre")
    assert {"actor": "ogre", "act": "attack", "target": "gob2", "with": "greatclub"} in commands
    assert "squeezing" not in b.state.creatures["ogre"].conditions


# ---- targets: casters first, unless a kill is at hand; heal only the hurt --------------
def test_the_goblin_goes_for_the_caster():
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("fighter", "fighter", "blue", (4, 1)),
                      creature("wizard", "wizard", "blue", (6, 1))])
    assert choose(b, "hard")["target"] == "wizard"


def test_the_goblin_goes_for_the_caster_whose_shield_is_not_ready():
    # SRD 5.1, Shield: "+5 to AC, including against the triggering attack" as a reaction; a hard
    # player's blow on a wizard with Shield ready is likely turned aside (it hits only against the
    # AC with Shield), so the better blow is on the wizard who cannot cast it (the same wizard,
    # Shield left out of its spells)
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("shielded", "wizard", "blue", (4, 1)),
                      creature("open", "wizard", "blue", (6, 1), spells=["fire-bolt", "magic-missile"])])
    assert choose(b, "hard")["target"] == "open"


def test_with_its_reaction_spent_the_shielded_wizard_is_a_caster_like_any_other():
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("shielded", "wizard", "blue", (4, 1)),
                      creature("open", "wizard", "blue", (6, 1), spells=["fire-bolt", "magic-missile"])])
    b.state.creatures["shielded"].reaction = False
    assert choose(b, "hard")["target"] == "shielded"  # equal worth: the first one weighed


def test_a_blow_on_a_wizard_with_shield_ready_counts_against_the_ac_shield_would_give():
    # SRD 5.1, Shield: "+5 bonus to AC, including against the triggering attack", cast when hit.
    # The goblin's scimitar (+4) hits the wizard's AC 12 on 8 or more, but Shield turns it aside
    # below 17 (13 or more: 40%); the rogue's AC 14 is hit on 10 or more (55%): the rogue is the
    # better blow, as the ruleset's Shield threat says
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("wizard", "wizard", "blue", (4, 1)),
                      creature("rogue", "rogue", "blue", (6, 1))])
    assert b.estimates().shield_threat(b.state.creatures["wizard"]) == 5
    assert choose(b, "hard")["target"] == "rogue"


def test_a_wizard_with_shield_spent_is_the_goblins_easier_blow_again():
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("wizard", "wizard", "blue", (4, 1)),
                      creature("rogue", "rogue", "blue", (6, 1))])
    b.state.creatures["wizard"].reaction = False  # no Shield before its turn: AC 12 it is
    assert b.estimates().shield_threat(b.state.creatures["wizard"]) == 0
    assert choose(b, "hard")["target"] == "wizard"


def test_a_wizard_with_shield_ready_is_still_the_better_blow_than_a_fighter_in_plate():
    # the fighter's AC 19 is hit on 15 or more (30%), below the 40% against the wizard's Shield
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("wizard", "wizard", "blue", (4, 1)),
                      creature("fighter", "fighter", "blue", (6, 1))])
    assert choose(b, "hard")["target"] == "wizard"


def test_the_goblin_finishes_the_fighter_on_his_last_hit_point_first():
    b = battle(ROW4, [creature("gob", "goblin", "red", (5, 1)), creature("fighter", "fighter", "blue", (4, 1), current_hp=1),
                      creature("wizard", "wizard", "blue", (6, 1))])
    assert choose(b, "hard")["target"] == "fighter"


def test_the_cleric_does_not_heal_an_unhurt_ally():
    b = battle(ROW4, [creature("cleric", "cleric", "blue", (1, 1)), creature("fighter", "fighter", "blue", (5, 1)),
                      creature("gob", "goblin", "red", (11, 3))])
    command = choose(b, "hard")
    assert command.get("spell") not in ("healing-word", "cure-wounds")
