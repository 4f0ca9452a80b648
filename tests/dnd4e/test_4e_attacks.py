"""4e attacks (RULESETS.md 2, "Attack"): d20 + bonus against AC, Fort, Ref or Will; natural 1
and 20; critical hits maximised; combat advantage, cover, charge, running; multi-target powers
(one d20 per target in the order listed, one damage roll); bursts and blasts; minions."""

import pytest

from game.rules.errors import IllegalCommand
from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def attack(b, actor, target, power, **extra):
    return act(b, actor, "attack", target=target, **{"with": power}, **extra)


def test_an_attack_hits_when_the_total_reaches_the_defence_named_by_the_power():
    # wizard's chill ray: +5 vs Fort; an orc's Fortitude is 15: a 10 hits, a 9 misses
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (5, 1))])
    force(b, 10, 3)
    attack(b, "wizard", "orc", "chill-ray")
    assert log_with(b, "chill ray")[0] == "Wizard uses chill ray on Orc: d20 10 +5 = 15 vs Fort 15: hit"
    assert b.state.creatures["orc"].hp == 46 - 7 and "slowed" in b.state.creatures["orc"].conditions


def test_a_natural_1_misses_and_a_natural_20_hits_but_crits_only_if_the_total_would_hit():
    # RULESETS.md 2: "Natural 1 misses; natural 20 hits and crits only if the total would hit"
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1)), creature("hg", "hill-giant", "red", (2, 1))])
    force(b, 20, 4)  # staff +3 vs AC 21: 20 + 3 = 23 hits and crits: 1d6 maximised = 6 (no die rolled)
    attack(b, "wizard", "hg", "staff")
    assert b.state.creatures["hg"].hp == 120 - 6 and b.state.dice.forced[0] == 4
    b = battle4e(ROW, [creature("wizard", "wizard", "blue", (1, 1)), creature("hg", "hill-giant", "red", (2, 1),
                                                                               ac=30)])
    force(b, 20, 4)  # 23 vs AC 30: a hit, not a critical one: 1d6 rolled (4)
    attack(b, "wizard", "hg", "staff")
    assert b.state.creatures["hg"].hp == 120 - 4
    assert log_with(b, "staff")[0].endswith("vs AC 30: hit")


def test_a_critical_hit_maximises_the_dice_and_rolls_only_the_extra_crit_dice():
    # FORMATS.md: "A 4e critical hit deals the maximum of its damage dice without rolling them,
    # and rolls only its extra critical dice"
    sword = {"name": "axe", "usage": "at-will", "kind": "melee", "vs": "ac", "attack": 6, "damage": "1d8+4",
             "crit": "1d6"}
    orc = {"id": "orc", "name": "Orc", "size": "medium", "level": 2, "hp": 46, "ac": 14, "fort": 15, "ref": 13,
           "will": 12, "speed": {"walk": 9}, "powers": [sword]}
    b = battle4e(ROW, [{"id": "o", "side": "red", "at": [1, 1], "stats": orc},
                       creature("fighter", "fighter", "blue", (2, 1))])
    force(b, 20, 5)  # max 1d8+4 = 12, then the crit die 5
    attack(b, "o", "fighter", "axe")
    assert b.state.creatures["fighter"].hp == 41 - 17


def test_flanking_gives_combat_advantage_plus_2():
    # RULESETS.md 2: "target flanked (ally adjacent on the opposite side or corner)"
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("cleric", "cleric", "blue", (3, 1))]
    b = battle4e(ROW, roster)
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "heavy-blow")
    assert preview.reasons[0].text == "combat advantage +2 (Goblin is flanked)"
    # the total to reach stays AC 15: combat advantage is in the attack bonus (+8 here)
    assert preview.target_number == 15 and preview.hit_chance == pytest.approx(0.8)
    b.state.creatures["cleric"].y = 0  # not opposite any more: no flank
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "heavy-blow")
    assert preview.reasons == () and preview.hit_chance == pytest.approx(0.7)


def test_a_prone_target_grants_combat_advantage_to_melee_and_plus_2_defences_against_ranged_from_afar():
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("wizard", "wizard", "blue", (6, 1)),
              creature("orc", "orc", "red", (2, 1), conditions=["prone"])]
    b = battle4e(ROW, roster)
    melee = next(o.preview for o in b.legal_commands() if o.command.get("with") == "heavy-blow")
    assert "combat advantage +2 (Orc is prone)" in [r.text for r in melee.reasons]
    act(b, "fighter", "end")
    bolt = next(o.preview for o in b.legal_commands() if o.command.get("with") == "force-bolt")
    assert bolt.defence == "Ref 15" and bolt.reasons[0].text.startswith("Orc is prone: +2")


