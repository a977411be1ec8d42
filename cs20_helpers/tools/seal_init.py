"""The first process inside a seal (``seal``): it builds the submission's file system, then
becomes the kernel.

Run by ``unshare`` as ``python -I seal_init.py SPEC -- COMMAND...``, as root of a new user
namespace with its own mounts, processes and network (``seal.command``). It uses only the
standard library (``-I``: nothing of the instructor's ``PYTHONPATH`` or user site is read). It
mounts an empty, private file system as the new root; puts in it, each at its own path, the
system's and Python's folders read-only (``SPEC["ro"]``), the working folder read-write
(``SPEC["rw"]``), fresh empty folders (``SPEC["tmpfs"]``: ``/tmp``, the home folder), copies of
a few caches (``SPEC["copy"]``), a fresh ``/proc`` of its own processes, a minimal ``/dev``,
and the loopback network only; moves into it and drops the old root (nothing else of the
machine stays reachable), then gives up every capability (it can mount, unmount or remount
nothing after) and runs ``COMMAND`` in its place, in the working folder (``SPEC["cwd"]``).

A step that fails prints one line to stderr and exits 126, before ``COMMAND`` runs.
"""

from __future__ import annotations

__all__ = ["bind", "build", "FAILED", "main", "SealError"]

import contextlib
import ctypes
import fcntl
import json
import os
import platform
import re
import shutil
import socket
import struct
import sys

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 1, 2, 4, 8, 32
MS_NOATIME, MS_NODIRATIME, MS_BIND, MS_REC, MS_PRIVATE = 1024, 2048, 4096, 16384, 1 << 18
MS_RELATIME = 1 << 21
MNT_DETACH = 2
#: The mount flags of a bind that a remount must repeat (the kernel refuses to clear them in a
#: user namespace), by the ``statvfs`` flag that shows each.
KEPT_FLAGS = {os.ST_NOSUID: MS_NOSUID, os.ST_NODEV: MS_NODEV, os.ST_NOEXEC: MS_NOEXEC,
              os.ST_NOATIME: MS_NOATIME, os.ST_NODIRATIME: MS_NODIRATIME,
              os.ST_RELATIME: MS_RELATIME}
PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 24, 38, 47, 4
LINUX_CAPABILITY_VERSION_3 = 0x20080522
#: ``pivot_root``'s system call number (glibc has no wrapper), by machine.
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}
#: Device files bound from the machine's ``/dev``.
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 1
FAILED = 126

_libc = ctypes.CDLL(None, use_errno=True)


class SealError(OSError):
    """A step of building the seal failed."""


def _call(result: int, what: str) -> None:
    """Raise SealError saying ``what`` failed when a libc call returned -1."""
    if result == -1:
        errno = ctypes.get_errno()
        raise SealError(errno, f"{what}: {os.strerror(errno)}")


def _mount(source: str | None, target: str, fstype: str | None, flags: int,
           data: str | None = None) -> None:
    def raw(text: str | None) -> bytes | None:
        return None if text is None else os.fsencode(text)

    _call(_libc.mount(raw(source), raw(target), raw(fstype), ctypes.c_ulong(flags), raw(data)),
          f"mount {target}")


def _kept_flags(path: str) -> int:
    flags = os.statvfs(path).f_flag
    return sum(ms for st, ms in KEPT_FLAGS.items() if flags & st)


def _place(path: str, root: str) -> str:
    """Make the mount point of ``path`` under ``root`` (a folder, or an empty file for a file);
    return it. A symbolic link (``/bin`` to ``usr/bin``) is made as the same link instead."""
    target = root + path
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if os.path.islink(path):
        if not os.path.lexists(target):
            os.symlink(os.readlink(path), target)
    elif os.path.isdir(path):
        os.makedirs(target, exist_ok=True)
    elif not os.path.exists(target):
        with open(target, "wb"):
            pass
    return target


def _mounts_at_or_below(target: str) -> list[str]:
    """Return the mount points at ``target`` and below it, from ``/proc/self/mountinfo``."""
    with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as info:
        points = [re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), line.split()[4])
                  for line in info]  # a space, tab, newline or backslash written in octal
    return [p for p in points if p == target or p.startswith(target.rstrip("/") + "/")]


