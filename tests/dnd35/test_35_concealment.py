"""3.5 concealment short of total (3.5 SRD, Concealment: "Concealment Miss Chance: ... 20%";
RULESETS.md 1: "after a hit d% 01-20 misses (total: 01-50)"), brought by the blur spell (3.5 SRD,
Blur: "This distortion grants the subject concealment (20% miss chance)"): the d100 after a hit
(FORMATS.md, dice order), the greater miss chance only, no sneak attack against it."""

import pytest

from game.rules.errors import IllegalCommand
from helpers35 import battle, c, creature, end, force, last

ROW = "........\n........\n........"
BLUR = ["magic-missile", "blur"]  # the wizard's spells for these tests (a level-2 slot each)


def cast(b, actor, spell, **args):
    return b.submit({"actor": actor, "act": "cast", "spell": spell, **args})


def blurred_fighter():
    """The wizard blurs the fighter beside it; two goblins stand next to the fighter."""
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1), spells=BLUR), creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1)), creature("gob2", "goblin", "red", (2, 2))])
    cast(b, "wizard", "blur", target="fighter")
    end(b, "wizard")
    end(b, "fighter")
    return b


def test_blur_gives_concealment_a_hit_misses_on_01_to_20():
    b = blurred_fighter()
    assert "blurred" in c(b, "fighter").conditions and c(b, "wizard").slots[2] == 1
    assert "Fighter is blurred" in last(b, "blurred")
    force(b, 18, 15)  # 18 + 2 = 20 hits AC 17; the d100 after the hit: 15, within 01-20, a miss
    b.submit({"actor": "gob1", "act": "attack", "target": "fighter"})
    line = last(b, "attacks")
    assert "concealment: 20% miss chance" in line and "concealment d100 15: it misses" in line
    assert line.endswith("miss") and c(b, "fighter").hp == 28


def test_a_threat_is_confirmed_before_the_concealment_roll_then_the_damage():
    # FORMATS.md: the confirmation d20 right after the attack's d20; the miss chance one d100 after a hit
    b = blurred_fighter()
    end(b, "gob1")
    force(b, 20, 20, 21, 4, 3)  # a threat, confirmed; d100 21: it hits; the morningstar twice, 4 and 3
    b.submit({"actor": "gob2", "act": "attack", "target": "fighter"})
    line = last(b, "attacks")
    assert line.index("confirmation d20 20") < line.index("concealment d100 21") and line.endswith("hit")
    assert c(b, "fighter").hp == 28 - 7


def test_the_preview_counts_the_miss_chance():
    # morningstar +2 vs AC 17: 15-20 hit, 6 faces in 20; a fifth of the hits miss
    b = blurred_fighter()
    (option,) = [o for o in b.legal_commands() if o.command == {"actor": "gob1", "act": "attack", "target": "fighter",
                                                               "with": "morningstar"}]
    assert option.preview.hit_chance == pytest.approx(0.3 * 0.8)
    assert "concealment: 20% miss chance" in [r.text for r in option.preview.reasons]


def test_only_the_greater_miss_chance_counts():
    # 3.5 SRD, Concealment: "Multiple concealment conditions do not stack": a blinded goblin attacks at 50%
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1), spells=BLUR), creature("fighter", "fighter", "blue", (1, 1)),
                     creature("gob1", "goblin", "red", (2, 1), conditions=["blinded"])])
    cast(b, "wizard", "blur", target="fighter")
    end(b, "wizard")
    end(b, "fighter")
    force(b, 18, 40)  # a hit; d100 40: within 01-50, a miss (no second d100)
    b.submit({"actor": "gob1", "act": "attack", "target": "fighter"})
    line = last(b, "attacks")
    assert "total concealment: 50% miss chance" in line and "concealment d100 40: it misses" in line
    assert "20%" not in line


def test_no_sneak_attack_against_a_blurred_target():
    # 3.5 SRD, Sneak Attack: "A rogue cannot sneak attack while striking a creature with concealment"
    b = battle(ROW, [creature("wizard", "wizard", "red", (5, 1), spells=BLUR), creature("rogue", "rogue", "blue", (3, 1)),
                     creature("gob", "goblin", "red", (4, 1))])
    cast(b, "wizard", "blur", target="gob")
    end(b, "wizard")
    force(b, 15, 50, 3)  # 15 + 4 hits the flat-footed goblin (AC 14); d100 50 passes; rapier 3 + 1
    b.submit({"actor": "rogue", "act": "attack", "target": "gob", "with": "rapier"})
    assert "sneak attack" not in last(b, "takes") and c(b, "gob").hp == 5 - 4


def test_blur_is_cast_by_touch_on_oneself_or_an_ally():
    b = battle(ROW, [creature("wizard", "wizard", "blue", (0, 1), spells=BLUR), creature("fighter", "fighter", "blue", (3, 1)),
                     creature("gob", "goblin", "red", (1, 1))])
    with pytest.raises(IllegalCommand, match="fighter is not within touch"):
        cast(b, "wizard", "blur", target="fighter")
    with pytest.raises(IllegalCommand, match="wizard blurs only itself or an ally"):
        cast(b, "wizard", "blur", target="gob")
    assert c(b, "wizard").slots[2] == 2 and c(b, "wizard").standard  # refused: nothing spent
    targets = {o.command["target"] for o in b.legal_commands() if o.command.get("spell") == "blur"}
    assert targets == {"wizard"}
    cast(b, "wizard", "blur", target="wizard")
    end(b, "wizard")
    end(b, "fighter")
    end(b, "gob")
    with pytest.raises(IllegalCommand, match="wizard is blurred already"):
        cast(b, "wizard", "blur", target="wizard")
