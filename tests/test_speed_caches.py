"""What the speed-ups keep and copy gives the same answers as computing afresh: the movement
fields kept with a battle, the cover grading table, the quick undo copy of the state, the strikes
the tactician keeps for a decision."""

import copy
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.cover import _square_grades, cover_many
from game.core.movement import movement_field
from game.core.terrain import HALF, NO_COVER, THREE_QUARTERS, TOTAL
from game.rules.dnd5e.geometry import field_for, mover_of, occupants_for
from game.rules.dnd5e.terrain_rules import move_rules
from game.rules.registry import ruleset
from helpers import act, battle, creature

FIVE_E_GRADES = ruleset("5e").cover_rules.grades
GRID = "........\n..#.....\n..#.....\n........"


def fresh_field(b, c, limit_m=None):
    return movement_field(b.board, (c.x, c.y), mover_of(c, "walk"), occupants_for(b, c),
                          rules=move_rules(b.diagonals), limit_m=limit_m, start_parity=c.diagonal_parity)


def two_fighters():
    return battle(GRID, [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (5, 0))],
                  initiative=["fighter", "orc"])


def test_a_kept_field_is_the_field_searched_afresh():
    b = two_fighters()
    fighter = b.state.creatures["fighter"]
    kept = field_for(b, fighter)
    assert field_for(b, fighter) is kept  # nothing changed: the same field, not searched again
    assert np.array_equal(kept.cost, fresh_field(b, fighter).cost)
    limited = field_for(b, fighter, limit_m=4.5)
    assert limited is not kept  # another limit is another search
    assert np.array_equal(limited.cost, fresh_field(b, fighter, 4.5).cost)


def test_a_field_from_a_new_square_reuses_the_prices_while_nobody_else_moved():
    # what a search prices does not depend on where it starts (core.movement.kept_costs): the
    # fighter's field after its own step is searched over the prices kept from before it, and
    # is the field searched afresh; once the orc moved, the prices are worked out again
    b = two_fighters()
    fighter, orc = b.state.creatures["fighter"], b.state.creatures["orc"]
    before = field_for(b, fighter)
    act(b, "fighter", "move", to=[1, 0])
    after = field_for(b, fighter)
    assert after is not before and after.window is before.window  # the same prices, kept
    assert np.array_equal(after.cost, fresh_field(b, fighter).cost)
    assert after.path_to(4, 3) == fresh_field(b, fighter).path_to(4, 3)
    assert not after.window.multiplier.flags.writeable  # shared: nobody may change them
    orc.x, orc.y = 6, 3
    moved = field_for(b, fighter)
    assert moved.window is not before.window
    assert np.array_equal(moved.cost, fresh_field(b, fighter).cost)


def test_a_field_is_searched_again_once_anyone_moved():
    b = two_fighters()
    fighter, orc = b.state.creatures["fighter"], b.state.creatures["orc"]
    before = field_for(b, orc)
    act(b, "fighter", "move", to=[3, 0])  # the fighter now stands in the orc's way
    after = field_for(b, orc)
    assert after is not before
    assert np.array_equal(after.cost, fresh_field(b, orc).cost)
    assert not after.can_end[0, 3] and before.can_end[0, 3]
    assert (fighter.x, fighter.y) == (3, 0)


def test_the_grading_table_follows_the_rule_square_by_square():
    # 5e, Cover (grid): of the four lines to a square, 1-2 blocked give half cover, 3
    # three-quarters, 4 total; a line counts only up to what blocks it (a low wall: half)
    table = _square_grades(FIVE_E_GRADES)

    def graded(*levels):
        return int(table[sum(level << (2 * k) for k, level in enumerate(levels))])

    assert graded(0, 0, 0, 0) == NO_COVER
    assert graded(TOTAL, 0, 0, 0) == HALF
    assert graded(TOTAL, TOTAL, TOTAL, 0) == THREE_QUARTERS
    assert graded(TOTAL, TOTAL, TOTAL, TOTAL) == TOTAL
    assert graded(HALF, HALF, HALF, HALF) == HALF  # four lines over low walls: still half
    assert graded(THREE_QUARTERS, THREE_QUARTERS, THREE_QUARTERS, THREE_QUARTERS) == THREE_QUARTERS
    assert graded(TOTAL, TOTAL, HALF, HALF) == HALF  # two lines blocked fully, two by low walls


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=4, max_size=4))
def test_the_grading_table_is_the_best_cap_of_the_lines_it_blocks(levels):
    grades = np.asarray(FIVE_E_GRADES)
    expected = max(min(int(grades[sum(level >= cap for level in levels)]), cap)
                   for cap in (TOTAL, THREE_QUARTERS, HALF))
    code = sum(level << (2 * k) for k, level in enumerate(levels))
    assert int(_square_grades(FIVE_E_GRADES)[code]) == expected


def test_the_undo_copy_shares_nothing_that_changes():
    b = two_fighters()
    act(b, "fighter", "move", to=[1, 0])
    clone = copy.deepcopy(b.state)
    fighter = b.state.creatures["fighter"]
    twin = clone.creatures["fighter"]
    assert twin is not fighter and twin.__dict__ == fighter.__dict__
    twin.conditions.add("prone")
    twin.x = 7
    clone.order.reverse()
    assert "prone" not in fighter.conditions and fighter.x == 1 and b.state.order == ["fighter", "orc"]
    # the dice go on from where they were, independently
    assert [clone.dice.roll(20) for _ in range(5)] == [b.state.dice.roll(20) for _ in range(5)]



def test_what_undoing_saves_shares_nothing_that_changes_and_restore_puts_it_back_in_place():
    # a refused command changes nothing (the engine saves the state before each command it tries)
    b = two_fighters()
    act(b, "fighter", "move", to=[1, 0])
    state, fighter = b.state, b.state.creatures["fighter"]
    before = dict(fighter.__dict__, conditions=set(fighter.conditions), effects=dict(fighter.effects))
    log, order = list(state.log), list(state.order)
    saved = state.saved()
    fighter.conditions.add("prone")
    fighter.effects["dodging"] = True
    fighter.x, fighter.hp = 7, 1
    state.order.reverse()
    state.log.append("a line of a command refused")
    fighter.note_of_the_refused = state.note_of_the_refused = "gone with the undo"  # what it added, too
    rolls = [state.dice.roll(20) for _ in range(5)]
    state.restore(saved)
    assert b.state is state and state.creatures["fighter"] is fighter and fighter.__dict__ == before
    assert state.log == log and state.order == order and not hasattr(state, "note_of_the_refused")
    assert [state.dice.roll(20) for _ in range(5)] == rolls  # the dice are back where they were


