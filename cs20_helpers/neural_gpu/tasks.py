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

Long carries, the hard part of addition, have their own sums (sequential layout):
``planted_carry_batch`` plants one carry run of a chosen length in random sums, and
``carry_family`` is the sum (2^(n-1) - 1) + 1, a run of n - 1 ones plus one;
``longest_carry_run`` measures a sum's longest run. ``structured_batch`` gives one sum of each
structured family (all ones, alternating bits, zero or equal operands, ...), the symmetric,
atypical inputs on which a model that is right on random sums may still fail.
"""

from __future__ import annotations

__all__ = ["BINARY_TASKS", "carry_family", "EMPTY", "from_symbols", "LAYOUTS",
    "longest_carry_run", "pad_to", "planted_carry_batch", "positions", "ROWS", "SEP",
    "STRUCTURED", "structured_batch", "task_batch", "TASKS", "to_bits", "VOCAB"]

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
        return _sequential(task, a, b)
    a, b = rng.integers(0, 2, size=(2, size, length))
    top = length - 1 if task == "add" else length // 2  # the bits that may be 1
    a[:, top:] = b[:, top:] = 0
    inputs = np.stack([a + 1, b + 1], axis=1)
    return inputs.astype(np.int32), (_binary(task, a, b, length) + 1).astype(np.int32)


def _sequential(task: str, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sequential layout of operands ``a`` and ``b`` (0/1 bits ``[size, n]``, LSB first):
    int32 inputs ``[size, 1, 2n + 1]`` (``a + [sep] + b``) and targets ``[size, 2n + 1]``."""
    size, length = a.shape
    inputs = np.concatenate([a + 1, np.full((size, 1), SEP), b + 1], axis=1)[:, None]
    answer = _binary(task, a, b, length + 1 if task == "add" else 2 * length)
    targets = np.zeros((size, 2 * length + 1), np.int64)
    targets[:, :answer.shape[1]] = answer + 1
    return inputs.astype(np.int32), targets.astype(np.int32)


