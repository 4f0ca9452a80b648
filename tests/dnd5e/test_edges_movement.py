"""5e at its edges, moving: grappling and dragging, mounted combat, flying, squeezing in
difficult terrain (seed 000, "Lutte", "Combat monté", "Mouvement de vol", "Passer dans un espace
étroit"; the SRD 5.1 where the seed is silent)."""

import pytest

from game.rules.dnd5e.options import legal_commands
from game.rules.errors import IllegalCommand
from helpers import act, battle, creature

ROW = "..........\n..........\n.........."
FIELD = "..........\n..........\n..........\n.........."
GLAIVE = [{"name": "glaive", "kind": "melee", "to_hit": 5, "reach": 3, "damage": "1d10+3", "type": "slashing",
           "properties": ["heavy", "reach", "two-handed"]}]


def shown(b, cid):
    """A creature as `replay --json` shows it."""
    return b.to_json()["creatures"][cid]


def at(b, cid):
    c = b.state.creatures[cid]
    return c.x, c.y


# ---------------------------------------------------------------- grappling
def test_a_reach_weapon_does_not_lengthen_a_grapple_or_a_shove():
    # 5e, Lutte: the target "doit être à votre portée"; SRD 5.1, Reach: a reach weapon adds 1.5 m
    # to your reach only when you attack with it (a grapple is no attack with the glaive)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), attacks=GLAIVE),
                     creature("gob1", "goblin", "red", (3, 1))])
    with pytest.raises(IllegalCommand, match="out of fighter's reach"):
        act(b, "fighter", "grapple", target="gob1")
    with pytest.raises(IllegalCommand, match="out of fighter's reach"):
        act(b, "fighter", "shove", target="gob1", effect="prone")
    assert b.check({"actor": "fighter", "act": "attack", "target": "gob1", "with": "glaive"}) is None
    assert not [o for o in legal_commands(b) if o.command["act"] in ("grapple", "shove")]


def test_a_creature_with_a_long_natural_reach_grapples_within_it():
    # SRD 5.1, Reach: a hill giant's own reach is 3 m (its greatclub has no reach property)
    b = battle(FIELD, [creature("giant", "hill-giant", "red", (0, 0)), creature("gob1", "goblin", "blue", (4, 1))],
               dice=[15, 2])
    act(b, "giant", "grapple", target="gob1")
    assert "grappled" in b.state.creatures["gob1"].conditions


def test_a_grapple_ends_when_the_target_is_pushed_out_of_the_grapplers_own_reach():
    # SRD 5.1, Grappled: it ends "if an effect removes the grappled creature from the reach of the
    # grappler" -- its own reach: the glaive's 3 m do not hold anyone
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), attacks=GLAIVE),
                     creature("ally", "fighter", "blue", (1, 0)), creature("gob1", "goblin", "red", (2, 1))],
               dice=[15, 2, 15, 2])
    act(b, "fighter", "grapple", target="gob1")
    act(b, "fighter", "end")
    act(b, "ally", "shove", target="gob1", effect="push")  # away from the ally, to [3, 2]: 3 m from the fighter
    assert at(b, "gob1") == (3, 2)
    assert "grappled" not in shown(b, "gob1")["conditions"]


def test_dragging_halves_the_speed_and_the_movement_already_spent_counts_against_it():
    # 5e, Lutte: dragging the grappled creature, "votre vitesse est diminuée par deux": 4.5 m for
    # the fighter; 4.5 m walked before the grapple leave nothing to drag it with
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("gob1", "goblin", "red", (4, 1))],
               dice=[15, 2])
    act(b, "fighter", "move", to=[3, 1])  # 4.5 m
    act(b, "fighter", "grapple", target="gob1")
    assert shown(b, "fighter")["movement_left"] == 0
    with pytest.raises(IllegalCommand, match="has 0 m of movement left"):
        act(b, "fighter", "move", to=[2, 1])
    assert not [o for o in legal_commands(b) if o.command["act"] == "move"]


