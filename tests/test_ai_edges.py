"""Hard computer players at the edges of the rules: Search for a hidden foe when nothing better
is worth doing, a Dash always followed by its walk, a caster that steps out to cast, no nook
behind a wall taken for shelter, a grapple kept rather than let go by walking off, the orc's
Aggressive to close in, and a fire bolt readied for a foe coming round a wall."""

from game.content.maps import load_map
from game.content.paths import MAPS_DIR
from game.session.ai import choose
from helpers import SWORD, act, battle, creature, force, play_turn

BOW = [{"name": "longbow", "kind": "ranged", "to_hit": 3, "damage": "1d8+1", "type": "piercing", "range": [45, 180]}]


# ---- Search ----------------------------------------------------------------------------
# arrow slits: no way across, but the lines through them are only three-quarters blocked
SLITS = "\n".join([".......", ".......", "+++++++", ".......", "......."])


def hidden_goblin_across_the_slits(hide=True, **fighter):
    b = battle(SLITS, [creature("gob", "goblin", "red", (3, 4)),
                       creature("fighter", "fighter", "blue", (3, 0), attacks=SWORD, **fighter)])
    if hide:
        force(b, 10)  # Stealth 10 + 6 = 16, above the fighter's passive Perception 13
        act(b, "gob", "hide", bonus=True)
        assert "hidden" in b.state.creatures["gob"].conditions
    act(b, "gob", "end")
    return b


def test_with_nothing_to_strike_the_fighter_searches_for_the_hidden_goblin():
    # 5e, Search: a Wisdom (Perception) check against the goblin's Stealth 16; found, its next
    # shot loses the advantage of an unseen attacker
    b = hidden_goblin_across_the_slits()
    assert choose(b, "hard") == {"actor": "fighter", "act": "search"}
    force(b, 20)
    b.submit({"actor": "fighter", "act": "search"})
    assert "hidden" not in b.state.creatures["gob"].conditions


def test_no_search_for_a_goblin_in_plain_view():
    b = hidden_goblin_across_the_slits(hide=False)
    assert choose(b, "hard")["act"] != "search"


def test_a_foe_to_strike_comes_before_a_search():
    b = battle(SLITS, [creature("gob", "goblin", "red", (3, 4)), creature("orc", "orc", "red", (4, 1)),
                       creature("fighter", "fighter", "blue", (3, 0), attacks=SWORD)])
    force(b, 10)
    act(b, "gob", "hide", bonus=True)
    act(b, "gob", "end")
    act(b, "orc", "end")
    assert choose(b, "hard") == {"actor": "fighter", "act": "attack", "target": "orc", "with": "longsword"}


# ---- Dash ------------------------------------------------------------------------------
def test_a_wizard_that_dashes_walks_on():
    # nothing within fire bolt's 36 m: it dashes toward the goblin and uses the movement
    b = battle("." * 44, [creature("wizard", "wizard", "blue", (0, 0)), creature("gob", "goblin", "red", (40, 0))])
    commands = play_turn(b, "wizard")
    assert [c["act"] for c in commands] == ["dash", "move", "end"]
    assert b.state.creatures["wizard"].x > 6  # more than one walk (9 m) from where it stood


# ---- a caster's place ------------------------------------------------------------------
BEHIND = "\n".join(["......#......."] * 4 + ["..............", ".............."])


def test_a_caster_behind_a_wall_steps_out_to_cast():
    # from behind the wall the orc has total cover; a few steps give fire bolt its line
    b = battle(BEHIND, [creature("wizard", "wizard", "blue", (5, 1), spells=["fire-bolt"]),
                        creature("orc", "orc", "red", (13, 1), attacks=SWORD)])
    assert b.cover("wizard", "orc") == "total"
    first = choose(b, "hard")
    assert first["act"] == "move"
    b.submit(first)
    command = choose(b, "hard")
    assert command == {"actor": "wizard", "act": "cast", "spell": "fire-bolt", "target": "orc"}


def test_after_casting_the_wizard_does_not_shut_itself_in_a_nook_behind_the_walls():
    # the default skirmish's field: the nook behind the south-west walls has total cover from
    # where the goblins stand now, but they walk round walls before they shoot, and from the
    # nook the wizard would see nobody to cast at next turn
    grid = "\n".join(load_map(MAPS_DIR / "skirmish-field.toml").rows)
    b = battle(grid, [creature("wizard", "wizard", "blue", (2, 10), spells=["fire-bolt"]),
                      creature("gob1", "goblin", "red", (17, 3)), creature("gob2", "goblin", "red", (18, 6)),
                      creature("gob3", "goblin", "red", (18, 12))])
    force(b, 1)  # the fire bolt misses
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    play_turn(b, "wizard")
    assert any(b.cover("wizard", g) != "total" for g in ("gob1", "gob2", "gob3"))


