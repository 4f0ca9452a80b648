"""4e, targets the attacker cannot see, beyond the plain attack (test_4e_concealment.py): the
grab and the bull rush are melee attacks like any other (RULESETS.md 2: "grab, bull rush (Str vs
Fort, push 1 ...)"; "total -5 (melee/ranged only)"), so a hidden foe is grabbed or bull rushed at
the square the attacker guesses (`at`), never by its id (guessing.py, written once)."""

import pytest

from game.rules.errors import IllegalCommand

from helpers4e import act, battle4e, creature, force, log_with

ROW = "........\n........\n........"
HIDDEN_GOBLIN = [creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
                 creature("orc", "orc", "red", (7, 2))]  # the orc not hidden: no Stealth roll for surprise


def test_a_hidden_foe_is_neither_grabbed_nor_bull_rushed_by_its_id():
    b = battle4e(ROW, HIDDEN_GOBLIN)
    for act_name in ("grapple", "shove"):
        command = {"actor": "fighter", "act": act_name, "target": "gob"}
        assert b.check(command) == "Goblin is hidden: attack the square you guess it is in (at = [x, y])"
        with pytest.raises(IllegalCommand):
            b.submit(command)
    assert b.state.creatures["fighter"].standard and not b.state.creatures["gob"].conditions & {"grabbed"}
    assert not [o for o in b.legal_commands() if o.act in ("grapple", "shove")]  # never offered by its id


def test_a_bull_rush_at_the_guessed_square_pushes_the_hidden_goblin():
    # bull rush: Str vs Fort; the fighter's +5 less 5 for total concealment: d20 15 +0 = 15 vs Fort 12
    b = battle4e(ROW, HIDDEN_GOBLIN)
    force(b, 15)
    act(b, "fighter", "shove", at=[2, 1])
    assert log_with(b, "guessing") == ["Fighter attacks the square [2, 1] with bull rush, guessing"]
    assert log_with(b, "bull rush on") == ["Fighter uses bull rush on Goblin: d20 15 +0 = 15 vs Fort 12: hit"]
    assert (b.state.creatures["gob"].x, b.state.creatures["gob"].y) == (3, 1)
    assert not b.state.creatures["fighter"].standard  # a standard action


def test_a_grab_at_the_guessed_square_grabs_the_hidden_goblin():
    # grab: Str vs Ref, at -5: d20 15 +0 = 15 vs Ref 14, a hit: grabbed (still hidden)
    b = battle4e(ROW, HIDDEN_GOBLIN)
    force(b, 15)
    act(b, "fighter", "grapple", at=[2, 1])
    assert log_with(b, "grab on") == ["Fighter uses grab on Goblin: d20 15 +0 = 15 vs Ref 14: hit"]
    assert {"grabbed", "hidden"} <= b.state.creatures["gob"].conditions


