"""A disk that fills up, for the tests: a write past a size limit fails, or kills the writer.

``RLIMIT_FSIZE`` caps the size any file of this process (and its children) may grow to. With
``SIGXFSZ`` ignored, a write past it fails as a full disk fails one (``EFBIG``, "File too
large", where a disk gives ``ENOSPC``); with the default action, the process is killed in the
middle of that write. Needs no privileges and no special file system (Linux and macOS).
"""

from __future__ import annotations

import contextlib
import resource
import signal
from collections.abc import Iterator


@contextlib.contextmanager
def full_after(limit: int) -> Iterator[None]:
    """Within the block, writing past ``limit`` bytes into any file fails with an OSError."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)


def killed_after(limit: int) -> str:
    """Return Python source that makes the process running it die (SIGXFSZ) when it writes
    past ``limit`` bytes into any file: a kill in the middle of a write."""
    return ("import resource, signal\n"
            "signal.signal(signal.SIGXFSZ, signal.SIG_DFL)\n"
            f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, "
            "resource.getrlimit(resource.RLIMIT_FSIZE)[1]))\n")
