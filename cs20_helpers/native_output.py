"""Capture what native (C/C++) code prints to standard output, so a notebook can show it.

TensorFlow's C++ runtime prints some reports, such as the device placement that
``ConfigProto(log_device_placement=True)`` asks for, with ``printf`` on file descriptor 1.
That bypasses Python's ``sys.stdout``: in Jupyter it lands in the server's terminal or in the
notebook depending on the kernel's settings, and under a test runner nowhere at all.
``native_stdout_captured`` sends descriptor 1 to a temporary file for a block (and Python's
``sys.stdout``, through which an interactive kernel forwards some of the runtime's lines, to a
buffer) and hands back the lines, which the notebook can then print like any other value.
"""

from __future__ import annotations

__all__ = ["native_stdout_captured"]

import contextlib
import ctypes
import io
import os
import sys
import tempfile
from collections.abc import Iterator


def _flush_c_stdio() -> None:
    """Flush the C library's stdio buffers, where printf output waits."""
    ctypes.CDLL(None).fflush(None)


@contextlib.contextmanager
def native_stdout_captured() -> Iterator[list[str]]:
    """Send file descriptor 1 to a temporary file and ``sys.stdout`` to a buffer for the block;
    the yielded list then holds the lines printed there (by C code, ``os.write`` or Python),
    and both are restored."""
    lines: list[str] = []
    python_out = io.StringIO()
    sys.stdout.flush()
    _flush_c_stdio()
    saved = os.dup(1)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        try:
            with contextlib.redirect_stdout(python_out):
                yield lines
        finally:
            _flush_c_stdio()
            os.dup2(saved, 1)
            os.close(saved)
            sink.seek(0)
            lines.extend(sink.read().decode("utf-8", errors="replace").splitlines())
            lines.extend(python_out.getvalue().splitlines())
