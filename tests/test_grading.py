"""``check`` grades against the instructor's notebook, in a fresh folder, with a cell timeout
(issue 22, 4-6 and 11): tampering, escapes, hangs and dead kernels cost only their exercise."""

import os
import shutil
import tempfile
from pathlib import Path

import nbformat
import pytest
from full_disk import full_after

from cs20_helpers.tools import assign, cli, exercises, grading, runner, submission, timing
from cs20_helpers.tools.cell_kernel import ERROR, OK, Outcome
from cs20_helpers.tools.submission import DELETED, EDITED

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"


def _rows(stdout: str) -> dict[str, str]:
    """Map each exercise id in ``check``'s table to its result column."""
    return {parts[0]: parts[2] for line in stdout.splitlines()
            if (parts := line.split(maxsplit=2)) and parts[0].startswith("nb99_ex")}


def _cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if exercises.nbgrader_meta(c).get("grade_id") == grade_id)


def _submit(nb: nbformat.NotebookNode, folder: Path, name: str = FIXTURE.name) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / name)
    return folder / name


def _check(capsys, path: Path, *options: str) -> tuple[int, str]:
    status = cli.main(["check", str(path), "--source", str(FIXTURE), *options])
    return status, capsys.readouterr().out


def tampered(folder: Path) -> Path:
    """A student copy with a right answer behind an ``assert True`` check (checksum deleted),
    a wrong answer whose check cell is deleted, one whose check says ``grade: false``, and
    tracebacks silenced."""
    nb = assign.student_copy(nbformat.read(FIXTURE, as_version=4))
    _cell(nb, "nb99_ex1_solution").source = (
        "get_ipython().showtraceback = lambda *a, **k: None\nside = math.sqrt(9)")
    check = _cell(nb, "nb99_ex1_check")
    check.source = "assert True"
    del check.metadata.nbgrader["checksum"]
    _cell(nb, "nb99_ex2_solution").source = "def area(r):\n    return 0"
    nb.cells.remove(_cell(nb, "nb99_ex2_check"))
    _cell(nb, "nb99_ex3_solution").source = "squares = []"
    _cell(nb, "nb99_ex3_check").metadata.nbgrader["grade"] = False
    return _submit(nb, folder)


TAMPERED_ROWS = {
    "nb99_ex1": f"passed ({EDITED})",
    "nb99_ex2": f"failed: area(2) should be pi * 2**2, about 12.566 ({DELETED})",
    "nb99_ex3": f"failed: squares should be [0, 1, 4, 9, 16] ({EDITED})",
}


def test_tampered_check_cells_are_put_back_from_the_instructor_copy(tmp_path, capsys):
    status, out = _check(capsys, tampered(tmp_path / "alice"), "--timeout", "60")
    assert status == 1, out
    assert _rows(out) == TAMPERED_ROWS
    assert "score: 1 / 4 points (1 of 3 exercises passed)" in out


