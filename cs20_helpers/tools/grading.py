"""``check``: grade a student's notebook against the instructor's, in a fresh working folder.

The exercises, their points and the check cells come from the instructor's notebook (the one of
the same file name in ``notebooks/``, or ``--source``): the submission's check cells are put
back from it first (``submission.prepare``). The submission runs in a new temporary folder that
holds only a copy of it, with results and logs kept there too, so relative paths reach nothing
of the instructor's. Each cell runs within a time limit (``timing.cell_timeout``, or
``--timeout``), and whether it passed comes from the kernel's execute reply. On a busy machine
the limit grows with the pace the notebook's own set-up cells show against the instructor's
stored run (``timing.Pace``; not under ``--timeout``, which is the limit as given). A cell that runs
past its time or ends the kernel fails its own exercise only: the kernel is restarted, the
cells above that ran cleanly (check cells aside) are run again, and grading goes on.

The grader's faults are never a student's score: settings and the ``--report`` file are checked
before any kernel starts, and when the notebook's own set-up fails (the instructor's first code
cells, unchanged and in their place above the first exercise), nothing is graded and the
command stops with exit 2. Every process the submission starts is ended before the report is
printed (``reaper``), and the kernel's own output goes nowhere, so nothing a solution prints
can follow the score; what a student's exception says is shown on one line, escaped and cut
short (``one_line``), so it cannot add a row or a score either. A folder left by a ``check``
that was killed is removed by the next one.

The grade is printed before the report file is written (a full disk cannot hide it), and that
file is only ever a new one or a report ``check`` wrote before (its first line is
``REPORT_HEADER``): never the submission, an instructor notebook or anything else.

Exit status: 0 every exercise passed, 1 some did not, 2 a notebook that cannot be used or a
grader that cannot grade it.
"""

from __future__ import annotations

__all__ = ["ALL_PASSED", "BAD_INPUT", "BadNotebook", "cell_limit", "FAILED", "Grade", "grade",
    "grade_exercise", "GraderFault", "instructor_copy", "main", "NOT_ATTEMPTED", "one_line",
    "PASSED", "PREFIX", "read_notebook", "report", "REPORT_HEADER", "report_target", "Run",
    "run_cells", "run_notes", "setup_fault", "SHOWN_CHARS", "SOME_FAILED"]

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from cs20_helpers._atomic import PARTIAL, write_text_atomic
from cs20_helpers.tools import exercises, guards, reaper, runner, submission, timing
from cs20_helpers.tools.cell_kernel import DIED, ERROR, OK, TIMEOUT, CellKernel, Outcome

PASSED, FAILED, NOT_ATTEMPTED = "passed", "failed", "not attempted"
ALL_PASSED, SOME_FAILED, BAD_INPUT = 0, 1, 2
#: Each check's working folder is ``<temp>/<PREFIX>*`` (``guards.owned_folder``).
PREFIX = "cs20-check-"
#: The first line of every ``--report`` file: what lets a later check replace it.
REPORT_HEADER = "cs20 check report (python -m cs20_helpers check --report; a later check may " \
                "replace this file)"
#: The most characters of a student's message (or of a path) a report or an error shows.
SHOWN_CHARS = 200


def one_line(text: str, limit: int = SHOWN_CHARS) -> str:
    """Return ``text`` as one line of at most ``limit`` characters, cut with ``...``: every
    character that is not printable (newline, carriage return, escape, other control or format
    characters) is written as its Python escape, so it cannot start a line or move the
    cursor."""
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                    for c in text[:limit + 1])
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."


class BadNotebook(ValueError):
    """A submission or instructor notebook that cannot be used (missing, empty, not a notebook,
    a link, no instructor copy to grade it against)."""


