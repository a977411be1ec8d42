"""Cell times: recorded when ``store`` runs a notebook, and the cell timeout derived from them.

``store`` keeps the seconds of a notebook's slowest cell in its metadata
(``metadata.cs20.slowest_cell_s``); ``check`` and the nbgrader course's ``Execute.timeout``
allow a student's cell ``FACTOR`` times that (a slower machine, a slower answer), at least
``FLOOR_S``. A notebook stored before cell times were recorded gets ``DEFAULT_TIMEOUT_S``, so
hygiene requires every course notebook to record them (``problems``): a hanging solution then
costs minutes, not ten. A recorded value that is no number of seconds ``store`` could have
measured (text, true/false, negative, NaN, infinite, over ``MAX_RECORDED_S``: an edited
notebook) counts as none recorded.

A busy machine runs every cell slower (issue 46): ``store`` also keeps each code cell's seconds
(``metadata.cs20.cell_s``), and ``check`` times the notebook's own set-up cells against them as
they run (``Pace``): each cell may then take the timeout times how much slower the set-up ran
(at least 1, at most ``MAX_PACE``).

A student's copy carries none of the maintainers' metadata, so ``assign`` writes what its
``selfcheck`` needs to pace the same way into the copy's release record (``RELEASED`` in
``exercises.RELEASE_KEY``, see ``released_times``): the slowest cell's seconds, and each set-up
cell's seconds with its checksum as released, so that a set-up cell the student changed is not
timed against the instructor's. No other cell's time leaves the instructor. ``slowest_cell``
and ``recorded_times`` read the instructor's record, else a copy's; a copy released before
(none there) gets ``DEFAULT_TIMEOUT_S``, unpaced.
"""

from __future__ import annotations

__all__ = ["cell_timeout", "cell_times", "CellClock", "DEFAULT_TIMEOUT_S", "FACTOR", "FLOOR_S",
    "MAX_PACE", "MAX_RECORDED_S", "MIN_PACED_S", "Pace", "problems", "recorded_times",
    "RELEASED", "released_times", "slowest_cell"]

import math
import time
from collections.abc import Iterable

import nbformat

from cs20_helpers.tools import exercises

#: The cell timeout when an instructor notebook records no cell times (the next store does).
DEFAULT_TIMEOUT_S = 600
#: A student's cell may take this many times the instructor's slowest cell ...
FACTOR = 4
#: ... and at least this many seconds.
FLOOR_S = 60
#: A recorded slowest cell longer than a day is no measurement of a course notebook.
MAX_RECORDED_S = 86_400
#: Set-up cells that took less than this in all, as stored, tell too little of the pace.
MIN_PACED_S = 1.0
#: However slow the set-up ran, a cell gets at most this many times the timeout.
MAX_PACE = 25.0
#: The entry of a student copy's release record that holds its cell times (``released_times``).
RELEASED = "cell_times"


class CellClock:
    """Times each cell of a run through nbclient's ``on_cell_start``/``on_cell_executed``
    hooks, keeping every cell's seconds and the slowest."""

    def __init__(self) -> None:
        self.slowest = 0.0
        self.seconds: dict[int, float] = {}
        self._started = 0.0

    def start(self, **_: object) -> None:
        """Note when a cell starts."""
        self._started = time.perf_counter()

    def stop(self, cell_index: int | None = None, **_: object) -> None:
        """Note how long the cell that just ran (the notebook's cell ``cell_index``) took."""
        took = time.perf_counter() - self._started
        self.slowest = max(self.slowest, took)
        if cell_index is not None:
            self.seconds[cell_index] = took

    def record(self, nb: nbformat.NotebookNode) -> None:
        """Keep the slowest cell's seconds and each code cell's in the notebook's metadata."""
        kept = nb.metadata.setdefault("cs20", {})
        kept["slowest_cell_s"] = round(self.slowest, 1)
        kept["cell_s"] = [round(self.seconds.get(i, 0.0), 2) for i, cell in enumerate(nb.cells)
                          if cell.cell_type == "code"]


def _seconds(value: object) -> bool:
    """Whether a recorded value is a number of seconds ``store`` could have measured."""
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and 0 <= value <= MAX_RECORDED_S  # False for NaN


def cell_times(nb: nbformat.NotebookNode) -> list[float] | None:
    """Return each code cell's seconds as ``store`` recorded them, or None when they are not
    recorded, not numbers of seconds, or not one per code cell (an edited notebook)."""
    recorded = nb.metadata.get("cs20")
    times = recorded.get("cell_s") if isinstance(recorded, dict) else None
    if not isinstance(times, list) or len(times) != sum(c.cell_type == "code" for c in nb.cells):
        return None
    if not all(_seconds(t) for t in times):
        return None
    return [float(t) for t in times]


