"""What can I do now? The options query: moves and the opportunity attacks they provoke, attack
previews (hit chance, advantage, cover, expected damage), which acts are offered when, pending
reactions, and exactness: every option is accepted, every act left out is refused."""

import copy
import json
import random

import pytest

from game.content.paths import MAPS_DIR
from game.content.scenarios import load_scenario
from game.core.board import gap_squares
from game.core.dice import DiceExpr
from game.rules.api import Option, Reason
from game.rules.dnd5e.options import legal_commands
from game.rules.dnd5e.previews import average_damage
from game.rules.errors import IllegalCommand
from game.session.replay import new_battle
from helpers import act, battle, creature

ROW = "..........\n..........\n.........."
SCENARIOS = sorted(MAPS_DIR.glob("*.scenario.toml"))
ACTION_ACTS = {"dash", "disengage", "dodge", "hide", "search", "help", "grapple", "shove", "escape", "use",
               "stabilize", "ready", "attack"}


# ---------------------------------------------------------------- helpers
def copy_of(b):
    return copy.deepcopy(b, {id(b.scenario): b.scenario, id(b.board): b.board})


def key(command: dict) -> str:
    return json.dumps(command, sort_keys=True)


def acts(b) -> set[str]:
    return {o.command["act"] for o in legal_commands(b)}


def move_to(b, x, y, mode=None) -> Option:
    found = [o for o in legal_commands(b) if o.command["act"] == "move" and o.command.get("to") == [x, y]
             and o.command.get("mode") == mode]
    assert len(found) == 1, f"no single move to [{x}, {y}]"
    return found[0]


def attack_option(b, target, weapon, offhand=False) -> Option:
    found = [o for o in legal_commands(b) if o.command["act"] == "attack" and o.command["target"] == target
             and o.command["with"] == weapon and o.command.get("offhand", False) == offhand]
    assert len(found) == 1, f"no single attack on {target} with {weapon}"
    return found[0]


def reactors_offered(b, command) -> list[str]:
    """Play a command, declining every opportunity attack: who was offered one, in order."""
    b.submit(command)
    seen = []
    while b.state.offers:
        offer = b.state.offers[0]
        if offer.kind == "opportunity" and offer.reactor not in seen:
            seen.append(offer.reactor)
        b.submit({"actor": offer.reactor, "act": "react", "take": False})
    return seen


def candidates(b) -> list[dict]:
    """Every command of the acts other than moving, attacking, readying and casting, with every
    target (`bonus = true` only while the plain form would spend the action: it is the plain
    form otherwise; `use` on itself is the plain `use`)."""
    me = b.current
    ids = list(b.state.creatures)
    out = [{"actor": me.id, "act": a} for a in
           ("dash", "disengage", "dodge", "hide", "search", "escape", "stand", "drop_prone", "dismount", "end")]
    if me.action:
        out += [{"actor": me.id, "act": a, "bonus": True} for a in ("dash", "disengage", "hide")]
    for t in ids:
        out += [{"actor": me.id, "act": "grapple", "target": t}, {"actor": me.id, "act": "stabilize", "target": t},
                {"actor": me.id, "act": "mount", "target": t}]
        out += [{"actor": me.id, "act": "shove", "target": t, "effect": e} for e in ("prone", "push")]
        out += [{"actor": me.id, "act": "help", "target": t, "against": u} for u in ids]
    for item in sorted(set(me.items) | {"potion-of-healing"}):
        out.append({"actor": me.id, "act": "use", "item": item})
        out += [{"actor": me.id, "act": "use", "item": item, "target": t} for t in ids if t != me.id]
    return out


def assert_exact(b, sample: int | None = None, rng=None) -> None:
    """Every option (or a sample) is accepted on a copy, moves offer exactly the opportunity
    attacks previewed, and every candidate act left out is refused (the refusal changes nothing)."""
    seen = (b.to_json(), b.state.dice.rng.getstate())
    options = legal_commands(b)
    assert (b.to_json(), b.state.dice.rng.getstate()) == seen  # asking changes nothing, rolls nothing
    chosen = options
    if sample is not None and len(options) > sample:
        others = [o for o in options if o.command["act"] != "move"]
        moves = [o for o in options if o.command["act"] == "move"]
        chosen = (rng or random.Random(0)).sample(others, min(len(others), sample // 2))
        chosen += (rng or random.Random(0)).sample(moves, min(len(moves), sample - len(chosen)))
    for option in chosen:
        trial = copy_of(b)
        try:
            if option.command["act"] == "move":  # to a square, or up or down
                assert reactors_offered(trial, option.command) == list(option.preview.opportunity_attacks), option
            else:
                trial.submit(option.command)
        except IllegalCommand as exc:
            pytest.fail(f"listed but refused: {option.command}: {exc}")
    if b.state.offers:
        return
    listed = {key(o.command) for o in options}
    for command in candidates(b):
        if key(command) not in listed:
            with pytest.raises(IllegalCommand):
                b.submit(command)
                pytest.fail(f"not listed but accepted: {command}")


def standoff(**fighter):
    # the goblin's turn; the fighter (reach 1.5 m) stands right beside it
    return battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30),
                        creature("fighter", "fighter", "blue", (3, 1), **fighter),
                        creature("cleric", "cleric", "blue", (9, 2))])


