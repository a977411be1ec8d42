"""The generated Tiny ImageNet sample: the published layout, counts, boxes, determinism, and a
cache that an interrupted run cannot leave half-written."""

from __future__ import annotations

import io
import stat

import numpy as np
import pytest
from PIL import Image

from cs20_helpers import datasets
from cs20_helpers.datasets import tiny_imagenet_sample as ti


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    return ti.generate(tmp_path_factory.mktemp("tiny") / "tiny-imagenet-sample")


LOCK = ".tiny-imagenet-sample.lock"  # one process generates the sample at a time


@pytest.fixture
def small(monkeypatch):
    """Make ``sample_dir`` generate a few images only, to keep the cache tests fast."""
    monkeypatch.setattr(ti, "N_TRAIN", 3)
    monkeypatch.setattr(ti, "N_VAL", 2)
    monkeypatch.setattr(ti, "N_TEST", 2)


def read_table(path):
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]


def all_files(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_layout_and_counts(sample):
    wnids = (sample / "wnids.txt").read_text(encoding="utf-8").split()
    assert wnids == ti.WNIDS and len(set(wnids)) == len(wnids) >= 10
    words = dict(read_table(sample / "words.txt"))
    assert words["n07747607"] == "orange" and set(words) == set(wnids)
    for wnid in wnids:
        images = sorted((sample / "train" / wnid / "images").iterdir())
        assert len(images) == ti.N_TRAIN == 50
        boxes = read_table(sample / "train" / wnid / f"{wnid}_boxes.txt")
        assert [row[0] for row in boxes] == [f"{wnid}_{i}.JPEG" for i in range(50)]
        assert {p.name for p in images} == {row[0] for row in boxes}
    val = read_table(sample / "val" / "val_annotations.txt")
    assert [row[0] for row in val] == [f"val_{i}.JPEG" for i in range(len(wnids) * 10)]
    assert sorted(p.name for p in (sample / "val" / "images").iterdir()) == sorted(
        row[0] for row in val)
    assert {wnid: [row[1] for row in val].count(wnid) for wnid in wnids} == dict.fromkeys(
        wnids, 10)
    assert len(list((sample / "test" / "images").glob("test_*.JPEG"))) == ti.N_TEST


def test_images_are_64x64_rgb_jpegs_with_boxes_inside(sample):
    val = read_table(sample / "val" / "val_annotations.txt")
    rows = [(sample / "val" / "images" / name, box) for name, _, *box in val]
    wnid = ti.WNIDS[0]
    rows += [(sample / "train" / wnid / "images" / name, box)
             for name, *box in read_table(sample / "train" / wnid / f"{wnid}_boxes.txt")]
    for path, box in rows:
        with Image.open(path) as image:
            assert image.format == "JPEG" and image.mode == "RGB" and image.size == (64, 64)
        x0, y0, x1, y1 = map(int, box)
        assert 0 <= x0 < x1 <= 63 and 0 <= y0 < y1 <= 63
        assert 28 <= max(x1 - x0, y1 - y0) + 1 <= 58  # drawn at 45-85% of the image side


def test_boxes_bound_the_drawn_object():
    """Orange discs fill their box: the colour at its centre reaches to its edges."""
    for i in range(5):
        image, (x0, y0, x1, y1) = ti.draw_image("n07747607", np.random.default_rng(i))
        pixels = np.asarray(image, dtype=int)
        r, g, b = pixels[(y0 + y1) // 2, (x0 + x1) // 2]
        assert r > g > b and r - b > 100
        # points just inside the box's left and right edges are on the disc too
        mid = pixels[(y0 + y1) // 2, [x0 + 2, x1 - 2]]
        assert (np.abs(mid - pixels[(y0 + y1) // 2, (x0 + x1) // 2]).sum(axis=1) < 120).all()


def test_classes_are_learnable_but_not_by_colour_alone(sample):
    """1-nearest-neighbour on raw pixels beats chance (0.1) clearly; mean colour does not."""

    def load(paths):
        return np.stack([np.asarray(Image.open(p), dtype=np.float32) / 255 for p in paths])

    train_paths, train_y = [], []
    for c, wnid in enumerate(ti.WNIDS):
        paths = sorted((sample / "train" / wnid / "images").iterdir())
        train_paths += paths
        train_y += [c] * len(paths)
    val = read_table(sample / "val" / "val_annotations.txt")
    x, y = load(train_paths), np.array(train_y)
    vx = load([sample / "val" / "images" / row[0] for row in val])
    vy = np.array([ti.WNIDS.index(row[1]) for row in val])

    def one_nn(train, test):
        d = (test**2).sum(1)[:, None] - 2 * test @ train.T + (train**2).sum(1)[None, :]
        return (y[d.argmin(axis=1)] == vy).mean()

    assert one_nn(x.reshape(len(x), -1), vx.reshape(len(vx), -1)) > 0.3
    assert one_nn(x.mean(axis=(1, 2)), vx.mean(axis=(1, 2))) < 0.3


def test_drawn_colour_names_the_colour_each_image_was_drawn_in(sample):
    """Umbrellas and bell peppers: each image's colour word is the reference colour nearest to
    the pixel in the object's body (its canopy, a lobe), and the image drawn again from its seed
    is the file's, byte for byte; all three colours occur; every other class: None."""
    seen = {}
    for wnid, down in (("n04507155", 0.25), ("n07720875", 2 / 3)):  # canopy, middle lobe
        rows = read_table(sample / "train" / wnid / f"{wnid}_boxes.txt")
        for name, *box in rows:
            x0, y0, x1, y1 = map(int, box)
            with Image.open(sample / "train" / wnid / "images" / name) as image:
                pixel = np.asarray(image, dtype=int)[round(y0 + down * (y1 - y0)), (x0 + x1) // 2]
            nearest = min(ti.COLOURS[wnid],
                          key=lambda c, wnid=wnid, pixel=pixel: np.abs(
                              np.subtract(ti.COLOURS[wnid][c], pixel)).sum())
            assert ti.drawn_colour(name, wnid) == nearest, (name, pixel)
            seen.setdefault(wnid, set()).add(nearest)
    assert seen == {wnid: set(colours) for wnid, colours in ti.COLOURS.items()}
    val = read_table(sample / "val" / "val_annotations.txt")
    assert all(ti.drawn_colour(name, wnid) in ti.COLOURS.get(wnid, {None})
               for name, wnid, *_ in val)
    pepper = "n07720875"
    drawn, _, _ = ti._draw(pepper, ti._rng(ti.SEED, 0, ti.WNIDS.index(pepper), 4))
    buffer = io.BytesIO()
    ti._save(drawn, buffer)
    assert buffer.getvalue() == (sample / "train" / pepper / "images" / f"{pepper}_4.JPEG"
                                 ).read_bytes()
    assert ti.drawn_colour("n07747607_3.JPEG", "n07747607") is None  # an orange is orange


@pytest.mark.parametrize("name, wnid", [("n07720875_3.JPEG", "n04507155"),
                                        ("val_x.JPEG", "n04507155"), ("val_1.JPEG", "n00000000"),
                                        ("train_1.png", "n07720875")])
def test_drawn_colour_refuses_a_name_outside_the_sample(name, wnid):
    with pytest.raises(ValueError, match="not an image of class"):
        ti.drawn_colour(name, wnid)


def test_tiny_imagenet_colours_of_the_items(sample, tmp_path):
    """The loaders' view: a colour word for the sample's umbrellas and peppers only, in the
    items' order; none at all for a folder that is not the sample (the full data set)."""
    items = datasets.tiny_imagenet_items(sample, "val")
    colours = datasets.tiny_imagenet_colours(sample, items)
    wnids = ti.WNIDS
    assert [c is not None for c in colours] == [wnids[label] in ti.COLOURS for _, label in items]
    assert colours == [ti.drawn_colour(path.name, wnids[label]) for path, label in items]
    other = tmp_path / "tiny-imagenet-200"
    other.mkdir()
    assert datasets.tiny_imagenet_colours(other, items) == [None] * len(items)


def test_generation_is_deterministic(tmp_path, sample):
    first = all_files(ti.generate(tmp_path / "a", n_train=2, n_val=1, n_test=1))
    second = all_files(ti.generate(tmp_path / "b", n_train=2, n_val=1, n_test=1))
    assert first == second
    # each image has its own seeded generator: the same train images as the full sample
    wnid = ti.WNIDS[3]
    name = f"train/{wnid}/images/{wnid}_1.JPEG"
    assert first[name] == (sample / name).read_bytes()


def test_sample_dir_generates_once_then_reuses(cache, small, monkeypatch):
    root = datasets.tiny_imagenet()
    assert root == cache / "tiny-imagenet-sample"
    assert len(list((root / "val" / "images").iterdir())) == 2 * len(ti.WNIDS)
    assert sorted(p.name for p in cache.iterdir()) == [LOCK, "tiny-imagenet-sample"]
    assert stat.S_IMODE(root.stat().st_mode) & stat.S_IRGRP  # a shared cache: group-readable
    before = all_files(root)
    monkeypatch.setattr(ti, "generate", lambda *a, **k: pytest.fail("generated again"))
    assert datasets.tiny_imagenet() == root
    assert all_files(root) == before


@pytest.mark.parametrize("error", [RuntimeError, KeyboardInterrupt])
def test_interrupted_generation_leaves_no_cache(cache, small, monkeypatch, error):
    real_save, saved = ti._save, []

    def failing_save(image, path):
        if len(saved) == 7:
            raise error("interrupted")
        saved.append(path)
        real_save(image, path)

    monkeypatch.setattr(ti, "_save", failing_save)
    with pytest.raises(error):
        ti.sample_dir()
    assert [p.name for p in cache.iterdir()] == [LOCK]  # no sample, no temporary folder
    monkeypatch.setattr(ti, "_save", real_save)
    root = ti.sample_dir()
    assert (root / ti._MARKER).is_file()
    assert len(list(root.rglob("*.JPEG"))) == len(ti.WNIDS) * (3 + 2) + 2


def test_what_a_killed_run_left_is_removed_by_the_next(cache, small):
    left = cache / ".tiny-imagenet-sample-k1ll3d"
    (left / "train").mkdir(parents=True)
    (left / "train" / "half.JPEG").write_bytes(b"x" * 1000)
    ti.sample_dir()
    assert sorted(p.name for p in cache.iterdir()) == [LOCK, "tiny-imagenet-sample"]


def test_a_sample_from_another_version_is_replaced(cache, small, monkeypatch):
    old = cache / "tiny-imagenet-sample"
    (old / "train").mkdir(parents=True)
    (old / ti._MARKER).write_text("version 0\n", encoding="utf-8")
    root = ti.sample_dir()
    assert root == old and (root / "wnids.txt").is_file()
    assert (root / ti._MARKER).read_text(encoding="utf-8") == ti._stamp()
    assert sorted(p.name for p in cache.iterdir()) == [LOCK, "tiny-imagenet-sample"]
