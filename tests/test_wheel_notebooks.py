"""The course runs from ``pip install cs20-helpers`` alone (issue 38), each notebook once
(issue 50): the suite's strict nbval pass runs every notebook in a kernel of the run's wheel,
installed into a fresh venv with its dependencies and nothing of this checkout, in an empty
folder holding only a copy of the notebook (``wheel_install.WheelNotebooks``, registered by the
root ``conftest.py``). This module proves that set-up: every notebook the suite collects is
run that way, such a kernel sees the wheel and no checkout, the ``run`` command works from the
wheel, and a student copy checks itself there with ``selfcheck``, no instructor notebook on the
machine.

The venv is the run's course venv (``wheel_install.venv``): the ``course`` extra is asked, since
running notebooks needs a Jupyter kernel.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import nbformat
import pytest
import wheel_install
from wheel_install import REPO

from cs20_helpers.tools import assign, exercises
from cs20_helpers.tools.runner import find_notebooks

STEP_S = 600
#: Run in a notebook kernel of the wheel: where the package, the folder and the caches are.
PROBE = """
import json, os, sys, cs20_helpers
print(json.dumps({"package": cs20_helpers.__file__, "cwd": os.getcwd(),
                  "files": sorted(os.listdir(".")), "path": sys.path,
                  "data": os.environ["CS20_DATA_DIR"], "python": sys.executable}))
"""


@pytest.fixture(scope="module")
def wheel_venv(tmp_path_factory) -> Path:
    """This run's course venv: the wheel and its dependency closure, course extra included."""
    return wheel_install.venv(wheel_install.run_root(tmp_path_factory), "course")


def _run(venv: Path, cwd: Path, *argv: str, timeout: float) -> subprocess.CompletedProcess:
    """Run ``argv`` in ``cwd`` with the venv's scripts first on PATH, the checkout nowhere and
    the caches beside ``cwd``."""
    env = wheel_install.env_for(cwd.parent)
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    return subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=timeout, check=False)


def test_the_suite_runs_every_notebook_from_the_wheel(request):
    notebooks = find_notebooks()
    assert len(notebooks) == 12
    for path in notebooks:
        collected = request.config.hook.pytest_collect_file(file_path=path,
                                                            parent=request.session)
        assert [type(c) for c in collected] == [wheel_install.WheelNotebook], path.name


def test_a_notebook_kernel_sees_the_wheel_and_no_checkout(tmp_path_factory, tmp_path):
    notebook = find_notebooks(["01"])[0]
    kernel = wheel_install.notebook_kernel(wheel_install.run_root(tmp_path_factory), notebook,
                                           tmp_path, 120)
    printed = []
    try:
        reply = kernel.kc.execute_interactive(
            PROBE, timeout=STEP_S, output_hook=lambda msg: printed.append(
                msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None)
    finally:
        kernel.stop()
    assert reply["content"]["status"] == "ok", reply["content"]
    seen = json.loads("".join(printed))
    venv = wheel_install.venv(wheel_install.run_root(tmp_path_factory), "course")
    assert Path(seen["package"]).is_relative_to(venv)
    assert Path(seen["python"]).parent == venv / "bin"
    assert Path(seen["cwd"]) == tmp_path / "a_students_folder"
    assert seen["files"] == [notebook.name]
    assert Path(seen["data"]).is_relative_to(tmp_path)
    assert not [p for p in seen["path"] if p and Path(p).resolve().is_relative_to(REPO)]


def test_the_run_command_works_from_the_wheel_in_an_empty_folder(wheel_venv, tmp_path):
    folder = tmp_path / "a_students_folder"
    folder.mkdir()
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from cs20_helpers.notebook import setup\ntf, tf1 = setup()"),
        nbformat.v4.new_code_cell("print(int(tf.constant(2) * 3))")])
    nbformat.write(nb, folder / "tiny.ipynb")
    done = _run(wheel_venv, folder, "python", "-m", "cs20_helpers", "run", "tiny.ipynb",
                "--out", "executed", timeout=STEP_S)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    assert "1 of 1 notebooks ran cleanly" in done.stdout
    executed = nbformat.read(folder / "executed" / "tiny.ipynb", as_version=4)
    assert executed.cells[1].outputs[0]["text"] == "6\n"


def test_an_answered_student_copy_passes_selfcheck_with_no_instructor_file(wheel_venv,
                                                                           tmp_path):
    instructor = find_notebooks(["01"])[0]
    home = tmp_path / "student_home"
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
