"""Shared plumbing of the scripts in ``benchmarks/``: describe the machine, publish a table.

Each benchmark owns one ``## `` section of ``benchmarks/RESULTS.md`` and rewrites only that
section, so the scripts can be re-run independently; docs/benchmarks.md quotes their headline
figures. Every script's ``main`` is ``run_benchmark``: its arguments (``argument_parser`` adds
``--no-write``, ``--results-md`` and ``--results-json``), TensorFlow imported as the notebooks
import it, how busy the CPU was before measuring, then the script's own ``measure``, then how
busy the CPU is after it; the figures and the section ``measure`` returns are stored, marked as
taken under load when the CPU was busy before or after (``LOADED_BUSY_SHARE``).
"""

from __future__ import annotations

__all__ = ["argument_parser", "Bench", "cpu_busy_share", "load_note", "LOADED_BUSY_SHARE",
    "machine_description", "publish", "QUIET_RERUN", "results_file", "results_json_file",
    "run_benchmark", "Section", "timed_windows", "under_load", "window_figures",
    "write_markdown_section", "write_results_json"]

import argparse
import json
import os
import platform
import statistics
import sys
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
    ``--no-write`` (not to update ``writes``) and ``--results-md`` and ``--results-json``
    (other files to update instead of the checkout's, e.g. copies in a temporary folder)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--no-write", action="store_true", help=f"do not update {writes}")
    parser.add_argument("--results-md", type=Path, default=None, metavar="PATH",
                        help="the Markdown file to write the section to (default: "
                             "benchmarks/RESULTS.md)")
    parser.add_argument("--results-json", type=Path, default=None, metavar="PATH",
                        help="the JSON file to write the figures to (default: "
                             "cs20_helpers/data/benchmark_results.json)")
    return parser


#: What a figure taken under load is worth, unless a benchmark says more precisely.
QUIET_RERUN = "indicative only; re-run on a quiet machine."


def load_note(busy_before: float | None, busy_after: float | None, effect: str = QUIET_RERUN
              ) -> str:
    """The sentence that marks figures taken under load ("" when the CPU was quiet before and
    after the run): that it was busy, when, and ``effect``, what that does to the figures."""
    limit = f"over {LOADED_BUSY_SHARE:.0%} busy"
    if under_load(busy_before):
        return f"Measured under load (the CPU was {limit} before the run): {effect}"
    if under_load(busy_after):
        return (f"Measured under load (the CPU was {limit} right after the run, "
                f"{busy_after:.0%}, though not before it): {effect}")
    return ""


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
    on ``machine`` (None: the machine line). ``under_load`` says what a load does to these
    figures: the runner puts it before the notes when the CPU was busy (``load_note``)."""

    figures: dict | None
    intro: str | None = None
    table: str = ""
    notes: str = ""
    machine: str | None = None
    under_load: str = QUIET_RERUN


def run_benchmark(args: argparse.Namespace, measure: Callable[[Bench], Section | int], key: str,
        heading: str, cpu_devices: int | None = None) -> int:
    """Run a benchmark: import TensorFlow (``cpu_devices`` as ``import_tensorflow`` takes
    it), note how busy the CPU is, ``measure``, note how busy it is then, and unless
    ``args.no_write`` store its figures under ``key`` of ``args.results_json`` and publish its
    section under ``heading`` in ``args.results_md`` (the checkout's files when those are
    None). A CPU busy after the run though quiet before marks the figures as one busy
    before does: ``loaded`` True where the figures record it, and the section's load note.
    Returns the exit status: 0, or the status ``measure`` returned instead of a Section
    (nothing is stored then)."""
    tf = import_tensorflow(cpu_devices=cpu_devices)
    bench = Bench(tf, args, cpu_busy_share())  # is anything else running? (the machine line)
    section = measure(bench)
    if isinstance(section, int):
        return section
    busy_after = cpu_busy_share()  # did others start while it ran?
    if under_load(busy_after) and not bench.loaded:
        print(f"warning: the CPU was {busy_after:.0%} busy right after the run: its figures "
              "are marked as taken under load", file=sys.stderr)
        if section.figures is not None and "loaded" in section.figures:
            section.figures["loaded"] = True
    if args.no_write:
        return 0
    if section.figures is not None:
        write_results_json(key, section.figures, args.results_json)
    if section.intro is not None:
        notes = " ".join(filter(None, [load_note(bench.busy_before, busy_after,
                                                 section.under_load), section.notes]))
        publish(heading, section.intro, section.machine or bench.machine, section.table,
                notes, args.results_md)
    return 0
