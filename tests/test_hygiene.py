"""The hygiene rules themselves, and every stored notebook held to them."""

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from cs20_helpers.tools import hygiene
from cs20_helpers.tools.runner import find_notebooks


def _write(tmp_path: Path, cells: list) -> Path:
    path = tmp_path / "nb.ipynb"
    nbformat.write(new_notebook(cells=cells), path)
    return path


def _cell(source: str, count: int | None, text: str = "", **kwargs) -> nbformat.NotebookNode:
    outputs = [new_output("stream", name="stdout", text=text)] if text else []
    return new_code_cell(source, execution_count=count, outputs=outputs, **kwargs)


def test_clean_notebook_passes(tmp_path):
    path = _write(tmp_path, [new_markdown_cell("# Title"), _cell("print(1)", 1, "1\n"),
                             _cell("x = 2", 2)])
    assert hygiene.check(path) == []


def test_out_of_order_counts_and_missing_title_are_reported(tmp_path):
    path = _write(tmp_path, [_cell("print(1)", 2, "1\n"), _cell("print(2)", 1, "2\n")])
    problems = " | ".join(hygiene.check(path))
    assert "execution counts" in problems
    assert "titles" in problems


@pytest.mark.parametrize("noise, what", [
    ("<object at 0x7f3a2b1c9d00>", "memory address"),
    ("WARNING:tensorflow:something", "TensorFlow warning"),
    ("File /tmp/ipykernel_1234/5.py", "kernel temporary path"),
    ("UserWarning: careful", "Python warning"),
    ("I0000 00:00:1795237144.144535 cudart_stub.cc:31] Could not find cuda", "C++ log line"),
])
def test_machine_noise_is_reported(tmp_path, noise, what):
    path = _write(tmp_path, [new_markdown_cell("# T"), _cell("print(x)", 1, noise)])
    assert any(what in p for p in hygiene.check(path))


def test_stored_error_allowed_only_when_marked(tmp_path):
    error = new_output("error", ename="ValueError", evalue="bad", traceback=[])
    marked = new_code_cell("# NBVAL_RAISES_EXCEPTION\nraise ValueError('bad')",
                           execution_count=1, outputs=[error])
    unmarked = new_code_cell("raise ValueError('bad')", execution_count=2, outputs=[error])
    path = _write(tmp_path, [new_markdown_cell("# T"), marked, unmarked])
    problems = hygiene.check(path)
    assert problems == ["code cell 1: stored error ValueError"]


def test_compared_fraction_counts_ignored_cells_and_tags(tmp_path):
    cells = [_cell("# NBVAL_IGNORE_OUTPUT\nprint(1)", 1, "1\n"),
             _cell("print(2)", 2, "2\n", metadata={"tags": ["NBVAL_SKIP"]}),
             _cell("print(3)", 3, "3\n"), _cell("y = 1", 4)]
    nb = new_notebook(cells=[new_markdown_cell("# T"), *cells])
    assert hygiene.compared_fraction(nb) == pytest.approx(1 / 3)
    path = _write(tmp_path, nb.cells)
    assert any("compared" in p for p in hygiene.check(path))


def test_oversized_notebook_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(hygiene, "MAX_BYTES", 100)
    path = _write(tmp_path, [new_markdown_cell("# T"), _cell("print(1)", 1, "x" * 200)])
    assert any("bytes" in p for p in hygiene.check(path))


@pytest.mark.parametrize("recorded", [None, "27.6", -1.0, True], ids=["none", "text",
                                                                      "negative", "bool"])
def test_a_course_notebook_without_cell_times_is_reported(recorded, tmp_path):
    """Issue 30, 4: without them check allows each cell 600 s, so a hang costs 10 minutes."""
    nb = new_notebook(cells=[new_markdown_cell("# T"), _cell("print(1)", 1, "1\n")])
    if recorded is not None:
        nb.metadata["cs20"] = {"slowest_cell_s": recorded}
    path = _write(tmp_path, nb.cells)
    nbformat.write(nb, path)
    assert any("no recorded cell times" in p for p in hygiene.check(path, crosschecked=True))
    assert hygiene.check(path) == []  # only course notebooks (crosschecked) must record them
    nb.metadata["cs20"] = {"slowest_cell_s": 0.4}
    nbformat.write(nb, path)
    assert not any("cell times" in p for p in hygiene.check(path, crosschecked=True))


