"""Guards that keep the tools from deleting or overwriting what they did not make.

A folder is deleted only when it carries the marker file the tool wrote into it when it built
it; a file is written only when it is not an instructor notebook, compared as files (same
device and inode), so neither a symbolic link, a hard link nor the notebooks folder itself
leads a tool onto the instructor's work.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterable
from pathlib import Path


class Refused(ValueError):
    """A tool refused to act on a path: it would destroy work the tool did not make."""


def _same(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` both exist and are the same file or folder (device and inode)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def out_folder(out: Path, protected: Iterable[Path], option: str = "--out") -> Path:
    """Return ``out`` after checking it may receive new files: not a file, and not the folder of
    any ``protected`` (instructor) notebook. Raises Refused, in one line."""
    if out.exists() and not out.is_dir():
        raise Refused(f"{option} {out} is a file; give a folder")
    for notebook in protected:
        if _same(out, notebook.parent):
            raise Refused(f"{option} {out} is the folder of the instructor notebooks "
                          f"({notebook.parent}); choose another folder")
    return out


def new_file(target: Path, protected: Iterable[Path]) -> Path:
    """Return ``target`` after checking it is none of the ``protected`` (instructor) notebooks,
    by any path or link. Raises Refused, in one line."""
    for notebook in protected:
        if _same(target, notebook):
            raise Refused(f"{target} is the instructor notebook {notebook} itself (the same "
                          "file); choose another --out")
    return target


def sha256(data: bytes) -> str:
    """Return the hex SHA-256 of ``data`` (what a tool records of the files it wrote)."""
    return hashlib.sha256(data).hexdigest()


def no_loss(target: Path, data: bytes, how: str, written: Iterable[str] = ()) -> Path:
    """Return ``target`` after checking that writing ``data`` there loses nothing: nothing is
    there, or it already holds ``data``, or what it holds is what this tool wrote there before
    (its SHA-256 is in ``written``). A symbolic link there counts by what it points to; a
    dangling one is refused. Raises Refused saying ``how`` to replace it anyway."""
    if not target.exists() and not target.is_symlink():
        return target
    try:
        held = target.read_bytes()
    except OSError:
        held = None
    if held == data or (held is not None and sha256(held) in set(written)):
        return target
    raise Refused(f"refusing to overwrite {target}: it differs from what this command writes "
                  f"(edited, or someone's work); {how}")


def copy_targets(paths: Iterable[Path], out_dir: Path, protected: Iterable[Path]) -> list[Path]:
    """Return ``out_dir / name`` for each notebook in ``paths``, after checking that none of
    them is a ``protected`` notebook and ``out_dir`` is a folder other than theirs."""
    paths = list(paths)
    protected = [*paths, *protected]
    out_folder(out_dir, protected)
    return [new_file(out_dir / path.name, protected) for path in paths]


def clear_built(out: Path, marker: str) -> None:
    """Make ``out`` ready for a new build: delete it if it carries ``marker`` (the tool built
    it), use it if it is new or empty, else raise Refused: never delete what the tool did not
    make."""
    if not out.exists():
        return
    if not out.is_dir():
        raise Refused(f"--out {out} is a file; give a folder")
    if (out / marker).is_file():
        shutil.rmtree(out)
    elif any(out.iterdir()):
        raise Refused(f"refusing to replace {out}: it is not empty and was not built by this "
                      f"tool (no {marker} in it); choose a new or empty folder")


def mark_built(out: Path, marker: str, what: str) -> None:
    """Write ``marker`` into ``out``, so that a later build knows it may replace the folder."""
    (out / marker).write_text(f"Built by {what}; the next build replaces this folder.\n",
                              encoding="utf-8")
