"""The server process's resident memory, for eviction under memory pressure (Linux ``/proc``;
elsewhere the peak from ``resource``, or None where neither exists).

>>> resident_mb() > 0
True
"""

from __future__ import annotations

import os


def resident_mb() -> float | None:
    """Resident set size of this process in MiB."""
    try:
        with open("/proc/self/statm", "rb") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 1024 if os.uname().sysname != "Darwin" else peak / (1 << 20)
    except (ImportError, OSError, AttributeError):
        return None
