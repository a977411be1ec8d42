"""``selfcheck``: a student checks their own copy with the checks it carries; no instructor file.

A student copy (``assign``'s output) keeps the visible part of each check cell, as nbgrader's
``validate`` runs it; the hidden tests and the solutions stay with the instructor. ``selfcheck``
runs the copy in a fresh folder, exactly as ``check`` runs a submission, with the copy itself as
the reference, and says per exercise passed, failed (with what the check expected) or not
attempted. A check cell is trusted only as released: its nbgrader checksum (``assign`` computes
it) must still match, so an edited or deleted check cell fails its exercise instead of passing
it. A pass here is the visible checks' verdict, not the grade: the instructor's ``check`` adds
the hidden tests.

Exit status: 0 every exercise passed, 1 some did not, 2 a notebook that cannot be used.
"""

from __future__ import annotations

__all__ = ["DELETED", "EDITED", "HEADER", "main", "tampered"]

import sys
from pathlib import Path

import nbformat

from cs20_helpers.tools import exercises, grading, timing

EDITED = "its check cell was edited (it differs from the released copy): restore it"
DELETED = "its check cell was deleted: copy it back from the released copy"
HEADER = ("the visible part of each check, as released in your copy; your instructor's grading "
          "adds hidden tests")


def tampered(nb: nbformat.NotebookNode) -> dict[str, str]:
    """Return, by exercise id, why an exercise cannot be trusted: its check cell's source no
    longer matches the checksum it was released with, or its solution cell has no check left."""
    found: dict[str, str] = {}
    checked = set()
    for cell in nb.cells:
        meta = exercises.nbgrader_meta(cell)
        if exercises.is_check(cell):
            ident = exercises.exercise_id(meta.get("grade_id", ""))
            checked.add(ident)
            if meta.get("checksum") != exercises.checksum(cell):
                found[ident] = EDITED
    for cell in nb.cells:
        if exercises.is_solution(cell):
            ident = exercises.exercise_id(exercises.nbgrader_meta(cell).get("grade_id", ""))
            if ident not in checked:
                found[ident] = DELETED
    return found


def main(path: Path, timeout: float | None = None) -> int:
    """Run the student's copy against its own released checks and print the table; exit
    status as the module says."""
    try:
        nb = grading.read_notebook(path, link_ok=False)
    except grading.BadNotebook as error:
        print(f"error: {error}", file=sys.stderr)
        return grading.BAD_INPUT
    if not any(exercises.is_solution(c) or exercises.is_check(c) for c in nb.cells):
        print(f"error: {grading.one_line(path.name)} has no auto-checked exercises (is it a "
              "course notebook's student copy?)", file=sys.stderr)
        return grading.BAD_INPUT
    problems = tampered(nb)
    seconds, how = (timeout, "--timeout") if timeout else (timing.DEFAULT_TIMEOUT_S, "default")
    print(f"Checking {grading.one_line(path.name)} in a fresh folder with {HEADER} (cell "
          f"timeout {seconds:g} s: {how}) ...", flush=True)
    try:
        grades, _ = grading.grade(path, nb, nb, seconds, paced=not timeout)
    except grading.GraderFault as error:
        print(f"error: {error}", file=sys.stderr)
        return grading.BAD_INPUT
    for grade in grades:
        if grade.id in problems:
            grade.status, grade.detail = grading.FAILED, problems.pop(grade.id)
    grades += [grading.Grade(ident, 0, grading.FAILED, why) for ident, why in problems.items()]
    print(grading.report(grades), flush=True)
    return grading.ALL_PASSED if all(g.passed for g in grades) else grading.SOME_FAILED
