"""A student's submission made ready to grade against the instructor's notebook, as nbgrader's
``autograde`` does: the exercises, their points and the check cells come from the instructor.

Every check cell is put back from the instructor's copy, hidden tests included: one the student
edited (its source as the student copy gave it, hidden tests cleared, points or ``grade`` flag;
a cell still as that student's copy was released, by the checksum in its list of exercises, is
not edited though the instructor reworded it since) is replaced, one deleted is inserted again
after the cell that comes before it in the instructor's copy, and a check cell the instructor
does not have counts for nothing. What was put back is noted per exercise, for the report.
"""

from __future__ import annotations

__all__ = ["DELETED", "EDITED", "prepare", "Prepared"]

from dataclasses import dataclass

import nbformat

from cs20_helpers.tools import exercises

EDITED = "its check cell had been edited; the instructor's was run"
DELETED = "its check cell had been deleted; the instructor's was run"


@dataclass
class Prepared:
    """The notebook to run, its exercises (from the instructor) and what was put back."""

    nb: nbformat.NotebookNode
    exercises: list[exercises.Exercise]
    notes: dict[str, str]


def _grade_id(cell: nbformat.NotebookNode) -> str | None:
    """Return the cell's nbgrader grade id, or None for an ordinary cell (or one whose grade id
    is missing, empty or not a string)."""
    grade_id = exercises.nbgrader_meta(cell).get("grade_id")
    return grade_id if isinstance(grade_id, str) and grade_id else None


def _edited(cell: nbformat.NotebookNode, original: nbformat.NotebookNode,
            released: str | None = None) -> bool:
    """Whether a student's check cell differs from the instructor's in what grading uses:
    type, source (as the student copy gave it, hidden tests cleared; the instructor's full
    source counts as unedited too), the ``grade`` flag or the points (a checksum, being the
    student's, is not). A cell whose nbgrader checksum is the one its copy was released with
    (``released``, from the copy's list of exercises) is as that student received it: not
    edited, though the instructor reworded the cell since. Only the note depends on this; the
    instructor's cell runs either way."""
    if released is not None and exercises.checksum(cell) == released:
        return False
    meta, kept = exercises.nbgrader_meta(cell), exercises.nbgrader_meta(original)
    return (cell.cell_type != original.cell_type
            or cell.source not in (exercises.given_source(original), original.source)
            or (bool(meta.get("grade")), meta.get("points")) != (True, kept.get("points")))


def _clean(cell: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a copy of an instructor cell to run: no outputs, no execution count."""
    copy = nbformat.from_dict(cell)
    copy.outputs, copy.execution_count = [], None
    return copy


def _not_graded(cell: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a copy of a student cell with any claim to be graded removed."""
    copy = nbformat.from_dict(cell)
    meta = exercises.nbgrader_meta(copy)
    if meta.get("grade"):
        meta["grade"] = False
        meta.pop("points", None)
    return copy


def _insert_missing(cells: list, instructor: nbformat.NotebookNode,
                    checks: dict[str, nbformat.NotebookNode], notes: dict[str, str]) -> None:
    """Insert each instructor check cell missing from ``cells`` after the cell that precedes it
    in the instructor's copy (by grade id), else at the end, as nbgrader does."""
    anchor = None
    for cell in instructor.cells:
        grade_id = _grade_id(cell)
        present = [i for i, c in enumerate(cells) if grade_id and _grade_id(c) == grade_id]
        if present:
            anchor = present[0]
        elif grade_id in checks:
            anchor = len(cells) if anchor is None else anchor + 1
            cells.insert(anchor, _clean(checks[grade_id]))
            notes[exercises.exercise_id(grade_id)] = DELETED


def prepare(student: nbformat.NotebookNode, instructor: nbformat.NotebookNode) -> Prepared:
    """Return the student's notebook with the instructor's check cells put back, and the
    instructor's exercises located in it."""
    checks = {_grade_id(c): c for c in instructor.cells if exercises.is_check(c) and _grade_id(c)}
    released = {e.id: e.checksum for e in exercises.released_exercises(student) or []}
    cells, notes, seen = [], {}, set()
    for cell in student.cells:
        grade_id = _grade_id(cell)
        if grade_id not in checks:
            cells.append(_not_graded(cell))
        elif grade_id not in seen:  # a duplicate of a check cell is dropped
            seen.add(grade_id)
            original = checks[grade_id]
            if _edited(cell, original, released.get(exercises.exercise_id(grade_id))):
                notes[exercises.exercise_id(grade_id)] = EDITED
            cells.append(_clean(original))
    _insert_missing(cells, instructor, checks, notes)
    nb = nbformat.from_dict(student)
    nb.cells = cells
    return Prepared(nb, exercises.exercises(nb), notes)
