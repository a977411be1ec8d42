"""The course's full data sets: where they live, their checksums, and fetching them into the cache.

``fetch("mnist")`` downloads what is missing into ``cache_dir()/mnist/`` (``CS20_DATA_DIR``
moves the cache), unpacks archives safely, records what each unpacked (sizes and SHA-256 in
``<name>.manifest.json``) and returns the folder. ``verify("mnist")`` checks the same things
``fetch`` checks, so whatever ``verify`` calls corrupt, ``fetch`` downloads or unpacks again.
A lock file per data set (``.<name>.lock`` in the cache) lets one process fetch while others
wait (up to ``LOCK_TIMEOUT``) and then find the data ready; each fetch starts by removing what
an interrupted one left. A data set already complete and verified is used without the lock and
without writing anything, so a read-only or another user's shared cache serves as it is.
Without a network the error says which bundled sample to use instead and where to put the files
by hand; a full disk or an unwritable folder gets a message naming the folder.
Sizes and checksums come from the project's data facts (DATASETS.md).
"""

from __future__ import annotations

__all__ = ["DATASETS", "BusyError", "CacheError", "Dataset", "DownloadError", "RemoteFile",
           "UnsafeArchiveError", "cached", "fetch", "get", "leftover_bytes", "leftovers",
           "lock_path", "locked", "safe_extract", "verify"]

import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from cs20_helpers._atomic import write_text_atomic
from cs20_helpers.datasets.archives import (
    UNPACK_PREFIX,
    UnsafeArchiveError,
    check_free_space,
    matches,
    record,
    safe_extract,
)
from cs20_helpers.datasets.verified_download import PART, DownloadError, download, file_digest
from cs20_helpers.paths import cache_dir

#: An archive may unpack to at most this many times the size its registry entry expects.
SLACK = 1.25
#: Seconds to wait for another process preparing the same data set before giving up.
LOCK_TIMEOUT = 1800.0


class CacheError(RuntimeError):
    """The cache folder could not be written (disk full, no permission, ...)."""


class BusyError(RuntimeError):
    """Another process held a data set's lock for longer than ``LOCK_TIMEOUT``."""


@dataclass(frozen=True)
class RemoteFile:
    """One file of a data set, as published."""

    name: str  # file name in the data set's cache folder
    urls: tuple[str, ...]  # mirrors, tried in order
    size: int  # bytes
    sha256: str | None = None
    md5: str | None = None  # where only an MD5 is published
    unpacks_to: str | None = None  # for an archive: the file or folder it holds
    unpacked_size: int | None = None  # for an archive: bytes it unpacks to (about)

    @property
    def checksum(self) -> tuple[str, str]:
        """``(algorithm, hex digest)``."""
        return ("sha256", self.sha256) if self.sha256 else ("md5", self.md5)


@dataclass(frozen=True)
class Dataset:
    """A full data set and the bundled sample that stands in for it offline."""

    name: str
    description: str
    files: tuple[RemoteFile, ...]
    sample: str  # how to get the bundled offline sample instead

    @property
    def size(self) -> int:
        return sum(f.size for f in self.files)

    def folder(self) -> Path:
        """Where the data set lives in the cache."""
        return cache_dir() / self.name