def test_dragging_from_the_start_of_the_turn_goes_half_as_far():
    # 5e, Lutte: half of 9 m is 4.5 m, three squares; each costs what it costs
    b = battle(ROW, [creature("fighter", "fighter", "blue", (4, 1)), creature("gob1", "goblin", "red", (5, 1))],
               dice=[15, 2])
    act(b, "fighter", "grapple", target="gob1")
    act(b, "fighter", "move", to=[2, 1])  # 3 m
    assert shown(b, "fighter")["movement_left"] == 1.5 and at(b, "gob1") == (3, 1)
    assert b.movement_budget("fighter") == (1.5, 4.5)
    moves = [o for o in legal_commands(b) if o.command["act"] == "move"]
    assert moves and all(o.preview.cost_m <= 1.5 for o in moves)
    with pytest.raises(IllegalCommand, match="has 1.5 m of movement left"):
        act(b, "fighter", "move", to=[0, 1])


def grappled_wizard(**goblin):
    # the goblin grapples the wizard: Athletics d20 20 - 1 against the wizard's Acrobatics 1 + 2
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), **goblin), creature("wizard", "wizard", "blue", (1, 1)),
                     creature("gob2", "goblin", "red", (9, 0))], dice=[20, 1])
    act(b, "gob1", "grapple", target="wizard")
    act(b, "gob1", "end")
    assert "grappled" in shown(b, "wizard")["conditions"]
    return b


def test_killed_by_a_spell_the_grappler_lets_go_at_once():
    # SRD 5.1, Grappled: the condition ends if the grappler is incapacitated (dead, at the least)
    b = grappled_wizard(hp=1)
    b.state.dice.forced.extend([15, 15, 5])  # fire bolt within 1.5 m of a foe: disadvantage; 1d10
    act(b, "wizard", "cast", spell="fire-bolt", target="gob1")
    assert shown(b, "gob1")["state"] == "dead"
    assert "grappled" not in shown(b, "wizard")["conditions"]
    act(b, "wizard", "move", to=[0, 1])  # free to move away at once


def test_killed_by_a_weapon_the_grappler_lets_go_at_once():
    b = grappled_wizard(hp=1)
    b.state.dice.forced.extend([15, 1])  # the dagger: d20 15 + 4 hits AC 15; 1 + 2 damage
    act(b, "wizard", "attack", target="gob1", **{"with": "dagger"})
    assert shown(b, "gob1")["state"] == "dead" and "grappled" not in shown(b, "wizard")["conditions"]


def test_stunned_by_a_readied_blow_the_grappler_lets_go_at_once():
    # SRD 5.1, Grappled: it ends when the grappler is incapacitated (stunned, here)
    mace = [{"name": "mace", "kind": "melee", "to_hit": 4, "reach": 1.5, "damage": "1d6+2", "type": "bludgeoning",
             "on_hit": {"save": "con", "dc": 20, "condition": "stunned"}}]
    b = battle(ROW, [creature("cleric", "cleric", "blue", (3, 1), attacks=mace),
                     creature("orc", "orc", "red", (2, 1), attacks_per_action=2),
                     creature("fighter", "fighter", "blue", (1, 1))], dice=[20, 1, 1, 15, 3, 1])
    act(b, "cleric", "ready", trigger={"event": "attacks", "by": "orc"},
        then={"act": "attack", "target": "orc", "with": "mace"})
    act(b, "cleric", "end")
    act(b, "orc", "grapple", target="fighter")  # d20 20 + 3 against 1 + 5
    act(b, "orc", "attack", target="fighter", **{"with": "greataxe"})  # d20 1: a miss, and the cleric's cue
    act(b, "cleric", "react", take=True)  # d20 15 + 4 hits AC 13; 3 + 2 damage; Con save d20 1 + 3 fails
    assert "stunned" in shown(b, "orc")["conditions"]
    assert "grappled" not in shown(b, "fighter")["conditions"]


# ---------------------------------------------------------------- mounted combat
def saddled(*extra, dice=(), **rider):
    """The fighter in the warhorse's saddle, an orc beside them; the orc acts first."""
    return battle(FIELD, [creature("orc", "orc", "red", (3, 1), hp=40),
                          creature("horse", "warhorse", "blue", (1, 1)),
                          creature("fighter", "fighter", "blue", (0, 0), mount="horse", **rider), *extra],
                  dice=dice, initiative=["orc", "fighter", "horse"])


