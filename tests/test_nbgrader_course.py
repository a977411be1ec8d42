"""``nbgrader-course``: a course folder whose ``Execute.timeout`` fits the slowest cell (issue 22,
7), ready for ``nbgrader generate_assignment`` and ``autograde``."""

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from traitlets.config import Config

from cs20_helpers.tools import assign, cli, exercises, selfcheck
from cs20_helpers.tools.nbgrader_course import CONFIG

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"


def _config(course: Path) -> Config:
    """Load the course's nbgrader_config.py the way nbgrader does (``get_config()``)."""
    config = Config()
    exec((course / CONFIG).read_text(encoding="utf-8"), {"get_config": lambda: config})
    return config


def test_the_course_timeout_fits_the_slowest_cell_not_nbgraders_30_s(tmp_path, capsys):
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.metadata["cs20"] = {"slowest_cell_s": 27.6}  # notebook 07's Keras fit, 2 cores
    notebook = tmp_path / "07_convnets.ipynb"
    nbformat.write(nb, notebook)
    course = tmp_path / "course"
    assert cli.main(["nbgrader-course", str(notebook), "--out", str(course)]) == 0
    copy = nbformat.read(course / "source" / "07_convnets" / "07_convnets.ipynb", as_version=4)
    assert copy.cells == nb.cells  # answers and hidden tests kept, for nbgrader
    assert "cs20" not in copy.metadata  # the stamps and cell times stay with the instructor
    config = _config(course)
    assert config.Execute.timeout == 111  # 4 x 27.6 s; one core took 31 s
    assert config.OverwriteCells.add_missing_cells is True
    assert "cell timeout 111 s" in capsys.readouterr().out
    assert cli.main(["nbgrader-course", str(notebook), "--out", str(course)]) == 0  # again


def test_a_notebook_without_recorded_times_gets_the_default(tmp_path):
    assert cli.main(["nbgrader-course", str(FIXTURE), "--out", str(tmp_path)]) == 0
    assert _config(tmp_path).Execute.timeout == 600


@pytest.mark.parametrize("where", ["config", "notebooks folder"])
def test_the_course_never_overwrites_what_it_did_not_write(where, tmp_path, capsys):
    course = tmp_path / "course"
    course.mkdir()
    (course / CONFIG).write_text("c = get_config()\nc.Exchange.root = '/srv'\n",
                                 encoding="utf-8")
    out = course if where == "config" else FIXTURE.parent
    assert cli.main(["nbgrader-course", str(FIXTURE), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "Exchange" in (course / CONFIG).read_text(encoding="utf-8")


def _timed(folder: Path, stem: str, slowest: float) -> Path:
    """Write the fixture as instructor notebook ``stem`` whose slowest cell took ``slowest`` s."""
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.metadata["cs20"] = {"slowest_cell_s": slowest}
    folder.mkdir(exist_ok=True)
    nbformat.write(nb, folder / f"{stem}.ipynb")
    return folder / f"{stem}.ipynb"


def test_the_timeout_fits_every_notebook_the_course_holds_not_only_the_last_written(tmp_path):
    slow = _timed(tmp_path / "inst", "06_input_pipelines", 40.5)
    fast = _timed(tmp_path / "inst", "03_linear_and_logistic_regression", 2.9)
    course = tmp_path / "course"
    assert cli.main(["nbgrader-course", str(slow), "--out", str(course)]) == 0
    assert cli.main(["nbgrader-course", str(fast), "--out", str(course)]) == 0
    assert _config(course).Execute.timeout == 162  # 4 x 40.5 s: 06 is still in the course
    text = (course / CONFIG).read_text(encoding="utf-8")
    assert "source/06_input_pipelines/06_input_pipelines.ipynb" in text  # says which sets it
    (course / "source" / slow.stem / slow.name).unlink()  # the instructor drops 06
    assert cli.main(["nbgrader-course", str(fast), "--out", str(course)]) == 0
    assert _config(course).Execute.timeout == 60
    assert slow.stem not in (course / CONFIG).read_text(encoding="utf-8")


def test_nbgraders_release_carries_no_stamp_and_the_copys_list_of_exercises(tmp_path):
    """Issue 46: nbgrader keeps notebook metadata; what it releases is a student's copy."""
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.metadata["cs20_refuted"] = {"exercises": {"nb99_ex1": {"side = 4": "side is 4, not 3"}}}
    notebook = tmp_path / "99_demo.ipynb"
    nbformat.write(nb, notebook)
    course = tmp_path / "course"
    assert cli.main(["nbgrader-course", str(notebook), "--out", str(course)]) == 0
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    result = subprocess.run(["nbgrader", "generate_assignment", "99_demo", "--force"], cwd=course,
                            env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    released = nbformat.read(course / "release" / "99_demo" / notebook.name, as_version=4)
    assert not [key for key in released.metadata if assign.instructor_only(key)]
    assert released.metadata[exercises.RELEASE_KEY] == \
        assign.student_copy(nb).metadata[exercises.RELEASE_KEY]
    assert selfcheck.tampered(released) == {}  # its checks are as the list says
