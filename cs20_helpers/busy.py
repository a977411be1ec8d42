"""Tell whether the machine is too busy for a timing to mean anything.

A timing check (one step's time against another's, reads that overlap) shows what a lesson claims
only when the notebook has the CPU it was written for. ``too_busy`` says when it has not: other
work kept the CPU busy (``cpu_busy_share``, from /proc/stat; the benchmarks judge their own runs
by it too), or a thread that spins gets much less than a whole CPU (anywhere). It imports no
other module of the package: ``refute``'s stamp digests it with ``checks.py``.
"""

from __future__ import annotations

__all__ = ["cpu_busy_share", "LOADED_BUSY_SHARE", "MIN_SPIN_SHARE", "SAMPLE_S", "spin_share",
    "too_busy"]

import time

#: A CPU busier than this in the second before a benchmark means its figures were taken under load.
LOADED_BUSY_SHARE = 0.25

#: Seconds each of the two looks at the machine takes.
SAMPLE_S = 0.2
#: A thread that spins and gets less than this share of a CPU shares it with other work.
MIN_SPIN_SHARE = 0.8


def cpu_busy_share(seconds: float = 1.0) -> float | None:
    """Return the share of CPU time the machine spent busy over the next ``seconds``, read
    from /proc/stat (Linux; None elsewhere): taken as a benchmark starts, it says whether
    anything else was running, which a load average, slow to decay, does not."""
    def sample() -> tuple[int, int]:
        with open("/proc/stat", encoding="utf-8") as f:
            values = [int(v) for v in f.readline().split()[1:]]
        return sum(values), values[3] + values[4]  # all time, idle + iowait

    try:
        total_0, idle_0 = sample()
        time.sleep(seconds)
        total_1, idle_1 = sample()
    except OSError:
        return None
    return 1.0 - (idle_1 - idle_0) / max(total_1 - total_0, 1)


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
