"""Each notebook's head (issue 38): an "Open in Colab" link to its student copy and an install
cell, both from the one configured repository address; the install cell is a no-op where the
helpers are installed, and hygiene notices a head that differs."""

from __future__ import annotations

import subprocess
import sys

import nbformat
import pytest

from cs20_helpers.tools import heads
from cs20_helpers.tools.runner import find_notebooks


def _notebook() -> nbformat.NotebookNode:
    return nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# 99 · A lesson\n\nWhat it teaches."),
        nbformat.v4.new_markdown_cell("## Setup\n\nText."),
        nbformat.v4.new_code_cell("from cs20_helpers.notebook import setup\n\ntf, tf1 = setup()")])


def test_colab_opens_the_student_branch_of_the_configured_github_repository():
    assert heads.colab_url("03_x.ipynb", "https://github.com/someone/course.git") == (
        "https://colab.research.google.com/github/someone/course/blob/student/03_x.ipynb")
    with pytest.raises(ValueError, match="GitHub only"):
        heads.colab_url("03_x.ipynb", "https://gitlab.com/someone/course")


def test_the_head_is_added_once_and_follows_a_new_address():
    nb = heads.with_head(_notebook(), "99_a.ipynb", "https://github.com/a/b")
    assert nb.cells[0].source.split("\n\n")[1].startswith(
        "[Open in Colab](https://colab.research.google.com/github/a/b/blob/student/99_a.ipynb)")
    assert nb.cells[heads.INSTALL_INDEX].source == heads.install_source("https://github.com/a/b")
    again = heads.with_head(nb, "99_a.ipynb", "https://github.com/a/b")
    assert [c.source for c in again.cells] == [c.source for c in nb.cells]  # idempotent
    moved = heads.with_head(nb, "99_a.ipynb", "https://github.com/c/d")
    assert len(moved.cells) == 4 and "github/c/d/" in moved.cells[0].source
    assert "git+https://github.com/c/d" in moved.cells[heads.INSTALL_INDEX].source
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
    assert "install --quiet" in second and "cs20-helpers @ git+" in second
