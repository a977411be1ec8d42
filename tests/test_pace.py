"""On a busy machine a cell's timeout grows with the pace the notebook's own set-up cells show
against the instructor's stored run, and the refusal names ``--timeout`` (issue 46)."""

from __future__ import annotations

import types
from pathlib import Path

import nbformat
import pytest

from cs20_helpers.tools import cli, grading, submission, timing
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
