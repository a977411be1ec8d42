"""Where the project keeps things: bundled data, caches, logs, results, and the profile.

Every location can be moved with an environment variable, so CI, students and instructors
can each point the course somewhere else without touching code. Nothing is ever written inside
the package: it may be installed read-only in a shared environment. The bundled samples are
package data, found with ``importlib.resources`` the same way in a clone, an editable install
and a wheel.
"""

from __future__ import annotations

__all__ = ["bundled_data_dir", "cache_dir", "log_dir", "log_root", "PACKAGE_DIR", "profile",
    "PROFILES", "project_dir", "REPO_DIR", "results_dir"]

import os
import shutil
from importlib import resources
from pathlib import Path

from cs20_helpers import _settings as settings

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
