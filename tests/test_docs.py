"""The project's own documentation keeps step with the game: docs/FORMATS.md names every command
line subcommand and every act the engine takes, and the README links to it."""

import re
from pathlib import Path

import pytest

from game.cli import build_parser
from game.rules.commands import ACTS

ROOT = Path(__file__).resolve().parents[1]
FORMATS = (ROOT / "docs" / "FORMATS.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def subcommands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)


@pytest.mark.parametrize("name", subcommands())
def test_every_subcommand_is_documented(name):
    assert f"`skirmish {name}" in FORMATS


@pytest.mark.parametrize("act", sorted(ACTS))
def test_every_act_is_documented(act):
    assert re.search(rf"`{act}`", FORMATS + README), f"the act {act!r} is in neither docs/FORMATS.md nor the README"


def test_the_readme_points_to_the_projects_own_formats():
    assert "(docs/FORMATS.md)" in README
    assert "../shared" not in README and "../shared" not in FORMATS


def test_ci_runs_the_readmes_test_command():
    # .ci/run is the README's test command, word for word (the cluster extra included: the
    # tests of simulate --ray need Ray)
    command = re.search(r"Run the tests.*?```sh\n(.*?)\n```", README, re.S).group(1)
    assert "[test,cluster]" in command and command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
