"""``check`` owns every process a submission starts, and ends them all before it reports.

A solution can start a process that outlives its kernel: in a new session, or forked twice so
that it is nobody's child. Such a process could print a forged score after the real one. While
``owned`` runs, this process is a *child subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``):
an orphan below it is re-parented to it instead of to init, so every process the kernel starts,
however detached, stays its descendant; on leaving, every descendant that appeared meanwhile is
killed and reaped. Elsewhere (macOS) there is no subreaper: descendants still attached to this
process are ended, and a double-forked one escapes (grade untrusted code in a container).
"""

from __future__ import annotations

__all__ = ["descendants", "end_new", "owned", "PR_SET_CHILD_SUBREAPER", "set_subreaper", "SETTLE_S"]

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

PR_SET_CHILD_SUBREAPER = 36  # from <linux/prctl.h>
#: Seconds to keep ending descendants that a dying one may still be starting.
SETTLE_S = 5.0


def set_subreaper(on: bool) -> bool:
    """Make this process a child subreaper (or stop); return whether the system supports it."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0) == 0


def _parents() -> dict[int, tuple[int, str]]:
    """Return each live process's parent id and state (``Z`` for a zombie)."""
    found = {}
    if os.path.isdir("/proc/self"):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:  # ended meanwhile
                continue
            found[int(entry)] = (int(fields[1]), fields[0])
        return found
    listing = subprocess.run(["ps", "-A", "-o", "pid=", "-o", "ppid=", "-o", "state="],
                             capture_output=True, text=True, check=False).stdout
    for line in listing.splitlines():
        pid, ppid, state = line.split()[:3]
        found[int(pid)] = (int(ppid), state[:1])
    return found


def _below(root: int, parents: dict[int, tuple[int, str]]) -> set[int]:
    """Return the ids of every process below ``root`` in ``parents``."""
    below, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, (ppid, _) in parents.items() if ppid in frontier} - below
        below |= frontier
    return below


def descendants(root: int | None = None) -> set[int]:
    """Return the ids of every process below ``root`` (default: this process), zombies too."""
    return _below(os.getpid() if root is None else root, _parents())


def end_new(before: set[int]) -> int:
    """Kill every descendant of this process not in ``before``, until none is left alive (they
    may fork while dying), and reap those that became its children; return how many it
    killed. Children that were there before are left alone, their exit status too."""
    killed: set[int] = set()
    deadline = time.monotonic() + SETTLE_S
    while True:
        parents = _parents()
        new = _below(os.getpid(), parents) - before
        for pid in new:
            with contextlib.suppress(ChildProcessError):  # not this process's child
                os.waitpid(pid, os.WNOHANG)
        alive = {pid for pid in new if parents[pid][1] != "Z"}
        if not alive or time.monotonic() > deadline:
            return len(killed)
        for pid in alive:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        killed |= alive
        time.sleep(0.05)


@contextlib.contextmanager
def owned() -> Iterator[None]:
    """Within the block, keep every process started below this one as its descendant (Linux);
    on leaving, kill and reap every descendant that appeared in the block."""
    before = descendants()
    subreaper = set_subreaper(True)
    try:
        yield
    finally:
        end_new(before)
        if subreaper:
            set_subreaper(False)