def test_mounting_or_dismounting_is_once_per_move():
    # 5e, Combat monté: "Une fois par mouvement, vous pouvez monter ou descendre d'une créature"
    b = battle(FIELD, [creature("fighter", "fighter", "blue", (0, 0)), creature("horse", "warhorse", "blue", (1, 0)),
                       creature("gob1", "goblin", "red", (9, 3))])
    act(b, "fighter", "mount", target="horse")  # half of 9 m; 4.5 m are left
    with pytest.raises(IllegalCommand, match="once per move"):
        act(b, "fighter", "dismount")
    assert "dismount" not in {o.command["act"] for o in legal_commands(b)}
    act(b, "fighter", "end")
    act(b, "horse", "end")
    act(b, "gob1", "end")
    act(b, "fighter", "dismount")  # a new turn, a new move
    assert "mounted_on" not in b.state.creatures["fighter"].effects


def test_a_mount_knocked_prone_lets_its_rider_leap_off_with_its_reaction():
    # 5e, Combat monté: "Si votre monture tombe à terre, vous pouvez utiliser votre réaction pour
    # sauter durant sa chute et atterrir sur vos pieds" -- no saving throw for it
    b = saddled(dice=[20, 1])
    act(b, "orc", "shove", target="horse", effect="prone")  # d20 20 + 3 against the horse's 1 + 4
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "leap")]
    assert b.offer().question.startswith("Warhorse falls prone")
    assert [o.command for o in legal_commands(b)] == [{"actor": "fighter", "act": "react", "take": True},
                                                      {"actor": "fighter", "act": "react", "take": False}]
    act(b, "fighter", "react", take=True)
    fighter = shown(b, "fighter")
    assert "prone" not in fighter["conditions"] and not fighter["reaction"]
    assert "mounted_on" not in b.state.creatures["fighter"].effects
    assert not [line for line in b.state.log if "save" in line]
    x, y = at(b, "fighter")
    assert (x, y) not in b.state.creatures["horse"].squares() and 0 <= x <= 3 and 0 <= y <= 3  # beside it


def test_a_rider_that_does_not_leap_falls_prone_beside_its_mount():
    # 5e, Combat monté: "Sinon vous tombez à terre dans un rayon de 1,50 mètre autour d'elle"
    b = saddled(dice=[20, 1])
    act(b, "orc", "shove", target="horse", effect="prone")
    act(b, "fighter", "react", take=False)
    fighter = shown(b, "fighter")
    assert "prone" in fighter["conditions"] and fighter["reaction"]
    assert "mounted_on" not in b.state.creatures["fighter"].effects
    assert not [line for line in b.state.log if "save" in line]


def test_a_rider_without_its_reaction_falls_prone_with_its_mount_and_no_save():
    b = saddled(dice=[20, 1])
    b.state.creatures["fighter"].reaction = False  # spent already, say on an opportunity attack
    act(b, "orc", "shove", target="horse", effect="prone")
    assert not b.state.offers
    assert "prone" in shown(b, "fighter")["conditions"]
    assert not [line for line in b.state.log if "save" in line]


def test_a_mount_that_drops_lets_its_rider_leap_off_too():
    # an unconscious or dead mount falls prone with its rider (SRD 5.1, Unconscious: "falls prone")
    b = battle(FIELD, [creature("orc", "orc", "red", (3, 1), hp=40), creature("horse", "warhorse", "blue", (1, 1), hp=1),
                       creature("fighter", "fighter", "blue", (0, 0), mount="horse")],
               dice=[15, 6], initiative=["orc", "fighter", "horse"])
    act(b, "orc", "attack", target="horse", **{"with": "greataxe"})
    assert shown(b, "horse")["state"] == "dead"
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "leap")]
    act(b, "fighter", "react", take=True)
    assert "prone" not in shown(b, "fighter")["conditions"]