def test_a_copy_of_the_dice_goes_on_as_they_would_whenever_they_were_copied():
    # the copy reads the generator's state anew only after a draw: copies taken with no draw
    # between share it, and each goes on exactly as the dice it copies
    from game.core.dice import Dice

    dice = Dice(7)
    first = copy.deepcopy(dice)
    again = copy.deepcopy(dice)  # no draw since: the state read for `first` serves
    dice.roll(20)
    after_a_draw = copy.deepcopy(dice)
    dice.forced.extend([3, 4])
    dice.roll(20)  # a forced face: the generator does not draw
    forced_copy = copy.deepcopy(dice)
    plain = Dice(7)
    expected = [plain.roll(20) for _ in range(6)]
    assert [first.roll(20) for _ in range(6)] == expected == [again.roll(20) for _ in range(6)]
    assert [after_a_draw.roll(20) for _ in range(5)] == expected[1:]
    assert list(forced_copy.forced) == [4] and forced_copy.drawn == 1
    assert [forced_copy.roll(20) for _ in range(4)] == [4] + expected[1:4]


def test_a_copy_of_a_copy_that_never_rolled_goes_on_as_the_dice_it_copies():
    # a copy makes its generator only when it first rolls (most copies, a command's undo,
    # never do): copied again before that, its copy still goes on from the same draw
    from game.core.dice import Dice

    dice = Dice(11)
    dice.roll(6)
    copied = copy.deepcopy(dice)
    copy_of_copy = copy.deepcopy(copied)
    rest = [dice.roll(20) for _ in range(4)]
    assert [copy_of_copy.roll(20) for _ in range(4)] == rest == [copied.roll(20) for _ in range(4)]
    assert copied.rng.getstate() == dice.rng.getstate()


def flood(ground, seeds):
    """The plain reference: a breadth-first walk over ground from the seeds, eight directions."""
    h, w = ground.shape
    todo = [(y, x) for y in range(h) for x in range(w) if seeds[y, x] and ground[y, x]]
    seen = set(todo)
    while todo:
        y, x = todo.pop()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                ny, nx = y + dy, x + dx
                if 0 <= ny < h and 0 <= nx < w and ground[ny, nx] and (ny, nx) not in seen:
                    seen.add((ny, nx))
                    todo.append((ny, nx))
    out = np.zeros_like(ground)
    for y, x in seen:
        out[y, x] = True
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**40), st.integers(0, 2**40))
def test_the_ground_the_foes_can_walk_over_is_a_plain_flood_fill(h, w, ground_bits, seed_bits):
    # the chokepoint count (positioning.gang_up) asks which squares next to us the foes can reach
    from game.session.ai.positioning import connected

    cells = np.arange(h * w).reshape(h, w) % 40
    ground = (ground_bits >> cells) & 1 == 1
    seeds = ((seed_bits >> cells) & 1 == 1) & (cells % 7 == 0)
    assert np.array_equal(connected(ground, seeds), flood(ground, seeds))


def test_a_move_looks_up_cover_only_toward_foes_it_could_strike_from_there():
    # the planner prices cover from each square it may move to toward each foe within its
    # reach or range there: a wolf (bite, reach 1.5 m) looks up none toward a foe far beyond
    from game.session.ai import Tactician

    b = battle("." * 24 + "\n" + "." * 24 + "\n" + "." * 24,
               [creature("wolf", "wolf", "red", (0, 1)), creature("near", "fighter", "blue", (6, 1)),
                creature("far", "fighter", "blue", (22, 1))], initiative=["wolf", "near", "far"])
    t = Tactician(b, hard=True)
    command = t.decide()
    assert command["act"] == "move"  # to bite the near fighter
    assert max(abs(command["to"][0] - 6), abs(command["to"][1] - 1)) == 1
    looked_up = [key for key in t.covers if isinstance(key[0], tuple)]
    assert any(tid == "near" for _space, tid in looked_up)
    assert not any(tid == "far" for _space, tid in looked_up)


def test_a_turn_with_nothing_left_ends_without_trying_the_end_first(monkeypatch):
    # the last plan, ending the turn, is what a refusal of it would give too: the planner
    # gives it without a check (a check copies the state and plays the whole end of turn)
    from game.session.ai import choose

    b = battle(GRID, [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (1, 0))],
               initiative=["fighter", "orc"])
    act(b, "fighter", "dodge")  # its action spent, a foe at hand: nothing left worth doing
    tried = []
    real_check = type(b).check
    monkeypatch.setattr(type(b), "check", lambda self, command: tried.append(command) or real_check(self, command))
    assert choose(b, "hard") == {"actor": "fighter", "act": "end"}
    assert tried == []
    act(b, "fighter", "end")
    assert b.state.current_id == "orc"


def attack_twins():
    """Two identical battles: a fighter next to an orc, the same seed (unforced dice)."""
    grid = "......\n......"
    roster = [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (1, 0))]
    return [battle(grid, roster, initiative=["fighter", "orc"]) for _ in range(2)]


def outcome(b):
    return ([(c.id, c.hp, c.x, c.y, c.action, sorted(c.conditions)) for c in b.state.creatures.values()],
            b.state.log, b.state.played, b.state.rolled, b.state.dice.rng.getstate())


