"""Where the project keeps things: bundled data, caches, logs, results, and the profile.

Every location can be moved with an environment variable, so CI, students and instructors
can each point the course somewhere else without touching code. Nothing is ever written inside
the package: it may be installed read-only in a shared environment. The bundled samples are
package data, found with ``importlib.resources`` the same way in a clone, an editable install
and a wheel.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from cs20_helpers import settings

if TYPE_CHECKING:
    from nbformat import NotebookNode

PROFILES = settings.PROFILES

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def profile() -> str:
    """Return the data and training budget in use: ``CS20_PROFILE`` = sample (default) or full."""
    return settings.profile()


def project_dir() -> Path:
    """Return the checkout the package lives in, or the working folder when installed elsewhere."""
    if (REPO_DIR / "pyproject.toml").is_file():
        return REPO_DIR
    return Path.cwd()


def bundled_data_dir() -> Path:
    """Return the package's ``data/`` folder of small real data (read it, never write there)."""
    return Path(str(resources.files("cs20_helpers") / "data"))


def cache_dir() -> Path:
    """Return the download cache: ``CS20_DATA_DIR``, else a per-user cache folder."""
    chosen = settings.folder("CS20_DATA_DIR")
    if chosen:
        return chosen
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "cs20"


def results_dir() -> Path:
    """Return where notebooks record their metrics: ``CS20_RESULTS_DIR``, else ``results/``."""
    return settings.folder("CS20_RESULTS_DIR") or project_dir() / "results"


def log_root() -> Path:
    """Return the root of TensorBoard logs and checkpoints: ``CS20_LOG_DIR``, else ``runs/``."""
    return settings.folder("CS20_LOG_DIR") or project_dir() / "runs"


def log_dir(name: str, *, fresh: bool = True) -> Path:
    """Return ``<log root>/<name>``, emptied first when ``fresh`` so a notebook can run twice."""
    path = log_root() / name
    if fresh and path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True, exist_ok=True)
    return path


#: Temporary files of an unfinished write are named ``.<name><PARTIAL>*`` beside the target.
PARTIAL = ".cs20-partial-"


class WriteError(OSError):
    """A file could not be written (a full disk, no permission); the old file is unchanged."""

    def __str__(self) -> str:
        return str(self.strerror)


def write_bytes_atomic(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all: into a temporary file beside it, flushed
    and fsynced, then renamed over it. A full disk, an error or a kill at any moment leaves the
    old file as it was (a kill may leave a hidden ``.<name>.cs20-partial-*`` beside it). A
    symbolic link at ``path`` is replaced by the file, never written through."""
    path = Path(path)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}{PARTIAL}", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        give_default_mode(Path(tmp))  # mkstemp made it owner-only
        os.replace(tmp, path)
    except OSError as error:
        raise WriteError(error.errno, f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
    return path


def write_text_atomic(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all (see ``write_bytes_atomic``)."""
    return write_bytes_atomic(path, text.encode("utf-8"))


def notebook_text(nb: NotebookNode) -> str:
    """Return the notebook as ``nbformat.write`` would store it (JSON, a final newline)."""
    import nbformat

    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


def write_notebook(nb: NotebookNode, path: Path) -> Path:
    """Write the notebook ``nb`` to ``path`` whole or not at all (see ``write_bytes_atomic``)."""
    return write_text_atomic(path, notebook_text(nb))


def give_default_mode(path: Path) -> Path:
    """Give ``path`` the mode a new file or folder gets under the umask (usually group- and
    world-readable): temporary files and folders start owner-only, and a course cache may be
    shared by a group."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, (0o777 if path.is_dir() else 0o666) & ~mask)
    return path
