"""The 3.5 stat blocks: the bundled ones carry the numbers of RULESETS.md section 4 (the 3.5 SRD),
and a bad 3.5 stat block is one clear line per problem."""

from pathlib import Path

import pytest

from game.content.creatures import bundled_kinds, bundled_raw, parse_stat_block
from game.content.errors import ContentError, problems_of
from game.session.check import check_file

SECTION_4 = {  # kind: (hp, AC, touch, flat-footed, BAB, grapple, fort, ref, will, size)
    "goblin": (5, 15, 12, 14, 1, -3, 3, 1, -1, "small"),
    "orc": (5, 13, 10, 13, 1, 4, 3, 0, -2, "medium"),
    "wolf": (13, 14, 12, 12, 1, 2, 5, 5, 1, "medium"),
    "skeleton": (6, 15, 11, 14, 0, 1, 0, 1, 2, "medium"),
    "ogre": (29, 16, 8, 16, 3, 12, 6, 0, 1, "large"),
    "dire-wolf": (45, 14, 11, 12, 4, 15, 8, 7, 6, "large"),
    "hill-giant": (102, 20, 8, 20, 9, 20, 12, 3, 4, "large"),
    "brown-bear": (51, 15, 10, 14, 4, 16, 9, 6, 3, "large"),
    "giant-spider": (22, 14, 12, 11, 3, 9, 5, 4, 1, "large"),
    "sahuagin": (11, 16, 11, 15, 2, 4, 3, 4, 4, "medium"),
    "fighter": (28, 17, 11, 16, 3, 5, 5, 2, 2, "medium"),
    "rogue": (20, 15, 12, 13, 2, 3, 2, 5, 1, "medium"),
    "wizard": (16, 12, 12, 10, 1, 1, 2, 3, 4, "medium"),
    "cleric": (24, 16, 9, 16, 2, 3, 5, 0, 5, "medium"),
}


def stats(kind):
    return parse_stat_block(bundled_raw("3.5", kind), ruleset="3.5")


def test_every_creature_and_hero_of_section_4_is_bundled():
    assert set(bundled_kinds("3.5")) == set(SECTION_4)


@pytest.mark.parametrize("kind", sorted(SECTION_4))
def test_the_bundled_numbers_are_the_srds(kind):
    s = stats(kind)
    saves = dict(s.saves)
    assert (s.hp, s.ac, s.touch, s.flat_footed, s.bab, s.grapple, saves["fort"], saves["ref"], saves["will"],
            s.size) == SECTION_4[kind]


def test_attacks_threats_and_multipliers():
    # orc falchion +4 (2d4+4, 18-20); rogue shortbow 1d6 x3; hill giant rock 36 m increments
    falchion = stats("orc").attack("falchion")
    assert (falchion.to_hit, str(falchion.damage), falchion.threat, falchion.multiplier) == (4, "2d4+4", 18, 2)
    assert stats("rogue").attack("shortbow").multiplier == 3
    rock = stats("hill-giant").attack("rock")
    assert rock.range_increment == 36 and rock.max_range == 36 * 5  # thrown: five increments
    assert stats("sahuagin").attack("heavy-crossbow").max_range == 360  # ten increments
    assert stats("brown-bear").full_attack == ("claw", "claw", "bite")
    skeleton = stats("skeleton")
    assert (skeleton.dr_amount, skeleton.dr_bypass, skeleton.crit_immune) == (5, "bludgeoning", True)
    # "Bonus de Dextérité": the flat-footed AC lacks it; the fighter's initiative has Improved Initiative
    assert stats("rogue").dex_to_ac == 2 and stats("fighter").initiative == 5
    assert stats("ogre").reach == 3 and stats("wolf").walk == 15


def test_the_bundled_files_pass_check():
    folder = Path(__file__).resolve().parents[2] / "assets" / "rulesets" / "3.5" / "creatures"
    for path in sorted(folder.glob("*.toml")):
        assert check_file(path) == [], path


