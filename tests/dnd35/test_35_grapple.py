"""3.5 grapple (RULESETS.md section 1, "Prone, grapple, conditions"; 3.5 SRD, Grapple): the
target's attack of opportunity, the melee touch attack, the opposed grapple check, the hold and
its unarmed damage, what a grappled creature may and may not do, escaping, the end of a grapple,
and the brown bear's improved grab."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def grappled(b, *ids) -> bool:
    return all("grappled" in c(b, cid).conditions for cid in ids)


def test_a_grapple_is_a_touch_attack_then_opposed_checks_and_a_win_holds_both_and_hurts():
    # 3.5 SRD, Grapple: melee touch attack, then "opposed grapple check" (d20 + the block's
    # grapple total: fighter +5, orc +4); the winner deals unarmed damage 1d3 + Str (+2)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    force(b, 10, 12, 10, 3)  # touch 10 + 5 = 15 vs flat-footed touch AC 10; checks 12 + 5 vs 10 + 4; 1d3 3
    act(b, "fighter", "grapple", target="orc")  # the orc is flat-footed: no attack of opportunity
    assert "melee touch attack" in last(b, "reaches for") and last(b, "reaches for").endswith("hit")
    assert "d20 12 +5 = 17 vs d20 10 +4 = 14: Fighter wins" in last(b, "grapple check")
    assert grappled(b, "fighter", "orc") and c(b, "orc").hp == 5 - 5
    assert "unarmed strike 1d3+2 [3] = 5" in last(b, "takes")
    assert not c(b, "fighter").standard


def test_a_lost_check_or_a_missed_touch_attack_holds_no_one():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    force(b, 10, 5, 10)  # the touch attack hits; 5 + 5 = 10 vs 10 + 4 = 14: the orc wins
    act(b, "fighter", "grapple", target="orc")
    assert "Orc wins" in last(b, "grapple check") and not grappled(b, "orc") and not grappled(b, "fighter")
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    force(b, 1)
    act(b, "fighter", "grapple", target="orc")
    assert last(b, "reaches for").endswith("miss (natural 1)") and not any("grapple check" in l for l in b.state.log)


def test_a_tie_goes_to_the_higher_modifier():
    # 3.5 SRD, Opposed checks: on a tie the higher modifier wins (fighter +5 over orc +4)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1))])
    force(b, 10, 9, 10, 1)  # 9 + 5 = 14 vs 10 + 4 = 14
    act(b, "fighter", "grapple", target="orc")
    assert "Fighter wins" in last(b, "grapple check") and grappled(b, "orc")


def test_the_target_gets_an_attack_of_opportunity_first_and_damage_from_it_fails_the_grapple():
    # RULESETS.md: "Start: target's AoO (damage -> fail)"
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob", "goblin", "red", (1, 2))])
    end(b, "orc")  # no longer flat-footed
    act(b, "fighter", "grapple", target="orc")
    assert [o.reactor for o in b.state.offers] == ["orc"]  # the target alone, not the goblin beside
    force(b, 15, 4, 4)  # the falchion hits for 2d4+4 = 12
    act(b, "orc", "react", take=True)
    assert "the grapple fails" in last(b, "grapple") and not grappled(b, "fighter")
    # a miss: the grapple goes on
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("fighter", "fighter", "blue", (1, 1))])
    end(b, "orc")
    act(b, "fighter", "grapple", target="orc")
    force(b, 2, 10, 12, 10, 1)
    act(b, "orc", "react", take=True)
    assert grappled(b, "fighter", "orc")


def test_a_grapple_starts_only_from_the_next_square():
    # engine reading (README): the grappler stays beside its target, never in its square
    b = battle(ROW, [creature("ogre", "ogre", "red", (0, 0)), creature("fighter", "fighter", "blue", (3, 1))])
    with pytest.raises(IllegalCommand, match="not next to ogre"):
        act(b, "ogre", "grapple", target="fighter")
    assert not any(o.command.get("act") == "grapple" for o in b.legal_commands())


def hold_fighter_and_orc(**orc):
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1), **orc),
                     creature("rogue", "rogue", "blue", (3, 1)), creature("wizard", "wizard", "blue", (6, 1))])
    force(b, 10, 12, 10, 1)
    act(b, "fighter", "grapple", target="orc")
    assert grappled(b, "fighter", "orc")
    end(b, "fighter")
    return b


def test_grappled_creatures_cannot_move_threaten_nothing_and_lose_dex_against_others():
    b = hold_fighter_and_orc()
    # 3.5 SRD, Grapple: "You don't threaten any squares while grappling"
    assert not b.reach_squares("orc").any() and not b.reach_squares("fighter").any()
    with pytest.raises(IllegalCommand, match="cannot move"):
        act(b, "orc", "move", to=[2, 0])
    with pytest.raises(IllegalCommand, match="cannot move"):
        act(b, "orc", "step", to=[2, 0])
    # a goblin held by the fighter loses its Dex to AC against the rogue, who sneak attacks it
    # (no flanking: the grappling fighter threatens nothing)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
                     creature("rogue", "rogue", "blue", (3, 1))])
    force(b, 10, 12, 10, 1)
    act(b, "fighter", "grapple", target="gob")
    end(b, "fighter")
    end(b, "gob")
    force(b, 11, 1, 1, 1)  # 11 + 4 = 15 vs AC 15 - 1 = 14
    attack(b, "rogue", "gob", "rapier")
    line = last(b, "attacks")
    assert "target grappling: no Dex to AC (-1)" in line and "flanking" not in line and line.endswith("hit")
    assert "sneak attack 2d6 [1 1]" in last(b, "takes")


def test_a_grappled_creature_attacks_only_its_opponent_with_a_light_or_natural_weapon_at_minus_4():
    b = hold_fighter_and_orc()
    with pytest.raises(IllegalCommand, match="only a light or natural weapon"):
        attack(b, "orc", "fighter", "falchion")
    with pytest.raises(IllegalCommand, match="can attack only fighter"):
        attack(b, "orc", "rogue", "falchion")
    # a light weapon (a dagger written in the test) strikes the opponent, at -4
    dagger = [{"name": "dagger", "kind": "melee", "to_hit": 4, "damage": "1d4+3", "type": "piercing",
               "properties": ["light"]}]
    b = hold_fighter_and_orc(attacks=dagger)
    force(b, 10)
    attack(b, "orc", "fighter", "dagger")
    assert "grappling -4" in last(b, "attacks") and "d20 10 +0 = 10" in last(b, "attacks")


def test_a_grappled_caster_casts_nothing():
    # 3.5 SRD, Grapple: only a spell without a somatic component (each of the engine's has one)
    b = battle(ROW, [creature("orc", "orc", "red", (2, 1)), creature("wizard", "wizard", "blue", (1, 1))])
    force(b, 10, 15, 5, 1)
    act(b, "orc", "grapple", target="wizard")
    assert grappled(b, "wizard")
    end(b, "orc")
    with pytest.raises(IllegalCommand, match="wizard is grappled: it cannot cast magic-missile"):
        act(b, "wizard", "cast", spell="magic-missile", target="orc")
    assert not any(o.command.get("act") == "cast" for o in b.legal_commands())


def test_grappling_it_already_the_grapple_act_hurts_the_opponent_on_a_won_check():
    # 3.5 SRD, Grapple, Damage your opponent: an opposed check, then unarmed damage
    b = hold_fighter_and_orc()
    end(b, "orc")
    end(b, "rogue")
    end(b, "wizard")
    hp = c(b, "orc").hp
    force(b, 15, 3, 2)  # no touch attack now: 15 + 5 vs 3 + 4; 1d3 2
    act(b, "fighter", "grapple", target="orc")
    assert not any("reaches for" in l for l in b.state.log[-3:])
    assert c(b, "orc").hp == hp - 4


def test_escape_is_an_opposed_check_and_frees_both():
    b = hold_fighter_and_orc()
    force(b, 3, 10)  # 3 + 4 vs 10 + 5: held fast
    act(b, "orc", "escape")
    assert grappled(b, "orc") and "Fighter wins" in last(b, "grapple check")
    end(b, "orc")
    end(b, "rogue")
    end(b, "wizard")
    end(b, "fighter")
    force(b, 18, 4)
    act(b, "orc", "escape")
    assert not grappled(b, "orc") and not grappled(b, "fighter") and "escapes the grapple" in last(b, "escapes")
    with pytest.raises(IllegalCommand, match="orc has no standard action left"):
        act(b, "orc", "escape")


def test_the_grapple_ends_when_one_of_the_two_falls():
    b = hold_fighter_and_orc()
    end(b, "orc")
    force(b, 15, 3, 3)  # the rogue's rapier: 1d6+1 = 4 + sneak 2d6... the orc (hp 3) drops
    attack(b, "rogue", "orc", "rapier")
    assert not c(b, "orc").standing
    assert not grappled(b, "fighter") and "the grapple ends" in last(b, "grapple ends")


def test_the_action_bar_offers_grapple_and_escape_with_their_keys():
    b = hold_fighter_and_orc()
    bar = {a.key: a for a in b.acts()}
    assert bar["escape"].shortcut == "X" and bar["escape"].allowed
    assert bar["grapple"].shortcut == "H" and bar["grapple"].allowed
    shortcuts = [a.shortcut for a in b.acts() if a.shortcut]
    assert len(shortcuts) == len(set(shortcuts))
    for option in b.legal_commands():
        assert b.check(option.command) is None, option.command
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (5, 1))])
    bar = {a.key: a for a in b.acts()}
    assert "escape" not in bar and not bar["grapple"].allowed and "no foe next to Fighter" in bar["grapple"].reason


def test_the_brown_bears_claw_grabs_a_smaller_foe_without_a_touch_attack_or_an_opportunity():
    # 3.5 SRD, Brown bear, Improved grab: "to use this ability, a brown bear must hit with a claw
    # attack. It can then attempt to start a grapple as a free action without provoking an attack
    # of opportunity" (bear +16 against fighter +5)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (3, 1)), creature("bear", "brown-bear", "red", (1, 1))])
    end(b, "fighter")
    force(b, 10, 4, 5, 10)  # claw 10 + 11 vs AC 17: hit, 1d8+8 = 12; checks 5 + 16 vs 10 + 5
    attack(b, "bear", "fighter", "claw")
    assert c(b, "fighter").hp == 28 - 12
    assert "improved grab" in last(b, "tries to grab") and not b.state.offers
    assert not any("reaches for" in l for l in b.state.log) and grappled(b, "bear", "fighter")
    assert b.state.log_rules[b.state.log.index(last(b, "tries to grab"))] == ["improved-grab", "grapple"]
    # the bite does not grab; a foe as large as the bear is not grabbed
    b = battle(ROW, [creature("fighter", "fighter", "blue", (3, 1)), creature("bear", "brown-bear", "red", (1, 1))])
    end(b, "fighter")
    force(b, 19, 3, 3)
    attack(b, "bear", "fighter", "bite")
    assert not grappled(b, "fighter")
    b = battle(ROW, [creature("ogre", "ogre", "blue", (3, 1)), creature("bear", "brown-bear", "red", (1, 1))])
    end(b, "ogre")
    force(b, 15, 4)
    attack(b, "bear", "ogre", "claw")
    assert not grappled(b, "ogre") and not any("grab" in l for l in b.state.log)


def test_a_held_bear_goes_on_with_its_claws_at_minus_4():
    b = battle(ROW, [creature("bear", "brown-bear", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    force(b, 10, 4, 5, 10, 10)
    attack(b, "bear", "fighter", "claw", "full_attack")
    assert grappled(b, "bear", "fighter")
    attack(b, "bear", "fighter", "claw")
    assert "grappling -4" in last(b, "attacks")


def test_a_hidden_target_gets_its_miss_chance_against_the_touch_attack_and_a_hidden_grappler_shows_itself():
    # 3.5 SRD, Concealment: total concealment, 50% miss chance (one d100 after a hit)
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("orc", "orc", "red", (2, 1), hidden=True)])
    force(b, 15, 30)
    act(b, "fighter", "grapple", target="orc")
    assert "concealment d100 30: it misses" in last(b, "reaches for") and not grappled(b, "orc")
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1), hidden=True), creature("orc", "orc", "red", (2, 1))])
    force(b, 15, 12, 10, 1)
    act(b, "fighter", "grapple", target="orc")
    assert "Fighter is no longer hidden" in last(b, "reaches for") and grappled(b, "orc")


def test_a_grapple_ends_when_the_two_are_forced_apart():
    # no 3.5 act pushes a creature yet: the orc is set two squares off by hand, then any command settles it
    b = hold_fighter_and_orc()
    c(b, "orc").x = 4
    end(b, "orc")
    assert not grappled(b, "orc") and not grappled(b, "fighter") and "are apart: the grapple ends" in last(b, "apart")


def test_the_bears_claw_grabs_on_an_attack_of_opportunity_too_and_the_walk_stops_there():
    b = battle(ROW, [creature("bear", "brown-bear", "red", (1, 1)), creature("fighter", "fighter", "blue", (3, 1))])
    end(b, "bear")  # no longer flat-footed
    act(b, "fighter", "move", to=[6, 1])
    force(b, 10, 4, 5, 10)  # the claw hits for 12; checks 5 + 16 vs 10 + 5
    act(b, "bear", "react", take=True)
    assert grappled(b, "bear", "fighter") and (c(b, "fighter").x, c(b, "fighter").y) == (3, 1)
