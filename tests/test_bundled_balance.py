"""The bundled two-sided scenarios stay fair under the computer's best play (hard on both sides):
each side wins 30% to 70% of 200 battles (`skirmish simulate FILE --runs 200`, measured when a
roster or a computer player changes). Here a quick guard on the first 20 battles of each, so
that a change that tips one over shows in the suite."""

import pytest

from game.content.paths import MAPS_DIR
from game.session.simulate import simulate

TWO_SIDED = sorted(p for p in MAPS_DIR.glob("*.scenario.toml") if not p.name.startswith("mirror-")) + \
    [MAPS_DIR / "tiled-ford.tmx"]
BATTLES, LEAST = 20, 4  # each side wins at least a fifth of them


def test_the_two_sided_scenarios_are_every_bundled_one_but_the_mirrors():
    names = {p.name.split(".")[0] for p in TWO_SIDED}
    assert names == {"arrow-slits", "default", "forest", "narrow-corridor", "open-field", "river-ford",
                     "ruined-keep", "tiled-ford"}


@pytest.mark.parametrize("path", TWO_SIDED, ids=lambda p: p.name.split(".")[0])
def test_each_side_wins_some_of_the_first_battles_under_hard_play(path):
    summary, _ = simulate(path, BATTLES, jobs=2, policies={"blue": "hard", "red": "hard"})
    wins = {side: won for side, won in summary["wins"].items() if side != "draw"}
    assert summary["runs"] == BATTLES and len(wins) == 2
    assert all(won >= LEAST for won in wins.values()), summary["wins"]
