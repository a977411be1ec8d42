"""Seal a submission's kernel off from the grader, the machine and other submissions (Linux).

``command(work)`` is the command line a sealed kernel's own command is appended to: ``unshare``
(util-linux) starts it in new user, mount, process and network namespaces, where
``seal_init`` builds a file system of the system's and Python's folders and the helpers package
(read-only), the data cache (read-only, when there is one), the working folder ``work``
(read-write) and fresh ``/tmp`` and home folders, and nothing else: no instructor notebook, no
``tests/``, no other submission, no checkout. The kernel has only a loopback network of its
own, sees only its own processes, and holds no capability. When its first process ends, the
system ends every process in its namespace; ``unshare --kill-child`` ends that first process
when ``unshare`` itself is killed, so nothing it started outlives its grading.

``problem()`` says in one line why no seal can be made here (not Linux, no ``unshare``, user
namespaces turned off, a container that forbids them), or None.
"""

from __future__ import annotations

__all__ = ["command", "INIT", "problem", "readable", "ROOT_NAME", "spec", "SYSTEM", "UNSHARE"]

import json
import os
import shutil
import site
import subprocess
import sys
import tempfile
from pathlib import Path

import cs20_helpers
from cs20_helpers import paths

#: How ``unshare`` starts a seal: root of a new user namespace, its own mounts, processes and
#: network; the first process inside is killed when ``unshare`` ends.
UNSHARE = ("--user", "--map-root-user", "--mount", "--pid", "--net", "--kill-child")
#: The first process inside a seal (standard library only).
INIT = Path(__file__).with_name("seal_init.py")
#: The system's folders a kernel needs, shown read-only where they exist.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/sys")
#: The empty folder in the working folder where the seal's root is built.
ROOT_NAME = ".cs20-seal-root"
#: Seconds the probe may take to start and end an empty seal.
PROBE_TIMEOUT_S = 60


def _with_real(folders: list[str]) -> list[str]:
    """Return ``folders`` and the real path of each that goes through a symbolic link."""
    found = []
    for folder in folders:
        found += [folder, os.path.realpath(folder)]
    return list(dict.fromkeys(found))


def readable() -> list[str]:
    """Return the folders (and files) a sealed kernel sees read-only: the system's, this
    Python's (its prefixes and site-packages), the helpers package, the data cache and a
    ``CS20_VGG19_WEIGHTS`` file. Other import paths (``PYTHONPATH``, the checkout) stay
    hidden."""
    python = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              *site.getsitepackages(), site.getusersitepackages()]
    shown = [*python, str(Path(cs20_helpers.__file__).parent), str(paths.cache_dir())]
    weights = os.environ.get("CS20_VGG19_WEIGHTS", "").strip()
    if weights:
        shown.append(str(Path(weights).expanduser().absolute()))
    return [*SYSTEM, *(p for p in _with_real(shown) if os.path.exists(p))]


def _caches() -> list[str]:
    """Return the caches copied into a seal's home (rebuilt otherwise, at every grading):
    Matplotlib's font list and the helpers' compiled loopback library."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    matplotlib = os.environ.get("MPLCONFIGDIR") or str(base / "matplotlib")
    return [p for p in (matplotlib, str(base / "cs20-native")) if os.path.isdir(p)]


def spec(work: Path) -> dict:
    """Return what ``seal_init`` builds for a kernel working in ``work``."""
    fresh = [["/tmp", "1777"]]
    home = os.path.realpath(Path.home())
    if home != "/":
        fresh.append([home, "700"])
    return {"root": os.path.realpath(work / ROOT_NAME), "cwd": str(work), "ro": readable(),
            "rw": _with_real([str(work)]), "tmpfs": fresh, "copy": _caches()}


def command(work: Path) -> list[str]:
    """Return the command line that runs the command appended to it sealed, in ``work``."""
    unshare = shutil.which("unshare") or "unshare"
    return [unshare, *UNSHARE, "--", sys.executable, "-I", str(INIT),
            json.dumps(spec(work)), "--"]


def problem() -> str | None:
    """Return why no seal can be made here, in one line, or None when one can: an empty seal
    is made and ended."""
    if not sys.platform.startswith("linux"):
        return f"Linux user namespaces are needed ({sys.platform} has none)"
    if shutil.which("unshare") is None:
        return "the unshare command (util-linux) is not installed"
    with tempfile.TemporaryDirectory(prefix="cs20-seal-probe-") as work:
        try:
            done = subprocess.run([*command(Path(work)), sys.executable, "-I", "-c", "pass"],
                                  capture_output=True, text=True, timeout=PROBE_TIMEOUT_S,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"unshare could not run ({error})"
    if done.returncode == 0:
        return None
    lines = done.stderr.strip().splitlines()
    return lines[-1] if lines else f"unshare exited with status {done.returncode}"
