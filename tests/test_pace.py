"""On a busy machine a cell's timeout grows with the pace the notebook's own set-up cells show
against the instructor's stored run, and the refusal names ``--timeout`` (issue 46); a student's
``selfcheck`` paces its copy the same way, from the times its release record carries."""

from __future__ import annotations

import types
from pathlib import Path

import nbformat
import pytest

from cs20_helpers.tools import assign, cli, exercises, grading, selfcheck, submission, timing
from cs20_helpers.tools.cell_kernel import OK, TIMEOUT, Outcome

FIXTURE = Path(__file__).parent / "fixtures" / "nb99_exercises.ipynb"


def test_the_pace_is_the_set_ups_time_here_over_its_stored_time():
    pace = timing.Pace(60)
    assert (pace.factor, pace.timeout) == (1.0, 60)
    pace.note(0.5, 5.0)  # too little stored time to tell a pace
    assert pace.factor == 1.0
    pace.note(3.5, 25.0)
    assert pace.factor == pytest.approx(7.5) and pace.timeout == pytest.approx(450)
    faster = timing.Pace(60)
    faster.note(4.0, 1.0)  # a faster machine never gets less than the timeout
    assert faster.timeout == 60
    stalled = timing.Pace(60)
    stalled.note(2.0, 1e6)
    assert stalled.factor == timing.MAX_PACE


def test_store_keeps_each_code_cells_seconds():
    nb = nbformat.read(FIXTURE, as_version=4)
    clock = timing.CellClock()
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    for index in code:
        clock.start(cell=nb.cells[index], cell_index=index)
        clock.stop(cell=nb.cells[index], cell_index=index, execute_reply={})
    clock.record(nb)
    times = nb.metadata["cs20"]["cell_s"]
    assert len(times) == len(code) and timing.cell_times(nb) == times
    assert nb.metadata["cs20"]["slowest_cell_s"] >= 0


@pytest.mark.parametrize("recorded", [[1.0], "1,2", [float("nan")], [True], [-1.0], None],
                         ids=["too few", "text", "nan", "bool", "negative", "none"])
def test_unusable_cell_times_count_as_none(recorded):
    nb = nbformat.read(FIXTURE, as_version=4)
    code = sum(c.cell_type == "code" for c in nb.cells)
    if isinstance(recorded, list) and len(recorded) == 1 and recorded != [1.0]:
        recorded = recorded * code  # the right length, a wrong value
    nb.metadata["cs20"] = {"slowest_cell_s": 1.0, "cell_s": recorded}
    assert timing.cell_times(nb) is None


class SlowKernel:
    """A kernel whose cells succeed, the first taking ``first`` seconds on a fake clock and the
    others ``then``; a cell that would take longer than its timeout times out."""

    def __init__(self, clock: list[float], first: float, then: float, timeout: float) -> None:
        self.clock, self.seconds, self.timeout, self.ran = clock, [first], timeout, []
        self.then = then

    def run(self, source: str) -> Outcome:
        self.ran.append(self.timeout)
        seconds = self.seconds.pop() if self.seconds else self.then
        self.clock[0] += min(seconds, self.timeout)
        return Outcome(TIMEOUT) if seconds > self.timeout else Outcome(OK)

    def restart(self) -> None:
        """A fresh kernel: nothing to do here."""

    def close(self) -> None:
        """The kernel's end: nothing to do here."""


def _instructor(stored_s: float) -> nbformat.NotebookNode:
    nb = nbformat.read(FIXTURE, as_version=4)
    nb.metadata["cs20"] = {"slowest_cell_s": stored_s,
                           "cell_s": [stored_s] * sum(c.cell_type == "code" for c in nb.cells)}
    return nb


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    now = [0.0]
    monkeypatch.setattr(grading, "time", types.SimpleNamespace(perf_counter=lambda: now[0]))
    return now


def _run(clock: list[float], instructor: nbformat.NotebookNode, paced: bool, first: float,
         then: float) -> tuple[grading.Run, SlowKernel]:
    prepared = submission.prepare(instructor, instructor)
    kernel = SlowKernel(clock, first, then, 10.0)
    return grading.run_cells(prepared.nb, kernel, {e.check for e in prepared.exercises},
                             grading._paced(prepared, instructor) if paced else None), kernel


def test_the_set_ups_pace_gives_the_cells_after_it_more_time(clock):
    instructor = _instructor(2.0)
    prepared = submission.prepare(instructor, instructor)
    assert grading._paced(prepared, instructor) == {1: 2.0}  # import math, above ex1
    # the set-up took 4x its stored 2 s, within the plain timeout; each cell after it 30 s
    run, kernel = _run(clock, instructor, True, 8.0, 30.0)
    assert {o.status for o in run.outcomes.values()} == {OK}, run.outcomes
    assert run.pace == pytest.approx(4.0)
    assert kernel.ran[0] == 10.0 and kernel.ran[1:] == pytest.approx([40.0] * (len(kernel.ran) - 1))
    assert run.timeouts[max(run.outcomes)] == pytest.approx(40.0)
    unpaced, _ = _run(clock, instructor, False, 8.0, 30.0)
    assert unpaced.pace == 1.0 and TIMEOUT in {o.status for o in unpaced.outcomes.values()}


