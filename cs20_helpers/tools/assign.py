"""Student copies of the notebooks, made by nbgrader's own preprocessors.

The chain is nbgrader's ``generate_assignment`` without its gradebook database: cells locked,
solutions replaced by the stub (``# YOUR CODE HERE`` / ``raise NotImplementedError()``), outputs
cleared, metadata checked and checksums computed, so nbgrader itself can grade the copies.
"""

from __future__ import annotations

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

# generate_assignment's order, less IncludeHeaderFooter, InstantiateTests and SaveCells (the
# database); checksums are computed again after hidden tests are cleared, as nbgrader does.
PREPROCESSORS = (LockCells, ClearSolutions, ClearOutput, CheckCellMetadata, ComputeChecksums,
                 ClearHiddenTests, ClearMarkScheme, ComputeChecksums, CheckCellMetadata)


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return the student version of an instructor notebook (the input is left unchanged)."""
    copy = nbformat.from_dict(nb)
    resources: dict = {}
    for preprocessor in PREPROCESSORS:
        copy, resources = preprocessor().preprocess(copy, resources)
    return copy


def write_copies(paths: Iterable[Path], out_dir: Path) -> list[Path]:
    """Write a student copy of each notebook into ``out_dir``; return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for path in paths:
        target = out_dir / path.name
        if target.resolve() == path.resolve():
            raise ValueError(f"{target} is the instructor notebook itself; choose another --out")
        nbformat.write(student_copy(nbformat.read(path, as_version=4)), target)
        written.append(target)
    return written


def main(paths: Iterable[Path], out_dir: Path) -> int:
    """Write the student copies and say where they are."""
    for target in write_copies(paths, out_dir):
        print(f"wrote {target}")
    return 0
