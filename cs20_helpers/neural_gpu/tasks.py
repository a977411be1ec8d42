"""The Neural GPU's binary tasks as arrays of symbols, in two layouts (NumPy only).

Symbols: 0 is an empty cell (padding, and the targets past the answer), 1 is the bit 0, 2 is
the bit 1, 3 is the separator between two operands. Numbers are written least-significant bit
first. Two layouts:

- ``"sequential"`` (the paper's, Kaiser and Sutskever 2016): one row ``a + [sep] + b``; with
  ``length`` = n bits per operand, inputs are ``[size, 1, 2n + 1]``. Bit i of ``b`` sits n + 1
  positions from bit i of ``a``, so the answer needs information carried across the input.
- ``"stacked"``: the two operands in two rows, bit i of both at position i; with ``length`` =
  n positions, inputs are ``[size, 2, n]``. Addition is then a local rule.

Targets are ``[size, positions]``: the answer, LSB first, then empty cells.
"""

from __future__ import annotations

__all__ = ["BINARY_TASKS", "EMPTY", "from_symbols", "LAYOUTS", "pad_to", "positions", "ROWS",
    "SEP", "task_batch", "TASKS", "to_bits", "VOCAB"]

import numpy as np

TASKS = ("copy", "reverse", "duplicate", "add", "mul")
#: The tasks with two operands, the ones the two layouts differ on.
BINARY_TASKS = ("add", "mul")
LAYOUTS = ("sequential", "stacked")
EMPTY, SEP = 0, 3
VOCAB = 4  # empty, bit 0, bit 1, separator
#: Input rows of each layout.
ROWS = {"sequential": 1, "stacked": 2}


def to_bits(number: int, length: int) -> list[int]:
    """Return ``number`` as ``length`` bits, least-significant first."""
    return [(number >> i) & 1 for i in range(length)]


def from_symbols(row: np.ndarray) -> int:
    """Read a row of bit symbols (1 = bit 0, 2 = bit 1, LSB first; empty cells count 0)."""
    return sum(int(s == 2) << i for i, s in enumerate(row))


def _binary(task: str, a: np.ndarray, b: np.ndarray, width: int) -> np.ndarray:
    """The bits (LSB first, ``width`` of them) of ``a + b`` or ``a * b``, row by row, computed
    with Python integers so that any length is exact."""
    def value(bits: np.ndarray) -> int:
        return int("".join(str(int(x)) for x in bits[::-1]) or "0", 2)

    out = np.zeros((len(a), width), np.int64)
    for k, (x, y) in enumerate(zip(a, b, strict=True)):
        result = value(x) + value(y) if task == "add" else value(x) * value(y)
        out[k] = to_bits(result, width)
    return out


def positions(task: str, length: int, layout: str) -> int:
    """How many positions an example of ``length`` takes in ``layout``."""
    return 2 * length + 1 if layout == "sequential" and task in BINARY_TASKS else length


def task_batch(task: str, size: int, length: int, rng: np.random.Generator,
               layout: str = "stacked") -> tuple[np.ndarray, np.ndarray]:
    """Return ``size`` random examples of ``task``: int32 inputs ``[size, rows, positions]``
    and targets ``[size, positions]``, LSB first.

    ``length`` is the bits of each operand in the sequential layout (add: sum of two n-bit
    numbers, n + 1 answer bits; mul: 2n answer bits) and the positions in the stacked one
    (add: two numbers of length - 1 bits; mul: two of length // 2 bits). One-operand tasks
    (copy, reverse, duplicate) are one row of ``length`` cells in either layout.
    """
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; choose from {TASKS}")
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; choose from {LAYOUTS}")
    if length < 2:
        raise ValueError(f"length must be at least 2, not {length}")
    if task not in BINARY_TASKS:
        return _one_operand(task, size, length, rng, ROWS[layout])
    if layout == "sequential":
        a, b = rng.integers(0, 2, size=(2, size, length))
        inputs = np.concatenate([a + 1, np.full((size, 1), SEP), b + 1], axis=1)[:, None]
        answer = _binary(task, a, b, length + 1 if task == "add" else 2 * length)
        targets = np.zeros((size, 2 * length + 1), np.int64)
        targets[:, :answer.shape[1]] = answer + 1
        return inputs.astype(np.int32), targets.astype(np.int32)
    a, b = rng.integers(0, 2, size=(2, size, length))
    top = length - 1 if task == "add" else length // 2  # the bits that may be 1
    a[:, top:] = b[:, top:] = 0
    inputs = np.stack([a + 1, b + 1], axis=1)
    return inputs.astype(np.int32), (_binary(task, a, b, length) + 1).astype(np.int32)


def _one_operand(task: str, size: int, length: int, rng: np.random.Generator,
                 rows: int) -> tuple[np.ndarray, np.ndarray]:
    """Copy, reverse or duplicate: the operand in the first of ``rows`` rows."""
    inputs = np.zeros((size, rows, length), np.int32)
    bits = rng.integers(0, 2, size=(size, length))
    if task == "copy":
        inputs[:, 0], targets = bits + 1, bits + 1
    elif task == "reverse":
        inputs[:, 0], targets = bits + 1, bits[:, ::-1] + 1
    else:  # duplicate
        half = length // 2
        inputs[:, 0, :half] = bits[:, :half] + 1
        targets = np.zeros((size, length), np.int64)
        targets[:, :2 * half] = np.repeat(bits[:, :half], 2, axis=1) + 1
    return inputs, targets.astype(np.int32)


def pad_to(inputs: np.ndarray, targets: np.ndarray,
           cells: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pad a batch with empty cells to ``cells`` positions; return inputs, targets and each
    example's true length (positions), which the models mask by."""
    extra = cells - inputs.shape[-1]
    if extra < 0:
        raise ValueError(f"cannot pad {inputs.shape[-1]} positions to {cells}")
    lengths = np.full(len(inputs), inputs.shape[-1], np.int32)
    return (np.pad(inputs, [(0, 0), (0, 0), (0, extra)]),
            np.pad(targets, [(0, 0), (0, extra)]), lengths)
