"""The course runs from ``pip install cs20-helpers`` alone (issue 38): the built wheel, installed
into a fresh venv with its dependencies and nothing of this checkout, runs all 12 notebooks
copied into an empty folder (executed, not compared: strict nbval of the stored outputs is the
suite's other half), and a student copy checks itself there with ``selfcheck``, no instructor
notebook on the machine.

The venv is made as ``test_core_install`` makes its own (offline: the dependency closure is
linked from this environment, the wheel installed with ``--no-deps``), with the ``course`` extra
asked, since running notebooks needs a Jupyter kernel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest
from test_core_install import _env, wheel_venv_in

from cs20_helpers.tools import assign, exercises
from cs20_helpers.tools.runner import find_notebooks

#: Seconds the 12 notebooks may take together (about 12 minutes on 2 quiet cores).
RUN_S = 3600
STEP_S = 600


@pytest.fixture(scope="module")
def wheel_venv(tmp_path_factory) -> Path:
    """A venv holding the built wheel and its dependency closure, course extra included."""
    return wheel_venv_in(tmp_path_factory.mktemp("wheel_notebooks"), frozenset({"course"}))


def _run(venv: Path, cwd: Path, *argv: str, timeout: float) -> subprocess.CompletedProcess:
    """Run ``argv`` in ``cwd`` with the venv's scripts first on PATH and the checkout nowhere."""
    env = _env(venv.parent)
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    return subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout, check=False)


def test_all_twelve_notebooks_run_from_the_wheel_in_an_empty_folder(wheel_venv):
    folder = wheel_venv.parent / "a_students_folder"
    folder.mkdir()
    for path in find_notebooks():
        shutil.copy(path, folder)
    names = sorted(p.name for p in folder.glob("*.ipynb"))
    assert len(names) == 12
    done = _run(wheel_venv, folder, "python", "-c", "import cs20_helpers; "
                "print(cs20_helpers.__file__)", timeout=STEP_S)
    assert Path(done.stdout.strip()).is_relative_to(wheel_venv), done.stdout + done.stderr
    done = _run(wheel_venv, folder, "python", "-m", "cs20_helpers", "run", *names,
                "--out", "executed", timeout=RUN_S)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    assert "12 of 12 notebooks ran cleanly" in done.stdout
    assert sorted(p.name for p in (folder / "executed").glob("*.ipynb")) == names


def test_an_answered_student_copy_passes_selfcheck_with_no_instructor_file(wheel_venv):
    instructor = find_notebooks(["01"])[0]
    home = wheel_venv.parent / "student_home"
    (copy,) = assign.write_copies([instructor], home)
    solutions = [c.source for c in nbformat.read(instructor, as_version=4).cells
                 if exercises.is_solution(c)]
    nb = nbformat.read(copy, as_version=4)
    for cell, source in zip([c for c in nb.cells if exercises.is_solution(c)], solutions,
                            strict=True):
        cell.source = source
    nbformat.write(nb, copy)
    assert sorted(p.name for p in home.iterdir()) == sorted([copy.name, assign.MANIFEST])
    count = len(exercises.exercises(nb))
    done = _run(wheel_venv, home, "python", "-m", "cs20_helpers", "selfcheck", copy.name,
                timeout=STEP_S)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert count >= 3 and f"({count} of {count} exercises passed)" in done.stdout
