"""``grade`` grades a class, each submission sealed off (issue 48): reports, a gradebook CSV, a
resumed run grades only what is missing; inside the seal the instructor's files, the helpers,
the network and the grader are out of reach, nothing outlives the grading, and solutions still
score full marks."""

import json
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import nbformat
import pytest

import cs20_helpers
from cs20_helpers.tools import (
    agreement,
    assign,
    class_grading,
    cli,
    exercises,
    gradebook,
    guards,
    refute,
    runner,
    seal,
)
from cs20_helpers.tools.gradebook import NOT_GRADED, Record
from cs20_helpers.tools.grading import FAILED, NOT_ATTEMPTED, PASSED, Grade

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"
NO_SEAL = seal.problem()
needs_seal = pytest.mark.skipif(NO_SEAL is not None, reason=f"no seal here: {NO_SEAL}")


def _cell(nb: nbformat.NotebookNode, grade_id: str) -> nbformat.NotebookNode:
    return next(c for c in nb.cells if exercises.nbgrader_meta(c).get("grade_id") == grade_id)


def _write(nb: nbformat.NotebookNode, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _alive_with(marker: str) -> list[int]:
    """The processes of this machine whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _in_seal(tmp_path: Path, code: str, *args: str) -> subprocess.CompletedProcess:
    """Run ``python -c code args`` in a seal working in a new folder of ``tmp_path``."""
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    return subprocess.run([*seal.command(work), sys.executable, "-c", code, *args], cwd=work,
                          capture_output=True, text=True, timeout=60, check=False)


# 1. The seal itself, without a kernel.

PROBE = r"""
import errno, json, os, socket, sys
checks, instructor, other, project, port = sys.argv[1:6]
seen = {}
def attempt(name, action):
    try:
        action()
        seen[name] = "done"
    except OSError as error:
        seen[name] = errno.errorcode.get(error.errno, str(error))
attempt("read instructor", lambda: open(instructor, encoding="utf-8").read())
attempt("list other submission", lambda: os.listdir(other))
attempt("append to helpers", lambda: open(checks, "a").write("\ndef between(*a, **k): pass\n"))
attempt("new file in helpers", lambda: open(os.path.join(os.path.dirname(checks), "x.py"), "w"))
attempt("write instructor folder",
        lambda: open(os.path.join(os.path.dirname(instructor), "planted"), "w"))
attempt("internet", lambda: socket.create_connection(("192.0.2.1", 80), timeout=3))
attempt("grader's loopback", lambda: socket.create_connection(("127.0.0.1", int(port)), 3))
attempt("read helpers", lambda: open(checks, encoding="utf-8").read())
attempt("write work", lambda: open("mine.txt", "w").write("ok"))
attempt("write home", lambda: open(os.path.expanduser("~/mine"), "w").write("ok"))
attempt("write /tmp", lambda: open("/tmp/mine", "w").write("ok"))
seen["project"] = sorted(os.listdir(project))
seen["processes"] = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
seen["capabilities"] = [l.split()[1] for l in open("/proc/self/status") if l.startswith("CapEff")]
import cs20_helpers.checks
print(json.dumps(seen))
"""


@needs_seal
def test_inside_a_seal_nothing_of_the_instructors_the_network_or_the_grader_is_reachable(
        tmp_path):
    (tmp_path / "inst").mkdir()
    instructor = Path(shutil.copy(FIXTURE, tmp_path / "inst" / FIXTURE.name))
    other = tmp_path / "submitted" / "bob"
    _write(nbformat.read(FIXTURE, as_version=4), other / FIXTURE.name)
    checks = Path(cs20_helpers.__file__).parent / "checks.py"
    before = checks.read_bytes()
    with socket.socket() as listener:  # the grader's machine listens on its loopback
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        done = _in_seal(tmp_path, PROBE, str(checks), str(instructor), str(other),
                        str(runner.notebooks_dir().parent), str(listener.getsockname()[1]))
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    project = seen.pop("project")  # the checkout: only the helpers package is shown
    assert "cs20_helpers" in project and not {"notebooks", "tests"} & set(project)
    assert seen == {
        "read instructor": "ENOENT", "list other submission": "ENOENT",
        "append to helpers": "EROFS", "new file in helpers": "EROFS",
        "write instructor folder": "ENOENT", "internet": "ENETUNREACH",
        "grader's loopback": "ECONNREFUSED", "read helpers": "done", "write work": "done",
        "write home": "done", "write /tmp": "done",
        "processes": [1], "capabilities": ["0000000000000000"]}
    assert checks.read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "inst").iterdir()) == [FIXTURE.name]


DETACHED = r"""
import subprocess, sys
code = "import os, time\nif os.fork():\n    os._exit(0)\nos.setsid()\ntime.sleep(60)\n"
subprocess.Popen([sys.executable, "-c", code, sys.argv[1]], start_new_session=True)
"""


@needs_seal
def test_nothing_started_in_a_seal_outlives_it_even_when_unshare_is_killed(tmp_path):
    marker = f"cs20-seal-test-{uuid.uuid4().hex}"
    done = _in_seal(tmp_path, DETACHED + "import time; time.sleep(1)\n", marker)
    assert done.returncode == 0, done.stderr
    assert _alive_with(marker) == []  # the seal's first process ended: so did all the others
    work = tmp_path / "work"
    started = subprocess.Popen([*seal.command(work), sys.executable, "-c",
                                DETACHED + "import time; time.sleep(60)\n", marker], cwd=work)
    try:
        deadline = time.monotonic() + 30
        while len(_alive_with(marker)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)  # unshare, the first process and the detached one
        assert len(_alive_with(marker)) >= 3
        started.send_signal(signal.SIGKILL)  # what ending a sealed kernel does
        started.wait()
        deadline = time.monotonic() + 10
        while _alive_with(marker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _alive_with(marker) == []
    finally:
        started.kill()


def test_no_seal_where_unshare_is_missing_is_one_line(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert seal.problem() == "the unshare command (util-linux) is not installed"


# 2. Grading a class.

def _mallory(instructor: Path, planted: Path, marker: str, mark: Path, book: Path
             ) -> nbformat.NotebookNode:
    """A submission whose solutions are right, wrapped in attacks: reading the instructor
    notebook (which would pass exercise 1), planting files in the helpers and the instructor's
    folder, opening a connection out, and a detached process that writes after the score."""
    nb = assign.student_copy(nbformat.read(FIXTURE, as_version=4))
    _cell(nb, "nb99_ex1_solution").source = (
        f"side = None\ntry:\n    open({str(instructor)!r}, encoding='utf-8').read()\n"
        "    side = math.sqrt(9)\nexcept OSError:\n    pass")
    _cell(nb, "nb99_ex2_solution").source = (
        "import socket\n"
        f"for target in ({str(planted)!r}, {str(instructor.parent / 'planted.py')!r}):\n"
        "    try:\n        open(target, 'w').write('between = None')\n"
        "    except OSError:\n        pass\n"
        "try:\n    socket.create_connection(('192.0.2.1', 80), timeout=3)\n"
        "except OSError:\n    pass\n"
        "def area(r):\n    return math.pi * r ** 2")
    writer = ("import os, time\nif os.fork():\n    os._exit(0)\nos.setsid()\ntime.sleep(2)\n"
              f"open({str(mark)!r}, 'w').write('alive')\n"
              f"open({str(book)!r}, 'a').write('mallory,forged\\n')\n")
    _cell(nb, "nb99_ex3_solution").source = (
        "import subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', {writer!r}, {marker!r}], "
        "start_new_session=True)\nsquares = [i * i for i in range(5)]")
    return nb


def _rows(book: Path) -> list[tuple[str, ...]]:
    return [tuple(line.split(",", 6)) for line in book.read_text(encoding="utf-8").splitlines()]


def _grade(capsys, *args: str) -> tuple[int, str, str]:
    status = cli.main(["grade", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@needs_seal
def test_a_class_is_graded_sealed_into_reports_and_a_gradebook_and_a_rerun_resumes(
        tmp_path, capsys):
    (tmp_path / "inst").mkdir()
    instructor = Path(shutil.copy(FIXTURE, tmp_path / "inst" / FIXTURE.name))
    submitted, out = tmp_path / "submitted", tmp_path / "graded"
    planted = Path(cs20_helpers.__file__).parent / f"planted_{uuid.uuid4().hex}.py"
    marker, mark = f"cs20-seal-test-{uuid.uuid4().hex}", tmp_path / "still-alive"
    nb = nbformat.read(FIXTURE, as_version=4)
    _write(nb, submitted / "alice" / FIXTURE.name)
    _write(assign.student_copy(nb), submitted / "bob" / FIXTURE.name)
    (submitted / "carol").mkdir()
    (submitted / "carol" / FIXTURE.name).write_text("{", encoding="utf-8")
    _write(_mallory(instructor, planted, marker, mark, out / class_grading.GRADEBOOK),
           submitted / "mallory" / FIXTURE.name)
    _write(nb, submitted / ".ipynb_checkpoints" / FIXTURE.name)  # hidden: not a student
    args = (str(submitted), "--out", str(out), "--source", str(instructor), "--jobs", "2",
            "--timeout", "60")
    try:
        status, printed, err = _grade(capsys, *args)
        assert not _alive_with(marker)  # ended before the gradebook was written
    finally:
        planted_by_seal_failure = planted.exists()
        planted.unlink(missing_ok=True)
    assert status == 0, err
    assert "4 of 4 submissions (0 already graded), 2 at a time, each sealed off" in printed
    broken = f"{submitted / 'carol' / FIXTURE.name} is not a Jupyter notebook (not notebook JSON)"
    expected = [
        gradebook.COLUMNS,
        ("alice", FIXTURE.name, "nb99_ex1", "1", "1", PASSED, ""),
        ("alice", FIXTURE.name, "nb99_ex2", "2", "2", PASSED, ""),
        ("alice", FIXTURE.name, "nb99_ex3", "1", "1", PASSED, ""),
        ("bob", FIXTURE.name, "nb99_ex1", "0", "1", NOT_ATTEMPTED, ""),
        ("bob", FIXTURE.name, "nb99_ex2", "0", "2", NOT_ATTEMPTED, ""),
        ("bob", FIXTURE.name, "nb99_ex3", "0", "1", NOT_ATTEMPTED, ""),
        ("carol", FIXTURE.name, "nb99_ex1", "0", "1", FAILED, broken),
        ("carol", FIXTURE.name, "nb99_ex2", "0", "2", FAILED, broken),
        ("carol", FIXTURE.name, "nb99_ex3", "0", "1", FAILED, broken),
        ("mallory", FIXTURE.name, "nb99_ex1", "0", "1", FAILED, "set side to a number"),
        ("mallory", FIXTURE.name, "nb99_ex2", "2", "2", PASSED, ""),
        ("mallory", FIXTURE.name, "nb99_ex3", "1", "1", PASSED, "")]
    book = out / class_grading.GRADEBOOK
    assert _rows(book) == expected
    report = (out / "mallory" / "nb99_exercises.txt").read_text(encoding="utf-8")
    assert "(sealed; cell timeout 60 s: --timeout)" in report
    assert report.splitlines()[-1] == "score: 3 / 4 points (2 of 3 exercises passed)"
    time.sleep(3)  # the detached writer would have written by now
    assert not mark.exists() and _rows(book) == expected
    assert not planted_by_seal_failure
    assert sorted(p.name for p in instructor.parent.iterdir()) == [FIXTURE.name]
    assert instructor.read_bytes() == FIXTURE.read_bytes()

    status, printed, _ = _grade(capsys, *args)  # nothing changed: nothing to grade
    assert status == 0 and "Grading 0 of 4 submissions (4 already graded)" in printed
    assert _rows(book) == expected

    # alice's record lost (a run killed before writing it), bob's work changed: both regraded
    (out / "alice" / "nb99_exercises.json").unlink()
    book.unlink()
    bob = assign.student_copy(nb)
    _cell(bob, "nb99_ex3_solution").source = "squares = [0, 1, 4, 9, 16]"
    _write(bob, submitted / "bob" / FIXTURE.name)
    status, printed, _ = _grade(capsys, *args)
    assert status == 0 and "Grading 2 of 4 submissions (2 already graded)" in printed
    expected[6] = ("bob", FIXTURE.name, "nb99_ex3", "1", "1", PASSED, "")
    assert _rows(book) == expected


@needs_seal
def test_a_sealed_kernel_that_hangs_or_dies_is_restarted_in_a_new_seal(tmp_path, capsys):
    nb = nbformat.read(FIXTURE, as_version=4)
    _cell(nb, "nb99_ex1_solution").source = "while True:\n    pass"
    _cell(nb, "nb99_ex2_solution").source = "import os\nos._exit(1)"
    path = _write(nb, tmp_path / "bob" / FIXTURE.name)
    status, _, err = _grade(capsys, str(path), "--out", str(tmp_path / "graded"), "--source",
                            str(FIXTURE), "--timeout", "5")
    assert status == 0, err
    report = (tmp_path / "graded" / "bob" / "nb99_exercises.txt").read_text(encoding="utf-8")
    assert report.splitlines()[2:] == [
        "nb99_ex1       1  failed: your solution ran past the 5 s cell timeout (the kernel was "
        "restarted)",
        "nb99_ex2       2  failed: your solution ended the kernel (it was restarted)",
        "nb99_ex3       1  passed",
        "score: 1 / 4 points (1 of 3 exercises passed)",
        "the kernel was restarted 2 time(s) after a cell ran past the timeout or ended it; the "
        "cells above were run again"]


def test_where_no_seal_can_be_made_grade_says_so_in_one_line_and_grades_as_check(
        tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(seal, "problem", lambda: "user namespaces are turned off")
    path = _write(nbformat.read(FIXTURE, as_version=4), tmp_path / "alice" / FIXTURE.name)
    status, printed, err = _grade(capsys, str(path), "--out", str(tmp_path / "graded"),
                                  "--source", str(FIXTURE), "--timeout", "60")
    assert status == 0, err
    warning = [line for line in err.splitlines() if "cannot seal" in line]
    assert warning == ["warning: cannot seal submissions off here (user namespaces are turned "
                       "off); grading them unsealed, with your rights, as check does (see "
                       "docs/instructors.md)"]
    assert "not sealed" in printed
    record = gradebook.load(tmp_path / "graded" / "alice" / "nb99_exercises.json")
    assert record is not None and not record.sealed
    assert [g.status for g in record.grades] == [PASSED] * 3


@needs_seal
def test_sealed_grades_of_a_course_notebook_are_its_solutions_full_marks_and_wrong_answers(
        tmp_path, capsys):
    """Notebook 01's solutions and its first wrong answers, graded sealed: every solution
    passes, every wrong answer fails (as ``refute`` and ``agree`` prove ``check`` does)."""
    notebook = runner.find_notebooks(["01"])[0]
    nb = nbformat.read(notebook, as_version=4)
    made = agreement.submissions(nb, refute.load(notebook, nb), 0)[:2]
    for each in made:
        _write(each.nb, tmp_path / "submitted" / each.student / notebook.name)
    status, _, err = _grade(capsys, str(tmp_path / "submitted"), "--out",
                            str(tmp_path / "graded"), "--jobs", "2")
    assert status == 0, err
    for each in made:
        record = gradebook.load(tmp_path / "graded" / each.student / f"{notebook.stem}.json")
        assert record is not None and record.sealed
        verdicts = {g.id: g.status == PASSED for g in record.grades}
        assert verdicts == {ident: what == "the solution" for ident, what in each.held.items()}


# 3. Finding submissions, the --out folder, the gradebook.

def test_submissions_are_student_folders_or_notebooks_named(tmp_path):
    for student in ("bob", "alice", ".hidden"):
        (tmp_path / "class" / student).mkdir(parents=True)
        (tmp_path / "class" / student / "01_x.ipynb").write_text("{}", encoding="utf-8")
    (tmp_path / "class" / "notes.ipynb").write_text("{}", encoding="utf-8")  # no student
    lone = tmp_path / "late" / "carol" / "01_x.ipynb"
    lone.parent.mkdir(parents=True)
    lone.write_text("{}", encoding="utf-8")
    found = class_grading.submissions([tmp_path / "class", lone])
    assert [(s, p.relative_to(tmp_path).as_posix()) for s, p in found] == [
        ("alice", "class/alice/01_x.ipynb"), ("bob", "class/bob/01_x.ipynb"),
        ("carol", "late/carol/01_x.ipynb")]
    assert class_grading.submissions([lone, tmp_path / "late"]) == [("carol", lone)]
    again = tmp_path / "again" / "carol" / "01_x.ipynb"
    again.parent.mkdir(parents=True)
    again.write_text("{}", encoding="utf-8")
    with pytest.raises(guards.Refused, match="two submissions of 01_x.ipynb by carol"):
        class_grading.submissions([lone, again])
    with pytest.raises(guards.Refused, match="neither a folder of submissions"):
        class_grading.submissions([tmp_path / "missing"])


def test_grade_writes_only_into_a_folder_of_its_own(tmp_path, capsys):
    path = _write(nbformat.read(FIXTURE, as_version=4), tmp_path / "alice" / FIXTURE.name)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.tex").write_text("work", encoding="utf-8")
    for out, says in ((tmp_path / "mine", "not empty and was not built by this tool"),
                      (runner.notebooks_dir(), "folder of the instructor notebooks"),
                      (tmp_path / "alice", "not empty and was not built by this tool")):
        status, _, err = _grade(capsys, str(path), "--out", str(out), "--source", str(FIXTURE))
        assert status == 2 and says in err and len(err.strip().splitlines()) == 1
    assert (tmp_path / "mine" / "thesis.tex").read_text(encoding="utf-8") == "work"


def test_the_gradebook_is_one_row_per_exercise_and_never_a_formula():
    graded = Record("=cmd|' /C calc'!A0", "01_x.ipynb", "a", "b", 60, True, [
        Grade("nb01_ex1", 1, PASSED),
        Grade("nb01_ex2", 2, FAILED, "-1 is not\nright, \"see\"", "its check cell had been "
              "edited; the instructor's was run")])
    fault = Record("bob", "01_x.ipynb", "c", "b", 60, True,
                   [Grade("nb01_ex1", 1, NOT_GRADED, "cell 1 raised ImportError")])
    assert graded.graded and not fault.graded
    assert gradebook.csv_text([graded, fault]).splitlines() == [
        "student,notebook,exercise,points,max_points,status,message",
        "'=cmd|' /C calc'!A0,01_x.ipynb,nb01_ex1,1,1,passed,",
        "'=cmd|' /C calc'!A0,01_x.ipynb,nb01_ex2,0,2,failed,"
        "\"'-1 is not\\nright, \"\"see\"\"; its check cell had been edited; the instructor's "
        "was run\"",
        "bob,01_x.ipynb,nb01_ex1,,1,not graded,cell 1 raised ImportError"]


def test_a_record_that_cannot_be_read_is_graded_again(tmp_path):
    record = Record("alice", "01_x.ipynb", "a", "b", 60, True, [Grade("nb01_ex1", 1, PASSED)])
    path = gradebook.save(record, tmp_path / "r.json")
    assert gradebook.load(path) == record and record.same_grading(gradebook.load(path))
    for text in ("{", "[]", '{"student": "alice"}'):
        path.write_text(text, encoding="utf-8")
        assert gradebook.load(path) is None
    assert gradebook.load(tmp_path / "missing.json") is None