def test_without_stored_cell_times_nothing_is_paced(clock):
    instructor = nbformat.read(FIXTURE, as_version=4)
    prepared = submission.prepare(instructor, instructor)
    assert grading._paced(prepared, instructor) is None
    run, kernel = _run(clock, instructor, True, 8.0, 9.0)
    assert set(kernel.ran) == {10.0} and run.pace == 1.0


def test_an_edited_set_up_sets_no_pace(clock):
    instructor = _instructor(2.0)
    student = nbformat.from_dict(instructor)
    student.cells[1].source += "\nimport time"
    assert grading._paced(submission.prepare(student, instructor), instructor) == {}


def test_a_timeout_is_reported_with_the_time_the_cell_had(clock):
    instructor = _instructor(2.0)
    prepared = submission.prepare(instructor, instructor)
    exercise = prepared.exercises[0]
    run = grading.Run({i: Outcome(OK) for i in range(len(prepared.nb.cells))})
    run.outcomes[exercise.check] = Outcome(TIMEOUT)
    run.timeouts[exercise.check] = 240.0
    grade = grading.grade_exercise(exercise, run, "", 60)
    assert "ran past the 240 s cell timeout" in grade.detail


def test_the_refusal_names_timeout(tmp_path, monkeypatch, capsys):
    path = tmp_path / FIXTURE.name
    nbformat.write(nbformat.read(FIXTURE, as_version=4), path)
    monkeypatch.setattr(grading, "run_cells", lambda nb, kernel, checks, paced=None: grading.Run(
        {1: Outcome(TIMEOUT)}, timeouts={1: 60.0}))
    monkeypatch.setattr(grading, "CellKernel", lambda *a: types.SimpleNamespace(close=lambda: 0))
    status = cli.main(["check", str(path), "--source", str(FIXTURE)])
    err = capsys.readouterr().err
    assert status == grading.BAD_INPUT
    assert "ran past the 60 s cell timeout" in err
    assert "on a busy machine give each cell more time with --timeout SECONDS" in err


# Issue 46: a student's copy carries the cell times its selfcheck paces by, and only those.


def _copy(tmp_path: Path, instructor: nbformat.NotebookNode, change=None) -> Path:
    """Write the student copy of ``instructor`` alone in a folder, answered as the instructor
    did (``change`` edits the copy's notebook before it is written)."""
    nb = assign.student_copy(instructor)
    answers = [c.source for c in instructor.cells if exercises.is_solution(c)]
    for cell, source in zip([c for c in nb.cells if exercises.is_solution(c)], answers,
                            strict=True):
        cell.source = source
    if change:
        change(nb)
    path = tmp_path / "student" / FIXTURE.name
    path.parent.mkdir()
    nbformat.write(nb, path)
    return path


def test_a_copy_carries_its_set_up_cells_times_and_the_slowest_and_nothing_else():
    instructor = _instructor(2.0)
    instructor.metadata["cs20"]["cell_s"][-1] = 3.5  # the last check: not set-up, not released
    instructor.metadata["cs20"]["slowest_cell_s"] = 3.5
    copy = assign.student_copy(instructor)
    record = copy.metadata[exercises.RELEASE_KEY][timing.RELEASED]
    set_up = exercises.set_up(copy)
    assert set_up == [1]  # import math, above exercise 1
    assert record == {"slowest_s": 3.5,
                      "set_up": [[2.0, exercises.checksum(copy.cells[1])]]}
    assert timing.recorded_times(copy) == {0: 2.0} and timing.slowest_cell(copy) == 3.5
    assert timing.cell_timeout([copy]) == timing.cell_timeout([instructor])
    assert not [key for key in copy.metadata if assign.instructor_only(key)]
    assert "slowest_cell_s" not in nbformat.writes(copy)  # test_student_release's stamp scan
    older = nbformat.from_dict(copy)  # released before the copies carried cell times
    del older.metadata[exercises.RELEASE_KEY][timing.RELEASED]
    assert timing.recorded_times(older) is None and timing.slowest_cell(older) is None
    assert timing.RELEASED not in assign.student_copy(nbformat.read(FIXTURE, as_version=4)
                                                      ).metadata[exercises.RELEASE_KEY]


@pytest.mark.parametrize("recorded", [{"slowest_s": "3", "set_up": "2"},
                                      {"slowest_s": -1.0, "set_up": [[2.0]]},
                                      {"slowest_s": float("nan"), "set_up": [[True, "x"]]},
                                      "junk"], ids=["text", "short", "nan-bool", "not a map"])
