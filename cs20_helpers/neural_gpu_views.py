"""What notebook 12 measures about binary addition and shows of a Neural GPU at work.

``dependency_distances`` answers "how far must information travel?" for one addition layout:
for each output bit, the farthest input position whose bit changes it. With the operands
stacked (bit i of a and of b both at position i) only a carry chain reaches back; with the
paper's one-row layout ``a, separator, b`` bit i of b sits ``n + 1`` positions from output i.
"""

from __future__ import annotations

import numpy as np


def dependency_distances(a: int, b: int, bits: int, b_offset: int) -> list[int]:
    """For the sum ``a + b`` of two ``bits``-bit numbers, return per output bit i (i = 0 ..
    ``bits``) the largest |i - p| over input positions p whose bit, flipped, changes output
    bit i. Bit j of ``a`` sits at position j, bit j of ``b`` at ``b_offset + j`` (0 when the
    operands are stacked, ``bits + 1`` in the one-row layout with a separator)."""
    if not (0 <= a < 1 << bits and 0 <= b < 1 << bits):
        raise ValueError(f"a and b must be non-negative numbers of at most {bits} bits")
    total = a + b
    farthest = [0] * (bits + 1)
    for j in range(bits):
        for flipped, position in (((a ^ (1 << j)) + b, j), (a + (b ^ (1 << j)), b_offset + j)):
            # adding or taking 2**j changes one run of bits, from bit j to the carry's end
            for i in range(j, (total ^ flipped).bit_length()):
                farthest[i] = max(farthest[i], abs(i - position))
    return farthest


def distance_summary(rng: np.random.Generator, count: int, bits: int,
                     b_offset: int) -> np.ndarray:
    """The dependency distances of ``count`` random sums of ``bits``-bit numbers drawn from
    ``rng``: an array ``[count, bits + 1]``, one row per sum, one column per output bit."""
    rows = []
    for _ in range(count):
        a, b = (int("".join(map(str, rng.integers(0, 2, bits))), 2) for _ in range(2))
        rows.append(dependency_distances(a, b, bits, b_offset))
    return np.array(rows)
