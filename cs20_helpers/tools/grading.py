"""``check``: run a student's notebook in a fresh kernel and grade its auto-checked exercises.

Every cell runs even after errors, so one failing exercise never hides the others' results.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient.exceptions import DeadKernelError
from nbgrader.utils import compute_checksum

from cs20_helpers.tools import exercises, runner

NOT_ATTEMPTED = "not attempted"
PASSED = "passed"


@dataclass
class Grade:
    """The outcome of one exercise: its id, points and result (passed, failed: ..., ...)."""

    id: str
    points: float
    result: str

    @property
    def passed(self) -> bool:
        return self.result == PASSED


def _error(cell: nbformat.NotebookNode) -> nbformat.NotebookNode | None:
    """Return the error output a cell raised, or None."""
    return next((o for o in cell.get("outputs", []) if o.output_type == "error"), None)


def _grade(nb: nbformat.NotebookNode, exercise: exercises.Exercise) -> Grade:
    """Grade one exercise of an executed notebook from its solution and check cells' outputs."""
    check = nb.cells[exercise.check]
    stored = exercises.nbgrader_meta(check).get("checksum")
    if stored and compute_checksum(check) != stored:
        return Grade(exercise.id, exercise.points, "failed: the check cell was edited")
    if exercise.solution is not None:
        raised = _error(nb.cells[exercise.solution])
        if raised is not None and raised.ename == "NotImplementedError":
            return Grade(exercise.id, exercise.points, NOT_ATTEMPTED)
        if raised is not None:
            return Grade(exercise.id, exercise.points,
                         f"failed: your solution raised {raised.ename}: {raised.evalue}")
    raised = _error(check)
    if raised is None:
        return Grade(exercise.id, exercise.points, PASSED)
    if raised.ename == "NotImplementedError":  # a stub function, called by the check
        return Grade(exercise.id, exercise.points, NOT_ATTEMPTED)
    if raised.ename == "AssertionError":
        return Grade(exercise.id, exercise.points,
                     f"failed: {raised.evalue or 'an assert failed (no message)'}")
    return Grade(exercise.id, exercise.points, f"failed: {raised.ename}: {raised.evalue}")


def grade(path: Path) -> list[Grade]:
    """Execute the notebook at ``path`` in a fresh kernel and return one grade per exercise."""
    nb = runner.execute(path, allow_errors=True)
    return [_grade(nb, exercise) for exercise in exercises.exercises(nb)]


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


def main(path: Path) -> int:
    """Grade a notebook and print the table; 0 only when every auto-checked exercise passed."""
    if not path.is_file():
        raise FileNotFoundError(f"no notebook at {path}")
    print(f"Checking {path.name} (runs every cell in a fresh kernel) ...", flush=True)
    try:
        grades = grade(path)
    except DeadKernelError as error:
        print(f"error: the kernel died while running {path.name}: {error}", file=sys.stderr)
        return 1
    if not grades:
        print(f"{path.name} has no auto-checked exercises (nbgrader check cells)")
        return 1
    print(report(grades))
    return 0 if all(g.passed for g in grades) else 1
