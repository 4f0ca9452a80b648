"""4e swimming, climbing and falls (RULESETS.md 3: deep water `~`, "no swim speed: Athletics DC 10;
pass: 2 per sq; fail <= 4 stuck, 5+ sinks"; cliff `^`, "not walkable (climb)", "1d10 per 3 m,
prone; pushed off: save to stop prone at the edge"). Engine readings (athletics.py): one
Athletics d20 a move, before the first step that needs it; climbing DC 15; a cliff is 3 m high;
sinking leaves a creature `underwater` (it grants combat advantage)."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force, log_with

RIVER = ".......\n..~....\n.~~~..."
CLIFF = ".....\n..^..\n....."


def test_a_creature_without_a_swim_speed_passes_athletics_dc_10_and_pays_2_squares_a_square():
    # the wizard (Athletics +0, 9 m) crosses one square of deep water: 1 + 2 + 1 + 1 = 5 squares
    b = battle4e(RIVER, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (6, 0))])
    force(b, 12)
    act(b, "wizard", "move", path=[[1, 1], [2, 1], [3, 1], [4, 1]])
    wizard = b.state.creatures["wizard"]
    assert (wizard.x, wizard.y) == (4, 1)
    assert log_with(b, "Athletics") == ["Wizard swims: Athletics d20 12 +0 = 12 vs DC 10: it swims on"]
    assert log_with(b, "moves (")[0] == "Wizard moves (7.5 m)"
    assert "swimming" in b.state.log_rules[b.state.log.index("Wizard moves to [4, 1]")]


def test_failing_the_swimming_check_by_4_or_less_makes_no_progress():
    b = battle4e(RIVER, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (6, 0))])
    force(b, 7)  # 7 vs DC 10: fails by 3, stuck on the bank; the move action is spent
    act(b, "wizard", "move", path=[[1, 1], [2, 1], [3, 1], [4, 1]])
    wizard = b.state.creatures["wizard"]
    assert (wizard.x, wizard.y) == (1, 1) and "underwater" not in wizard.conditions and not wizard.move
    assert log_with(b, "Athletics") == ["Wizard swims: Athletics d20 7 +0 = 7 vs DC 10: no progress"]


def test_failing_it_by_5_or_more_in_deep_water_sinks_and_grants_combat_advantage():
    # the wizard swims at [2, 1]; 4 vs DC 10 fails by 6: it sinks where it is
    b = battle4e(RIVER, [creature("wizard", "wizard", "blue", (2, 1)), creature("orc", "orc", "red", (4, 1))])
    force(b, 4)
    act(b, "wizard", "move", to=[3, 2])
    wizard = b.state.creatures["wizard"]
    assert (wizard.x, wizard.y) == (2, 1) and "underwater" in wizard.conditions
    assert log_with(b, "Athletics") == ["Wizard swims: Athletics d20 4 +0 = 4 vs DC 10: it sinks"]
    act(b, "wizard", "end")
    act(b, "orc", "move", to=[3, 1])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "greataxe")
    assert preview.reasons[0].text == "combat advantage +2 (Wizard is underwater)"
    act(b, "orc", "end")
    force(b, 15)  # its next swim passes: no longer underwater
    act(b, "wizard", "move", to=[3, 2])
    assert not b.state.dice.forced and "underwater" not in b.state.creatures["wizard"].conditions


def test_a_swim_speed_needs_no_check_and_the_preview_gives_the_chance_to_pass():
    b = battle4e(RIVER, [creature("sah", "sahuagin", "red", (0, 1)), creature("wizard", "wizard", "blue", (4, 0))])
    act(b, "sah", "move", to=[2, 2])
    assert not log_with(b, "Athletics") and (b.state.creatures["sah"].x, b.state.creatures["sah"].y) == (2, 2)
    b = battle4e(RIVER, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (6, 0))])
    moves = {tuple(o.command["to"]): o.preview for o in b.legal_commands() if o.act == "move"}
    assert moves[(2, 1)].success_chance == pytest.approx(11 / 20)  # d20 + 0 >= 10
    assert moves[(1, 1)].success_chance is None


def test_a_cliff_is_climbed_not_walked_athletics_dc_15_without_a_climb_speed():
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (4, 2))]
    b = battle4e(CLIFF, roster)
    with pytest.raises(IllegalCommand, match="cannot reach"):
        act(b, "fighter", "move", to=[2, 1])
    climbs = {tuple(o.command["to"]): o for o in b.legal_commands() if o.command.get("mode") == "climb"}
    assert climbs[(2, 1)].preview.success_chance == pytest.approx(16 / 20)  # d20 + 10 >= 15
    assert all(any(tuple(s) == (2, 1) for s in o.preview.path) for o in climbs.values())
    assert climbs and all(not b.check(o.command) for o in climbs.values())  # listed only when check accepts
    force(b, 4)  # 4 + 10 = 14: it stays at the foot of the cliff
    act(b, "fighter", "move", to=[2, 1], mode="climb")
    assert (b.state.creatures["fighter"].x, b.state.creatures["fighter"].y) == (1, 1)
    assert log_with(b, "Athletics") == ["Fighter climbs: Athletics d20 4 +10 = 14 vs DC 15: no progress"]
    b = battle4e(CLIFF, roster)
    force(b, 5)
    act(b, "fighter", "move", to=[2, 1], mode="climb")
    assert (b.state.creatures["fighter"].x, b.state.creatures["fighter"].y) == (2, 1)
    with pytest.raises(IllegalCommand, match="walks or climbs"):
        act(b, "fighter", "move", to=[3, 1], mode="fly")


def test_a_climb_speed_climbs_without_a_check():
    b = battle4e("......\n..^...\n......", [creature("spider", "giant-spider", "red", (0, 1)),
                                            creature("fighter", "fighter", "blue", (5, 0))])
    act(b, "spider", "move", to=[1, 0], mode="climb")
    assert not log_with(b, "Athletics") and b.state.creatures["spider"].x == 1


def pushed_off(save_face: int):
    """The goblin climbs onto the cliff at [2, 1] (14 + 1 = 15); the fighter below at [2, 2]
    hits it with shoving blow (19, 1d8+2 = 5), whose push goes straight north, off the cliff."""
    b = battle4e(CLIFF, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (2, 2))])
    force(b, 14)
    act(b, "gob", "move", to=[2, 1], mode="climb")
    act(b, "gob", "end")
    force(b, 19, 3, save_face, 7)
    act(b, "fighter", "attack", target="gob", **{"with": "shoving-blow"})
    return b, b.state.creatures["gob"]


def test_pushed_off_a_cliff_a_saving_throw_of_10_drops_it_prone_at_the_edge():
    b, gob = pushed_off(10)
    assert (gob.x, gob.y) == (2, 1) and gob.prone and gob.hp == 29 - 5
    assert log_with(b, "edge") == ["Goblin is forced to a cliff's edge: saving throw d20 10: it drops prone at the edge"]
    assert list(b.state.dice.forced) == [7]


def test_a_failed_save_falls_3_m_1d10_damage_and_prone():
    b, gob = pushed_off(9)
    assert (gob.x, gob.y) == (2, 0) and gob.prone and gob.hp == 29 - 5 - 7
    assert log_with(b, "falls 3 m") == ["Goblin falls 3 m and lands prone"]
    assert "falling" in b.state.log_rules[b.state.log.index("Goblin falls 3 m and lands prone")]


def reasons(b, power, target):
    preview = next(o.preview for o in b.legal_commands()
                   if o.command.get("with") == power and target in (o.command.get("target") or [target]))
    return [r.text for r in preview.reasons]


def test_fighting_in_deep_water_minus_2_except_spears_and_crossbows_minus_2_fire_aquatic_plus_2():
    # RULESETS.md 3, deep water under 4e: "-2 except spears/crossbows, -2 fire; aquatic +2"
    pool = "~~~~~~\n~~~~~~\n~~~~~~\n~~~~~~\n......"
    b = battle4e(pool, [creature("fighter", "fighter", "blue", (1, 1)), creature("sah", "sahuagin", "red", (2, 1))])
    assert "in deep water -2" in reasons(b, "heavy-blow", "sah")
    b = battle4e(pool, [creature("sah", "sahuagin", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1))])
    assert reasons(b, "trident", "fighter") == ["aquatic, against Fighter in deep water +2"]
    b = battle4e(pool, [creature("wizard", "wizard", "blue", (1, 1)), creature("sah", "sahuagin", "red", (2, 1))])
    assert "fire in deep water -2" in reasons(b, "flame-fan", "sah")
    assert not any("water" in text for text in reasons(b, "force-bolt", "sah"))


def test_a_charge_stopped_by_a_failed_swimming_check_makes_no_attack():
    # the charge's walk meets deep water: the check fails (7 vs DC 10), the charge ends there,
    # its standard action spent and no attack made
    grid = "\n".join(["..~...."] * 5)
    b = battle4e(grid, [creature("wizard", "wizard", "blue", (0, 2)), creature("orc", "orc", "red", (5, 2))])
    force(b, 7)
    act(b, "wizard", "charge", target="orc", to=[4, 2])
    wizard = b.state.creatures["wizard"]
    assert (wizard.x, wizard.y) == (1, 2) and not wizard.standard
    assert not log_with(b, "uses") and b.state.creatures["orc"].hp == 46


def test_the_checks_and_the_fall_speak_french(french):
    b = battle4e(RIVER, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (6, 0))])
    force(b, 7)
    act(b, "wizard", "move", path=[[1, 1], [2, 1], [3, 1], [4, 1]])
    assert log_with(b, "Athlétisme") == ["Wizard nage : Athlétisme d20 7 +0 = 7 contre DD 10 : il n'avance pas"]
    b, gob = pushed_off(9)
    assert "Goblin tombe de 3 m et se retrouve à terre" in b.state.log


def on_the_cliff(grid=CLIFF):
    """The goblin (Athletics +1) climbs onto the cliff at [2, 1] (14 + 1 = 15) and ends its turn;
    the fighter far off ends its own."""
    b = battle4e(grid, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (4, 2))])
    force(b, 14)
    act(b, "gob", "move", to=[2, 1], mode="climb")
    act(b, "gob", "end")
    act(b, "fighter", "end")
    return b, b.state.creatures["gob"]


def test_getting_down_off_a_cliff_is_climbing_down_athletics_dc_15():
    # RULESETS.md 3, cliff: "not walkable (climb)": off the cliff is a climb too (engine reading)
    b, gob = on_the_cliff()
    force(b, 14)
    act(b, "gob", "move", to=[3, 1])
    assert (gob.x, gob.y) == (3, 1) and gob.hp == 29 and not gob.prone
    assert log_with(b, "Athletics")[-1] == "Goblin climbs: Athletics d20 14 +1 = 15 vs DC 15: it climbs on"
    assert "climbing" in b.state.log_rules[b.state.log.index("Goblin moves to [3, 1]")]
    b, gob = on_the_cliff()
    moves = {tuple(o.command["to"]): o.preview for o in b.legal_commands() if o.act == "move"}
    assert moves[(3, 1)].success_chance == pytest.approx(7 / 20)  # d20 + 1 >= 15


def test_failing_a_climb_down_by_4_or_less_it_holds_on_where_it_is():
    b, gob = on_the_cliff()
    force(b, 10)  # 10 + 1 = 11 vs DC 15: fails by 4
    act(b, "gob", "move", to=[3, 1])
    assert (gob.x, gob.y) == (2, 1) and gob.hp == 29 and not gob.prone and not gob.move
    assert log_with(b, "Athletics")[-1] == "Goblin climbs: Athletics d20 10 +1 = 11 vs DC 15: no progress"


def test_failing_a_climb_by_5_or_more_on_the_cliff_falls_3_m_1d10_and_prone():
    # RULESETS.md 2/3: a fall from the cliff, "1d10 per 3 m, prone"; it lands where it was going
    b, gob = on_the_cliff()
    force(b, 9, 6)  # 9 + 1 = 10 vs DC 15: fails by 5; the fall's 1d10 is 6
    act(b, "gob", "move", to=[4, 1])
    assert (gob.x, gob.y) == (3, 1) and gob.prone and gob.hp == 29 - 6 and not b.state.dice.forced
    assert log_with(b, "Goblin") [-4:] == ["Goblin climbs: Athletics d20 9 +1 = 10 vs DC 15: it loses its hold",
                                           "Goblin falls to [3, 1]", "Goblin falls 3 m and lands prone",
                                           "Goblin takes 6 damage from the fall (23/29 hp)"]
    assert "falling" in b.state.log_rules[b.state.log.index("Goblin falls to [3, 1]")]


def test_failing_a_climb_by_5_or_more_at_the_foot_is_no_fall():
    # from the ground there is nothing to fall from: it only makes no progress
    b = battle4e(CLIFF, [creature("gob", "goblin", "red", (1, 1)), creature("fighter", "fighter", "blue", (4, 2))])
    force(b, 2)
    act(b, "gob", "move", to=[2, 1], mode="climb")
    gob = b.state.creatures["gob"]
    assert (gob.x, gob.y) == (1, 1) and gob.hp == 29 and not gob.prone and not b.state.dice.forced


def test_no_shifting_into_deep_water_without_a_swim_speed_and_the_refusal_says_so():
    # RULESETS.md 3: deep water costs 2 squares a square without a swim speed; a shift is 1 square
    b = battle4e(".~.\n...", [creature("wizard", "wizard", "blue", (0, 0)), creature("orc", "orc", "red", (2, 1))])
    with pytest.raises(IllegalCommand, match="^Wizard cannot shift into deep water without a swim speed$"):
        act(b, "wizard", "shift", to=[1, 0])
    assert not any(o.act == "shift" and tuple(o.command["to"]) == (1, 0) for o in b.legal_commands())
    b = battle4e(".~.\n...", [creature("sah", "sahuagin", "red", (0, 0)), creature("wizard", "wizard", "blue", (2, 1))])
    act(b, "sah", "shift", to=[1, 0])
    assert (b.state.creatures["sah"].x, b.state.creatures["sah"].y) == (1, 0)


def test_the_kept_per_space_terrain_answers_match_the_squares_under_each_space():
    # athletics._space_has answers from a table kept per board, terrain and space width (the
    # options ask it for every step of every path): it must say what the squares under the
    # space say, for every position and width, at the board's edges too
    import numpy as np

    from game.rules.dnd4e.athletics import _space_has
    b = battle4e("~.^..\n.~~.^\n.....\n^...~", [creature("wizard", "wizard", "blue", (1, 2)),
                                               creature("orc", "orc", "red", (3, 2))])
    for prop in ("deep_water", "climbable"):
        values = np.asarray(b.board.prop(prop))
        for side in (1, 2, 3):
            for y in range(b.board.height + 1):
                for x in range(b.board.width + 1):
                    assert _space_has(b, prop, x, y, side) == bool(values[y:y + side, x:x + side].any()), (prop, side, x, y)
