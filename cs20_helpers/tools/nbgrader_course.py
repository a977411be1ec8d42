"""``nbgrader-course``: a ready nbgrader course folder for the instructor notebooks.

Writes ``DIR/source/<assignment>/NN_name.ipynb`` (one assignment per notebook, named by its
stem: the instructor notebook with its solutions and hidden tests, which nbgrader needs, and
without the maintainers' stamps, ``assign.released``, so that ``nbgrader generate_assignment``
releases none, and with the student copy's list of exercises, which it releases) and
``DIR/nbgrader_config.py``, whose ``Execute.timeout`` fits the slowest cell as ``check``'s does
(``timing.cell_timeout``; nbgrader's default of 30 s fails a correct submission whose Keras fit
takes 31 s on a busy machine) of every notebook the folder holds after the command: those
written now and those an earlier run wrote that are still there (their recorded cell times are
kept in the folder's ``.cs20-course-times.json``, as the copies carry none of the maintainers'
metadata; its comment names the notebook that sets it), and which puts a deleted check cell
back before grading (``OverwriteCells.add_missing_cells``), as ``check`` does. nbgrader runs
every cell under that one fixed timeout: unlike ``check``, it cannot pace a busy machine
(``timing.Pace``).

The folder is the instructor's work: a config file is replaced only when this command wrote it,
and a notebook there only when it is what this command wrote last time (its SHA-256 is in the
folder's ``.cs20-course.json``, a ``guards.Manifest``); an edited one, or one this command did
not write, is refused before anything is written. Missing files are added. Each file is written
whole or not at all.
"""

from __future__ import annotations

__all__ = ["CONFIG", "config_text", "course_timeout", "HEADER", "main", "MANIFEST", "TIMES",
    "write_course"]

import json
import textwrap
from collections.abc import Iterable
from pathlib import Path

import nbformat

from cs20_helpers._atomic import notebook_text, write_text_atomic
from cs20_helpers.tools import assign, exercises, guards, timing
from cs20_helpers.tools.runner import find_notebooks

CONFIG = "nbgrader_config.py"
MANIFEST = ".cs20-course.json"  # SHA-256 of each notebook this command wrote, by relative path
TIMES = ".cs20-course-times.json"  # each notebook's recorded slowest cell (s), by relative path
HEADER = "# Written by `python -m cs20_helpers nbgrader-course`; its next run rewrites this file."


def config_text(timeout: int, how: str) -> str:
    """Return the course's ``nbgrader_config.py``."""
    return "\n".join([
        HEADER,
        "c = get_config()  # noqa: F821 - nbgrader provides it",
        "",
        *(f"# {line}" for line in textwrap.wrap(f"Seconds a cell may run: {how}.", 98,
                                                        break_long_words=False,
                                                        break_on_hyphens=False)),
        f"c.Execute.timeout = {timeout}",
        "# A check cell the student deleted is put back and run (cs20's check does the same).",
        "c.OverwriteCells.add_missing_cells = True",
        "",
    ])


def _times(out_dir: Path) -> dict:
    """Return the recorded slowest-cell seconds of the course's notebooks, by relative path
    (empty when the file is missing or unreadable)."""
    try:
        record = json.loads((out_dir / TIMES).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def _recorded(path: Path, key: str, times: dict) -> nbformat.NotebookNode:
    """Return a notebook carrying only the cell times recorded for the course's ``path``: from
    ``times`` (under ``key``, its path in the folder), else from the file itself (a course
    written before the copies were stripped, or the slowest cell its release record carries,
    ``timing.slowest_cell``), else none."""
    if key in times:
        return nbformat.v4.new_notebook(metadata={"cs20": {"slowest_cell_s": times[key]}})
    try:
        return nbformat.read(path, as_version=4)
    except (OSError, ValueError):
        return nbformat.v4.new_notebook()


def course_timeout(written: guards.Manifest) -> tuple[int, str]:
    """Return the cell timeout that fits every notebook this command wrote into the course
    folder and that is still there (by the cell times recorded when it was written), and how it
    was found, naming the notebook that sets it."""
    notebooks = written.files()
    if not notebooks:  # nothing to fit
        return timing.cell_timeout([])
    times = _times(written.folder)
    found = [(*timing.cell_timeout([_recorded(path, written.relative(path), times)]), path)
             for path in notebooks]
    seconds, how, path = max(found, key=lambda each: each[0])
    return seconds, (f"{how}; set by {path.relative_to(written.folder).as_posix()}, the "
                     f"slowest of the {len(notebooks)} notebook(s) in this course's source/")


def _source(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return the course's copy of an instructor notebook: answers and hidden tests kept, for
    nbgrader; stamps taken out (``assign.released``); and the list of exercises a student copy
    carries (``exercises.RELEASE_KEY``), which nbgrader's release keeps, so that ``selfcheck``
    knows the exercises of a copy nbgrader released too."""
    source = assign.released(nb, answers=True)
    key = exercises.RELEASE_KEY
    source.metadata[key] = assign.student_copy(nb).metadata[key]
    return source


def write_course(paths: Iterable[Path], out_dir: Path) -> tuple[list[Path], int]:
    """Write the course folder for the notebooks ``paths`` into ``out_dir``; return the
    notebooks written and the cell timeout (fitting every notebook the folder then holds).
    Raises guards.Refused, before writing anything, for an ``out_dir`` that is a file or a
    notebooks folder, a target that is an instructor notebook, a notebook there that differs
    from what this command last wrote, or a config this command did not write."""
    paths = list(paths)
    protected = [*paths, *find_notebooks()]
    guards.out_folder(out_dir, protected)
    config = out_dir / CONFIG
    if config.exists() and not config.read_text(encoding="utf-8").startswith(HEADER):
        raise guards.Refused(f"{config} was not written by this command; move it or choose "
                             "another --out")
    targets = [guards.new_file(out_dir / "source" / p.stem / p.name, protected) for p in paths]
    notebooks = [nbformat.read(path, as_version=4) for path in paths]
    contents = [notebook_text(_source(nb)).encode("utf-8") for nb in notebooks]
    written = guards.Manifest(out_dir, MANIFEST)
    for target, data in zip(targets, contents, strict=True):
        written.no_loss(target, data, "move it or choose another --out")
    times = _times(out_dir)
    for target, data, nb in zip(targets, contents, notebooks, strict=True):
        written.write(target, data)
        times[written.relative(target)] = timing.slowest_cell(nb)
        write_text_atomic(out_dir / TIMES, json.dumps(times, indent=1, sort_keys=True))
    timeout, how = course_timeout(written)
    write_text_atomic(config, config_text(timeout, how))
    return targets, timeout


def main(paths: Iterable[Path], out_dir: Path) -> int:
    """Write the course folder and say how to use it."""
    targets, timeout = write_course(paths, out_dir)
    for target in targets:
        print(f"wrote {target}")
    print(f"wrote {out_dir / CONFIG} (cell timeout {timeout} s, fitting every notebook this "
          f"command wrote there). In {out_dir}: nbgrader generate_assignment NAME, collect into "
          "submitted/<student>/NAME/, nbgrader autograde NAME")
    return 0
