"""Static checks of stored notebooks: one clean run, no stray errors, no machine noise, small.

Stored outputs are what strict nbval compares, so they must come from one clean top-to-bottom
run and hold nothing that differs between machines. Exercise cells must be in nbgrader's format.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import nbformat

from cs20_helpers.paths import REPO_DIR
from cs20_helpers.tools import crosscheck, exercises, refute, timing

MAX_BYTES = 1_000_000
MIN_COMPARED_FRACTION = 0.7

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


def check(path: Path, *, crosschecked: bool = False) -> list[str]:
    """Return one line per hygiene problem of the notebook at ``path`` (empty when clean).

    ``crosschecked`` also requires, matching the notebook as it is now, the stamp ``crosscheck``
    leaves on a course notebook whose outputs held at CI's settings and with other thread counts
    and vector instructions, on one with exercises, the stamp ``refute`` leaves when its checks
    rejected their wrong answers, and the cell times ``store`` records (``check``'s cell timeout
    comes from them).
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
        problems += crosscheck.problems(nb, path.name)
        problems += refute.problems(path, nb)
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
