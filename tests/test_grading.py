"""``check`` grades against the instructor's notebook, in a fresh folder, with a cell timeout
(issue 22, 4-6 and 11): tampering, escapes, hangs and dead kernels cost only their exercise."""

import shutil
from pathlib import Path

import nbformat
import pytest

from cs20_helpers.tools import assign, cli, exercises, timing
from cs20_helpers.tools.submission import DELETED, EDITED

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"


def _rows(stdout: str) -> dict[str, str]:
    """Map each exercise id in ``check``'s table to its result column."""
    return {parts[0]: parts[2] for line in stdout.splitlines()
            if (parts := line.split(maxsplit=2)) and parts[0].startswith("nb99_ex")}


def _cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if exercises.nbgrader_meta(c).get("grade_id") == grade_id)


def _submit(nb: nbformat.NotebookNode, folder: Path, name: str = FIXTURE.name) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / name)
    return folder / name


def _check(capsys, path: Path, *options: str) -> tuple[int, str]:
    status = cli.main(["check", str(path), "--source", str(FIXTURE), *options])
    return status, capsys.readouterr().out


def tampered(folder: Path) -> Path:
    """A student copy with a right answer behind an ``assert True`` check (checksum deleted),
    a wrong answer whose check cell is deleted, one whose check says ``grade: false``, and
    tracebacks silenced."""
    nb = assign.student_copy(nbformat.read(FIXTURE, as_version=4))
    _cell(nb, "nb99_ex1_solution").source = (
        "get_ipython().showtraceback = lambda *a, **k: None\nside = math.sqrt(9)")
    check = _cell(nb, "nb99_ex1_check")
    check.source = "assert True"
    del check.metadata.nbgrader["checksum"]
    _cell(nb, "nb99_ex2_solution").source = "def area(r):\n    return 0"
    nb.cells.remove(_cell(nb, "nb99_ex2_check"))
    _cell(nb, "nb99_ex3_solution").source = "squares = []"
    _cell(nb, "nb99_ex3_check").metadata.nbgrader["grade"] = False
    return _submit(nb, folder)


TAMPERED_ROWS = {
    "nb99_ex1": f"passed ({EDITED})",
    "nb99_ex2": f"failed: area(2) should be pi * 2**2, about 12.566 ({DELETED})",
    "nb99_ex3": f"failed: squares should be [0, 1, 4, 9, 16] ({EDITED})",
}


def test_tampered_check_cells_are_put_back_from_the_instructor_copy(tmp_path, capsys):
    status, out = _check(capsys, tampered(tmp_path / "alice"), "--timeout", "60")
    assert status == 1, out
    assert _rows(out) == TAMPERED_ROWS
    assert "score: 1 / 4 points (1 of 3 exercises passed)" in out


def test_the_submission_runs_in_a_fresh_folder_that_reaches_nothing_of_the_instructor(
        tmp_path, capsys):
    (tmp_path / "inst").mkdir()
    instructor = Path(shutil.copy(FIXTURE, tmp_path / "inst" / "99_adv.ipynb"))
    before = instructor.read_bytes()
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = (
        "try:\n    open('../../inst/99_adv.ipynb', 'w').write('{}')\nexcept OSError:\n    pass\n"
        "open('escape.txt', 'w').write('outside')\nside = math.sqrt(9)")
    path = _submit(nb, tmp_path / "sub" / "alice", "99_adv.ipynb")
    status = cli.main(["check", str(path), "--source", str(instructor), "--timeout", "60"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert instructor.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["99_adv.ipynb"]


def test_a_hang_and_a_dead_kernel_fail_only_their_own_exercise(tmp_path, capsys):
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = "while True:\n    pass"
    _cell(nb, "nb99_ex2_solution").source = "import os\nos._exit(1)"
    status, out = _check(capsys, _submit(nb, tmp_path / "bob"), "--timeout", "3")
    assert status == 1, out
    assert _rows(out) == {
        "nb99_ex1": "failed: your solution ran past the 3 s cell timeout (the kernel was "
                    "restarted)",
        "nb99_ex2": "failed: your solution ended the kernel (it was restarted)",
        "nb99_ex3": "passed"}
    assert "restarted 2 time(s)" in out


def test_the_cell_timeout_fits_the_instructor_notebook():
    nb = nbformat.read(FIXTURE, as_version=4)
    assert timing.cell_timeout([nb])[0] == timing.DEFAULT_TIMEOUT_S  # no times recorded yet
    nb.metadata["cs20"] = {"slowest_cell_s": 27.6}  # notebook 07's Keras fit, 2 cores
    assert timing.cell_timeout([nb])[0] == 111
    nb.metadata["cs20"] = {"slowest_cell_s": 0.2}
    assert timing.cell_timeout([nb])[0] == timing.FLOOR_S


@pytest.mark.parametrize("content", ["", "{not json", '{"cells": 3}', "[1, 2]"],
                         ids=["empty", "invalid", "not a notebook", "a list"])
def test_a_file_that_is_not_a_notebook_is_one_line_and_exit_2(content, tmp_path, capsys):
    path = tmp_path / FIXTURE.name
    path.write_text(content, encoding="utf-8")
    assert cli.main(["check", str(path), "--source", str(FIXTURE)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err


def test_a_submission_without_an_instructor_notebook_is_one_line_and_exit_2(tmp_path, capsys):
    path = Path(shutil.copy(FIXTURE, tmp_path / "my_homework.ipynb"))
    assert cli.main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no instructor notebook named my_homework.ipynb")
    assert "--source" in err and err.count("\n") == 1