def test_a_checked_command_then_played_is_the_command_played_afresh():
    kept, fresh = attack_twins()
    command = {"actor": "fighter", "act": "attack", "target": "orc"}
    assert kept.check(command, then_play=True) is None
    assert outcome(kept)[0] == outcome(fresh)[0] and kept.state.log == fresh.state.log  # the try left no trace
    fighter = kept.state.creatures["fighter"]
    events = kept.submit(command)
    assert [e.text for e in events] == [e.text for e in fresh.submit(dict(command))]
    assert outcome(kept) == outcome(fresh)
    assert kept.state.creatures["fighter"] is fighter  # the same creature objects
    # the kept try is used once: the next command is played afresh
    end = {"actor": "fighter", "act": "end"}
    assert [e.text for e in kept.submit(end)] == [e.text for e in fresh.submit(end)]
    assert outcome(kept) == outcome(fresh)


def test_a_checked_command_changed_before_its_submit_is_played_as_changed():
    kept, fresh = attack_twins()
    command = {"actor": "fighter", "act": "attack", "target": "orc"}
    assert kept.check(command, then_play=True) is None
    command.clear()
    command.update(actor="fighter", act="dodge")  # the same object, now another command
    events = kept.submit(command)
    assert [e.text for e in events] == [e.text for e in fresh.submit({"actor": "fighter", "act": "dodge"})]
    assert outcome(kept) == outcome(fresh) and kept.state.played == [{"actor": "fighter", "act": "dodge"}]


def test_a_kept_check_is_dropped_by_another_check_or_another_command_object():
    kept, fresh = attack_twins()
    command = {"actor": "fighter", "act": "attack", "target": "orc"}
    kept.check(command, then_play=True)
    kept._checked = kept._checked[:2] + ({}, {}, [], None)  # a kept outcome that would change nothing
    kept.submit(dict(command))  # not the checked object: played afresh
    fresh.submit(dict(command))
    assert outcome(kept) == outcome(fresh) and kept.state.played == [command]
    end = {"actor": "fighter", "act": "end"}
    kept.check(end, then_play=True)
    kept.check(end)  # a plain check drops what the first kept
    assert kept._checked is None


def test_each_command_records_whether_it_rolled_from_the_dice_stamp():
    # DESIGN.md, undo: only a command that rolled no dice can be undone; the engine tells from
    # the dice's stamp (draws from the generator, forced faces left), not the generator's state
    b = two_fighters()
    before = b.state.dice.stamp()
    act(b, "fighter", "move", to=[1, 0])  # a move rolls nothing
    assert b.state.dice.stamp() == before and b.state.rolled == [False]
    act(b, "fighter", "dodge")
    act(b, "fighter", "end")
    act(b, "orc", "move", to=[2, 0])
    act(b, "orc", "attack", target="fighter", **{"with": "greataxe"})  # a d20 from the generator
    assert b.state.dice.stamp()[0] > before[0] and b.state.rolled[-1] is True
    clone = copy.deepcopy(b.state.dice)
    assert clone.stamp() == b.state.dice.stamp() and clone.roll(20) == b.state.dice.roll(20)
    forced = battle(GRID, [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (1, 0))],
                    initiative=["fighter", "orc"], dice=[15, 4])
    act(forced, "fighter", "attack", target="orc")  # a forced face: the stamp moves too
    assert forced.state.rolled == [True] and forced.state.dice.stamp() == (0, 0)


def planner_at_turn_of(path, kind: str, level: str):
    """A bundled scenario played hard against hard up to the first turn of a creature of that kind
    after the first round, and a tactician that has weighed that turn's first decision."""
    from game.content.scenarios import load_scenario
    from game.session.ai import Tactician, choose
    from game.session.replay import new_battle

    b = new_battle(load_scenario(path))
    while not (b.state.round >= 2 and b.current.kind == kind and not b.state.offers):
        b.submit(choose(b, "hard"))
    t = Tactician(b, hard=level == "hard")
    t.decide()
    return b, t


@pytest.mark.parametrize("path, kind, level", [
    ("maps/ruined-keep.scenario.toml", "wizard", "hard"),  # twelve skeleton archers, walls
    ("maps/mirror-heroes.scenario.toml", "wizard", "hard"),  # foes that cast Shield
    ("maps/mirror-heroes.scenario.toml", "rogue", "normal"),  # normal's ranged blow with a foe beside
])
def test_the_strikes_weighed_from_other_squares_are_those_weighed_afresh(path, kind, level):
    # the tactician keeps, for a decision, the strikes on a target from another square by what
    # they depend on (distance, a foe beside us, cover, edge): square after square, the kept
    # answers are those of a tactician that weighs that square alone
    b, kept = planner_at_turn_of(path, kind, level)
    _b, fresh = planner_at_turn_of(path, kind, level)
    h, w = b.board.terrain.shape
    weighed = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            for memo in (fresh.guessed_plans, fresh.strikes_afar, fresh.edges):
                memo.clear()
            expected = fresh.strikes_from(x, y, exact=False)
            assert kept.strikes_from(x, y, exact=False) == expected
            weighed += bool(expected)
    assert weighed > 10  # squares with something to strike from
    assert len(kept.strikes_afar) < weighed * len(kept.targets())  # and kept answers were reused


@pytest.mark.parametrize("batch", [1, 7, None])
@pytest.mark.parametrize("path", ["maps/mirror-heroes.scenario.toml", "maps/forest.scenario.toml"])
def test_hiding_places_found_foe_by_foe_are_those_every_foe_is_asked_about(path, batch, monkeypatch):
    # hideouts looks up a foe's cover only for the squares every foe before it leaves in cover
    # (5e, Hide: behind cover from every foe that sees us), nearest squares first, a batch at a
    # time until it has found enough; the places found are those a check of every foe against
    # every square finds, whatever the batch
    from game.session.ai import positioning

    if batch is not None:
        monkeypatch.setattr(positioning, "HIDEOUT_BATCH", batch)
    b, fast = planner_at_turn_of(path, "rogue", "hard")
    _b, full = planner_at_turn_of(path, "rogue", "hard")
    me = full.me
    field = full.est.field(me, limit_m=me.speed())
    reach = field.reachable(me.speed())
    squares = full.nearest_squares(field, reach, full.affordable_squares(full.foes))
    spaces = [(x, y, me.side_squares) for x, y in squares]
    covers = [cover_many(full.blockers, [(full.sp[foe.id], space, full.owner_index(foe), full.index[me.id])
                                         for space in spaces], estimate=True) for foe in full.foes]
    everywhere = [(x, y) for k, (x, y) in enumerate(squares) if all(levels[k] >= 1 for levels in covers)][:12]
    assert everywhere  # somewhere to hide
    pairs = []
    monkeypatch.setattr(positioning, "cover_many", lambda blockers, asked, estimate: pairs.extend(asked) or
                        cover_many(blockers, asked, estimate=estimate))
    assert fast.hideouts(fast.est.field(fast.me, limit_m=me.speed()), reach) == everywhere
    assert 0 < len(pairs) < len(squares) * len(full.foes)  # fewer pairs looked up than every one


