"""The 4e stat blocks: the bundled roster of RULESETS.md section 4 (the project's own numbers),
powers as data, and bad input in one clear line."""

import pytest

from game.cli import main
from game.content import creatures
from game.content.errors import ContentError
from game.session.check import check_file

ROSTER = ["goblin", "goblin-runt", "orc", "wolf", "skeleton", "dire-wolf", "ogre", "hill-giant", "brown-bear",
          "giant-spider", "sahuagin", "fighter", "rogue", "wizard", "cleric"]


def stats(kind):
    return creatures.parse_stat_block(creatures.bundled_raw("4e", kind), ruleset="4e")


def test_the_whole_roster_is_bundled():
    assert sorted(creatures.bundled_kinds("4e")) == sorted(ROSTER)


@pytest.mark.parametrize("kind, level, hp, defences", [
    ("goblin", 1, 29, (15, 12, 14, 12)), ("orc", 2, 46, (14, 15, 13, 12)), ("wolf", 2, 38, (16, 14, 15, 13)),
    ("skeleton", 3, 45, (19, 15, 16, 14)), ("dire-wolf", 5, 66, (19, 18, 18, 16)),
    ("ogre", 7, 99, (19, 21, 17, 18)), ("hill-giant", 9, 120, (21, 23, 19, 20)),
    ("brown-bear", 4, 68, (16, 18, 15, 15)), ("giant-spider", 5, 52, (19, 17, 18, 16)),
    ("sahuagin", 5, 64, (21, 18, 16, 16)), ("fighter", 3, 41, (20, 17, 14, 12)), ("rogue", 3, 34, (17, 12, 17, 13)),
    ("wizard", 3, 31, (15, 12, 15, 14)), ("cleric", 3, 34, (18, 13, 12, 17)),
])
def test_the_roster_has_the_numbers_of_rulesets_section_4(kind, level, hp, defences):
    s = stats(kind)
    assert (s.level, s.hp, (s.ac, s.fort, s.ref, s.will)) == (level, hp, defences)


def test_bloodied_and_surge_values_and_hero_resources():
    # RULESETS.md 4: fighter hp 41 (bloodied 20, surge 10, 11 surges), one action point
    fighter = stats("fighter")
    assert (fighter.bloodied, fighter.surge_value, fighter.surges, fighter.action_points) == (20, 10, 11, 1)
    assert stats("goblin").action_points == 0  # plain monsters have none


def test_powers_are_data_with_their_usage_and_area():
    ogre = stats("ogre")
    sweep = ogre.power("sweep")
    assert (sweep.usage, sweep.recharge, sweep.kind, sweep.size, sweep.vs, str(sweep.damage)) == (
        "recharge", 5, "close-burst", 2, "ref", "2d8+5")
    wizard = stats("wizard")
    assert wizard.power("fire-burst").usage == "daily" and wizard.power("fire-burst").miss == "half"
    assert wizard.power("flame-fan").kind == "close-blast"
    assert stats("goblin-runt").minion and stats("goblin-runt").hp == 1


def test_a_heros_basic_attack_has_its_first_weapon_powers_numbers_without_its_effect():
    # RULESETS.md 4: "A hero's `basic` melee attack has the numbers of its first weapon at-will
    # (fighter +8 1d8+4, rogue +8 1d6+4, cleric +5 1d8+2, wizard +3 1d6), without the power's effect"
    got = {k: (stats(k).basic_power.attack, str(stats(k).basic_power.damage)) for k in ("fighter", "rogue", "cleric",
                                                                                          "wizard")}
    assert got == {"fighter": (8, "1d8+4"), "rogue": (8, "1d6+4"), "cleric": (5, "1d8+2"), "wizard": (3, "1d6")}
    assert stats("rogue").basic_power.shift == 0  # slip strike's shift is not part of it


GOBLIN = """id = "g"
name = "G"
size = "small"
level = 1
hp = 20
ac = 15
fort = 12
ref = 14
will = 12
speed = { walk = 9 }

[[powers]]
name = "slash"
usage = "at-will"
attack = 6
damage = "1d8+4"
"""


