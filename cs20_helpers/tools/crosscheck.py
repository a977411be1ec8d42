"""``crosscheck``: stored outputs must hold on other machines, not only on the one that stored them.

A notebook stored on one machine is validated by strict nbval elsewhere. Three things change
float32 results between x86-64 machines with the same code: the thread count (how work is split),
the CPU's vector instructions (TensorFlow's matrix and convolution kernels call oneDNN's sgemm,
which picks AVX-512 or AVX2 code at run time, even with ``TF_ENABLE_ONEDNN_OPTS=0``) and cache
sizes (block sizes).

The design, the simplest that is honest: the cross-check does not trust how the outputs were
stored. Its base run is strict nbval at CI's settings (``CI_SETTINGS``: the settings' defaults,
2 threads, profile sample, no ISA cap) with CI's sanitize rules, exactly as CI runs it; then
three variants each change one thing: one thread, four threads, oneDNN held to AVX2 (as another
CPU would run it), with only the printed thread count masked. Every run sets its environment
completely: the settings that change outputs (``CONTROLLED``) are CI's unless the run names
them, never inherited from the shell, so an exported ``CS20_THREADS=4`` changes nothing here.

The notebook's code cells are digested before the runs; when every run passes and the file's code
cells still match that digest (``refute`` may have stamped it meanwhile), it is stamped with a
digest of the code cells' sources and outputs as validated (and their count; the head's install cell
aside: ``heads.stamped_code``), the base run's settings with the CPU it ran on, and the variants. A
notebook edited meanwhile is not stamped; a failing cross-check removes the old stamp. ``hygiene``
fails a notebook whose stamp does not match it, so the step cannot be skipped silently. A killed
run's working folder is removed by the next one (``guards.owned_folder``).
"""

from __future__ import annotations

__all__ = ["BASE", "base_settings", "CELL_TIMEOUT_S", "CHANGED", "CI_SETTINGS", "CONTROLLED",
    "crosscheck", "digest", "failed_cells", "main", "PREFIX", "problems", "run_env", "SANITIZE",
    "SHOWN_DIFF_LINES", "stamp", "STAMP_KEY", "THREAD_MASK", "validate", "VARIANTS"]

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import nbformat

from cs20_helpers._atomic import write_notebook
from cs20_helpers.machine import cpu_signature
from cs20_helpers.paths import project_dir
from cs20_helpers.tools import guards, heads, stamps

#: What CI runs: the settings' defaults (``settings.threads``, ``settings.profile``), no ISA cap.
CI_SETTINGS = {"CS20_THREADS": "2", "CS20_PROFILE": "sample"}
#: Settings that change outputs; each run drops them from the environment, then sets its own.
CONTROLLED = ("CS20_THREADS", "CS20_PROFILE", "ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA",
              "TF_ENABLE_ONEDNN_OPTS")
#: The base run: CI's settings and CI's sanitize rules.
BASE = "CI's settings"
#: The conditions a stored notebook must also pass under: name -> change from CI's settings.
VARIANTS: dict[str, dict[str, str]] = {
    "CS20_THREADS=1": {"CS20_THREADS": "1"},
    "CS20_THREADS=4": {"CS20_THREADS": "4"},
    "ONEDNN_MAX_CPU_ISA=AVX2": {"ONEDNN_MAX_CPU_ISA": "AVX2"},
}
#: What ``crosscheck`` returns in place of a run's failures when the notebook was edited meanwhile.
CHANGED = "changed while it ran"

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
#: Each run's working folder is ``<temp>/<PREFIX>*`` (``guards.owned_folder``).
PREFIX = "cs20-crosscheck-"
SANITIZE = Path("tests") / "nbval_sanitize.cfg"
CELL_TIMEOUT_S = 900
_SECTION = re.compile(r"^_+ \S+::(Cell \d+) _+$", re.M)
_DIFF_LINE = re.compile(r"^  [-+] .*$", re.M)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
SHOWN_DIFF_LINES = 12


def _code(nb: nbformat.NotebookNode) -> list[list]:
    """Return each code cell's source and outputs, what nbval compares, but the head's install
    cell's (``heads.stamped_code``: a new release changes it, hygiene checks it)."""
    return [[cell.source, cell.get("outputs", [])] for cell in heads.stamped_code(nb)]


def digest(nb: nbformat.NotebookNode) -> str:
    """Return a SHA-256 of the code cells' sources and outputs (``_code``)."""
    return hashlib.sha256(json.dumps(_code(nb), sort_keys=True).encode("utf-8")).hexdigest()


def run_env(change: dict[str, str]) -> dict[str, str]:
    """Return the whole environment of one run: this one without the CONTROLLED settings, then
    CI's settings, then ``change``."""
    env = {name: value for name, value in os.environ.items() if name not in CONTROLLED}
    return {**env, **CI_SETTINGS, **change}


