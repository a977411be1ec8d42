"""``nbgrader-course``: a ready nbgrader course folder for the instructor notebooks.

Writes ``DIR/source/<assignment>/NN_name.ipynb`` (one assignment per notebook, named by its
stem) and ``DIR/nbgrader_config.py``, whose ``Execute.timeout`` fits the slowest cell as
``check``'s does (``timing.cell_timeout``; nbgrader's default of 30 s fails a correct
submission whose Keras fit takes 31 s on a busy machine) and which puts a deleted check cell
back before grading (``OverwriteCells.add_missing_cells``), as ``check`` does. A config file is
replaced only when this command wrote it.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

import nbformat

from cs20_helpers.paths import write_text_atomic
from cs20_helpers.tools import guards, timing
from cs20_helpers.tools.runner import find_notebooks

CONFIG = "nbgrader_config.py"
HEADER = "# Written by `python -m cs20_helpers nbgrader-course`; its next run rewrites this file."


def config_text(timeout: int, how: str) -> str:
    """Return the course's ``nbgrader_config.py``."""
    return "\n".join([
        HEADER,
        "c = get_config()  # noqa: F821 - nbgrader provides it",
        "",
        f"# Seconds a cell may run: {how}.",
        f"c.Execute.timeout = {timeout}",
        "# A check cell the student deleted is put back and run (cs20's check does the same).",
        "c.OverwriteCells.add_missing_cells = True",
        "",
    ])


def write_course(paths: Iterable[Path], out_dir: Path) -> tuple[list[Path], int]:
    """Write the course folder for the notebooks ``paths`` into ``out_dir``; return the
    notebooks written and the cell timeout. Raises guards.Refused, before writing anything,
    for an ``out_dir`` that is a file or a notebooks folder, a target that is an instructor
    notebook, or a config this command did not write."""
    paths = list(paths)
    protected = [*paths, *find_notebooks()]
    guards.out_folder(out_dir, protected)
    config = out_dir / CONFIG
    if config.exists() and not config.read_text(encoding="utf-8").startswith(HEADER):
        raise guards.Refused(f"{config} was not written by this command; move it or choose "
                             "another --out")
    targets = [guards.new_file(out_dir / "source" / p.stem / p.name, protected) for p in paths]
    timeout, how = timing.cell_timeout(nbformat.read(p, as_version=4) for p in paths)
    for path, target in zip(paths, targets, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    write_text_atomic(config, config_text(timeout, how))
    return targets, timeout


def main(paths: Iterable[Path], out_dir: Path) -> int:
    """Write the course folder and say how to use it."""
    targets, timeout = write_course(paths, out_dir)
    for target in targets:
        print(f"wrote {target}")
    print(f"wrote {out_dir / CONFIG} (cell timeout {timeout} s). In {out_dir}: "
          "nbgrader generate_assignment NAME, collect into submitted/<student>/NAME/, "
          "nbgrader autograde NAME")
    return 0
