"""Download one file from the first mirror that serves it, verified, with nothing left on failure.

Each mirror is streamed with requests into a temporary file beside the target
(``.<name>.part-*``), hashed on the way, and renamed into place only when the checksum matches;
a failure deletes the temporary file and any folder made for it. A mirror that stops sending
(no byte for ``TIMEOUT`` seconds, or not all its headers within ``TIMEOUT`` seconds) or drips
(under ``MIN_RATE`` bytes a second over any ``RATE_WINDOW``) is given up as *stalled*, which is
not the same as the machine being offline; nor is a connection the server reset. Given the
expected ``size``, a body longer than it (plus ``size_margin``) is cut off, and one announced
longer is refused before it is read. Bodies are stored exactly as sent: ``Accept-Encoding:
identity`` is asked for and a ``Content-Encoding`` is never decoded (a ``.gz`` stays a ``.gz``).
The error names every URL tried and what went wrong there.
"""

from __future__ import annotations

__all__ = ["CHUNK_SIZE", "download", "DownloadError", "file_digest", "MIN_RATE", "PART",
    "RATE_WINDOW", "size_margin", "TIMEOUT"]

import hashlib
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from cs20_helpers._atomic import give_default_mode

#: Seconds to wait for a connection, for all the response headers, and for any byte after.
TIMEOUT = 30
#: Bytes read from the network at a time (at most).
CHUNK_SIZE = 1 << 16
#: The slowest transfer accepted, in bytes a second, averaged over each ``RATE_WINDOW``.
MIN_RATE = 10_000
#: Seconds over which the transfer rate is measured.
RATE_WINDOW = 60.0
#: Temporary files of an unfinished download are named ``.<name><PART>*``.
PART = ".part-"


class DownloadError(RuntimeError):
    """No mirror delivered the file with the expected checksum.

    ``failures`` holds ``(url, reason)`` for each mirror tried. ``offline`` is true when every
    mirror failed to connect at all (refused, no route, no DNS), which usually means the
    machine has no network; a mirror that connected and then stalled does not count.
    """

    def __init__(self, message: str, failures: Sequence[tuple[str, str]] = (), *,
                 offline: bool = False) -> None:
        super().__init__(message)
        self.failures = list(failures)
        self.offline = offline


class _Stalled(Exception):
    """A mirror sent too little for too long."""


class _ChecksumMismatch(Exception):
    """A mirror delivered bytes with another checksum."""


class _TooLarge(Exception):
    """A mirror sent, or announced, more bytes than the file has."""


def size_margin(size: int) -> int:
    """Return how many bytes past its expected ``size`` a body may run before it is cut off:
    1%, at least one read's worth (a published size is exact; the margin is for safety)."""
    return max(size // 100, CHUNK_SIZE)


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
    """Return what went wrong in a few words, from requests' and urllib3's long texts."""
    import requests
    import urllib3

    from cs20_helpers.datasets.http_deadline import NO_HEADERS

    text = str(error)
    if isinstance(error, _Stalled | _ChecksumMismatch | _TooLarge):
        return text
    if NO_HEADERS.format(seconds=TIMEOUT) in text:
        return f"stalled: {NO_HEADERS.format(seconds=TIMEOUT)}"
    if isinstance(error, urllib3.exceptions.ReadTimeoutError | requests.ReadTimeout):
        return f"stalled: no data for {TIMEOUT} s"
    if "ConnectionResetError" in text or "Connection reset" in text:
        return "connection reset by the server"
    cut = re.search(r"(\d+) bytes read, (\d+) more expected", text)
    if cut:
        return f"transfer cut off after {cut[1]} bytes, {cut[2]} more expected"
    errno = re.search(r"\[Errno -?\d+\] [^'\")]+", text)
    if isinstance(error, requests.ConnectionError) and errno:
        return f"cannot connect: {errno[0]}"
    return text


def _is_connection_failure(error: BaseException) -> bool:
    """Whether ``error`` says the server could not be reached at all: no name, no route,
    refused, no answer to connect (the machine looks offline). A server that was reached and
    then reset or closed the connection does not count."""
    import requests
    import urllib3

    if isinstance(error, requests.ConnectTimeout):
        return True
    if not isinstance(error, requests.ConnectionError) or not error.args:
        return False
    reason = getattr(error.args[0], "reason", None)  # urllib3's MaxRetryError wraps it
    return isinstance(reason, urllib3.exceptions.NewConnectionError)


def _stream(url: str, out, hasher, progress: bool, label: str, size: int | None) -> None:
    """Write the body at ``url``, as sent, to the open file ``out``, feeding ``hasher``; raise
    _Stalled when the server sends under MIN_RATE over a RATE_WINDOW (a read timeout covers
    silence, a deadline slow headers) and _TooLarge past the expected ``size`` and its margin."""
    from tqdm.auto import tqdm

    from cs20_helpers.datasets import http_deadline

    with http_deadline.session(TIMEOUT) as session, session.get(
            url, stream=True, timeout=(TIMEOUT, TIMEOUT),
            headers={"Accept-Encoding": "identity"}) as response:
        response.raise_for_status()
        total = int(response.headers.get("Content-Length") or 0) or None
        limit = None if size is None else size + size_margin(size)
        if limit is not None and total is not None and total > limit:
            raise _TooLarge(f"too large: the server announces {total:,} bytes, more than the "
                            f"{size:,} expected")
        with tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, desc=label,
                  disable=not progress, file=sys.stderr) as bar:
            started, received, written = time.monotonic(), 0, 0
            while chunk := response.raw.read1(CHUNK_SIZE, decode_content=False):
                written += len(chunk)
                if limit is not None and written > limit:
                    raise _TooLarge(f"too large: stopped after {written - len(chunk):,} bytes, "
                                    f"more than the {size:,} expected")
                out.write(chunk)
                hasher.update(chunk)
                bar.update(len(chunk))
                received += len(chunk)
                elapsed = time.monotonic() - started
                if elapsed >= RATE_WINDOW:
                    if received < MIN_RATE * elapsed:
                        raise _Stalled(f"stalled: {received:,} bytes in {elapsed:.1f} s, under "
                                       f"the minimum {MIN_RATE:,} bytes/s")
                    started, received = time.monotonic(), 0


