"""Cell times: recorded when ``store`` runs a notebook, and the cell timeout derived from them.

``store`` keeps the seconds of a notebook's slowest cell in its metadata
(``metadata.cs20.slowest_cell_s``); ``check`` and the nbgrader course's ``Execute.timeout``
allow a student's cell ``FACTOR`` times that (a slower machine, a slower answer), at least
``FLOOR_S``. A notebook stored before cell times were recorded gets ``DEFAULT_TIMEOUT_S``, so
hygiene requires every course notebook to record them (``problems``): a hanging solution then
costs minutes, not ten. A recorded value that is no number of seconds ``store`` could have
measured (text, true/false, negative, NaN, infinite, over ``MAX_RECORDED_S``: an edited
notebook) counts as none recorded.
"""

from __future__ import annotations

__all__ = ["cell_timeout", "CellClock", "DEFAULT_TIMEOUT_S", "FACTOR", "FLOOR_S",
    "MAX_RECORDED_S", "problems", "slowest_cell"]

import math
import time
from collections.abc import Iterable

import nbformat

#: The cell timeout when an instructor notebook records no cell times (the next store does).
DEFAULT_TIMEOUT_S = 600
#: A student's cell may take this many times the instructor's slowest cell ...
FACTOR = 4
#: ... and at least this many seconds.
FLOOR_S = 60
#: A recorded slowest cell longer than a day is no measurement of a course notebook.
MAX_RECORDED_S = 86_400


class CellClock:
    """Times each cell of a run through nbclient's ``on_cell_start``/``on_cell_executed``
    hooks and keeps the slowest."""

    def __init__(self) -> None:
        self.slowest = 0.0
        self._started = 0.0

    def start(self, **_: object) -> None:
        """Note when a cell starts."""
        self._started = time.perf_counter()

    def stop(self, **_: object) -> None:
        """Note how long the cell that just ran took."""
        self.slowest = max(self.slowest, time.perf_counter() - self._started)

    def record(self, nb: nbformat.NotebookNode) -> None:
        """Keep the slowest cell's seconds in the notebook's metadata."""
        nb.metadata.setdefault("cs20", {})["slowest_cell_s"] = round(self.slowest, 1)


def slowest_cell(nb: nbformat.NotebookNode) -> float | None:
    """Return the seconds of the notebook's slowest cell as ``store`` recorded them, or None
    when none are recorded or the value is unusable (see the module's docstring)."""
    recorded = nb.metadata.get("cs20")
    slowest = recorded.get("slowest_cell_s") if isinstance(recorded, dict) else None
    if isinstance(slowest, int | float) and not isinstance(slowest, bool) \
            and 0 <= slowest <= MAX_RECORDED_S:  # False for NaN
        return slowest
    return None


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
