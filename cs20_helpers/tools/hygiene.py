"""Static checks of stored notebooks: one clean run, no stray errors, no machine noise, small.

Stored outputs are what strict nbval compares, so they must come from one clean top-to-bottom
run and hold nothing that differs between machines. Exercise cells must be in nbgrader's format,
and a check cell's visible part must not show a value of the outputs (it belongs in the hidden
tests).
"""

from __future__ import annotations

__all__ = ["check", "compared_fraction", "IGNORE_MARKERS", "main", "MAX_BYTES", "MEASURED_DIGITS",
    "MIN_COMPARED_FRACTION", "NOISE", "NUMBER", "RAISES_MARKERS", "REQUIRE_MUTANTS",
    "revealing_checks", "unenforced_checks"]

import ast
import re
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path

import nbformat

from cs20_helpers.paths import REPO_DIR
from cs20_helpers.tools import crosscheck, exercises, heads, refute, timing
from cs20_helpers.tools.runner import notebooks_dir

#: Figures are stored at twice their pixel density (``notebook.sharp_figures``): about 2.3 times
#: the bytes of 72-dpi ones.
MAX_BYTES = 2_500_000
MIN_COMPARED_FRACTION = 0.7
#: Whether a course notebook with exercises must carry a ``refute --mutants`` record that
#: matches its solutions now, every exercise at the bar (issue 36). The one switch to turn it
#: off while notebooks wait to be re-stamped.
REQUIRE_MUTANTS = True
#: A number in a check with this many significant digits, not a whole number, looks measured.
MEASURED_DIGITS = 3
#: A number as written in code or text (``12.566``, ``.5``, ``2e-3``), not part of a name
#: (``conv2d``) or of a dotted version (``2.21.0``); its sign is left out, and an exponent of
#: five digits or more (beyond ``decimal``'s range) makes it no number.
NUMBER = re.compile(r"(?<![\w.])(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,4})?(?!\w|\.\d)")

NOISE = [
    (re.compile(r"/tmp/ipykernel_\d+"), "kernel temporary path"),
    (re.compile(r"(/root/|/home/\w+/|/Users/\w+/|[A-Z]:\\\\Users\\\\)"), "home-folder path"),
    (re.compile(re.escape(str(REPO_DIR)) + "/"), "path of this checkout"),
    (re.compile(r" at 0x[0-9a-f]{6,}"), "memory address"),
    (re.compile(r"oneDNN custom operations"), "oneDNN banner"),
    (re.compile(r"cpu_feature_guard|cuda_(driver|platform)|cuInit|Could not find cuda"
                r"|^[IWEF]\d{4} \d\d:\d\d:\d\d", re.M), "C++ log line"),
    (re.compile(r"WARNING:tensorflow|WARNING:absl"), "TensorFlow warning"),
    (re.compile(r"DeprecationWarning|UserWarning|FutureWarning|RuntimeWarning"),
     "Python warning"),
]

IGNORE_MARKERS = ("NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP")
RAISES_MARKERS = ("NBVAL_RAISES_EXCEPTION", "raises-exception")


def _markers(cell: nbformat.NotebookNode) -> set[str]:
    """Return the nbval markers of a cell, from comment lines and tags alike."""
    found = set(cell.metadata.get("tags", []))
    for line in cell.source.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            found.add(stripped.lstrip("#").strip())
    return found


def _output_text(output: nbformat.NotebookNode) -> str:
    """Return the text nbval would compare for one output."""
    if output.output_type == "stream":
        return output.get("text", "")
    if output.output_type == "error":
        return f"{output.get('ename', '')}: {output.get('evalue', '')}"
    return output.get("data", {}).get("text/plain", "")


def compared_fraction(nb: nbformat.NotebookNode) -> float:
    """Return the share of code cells with outputs whose outputs nbval compares (1.0 if none)."""
    with_output = [c for c in nb.cells if c.cell_type == "code" and c.get("outputs")]
    if not with_output:
        return 1.0
    compared = [c for c in with_output if not _markers(c) & set(IGNORE_MARKERS)]
    return len(compared) / len(with_output)


def _measured(value: Decimal) -> bool:
    """Whether a number in a check looks measured rather than given: not a whole number (sizes,
    counts, ports, seeds are what a task states) and with at least MEASURED_DIGITS significant
    digits (a threshold such as 0.9, a tolerance such as 1e-6 or 2e-3, 0.5 are picked, not
    measured)."""
    return value != value.to_integral_value() \
        and len(value.normalize().as_tuple().digits) >= MEASURED_DIGITS


def _rounds_to(shown: Decimal, literal: Decimal) -> bool:
    """Whether a number in an output shows ``literal``: written with at least as many decimals,
    and equal to it when rounded to the literal's decimals (12.566370 shows 12.566)."""
    places = -literal.as_tuple().exponent
    return -shown.as_tuple().exponent >= places \
        and abs(shown - literal) <= Decimal(5).scaleb(-places - 1)


def _numbers(text: str) -> list[Decimal]:
    """Return the numbers written in ``text``."""
    return [Decimal(match) for match in NUMBER.findall(text)]


