"""Each notebook's head (issue 38): an "Open in Colab" link to its student copy and an install
cell, both from the one configured students' repository; the install cell installs the helper
release of the package's version (issue 49), is a no-op where the helpers are installed, and
hygiene notices a head that differs; the stamps leave the install cell out."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import nbformat
import pytest

import cs20_helpers
from cs20_helpers.paths import REPO_DIR
from cs20_helpers.tools import crosscheck, heads, refute
from cs20_helpers.tools.runner import find_notebooks


def _notebook() -> nbformat.NotebookNode:
    return nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 99 · A lesson\n\nWhat it teaches."),
        nbformat.v4.new_markdown_cell("## Setup\n\nText."),
        nbformat.v4.new_code_cell("from cs20_helpers.notebook import setup\n\ntf, tf1 = setup()")])


def test_colab_opens_the_main_branch_of_the_configured_students_repository():
    assert heads.colab_url("03_x.ipynb", "https://github.com/someone/course.git") == (
        "https://colab.research.google.com/github/someone/course/blob/main/03_x.ipynb")
    with pytest.raises(ValueError, match="GitHub only"):
        heads.colab_url("03_x.ipynb", "https://gitlab.com/someone/course")


def test_the_students_repository_is_set_in_pyproject_apart_from_the_instructors():
    with open(REPO_DIR / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    assert heads.students() == project["urls"]["Students"]
    assert heads.students() != project["urls"]["Repository"]  # that one holds the solutions
    assert project["dynamic"] == ["version"] and "version" not in project  # one source


def test_the_install_cell_pins_the_release_of_the_package_version():
    """Issue 49: the cell installs the wheel of this version from the students' repository's
    release, not whatever a branch holds that day."""
    source = heads.install_source()
    (pinned,) = re.findall(r"/releases/download/v([^/]+)/cs20_helpers-([^-]+)-py3-none-any\.whl",
                           source)
    assert pinned == (cs20_helpers.__version__, cs20_helpers.__version__)
    assert f'"cs20-helpers @ {heads.students()}/releases/download/' in source
    assert "git+" not in source
    assert heads.requirement("student", "https://github.com/a/b", "9.8.7") == (
        "cs20-helpers[student] @ https://github.com/a/b/releases/download/v9.8.7/"
        "cs20_helpers-9.8.7-py3-none-any.whl")


def test_the_stamps_leave_the_install_cell_out_and_nothing_else():
    """Issue 49: a new release rewrites every install cell; the crosscheck and refute stamps
    do not vouch for it (hygiene checks the head itself), so they stay valid."""
    nb = heads.with_head(_notebook(), "99_a.ipynb", "https://github.com/a/b")
    nb.cells.append(nbformat.v4.new_code_cell(heads.install_source("https://github.com/a/b")))
    before = crosscheck.digest(nb), refute.digest(nb, {})
    released = nbformat.from_dict(nb)
    released.cells[heads.INSTALL_INDEX].source = heads.install_source(version="9.9.9")
    assert (crosscheck.digest(released), refute.digest(released, {})) == before
    for index in (3, 4):  # the setup() cell; an install-like cell outside the head counts
        edited = nbformat.from_dict(nb)
        edited.cells[index].source += "\n# edited"
        assert crosscheck.digest(edited) != before[0]
        assert refute.digest(edited, {}) != before[1]


def test_the_head_is_added_once_and_follows_a_new_address():
    nb = heads.with_head(_notebook(), "99_a.ipynb", "https://github.com/a/b")
    assert nb.cells[0].source.split("\n\n")[1].startswith(
        "[Open in Colab](https://colab.research.google.com/github/a/b/blob/main/99_a.ipynb)")
    assert nb.cells[heads.INSTALL_INDEX].source == heads.install_source("https://github.com/a/b")
    again = heads.with_head(nb, "99_a.ipynb", "https://github.com/a/b")
    assert [c.source for c in again.cells] == [c.source for c in nb.cells]  # idempotent
    moved = heads.with_head(nb, "99_a.ipynb", "https://github.com/c/d")
    assert len(moved.cells) == 4 and "github/c/d/" in moved.cells[0].source
    assert "https://github.com/c/d/releases/" in moved.cells[heads.INSTALL_INDEX].source
    assert "github/a/b" not in moved.cells[0].source + moved.cells[2].source


@pytest.mark.parametrize("path", find_notebooks(), ids=lambda p: p.stem)
def test_every_course_notebook_has_the_configured_head(path):
    nb = nbformat.read(path, as_version=4)
    assert heads.problems(nb, path.name) == []
    nb.cells[heads.INSTALL_INDEX].source = heads.install_source("https://github.com/x/y")
    assert heads.problems(nb, path.name)  # hygiene would fail it


def test_the_install_cell_does_nothing_where_the_helpers_are_installed():
    # Run as IPython would (the magic turned into a call); a pip run would fail the
    # ``get_ipython`` stand-in.
    from IPython.core.inputtransformer2 import TransformerManager

    code = TransformerManager().transform_cell(heads.install_source())
    script = ("calls = []\n"
              "class Shell:\n"
              "    def run_line_magic(self, *args): calls.append(args)\n"
              "get_ipython = Shell\n" + code + "\nprint(calls)\n"
              "import importlib.util as u\n"
              "u.find_spec = lambda name: None\n" + code + "\nprint(calls)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, check=True)
    first, second = done.stdout.splitlines()
    assert first == "[]"
    assert "install --quiet" in second and f"cs20-helpers @ {heads.wheel_url()}" in second
