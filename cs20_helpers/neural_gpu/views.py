"""What notebook 12 measures about binary addition and shows of a Neural GPU at work.

``dependency_distances`` answers "how far must information travel?" for one addition layout:
for each output bit, the farthest input position whose bit changes it. With the operands
stacked (bit i of a and of b both at position i) only a carry chain reaches back; with the
paper's one-row layout ``a, separator, b`` bit i of b sits ``n + 1`` positions from output i.
``count_interval`` gives the uncertainty of a small count of fully-correct sums;
``structured_grades`` grades a model on the structured families of ``tasks.structured_batch``.
"""

from __future__ import annotations

__all__ = ["count_interval", "dependency_distances", "distance_summary", "readout_by_step",
           "settle_steps", "structured_grades"]

from typing import TYPE_CHECKING

import numpy as np

from cs20_helpers.neural_gpu.tasks import structured_batch

if TYPE_CHECKING:
    from cs20_helpers.neural_gpu import Trainer

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


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


def readout_by_step(states: np.ndarray, kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """The Neural GPU's answer as it would read after each step: the readout (``kernel``,
    ``bias``) applied to the first row of every state in ``states`` ``[steps + 1, batch, width,
    positions, m]``; returns the symbols' probabilities ``[steps + 1, batch, positions, vocab]``."""
    logits = np.einsum("sbpm,mv->sbpv", states[:, :, 0], kernel) + bias
    logits -= logits.max(axis=-1, keepdims=True)
    probs = np.exp(logits)
    return probs / probs.sum(axis=-1, keepdims=True)


def settle_steps(symbols: np.ndarray) -> np.ndarray:
    """Per position, the first step from which the symbol read out never changes again, for
    ``symbols`` ``[steps + 1, positions]`` (row 0: before the first step)."""
    changed = symbols[1:] != symbols[:-1]  # [steps, positions]: step s + 1 changed it
    last = np.where(changed.any(axis=0), changed.shape[0] - np.argmax(changed[::-1], axis=0), 0)
    return last


def count_interval(correct: int, count: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a fraction ``correct`` of ``count``: what
    a model's true rate may be, given a small sample of sums. It always holds the fraction
    itself (rounding cannot push a bound past it)."""
    if count < 1 or not 0 <= correct <= count:
        raise ValueError(f"need 0 <= correct <= count and count >= 1, not {correct} of {count}")
    p, z2 = correct / count, z * z
    centre = (p + z2 / (2 * count)) / (1 + z2 / count)
    half = z / (1 + z2 / count) * np.sqrt(p * (1 - p) / count + z2 / (4 * count * count))
    return float(min(p, max(0.0, centre - half))), float(max(p, min(1.0, centre + half)))


def structured_grades(model: Trainer, n: int, seed: int, random_count: int = 16) -> dict:
    """Grade ``model`` (a ``neural_gpu.Trainer``) on one ``n``-bit sum of every structured
    family (``tasks.structured_batch``, random bits from ``seed`` and ``n``) and on
    ``random_count`` random sums of ``seed`` (``model.accuracy``; 0: none). Returns
    ``{"random_right": fully correct random sums, "random_count", "first_wrong": {family: the
    first wrong bit of the answer, None when it is right}}``."""
    families, inputs, targets = structured_batch(n, np.random.default_rng([seed, n]))
    read = model.predict(inputs).argmax(-1)
    first_wrong = {family: int(np.argmax(got != want)) if (got != want).any() else None
                   for family, got, want in zip(families, read, targets, strict=True)}
    right = round(model.accuracy(n, random_count, seed=seed, batch=random_count)
                  * random_count) if random_count else 0
    return {"random_right": right, "random_count": random_count, "first_wrong": first_wrong}
