"""``grade``: grade a class's submissions, N at a time, each sealed off from the grader, the
machine and the others; one report per submission and a gradebook CSV; a killed run resumes.

Submissions are ``FOLDER/<student>/<notebook>.ipynb`` (every student folder of ``FOLDER``) or
notebooks named one by one (the student is the folder each is in); each is graded against the
instructor notebook of its file name (or ``--source``), as ``check`` grades it
(``grading.grade``), in a process of its own (``grade_worker``), ``--jobs`` at a time. Each
kernel runs in a seal (``seal``): no network, its own processes, its own temporary and home
folders, the helpers read-only, nothing of the instructor's or of other students. Where no seal
can be made, one line says why and the submissions are graded as ``check`` grades them.

What goes in ``--out``: ``<student>/<notebook stem>.txt``, the report; beside it ``.json``, the
record of the grading (``gradebook``), written when the submission was graded; and
``gradebook.csv``, one row per student and exercise, written whole at the end. A run reuses
every record whose submission, instructor notebook, timeout and sealing are unchanged, so a
killed or interrupted run grades only what is missing on the next start. A submission the
grader could not grade (its notebook's own set-up failed, or the grader itself) is ``not
graded`` in the gradebook, never scored, and graded again by the next run.

Exit status: 0 every submission graded, 2 some could not be (or bad input).
"""

from __future__ import annotations

__all__ = ["GRADEBOOK", "Instructor", "main", "MARKER", "submissions", "WORKER"]

import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import nbformat
from tqdm.auto import tqdm

from cs20_helpers._atomic import write_text_atomic
from cs20_helpers.paths import PACKAGE_DIR
from cs20_helpers.tools import exercises, gradebook, grading, guards, runner, seal, timing
from cs20_helpers.tools.grade_worker import SEALED, UNSEALED
from cs20_helpers.tools.gradebook import NOT_GRADED, Record
from cs20_helpers.tools.grading import BadNotebook, Grade, one_line

GRADEBOOK = "gradebook.csv"
#: The file that marks ``--out`` as a folder ``grade`` writes into.
MARKER = ".cs20-grade"
#: The module that grades one submission in a process of its own.
WORKER = "cs20_helpers.tools.grade_worker"
ALL_GRADED, NOT_ALL_GRADED = 0, 2


@dataclass
class Instructor:
    """The instructor notebook submissions of one file name are graded against, or why there
    is none to use (``problem``)."""

    path: Path | None
    nb: nbformat.NotebookNode | None = None
    sha256: str = ""
    timeout: float = 0.0
    how: str = ""
    problem: str = ""

    def grades(self, status: str, why: str) -> list[Grade]:
        """Every exercise with ``status`` and ``why`` (a row for the notebook when none)."""
        found = exercises.exercises(self.nb) if self.nb is not None else []
        return [Grade(e.id, e.points, status, why) for e in found] or [Grade("", 0, status, why)]


def _instructor(submission: Path, source: Path | None, timeout: float | None) -> Instructor:
    """Return the instructor notebook to grade ``submission`` against, checked as ``check``
    checks it, or one that says why it cannot be used."""
    try:
        path = grading.instructor_copy(submission, source)
        nb = grading.read_notebook(path)
    except BadNotebook as error:
        return Instructor(None, problem=str(error))
    name = one_line(path.name)
    unusable = exercises.hidden_problems(nb)
    if not exercises.exercises(nb):
        return Instructor(path, problem=f"{name} has no auto-checked exercises (nbgrader check "
                                        "cells)")
    if unusable:
        return Instructor(path, problem=f"{name}: {unusable[0]}")
    seconds, how = (timeout, "--timeout") if timeout else timing.cell_timeout([nb])
    return Instructor(path, nb, guards.sha256(path.read_bytes()), seconds, how)


