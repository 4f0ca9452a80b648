"""The generic computer player under 4e against a hidden foe: the 4e options offer attacks at the
square its side believes the foe is in (stealth.py: the square it was seen hiding in), so the
planner attacks that square, from the options alone; it never aims where the foe really went."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dnd4e"))

from helpers4e import act, battle4e, creature, force  # noqa: E402

from game.session.ai import choose  # noqa: E402

WALL = "........\n..#.....\n..#.....\n........"  # the wall gives superior cover at [4, 0] from [0, 2]


def test_the_computer_attacks_the_square_its_only_foe_hid_in():
    # 4e: the goblin hides behind the wall (d20 15 + 8 beats passive Perception 12); the wizard,
    # level normal, has no foe in sight, and attacks the square it saw the goblin hide in
    b = battle4e(WALL, [creature("gob", "goblin", "red", (4, 0)), creature("wizard", "wizard", "blue", (0, 2))])
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "end")
    command = choose(b, "normal")
    assert command["act"] == "attack" and command["at"] == [4, 0] and "target" not in command


def test_the_computer_still_aims_where_it_saw_the_goblin_hide_after_it_slipped_away():
    # the goblin hid, then moved on unseen: the wizard's side does not know, so it aims at [4, 0]
    b = battle4e(WALL, [creature("gob", "goblin", "red", (4, 0)), creature("wizard", "wizard", "blue", (0, 2))])
    force(b, 15)
    act(b, "gob", "hide")
    act(b, "gob", "move", to=[6, 1])
    act(b, "gob", "end")
    command = choose(b, "normal")
    assert command["act"] == "attack" and command["at"] == [4, 0]


def test_the_computer_guesses_no_square_for_a_foe_nobody_saw_hide():
    # hidden from the start (its side not all hidden: no Stealth roll): nobody knows its square;
    # the wizard makes no attack and goes toward the orc it sees, out of range
    wide = "\n".join(row + "." * 12 for row in WALL.split("\n"))
    b = battle4e(wide, [creature("wizard", "wizard", "blue", (0, 2)), creature("gob", "goblin", "red", (4, 0), hidden=True),
                        creature("orc", "orc", "red", (19, 3))])
    command = choose(b, "normal")
    assert command["act"] == "move"
