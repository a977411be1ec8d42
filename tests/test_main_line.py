"""Each lecture on one main line (issue 39): the cells before a notebook's "Summary" (or
"Results") heading are at most 60, with at most 2,600 words of prose; side studies go after the
exercises, under "Going further"."""

from __future__ import annotations

import re

import nbformat
import pytest

from cs20_helpers.tools.runner import find_notebooks

MAX_CELLS, MAX_WORDS = 60, 2_600
HEADING = re.compile(r"^#+ .*\b(Summary|Results)\b", re.M)
WORD = re.compile(r"\w[\w'’.-]*")


def main_line(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """Return the cells before the first markdown cell that starts with a Summary or Results
    heading (all cells when there is none)."""
    end = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"
                and HEADING.match(c.source)), len(nb.cells))
    return nb.cells[:end]


def test_main_line_counts_cells_up_to_the_summary():
    cells = [nbformat.v4.new_markdown_cell("# T\n\nOne two three."),
             nbformat.v4.new_code_cell("x = 1"),
             nbformat.v4.new_markdown_cell("## Summary\n\nFour five."),
             nbformat.v4.new_markdown_cell("## Going further")]
    line = main_line(nbformat.v4.new_notebook(cells=cells))
    assert len(line) == 2
    assert sum(len(WORD.findall(c.source)) for c in line if c.cell_type == "markdown") == 4


@pytest.mark.parametrize("path", find_notebooks(), ids=lambda p: p.stem)
def test_the_main_line_is_short(path):
    nb = nbformat.read(path, as_version=4)
    line = main_line(nb)
    assert len(line) < len(nb.cells), f"{path.name}: no Summary or Results heading"
    words = sum(len(WORD.findall(c.source)) for c in line if c.cell_type == "markdown")
    assert len(line) <= MAX_CELLS, f"{path.name}: {len(line)} cells before the Summary"
    assert words <= MAX_WORDS, f"{path.name}: {words} words of prose before the Summary"
