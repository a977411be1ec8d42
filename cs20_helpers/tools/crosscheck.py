"""``crosscheck``: stored outputs must hold on other machines, not only on the one that stored them.

A notebook stored on one machine is validated by strict nbval elsewhere. Three things change
float32 results between x86-64 machines with the same code: the thread count (how work is split),
the CPU's vector instructions (TensorFlow's matrix and convolution kernels call oneDNN's sgemm,
which picks AVX-512 or AVX2 code at run time, even with ``TF_ENABLE_ONEDNN_OPTS=0``) and cache
sizes (block sizes). This tool re-validates a stored notebook under nbval with one thread, four
threads, and oneDNN held to AVX2, as another CPU would run it, with only the printed thread count
masked. When all pass it stamps the notebook with a digest of its cells, and ``hygiene`` refuses
a notebook whose cells no longer match their stamp, so the step cannot be skipped silently.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import nbformat

from cs20_helpers.machine import cpu_signature
from cs20_helpers.paths import project_dir, write_notebook

#: The conditions a stored notebook must also pass under: name -> environment added.
VARIANTS: dict[str, dict[str, str]] = {
    "CS20_THREADS=1": {"CS20_THREADS": "1"},
    "CS20_THREADS=4": {"CS20_THREADS": "4"},
    "ONEDNN_MAX_CPU_ISA=AVX2": {"ONEDNN_MAX_CPU_ISA": "AVX2"},
}

#: nbval sanitize rules that mask the printed thread count, and nothing else.
THREAD_MASK = """
[thread count printed by setup()]
regex: seed (\\d+), \\d+ threads
replace: seed \\1, N threads

[thread counts of a ConfigProto printed in full]
regex: _op_parallelism_threads: \\d+
replace: _op_parallelism_threads: N
"""

STAMP_KEY = "cs20_crosscheck"
SANITIZE = Path("tests") / "nbval_sanitize.cfg"
CELL_TIMEOUT_S = 900
_SECTION = re.compile(r"^_+ \S+::(Cell \d+) _+$", re.M)
_DIFF_LINE = re.compile(r"^  [-+] .*$", re.M)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
SHOWN_DIFF_LINES = 12


def digest(nb: nbformat.NotebookNode) -> str:
    """Return a SHA-256 of the code cells' sources and outputs: what nbval compares."""
    cells = [[cell.source, cell.get("outputs", [])] for cell in nb.cells
             if cell.cell_type == "code"]
    return hashlib.sha256(json.dumps(cells, sort_keys=True).encode("utf-8")).hexdigest()


def _sanitize_file(folder: Path) -> Path:
    """Write the project's sanitize rules plus the thread-count mask; return the file."""
    path = folder / "crosscheck_sanitize.cfg"
    base = (project_dir() / SANITIZE).read_text(encoding="utf-8")
    path.write_text(base.rstrip("\n") + "\n" + THREAD_MASK, encoding="utf-8")
    return path


def failed_cells(report: str) -> dict[str, list[str]]:
    """Return each failing cell of an nbval report with its diff lines (``+`` stored, ``-`` new)."""
    parts = _SECTION.split(_ANSI.sub("", report.split("short test summary info")[0]))
    return {cell: _DIFF_LINE.findall(body) for cell, body in zip(parts[1::2], parts[2::2],
                                                                  strict=True)}


def validate(path: Path, env: dict[str, str], sanitize: Path) -> dict[str, list[str]]:
    """Run strict nbval on ``path`` with ``env`` added; return the failing cells with their diff
    lines (empty when every compared cell holds)."""
    command = [sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider",
               "--nbval", "--nbval-current-env", f"--nbval-cell-timeout={CELL_TIMEOUT_S}",
               f"--nbval-sanitize-with={sanitize}", str(path)]
    done = subprocess.run(command, cwd=project_dir(), env={**os.environ, **env},
                          capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode == 0:
        return {}
    failed = failed_cells(done.stdout)
    if not failed:  # not a compared cell: a collection or kernel error
        tail = "\n".join(done.stdout.strip().splitlines()[-5:])
        raise RuntimeError(f"nbval could not run {path.name}:\n{tail}")
    return failed


def stamp(path: Path, variants: Iterable[str]) -> None:
    """Record in the notebook's metadata that its current cells passed ``variants``, and the CPU
    that stored them (a later difference can then be traced to its machine); the notebook is
    rewritten whole or not at all."""
    nb = nbformat.read(path, as_version=4)
    nb.metadata[STAMP_KEY] = {"digest": digest(nb), "variants": list(variants),
                              "stored_on": cpu_signature()}
    write_notebook(nb, path)


def problems(nb: nbformat.NotebookNode) -> list[str]:
    """Return a problem line when the notebook's cells are not the ones last cross-checked."""
    record = nb.metadata.get(STAMP_KEY, {})
    if record.get("digest") == digest(nb) and set(record.get("variants", ())) >= set(VARIANTS):
        return []
    return ["not cross-checked since its cells last changed: run `python -m cs20_helpers store` "
            f"(validates with {', '.join(VARIANTS)})"]


def crosscheck(path: Path) -> dict[str, list[str]]:
    """Validate one stored notebook under every variant; stamp it when all pass.

    Returns the failing cells per variant (empty when the notebook holds everywhere).
    """
    failures = {}
    with tempfile.TemporaryDirectory(prefix="cs20-crosscheck-") as folder:
        sanitize = _sanitize_file(Path(folder))
        for name, env in VARIANTS.items():
            print(f"  {path.stem}: nbval with {name} ...", flush=True)
            failed = validate(path, env, sanitize)
            if failed:
                failures[name] = list(failed)
                for cell, diff in failed.items():
                    print(f"    {cell} differs (+ stored, - this run):")
                    print("\n".join("      " + line for line in diff[:SHOWN_DIFF_LINES]))
    if not failures:
        stamp(path, VARIANTS)
        print(f"  {path.stem}: holds under {', '.join(VARIANTS)}; stamped")
    return failures


def main(paths: Iterable[Path]) -> int:
    """Cross-check each notebook; return 1 when any compared cell differs under a variant."""
    status = 0
    for path in paths:
        failures = crosscheck(path)
        status |= bool(failures)
    return status