def base_settings() -> dict[str, object]:
    """Return the base run's settings as the stamp records them (CPU aside)."""
    env = run_env({})
    return {"threads": int(env["CS20_THREADS"]), "isa_cap": env.get("ONEDNN_MAX_CPU_ISA"),
            "profile": env["CS20_PROFILE"]}


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
    """Run strict nbval on ``path`` with the environment ``env``; return the failing cells with
    their diff lines (empty when every compared cell holds)."""
    # -n 0: one notebook is one process's work; the suite's two workers (pytest-xdist, in the
    # project's addopts) would only add a worker's start-up and change the report's layout.
    # -p no:cs20_wheel_kernel: the kernel is this environment's, which the run's settings reach
    # (the suite runs notebooks from a freshly built wheel, tests/wheel_install.py).
    command = [sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider",
               "-p", "no:cs20_wheel_kernel", "-n", "0",
               "--nbval", "--nbval-current-env", f"--nbval-cell-timeout={CELL_TIMEOUT_S}",
               f"--nbval-sanitize-with={sanitize}", str(path)]
    done = subprocess.run(command, cwd=project_dir(), env=env,
                          capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode == 0:
        return {}
    failed = failed_cells(done.stdout)
    if not failed:  # not a compared cell: a collection or kernel error
        tail = "\n".join(done.stdout.strip().splitlines()[-5:])
        raise RuntimeError(f"nbval could not run {path.name}:\n{tail}")
    return failed


def stamp(path: Path, variants: Iterable[str], validated: str | None = None) -> bool:
    """Record in the notebook's metadata that its code cells (whose ``digest`` was
    ``validated``, default: as the file holds them now) passed the base run and ``variants``,
    with the base run's settings and CPU; the notebook is rewritten whole or not at all. Return
    False, stamping nothing, when the file's code cells or outputs are no longer the ones
    validated (a change to the prose or to another tool's stamp meanwhile does not count)."""
    nb = nbformat.read(path, as_version=4)
    if validated is not None and digest(nb) != validated:
        return False
    nb.metadata[STAMP_KEY] = {"digest": digest(nb), "code_cells": len(_code(nb)),
                              "base": {**base_settings(), "cpu": cpu_signature()},
                              "variants": {name: VARIANTS[name] for name in variants}}
    write_notebook(nb, path)
    return True


def problems(nb: nbformat.NotebookNode, name: str) -> list[str]:
    """Return a problem line when the notebook's stamp does not vouch for it as CI runs it: its
    code cells changed since, or the stamp's base run is not at CI's settings, or it lacks a
    variant."""
    record = nb.metadata.get(STAMP_KEY, {})
    base = record.get("base")
    ci = base_settings()
    if not record:
        why = "no stamp"
    elif record.get("digest") != digest(nb):
        why = "its code cells or outputs changed since"
    elif not isinstance(base, dict):
        why = "its stamp, from an older crosscheck, records no base run"
    elif {key: base.get(key) for key in ci} != ci:
        why = (f"its stamp's base run is not at CI's settings ({ci['threads']} threads, profile "
               f"{ci['profile']}, ISA cap {ci['isa_cap'] or 'none'})")
    elif record.get("variants") != VARIANTS:
        why = f"its stamp lacks variants of {', '.join(VARIANTS)}"
    else:
        return []
    return [f"not cross-checked ({why}): run `python -m cs20_helpers crosscheck {name}`"]


def _runs(folder: Path) -> dict[str, tuple[dict[str, str], Path]]:
    """Return each run's name, environment and sanitize rules: the base run first."""
    masked = _sanitize_file(folder)
    return {BASE: (run_env({}), project_dir() / SANITIZE),
            **{name: (run_env(change), masked) for name, change in VARIANTS.items()}}


def crosscheck(path: Path) -> dict[str, list[str]]:
    """Validate one stored notebook at CI's settings and under every variant; stamp it when all
    pass and it was not edited meanwhile, remove its old stamp when one fails.

    Returns the failing cells per run, or CHANGED (empty when the notebook holds everywhere).
    """
    validated = digest(nbformat.read(path, as_version=4))
    failures = {}
    work = guards.owned_folder(Path(tempfile.gettempdir()), PREFIX)
    try:
        for name, (env, sanitize) in _runs(work).items():
            print(f"  {path.stem}: nbval with {name} ...", flush=True)
            try:
                failed = validate(path, env, sanitize)
            except RuntimeError as error:  # nbval could not run it: nothing was compared
                failures[name] = [str(error).splitlines()[0]]
                print("    " + str(error).replace("\n", "\n    "))
                continue
            if failed:
                failures[name] = list(failed)
                for cell, diff in failed.items():
                    print(f"    {cell} differs (+ stored, - this run):")
                    print("\n".join("      " + line for line in diff[:SHOWN_DIFF_LINES]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        dropped = "; its old stamp removed" if stamps.drop(path, STAMP_KEY) else ""
        print(f"  {path.stem}: fails {', '.join(failures)}: not stamped{dropped}")
    elif stamp(path, VARIANTS, validated):
        print(f"  {path.stem}: holds under {BASE} and {', '.join(VARIANTS)}; stamped")
    else:
        failures[CHANGED] = []
        print(f"  {path.stem}: {CHANGED}: not stamped; run it again")
    return failures


def main(paths: Iterable[Path]) -> int:
    """Cross-check each notebook; return 1 when any compared cell differs under a run, nbval
    could not run it, or it changed while it ran."""
    status = 0
    for path in paths:
        failures = crosscheck(path)
        status |= bool(failures)
    return status
