"""Shared plumbing of the scripts in ``benchmarks/``: describe the machine, publish a table.

Each benchmark owns one ``## `` section of ``benchmarks/RESULTS.md`` and rewrites only that
section, so the scripts can be re-run independently; the README quotes their headline figures.
"""

from __future__ import annotations

import os
import platform
from pathlib import Path
from types import ModuleType

from cs20_helpers.notebook import THREADS
from cs20_helpers.paths import project_dir, write_text_atomic


def results_file() -> Path:
    """Return ``benchmarks/RESULTS.md`` of the checkout."""
    return project_dir() / "benchmarks" / "RESULTS.md"


def machine_description(tf: ModuleType) -> str:
    """Describe the machine in one line: cores, CPU model, accelerators, versions, load."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        model = names[0] if names else model
    except OSError:
        pass
    gpus = tf.config.list_physical_devices("GPU")
    accel = f"{len(gpus)} GPU(s) present" if gpus else "CPU only"
    return (f"{os.cpu_count()} cores ({model}), {accel}; TensorFlow {tf.__version__}, "
            f"Python {platform.python_version()}, {THREADS} TensorFlow threads, "
            f"1-minute load average {os.getloadavg()[0]:.1f} at the end")


def write_markdown_section(path: str | Path, heading: str, body: str,
                           title: str = "# Benchmarks") -> Path:
    """Put ``## heading`` and ``body`` into the Markdown file at ``path``; return the path.

    The section that has that heading is replaced, up to the next ``## `` heading, and the
    other sections are left as they are, so several benchmarks can share one file (each
    owning its section). A new section goes at the end; a new file starts with ``title``.
    The file is rewritten through a temporary file, so it is never left half-written.
    """
    path = Path(path)
    head = f"## {heading}"
    text = path.read_text(encoding="utf-8") if path.exists() else f"{title}\n"
    lines = text.rstrip("\n").split("\n")
    section = [head, "", *body.strip("\n").split("\n")]
    if head in lines:
        start = lines.index(head)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
                   len(lines))
        after = lines[end:]
        lines = lines[:start] + section + ([""] + after if after else [])
    else:
        lines = lines + ["", *section]
    return write_text_atomic(path, "\n".join(lines) + "\n")


def publish(heading: str, intro: str, machine: str, table: str, notes: str = "",
            path: Path | None = None) -> Path:
    """Write a benchmark's section: what was run, on which machine, the table, and notes."""
    parts = [intro, "", f"Machine: {machine}.", "", table]
    if notes:
        parts += ["", notes]
    path = write_markdown_section(path or results_file(), heading, "\n".join(parts))
    print(f"wrote the '## {heading}' section of {path.name}")
    return path