# ---------------------------------------------------------------- moves
def test_a_move_out_of_an_enemys_reach_lists_its_opportunity_attack():
    b = standoff()
    away = move_to(b, 0, 1)
    assert away.preview.opportunity_attacks == ("fighter",)
    assert away.preview.path == ((1, 1), (0, 1)) and away.preview.cost_m == 3.0
    assert move_to(b, 2, 2).preview.opportunity_attacks == ()  # still within 1.5 m of the fighter
    assert move_to(b, 2, 0).preview.opportunity_attacks == ()
    act(b, "gob1", "move", to=[0, 1])
    assert [o.reactor for o in b.state.offers] == ["fighter"]  # what the move really offers


def test_a_path_that_passes_an_enemy_provokes_when_it_leaves_the_reach():
    # from [0, 1] to [6, 1] the goblin goes round the fighter at [4, 1], in and out of its reach
    b = battle(ROW, [creature("gob1", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (4, 1))])
    option = move_to(b, 6, 1)
    assert option.preview.opportunity_attacks == ("fighter",)
    assert (4, 1) not in option.preview.path  # a hostile space cannot be crossed
    assert move_to(b, 2, 1).preview.opportunity_attacks == ()  # into the reach: no attack
    assert_exact(b)


def test_several_reactors_are_listed_in_initiative_order():
    b = battle(ROW, [creature("gob1", "goblin", "red", (2, 1), hp=30), creature("fighter", "fighter", "blue", (3, 1)),
                     creature("rogue", "rogue", "blue", (3, 2))])
    assert move_to(b, 0, 1).preview.opportunity_attacks == ("fighter", "rogue",)
    assert_exact(b)


def test_no_opportunity_attack_after_disengage_nor_from_a_creature_without_reaction():
    b = standoff()
    act(b, "gob1", "disengage")
    assert all(o.preview.opportunity_attacks == () for o in legal_commands(b) if o.command["act"] == "move")
    b = standoff()
    b.state.creatures["fighter"].reaction = False
    assert move_to(b, 0, 1).preview.opportunity_attacks == ()
    b = standoff()
    b.state.creatures["gob1"].conditions.add("invisible")  # the fighter cannot see it go
    assert move_to(b, 0, 1).preview.opportunity_attacks == ()


def test_moves_stay_within_the_movement_left_and_change_nothing():
    b = standoff()
    before = copy.deepcopy(b.state)
    moves = [o for o in legal_commands(b) if o.command["act"] == "move"]
    assert moves and all(o.preview.cost_m <= 9 for o in moves)
    assert {tuple(o.command["to"]) for o in moves} >= {(0, 1), (2, 0)}
    assert (3, 1) not in {tuple(o.command["to"]) for o in moves}  # the fighter's square
    assert b.state.creatures["gob1"].__dict__ == before.creatures["gob1"].__dict__
    act(b, "gob1", "move", to=[2, 0])
    assert all(o.preview.cost_m <= 7.5 for o in legal_commands(b) if o.command["act"] == "move")


def test_a_swimmer_lists_swimming_moves_and_a_flyer_its_altitudes():
    water = "~~~~~.....\n~~~~~.....\n~~~~~....."
    b = battle(water, [creature("sah", "sahuagin", "red", (0, 0)), creature("fighter", "fighter", "blue", (9, 2))])
    assert any(o.command.get("mode") == "swim" for o in legal_commands(b))
    b = battle(ROW, [creature("dragon", "young-green-dragon", "red", (0, 0)),
                     creature("fighter", "fighter", "blue", (9, 2))])
    up = [o for o in legal_commands(b) if o.command.get("altitude") == 3.0]
    assert len(up) == 1 and up[0].preview.cost_m == 3.0
    act(b, "dragon", "move", mode="fly", altitude=3.0)
    assert {o.command.get("mode") for o in legal_commands(b) if o.command["act"] == "move"} == {"fly"}
    assert_exact(b)


