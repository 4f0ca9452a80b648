"""3.5 pin (3.5 SRD, Grapple, "Pin your opponent" and "If you're pinned by an opponent"): an opposed
grapple check in place of an attack holds the opponent immobile for 1 round; pinned, it has no
Dex to AC, -4 AC against others than the pinner, may only try to escape the pin, and escaping it
leaves it grappled."""

import pytest

from game.rules.dnd35.combat import odds
from game.rules.dnd35.grappling import grapple_bonus, unarmed, win_chance
from game.rules.errors import IllegalCommand
from helpers35 import act, attack, battle, c, creature, end, force, last

ROW = "........\n........\n........"


def fighter_holds_goblin():
    """The fighter (grapple +5) holds the goblin (grapple -3); the rogue stands beside the goblin.
    It is the fighter's turn again, the goblin grappled and not pinned."""
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hp=20),
                     creature("rogue", "rogue", "blue", (3, 1))])
    force(b, 10, 12, 10, 1)  # touch 10 hits; 12 + 5 vs 10 - 3; 1d3 1
    act(b, "fighter", "grapple", target="gob")
    assert "grappled" in c(b, "gob").conditions
    for cid in ("fighter", "gob", "rogue"):
        end(b, cid)
    return b


def pinned_goblin():
    b = fighter_holds_goblin()
    force(b, 15, 3)  # 15 + 5 = 20 vs 3 - 3 = 0
    act(b, "fighter", "grapple", target="gob", pin=True)
    assert "pinned" in c(b, "gob").conditions
    end(b, "fighter")
    return b


def test_a_pin_is_an_opposed_grapple_check_in_place_of_an_attack():
    # 3.5 SRD, Grapple, Pin your opponent: "You can hold your opponent immobile for 1 round by
    # winning an opposed grapple check (made in place of an attack)"
    b = fighter_holds_goblin()
    force(b, 15, 3)
    act(b, "fighter", "grapple", target="gob", pin=True)
    assert "d20 15 +5 = 20 vs d20 3 -3 = 0: Fighter wins" in last(b, "grapple check")
    assert "pinned" in c(b, "gob").conditions and "Fighter pins Goblin" in last(b, "pins")
    assert not c(b, "fighter").standard and c(b, "gob").hp == 20 - 3  # no damage: only the hold's 1d3+2
    # a lost check pins no one
    b = fighter_holds_goblin()
    force(b, 2, 19)  # 2 + 5 = 7 vs 19 - 3 = 16
    act(b, "fighter", "grapple", target="gob", pin=True)
    assert "Goblin wins" in last(b, "grapple check") and "pinned" not in c(b, "gob").conditions


def test_a_pinned_creature_may_only_try_to_escape():
    # 3.5 SRD, If you're pinned: "You cannot take any other actions except to make an opposed
    # grapple check to escape the pin"
    b = pinned_goblin()
    before = list(b.state.log)
    for command in ({"act": "attack", "target": "fighter", "with": "morningstar"}, {"act": "move", "to": [2, 2]},
                    {"act": "total_defense"}, {"act": "drop_prone"}):
        with pytest.raises(IllegalCommand, match="gob is pinned: it may only try to escape the pin"):
            b.submit({"actor": "gob", **command})
    assert b.state.log == before  # bad commands change nothing
    assert sorted(o.command["act"] for o in b.legal_commands()) == ["end", "escape"]
    assert "Escape Fighter's pin" in [o.label for o in b.legal_commands()]
    assert "Goblin is pinned" in b.why_not("attack:morningstar", "fighter")
    for option in b.legal_commands():
        assert b.check(option.command) is None, option.command


def test_a_pinned_creature_has_no_dex_to_ac_and_minus_4_against_others_than_the_pinner():
    # 3.5 SRD, If you're pinned: "you take a -4 penalty to your AC against opponents other than the
    # one pinning you"; seed 003: « Dans certains cas de figure, le bonus de Dextérité n'est pas
    # pris en compte » (the goblin: AC 15 with Dex +1)
    b = pinned_goblin()
    end(b, "gob")
    force(b, 6, 1, 1, 1)  # rapier 6 + 4 = 10 vs 15 - 1 - 4 = 10
    attack(b, "rogue", "gob", "rapier")
    line = last(b, "attacks")
    assert "target pinned: no Dex to AC (-1)" in line and "target pinned: -4 AC" in line and line.endswith("hit")
    assert "sneak attack 2d6 [1 1]" in last(b, "takes")  # no Dex to AC: the rogue's sneak attack
    # the pinner: no Dex either, but no -4
    o = odds(b, c(b, "fighter"), c(b, "gob"), unarmed(c(b, "fighter")))
    assert o.denied and o.target_number == 12 - 1 and not any("-4 AC" in r.text for r in o.reasons)


def test_escaping_a_pin_is_an_opposed_check_and_leaves_the_creature_grappled():
    # 3.5 SRD, If you're pinned: "If you win, you escape the pin, but you're still grappling"
    b = pinned_goblin()
    force(b, 5, 10)  # 5 - 3 = 2 vs 10 + 5 = 15: still pinned
    act(b, "gob", "escape")
    assert "Fighter wins" in last(b, "grapple check") and "pinned" in c(b, "gob").conditions
    b = pinned_goblin()
    force(b, 19, 1)  # 19 - 3 = 16 vs 1 + 5 = 6
    act(b, "gob", "escape")
    assert "pinned" not in c(b, "gob").conditions and "grappled" in c(b, "gob").conditions
    assert "Goblin escapes the pin: still grappled" in last(b, "escapes")


def test_the_pin_holds_for_one_round_until_the_pinners_next_turn():
    # 3.5 SRD: "held immobile (but not helpless) for 1 round"
    b = pinned_goblin()
    end(b, "gob")
    assert b.current.id == "rogue" and "pinned" in c(b, "gob").conditions
    # the fighter's turn starts: the pin ends, the grapple goes on
    end(b, "rogue")
    assert b.current.id == "fighter"
    assert "pinned" not in c(b, "gob").conditions and "grappled" in c(b, "gob").conditions
    assert "Fighter's pin of Goblin ends (1 round)" in last(b, "pin of")


def test_a_pin_holds_only_the_creature_grappled_and_not_twice():
    b = battle(ROW, [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1))])
    with pytest.raises(IllegalCommand, match="fighter is not grappling gob: a pin holds the creature it grapples"):
        act(b, "fighter", "grapple", target="gob", pin=True)
    with pytest.raises(IllegalCommand, match="'pin' must be true or false"):
        act(b, "fighter", "grapple", target="gob", pin="yes")
    b = fighter_holds_goblin()
    force(b, 15, 3)
    act(b, "fighter", "grapple", target="gob", pin=True)
    c(b, "fighter").standard = True  # a second act this turn, to ask for a second pin
    with pytest.raises(IllegalCommand, match="gob is pinned already"):
        act(b, "fighter", "grapple", target="gob", pin=True)


def test_the_grappler_is_offered_the_pin_with_its_chance():
    b = fighter_holds_goblin()
    pins = [o for o in b.legal_commands() if o.command.get("pin")]
    assert [o.label for o in pins] == ["Pin Goblin"]
    fighter, gob = c(b, "fighter"), c(b, "gob")
    assert pins[0].preview.hit_chance == win_chance(grapple_bonus(fighter), grapple_bonus(gob))
    assert b.check(pins[0].command) is None
