"""``selfcheck``: a student copy checks itself with the checks it was released with, and nothing
else: answers pass, wrong answers fail with the check's message, stubs are not attempted, and an
edited or deleted check cell fails its exercise instead of passing it. Run from a folder where no
instructor notebook can be found (the student's machine)."""

import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from cs20_helpers.tools import assign, exercises, selfcheck

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"


def _selfcheck(path: Path, cwd: Path) -> subprocess.CompletedProcess:
    """Run ``python -m cs20_helpers selfcheck`` as a student would, in ``cwd``."""
    return subprocess.run([sys.executable, "-m", "cs20_helpers", "selfcheck", str(path)],
                          capture_output=True, text=True, timeout=300, check=False, cwd=cwd)


def _rows(stdout: str) -> dict[str, str]:
    """Map each exercise id in the table to its result column."""
    return {parts[0]: parts[2] for parts in (line.split(maxsplit=2) for line in
                                             stdout.splitlines())
            if parts and parts[0].startswith("nb99_ex")}


@pytest.fixture
def released(tmp_path: Path) -> Path:
    """A student copy alone in a folder, as a student receives it."""
    home = tmp_path / "student"
    return assign.write_copies([FIXTURE], home)[0]


def _answered(copy: Path, change=lambda source: source) -> None:
    """Write the instructor's solutions into the student's copy (``change`` edits each)."""
    solutions = [c.source for c in nbformat.read(FIXTURE, as_version=4).cells
                 if exercises.is_solution(c)]
    nb = nbformat.read(copy, as_version=4)
    cells = [c for c in nb.cells if exercises.is_solution(c)]
    for cell, source in zip(cells, solutions, strict=True):
        cell.source = change(source)
    nbformat.write(nb, copy)


def test_a_released_copy_is_not_attempted(released):
    result = _selfcheck(released, released.parent)
    assert result.returncode == 1, result.stdout + result.stderr
    assert _rows(result.stdout) == {f"nb99_ex{k}": "not attempted" for k in (1, 2, 3)}
    assert "hidden tests" in result.stdout.splitlines()[0]


def test_answers_pass_and_a_wrong_one_fails_with_the_checks_message(released):
    _answered(released, lambda source: source.replace("math.sqrt(9)", "9 / 2"))
    result = _selfcheck(released, released.parent)
    assert result.returncode == 1, result.stdout + result.stderr
    assert _rows(result.stdout) == {
        "nb99_ex1": "failed: a square of area 9 has side 3, not 4.5",
        "nb99_ex2": "passed", "nb99_ex3": "passed"}
    _answered(released)
    result = _selfcheck(released, released.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "score: 4 / 4 points (3 of 3 exercises passed)" in result.stdout


def test_an_edited_or_deleted_check_cell_fails_its_exercise(released):
    _answered(released, lambda source: source.replace("math.sqrt(9)", "9 / 2"))
    nb = nbformat.read(released, as_version=4)
    checks = [c for c in nb.cells if exercises.is_check(c)]
    checks[0].source = "pass  # the wrong answer would now pass"
    nb.cells.remove(checks[2])
    nbformat.write(nb, released)
    assert selfcheck.tampered(nb) == {"nb99_ex1": selfcheck.EDITED,
                                      "nb99_ex3": selfcheck.DELETED}
    result = _selfcheck(released, released.parent)
    assert result.returncode == 1
    assert _rows(result.stdout) == {"nb99_ex1": f"failed: {selfcheck.EDITED}",
                                    "nb99_ex2": "passed",
                                    "nb99_ex3": f"failed: {selfcheck.DELETED}"}


def test_an_untouched_copy_is_not_tampered_and_a_plain_notebook_is_refused(released,
                                                                             tmp_path):
    assert selfcheck.tampered(nbformat.read(released, as_version=4)) == {}
    plain = tmp_path / "plain.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]), plain)
    result = _selfcheck(plain, tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: plain.ipynb has no auto-checked exercises")
    assert len(result.stderr.splitlines()) == 1
