"""Write files whole or not at all: into a temporary file beside the target, then renamed.

Every file the course writes (results, checkpoints, notebooks, downloads) goes through here, so a
full disk, an error or a kill leaves the old file as it was. Private: the helpers and tools use
it; notebooks do not.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nbformat import NotebookNode

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
