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
from importlib import resources
from pathlib import Path

from cs20_helpers import settings

PROFILES = ("sample", "full")

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_DIR = PACKAGE_DIR.parent


def profile() -> str:
    """Return the data and training budget in use: ``CS20_PROFILE`` = sample (default) or full."""
    return settings.choice("CS20_PROFILE", PROFILES, "sample")


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


def write_text_atomic(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` through a temporary file beside it, so the file is never
    seen half-written and a failed write keeps the old contents."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def write_bytes_atomic(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` as :func:`write_text_atomic` writes text: whole or not at all."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_bytes(data)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def give_default_mode(path: Path) -> Path:
    """Give ``path`` the mode a new file or folder gets under the umask (usually group- and
    world-readable): temporary files and folders start owner-only, and a course cache may be
    shared by a group."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, (0o777 if path.is_dir() else 0o666) & ~mask)
    return path