def write(tmp_path, text):
    path = tmp_path / "g.toml"
    path.write_text(text)
    return path


def load(path):
    return creatures.load_stat_block(path, ruleset="4e")


def test_a_good_stat_block_loads(tmp_path):
    assert load(write(tmp_path, GOBLIN)).power("slash").attack == 6


def test_a_missing_key_is_one_clear_line(tmp_path):
    path = write(tmp_path, GOBLIN.replace("fort = 12\n", ""))
    with pytest.raises(ContentError) as err:
        load(path)
    assert str(err.value) == f"{path}: the 4e stat block needs 'fort'"


def test_an_unknown_power_keyword_is_one_clear_line(tmp_path):
    path = write(tmp_path, GOBLIN + 'keywords = ["weapon", "psionic-blast"]\n')
    with pytest.raises(ContentError) as err:
        load(path)
    assert str(err.value).startswith(f"{path}:12: power 'slash': unknown power keyword 'psionic-blast' (known: ")


def test_a_recharge_power_needs_its_number(tmp_path):
    path = write(tmp_path, GOBLIN.replace('usage = "at-will"', 'usage = "recharge"'))
    with pytest.raises(ContentError, match="a recharge power needs 'recharge' from 2 to 6"):
        load(path)


def test_a_kind_the_ruleset_lacks_names_the_kind_and_the_ruleset(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('format = 1\nruleset = "4e"\nmap = { grid = "...." }\n[[creature]]\nid = "d"\n'
                    'kind = "young-green-dragon"\nside = "red"\nat = [0, 0]\n')
    (problem,) = check_file(path)
    assert problem.startswith(f"{path}:4: creature 'd': unknown creature kind 'young-green-dragon' in ruleset 4e")


def test_skirmish_check_reads_a_4e_stat_block_under_4e(tmp_path):
    for kind in ROSTER:
        assert check_file(creatures.creature_path("4e", kind)) == []
    folder = tmp_path / "4e" / "creatures"
    folder.mkdir(parents=True)
    path = write(folder, GOBLIN.replace("fort = 12\n", ""))
    assert check_file(path) == [f"{path}: the 4e stat block needs 'fort'"]


def test_skills_default_to_half_level_plus_the_ability_and_passive_perception_is_10_plus(tmp_path):
    # docs/FORMATS.md, 4e stat block: a skill not given is level // 2 + its ability's modifier
    block = load(write(tmp_path, GOBLIN.replace("speed = { walk = 9 }", "speed = { walk = 9 }\n"
                                                 "abilities = { str = 14, wis = 8 }\nskills = { stealth = 9 }")))
    assert (block.skill("stealth"), block.skill("athletics"), block.skill("perception")) == (9, 2, -1)
    assert block.passive_perception == 9
    assert stats("rogue").skill("stealth") == 10 and stats("fighter").passive_perception == 12


def test_an_unknown_skill_is_one_clear_line(tmp_path):
    path = write(tmp_path, GOBLIN.replace("speed = { walk = 9 }", "speed = { walk = 9 }\nskills = { arcana = 3 }"))
    with pytest.raises(ContentError) as err:
        load(path)
    assert str(err.value) == (f"{path}:11: 'skills' must be a table of athletics, stealth, perception bonuses, "
                              "got {'arcana': 3}")


@pytest.mark.parametrize("text, why", [
    (GOBLIN.replace("fort = 12\n", ""), "the 4e stat block needs 'fort'"),
    (GOBLIN + 'keywords = ["weapon", "psionic-blast"]\n', "power 'slash': unknown power keyword 'psionic-blast'"),
])
def test_skirmish_check_on_a_bad_4e_stat_block_is_one_line_and_exit_2(tmp_path, capsys, text, why):
    folder = tmp_path / "4e" / "creatures"
    folder.mkdir(parents=True)
    path = write(folder, text)
    assert main(["check", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {path}") and why in line
