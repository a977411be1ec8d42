"""The course's exercise cells, in nbgrader's format: a task, a solution and a check per exercise.

Cell metadata ``nbgrader.grade_id`` is ``nbNN_exK_task``, ``nbNN_exK_solution`` or
``nbNN_exK_check``; check cells are graded (``grade: true``) and carry ``points``. A check cell
may end with its grading part between ``### BEGIN HIDDEN TESTS`` and ``### END HIDDEN TESTS``:
what ``check`` and ``nbgrader autograde`` run, never shown to students.

What a student's ``selfcheck`` needs of nbgrader is here without it (the ``student`` extra has
no nbgrader): its hidden-test delimiters, the cell checksum it computes (``checksum``), and
``given_source`` for a cell without hidden tests; the tests hold them to nbgrader's own.
"""

from __future__ import annotations

__all__ = ["BEGIN", "checksum", "END", "Exercise", "exercise_id", "exercises", "given_source",
    "HIDDEN_BEGIN", "HIDDEN_END", "hidden_paired", "hidden_problems", "is_check", "is_solution",
    "nbgrader_meta", "points", "problems", "RELEASE_KEY", "Released", "released_exercises",
    "set_up", "solution_lines"]

import hashlib
import math
from dataclasses import dataclass

import nbformat

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
#: nbgrader's hidden-test delimiters (a line holding one begins or ends a hidden block): the
#: defaults of its ClearHiddenTests.
HIDDEN_BEGIN, HIDDEN_END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"


@dataclass
class Exercise:
    """One auto-checked exercise: its id, points and the indexes of its cells in the notebook."""

    id: str
    points: float
    check: int
    solution: int | None


def nbgrader_meta(cell: nbformat.NotebookNode) -> dict:
    """Return a cell's nbgrader metadata (empty for an ordinary cell, and for one whose
    ``nbgrader`` entry is not a mapping: a submission's metadata is not to be trusted)."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def is_check(cell: nbformat.NotebookNode) -> bool:
    """Whether a cell is an auto-graded check cell (a graded code cell)."""
    return cell.cell_type == "code" and bool(nbgrader_meta(cell).get("grade"))


def is_solution(cell: nbformat.NotebookNode) -> bool:
    """Whether a cell is a code cell holding a solution."""
    return cell.cell_type == "code" and bool(nbgrader_meta(cell).get("solution"))


def checksum(cell: nbformat.NotebookNode) -> str:
    """Return nbgrader's checksum of a graded or solution cell (``nbgrader.utils.
    compute_checksum``, which ``assign`` records in the student copies): an MD5 of its source,
    type, flags, grade id and, for a graded cell, points. Where nbgrader would fail on a
    malformed cell, a missing grade id is read as empty, missing points as 0 and points that are
not a number as their text, which matches no checksum ``assign`` released."""
    meta = nbgrader_meta(cell)
    grade, solution = meta.get("grade", False), meta.get("solution", False)
    locked = False if solution else True if grade else meta.get("locked", False)
    parts = [cell.source, cell.cell_type, str(grade), str(solution), str(locked),
             str(meta.get("grade_id", ""))]
    if grade:
        try:
            parts.append(str(float(meta.get("points", 0))))
        except (TypeError, ValueError):  # nbgrader would fail: no released checksum matches
            parts.append(f"not a number: {meta.get('points')!r}")
    digest = hashlib.md5()
    for part in parts:
        digest.update(part.encode("utf-8"))
    return digest.hexdigest()


def given_source(cell: nbformat.NotebookNode) -> str:
    """Return a check cell's source as ``assign.student_copy`` gives it: its hidden tests
    (``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS``, the grading part) cleared by
    nbgrader's own ClearHiddenTests, which raises RuntimeError for markers not in pairs or in a
    cell that is not graded. A source without markers is given as it is, nbgrader or not."""
    if HIDDEN_BEGIN not in cell.source and HIDDEN_END not in cell.source:
        return cell.source
    from nbgrader.preprocessors import ClearHiddenTests  # the instructor's tools only

    copy = nbformat.from_dict(cell)
    ClearHiddenTests().preprocess_cell(copy, {}, 0)
    return copy.source


def exercise_id(grade_id: str) -> str:
    """Return ``nbNN_exK`` from ``nbNN_exK_check`` (or ``_solution``, ``_task``)."""
    return grade_id.rsplit("_", 1)[0] if grade_id.endswith(("_check", "_solution", "_task")) \
        else grade_id


def exercises(nb: nbformat.NotebookNode) -> list[Exercise]:
    """Return the notebook's auto-checked exercises in order, each paired with its solution cell.

    A check cell's solution is the solution cell with the same exercise id, or none (a solution
    cell that lost its metadata, or an answer typed in a new cell): never another exercise's,
    whose failure is its own. A check cell without a grade id is named by its index, and points
    that are not a number count as 0 (``problems`` names both).
    """
    solutions = {exercise_id(nbgrader_meta(c).get("grade_id", "")): i
                 for i, c in enumerate(nb.cells) if is_solution(c)}
    found = []
    for index, cell in enumerate(nb.cells):
        if not is_check(cell):
            continue
        meta = nbgrader_meta(cell)
        ident = exercise_id(str(meta.get("grade_id") or f"cell{index}"))
        found.append(Exercise(ident, points(meta) or 0.0, index, solutions.get(ident)))
    return found


def set_up(nb: nbformat.NotebookNode, found: list[Exercise] | None = None) -> list[int]:
    """Return the indexes of the notebook's set-up cells: its code cells above its first
    exercise cell (of ``found``, by default its own ``exercises``)."""
    found = exercises(nb) if found is None else found
    first = min((i for e in found for i in (e.solution, e.check) if i is not None),
                default=len(nb.cells))
    return [i for i in range(first) if nb.cells[i].cell_type == "code"]


def points(meta: dict) -> float | None:
    """Return a check cell's points (its nbgrader metadata's ``points``), or None when they are
    missing or not a finite number of at least 0."""
    value = meta.get("points")
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not 0 <= value < float("inf"):
        return None
    return float(value)


#: The notebook metadata key of a student copy's own list of its exercises, written by
#: ``assign`` (not ``cs20*``: it is the student's, and leaves the instructor on purpose).
RELEASE_KEY = "course_release"


@dataclass(frozen=True)
class Released:
    """One exercise as a student copy was released with it: its id, its points and the nbgrader
    checksum of its check cell as released."""

    id: str
    points: float
    checksum: str


def _released_entry(entry: object) -> Released | None:
    """Return one entry of a copy's list of exercises, or None when it is malformed."""
    if not isinstance(entry, dict):
        return None
    ident, points, checksum = entry.get("id"), entry.get("points"), entry.get("checksum")
    if not (isinstance(ident, str) and isinstance(checksum, str)
            and isinstance(points, int | float) and not isinstance(points, bool)
            and math.isfinite(points) and points >= 0):
        return None
    return Released(ident, float(points), checksum)


