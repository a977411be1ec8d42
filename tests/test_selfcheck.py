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
    assert result.stdout.rstrip().endswith(selfcheck.FOOTER)  # issue 46: not a grade
    assert "only your instructor's grade counts" in selfcheck.FOOTER


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
    # issue 46: the deleted check cell's point stays in the total
    assert "score: 2 / 4 points (1 of 3 exercises passed)" in result.stdout


def test_an_untouched_copy_is_not_tampered_and_a_plain_notebook_is_refused(released,
                                                                             tmp_path):
    assert selfcheck.tampered(nbformat.read(released, as_version=4)) == {}
    plain = tmp_path / "plain.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]), plain)
    result = _selfcheck(plain, tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: plain.ipynb has no auto-checked exercises")
    assert len(result.stderr.splitlines()) == 1


# Issue 46: a copy knows its exercises and points from the list ``assign`` wrote in its metadata,
# whatever is done to its cells.


def _cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if exercises.nbgrader_meta(c).get("grade_id") == grade_id)


def _plain(cell: nbformat.NotebookNode) -> None:
    """Turn the cell's nbgrader flags off, as the Create Assignment toolbar's "-" does."""
    cell.metadata.nbgrader.update(grade=False, solution=False, locked=False)
    cell.metadata.nbgrader.pop("points", None)


@pytest.mark.parametrize("how", ["check deleted, answer in a plain cell", "flags turned off"])
def test_an_exercise_whose_cells_were_changed_is_failed_with_its_points(how, released):
    _answered(released)
    nb = nbformat.read(released, as_version=4)
    if how.startswith("check deleted"):
        nb.cells.remove(_cell(nb, "nb99_ex2_check"))
        _cell(nb, "nb99_ex2_solution").metadata.pop("nbgrader")
    else:
        _plain(_cell(nb, "nb99_ex2_check"))
        _plain(_cell(nb, "nb99_ex2_solution"))
    nbformat.write(nb, released)
    result = _selfcheck(released, released.parent)
    assert result.returncode == 1, result.stdout + result.stderr
    assert _rows(result.stdout) == {"nb99_ex1": "passed",
                                    "nb99_ex2": f"failed: {selfcheck.DELETED}",
                                    "nb99_ex3": "passed"}
    assert "score: 2 / 4 points (2 of 3 exercises passed)" in result.stdout


def test_junk_points_or_no_grade_id_fail_the_exercise_in_one_line_and_a_forged_check_is_not_counted(
        released):
    _answered(released)
    nb = nbformat.read(released, as_version=4)
    _cell(nb, "nb99_ex1_check").metadata.nbgrader["points"] = "lots"
    del _cell(nb, "nb99_ex3_check").metadata.nbgrader["grade_id"]
    forged = nbformat.from_dict(_cell(nb, "nb99_ex2_check"))
    forged.source, forged.metadata.nbgrader["grade_id"] = "pass", "nb99_ex9_check"
    forged.metadata.nbgrader["points"] = 50
    nb.cells.append(forged)
    nbformat.write(nb, released)
    result = _selfcheck(released, released.parent)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert _rows(result.stdout) == {"nb99_ex1": f"failed: {selfcheck.EDITED}",
                                    "nb99_ex2": "passed",
                                    "nb99_ex3": f"failed: {selfcheck.DELETED}"}
    assert "score: 2 / 4 points (1 of 3 exercises passed)" in result.stdout


def test_a_typo_in_the_set_up_is_the_students_cell_not_the_grading_environment(released):
    nb = nbformat.read(released, as_version=4)
    setup = next(c for c in nb.cells if c.cell_type == "code")
    setup.source = "import maht"
    nbformat.write(nb, released)
    result = _selfcheck(released, released.parent)
    assert result.returncode == 2
    assert result.stderr.startswith("error: in your copy, cell 1, ") and \
        "raised ModuleNotFoundError: No module named 'maht'" in result.stderr
    assert "grading environment" not in result.stderr and len(result.stderr.splitlines()) == 1

