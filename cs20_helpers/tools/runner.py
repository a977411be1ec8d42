"""Execute notebooks headless, the way ``pytest --nbval`` does, to run the course or store outputs.

``run_notebooks`` executes copies into a git-ignored folder and reports each notebook's recorded
results; ``store_outputs`` re-executes notebooks in place so stored outputs are exactly what
nbval will compare (no Jupyter-only noise, execution counts 1..n, one block per run of prints).
Ctrl-C ends the kernel and raises ``Interrupted``.
"""

from __future__ import annotations

__all__ = ["CELL_TIMEOUT_S", "execute", "find_notebooks", "Interrupted", "kernel_env",
    "merge_streams", "NotebookRun", "notebooks_dir", "run_notebooks", "store_outputs"]

import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
from jupyter_client import AsyncKernelManager
from jupyter_core.utils import run_sync
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, DeadKernelError
from tqdm.auto import tqdm

from cs20_helpers import _settings as settings
from cs20_helpers import results
from cs20_helpers._atomic import write_notebook
from cs20_helpers.paths import project_dir
from cs20_helpers.tools import guards, timing
from cs20_helpers.tools.cell_kernel import THIS_PYTHON, ThisPythonSpecs

CELL_TIMEOUT_S = 900


class Interrupted(KeyboardInterrupt):
    """Raised when Ctrl-C (SIGINT) stopped a notebook; its kernel has been ended."""


@dataclass
class NotebookRun:
    """What happened when one notebook ran: its path, seconds taken and error, if any."""

    path: Path
    seconds: float
    error: str | None = None


def notebooks_dir() -> Path:
    """Return the folder of the course notebooks."""
    return project_dir() / "notebooks"


def find_notebooks(names: Iterable[str] = ()) -> list[Path]:
    """Return the notebooks named (by path, file name or number prefix), or all, in order."""
    every = sorted(notebooks_dir().glob("[0-9][0-9]_*.ipynb"))
    names = list(names)
    if not names:
        return every
    chosen = []
    for name in names:
        path = Path(name)
        if path.suffix == ".ipynb" and path.is_file():
            chosen.append(path.resolve())
            continue
        matches = [nb for nb in every if nb.name.startswith(name) or nb.stem == name]
        if not matches:
            raise FileNotFoundError(f"no notebook matches {name!r} in {notebooks_dir()}")
        chosen.extend(matches)
    return chosen


def kernel_env(tmp: Path | None = None) -> dict[str, str]:
    """Environment of the kernel: this one, plus what makes ipykernel behave as under nbval.

    pytest sets PYTEST_CURRENT_TEST, and ipykernel then leaves native (C++) stderr uncaptured;
    setting it here means stored outputs hold exactly what nbval will see. ``tmp``, made if
    missing, becomes the kernel's TMPDIR: a tool that removes its working folder afterwards
    passes a folder inside it, so the files the kernel leaves there (TensorFlow's autograph
    modules, ipykernel's cell files) go with it instead of piling up in the shared one.
    """
    env = settings.absolute_folders(dict(os.environ))  # the kernel starts in another folder
    env.setdefault("PYTEST_CURRENT_TEST", "cs20_helpers.tools.runner")
    env["PYTHONWARNINGS"] = env.get("PYTHONWARNINGS", "ignore::DeprecationWarning")
    if tmp is not None:
        tmp.mkdir(parents=True, exist_ok=True)  # tempfile passes over a TMPDIR that is missing
        env["TMPDIR"] = str(tmp)
    return env


def _tag_expected_errors(nb: nbformat.NotebookNode) -> None:
    """Give cells marked ``# NBVAL_RAISES_EXCEPTION`` the tag nbclient knows, so they may raise."""
    for cell in nb.cells:
        if cell.cell_type == "code" and "NBVAL_RAISES_EXCEPTION" in cell.source:
            tags = cell.metadata.setdefault("tags", [])
            if "raises-exception" not in tags:
                tags.append("raises-exception")


@contextlib.contextmanager
def _sigint_restored() -> Iterator[None]:
    """Put back this process's Ctrl-C handler afterwards: nbclient's event loop takes it over."""
    previous = signal.getsignal(signal.SIGINT)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _ended_by_signal(client: NotebookClient) -> bool:
    """Whether nbclient's own SIGINT/SIGTERM handler shut the kernel down during the run.

    nbclient handles Ctrl-C itself (it ends the kernel, and the run then fails with a dead
    kernel); the cleanup it schedules is the one trace of the signal.
    """
    return getattr(client, "_async_cleanup_kernel_future", None) is not None


