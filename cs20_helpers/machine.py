"""Describe the CPU by what decides the order of float32 sums in TensorFlow's kernels.

TensorFlow's CPU matrix and convolution kernels split their sums by thread, by the widest vector
instructions oneDNN finds at run time (AVX-512 or AVX2) and by block sizes chosen from the cache
sizes. Two machines that differ in any of these give other last digits, which training
amplifies; benchmarks and the notebooks' cross-check stamp record this line so that a difference
can be traced to its machine.
"""

from __future__ import annotations

__all__ = ["CACHE_DIR", "cpu_signature", "CPUINFO", "vector_isa"]

import platform
from pathlib import Path

CPUINFO = Path("/proc/cpuinfo")
CACHE_DIR = Path("/sys/devices/system/cpu/cpu0/cache")


def _cpuinfo_fields(text: str) -> dict[str, str]:
    """Return the first processor's ``key: value`` fields of a /proc/cpuinfo text."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip():
            if fields:
                break
            continue
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    return fields


def vector_isa(flags: set[str]) -> str:
    """Return the widest x86 vector instruction set in ``flags`` that oneDNN's sgemm can use."""
    for flag, name in (("avx512f", "AVX-512"), ("avx2", "AVX2"), ("avx", "AVX"),
                       ("sse4_1", "SSE4.1")):
        if flag in flags:
            return name
    return "no x86 vector flags"


def _cache_sizes(cache_dir: Path) -> str:
    """Return the data and unified cache sizes of one core, e.g. ``L1d 48K, L2 1024K``."""
    sizes = []
    for index in sorted(cache_dir.glob("index*")):
        try:
            level = (index / "level").read_text(encoding="utf-8").strip()
            kind = (index / "type").read_text(encoding="utf-8").strip()
            size = (index / "size").read_text(encoding="utf-8").strip()
        except OSError:
            continue
        if kind != "Instruction":
            sizes.append(f"L{level}{'d' if kind == 'Data' else ''} {size}")
    return ", ".join(sizes)


def cpu_signature(cpuinfo: Path = CPUINFO, cache_dir: Path = CACHE_DIR) -> str:
    """Return e.g. ``AMD EPYC (family 26), AVX-512, L1d 48K, L2 1024K, L3 32768K``."""
    try:
        fields = _cpuinfo_fields(cpuinfo.read_text(encoding="utf-8"))
    except OSError:
        return platform.processor() or platform.machine()
    parts = [fields.get("model name", platform.machine())]
    if "cpu family" in fields:
        parts[0] += f" (family {fields['cpu family']})"
    if "flags" in fields:
        parts.append(vector_isa(set(fields["flags"].split())))
    caches = _cache_sizes(cache_dir)
    return ", ".join(parts + ([caches] if caches else []))