def released_exercises(nb: nbformat.NotebookNode) -> list[Released] | None:
    """Return the exercises a student copy was released with (``RELEASE_KEY``), in order, or
    None when it carries no list, or one that is not as ``assign`` writes it."""
    record = nb.metadata.get(RELEASE_KEY)
    entries = record.get("exercises") if isinstance(record, dict) else None
    if not isinstance(entries, list):
        return None
    found = [_released_entry(entry) for entry in entries]
    return None if None in found else found


def solution_lines(cell: nbformat.NotebookNode) -> list[str]:
    """Return the lines strictly between ``### BEGIN SOLUTION`` and ``### END SOLUTION``."""
    inside, lines = False, []
    for line in cell.source.splitlines():
        if line.strip() == BEGIN:
            inside = True
        elif line.strip() == END:
            inside = False
        elif inside:
            lines.append(line)
    return lines


def hidden_paired(source: str) -> bool:
    """Whether a source's hidden-test markers come in BEGIN/END pairs, none nested, read as
    nbgrader reads them (a line holding the delimiter)."""
    inside = False
    for line in source.split("\n"):
        if HIDDEN_BEGIN in line or HIDDEN_END in line:
            if inside == (HIDDEN_BEGIN in line):  # a BEGIN inside a block, an END outside one
                return False
            inside = not inside
    return not inside


def hidden_problems(nb: nbformat.NotebookNode) -> list[str]:
    """Return a line per cell whose hidden-test markers are not in pairs or not in a check cell
    (nbgrader's ClearHiddenTests refuses both)."""
    found = []
    for index, cell in enumerate(nb.cells):
        if HIDDEN_BEGIN not in cell.source and HIDDEN_END not in cell.source:
            continue
        if not is_check(cell):
            found.append(f"cell {index}: hidden tests outside a check cell "
                         f"(### {HIDDEN_BEGIN} ... ### {HIDDEN_END} go in a check cell)")
        elif not hidden_paired(cell.source):
            found.append(f"cell {index}: check cell {nbgrader_meta(cell).get('grade_id')!r}: "
                         f"hidden-test markers not in BEGIN/END pairs (### {HIDDEN_BEGIN}, "
                         f"then ### {HIDDEN_END})")
    return found


def problems(nb: nbformat.NotebookNode) -> list[str]:
    """Return what is wrong with the notebook's exercise cells (empty when well-formed).

    Check cells carry points and store no output (they pass silently); solution cells mark
    a non-empty answer; no answer sits outside a solution cell; grade ids are unique; hidden
    tests come in pairs of markers, in check cells only.
    """
    found = []
    seen: set[str] = set()
    for index, cell in enumerate(nb.cells):
        meta = nbgrader_meta(cell)
        grade_id = meta.get("grade_id")
        if grade_id and grade_id in seen:
            found.append(f"cell {index}: grade_id {grade_id!r} is used twice")
        seen.add(grade_id)
        marked = any(line.strip() in (BEGIN, END) for line in cell.source.splitlines())
        if is_check(cell):
            if not grade_id:
                found.append(f"cell {index}: check cell has no grade_id")
            if "points" not in meta:
                found.append(f"cell {index}: check cell {grade_id!r} has no points")
            elif points(meta) is None:
                found.append(f"cell {index}: check cell {grade_id!r}: points "
                             f"{meta['points']!r} is not a number of at least 0")
            if cell.get("outputs"):
                found.append(f"cell {index}: check cell {grade_id!r} has output "
                             "(a check passes silently)")
        if is_solution(cell) and not marked:
            found.append(f"cell {index}: solution cell {grade_id!r} has no {BEGIN} ... {END}")
        elif is_solution(cell) and not any(line.strip() for line in solution_lines(cell)):
            found.append(f"cell {index}: solution cell {grade_id!r} has an empty answer")
        if marked and not is_solution(cell):
            found.append(f"cell {index}: {BEGIN} outside a solution cell")
    return found + hidden_problems(nb)
