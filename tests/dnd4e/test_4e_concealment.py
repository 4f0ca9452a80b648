"""4e concealment (RULESETS.md 2: "concealment -2, total -5 (melee/ranged only)"; "heavily (not
adjacent), dark, invisible -5"). Engine reading: nothing on our maps obscures, so an attacker
that cannot see its target (the target hidden or invisible, the attacker blinded) attacks at -5;
area and close powers ignore it. A hidden enemy is attacked at the square the attacker guesses
(`at`), never by its id (guessing.py)."""

import pytest

from game.rules.errors import IllegalCommand

from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"


def preview_of(b, power, target):
    return next(o.preview for o in b.legal_commands()
                if o.command.get("with") == power and o.command.get("target") == target)


def test_a_hidden_target_is_attacked_at_the_square_guessed_with_total_concealment_minus_5():
    # 4e, a creature you cannot see: the attacker guesses its square (`at`); total concealment -5.
    # heavy blow +8 vs the goblin's AC 15: an 11 would hit (19), but -5: 11 + 3 = 14 misses
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]  # not hidden: no Stealth roll for surprise
    b = battle4e(ROW, roster)
    assert not any(o.command.get("target") == "gob" for o in b.legal_commands()
                   if o.act in ("attack", "charge"))  # not offered by its id
    force(b, 11)
    act(b, "fighter", "attack", at=[2, 1], **{"with": "heavy-blow"})
    assert log_with(b, "guessing") == ["Fighter attacks the square [2, 1] with heavy blow, guessing"]
    assert log_with(b, "heavy blow on")[0] == "Fighter uses heavy blow on Goblin: d20 11 +3 = 14 vs AC 15: miss"
    assert "concealment" in b.state.log_rules[b.state.log.index(log_with(b, "heavy blow on")[0])]


def test_a_guess_that_finds_the_hidden_goblin_hits_it():
    # d20 15 + 8 - 5 = 18 vs AC 15: hit; heavy blow 1d8+4 (forced 4): 8 damage
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]
    b = battle4e(ROW, roster)
    force(b, 15, 4)
    act(b, "fighter", "attack", at=[2, 1], **{"with": "heavy-blow"})
    assert log_with(b, "heavy blow on")[0] == "Fighter uses heavy blow on Goblin: d20 15 +3 = 18 vs AC 15: hit"
    assert b.state.creatures["gob"].hp == 29 - 8


def test_a_hidden_target_named_by_its_id_is_refused_and_nothing_changes():
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]
    b = battle4e(ROW, roster)
    before = b.snapshot() if hasattr(b, "snapshot") else None
    for command in ({"actor": "fighter", "act": "attack", "with": "heavy-blow", "target": "gob"},
                    {"actor": "fighter", "act": "charge", "target": "gob"}):
        assert b.check(command) == "Goblin is hidden: attack the square you guess it is in (at = [x, y])"
        with pytest.raises(IllegalCommand):
            b.submit(command)
    assert b.state.creatures["fighter"].standard and b.state.creatures["gob"].hp == 29
    assert before is None or b.snapshot() == before


def test_a_guessed_square_with_nobody_there_misses():
    # the d20 is rolled all the same; the log says nobody is there
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (5, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]
    b = battle4e(ROW, roster)
    force(b, 20)
    act(b, "fighter", "attack", at=[2, 1], **{"with": "heavy-blow"})
    assert log_with(b, "nobody") == ["Fighter attacks the square [2, 1] with heavy blow: d20 20: nobody is there, miss"]
    assert not b.state.creatures["fighter"].standard  # the action is spent
    assert b.state.creatures["gob"].hp == 29


def test_a_guess_is_refused_on_a_creature_in_plain_view_or_out_of_reach():
    roster = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1)),
              creature("hider", "goblin", "red", (6, 1), hidden=True)]
    b = battle4e(ROW, roster)
    assert b.check({"actor": "fighter", "act": "attack", "with": "heavy-blow", "at": [2, 1]}) == \
        "Goblin 1 is in plain view at [2, 1]: attack it as the target"
    assert b.check({"actor": "fighter", "act": "attack", "with": "heavy-blow", "at": [6, 1]}) == \
        "[6, 1] is out of reach of heavy blow (7.5 m, reach 1.5 m)"
    assert b.check({"actor": "fighter", "act": "attack", "with": "heavy-blow", "at": [2, 1], "target": "gob"}) == \
        "heavy blow takes a 'target' or an 'at' (the square you guess), not both"


def test_a_blinded_attacker_attacks_every_target_at_minus_5():
    roster = [creature("fighter", "fighter", "blue", (1, 1), conditions=["blinded"]),
              creature("gob", "goblin", "red", (2, 1))]
    b = battle4e(ROW, roster)
    texts = [r.text for r in preview_of(b, "heavy-blow", "gob").reasons]
    assert "total concealment -5 (Fighter is blinded)" in texts


def test_area_powers_ignore_concealment():
    # "(melee/ranged only)": the wizard's flame fan (close blast 3) rolls the same total against a
    # hidden goblin as against one in plain view: no -5
    totals = []
    for hidden in (True, False):
        roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=hidden),
                  creature("orc", "orc", "red", (7, 2))]  # not hidden: no Stealth roll for surprise
        b = battle4e(ROW, roster)
        force(b, 10, 3, 3)
        act(b, "wizard", "attack", at=[2, 0], **{"with": "flame-fan"})
        totals.append(log_with(b, "flame fan on Goblin")[0])
    assert totals[0] == totals[1] and "d20 10" in totals[0]
