"""The course's exercise cells, in nbgrader's format: a task, a solution and a check per exercise.

Cell metadata ``nbgrader.grade_id`` is ``nbNN_exK_task``, ``nbNN_exK_solution`` or
``nbNN_exK_check``; check cells are graded (``grade: true``) and carry ``points``.
"""

from __future__ import annotations

from dataclasses import dataclass

import nbformat

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


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


def exercise_id(grade_id: str) -> str:
    """Return ``nbNN_exK`` from ``nbNN_exK_check`` (or ``_solution``, ``_task``)."""
    return grade_id.rsplit("_", 1)[0] if grade_id.endswith(("_check", "_solution", "_task")) \
        else grade_id


def exercises(nb: nbformat.NotebookNode) -> list[Exercise]:
    """Return the notebook's auto-checked exercises in order, each paired with its solution cell.

    A check cell's solution is the solution cell with the same exercise id, else the nearest
    solution cell above it.
    """
    solutions = {exercise_id(nbgrader_meta(c).get("grade_id", "")): i
                 for i, c in enumerate(nb.cells) if is_solution(c)}
    found = []
    last_solution = None
    for index, cell in enumerate(nb.cells):
        if is_solution(cell):
            last_solution = index
        if not is_check(cell):
            continue
        meta = nbgrader_meta(cell)
        ident = exercise_id(meta.get("grade_id", f"cell{index}"))
        found.append(Exercise(ident, float(meta.get("points", 0)), index,
                              solutions.get(ident, last_solution)))
    return found


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


def problems(nb: nbformat.NotebookNode) -> list[str]:
    """Return what is wrong with the notebook's exercise cells (empty when well-formed).

    Check cells carry points and store no output (they pass silently); solution cells mark
    a non-empty answer; no answer sits outside a solution cell; grade ids are unique.
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
            if "points" not in meta:
                found.append(f"cell {index}: check cell {grade_id!r} has no points")
            if cell.get("outputs"):
                found.append(f"cell {index}: check cell {grade_id!r} has output "
                             "(a check passes silently)")
        if is_solution(cell) and not marked:
            found.append(f"cell {index}: solution cell {grade_id!r} has no {BEGIN} ... {END}")
        elif is_solution(cell) and not any(line.strip() for line in solution_lines(cell)):
            found.append(f"cell {index}: solution cell {grade_id!r} has an empty answer")
        if marked and not is_solution(cell):
            found.append(f"cell {index}: {BEGIN} outside a solution cell")
    return found
