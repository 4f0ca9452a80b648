"""Test setup: a headless SDL before anything imports pygame, and small-battle builders."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_VIDEO_DRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from hypothesis import settings  # noqa: E402

# Keep the suite quick on 2 cores: bounded examples, no deadline flakiness.
settings.register_profile("ci", max_examples=40, deadline=None)
settings.load_profile("ci")
