"""The instructor's files survive a crash or a full disk, and grading blames no student for the
grader's setup (issue 30): one test, or a few, per numbered case of the issue."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import nbformat
import pytest
from full_disk import full_after, killed_after
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from cs20_helpers.tools import cli, crosscheck, exercises, runner, site
from cs20_helpers.tools.nbgrader_course import CONFIG

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
#: A file may grow to this many bytes in the full-disk tests; the notebooks written are larger.
LIMIT = 20_000


def _one_line_error(capsys) -> str:
    """Return the command's stderr after checking it is one ``error:`` line."""
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err


def _notebook(path: Path, lines: int = 0, code: int = 0) -> Path:
    """Write a small notebook at ``path``; with ``lines``, an output of ~60 bytes a line, with
    ``code``, a code cell of ~60 bytes a line."""
    nb = new_notebook(cells=[new_markdown_cell("# A notebook"), new_code_cell("print('hi')")],
                      metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                               "language": "python"},
                                "language_info": {"name": "python"}})
    nb.cells += [new_code_cell(f"x = {i:05d}  # {'y' * 48}") for i in range(code)]
    if lines:
        nb.cells[1].outputs = [nbformat.v4.new_output(
            "stream", name="stdout", text="".join(f"line {i:05d} {'x' * 48}\n"
                                                  for i in range(lines)))]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _files(folder: Path) -> dict[str, bytes]:
    """Return every file under ``folder`` (hidden ones too) by relative path, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if exercises.nbgrader_meta(c).get("grade_id") == grade_id)


@pytest.fixture
def executed_big(tmp_path, monkeypatch):
    """Make ``runner.execute`` return, at once, a notebook with a 120 kB output: what a store
    or a run writes is then larger than the full-disk LIMIT."""
    big = nbformat.read(_notebook(tmp_path / "big.ipynb", 2000), as_version=4)
    monkeypatch.setattr(runner, "execute", lambda path, *, progress=None: big)


# 1. store rewrites the instructor notebook whole or not at all.

def test_store_on_a_full_disk_keeps_the_notebook_and_says_so_in_one_line(tmp_path, capsys,
                                                                         executed_big):
    notebook = _notebook(tmp_path / "nb" / "01_demo.ipynb", 200)  # 12 kB, under the limit
    before = _files(notebook.parent)
    with full_after(LIMIT):
        status = cli.main(["store", "--no-crosscheck", str(notebook)])
    assert status == 2
    assert "File too large" in _one_line_error(capsys)
    assert _files(notebook.parent) == before  # the same bytes, and no temporary file left


def test_store_killed_while_writing_keeps_the_notebook(tmp_path):
    notebook = _notebook(tmp_path / "nb" / "01_demo.ipynb", 200)
    before = notebook.read_bytes()
    big = _notebook(tmp_path / "big.ipynb", 2000)
    script = textwrap.dedent(f"""
        import nbformat
        from cs20_helpers.tools import runner
        executed = nbformat.read({str(big)!r}, as_version=4)
        runner.execute = lambda path, progress=None: executed
        """) + killed_after(LIMIT) + f"runner.store_outputs([runner.Path({str(notebook)!r})])\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120,
                          check=False)
    assert done.returncode == -signal.SIGXFSZ, done.stderr  # killed in the middle of a write
    assert notebook.read_bytes() == before


def test_the_crosscheck_stamp_on_a_full_disk_keeps_the_notebook(tmp_path):
    notebook = _notebook(tmp_path / "01_demo.ipynb", 340)  # 20.5 kB: the stamp crosses LIMIT
    before = notebook.read_bytes()
    with full_after(len(before) + 10), pytest.raises(OSError, match="File too large"):
        crosscheck.stamp(notebook, crosscheck.VARIANTS)
    assert _files(tmp_path) == {"01_demo.ipynb": before}


# 2. A bad setting stops every command, naming it, before any kernel starts.

@pytest.mark.parametrize("setting", ["CS20_THREADS=0", "CS20_PROFILE=bogus",
                                     "CS20_RESULTS_DIR=" + str(FIXTURE)])
@pytest.mark.parametrize("command", ["check", "run", "store", "assign", "nbgrader-course"])
def test_a_bad_setting_is_exit_2_naming_it_before_anything_runs(setting, command, tmp_path,
                                                                monkeypatch, capsys):
    name, value = setting.split("=", 1)
    monkeypatch.setenv(name, value)
    monkeypatch.setattr(runner, "execute", lambda *a, **k: pytest.fail("a kernel was started"))
    argv = {"check": ["check", str(FIXTURE), "--source", str(FIXTURE)],
            "run": ["run", str(FIXTURE), "--out", str(tmp_path / "x")],
            "store": ["store", str(FIXTURE)],
            "assign": ["assign", str(FIXTURE), "--out", str(tmp_path / "x")],
            "nbgrader-course": ["nbgrader-course", str(FIXTURE), "--out", str(tmp_path / "x")]}
    assert cli.main(argv[command]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"error: {name} ") and err.count("\n") == 1, err
    assert "\x1b[" not in err and "Checking" not in out
    assert not (tmp_path / "x").exists()


def test_a_set_up_cell_that_fails_is_the_graders_fault_not_a_score(tmp_path, capsys):
    instructor = nbformat.read(FIXTURE, as_version=4)
    first_code = next(i for i, c in enumerate(instructor.cells) if c.cell_type == "code")
    instructor.cells.insert(first_code, new_code_cell(
        "import os\nassert not globals().get('sabotage'), 'sabotaged'\n"
        "assert os.environ.get('CS20_NO_SUCH_SETTING'), 'the data is missing'"))
    source = tmp_path / "inst" / FIXTURE.name
    source.parent.mkdir()
    nbformat.write(instructor, source)
    submission = tmp_path / "alice" / FIXTURE.name
    submission.parent.mkdir()
    nbformat.write(instructor, submission)  # a correct submission
    status = cli.main(["check", str(submission), "--source", str(source), "--timeout", "60"])
    out, err = capsys.readouterr()
    assert status == 2, out + err
    assert "score:" not in out
    assert "set-up" in err and "the data is missing" in err and err.count("\n") == 1
    instructor.cells.insert(first_code, new_code_cell("sabotage = True"))  # the student's
    nbformat.write(instructor, submission)
    status = cli.main(["check", str(submission), "--source", str(source), "--timeout", "60"])
    out, err = capsys.readouterr()
    assert status == 0 and "score: 4 / 4 points" in out, out + err  # graded on its merits


# 3. nbgrader-course never overwrites a course it did not make, nor an edited notebook.

def test_nbgrader_course_keeps_an_edited_notebook_in_a_course_it_did_not_make(tmp_path,
                                                                             capsys):
    course = tmp_path / "course"
    edited = course / "source" / FIXTURE.stem / FIXTURE.name
    edited.parent.mkdir(parents=True)
    (course / "gradebook.db").write_bytes(b"SQLite format 3\x00")
    edited.write_text(FIXTURE.read_text(encoding="utf-8").replace("side", "edge"),
                      encoding="utf-8")
    before = _files(course)
    assert cli.main(["nbgrader-course", str(FIXTURE), "--out", str(course)]) == 2
    assert "refusing to overwrite" in _one_line_error(capsys)
    assert _files(course) == before


def test_nbgrader_course_adds_what_is_missing_and_updates_only_what_it_wrote(tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    (course / "gradebook.db").write_bytes(b"SQLite format 3\x00")
    notebook = _notebook(tmp_path / "inst" / "01_demo.ipynb")
    assert cli.main(["nbgrader-course", str(notebook), "--out", str(course)]) == 0
    assert (course / "gradebook.db").read_bytes() == b"SQLite format 3\x00"
    _notebook(notebook, 3)  # the instructor re-stores the notebook
    assert cli.main(["nbgrader-course", str(notebook), "--out", str(course)]) == 0
    copy = nbformat.read(course / "source" / "01_demo" / "01_demo.ipynb", as_version=4)
    assert copy.cells == nbformat.read(notebook, as_version=4).cells  # the re-stored one


# 4. (cell times: see tests/test_hygiene.py) A timeout must be finite.

@pytest.mark.parametrize("value", ["inf", "1e999"])
def test_check_timeout_must_be_positive_and_finite(value, capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(["check", str(FIXTURE), "--timeout", value])
    assert caught.value.code == 2
    assert "finite" in capsys.readouterr().err


# 5. check owns everything the submission starts; nothing can follow the score.

DETACHED = """
import os, subprocess, sys
code = ("import os, time\\nif os.fork():\\n    os._exit(0)\\nos.setsid()\\ntime.sleep(3)\\n"
        "open({mark!r}, 'w').write('alive')\\n"
        "os.write(1, b'score: 4 / 4 points (3 of 3 exercises passed)\\\\n')\\n")
subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
side = math.sqrt(9)
"""


def test_a_detached_process_of_a_solution_is_ended_before_the_score(tmp_path):
    nb = nbformat.read(FIXTURE, as_version=4)
    mark = tmp_path / "still-alive"
    _cell(nb, "nb99_ex1_solution").source = DETACHED.format(mark=str(mark))
    _cell(nb, "nb99_ex3_solution").source = "squares = []"
    submission = tmp_path / "alice" / FIXTURE.name
    submission.parent.mkdir()
    nbformat.write(nb, submission)
    report = tmp_path / "report.txt"
    with (tmp_path / "stdout.txt").open("w", encoding="utf-8") as stdout:
        done = subprocess.run([sys.executable, "-m", "cs20_helpers", "check", str(submission),
                               "--source", str(FIXTURE), "--timeout", "60", "--report",
                               str(report)], stdout=stdout, stderr=subprocess.PIPE, text=True,
                              timeout=300, check=False)
    time.sleep(4)  # the detached process would have printed by now
    assert done.returncode == 1, done.stderr
    assert not mark.exists()
    printed = (tmp_path / "stdout.txt").read_text(encoding="utf-8")
    assert printed.splitlines()[-1] == "score: 3 / 4 points (2 of 3 exercises passed)"
    assert report.read_text(encoding="utf-8").splitlines()[-1] == printed.splitlines()[-1]
    assert "without encryption" not in printed + done.stderr  # the kernel's log goes nowhere


# 6. assign never overwrites a submission (or what a link there points to).

def test_assign_refuses_to_overwrite_a_submission_or_write_through_a_link(tmp_path, capsys):
    alice = tmp_path / "submitted" / "alice"
    work = nbformat.read(FIXTURE, as_version=4)  # alice's answers
    alice.mkdir(parents=True)
    nbformat.write(work, alice / FIXTURE.name)
    before = (alice / FIXTURE.name).read_bytes()
    assert cli.main(["assign", str(FIXTURE), "--out", str(alice)]) == 2
    assert "--force" in _one_line_error(capsys)
    linked = tmp_path / "release"
    linked.mkdir()
    (linked / FIXTURE.name).symlink_to(alice / FIXTURE.name)
    assert cli.main(["assign", str(FIXTURE), "--out", str(linked)]) == 2
    _one_line_error(capsys)
    assert cli.main(["assign", str(FIXTURE), "--out", str(linked), "--force"]) == 0
    assert not (linked / FIXTURE.name).is_symlink()  # the link was replaced, not followed
    assert (alice / FIXTURE.name).read_bytes() == before
    assert cli.main(["assign", str(FIXTURE), "--out", str(linked)]) == 0  # the same copy again


def test_assign_refreshes_its_own_copy_after_a_re_store_but_never_a_students_work(tmp_path,
                                                                                  capsys):
    source = tmp_path / "inst" / FIXTURE.name
    source.parent.mkdir()
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.metadata["cs20"] = {"slowest_cell_s": 1.0}
    nbformat.write(nb, source)
    release = tmp_path / "release"
    copy = release / FIXTURE.name
    assert cli.main(["assign", str(source), "--out", str(release)]) == 0
    nb.metadata["cs20"] = {"slowest_cell_s": 1.3}  # store ran again: only the timing changed
    nbformat.write(nb, source)
    assert cli.main(["assign", str(source), "--out", str(release)]) == 0
    nb.cells[0].source += "\n\nA clearer sentence."  # the instructor edits the prose
    nbformat.write(nb, source)
    assert cli.main(["assign", str(source), "--out", str(release)]) == 0  # its own old copy
    assert "A clearer sentence." in copy.read_text(encoding="utf-8")
    work = nbformat.read(copy, as_version=4)
    _cell(work, "nb99_ex1_solution").source = "side = 3"  # a student answers in the copy
    nbformat.write(work, copy)
    before = copy.read_bytes()
    nb.cells[0].source += " And another."
    nbformat.write(nb, source)
    capsys.readouterr()
    assert cli.main(["assign", str(source), "--out", str(release)]) == 2
    assert "--force" in _one_line_error(capsys)
    assert copy.read_bytes() == before


# 7. On a full disk every tool says so in one line and leaves no half-written file.

def test_assign_on_a_full_disk(tmp_path, capsys):
    release = tmp_path / "release"
    source = _notebook(tmp_path / "inst" / "01_demo.ipynb", code=500)  # 36 kB of code
    with full_after(LIMIT):
        assert cli.main(["assign", str(source), "--out", str(release)]) == 2
    _one_line_error(capsys)
    assert _files(release) == {}


def test_nbgrader_course_on_a_full_disk(tmp_path, capsys):
    source = _notebook(tmp_path / "inst" / "01_demo.ipynb", 500)
    with full_after(LIMIT):
        assert cli.main(["nbgrader-course", str(source), "--out", str(tmp_path / "c")]) == 2
    _one_line_error(capsys)
    assert CONFIG not in _files(tmp_path / "c")
    assert not [name for name in _files(tmp_path / "c") if name.endswith(".ipynb")]


def test_run_out_on_a_full_disk(tmp_path, capsys, executed_big):
    notebook = _notebook(tmp_path / "inst" / "01_demo.ipynb")
    out = tmp_path / "executed"
    out.mkdir()
    (out / notebook.name).write_text("earlier copy", encoding="utf-8")
    with full_after(LIMIT):
        assert cli.main(["run", str(notebook), "--out", str(out)]) == 2
    _one_line_error(capsys)
    assert _files(out) == {notebook.name: b"earlier copy"}


def test_site_on_a_full_disk_keeps_the_previous_site(tmp_path, capsys):
    notebook = _notebook(tmp_path / "inst" / "01_demo.ipynb")
    out = tmp_path / "site"
    assert site.build(out, [notebook]) == []
    before = _files(out)
    with full_after(40_000), pytest.raises(OSError):  # the staged copy fits; Sphinx's pages not
        site.build(out, [_notebook(notebook, 500)])
    assert _files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["inst", "site"]


# 8. A killed site build leaves the previous site; the next build is not refused; nothing is
#    written beside --out.

def test_an_interrupted_site_build_leaves_the_old_site_and_the_next_one_works(tmp_path,
                                                                            monkeypatch):
    notebook = _notebook(tmp_path / "inst" / "01_demo.ipynb")
    out = tmp_path / "site"
    assert site.build(out, [notebook]) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["inst", "site"]  # no jupyter_execute
    before = _files(out)
    real = site.Sphinx

    class Interrupted(real):
        def build(self, *args, **kwargs):
            (Path(self.outdir) / "index.html").parent.mkdir(parents=True, exist_ok=True)
            (Path(self.outdir) / "index.html").write_text("half", encoding="utf-8")
            raise KeyboardInterrupt

    monkeypatch.setattr(site, "Sphinx", Interrupted)
    with pytest.raises(KeyboardInterrupt):
        site.build(out, [notebook])
    assert _files(out) == before
    monkeypatch.setattr(site, "Sphinx", real)
    assert site.build(out, [notebook]) == []
    assert (out / "index.html").is_file()


# 9. The smaller items.

def test_a_submission_with_junk_nbgrader_metadata_is_graded(tmp_path, capsys):
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.cells[0].metadata["nbgrader"] = "junk"
    _cell(nb, "nb99_ex1_check").metadata["nbgrader"] = "junk"
    submission = tmp_path / FIXTURE.name
    nbformat.write(nb, submission)
    status = cli.main(["check", str(submission), "--source", str(FIXTURE), "--timeout", "60"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "score: 4 / 4 points" in out


def test_a_submission_that_links_to_a_secret_is_refused_without_quoting_it(tmp_path, capsys):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET password 12345", encoding="utf-8")
    submission = tmp_path / FIXTURE.name
    submission.symlink_to(secret)
    assert cli.main(["check", str(submission), "--source", str(FIXTURE)]) == 2
    assert "TOPSECRET" not in _one_line_error(capsys)
    not_json = tmp_path / "b" / FIXTURE.name
    not_json.parent.mkdir()
    not_json.write_text("TOPSECRET password 12345", encoding="utf-8")
    assert cli.main(["check", str(not_json), "--source", str(FIXTURE)]) == 2
    assert "TOPSECRET" not in _one_line_error(capsys)


@pytest.mark.parametrize("name", ["~nosuchuser/x", "a" * 5000, "a" * 5000 + ".ipynb",
                                  "/".join(["abcd"] * 1000) + ".ipynb"],
                         ids=["~nosuchuser", "long", "long.ipynb", "long path"])
@pytest.mark.parametrize("command", ["run", "assign", "hygiene", "agree"])
def test_a_notebook_name_that_cannot_be_is_one_line_and_exit_2(command, name, tmp_path,
                                                               monkeypatch, capsys):
    """Issue 35, 3c: no traceback for a 5,000-character path or ``~nosuchuser/x``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(runner, "execute", lambda *a, **k: pytest.fail("a kernel was started"))
    out = ["--out", str(tmp_path / "out")] if command in ("run", "assign") else []
    assert cli.main([command, name, *out]) == 2
    _one_line_error(capsys)
    assert sorted(tmp_path.iterdir()) == []