def test_the_submission_runs_in_a_fresh_folder_that_reaches_nothing_of_the_instructor(
        tmp_path, capsys):
    (tmp_path / "inst").mkdir()
    instructor = Path(shutil.copy(FIXTURE, tmp_path / "inst" / "99_adv.ipynb"))
    before = instructor.read_bytes()
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = (
        "try:\n    open('../../inst/99_adv.ipynb', 'w').write('{}')\nexcept OSError:\n    pass\n"
        "open('escape.txt', 'w').write('outside')\nside = math.sqrt(9)")
    path = _submit(nb, tmp_path / "sub" / "alice", "99_adv.ipynb")
    status = cli.main(["check", str(path), "--source", str(instructor), "--timeout", "60"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert instructor.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["99_adv.ipynb"]


def test_temporary_files_of_graded_code_go_with_the_checks_folder(tmp_path, monkeypatch, capsys):
    """Issue 35: TensorFlow's autograph modules (and any temporary file a solution leaves) were
    written to the shared $TMPDIR and piled up there, one set per graded submission."""
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    monkeypatch.setenv("TMPDIR", str(shared))
    monkeypatch.setattr(tempfile, "tempdir", str(shared))  # this process cached the old one
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = (
        "import tempfile\ntempfile.mkstemp(suffix='.left')\nside = math.sqrt(9)")
    status, out = _check(capsys, _submit(nb, tmp_path / "carol"), "--timeout", "60")
    assert status == 0, out
    assert list(shared.iterdir()) == []


def test_a_hang_and_a_dead_kernel_fail_only_their_own_exercise(tmp_path, capsys):
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = "while True:\n    pass"
    _cell(nb, "nb99_ex2_solution").source = "import os\nos._exit(1)"
    status, out = _check(capsys, _submit(nb, tmp_path / "bob"), "--timeout", "3")
    assert status == 1, out
    assert _rows(out) == {
        "nb99_ex1": "failed: your solution ran past the 3 s cell timeout (the kernel was "
                    "restarted)",
        "nb99_ex2": "failed: your solution ended the kernel (it was restarted)",
        "nb99_ex3": "passed"}
    assert "restarted 2 time(s)" in out


def test_the_cell_timeout_fits_the_instructor_notebook():
    nb = nbformat.read(FIXTURE, as_version=4)
    assert timing.cell_timeout([nb])[0] == timing.DEFAULT_TIMEOUT_S  # no times recorded yet
    nb.metadata["cs20"] = {"slowest_cell_s": 27.6}  # notebook 07's Keras fit, 2 cores
    assert timing.cell_timeout([nb])[0] == 111
    nb.metadata["cs20"] = {"slowest_cell_s": 0.2}
    assert timing.cell_timeout([nb])[0] == timing.FLOOR_S


@pytest.mark.parametrize("content", ["", "{not json", '{"cells": 3}', "[1, 2]"],
                         ids=["empty", "invalid", "not a notebook", "a list"])
def test_a_file_that_is_not_a_notebook_is_one_line_and_exit_2(content, tmp_path, capsys):
    path = tmp_path / FIXTURE.name
    path.write_text(content, encoding="utf-8")
    assert cli.main(["check", str(path), "--source", str(FIXTURE)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err


def test_a_submission_without_an_instructor_notebook_is_one_line_and_exit_2(tmp_path, capsys):
    path = Path(shutil.copy(FIXTURE, tmp_path / "my_homework.ipynb"))
    assert cli.main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no instructor notebook named my_homework.ipynb")
    assert "--source" in err and err.count("\n") == 1


# Issue 35: the instructor's audit of check.

def _graded(monkeypatch, calls: list | None = None) -> None:
    """Make ``grading.grade`` return at once: exercise 1 passed, 2 failed, 3 passed (3 of 4
    points), recording each call in ``calls``; no kernel starts."""
    def grade(path, student, instructor, timeout, **_):
        if calls is not None:
            calls.append(path)
        return [grading.Grade("nb99_ex1", 1, grading.PASSED),
                grading.Grade("nb99_ex2", 2, grading.FAILED, "the check raised NameError: x"),
                grading.Grade("nb99_ex3", 1, grading.PASSED)], grading.Run({})

    monkeypatch.setattr(grading, "grade", grade)


def _refused(capsys, calls: list) -> str:
    """Return check's one-line error after checking nothing was graded or printed."""
    out, err = capsys.readouterr()
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < 400, err
    assert not calls and "Checking" not in out and "score" not in out
    return err


LONG = "a" * 5000


@pytest.mark.parametrize("target", ["submission", "its other path", "source", "link to source",
                                    "course notebook", "folder", "notes", "dangling link",
                                    "pipe"])
def test_check_report_never_overwrites_what_check_did_not_write(target, tmp_path, monkeypatch,
                                                                capsys):
    """Issue 35, 1: ``--report sub.ipynb`` replaced the submission, ``--report notebooks/01...``
    the instructor notebook."""
    calls = []
    _graded(monkeypatch, calls)
    submission = _submit(nbformat.read(FIXTURE, as_version=4), tmp_path / "alice")
    source = Path(shutil.copy(FIXTURE, tmp_path / "source.ipynb"))
    (tmp_path / "notes.txt").write_text("the instructor's notes\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    paths = {"submission": submission, "its other path": tmp_path / "alice" / ".." / "alice" /
             submission.name, "source": source, "folder": tmp_path / "folder",
             "notes": tmp_path / "notes.txt", "pipe": tmp_path / "pipe"}
    links = {"link to source": source, "dangling link": tmp_path / "gone.ipynb",
             "course notebook": (runner.find_notebooks() or [FIXTURE])[0]}
    if target in links:
        paths[target] = tmp_path / "report.txt"
        paths[target].symlink_to(links[target])
    before = {p: p.read_bytes() for p in (submission, source, tmp_path / "notes.txt",
                                         links["course notebook"])}
    status = cli.main(["check", str(submission), "--source", str(source), "--report",
                       str(paths[target])])
    assert status == 2
    _refused(capsys, calls)
    assert {p: p.read_bytes() for p in before} == before
    assert paths[target].is_symlink() == (target in links)


@pytest.mark.parametrize("target", ["no such folder/report.txt", "~nosuchuser/report.txt",
                                    LONG, f"{LONG[:200]}/{LONG[:200]}", "/proc/cs20-report.txt",
                                    f"{FIXTURE}/report.txt"])
def test_check_report_that_cannot_be_written_is_refused_before_grading(target, tmp_path,
                                                                       monkeypatch, capsys):
    """Issue 35, 1: a bad --report was found only after minutes of grading."""
    calls = []
    _graded(monkeypatch, calls)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["check", str(FIXTURE), "--source", str(FIXTURE), "--report", target]) == 2
    _refused(capsys, calls)
    assert sorted(tmp_path.iterdir()) == []


def test_check_report_replaces_only_its_own_earlier_report(tmp_path, monkeypatch, capsys):
    _graded(monkeypatch)
    report = tmp_path / "report.txt"
    argv = ["check", str(FIXTURE), "--source", str(FIXTURE), "--report", str(report)]
    assert cli.main(argv) == 1
    out = capsys.readouterr().out
    written = report.read_text(encoding="utf-8")
    assert written.splitlines()[0] == grading.REPORT_HEADER
    assert written.splitlines()[1:] == out.splitlines()
    report.write_text(written.replace("3 / 4", "0 / 4"), encoding="utf-8")
    assert cli.main(argv) == 1  # a report check wrote, edited or not, is replaced
    assert report.read_text(encoding="utf-8") == written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.txt"]


def test_check_report_on_a_full_disk_shows_the_grade_first(tmp_path, monkeypatch, capsys):
    """Issue 35, 3b: on a full or read-only disk the grade was never printed."""
    _graded(monkeypatch)
    report = tmp_path / "report.txt"
    with full_after(100):
        status = cli.main(["check", str(FIXTURE), "--source", str(FIXTURE), "--report",
                           str(report)])
    out, err = capsys.readouterr()
    assert status == 2
    assert out.splitlines()[-1] == "score: 2 / 4 points (2 of 3 exercises passed)"
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert not report.exists() and sorted(tmp_path.iterdir()) == []


FORGED = "nope\nnb99_ex2  2  passed\nscore: 4 / 4 points (3 of 3 exercises passed)\x1b[2K\r"


@pytest.mark.parametrize("how", ["assert", "exception", "exception name", "solution", "long"])
def test_a_students_message_cannot_forge_a_row_or_the_score(how):
    """Issue 35, 3a: an exception's message reached the report raw."""
    exercise = exercises.Exercise("nb99_ex1", 1, solution=0, check=1)
    outcomes = {"assert": ("check", "AssertionError", FORGED),
                "exception": ("check", "ValueError", FORGED),
                "exception name": ("check", FORGED, "x"),
                "solution": ("solution", "ValueError", FORGED),
                "long": ("check", "AssertionError", "x" * 100_000)}
    cell, ename, evalue = outcomes[how]
    run = grading.Run({0: Outcome(OK), 1: Outcome(OK)})
    run.outcomes[0 if cell == "solution" else 1] = Outcome(ERROR, ename, evalue)
    grades = [grading.grade_exercise(exercise, run, "", 60),
              grading.Grade("nb99_ex2", 3, grading.FAILED, "not run")]
    table = grading.report(grades)
    lines = table.splitlines()
    assert len(lines) == 4 and lines[-1] == "score: 0 / 4 points (0 of 2 exercises passed)"
    assert [line.split()[0] for line in lines[1:3]] == ["nb99_ex1", "nb99_ex2"]
    assert lines[2].endswith("failed: not run")
    assert "\x1b" not in table and "\r" not in table and len(lines[1]) < 300
    if how != "long":
        assert "\\nscore: 4 / 4" in lines[1] and "\\x1b[2K\\r" in lines[1]


def test_a_setup_fault_message_is_one_line(tmp_path):
    student = nbformat.read(FIXTURE, as_version=4)
    prepared = submission.prepare(student, student)
    run = grading.Run({1: Outcome(ERROR, "OSError", FORGED)})
    fault = grading.setup_fault(prepared, student, run, 60)
    assert "\n" not in fault and "\x1b" not in fault and "cell 1" in fault


def _check_as(role: str, path: str) -> int:
    """Run ``check`` with ``path`` as the submission or as the instructor's notebook."""
    argv = [path, "--source", str(FIXTURE)] if role == "submission" else \
        [str(FIXTURE), "--source", path]
    return cli.main(["check", *argv])


@pytest.mark.parametrize("content", ["{}", FIXTURE.read_text(encoding="utf-8")[:300],
                                     "[" * 100_000 + "]" * 100_000,
                                     '{"metadata": ' + "[" * 100_000 + "]" * 100_000 + "}"],
                         ids=["{}", "truncated", "nested", "nested in a notebook"])
@pytest.mark.parametrize("role", ["submission", "source"])
def test_a_broken_notebook_is_one_line_and_exit_2(content, role, tmp_path, monkeypatch,
                                                   capsys):
    """Issue 35, 3c."""
    calls = []
    _graded(monkeypatch, calls)
    broken = tmp_path / FIXTURE.name
    broken.write_text(content, encoding="utf-8")
    assert _check_as(role, str(broken)) == 2
    assert "not a Jupyter notebook" in _refused(capsys, calls)


@pytest.mark.parametrize("path", ["~nosuchuser/x.ipynb", LONG, LONG + ".ipynb",
                                  "/".join(["abcd"] * 1000) + ".ipynb"],
                         ids=["~nosuchuser", "long", "long.ipynb", "long path"])
@pytest.mark.parametrize("role", ["submission", "source"])
def test_a_path_that_cannot_be_is_one_short_line_and_exit_2(path, role, tmp_path, monkeypatch,
                                                            capsys):
    """Issue 35, 3c: a 5,000-character path filled the screen."""
    calls = []
    _graded(monkeypatch, calls)
    monkeypatch.chdir(tmp_path)
    assert _check_as(role, path) == 2
    assert "no notebook at" in _refused(capsys, calls)


@pytest.mark.parametrize("recorded", [float("nan"), 1e308, "30", -1.0, True, float("inf")],
                         ids=["nan", "1e308", "text", "negative", "bool", "inf"])
def test_an_unusable_recorded_cell_time_counts_as_none(recorded):
    """Issue 35, 3d: NaN, 1e308 or "30" as slowest_cell_s gave a traceback."""
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.metadata["cs20"] = {"slowest_cell_s": recorded}
    seconds, how = timing.cell_timeout([nb])
    assert seconds == timing.DEFAULT_TIMEOUT_S
    assert "the default" in how and "no usable cell times" in how
    assert timing.problems(nb)
    other = nbformat.read(FIXTURE, as_version=4)
    other.metadata["cs20"] = {"slowest_cell_s": 27.6}
    assert timing.cell_timeout([other, nb])[0] == timing.DEFAULT_TIMEOUT_S
    nb.metadata["cs20"] = "junk"
    assert timing.cell_timeout([nb])[0] == timing.DEFAULT_TIMEOUT_S and timing.problems(nb)


def _with_demo() -> nbformat.NotebookNode:
    """The fixture with a plain instructor cell after its set-up that needs the set-up."""
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.cells.insert(2, nbformat.v4.new_code_cell("print(math.pi)"))
    return nb


def _moved(instructor: nbformat.NotebookNode, how: str) -> nbformat.NotebookNode:
    """A correct submission with an instructor cell moved, or a check cell's source pasted,
    above the set-up cell (``import math``, cell 1)."""
    nb = nbformat.from_dict(instructor)
    if how == "moved":
        nb.cells.insert(1, nb.cells.pop(2))
    elif how == "pasted check":
        nb.cells.insert(1, nbformat.v4.new_code_cell(_cell(nb, "nb99_ex1_check").source))
    return nb


@pytest.mark.parametrize("how", ["moved", "pasted check", "in place"])
def test_only_the_instructors_set_up_in_its_place_can_be_the_graders_fault(how):
    """Issue 35, 2: a cell dragged above the set-up made check exit 2 (nothing graded)."""
    instructor = _with_demo()
    prepared = submission.prepare(_moved(instructor, how), instructor)
    code = [i for i, c in enumerate(prepared.nb.cells) if c.cell_type == "code"]
    run = grading.Run({i: Outcome(OK) for i in code})
    run.outcomes[1] = Outcome(ERROR, "NameError", "name 'math' is not defined")
    fault = grading.setup_fault(prepared, instructor, run, 60)
    assert (fault is not None) == (how == "in place"), fault


@pytest.mark.parametrize("how", ["moved", "pasted check"])
def test_a_cell_moved_above_the_set_up_is_graded_not_blamed_on_the_grader(how, tmp_path,
                                                                          capsys):
    """Issue 35, 2: ``nbgrader autograde`` gives such a submission 4 / 4; check said "fix the
    grading environment"."""
    instructor = _with_demo()
    source = tmp_path / "inst" / FIXTURE.name
    source.parent.mkdir()
    nbformat.write(instructor, source)
    path = _submit(_moved(instructor, how), tmp_path / "alice")
    status = cli.main(["check", str(path), "--source", str(source), "--timeout", "60"])
    out, err = capsys.readouterr()
    assert status == 0 and "score: 4 / 4 points" in out, out + err


# Issue 46, FAIL 3: an answer retyped in a new cell (its solution cell's metadata lost) is graded
# by its own check; another exercise's solution, failing or not, is not charged to it.


def _retyped(ex1: str) -> nbformat.NotebookNode:
    """The student copy with exercise 1's solution cell set to ``ex1`` and exercise 2 answered
    in a plain cell in place of its solution cell, exercise 3 answered."""
    nb = assign.student_copy(nbformat.read(FIXTURE, as_version=4))
    _cell(nb, "nb99_ex1_solution").source = ex1
    plain = _cell(nb, "nb99_ex2_solution")
    plain.metadata.pop("nbgrader")
    plain.source = "def area(r):\n    return math.pi * r ** 2"
    _cell(nb, "nb99_ex3_solution").source = "squares = [i * i for i in range(5)]"
    return nb


def test_an_exercise_is_never_paired_with_another_exercises_solution():
    nb = _retyped("side = None")
    assert [(e.id, e.solution) for e in exercises.exercises(nb)] == [
        ("nb99_ex1", 3), ("nb99_ex2", None), ("nb99_ex3", 9)]


@pytest.mark.parametrize(("ex1", "row1"), [
    ("side = None\n# YOUR CODE HERE\nraise NotImplementedError()", "not attempted"),
    ("raise ValueError('my ex1 is broken')",
     "failed: your solution raised ValueError: my ex1 is broken")])
def test_a_retyped_answer_is_graded_by_its_own_check(ex1, row1, tmp_path, capsys):
    status, out = _check(capsys, _submit(_retyped(ex1), tmp_path / "bob"), "--timeout", "60")
    assert status == 1, out
    assert _rows(out) == {"nb99_ex1": row1, "nb99_ex2": "passed", "nb99_ex3": "passed"}
    assert "score: 3 / 4 points (2 of 3 exercises passed)" in out  # nbgrader autograde: 3 / 4


def test_a_check_cell_reworded_after_release_leaves_untouched_submissions_unedited():
    """Issue 46: a submission is compared with what was released to that student."""
    student = assign.student_copy(nbformat.read(FIXTURE, as_version=4))
    reworded = nbformat.read(FIXTURE, as_version=4)
    check = _cell(reworded, "nb99_ex1_check")
    check.source = check.source.replace("set side to a number", "side must be a number")
    assert submission.prepare(student, reworded).notes == {}
    _cell(student, "nb99_ex2_check").source += "\nassert True"
    assert submission.prepare(student, reworded).notes == {"nb99_ex2": EDITED}
    del student.metadata[exercises.RELEASE_KEY]  # a copy that does not say what it was given
    assert submission.prepare(student, reworded).notes == {"nb99_ex1": EDITED,
                                                           "nb99_ex2": EDITED}
