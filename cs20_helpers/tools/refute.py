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
what was checked: the sources of every code cell but the head's install cell (their count is in
the stamp), the wrong answers and the package modules the check cells call (``HELPERS``:
``cs20_helpers/checks.py``, ``busy.py`` and ``cell_record.py``, whose ``near``, ``rerun``,
``recording``, ``timed_between``, the kept cells and the guard ... decide what a check accepts;
their own digests are in the stamp too, so
``hygiene`` can say which changed);
``hygiene`` fails a notebook whose stamp no longer matches them. A run that fails (an answer
accepted, a stray error, a cell past its timeout, a dead kernel) removes the old stamp. The run's
folder holds a copy of the notebook with its solutions: it is removed afterwards, and one left by
a killed run is removed by the next ``refute`` (``guards.owned_folder``); the kernel's temporary
files (TensorFlow's autograph modules) are kept inside it.

With ``--mutants`` each exercise also runs, after its wrong answers, the mutants of its solution
(``tools/mutants.py``), each from the saved names followed by the cells up to the check: a
mutant is killed (a cell up to the check raised), raised (the mutant itself raised), timeout (it
ran past the cell timeout or ended the kernel: the kernel is restarted and the notebook replayed
up to the exercise) or survived (the check passed). An exercise's score is the share of its
mutants killed in any of these ways, leaving out the survivors marked equivalent in
``tests/mutants/<stem>.py``; an exercise under MUTANT_BAR fails the run. The stamp then also
records each exercise's counts, the cap and a digest of the mutants and equivalent entries;
``hygiene`` (with its ``REQUIRE_MUTANTS``) fails a notebook whose record no longer matches its
solutions (``mutant_problems``). ``--mutants --list`` prints the mutants without running them.

``--exercise ID`` (repeatable) tries only those exercises' wrong answers and mutants, running the
notebook only up to the last of their checks: a quick look while a check is being strengthened.
Such a run never stamps (it did not check everything); one that fails still drops the stamp.

``--answers DIR`` tries the wrong answers of ``DIR/<stem>.py`` instead of ``tests/wrong_answers``:
a fresh attack, written by someone who has not read the hand-listed ones. It prints each answer's
verdict and how many were rejected, and neither stamps nor drops a stamp (the stamp is about the
hand-listed answers).
"""

from __future__ import annotations

__all__ = ["ALL_REJECTED", "Answers", "ANSWERS_DIR", "answers_file", "Attempt", "BAD_INPUT",
    "BadAnswers", "digest", "Exercise", "generate", "HELPERS", "helpers", "KernelLost", "KILLED",
    "listing", "load", "main", "MIN_WRONG", "MUTANT_BAR", "mutant_problems", "MutantRun", "PREFIX",
    "problems", "RAISED", "refute", "refute_cells", "refute_notebook", "report", "RESTORE", "SAVE",
    "Score", "score", "shortfalls", "SOME_ACCEPTED", "stamp", "STAMP_KEY", "SURVIVED", "TIMED_OUT",
    "USED_HELPERS"]

import hashlib
import json
import re
import runpy
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

import cs20_helpers
from cs20_helpers._atomic import write_notebook
from cs20_helpers.paths import project_dir
from cs20_helpers.tools import exercises, guards, heads, mutants, runner, stamps, timing
from cs20_helpers.tools.cell_kernel import DIED, OK, TIMEOUT, CellKernel, Outcome

STAMP_KEY = "cs20_refuted"
#: The package modules check cells call, by path in the package: their sources are part of what
#: a run proved. Kept minimal and explicit, so that an unrelated edit of the package leaves the
#: stamps valid: ``checks.py`` imports no other module of the package (tests/test_refute.py
#: holds it to that; a module it comes to import belongs here).
HELPERS = ("checks.py", "busy.py", "cell_record.py")
#: Package modules digested only for a notebook whose code cells import them (``rules.py``, which
#: imports only ``checks.py``, and ``perturb.py``, which imports none): the stamps of the
#: notebooks that do not use them stay valid when they change, and cover exactly what their
#: checks call.
USED_HELPERS = ("rules.py", "perturb.py")
#: Each run's working folder is ``<temp>/<PREFIX>*`` (``guards.owned_folder``).
PREFIX = "cs20-refute-"
#: Where the wrong answers live, one file per notebook stem (kept out of the student copies).
ANSWERS_DIR = project_dir() / "tests" / "wrong_answers"
#: Each exercise needs at least this many wrong answers (the lazy one and the common mistake).
MIN_WRONG = 2
ALL_REJECTED, SOME_ACCEPTED, BAD_INPUT = 0, 1, 2
#: With ``--mutants``, each exercise's check must kill at least this share of the mutants of its
#: solution that are not marked equivalent.
MUTANT_BAR = 0.9
KILLED, RAISED, TIMED_OUT, SURVIVED = "killed", "raised", "timeout", "survived"
#: Kernel code that saves the user's names before a solution cell, and puts them back before
#: each attempt, so that one wrong answer's names cannot help the next attempt; with them the
#: functions and classes of the modules those names hold and of their submodules, which an
#: answer may have replaced (``json.loads = ...``) and the next attempt would run.
SAVE = ("_cs20_modules = [(_m, {_k: _v for _k, _v in vars(_m).items() if callable(_v) and not "
        "isinstance(_v, __import__('types').ModuleType)}) for _m in {id(_s): _s for _g in "
        "list(globals().values()) if isinstance(_g, __import__('types').ModuleType) for _s in "
        "[_g, *vars(_g).values()] if isinstance(_s, __import__('types').ModuleType)}.values()]\n"
        "_cs20_saved = dict(globals())")
RESTORE = ("[globals().pop(_n) for _n in list(globals()) if _n not in _cs20_saved "
           "and _n != '_cs20_saved']\nglobals().update(_cs20_saved)\n"
           "[setattr(_m, _k, _v) for _m, _kept in _cs20_modules for _k, _v in _kept.items() "
           "if vars(_m).get(_k) is not _v]")

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
class MutantRun:
    """How one mutant ended: KILLED, RAISED, TIMED_OUT or SURVIVED, and the first line of why."""

    mutant: mutants.Mutant
    result: str
    detail: str


@dataclass
class Exercise:
    """What refuting one exercise gave: each attempt, the real solution last; the mutants run
    (None without ``--mutants``) and the seconds they took."""

    id: str
    attempts: list[Attempt] = field(default_factory=list)
    mutants: list[MutantRun] | None = None
    mutant_s: float = 0.0


@dataclass
class Score:
    """An exercise's mutants counted, the survivors marked equivalent left out of the score."""

    generated: int
    killed: int
    raised: int
    timeout: int
    survived: list[MutantRun]
    equivalent: list[tuple[MutantRun, str]]
    #: Mutants marked equivalent that the check killed anyway (their entries are wrong).
    marked_killed: list[str]

    @property
    def value(self) -> float:
        """The share of the mutants not marked equivalent that were killed (1 when none)."""
        counted = self.generated - len(self.equivalent)
        return (self.killed + self.raised + self.timeout) / counted if counted else 1.0

    def counts(self) -> dict[str, int | float]:
        """Return the counts (for the stamp)."""
        return {"generated": self.generated, "killed": self.killed, "raised": self.raised,
                "timeout": self.timeout, "survived": len(self.survived),
                "equivalent": len(self.equivalent), "score": round(self.value, 3)}


def score(runs: list[MutantRun], marked: dict[str, str]) -> Score:
    """Count an exercise's mutant runs; ``marked``: its equivalent mutants and why."""
    count = {result: sum(run.result == result for run in runs)
             for result in (KILLED, RAISED, TIMED_OUT)}
    survived = [run for run in runs if run.result == SURVIVED]
    return Score(len(runs), count[KILLED], count[RAISED], count[TIMED_OUT],
                 [run for run in survived if run.mutant.description not in marked],
                 [(run, marked[run.mutant.description]) for run in survived
                  if run.mutant.description in marked],
                 [run.mutant.description for run in runs
                  if run.result != SURVIVED and run.mutant.description in marked])


def answers_file(notebook: Path, folder: Path | None = None) -> Path:
    """Return the file of the notebook's wrong answers (in ``folder``, else ANSWERS_DIR)."""
    return (folder or ANSWERS_DIR) / f"{notebook.stem}.py"


def _valid(answers: object) -> bool:
    """Whether ``answers`` is a dict of exercise id -> {description: source}, all strings."""
    return isinstance(answers, dict) and all(
        isinstance(ident, str) and isinstance(each, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in each.items())
        for ident, each in answers.items())


def load(notebook: Path, nb: nbformat.NotebookNode, folder: Path | None = None) -> Answers:
    """Return the notebook's wrong answers (from ``folder``, else ANSWERS_DIR), or raise
    BadAnswers saying in one line why not."""
    path = answers_file(notebook, folder)
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
    """Return the sources of the notebook's code cells, all of which run in ``refute_cells``,
    but the head's install cell's (``heads.stamped_code``: a new release changes it, hygiene
    checks it)."""
    return [cell.source for cell in heads.stamped_code(nb)]


def _imports(nb: nbformat.NotebookNode, name: str) -> bool:
    """Whether a code cell of ``nb`` imports the package module ``name`` (``rules.py``)."""
    module = name.removesuffix(".py")
    return any(re.search(rf"^\s*(from cs20_helpers import .*\b{module}\b|"
                         rf"(from|import) cs20_helpers\.{module}\b)", source, re.MULTILINE)
               for source in _code(nb))


def helpers(nb: nbformat.NotebookNode | None = None) -> dict[str, str]:
    """Return the SHA-256 of each of the ``HELPERS`` modules' source (newlines as ``\\n``), and
    of each ``USED_HELPERS`` module a code cell of ``nb`` imports, by its path from the
    repository root (``cs20_helpers/checks.py``)."""
    package = Path(cs20_helpers.__file__).parent
    used = [name for name in USED_HELPERS if nb is not None and _imports(nb, name)]
    return {f"cs20_helpers/{name}": hashlib.sha256(
        (package / name).read_text(encoding="utf-8").encode("utf-8")).hexdigest()
        for name in (*HELPERS, *used)}


def digest(nb: nbformat.NotebookNode, answers: Answers) -> str:
    """Return a SHA-256 of every code cell's source, the wrong answers and the package modules
    the checks call (``helpers``): what a run checks."""
    parts = {"code_cells": _code(nb), "wrong_answers": answers, "helpers": helpers(nb)}
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
    record = nb.metadata.get(STAMP_KEY)
    record = record if isinstance(record, dict) else {}
    if record.get("digest") != digest(nb, answers):
        proven = record.get("helpers") if isinstance(record.get("helpers"), dict) else {}
        changed = [name for name, sha in helpers(nb).items()
                   if record and proven.get(name) != sha]
        since = f"the refute stamp predates a change to {', '.join(changed)}" if changed else \
            "its code cells or wrong answers last changed"
        lines.append(f"wrong answers not proven rejected since {since}: run {command}")
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


def _recover(kernel: CellKernel, replay: list[str]) -> None:
    """Give the kernel back the names saved before the solution cell after a mutant ran past the
    timeout or ended it: restart it and run the code cells before the solution cell again."""
    kernel.restart()
    for source in replay:
        _run(kernel, source)
    _run(kernel, SAVE)


def _try_mutant(kernel: CellKernel, mutant: mutants.Mutant, following: list[str],
                replay: list[str]) -> MutantRun:
    """Run a mutant in place of the solution cell from the saved names, then ``following``;
    say how it ended."""
    _run(kernel, RESTORE)
    outcome = kernel.run(mutant.source)
    result = RAISED
    if outcome.status == OK:
        result = KILLED
        for cell in following:
            outcome = kernel.run(cell)
            if outcome.status != OK:
                break
        else:
            return MutantRun(mutant, SURVIVED, "the check passed")
    if outcome.status in (TIMEOUT, DIED):
        _recover(kernel, replay)
        return MutantRun(mutant, TIMED_OUT, f"ran past the {kernel.timeout:g} s cell timeout"
                         if outcome.status == TIMEOUT else "ended the kernel")
    return MutantRun(mutant, result, _first_line(outcome))


def _expected_error(cell: nbformat.NotebookNode) -> bool:
    """Whether nbval expects this cell to raise."""
    return ("NBVAL_RAISES_EXCEPTION" in cell.source
            or "raises-exception" in cell.metadata.get("tags", []))


def refute_cells(nb: nbformat.NotebookNode, answers: Answers, kernel: CellKernel,
                 generated: dict[str, list[mutants.Mutant]] | None = None
                 ) -> tuple[list[Exercise], list[str]]:
    """Run the notebook in ``kernel``, trying each exercise's wrong answers, then its mutants in
    ``generated`` (when given), and its solution at its solution cell. Returns each exercise's
    attempts, and the other cells that raised unexpectedly."""
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
        if generated is not None:
            replay = [c.source for c in nb.cells[:index] if c.cell_type == "code"]
            started = time.monotonic()
            done.mutants = [_try_mutant(kernel, mutant, following, replay)
                            for mutant in generated.get(exercise.id, [])]
            done.mutant_s = time.monotonic() - started
        done.attempts.append(_attempt(kernel, cell.source, following, "the solution", True))
        results.append(done)
        index = max(index, exercise.check) + 1  # on past the check
    return results, stray


def refute(notebook: Path, nb: nbformat.NotebookNode, answers: Answers,
           generated: dict[str, list[mutants.Mutant]] | None = None
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
            return refute_cells(nb, answers, kernel, generated)
        except KernelLost as lost:
            return [], [f"a cell {lost}; the run stopped there"]
        finally:
            kernel.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def report(results: list[Exercise], marked: mutants.Equivalent | None = None) -> str:
    """Return one table per exercise: each answer tried and how it ended; and, when mutants
    ran, their counts, score and each survivor (``marked``: the equivalent mutants)."""
    lines = []
    for done in results:
        width = max(len(a.description) for a in done.attempts)
        lines.append(done.id)
        lines += [f"  {a.description:<{width}}  {a.verdict}" for a in done.attempts]
        if done.mutants is not None:
            lines += _mutant_lines(score(done.mutants, (marked or {}).get(done.id, {})),
                                   done.mutant_s)
    return "\n".join(lines)


def _mutant_lines(tally: Score, seconds: float) -> list[str]:
    """Return the report's lines of one exercise's mutants, run in ``seconds``."""
    below = "" if tally.value >= MUTANT_BAR else f", below the {MUTANT_BAR:.0%} bar"
    lines = [f"  mutants: {tally.generated} generated, {tally.killed} killed, {tally.raised} "
             f"raised, {tally.timeout} timeout, {len(tally.survived)} survived, "
             f"{len(tally.equivalent)} equivalent: score {tally.value:.0%}{below} "
             f"({seconds:.0f} s)"]
    for run in tally.survived:
        lines.append(f"    survived: {run.mutant.description}")
        lines += [f"        {line}" for line in run.mutant.diff]
    lines += [f"    equivalent: {run.mutant.description} ({reason})"
              for run, reason in tally.equivalent]
    lines += [f"    marked equivalent but killed (remove the entry): {description}"
              for description in tally.marked_killed]
    return lines


def listing(notebook: Path, generated: dict[str, list[mutants.Mutant]],
            marked: mutants.Equivalent) -> str:
    """Return the mutants ``--mutants`` would run at each exercise, with the lines they change
    and the equivalent entries that match none."""
    lines = []
    for ident, each in generated.items():
        lines.append(f"{ident}: {len(each)} mutants")
        for mutant in each:
            tag = " (marked equivalent)" if mutant.description in marked.get(ident, {}) else ""
            lines.append(f"  {mutant.description}{tag}")
            lines += [f"      {line}" for line in mutant.diff]
    lines += [f"stale: {line}" for line in mutants.stale(marked, generated)]
    lines.append(f"{notebook.name}: {sum(map(len, generated.values()))} mutants")
    return "\n".join(lines)


def generate(nb: nbformat.NotebookNode, cap: int) -> dict[str, list[mutants.Mutant]]:
    """Return the mutants of each exercise's solution cell, at most ``cap`` each."""
    return {e.id: mutants.mutants(nb.cells[e.solution].source, cap)
            for e in exercises.exercises(nb) if e.solution is not None}


def _mutant_digest(generated: dict[str, list[mutants.Mutant]],
                   marked: mutants.Equivalent) -> str:
    """Return a SHA-256 of the mutants and the equivalent entries: what a ``--mutants`` run
    tried."""
    parts = {"mutants": {ident: [[m.description, m.source] for m in each]
                         for ident, each in generated.items()}, "equivalent": marked}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def _mutant_stamp(generated: dict[str, list[mutants.Mutant]], marked: mutants.Equivalent,
                  cap: int, results: list[Exercise]) -> dict:
    """Return the stamp's record of the mutants run: the cap, the bar, a digest of the mutants
    and the equivalent entries, and each exercise's counts."""
    return {"cap": cap, "bar": MUTANT_BAR, "digest": _mutant_digest(generated, marked),
            "exercises": {done.id: score(done.mutants, marked.get(done.id, {})).counts()
                          for done in results if done.mutants is not None}}


def _mutants_unproven(notebook: Path, nb: nbformat.NotebookNode) -> str | None:
    """Return why the stamp's mutants record does not prove the notebook's checks now, or
    None when it does (see ``mutant_problems``)."""
    record = nb.metadata.get(STAMP_KEY, {}).get("mutants")
    cap = record.get("cap") if isinstance(record, dict) else None
    if type(cap) is not int or cap < 1:
        return "its refute stamp has no mutants record"
    if cap < mutants.CAP:
        return f"its mutants were capped at {cap} per exercise, fewer than the {mutants.CAP} " \
               "a full run tries"
    ids = [e.id for e in exercises.exercises(nb)]
    try:
        marked = mutants.load_equivalent(notebook, set(ids))
    except mutants.BadEquivalent as error:
        return str(error)
    if record.get("digest") != _mutant_digest(generate(nb, cap), marked):
        return (f"its solutions or {mutants.equivalent_file(notebook).name} of equivalent "
                "mutants changed since")
    scores = record.get("exercises")
    scores = [_recorded_score(scores.get(i) if isinstance(scores, dict) else None) for i in ids]
    low = [f"{ident} not scored" if value is None else f"{ident} {value:.0%}"
           for ident, value in zip(ids, scores, strict=True)
           if value is None or value < MUTANT_BAR]
    return f"under the {MUTANT_BAR:.0%} bar: {', '.join(low)}" if low else None


def _recorded_score(counts: object) -> float | None:
    """Return the score in an exercise's recorded counts, or None without one."""
    value = counts.get("score") if isinstance(counts, dict) else None
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) \
        else None


def mutant_problems(notebook: Path, nb: nbformat.NotebookNode) -> list[str]:
    """Return one problem line when a notebook with exercises lacks a ``refute --mutants``
    record in its stamp, made with at least the default cap, that matches the mutants of its
    solutions generated now (with the recorded cap) and its equivalent mutants
    (``tests/mutants/<stem>.py``), with every exercise's score at or above MUTANT_BAR; else
    none."""
    if not exercises.exercises(nb):
        return []
    why = _mutants_unproven(notebook, nb)
    return [] if why is None else [
        f"mutants not proven killed ({why}): run "
        f"`python -m cs20_helpers refute {notebook.name} --mutants`"]


def shortfalls(nb: nbformat.NotebookNode, answers: Answers) -> list[str]:
    """Return a line per exercise with fewer than MIN_WRONG wrong answers."""
    return [f"{e.id}: {len(answers.get(e.id, {}))} wrong answer(s), at least {MIN_WRONG} needed"
            for e in exercises.exercises(nb) if len(answers.get(e.id, {})) < MIN_WRONG]


def stamp(notebook: Path, nb: nbformat.NotebookNode, answers: Answers,
          results: list[Exercise], mutant_record: dict | None = None) -> None:
    """Record in the notebook's metadata that these checks reject these wrong answers, and how
    each was rejected, with a digest of what was checked (every code cell, counted, and the
    wrong answers), and ``mutant_record`` when mutants ran; written whole or not at all."""
    nb.metadata[STAMP_KEY] = {
        "digest": digest(nb, answers),
        "helpers": helpers(nb),
        "code_cells": len(_code(nb)),
        "wrong_answers": sum(len(each) for each in answers.values()),
        "exercises": {done.id: {a.description: a.verdict.removeprefix("rejected: ")
                                for a in done.attempts[:-1]} for done in results},
    }
    if mutant_record is not None:
        nb.metadata[STAMP_KEY]["mutants"] = mutant_record
    write_notebook(nb, notebook)


def _only(nb: nbformat.NotebookNode, answers: Answers, only: set[str]
          ) -> tuple[nbformat.NotebookNode, Answers]:
    """Return the notebook cut after the last check of the exercises in ``only`` and the wrong
    answers of those exercises alone."""
    checks = [e.check for e in exercises.exercises(nb) if e.id in only]
    cut = nbformat.from_dict(nb)
    cut.cells = cut.cells[:max(checks) + 1]
    return cut, {ident: each for ident, each in answers.items() if ident in only}


def refute_notebook(notebook: Path, answers: Answers, cap: int | None = None,
                    marked: mutants.Equivalent | None = None,
                    only: set[str] | None = None, attack: bool = False) -> bool:
    """Refute one notebook's wrong answers (and, with a ``cap``, at most that many mutants per
    exercise, ``marked`` the equivalent ones), print the tables, stamp it when all is as it
    must be, else remove its old stamp; return whether all was as it must be. With ``only``
    (exercise ids), try those exercises alone and never stamp. With ``attack`` (the answers
    are a fresh attack's), print how many were rejected and leave the stamp as it is."""
    nb = nbformat.read(notebook, as_version=4)
    marked = marked or {}
    if only:
        nb, answers = _only(nb, answers, only)
    generated = None if cap is None else {
        ident: each for ident, each in generate(nb, cap).items() if not only or ident in only}
    tried = "" if generated is None else \
        f" and {sum(map(len, generated.values()))} mutants"
    print(f"{notebook.name}: running it once, trying the wrong answers{tried} at each "
          "exercise ...", flush=True)
    results, stray = refute(notebook, nb, answers, generated)
    print(report(results, marked))
    shown = {ident: each for ident, each in marked.items() if not only or ident in only}
    for line in [] if generated is None else mutants.stale(shown, generated):
        print(f"stale: {line}")
    wrong = [f"{done.id}: {a.description}: {a.verdict}" for done in results
             for a in done.attempts if not a.ok]
    if attack:
        tried = sum(len(done.attempts) - 1 for done in results)
        print(f"{notebook.name}: the attack: {tried - len(wrong)} of {tried} wrong answers "
              "rejected; NOT stamped, the stamp left as it was" +
              "".join(f"\n  - {w}" for w in wrong + stray))
        return not wrong and not stray
    wrong += stray + ([] if only else shortfalls(nb, answers))
    wrong += [f"{done.id}: {tally.value:.0%} of its mutants killed, below the "
              f"{MUTANT_BAR:.0%} bar" for done in results if done.mutants is not None
              if (tally := score(done.mutants, marked.get(done.id, {}))).value < MUTANT_BAR]
    if wrong:
        dropped = " (its old stamp removed)" if stamps.drop(notebook, STAMP_KEY) else ""
        print(f"{notebook.name}: NOT stamped{dropped}:\n" + "\n".join(f"  - {w}" for w in wrong))
        return False
    if only:
        print(f"{notebook.name}: every wrong answer of {', '.join(sorted(only))} rejected, "
              "every solution accepted; NOT stamped (only these exercises were tried)")
        return True
    current = nbformat.read(notebook, as_version=4)  # edited while it ran? then do not stamp
    if digest(current, answers) != digest(nb, answers):
        print(f"{notebook.name}: NOT stamped: its cells changed while it ran; run it again")
        return False
    stamp(notebook, current, answers, results,
          None if generated is None else _mutant_stamp(generated, marked, cap, results))
    print(f"{notebook.name}: every wrong answer rejected, every solution accepted; stamped")
    return True


def main(paths: Iterable[Path], cap: int | None = None, list_only: bool = False,
         only: set[str] | None = None, answers_dir: Path | None = None) -> int:
    """Refute each notebook with exercises (with a ``cap``, also at most that many mutants per
    exercise; ``list_only``, with a ``cap``: only print those mutants; ``only``: those exercises
    alone, unstamped; ``answers_dir``: a fresh attack's answers, unstamped); exit status 0 all
    stamped (or, with ``only``, all rejected), 1 not, 2 bad
    input."""
    chosen = []
    try:
        for path in paths:
            nb = nbformat.read(path, as_version=4)
            found = exercises.exercises(nb)
            if not found:
                print(f"{path.name}: no exercises; nothing to refute")
                continue
            unknown = sorted((only or set()) - {e.id for e in found})
            if unknown:
                raise BadAnswers(f"{path.name} has no exercise {', '.join(unknown)}")
            marked = {} if cap is None else mutants.load_equivalent(path, {e.id for e in found})
            if list_only:
                print(listing(path, generate(nb, cap), marked))
                continue
            chosen.append((path, load(path, nb, answers_dir), marked))
    except (BadAnswers, mutants.BadEquivalent) as error:
        print(f"error: {error}", file=sys.stderr)
        return BAD_INPUT
    status = ALL_REJECTED
    for path, answers, marked in chosen:
        if not refute_notebook(path, answers, cap, marked, only, answers_dir is not None):
            status = SOME_ACCEPTED
    return status