def test_the_hiding_places_kept_are_asked_anew_when_the_foes_change():
    # hideout's answers are kept with the planners' covers only for the same foes: once a foe
    # is no longer asked (it hid, say), every square is asked anew, and hides as well as before
    b, t = planner_at_turn_of("maps/forest.scenario.toml", "rogue", "hard")
    field = t.est.field(t.me, limit_m=t.me.speed())
    t.hideouts(field, field.reachable(t.me.speed()))
    known = t.hideout_values()
    assert any(known.values()) and not all(known.values()) and t.hideout_values() is known
    t.foes = t.foes[1:]
    assert t.hideout_values() == {}
    assert all(t.hideout(space) for space, hides in known.items() if hides)


def planner_pairs(b, me, keys):
    """The (attacker space, target space, ids) each key of a planner's covers stands for, on the
    battle as it is now: a square of ours toward a target."""
    from game.rules.dnd5e.geometry import blockers_of

    _blockers, index = blockers_of(b)
    creatures = b.state.creatures

    def owner(cid):
        return index[creatures[cid].effects.get("mounted_on", cid)]

    pairs = []
    for space, tid in keys:
        pairs.append((space, creatures[tid].space, index[me.id], owner(tid)))
    return pairs


def test_a_planners_covers_are_kept_across_its_own_move_and_dropped_when_another_moves():
    # the planner's lines ignore its own squares, so its covers depend only on the others'
    # spaces: after its own move, the kept covers are those looked up afresh on the new
    # blockers; once another creature has moved, nothing is kept
    from game.rules.dnd5e.geometry import blockers_of

    from game.session.ai import Tactician

    b, t = planner_at_turn_of("maps/ruined-keep.scenario.toml", "wizard", "hard")
    me = t.me
    kept = t.covers
    terms, shelters = kept["shelter"]  # and the shelter of squares from the foe archers' spots
    assert shelters and all(type(key[0]) is tuple for key in kept if type(key) is tuple)
    field = t.est.field(me, limit_m=me.movement_left())
    ys, xs = np.nonzero(field.reachable(me.movement_left()) & field.can_end)
    step = next((int(x), int(y)) for x, y in zip(xs, ys) if (x, y) != (me.x, me.y))
    act(b, me.id, "move", to=list(step))
    assert (me.x, me.y) == step and b.estimates().looker_covers(me) is kept
    keys = [key for key in kept if type(key) is tuple]
    fresh = cover_many(blockers_of(b)[0], planner_pairs(b, me, keys), estimate=True).tolist()
    assert [kept[key] for key in keys] == fresh
    again = Tactician(b, hard=True)  # the shelters valued afresh from where we stand now
    again.me = me
    again.weigh(me)
    again.covers = {}
    again.prefetch_shelter(list(shelters))
    assert again.shelter_terms() == terms and again.shelter_values() == shelters
    other = next(c for c in b.state.creatures.values() if c is not me and c.standing)
    other.x, other.y = next((x, y) for x in range(b.board.width) for y in range(b.board.height)
                            if not b.board.blocks_move[y, x] and
                            all((x, y) not in c.squares() for c in b.state.creatures.values()))
    assert b.estimates().looker_covers(me) == {}


@pytest.mark.parametrize("path", ["maps/ruined-keep.scenario.toml", "maps/mirror-heroes.scenario.toml",
                                  "maps/default.scenario.toml"])
def test_no_square_weighed_after_acting_scores_above_the_bound_that_skips_them(path):
    # with its action spent, a creature weighs squares to move to only when one could score
    # above MOVE_SCORE_MIN (positioning.move_score_bound): every square's score, all weighed,
    # is within that bound (hiding, shelter from archers, the foes' reach and blows, the walk)
    from unittest import mock

    from game.content.scenarios import load_scenario
    from game.session.ai import Tactician, choose, positioning
    from game.session.replay import new_battle

    b = new_battle(load_scenario(path))
    weighed = skipped = 0
    while not b.state.over and b.state.commands_done < 260:
        me = b.current
        if not b.state.offers and me.standing and not me.action and me.attacks_left == 0 \
                and me.movement_left() >= 1.5 and "mounted_on" not in me.effects:
            hint, b.ai_hint = getattr(b, "ai_hint", None), None
            t = Tactician(b, hard=True)
            t.decide()  # the decision's setup (foes, covers, ...), no hint followed
            b.ai_hint = hint
            if not t.foes:
                b.submit(choose(b, "hard"))
                continue
            hiding = t.can_hide_now()
            sheltering = t.prefers_range() and t.foe_archers()
            bound = t.move_score_bound(hiding, sheltering, t.left_behind())
            with mock.patch.object(positioning, "MOVE_SCORE_MIN", -1e9):  # every square scored
                scores = [p.score for p in t.move_plans(0.0, False) if p.why != "close in"]
            assert max(scores, default=0.0) <= bound + 1e-9
            weighed += bool(scores)
            skipped += bound <= positioning.MOVE_SCORE_MIN
        b.submit(choose(b, "hard"))
    assert weighed > 5 and skipped > 0