def released_times(copy: nbformat.NotebookNode, instructor: nbformat.NotebookNode
                   ) -> dict | None:
    """Return the entry ``assign`` writes into a student copy's release record (``RELEASED``)
    from the instructor notebook's recorded times: ``slowest_s``, its slowest cell's seconds,
    and ``set_up``, a ``[seconds, checksum]`` pair per set-up cell of the copy
    (``exercises.set_up``, the code cells above its first exercise, each with its
    ``exercises.checksum`` as released); None when the instructor records no usable times.
    ``copy`` is the student copy of ``instructor``: the same code cells, in the same order."""
    slowest, times = slowest_cell(instructor), cell_times(instructor)
    if slowest is None or times is None:
        return None
    return {"slowest_s": slowest, "set_up": [[times[number], exercises.checksum(copy.cells[i])]
                                             for number, i in enumerate(exercises.set_up(copy))]}


def _released(nb: nbformat.NotebookNode) -> dict:
    """Return the cell times a student copy's release record holds (empty when none)."""
    record = nb.metadata.get(exercises.RELEASE_KEY)
    kept = record.get(RELEASED) if isinstance(record, dict) else None
    return kept if isinstance(kept, dict) else {}


def recorded_times(nb: nbformat.NotebookNode) -> dict[int, float] | None:
    """Return the stored seconds of the notebook's code cells, by code cell number (counting
    from 0): every code cell's as ``store`` recorded them (``cell_times``), else, in a student
    copy, those of its set-up cells that are still as released (by checksum), up to the first
    that is not; None when neither is recorded, or the copy's record is not as ``assign`` writes
    it."""
    times = cell_times(nb)
    if times is not None:
        return dict(enumerate(times))
    pairs = _released(nb).get("set_up")
    if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and _seconds(p[0]) and isinstance(p[1], str)
            for p in pairs):
        return None
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    found = {}
    for number, ((seconds, checksum), cell) in enumerate(zip(pairs, code, strict=False)):
        if exercises.checksum(cell) != checksum:
            break
        found[number] = float(seconds)
    return found


class Pace:
    """How much slower than the stored run this machine runs the notebook's own set-up cells,
    and the cell timeout that allows for it."""

    def __init__(self, timeout: float) -> None:
        self.base = timeout
        self.recorded = 0.0
        self.measured = 0.0

    def note(self, recorded: float, measured: float) -> None:
        """Count a set-up cell that took ``measured`` seconds here and ``recorded`` when stored."""
        self.recorded += recorded
        self.measured += measured

    @property
    def factor(self) -> float:
        """How much slower the set-up ran here: at least 1, at most MAX_PACE (1 until the
        set-up cells timed add up to MIN_PACED_S as stored)."""
        if self.recorded < MIN_PACED_S:
            return 1.0
        return min(MAX_PACE, max(1.0, self.measured / self.recorded))

    @property
    def timeout(self) -> float:
        """The seconds the next cell may take."""
        return self.base * self.factor


def slowest_cell(nb: nbformat.NotebookNode) -> float | None:
    """Return the seconds of the notebook's slowest cell as ``store`` recorded them (in a
    student copy, as its release record gives them), or None when none are recorded or the
    value is unusable (see the module's docstring)."""
    recorded = nb.metadata.get("cs20")
    slowest = recorded.get("slowest_cell_s") if isinstance(recorded, dict) \
        else _released(nb).get("slowest_s")
    return slowest if _seconds(slowest) else None


def problems(nb: nbformat.NotebookNode) -> list[str]:
    """Return a problem line when the notebook records no usable cell times."""
    if slowest_cell(nb) is not None:
        return []
    return ["no recorded cell times (metadata cs20.slowest_cell_s): run `python -m cs20_helpers "
            f"store`; until then check allows every cell {DEFAULT_TIMEOUT_S} s"]


def cell_timeout(notebooks: Iterable[nbformat.NotebookNode]) -> tuple[int, str]:
    """Return the cell timeout in seconds that fits these instructor notebooks, and how it was
    found (for the report): FACTOR times the slowest recorded cell, at least FLOOR_S; or
    DEFAULT_TIMEOUT_S when a notebook records no usable cell times."""
    times = [slowest_cell(nb) for nb in notebooks]
    if not times or None in times:
        return DEFAULT_TIMEOUT_S, ("the default: the instructor notebook records no usable cell "
                                   "times (metadata cs20.slowest_cell_s)")
    slowest = max(times)
    seconds = max(FLOOR_S, math.ceil(FACTOR * slowest))
    return seconds, (f"{FACTOR} x the instructor's slowest cell ({slowest:g} s), "
                     f"at least {FLOOR_S} s")