def test_a_rider_knocked_prone_by_a_bite_saves_dex_10_to_stay_in_the_saddle():
    # 5e, Combat monté: "Si vous subissez l'effet tomber à terre alors que vous êtes sur une
    # monture, vous devez faire le même jet de sauvegarde" (Dexterity, DC 10)
    wolf = creature("wolf1", "wolf", "red", (0, 2))
    b = battle(FIELD, [wolf, creature("horse", "warhorse", "blue", (1, 1)),
                       creature("fighter", "fighter", "blue", (0, 0), mount="horse")],
               dice=[19, 1, 1, 1, 15], initiative=["wolf1", "fighter", "horse"])
    act(b, "wolf1", "attack", target="fighter", **{"with": "bite"})  # hit; Str save d20 1 + 5 fails; Dex d20 15 + 2
    fighter = b.state.creatures["fighter"]
    assert "Fighter makes a DC 10 Dex save: d20 15" in "\n".join(b.state.log)
    assert fighter.effects.get("mounted_on") == "horse" and "prone" not in fighter.conditions
    b = battle(FIELD, [wolf, creature("horse", "warhorse", "blue", (1, 1)),
                       creature("fighter", "fighter", "blue", (0, 0), mount="horse")],
               dice=[19, 1, 1, 1, 3], initiative=["wolf1", "fighter", "horse"])
    act(b, "wolf1", "attack", target="fighter", **{"with": "bite"})  # the Dex save d20 3 + 2 fails
    fighter = b.state.creatures["fighter"]
    assert "mounted_on" not in fighter.effects and "prone" in fighter.conditions


def test_a_mount_bitten_prone_throws_its_rider_as_a_shove_does():
    b = battle(FIELD, [creature("wolf1", "wolf", "red", (3, 1)), creature("horse", "warhorse", "blue", (1, 1)),
                       creature("fighter", "fighter", "blue", (0, 0), mount="horse")],
               dice=[19, 1, 1, 1], initiative=["wolf1", "fighter", "horse"])
    act(b, "wolf1", "attack", target="horse", **{"with": "bite"})  # the horse's Str save d20 1 + 4 fails
    assert "prone" in shown(b, "horse")["conditions"]
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "leap")]


def test_a_mount_dragged_against_its_will_carries_its_rider_who_saves_dex_10():
    # 5e, Combat monté: "Si un effet déplace votre monture contre son gré pendant que vous la
    # montez, vous devez réussir un jet de sauvegarde de Dextérité DD 10"
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("wolf1", "wolf", "blue", (3, 1)),
                     creature("gob1", "goblin", "blue", (0, 0), mount="wolf1")],
               dice=[20, 1, 15], initiative=["orc", "gob1", "wolf1"])
    act(b, "orc", "grapple", target="wolf1")  # d20 20 + 3 against the wolf's 1 + 2
    act(b, "orc", "move", to=[0, 1])  # 3 m at half speed; the wolf is dragged to [1, 1]
    assert at(b, "wolf1") == (1, 1)
    assert "Goblin makes a DC 10 Dex save: d20 15" in "\n".join(b.state.log)
    assert at(b, "gob1") == (1, 1) and b.state.creatures["gob1"].effects.get("mounted_on") == "wolf1"


def test_a_rider_dragged_by_its_grappler_saves_dex_10_or_is_pulled_down():
    # 5e, Combat monté: moved against its will, the rider saves or falls prone beside its mount
    def pulled(save_face):
        b = battle(FIELD, [creature("orc", "orc", "red", (3, 1), hp=40), creature("horse", "warhorse", "blue", (1, 1)),
                           creature("fighter", "fighter", "blue", (0, 0), mount="horse")],
                   dice=[20, 1, save_face], initiative=["orc", "fighter", "horse"])
        act(b, "orc", "grapple", target="fighter")  # d20 20 + 3 against 1 + 5
        act(b, "orc", "move", to=[5, 1])
        act(b, "horse", "react", take=False)  # the horse lets the orc go
        assert "Fighter makes a DC 10 Dex save" in "\n".join(b.state.log)
        return b.state.creatures["fighter"]

    fighter = pulled(15)  # it keeps its seat, and the orc walks out of reach: the grapple ends
    assert fighter.effects.get("mounted_on") == "horse" and (fighter.x, fighter.y) == (1, 1)
    assert "grappled" not in fighter.conditions and "prone" not in fighter.conditions
    fighter = pulled(3)  # pulled from the saddle: prone beside the horse
    assert "mounted_on" not in fighter.effects and "prone" in fighter.conditions
    assert max(abs(fighter.x - 1.5), abs(fighter.y - 1.5)) <= 1.5


# ---------------------------------------------------------------- flying
def flyer_beside_fighter(**dragon):
    return battle(FIELD, [creature("dragon", "young-green-dragon", "red", (0, 0), **dragon),
                          creature("fighter", "fighter", "blue", (2, 0))], dice=[15, 4])