def test_a_missing_or_ill_typed_key_is_one_line_each(tmp_path):
    folder = tmp_path / "rulesets" / "3.5" / "creatures"
    folder.mkdir(parents=True)
    good = (Path(__file__).resolve().parents[2] / "assets" / "rulesets" / "3.5" / "creatures" / "orc.toml").read_text()
    bad = good.replace("bab = 1\n", "bab = \"one\"\n").replace("touch = 10\n", "")
    path = folder / "orc.toml"
    path.write_text(bad)
    problems = check_file(path)
    assert len(problems) == 2
    assert any(":" in p and "'bab' must be a whole number, got 'one'" in p for p in problems)
    assert any("a stat block needs a whole number 'touch'" in p for p in problems)


def test_a_5e_key_is_not_a_3_5_key():
    data = dict(bundled_raw("3.5", "orc"), proficiency=2)
    with pytest.raises(ContentError) as err:
        parse_stat_block(data, ruleset="3.5")
    assert [p.message for p in problems_of(err.value)] == ["unknown 3.5 stat block key 'proficiency'"]


def test_a_bad_attack_names_the_attack():
    data = dict(bundled_raw("3.5", "orc"))
    data["attacks"] = [dict(data["attacks"][0], threat=25, type="sharp")]
    with pytest.raises(ContentError) as err:
        parse_stat_block(data, ruleset="3.5")
    messages = [p.message for p in problems_of(err.value)]
    assert any(m.startswith("attack 'falchion': 'type' must be a damage type") for m in messages)
    assert any(m.startswith("attack 'falchion': 'threat' must be") for m in messages)


def test_skills_are_the_srds_totals_else_the_abilitys_modifier_and_a_bad_one_is_one_line():
    # 3.5 SRD, Goblin: Hide +5, Spot +2; the fighter lists none: Swim falls back on Str 15 (+2)
    assert stats("goblin").skill("hide") == 5 and stats("goblin").skill("spot") == 2
    assert stats("brown-bear").skill("swim") == 12 and stats("fighter").skill("swim") == 2
    data = dict(bundled_raw("3.5", "orc"), skills={"hide": 2, "juggle": 3})
    with pytest.raises(ContentError) as err:
        parse_stat_block(data, ruleset="3.5")
    assert [p.message for p in problems_of(err.value)] == [
        "'skills' must map skills (climb, escape-artist, hide, jump, listen, move-silently, spot, swim) to whole modifiers, "
        "like { hide = 5, spot = 2 }"]


def test_check_of_a_stat_block_missing_a_key_is_one_line_and_exit_2(tmp_path, capsys):
    from game.cli import main
    folder = tmp_path / "rulesets" / "3.5" / "creatures"
    folder.mkdir(parents=True)
    good = (Path(__file__).resolve().parents[2] / "assets" / "rulesets" / "3.5" / "creatures" / "orc.toml").read_text()
    path = folder / "orc.toml"
    path.write_text(good.replace("grapple = 4\n", ""))
    assert main(["check", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"error: {path}: a stat block needs a whole number 'grapple'"
    path.write_text(good.replace("grapple = 4\n", "grapple = 4.5\n"))
    assert main(["check", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {path}:") and line.endswith("'grapple' must be a whole number, got 4.5")


@pytest.mark.parametrize("kind", bundled_kinds("3.5"))
def test_the_damage_bonuses_are_strength_x1_5_two_handed_x0_5_secondary(kind):
    # 3.5 SRD, Damage: Str bonus x1.5 with a two-handed weapon or a creature's sole natural attack,
    # x0.5 with a secondary natural attack (the bear's bite); thrown weapons add Str, bows and
    # crossbows none (the stat blocks give the totals: docs/FORMATS.md)
    s = stats(kind)
    natural = [a for a in s.attacks if "natural" in a.properties]
    routine = list(s.full_attack)
    for a in s.attacks:
        if not a.is_melee and "thrown" not in a.properties:
            expected = 0
        elif "two-handed" in a.properties or (a in natural and len(natural) == 1 and len(routine) < 2):
            expected = s.mod("str") * 3 // 2
        elif a in natural and routine and a.name != routine[0]:
            expected = s.mod("str") // 2
        else:
            expected = s.mod("str")
        assert a.damage.bonus == expected, (kind, a.name)
