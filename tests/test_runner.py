"""Executing notebooks headless: stored outputs from one clean run, failures never stored."""

import os
import signal
import subprocess
import sys
import time

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cs20_helpers.tools import runner, timing


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
    assert nb.metadata.cs20.slowest_cell_s >= 0  # kept for check's cell timeout
    assert timing.cell_times(nb) == nb.metadata.cs20.cell_s and len(nb.metadata.cs20.cell_s) == 3


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


def test_store_merges_consecutive_prints_of_one_stream(notebook):
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(new_code_cell(
        "import sys\nfor i in range(3):\n    print(i, flush=True)\n"
        "print('note', file=sys.stderr, flush=True)\nprint('last', flush=True)"))
    nbformat.write(nb, notebook)
    runner.store_outputs([notebook])
    outputs = nbformat.read(notebook, as_version=4).cells[-1].outputs
    assert [(o.name, o.text) for o in outputs] == [
        ("stdout", "0\n1\n2\n"), ("stderr", "note\n"), ("stdout", "last\n")]


def _alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_ctrl_c_during_run_ends_the_kernel_and_exits_130(tmp_path):
    path = tmp_path / "01_sleep.ipynb"
    pid_file = tmp_path / "kernel.pid"
    cells = [new_markdown_cell("# Sleep"),
             new_code_cell(f"import os, time\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))"
                           "\ntime.sleep(120)")]
    nbformat.write(new_notebook(cells=cells), path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "cs20_helpers", "run", str(path), "--out", str(tmp_path / "out")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not pid_file.exists() or not pid_file.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline and proc.poll() is None, "the kernel never started"
            time.sleep(0.2)
        kernel = int(pid_file.read_text(encoding="utf-8"))
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert "Traceback" not in err
    told = [line for line in err.splitlines() if "interrupted" in line]
    assert told == ["cs20: interrupted while running 01_sleep.ipynb; its kernel was ended (Ctrl-C)"]
    assert err.strip().splitlines()[-1] == told[0]
    deadline = time.monotonic() + 10
    while _alive(kernel) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(kernel), "the kernel outlived the interrupted run"


def test_run_prints_only_its_progress_not_the_kernels_tcp_warning(tmp_path, capfd):
    path = tmp_path / "01_one.ipynb"
    nbformat.write(new_notebook(cells=[new_code_cell("print(6 * 7)")]), path)
    runs = runner.run_notebooks([path], tmp_path / "out")
    assert runs[0].error is None
    out, err = capfd.readouterr()  # the kernel's own output too: it writes to these descriptors
    assert "without encryption" not in out + err
    assert err == "" and "01_one ran in" in out


def test_kernel_env_gives_the_kernel_its_own_temporary_folder_when_asked(tmp_path, monkeypatch):
    """Issue 35, 7: autograph files of graded code must not pile up in the shared $TMPDIR."""
    monkeypatch.setenv("TMPDIR", "/tmp")
    assert runner.kernel_env()["TMPDIR"] == "/tmp"
    env = runner.kernel_env(tmp=tmp_path / "work" / "tmp")
    assert env["TMPDIR"] == str(tmp_path / "work" / "tmp")
    assert (tmp_path / "work" / "tmp").is_dir()  # tempfile ignores a TMPDIR that is missing