def longest_carry_run(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per sum of the bit rows ``a`` and ``b`` (0/1, ``[size, n]``, LSB first): the most
    consecutive positions that carry a 1 out (a carry generated where both bits are 1 and
    passed on where exactly one is)."""
    a, b = np.atleast_2d(a), np.atleast_2d(b)
    carry, run, longest = (np.zeros(len(a), np.int64) for _ in range(3))
    for j in range(a.shape[1]):
        carry = (a[:, j] & b[:, j]) | ((a[:, j] ^ b[:, j]) & carry)
        run = np.where(carry == 1, run + 1, 0)
        longest = np.maximum(longest, run)
    return longest


def planted_carry_batch(count: int, bits: int, run: int | tuple[int, int],
                        rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``count`` sums of two ``bits``-bit numbers, each with one planted carry run of k
    positions: the sequential layout's inputs and targets (as ``task_batch(..., "sequential")``
    gives them) and each sum's k.

    k is ``run`` or drawn uniformly from ``run = (low, high)`` (both included) per sum, its
    start p uniformly from the places it fits. A carry is generated at p (both bits 1), passed
    on through p + 1 .. p + k - 1 (exactly one bit 1, which one at random), and stopped at
    p + k (both 0; a run that reaches the top carries into the answer's last bit); p - 1 is a
    0 + 0 as well, so nothing carries into the run. The other bits are random, except that a
    random run reaching k + 1 positions is cut there (that position made 0 + 0), so no run
    is longer than the planted one: ``longest_carry_run`` of every sum is its k.
    """
    low, high = (run, run) if isinstance(run, int) else run
    if not 1 <= low <= high <= bits:
        raise ValueError(f"carry runs of {low} to {high} positions do not fit {bits} bits")
    k = rng.integers(low, high + 1, size=count)
    start = rng.integers(0, bits - k + 1)
    a, b = rng.integers(0, 2, size=(2, count, bits))
    flip = rng.integers(0, 2, size=(count, bits))
    carry, length = np.zeros(count, np.int64), np.zeros(count, np.int64)
    for j in range(bits):
        offset = j - start
        planted = (offset >= -1) & (offset <= k)
        generate, passes = offset == 0, (offset > 0) & (offset < k)
        a[:, j] = np.where(planted, np.where(generate, 1, np.where(passes, flip[:, j], 0)),
                           a[:, j])
        b[:, j] = np.where(planted, np.where(generate, 1, np.where(passes, 1 - flip[:, j], 0)),
                           b[:, j])
        out = (a[:, j] & b[:, j]) | ((a[:, j] ^ b[:, j]) & carry)
        cut = ~planted & (out == 1) & (length + 1 > k)
        a[cut, j] = b[cut, j] = 0
        carry = np.where(cut, 0, out)
        length = np.where(carry == 1, length + 1, 0)
    inputs, targets = _sequential("add", a, b)
    return inputs, targets, k


def carry_family(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The sum (2^(n-1) - 1) + 1 of two ``n``-bit numbers, a carry run of n - 1 positions:
    one example's inputs ``[1, 1, 2n + 1]`` and targets, sequential layout."""
    if n < 2:
        raise ValueError(f"the carry family starts at n = 2, not {n}")
    a = np.array([to_bits(2 ** (n - 1) - 1, n)])
    return _sequential("add", a, np.array([to_bits(1, n)]))


#: The structured families of ``structured_batch``, "a + b" with bits written LSB first:
#: ``1`` all ones, ``0`` all zeros, ``10`` alternating from a 1 (1010...), ``01`` from a 0,
#: ``r`` random bits, ``~r`` their complement, ``one`` the number 1, ``top`` only the top bit,
#: ``low half`` / ``low 8`` random bits below the top half / in the lowest 8 bits only.
STRUCTURED = ("1 + 1", "10 + 01", "01 + 10", "10 + 10", "01 + 01", "r + 0", "0 + r", "1 + 0",
              "0 + 1", "r + ~r", "r + r", "1 + one", "one + 1", "low half + low half",
              "low 8 + low 8", "top + top")


def structured_batch(n: int, rng: np.random.Generator
                     ) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """One sum of two ``n``-bit numbers per family of ``STRUCTURED`` (random bits from
    ``rng``): the family names and the sequential layout's inputs ``[16, 1, 2n + 1]`` and
    targets."""
    if n < 9:
        raise ValueError(f"the structured families need at least 9 bits, not {n}")
    ones, zeros = np.ones(n, np.int64), np.zeros(n, np.int64)
    ten = np.arange(n) % 2 == 0  # 1010..., LSB first
    r, low = rng.integers(0, 2, size=(2, n))
    one, top = zeros.copy(), zeros.copy()
    one[0], top[-1] = 1, 1
    half, eight = r * (np.arange(n) < n // 2), r * (np.arange(n) < 8)
    pairs = {"1 + 1": (ones, ones), "10 + 01": (ten, ~ten), "01 + 10": (~ten, ten),
             "10 + 10": (ten, ten), "01 + 01": (~ten, ~ten), "r + 0": (r, zeros),
             "0 + r": (zeros, r), "1 + 0": (ones, zeros), "0 + 1": (zeros, ones),
             "r + ~r": (r, 1 - r), "r + r": (r, r), "1 + one": (ones, one),
             "one + 1": (one, ones),
             "low half + low half": (half, low * (np.arange(n) < n // 2)),
             "low 8 + low 8": (eight, low * (np.arange(n) < 8)), "top + top": (top, top)}
    a = np.stack([np.asarray(pairs[name][0], np.int64) for name in STRUCTURED])
    b = np.stack([np.asarray(pairs[name][1], np.int64) for name in STRUCTURED])
    inputs, targets = _sequential("add", a, b)
    return STRUCTURED, inputs, targets


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