def test_a_grab_guessed_on_an_empty_square_or_a_foe_too_big_misses():
    # "no bigger than one size larger" (engine: the size rule of the grab holds for a guess too)
    b = battle4e(ROW, HIDDEN_GOBLIN)
    force(b, 20)
    act(b, "fighter", "grapple", at=[2, 2])
    assert log_with(b, "nobody") == ["Fighter attacks the square [2, 2] with grab: d20 20: nobody is there, miss"]
    roster = [creature("gob", "goblin", "blue", (1, 1)), creature("giant", "hill-giant", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]
    b = battle4e(ROW, roster)
    force(b, 20)
    act(b, "gob", "grapple", at=[2, 1])
    assert log_with(b, "too big") == ["Goblin attacks the square [2, 1] with grab: d20 20: Hill Giant is too big to "
                                      "grab, miss"]
    assert "grabbed" not in b.state.creatures["giant"].conditions


# 4e, Invisible: total concealment (-5) and combat advantage for it; but an invisible creature that
# is not hidden is heard: its enemies know its square, so it is attacked by its id (guessing.py)

INVISIBLE_GOBLIN = [creature("fighter", "fighter", "blue", (1, 1)),
                    creature("gob", "goblin", "red", (2, 1), conditions=["invisible"])]


def test_an_invisible_goblin_not_hidden_is_attacked_by_its_id_at_minus_5():
    # heavy blow +8 vs AC 15: a 12 would hit (20), but -5 for total concealment: 12 + 3 = 15, a hit
    b = battle4e(ROW, INVISIBLE_GOBLIN)
    option = next(o for o in b.legal_commands() if o.command.get("with") == "heavy-blow")
    assert option.command["target"] == "gob"  # offered by its id: its square is known
    assert "total concealment -5 (Goblin is invisible)" in [r.text for r in option.preview.reasons]
    force(b, 12, 4)
    act(b, "fighter", "attack", target="gob", **{"with": "heavy-blow"})
    assert log_with(b, "heavy blow on") == ["Fighter uses heavy blow on Goblin: d20 12 +3 = 15 vs AC 15: hit"]


def test_an_invisible_goblin_not_hidden_is_not_guessed_at():
    b = battle4e(ROW, INVISIBLE_GOBLIN)
    assert b.check({"actor": "fighter", "act": "attack", "with": "heavy-blow", "at": [2, 1]}) == \
        "Goblin is not hidden at [2, 1]: its square is known, attack it as the target"


def test_an_invisible_and_hidden_goblin_must_be_guessed_at():
    roster = [creature("fighter", "fighter", "blue", (1, 1)),
              creature("gob", "goblin", "red", (2, 1), conditions=["invisible"], hidden=True),
              creature("orc", "orc", "red", (7, 2))]
    b = battle4e(ROW, roster)
    assert b.check({"actor": "fighter", "act": "attack", "with": "heavy-blow", "target": "gob"}) == \
        "Goblin is hidden: attack the square you guess it is in (at = [x, y])"
    assert b.check({"actor": "fighter", "act": "attack", "with": "heavy-blow", "at": [2, 1]}) is None


# 4e, Stealth (stealth.py): hiding is a move action, behind superior cover from every enemy that
# could see it; d20 + Stealth must beat each enemy's passive Perception (10 + Perception)

WALL = "........\n..#.....\n..#.....\n........"  # the wall gives superior cover at [4, 0] from [0, 2]


def goblin_and_wizard():
    return battle4e(WALL, [creature("gob", "goblin", "red", (4, 0)), creature("wizard", "wizard", "blue", (0, 2))])


def guesses(b, power):
    return [o for o in b.legal_commands() if o.command.get("with") == power and "at" in o.command]


def test_a_goblin_behind_superior_cover_hides_with_a_move_action():
    # d20 15 + 8 = 23 beats the wizard's passive Perception 12
    b = goblin_and_wizard()
    assert next(o for o in b.legal_commands() if o.act == "hide").preview.success_chance == 0.8  # 5 or more: 16/20
    force(b, 15)
    act(b, "gob", "hide")
    assert log_with(b, "hides") == ["Goblin hides at [4, 0]: Stealth d20 15 +8 = 23"]
    gob = b.state.creatures["gob"]
    assert "hidden" in gob.conditions and not gob.move and gob.standard


def test_a_goblin_that_does_not_beat_a_passive_perception_is_noticed():
    # d20 4 + 8 = 12 does not beat 12
    b = goblin_and_wizard()
    force(b, 4)
    act(b, "gob", "hide")
    assert log_with(b, "hide") == ["Goblin tries to hide: Stealth d20 4 +8 = 12, noticed by Wizard (passive "
                                   "Perception 12)"]
    assert "hidden" not in b.state.creatures["gob"].conditions and not b.state.creatures["gob"].move


def test_a_goblin_in_plain_view_cannot_hide_and_nothing_changes():
    b = battle4e(WALL, [creature("gob", "goblin", "red", (4, 2)), creature("wizard", "wizard", "blue", (0, 3))])
    assert b.check({"actor": "gob", "act": "hide"}) == "Goblin cannot hide: Wizard sees it without superior cover"
    with pytest.raises(IllegalCommand):
        act(b, "gob", "hide")
    assert b.state.creatures["gob"].move and "hidden" not in b.state.creatures["gob"].conditions


def test_its_enemies_attack_the_square_it_hid_in_at_minus_5_and_superior_cover():
    b = goblin_and_wizard()
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "end")
    (option,) = guesses(b, "chill-ray")
    assert option.command == {"actor": "wizard", "act": "attack", "with": "chill-ray", "at": [4, 0]}
    assert [r.text for r in option.preview.reasons] == ["total concealment -5 (Goblin is hidden)", "superior cover -5"]
    assert option.preview.hit_chance == 0.2 and option.preview.target == "gob"


def test_a_goblin_hidden_from_the_start_was_never_seen_so_no_square_is_guessed():
    b = battle4e(WALL, [creature("wizard", "wizard", "blue", (0, 2)), creature("gob", "goblin", "red", (4, 0), hidden=True),
                        creature("orc", "orc", "red", (7, 3))])
    assert not [o for o in b.legal_commands() if o.act == "attack" and o.command.get("at") in ([4, 0], [4, 1])]


