"""Capture what native (C/C++) code prints to standard output, so a notebook can show it.

TensorFlow's C++ runtime prints some reports, such as the device placement that
``ConfigProto(log_device_placement=True)`` asks for, with ``printf`` on file descriptor 1.
That bypasses Python's ``sys.stdout``: in Jupyter it lands in the server's terminal or in the
notebook depending on the kernel's settings, and under a test runner nowhere at all.
``native_stdout_captured`` sends descriptor 1 to a temporary file for a block and hands
back the lines, which the notebook can then print like any other value.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import tempfile
from collections.abc import Iterator


def _flush_c_stdio() -> None:
    """Flush the C library's stdio buffers, where printf output waits."""
    ctypes.CDLL(None).fflush(None)


@contextlib.contextmanager
def native_stdout_captured() -> Iterator[list[str]]:
    """Send file descriptor 1 to a temporary file for the block; the yielded list then holds
    the lines printed there (by C code or ``os.write``), and descriptor 1 is restored."""
    lines: list[str] = []
    sys.stdout.flush()
    _flush_c_stdio()
    saved = os.dup(1)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        try:
            yield lines
        finally:
            _flush_c_stdio()
            os.dup2(saved, 1)
            os.close(saved)
            sink.seek(0)
            lines.extend(sink.read().decode("utf-8", errors="replace").splitlines())