def _mirrored(name: str, bases: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(base + name for base in bases)


_MNIST_MIRRORS = (
    "https://storage.googleapis.com/cvdf-datasets/mnist/",  # TensorFlow Datasets
    "https://ossci-datasets.s3.amazonaws.com/mnist/",  # torchvision
    "http://yann.lecun.com/exdb/mnist/",  # the original; often answers 403 now
)

DATASETS: dict[str, Dataset] = {
    "mnist": Dataset(
        name="mnist",
        description="MNIST handwritten digits, 60,000 train / 10,000 test, 28x28 (IDX, gzip)",
        files=tuple(
            RemoteFile(name, _mirrored(name, _MNIST_MIRRORS), size, sha256=sha)
            for name, size, sha in [
                ("train-images-idx3-ubyte.gz", 9912422,
                 "440fcabf73cc546fa21475e81ea370265605f56be210a4024d2ca8f203523609"),
                ("train-labels-idx1-ubyte.gz", 28881,
                 "3552534a0a558bbed6aed32b30c495cca23d567ec52cac8be1a0730e8010255c"),
                ("t10k-images-idx3-ubyte.gz", 1648877,
                 "8d422c7b0a1c1c79245a5bcf07fe86e33eeafee792b84584aec276f5a2dbc4e6"),
                ("t10k-labels-idx1-ubyte.gz", 4542,
                 "f7ae60f92e00ec6debd23a6088c31dbd2371eca3ffa0defaefb259924204aec6"),
            ]
        ),
        sample='datasets.load_mnist(source="sample"): real MNIST digits bundled with the package',
    ),
    "text8": Dataset(
        name="text8",
        description="text8: the first 10^8 bytes of cleaned English Wikipedia (word2vec)",
        files=(
            RemoteFile("text8.zip", ("http://mattmahoney.net/dc/text8.zip",), 31344016,
                       sha256="a6640522afe85d1963ad56c05b0ede0a0c000dddc9671758a6cc09b7a38e5232",
                       unpacks_to="text8", unpacked_size=100_000_000),
        ),
        sample='datasets.load_text8(source="sample"): a real Wikipedia slice cleaned '
               "the text8 way",
    ),
    "tiny-imagenet": Dataset(
        name="tiny-imagenet",
        description="Tiny ImageNet: 200 classes of 64x64 colour images, 500 train each",
        files=(
            RemoteFile("tiny-imagenet-200.zip",
                       ("http://cs231n.stanford.edu/tiny-imagenet-200.zip",), 248100043,
                       md5="90528d7ca1a48142e341f4ef8d21d0de", unpacks_to="tiny-imagenet-200",
                       unpacked_size=300_000_000),  # generous estimate: JPEGs barely compress
        ),
        sample='datasets.tiny_imagenet(source="sample"): a generated stand-in in the same '
               "layout",
    ),
    "vgg19-weights": Dataset(
        name="vgg19-weights",
        description="VGG-19 ImageNet weights without the dense top, Keras's HDF5 (notebook 11)",
        files=(
            # md5: file_hash in keras.applications.vgg19; size: as Keras's download reports it
            RemoteFile("vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5",
                       ("https://storage.googleapis.com/tensorflow/keras-applications/vgg19/"
                        "vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5",), 80134624,
                       md5="253f8cb515780f3b799900260a226db6"),
        ),
        sample="feature_nets.random_multiscale_net(): random multi-scale filters, no weights",
    ),
}


def get(name: str) -> Dataset:
    """Return the registry entry ``name``, or raise KeyError naming the known data sets."""
    try:
        return DATASETS[name]
    except KeyError:
        raise KeyError(f"unknown data set {name!r}; known: {', '.join(DATASETS)}") from None


# --- fetch and verify -------------------------------------------------------------------------


def _offline_message(dataset: Dataset, error: DownloadError) -> str:
    folder = dataset.folder()
    lines = [
        f"Cannot download the {dataset.name} data set: this machine looks offline "
        "(no mirror could be reached).",
        *(f"  {url}: {reason}" for url, reason in error.failures),
        "",
        f"Use the bundled sample instead: {dataset.sample}",
        "(or set CS20_PROFILE=sample, the default, so notebooks use the samples).",
        "",
        "Or copy the files by hand from a machine with a network, then run "
        f"`python -m cs20_helpers data verify {dataset.name}`:",
    ]
    for f in dataset.files:
        algorithm, digest = f.checksum
        lines.append(f"  {folder / f.name}  ({f.size:,} bytes, {algorithm} {digest})")
        lines.append(f"      from {f.urls[0]}")
        if f.unpacks_to:
            lines.append(f"      (or what it unpacks to: {folder / f.unpacks_to})")
    return "\n".join(lines)


def _download(dataset: Dataset, f: RemoteFile, progress: bool) -> Path:
    algorithm, digest = f.checksum
    path = dataset.folder() / f.name
    if not path.is_file():
        check_free_space(path.parent, f.size)
    try:
        return download(f.urls, path=path, size=f.size, progress=progress, **{algorithm: digest})
    except DownloadError as error:
        if error.offline:
            raise DownloadError(_offline_message(dataset, error), error.failures,
                                offline=True) from None
        raise


def _manifest(folder: Path, f: RemoteFile) -> Path:
    """Where the record of what ``f`` unpacked to is kept."""
    return folder / f"{f.unpacks_to}.manifest.json"


def _unpacked_status(folder: Path, f: RemoteFile) -> str:
    """Say whether what the archive ``f`` unpacks to is "ok" (as recorded when unpacked),
    "corrupt" (changed since), "unverified" (no record: put there by hand) or "missing"."""
    if not (folder / f.unpacks_to).exists():
        return "missing"
    manifest = _manifest(folder, f)
    if not manifest.is_file():
        return "unverified"
    try:
        recorded = json.loads(manifest.read_text(encoding="utf-8"))
    except ValueError:
        return "corrupt"
    return "ok" if matches(recorded, folder) else "corrupt"


def _usable_without_archive(unpacked: str, archive: str) -> bool:
    """Whether an archive's unpacked copy can be used as it is: recorded and intact, or
    copied there by hand with no archive beside it to unpack again."""
    return unpacked == "ok" or (unpacked == "unverified" and archive == "missing")


def _unpack(dataset: Dataset, f: RemoteFile, archive: Path) -> None:
    """Unpack ``archive`` into the data set's folder, bounded by the expected size, then record
    what it unpacked to (the old record is removed first, so an interrupted unpack is redone)."""
    folder = dataset.folder()
    manifest = _manifest(folder, f)
    manifest.unlink(missing_ok=True)
    limit = int(f.unpacked_size * SLACK) if f.unpacked_size else None
    created = safe_extract(archive, folder, max_size=limit)
    if folder / f.unpacks_to not in created:
        raise RuntimeError(f"{f.name} does not hold {f.unpacks_to!r} at its top level")
    write_text_atomic(manifest, json.dumps(record(folder / f.unpacks_to, folder), indent=0))


def _fetch_archive(dataset: Dataset, f: RemoteFile, progress: bool) -> None:
    folder = dataset.folder()
    archive = _status(folder / f.name, f)
    if _usable_without_archive(_unpacked_status(folder, f), archive):
        if archive == "corrupt":  # useless for a repair: drop it rather than keep bad bytes
            (folder / f.name).unlink()
        return
    _unpack(dataset, f, _download(dataset, f, progress))


def lock_path(name: str) -> Path:
    """The lock file that serialises fetches of the data set ``name``."""
    return cache_dir() / f".{name}.lock"


@contextmanager
def locked(name: str) -> Iterator[None]:
    """Hold the cache's lock for the data set ``name``, saying so when another process holds
    it first (fetching it, or generating a sample); raise BusyError after LOCK_TIMEOUT s."""
    from filelock import FileLock, Timeout

    path = lock_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(path)
    try:
        lock.acquire(timeout=min(1.0, LOCK_TIMEOUT))
    except Timeout:
        print(f"Waiting (up to {LOCK_TIMEOUT:g} s) for another process preparing {name} "
              f"({path}) ...", file=sys.stderr)
        try:
            lock.acquire(timeout=max(LOCK_TIMEOUT - 1.0, 0.0))
        except Timeout:
            raise BusyError(f"gave up after {LOCK_TIMEOUT:g} s waiting for another process "
                            f"preparing {name} (it holds {path}); try again when it has "
                            "finished") from None
    try:
        yield
    finally:
        lock.release()


def leftovers(name: str) -> list[Path]:
    """Return what interrupted downloads (``.NAME.part-*``) and unpacks (``.unpack-*``) of the
    data set ``name`` left in its folder."""
    folder = get(name).folder()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.name.startswith(UNPACK_PREFIX)
                  or (p.name.startswith(".") and PART in p.name))


