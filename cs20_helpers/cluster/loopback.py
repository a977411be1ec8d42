"""Keep a local cluster's servers on 127.0.0.1: TensorFlow's gRPC server listens on every interface.

TensorFlow takes only the port from a task's address and binds its server to the wildcard
address (``0.0.0.0`` or ``[::]``), so a parameter server started for a notebook would accept
connections from the whole network. ``preload_env()`` returns the environment that makes a
task's process bind loopback instead: a small shared library, preloaded with ``LD_PRELOAD``,
turns a bind to the IPv4 wildcard into one to ``127.0.0.1``, and a bind to the IPv6 wildcard
into one to ``::ffff:127.0.0.1`` (a dual-stack socket then takes IPv4 loopback only). The
library is compiled once with the system's C compiler into a per-user cache. Where that is
impossible (no compiler, not Linux) the environment is empty and a warning says so.
"""

from __future__ import annotations

__all__ = ["C_SOURCE", "library", "preload_env"]

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from functools import cache
from pathlib import Path

C_SOURCE = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_fn)(int, const struct sockaddr *, socklen_t);

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
    static bind_fn real_bind;
    if (!real_bind) real_bind = (bind_fn)dlsym(RTLD_NEXT, "bind");
    if (addr && addr->sa_family == AF_INET && len >= sizeof(struct sockaddr_in)) {
        struct sockaddr_in in4;
        memcpy(&in4, addr, sizeof in4);
        if (in4.sin_addr.s_addr == htonl(INADDR_ANY)) {
            in4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            return real_bind(fd, (const struct sockaddr *)&in4, sizeof in4);
        }
    }
    if (addr && addr->sa_family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
        struct sockaddr_in6 in6;
        memcpy(&in6, addr, sizeof in6);
        if (IN6_IS_ADDR_UNSPECIFIED(&in6.sin6_addr)) {
            static const unsigned char mapped_loopback[16] =
                {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1};
            memcpy(&in6.sin6_addr, mapped_loopback, 16);
            return real_bind(fd, (const struct sockaddr *)&in6, sizeof in6);
        }
    }
    return real_bind(fd, addr, len);
}
"""


def _library_dir() -> Path:
    """Return the per-user folder for the compiled library (beside, not in, the data cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cs20-native"


@cache
def library() -> Path | None:
    """Return the compiled loopback-bind library, building it on first use; None if impossible."""
    compiler = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if not sys.platform.startswith("linux") or compiler is None:
        return None
    digest = hashlib.sha256(C_SOURCE.encode("utf-8")).hexdigest()[:12]
    target = _library_dir() / f"loopback_bind-{digest}.so"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as work:
        source = Path(work) / "loopback_bind.c"
        source.write_text(C_SOURCE, encoding="utf-8")
        built = Path(work) / target.name
        result = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(built),
                                 str(source), "-ldl"], capture_output=True, text=True,
                                timeout=60)
        if result.returncode != 0:
            warnings.warn(f"could not compile the loopback-bind library: {result.stderr[-300:]}",
                          RuntimeWarning, stacklevel=2)
            return None
        built.replace(target)  # atomic: another process sees the whole file or none
    return target


def preload_env() -> dict[str, str]:
    """Return the environment entries that make a child process's servers bind 127.0.0.1."""
    lib = library()
    if lib is None:
        warnings.warn("servers started here will listen on every network interface: the "
                      "loopback-bind library needs Linux and a C compiler", RuntimeWarning,
                      stacklevel=2)
        return {}
    preload = " ".join(p for p in (str(lib), os.environ.get("LD_PRELOAD", "")) if p)
    return {"LD_PRELOAD": preload}