def submissions(targets: list[Path]) -> list[tuple[str, Path]]:
    """Return (student, notebook) for each submission in ``targets``, sorted: every
    ``<student>/<name>.ipynb`` of a folder (hidden names aside), or a notebook named. Raises
    guards.Refused, in one line, for a target that is neither, or two submissions of one name
    by one student."""
    found: dict[tuple[str, str], Path] = {}
    for target in targets:
        if target.is_dir():
            paths = [p for p in sorted(target.glob("*/*.ipynb"))
                     if not any(part.startswith(".") for part in p.relative_to(target).parts)]
        elif target.suffix == ".ipynb" and (target.exists() or target.is_symlink()):
            paths = [target]
        else:
            raise guards.Refused(f"{one_line(str(target))}: neither a folder of submissions "
                                 "(<student>/<notebook>.ipynb) nor a notebook")
        for path in paths:
            key = (path.absolute().parent.name, path.name)
            if key in found and found[key].absolute() != path.absolute():
                raise guards.Refused(f"two submissions of {one_line(key[1])} by "
                                     f"{one_line(key[0])}: {one_line(str(found[key]))} and "
                                     f"{one_line(str(path))}")
            found[key] = path
    return [(student, found[student, name]) for student, name in sorted(found)]


def _digest(path: Path) -> str:
    """The SHA-256 of the file at ``path``, or "" when it cannot be read (graded as such)."""
    try:
        return guards.sha256(path.read_bytes())
    except OSError:
        return ""


class _Workers:
    """The grading processes running now: each grades one submission; Ctrl-C ends them all,
    each ending its kernel first."""

    def __init__(self) -> None:
        self.running: set[subprocess.Popen] = set()
        self.stopped = False
        self.lock = threading.Lock()

    def grade(self, path: Path, instructor: Instructor, sealed: bool) -> dict:
        """Grade ``path`` in a new process; return what it printed, or a fault saying why it
        printed nothing. The process starts in the folder this package was imported from, so
        it imports the same helpers, never a ``cs20_helpers`` in the working folder."""
        command = [sys.executable, "-m", WORKER, str(path.absolute()),
                   str(instructor.path.absolute()), repr(instructor.timeout),
                   SEALED if sealed else UNSEALED]
        with self.lock:
            if self.stopped:
                return {"fault": "interrupted"}
            worker = subprocess.Popen(command, cwd=PACKAGE_DIR.parent, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                      errors="replace")
            self.running.add(worker)
        with worker:
            try:
                out, err = worker.communicate()
            finally:
                with self.lock:
                    self.running.discard(worker)
        try:
            return json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            lines = err.strip().splitlines()
            return {"fault": "the grader failed: "
                             + one_line(lines[-1] if lines else f"exit status {worker.returncode}")}

    def stop(self) -> None:
        """Start no more grading processes; send Ctrl-C to those running (each ends its
        kernel)."""
        with self.lock:
            self.stopped = True
            for worker in self.running:
                worker.send_signal(signal.SIGINT)


def _report(record: Record, instructor: Instructor) -> str:
    """Return the report of one submission's grading."""
    how = "sealed" if record.sealed else "not sealed"
    head = (f"cs20 grade report: {one_line(record.student)}/{one_line(record.notebook)} "
            f"against {one_line(str(instructor.path))} ({how}; cell timeout "
            f"{instructor.timeout:g} s: {instructor.how})")
    if not record.graded:
        return f"{head}\n{NOT_GRADED}: {one_line(record.grades[0].detail)}\n"
    lines = [head, grading.report(record.grades)]
    if record.restarts:
        lines.append(f"the kernel was restarted {record.restarts} time(s) after a cell ran past "
                     "the timeout or ended it; the cells above were run again")
    return "\n".join(lines) + "\n"


