"""Student copies of the notebooks, made by nbgrader's own preprocessors.

The chain is nbgrader's ``generate_assignment`` without its gradebook database: cells locked,
solutions replaced by the stub (``# YOUR CODE HERE`` / ``raise NotImplementedError()``), hidden
tests (the grading part of a check cell) removed, outputs cleared, metadata checked and
checksums computed, so nbgrader itself can grade the copies. The maintainers' notebook metadata
(``INSTRUCTOR_ONLY_METADATA``) is left out.

A copy in the out folder is replaced without ``--force`` only when it is what ``assign`` wrote
there (its SHA-256 is in the folder's ``.cs20-assign.json``, a ``guards.Manifest``), e.g. the
copy of the notebook before its last ``store``; anything else there may be a submission.
"""

from __future__ import annotations

__all__ = ["INSTRUCTOR_ONLY_METADATA", "main", "MANIFEST", "PREPROCESSORS", "student_copy",
    "write_copies"]

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
from cs20_helpers.tools import guards
from cs20_helpers.tools.runner import find_notebooks

# generate_assignment's order, less IncludeHeaderFooter, InstantiateTests and SaveCells (the
# database); checksums are computed again after hidden tests are cleared, as nbgrader does.
PREPROCESSORS = (LockCells, ClearSolutions, ClearOutput, CheckCellMetadata, ComputeChecksums,
                 ClearHiddenTests, ClearMarkScheme, ComputeChecksums, CheckCellMetadata)
#: Maintainers' metadata that stays in the instructor notebook: the refute stamp names the wrong
#: answers each check rejects, which a student copy must not give away; the cross-check stamp
#: and the cell times ``store`` records (``timing``; ``check`` reads them from the instructor
#: notebook) would change the copy at every re-store.
INSTRUCTOR_ONLY_METADATA = ("cs20_refuted", "cs20_crosscheck", "cs20")
MANIFEST = ".cs20-assign.json"  # SHA-256 of each copy assign wrote into the folder, by name


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return the student version of an instructor notebook (the input is left unchanged)."""
    copy = nbformat.from_dict(nb)
    for key in INSTRUCTOR_ONLY_METADATA:
        copy.metadata.pop(key, None)
    resources: dict = {}
    for preprocessor in PREPROCESSORS:
        copy, resources = preprocessor().preprocess(copy, resources)
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