def test_cover_minus_2_and_superior_cover_minus_5_against_ranged_attacks():
    # RULESETS.md 2, Cover: 1-2 lines blocked: cover -2; 3-4 with line of effect: superior -5;
    # section 3: an arrow slit `+` gives superior cover
    grid = "......\n..=...\n......"
    b = battle4e(grid, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (3, 1))])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "force-bolt")
    # cover is a penalty to the roll (a reason), never a bonus to the defence: the total the roll
    # must reach stays Ref 13
    assert "cover -2" in [r.text for r in preview.reasons] and preview.cover == "half"
    assert (preview.defence, preview.target_number, preview.cover_bonus) == ("Ref 13", 13, 0)
    assert preview.hit_chance == pytest.approx(0.55)  # d20 + 5 - 2 >= 13
    grid = "......\n..+...\n......"
    b = battle4e(grid, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (3, 1))])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "force-bolt")
    assert "superior cover -5" in [r.text for r in preview.reasons] and preview.cover == "three-quarters"
    assert preview.target_number == 13 and preview.hit_chance == pytest.approx(0.4)  # d20 + 5 - 5 >= 13


def test_an_enemy_in_the_way_gives_cover_an_ally_never():
    roster = [creature("wizard", "wizard", "blue", (0, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("orc", "orc", "red", (4, 1))]
    b = battle4e(ROW, roster)
    assert b.cover("wizard", "orc") == "half"
    b.state.creatures["gob1"].side = "blue"
    b.__dict__.pop("_cover_4e", None)
    assert b.cover("wizard", "orc") == "none"


def test_a_charge_attacks_at_plus_1_and_ends_the_actions():
    # RULESETS.md 2, Charge: "move ≤ speed, each square nearer, end ≥ 2 sq from start; melee basic
    # ... at +1; then no action but free ones"
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (0, 1)), creature("orc", "orc", "red", (5, 1))])
    force(b, 5, 3)  # 5 + 8 + 1 = 14 vs AC 14: a hit; 1d8+4 = 7
    act(b, "fighter", "charge", target="orc")
    assert (b.state.creatures["fighter"].x, b.state.creatures["orc"].hp) == (4, 46 - 7)
    assert log_with(b, "basic on Orc")[0] == "Fighter uses basic on Orc: d20 5 +9 = 14 vs AC 14: hit"
    with pytest.raises(IllegalCommand, match="charged this turn"):
        act(b, "fighter", "move", to=[2, 2])


def test_a_charge_needs_two_squares_of_approach():
    b = battle4e(ROW, [creature("fighter", "fighter", "blue", (2, 1)), creature("orc", "orc", "red", (4, 1))])
    with pytest.raises(IllegalCommand, match="at least 2 squares"):
        act(b, "fighter", "charge", target="orc", to=[3, 1])


def test_a_charge_ends_where_the_space_it_squeezes_into_is_within_reach():
    # RULESETS.md 2: a charge ends "within reach" of its target; "Squeeze: a size smaller": a
    # large spider whose 2 x 2 space does not fit at (0, 3) (the tree at (0, 4)) squeezes into
    # that one square, 3 m from the fighter: no attack from there, and no other end comes
    # nearer at every square, so the charge is refused before anything moves
    grid = "......\n......\n......\n..#...\n#.....\n......"
    b = battle4e(grid, [creature("spider", "giant-spider", "red", (0, 0)), creature("fighter", "fighter", "blue", (2, 5))])
    with pytest.raises(IllegalCommand, match="no square to charge Fighter from"):
        act(b, "spider", "charge", target="fighter")
    with pytest.raises(IllegalCommand, match="within reach of Fighter"):
        act(b, "spider", "charge", target="fighter", to=[0, 3])
    assert (b.state.creatures["spider"].x, b.state.creatures["spider"].y) == (0, 0)
    # without the tree its whole space fits there, beside the fighter: the charge bites
    b = battle4e(grid.replace("#.....", "......"), [creature("spider", "giant-spider", "red", (0, 0)),
                                                    creature("fighter", "fighter", "blue", (2, 5))])
    act(b, "spider", "charge", target="fighter", to=[0, 3])
    assert log_with(b, "bite on Fighter")