def _plan(found: list[tuple[str, Path]], out: Path, source: Path | None,
          timeout: float | None, sealed: bool
          ) -> tuple[list[Record], dict[int, tuple[Path, Instructor]]]:
    """Return a record per submission, in order, and those still to grade (by index) with
    their instructor: a record of an earlier run is reused when it graded the same thing."""
    instructors: dict[str, Instructor] = {}
    records, todo = [], {}
    for index, (student, path) in enumerate(found):
        if path.name not in instructors:
            instructors[path.name] = _instructor(path, source, timeout)
        instructor = instructors[path.name]
        record = Record(student, path.name, _digest(path), instructor.sha256,
                        instructor.timeout, sealed)
        if instructor.problem:
            record.grades = instructor.grades(NOT_GRADED, instructor.problem)
        else:
            earlier = gradebook.load(out / student / f"{path.stem}.json")
            if earlier is not None and earlier.graded and earlier.same_grading(record):
                record = earlier
            else:
                todo[index] = (path, instructor)
        records.append(record)
    return records, todo


def _grade_all(records: list[Record], todo: dict[int, tuple[Path, Instructor]], out: Path,
               jobs: int) -> None:
    """Grade the submissions ``todo``, ``jobs`` at a time, under a progress bar; put each
    record in ``records`` and write its report (and, when graded, its record) as it ends."""
    workers = _Workers()
    with ThreadPoolExecutor(max_workers=jobs) as pool, \
            tqdm(total=len(todo), desc="grading", unit="submission", file=sys.stderr) as bar:
        futures = {pool.submit(workers.grade, path, instructor, records[index].sealed): index
                   for index, (path, instructor) in todo.items()}
        try:
            for future in as_completed(futures):
                index = futures[future]
                record, (path, instructor) = records[index], todo[index]
                result = future.result()
                if "fault" in result:
                    record.grades = instructor.grades(NOT_GRADED, result["fault"])
                else:
                    record.grades = [Grade(**g) for g in result["grades"]]
                    record.restarts = result["restarts"]
                folder = out / record.student
                folder.mkdir(exist_ok=True)
                write_text_atomic(folder / f"{path.stem}.txt", _report(record, instructor))
                if record.graded:
                    gradebook.save(record, folder / f"{path.stem}.json")
                bar.set_postfix_str(one_line(f"{record.student}/{record.notebook}", 40))
                bar.update(1)
        except KeyboardInterrupt:
            workers.stop()
            pool.shutdown(cancel_futures=True)
            raise


def _jobs() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def main(targets: list[Path], out: Path, jobs: int | None = None, source: Path | None = None,
         timeout: float | None = None, sealed: bool = True) -> int:
    """Grade the submissions in ``targets`` into ``out``; exit status as the module says."""
    found = submissions(targets)
    if not found:
        print("error: no submissions found (expected FOLDER/<student>/<notebook>.ipynb)",
              file=sys.stderr)
        return NOT_ALL_GRADED
    guards.replaceable(guards.out_folder(out, runner.find_notebooks()), MARKER)
    out.mkdir(parents=True, exist_ok=True)
    write_text_atomic(out / MARKER, "Written by python -m cs20_helpers grade: reports, records "
                                    "and the gradebook; a later grade resumes here.\n")
    if sealed and (why := seal.problem()):
        print(f"warning: cannot seal submissions off here ({one_line(why)}); grading them "
              "unsealed, with your rights, as check does (see docs/instructors.md)",
              file=sys.stderr)
        sealed = False
    jobs = jobs or _jobs()
    records, todo = _plan(found, out, source, timeout, sealed)
    print(f"Grading {len(todo)} of {len(found)} submissions ({len(found) - len(todo)} already "
          f"graded), {jobs} at a time, {'each sealed off' if sealed else 'not sealed'} ...",
          flush=True)
    start = time.perf_counter()
    _grade_all(records, todo, out, jobs)
    write_text_atomic(out / GRADEBOOK, gradebook.csv_text(records))
    failed = [r for r in records if not r.graded]
    print(f"Graded {len(found) - len(failed)} of {len(found)} submissions "
          f"({len(todo)} now, in {time.perf_counter() - start:.0f} s); gradebook: "
          f"{out / GRADEBOOK}")
    for record in failed:
        print(f"  {NOT_GRADED}: {one_line(record.student)}/{one_line(record.notebook)}: "
              f"{one_line(record.grades[0].detail)}")
    return NOT_ALL_GRADED if failed else ALL_GRADED
