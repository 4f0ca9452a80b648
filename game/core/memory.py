"""Keeping freed memory for the next numpy temporaries (glibc only; elsewhere nothing).

The board's hot paths (cover lines, movement fields) build arrays of a few megabytes and drop
them at once. glibc hands such blocks back to the system on free and maps fresh pages for the
next one, so every call pays page faults: measured, that doubles the time of all-pairs cover.
Raising the thresholds keeps up to 64 MiB of freed memory in the process for reuse.
"""

from __future__ import annotations

import ctypes
import ctypes.util
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
