"""The 3.5 spells of the bundled heroes (3.5 SRD spell texts): rays are ranged touch attacks,
magic missiles never miss, burning hands is a cone with a Reflex save for half, cures heal and
stabilise; casting in a threatened square provokes, and a caster hurt by it must concentrate."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import act, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def cast(b, actor, spell, **args):
    return b.submit({"actor": actor, "act": "cast", "spell": spell, **args})


def test_ray_of_frost_is_a_ranged_touch_attack():
    # seed 003, Attaques de contact: « la CA de la cible n'inclut pas ses bonus d'armure, de bouclier
    # ou d'armure naturelle »; the orc's touch AC is 10 (its AC 13)
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (4, 1))])
    force(b, 7, 2)  # 7 + 3 (BAB 1, Dex +2) = 10 vs touch AC 10; 1d3 2 cold
    cast(b, "wizard", "ray-of-frost", target="orc")
    assert "d20 7 +3 = 10 vs flat-footed touch AC 10" in last(b, "aims a ray") and c(b, "orc").hp == 3
    assert c(b, "wizard").slots[0] == 3
    with pytest.raises(IllegalCommand, match="no standard action left"):
        cast(b, "wizard", "ray-of-frost", target="orc")


def test_magic_missile_never_misses_two_missiles_at_caster_level_3():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("orc", "orc", "red", (7, 1)),
                     creature("orc2", "orc", "red", (7, 2))])
    force(b, 1, 2)  # each missile 1d4+1: 2 + 3
    cast(b, "wizard", "magic-missile", target="orc")
    assert "2 missiles: 1d4+1 [1] + 1d4+1 [2] = 5" in last(b, "takes") and c(b, "orc").hp == 0
    assert c(b, "orc").state == "disabled" and c(b, "wizard").slots[1] == 2


def test_burning_hands_rolls_once_then_each_reflex_save_for_half():
    # FORMATS.md: a save-for-half spell rolls its damage once, then each target's save in listed order
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("gob", "goblin", "red", (1, 1)),
                     creature("orc", "orc", "red", (2, 1)), creature("orc2", "orc", "red", (7, 2))])
    force(b, 4, 3, 3, 15, 5)  # 3d4 = 10; goblin Ref 15 + 1 = 16 vs DC 13 half (5); orc 5 + 0 failed
    cast(b, "wizard", "burning-hands", at=[1, 1])
    assert "Reflex DC 13 half" in last(b, "burning hands:")
    assert c(b, "gob").hp == 0 and c(b, "orc").hp == -5 and c(b, "orc2").hp == 5
    area = b.area("spell:burning-hands", (1, 1))
    assert area.problem == "" and set(area.caught) == {"gob", "orc"}


def test_cure_light_wounds_heals_and_stabilises_the_dying():
    # 3.5 SRD, Dying: any healing stabilises; cure light wounds 1d8 + caster level
    b = battle(ROW, [creature("cleric", "cleric", "blue", (0, 1)), creature("fighter", "fighter", "blue", (1, 1), current_hp=1),
                     creature("gob", "goblin", "red", (2, 1))], initiative=["gob", "cleric", "fighter"])
    force(b, 18, 3)  # the goblin hits: 1 - 3 = -2, dying
    b.submit({"actor": "gob", "act": "attack", "target": "fighter", "with": "morningstar"})
    assert c(b, "fighter").state == "dying"
    end(b, "gob")
    force(b, 4)  # 4 + 3 = 7: -2 + 7 = 5 hp
    cast(b, "cleric", "cure-light-wounds", target="fighter")
    assert c(b, "fighter").hp == 5 and c(b, "fighter").state == "conscious"
    assert "unconscious" not in c(b, "fighter").conditions


def test_casting_in_a_threatened_square_provokes_and_a_hurt_caster_concentrates():
    # 3.5 SRD, Casting a spell: provokes; hurt, Concentration DC 10 + damage + spell level
    b = battle(ROW, [creature("gob", "goblin", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1)),
                     creature("orc", "orc", "red", (7, 1))])
    end(b, "gob")
    cast(b, "wizard", "magic-missile", target="orc")
    assert [o.reactor for o in b.state.offers] == ["gob"] and c(b, "orc").hp == 5
    force(b, 15, 4, 5)  # the goblin hits for 4; Concentration 5 + 3 + 1 = 9 vs 10 + 4 + 1 = 15: lost
    act(b, "gob", "react", take=True)
    assert "the spell is lost" in last(b, "Concentration") and c(b, "orc").hp == 5
    assert c(b, "wizard").slots[1] == 2 and not c(b, "wizard").standard


def test_shield_and_bless():
    # 3.5 SRD, Shield: +4 AC; Bless: +1 on attack rolls for the allies around
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("cleric", "cleric", "blue", (0, 2)),
                     creature("gob", "goblin", "red", (1, 1))])
    cast(b, "wizard", "shield")
    end(b, "wizard")
    cast(b, "cleric", "bless")
    assert "bless" in c(b, "wizard").effects and "bless" in c(b, "cleric").effects
    end(b, "cleric")
    force(b, 14)  # 14 + 2 = 16 vs AC 12 + 4
    b.submit({"actor": "gob", "act": "attack", "target": "wizard", "with": "morningstar"})
    assert "shield +4 AC" in last(b, "attacks") and "vs AC 16" in last(b, "attacks")


def test_casting_defensively_provokes_nothing_but_needs_concentration_dc_15_plus_level():
    b = battle(ROW, [creature("gob", "goblin", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1)),
                     creature("orc", "orc", "red", (7, 1))])
    end(b, "gob")
    force(b, 13, 1, 2)  # Concentration 13 + 3 + 1 = 17 vs 16: cast; missiles 1 + 1, 2 + 1
    cast(b, "wizard", "magic-missile", target="orc", defensively=True)
    assert not b.state.offers and "casting defensively" in last(b, "Concentration") and c(b, "orc").hp == 0
    b = battle(ROW, [creature("gob", "goblin", "red", (1, 1)), creature("wizard", "wizard", "blue", (2, 1)),
                     creature("orc", "orc", "red", (7, 1))])
    end(b, "gob")
    force(b, 11)  # 15 vs 16: the spell and its slot are lost
    cast(b, "wizard", "magic-missile", target="orc", defensively=True)
    assert c(b, "orc").hp == 5 and c(b, "wizard").slots[1] == 2 and not b.state.offers


def test_refusals_and_labels_name_spells_and_weapons_in_words_as_the_log_does():
    # FORMATS.md: ids are for files and commands; what a person reads says "magic missile"
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1)), creature("fighter", "fighter", "blue", (0, 0)),
                     creature("orc", "orc", "red", (4, 1))])
    with pytest.raises(IllegalCommand, match="magic missile needs a 'target'"):
        cast(b, "wizard", "magic-missile")
    with pytest.raises(IllegalCommand, match="does not know cure light wounds"):
        cast(b, "wizard", "cure-light-wounds", target="fighter")
    end(b, "wizard")
    labels = [o.label for o in b.legal_commands() if o.command["act"] in ("attack", "full_attack")]
    assert "light crossbow at Orc" in labels and not [label for label in labels if "light-crossbow" in label]
