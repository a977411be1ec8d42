"""``selfcheck``: a student checks their own copy with the checks it carries; no instructor file.

A student copy (``assign``'s output) keeps the visible part of each check cell, as nbgrader's
``validate`` runs it; the hidden tests and the solutions stay with the instructor. ``selfcheck``
runs the copy in a fresh folder, exactly as ``check`` runs a submission, with the copy itself as
the reference, and says per exercise passed, failed (with what the check expected) or not
attempted.

The exercises and their points are the ones the copy was released with (its list of exercises,
``exercises.released_exercises``, in the notebook's metadata, which no change to its cells touches),
checked against its locked task cells: an exercise whose check cell was deleted, or whose
cells' nbgrader flags were turned off, is reported failed with its points counted. A check cell
is trusted only as released: its nbgrader checksum must match the one released, so an edited
check cell fails its exercise instead of passing it, and a check cell the release did not have
counts for nothing. A copy without that list (made before it existed) is read from its cells.

Each cell's timeout and its pacing on a busy machine are ``check``'s (``grading.cell_limit``,
``grading.grade``), from the instructor's cell times the copy's release record carries
(``timing.released_times``): the slowest cell's, and the set-up cells', which are timed as they
run when still as released; the report then says how much slower the set-up ran. A copy released
without them gives each cell ``timing.DEFAULT_TIMEOUT_S``, unpaced.

None of this is a grade: the checksums are the student's own file's, which anyone can
recompute; a pass here is the visible checks' verdict, and only the instructor's ``check``
(hidden tests added) counts.

Exit status: 0 every exercise passed, 1 some did not, 2 a notebook that cannot be used.
"""

from __future__ import annotations

__all__ = ["DELETED", "EDITED", "expected", "FOOTER", "HEADER", "main", "tampered"]

import sys
from pathlib import Path

import nbformat

from cs20_helpers.tools import exercises, grading, timing

EDITED = "its check cell was edited (it differs from the released copy): restore it"
DELETED = ("its check cell was deleted or its nbgrader metadata changed: copy it back from the "
           "released copy")
HEADER = ("the visible part of each check, as released in your copy; your instructor's grading "
          "adds hidden tests")
FOOTER = ("This is a self-check, not a grade: only your instructor's grade counts (it runs the "
          "hidden tests on the cells as released).")


def expected(nb: nbformat.NotebookNode) -> list[exercises.Released]:
    """Return the exercises the copy must answer: those it was released with, then any other
    its locked task cells name (with no points known); a copy without a list of exercises
    gives those of its check cells, with their checksums as they carry them."""
    listed = exercises.released_exercises(nb)
    if listed is None:
        listed = [exercises.Released(e.id, e.points, exercises.nbgrader_meta(nb.cells[e.check])
                                  .get("checksum", "")) for e in exercises.exercises(nb)]
    known = {e.id for e in listed}
    for cell in nb.cells:
        grade_id = str(exercises.nbgrader_meta(cell).get("grade_id", ""))
        ident = exercises.exercise_id(grade_id)
        if grade_id.endswith("_task") and ident not in known:
            known.add(ident)
            listed.append(exercises.Released(ident, 0.0, ""))
    return listed


def tampered(nb: nbformat.NotebookNode) -> dict[str, str]:
    """Return, by exercise id, why an exercise the copy must answer (``expected``) cannot be
    trusted: its check cell no longer matches the checksum it was released with, or it has no
    check cell left."""
    found: dict[str, str] = {}
    checks = {e.id: nb.cells[e.check] for e in exercises.exercises(nb)}
    for exercise in expected(nb):
        cell = checks.get(exercise.id)
        if cell is None:
            found[exercise.id] = DELETED
        elif exercises.checksum(cell) != exercise.checksum:
            found[exercise.id] = EDITED
    return found


def _graded(nb: nbformat.NotebookNode, grades: list[grading.Grade]) -> list[grading.Grade]:
    """Return one grade per exercise the copy must answer, in order, with its released points:
    an exercise with no check cell left fails, and a check cell the release did not have is
    dropped."""
    problems, ran = tampered(nb), {g.id: g for g in grades}
    result = []
    for exercise in expected(nb):
        grade = ran.get(exercise.id) or grading.Grade(exercise.id, 0, grading.FAILED)
        grade.points = exercise.points
        if exercise.id in problems:
            grade.status, grade.detail = grading.FAILED, problems[exercise.id]
        result.append(grade)
    return result


def main(path: Path, timeout: float | None = None) -> int:
    """Run the student's copy against its own released checks and print the table; exit
    status as the module says."""
    try:
        nb = grading.read_notebook(path, link_ok=False)
    except grading.BadNotebook as error:
        print(f"error: {error}", file=sys.stderr)
        return grading.BAD_INPUT
    if not expected(nb):
        print(f"error: {grading.one_line(path.name)} has no auto-checked exercises (is it a "
              "course notebook's student copy?)", file=sys.stderr)
        return grading.BAD_INPUT
    if timeout or timing.slowest_cell(nb) is not None:
        seconds, how = grading.cell_limit(nb, timeout)
    else:  # a copy released without the instructor's cell times
        seconds, how = timing.DEFAULT_TIMEOUT_S, "default"
    print(f"Checking {grading.one_line(path.name)} in a fresh folder with {HEADER} (cell "
          f"timeout {seconds:g} s: {how}) ...", flush=True)
    try:
        grades, run = grading.grade(path, nb, nb, seconds, paced=not timeout)
    except grading.GraderFault as error:  # the set-up cells are the student's, in a copy
        print(f"error: in your copy, {error.reason}: fix that cell (compare it with the "
              "released copy), or on a busy machine give each cell more time with --timeout "
              "SECONDS; nothing was checked", file=sys.stderr)
        return grading.BAD_INPUT
    grades = _graded(nb, grades)
    print(grading.report(grades), *grading.run_notes(run), FOOTER, sep="\n", flush=True)
    return grading.ALL_PASSED if all(g.passed for g in grades) else grading.SOME_FAILED
