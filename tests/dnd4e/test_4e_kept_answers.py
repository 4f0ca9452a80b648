"""What the 4e option lists keep or skip to answer many squares at once, each compared with the
plain rule it stands for (so a shortcut can never say what the rule would not): who is provoked
along each path, who is beside each square, the covers kept per board and per battle, and the
window a charge's end is looked for in."""

from game.core.cover import cover_many
from game.rules.dnd4e import geometry
from game.rules.dnd4e.geometry import adjacent, cover_level, field_for, foes_beside, line_of_effect
from game.rules.dnd4e.moving import leaving_provokes, provokers_along
from game.rules.dnd4e.terrain_rules import COVER_4E, MELEE_COVER_4E, SLIT_COVER_4E

from helpers4e import battle4e, creature

GRID = ("..........\n"
        "...#......\n"
        "..........\n"
        "....+.....\n"
        "......#...\n"
        "..........")


def crowd():
    # the ogre is Large: its space is 2 x 2; the goblins and the orc stand around the fighter
    return battle4e(GRID, [creature("fighter", "fighter", "blue", (2, 2)), creature("gob1", "goblin", "red", (3, 2)),
                           creature("gob2", "goblin", "red", (1, 4)), creature("orc", "orc", "red", (6, 1)),
                           creature("ogre", "ogre", "red", (7, 3)), creature("cleric", "cleric", "blue", (0, 0))])


def plain_provokers(b, mover, steps):
    """RULESETS.md 2: leaving a square adjacent to an enemy provokes, each enemy once: the mover
    put on each square it leaves, one after the other."""
    found = []
    home = mover.x, mover.y
    for square in [home] + [tuple(s) for s in steps[:-1]]:
        mover.x, mover.y = square
        found += [cid for cid in leaving_provokes(b, mover) if cid not in found]
    mover.x, mover.y = home
    return found


def test_the_provokers_kept_along_shared_paths_are_those_of_each_path_walked_square_by_square():
    b = crowd()
    fighter = b.state.creatures["fighter"]
    field = field_for(b, fighter, limit_m=12.0)
    cache: dict = {}
    paths = [field.path_to(int(x), int(y)) for y, x in zip(*field.reachable(12.0).nonzero())]
    assert len(paths) > 30 and any(plain_provokers(b, fighter, p) for p in paths)
    for steps in paths:
        assert provokers_along(b, fighter, steps, cache) == plain_provokers(b, fighter, steps), steps
    assert (fighter.x, fighter.y) == (2, 2)  # put back


def test_the_foes_beside_each_square_are_those_adjacent_to_a_creature_standing_there():
    b = crowd()
    creatures = b.state.creatures
    for mover_id in ("fighter", "ogre"):  # a Medium and a Large mover
        mover = creatures[mover_id]
        foes = [c for c in creatures.values() if c.side != mover.side]
        beside = foes_beside(mover, foes)
        home = mover.x, mover.y
        for y in range(-2, 8):
            for x in range(-2, 12):
                mover.x, mover.y = x, y
                assert beside.get((x, y), []) == [f for f in foes if adjacent(mover, f)], (mover_id, x, y)
        mover.x, mover.y = home


