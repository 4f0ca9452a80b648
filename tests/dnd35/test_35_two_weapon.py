"""3.5 two-weapon fighting (3.5 SRD, Two-Weapon Fighting; seed 003, Dégâts, « Arme utilisée dans
la main non directrice »): a full attack with `two_weapon = true` adds one attack with the stat
block's `off_hand` weapon; every attack of it takes its hand's penalty (-6/-10, light off-hand
weapon -4/-8, the Two-Weapon Fighting feat -4/-4, both -2/-2), and the off-hand hit adds half the
Strength bonus to its damage."""

import pytest

from game.content.creatures import bundled_raw, parse_stat_block
from game.content.errors import ContentError, problems_of
from game.rules.errors import IllegalCommand
from helpers35 import battle, c, creature, end, force, last

ROW = "........\n........\n........"
# the fighter (Str 15, +2 to damage; base attack +3: no iterative) with a longsword and a short sword
SWORDS = [{"name": "longsword", "kind": "melee", "to_hit": 6, "damage": "1d8+2", "type": "slashing", "threat": 19},
          {"name": "short-sword", "kind": "melee", "to_hit": 6, "damage": "1d6+2", "type": "piercing",
           "properties": ["light"]},
          {"name": "light-crossbow", "kind": "ranged", "to_hit": 4, "damage": "1d8", "type": "piercing",
           "range_increment": 24, "properties": ["crossbow"]}]


def duel(feats=None, attacks=SWORDS, off_hand="short-sword", **extra):
    """The two-weapon fighter against an ogre (flat-footed AC 16: the ogre has not acted yet)."""
    fighter = creature("fighter", "fighter", "blue", (1, 1), attacks=attacks, **extra)
    if off_hand is not None:
        fighter["off_hand"] = off_hand
    if feats is not None:
        fighter["feats"] = feats
    return battle(ROW, [fighter, creature("ogre", "ogre", "red", (2, 1))])


def test_each_hand_takes_its_penalty_and_the_off_hand_adds_half_its_strength():
    # light off-hand weapon, no feat: -4 primary, -8 off hand; « il n'ajoute que la moitié de son
    # bonus de Force aux dégâts infligés »: Str +2 becomes +1 on the short sword
    b = duel()
    force(b, 14, 5)  # 14 + 6 - 4 = 16 vs flat-footed AC 16: a hit; 5 + 2 = 7
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "with": "longsword", "two_weapon": True})
    line = last(b, "attacks")
    assert "d20 14 +2 = 16 vs flat-footed AC 16" in line and "two-weapon fighting, primary hand -4" in line
    assert line.endswith("hit") and c(b, "ogre").hp == 29 - 7
    force(b, 18, 4)  # 18 + 6 - 8 = 16: a hit; 4 + 2, half Strength -1 = 5
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "offhand": True})
    line = last(b, "attacks")
    assert "with short sword: d20 18 -2 = 16" in line and "two-weapon fighting, off hand -8" in line
    assert "off hand, half Strength -1" in last(b, "takes") and c(b, "ogre").hp == 22 - 5
    with pytest.raises(IllegalCommand, match="no off-hand attack is left in fighter's full attack"):  # one off-hand attack a round
        b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "offhand": True})


@pytest.mark.parametrize("feats, light, primary, off", [
    ([], False, -6, -10), ([], True, -4, -8), (["two-weapon-fighting"], False, -4, -4),
    (["two-weapon-fighting"], True, -2, -2)])
def test_the_penalty_table(feats, light, primary, off):
    # 3.5 SRD, Two-Weapon Fighting Penalties: normal -6/-10; off-hand weapon light -4/-8;
    # Two-Weapon Fighting feat -4/-4; both -2/-2
    swords = [dict(a) for a in SWORDS]
    swords[1]["properties"] = ["light"] if light else []
    b = duel(feats=feats, attacks=swords)
    force(b, 10)  # the same die each time (a miss: no damage die): only the hand's penalty changes the total
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "with": "longsword", "two_weapon": True})
    assert f"d20 10 {6 + primary:+d} = {16 + primary}" in last(b, "attacks")
    force(b, 10)
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "with": "short-sword"})
    assert f"d20 10 {6 + off:+d} = {16 + off}" in last(b, "attacks")
    assert f"two-weapon fighting, off hand {off:+d}" in last(b, "attacks")


def test_a_full_attack_with_one_weapon_takes_no_penalty_and_no_off_hand_attack():
    b = duel()
    force(b, 10, 1)
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "with": "longsword"})
    assert "d20 10 +6 = 16" in last(b, "attacks") and "two-weapon" not in last(b, "attacks")
    assert c(b, "fighter").sequence == ()  # base attack +3: one attack, nothing after it
    with pytest.raises(IllegalCommand, match="'offhand' is the off-hand attack of a two-weapon full attack"):
        b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "offhand": True})


