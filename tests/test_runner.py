"""Executing notebooks headless: stored outputs from one clean run, failures never stored."""

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cs20_helpers.tools import runner


@pytest.fixture
def notebook(tmp_path):
    path = tmp_path / "01_demo.ipynb"
    cells = [new_markdown_cell("# Demo"),
             new_code_cell("import os\nprint(os.path.basename(os.getcwd()))"),
             new_code_cell("# NBVAL_RAISES_EXCEPTION\nraise KeyError('expected')"),
             new_code_cell("print(6 * 7)")]
    nbformat.write(new_notebook(cells=cells), path)
    return path


def test_store_outputs_saves_one_clean_run_in_place(notebook):
    runs = runner.store_outputs([notebook])
    assert runs[0].error is None
    nb = nbformat.read(notebook, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == [1, 2, 3]
    assert code[0].outputs[0].text == f"{notebook.parent.name}\n"  # runs in its own folder
    assert code[1].outputs[0].ename == "KeyError"
    assert code[2].outputs[0].text == "42\n"


def test_failing_notebook_is_reported_and_not_stored(notebook):
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(new_code_cell("1 / 0"))
    nbformat.write(nb, notebook)
    before = notebook.read_bytes()
    runs = runner.store_outputs([notebook])
    assert "ZeroDivisionError" in runs[0].error
    assert notebook.read_bytes() == before


def test_run_notebooks_writes_copies_and_prints_results(notebook, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CS20_RESULTS_DIR", str(tmp_path / "results"))
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(new_code_cell(
        "from cs20_helpers.results import record\nrecord('01_demo', answer=42)"))
    nbformat.write(nb, notebook)
    runs = runner.run_notebooks([notebook], tmp_path / "out")
    assert runs[0].error is None
    assert (tmp_path / "out" / notebook.name).is_file()
    out = capsys.readouterr().out
    assert "answer" in out and "42" in out


def test_find_notebooks_by_prefix_and_unknown_name():
    with pytest.raises(FileNotFoundError, match="no notebook matches"):
        runner.find_notebooks(["99_nothing"])
