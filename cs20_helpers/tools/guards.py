"""Guards that keep the tools from deleting or overwriting what they did not make.

A folder is deleted only when it carries the marker file the tool wrote into it when it built
it; a file is written only when it is not an instructor notebook, compared as files (same
device and inode), so neither a symbolic link, a hard link nor the notebooks folder itself
leads a tool onto the instructor's work. A file is replaced only when nothing would be lost:
it holds what the tool writes now, or what the tool wrote there before (``Manifest``).
"""

from __future__ import annotations

__all__ = ["copy_targets", "Manifest", "mark_built", "new_file", "no_loss", "out_folder",
    "owned_folder", "OWNER", "Refused", "replaceable", "sha256", "swap_in", "sweep_abandoned"]

import glob
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path

from cs20_helpers._atomic import write_bytes_atomic, write_text_atomic


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


class Manifest:
    """The SHA-256 of each file a tool wrote into ``folder``, by relative path, kept in the file
    ``folder/name``: a later run may then replace what it wrote (and is still as it wrote it)
    without being told to, and nothing else. A missing or unreadable manifest records nothing."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder, self.path = folder, folder / name
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            record = {}
        self.hashes: dict[str, str] = record if isinstance(record, dict) else {}

    def relative(self, target: Path) -> str:
        """Return ``target``'s path in the folder, as the manifest records it."""
        return target.relative_to(self.folder).as_posix()

    def files(self) -> list[Path]:
        """Return the files the tool wrote into the folder that are still there, by path."""
        return [self.folder / key for key in sorted(self.hashes)
                if (self.folder / key).is_file()]

    def no_loss(self, target: Path, data: bytes, how: str) -> Path:
        """Return ``target`` after ``no_loss`` checked it, counting what the tool wrote there."""
        key = self.relative(target)
        return no_loss(target, data, how, [self.hashes[key]] if key in self.hashes else [])

    def write(self, target: Path, data: bytes) -> Path:
        """Write ``data`` to ``target`` (making its folder) whole or not at all, then record
        it (a kill in between leaves it unrecorded: a later run treats it as not its own)."""
        target.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(target, data)
        self.hashes[self.relative(target)] = sha256(data)
        write_text_atomic(self.path, json.dumps(self.hashes, indent=1, sort_keys=True))
        return target


def copy_targets(paths: Iterable[Path], out_dir: Path, protected: Iterable[Path]) -> list[Path]:
    """Return ``out_dir / name`` for each notebook in ``paths``, after checking that none of
    them is a ``protected`` notebook and ``out_dir`` is a folder other than theirs."""
    paths = list(paths)
    protected = [*paths, *protected]
    out_folder(out_dir, protected)
    return [new_file(out_dir / path.name, protected) for path in paths]


def replaceable(out: Path, marker: str) -> Path:
    """Return ``out`` after checking a new build may replace it: it is new, empty, or carries
    ``marker`` (the tool built it); else raise Refused: never delete what the tool did not
    make."""
    if not out.exists():
        return out
    if not out.is_dir():
        raise Refused(f"--out {out} is a file; give a folder")
    if not (out / marker).is_file() and any(out.iterdir()):
        raise Refused(f"refusing to replace {out}: it is not empty and was not built by this "
                      f"tool (no {marker} in it); choose a new or empty folder")
    return out


def swap_in(built: Path, out: Path, marker: str) -> None:
    """Put the finished folder ``built`` at ``out`` (checked with ``replaceable``), replacing
    what is there; both must be on one file system. A kill between the two renames leaves
    no ``out`` (the next build makes it), never a half-built one."""
    replaceable(out, marker)
    old = built.with_name(built.name + ".old")
    if out.exists():
        out.rename(old)
    built.rename(out)
    if old.exists():
        shutil.rmtree(old)


#: A working folder's owner: the id of the process that made it, in a file inside it.
OWNER = ".cs20-owner-pid"


def owned_folder(parent: Path, prefix: str) -> Path:
    """Make and return a new folder ``parent/<prefix>*`` recording this process as its owner,
    after deleting those whose owner has gone (a killed run's leftovers)."""
    sweep_abandoned(parent, prefix)
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
    (folder / OWNER).write_text(str(os.getpid()), encoding="utf-8")
    return folder


def sweep_abandoned(parent: Path, prefix: str) -> list[Path]:
    """Delete the folders ``parent/<prefix>*`` whose owner process has ended; return them.
    Folders of another user, or with no owner file, are left alone."""
    deleted = []
    for folder in parent.glob(f"{glob.escape(prefix)}*"):
        try:
            if folder.stat().st_uid != os.getuid():
                continue
            os.kill(int((folder / OWNER).read_text(encoding="utf-8")), 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
            deleted.append(folder)
        except (OSError, ValueError):  # no owner file, unreadable, or its owner is alive
            continue
    return deleted


def mark_built(out: Path, marker: str, what: str) -> None:
    """Write ``marker`` into ``out``, so that a later build knows it may replace the folder."""
    (out / marker).write_text(f"Built by {what}; the next build replaces this folder.\n",
                              encoding="utf-8")
