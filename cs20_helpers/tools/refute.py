"""``refute``: prove that every exercise's check rejects its wrong answers and accepts the solution.

Each course notebook with exercises has ``tests/wrong_answers/<stem>.py`` holding
``WRONG_ANSWERS = {exercise id: {description: source}}``: answers a student might hand in (the
lazy one, the common mistake), each replacing the solution cell's whole source. The notebook
runs once, in one kernel, in a fresh temporary folder as ``check`` runs a submission. At each
solution cell the kernel's names are saved; every wrong answer then runs from those names,
followed by the cells up to and including the check: the answer must run cleanly and the check
must raise. Last the real solution runs the same way and its check must pass. Every code cell
runs, so a check's helpers (a function in an ordinary cell) are part of what was proven.

When everything is as it must be, the notebook's metadata is stamped with a digest of exactly
what was checked: the sources of every code cell (their count is in the stamp) and the wrong
answers; ``hygiene`` fails a notebook whose stamp no longer matches them. A run that fails (an
answer accepted, a stray error, a cell past its timeout, a dead kernel) removes the old stamp.
The run's folder holds a copy of the notebook with its solutions: it is removed afterwards, and
one left by a killed run is removed by the next ``refute`` (``guards.owned_folder``); the
kernel's temporary files (TensorFlow's autograph modules) are kept inside it.
"""

from __future__ import annotations

import hashlib
import json
import runpy
import shutil
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from cs20_helpers.paths import project_dir, write_notebook
from cs20_helpers.tools import exercises, guards, runner, stamps, timing
from cs20_helpers.tools.cell_kernel import DIED, OK, TIMEOUT, CellKernel, Outcome

STAMP_KEY = "cs20_refuted"
#: Each run's working folder is ``<temp>/<PREFIX>*`` (``guards.owned_folder``).
PREFIX = "cs20-refute-"
#: Where the wrong answers live, one file per notebook stem (kept out of the student copies).
ANSWERS_DIR = project_dir() / "tests" / "wrong_answers"
#: Each exercise needs at least this many wrong answers (the lazy one and the common mistake).
MIN_WRONG = 2
ALL_REJECTED, SOME_ACCEPTED, BAD_INPUT = 0, 1, 2
#: Kernel code that saves the user's names before a solution cell, and puts them back before
#: each attempt, so that one wrong answer's names cannot help the next attempt.
SAVE = "_cs20_saved = dict(globals())"
RESTORE = ("[globals().pop(_n) for _n in list(globals()) if _n not in _cs20_saved "
           "and _n != '_cs20_saved']\nglobals().update(_cs20_saved)")

Answers = dict[str, dict[str, str]]


class BadAnswers(ValueError):
    """A wrong-answers file that cannot be used (missing, no dict, an unknown exercise)."""


@dataclass
class Attempt:
    """One answer tried at an exercise: its description, and how it ended (``verdict``) and
    whether that is as it must be (``ok``)."""

    description: str
    verdict: str
    ok: bool


@dataclass
class Exercise:
    """What refuting one exercise gave: each attempt, the real solution last."""

    id: str
    attempts: list[Attempt] = field(default_factory=list)


def answers_file(notebook: Path) -> Path:
    """Return the file of the notebook's wrong answers."""
    return ANSWERS_DIR / f"{notebook.stem}.py"


def _valid(answers: object) -> bool:
    """Whether ``answers`` is a dict of exercise id -> {description: source}, all strings."""
    return isinstance(answers, dict) and all(
        isinstance(ident, str) and isinstance(each, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in each.items())
        for ident, each in answers.items())


def load(notebook: Path, nb: nbformat.NotebookNode) -> Answers:
    """Return the notebook's wrong answers, or raise BadAnswers saying in one line why not."""
    path = answers_file(notebook)
    if not path.is_file():
        raise BadAnswers(f"no wrong answers for {notebook.name}: write {path}")
    try:
        answers = runpy.run_path(str(path)).get("WRONG_ANSWERS")
    except Exception as error:  # noqa: BLE001 - any error in the file is reported in one line
        raise BadAnswers(f"{path} does not run: {type(error).__name__}: {error}") from None
    if not _valid(answers):
        raise BadAnswers(f"{path} has no WRONG_ANSWERS dict of exercise id -> "
                         "{description: source}")
    known = {e.id: e for e in exercises.exercises(nb)}
    for ident in answers:
        if ident not in known:
            raise BadAnswers(f"{path} names exercise {ident!r}, which {notebook.name} lacks "
                             f"(it has {', '.join(known) or 'none'})")
        if known[ident].solution is None:
            raise BadAnswers(f"{notebook.name}: exercise {ident!r} has no solution cell to "
                             "replace")
    return answers