def test_flying_up_out_of_reach_provokes_an_opportunity_attack():
    # 5e, Mouvement et position: "Si vous quittez l'allonge d'une créature hostile pendant que vous
    # bougez, vous provoquez une attaque d'opportunité"; height counts for reach (README, Flying)
    b = flyer_beside_fighter()
    up = [o for o in legal_commands(b) if o.command.get("altitude") == 3.0]
    assert len(up) == 1 and up[0].preview.opportunity_attacks == ("fighter",)
    act(b, "dragon", "move", mode="fly", altitude=3)
    assert [(o.reactor, o.kind) for o in b.state.offers] == [("fighter", "opportunity")]
    assert b.state.creatures["dragon"].altitude == 0  # the attack comes just before it leaves the reach
    act(b, "fighter", "react", take=True)  # d20 15 + 5 hits AC 18; 4 + 3 damage
    dragon = b.state.creatures["dragon"]
    assert dragon.hp == 136 - 7 and dragon.altitude == 3 and dragon.movement_left("fly") == 24 - 3


def test_flying_up_within_reach_provokes_nothing():
    b = flyer_beside_fighter()
    up = [o for o in legal_commands(b) if o.command.get("altitude") == 1.5]
    assert len(up) == 1 and up[0].preview.opportunity_attacks == ()
    act(b, "dragon", "move", mode="fly", altitude=1.5)
    assert not b.state.offers and b.state.creatures["dragon"].altitude == 1.5


def test_a_prone_flyer_must_stand_up_before_it_takes_off():
    # 5e, Être à terre: "Pour bouger quand vous êtes à terre, vous devez ramper" -- no flying
    b = battle(FIELD, [creature("dragon", "young-green-dragon", "red", (0, 0), conditions=["prone"]),
                       creature("fighter", "fighter", "blue", (9, 3))])
    with pytest.raises(IllegalCommand, match="prone"):
        act(b, "dragon", "move", mode="fly", altitude=3)
    with pytest.raises(IllegalCommand, match="prone"):
        act(b, "dragon", "move", mode="fly", to=[0, 3])
    moves = [o.command for o in legal_commands(b) if o.command["act"] == "move"]
    assert moves and all(m.get("mode") != "fly" for m in moves)
    act(b, "dragon", "stand")  # half of its walking speed
    act(b, "dragon", "move", mode="fly", altitude=3)
    assert b.state.creatures["dragon"].altitude == 3


def test_a_flyer_knocked_prone_on_its_way_flies_no_further():
    b = battle(FIELD, [creature("dragon", "young-green-dragon", "red", (0, 0)), creature("wolf1", "wolf", "blue", (0, 2)),
                       creature("fighter", "fighter", "blue", (9, 3))], dice=[19, 1, 1, 1])
    act(b, "dragon", "move", mode="fly", to=[6, 0])  # leaving the wolf's reach after one square
    act(b, "wolf1", "react", take=True)  # the bite hits; the dragon's Str save d20 1 + 4 fails: prone
    assert "prone" in shown(b, "dragon")["conditions"] and at(b, "dragon") == (1, 0)
    assert "must stand up before it flies" in b.state.log[-1]


# ---------------------------------------------------------------- squeezing
NARROW = "..###..\n.......\n..###..\n......."


def test_squeezing_through_difficult_terrain_pays_both_extra_costs():
    # 5e, Passer dans un espace étroit: "chaque mètre dans un passage étroit de ce type coûte un
    # mètre supplémentaire"; difficult terrain adds its own extra metre: 3 m a metre together
    b = battle(NARROW.replace("..###..\n.......", "..###..\n...:..."),
               [creature("ogre", "ogre", "red", (0, 0)), creature("gob1", "goblin", "blue", (6, 3))])
    act(b, "ogre", "move", path=[[1, 1], [2, 1], [3, 1]])  # squeezing: 2 + 2 squares, then 3 in the rubble
    assert "squeezing" in shown(b, "ogre")["conditions"]
    assert shown(b, "ogre")["movement_left"] == 12 - 7 * 1.5


def test_squeezing_on_clear_ground_costs_double():
    b = battle(NARROW, [creature("ogre", "ogre", "red", (0, 0)), creature("gob1", "goblin", "blue", (6, 3))])
    act(b, "ogre", "move", path=[[1, 1], [2, 1], [3, 1]])
    assert shown(b, "ogre")["movement_left"] == 12 - 6 * 1.5
