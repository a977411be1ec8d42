"""Start and stop the worker processes of a TensorFlow cluster on this machine, leaving none.

A notebook or a test opens ``with Cluster(folder) as cluster:`` and starts each task with
``cluster.start(name, argv, env)``. Every process gets its own process group and a log file
(stdout and stderr together) that ``Process.output()`` reads back; every wait has a timeout.
When the ``with`` block ends, raises or is interrupted, or the interpreter exits, every process
still running is ended, its whole process group with it. If the owner itself is killed
(a notebook kernel killed with SIGKILL), a small watchdog process sees its pipe close and kills
the groups; on Linux each task is also killed by the kernel when its parent dies
(``PR_SET_PDEATHSIG``). So no orphan is left. Addresses are ``127.0.0.1``, with ports the
operating system picks at run time, and the servers listen there only: TensorFlow would bind
every interface, so each process gets the library of :mod:`cs20_helpers.cluster.loopback` preloaded.

Beside it: ``loopback``, which keeps the servers on 127.0.0.1.
"""

from __future__ import annotations

__all__ = ["Cluster", "free_port", "GRACE_S", "HOST", "listening_addresses", "local_cluster",
    "marked_processes", "Process", "QUIET_ENV", "tf_config", "WORKER_DONE", "worker_scripts",
    "worker_summary", "WorkerError"]

import atexit
import ctypes
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import weakref
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from cs20_helpers.cluster import loopback

HOST = "127.0.0.1"
#: Seconds a process may take to end after SIGTERM before it gets SIGKILL.
GRACE_S = 2.0
#: Environment every process gets: quiet TensorFlow, unbuffered output, no GPU probing noise,
#: and Keras 3 (the notebook's kernel sets TF_USE_LEGACY_KERAS=1 for its TF1 layers; the worker
#: scripts use no TF1 layers, so they run the Keras a plain TensorFlow 2.21 install gives).
QUIET_ENV = {"TF_CPP_MIN_LOG_LEVEL": "2", "TF_ENABLE_ONEDNN_OPTS": "0",
             "TF_USE_LEGACY_KERAS": "0", "PYTHONUNBUFFERED": "1", "CUDA_VISIBLE_DEVICES": ""}
_PR_SET_PDEATHSIG = 1
#: The last line ``workers/tf1_worker.py`` (``worker_scripts``) prints; ``worker_summary`` reads it.
WORKER_DONE = re.compile(r"^worker (?P<index>\d+) done: (?P<steps>\d+) steps in "
                         r"(?P<seconds>[\d.]+) s, global step (?P<global_step>\d+), "
                         r"loss on all data (?P<loss>[\d.]+)$", re.M)


# The watchdog of a cluster: it reads process-group ids, one a line, from a pipe whose other end
# only the cluster's owner holds. If the owner dies, the pipe closes and the watchdog kills the
# groups (tasks and their children); "done" means the owner ended them itself.
_WATCHDOG = """
import os, signal, sys
groups = []
for line in sys.stdin:
    if line.strip() == "done":
        sys.exit(0)
    groups.append(int(line))
for group in groups:
    try:
        os.killpg(group, signal.SIGKILL)
    except OSError:
        pass
"""


class WorkerError(RuntimeError):
    """A process of the cluster failed, or did not do something in time; carries its output."""


def worker_scripts() -> Path:
    """Return the folder of the course's worker scripts, shipped in the package (``workers``
    beside this module), so a notebook finds them in a clone, from a wheel and in any folder."""
    return Path(str(resources.files("cs20_helpers.cluster") / "workers"))


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def local_cluster(jobs: dict[str, int]) -> dict[str, list[str]]:
    """Return a cluster description ``{job: ["127.0.0.1:port", ...]}`` with ``jobs[job]``
    tasks per job, each on its own free port: what ``tf1.train.ClusterSpec`` and TF_CONFIG take."""
    if not jobs or any(n < 1 for n in jobs.values()):
        raise ValueError(f"every job needs at least one task: {jobs}")
    return {job: [f"{HOST}:{free_port()}" for _ in range(n)] for job, n in jobs.items()}


def tf_config(cluster: dict[str, list[str]], job: str, index: int) -> str:
    """Return the TF_CONFIG value (JSON) that tells task ``index`` of ``job`` who it is."""
    if index >= len(cluster.get(job, [])):
        raise ValueError(f"the cluster has no task {index} in job {job!r}: {cluster}")
    return json.dumps({"cluster": cluster, "task": {"type": job, "index": index}})