def _fetch_one(url: str, path: Path, algorithm: str, expected: str, progress: bool,
               size: int | None) -> None:
    """Download ``url`` to ``path`` through a temporary file; raise on any failure, leaving
    no temporary file behind."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}{PART}", dir=path.parent)
    try:
        hasher = hashlib.new(algorithm)
        with os.fdopen(fd, "wb") as out:
            _stream(url, out, hasher, progress, path.name, size)
        if hasher.hexdigest() != expected:
            raise _ChecksumMismatch(f"checksum mismatch: {algorithm} {hasher.hexdigest()}, "
                                    f"expected {expected}")
        give_default_mode(Path(tmp))  # mkstemp made it owner-only; a cache may be shared
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def download(urls: str | Sequence[str], *, path: str | Path, sha256: str | None = None,
             md5: str | None = None, size: int | None = None, progress: bool = True) -> Path:
    """Download a file to ``path`` from the first of ``urls`` that delivers it intact.

    Give the expected checksum as ``sha256=`` (or ``md5=`` where only that is published).
    A file already at ``path`` with that checksum is returned without any network access; one
    with another checksum is replaced. Given its ``size`` in bytes, a longer body is cut off
    (after ``size_margin`` more) rather than filling the disk. Raises :class:`DownloadError`
    when no mirror delivers the right bytes; then nothing is left at ``path`` and no temporary
    file remains.
    """
    import requests
    import urllib3

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
    failures: list[tuple[str, str]] = []
    connection_failures = 0
    try:
        for url in urls:
            try:
                _fetch_one(url, path, algorithm, expected, progress, size)
                return path
            except (_Stalled, _ChecksumMismatch, _TooLarge, requests.RequestException,
                    urllib3.exceptions.HTTPError) as error:
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
    reasons = [reason for _, reason in failures]
    if offline:
        head = (f"could not download {path.name}: no mirror could be reached"
                " (is this machine offline?)")
    elif any(reason.startswith("checksum") for reason in reasons):
        head = f"could not download {path.name}: no mirror delivered a file with the right checksum"
    elif any(reason.startswith("too large") for reason in reasons):
        head = f"could not download {path.name}: the mirror sent more than the file's size"
    elif any(reason.startswith("stalled") for reason in reasons):
        head = f"could not download {path.name}: the mirror stalled (it sent too slowly)"
    else:
        head = f"could not download {path.name} from any mirror"
    lines = [head] + [f"  {url}: {reason}" for url, reason in failures]
    raise DownloadError("\n".join(lines), failures, offline=offline)