def execute(path: Path, *, progress: tqdm | None = None) -> nbformat.NotebookNode:
    """Execute the notebook at ``path`` in a fresh kernel of this Python, as nbval does.

    The kernel runs in the notebook's folder, ipykernel in this Python (``cell_kernel``),
    its messages encrypted where the kernel supports it (so it logs no warning).
    Each code cell's seconds and the slowest are kept in the notebook's metadata (``timing``).
    Raises ``Interrupted`` on Ctrl-C, after the kernel has been ended.
    """
    nb = nbformat.read(path, as_version=4)
    _tag_expected_errors(nb)
    # The asynchronous manager keeps nbclient's event loop free while a cell runs, so a kernel
    # ended by Ctrl-C is noticed within a second. Its messages are CurveZMQ-encrypted: an
    # unencrypted kernel logs "Kernel is running over TCP without encryption" to the terminal,
    # amid the progress bars (its process, not ours: no warnings filter here reaches it).
    km = AsyncKernelManager(kernel_name=THIS_PYTHON, kernel_spec_manager=ThisPythonSpecs(),
                            transport_encryption="auto")
    clock = timing.CellClock()  # cell times, kept in the metadata for check's timeout

    def cell_done(cell_index: int | None = None, **_: object) -> None:
        clock.stop(cell_index=cell_index)
        if progress is not None:
            progress.update(1)

    client = NotebookClient(
        nb,
        km=km,
        timeout=CELL_TIMEOUT_S,
        record_timing=False,
        shutdown_kernel="immediate",  # on Ctrl-C: killed, not asked mid-cell (which it mis-reports)
        on_cell_start=clock.start,
        on_cell_executed=cell_done,
    )
    with _sigint_restored():
        try:
            client.execute(cwd=str(path.parent), env=kernel_env())
        except Exception:
            if not _ended_by_signal(client):
                raise
        finally:
            if km.has_kernel:
                run_sync(km.shutdown_kernel)(now=True)
    if _ended_by_signal(client):
        raise Interrupted(f"interrupted while running {path.name}; its kernel was ended")
    merge_streams(nb)
    clock.record(nb)
    return nb


def merge_streams(nb: nbformat.NotebookNode) -> None:
    """Join consecutive stream outputs of one name (stdout, stderr) into one, in place.

    A loop of prints arrives as many one-line outputs; stored as one, files stay small and diffs
    readable. nbval joins streams itself before comparing, so what it compares is unchanged.
    """
    for cell in nb.cells:
        merged: list[nbformat.NotebookNode] = []
        for output in cell.get("outputs", []):
            previous = merged[-1] if merged else None
            if (output.output_type == "stream" and previous is not None
                    and previous.output_type == "stream" and previous.name == output.name):
                previous.text += output.text
            else:
                merged.append(output)
        if "outputs" in cell:
            cell.outputs = merged


def _code_cells(nb: nbformat.NotebookNode) -> int:
    return sum(1 for cell in nb.cells if cell.cell_type == "code")


def _execute_with_bar(path: Path) -> tuple[nbformat.NotebookNode | None, NotebookRun]:
    """Execute one notebook under a per-cell progress bar; never raise for a failing cell."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    with tqdm(total=_code_cells(nb), desc=path.stem, unit="cell", file=sys.stdout,
              leave=True) as bar:
        try:
            executed = execute(path, progress=bar)
        except (CellExecutionError, DeadKernelError) as err:
            first_line = str(err).strip().splitlines()[-1] if str(err).strip() else repr(err)
            return None, NotebookRun(path, time.perf_counter() - start, first_line)
    return executed, NotebookRun(path, time.perf_counter() - start)


def _execute_each(paths: Iterable[Path],
                  on_success: Callable[[Path, nbformat.NotebookNode, NotebookRun], None]
                  ) -> list[NotebookRun]:
    """Execute notebooks one by one; report a failure, hand each success to ``on_success``."""
    runs = []
    for path in paths:
        executed, run = _execute_with_bar(path)
        runs.append(run)
        if executed is None:
            print(f"  {path.stem} FAILED after {run.seconds:.0f} s: {run.error}")
        else:
            on_success(path, executed, run)
    return runs


def run_notebooks(paths: Iterable[Path], out_dir: Path) -> list[NotebookRun]:
    """Execute each notebook, write the executed copy under ``out_dir``, print its results.

    An ``out_dir`` that is a file, the notebooks' folder or holds a link to one of them is
    refused (guards.Refused) before anything runs.
    """
    paths = list(paths)
    guards.copy_targets(paths, out_dir, find_notebooks())
    out_dir.mkdir(parents=True, exist_ok=True)

    def save_copy(path: Path, executed: nbformat.NotebookNode, run: NotebookRun) -> None:
        write_notebook(executed, out_dir / path.name)
        print(f"  {path.stem} ran in {run.seconds:.0f} s; recorded results:")
        try:
            table = results.format_table(results.load(path.stem))
        except FileNotFoundError:
            table = "(this notebook records no results)"
        print("    " + table.replace("\n", "\n    "))

    return _execute_each(paths, save_copy)


def store_outputs(paths: Iterable[Path]) -> list[NotebookRun]:
    """Re-execute each notebook and save it in place, whole or not at all (a full disk or a kill
    leaves the stored notebook as it was); one with a failing cell is left as is."""

    def save_in_place(path: Path, executed: nbformat.NotebookNode, run: NotebookRun) -> None:
        executed.metadata.pop("widgets", None)
        write_notebook(executed, path)
        print(f"  stored {path.name} ({run.seconds:.0f} s)")

    return _execute_each(paths, save_in_place)
