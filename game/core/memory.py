"""Memory settings of the process: keeping freed memory for the next numpy temporaries (glibc
only; elsewhere nothing), and leaving the start-up objects out of the garbage collector's passes.

The board's hot paths (cover lines, movement fields) build arrays of a few megabytes and drop
them at once. glibc hands such blocks back to the system on free and maps fresh pages for the
next one, so every call pays page faults: measured, that doubles the time of all-pairs cover.
Raising the thresholds keeps up to 64 MiB of freed memory in the process for reuse.

The modules a battle needs (numpy, numba, the game's own) hold some 40,000 objects that live as
long as the process; each full pass of Python's cyclic garbage collector walks them all, about
25 ms here, and a pass lands inside whichever computer turn happens to allocate then (measured:
the slowest turn of a scenario was such a pass). Frozen once the first battle is set up, they
are left out of every pass (a full pass then takes about 1 ms); they were never garbage.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # glibc's <malloc.h>
MMAP_THRESHOLD = 32 * 1024 * 1024  # glibc's largest allowed on 64-bit systems
TRIM_THRESHOLD = 64 * 1024 * 1024


def keep_freed_memory() -> bool:
    """Tell glibc's allocator to keep freed blocks; True when it took the setting."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False  # not glibc (e.g. musl)
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))


_frozen = False


def freeze_startup_objects() -> bool:
    """Once per process: move every object alive now (the modules loaded, the first battle's
    content) out of the garbage collector's passes (gc.freeze); True the first time."""
    global _frozen
    if _frozen:
        return False
    _frozen = True
    gc.collect()  # what is garbage already is freed, not frozen
    gc.freeze()
    return True