# ---- a grapple kept --------------------------------------------------------------------
ROOM = "\n".join(["............"] * 7)


def held_down(held_kind: str, wizard_at, wizard_hp=None, wizard_spells=None, **held):
    """The fighter has grappled a prone foe (it cannot stand at speed 0); a wizard stands nearby."""
    wizard = {"current_hp": wizard_hp} if wizard_hp is not None else {}
    if wizard_spells is not None:
        wizard["spells"] = wizard_spells
    b = battle(ROOM, [creature("fighter", "fighter", "red", (1, 1), attacks=SWORD),
                      creature("held", held_kind, "blue", (2, 1), conditions=["prone"], **held),
                      creature("wizard", "wizard", "blue", wizard_at, **wizard)])
    force(b, 20, 1)
    act(b, "fighter", "grapple", target="held")
    for cid in ("fighter", "held", "wizard"):
        act(b, cid, "end")
    return b


def test_a_fighter_holding_down_an_ogre_archer_does_not_walk_off_and_let_it_go():
    # 5e, Grappled: the ogre is too big to be dragged along, so walking out of its reach frees
    # it; held prone, it cannot stand: every blow on it has advantage and its shots disadvantage
    b = held_down("ogre", (0, 5), wizard_hp=8, ac=20, attacks=BOW)
    assert choose(b, "hard") == {"actor": "fighter", "act": "attack", "target": "held", "with": "longsword"}


def test_it_lets_the_ogre_go_to_finish_the_wizard():
    b = held_down("ogre", (0, 5), wizard_hp=2, ac=20, attacks=BOW)
    command = choose(b, "hard")
    assert command["act"] == "move"
    b.submit(command)
    assert "grappled" not in b.state.creatures["held"].conditions
    assert choose(b, "hard") == {"actor": "fighter", "act": "attack", "target": "wizard", "with": "longsword"}


def test_a_held_goblin_is_dragged_along_at_half_speed():
    # 5e, Moving a grappled creature: the goblin comes along and the fighter's speed is halved
    # (a wizard without Shield: one with Shield ready is not worth the walk, see test_ai_tactics)
    b = held_down("goblin", (4, 3), wizard_spells=["fire-bolt", "magic-missile"], ac=20)
    command = choose(b, "hard")
    assert command["act"] == "move"
    b.submit(command)
    goblin, fighter = b.state.creatures["held"], b.state.creatures["fighter"]
    assert {"grappled", "prone"} <= goblin.conditions
    walked = 1.5 * max(abs(fighter.x - 1), abs(fighter.y - 1))
    assert 0 < walked == fighter.movement_spent <= fighter.stats.walk / 2  # the halved speed, not more


# ---- the orc's Aggressive ------------------------------------------------------------------
WIDE = "\n".join(["." * 20] * 3)


def test_a_far_orc_closes_in_with_aggressive_and_strikes_this_turn():
    # SRD 5.1, Orc, Aggressive: 9 m toward the fighter as a bonus action, then its 9 m walk and
    # the greataxe (the fighter is 16 squares away: a walk alone would not reach it)
    b = battle(WIDE, [creature("orc", "orc", "red", (0, 1)), creature("fighter", "fighter", "blue", (13, 1))],
               initiative=["orc", "fighter"])
    given = play_turn(b, "orc", dice=[1] * 10)
    assert given[0]["act"] == "aggressive" and given[0]["toward"] == "fighter"
    assert any(c["act"] == "attack" and c["target"] == "fighter" for c in given)


def test_an_orc_within_a_walk_of_its_foe_keeps_its_bonus_action():
    b = battle(WIDE, [creature("orc", "orc", "red", (0, 1)), creature("fighter", "fighter", "blue", (6, 1))],
               initiative=["orc", "fighter"])
    given = play_turn(b, "orc", dice=[1] * 10)
    assert all(c["act"] != "aggressive" for c in given)
    assert any(c["act"] == "attack" for c in given)


# ---- a readied spell -----------------------------------------------------------------------
# a wall down column 10 with an opening at the bottom: the wizard in the top-left corner sees
# nobody from any square of its walk; the orc beyond the wall will come round
WALLED = "\n".join(["." * 10 + "#" + "." * 5] * 9 + ["." * 16])


def wizard_behind_the_wall():
    return battle(WALLED, [creature("wizard", "wizard", "blue", (8, 0)), creature("orc", "orc", "red", (11, 4))],
                  initiative=["wizard", "orc"])


def test_a_wizard_with_every_foe_behind_total_cover_readies_fire_bolt_for_the_orc_coming_round():
    b = wizard_behind_the_wall()
    command = choose(b, "hard")
    assert command == {"actor": "wizard", "act": "ready", "trigger": {"event": "enters_reach", "by": "orc"},
                       "then": {"act": "cast", "spell": "fire-bolt", "target": "orc"}}