@pytest.mark.parametrize("path", ["maps/default.scenario.toml", "maps/ruined-keep.scenario.toml"])
def test_the_foes_reach_grids_kept_with_the_battle_are_those_made_afresh(path):
    # where each foe could make an opportunity attack on us, and its bite, is kept with the
    # battle by who reaches from where with what: decision after decision (the foes moving
    # between turns), the kept grids are those a battle without them makes
    from game.content.scenarios import load_scenario
    from game.session.ai import Tactician, choose
    from game.session.replay import new_battle

    b = new_battle(load_scenario(path))
    compared = reused = 0
    while not b.state.over and b.state.commands_done < 200:
        me = b.current
        if not b.state.offers and me.standing:
            hint, b.ai_hint = getattr(b, "ai_hint", None), None
            kept = Tactician(b, hard=True)
            kept.decide()
            if kept.foes:
                before = set(map(id, b.__dict__.get("_ai_reach_grids", {}).values()))
                zones, bites = kept.reach_grids()
                reused += any(id(v) in before for v in b.__dict__["_ai_reach_grids"].values()
                              if v[0] is zones)
                grids, b.__dict__["_ai_reach_grids"] = b.__dict__["_ai_reach_grids"], {}
                fresh = Tactician(b, hard=True)
                fresh.decide()
                fresh_zones, fresh_bites = fresh.reach_grids()
                b.__dict__["_ai_reach_grids"] = grids
                assert np.array_equal(zones, fresh_zones) and bites == fresh_bites
                compared += 1
            b.ai_hint = hint
        b.submit(choose(b, "hard"))
    assert compared > 50 and reused > 10