# ---------------------------------------------------------------- attack previews
def duel(fighter=None, gob=None, **kwargs):
    return battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), **(fighter or {})),
                        creature("gob1", "goblin", "red", (2, 1), hp=50, **(gob or {}))], **kwargs)


def test_attack_preview_hit_chance_with_advantage_disadvantage_and_cover():
    # +5 against AC 15: faces 10..20 hit
    plain = attack_option(duel(), "gob1", "longsword").preview
    assert plain.hit_chance == pytest.approx(0.55)
    assert (plain.advantage, plain.cover, plain.target_number, plain.reasons) == (0, "none", 15, ())
    adv = attack_option(duel(gob={"conditions": ["prone"]}), "gob1", "longsword").preview
    assert adv.advantage == 1 and adv.hit_chance == pytest.approx(1 - 0.45 ** 2)
    assert Reason("target prone within 1.5 m", good=True) in adv.reasons
    dis = attack_option(duel(fighter={"conditions": ["prone"]}), "gob1", "longsword").preview
    assert dis.advantage == -1 and dis.hit_chance == pytest.approx(0.55 ** 2)
    # the goblin archer shoots past an orc: half cover, AC 19 + 2, +4 needs 17
    b = battle("........\n........\n........", [creature("archer", "goblin", "red", (0, 1)),
                                                 creature("orc", "orc", "red", (3, 1)),
                                                 creature("fighter", "fighter", "blue", (6, 1))])
    cover = attack_option(b, "fighter", "shortbow").preview
    assert (cover.cover, cover.target_number) == ("half", 21)
    assert cover.hit_chance == pytest.approx(0.2)


def test_targets_out_of_reach_or_range_are_not_listed():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (0, 0)), creature("gob1", "goblin", "red", (5, 2))])
    weapons = {o.command["with"] for o in legal_commands(b) if o.command["act"] == "attack"}
    assert weapons == {"handaxe"}  # thrown 6/18 m; the longsword and fists do not reach
    b = battle("....#.....\n....#.....\n....#.....", [creature("gob1", "goblin", "red", (0, 1)),
                                                     creature("fighter", "fighter", "blue", (8, 1))])
    assert "attack" not in acts(b)  # total cover


def test_expected_damage_of_a_known_weapon():
    # longsword 1d8+3 at +5 against AC 15: 0.5 x 7.5 + 0.05 x (2d8+3 = 12)
    preview = attack_option(duel(), "gob1", "longsword").preview
    assert preview.expected_damage == pytest.approx(0.5 * 7.5 + 0.05 * 12)
    assert preview.crit_chance == pytest.approx(0.05)
    # SRD 5.1, Unconscious: advantage, and a hit from within 1.5 m is critical (AC 14: 12 faces hit)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("rogue", "rogue", "red", (2, 1),
                                                                              current_hp=0),
                     creature("gob1", "goblin", "red", (9, 2))])
    down = attack_option(b, "rogue", "longsword").preview
    assert down.hit_chance == pytest.approx(1 - 0.4 ** 2) and down.crit_chance == down.hit_chance
    assert down.expected_damage == pytest.approx(0.84 * 12)
    # the damage never goes below 0: 1d4-3 averages (0 + 0 + 0 + 1) / 4
    assert average_damage(DiceExpr.parse("1d4-3")) == pytest.approx(0.25)
    assert average_damage(DiceExpr.parse("1d6+2"), crit=True) == pytest.approx(9)


def test_off_hand_attack_after_a_light_weapon_with_no_ability_modifier():
    b = battle(ROW, [creature("rogue", "rogue", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1), hp=40)],
               dice=[2])
    assert not [o for o in legal_commands(b) if o.command.get("offhand")]
    act(b, "rogue", "attack", target="gob1", **{"with": "shortsword"})
    offhand = attack_option(b, "gob1", "dagger", offhand=True)
    assert offhand.preview.expected_damage == pytest.approx(0.5 * 2.5 + 0.05 * 5)  # 1d4, no +3
    assert not [o for o in legal_commands(b) if o.command["act"] == "attack" and not o.command.get("offhand")]
    assert_exact(b)