def worker_summary(output: str) -> dict[str, int | float]:
    """Return the steps, seconds, final global step and loss a TF1 worker reported at its end."""
    match = WORKER_DONE.search(output)
    if match is None:
        raise ValueError("no 'worker N done: ...' line in the output:\n" + output[-2000:])
    fields = match.groupdict()
    return {"index": int(fields["index"]), "steps": int(fields["steps"]),
            "seconds": float(fields["seconds"]), "global_step": int(fields["global_step"]),
            "loss": float(fields["loss"])}


def _die_with_parent() -> None:
    """In the child before exec: ask Linux to SIGKILL this process when its parent dies."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


class Process:
    """One started task: its ``subprocess.Popen``, its name and its log file."""

    def __init__(self, name: str, popen: subprocess.Popen, log_path: Path):
        self.name, self.popen, self.log_path = name, popen, log_path

    @property
    def pid(self) -> int:
        return self.popen.pid

    @property
    def running(self) -> bool:
        return self.popen.poll() is None

    def output(self) -> str:
        """Return everything the process has written so far (stdout and stderr)."""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def _failure(self, what: str) -> WorkerError:
        tail = "\n".join(self.output().splitlines()[-30:])
        return WorkerError(f"{self.name} (pid {self.pid}) {what}; its last output:\n{tail}")

    def lines(self, pattern: str) -> list[str]:
        """Return the lines of the output that match ``pattern`` (from the line's start)."""
        regex = re.compile(pattern)
        return [line for line in self.output().splitlines() if regex.match(line)]

    def wait(self, timeout: float) -> int:
        """Wait at most ``timeout`` seconds for the process to end; return its exit code.

        Raises WorkerError (with the output) when it is still running at the timeout.
        """
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            raise self._failure(f"still running after {timeout:g} s") from None

    def wait_ok(self, timeout: float) -> str:
        """Wait for the process to end, raise WorkerError unless it exited with 0; return output."""
        code = self.wait(timeout)
        if code != 0:
            raise self._failure(f"exited with code {code}")
        return self.output()

    def wait_for(self, pattern: str, timeout: float, poll_s: float = 0.05) -> re.Match:
        """Wait until a line of the output matches ``pattern``; return the match.

        Raises WorkerError if the process ends first or ``timeout`` seconds pass.
        """
        regex = re.compile(pattern, re.M)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.output())
            if match:
                return match
            if not self.running:
                raise self._failure(f"exited with code {self.popen.returncode} before "
                                    f"printing a line matching {pattern!r}")
            if time.monotonic() > deadline:
                raise self._failure(f"printed no line matching {pattern!r} in {timeout:g} s")
            time.sleep(poll_s)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the process's whole group (it leads its own); no-op once it ended."""
        if self.running:
            try:
                os.killpg(self.pid, sig)
            except ProcessLookupError:
                pass

    def stop(self, grace_s: float = GRACE_S) -> int:
        """End the process (SIGTERM, SIGKILL after ``grace_s``), reap it; return its code."""
        self.kill(signal.SIGTERM)
        try:
            self.popen.wait(grace_s)
        except subprocess.TimeoutExpired:
            self.kill(signal.SIGKILL)
            self.popen.wait(grace_s)
        try:  # the group may hold children of the process: end them too
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        return self.popen.returncode


_OPEN: weakref.WeakSet[Cluster] = weakref.WeakSet()