def test_the_candidate_squares_picked_at_once_are_those_picked_square_by_square():
    # positioning.candidate_squares (and nearest_squares) picks the nearest squares next to foes and a spread of the
    # rest with array indexing: the same squares, in the same order, as a walk over every
    # reachable square (the reference below), decision after decision
    from game.content.scenarios import load_scenario
    from game.core.board import SQUARE_M
    from game.session.ai import Tactician, choose, positioning
    from game.session.replay import new_battle

    def reference(t, field, reach):
        ys, xs = np.nonzero(reach)
        if not len(xs):
            return []
        gaps = t.gaps_to(xs, ys, t.me.side_squares, t.targets())
        order = np.lexsort((xs, ys, field.cost[ys, xs], gaps))
        near_limit = max(1, int(t.max_reach() / SQUARE_M))
        chosen = [(int(xs[i]), int(ys[i])) for i in order if gaps[i] <= near_limit][:positioning.CANDIDATES_NEAR]
        if t.prefers_range() or not chosen:
            step = max(1, len(order) // (positioning.CANDIDATES_SPREAD if t.hard else 10))
            chosen += [(int(xs[i]), int(ys[i])) for i in order[::step]][:positioning.CANDIDATES_SPREAD]
        return list(dict.fromkeys(chosen))

    b = new_battle(load_scenario("maps/mirror-heroes.scenario.toml"))
    compared = spread = 0
    while not b.state.over and b.state.commands_done < 150:
        me = b.current
        if not b.state.offers and me.standing and me.movement_left() >= 1.5:
            for hard in (True, False):
                hint, b.ai_hint = getattr(b, "ai_hint", None), None
                t = Tactician(b, hard=hard)
                t.decide()
                b.ai_hint = hint
                if t.foes:
                    field = t.est.field(me, limit_m=me.movement_left() + me.speed())
                    reach = field.reachable(me.movement_left() + me.speed())
                    picked = t.candidate_squares(field, reach)
                    assert picked == reference(t, field, reach) and all(type(v) is int for sq in picked for v in sq)
                    ys, xs = np.nonzero(reach & field.can_end & ~field.squeezing)
                    order = np.lexsort((xs, ys, field.cost[ys, xs]))[:40]
                    assert t.nearest_squares(field, reach, 40) == [(int(xs[i]), int(ys[i])) for i in order]
                    compared += 1
                    spread += t.prefers_range()
        b.submit(choose(b, "hard"))
    assert compared > 40 and spread > 5


@pytest.mark.parametrize("width, searches", [(8, 1), (60, 2)])
def test_on_a_small_board_a_move_is_weighed_on_the_field_the_move_itself_walks(monkeypatch, width, searches):
    # the hard player weighs its move on the whole board's field where the board is small
    # (positioning.WHOLE_FIELD_SQUARES): the check of the move and the move find it kept; on a
    # big board it weighs within its reach, and the move searches the whole board once more
    from game.core import movement
    from game.session.ai import choose

    grid = "\n".join(["." * width] * (4 if width == 8 else 60))
    b = battle(grid, [creature("fighter", "fighter", "blue", (0, 0)), creature("orc", "orc", "red", (5, 0))],
               initiative=["fighter", "orc"])
    starts = []
    search = movement.movement_field
    monkeypatch.setattr(movement, "movement_field", lambda board, start, *a, **k: starts.append(start) or
                        search(board, start, *a, **k))
    command = choose(b, "hard")
    b.submit(command)
    assert command["act"] == "move" and (b.state.creatures["fighter"].x, b.state.creatures["fighter"].y) != (0, 0)
    assert starts.count((0, 0)) == searches


def test_while_the_state_is_held_still_the_blockers_are_worked_out_once(monkeypatch):
    # a planner's thinking changes nothing: the line blockers (terrain and creatures) are looked
    # up once in the block, and a command played inside it ends the keeping at once
    from game.rules.dnd5e import geometry

    b = two_fighters()
    keyed = []
    real_key = geometry.blockers_key
    monkeypatch.setattr(geometry, "blockers_key", lambda battle: keyed.append(1) or real_key(battle))
    with b.held_still():
        first = geometry.blockers_of(b)
        second = geometry.blockers_of(b)
        assert second[0] is first[0] and second[1] is first[1] and len(keyed) == 1
        act(b, "fighter", "move", to=[4, 0])  # the state changes: nothing kept holds
        assert b.still_memo() is None
        moved, index = geometry.blockers_of(b)
    assert moved is not first[0] and len(keyed) == 2
    h, w = moved.shape
    owner = (moved.codes.reshape(h + 2, w + 2) >> 2) - 1  # who stands on each square (padded by one)
    assert owner[1, 5] == index["fighter"] and owner[1, 1] == -1
    assert b.still_memo() is None  # and outside the block nothing is kept


def test_a_check_inside_the_block_ends_the_keeping():
    b = two_fighters()
    with b.held_still():
        b.still_memo()["probe"] = 1
        assert b.check({"actor": "fighter", "act": "move", "to": [1, 0]}) is None
        assert b.still_memo() is None  # a check plays the command and puts the state back


def test_strikes_kept_by_distance_band_are_those_weighed_square_by_square():
    # strikes from another square are kept by the distance marks they lie between: a reach of
    # 3 m, a prone target (5e, Prone: advantage within 1.5 m, disadvantage beyond) and a thrown
    # rock's normal and long range; every square's kept answer is that of a tactician weighing
    # that square alone
    from game.session.ai import Tactician

    grid = "\n".join(["." * 24] * 6)
    roster = [creature("giant", "hill-giant", "red", (1, 1)),
              creature("fighter", "fighter", "blue", (8, 2), conditions=["prone"]),
              creature("orc", "orc", "blue", (12, 4))]
    planners = []
    for _ in range(2):
        b = battle(grid, roster)
        t = Tactician(b, hard=True)
        t.decide()
        planners.append(t)
    kept, fresh = planners
    assert {1.5, 3.0 + 1e-9, 18.0, 72.0 + 1e-9} <= set(kept.distance_marks())
    for y in range(6):
        for x in range(24):
            for memo in (fresh.guessed_plans, fresh.strikes_afar, fresh.edges):
                memo.clear()
            assert kept.strikes_from(x, y, exact=False) == fresh.strikes_from(x, y, exact=False), (x, y)
    bands = {key[1] for key in kept.strikes_afar}
    # within 1.5 m, at 3 m (the club's reach), to 18 m (the rock's normal range), beyond
    assert {0, 2, 3, 4} <= bands and len(kept.strikes_afar) < 24  # each band weighed once or twice


@pytest.mark.parametrize("path, kind", [
    ("maps/default.scenario.toml", "wizard"),  # ranged: distance from the foes counts too
    ("maps/ruined-keep.scenario.toml", "fighter"),  # melee, among many foes
])
def test_the_standing_of_many_squares_measured_at_once_is_that_of_each_square(path, kind):
    # hard prices each square it may move to: distance from melee foes (a ranged attacker) and
    # the blows foes could strike there without a step; measured for every square at once,
    # each is what the square asked alone gives, to the last bit
    b, t = planner_at_turn_of(path, kind, "hard")
    h, w = b.board.terrain.shape
    side = t.me.side_squares
    spaces = [(x, y, side) for y in range(h) for x in range(w)]
    for ranged in (True, False):
        expected = [t.safety(space, ranged) - t.exposure(space) for space in spaces]
        assert t.standing_terms(spaces, ranged) == expected
        assert len(set(expected)) > 3  # squares near and far from the foes


def test_strikes_from_the_gaps_measured_at_once_are_those_measured_square_by_square():
    # move_plans measures the gaps from every square it weighs to the targets in one call and
    # hands them to strikes_from: the strikes are those it finds measuring them itself
    from game.core.gaps import gaps_each

    b, t = planner_at_turn_of("maps/mirror-heroes.scenario.toml", "fighter", "hard")
    h, w = b.board.terrain.shape
    side, targets = t.me.side_squares, t.targets()
    spaces = [(x, y, side) for y in range(h) for x in range(w)]
    rows = gaps_each(spaces, [t.sp[c.id] for c in targets] + [t.sp[f.id] for f in t.foes], b.diagonals)
    found = 0
    for (x, y, _), row in zip(spaces, rows):
        at_once = t.strikes_from(x, y, exact=False, gaps=row, threatened=min(row[len(targets):]) <= 1)
        assert at_once == t.strikes_from(x, y, exact=False), (x, y)
        found += bool(at_once)
    assert found > 10


def test_an_area_template_kept_for_the_computer_is_the_one_drawn_afresh():
    # burning hands is a cone from the caster's space: kept by that space; a fireball's sphere
    # does not depend on where its caster stands
    from game.rules.dnd5e.spells import area_mask

    b = battle(GRID, [creature("wizard", "wizard", "blue", (0, 0)), creature("orc", "orc", "red", (5, 0))],
               initiative=["wizard", "orc"])
    est, wizard = b.estimates(), b.state.creatures["wizard"]
    cone = est.area_mask(wizard, "burning-hands", (1, 1))
    assert np.array_equal(cone, area_mask(b, wizard, "burning-hands", (1, 1))) and cone.any()
    assert not cone.flags.writeable  # shared: nobody may change it
    assert est.area_mask(wizard, "burning-hands", (1, 1)) is cone
    sphere = est.area_mask(wizard, "fireball", (5, 2))
    wizard.x, wizard.y = 3, 3
    moved = est.area_mask(wizard, "burning-hands", (4, 3))
    assert np.array_equal(moved, area_mask(b, wizard, "burning-hands", (4, 3)))
    assert est.area_mask(wizard, "burning-hands", (1, 1)) is not cone  # from the new space: drawn anew
    assert np.array_equal(est.area_mask(wizard, "burning-hands", (1, 1)), area_mask(b, wizard, "burning-hands", (1, 1)))
    assert est.area_mask(wizard, "fireball", (5, 2)) is sphere
    assert np.array_equal(sphere, area_mask(b, wizard, "fireball", (5, 2)))


def test_the_shelter_from_the_kept_terms_is_the_average_damage_each_spot_s_cover_saves():
    # shelter: per foe archer, over the spots it may shoot from, what the cover of our square
    # there saves of its expected damage (a hit's chance with the cover's AC against without;
    # total cover saves it all); the terms per cover level are kept for the decision
    from game.session.ai import Tactician

    grid = "\n".join(["............", "....#.......", "....#...#...", "........#...", "............",
                      "..##........", "............", "............"])
    b = battle(grid, [creature("wizard", "wizard", "blue", (1, 1)), creature("gob", "goblin", "red", (9, 5)),
                      creature("gob2", "goblin", "red", (10, 1))], initiative=["wizard", "gob", "gob2"])
    t = Tactician(b, hard=True)
    t.decide()
    spaces = [(x, y, 1) for y in range(8) for x in range(12) if grid.split("\n")[y][x] == "."]
    t.prefetch_shelter(spaces)
    ac, covered, me = t.me.stats.ac, 0, t.index[t.me.id]
    for space in spaces:
        expected = 0.0
        for foe, to_hit, damage in t.foe_archers():
            p_open = t.est.hit_chance(to_hit, ac, 0)[0]
            spots = t.archer_spots(foe)
            for spot in spots:  # the planners' cover from the spot, pair by pair
                cover = int(cover_many(t.blockers, [(spot, space, t.owner_index(foe), me)], estimate=True)[0])
                if cover:
                    p_covered = 0.0 if cover >= TOTAL else t.est.hit_chance(to_hit, ac + t.est.COVER_AC[cover], 0)[0]
                    expected += (p_open - p_covered) * damage / len(spots)
        assert t.shelter(space) == expected
        covered += expected > 0
    assert covered > 5  # the walls shelter some squares: the sums are not all empty


def test_the_shelters_kept_are_valued_anew_when_their_terms_change():
    # shelter's values are kept with the planners' covers only under the same terms (our AC,
    # the foe archers, their spots and their blows): with an archer's spot gone from the
    # terms, every square is valued anew, and shelters no more than before
    b, t = planner_at_turn_of("maps/ruined-keep.scenario.toml", "wizard", "hard")
    spots, gains = t.shelter_terms()
    valued = t.shelter_values()
    assert valued and t.shelter_values() is valued
    t._shelter_terms = (spots[1:], gains[1:])
    assert t.shelter_values() == {}
    assert all(t.shelter(space) <= value for space, value in valued.items())
    assert any(t.shelter(space) < value for space, value in valued.items())


def test_the_archer_spots_kept_with_the_battle_are_those_walked_afresh():
    # where a foe archer may shoot from depends only on its space, its walk and the board: kept
    # with the battle for the next decisions, they are the spots a battle without them walks,
    # and a foe that moved is walked from its new space
    from game.session.ai import Tactician

    grid = "\n".join(["." * 12] * 8 + ["........#..."] + ["." * 12] * 3)
    b = battle(grid, [creature("wizard", "wizard", "blue", (11, 11)), creature("gob", "goblin", "red", (5, 5))],
               initiative=["wizard", "gob"])
    gob = b.state.creatures["gob"]
    first = Tactician(b, hard=True)
    first.decide()
    spots = first.archer_spots(gob)
    assert sorted(spots) == [(0, 0, 1), (0, 10, 1), (5, 5, 1), (7, 7, 1), (10, 0, 1)]
    again = Tactician(b, hard=True)
    again.decide()
    assert again.archer_spots(gob) is spots  # kept: not walked again
    gob.x, gob.y = 6, 6
    moved = Tactician(b, hard=True)
    moved.decide()
    walked = moved.archer_spots(gob)
    # from (6, 6): the wall at (8, 8) stops it at (7, 7) south-east; the edges the other ways
    assert sorted(walked) == [(0, 0, 1), (1, 11, 1), (6, 6, 1), (7, 7, 1), (11, 1, 1)]
    b.__dict__.pop("_ai_archer_spots")
    fresh = Tactician(b, hard=True)
    fresh.decide()
    assert fresh.archer_spots(gob) == walked and fresh.archer_spots(gob) is not walked


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 11), st.integers(0, 5)), min_size=2, max_size=4, unique=True),
       st.tuples(st.integers(0, 11), st.integers(0, 5)))
