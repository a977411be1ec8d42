"""TFRecord files of images and labels: build ``tf.train.Example`` protos, write, parse.

A record holds one encoded image exactly as it was on disk (JPEG or PNG bytes, not decoded
pixels), its integer label and its shape. :data:`FEATURES` is the parsing spec;
:func:`parse_image_example` applies it to one serialized record and works the same inside a
TF1 graph (after ``TFRecordReader.read``) and in ``tf.data.TFRecordDataset(...).map``.

Importing this module imports TensorFlow: in a notebook, import it after ``setup()``.
"""

from __future__ import annotations

__all__ = ["bytes_feature", "decode_image", "FEATURES", "float_feature", "image_example",
    "image_shape", "int64_feature", "parse_image_example", "write_image_records"]

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import tensorflow as tf

#: How each field of an image record is stored and parsed back.
FEATURES = {
    "image": tf.io.FixedLenFeature([], tf.string),
    "label": tf.io.FixedLenFeature([], tf.int64),
    "height": tf.io.FixedLenFeature([], tf.int64),
    "width": tf.io.FixedLenFeature([], tf.int64),
    "channels": tf.io.FixedLenFeature([], tf.int64),
}


def _as_list(values: object) -> list:
    """Return ``values`` as a flat list: a scalar (bytes and str included) becomes ``[values]``."""
    if isinstance(values, (bytes, str)):
        return [values]
    if isinstance(values, np.ndarray):
        return values.ravel().tolist()
    if isinstance(values, np.generic):
        return [values.item()]
    try:
        return list(values)  # type: ignore[call-overload]
    except TypeError:
        return [values]


def int64_feature(values: object) -> tf.train.Feature:
    """Return a ``Feature`` holding an ``Int64List`` of one integer or several."""
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[int(v) for v in _as_list(values)]))


def float_feature(values: object) -> tf.train.Feature:
    """Return a ``Feature`` holding a ``FloatList`` (float32) of one number or several."""
    return tf.train.Feature(
        float_list=tf.train.FloatList(value=[float(v) for v in _as_list(values)])
    )


def bytes_feature(values: object) -> tf.train.Feature:
    """Return a ``Feature`` holding a ``BytesList``; ``str`` values are encoded as UTF-8."""
    items = [v.encode("utf-8") if isinstance(v, str) else bytes(v) for v in _as_list(values)]
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=items))


def image_example(
    image_bytes: bytes, label: int, height: int, width: int, channels: int
) -> tf.train.Example:
    """Return an ``Example`` with the encoded image, its label and its shape (see FEATURES)."""
    feature = {
        "image": bytes_feature(image_bytes),
        "label": int64_feature(label),
        "height": int64_feature(height),
        "width": int64_feature(width),
        "channels": int64_feature(channels),
    }
    return tf.train.Example(features=tf.train.Features(feature=feature))


def image_shape(path: Path) -> tuple[int, int, int]:
    """Return ``(height, width, channels)`` of an image file, read from its header only."""
    from PIL import Image

    with Image.open(path) as img:
        width, height = img.size
        if img.mode == "P":  # a palette PNG decodes to RGB, or RGBA with transparency
            return height, width, 4 if "transparency" in img.info else 3
        if img.mode == "1":  # a 1-bit PNG decodes to grey levels
            return height, width, 1
        return height, width, len(img.getbands())


def write_image_records(items: Iterable[tuple[Path, int]], path: Path,
                        shuffle_seed: int | None = None) -> int:
    """Write one record per ``(image file, label)`` to ``path``; return how many were written.

    With ``shuffle_seed`` the records are written in an order shuffled by
    ``np.random.default_rng(shuffle_seed)`` (the same seed, the same order), so that items
    grouped by class come back mixed: a queue's ``shuffle_batch`` mixes only a window of the
    file. The file's bytes go in unchanged (no decoding, no re-encoding). The records are written to
    a temporary file beside ``path`` and renamed over it only when all of them are written, so
    an error (a missing or unreadable image) leaves no half-written file, and any previous
    ``path`` untouched.
    """
    path = Path(path)
    if shuffle_seed is not None:
        items = list(items)
        items = [items[i] for i in np.random.default_rng(shuffle_seed).permutation(len(items))]
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    count = 0
    try:
        with tf.io.TFRecordWriter(tmp_name) as writer:
            for image_path, label in items:
                image_path = Path(image_path)
                data = image_path.read_bytes()
                height, width, channels = image_shape(image_path)
                example = image_example(data, int(label), height, width, channels)
                writer.write(example.SerializeToString())
                count += 1
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return count


def parse_image_example(serialized: tf.Tensor) -> dict[str, tf.Tensor]:
    """Parse one serialized image record into a dict of scalar tensors.

    Keys: ``image`` (the encoded bytes, tf.string), ``label``, ``height``, ``width`` and
    ``channels`` (tf.int32). Works on the ``value`` that ``TFRecordReader.read`` returns in a
    TF1 graph and as the function of ``tf.data.TFRecordDataset(...).map``.
    """
    parsed = tf.io.parse_single_example(serialized, FEATURES)
    out = {"image": parsed["image"]}
    for key in ("label", "height", "width", "channels"):
        out[key] = tf.cast(parsed[key], tf.int32)
    return out


def decode_image(parsed: dict[str, tf.Tensor]) -> tf.Tensor:
    """Decode the JPEG or PNG bytes of a parsed record to a uint8 ``[height, width, channels]``
    tensor, using the stored shape (so the result has rank 3 even inside a graph)."""
    image = tf.io.decode_image(parsed["image"], expand_animations=False)
    shape = tf.stack([parsed["height"], parsed["width"], parsed["channels"]])
    return tf.reshape(image, shape)
