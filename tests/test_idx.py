"""The IDX reader and writer: round trips, MNIST's magic numbers, clear errors on bad files."""

from __future__ import annotations

import gzip

import numpy as np
import pytest

from cs20_helpers.datasets.idx import IdxError, read_idx, write_idx


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int32", "float32", "float64"])
@pytest.mark.parametrize("name", ["a.idx", "a.idx.gz"])
def test_round_trip(tmp_path, dtype, name):
    array = (np.arange(2 * 3 * 4) - 5).reshape(2, 3, 4).astype(dtype)
    back = read_idx(write_idx(tmp_path / name, array))
    assert back.dtype == array.dtype and back.dtype.isnative
    np.testing.assert_array_equal(back, array)


def test_mnist_header_and_gzip_are_what_other_readers_expect(tmp_path):
    images = np.random.default_rng(0).integers(0, 256, size=(5, 28, 28), dtype=np.uint8)
    labels = np.array([3, 1, 4, 1, 5], dtype=np.uint8)
    write_idx(tmp_path / "images.gz", images)
    write_idx(tmp_path / "labels", labels)
    raw = gzip.decompress((tmp_path / "images.gz").read_bytes())
    assert int.from_bytes(raw[:4], "big") == 2051
    assert [int.from_bytes(raw[i : i + 4], "big") for i in (4, 8, 12)] == [5, 28, 28]
    assert raw[16:] == images.tobytes()
    raw = (tmp_path / "labels").read_bytes()
    assert int.from_bytes(raw[:4], "big") == 2049 and raw[8:] == labels.tobytes()


def test_gzip_output_is_byte_identical_on_rewrite(tmp_path):
    array = np.arange(100, dtype=np.uint8)
    first = write_idx(tmp_path / "a.gz", array).read_bytes()
    assert write_idx(tmp_path / "b.gz", array).read_bytes() == first


def test_bad_magic_names_the_file(tmp_path):
    path = tmp_path / "not-idx.gz"
    path.write_bytes(gzip.compress(b"\x12\x34\x08\x01" + bytes(8)))
    with pytest.raises(IdxError, match=r"not-idx\.gz: bad IDX magic number"):
        read_idx(path)
    path.write_bytes(b"\x00\x00\x42\x01" + bytes(8))  # unknown type code
    with pytest.raises(IdxError, match="bad IDX magic"):
        read_idx(path)


@pytest.mark.parametrize("cut", [2, 10, 30])
def test_truncated_file_names_the_file(tmp_path, cut):
    path = write_idx(tmp_path / "short.idx", np.zeros((2, 4, 4), dtype=np.uint8))
    path.write_bytes(path.read_bytes()[:cut])
    with pytest.raises(IdxError, match=r"short\.idx: truncated"):
        read_idx(path)


def test_truncated_gzip_names_the_file(tmp_path):
    path = write_idx(tmp_path / "short.gz", np.zeros((50, 28, 28), dtype=np.uint8))
    path.write_bytes(path.read_bytes()[:-20])
    with pytest.raises(IdxError, match=r"short\.gz: corrupt or truncated gzip"):
        read_idx(path)


def test_trailing_bytes_are_an_error(tmp_path):
    path = write_idx(tmp_path / "long.idx", np.zeros(4, dtype=np.uint8))
    path.write_bytes(path.read_bytes() + b"\x00")
    with pytest.raises(IdxError, match="trailing bytes"):
        read_idx(path)


def test_unsupported_dtype_is_refused(tmp_path):
    with pytest.raises(TypeError, match="IDX cannot store int64"):
        write_idx(tmp_path / "x.idx", np.zeros(3, dtype=np.int64))
