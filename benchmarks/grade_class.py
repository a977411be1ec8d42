"""Grading a class: ``grade``'s throughput, serially and N at a time, sealed and not.

Builds a class of ``--count`` submissions of one course notebook (default 01) from its
solutions and its wrong answers (``tests/wrong_answers/``), as ``agree`` builds them: student
k holds the solutions when k is a multiple of the number of kinds, else the k-th kind's wrong
answers. Grades the class four times with ``python -m cs20_helpers grade``, each into a fresh
``--out``: 1 at a time and ``--jobs`` at a time, each not sealed and sealed, and records the
wall-clock seconds, submissions a minute, what the seal costs (sealed / not sealed) and what
``--jobs`` gains (1 at a time / N at a time). Every grading must give the same points and
status to every student and exercise, solutions full marks and each wrong answer a failed
exercise, or the script fails. It also times starting an empty seal against starting the same
Python unsealed (``--starts`` times each), the seal's own cost per kernel start.

    python benchmarks/grade_class.py              # 20 submissions of 01: RESULTS.md, JSON
    python benchmarks/grade_class.py --quick      # 3 submissions, writes nothing

Writes the section "Grading a class" of benchmarks/RESULTS.md and the key ``grade_class`` of
cs20_helpers/data/benchmark_results.json, and nothing else. The load average before and after
each grading is recorded: the figures mean something only on a quiet machine.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark

KEY = "grade_class"
HEADING = "Grading a class"
#: The four gradings: (jobs is N, sealed).
CONFIGS = ((False, False), (False, True), (True, False), (True, True))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line; ``--quick`` shrinks every setting and implies ``--no-write``."""
    parser = argument_parser(__doc__)
    parser.add_argument("--notebook", default="01", help="the course notebook (default: 01)")
    parser.add_argument("--count", type=int, default=20, help="submissions (default: 20)")
    parser.add_argument("--jobs", type=int, default=2, help="N of --jobs N (default: 2)")
    parser.add_argument("--starts", type=int, default=20,
                        help="empty seals (and unsealed starts) timed (default: 20)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 3 submissions, 3 starts; writes nothing")
    args = parser.parse_args(argv)
    if args.quick:
        args.count, args.starts, args.no_write = 3, 3, True
    return args


def build_class(notebook: Path, count: int, folder: Path) -> dict[str, dict[str, bool]]:
    """Write ``count`` submissions of ``notebook`` into ``folder/<student>/``; return, per
    student, whether each exercise holds its solution (and so must pass)."""
    from cs20_helpers.tools import agreement, refute

    nb = nbformat.read(notebook, as_version=4)
    kinds = agreement.submissions(nb, refute.load(notebook, nb), 0)
    expected = {}
    for k in range(count):
        made = kinds[k % len(kinds)]
        student = f"student{k + 1:02d}"
        (folder / student).mkdir(parents=True)
        nbformat.write(made.nb, folder / student / notebook.name)
        expected[student] = {ident: what == "the solution" for ident, what in made.held.items()}
    return expected


def read_gradebook(path: Path) -> dict[tuple[str, str], tuple[str, str]]:
    """Return (student, exercise) -> (points, status) from a gradebook CSV."""
    with path.open(encoding="utf-8", newline="") as file:
        return {(row["student"], row["exercise"]): (row["points"], row["status"])
                for row in csv.DictReader(file)}


def grade_once(submitted: Path, out: Path, jobs: int, sealed: bool) -> dict:
    """Grade the class with ``grade`` in a fresh process; return seconds, loads, gradebook."""
    command = [sys.executable, "-m", "cs20_helpers", "grade", str(submitted), "--out", str(out),
               "--jobs", str(jobs), *([] if sealed else ["--no-seal"])]
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"grade failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    return {"seconds": seconds, "load_before": load_before, "load_after": os.getloadavg()[0],
            "gradebook": read_gradebook(out / "gradebook.csv")}


def verify(runs: dict[str, dict], expected: dict[str, dict[str, bool]]) -> None:
    """Fail unless every grading gave the same points and status everywhere, and those are
    full marks for each solution and a failure for each wrong answer."""
    books = [run["gradebook"] for run in runs.values()]
    if any(book != books[0] for book in books[1:]):
        raise SystemExit("the gradings disagree: " + ", ".join(runs))
    for student, held in expected.items():
        for ident, right in held.items():
            points, status = books[0][student, ident]
            if (status == "passed") != right:
                raise SystemExit(f"{student} {ident}: {status}, expected "
                                 f"{'passed' if right else 'a failure'}")


