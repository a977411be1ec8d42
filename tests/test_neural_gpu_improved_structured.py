"""The shipped improved Neural GPU on structured sums (issue 50): every family of
``tasks.structured_batch`` graded from the shipped weights at a few lengths.

The model shipped until stop 57 was wrong on the four alternating families at 300 bits (from
about bit n/2 on); the model fine-tuned on structured sums (stop 58) is right on all 16 at 200 and
300. Each known failure is an ``xfail(strict=True)``: a model that gets it right turns the test
red, and the failure is then removed from ``KNOWN_WRONG``. Longer sums cost too much for CI (one
1,000-bit sum about as much as all 16 at 300 bits): ``benchmarks/neural_gpu_structured.py``
grades every family at 1,000 bits, and notebook 12's Going further shows its record."""

import numpy as np
import pytest

from cs20_helpers import neural_gpu as ng
from cs20_helpers.neural_gpu import checkpoint as ckpt
from cs20_helpers.neural_gpu import tasks

#: The families graded at each length.
GRADED = {200: tasks.STRUCTURED, 300: tasks.STRUCTURED}
#: (bits, family) pairs the shipped model gets wrong: none since the fine-tune of 2026-11-29.
KNOWN_WRONG: set[tuple[int, str]] = set()
#: The random bits of the families that have them: a seed of their own.
SEED = 50


@pytest.fixture(scope="module")
def graded():
    """Per (bits, family): whether the shipped improved model gets the sum fully right."""
    model, _ = ckpt.load_shipped("add_improved")
    right = {}
    try:
        for n, families in GRADED.items():
            names, inputs, targets = tasks.structured_batch(n, np.random.default_rng([SEED, n]))
            keep = [names.index(family) for family in families]
            names, inputs, targets = families, inputs[keep], targets[keep]
            got = ng.fully_correct(model.predict(inputs), targets)
            right.update({(n, name): bool(ok) for name, ok in zip(names, got, strict=True)})
    finally:
        model.close()
    return right


@pytest.mark.parametrize(("bits", "family"), [
    pytest.param(n, family, marks=pytest.mark.xfail(
        strict=True, reason="the shipped model gets it wrong (issue 50)"))
    if (n, family) in KNOWN_WRONG else (n, family)
    for n, families in GRADED.items() for family in families],
    ids=lambda v: str(v).replace(" ", ""))
def test_the_shipped_improved_model_on_a_structured_sum(graded, bits, family):
    assert graded[bits, family], f"{family} at {bits} bits is wrong"


def test_the_families_are_the_sums_they_are_named_after():
    names, inputs, targets = tasks.structured_batch(12, np.random.default_rng(0))
    sums = {name: (tasks.from_symbols(x[0, :12]), tasks.from_symbols(x[0, 13:]),
                   tasks.from_symbols(y))
            for name, x, y in zip(names, inputs, targets, strict=True)}
    ones, ten = 2 ** 12 - 1, int("01" * 6, 2)  # 1010... LSB first is 0b...0101
    assert sums["1 + 1"] == (ones, ones, 2 * ones)
    assert sums["10 + 01"] == (ten, ones - ten, ones) and sums["01 + 10"] == (ones - ten, ten, ones)
    assert sums["10 + 10"][:2] == (ten, ten) and sums["01 + 01"][:2] == (ones - ten, ones - ten)
    assert sums["1 + one"] == (ones, 1, 2 ** 12) and sums["one + 1"] == (1, ones, 2 ** 12)
    assert sums["top + top"] == (2 ** 11, 2 ** 11, 2 ** 12)
    a = sums["r + ~r"][0]
    assert sums["r + ~r"] == (a, ones - a, ones) and sums["r + r"] == (a, a, 2 * a)
    assert sums["r + 0"] == (a, 0, a) and sums["0 + r"] == (0, a, a)
    assert sums["1 + 0"] == (ones, 0, ones) and sums["0 + 1"] == (0, ones, ones)
    assert sums["low half + low half"][0] < 2 ** 6 and sums["low half + low half"][1] < 2 ** 6
    assert sums["low 8 + low 8"][0] < 2 ** 8 and sums["low 8 + low 8"][1] < 2 ** 8
    for a, b, total in sums.values():
        assert a + b == total
    with pytest.raises(ValueError, match="at least 9 bits"):
        tasks.structured_batch(8, np.random.default_rng(0))