def leftover_bytes(name: str) -> int:
    """Return the disk space the data set's leftovers take."""
    total = 0
    for path in leftovers(name):
        files = path.rglob("*") if path.is_dir() else [path]
        total += sum(f.stat().st_size for f in files if f.is_file() and not f.is_symlink())
    return total


def _remove_leftovers(name: str) -> None:
    for path in leftovers(name):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


def _cache_message(dataset: Dataset, error: OSError) -> str:
    where = f" ({error.filename})" if error.filename else ""
    return (f"Cannot write the {dataset.name} data set into {dataset.folder()}: "
            f"{error.strerror or error}{where}.\nFree some space there, or set CS20_DATA_DIR "
            "to a folder with room that you can write to.")


def fetch(name: str, *, progress: bool = True) -> Path:
    """Download (if needed) and unpack the data set ``name``; return its cache folder.

    The folder holds the published files (mnist: the four ``.gz``), and for an archive what
    it unpacks to (text8: the ``text8`` file; tiny-imagenet: ``tiny-imagenet-200/``) with its
    manifest. Whatever ``verify`` would call missing or corrupt is downloaded or unpacked
    again; the rest is used as it is, without network. Raises DownloadError, CacheError (the
    folder cannot be written: the message names it) or UnsafeArchiveError.
    """
    dataset = get(name)
    if _complete(name):  # nothing to write: no lock either (a read-only cache serves)
        return dataset.folder()
    try:
        with locked(name):
            _remove_leftovers(name)
            for f in dataset.files:
                if f.unpacks_to:
                    _fetch_archive(dataset, f, progress)
                else:
                    _download(dataset, f, progress)
    except OSError as error:
        raise CacheError(_cache_message(dataset, error)) from error
    return dataset.folder()