def bind(path: str, root: str, writable: bool) -> None:
    """Show ``path`` at the same path under ``root`` with what is mounted below it, read-only
    (all of it) unless ``writable``."""
    target = _place(path, root)
    if os.path.islink(path):
        return
    _mount(path, target, None, MS_BIND | MS_REC)
    if not writable:
        for point in _mounts_at_or_below(target):
            _mount(None, point, None, MS_BIND | MS_REMOUNT | MS_RDONLY | _kept_flags(point))


def _tmpfs(target: str, mode: str = "755") -> None:
    os.makedirs(target, exist_ok=True)
    _mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, f"mode={mode}")


def _devices(root: str) -> None:
    """A minimal ``/dev``: the harmless device files, ``/dev/shm`` and the standard links."""
    _tmpfs(root + "/dev")
    for name in DEVICES:
        if os.path.exists(f"/dev/{name}"):
            bind(f"/dev/{name}", root, writable=True)
    _tmpfs(root + "/dev/shm", "1777")
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"),
                         ("stdout", "/proc/self/fd/1"), ("stderr", "/proc/self/fd/2")):
        os.symlink(target, f"{root}/dev/{name}")


def _loopback_up() -> None:
    """Bring up this network namespace's loopback interface (its only one)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        request = struct.pack("16sH", b"lo", 0)
        flags = struct.unpack("16sH", fcntl.ioctl(sock, SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(sock, SIOCSIFFLAGS, struct.pack("16sH", b"lo", flags | IFF_UP))


def _pivot(root: str) -> None:
    """Make ``root`` the root folder and drop the old one from this mount namespace."""
    number = SYS_PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise SealError(0, f"pivot_root: unknown on {platform.machine()}")
    os.chdir(root)
    _call(_libc.syscall(ctypes.c_long(number), b".", b"."), "pivot_root")
    _call(_libc.umount2(b".", MNT_DETACH), "unmount the old root")
    os.chdir("/")
    _mount(None, "/", None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)


def _drop_capabilities() -> None:
    """Give up every capability, for good: the command runs as a root that can change nothing
    of the seal (no mount, unmount or remount) and gains nothing by running a program."""
    cap = 0
    while _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0:
        cap += 1
    _call(_libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "clear capabilities")
    _call(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no new privileges")
    header = struct.pack("Ii", LINUX_CAPABILITY_VERSION_3, 0)
    _call(_libc.capset(header, bytes(24)), "drop capabilities")


def build(spec: dict) -> None:
    """Build the seal ``spec`` describes and move into it (see the module)."""
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    root = spec["root"]
    os.makedirs(root, exist_ok=True)
    _tmpfs(root)
    mounts = [(p, "ro") for p in spec["ro"]] + [(p, "rw") for p in spec["rw"]]
    mounts += [(p, mode) for p, mode in spec["tmpfs"]]
    # a parent before what is inside it; at one path, a fresh folder before what is bound on it
    for path, kind in sorted(mounts, key=lambda m: (m[0].rstrip("/").split("/"),
                                                    m[1] in ("ro", "rw"))):
        if kind not in ("ro", "rw"):
            _tmpfs(root + path, kind)
        elif os.path.lexists(path):
            bind(path, root, writable=kind == "rw")
    for path in spec["copy"]:  # caches: without them, the same work again
        with contextlib.suppress(OSError):
            shutil.copytree(path, root + path, symlinks=True, dirs_exist_ok=True)
    _devices(root)
    os.makedirs(root + "/proc")
    _mount("proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    _loopback_up()
    _pivot(root)
    os.chdir(spec["cwd"])
    _drop_capabilities()


def main(argv: list[str]) -> int:
    """Build the seal from the JSON ``argv[0]``, then run ``argv[2:]`` (after ``--``)."""
    try:
        spec, command = json.loads(argv[0]), argv[2:]
        build(spec)
        os.execv(command[0], command)
    except (OSError, ValueError, KeyError, IndexError) as error:
        print(f"cs20 seal: {error}", file=sys.stderr)
    return FAILED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