# ---------------------------------------------------------------- which acts, when
def test_once_the_action_is_used_attacks_and_action_options_disappear():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("cleric", "cleric", "blue", (1, 2)),
                     creature("gob1", "goblin", "red", (2, 1), hp=40)], dice=[2])
    before = acts(b)
    assert {"attack", "dash", "disengage", "dodge", "search", "help", "grapple", "shove", "use", "ready"} <= before
    act(b, "fighter", "attack", target="gob1", **{"with": "longsword"})  # d20 2: a miss
    after = acts(b)
    assert not after & ACTION_ACTS
    assert {"move", "drop_prone", "end"} <= after
    assert_exact(b)


def test_multiattack_keeps_its_attacks_and_special_attacks_until_used():
    b = battle(ROW, [creature("bear", "brown-bear", "red", (2, 0)), creature("fighter", "fighter", "blue", (1, 1),
                                                                             hp=60)], dice=[2])
    act(b, "bear", "attack", target="fighter", **{"with": "bite"})
    left = acts(b)
    assert {"attack", "grapple", "shove"} <= left and not left & {"dash", "dodge", "search", "help"}
    assert_exact(b)


def test_cunning_action_and_nimble_escape_offer_bonus_forms():
    b = battle(ROW, [creature("rogue", "rogue", "blue", (0, 0)), creature("gob1", "goblin", "red", (9, 2))])
    dashes = [o for o in legal_commands(b) if o.command["act"] == "dash"]
    assert [(o.command.get("bonus"), o.preview.uses) for o in dashes] == [(None, "action"), (True, "bonus action")]
    assert_exact(b)
    grid = "....#.....\n....#.....\n.........."
    b = battle(grid, [creature("gob1", "goblin", "red", (3, 0)), creature("fighter", "fighter", "blue", (5, 2)),
                      creature("gob2", "goblin", "red", (9, 2))], dice=[2])
    act(b, "gob1", "attack", target="fighter", **{"with": "shortbow"})
    bonus = {o.command["act"]: o.preview.uses for o in legal_commands(b) if o.command["act"] in ACTION_ACTS}
    assert bonus == {"disengage": "bonus action", "hide": "bonus action"}  # behind the wall
    assert_exact(b)


def test_grappled_prone_and_dying_creatures_get_exactly_their_options():
    b = battle(ROW, [creature("cleric", "cleric", "blue", (1, 1), conditions=["prone"]),
                     creature("fighter", "fighter", "blue", (0, 1), current_hp=0),
                     creature("orc", "orc", "red", (2, 1)), creature("gob1", "goblin", "red", (9, 2))],
               initiative=["orc", "cleric", "fighter", "gob1"], dice=[20, 1])
    act(b, "orc", "grapple", target="cleric")  # Athletics 20 + 3 beats 1 + 2
    act(b, "orc", "end")
    assert b.current.id == "cleric"
    assert {"escape", "stabilize"} <= acts(b)
    assert not acts(b) & {"move", "stand"}  # grappled: speed 0, so no standing up either
    assert_exact(b)


def test_a_rider_can_dismount_and_a_controlled_mount_only_moves_dashes_disengages_or_dodges():
    b = battle("..........\n..........\n..........\n..........",
               [creature("fighter", "fighter", "blue", (0, 0)), creature("horse", "warhorse", "blue", (1, 0)),
                creature("gob1", "goblin", "red", (9, 3))])
    assert [o.command for o in legal_commands(b) if o.command["act"] == "mount"] == [
        {"actor": "fighter", "act": "mount", "target": "horse"}]
    act(b, "fighter", "mount", target="horse")
    assert "move" not in acts(b) and "mount" not in acts(b)
    assert_exact(b)
    act(b, "fighter", "end")
    assert acts(b) <= {"move", "dash", "disengage", "dodge", "end"}
    assert_exact(b)


def test_an_incapacitated_creature_can_only_move_and_end_its_turn():
    # SRD 5.1, Incapacitated: no actions or reactions; moving (and dropping prone) takes none
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["incapacitated"]),
                     creature("gob1", "goblin", "red", (2, 1))])
    assert {o.command["act"] for o in legal_commands(b)} == {"move", "drop_prone", "end"}
    assert_exact(b)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), conditions=["unconscious"]),
                     creature("gob1", "goblin", "red", (2, 1))])
    assert [o.command for o in legal_commands(b)] == [{"actor": "fighter", "act": "end"}]  # asleep: no move
    assert_exact(b)


# ---------------------------------------------------------------- reactions
def test_a_pending_reaction_lists_only_the_reactors_answers():
    b = standoff()
    act(b, "gob1", "move", to=[0, 1])
    options = legal_commands(b)
    assert [o.command for o in options] == [{"actor": "fighter", "act": "react", "take": True},
                                            {"actor": "fighter", "act": "react", "take": False}]
    assert options[0].preview.hit_chance == pytest.approx(0.55) and options[0].preview.attack == "longsword"
    assert_exact(b)


