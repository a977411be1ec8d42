"""The course's data, offline first: one call per data set, bundled sample or full download.

Every loader takes ``source="sample"`` (the default: small real data shipped in the package, or
generated, so nothing is downloaded) or ``source="full"`` (the published data set, fetched
once into the cache by ``fetch``). Notebooks follow the ``CS20_PROFILE`` setting with::

    from cs20_helpers import datasets, profile
    images, labels = datasets.load_mnist("train", source=profile())

- ``load_fire_theft()``: the course's 42-row table (there is no larger version).
- ``load_mnist(split)``: sample 8,000 train / 2,000 test real digits; full 60,000 / 10,000.
- ``load_text8()``: sample 512,934 words of Wikipedia cleaned as text8 was; full 17,005,207.
- ``tiny_imagenet()``: sample 10 generated classes, 50 train / 10 val images each; full 200
  classes, 500 / 50. ``tiny_imagenet_classes`` and ``tiny_imagenet_items`` read its layout;
  ``tiny_imagenet_colours`` names the colour of the sample's umbrellas and bell peppers.

Beneath the loaders, the machinery they use: ``registry`` (the full data sets, their
checksums, fetching into the cache), ``verified_download`` (one file, checked against its
SHA-256 or MD5 before it takes its name), ``http_deadline``, ``archives`` (safe unpacking),
``idx`` (MNIST's format), ``tiny_imagenet_sample`` and ``text8`` (the generated and derived
stand-ins).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np

from cs20_helpers.datasets.idx import read_idx
from cs20_helpers.datasets.registry import fetch
from cs20_helpers.datasets.verified_download import DownloadError, download
from cs20_helpers.paths import PROFILES, bundled_data_dir

__all__ = [
    "DownloadError", "download", "fetch", "load_fire_theft", "load_mnist", "load_text8",
    "tiny_imagenet", "tiny_imagenet_classes", "tiny_imagenet_colours", "tiny_imagenet_items",
]

MNIST_SPLITS = {"train": "train", "test": "t10k"}  # split -> file name prefix


def _check_source(source: str) -> str:
    if source not in PROFILES:
        raise ValueError(f"source must be one of {PROFILES}, not {source!r}")
    return source


def load_fire_theft() -> np.ndarray:
    """Return the fire-and-theft table as a float array [42, 2]: columns X (fires per 1000
    housing units) and Y (thefts per 1000 population), read with xlrd like the course did."""
    import xlrd

    book = xlrd.open_workbook(bundled_data_dir() / "fire_theft.xls")
    sheet = book.sheet_by_index(0)
    rows = [sheet.row_values(i) for i in range(1, sheet.nrows)]  # row 0 is the header X, Y
    return np.asarray(rows, dtype=np.float64)


def load_mnist(split: str, source: str = "sample") -> tuple[np.ndarray, np.ndarray]:
    """Return MNIST's ``split`` ("train" or "test") as (uint8 images [N, 28, 28], int64
    labels [N]). ``source="sample"``: the bundled 8,000 / 2,000 real digits; ``"full"``: the
    60,000 / 10,000 of the published data set (downloaded once)."""
    if split not in MNIST_SPLITS:
        raise ValueError(f"split must be one of {tuple(MNIST_SPLITS)}, not {split!r}")
    folder = bundled_data_dir() / "mnist" if _check_source(source) == "sample" else fetch("mnist")
    prefix = MNIST_SPLITS[split]
    images = read_idx(folder / f"{prefix}-images-idx3-ubyte.gz")
    labels = read_idx(folder / f"{prefix}-labels-idx1-ubyte.gz").astype(np.int64)
    if images.dtype != np.uint8 or images.shape[1:] != (28, 28) or len(images) != len(labels):
        raise ValueError(f"{folder}: {prefix} images {images.shape} {images.dtype} do not "
                         f"match labels {labels.shape}")
    return images, labels


def load_text8(source: str = "sample") -> list[str]:
    """Return text8's words in order. ``source="sample"``: the bundled 512,934-word corpus
    cleaned from a Wikipedia slice exactly as text8 was; ``"full"``: text8 itself (downloaded
    once; 17,005,207 words, about 1 GB as a Python list)."""
    if _check_source(source) == "sample":
        with gzip.open(bundled_data_dir() / "text8_sample.txt.gz", "rt", encoding="ascii") as f:
            return f.read().split()
    return (fetch("text8") / "text8").read_text(encoding="ascii").split()


def tiny_imagenet(source: str = "sample") -> Path:
    """Return the folder of Tiny ImageNet in its published layout (``wnids.txt``, ``train/``,
    ``val/``, ...). ``source="sample"``: a 10-class stand-in, generated on first use into the
    cache; ``"full"``: ``tiny-imagenet-200/`` of the published data set (downloaded once)."""
    if _check_source(source) == "sample":
        from cs20_helpers.datasets.tiny_imagenet_sample import sample_dir

        return sample_dir()
    return fetch("tiny-imagenet") / "tiny-imagenet-200"


def _wnids(root: Path) -> list[str]:
    """Return the class ids of a Tiny ImageNet folder in label order (``wnids.txt``)."""
    return (root / "wnids.txt").read_text(encoding="utf-8").split()


def tiny_imagenet_classes(root: str | Path) -> list[str]:
    """Return each class's short name (the first of its ``words.txt`` names), label order."""
    root = Path(root)
    names = dict(line.split("\t", 1) for line in
                 (root / "words.txt").read_text(encoding="utf-8").splitlines() if "\t" in line)
    return [names[wnid].split(",")[0].strip() for wnid in _wnids(root)]


def tiny_imagenet_items(root: str | Path, split: str = "train",
                        per_class: int | None = None) -> list[tuple[Path, int]]:
    """Return ``(JPEG path, label)`` pairs of the ``train`` or ``val`` split, labels being
    positions in ``wnids.txt``: train grouped by class (at most ``per_class`` each, in file-name
    order), val in ``val_annotations.txt`` order."""
    root = Path(root)
    label_of = {wnid: label for label, wnid in enumerate(_wnids(root))}
    if split == "train":
        return [(path, label) for wnid, label in label_of.items()
                for path in sorted((root / "train" / wnid / "images").glob("*.JPEG"))[:per_class]]
    if split == "val":
        annotations = (root / "val" / "val_annotations.txt").read_text(encoding="utf-8")
        rows = [line.split("\t")[:2] for line in annotations.splitlines() if line.strip()]
        return [(root / "val" / "images" / name, label_of[wnid]) for name, wnid in rows]
    raise ValueError(f"split must be 'train' or 'val', not {split!r}")


def tiny_imagenet_colours(root: str | Path, items: list[tuple[Path, int]]) -> list[str | None]:
    """Return the colour word of each ``(JPEG path, label)`` from ``tiny_imagenet_items``: the
    colour the generated sample drew an umbrella or a bell pepper in (``"green"``), None for the
    sample's classes of one colour and for every photograph of the full data set, whose
    annotations name no colour. A folder counts as the sample when it is named like it."""
    from cs20_helpers.datasets.tiny_imagenet_sample import SAMPLE_NAME, drawn_colour

    root = Path(root)
    if root.name != SAMPLE_NAME:
        return [None] * len(items)
    wnids = _wnids(root)
    return [drawn_colour(Path(path).name, wnids[label]) for path, label in items]