def test_once_the_hider_has_had_a_turn_its_square_is_only_an_even_chance_and_never_where_it_went():
    b = goblin_and_wizard()
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "end")
    sure = guesses(b, "chill-ray")[0].preview.expected_damage
    act(b, "wizard", "end")
    act(b, "gob", "move", to=[6, 1])  # unseen, it slips away
    act(b, "gob", "end")
    (option,) = guesses(b, "chill-ray")
    assert option.command["at"] == [4, 0]  # where it hid, not where it is
    assert option.preview.expected_damage == pytest.approx(sure * 0.5)
    force(b, 20)
    act(b, "wizard", "attack", at=[4, 0], **{"with": "chill-ray"})
    assert log_with(b, "nobody") == ["Wizard attacks the square [4, 0] with chill ray: d20 20: nobody is there, miss"]


def test_an_area_on_the_square_a_goblin_hid_in_is_used_even_when_it_has_gone():
    # an area burst needs no attack on a creature seen; refusing it would tell the hider has left
    b = goblin_and_wizard()
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "move", to=[6, 1])  # unseen, out of the burst around [4, 0]
    act(b, "gob", "end")
    act(b, "wizard", "attack", at=[4, 0], **{"with": "fire-burst"})
    assert log_with(b, "catches nobody") == ["Wizard uses fire burst at [4, 0]: it catches nobody"]
    assert not b.state.creatures["wizard"].standard and b.state.creatures["wizard"].spent == {"fire-burst": 1}
    b = goblin_and_wizard()  # with no hider seen there, an empty area is still refused
    act(b, "gob", "end")
    assert b.check({"actor": "wizard", "act": "attack", "with": "fire-burst", "at": [0, 0]}) == \
        "fire burst would catch nobody there"


def test_no_preview_counts_a_hidden_goblin_nobody_saw_hide():
    # the flame fan (close blast 3) would catch the goblin hidden from the start, but its side
    # does not know it is there: no option offers the blast on it (the orc is out of reach)
    roster = [creature("wizard", "wizard", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
              creature("orc", "orc", "red", (7, 2))]
    b = battle4e(ROW, roster)
    assert not [o for o in b.legal_commands() if "gob" in o.preview.inside or o.preview.target == "gob"]
    assert b.check({"actor": "wizard", "act": "attack", "with": "flame-fan", "at": [2, 0]}) is None  # yet it may


def test_the_screen_rings_no_hidden_goblin_for_a_guess():
    # the screen's buttons aim at creatures: a ring would stand where the goblin really is
    b = goblin_and_wizard()
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "end")
    assert guesses(b, "chill-ray")  # the options have it (the computer players read them)
    entry = next(a for a in b.acts() if a.key == "attack:chill-ray")
    assert not entry.options  # no creature to ring: the guess is not among the targets
    assert [o.command["at"] for o in entry.guesses] == [[4, 0]]  # but the square, ringed as such
    assert entry.guess == {"actor": "wizard", "act": "attack", "with": "chill-ray"} and entry.allowed


def test_an_invisible_goblin_hides_in_the_open():
    # total concealment is enough to hide: nobody sees the invisible goblin, cover or not
    b = battle4e(WALL, [creature("gob", "goblin", "red", (4, 2), conditions=["invisible"]),
                        creature("wizard", "wizard", "blue", (0, 3))])
    force(b, 10)
    act(b, "gob", "hide")
    assert log_with(b, "hides") == ["Goblin hides at [4, 2]: Stealth d20 10 +8 = 18"]
    assert "hidden" in b.state.creatures["gob"].conditions


def test_the_hiding_line_names_the_stealth_and_move_action_cards():
    from game.rules.cards import cards

    b = goblin_and_wizard()
    force(b, 15)
    act(b, "gob", "hide")
    line = log_with(b, "hides")[0]
    ids = b.state.log_rules[b.state.log.index(line)]
    assert tuple(ids) == ("stealth", "move-action") and set(ids) <= set(cards("4e"))


def test_an_attack_that_finds_the_guessed_square_empty_stops_its_side_guessing_there():
    # engine reading (stealth.found_empty): the miss tells the wizard's side nobody hides at
    # [4, 0]; the goblin stays hidden where it went, its square now unknown, so no option keeps
    # aiming at the empty square (a computer player attacked it every turn before)
    b = goblin_and_wizard()
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "end")
    act(b, "wizard", "end")
    act(b, "gob", "move", to=[6, 1])  # unseen, it slips away
    act(b, "gob", "end")
    force(b, 20)
    act(b, "wizard", "attack", at=[4, 0], **{"with": "chill-ray"})
    assert log_with(b, "nobody") == ["Wizard attacks the square [4, 0] with chill ray: d20 20: nobody is there, miss"]
    assert "hidden" in b.state.creatures["gob"].conditions
    act(b, "wizard", "end")
    act(b, "gob", "end")
    assert not [o for o in b.legal_commands() if o.command.get("at") == [4, 0] and o.act == "attack"
                and o.preview.target == "gob"]
    assert b.believed_square("wizard", "gob") is None
