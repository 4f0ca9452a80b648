"""The 4e battle behind the ruleset interface (api.py): legal_commands with previews, acts,
why_not, offer, view, to_json as FORMATS.md says, the board queries, estimates() None; every
legal command is accepted by check."""

import json

from hypothesis import given, strategies as st

from helpers4e import act, battle4e, creature, force

ROW = "........\n........\n........"


def duel():
    return battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1)), creature("orc", "orc", "red", (5, 1)),
                          creature("gob1", "goblin", "red", (2, 0))])


def test_legal_commands_one_move_per_reachable_square_with_its_provoked_attacks():
    b = duel()
    moves = [o for o in b.legal_commands() if o.act == "move"]
    assert len({tuple(o.command["to"]) for o in moves}) == len(moves)
    away = next(o for o in moves if o.command["to"] == [0, 2])
    assert away.preview.opportunity_attacks == ("gob1",) and away.preview.cost_m == 1.5
    assert away.preview.path[-1] == (0, 2)


def test_each_power_on_each_target_with_its_odds_and_defence():
    b = duel()
    bolts = {o.command["target"]: o.preview for o in b.legal_commands() if o.command.get("with") == "force-bolt"}
    assert set(bolts) == {"orc", "gob1"}
    assert bolts["orc"].defence == "Ref 13" and bolts["orc"].target_number == 13
    assert bolts["orc"].hit_chance == 0.65 and bolts["orc"].crit_chance == 0.05
    assert bolts["orc"].expected_damage == 0.6 * 8.5 + 0.05 * 12


def test_the_other_acts_appear_exactly_when_check_accepts_them():
    b = duel()
    acts = {o.act for o in b.legal_commands()}
    assert "second_wind" in acts and "stand" not in acts and "action_point" not in acts and "escape" not in acts
    assert b.check({"actor": "wizard", "act": "stand"}) == "Wizard is not prone"


@given(st.integers(min_value=0, max_value=10_000))
def test_every_legal_command_is_accepted_by_check(seed):
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
                       creature("wizard", "wizard", "blue", (0, 2)), creature("ogre", "ogre", "red", (5, 0))],
                 seed=seed)
    import random

    rng = random.Random(seed)
    for _ in range(6):
        if b.state.over:
            break
        options = b.legal_commands()
        for option in options:
            assert b.check(option.command) is None, option.command
        b.submit(rng.choice(options).command)


def test_acts_for_the_screen_and_why_not():
    b = duel()
    acts = {a.key: a for a in b.acts()}
    assert acts["attack:fire-burst"].aim == "area" and acts["attack:flame-fan"].aim == "area"
    assert acts["attack:force-bolt"].aim == "target" and acts["move"].aim == "move"
    act(b, "wizard", "attack", at=[5, 1], **{"with": "fire-burst"})
    assert b.acts() == [] and b.offer().reactor == "gob1"  # an area burst beside the goblin provokes
    force(b, 1, 1, 1, 1)
    act(b, "gob1", "react", take=False)
    acts = {a.key: a for a in b.acts()}
    assert not acts["attack:fire-burst"].allowed and acts["attack:fire-burst"].reason == "fire burst is spent (daily)"
    assert b.why_not("attack:force-bolt", "orc") == "Wizard has no standard action left this turn"
    act(b, "wizard", "end")
    act(b, "orc", "end")
    act(b, "gob1", "end")
    assert b.why_not("attack:force-bolt", "orc") == ""
    assert b.why_not("attack:force-bolt", "wizard") == "Wizard cannot aim force bolt at itself"


def test_an_area_preview_shows_who_is_caught():
    b = duel()
    area = b.area("attack:fire-burst", (5, 1))
    assert area.problem == "" and area.caught == ("orc",) and area.mask.sum() == 9
    assert area.lines[0].startswith("Fire burst +")  # the power named in words, as on its button


def test_view_shows_defences_bloodied_and_the_4e_resources():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1), current_hp=20),
                       creature("orc", "orc", "red", (5, 1))])
    v = b.view("fighter")
    assert "bloodied" in b.to_json()["creatures"]["fighter"]["conditions"]  # from the start
    assert v.bloodied and v.defence == "AC 20 Fort 17 Ref 14 Will 12"
    resources = {r.name: r.left for r in v.resources}
    assert resources == {"standard": True, "move": True, "minor": True, "immediate": True, "action points": 1,
                         "healing surges": 11, "sweeping cut": 1}
    assert b.estimates() is None


def test_to_json_has_the_4e_keys():
    b = duel()
    data = json.loads(json.dumps(b.to_json()))
    wizard = data["creatures"]["wizard"]
    assert {"standard", "move", "minor", "immediate", "action_points"} <= set(wizard)
    assert not {"action", "bonus_action", "reaction"} & set(wizard)
    assert wizard["death_saves"] == {"successes": 0, "failures": 0} and wizard["movement_left"] == 9.0


def test_a_5e_only_command_is_one_clear_line():
    b = duel()
    assert b.check({"actor": "wizard", "act": "dash"}).startswith("unknown act 'dash' (known: ")
