"""Grade one submission in this process and print its grades as one line of JSON: ``grade``
starts one such process per submission, N at a time (each owns, and ends, the processes its
kernel starts: ``reaper``).

``python -m cs20_helpers.tools.grade_worker SUBMISSION INSTRUCTOR TIMEOUT sealed|unsealed``
prints ``{"grades": [...], "restarts": n}``, or ``{"fault": why}`` when the notebook's own
set-up failed (the grader's fault: nothing graded). A submission that is not a notebook (or a
link) fails every exercise with the reason. The grades come from what the kernel's replies
said, read here, outside any seal; nothing the kernel starts can write to this output.
"""

from __future__ import annotations

__all__ = ["main", "SEALED", "UNSEALED"]

import json
import sys
from dataclasses import asdict
from pathlib import Path

from cs20_helpers.tools import exercises, grading, seal
from cs20_helpers.tools.grading import FAILED, BadNotebook, Grade, GraderFault

SEALED, UNSEALED = "sealed", "unsealed"


def result(submission: Path, instructor_path: Path, timeout: float, sealed: bool) -> dict:
    """Grade ``submission`` against the instructor notebook; return what ``main`` prints."""
    instructor = grading.read_notebook(instructor_path)
    try:
        student = grading.read_notebook(submission, link_ok=False)
    except BadNotebook as error:
        return {"grades": [asdict(Grade(e.id, e.points, FAILED, str(error)))
                           for e in exercises.exercises(instructor)], "restarts": 0}
    try:
        grades, run = grading.grade(submission, student, instructor, timeout,
                                    seal.command if sealed else None)
    except GraderFault as error:
        return {"fault": str(error)}
    return {"grades": [asdict(g) for g in grades], "restarts": run.restarts}


def main(argv: list[str]) -> int:
    """Print the result of grading ``argv`` = submission, instructor, timeout, sealed|unsealed."""
    submission, instructor, timeout, how = argv
    print(json.dumps(result(Path(submission), Path(instructor), float(timeout), how == SEALED)),
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
