"""Read the ``CS20_*`` environment settings, each checked when read.

A bad value raises :class:`SettingError` naming the setting, what it holds and what it may
hold, before anything acts on it: ``CS20_THREADS=-1`` would otherwise abort TensorFlow's
runtime with no message, and ``0`` would silently mean "all cores".
"""

from __future__ import annotations

import os
from pathlib import Path

#: The most threads ``CS20_THREADS`` may ask for.
MAX_THREADS = 256
#: The settings that name folders.
FOLDER_SETTINGS = ("CS20_DATA_DIR", "CS20_LOG_DIR", "CS20_RESULTS_DIR")
#: The data and training budgets ``CS20_PROFILE`` may name.
PROFILES = ("sample", "full")


class SettingError(ValueError):
    """A ``CS20_*`` environment variable holds a value it may not hold."""


def _raw(name: str) -> str | None:
    """Return the stripped value of ``name``, or None when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return value or None


def choice(name: str, allowed: tuple[str, ...], default: str) -> str:
    """Return the setting ``name`` (case-insensitive), one of ``allowed``."""
    value = (_raw(name) or default).lower()
    if value not in allowed:
        raise SettingError(f"{name} must be one of {', '.join(allowed)} (default {default}), "
                           f"not {os.environ[name]!r}")
    return value


def whole_number(name: str, default: int, low: int, high: int) -> int:
    """Return the setting ``name`` as an integer from ``low`` to ``high``."""
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise SettingError(f"{name} must be a whole number from {low} to {high} "
                           f"(default {default}), not {raw!r}")
    return value


def _expanded(name: str, raw: str) -> Path:
    """Return the path ``raw`` with ``~`` expanded, or raise SettingError when it names a home
    folder that cannot be found (``~nosuchuser/x``, or ``~`` with no home)."""
    try:
        return Path(raw).expanduser()
    except RuntimeError:
        raise SettingError(f"{name} names the home folder of a user that cannot be found: "
                           f"{raw!r}") from None


def folder(name: str) -> Path | None:
    """Return the folder the setting ``name`` names (``~`` expanded), or None when unset.

    The folder need not exist yet, but the path must not be an existing file.
    """
    raw = _raw(name)
    if raw is None:
        return None
    path = _expanded(name, raw)
    if path.exists() and not path.is_dir():
        raise SettingError(f"{name} must name a folder (existing or to be created), "
                           f"not the file {path}")
    return path


def absolute_folders(env: dict[str, str]) -> dict[str, str]:
    """Return a copy of ``env`` whose folder settings are absolute (``~`` expanded, a relative
    path or a name like ``-1`` taken from this process's working folder), so that a kernel
    started in another folder finds the same folders the command was given."""
    resolved = dict(env)
    for name in FOLDER_SETTINGS:
        if env.get(name, "").strip():
            resolved[name] = str(_expanded(name, env[name].strip()).absolute())
    return resolved


def threads() -> int:
    """Return ``CS20_THREADS``: TensorFlow's intra- and inter-op threads, 1 to MAX_THREADS."""
    return whole_number("CS20_THREADS", 2, 1, MAX_THREADS)


def profile() -> str:
    """Return ``CS20_PROFILE``: sample (default; bundled data, short training) or full."""
    return choice("CS20_PROFILE", PROFILES, "sample")


def check_all() -> None:
    """Read every ``CS20_*`` setting once, raising SettingError for the first bad one: the
    commands call it before they start a kernel, so a grader's bad setting stops the command
    (naming the setting) instead of failing every cell of a student's notebook."""
    profile()
    threads()
    for name in FOLDER_SETTINGS:
        folder(name)