class Cluster:
    """The processes started for one experiment; a context manager that ends them all.

    ``folder`` receives one ``<name>.log`` per process. ``timeout`` is the default number of
    seconds any wait of the notebook gives a process.
    """

    def __init__(self, folder: str | Path, timeout: float = 120.0):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.timeout = timeout
        self.processes: dict[str, Process] = {}
        self._watchdog: subprocess.Popen | None = None
        _OPEN.add(self)

    def _guard(self, pid: int) -> None:
        """Tell the watchdog (started on first use) about the new process group ``pid``."""
        if self._watchdog is None:
            self._watchdog = subprocess.Popen([sys.executable, "-c", _WATCHDOG],
                                              stdin=subprocess.PIPE, text=True,
                                              start_new_session=True)
        self._watchdog.stdin.write(f"{pid}\n")
        self._watchdog.stdin.flush()

    def start(self, name: str, argv: Sequence[str], env: dict[str, str] | None = None) -> Process:
        """Start ``argv`` as the task ``name`` (a new process group, output to ``name.log``).

        ``env`` adds to this process's environment and the quiet TensorFlow settings. A name
        that is still running is refused, so a task is never started twice by mistake.
        """
        old = self.processes.get(name)
        if old is not None and old.running:
            raise ValueError(f"{name} is already running (pid {old.pid})")
        log_path = self.folder / f"{name}.log"
        full_env = {**os.environ, **QUIET_ENV, **loopback.preload_env(), **(env or {})}
        with open(log_path, "w", encoding="utf-8") as log:
            popen = subprocess.Popen(list(argv), stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, env=full_env,
                                     start_new_session=True, preexec_fn=_die_with_parent)
        process = Process(name, popen, log_path)
        self.processes[name] = process
        self._guard(popen.pid)
        return process

    def start_python(self, name: str, script: str | Path, args: Sequence[str] = (),
                     env: dict[str, str] | None = None) -> Process:
        """Start ``python script args...`` with this interpreter as the task ``name``."""
        return self.start(name, [sys.executable, str(script), *map(str, args)], env)

    def start_tasks(self, script: str | Path, cluster: dict[str, list[str]],
                    args: Sequence[str] = (),
                    tasks: Sequence[tuple[str, int]] | None = None) -> dict[str, Process]:
        """Start ``python script args...`` once per task of ``cluster`` (or only ``tasks``),
        each told who it is by its TF_CONFIG; return the processes by name (``"worker0"``)."""
        tasks = tasks or [(job, i) for job, hosts in cluster.items() for i in range(len(hosts))]
        return {f"{job}{i}": self.start_python(f"{job}{i}", script, args,
                                               {"TF_CONFIG": tf_config(cluster, job, i)})
                for job, i in tasks}

    def running(self) -> list[str]:
        """Return the names of the processes still running."""
        return [name for name, p in self.processes.items() if p.running]

    def close(self) -> None:
        """End every process still running and reap them all (safe to call twice)."""
        for process in self.processes.values():
            process.kill(signal.SIGTERM)
        for process in self.processes.values():
            process.stop()
        if self._watchdog is not None:
            self._watchdog.stdin.write("done\n")
            self._watchdog.stdin.close()
            self._watchdog.wait(GRACE_S)
            self._watchdog = None
        _OPEN.discard(self)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@atexit.register
def _close_all() -> None:
    """At interpreter exit (a kernel stopping), end the processes of every cluster still open."""
    for cluster in list(_OPEN):
        cluster.close()


def _address(hex_address: str) -> str:
    """Return the text form of an address as /proc/net/tcp{,6} writes it (host byte order)."""
    raw = bytes.fromhex(hex_address)
    if len(raw) == 4:
        return socket.inet_ntop(socket.AF_INET, raw[::-1])
    words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
    return socket.inet_ntop(socket.AF_INET6, words)


def _listening_inodes() -> dict[int, tuple[str, int]]:
    """Return ``{socket inode: (address, port)}`` of every TCP socket listening here (Linux)."""
    found = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="utf-8") as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if fields[3] == "0A":  # TCP_LISTEN
                address, port = fields[1].rsplit(":", 1)
                found[int(fields[9])] = (_address(address), int(port, 16))
    return found


def _listening_sockets(pid: int, listening: dict[int, tuple[str, int]]) -> list[tuple[str, int]]:
    """Return the (address, port) pairs the process ``pid`` listens on, from its open files."""
    sockets = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
            if link.startswith("socket:[") and int(link[8:-1]) in listening:
                sockets.add(listening[int(link[8:-1])])
    except OSError:  # gone meanwhile, or not ours to read
        pass
    return sorted(sockets)


def listening_addresses(pid: int) -> list[str]:
    """Return where the process ``pid`` listens for TCP connections, as ``address:port``
    (``0.0.0.0`` or ``::`` would mean every interface). Linux only; elsewhere empty."""
    return [f"{address}:{port}" for address, port in _listening_sockets(pid, _listening_inodes())]


def marked_processes(key: str, value: str) -> list[dict]:
    """Return the live processes (not zombies, not this one) whose environment has
    ``key=value``, each as ``{"pid", "command", "ports"}`` with the TCP ports it listens on.

    A test session sets such a variable, every process it starts inherits it (kernels, cluster
    tasks, their children, even orphans), so this finds whatever the session left behind.
    Linux only (it reads /proc); elsewhere it returns an empty list.
    """
    if not os.path.isdir("/proc/self/fd"):
        return []
    wanted, listening, found = f"{key}={value}".encode(), _listening_inodes(), []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if wanted not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                command = f.read().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        ports = sorted({port for _, port in _listening_sockets(int(entry), listening)})
        found.append({"pid": int(entry), "command": command, "ports": ports})
    return found