def _code(nb: nbformat.NotebookNode) -> list[str]:
    """Return the sources of the notebook's code cells: all of them run in ``refute_cells``."""
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]


def digest(nb: nbformat.NotebookNode, answers: Answers) -> str:
    """Return a SHA-256 of every code cell's source and the wrong answers: what a run checks."""
    parts = {"code_cells": _code(nb), "wrong_answers": answers}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def problems(notebook: Path, nb: nbformat.NotebookNode) -> list[str]:
    """Return problem lines when a notebook with exercises lacks wrong answers (at least
    MIN_WRONG each) or its stamp does not match its code cells and wrong answers."""
    if not exercises.exercises(nb):
        return []
    command = f"`python -m cs20_helpers refute {notebook.name}`"
    try:
        answers = load(notebook, nb)
    except BadAnswers as error:
        return [str(error)]
    lines = shortfalls(nb, answers)
    if nb.metadata.get(STAMP_KEY, {}).get("digest") != digest(nb, answers):
        lines.append("wrong answers not proven rejected since its code cells or wrong answers "
                     f"last changed: run {command}")
    return lines


def _first_line(outcome: Outcome) -> str:
    """Return ``Name: first line of the message`` of a cell that raised."""
    lines = outcome.evalue.strip().splitlines()
    return f"{outcome.ename}: {lines[0]}" if lines else outcome.ename


class KernelLost(RuntimeError):
    """A cell ran past the timeout or ended the kernel: nothing after it can be trusted."""


def _run(kernel: CellKernel, source: str) -> Outcome:
    """Run one cell; return how it ended (OK or an error), or raise KernelLost when it ran past
    the timeout or ended the kernel."""
    outcome = kernel.run(source)
    if outcome.status == TIMEOUT:
        raise KernelLost(f"ran past the {kernel.timeout:g} s cell timeout")
    if outcome.status == DIED:
        raise KernelLost("ended the kernel")
    return outcome


def _attempt(kernel: CellKernel, source: str, following: list[str], description: str,
             solution: bool) -> Attempt:
    """Run ``source`` in place of the solution cell from the saved names, then ``following``
    (the cells up to and including the check); say whether it ended as it must."""
    _run(kernel, RESTORE)
    answer = _run(kernel, source)
    if answer.status != OK:
        return Attempt(description, f"the answer itself raised {_first_line(answer)}",
                       ok=False)
    for index, cell in enumerate(following):
        outcome = _run(kernel, cell)
        if outcome.status == OK:
            continue
        if index < len(following) - 1:  # a cell between the solution and its check
            return Attempt(description, f"a cell before the check raised {_first_line(outcome)}",
                           ok=False)
        if solution:
            return Attempt(description, f"FAILED its check: {_first_line(outcome)}", ok=False)
        return Attempt(description, f"rejected: {_first_line(outcome)}", ok=True)
    if solution:
        return Attempt(description, "passed", ok=True)
    return Attempt(description, "ACCEPTED (the check let it through)", ok=False)


def _expected_error(cell: nbformat.NotebookNode) -> bool:
    """Whether nbval expects this cell to raise."""
    return ("NBVAL_RAISES_EXCEPTION" in cell.source
            or "raises-exception" in cell.metadata.get("tags", []))


def refute_cells(nb: nbformat.NotebookNode, answers: Answers, kernel: CellKernel
                 ) -> tuple[list[Exercise], list[str]]:
    """Run the notebook in ``kernel``, trying each exercise's wrong answers and solution at its
    solution cell. Returns each exercise's attempts, and the other cells that raised unexpectedly.
    """
    by_solution = {e.solution: e for e in exercises.exercises(nb) if e.solution is not None}
    results, stray = [], []
    index = 0
    while index < len(nb.cells):
        cell = nb.cells[index]
        if cell.cell_type != "code":
            index += 1
            continue
        exercise = by_solution.get(index)
        if exercise is None:
            outcome = _run(kernel, cell.source)
            if outcome.status != OK and not _expected_error(cell):
                stray.append(f"cell {index} raised {_first_line(outcome)}")
            index += 1
            continue
        following = [c.source for c in nb.cells[index + 1:exercise.check + 1]
                     if c.cell_type == "code"]
        _run(kernel, SAVE)
        done = Exercise(exercise.id)
        for description, source in answers.get(exercise.id, {}).items():
            done.attempts.append(_attempt(kernel, source, following, description, False))
        done.attempts.append(_attempt(kernel, cell.source, following, "the solution", True))
        results.append(done)
        index = max(index, exercise.check) + 1  # on past the check
    return results, stray