def test_iteratives_keep_their_minus_5_under_the_primary_hands_penalty():
    # base attack +6: a second attack at -5, both with the primary hand's -4, then the off hand
    b = duel(bab=6)
    force(b, 10)  # misses: no damage die
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "two_weapon": True})
    assert "with longsword: d20 10 +2" in last(b, "attacks")  # `with` by default: its first weapon that may lead
    assert [e[:2] for e in c(b, "fighter").sequence] == [("longsword", -5), ("short-sword", 0)]
    force(b, 10)
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre"})
    line = last(b, "attacks")
    assert "d20 10 -3 = 7" in line and "iterative attack -5" in line and "primary hand -4" in line


def test_a_negative_strength_stays_whole_on_the_off_hand():
    # seed 003, Bonus de Force: half the bonus; a Strength penalty is not halved (3.5 SRD)
    swords = [dict(a) for a in SWORDS]
    swords[1]["damage"] = "1d6-1"
    b = duel(attacks=swords, abilities={"str": 8, "dex": 13, "con": 14, "int": 10, "wis": 12, "cha": 8})
    force(b, 1)
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "two_weapon": True})
    force(b, 20, 1, 4)  # a natural 20, not confirmed; 4 - 1 = 3
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "offhand": True})
    assert "half Strength" not in last(b, "takes") and c(b, "ogre").hp == 29 - 3


def test_the_options_list_previews_the_two_weapon_full_attack():
    # longsword +2 vs AC 16: 7 faces in 20 hit (14-20), 19-20 threaten, 1d8+2; short sword -2: 18-20
    # hit, 20 threatens, 1d6+1 (half Strength)
    b = duel()
    (option,) = [o for o in b.legal_commands() if o.command.get("two_weapon")]
    assert option.command == {"actor": "fighter", "act": "full_attack", "target": "ogre", "with": "longsword",
                              "two_weapon": True}
    p = option.preview
    assert p.hit_chance == pytest.approx(0.35) and p.uses == "full-round action"
    primary = (0.35 - 0.035) * 6.5 + 0.035 * 13
    off = (0.15 - 0.0075) * 4.5 + 0.0075 * 9
    assert p.expected_damage == pytest.approx(primary + off)
    assert "two-weapon fighting, primary hand -4" in [r.text for r in p.reasons]
    (bar,) = [a for a in b.acts() if a.key == "two_weapon:longsword"]
    assert bar.options == [option] and "-4 on the primary hand's attacks, -8 on the off hand's" in bar.tip
    b.submit(option.command)
    force(b, 1)
    (off_option,) = [o for o in b.legal_commands() if o.command.get("offhand")]
    assert off_option.preview.hit_chance == pytest.approx(0.15)
    assert {"two-weapon fighting, off hand -8", "off hand: half Strength to damage (-1)"} <= \
        {r.text for r in off_option.preview.reasons}


def test_no_two_weapon_option_without_an_off_hand_weapon():
    b = duel(off_hand=None)
    assert not [o for o in b.legal_commands() if o.command.get("two_weapon")]
    assert not [a for a in b.acts() if a.key.startswith("two_weapon")]


def test_bad_two_weapon_commands_are_refused_and_change_nothing():
    b = duel(off_hand=None)
    with pytest.raises(IllegalCommand) as err:
        b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "two_weapon": True})
    assert str(err.value) == "fighter has no off-hand weapon (its stat block's 'off_hand')"
    assert c(b, "fighter").standard and c(b, "fighter").move_action
    b = duel()
    with pytest.raises(IllegalCommand, match="the short-sword is fighter's off-hand weapon"):
        b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "with": "short-sword",
                  "two_weapon": True})
    with pytest.raises(IllegalCommand, match="with melee weapons, not the light-crossbow"):
        b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "with": "light-crossbow",
                  "two_weapon": True})
    with pytest.raises(IllegalCommand, match="'two_weapon' must be true or false"):
        b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "two_weapon": "yes"})
    assert c(b, "fighter").standard and c(b, "fighter").sequence == ()
    end(b, "fighter")  # a one-weapon turn; the ogre's turn next
    assert b.state.current_id == "ogre"


def off_hand_errors(off_hand):
    data = dict(bundled_raw("3.5", "fighter"), off_hand=off_hand)
    with pytest.raises(ContentError) as err:
        parse_stat_block(data, ruleset="3.5")
    return [p.message for p in problems_of(err.value)]


def test_off_hand_must_name_one_of_its_melee_weapons():
    assert off_hand_errors("dagger") == ["'off_hand' names 'dagger', which is not one of its attacks "
                                         "(has: longsword, light-crossbow)"]
    assert off_hand_errors("light-crossbow") == ["'off_hand' names 'light-crossbow', a ranged attack: "
                                                 "the off-hand weapon is a melee weapon"]
    assert off_hand_errors(3) == ["'off_hand' must name one of its melee attacks"]
    assert parse_stat_block(dict(bundled_raw("3.5", "fighter"), off_hand="longsword"), ruleset="3.5").off_hand == \
        "longsword"


