"""Tell whether the machine is too busy for a timing to mean anything.

A timing check (one step's time against another's, reads that overlap) shows what a lesson claims
only when the notebook has the CPU it was written for. ``too_busy`` says when it has not: other
work kept the CPU busy (``benchmarking.cpu_busy_share``, from /proc/stat, as the benchmarks
judge it), or a thread that spins gets much less than a whole CPU (anywhere).
"""

from __future__ import annotations

__all__ = ["MIN_SPIN_SHARE", "SAMPLE_S", "spin_share", "too_busy"]

import time

from cs20_helpers.benchmarking import LOADED_BUSY_SHARE, cpu_busy_share

#: Seconds each of the two looks at the machine takes.
SAMPLE_S = 0.2
#: A thread that spins and gets less than this share of a CPU shares it with other work.
MIN_SPIN_SHARE = 0.8


def spin_share(seconds: float = SAMPLE_S) -> float:
    """Return the share of a CPU a thread that spins for ``seconds`` gets (1.0 on a free one)."""
    wall, cpu = time.perf_counter(), time.thread_time()
    while time.perf_counter() - wall < seconds:
        pass
    return (time.thread_time() - cpu) / (time.perf_counter() - wall)


def too_busy() -> str | None:
    """Return why the machine is too busy to time anything now (a phrase), or None."""
    busy = cpu_busy_share(SAMPLE_S)
    if busy is not None and busy > LOADED_BUSY_SHARE:
        return f"the CPU was {busy:.0%} busy with other work"
    share = spin_share()
    if share < MIN_SPIN_SHARE:
        return f"a spinning thread got {share:.0%} of a CPU"
    return None