def _complete(name: str) -> bool:
    """Whether the data set ``name`` is cached, verified and has nothing to repair, so that
    ``fetch`` need write nothing."""
    files = verify(name)["files"]
    for f in get(name).files:
        if not f.unpacks_to and files[f.name] != "ok":
            return False
        if f.unpacks_to and (files[f.name] == "corrupt"
                             or not _usable_without_archive(files[f.unpacks_to], files[f.name])):
            return False
    return True


def _status(path: Path, f: RemoteFile) -> str:
    if not path.is_file():
        return "missing"
    algorithm, digest = f.checksum
    return "ok" if file_digest(path, algorithm) == digest else "corrupt"


def verify(name: str) -> dict:
    """Report the cached state of the data set ``name``, checking checksums and manifests.

    Returns ``{"name", "folder", "ready", "files"}``: ``files`` maps each
    published file to "ok", "missing" or "corrupt" (wrong checksum), and each archive's
    unpacked file or folder to "ok", "missing", "corrupt" (changed since it was unpacked) or
    "unverified" (no manifest: copied by hand); ``ready`` is true when ``fetch`` would need no
    network. ``fetch`` repairs whatever is reported corrupt.
    """
    dataset = get(name)
    folder = dataset.folder()
    files: dict[str, str] = {}
    ready = True
    for f in dataset.files:
        files[f.name] = _status(folder / f.name, f)
        if f.unpacks_to:
            files[f.unpacks_to] = _unpacked_status(folder, f)
            ready &= (_usable_without_archive(files[f.unpacks_to], files[f.name])
                      or files[f.name] == "ok")
        else:
            ready &= files[f.name] == "ok"
    return {"name": name, "folder": str(folder), "ready": ready, "files": files}


def cached(name: str) -> str:
    """Say cheaply, without checksums, how much of ``name`` is cached: "yes", "partly" or "no"."""
    dataset = get(name)
    folder = dataset.folder()
    present = [
        (folder / f.name).is_file() or bool(f.unpacks_to and (folder / f.unpacks_to).exists())
        for f in dataset.files
    ]
    return "yes" if all(present) else "partly" if any(present) else "no"