def test_the_covers_kept_with_the_board_and_the_battle_are_the_lines_counted_afresh():
    b = crowd()
    creatures = list(b.state.creatures.values())
    pairs = [(a, t) for a in creatures for t in creatures if a is not t]
    for melee in (False, True):
        kept = [cover_level(b, a, t, melee) for a, t in pairs]
        assert kept == [cover_level(b, a, t, melee) for a, t in pairs]  # asked again: the kept answers
        for key in [k for k in b.board.__dict__ if k.startswith("_terrain_covers_4e_")]:
            del b.board.__dict__[key]
        b.__dict__.pop("_cover_4e", None)
        assert kept == [cover_level(b, a, t, melee) for a, t in pairs]  # counted afresh
    assert {cover_level(b, a, t, False) for a, t in pairs} >= {0, 1}  # the map gives some cover
    # someone moves: the covers kept for the old spaces are not read any more
    before = [cover_level(b, a, t, False) for a, t in pairs]
    b.state.creatures["gob1"].x, b.state.creatures["gob1"].y = 9, 5  # out of the lines it was in
    moved = [cover_level(b, a, t, False) for a, t in pairs]
    fresh = crowd()  # a new battle with the goblin there from the start: nothing kept yet
    fresh.state.creatures["gob1"].x, fresh.state.creatures["gob1"].y = 9, 5
    them = fresh.state.creatures
    assert moved == [cover_level(fresh, them[a.id], them[t.id], False) for a, t in pairs] != before
    for a, t in pairs:
        slit = int(cover_many(geometry._terrain_blockers(b.board, SLIT_COVER_4E), [(a.space, t.space, -1, -1)])[0])
        assert geometry.terrain_cover(b.board, SLIT_COVER_4E, a.space, t.space) == slit
        melee = int(cover_many(geometry._terrain_blockers(b.board, MELEE_COVER_4E), [(a.space, t.space, -1, -1)])[0])
        assert geometry.terrain_cover(b.board, MELEE_COVER_4E, a.space, t.space) == melee
        clear = cover_many(geometry._terrain_blockers(b.board, COVER_4E), [(a.space, t.space, -1, -1)])[0] < 3
        assert line_of_effect(b.board, a.space, t.space) == bool(clear)



def test_a_charge_looks_for_its_end_only_in_the_window_of_the_targets_reach_and_misses_none():
    # RULESETS.md 2, Charge: it ends within reach of the target, at least 2 squares from the start,
    # each square nearer; the Large hill giant reaches 3 m, the fighter 1.5 m
    grid = ("............\n" * 3 + "....#.......\n" + "............\n" * 4)
    b = battle4e(grid, [creature("fighter", "fighter", "blue", (1, 1)), creature("giant", "hill-giant", "blue", (0, 5)),
                        creature("gob1", "goblin", "red", (6, 2)), creature("orc", "orc", "red", (9, 6)),
                        creature("ogre", "ogre", "red", (5, 5))])
    creatures = b.state.creatures
    found = 0
    for charger_id in ("fighter", "giant"):
        c = creatures[charger_id]
        power = c.stats.basic_power
        speed = 6 * 1.5
        field = field_for(b, c, limit_m=speed)
        everywhere = [(int(x), int(y)) for y, x in zip(*field.reachable(speed).nonzero())]
        for target_id in ("gob1", "orc", "ogre"):
            target = creatures[target_id]
            ends = {s for s in everywhere if b._charge_end_ok(c, target, power, s[0], s[1], field)}
            tried = b._charge_ends_to_try(c, target, power, field, speed)
            assert ends <= set(tried) and len(tried) < len(everywhere), (charger_id, target_id)
            found += len(ends)
    # the giant's 3 m reach gives it 7 squares to charge the ogre from; where its space would
    # not fit beside the tree it squeezes into one square, and (3, 3) is then no nearer
    assert found >= 10


def test_a_kept_field_is_searched_again_once_anyone_moved():
    # the option lists, the check of a move and the move itself ask for the same field: kept with
    # the battle (core.movement.kept_field), never after another creature moved
    import numpy as np

    from game.core.movement import movement_field
    from game.rules.dnd4e.geometry import mover_of, occupants_for
    from game.rules.dnd4e.terrain_rules import MOVE_4E

    b = crowd()
    fighter, orc = b.state.creatures["fighter"], b.state.creatures["orc"]
    kept = field_for(b, orc, limit_m=9.0)
    assert field_for(b, orc, limit_m=9.0) is kept
    fighter.x, fighter.y = 5, 1  # now beside the orc, in its way
    after = field_for(b, orc, limit_m=9.0)
    fresh = movement_field(b.board, (orc.x, orc.y), mover_of(orc), occupants_for(b, orc), rules=MOVE_4E, limit_m=9.0)
    assert after is not kept and np.array_equal(after.cost, fresh.cost)
    assert not after.can_end[1, 5] and kept.can_end[1, 5]
