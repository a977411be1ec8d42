"""Nothing a student receives holds a solution or a hidden test (issue 38).

A student receives the student copies (``assign``'s output, also the site's downloads and the
Colab links' target) and the package (the wheel ``pip install`` gives). Neither may contain the
solutions or the hidden tests of any course notebook: not their markers, and not one of their
distinctive lines (a line of a solution or hidden block that appears nowhere else in the
instructor notebook, at least ``MIN_CHARS`` long once stripped, found as a whole line). Nor
does the wheel carry a notebook or the tests' wrong answers.
"""

from __future__ import annotations

import zipfile

import nbformat
import pytest
import wheel_install

from cs20_helpers.tools import assign, exercises
from cs20_helpers.tools.runner import find_notebooks

#: Shorter lines (``sess.run(init)``, ``return loss``) are common code, not an answer.
MIN_CHARS = 24
MARKERS = (exercises.BEGIN, exercises.END, exercises.HIDDEN_BEGIN, exercises.HIDDEN_END)


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
    for path in assign.write_copies(find_notebooks(), root / "release"):
        nb = nbformat.read(path, as_version=4)
        texts[f"release/{path.name}"] = _lines(path.read_text(encoding="utf-8")).union(
            *(_lines(cell.source) for cell in nb.cells))
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
    assert len(notebooks) == 12 and len([n for n in received if n.startswith("release/")]) == 12
    leaks = []
    for path, secrets in zip(notebooks, _secrets([nbformat.read(p, as_version=4)
                                                   for p in notebooks]), strict=True):
        assert len(secrets) >= 5, f"{path.name}: too few distinctive lines to test"
        for name, text in received.items():
            leaks += [(path.name, name, line) for line in secrets if line in text]
    for name, lines in received.items():  # the tools' own code names the markers
        if name.startswith("release/"):
            leaks += [("marker", name, m) for m in MARKERS if any(m in line for line in lines)]
    assert not leaks, leaks[:10]


def test_the_scan_finds_a_planted_solution(received):
    line = sorted(_secrets([nbformat.read(find_notebooks()[0], as_version=4)])[0])[0]
    planted = {**received, "wheel/cs20_helpers/leak.py": _lines(f"x = 1\n    {line}\n")}
    assert [name for name, lines in planted.items() if line in lines] == [
        "wheel/cs20_helpers/leak.py"]
