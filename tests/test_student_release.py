"""Nothing a student receives holds a solution, a hidden test or a stamp (issues 38, 46).

A student receives the student copies (``assign``'s output, also the Colab links' target), what
``nbgrader generate_assignment`` releases from the ``nbgrader-course`` folder, the site's pages
and downloads (staged as ``site`` stages them, without the Sphinx build) and the package (the
wheel ``pip install`` gives). None may contain the solutions or the hidden tests of any course
notebook: not their markers, and not one of their distinctive lines (a line of a solution or
hidden block that appears nowhere else in the instructor notebook, at least ``MIN_CHARS`` long
once stripped, found as a whole line). None of these, nor the course folder's ``source/`` (the
instructor's answers, for nbgrader, but not the stamps), carries the maintainers' metadata: the
refute stamp quotes what each check said of every wrong answer. Nor does the wheel carry a
notebook or the tests' wrong answers.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest
import wheel_install

from cs20_helpers.tools import assign, cli, exercises, site
from cs20_helpers.tools.runner import find_notebooks

#: Shorter lines (``sess.run(init)``, ``return loss``) are common code, not an answer.
MIN_CHARS = 24
MARKERS = (exercises.BEGIN, exercises.END, exercises.HIDDEN_BEGIN, exercises.HIDDEN_END)
#: How the maintainers' metadata shows in a notebook file (``assign.instructor_only``).
STAMPS = tuple(f'"{key}":' for key in assign.INSTRUCTOR_ONLY_METADATA) + ('"slowest_cell_s"',)
#: The outputs that are the instructor's own, answers and hidden tests kept for nbgrader.
INSTRUCTORS = "course-source/"


def _split(nb: nbformat.NotebookNode) -> tuple[list[str], list[str]]:
    """Return the lines inside the notebook's solution and hidden-test blocks, and every line
    outside them (the markers themselves aside)."""
    secret, given = [], []
    for cell in nb.cells:
        begin, end = (exercises.BEGIN, exercises.END) if exercises.is_solution(cell) else \
            (exercises.HIDDEN_BEGIN, exercises.HIDDEN_END) if exercises.is_check(cell) else \
            (None, None)
        inside = False
        for line in cell.source.splitlines():
            if begin and line.strip() in (begin, end):
                inside = line.strip() == begin
                continue
            (secret if inside else given).append(line)
    return secret, given


def _secrets(nbs: list[nbformat.NotebookNode]) -> list[set[str]]:
    """Return each notebook's distinctive secret lines: stripped, at least MIN_CHARS long, and
    shown nowhere outside the solutions and hidden tests of the course (``with
    tf.Graph().as_default():`` is in an answer of 04 and in the main line of 03)."""
    parts = [_split(nb) for nb in nbs]
    open_text = {line.strip() for _, given in parts for line in given}
    return [{s.strip() for s in secret if len(s.strip()) >= MIN_CHARS
             and s.strip() not in open_text} for secret, _ in parts]


def _lines(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines()}


@pytest.fixture(scope="module")
def received(tmp_path_factory) -> dict[str, set[str]]:
    """Every text a student receives, by name, as its set of stripped lines: the student
    copies of the 12 notebooks (their cells' sources and outputs, and the raw file) and the
    files of the run's wheel."""
    root = tmp_path_factory.mktemp("received")
    texts = {}

    def add(name: str, path) -> None:
        nb = nbformat.read(path, as_version=4)
        texts[name] = _lines(path.read_text(encoding="utf-8")).union(
            *(_lines(cell.source) for cell in nb.cells))

    for path in assign.write_copies(find_notebooks(), root / "release"):
        add(f"release/{path.name}", path)
    course = root / "course"
    assert cli.main(["nbgrader-course", "--out", str(course)]) == 0
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(["nbgrader", "generate_assignment", "*", "--force"], cwd=course,
                            env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    for path in sorted(course.glob("source/*/*.ipynb")):
        add(f"{INSTRUCTORS}{path.name}", path)
    for path in sorted(course.glob("release/*/*.ipynb")):
        add(f"course-release/{path.name}", path)
    site.stage(find_notebooks(), root / "site")
    for path in sorted((root / "site").rglob("*.ipynb")):
        add(f"site/{path.relative_to(root / 'site').as_posix()}", path)
    with zipfile.ZipFile(wheel_install.wheel(wheel_install.run_root(tmp_path_factory))) as zf:
        for name in zf.namelist():
            texts[f"wheel/{name}"] = _lines(zf.read(name).decode("utf-8", errors="replace"))
    return texts


def test_the_wheel_carries_no_notebook_and_no_wrong_answers(received):
    names = [n for n in received if n.startswith("wheel/")]
    assert any(n.endswith("cluster/workers/tf1_worker.py") for n in names)
    assert not [n for n in names if n.endswith(".ipynb") or "wrong_answers" in n
                or "/tests/" in n or "mutants/" in n]


def test_nothing_received_holds_a_solution_or_a_hidden_test(received):
    notebooks = find_notebooks()
    for kind, count in [("release/", 12), (INSTRUCTORS, 12), ("course-release/", 12),
                        ("site/downloads/", 12), ("site/", 24)]:
        assert len([n for n in received if n.startswith(kind)]) == count, kind
    leaks = []
    for path, secrets in zip(notebooks, _secrets([nbformat.read(p, as_version=4)
                                                   for p in notebooks]), strict=True):
        assert len(secrets) >= 5, f"{path.name}: too few distinctive lines to test"
        for name, text in received.items():
            if not name.startswith(INSTRUCTORS):
                leaks += [(path.name, name, line) for line in secrets if line in text]
    for name, lines in received.items():  # the tools' own code names the markers
        if not name.startswith(("wheel/", INSTRUCTORS)):
            leaks += [("marker", name, m) for m in MARKERS if any(m in line for line in lines)]
    assert not leaks, leaks[:10]


def test_no_notebook_that_leaves_the_instructor_carries_a_stamp(received):
    """Issue 46: the refute stamp holds every wrong answer with the first line its check gave
    (hidden tests' messages among them); nbgrader's release keeps notebook metadata."""
    assert all(assign.instructor_only(key) for key in assign.INSTRUCTOR_ONLY_METADATA)
    assert all(any(s in line for line in
                   _lines(path.read_text(encoding="utf-8")) for s in STAMPS[:3])
               for path in find_notebooks())  # the instructor's notebooks carry them
    leaks = [(name, line) for name, lines in received.items() if not name.startswith("wheel/")
             for line in lines if any(stamp in line for stamp in STAMPS)]
    assert not leaks, leaks[:10]


def test_the_scan_finds_a_planted_solution(received):
    line = sorted(_secrets([nbformat.read(find_notebooks()[0], as_version=4)])[0])[0]
    planted = {**received, "wheel/cs20_helpers/leak.py": _lines(f"x = 1\n    {line}\n")}
    found = [name for name, lines in planted.items() if line in lines]
    assert [name for name in found if not name.startswith(INSTRUCTORS)] == [
        "wheel/cs20_helpers/leak.py"]
    assert f"{INSTRUCTORS}{find_notebooks()[0].name}" in found  # the course keeps its answers