def test_a_charge_whose_target_is_gone_from_reach_when_it_arrives_ends_without_its_attack():
    # a charge waits on the opportunity attack its first step provokes; if its target is out of
    # reach when the walk ends (set here by hand: a forced move would do it), the charge ends
    # without the attack, and the answer to the offer stands (never a dead end)
    roster = [creature("fighter", "fighter", "blue", (0, 1)), creature("orc", "orc", "red", (5, 1)),
              creature("gob", "goblin", "red", (0, 0))]
    b = battle4e(ROW, roster)
    act(b, "fighter", "charge", target="orc")
    assert b.offer().reactor == "gob"
    b.state.creatures["orc"].x, b.state.creatures["orc"].y = 7, 2
    act(b, "gob", "react", take=False)
    fighter = b.state.creatures["fighter"]
    assert (fighter.x, fighter.y) == (4, 0) and fighter.charged and b.state.offers == []
    assert log_with(b, "cannot make its charge's attack")[0].startswith("Fighter cannot make its charge's attack: Orc")
    assert b.state.creatures["orc"].hp == 46


def test_running_attacker_minus_5_and_grants_combat_advantage():
    grid = "\n".join(["." * 12] * 3)
    b = battle4e(grid, [creature("rogue", "rogue", "blue", (0, 1)), creature("gob1", "goblin", "red", (9, 1))])
    act(b, "rogue", "run", to=[8, 0])  # speed 6 + 2 = 8 squares: more than a plain move
    assert "running" in b.state.creatures["rogue"].conditions
    act(b, "rogue", "end")
    preview = next(o.preview for o in b.legal_commands() if o.command.get("act") == "attack")
    assert "combat advantage +2 (Rogue is running)" in [r.text for r in preview.reasons]


def test_a_multi_target_power_rolls_each_targets_d20_in_the_order_listed_then_one_damage_roll():
    # FORMATS.md: "a multi-target attack rolls each target's d20 in the order the targets are
    # listed, then its damage once"; sweeping cut: close burst 1, +8 vs AC, 1d8+4
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("orc", "orc", "red", (0, 1)), creature("cleric", "cleric", "blue", (1, 0))]
    b = battle4e(ROW, roster)
    force(b, 2, 15, 6)  # orc first (listed first): 2 misses; gob1: 15 hits; one damage roll 6+4
    act(b, "fighter", "attack", target=["orc", "gob1"], **{"with": "sweeping-cut"})
    assert [line.split(":")[0] for line in log_with(b, "sweeping cut on")] == [
        "Fighter uses sweeping cut on Orc", "Fighter uses sweeping cut on Goblin"]
    assert (b.state.creatures["orc"].hp, b.state.creatures["gob1"].hp, b.state.creatures["cleric"].hp) == (46, 19, 34)
    with pytest.raises(IllegalCommand, match="Fighter has used sweeping cut already"):
        act(b, "fighter", "attack", **{"with": "sweeping-cut"})  # encounter: once


def test_a_burst_list_must_name_exactly_who_it_catches():
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob1", "goblin", "red", (2, 1)),
              creature("orc", "orc", "red", (0, 1))]
    b = battle4e(ROW, roster)
    with pytest.raises(IllegalCommand, match="catches gob1, orc"):
        act(b, "fighter", "attack", target=["gob1"], **{"with": "sweeping-cut"})


def test_a_close_blast_beside_the_user_catches_allies_and_enemies_alike():
    # flame fan: close blast 3, creatures; `at` is the blast's top-left square
    grid = "\n".join(["." * 8] * 5)
    roster = [creature("wizard", "wizard", "blue", (0, 2)), creature("gob1", "goblin", "red", (1, 1)),
              creature("fighter", "fighter", "blue", (3, 3)), creature("orc", "orc", "red", (5, 2))]
    b = battle4e(grid, roster)
    with pytest.raises(IllegalCommand, match="beside Wizard"):
        act(b, "wizard", "attack", at=[2, 1], **{"with": "flame-fan"})
    force(b, 12, 12, 3, 3)  # +5 vs Ref: gob1 (14) 17 hits, fighter (14) 17 hits; 2d6+4 = 10
    act(b, "wizard", "attack", at=[1, 1], **{"with": "flame-fan"})
    assert (b.state.creatures["gob1"].hp, b.state.creatures["fighter"].hp, b.state.creatures["orc"].hp) == (19, 31, 46)


