"""Unpack zip and tar archives safely, and record what was unpacked so it can be checked later.

``safe_extract`` checks every member before writing anything: an absolute path, a ``..`` that
climbs out, a link pointing outside or a device file is refused, and so is an archive that
would unpack to more than ``max_size`` bytes, far more than its own size (a zip bomb), or more
than the disk has free. Declared sizes bound what is written: zipfile stops each member at its
declared size, and a tar member is exactly its declared size.

``record`` lists an unpacked file or tree with each file's size and SHA-256; ``matches`` says
whether it is still exactly that (a flipped byte, a truncated or missing file fails).
"""

from __future__ import annotations

__all__ = ["check_free_space", "matches", "MAX_RATIO", "RATIO_FLOOR", "record", "safe_extract",
    "UNPACK_PREFIX", "UnsafeArchiveError"]

import errno
import os
import posixpath
import re
import shutil
import stat
import tarfile
import tempfile
import zipfile
import zlib
from pathlib import Path

from cs20_helpers.datasets.verified_download import file_digest

#: Unpacked bytes per archive byte beyond which an archive is refused as a zip bomb (text8's
#: zip is 3.2, a deflated run of zeros about 1,000).
MAX_RATIO = 100
#: Archives that unpack to less than this are too small for the ratio to matter.
RATIO_FLOOR = 1 << 20
#: Prefix of the temporary folder an archive is unpacked into before being moved into place.
UNPACK_PREFIX = ".unpack-"


class UnsafeArchiveError(ValueError):
    """An archive holds a member that would land outside its folder, unpacks to far more
    than it should, or is damaged (its headers disagree with its data)."""


def _escapes(name: str) -> bool:
    """Whether the archive member path ``name`` is absolute or climbs out with ``..``."""
    name = name.replace("\\", "/")
    return (name.startswith("/") or re.match(r"[A-Za-z]:", name) is not None
            or ".." in name.split("/"))


def _problem(name: str, *, link: str | None = None, kind: str | None = None) -> str | None:
    """Say why the archive member ``name`` is unsafe to unpack, or return None."""
    if _escapes(name):
        return "would be written outside the target folder"
    if kind:
        return f"is a {kind}"
    if link is not None and _escapes(link):
        return f"links to {link!r}, outside the target folder"
    return None


def _tar_members(tar: tarfile.TarFile) -> list[tuple[str, str | None, int]]:
    """Return ``(name, problem or None, bytes it unpacks to)`` for each member."""
    members = []
    for m in tar.getmembers():
        link = None
        if m.issym():  # relative to the link's own folder
            link = posixpath.normpath(posixpath.join(posixpath.dirname(m.name), m.linkname))
        elif m.islnk():  # relative to the archive's root
            link = m.linkname
        kind = "device file or pipe" if m.ischr() or m.isblk() or m.isfifo() else None
        members.append((m.name, _problem(m.name, link=link, kind=kind),
                        m.size if m.isreg() else 0))
    return members


def _zip_members(zf: zipfile.ZipFile) -> list[tuple[str, str | None, int]]:
    # zipfile would write a symbolic link as a small file holding its target: refuse it
    return [(info.filename, _problem(info.filename, kind="symbolic link"
                                     if stat.S_ISLNK(info.external_attr >> 16) else None),
             info.file_size)
            for info in zf.infolist()]


def _refuse_unsafe(archive: Path, members: list[tuple[str, str | None, int]],
                   max_size: int | None) -> int:
    """Raise UnsafeArchiveError for a bad member or size; return the bytes it unpacks to."""
    for name, problem, _ in members:
        if problem:
            raise UnsafeArchiveError(
                f"refusing to unpack {archive.name}: member {name!r} {problem}")
    total = sum(size for _, _, size in members)
    if max_size is not None and total > max_size:
        raise UnsafeArchiveError(
            f"refusing to unpack {archive.name}: it would unpack to {total:,} bytes, more than "
            f"the {max_size:,} this data set may take")
    packed = archive.stat().st_size
    if total > RATIO_FLOOR and total > MAX_RATIO * packed:
        raise UnsafeArchiveError(
            f"refusing to unpack {archive.name}: {packed:,} bytes would unpack to {total:,}, "
            f"{total / packed:,.0f} times more (over {MAX_RATIO}: a zip bomb?)")
    return total


