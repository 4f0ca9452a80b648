"""Test setup: a headless SDL before anything imports pygame, and small-battle builders."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_VIDEO_DRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# The tests read the English messages whatever the machine's locale (a French test says --lang fr).
for _name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

from hypothesis import settings  # noqa: E402

# Keep the suite quick on 2 cores: bounded examples, no deadline flakiness.
settings.register_profile("ci", max_examples=40, deadline=None)
settings.load_profile("ci")


import pytest  # noqa: E402

from game import i18n  # noqa: E402


@pytest.fixture
def french():
    """The test speaks French; English again afterwards, whatever happens."""
    i18n.set_language("fr")
    try:
        yield
    finally:
        i18n.set_language("en")