class GraderFault(RuntimeError):
    """The notebook's own set-up failed before any exercise: the grader's environment is at
    fault, not the student. ``reason`` says which cell and how, in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"{reason}; no student code had run: fix the grading environment, or "
                         "on a busy machine give each cell more time with --timeout SECONDS "
                         "(nothing was graded)")
        self.reason = reason


@dataclass
class Grade:
    """The outcome of one exercise: its id, points, status (passed, failed, not attempted), why
    it failed, and a note on what was put back before it ran."""

    id: str
    points: float
    status: str
    detail: str = ""
    note: str = ""

    @property
    def passed(self) -> bool:
        """Whether the exercise earned its points."""
        return self.status == PASSED

    @property
    def result(self) -> str:
        """The report's result column: ``passed``, ``failed: why`` (on one line, see
        ``one_line``) or ``not attempted``."""
        text = f"{self.status}: {one_line(self.detail)}" if self.detail else self.status
        return f"{text} ({self.note})" if self.note else text


@dataclass
class Run:
    """What running the cells gave: each code cell's outcome, how often the kernel was
    restarted, the timeout each cell ran under and how much slower than the instructor's stored
    run the set-up ran (``timing.Pace``)."""

    outcomes: dict[int, Outcome]
    restarts: int = 0
    timeouts: dict[int, float] = field(default_factory=dict)
    pace: float = 1.0


def read_notebook(path: Path, *, link_ok: bool = True) -> nbformat.NotebookNode:
    """Return the notebook at ``path``, or raise BadNotebook saying in one line why not, never
    quoting the file (it may be a link to a secret). A link is refused unless ``link_ok``."""
    shown = one_line(str(path))
    try:
        if not link_ok and path.is_symlink():
            raise BadNotebook(f"{shown} is a symbolic link; grade the submitted file itself")
        if not path.is_file():
            raise BadNotebook(f"no notebook at {shown}")
    except OSError as error:  # e.g. a name too long
        raise BadNotebook(f"no notebook at {shown} ({error.strerror or error})") from None
    try:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
    except nbformat.ValidationError:
        raise BadNotebook(f"{shown} is not a Jupyter notebook (JSON, but not in the notebook "
                          "format)") from None
    # not JSON, not UTF-8, not notebook JSON, or JSON nested too deep to read
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise BadNotebook(f"{shown} is not a Jupyter notebook (not notebook JSON)") from None
    return nb


def instructor_copy(path: Path, source: Path | None) -> Path:
    """Return the instructor notebook to grade ``path`` against: ``source`` if given, else the
    course notebook of the same file name."""
    if source is not None:
        return source
    matches = [nb for nb in runner.find_notebooks() if nb.name == path.name]
    if not matches:
        raise BadNotebook(f"no instructor notebook named {one_line(path.name)} in "
                          f"{runner.notebooks_dir()}; name it with --source (students: "
                          "`python -m cs20_helpers selfcheck` checks your copy on its own)")
    return matches[0]


def _replay(nb: nbformat.NotebookNode, kernel: CellKernel, run: Run, upto: int,
            skip: set[int]) -> None:
    """Restart the kernel and run again the cells above ``upto`` that ran cleanly, check cells
    and those in ``skip`` aside, so that later exercises find what they build on. A cell that
    runs past its time or ends the kernel again is added to ``skip`` and the replay restarts."""
    while True:
        kernel.restart()
        run.restarts += 1
        for index in range(upto):
            outcome = run.outcomes.get(index)
            if outcome is None or outcome.status != OK or index in skip:
                continue
            if kernel.run(nb.cells[index].source).status in (TIMEOUT, DIED):
                skip.add(index)
                break
        else:
            return


def run_cells(nb: nbformat.NotebookNode, kernel: CellKernel, checks: set[int],
              paced: dict[int, float] | None = None) -> Run:
    """Run every code cell of ``nb`` in order; after a timeout or a dead kernel, replay and go
    on. Returns each code cell's outcome. With ``paced`` (the set-up cells' seconds in the
    stored run, by index), each cell's timeout is the kernel's times the pace they show."""
    run, skip = Run({}), set(checks)
    pace = timing.Pace(kernel.timeout)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        if paced is not None:
            kernel.timeout = pace.timeout
        run.timeouts[index] = kernel.timeout
        started = time.perf_counter()
        run.outcomes[index] = kernel.run(cell.source)
        if paced and index in paced and run.outcomes[index].status == OK:
            pace.note(paced[index], time.perf_counter() - started)
            run.pace = pace.factor
        if run.outcomes[index].status in (TIMEOUT, DIED):
            _replay(nb, kernel, run, index, skip)
    return run


def _why(outcome: Outcome, what: str, timeout: float) -> str:
    """Say why a cell failed: an exception, the timeout, or a kernel that died."""
    if outcome.status == TIMEOUT:
        return f"{what} ran past the {timeout:g} s cell timeout (the kernel was restarted)"
    if outcome.status == DIED:
        return f"{what} ended the kernel (it was restarted)"
    return f"{what} raised {outcome.ename}: {outcome.evalue}"


def grade_exercise(exercise: exercises.Exercise, run: Run, note: str, timeout: float) -> Grade:
    """Grade one exercise from its solution's and check's outcomes (a cell that ran past its
    time is said with the timeout it ran under, else ``timeout``)."""

    def result(status: str, detail: str = "") -> Grade:
        return Grade(exercise.id, exercise.points, status, detail, note)

    solution = run.outcomes.get(exercise.solution) if exercise.solution is not None else None
    if solution is not None and solution.status != OK:
        if solution.status == ERROR and solution.ename == "NotImplementedError":
            return result(NOT_ATTEMPTED)
        return result(FAILED, _why(solution, "your solution",
                                   run.timeouts.get(exercise.solution, timeout)))
    check = run.outcomes[exercise.check]
    if check.status == OK:
        return result(PASSED)
    if check.status == ERROR and check.ename == "NotImplementedError":  # a stub, called
        return result(NOT_ATTEMPTED)
    if check.status == ERROR and check.ename == "AssertionError":
        return result(FAILED, check.evalue or "an assert failed (no message)")
    if check.status == ERROR:
        return result(FAILED, f"{check.ename}: {check.evalue}")
    return result(FAILED, _why(check, "the check", run.timeouts.get(exercise.check, timeout)))


def _own_set_up(prepared: submission.Prepared, instructor: nbformat.NotebookNode
                ) -> dict[int, int]:
    """Return the submission's set-up cells that are the instructor's in their place: the
    submission's code cells above its exercises that are the instructor's first code cells
    above the exercises, in the same order and unchanged, up to the first that is not; each
    by its index, with the instructor's code cell number (counting code cells from 0)."""
    theirs = exercises.set_up(instructor)
    numbers = {index: number for number, index in enumerate(
        i for i, cell in enumerate(instructor.cells) if cell.cell_type == "code")}
    own = {}
    for index, their in zip(exercises.set_up(prepared.nb, prepared.exercises), theirs,
                            strict=False):
        if prepared.nb.cells[index].source != instructor.cells[their].source:
            break
        own[index] = numbers[their]
    return own