def time_starts(starts: int) -> dict[str, float]:
    """Median milliseconds to start and end ``python -I -c pass``, unsealed and in a seal."""
    from cs20_helpers.tools import seal

    medians = {}
    with tempfile.TemporaryDirectory() as work:
        for name, prefix in (("unsealed", []), ("sealed", seal.command(Path(work)))):
            times = []
            for _ in range(starts):
                start = time.perf_counter()
                subprocess.run([*prefix, sys.executable, "-I", "-c", "pass"], check=True)
                times.append((time.perf_counter() - start) * 1000)
            medians[name] = statistics.median(times)
    return medians


def label(parallel: bool, sealed: bool, jobs: int) -> str:
    """Name a grading: how many at a time, sealed or not."""
    return f"{jobs if parallel else 1} at a time, {'sealed' if sealed else 'not sealed'}"


def table(runs: dict[str, dict], count: int) -> str:
    """Return the Markdown table of the gradings."""
    lines = ["| grading | seconds | submissions / minute | load before | load after |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for name, run in runs.items():
        lines.append(f"| {name} | {run['seconds']:.0f} | {60 * count / run['seconds']:.1f} | "
                     f"{run['load_before']:.2f} | {run['load_after']:.2f} |")
    return "\n".join(lines)


def ratios(runs: dict[str, dict], jobs: int) -> dict[str, float]:
    """The seal's cost (sealed / not sealed seconds) and what N at a time gains, each way."""
    def seconds(parallel: bool, sealed: bool) -> float:
        return runs[label(parallel, sealed, jobs)]["seconds"]

    return {"seal cost, 1 at a time": seconds(False, True) / seconds(False, False),
            f"seal cost, {jobs} at a time": seconds(True, True) / seconds(True, False),
            f"speed-up of {jobs} at a time, not sealed": seconds(False, False)
            / seconds(True, False),
            f"speed-up of {jobs} at a time, sealed": seconds(False, True) / seconds(True, True)}


def main(argv: list[str] | None = None) -> int:
    """Build the class, grade it four ways, time the seal's start, print and record."""
    return run_benchmark(parse_args(argv), measure, KEY, HEADING)


def measure(bench: Bench) -> Section:
    """Grade the class four ways and time the seal's start; return what to store."""
    from cs20_helpers.tools import runner, seal

    args = bench.args
    why = seal.problem()
    if why:
        raise SystemExit(f"no seal can be made here: {why}")
    notebook = runner.find_notebooks([args.notebook])[0]
    runs = {}
    with tempfile.TemporaryDirectory(prefix="cs20-grade-class-") as tmp:
        expected = build_class(notebook, args.count, Path(tmp) / "submitted")
        for parallel, sealed in CONFIGS:
            name = label(parallel, sealed, args.jobs)
            runs[name] = grade_once(Path(tmp) / "submitted", Path(tmp) / name.replace(" ", "-"),
                                    args.jobs if parallel else 1, sealed)
            print(f"{name}: {runs[name]['seconds']:.0f} s", flush=True)
    verify(runs, expected)
    starts = time_starts(args.starts)
    found = ratios(runs, args.jobs)
    rows = table(runs, args.count)
    notes = ("Every grading gave every student and exercise the same points and status: full "
             "marks for each solution, a failure for each wrong answer. "
             + "; ".join(f"{k}: {v:.2f}" for k, v in found.items())
             + f". Starting and ending `python -I -c pass`, median of {args.starts}: "
             f"{starts['unsealed']:.0f} ms unsealed, {starts['sealed']:.0f} ms in a seal.")
    print(rows, notes, sep="\n\n")
    intro = (f"`python benchmarks/grade_class.py`: {args.count} submissions of "
             f"{notebook.name} (its solutions and wrong answers), graded by `python -m "
             f"cs20_helpers grade` 1 and {args.jobs} at a time, not sealed (`--no-seal`) and "
             "sealed; wall-clock seconds from start to gradebook, and the load average (1 min) "
             "before and after.")
    return Section({
        "notebook": notebook.name, "count": args.count, "jobs": args.jobs,
        "seconds": {name: round(run["seconds"], 1) for name, run in runs.items()},
        "load": {name: [round(run["load_before"], 2), round(run["load_after"], 2)]
                 for name, run in runs.items()},
        "ratios": {k: round(v, 3) for k, v in found.items()},
        "start_ms": {k: round(v, 1) for k, v in starts.items()},
        "cpu_busy_before": bench.busy_before}, intro, rows, notes)


if __name__ == "__main__":
    sys.exit(main())