def _checked(check: str, printed: str) -> list:
    """The cells of a notebook printing ``printed``, then checking ``check`` (exercise nb98_ex1)."""
    grading = {"nbgrader": {"grade": True, "grade_id": "nb98_ex1_check", "points": 1,
                            "locked": True, "solution": False, "schema_version": 3}}
    return [new_markdown_cell("# T"), _cell("print(loss)", 1, printed),
            new_code_cell(check, execution_count=2, metadata=grading)]


def _revealing(check: str, printed: str) -> list[str]:
    return hygiene.revealing_checks(new_notebook(cells=_checked(check, printed)))


def test_a_check_showing_a_value_of_the_outputs_is_reported(tmp_path):
    """Issue 36: a check that compares with a number the run printed gives the answer away."""
    check = "assert abs(loss - 0.4817) < 1e-3, 'loss should be 0.4817'"
    line = ("check cell nb98_ex1 shows a value from the notebook's outputs (0.4817): move it "
            "into the hidden tests")
    assert _revealing(check, "loss 0.48172215\n") == [line]
    path = _write(tmp_path, _checked(check, "loss 0.48172215\n"))
    assert line in hygiene.check(path, crosschecked=True)
    assert hygiene.check(path) == []  # only course notebooks (crosschecked) are held to it


@pytest.mark.parametrize("check, printed", [
    ("assert loss is not None\n### BEGIN HIDDEN TESTS\nassert abs(loss - 0.4817) < 1e-3\n"
     "### END HIDDEN TESTS", "0.48172215\n"),  # hidden: the student copy does not show it
    ("assert loss == 0.4817", "0.48\n"),  # the output shows fewer decimals: not that value
    ("assert abs(loss - 0.5) < 1e-6 and n == 32 and acc > 0.95 and tol < 2e-3",
     "0.5 32 0.95 0.002 1e-06\n"),  # picked, not measured: few digits
    ("assert x.shape == (784, 10) and port == 2222", "(784, 10) 10.1.0.3:2222\n"),  # given
    ("assert tf.__version__ >= '2.21'", "TensorFlow 2.21.0\n"),  # a version, not a number
    ("assert abs(area - 12.566) < 1e-3", "12.5\n12.57\n1.2566\nconv12.566\n1e999999999\n"),
])
def test_a_check_may_show_given_picked_or_hidden_numbers(check, printed):
    assert _revealing(check, printed) == []


def test_a_value_shown_rounded_to_the_checks_decimals_is_reported():
    assert _revealing("assert abs(area - 12.566) < 1e-3", "area 12.566370614359172\n")
    assert _revealing("assert abs(area - 12.57) < 1e-2", "12.566370614359172\n")
    assert _revealing("assert abs(area - 1.2566e1) < 1e-3", "12.566370614359172\n")


NOTEBOOKS = find_notebooks()


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks yet")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_stored_notebook_is_clean(path):
    assert hygiene.check(path, crosschecked=True) == []


def test_a_check_cell_without_rules_enforce_is_reported():
    """Issue 46: a check that re-runs no answer lets a rebound np or a patched json.loads by."""
    bare = ("assert loss is not None\n### BEGIN HIDDEN TESTS\nassert loss < 1\n"
            "### END HIDDEN TESTS\n")
    enforced = ("assert loss is not None\nrules.enforce([], globals(), 'loss')\n"
                "### BEGIN HIDDEN TESTS\nassert loss < 1\n### END HIDDEN TESTS\n")
    hidden_only = ("assert loss is not None\n### BEGIN HIDDEN TESTS\n"
                   "rules.enforce([], globals(), 'loss')\n### END HIDDEN TESTS\n")
    assert hygiene.unenforced_checks(new_notebook(cells=_checked(enforced, "loss 1\n"))) == []
    for check in (bare, hidden_only):  # a student's copy keeps the visible part only
        assert hygiene.unenforced_checks(new_notebook(cells=_checked(check, "loss 1\n"))) == [
            "check cell nb98_ex1 calls no rules.enforce (with [] where the task states no rule), "
            "so its answer cell is never re-run or screened"]