def setup_fault(prepared: submission.Prepared, instructor: nbformat.NotebookNode, run: Run,
                timeout: float) -> str | None:
    """Return why the notebook's own set-up failed: a cell that raised, timed out or ended the
    kernel when every code cell up to it is the instructor's set-up in its place
    (``_own_set_up``). A cell the student added, edited, moved or pasted there makes what
    follows the student's doing: graded, not blamed on the grader. The reason is one line
    (``one_line``)."""
    for index in _own_set_up(prepared, instructor):
        outcome = run.outcomes.get(index)
        if outcome is not None and outcome.status != OK:
            return one_line(_why(outcome, f"cell {index}, the notebook's own set-up above the "
                                 "exercises,", run.timeouts.get(index, timeout)))
    return None


def _paced(prepared: submission.Prepared, instructor: nbformat.NotebookNode
           ) -> dict[int, float] | None:
    """Return the stored seconds of the submission's own set-up cells, by index, or None when
    the instructor's notebook (for ``selfcheck``, the student copy, by its release record)
    records no cell times (``timing.recorded_times``)."""
    times = timing.recorded_times(instructor)
    if times is None:
        return None
    return {index: times[number] for index, number in _own_set_up(prepared, instructor).items()
            if number in times}


def grade(path: Path, student: nbformat.NotebookNode, instructor: nbformat.NotebookNode,
          timeout: float, seal: Callable[[Path], list[str]] | None = None, *,
          paced: bool = True) -> tuple[list[Grade], Run]:
    """Run the submission ``student`` (read from ``path``) in a fresh folder against
    ``instructor``'s exercises and check cells; return one grade per exercise, and the run.
    Each cell may take ``timeout`` seconds times the pace of the set-up (``paced``, when the
    instructor's notebook records its cell times), else ``timeout``. With ``seal``
    (``seal.command``), the kernel is started through the command line it gives for the
    folder. Raises GraderFault when the notebook's own set-up failed. Every process the
    submission started has ended on return."""
    prepared = submission.prepare(student, instructor)
    work = guards.owned_folder(Path(tempfile.gettempdir()), PREFIX)
    try:
        with reaper.owned():
            shutil.copyfile(path, work / path.name)
            env = runner.kernel_env(tmp=work / "tmp")
            env.update(CS20_RESULTS_DIR=str(work / "results"), CS20_LOG_DIR=str(work / "runs"))
            kernel = CellKernel(work, env, timeout, seal(work) if seal else ())
            try:
                run = run_cells(prepared.nb, kernel, {e.check for e in prepared.exercises},
                                _paced(prepared, instructor) if paced else None)
            finally:
                kernel.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    fault = setup_fault(prepared, instructor, run, timeout)
    if fault:
        raise GraderFault(fault)
    grades = [grade_exercise(e, run, prepared.notes.get(e.id, ""), timeout)
              for e in prepared.exercises]
    return grades, run


def cell_limit(instructor: nbformat.NotebookNode, timeout: float | None) -> tuple[float, str]:
    """Return the cell timeout to grade against ``instructor`` (for ``selfcheck``, the student
    copy) and how it was found, for the first line of the output: ``timeout`` (``--timeout``)
    as given, else ``timing.cell_timeout``, times the pace of the set-up when cell times are
    recorded (``grade`` with ``paced``)."""
    if timeout:
        return timeout, "--timeout"
    seconds, how = timing.cell_timeout([instructor])
    if timing.recorded_times(instructor) is not None:
        how += ", times the pace of the set-up cells on a busy machine"
    return seconds, how


