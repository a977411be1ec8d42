"""A kernel that runs cells one at a time, each within a timeout, and says how each ended.

How a cell ended comes from the kernel's execute reply (``status``, ``ename``, ``evalue``), not
from the outputs it displayed, which the cell's own code can change. A cell that runs past the
timeout, or a kernel that dies under it, is reported as such; ``restart`` then gives a fresh
kernel in the same folder. The kernel's connection file is kept in that folder, and its own
output (and that of anything it starts) goes to ``/dev/null``: what a cell prints reaches the
grader only as messages, never straight into its report. A kernel started through a
``launcher`` (a seal, which has a network of its own) talks to the grader over files in that
folder (ZeroMQ's ``ipc`` transport) instead of TCP.

The kernel is ipykernel in this very Python (``THIS_PYTHON``, as nbval's current-environment
kernel, without nbval: a student's ``selfcheck`` runs with no pytest installed), whatever kernel
specs Jupyter has installed.
"""

from __future__ import annotations

__all__ = ["CellKernel", "DIED", "ERROR", "OK", "Outcome", "POLL_S", "READY_TIMEOUT", "THIS_PYTHON",
    "ThisPythonSpecs", "TIMEOUT"]

import queue
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import ipykernel.kernelspec
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager

OK, ERROR, TIMEOUT, DIED = "ok", "error", "timeout", "died"
#: Seconds a new kernel may take to answer.
READY_TIMEOUT = 60
#: Seconds between checks that the kernel is still alive while a cell runs.
POLL_S = 0.2
#: The kernel name ``ThisPythonSpecs`` resolves to ipykernel in this Python.
THIS_PYTHON = ":cs20-this-python"


class ThisPythonSpecs(KernelSpecManager):
    """Jupyter's kernel specs, and ``THIS_PYTHON``: ipykernel run by this interpreter."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        """Return the spec of ``kernel_name``; ``THIS_PYTHON`` is this interpreter's."""
        if kernel_name == THIS_PYTHON:
            return self.kernel_spec_class(resource_dir=ipykernel.kernelspec.RESOURCES,
                                          **ipykernel.kernelspec.get_kernel_dict())
        return super().get_kernel_spec(kernel_name)


@dataclass
class Outcome:
    """How one cell ended: OK, ERROR (with the exception's name and message), TIMEOUT or DIED."""

    status: str
    ename: str = ""
    evalue: str = ""


class _Launched(KernelManager):
    """A kernel manager that starts the kernel's command through ``launcher``."""

    launcher: Sequence[str] = ()

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        """Return the launcher's command line followed by the kernel's."""
        return [*self.launcher, *super().format_kernel_cmd(extra_arguments)]


class CellKernel:
    """A kernel of this Python in ``cwd`` with ``env``; ``run`` executes one cell's source."""

    def __init__(self, cwd: Path, env: dict[str, str], timeout: float,
                 launcher: Sequence[str] = ()) -> None:
        """Start the kernel, through ``launcher`` when one is given (its command line is
        followed by the kernel's); each cell ``run`` may then take ``timeout`` seconds."""
        self.timeout = timeout
        self._manager = _Launched(kernel_name=THIS_PYTHON,
                                  kernel_spec_manager=ThisPythonSpecs(),
                                  connection_file=str(cwd / ".cs20-kernel.json"),
                                  transport="ipc" if launcher else "tcp")
        self._manager.launcher = launcher
        self._manager.start_kernel(cwd=str(cwd), env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        self._client = self._connect()

    def _connect(self):  # noqa: ANN202 - a jupyter_client BlockingKernelClient
        """Return a client of the kernel, once the kernel answers."""
        client = self._manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=READY_TIMEOUT)
        return client

    def run(self, source: str) -> Outcome:
        """Execute ``source`` and return how it ended, waiting at most ``timeout`` seconds."""
        msg_id = self._client.execute(source, store_history=True, allow_stdin=False,
                                      stop_on_error=False)
        deadline = time.monotonic() + self.timeout
        while (left := deadline - time.monotonic()) > 0:
            if not self._manager.is_alive():
                return Outcome(DIED)
            try:
                reply = self._client.get_shell_msg(timeout=min(left, POLL_S))
            except queue.Empty:
                continue
            if reply["parent_header"].get("msg_id") != msg_id:
                continue
            content = reply["content"]
            if content["status"] == OK:
                return Outcome(OK)
            return Outcome(ERROR, content.get("ename", "Error"), content.get("evalue", ""))
        return Outcome(TIMEOUT)

    def restart(self) -> None:
        """Replace the kernel by a fresh one in the same folder (after a timeout or a death)."""
        self._client.stop_channels()
        self._manager.restart_kernel(now=True)
        self._client = self._connect()

    def close(self) -> None:
        """End the kernel at once."""
        self._client.stop_channels()
        if self._manager.has_kernel:
            self._manager.shutdown_kernel(now=True)