def revealing_checks(nb: nbformat.NotebookNode) -> list[str]:
    """Return a line per check cell whose visible part (what a student copy keeps) shows a
    measured-looking number (``_measured``) that a stored output of the notebook shows too
    (``_rounds_to``): the check copied a value of the run, which a lazy answer could copy as
    well; a check computes its reference, in its hidden tests."""
    shown = {number for cell in nb.cells if cell.cell_type == "code"
             for output in cell.get("outputs", []) for number in _numbers(_output_text(output))}
    found = []
    for cell in nb.cells:
        if not exercises.is_check(cell) or not exercises.hidden_paired(cell.source):
            continue  # unpaired markers are exercises.problems' to report
        told = [literal for literal in dict.fromkeys(_numbers(exercises.given_source(cell)))
                if _measured(literal) and any(_rounds_to(n, literal) for n in shown)]
        if told:
            ident = exercises.exercise_id(exercises.nbgrader_meta(cell).get("grade_id", "?"))
            found.append(f"check cell {ident} shows a value from the notebook's outputs "
                         f"({', '.join(map(str, told))}): move it into the hidden tests")
    return found


def unenforced_checks(nb: nbformat.NotebookNode) -> list[str]:
    """Return a line per check cell whose visible part calls no ``rules.enforce``: every check
    re-runs its answer cell under the answer-cell policy and with the checker intact, with an
    empty list of rules where the task states none (issue 46: a check without it let answers
    that rebind ``np`` or patch ``json.loads`` through)."""
    found = []
    for cell in nb.cells:
        if not exercises.is_check(cell) or not exercises.hidden_paired(cell.source):
            continue
        try:
            tree = ast.parse(exercises.given_source(cell))
        except SyntaxError:
            continue  # a broken check is exercises.problems' to report
        if not any(isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                   and node.func.attr == "enforce" and isinstance(node.func.value, ast.Name)
                   and node.func.value.id == "rules" for node in ast.walk(tree)):
            ident = exercises.exercise_id(exercises.nbgrader_meta(cell).get("grade_id", "?"))
            found.append(f"check cell {ident} calls no rules.enforce (with [] where the task "
                         "states no rule), so its answer cell is never re-run or screened")
    return found


def check(path: Path, *, crosschecked: bool = False) -> list[str]:
    """Return one line per hygiene problem of the notebook at ``path`` (empty when clean).

    ``crosschecked`` also requires, matching the notebook as it is now, the stamp ``crosscheck``
    leaves on a course notebook whose outputs held at CI's settings and with other thread counts
    and vector instructions, on one with exercises, the stamp ``refute`` leaves when its checks
    rejected their wrong answers (with ``REQUIRE_MUTANTS``, and killed their mutants) and check
    cells that show no value of the outputs (``revealing_checks``), and the cell times ``store``
    records (``check``'s cell timeout comes from them); a course notebook's check cells must
    also call ``rules.enforce`` (``unenforced_checks``).
    """
    problems = []
    size = path.stat().st_size
    if size > MAX_BYTES:
        problems.append(f"file is {size:,} bytes, over {MAX_BYTES:,}")
    nb = nbformat.read(path, as_version=4)
    titles = [line for c in nb.cells if c.cell_type == "markdown"
              for line in c.source.splitlines() if line.startswith("# ")]
    if len(titles) != 1:
        problems.append(f"has {len(titles)} '# ' titles; a notebook has exactly one")
    code = [c for c in nb.cells if c.cell_type == "code"]
    counts = [c.execution_count for c in code if c.source.strip()]
    if counts != list(range(1, len(counts) + 1)):
        problems.append("execution counts are not 1..n: store outputs from one clean run")
    for index, cell in enumerate(code):
        markers = _markers(cell)
        for output in cell.get("outputs", []):
            if output.output_type == "error" and not markers & set(RAISES_MARKERS):
                problems.append(f"code cell {index}: stored error {output.get('ename')}")
            if output.output_type == "stream" and output.get("name") == "stderr" \
                    and not markers & set(IGNORE_MARKERS):
                problems.append(f"code cell {index}: compared output written to stderr")
            text = _output_text(output)
            for pattern, what in NOISE:
                if pattern.search(text):
                    problems.append(f"code cell {index}: {what} in stored output")
    problems += exercises.problems(nb)
    if crosschecked:
        if path.resolve().parent == notebooks_dir().resolve():  # a course notebook
            problems += heads.problems(nb, path.name) + unenforced_checks(nb)
        problems += crosscheck.problems(nb, path.name)
        problems += refute.problems(path, nb)
        if REQUIRE_MUTANTS:
            problems += refute.mutant_problems(path, nb)
        problems += revealing_checks(nb)
        problems += timing.problems(nb)
    fraction = compared_fraction(nb)
    if fraction < MIN_COMPARED_FRACTION:
        problems.append(f"only {fraction:.0%} of code cells with output are compared "
                        f"(at least {MIN_COMPARED_FRACTION:.0%} required)")
    return problems


def main(paths: Iterable[Path]) -> int:
    """Print each notebook's problems and compared share; return 1 if any notebook has a problem."""
    status = 0
    for path in paths:
        problems = check(path, crosschecked=True)
        fraction = compared_fraction(nbformat.read(path, as_version=4))
        verdict = "ok" if not problems else f"{len(problems)} problem(s)"
        print(f"{path.name}: {verdict}, {fraction:.0%} of cells with output compared")
        for problem in problems:
            print(f"  - {problem}")
        status |= bool(problems)
    return status
