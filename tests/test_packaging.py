"""The package works wherever it is installed: the wheel and the sdist carry the bundled data,
and every loader works from a wheel installed outside the checkout, run from another folder."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest
import wheel_install
from wheel_install import REPO

import cs20_helpers

# Run in the installed copy: load every data set, say where everything came from.
LOAD_EVERYTHING = """
import json, cs20_helpers
from cs20_helpers import char_text, datasets
from cs20_helpers.neural_gpu import checkpoint as neural_gpu_checkpoint
from cs20_helpers.style import images
from cs20_helpers.word2vec import analogy
train, test = datasets.load_mnist("train"), datasets.load_mnist("test")
tiny = datasets.tiny_imagenet()
print(json.dumps({
    "module": cs20_helpers.__file__, "version": cs20_helpers.__version__,
    "fire_theft": datasets.load_fire_theft().shape[0],
    "mnist": [len(train[0]), len(test[0])],
    "text8": len(datasets.load_text8()),
    "questions": sum(map(len, analogy.load_questions().values())),
    "news": len(char_text.news_text()),
    "tiny": str(tiny), "tiny_val": len(datasets.tiny_imagenet_items(tiny, "val")),
    "images": [list(images.load_image(name, 8).shape) for name in images.IMAGES],
    "neural_gpu": neural_gpu_checkpoint.load_shipped()[1]["trained_on"],
}))
"""


def _version() -> str:
    """Return the version the package's source declares (its one source, pyproject reads it)."""
    with open(REPO / "pyproject.toml", "rb") as f:
        attr = tomllib.load(f)["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    module, name = attr.rsplit(".", 1)
    source = (REPO / Path(*module.split(".")) / "__init__.py").read_text(encoding="utf-8")
    (version,) = re.findall(rf'^{name} = "([^"]+)"$', source, re.M)
    return version


def _wheel_files(folder: Path) -> dict[str, int]:
    """Return each member of the one wheel in ``folder`` with its CRC."""
    (wheel,) = folder.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        return {info.filename: info.CRC for info in zf.infolist()}


def _tree(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*")}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The folder holding this run's ``from_sdist/`` (the sdist, a wheel built from it) and
    ``from_tree/`` (a wheel built straight from the sources), shared by the run's tests."""
    return wheel_install.builds(wheel_install.run_root(tmp_path_factory))


def test_wheel_and_sdist_carry_every_module_and_bundled_file(built):
    members = _wheel_files(built / "from_sdist")
    package = Path(cs20_helpers.__file__).parent
    sources = {p.relative_to(package.parent).as_posix() for p in package.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert sources and sources <= set(members)
    assert {"cs20_helpers/data/fire_theft.xls", "cs20_helpers/data/text8_sample.txt.gz",
            "cs20_helpers/data/mnist/train-images-idx3-ubyte.gz",
            "cs20_helpers/data/images/chelsea.png",
            "cs20_helpers/data/neural_gpu/add_sequential.npz",
            "cs20_helpers/data/neural_gpu/add_sequential.json"} <= set(members)
    (sdist,) = (built / "from_sdist").glob("*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert sources <= names


def test_wheel_built_from_the_sdist_equals_the_wheel_built_from_the_sources(built):
    assert _wheel_files(built / "from_sdist") == _wheel_files(built / "from_tree")


def test_every_loader_works_from_a_wheel_installed_elsewhere(built, tmp_path):
    (wheel,) = (built / "from_sdist").glob("*.whl")
    target, elsewhere, cache = tmp_path / "site", tmp_path / "elsewhere", tmp_path / "cache"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    elsewhere.mkdir()
    installed = _tree(target)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CS20_")}
    # the installed copy first; no checkout on the path (dependencies may be, e.g. in a venv)
    deps = [p for p in env.get("PYTHONPATH", "").split(os.pathsep)
            if p and not (Path(p) / "cs20_helpers").exists()]
    env.update(PYTHONPATH=os.pathsep.join([str(target), *deps]), PYTHONDONTWRITEBYTECODE="1",
               CS20_DATA_DIR=str(cache))
    result = subprocess.run([sys.executable, "-c", LOAD_EVERYTHING], cwd=elsewhere, env=env,
                            check=True, capture_output=True, text=True)
    loaded = json.loads(result.stdout)
    assert Path(loaded["module"]).is_relative_to(target)
    assert loaded["version"] == _version() == cs20_helpers.__version__
    assert loaded["fire_theft"] == 42 and loaded["mnist"] == [8000, 2000]
    assert loaded["text8"] == 512_934 and loaded["questions"] == 19_544
    assert loaded["news"] > 300_000
    assert Path(loaded["tiny"]).is_relative_to(cache) and loaded["tiny_val"] == 100
    assert loaded["images"] == [[8, 8, 3]] * 4
    assert loaded["neural_gpu"].startswith("sums of at most 20 bits")
    assert _tree(target) == installed, "something was written inside the installed package"
    assert list(elsewhere.iterdir()) == []

