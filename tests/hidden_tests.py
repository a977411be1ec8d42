"""The exercise fixture with nbgrader hidden tests in a check cell (issue 36), for the tests of
the tools that must handle them; the shared fixture file itself is left as it is."""

from pathlib import Path

import nbformat

from cs20_helpers.tools import exercises

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
#: What nb99_ex2's check gains: a second radius, which a student copy, a page or a release
#: must never show (its message is one string token, so a highlighted page keeps it whole).
HIDDEN = ("### BEGIN HIDDEN TESTS\n"
          "assert abs(area(3) - math.pi * 9) < 1e-9, \"area(3) is wrong: a second radius, "
          "kept hidden\"\n"
          "### END HIDDEN TESTS")
#: An answer the visible check lets through (area(2) is 4 pi either way) and the hidden one
#: rejects.
TWICE_R = "def area(r):\n    return math.pi * r * 2\n"


def check_cell(nb: nbformat.NotebookNode, ident: str = "nb99_ex2") -> nbformat.NotebookNode:
    """Return the notebook's check cell of exercise ``ident``."""
    return next(c for c in nb.cells
                if exercises.nbgrader_meta(c).get("grade_id") == f"{ident}_check")


def hidden_notebook() -> nbformat.NotebookNode:
    """Return the fixture whose nb99_ex2 check ends with HIDDEN."""
    nb = nbformat.read(FIXTURE, as_version=4)
    cell = check_cell(nb)
    cell.source += "\n" + HIDDEN
    return nb


def write_hidden(folder: Path) -> Path:
    """Write ``hidden_notebook()`` into ``folder`` under the fixture's name; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / FIXTURE.name
    nbformat.write(hidden_notebook(), path)
    return path
