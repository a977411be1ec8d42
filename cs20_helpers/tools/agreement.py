"""``agree``: ``check`` and ``nbgrader autograde`` give every exercise the same verdict.

Per notebook, submissions are made from its student copy (``assign.student_copy``) with the
solution cells filled: "solutions" (the instructor's), "wrong k" (each exercise's k-th wrong
answer in ``tests/wrong_answers/<stem>.py``, its solution where it has fewer) and, with
``--mutants N``, "mutant k" (the k-th of N mutants of each solution, spread evenly over those
``refute --mutants`` runs; the solution where it has fewer). Each is graded by ``check``
(``grading.grade``) and by nbgrader itself: in a course folder ``nbgrader-course`` writes,
``nbgrader generate_assignment`` and ``nbgrader autograde`` run in subprocesses with a time
limit, and the verdicts are read from the gradebook (all points: passed). Everything happens in
a temporary folder, removed afterwards (a killed run's is removed by the next), and every
process started is ended (``reaper``). Per submission and exercise both verdicts are printed,
and a disagreement is marked.

Exit status: 0 every verdict agrees, 1 some disagree, 2 bad input or a grader that could not
grade.
"""

from __future__ import annotations

__all__ = ["agree_notebook", "ALL_AGREE", "AUTOGRADE_S", "BAD_INPUT", "check_verdicts", "FAILED",
    "GENERATE_S", "GraderFailed", "main", "nbgrader_verdicts", "PASSED", "PREFIX",
    "SOME_DISAGREE", "Submission", "submissions", "table"]

import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook

from cs20_helpers.tools import (
    assign,
    exercises,
    grading,
    guards,
    mutants,
    nbgrader_course,
    reaper,
    refute,
    runner,
    timing,
)

ALL_AGREE, SOME_DISAGREE, BAD_INPUT = 0, 1, 2
#: Each run's working folder is ``<temp>/<PREFIX>*`` (``guards.owned_folder``).
PREFIX = "cs20-agree-"
#: Seconds ``nbgrader generate_assignment`` may take, and ``autograde`` per submission.
GENERATE_S, AUTOGRADE_S = 300, 900
PASSED, FAILED = "passed", "failed"


class GraderFailed(RuntimeError):
    """A grader that could not grade (nbgrader failed or ran past its time, a set-up fault)."""


@dataclass
class Submission:
    """One submission: its label, nbgrader student id, notebook and what each exercise holds."""

    label: str
    student: str
    nb: nbformat.NotebookNode
    held: dict[str, str]


def _fill(student: nbformat.NotebookNode, found: list[exercises.Exercise],
          sources: dict[str, tuple[str, str]]) -> tuple[nbformat.NotebookNode, dict[str, str]]:
    """Return the student copy with each exercise's solution cell holding the source in
    ``sources`` (exercise id -> (what it is, source)), and what each holds."""
    nb = nbformat.from_dict(student)
    for exercise in found:
        nb.cells[exercise.solution].source = sources[exercise.id][1]
    return nb, {ident: what for ident, (what, _) in sources.items()}


def submissions(nb: nbformat.NotebookNode, answers: refute.Answers,
                count: int) -> list[Submission]:
    """Return the submissions of instructor notebook ``nb``: the solutions, each k-th wrong
    answer in ``answers`` and ``count`` mutants (see the module)."""
    student = assign.student_copy(nb)  # the cells stay in place: the same indexes
    found = [e for e in exercises.exercises(nb) if e.solution is not None]
    solution = {e.id: ("the solution", nb.cells[e.solution].source) for e in found}
    wrong = {e.id: list(answers.get(e.id, {}).items()) for e in found}
    generated = refute.generate(nb, mutants.CAP)
    sample = {ident: [(m.description, m.source) for m in mutants.select(each, count)]
              for ident, each in generated.items()} if count else {}
    made = [Submission("solutions", "solutions", *_fill(student, found, solution))]
    for kind, pool, times in (("wrong", wrong, max(map(len, wrong.values()), default=0)),
                              ("mutant", sample, count)):
        for k in range(1, times + 1):
            sources = {ident: (pool.get(ident, [])[k - 1] if len(pool.get(ident, [])) >= k
                               else held) for ident, held in solution.items()}
            made.append(Submission(f"{kind} {k}", f"{kind}{k}",
                                   *_fill(student, found, sources)))
    return made


def _verdict(passed: bool) -> str:
    return PASSED if passed else FAILED


def check_verdicts(made: list[Submission], instructor: nbformat.NotebookNode, name: str,
                   folder: Path) -> dict[str, dict[str, str]]:
    """Grade each submission with ``check``; return submission label -> exercise -> verdict.
    Raises GraderFailed when the notebook's own set-up failed."""
    seconds, _ = timing.cell_timeout([instructor])
    verdicts = {}
    for each in made:
        path = folder / each.student / name
        path.parent.mkdir(parents=True)
        nbformat.write(each.nb, path)
        try:
            grades, _ = grading.grade(path, each.nb, instructor, seconds)
        except grading.GraderFault as fault:
            raise GraderFailed(f"check could not grade {each.label}: {fault}") from None
        verdicts[each.label] = {g.id: _verdict(g.passed) for g in grades}
    return verdicts


