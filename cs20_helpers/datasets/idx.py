"""Read and write IDX files, the format MNIST ships in, plain or gzip-compressed.

An IDX file is a 4-byte magic number, one big-endian uint32 per dimension, then the values in
C order, big-endian. The magic is ``0x00 0x00 <type code> <number of dimensions>``, so MNIST's
images (unsigned bytes, 3 dimensions) have magic 0x0803 = 2051 and its labels (unsigned bytes,
1 dimension) 0x0801 = 2049.
"""

from __future__ import annotations

__all__ = ["GZIP_MAGIC", "IdxError", "read_idx", "TYPE_CODES", "write_idx"]

import gzip
import os
import zlib
from pathlib import Path

import numpy as np

#: IDX type code -> big-endian NumPy dtype.
TYPE_CODES = {
    0x08: np.dtype(">u1"),
    0x09: np.dtype(">i1"),
    0x0B: np.dtype(">i2"),
    0x0C: np.dtype(">i4"),
    0x0D: np.dtype(">f4"),
    0x0E: np.dtype(">f8"),
}
_CODE_OF = {dtype.newbyteorder("="): code for code, dtype in TYPE_CODES.items()}

GZIP_MAGIC = b"\x1f\x8b"


class IdxError(ValueError):
    """An IDX file is malformed: wrong magic number, truncated, or not gzip when it says so."""


def _read_bytes(path: Path) -> bytes:
    """Return the file's content, decompressed when it starts with the gzip magic."""
    raw = path.read_bytes()
    if not raw.startswith(GZIP_MAGIC):
        return raw
    try:
        return gzip.decompress(raw)
    except (EOFError, OSError, zlib.error) as exc:
        raise IdxError(f"{path}: corrupt or truncated gzip data ({exc})") from exc


def read_idx(path: str | os.PathLike) -> np.ndarray:
    """Return the array stored in the IDX file ``path`` (gzip or plain), in native byte order.

    Raises IdxError naming the file when the magic number is wrong or the data is truncated.
    """
    path = Path(path)
    data = _read_bytes(path)
    if len(data) < 4:
        raise IdxError(f"{path}: truncated IDX file ({len(data)} bytes, no magic number)")
    zeros, code, ndim = data[:2], data[2], data[3]
    if zeros != b"\x00\x00" or code not in TYPE_CODES:
        magic = int.from_bytes(data[:4], "big")
        raise IdxError(
            f"{path}: bad IDX magic number {magic} (0x{magic:08x}); expected 0x0000TTDD with "
            f"a type code TT in {sorted(TYPE_CODES)}, e.g. 2051 for images, 2049 for labels"
        )
    header = 4 + 4 * ndim
    if len(data) < header:
        raise IdxError(f"{path}: truncated IDX file ({len(data)} of {header} header bytes)")
    shape = tuple(int.from_bytes(data[4 + 4 * i : 8 + 4 * i], "big") for i in range(ndim))
    dtype = TYPE_CODES[code]
    expected = header + int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    if len(data) != expected:
        state = "truncated IDX file" if len(data) < expected else "IDX file with trailing bytes"
        raise IdxError(
            f"{path}: {state}: shape {shape} of {dtype.name} needs {expected} bytes, "
            f"found {len(data)}"
        )
    array = np.frombuffer(data, dtype=dtype, offset=header).reshape(shape)
    return array.astype(dtype.newbyteorder("="))


def write_idx(path: str | os.PathLike, array: np.ndarray) -> Path:
    """Write ``array`` to ``path`` in IDX format, gzip-compressed when the name ends in .gz.

    The gzip header carries no time stamp or name, so the same array gives the same bytes.
    """
    path = Path(path)
    array = np.asarray(array)
    code = _CODE_OF.get(array.dtype.newbyteorder("="))
    if code is None:
        raise TypeError(
            f"IDX cannot store {array.dtype}; use one of "
            f"{sorted(str(d.newbyteorder('=')) for d in TYPE_CODES.values())}"
        )
    if array.ndim > 255:
        raise ValueError(f"IDX stores at most 255 dimensions, not {array.ndim}")
    header = bytes([0, 0, code, array.ndim]) + b"".join(
        int(n).to_bytes(4, "big") for n in array.shape
    )
    payload = header + np.ascontiguousarray(array, dtype=TYPE_CODES[code]).tobytes()
    if path.suffix == ".gz":
        payload = gzip.compress(payload, compresslevel=9, mtime=0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(payload)
    return path