def test_the_readied_fire_bolt_is_released_when_the_orc_steps_into_reach():
    b = wizard_behind_the_wall()
    b.submit(choose(b, "hard"))
    act(b, "wizard", "end")
    orc = b.state.creatures["orc"]
    orc.x, orc.y = 9, 3  # as if it came round the wall
    force(b, 19, 19, 7)  # fire bolt at disadvantage (a hostile within 1.5 m): 19, 19 + 5 vs AC 13; 1d10 7
    act(b, "orc", "move", to=[9, 1])
    assert [o.kind for o in b.state.offers] == ["readied"]
    b.submit(choose(b, "hard"))
    assert orc.hp == 15 - 7


def test_the_hard_wizard_splits_magic_missile_darts_to_kill_two_wounded_goblins():
    # issue 15, 3: "the computer splits darts where that kills more": two goblins at 3 hp,
    # one dart (1d4 + 1, at least 2, 3.5 on average) each, the third on the more valuable
    grid = "\n".join(["." * 12] * 5)
    b = battle(grid, [creature("wizard", "wizard", "blue", (0, 2)),
                      creature("gob1", "goblin", "red", (8, 0), current_hp=3),
                      creature("gob2", "goblin", "red", (8, 4), current_hp=3)])
    command = choose(b, "hard")
    assert command["act"] == "cast" and command["spell"] == "magic-missile"
    assert sorted(set(command["target"])) == ["gob1", "gob2"] and len(command["target"]) == 3
    force(b, 2)  # one roll for every dart: 1d4 2 + 1 = 3 each
    b.submit(command)
    assert not any(b.state.creatures[g].standing for g in ("gob1", "gob2"))


def wizard_duel(grid_rows=5):
    grid = "\n".join(["." * 12] * grid_rows)
    return battle(grid, [creature("wizard", "wizard", "blue", (0, 2)),
                         creature("foe", "wizard", "red", (8, 2), current_hp=8)])


def test_the_hard_wizard_sends_no_magic_missile_at_a_wizard_with_shield_ready():
    # SRD 5.1, Shield: a reaction "when you are ... targeted by the magic missile spell", and
    # "you take no damage from magic missile": three darts (10.5 on average) would fell the
    # wounded foe, but Shield stops them all
    b = wizard_duel()
    assert b.estimates().stops_darts(b.state.creatures["foe"])
    command = choose(b, "hard")
    assert command.get("spell") != "magic-missile"


def test_the_hard_wizard_fells_a_wizard_whose_reaction_is_spent_with_magic_missile():
    b = wizard_duel()
    b.state.creatures["foe"].reaction = False
    assert not b.estimates().stops_darts(b.state.creatures["foe"])
    command = choose(b, "hard")
    assert command["act"] == "cast" and command["spell"] == "magic-missile"


def test_the_computer_never_peeks_at_a_foe_hidden_out_of_sight():
    # issue 15, 8: a goblin hid behind the wall, out of the fighter's sight; the fighter does
    # not walk to where the goblin really is (it cannot know), it holds its turn
    grid = "\n".join(["..........", "..........", "#######...", "..........", ".........."])
    b = battle(grid, [creature("gob", "goblin", "red", (1, 4)),
                      creature("fighter", "fighter", "blue", (1, 0), attacks=SWORD)])
    force(b, 10)
    act(b, "gob", "hide", bonus=True)
    act(b, "gob", "end")
    assert "hidden" in b.state.creatures["gob"].conditions
    assert choose(b, "hard") == {"actor": "fighter", "act": "end"}
    assert choose(b, "normal")["act"] == "end"


# ---- where a foe archer may shoot from ---------------------------------------------------
def test_a_foe_archer_may_shoot_from_its_square_or_a_walk_along_each_diagonal_stopping_at_walls():
    # the shelter a square gives is averaged over these spots: the goblin's square, and as far
    # as its 9 m (6 squares) take it toward each corner, over ground it can walk: the wall at
    # (8, 8) stops it south-east, the board's edges the other ways
    from game.session.ai import Tactician

    grid = "\n".join(["." * 12] * 8 + ["........#..."] + ["." * 12] * 3)
    b = battle(grid, [creature("wizard", "wizard", "blue", (11, 11)), creature("gob", "goblin", "red", (5, 5))],
               initiative=["wizard", "gob"])
    t = Tactician(b, hard=True)
    t.decide()
    spots = t.archer_spots(b.state.creatures["gob"])
    assert sorted(spots) == [(0, 0, 1), (0, 10, 1), (5, 5, 1), (7, 7, 1), (10, 0, 1)]