def _nbgrader(args: list[str], course: Path, env: dict[str, str], seconds: float) -> None:
    """Run ``nbgrader ARGS`` in the course folder within ``seconds``; every process it started
    is ended on return. Raises GraderFailed when it failed or ran past its time."""
    with reaper.owned():
        try:
            done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                                  capture_output=True, text=True, timeout=seconds, check=False)
        except subprocess.TimeoutExpired:
            raise GraderFailed(f"nbgrader {args[0]} ran past {seconds:g} s") from None
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.strip()] or ["no message"]
        raise GraderFailed(f"nbgrader {args[0]} failed (exit {done.returncode}): "
                           f"{grading.one_line(said[-1])}")


def nbgrader_verdicts(made: list[Submission], notebook: Path, checks: dict[str, str],
                      work: Path) -> dict[str, dict[str, str]]:
    """Grade each submission with ``nbgrader autograde`` in a course folder in ``work``;
    return submission label -> exercise -> verdict (``checks``: check cell grade id ->
    exercise id). Raises GraderFailed when nbgrader could not grade."""
    course = work / "course"
    nbgrader_course.write_course([notebook], course)
    env = runner.kernel_env(tmp=work / "tmp")
    env.update(CS20_RESULTS_DIR=str(work / "results"), CS20_LOG_DIR=str(work / "runs"))
    stem = notebook.stem
    _nbgrader(["generate_assignment", stem, "--force"], course, env, GENERATE_S)
    for each in made:
        path = course / "submitted" / each.student / stem / notebook.name
        path.parent.mkdir(parents=True)
        nbformat.write(each.nb, path)
    _nbgrader(["autograde", stem], course, env, AUTOGRADE_S * len(made))
    verdicts = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        for each in made:
            graded = book.find_submission_notebook(stem, stem, each.student)
            verdicts[each.label] = {
                checks[g.name]: _verdict(g.score is not None and g.score >= g.max_score > 0)
                for g in graded.grades if g.name in checks}
    return verdicts


def table(made: list[Submission], ours: dict[str, dict[str, str]],
          theirs: dict[str, dict[str, str]]) -> tuple[list[str], int]:
    """Return the rows (submission, exercise, both verdicts, what the exercise held) and how
    many disagree."""
    rows = [("submission", "exercise", "check", "nbgrader", "", "answer")]
    for each in made:
        for ident, what in each.held.items():
            mine, nbg = ours[each.label].get(ident, "-"), theirs[each.label].get(ident, "-")
            rows.append((each.label, ident, mine, nbg, "" if mine == nbg else "DISAGREE", what))
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
             + "  " + grading.one_line(row[5], 60) for row in rows]
    return lines, sum(row[4] == "DISAGREE" for row in rows)


def agree_notebook(notebook: Path, nb: nbformat.NotebookNode, answers: refute.Answers,
                   count: int) -> bool:
    """Grade the notebook's submissions with both graders, print the table; return whether
    every verdict agrees. Raises GraderFailed."""
    made = submissions(nb, answers, count)
    checks = {exercises.nbgrader_meta(nb.cells[e.check])["grade_id"]: e.id
              for e in exercises.exercises(nb)}
    print(f"{notebook.name}: {len(made)} submissions ({', '.join(m.label for m in made)}), each "
          "graded by check and by nbgrader autograde ...", flush=True)
    work = guards.owned_folder(Path(tempfile.gettempdir()), PREFIX)
    try:
        started = time.monotonic()
        ours = check_verdicts(made, nb, notebook.name, work / "check")
        middle = time.monotonic()
        theirs = nbgrader_verdicts(made, notebook, checks, work)
        ended = time.monotonic()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    lines, disagree = table(made, ours, theirs)
    print("\n".join(lines))
    verdicts = len(lines) - 1
    said = "all agree" if not disagree else f"{disagree} DISAGREE"
    print(f"{notebook.name}: {verdicts} verdicts, {said} (check {middle - started:.0f} s, "
          f"nbgrader {ended - middle:.0f} s)")
    return not disagree


def main(paths: Iterable[Path], count: int = 0) -> int:
    """Compare the graders on each notebook with exercises (``count`` mutants each); exit
    status as the module says. Every notebook's input is checked before anything runs."""
    chosen = []
    try:
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            if not exercises.exercises(nb):
                print(f"{path.name}: no exercises; nothing to grade")
                continue
            unusable = exercises.hidden_problems(nb)
            if unusable:
                raise refute.BadAnswers(f"{path.name}: {unusable[0]}")
            chosen.append((path, nb, refute.load(path, nb)))
    except refute.BadAnswers as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    status = ALL_AGREE
    for path, nb, answers in chosen:
        try:
            if not agree_notebook(path, nb, answers, count):
                status = SOME_DISAGREE
        except GraderFailed as error:
            print(f"error: {path.name}: {error}", file=sys.stderr)
            return BAD_INPUT
    return status
