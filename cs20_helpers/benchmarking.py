"""Shared plumbing of the scripts in ``benchmarks/``: describe the machine, publish a table.

Each benchmark owns one ``## `` section of ``benchmarks/RESULTS.md`` and rewrites only that
section, so the scripts can be re-run independently; docs/benchmarks.md quotes their headline
figures. Every script's ``main`` is ``run_benchmark``: its arguments (``argument_parser`` adds
``--no-write``), TensorFlow imported as the notebooks import it, how busy the CPU was before
measuring, then the script's own ``measure``, whose figures and section ``run_benchmark``
stores.
"""

from __future__ import annotations

__all__ = ["argument_parser", "Bench", "cpu_busy_share", "LOADED_BUSY_SHARE",
    "machine_description", "publish", "results_file", "results_json_file", "run_benchmark",
    "Section", "timed_windows", "under_load", "window_figures", "write_markdown_section",
    "write_results_json"]

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from cs20_helpers._atomic import write_text_atomic
from cs20_helpers.busy import LOADED_BUSY_SHARE, cpu_busy_share
from cs20_helpers.machine import cpu_signature
from cs20_helpers.notebook import THREADS, import_tensorflow
from cs20_helpers.paths import bundled_data_dir, project_dir


def results_file() -> Path:
    """Return ``benchmarks/RESULTS.md`` of the checkout."""
    return project_dir() / "benchmarks" / "RESULTS.md"


def under_load(busy_before: float | None) -> bool:
    """Whether ``busy_before`` (from :func:`cpu_busy_share`) says others were using the CPU."""
    return busy_before is not None and busy_before > LOADED_BUSY_SHARE


def machine_description(tf: ModuleType, busy_before: float | None) -> str:
    """Describe the machine in one line: cores, CPU (``machine.cpu_signature``), accelerators,
    versions, and how busy the CPU was just before the benchmark started (``busy_before``,
    from :func:`cpu_busy_share`)."""
    model = cpu_signature()
    gpus = tf.config.list_physical_devices("GPU")
    accel = f"{len(gpus)} GPU(s) present" if gpus else "CPU only"
    return (f"{os.cpu_count()} cores ({model}), {accel}; TensorFlow {tf.__version__}, "
            f"Python {platform.python_version()}, {THREADS} TensorFlow threads, "
            + (f"CPU {busy_before:.0%} busy in the second before the run"
               if busy_before is not None else "CPU load before the run not measured"))


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


def results_json_file() -> Path:
    """Return ``benchmark_results.json``, the machine-readable twin of RESULTS.md: package data,
    so the notebooks that show the benchmarks' figures read them from a wheel too."""
    return bundled_data_dir() / "benchmark_results.json"


def write_results_json(key: str, figures: dict, path: Path | None = None) -> Path:
    """Store one benchmark's ``figures`` under ``key`` of results.json, keeping other keys.

    The file is rewritten atomically, so two benchmarks never leave it half-written and a
    failed write keeps the previous figures.
    """
    path = Path(path or results_json_file())
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[key] = figures
    return write_text_atomic(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def timed_windows(step: Callable[[], int], window_s: float, repeats: int) -> dict[str, float]:
    """Call ``step`` (which returns the examples it did) for ``repeats`` windows of at least
    ``window_s`` seconds each; return the minimum and median seconds per example and the
    examples per second they imply, so a figure is never one short, noisy window."""
    per_example = []
    for _ in range(repeats):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < window_s:
            done += step()
        per_example.append(elapsed / done)
    return window_figures(per_example, window_s)


def window_figures(per_example: Sequence[float], window_s: float) -> dict[str, float]:
    """Summarise the seconds per example of several windows as :func:`timed_windows` does:
    minimum and median, the examples per second they imply, the window and the count."""
    best, median = min(per_example), statistics.median(per_example)
    return {"min_s_per_example": best, "median_s_per_example": median,
            "max_examples_per_s": 1 / best, "median_examples_per_s": 1 / median,
            "window_s": window_s, "repeats": len(per_example)}


def argument_parser(doc: str, writes: str = "RESULTS.md and benchmark_results.json"
                    ) -> argparse.ArgumentParser:
    """Return a benchmark's argument parser, described by ``doc``'s first paragraph, with
    ``--no-write`` (not to update ``writes``)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--no-write", action="store_true", help=f"do not update {writes}")
    return parser


@dataclass
class Bench:
    """What a benchmark's ``measure`` gets from ``run_benchmark``: TensorFlow, the arguments,
    and how busy the CPU was before it started."""

    tf: ModuleType
    args: argparse.Namespace
    busy_before: float | None

    @property
    def machine(self) -> str:
        """The machine line (``machine_description``)."""
        return machine_description(self.tf, self.busy_before)

    @property
    def loaded(self) -> bool:
        """Whether others were using the CPU as the benchmark started (``under_load``)."""
        return under_load(self.busy_before)


@dataclass
class Section:
    """What a benchmark's ``measure`` gives ``run_benchmark`` to store: its ``figures`` for
    benchmark_results.json (None: nothing) and its RESULTS.md section (``intro`` None: none),
    on ``machine`` (None: the machine line)."""

    figures: dict | None
    intro: str | None = None
    table: str = ""
    notes: str = ""
    machine: str | None = None


def run_benchmark(args: argparse.Namespace, measure: Callable[[Bench], Section | int], key: str,
        heading: str, cpu_devices: int | None = None) -> int:
    """Run a benchmark: import TensorFlow (``cpu_devices`` as ``import_tensorflow`` takes
    it), note how busy the CPU is, ``measure``, and unless ``args.no_write`` store its figures
    under ``key`` and publish its section under ``heading``. Returns the exit status: 0, or
    the status ``measure`` returned instead of a Section (nothing is stored then)."""
    tf = import_tensorflow(cpu_devices=cpu_devices)
    bench = Bench(tf, args, cpu_busy_share())  # is anything else running? (the machine line)
    section = measure(bench)
    if isinstance(section, int):
        return section
    if args.no_write:
        return 0
    if section.figures is not None:
        write_results_json(key, section.figures)
    if section.intro is not None:
        publish(heading, section.intro, section.machine or bench.machine, section.table,
                section.notes)
    return 0