def test_the_area_spells_weighed_past_the_cone_reach_filter_are_those_weighed_without_it(foes, friend):
    # area_strikes skips a cone when fewer than two standing foes are within its reach of the
    # caster (est.area_reach): the plans are exactly those weighed centre by centre without it
    from game.session.ai import Tactician

    wizard_at = (5, 2)
    taken = {wizard_at}
    roster = [creature("wizard", "wizard", "blue", wizard_at, hp=40)]
    for k, at in enumerate(foes):
        if at not in taken:
            taken.add(at)
            roster.append(creature(f"gob{k}", "goblin", "red", at))
    if friend not in taken:
        roster.append(creature("fighter", "fighter", "blue", friend))
    grid = "\n".join(["............"] * 6)
    b = battle(grid, roster)
    t = Tactician(b, hard=True)
    t.me = b.state.creatures["wizard"]
    t.weigh(t.me)  # (sets the decision's foes and allies)
    filtered = t.area_strikes()
    est = t.est
    est.area_reach = lambda creature, spell: None  # every centre weighed, as before the filter
    assert [(p.score, p.command) for p in t.area_strikes()] == [(p.score, p.command) for p in filtered]


def test_the_cone_reach_filter_skips_burning_hands_only_when_two_foes_are_not_near():
    from game.session.ai import Tactician

    grid = "\n".join(["............"] * 6)
    near = battle(grid, [creature("wizard", "wizard", "blue", (1, 1), hp=40), creature("gob1", "goblin", "red", (2, 1)),
                         creature("gob2", "goblin", "red", (4, 2)), creature("gob3", "goblin", "red", (11, 5))])
    t = Tactician(near, hard=True)
    t.me = near.state.creatures["wizard"]
    reach = t.est.area_reach(t.me, next(s for s in t.est.spells(t.me) if s.name == "burning-hands"))
    assert 3 < reach < 5  # 4.5 m = 3 squares long, half as wide each side, from the space's edge
    assert t.foes_within(reach) == 2  # gob3 is too far
    t.weigh(t.me)
    assert any(p.command.get("spell") == "burning-hands" for p in t.area_strikes())
    far = battle(grid, [creature("wizard", "wizard", "blue", (1, 1), hp=40), creature("gob1", "goblin", "red", (2, 1)),
                        creature("gob2", "goblin", "red", (6, 1))])
    t = Tactician(far, hard=True)
    t.me = far.state.creatures["wizard"]
    assert t.foes_within(reach) == 1


