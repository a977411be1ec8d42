"""The class grader's records and gradebook: one record per graded submission, kept as JSON
beside its report (what lets a killed ``grade`` resume), and the gradebook CSV made from them.

A record says what was graded (the student, the notebook, the SHA-256 of the submission and of
the instructor notebook, the cell timeout, whether sealed) and the grades; a later run reuses
it only when all of these are unchanged. The gradebook has one row per student and exercise:
the points earned and the most there were, the status (passed, failed, not attempted, or not
graded when the grader could not grade it) and the message. Text a student controls (a folder
name, an exception's message) is one line, and a cell that a spreadsheet would read as a
formula starts with ``'``.
"""

from __future__ import annotations

__all__ = ["COLUMNS", "csv_text", "load", "message", "NOT_GRADED", "Record", "rows", "save",
    "spreadsheet_safe"]

import csv
import io
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from cs20_helpers._atomic import write_text_atomic
from cs20_helpers.tools.grading import Grade, one_line

#: The status of every exercise of a submission the grader could not grade (a fault of the
#: grading environment, never a score): a later run grades it again.
NOT_GRADED = "not graded"
COLUMNS = ("student", "notebook", "exercise", "points", "max_points", "status", "message")
#: What a spreadsheet may read as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass
class Record:
    """One submission's grading: what was graded, how, and the grades."""

    student: str
    notebook: str
    submission_sha256: str
    instructor_sha256: str
    timeout: float
    sealed: bool
    grades: list[Grade] = field(default_factory=list)
    restarts: int = 0

    @property
    def graded(self) -> bool:
        """Whether the grader graded it (no exercise is ``not graded``)."""
        return all(g.status != NOT_GRADED for g in self.grades)

    def same_grading(self, other: Record) -> bool:
        """Whether ``other`` graded the same submission against the same notebook the same
        way (its grades aside)."""
        fields = ("student", "notebook", "submission_sha256", "instructor_sha256", "timeout",
                  "sealed")
        return all(getattr(self, name) == getattr(other, name) for name in fields)


def save(record: Record, path: Path) -> Path:
    """Write ``record`` to ``path`` as JSON, whole or not at all."""
    return write_text_atomic(path, json.dumps(asdict(record), indent=1) + "\n")


def load(path: Path) -> Record | None:
    """Return the record at ``path``, or None when there is none or it cannot be read (a later
    run then grades the submission again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["grades"] = [Grade(**g) for g in data["grades"]]
        return Record(**data)
    except (OSError, ValueError, TypeError, KeyError):
        return None


def message(grade: Grade) -> str:
    """Return the gradebook's message for ``grade``: why it failed and what was put back."""
    return "; ".join(part for part in (one_line(grade.detail), grade.note) if part)


def spreadsheet_safe(text: str) -> str:
    """Return ``text`` so that a spreadsheet shows it as text, never runs it as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def rows(records: list[Record]) -> list[tuple[str, ...]]:
    """Return the gradebook's rows: one per student and exercise, in the records' order."""
    found = []
    for record in records:
        for grade in record.grades:
            earned = grade.points if grade.passed else 0
            earned = "" if grade.status == NOT_GRADED else f"{earned:g}"
            found.append((spreadsheet_safe(one_line(record.student)),
                          spreadsheet_safe(one_line(record.notebook)), grade.id, earned,
                          f"{grade.points:g}", grade.status, spreadsheet_safe(message(grade))))
    return found


def csv_text(records: list[Record]) -> str:
    """Return the gradebook of ``records`` as CSV text (a header, then ``rows``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows(records))
    return out.getvalue()
