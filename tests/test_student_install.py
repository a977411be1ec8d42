"""A student's install (issue 49): the helper wheel with its ``student`` extra brings JupyterLab
and a kernel and nothing of grading, the site or the tests (no nbgrader, whose instructor menus
JupyterLab would show, no Sphinx, no pytest), and ``selfcheck`` scores a student copy there.

The venv is made as the run's other wheel venvs are (``wheel_install.venv``, offline: the wheel's
dependency closure with the ``student`` extra asked is linked from this environment, the wheel
installed with ``--no-deps``); so nothing outside that closure can be imported in it.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest
import wheel_install
from test_wheel_notebooks import STEP_S, _run

from cs20_helpers.tools import assign, cli, exercises, heads
from cs20_helpers.tools.runner import find_notebooks

#: What a student's install must bring, and what it must not (as importable modules).
BROUGHT = ("jupyterlab", "ipykernel", "nbclient", "nbformat", "jupyter_client", "cs20_helpers")
LEFT_OUT = ("nbgrader", "sphinx", "myst_nb", "pytest", "nbval", "xdist")
PROBE = ("import importlib.util, json, sys\n"
         "print(json.dumps({name: importlib.util.find_spec(name) is not None "
         "for name in sys.argv[1:]}))")


@pytest.fixture(scope="module")
def student_venv(tmp_path_factory) -> Path:
    """A venv holding the built wheel and its dependency closure, student extra included."""
    return wheel_install.venv(wheel_install.run_root(tmp_path_factory), "student")


def test_the_student_extra_brings_jupyterlab_and_nothing_of_grading(student_venv,
                                                                   tmp_path_factory):
    home = student_venv.parent / "elsewhere"
    home.mkdir(exist_ok=True)
    done = _run(student_venv, home, "python", "-c", PROBE, *BROUGHT, *LEFT_OUT, timeout=STEP_S)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout)
    assert found == {**dict.fromkeys(BROUGHT, True), **dict.fromkeys(LEFT_OUT, False)}
    lab = _run(student_venv, home, "python", "-m", "jupyterlab", "--version", timeout=STEP_S)
    assert lab.returncode == 0 and re.fullmatch(r"4\.\d+\.\d+\s*", lab.stdout), lab.stderr
    # the file the install cells' address names
    built = wheel_install.wheel(wheel_install.run_root(tmp_path_factory))
    assert built.name == heads.wheel_name()


def test_selfcheck_scores_a_student_copy_with_no_nbgrader_installed(student_venv):
    """Three of notebook 01's four exercises answered with the solutions, one left as the stub:
    3 of 4, the stub's exercise not attempted, exit status 1."""
    instructor = find_notebooks(["01"])[0]
    home = student_venv.parent / "student_home"
    (copy,) = assign.write_copies([instructor], home)
    solutions = [c.source for c in nbformat.read(instructor, as_version=4).cells
                 if exercises.is_solution(c)]
    nb = nbformat.read(copy, as_version=4)
    cells = [c for c in nb.cells if exercises.is_solution(c)]
    assert len(cells) == len(solutions) == 4
    for cell, source in list(zip(cells, solutions, strict=True))[:3]:
        cell.source = source
    nbformat.write(nb, copy)
    done = _run(student_venv, home, "python", "-m", "cs20_helpers", "selfcheck", copy.name,
                timeout=STEP_S)
    assert done.returncode == 1, (done.stdout + done.stderr)[-3000:]
    assert "(3 of 4 exercises passed)" in done.stdout, done.stdout
    last = exercises.exercises(nb)[-1].id
    assert re.search(rf"{last}\b.*not attempted", done.stdout), done.stdout
    shutil.rmtree(home)


def test_selfcheck_without_its_packages_names_the_student_extra():
    line = cli._not_installed("selfcheck", ModuleNotFoundError(name="nbclient"))
    assert line == ("error: cs20 selfcheck needs nbclient, which is not installed (it comes "
                    'with the student extra): pip install "cs20-helpers[student]"')


def test_selfchecks_checksum_is_nbgraders_for_every_released_cell():
    """``exercises.checksum`` stands in for nbgrader's own ``compute_checksum`` where nbgrader
    is not installed; on every graded and solution cell of every student copy they agree."""
    from nbgrader.utils import compute_checksum

    compared = 0
    for path in find_notebooks():
        for cell in assign.student_copy(nbformat.read(path, as_version=4)).cells:
            if exercises.is_check(cell) or exercises.is_solution(cell):
                assert exercises.checksum(cell) == compute_checksum(cell)
                assert cell.metadata.nbgrader["checksum"] == exercises.checksum(cell)
                compared += 1
    assert compared >= 2 * 12


def test_the_hidden_test_delimiters_are_nbgraders():
    from nbgrader.preprocessors import ClearHiddenTests

    assert exercises.HIDDEN_BEGIN == ClearHiddenTests.begin_test_delimeter.default_value
    assert exercises.HIDDEN_END == ClearHiddenTests.end_test_delimeter.default_value


def test_the_student_install_line_is_the_readmes():
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert f'pip install "{heads.requirement("student")}"' in readme
    assert "cs20-helpers[course] @ git+" not in readme