def test_a_scenario_whose_off_hand_is_ranged_is_one_line_and_exit_2(tmp_path, capsys):
    from game.cli import main
    path = tmp_path / "twf.toml"
    path.write_text('format = 1\nruleset = "3.5"\nmap = { grid = "......" }\n'
                    '[[creature]]\nid = "f"\nkind = "fighter"\nside = "blue"\nat = [0, 0]\n'
                    'off_hand = "light-crossbow"\n'
                    '[[creature]]\nid = "o"\nkind = "orc"\nside = "red"\nat = [5, 0]\n')
    for command in ("check", "replay"):
        assert main([command, str(path)]) == 2
        (line,) = capsys.readouterr().err.splitlines()
        assert line.startswith(f"error: {path}") and line.endswith(
            "'off_hand' names 'light-crossbow', a ranged attack: the off-hand weapon is a melee weapon")


def test_the_two_weapon_lines_name_the_rule_card():
    # `skirmish rules two-weapon-fighting --ruleset 3.5`: the attack rolls and the off-hand damage name it
    from game.rules.cards import cards
    b = duel()
    force(b, 1)
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "two_weapon": True})
    force(b, 19, 4)  # 19 - 2 = 17 hits AC 16; no threat with the short sword (20 only); 4 + 2 - 1
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "offhand": True})
    lines = list(zip(b.state.log, b.state.log_rules))
    rolls = [ids for line, ids in lines if " attacks " in line]
    damage = [ids for line, ids in lines if " takes " in line]
    assert len(rolls) == 2 and all("two-weapon-fighting" in ids for ids in rolls)
    assert "two-weapon-fighting" in damage[-1] and c(b, "ogre").hp == 29 - 5
    assert "two-weapon-fighting" in cards("3.5")


def test_every_option_of_a_two_weapon_fighter_is_accepted():
    # the options are built with the handlers' checks: each is a command the battle accepts
    b = battle(ROW, [dict(creature("fighter", "fighter", "blue", (1, 1), attacks=SWORDS), off_hand="short-sword"),
                     creature("ogre", "ogre", "red", (2, 1)), creature("gob", "goblin", "red", (1, 2))])
    options = b.legal_commands()
    assert {o.command["target"] for o in options if o.command.get("two_weapon")} == {"ogre", "gob"}
    assert [(o.command, b.check(o.command)) for o in options if b.check(o.command) is not None] == []
    force(b, 1)
    b.submit(next(o.command for o in options if o.command.get("two_weapon") and o.command["target"] == "gob"))
    options = b.legal_commands()  # the rest of the full attack: the off-hand short sword, at either foe
    assert {o.command["target"] for o in options if o.command.get("offhand")} == {"ogre", "gob"}
    assert [(o.command, b.check(o.command)) for o in options if b.check(o.command) is not None] == []


def test_power_attack_adds_no_damage_to_a_light_weapon():
    # 3.5 SRD, Power Attack: "You can't add the bonus from Power Attack to the damage dealt with a
    # light weapon ..., even though the penalty on attack rolls still applies"
    b = duel(feats=["power-attack", "two-weapon-fighting"])  # light off-hand weapon and the feat: -2/-2
    force(b, 18, 5)  # 18 + 6 - 2 - 2 = 20 hits AC 16; 5 + 2 + 2 (Power Attack) = 9
    b.submit({"actor": "fighter", "act": "full_attack", "target": "ogre", "two_weapon": True, "power_attack": 2})
    assert "Power Attack -2 (+2 damage)" in last(b, "attacks") and c(b, "ogre").hp == 29 - 9
    force(b, 16, 4)  # 16 + 6 - 2 - 2 = 18 hits; the short sword: 4 + 2, half Strength -1, no Power Attack
    b.submit({"actor": "fighter", "act": "attack", "target": "ogre", "offhand": True})
    assert "Power Attack -2 (+0 damage)" in last(b, "attacks") and "Power Attack" not in last(b, "takes")
    assert c(b, "ogre").hp == 20 - 5


def test_the_screen_says_why_there_is_no_two_weapon_full_attack():
    b = duel()
    assert b.why_not("two_weapon:short-sword") == "the short-sword is Fighter's off-hand weapon: the full attack " \
                                                 "names its primary weapon"
    b.submit({"actor": "fighter", "act": "step", "to": [1, 0]})
    assert b.why_not("two_weapon:longsword", "ogre") == ""  # a 5-foot step keeps the full attack
    b = duel()
    b.submit({"actor": "fighter", "act": "move", "to": [1, 0]})
    assert b.why_not("two_weapon:longsword") == "a full attack needs the whole turn (no move, both actions unused)"
    (bar,) = [a for a in b.acts() if a.key == "two_weapon:longsword"]
    assert bar.options == [] and bar.reason == b.why_not("two_weapon:longsword")
