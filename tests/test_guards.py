"""The tools never delete or overwrite what they did not make: ``site --out``, ``assign --out``
and ``run --out`` refuse, in one line, a folder or file that is not theirs (issue 22, 1-3)."""

import os
import shutil
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from cs20_helpers.tools import assign, cli, guards, runner, site
from cs20_helpers.tools.guards import Refused

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")


@pytest.fixture
def instructor(tmp_path) -> Path:
    """An instructor notebook in its own folder, beside an untracked file."""
    folder = tmp_path / "inst"
    folder.mkdir()
    (folder / "notes.txt").write_text("untracked work", encoding="utf-8")
    return Path(shutil.copy(FIXTURE, folder))


def _one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    return err


def test_site_refuses_to_delete_a_folder_it_did_not_build(instructor):
    before = sorted(p.name for p in instructor.parent.iterdir())
    with pytest.raises(Refused, match="not built by this tool"):
        site.build(instructor.parent, [instructor])
    assert sorted(p.name for p in instructor.parent.iterdir()) == before


def test_a_folder_the_tool_marked_is_replaced_and_a_new_or_empty_one_used(tmp_path):
    out, built = tmp_path / "site", tmp_path / "work" / "site"
    built.mkdir(parents=True)
    (built / "index.html").write_text("new page", encoding="utf-8")
    guards.swap_in(built, out, site.MARKER)  # new
    assert (out / "index.html").is_file() and not built.exists()
    guards.mark_built(out, site.MARKER, "a test")
    (out / "stale.html").write_text("old page", encoding="utf-8")
    built.mkdir()
    guards.swap_in(built, out, site.MARKER)  # marked: replaced
    assert list(out.iterdir()) == [] and list(built.parent.iterdir()) == []
    (out / "mine.txt").write_text("not the tool's", encoding="utf-8")
    built.mkdir()
    with pytest.raises(Refused, match="not built by this tool"):
        guards.swap_in(built, out, site.MARKER)
    assert [p.name for p in out.iterdir()] == ["mine.txt"]


def test_site_out_naming_a_file_is_one_line(tmp_path, capsys):
    target = tmp_path / "page.html"
    target.write_text("keep", encoding="utf-8")
    assert cli.main(["site", "--out", str(target)]) == 2
    assert "is a file" in _one_line_error(capsys)
    assert target.read_text(encoding="utf-8") == "keep"


def test_assign_refuses_a_hard_link_to_the_instructor_notebook(instructor, tmp_path):
    release = tmp_path / "hl"
    release.mkdir()
    os.link(instructor, release / instructor.name)
    before = instructor.read_bytes()
    with pytest.raises(Refused, match="the same file"):
        assign.write_copies([instructor], release)
    assert instructor.read_bytes() == before


@pytest.mark.parametrize("where", ["notebooks folder", "file"])
def test_assign_out_naming_the_notebooks_folder_or_a_file_is_one_line(where, instructor,
                                                                      capsys):
    out = instructor.parent if where == "notebooks folder" else instructor.parent / "notes.txt"
    before = {p.name: p.read_bytes() for p in instructor.parent.iterdir()}
    assert cli.main(["assign", str(instructor), "--out", str(out)]) == 2
    _one_line_error(capsys)
    assert {p.name: p.read_bytes() for p in instructor.parent.iterdir()} == before


def test_run_out_refuses_the_notebooks_folder_and_hard_links(tmp_path):
    notebook = tmp_path / "inst" / "01_demo.ipynb"
    notebook.parent.mkdir()
    nbformat.write(new_notebook(cells=[new_code_cell("print(1)")]), notebook)
    before = notebook.read_bytes()
    with pytest.raises(Refused, match="folder of the instructor notebooks"):
        runner.run_notebooks([notebook], notebook.parent)
    linked = tmp_path / "hl"
    linked.mkdir()
    os.link(notebook, linked / notebook.name)
    with pytest.raises(Refused, match="the same file"):
        runner.run_notebooks([notebook], linked)
    assert notebook.read_bytes() == before
