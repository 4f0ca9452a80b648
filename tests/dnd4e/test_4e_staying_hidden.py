"""4e, staying hidden (the Stealth rules, in our own words): a creature stays hidden only while
it keeps superior cover or total concealment from each enemy that could see it (our maps have
no concealment: cover only). Engine reading (stealth.py): when a hidden creature ends a step (of
a move, a shift, a forced move) where a standing enemy that could see it has no superior cover
against it, it is no longer hidden (from all: `hidden` is one condition), and what its enemies
believed of its square is dropped; an attack gives it away too (resolve.give_away)."""

from game.session.ai import choose

from helpers4e import act, battle4e, creature, force, log_with

# the wall gives the goblin superior cover from the wizard at [0, 2] on [4, 0]; the wizard has
# no line of effect to [4, 1] nor to [5, 1] and [6, 1]; [4, 2] has only half cover
WALL = "........\n..#.....\n..#.....\n........"


def hidden_goblin(*others):
    """The goblin hides behind the wall (d20 15 + 8 = 23 beats the wizard's passive Perception 12)."""
    b = battle4e(WALL, [creature("gob", "goblin", "red", (4, 0)), creature("wizard", "wizard", "blue", (0, 2)),
                        *others])
    force(b, 15)
    act(b, "gob", "hide")
    assert "hidden" in b.state.creatures["gob"].conditions
    return b


def test_a_hider_that_steps_into_the_open_is_seen_there():
    # [4, 1]: out of the wizard's sight; [4, 2]: half cover only, the wizard sees it
    b = hidden_goblin()
    act(b, "gob", "move", to=[4, 3])
    gob = b.state.creatures["gob"]
    assert "hidden" not in gob.conditions and (gob.x, gob.y) == (4, 3)
    line = "Goblin is seen at [4, 2]: Wizard sees it without superior cover, it is no longer hidden"
    assert log_with(b, "is seen") == [line]
    assert "stealth" in b.state.log_rules[b.state.log.index(line)]


def test_a_hider_moving_from_cover_to_cover_stays_hidden():
    # [4, 0] to [6, 1] by [5, 1]: the wizard has no line of effect to either square
    b = hidden_goblin()
    act(b, "gob", "move", to=[6, 1])
    assert "hidden" in b.state.creatures["gob"].conditions and not log_with(b, "is seen")


def test_a_step_in_the_open_is_enough_even_when_the_move_ends_back_in_cover():
    # by [4, 1], [4, 2] (seen there), then [5, 1], out of sight again: seen all the same
    b = hidden_goblin()
    act(b, "gob", "move", path=[[4, 1], [4, 2], [5, 1]])
    assert "hidden" not in b.state.creatures["gob"].conditions
    assert log_with(b, "is seen") == ["Goblin is seen at [4, 2]: Wizard sees it without superior cover, it is no "
                                      "longer hidden"]


def test_an_enemy_that_could_not_see_it_does_not_give_it_away():
    # a blinded wizard sees nothing: the goblin walks into the open still hidden
    b = hidden_goblin()
    b.state.creatures["wizard"].conditions.add("blinded")
    act(b, "gob", "move", to=[4, 3])
    assert "hidden" in b.state.creatures["gob"].conditions


def test_a_push_into_the_open_shows_the_hidden_goblin():
    # bull rush at the guessed square (d20 15 +0 = 15 vs Fort 12): pushed from [2, 1] to [3, 1],
    # in plain view of the fighter beside it; the fighter's side now sees it
    b = battle4e("........\n........\n........", [
        creature("fighter", "fighter", "blue", (1, 1)), creature("gob", "goblin", "red", (2, 1), hidden=True),
        creature("orc", "orc", "red", (7, 2))])
    force(b, 15)
    act(b, "fighter", "shove", at=[2, 1])
    assert (b.state.creatures["gob"].x, b.state.creatures["gob"].y) == (3, 1)
    assert "hidden" not in b.state.creatures["gob"].conditions
    assert log_with(b, "is seen") == ["Goblin is seen at [3, 1]: Fighter sees it without superior cover, it is no "
                                      "longer hidden"]


def test_once_seen_its_enemies_drop_the_square_they_believed_and_attack_it_by_its_id():
    # seen at [4, 2]: no more guess at [4, 0] where it hid; the chill ray is offered on the
    # goblin itself, and the computer aims where it now sees it (its fire burst on [4, 3])
    b = hidden_goblin()
    act(b, "gob", "move", to=[4, 3])
    act(b, "gob", "end")
    gob = b.state.creatures["gob"]
    assert "hid_at" not in gob.effects and "hid_sure" not in gob.effects
    attacks = [o.command for o in b.legal_commands() if o.act == "attack"]
    assert not [c for c in attacks if c.get("at") == [4, 0]]
    assert {"actor": "wizard", "act": "attack", "with": "chill-ray", "target": "gob"} in attacks
    command = choose(b, "normal")
    assert command["act"] == "attack" and (command.get("target") == "gob" or command.get("at") == [4, 3])


def test_giving_itself_away_by_attacking_drops_the_believed_square_too():
    # resolve.give_away: the wizard hid behind the wall from the goblin (d20 15 + 2 = 17 beats
    # passive Perception 11), then casts force bolt from there: hidden no more, nothing believed
    b = battle4e(WALL, [creature("wizard", "wizard", "blue", (4, 0)), creature("gob", "goblin", "red", (0, 2))])
    force(b, 15)
    act(b, "wizard", "hide")
    assert b.state.creatures["wizard"].effects["hid_at"] == [4, 0]
    force(b, 1, 1, 1)  # a natural 1: a miss, but it is seen
    act(b, "wizard", "attack", target="gob", **{"with": "force-bolt"})
    wizard = b.state.creatures["wizard"]
    assert "hidden" not in wizard.conditions and "hid_at" not in wizard.effects