def check_free_space(folder: Path, needed: int) -> None:
    """Raise OSError (no space, naming ``folder``) when its disk has less than ``needed``
    bytes free, before anything is written there."""
    existing = next(p for p in (folder, *folder.parents) if p.exists())
    free = shutil.disk_usage(existing).free
    if free < needed:
        raise OSError(errno.ENOSPC, f"{needed:,} bytes needed but only {free:,} free", str(folder))


def _unpack(archive: Path, tmp: Path, max_size: int | None) -> None:
    """Check, then unpack ``archive`` into the empty folder ``tmp``."""
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as zf:
            check_free_space(tmp, _refuse_unsafe(archive, _zip_members(zf), max_size))
            zf.extractall(tmp)
    elif tarfile.is_tarfile(archive):
        with tarfile.open(archive) as tar:
            check_free_space(tmp, _refuse_unsafe(archive, _tar_members(tar), max_size))
            try:  # the "data" filter re-checks as it writes (links followed included)
                tar.extractall(tmp, filter="data")
            except tarfile.FilterError as error:
                raise UnsafeArchiveError(f"refusing to unpack {archive.name}: {error}") from None
    else:
        raise UnsafeArchiveError(f"{archive.name} is neither a zip nor a tar archive")


def _unpack_undamaged(archive: Path, tmp: Path, max_size: int | None) -> None:
    """Unpack as ``_unpack`` does; an archive whose data disagrees with its headers (a size
    that lies, a bad CRC, a truncated stream) raises UnsafeArchiveError in one line."""
    try:
        _unpack(archive, tmp, max_size)
    except (zipfile.BadZipFile, tarfile.ReadError, EOFError, zlib.error) as error:
        raise UnsafeArchiveError(f"cannot unpack {archive.name}: it is damaged ({error})") \
            from None


def safe_extract(archive: str | Path, dest: str | Path, *,
                 max_size: int | None = None) -> list[Path]:
    """Unpack a zip or tar ``archive`` into ``dest``; return the top-level paths it created.

    Refuses (UnsafeArchiveError) unsafe members and archives unpacking to more than
    ``max_size`` bytes or ``MAX_RATIO`` times their size; raises OSError when the disk lacks
    room. The archive is unpacked into a temporary folder inside ``dest`` whose top-level
    entries are then renamed into place, replacing older copies, so a failure leaves nothing
    half-unpacked. Callers serialise unpacks into one folder (``registry.fetch`` holds a lock).
    """
    archive, dest = Path(archive), Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=UNPACK_PREFIX, dir=dest))
    try:
        _unpack_undamaged(archive, tmp, max_size)
        created = []
        for entry in sorted(tmp.iterdir()):
            target = dest / entry.name
            if target.is_dir() and not target.is_symlink():
                shutil.rmtree(target)  # an older copy: replaced, not merged
            elif target.exists() or target.is_symlink():
                target.unlink()
            entry.rename(target)
            created.append(target)
        return created
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _files(path: Path) -> list[Path]:
    """Return ``path`` if it is a file, else the regular files under it (links not followed)."""
    if not path.is_dir():
        return [path]
    found = []
    for folder, _, names in os.walk(path):
        found += [Path(folder, n) for n in names if not os.path.islink(os.path.join(folder, n))]
    return sorted(found)


def record(path: Path, base: Path) -> dict[str, list]:
    """Return ``{path relative to base: [size, sha256]}`` for the file or tree at ``path``."""
    return {f.relative_to(base).as_posix(): [f.stat().st_size, file_digest(f)]
            for f in _files(path)}


def matches(recorded: dict[str, list], base: Path) -> bool:
    """Whether every file ``record`` listed under ``base`` is still there with its size and
    SHA-256 (sizes first, so a truncated or missing file is found without reading)."""
    paths = {name: base / name for name in recorded}
    if any(not p.is_file() or p.stat().st_size != recorded[n][0] for n, p in paths.items()):
        return False
    return all(file_digest(p) == recorded[n][1] for n, p in paths.items())
