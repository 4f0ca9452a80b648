"""The 3.5 battle behind the ruleset interface (api.py): every legal command is one the battle
accepts, the action bar and the views speak 3.5 (standard, move, swift, attacks of opportunity),
`replay --json` has the 3.5 keys, and random play never meets a refusal."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import api
from helpers35 import act, battle, c, creature, end

MAP = "..........\n....#.....\n..........\n....::....\n.........."


def skirmish(**fighter):
    return battle(MAP, [creature("fighter", "fighter", "blue", (1, 1), **fighter), creature("gob", "goblin", "red", (2, 1)),
                        creature("rogue", "rogue", "blue", (1, 3)), creature("orc", "orc", "red", (7, 2)),
                        creature("ogre", "ogre", "red", (7, 3))], seed=7)


def test_every_legal_command_is_accepted():
    b = skirmish()
    options = b.legal_commands()
    acts = {o.act for o in options}
    assert {"attack", "full_attack", "move", "step", "withdraw", "total_defense", "drop_prone", "end"} <= acts
    for option in options:
        assert b.check(option.command) is None, option.command
    assert b.check({"actor": "fighter", "act": "attack", "target": "orc", "with": "longsword"}) == \
        "orc is out of reach (1.5 m)"


def test_a_move_option_carries_its_path_cost_and_the_attacks_it_provokes():
    b = skirmish()
    end(b, "fighter")  # the goblin acts: no longer flat-footed, it threatens with an opportunity
    end(b, "gob")
    end(b, "rogue")
    end(b, "orc")
    end(b, "ogre")
    # 3.5 SRD: leaving a threatened square provokes, even into another one the goblin threatens
    (move,) = [o for o in b.legal_commands() if o.act == "move" and o.command["to"] == [1, 0]]
    assert move.preview.opportunity_attacks == ("gob",) and move.preview.cost_m == 1.5
    assert move.preview.path == ((1, 0),)
    (step,) = [o for o in b.legal_commands() if o.act == "step" and o.command["to"] == [1, 0]]
    assert step.preview.opportunity_attacks == ()
    (withdraw,) = [o for o in b.legal_commands() if o.act == "withdraw" and o.command["to"] == [0, 1]]
    assert withdraw.preview.opportunity_attacks == ()  # its first square leaves no seen foe's threat


def test_an_attack_preview_names_its_modifiers():
    b = battle(MAP, [creature("rogue", "rogue", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (3, 1))])
    (option,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "rapier"]
    p = option.preview
    assert p.defence == "flat-footed AC 14" and p.target_number == 14
    assert [r.text for r in p.reasons][:1] == ["flanking with Fighter +2"]
    # 4 + 2 = +6 against 14: 8..20 hit, 13 faces; rapier 18-20 threats, confirmed on 8+
    assert p.hit_chance == 13 / 20 and abs(p.crit_chance - 3 / 20 * 13 / 20) < 1e-9
    assert p.expected_damage > 4.5  # with the sneak attack's 2d6 on a flat-footed target


def test_the_action_bar_and_the_views_speak_3_5():
    b = skirmish()
    keys = [a.key for a in b.acts()]
    assert keys[:4] == ["attack:longsword", "full_attack:longsword", "attack:light-crossbow",
                        "full_attack:light-crossbow"]
    assert {"move", "step", "charge", "withdraw", "total_defense", "drop_prone", "end"} <= set(keys)
    charge = next(a for a in b.acts() if a.key == "charge")
    assert not charge.allowed and charge.reason == "no foe to charge in a clear straight line"
    view = b.view("fighter")
    assert isinstance(view, api.CreatureView) and view.defence == "AC 17"
    assert [(r.name, r.left) for r in view.resources] == [("standard action", True), ("move action", True),
                                                          ("swift action", True), ("attacks of opportunity left", 2)]
    assert b.view("gob").defence == "AC 14" and "flat-footed" in b.view("gob").conditions
    assert b.estimates() is None and b.move_modes("fighter") == ["walk"]
    assert b.movement_budget("fighter") == (12.0, 0.0)
    act(b, "fighter", "move", to=[1, 0])
    assert b.movement_budget("fighter") == (6.0, 0.0)
    assert b.reach_squares("ogre").sum() > b.reach_squares("orc").sum()  # reach 3 m


def test_replay_json_has_the_3_5_keys():
    b = skirmish(current_hp=3)
    data = b.to_json()["creatures"]["fighter"]
    assert {"standard", "move", "swift", "aoo_left"} <= set(data) and not {"action", "bonus_action", "reaction"} & set(data)
    assert data["standard"] is True and data["aoo_left"] == 2 and data["hp"] == 3
    assert b.to_json()["creatures"]["gob"]["conditions"] == ["flat-footed"]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000))
def test_random_play_meets_no_refusal(seed):
    b = battle(MAP, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (3, 1)),
                     creature("wolf", "wolf", "red", (8, 4)), creature("rogue", "rogue", "blue", (0, 4))], seed=seed)
    import random

    rng = random.Random(seed)
    for _ in range(60):
        if b.state.over:
            break
        options = b.legal_commands()
        assert options
        b.submit(rng.choice(options).command)
    assert c(b, "fighter").hp <= 28


PLAIN_ACTS = ("total_defense", "stand", "drop_prone", "end")


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_the_acts_without_aim_are_listed_exactly_when_check_accepts_them(seed, moves):
    b = battle(MAP, [creature("wizard", "wizard", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (0, 3), conditions=["prone"]),
                     creature("orc", "orc", "red", (7, 2))], seed=seed)
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        if b.state.over:
            return
        b.submit(rng.choice(b.legal_commands()).command)
    if b.state.offers or b.state.over:
        return
    listed = {o.act for o in b.legal_commands()}
    for name in PLAIN_ACTS:
        command = {"actor": b.current.id, "act": name}
        assert (name in listed) == (b.check(command) is None), (name, b.check(command))
    for spell in ("shield", "bless"):
        command = {"actor": b.current.id, "act": "cast", "spell": spell}
        assert any(o.command == command for o in b.legal_commands()) == (b.check(command) is None)


def test_the_withdraw_menu_offers_the_few_squares_farthest_from_the_foes():
    b = skirmish()
    withdraw = next(a for a in b.acts() if a.key == "withdraw")
    every = [o for o in b.legal_commands() if o.act == "withdraw"]
    assert len(withdraw.options) == 8 < len(every)
    assert all(o.preview.opportunity_attacks == () for o in withdraw.options)


def test_a_full_attack_preview_counts_every_attack_of_it():
    # the hill giant's +16/+11 greatclub: the full attack is worth more than its first attack alone
    b = battle(MAP, [creature("giant", "hill-giant", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    single = next(o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "greatclub")
    full = next(o for o in b.legal_commands() if o.act == "full_attack" and o.command["with"] == "greatclub")
    assert full.preview.expected_damage > single.preview.expected_damage * 1.5


def test_each_act_has_its_own_shortcut_and_none_is_one_the_screen_keeps():
    # the screen keeps F (fit the map) and L (load) for itself (game/ui/controls.py)
    b = skirmish()
    letters = [a.shortcut for a in b.acts() if a.shortcut]
    assert len(letters) == len(set(letters)) and not set(letters) & {"F", "L"}
    assert next(a.shortcut for a in b.acts() if a.key == "step") == "S"


def test_the_hit_card_lists_the_modifiers_and_speaks_no_advantage():
    # the screen's card under 3.5: every modifier, and no word of 5e's advantage (3.5 has none)
    from game.ui.modes import attack_lines
    b = battle(MAP, [creature("rogue", "rogue", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("fighter", "fighter", "blue", (3, 1))])
    (option,) = [o for o in b.legal_commands() if o.act == "attack" and o.command["with"] == "rapier"]
    texts = [t for t, _colour in attack_lines(option.preview, "")]
    assert texts[:3] == ["65% to hit: needs 14 (flat-footed AC 14)", "Cover: none", "Modifiers:"]
    assert "  + flanking with Fighter +2" in texts
    assert not any("dvantage" in t for t in texts)
