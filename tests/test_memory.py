"""The allocator setting that keeps freed memory for numpy temporaries."""

import sys

from game.core.memory import keep_freed_memory


def test_glibc_takes_the_setting_on_linux():
    # on Linux with glibc, mallopt accepts both thresholds; elsewhere nothing is changed
    assert keep_freed_memory() is sys.platform.startswith("linux")