def refute(notebook: Path, nb: nbformat.NotebookNode, answers: Answers
           ) -> tuple[list[Exercise], list[str]]:
    """Run ``refute_cells`` in a fresh kernel in a new working folder of this run, with results,
    logs and temporary files kept there, and the cell timeout ``check`` would use."""
    seconds, _ = timing.cell_timeout([nb])
    work = guards.owned_folder(Path(tempfile.gettempdir()), PREFIX)
    try:
        (work / notebook.name).write_text(nbformat.writes(nb), encoding="utf-8")
        env = runner.kernel_env(tmp=work / "tmp")
        env.update(CS20_RESULTS_DIR=str(work / "results"), CS20_LOG_DIR=str(work / "runs"))
        kernel = CellKernel(work, env, seconds)
        try:
            return refute_cells(nb, answers, kernel)
        except KernelLost as lost:
            return [], [f"a cell {lost}; the run stopped there"]
        finally:
            kernel.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def report(results: list[Exercise]) -> str:
    """Return one table per exercise: each answer tried and how it ended."""
    lines = []
    for done in results:
        width = max(len(a.description) for a in done.attempts)
        lines.append(done.id)
        lines += [f"  {a.description:<{width}}  {a.verdict}" for a in done.attempts]
    return "\n".join(lines)


def shortfalls(nb: nbformat.NotebookNode, answers: Answers) -> list[str]:
    """Return a line per exercise with fewer than MIN_WRONG wrong answers."""
    return [f"{e.id}: {len(answers.get(e.id, {}))} wrong answer(s), at least {MIN_WRONG} needed"
            for e in exercises.exercises(nb) if len(answers.get(e.id, {})) < MIN_WRONG]


def stamp(notebook: Path, nb: nbformat.NotebookNode, answers: Answers,
          results: list[Exercise]) -> None:
    """Record in the notebook's metadata that these checks reject these wrong answers, and how
    each was rejected, with a digest of what was checked (every code cell, counted, and the
    wrong answers); written whole or not at all."""
    nb.metadata[STAMP_KEY] = {
        "digest": digest(nb, answers),
        "code_cells": len(_code(nb)),
        "wrong_answers": sum(len(each) for each in answers.values()),
        "exercises": {done.id: {a.description: a.verdict.removeprefix("rejected: ")
                                for a in done.attempts[:-1]} for done in results},
    }
    write_notebook(nb, notebook)


def refute_notebook(notebook: Path, answers: Answers) -> bool:
    """Refute one notebook's wrong answers, print the tables, stamp it when all is as it must
    be, else remove its old stamp; return whether it was stamped."""
    nb = nbformat.read(notebook, as_version=4)
    print(f"{notebook.name}: running it once, trying the wrong answers at each exercise ...",
          flush=True)
    results, stray = refute(notebook, nb, answers)
    print(report(results))
    wrong = [f"{done.id}: {a.description}: {a.verdict}" for done in results
             for a in done.attempts if not a.ok]
    wrong += stray + shortfalls(nb, answers)
    if wrong:
        dropped = " (its old stamp removed)" if stamps.drop(notebook, STAMP_KEY) else ""
        print(f"{notebook.name}: NOT stamped{dropped}:\n" + "\n".join(f"  - {w}" for w in wrong))
        return False
    current = nbformat.read(notebook, as_version=4)  # edited while it ran? then do not stamp
    if digest(current, answers) != digest(nb, answers):
        print(f"{notebook.name}: NOT stamped: its cells changed while it ran; run it again")
        return False
    stamp(notebook, current, answers, results)
    print(f"{notebook.name}: every wrong answer rejected, every solution accepted; stamped")
    return True


def main(paths: Iterable[Path]) -> int:
    """Refute each notebook with exercises; exit status 0 all stamped, 1 not, 2 bad input."""
    chosen = []
    try:
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            if exercises.exercises(nb):
                chosen.append((path, load(path, nb)))
            else:
                print(f"{path.name}: no exercises; nothing to refute")
    except BadAnswers as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    status = ALL_REJECTED
    for path, answers in chosen:
        if not refute_notebook(path, answers):
            status = SOME_ACCEPTED
    return status