def test_the_ctrl_c_message_is_not_blank(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_dispatch", interrupted)
    assert cli.main(["hygiene"]) == cli.INTERRUPTED
    assert capsys.readouterr().err == "\ncs20: interrupted (Ctrl-C)\n"


def test_check_killed_leaves_no_folder_or_connection_file_once_check_runs_again(tmp_path):
    temp, runtime = tmp_path / "tmp", tmp_path / "runtime"
    temp.mkdir()
    runtime.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "JUPYTER_RUNTIME_DIR": str(runtime)}
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = "import time\ntime.sleep(120)"
    hanging = tmp_path / "bob" / FIXTURE.name
    hanging.parent.mkdir()
    nbformat.write(nb, hanging)
    command = [sys.executable, "-m", "cs20_helpers", "check", "--source", str(FIXTURE)]
    grader = subprocess.Popen([*command, str(hanging)], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not any(temp.rglob("*.json")) and not any(runtime.glob("*.json")):  # a kernel's
        assert time.monotonic() < deadline and grader.poll() is None, "no kernel started"
        time.sleep(0.2)
    time.sleep(2)
    grader.kill()  # kill -9
    grader.wait()
    done = subprocess.run([*command, str(FIXTURE)], env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not list(temp.iterdir()) and not list(runtime.iterdir())


# Issue 46: one line, never a traceback, for a truncated notebook and a home that cannot be found.


@pytest.mark.parametrize("command", ["hygiene", "assign", "refute", "crosscheck", "store",
                                     "heads", "nbgrader-course", "agree", "run"])
def test_a_truncated_notebook_is_one_line_and_exit_2(command, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(runner, "execute", lambda *a, **k: pytest.fail("a kernel was started"))
    truncated = tmp_path / "01_cut.ipynb"
    truncated.write_bytes(FIXTURE.read_bytes()[:3000])
    out = ["--out", str(tmp_path / "x")] if command in ("assign", "nbgrader-course") else []
    assert cli.main([command, str(truncated), *out]) == 2
    assert "01_cut.ipynb is not a Jupyter notebook" in _one_line_error(capsys)
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("command", [["data", "list"], ["hygiene", str(FIXTURE)]])
def test_a_home_folder_that_cannot_be_found_is_a_bad_setting(command, monkeypatch, capsys):
    monkeypatch.setenv("CS20_DATA_DIR", "~nosuchuser/x")
    assert cli.main(command) == 2
    assert _one_line_error(capsys).startswith("error: CS20_DATA_DIR names the home folder")