def test_an_area_burst_half_damage_on_a_miss_and_a_miss_never_hurts_a_minion():
    # fire burst: area burst 1 within 15 m, +5 vs Ref, 3d6+4, half on a miss; minions: a miss never hurts
    grid = "\n".join(["." * 10] * 5)
    roster = [creature("wizard", "wizard", "blue", (0, 2)), creature("orc", "orc", "red", (6, 2)),
              creature("runt", "goblin-runt", "red", (7, 2))]
    b = battle4e(grid, roster)
    force(b, 3, 3, 2, 2, 2)  # both miss; 3d6+4 = 10: the orc takes 5, the runt nothing
    act(b, "wizard", "attack", at=[6, 2], **{"with": "fire-burst"})
    assert b.state.creatures["orc"].hp == 41 and b.state.creatures["runt"].state == "conscious"
    act(b, "wizard", "end")
    act(b, "orc", "end")
    act(b, "runt", "end")
    with pytest.raises(IllegalCommand, match="once a day"):
        act(b, "wizard", "attack", at=[6, 2], **{"with": "fire-burst"})
    force(b, 15, 1)
    act(b, "wizard", "attack", target="runt", **{"with": "force-bolt"})  # any damage kills a minion
    assert b.state.creatures["runt"].state == "dead"


def test_a_ranged_target_out_of_range_is_refused_and_long_range_is_minus_2():
    grid = "\n".join(["." * 20] * 2)
    b = battle4e(grid, [creature("sah", "sahuagin", "red", (0, 0)), creature("fighter", "fighter", "blue", (18, 0))])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "crossbow")
    assert "long range -2" in [r.text for r in preview.reasons]
    b = battle4e(grid, [creature("wizard", "wizard", "blue", (0, 0)), creature("orc", "orc", "red", (18, 0))])
    with pytest.raises(IllegalCommand, match="Orc is out of range of force bolt"):
        attack(b, "wizard", "orc", "force-bolt")


def test_an_unseen_attacker_has_combat_advantage_and_its_attack_gives_it_away():
    # RULESETS.md 2, Combat advantage: "attacker unseen"
    # (the wizard is not hidden: no Stealth roll for surprise)
    b = battle4e(ROW, [creature("rogue", "rogue", "blue", (1, 1), hidden=True), creature("orc", "orc", "red", (2, 1)),
                       creature("wizard", "wizard", "blue", (7, 2))])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "slip-strike")
    assert preview.reasons[0].text == "combat advantage +2 (Orc cannot see Rogue)"
    force(b, 2)
    attack(b, "rogue", "orc", "slip-strike")
    assert "hidden" not in b.state.creatures["rogue"].conditions


def test_slip_strike_shifts_one_square_first_to_the_square_given_as_at():
    # RULESETS.md 4: "slip strike (shift 1, +8 1d6+4)"; engine: `at` is the square it shifts to
    roster = [creature("rogue", "rogue", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1)),
              creature("fighter", "fighter", "blue", (3, 2))]
    b = battle4e(ROW, roster)
    # from [1, 0] the rogue and the fighter at [3, 2] are at opposite corners of the orc: flanked,
    # combat advantage, sneak attack: d20 10 + 8 + 2 = 20 hits AC 14; 1d6+4 = 7, 2d6 = 4
    force(b, 10, 3, 2, 2)
    with pytest.raises(IllegalCommand, match="takes a 'target' or an 'at'"):  # no shift: 'at' is a guess
        attack(b, "rogue", "orc", "dazing-cut", at=[1, 0])
    attack(b, "rogue", "orc", "slip-strike", at=[1, 0])
    rogue = b.state.creatures["rogue"]
    assert (rogue.x, rogue.y) == (1, 0) and b.state.offers == [] and rogue.move is True
    assert log_with(b, "shifts to [1, 0] (slip strike)") and b.state.creatures["orc"].hp == 46 - 11


def test_the_hit_card_gives_the_total_to_reach_and_the_cover_as_a_penalty_to_the_roll():
    # the screen's card under 4e: the total the roll must reach (the defence, Ref 13), then every
    # modifier of the roll: cover -2 among them, once (4e: cover is a penalty to the attack roll)
    from game.ui.modes import attack_lines
    grid = "......\n..=...\n......"
    b = battle4e(grid, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (3, 1))])
    preview = next(o.preview for o in b.legal_commands() if o.command.get("with") == "force-bolt")
    texts = [t for t, _colour in attack_lines(preview, "")]
    assert texts[:2] == ["55% to hit: needs 13 (Ref 13)", "Cover: half"]
    assert [t for t in texts if "cover" in t] == ["  - cover -2"]