def test_shield_and_a_mounts_rider_as_reaction_answers():
    b = battle(ROW, [creature("gob1", "goblin", "red", (1, 1), hp=30), creature("wizard", "wizard", "blue", (2, 1)),
                     creature("cleric", "cleric", "blue", (9, 2))], dice=[10])
    act(b, "gob1", "attack", target="wizard", **{"with": "scimitar"})  # 14 hits AC 12, not 17
    assert [o.command for o in legal_commands(b)] == [{"actor": "wizard", "act": "react", "take": True},
                                                      {"actor": "wizard", "act": "react", "take": False}]
    assert_exact(b)
    b = battle("..........\n..........\n..........\n..........",
               [creature("fighter", "fighter", "blue", (0, 0)), creature("horse", "warhorse", "blue", (1, 0)),
                creature("orc", "orc", "red", (3, 0), hp=40)])
    act(b, "fighter", "mount", target="horse")
    act(b, "fighter", "end")
    act(b, "horse", "move", to=[1, 2])
    targets = [o.command.get("target") for o in legal_commands(b) if o.command.get("take")]
    assert targets == [None, "fighter"]  # the horse itself, or its rider
    assert_exact(b)


def test_a_readied_attack_is_offered_when_it_can_fire():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (5, 1)), creature("gob1", "goblin", "red", (0, 1),
                                                                              hp=30)])
    ready = [o.command for o in legal_commands(b) if o.command["act"] == "ready"]
    assert {"actor": "fighter", "act": "ready", "trigger": {"event": "enters_reach", "by": "enemy"},
            "then": {"act": "attack", "with": "longsword"}} in ready
    act(b, "fighter", "ready", trigger={"event": "enters_reach", "by": "enemy"},
        then={"act": "attack", "with": "longsword"})
    act(b, "fighter", "end")
    assert move_to(b, 6, 0).preview.readied_actions == ("fighter",)
    act(b, "gob1", "move", to=[6, 0])
    assert [o.command["take"] for o in legal_commands(b)] == [True, False]
    assert_exact(b)


def test_a_reaction_that_cannot_be_carried_out_is_not_offered():
    # a readied longsword attack, triggered by a move 12 m away: no offer, the goblin plays on
    b = battle(ROW, [creature("fighter", "fighter", "blue", (9, 1)), creature("gob1", "goblin", "red", (0, 1))])
    act(b, "fighter", "ready", trigger={"event": "moves", "by": "enemy"}, then={"act": "attack", "with": "longsword"})
    act(b, "fighter", "end")
    act(b, "gob1", "move", to=[1, 1])
    assert not b.state.offers
    assert all(o.command["actor"] == "gob1" for o in legal_commands(b))
    assert_exact(b)


# ---------------------------------------------------------------- exactness on the bundled scenarios
def play_a_turn(b) -> None:
    """A plain player: strike the best blow at a foe, else close in on the nearest foe; then end."""
    turn = (b.state.round, b.state.turn_index)
    for _ in range(12):
        if b.state.over or (b.state.round, b.state.turn_index) != turn:
            return
        options = legal_commands(b)
        if b.state.offers:
            b.submit(options[0].command)
            continue
        me = b.current
        foes = [c for c in b.state.creatures.values() if c.side != me.side and c.standing]
        blows = [o for o in options if o.command["act"] == "attack" and o.preview.hostile]
        moves = [o for o in options if o.command["act"] == "move" and "to" in o.command]

        def gap(x, y):
            return min(gap_squares((x, y, me.side_squares), f.space, b.diagonals) for f in foes)

        if blows:
            b.submit(max(blows, key=lambda o: o.preview.expected_damage).command)
        elif moves and foes and min(gap(*o.command["to"]) for o in moves) < gap(me.x, me.y):
            b.submit(min(moves, key=lambda o: (gap(*o.command["to"]), o.preview.cost_m)).command)
        else:
            b.submit({"actor": me.id, "act": "end"})


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name.split(".")[0])
def test_every_option_of_the_first_turns_is_accepted_and_every_act_left_out_refused(path):
    b = new_battle(load_scenario(path))
    rng = random.Random(path.name)
    for _turn in range(3):
        if b.state.over:
            break
        assert_exact(b, sample=24, rng=rng)
        play_a_turn(b)
