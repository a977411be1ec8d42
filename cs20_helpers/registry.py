"""The course's full data sets: where they live, their checksums, and fetching them into the cache.

``fetch("mnist")`` downloads what is missing into ``cache_dir()/mnist/`` (``CS20_DATA_DIR``
moves the cache), unpacks archives safely and returns the folder. Files already there and
verified are not downloaded again. Without a network the error says which bundled sample to
use instead and where to put the files by hand. ``verify("mnist")`` reports what is cached.
Sizes and checksums come from the project's data facts (DATASETS.md).
"""

from __future__ import annotations

import posixpath
import re
import shutil
import stat
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from cs20_helpers.download import DownloadError, download, file_digest
from cs20_helpers.paths import cache_dir


@dataclass(frozen=True)
class RemoteFile:
    """One file of a data set, as published."""

    name: str  # file name in the data set's cache folder
    urls: tuple[str, ...]  # mirrors, tried in order
    size: int  # bytes
    sha256: str | None = None
    md5: str | None = None  # where only an MD5 is published
    unpacks_to: str | None = None  # for an archive: the file or folder it holds

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
                       unpacks_to="text8"),
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
                       md5="90528d7ca1a48142e341f4ef8d21d0de", unpacks_to="tiny-imagenet-200"),
        ),
        sample='datasets.tiny_imagenet(source="sample"): a generated stand-in in the same '
               "layout",
    ),
}


def get(name: str) -> Dataset:
    """Return the registry entry ``name``, or raise KeyError naming the known data sets."""
    try:
        return DATASETS[name]
    except KeyError:
        raise KeyError(f"unknown data set {name!r}; known: {', '.join(DATASETS)}") from None


# --- safe extraction --------------------------------------------------------------------------


class UnsafeArchiveError(ValueError):
    """An archive holds a member that would land outside the folder it is unpacked into."""


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


def _tar_problems(tar: tarfile.TarFile) -> list[tuple[str, str | None]]:
    problems = []
    for m in tar.getmembers():
        link = None
        if m.issym():  # relative to the link's own folder
            link = posixpath.normpath(posixpath.join(posixpath.dirname(m.name), m.linkname))
        elif m.islnk():  # relative to the archive's root
            link = m.linkname
        kind = "device file or pipe" if m.ischr() or m.isblk() or m.isfifo() else None
        problems.append((m.name, _problem(m.name, link=link, kind=kind)))
    return problems


def _zip_problems(zf: zipfile.ZipFile) -> list[tuple[str, str | None]]:
    # zipfile would write a symbolic link as a small file holding its target: refuse it
    return [(info.filename, _problem(info.filename, kind="symbolic link"
                                     if stat.S_ISLNK(info.external_attr >> 16) else None))
            for info in zf.infolist()]


def _refuse_unsafe(archive: Path, problems: list[tuple[str, str | None]]) -> None:
    for name, problem in problems:
        if problem:
            raise UnsafeArchiveError(
                f"refusing to unpack {archive.name}: member {name!r} {problem}")


def safe_extract(archive: str | Path, dest: str | Path) -> list[Path]:
    """Unpack a zip or tar ``archive`` into ``dest``; return the top-level paths it created.

    Every member is checked before anything is written: an absolute path, a ``..`` that
    climbs out, a link pointing outside, or a device file raises UnsafeArchiveError. The
    archive is unpacked into a temporary folder inside ``dest`` and its top-level entries are
    then renamed into place, so a failure leaves nothing half-unpacked.
    """
    archive, dest = Path(archive), Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".unpack-", dir=dest))
    try:
        if zipfile.is_zipfile(archive):
            with zipfile.ZipFile(archive) as zf:
                _refuse_unsafe(archive, _zip_problems(zf))
                zf.extractall(tmp)
        elif tarfile.is_tarfile(archive):
            with tarfile.open(archive) as tar:
                _refuse_unsafe(archive, _tar_problems(tar))
                try:  # the "data" filter re-checks as it writes (links followed included)
                    tar.extractall(tmp, filter="data")
                except tarfile.FilterError as error:
                    raise UnsafeArchiveError(
                        f"refusing to unpack {archive.name}: {error}") from None
        else:
            raise UnsafeArchiveError(f"{archive.name} is neither a zip nor a tar archive")
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
    try:
        return download(f.urls, path=dataset.folder() / f.name, progress=progress,
                        **{algorithm: digest})
    except DownloadError as error:
        if error.offline:
            raise DownloadError(_offline_message(dataset, error), error.failures,
                                offline=True) from None
        raise


def fetch(name: str, *, progress: bool = True) -> Path:
    """Download (if needed) and unpack the data set ``name``; return its cache folder.

    The folder holds the published files (mnist: the four ``.gz``), and for an archive what
    it unpacks to (text8: the ``text8`` file; tiny-imagenet: ``tiny-imagenet-200/``). What
    is already there and verified is not downloaded again; an unpacked archive counts as done.
    """
    dataset = get(name)
    for f in dataset.files:
        if f.unpacks_to and (dataset.folder() / f.unpacks_to).exists():
            continue  # unpacked by an earlier fetch: the rename into place was its last step
        path = _download(dataset, f, progress)
        if f.unpacks_to:
            created = safe_extract(path, dataset.folder())
            if dataset.folder() / f.unpacks_to not in created:
                raise RuntimeError(f"{f.name} does not hold {f.unpacks_to!r} at its top level")
    return dataset.folder()


def _status(path: Path, f: RemoteFile) -> str:
    if not path.is_file():
        return "missing"
    algorithm, digest = f.checksum
    return "ok" if file_digest(path, algorithm) == digest else "corrupt"


def verify(name: str) -> dict:
    """Report the cached state of the data set ``name``, checking checksums.

    Returns ``{"name", "folder", "ready", "files"}``: ``files`` maps each published file
    to "ok", "missing" or "corrupt" (wrong checksum), and each archive's unpacked file or
    folder to "ok" or "missing"; ``ready`` is true when ``fetch`` would need no network.
    """
    dataset = get(name)
    folder = dataset.folder()
    files: dict[str, str] = {}
    ready = True
    for f in dataset.files:
        files[f.name] = _status(folder / f.name, f)
        if f.unpacks_to:
            unpacked = (folder / f.unpacks_to).exists()
            files[f.unpacks_to] = "ok" if unpacked else "missing"
            ready &= unpacked or files[f.name] == "ok"
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


__all__ = ["DATASETS", "Dataset", "DownloadError", "RemoteFile", "UnsafeArchiveError", "cached",
           "fetch", "get", "safe_extract", "verify"]