def run_notes(run: Run) -> list[str]:
    """Return the lines that follow the table: how much slower the set-up ran than the
    instructor's stored run (when that gave the cells more time) and how often the kernel was
    restarted."""
    lines = []
    if run.pace > 1:
        lines.append(f"the notebook's own set-up ran {run.pace:.1f}x slower than the "
                     "instructor's stored run: cells were allowed up to that many times the "
                     "cell timeout")
    if run.restarts:
        lines.append(f"the kernel was restarted {run.restarts} time(s) after a cell ran past "
                     "the timeout or ended it; the cells above were run again")
    return lines


def _points(value: float) -> str:
    return f"{value:g}"


def report(grades: list[Grade]) -> str:
    """Return the grades as a table, one row per exercise, and the score."""
    width = max([len("exercise"), *(len(g.id) for g in grades)])
    lines = [f"{'exercise':<{width}}  points  result"]
    lines += [f"{g.id:<{width}}  {_points(g.points):>6}  {g.result}" for g in grades]
    earned = sum(g.points for g in grades if g.passed)
    total = sum(g.points for g in grades)
    passed = sum(g.passed for g in grades)
    lines.append(f"score: {_points(earned)} / {_points(total)} points "
                 f"({passed} of {len(grades)} exercises passed)")
    return "\n".join(lines)


def _is_report(path: Path) -> bool:
    """Whether ``path`` is a plain file (not a pipe, which would block) whose first line is
    ``REPORT_HEADER``: a report check wrote."""
    if not path.is_file():
        return False
    try:
        with path.open(encoding="utf-8", errors="replace") as file:
            return file.readline(len(REPORT_HEADER) + 1).rstrip("\n") == REPORT_HEADER
    except OSError:  # unreadable
        return False


def report_target(target: Path) -> Path:
    """Return ``target`` after checking that ``--report`` may write it, before anything is
    graded: its folder exists and takes a new file, and nothing is there but a report check
    wrote (never the submission, an instructor notebook by any path or link, a folder or
    another file). Raises guards.Refused in one line."""
    shown = one_line(str(target))
    try:
        if target.is_dir():
            raise guards.Refused(f"--report {shown} is a folder; give a file name")
        if (target.exists() or target.is_symlink()) and not _is_report(target):
            raise guards.Refused(f"refusing to overwrite {shown}: it is not a report check "
                                 "wrote (edited, or someone's work); give a new --report file")
        if not target.parent.is_dir():
            raise guards.Refused(f"--report {shown}: no such folder")
        fd, probe = tempfile.mkstemp(prefix=f".{target.name}{PARTIAL}", dir=target.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:  # a name too long, a read-only or full disk, no permission
        raise guards.Refused(f"--report {shown}: cannot write there "
                             f"({error.strerror or error})") from None
    return target


def main(path: Path, source: Path | None = None, timeout: float | None = None,
         report_file: Path | None = None) -> int:
    """Grade a submission and print the table, then write it to ``report_file`` (checked
    before grading with ``report_target``; whole or not at all; a failure to write it raises
    after the grade was shown); exit status as the module says."""
    try:
        student = read_notebook(path, link_ok=False)
        instructor_path = instructor_copy(path, source)
        instructor = read_notebook(instructor_path)
    except BadNotebook as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    if not exercises.exercises(instructor):
        print(f"error: {one_line(instructor_path.name)} has no auto-checked exercises "
              "(nbgrader check cells)", file=sys.stderr)
        return BAD_INPUT
    unusable = exercises.hidden_problems(instructor)
    if unusable:  # its check cells cannot be given as the student copy has them
        print(f"error: {one_line(instructor_path.name)}: {unusable[0]}", file=sys.stderr)
        return BAD_INPUT
    if report_file is not None:
        report_target(report_file)
    seconds, how = cell_limit(instructor, timeout)
    head = (f"Checking {one_line(path.name)} against {one_line(str(instructor_path))} in a "
            f"fresh folder (cell timeout {seconds:g} s: {how}) ...")
    print(head, flush=True)
    try:
        grades, run = grade(path, student, instructor, seconds, paced=not timeout)
    except GraderFault as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    lines = [report(grades), *run_notes(run)]
    print("\n".join(lines), flush=True)
    if report_file is not None:
        write_text_atomic(report_target(report_file),
                          "\n".join([REPORT_HEADER, head, *lines, ""]))
    return ALL_PASSED if all(g.passed for g in grades) else SOME_FAILED
