"""4e concealment (RULESETS.md 2: "concealment -2, total -5 (melee/ranged only)"; "heavily (not
adjacent), dark, invisible -5"). Engine reading: nothing on our maps obscures, so an attacker
that cannot see its target (the target hidden or invisible, the attacker blinded) attacks at -5;
area and close powers ignore it."""

import pytest

from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def preview_of(b, power, target):
    return next(o.preview for o in b.legal_commands()
                if o.command.get("with") == power and o.command.get("target") == target)


def test_a_hidden_target_has_total_concealment_minus_5_in_the_preview_and_the_roll():
    # heavy blow +8 vs the goblin's AC 15: an 11 would hit (19), but total concealment -5: 11 + 3 = 14 misses
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]  # not hidden: no Stealth roll for surprise
    b = battle4e(ROW, roster)
    preview = preview_of(b, "heavy-blow", "gob")
    assert [r.text for r in preview.reasons] == ["total concealment -5 (Goblin is hidden)"]
    seen = battle4e(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1))])
    assert preview.hit_chance == pytest.approx(preview_of(seen, "heavy-blow", "gob").hit_chance - 0.25)
    force(b, 11)
    act(b, "fighter", "attack", target="gob", **{"with": "heavy-blow"})
    assert log_with(b, "heavy blow")[0] == "Fighter uses heavy blow on Goblin: d20 11 +3 = 14 vs AC 15: miss"
    assert "concealment" in b.state.log_rules[b.state.log.index(log_with(b, "heavy blow")[0])]


def test_a_blinded_attacker_attacks_every_target_at_minus_5():
    roster = [creature("fighter", "fighter", "blue", (1, 1), conditions=["blinded"]),
              creature("gob", "goblin", "red", (2, 1))]
    b = battle4e(ROW, roster)
    texts = [r.text for r in preview_of(b, "heavy-blow", "gob").reasons]
    assert "total concealment -5 (Fighter is blinded)" in texts


def test_area_powers_ignore_concealment():
    # "(melee/ranged only)": the wizard's flame fan (close blast 3) against a hidden goblin: no -5
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]  # not hidden: no Stealth roll for surprise
    b = battle4e(ROW, roster)
    fan = next(o.preview for o in b.legal_commands() if o.command.get("with") == "flame-fan")
    assert not any("concealment" in r.text for r in fan.reasons)
    staff = preview_of(b, "staff", "gob")
    assert any(r.text == "total concealment -5 (Goblin is hidden)" for r in staff.reasons)
