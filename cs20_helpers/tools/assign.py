"""Student copies of the notebooks, made by nbgrader's own preprocessors.

The chain is nbgrader's ``generate_assignment`` without its gradebook database: cells locked,
solutions replaced by the stub (``# YOUR CODE HERE`` / ``raise NotImplementedError()``), hidden
tests (the grading part of a check cell) removed, outputs cleared, metadata checked and
checksums computed, so nbgrader itself can grade the copies. The maintainers' metadata (every
``cs20*`` key of the notebook or of a cell: stamps, cell times) is left out.

``released`` is the one function that takes everything instructor-only out of a notebook; every
file that leaves the instructor goes through it: the student copies, the nbgrader course's
``source/`` (``nbgrader-course``, answers kept for nbgrader, stamps removed, so that nbgrader's
release carries none) and the site's pages and downloads.

Each copy carries its own list of exercises (``RELEASE_KEY`` in the notebook's metadata: each
exercise's id, points and the nbgrader checksum of its check cell as released). It lives in
the notebook's metadata, not in a cell, because nothing a student does to cells (deleting a
check cell, retyping an answer in a new cell, turning a cell's nbgrader flags off) touches it,
and Jupyter does not show it: ``selfcheck`` then still knows every exercise and its points, and
``check`` knows which check cells are as that student received them. The record also carries
the few cell times ``selfcheck`` needs to pace its cell timeouts as ``check`` does on a busy
machine (``timing.released_times``: the slowest cell's seconds and the set-up cells'; no
solution, hidden test or stamp). A student who edits the
file's JSON can change it too, which is why only the instructor's ``check`` grades.

A copy in the out folder is replaced without ``--force`` only when it is what ``assign`` wrote
there (its SHA-256 is in the folder's ``.cs20-assign.json``, a ``guards.Manifest``), e.g. the
copy of the notebook before its last ``store``; anything else there may be a submission.
"""

from __future__ import annotations

__all__ = ["instructor_only", "INSTRUCTOR_ONLY_METADATA", "main", "MANIFEST", "PREPROCESSORS",
    "quiet_visible_part", "released", "student_copy", "write_copies"]

import ast
from collections.abc import Iterable
from pathlib import Path

import nbformat
from nbgrader.preprocessors import (
    CheckCellMetadata,
    ClearHiddenTests,
    ClearMarkScheme,
    ClearOutput,
    ClearSolutions,
    ComputeChecksums,
    LockCells,
)

from cs20_helpers._atomic import notebook_text
from cs20_helpers.tools import exercises, guards, timing
from cs20_helpers.tools.runner import find_notebooks

# generate_assignment's order, less IncludeHeaderFooter, InstantiateTests and SaveCells (the
# database), and less ClearSolutions and ClearHiddenTests, which ``released`` ran first (neither
# can run twice: a stubbed solution cell would become the bare stub); the order of the rest is
# nbgrader's, and no two of them touch the same part of a cell.
PREPROCESSORS = (LockCells, ClearOutput, CheckCellMetadata, ComputeChecksums, ClearMarkScheme,
                 ComputeChecksums, CheckCellMetadata)
#: Maintainers' metadata that stays in the instructor notebook: the refute stamp names the wrong
#: answers each check rejects, with the first line each check gave, which no copy may give away;
#: the cross-check stamp and the cell times ``store`` records (``timing``; ``check`` reads them
#: from the instructor notebook, and a copy's release record carries only those ``selfcheck``
#: paces by). Every key starting with ``cs20`` is the maintainers' (see ``instructor_only``),
#: these and any stamp added later.
INSTRUCTOR_ONLY_METADATA = ("cs20_refuted", "cs20_crosscheck", "cs20")
MANIFEST = ".cs20-assign.json"  # SHA-256 of each copy assign wrote into the folder, by name
def instructor_only(key: str) -> bool:
    """Whether a notebook's or a cell's metadata key is the maintainers' (``cs20``, ``cs20_*``:
    stamps and cell times), never to leave the instructor."""
    return key.startswith("cs20")