def test_a_copys_unusable_cell_times_count_as_none(recorded):
    copy = assign.student_copy(_instructor(2.0))
    copy.metadata[exercises.RELEASE_KEY][timing.RELEASED] = recorded
    assert timing.recorded_times(copy) is None and timing.slowest_cell(copy) is None


def test_a_set_up_cell_the_student_changed_is_not_timed_nor_any_after_it():
    copy = assign.student_copy(_instructor(2.0))
    setup = copy.cells[exercises.set_up(copy)[0]]
    setup.source += "\nimport time"
    assert timing.recorded_times(copy) == {}
    prepared = submission.prepare(copy, copy)
    assert grading._paced(prepared, copy) == {}


def _busy(monkeypatch, clock: list[float]) -> list[SlowKernel]:
    """Give grading kernels whose first cell, the set-up, takes 8 s and every other 100 s on the
    fake clock; return the kernels started, to read the timeouts each cell ran under."""
    started: list[SlowKernel] = []

    def kernel(work, env, timeout, command) -> SlowKernel:
        started.append(SlowKernel(clock, 8.0, 100.0, timeout))
        return started[-1]

    monkeypatch.setattr(grading, "CellKernel", kernel)
    return started


def test_selfcheck_paces_a_busy_machine_as_check_does(tmp_path, monkeypatch, capsys, clock):
    """The set-up ran 4x its stored 2 s: each later cell may take 4 x 60 s, as under check;
    before the copies carried cell times, selfcheck gave every cell 600 s, unpaced."""
    instructor = _instructor(2.0)
    source = tmp_path / "instructor.ipynb"
    nbformat.write(instructor, source)
    copy = _copy(tmp_path, instructor)
    kernels = _busy(monkeypatch, clock)
    assert cli.main(["check", str(copy), "--source", str(source)]) == grading.ALL_PASSED
    checked = capsys.readouterr().out
    assert cli.main(["selfcheck", str(copy)]) == grading.ALL_PASSED
    out = capsys.readouterr().out
    assert "(cell timeout 60 s: 4 x the instructor's slowest cell (2 s), at least 60 s, times " \
           "the pace of the set-up cells on a busy machine)" in out.splitlines()[0]
    paced = "the notebook's own set-up ran 4.0x slower than the instructor's stored run"
    assert paced in out and paced in checked
    assert [line for line in out.splitlines() if "slower" in line] == \
        [line for line in checked.splitlines() if "slower" in line]
    assert kernels[1].ran[0] == 60.0 and kernels[1].ran[1:] == pytest.approx(
        [240.0] * (len(kernels[1].ran) - 1))
    assert kernels[1].ran == kernels[0].ran  # check's timeouts, cell by cell
    assert out.rstrip().endswith(selfcheck.FOOTER)


def test_an_older_copy_is_checked_as_before_unpaced(tmp_path, monkeypatch, capsys, clock):
    def older(nb: nbformat.NotebookNode) -> None:
        del nb.metadata[exercises.RELEASE_KEY][timing.RELEASED]

    copy = _copy(tmp_path, _instructor(2.0), older)
    kernels = _busy(monkeypatch, clock)
    assert cli.main(["selfcheck", str(copy)]) == grading.ALL_PASSED
    out = capsys.readouterr().out
    assert f"(cell timeout {timing.DEFAULT_TIMEOUT_S} s: default)" in out.splitlines()[0]
    assert set(kernels[0].ran) == {timing.DEFAULT_TIMEOUT_S} and "slower" not in out


def test_selfchecks_timeout_option_is_used_as_given(tmp_path, monkeypatch, capsys, clock):
    copy = _copy(tmp_path, _instructor(2.0))
    kernels = _busy(monkeypatch, clock)
    assert cli.main(["selfcheck", str(copy), "--timeout", "120"]) == grading.ALL_PASSED
    assert "(cell timeout 120 s: --timeout)" in capsys.readouterr().out
    assert set(kernels[0].ran) == {120.0}


def test_a_set_up_past_its_timeout_in_selfcheck_names_timeout(tmp_path, monkeypatch, capsys):
    copy = _copy(tmp_path, _instructor(2.0))
    monkeypatch.setattr(grading, "run_cells", lambda nb, kernel, checks, paced=None: grading.Run(
        {1: Outcome(TIMEOUT)}, timeouts={1: 60.0}))
    monkeypatch.setattr(grading, "CellKernel", lambda *a: types.SimpleNamespace(close=lambda: 0))
    assert cli.main(["selfcheck", str(copy)]) == grading.BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("error: in your copy, cell 1, ") and len(err.splitlines()) == 1
    assert "ran past the 60 s cell timeout" in err and "--timeout SECONDS" in err
