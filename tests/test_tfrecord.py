"""TFRecord helpers: feature builders, a round trip through tf.data and a TF1 reader, atomicity."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from cs20_helpers import tfrecord
from cs20_helpers.tfrecord import tf

tf1 = tf.compat.v1


def _images(folder: Path) -> list[tuple[Path, int]]:
    """Write three tiny images of different shapes and formats; return (path, label) pairs."""
    rng = np.random.default_rng(0)
    specs = [
        ("a.jpg", (4, 6, 3), "RGB", 7),
        ("b.jpg", (5, 3, 1), "L", 0),
        ("c.png", (2, 2, 3), "RGB", 3),
    ]
    items = []
    for name, (h, w, c), mode, label in specs:
        pixels = rng.integers(0, 256, size=(h, w, c), dtype=np.uint8)
        path = folder / name
        Image.fromarray(pixels.squeeze(-1) if c == 1 else pixels, mode).save(path)
        items.append((path, label))
    return items


def test_feature_builders_accept_scalars_and_lists():
    assert list(tfrecord.int64_feature(3).int64_list.value) == [3]
    assert list(tfrecord.int64_feature([1, 2]).int64_list.value) == [1, 2]
    assert list(tfrecord.int64_feature(np.array([[4], [5]])).int64_list.value) == [4, 5]
    assert list(tfrecord.float_feature(0.5).float_list.value) == [0.5]
    assert list(tfrecord.float_feature(np.float32(1.5)).float_list.value) == [1.5]
    assert list(tfrecord.bytes_feature(b"xy").bytes_list.value) == [b"xy"]
    assert list(tfrecord.bytes_feature(["a", b"b"]).bytes_list.value) == [b"a", b"b"]


def test_image_example_fields():
    example = tfrecord.image_example(b"\xff\xd8", 5, 2, 3, 1)
    feature = example.features.feature
    assert set(feature) == set(tfrecord.FEATURES)
    assert feature["image"].bytes_list.value[0] == b"\xff\xd8"
    fields = [feature[k].int64_list.value[0] for k in ("label", "height", "width", "channels")]
    assert fields == [5, 2, 3, 1]


def test_round_trip_with_tf_data(tmp_path):
    items = _images(tmp_path)
    out = tmp_path / "records" / "train.tfrecord"
    assert tfrecord.write_image_records(items, out) == 3
    ds = tf.data.TFRecordDataset(str(out)).map(tfrecord.parse_image_example)
    rows = list(ds.as_numpy_iterator())
    assert len(rows) == 3
    for row, (path, label) in zip(rows, items, strict=True):
        assert row["image"] == path.read_bytes()  # stored as-is
        assert row["label"] == label
        with Image.open(path) as img:
            expected = np.asarray(img)
        shape = (row["height"], row["width"], row["channels"])
        assert shape == (expected.shape[0], expected.shape[1], 1 if expected.ndim == 2 else 3)
    # decode_image gives the stored shape; PNG is lossless so the pixels match exactly
    decoded = list(ds.map(tfrecord.decode_image).as_numpy_iterator())
    assert [d.shape for d in decoded] == [(4, 6, 3), (5, 3, 1), (2, 2, 3)]
    np.testing.assert_array_equal(decoded[2], np.asarray(Image.open(items[2][0])))


def test_shuffle_seed_mixes_the_written_order(tmp_path):
    # items grouped by class (as tiny_imagenet_items returns the training split) come back mixed
    pixels = np.zeros((2, 2, 3), np.uint8)
    items = []
    for k in range(40):
        path = tmp_path / f"{k:02d}.png"
        Image.fromarray(pixels).save(path)
        items.append((path, k // 10))  # labels 0,0,...,1,1,...,3

    def written_labels(name: str, seed: int | None) -> list[int]:
        out = tmp_path / name
        assert tfrecord.write_image_records(iter(items), out, shuffle_seed=seed) == len(items)
        ds = tf.data.TFRecordDataset(str(out)).map(tfrecord.parse_image_example)
        return [int(row["label"]) for row in ds.as_numpy_iterator()]

    grouped = [label for _, label in items]
    assert written_labels("plain.tfrecord", None) == grouped
    mixed = written_labels("mixed.tfrecord", 0)
    assert sorted(mixed) == grouped and mixed != grouped
    assert len(set(mixed[:10])) >= 3  # the first ten records hold three classes or more
    assert written_labels("again.tfrecord", 0) == mixed  # the same seed, the same order
    assert written_labels("other.tfrecord", 1) != mixed


def test_parse_inside_a_tf1_graph(tmp_path):
    items = _images(tmp_path)
    out = tmp_path / "train.tfrecord"
    tfrecord.write_image_records(items, out)
    with tf.Graph().as_default() as g:
        filenames = tf1.FIFOQueue(capacity=1, dtypes=[tf.string])
        fill = filenames.enqueue([str(out)])
        close = filenames.close()
        _, value = tf1.TFRecordReader().read(filenames)
        parsed = tfrecord.parse_image_example(value)
        image = tfrecord.decode_image(parsed)
        with tf1.Session(graph=g) as sess:
            sess.run(fill)  # then close: in one run the two ops have no order
            sess.run(close)
            got = [sess.run([parsed["label"], image]) for _ in items]
            with pytest.raises(tf.errors.OutOfRangeError):
                sess.run(value)
    assert [label for label, _ in got] == [label for _, label in items]
    assert [img.shape for _, img in got] == [(4, 6, 3), (5, 3, 1), (2, 2, 3)]


def test_failure_leaves_no_partial_file(tmp_path):
    items = _images(tmp_path)
    out = tmp_path / "train.tfrecord"
    with pytest.raises(FileNotFoundError):
        tfrecord.write_image_records(items + [(tmp_path / "missing.jpg", 1)], out)
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.jpg", "b.jpg", "c.png"]

    # a previous file survives a failed rewrite unchanged
    assert tfrecord.write_image_records(items[:1], out) == 1
    before = out.read_bytes()
    with pytest.raises(FileNotFoundError):
        tfrecord.write_image_records(items + [(tmp_path / "missing.jpg", 1)], out)
    assert out.read_bytes() == before
    assert sum(1 for _ in tf.data.TFRecordDataset(str(out))) == 1
