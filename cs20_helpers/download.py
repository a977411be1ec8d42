"""Download one file from the first mirror that serves it, verified, with nothing left on failure.

pooch does the transfer: it streams the file with requests into a temporary file beside the
target, shows a tqdm progress bar, checks the hash and renames the file into place only when
the hash matches, deleting the temporary file otherwise. This module adds what pooch does not
do: several mirrors tried in turn, one error type whose message names every URL tried and what
went wrong there, and clean-up of a damaged copy and of folders created for a failed download.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

#: Seconds to wait for a connection, and for each read once connected.
TIMEOUT = 30
#: Bytes pooch reads and writes at a time.
CHUNK_SIZE = 1 << 20


class DownloadError(RuntimeError):
    """No mirror delivered the file with the expected checksum.

    ``failures`` holds ``(url, reason)`` for each mirror tried. ``offline`` is true when every
    mirror failed to connect at all (refused, no route, no DNS), which usually means the
    machine has no network.
    """

    def __init__(self, message: str, failures: Sequence[tuple[str, str]] = (), *,
                 offline: bool = False) -> None:
        super().__init__(message)
        self.failures = list(failures)
        self.offline = offline


def file_digest(path: str | Path, algorithm: str = "sha256") -> str:
    """Return the hex digest of the file at ``path``."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, algorithm).hexdigest()


def _known_hash(sha256: str | None, md5: str | None) -> tuple[str, str]:
    """Return ``(algorithm, hex digest)`` from the one checksum given."""
    if (sha256 is None) == (md5 is None):
        raise TypeError("download() needs exactly one of sha256= or md5=")
    return ("sha256", sha256.lower()) if sha256 is not None else ("md5", md5.lower())


def _missing_parents(path: Path) -> list[Path]:
    """Return the folders above ``path`` that do not exist yet, nearest first."""
    missing = []
    for parent in path.parents:
        if parent.exists():
            break
        missing.append(parent)
    return missing


def _reason(error: BaseException) -> str:
    """Return what went wrong in a few words, from requests' long exception texts."""
    import requests

    text = str(error)
    if isinstance(error, requests.exceptions.ChunkedEncodingError):
        cut = re.search(r"(\d+) bytes read, (\d+) more expected", text)
        if cut:
            return f"transfer cut off after {cut[1]} bytes, {cut[2]} more expected"
        return f"transfer cut off: {text}"
    errno = re.search(r"\[Errno -?\d+\] [^'\")]+", text)
    if isinstance(error, requests.ConnectionError) and errno:
        return f"cannot connect: {errno[0]}"
    return text


def _is_connection_failure(error: BaseException) -> bool:
    """Whether ``error`` says the server could not be reached at all (the machine looks offline)."""
    import requests

    return (isinstance(error, requests.ConnectionError)
            and not isinstance(error, requests.exceptions.SSLError))


def download(urls: str | Sequence[str], *, path: str | Path, sha256: str | None = None,
             md5: str | None = None, progress: bool = True) -> Path:
    """Download a file to ``path`` from the first of ``urls`` that delivers it intact.

    Give the expected checksum as ``sha256=`` (or ``md5=`` where only that is published).
    A file already at ``path`` with that checksum is returned without any network access; one
    with another checksum is replaced. Raises :class:`DownloadError` when no mirror delivers
    the right bytes; then nothing is left at ``path`` and no temporary file remains.
    """
    import pooch
    import requests

    path = Path(path).expanduser().absolute()
    urls = [urls] if isinstance(urls, str) else list(urls)
    if not urls:
        raise ValueError("download() needs at least one URL")
    algorithm, expected = _known_hash(sha256, md5)
    if path.is_file():
        if file_digest(path, algorithm) == expected:
            return path
        path.unlink()  # a damaged or outdated copy; a cache holds verified files only

    created = _missing_parents(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    downloader = pooch.HTTPDownloader(progressbar=progress, timeout=TIMEOUT,
                                      chunk_size=CHUNK_SIZE)
    failures: list[tuple[str, str]] = []
    connection_failures = 0
    try:
        for url in urls:
            try:
                pooch.retrieve(url, known_hash=f"{algorithm}:{expected}", fname=path.name,
                               path=path.parent, downloader=downloader)
                return path
            except ValueError as error:  # pooch's word for a hash mismatch
                failures.append((url, f"checksum mismatch: {error}"))
            except requests.RequestException as error:
                failures.append((url, _reason(error)))
                connection_failures += _is_connection_failure(error)
    finally:  # also on an unexpected error (disk full) or Ctrl-C
        if not path.exists():
            for folder in created:  # nearest first, so each is empty when its turn comes
                try:
                    folder.rmdir()
                except OSError:
                    break

    offline = connection_failures == len(urls)
    if offline:
        head = (f"could not download {path.name}: no mirror could be reached"
                " (is this machine offline?)")
    elif any(reason.startswith("checksum") for _, reason in failures):
        head = f"could not download {path.name}: no mirror delivered a file with the right checksum"
    else:
        head = f"could not download {path.name} from any mirror"
    lines = [head] + [f"  {url}: {reason}" for url, reason in failures]
    raise DownloadError("\n".join(lines), failures, offline=offline)
