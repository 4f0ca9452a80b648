"""The allocator setting that keeps freed memory for numpy temporaries."""

import sys

from game.core.memory import keep_freed_memory


def test_glibc_takes_the_setting_on_linux():
    # on Linux with glibc, mallopt accepts both thresholds; elsewhere nothing is changed
    assert keep_freed_memory() is sys.platform.startswith("linux")


def test_the_first_battle_leaves_the_start_up_objects_out_of_the_collector():
    # a full pass of the cyclic collector then skips the modules' objects (core.memory): frozen
    # once a process, by its first battle, never again
    import gc

    from game.content.paths import DEFAULT_SCENARIO
    from game.content.scenarios import load_scenario
    from game.core.memory import freeze_startup_objects
    from game.session.replay import new_battle

    new_battle(load_scenario(DEFAULT_SCENARIO))
    assert gc.get_freeze_count() > 10_000  # the modules' objects at least
    frozen = gc.get_freeze_count()
    new_battle(load_scenario(DEFAULT_SCENARIO))
    assert freeze_startup_objects() is False  # once a process only
    assert gc.get_freeze_count() == frozen