def quiet_visible_part(source: str) -> str:
    """A check cell's source with a ``;`` after the last statement of its visible part (before
    ``### BEGIN HIDDEN TESTS``) when that statement is a bare call: with the hidden tests gone,
    it ends the cell, and Jupyter would show what it returns (``rules.enforce`` returns the
    re-run's names, thousands of characters) under a check that passed. Unchanged otherwise, or
    when the visible part does not parse."""
    lines = source.splitlines(keepends=True)
    end = next((i for i, line in enumerate(lines) if exercises.HIDDEN_BEGIN in line), len(lines))
    visible = "".join(lines[:end])
    try:
        body = ast.parse(visible).body
    except SyntaxError:
        return source
    if not body or not isinstance(body[-1], ast.Expr) or not isinstance(body[-1].value, ast.Call):
        return source
    last = body[-1]
    row = last.end_lineno - 1
    rest = lines[row][last.end_col_offset:]
    if rest.lstrip().startswith(";"):
        return source
    lines[row] = lines[row][:last.end_col_offset] + ";" + rest
    return "".join(lines)


def released(nb: nbformat.NotebookNode, *, answers: bool = False) -> nbformat.NotebookNode:
    """Return a copy of an instructor notebook with everything instructor-only taken out: every
    ``cs20*`` metadata key of the notebook and of its cells and, unless ``answers`` (the
    nbgrader course's source, from which nbgrader's own release takes them out), the solutions
    (nbgrader's stub in their place) and the check cells' hidden tests; each check cell's
    visible part ends quietly (``quiet_visible_part``). The input is left unchanged."""
    copy = nbformat.from_dict(nb)
    for meta in (copy.metadata, *(cell.metadata for cell in copy.cells)):
        for key in [k for k in meta if instructor_only(k)]:
            del meta[key]
    for cell in copy.cells:
        if exercises.is_check(cell):
            cell.source = quiet_visible_part(cell.source)
    if not answers:
        resources: dict = {}
        for preprocessor in (ClearSolutions, ClearHiddenTests):
            copy, resources = preprocessor().preprocess(copy, resources)
    return copy


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return the student version of an instructor notebook, with its release record
    (``exercises.RELEASE_KEY``): its list of exercises and, when the instructor notebook
    records them, the cell times its ``selfcheck`` paces by (``timing.released_times``); the
    input is left unchanged."""
    copy = released(nb)
    resources: dict = {}
    for preprocessor in PREPROCESSORS:
        copy, resources = preprocessor().preprocess(copy, resources)
    record = {"exercises": [
        {"id": e.id, "points": e.points, "checksum": exercises.checksum(copy.cells[e.check])}
        for e in exercises.exercises(copy)]}
    times = timing.released_times(copy, nb)
    if times is not None:
        record[timing.RELEASED] = times
    copy.metadata[exercises.RELEASE_KEY] = record
    return copy


def write_copies(paths: Iterable[Path], out_dir: Path, *, force: bool = False) -> list[Path]:
    """Write a student copy of each notebook into ``out_dir``, each whole or not at all; return
    the paths written.

    Refuses (guards.Refused), before writing anything, an ``out_dir`` that is a file or the
    notebooks' folder, a target that is an instructor notebook by any path or link, and, unless
    ``force``, a file there (or a link) that differs from the copy and is not a copy this
    function wrote there (recorded in the folder's ``MANIFEST``): it may be a submission. A
    link is replaced by the copy, never written through.
    """
    paths = list(paths)
    targets = guards.copy_targets(paths, out_dir, find_notebooks())
    copies = [notebook_text(student_copy(nbformat.read(path, as_version=4))).encode("utf-8")
              for path in paths]
    written = guards.Manifest(out_dir, MANIFEST)
    if not force:
        for target, data in zip(targets, copies, strict=True):
            written.no_loss(target, data, "pass --force to replace it")
    for target, data in zip(targets, copies, strict=True):
        written.write(target, data)
    return targets


def main(paths: Iterable[Path], out_dir: Path, *, force: bool = False) -> int:
    """Write the student copies and say where they are."""
    for target in write_copies(paths, out_dir, force=force):
        print(f"wrote {target}")
    return 0