def test_the_covers_shelter_kept_asks_are_fetched_foe_by_foe_and_give_the_same_shelters():
    # prefetch_shelter_kept fetches the covers to the foes only until a foe in range is seen
    # (keeps_a_line stops there), and the archers' spot covers only for spaces that keep a
    # line: shelter_kept then asks nothing more, and gives what the covers of every pair give
    b, t = planner_at_turn_of("maps/ruined-keep.scenario.toml", "wizard", "hard")
    h, w = b.board.terrain.shape
    side = t.me.side_squares
    walkable = ~b.board.blocks_move
    spaces = [(x, y, side) for y in range(h) for x in range(w) if walkable[y, x]][::3]
    t.covers = {}
    calls = []
    fetch = t.fetch_covers
    t.fetch_covers = lambda wanted: calls.append(len(wanted)) or fetch(wanted)
    t.prefetch_shelter_kept(spaces)
    spots = len(t.shelter_terms()[0])

    def pairs_fetched(planner) -> int:  # the covers to the foes, and from every spot to each space valued
        return sum(type(key) is tuple for key in planner.covers) + spots * len(planner.shelter_values())

    fetched = pairs_fetched(t)
    assert len(calls) <= len(t.foes)  # a call a foe at most (the spots' covers in one more): none pair by pair
    asked_more = []
    t.fetch_covers = lambda wanted: asked_more.extend(key for key, _ in wanted if key not in t.covers)
    kept = [t.shelter_kept(space) for space in spaces]
    assert not asked_more and pairs_fetched(t) == fetched
    from game.session.ai import Tactician

    everything = Tactician(b, hard=True)  # every pair fetched, as before
    everything.me = t.me
    everything.weigh(t.me)
    everything.covers = {}
    everything.prefetch_shelter(spaces)
    everything.prefetch_cover(spaces, everything.foes)
    assert [everything.shelter_kept(space) for space in spaces] == kept
    assert fetched < 0.7 * pairs_fetched(everything)  # (of twelve skeletons, the first in range is seen)
    assert sum(value > 0 for value in kept) > 5 and sum(value == 0 for value in kept) > 5


def test_the_hostile_in_close_combat_is_kept_while_the_state_is_held_still():
    # 5e, ranged attacks in close combat: the first hostile within 1.5 m that sees the attacker
    # is the same for every target it previews; a planner's previews (the state held still)
    # look it up once, and a preview after the block looks again
    from game.rules.dnd5e.attacks import close_combat_foe, preview_attack

    b = battle(GRID, [creature("gob1", "goblin", "red", (0, 1)), creature("fighter", "fighter", "blue", (1, 1)),
                     creature("wizard", "wizard", "blue", (7, 3))])
    gob, fighter, wizard = (b.state.creatures[c] for c in ("gob1", "fighter", "wizard"))
    bow = next(a for a in gob.stats.attacks if a.name == "shortbow")
    with b.held_still():
        assert close_combat_foe(b, gob) is fighter
        assert b.still_memo()[("close_combat_foe", "gob1")] is fighter
        assert any("within 1.5 m" in r for r in preview_attack(b, gob, wizard, bow).reasons)
    fighter.x = 5  # stepped away: looked up afresh
    assert close_combat_foe(b, gob) is None
    assert not any("within 1.5 m" in r for r in preview_attack(b, gob, wizard, bow).reasons)


def test_the_spaces_read_from_the_blockers_key_are_the_creatures_own():
    # a planner reads every creature's space from what the blockers were made of (spaces_of):
    # the same as asking each creature, a rider on its mount's (large) space and a squeezing
    # creature on its smaller one included, held still or not
    from game.rules.dnd5e.geometry import spaces_of

    field = "..........\n..........\n..........\n.........."
    b = battle(field, [creature("fighter", "fighter", "blue", (0, 0)), creature("horse", "warhorse", "blue", (1, 0)),
                       creature("ogre", "ogre", "red", (6, 1)), creature("gob", "goblin", "red", (9, 3))])
    act(b, "fighter", "mount", target="horse")
    b.state.creatures["ogre"].conditions.add("squeezing")
    own = {c.id: c.space for c in b.state.creatures.values()}
    assert own["fighter"][2] == 2 and own["ogre"][2] == 1  # the mount's side; squeezed from 2
    assert spaces_of(b) == own
    with b.held_still():
        b.estimates().blockers()
        assert b.estimates().spaces() == own


def test_a_stat_blocks_kept_summaries_are_what_its_attacks_give():
    # the planners read these of every creature they weigh: worked out once per stat block,
    # they must be what the attacks say, for every bundled 5e creature
    from game.content.creatures import bundled_kinds, creature_path, load_stat_block

    for kind in bundled_kinds("5e"):
        stats = load_stat_block(creature_path("5e", kind))
        melee = [a for a in stats.attacks if a.kind == "melee"]
        ranged = [a for a in stats.attacks if a.kind == "ranged"]
        assert stats.most_damage == max((a.damage.average for a in stats.attacks), default=None), kind
        assert stats.most_melee_damage == max((a.damage.average for a in melee), default=None), kind
        assert stats.most_ranged_damage == max((a.damage.average for a in ranged), default=None), kind
        assert stats.melee_reach == max((a.reach for a in melee), default=None), kind
        best = [a for a in melee if a.damage.average == stats.most_melee_damage]
        assert stats.strongest_melee is (best[0] if best else None), kind  # the first of equals
        assert stats.first_melee is (melee[0] if melee else None), kind  # the opportunity attack's
        assert stats.speed_of("walk") == float(dict(stats.speed).get("walk", 0)), kind


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**40), st.lists(st.tuples(st.sampled_from(["roll", "copy", "rewind", "switch"]),
                                                  st.integers(1, 20)), max_size=40))
def test_every_copy_of_the_dice_rolls_what_its_generator_would(seed, steps):
    # copies made with or without reading the generator's state (rewind_copy: drawn again from
    # the seed when it rolls), rolled in any order, each roll what one generator rolling the
    # same dice in the same order gives
    from game.core.dice import Dice

    dice = [Dice(seed)]
    plain = [random.Random(seed)]  # each copy's generator, copied whole
    current = 0
    for step, sides in steps:
        if step == "roll":
            assert dice[current].roll(sides) == plain[current].randrange(sides) + 1
        elif step == "copy":
            dice.append(copy.deepcopy(dice[current]))
            plain.append(copy.deepcopy(plain[current]))
        elif step == "rewind":
            dice.append(dice[current].rewind_copy())
            plain.append(copy.deepcopy(plain[current]))
        else:
            current = sides % len(dice)
    for d, p in zip(dice, plain):
        assert d.rng.getstate() == p.getstate()
