"""cs20_helpers.neural_gpu.views: how far each output bit of a binary sum reaches back."""

import itertools

import numpy as np
import pytest

from cs20_helpers.neural_gpu.views import (
    count_interval,
    dependency_distances,
    distance_summary,
    readout_by_step,
    settle_steps,
)


def by_definition(a: int, b: int, bits: int, b_offset: int) -> list[int]:
    """Flip every input bit, compare every output bit: the definition, slowly."""
    farthest = [0] * (bits + 1)
    for j, (operand, position) in itertools.product(range(bits), (("a", 0), ("b", b_offset))):
        flipped = (a ^ (1 << j)) + b if operand == "a" else a + (b ^ (1 << j))
        for i in range(bits + 1):
            if ((a + b) >> i) & 1 != (flipped >> i) & 1:
                farthest[i] = max(farthest[i], abs(i - (position + j)))
    return farthest


@pytest.mark.parametrize("b_offset", [0, 5])
def test_distances_follow_the_definition_on_every_4_bit_sum(b_offset):
    for a, b in itertools.product(range(16), repeat=2):
        assert dependency_distances(a, b, 4, b_offset) == by_definition(a, b, 4, b_offset)


def test_a_carry_chain_reaches_back_its_length():
    # 0111 + 0001: the carry from bit 0 travels to bit 3; setting bit 3 carries into bit 4
    assert dependency_distances(0b0111, 0b0001, 4, 0) == [0, 1, 2, 3, 1]
    assert dependency_distances(0, 0, 4, 0) == [0, 0, 0, 0, 0]


def test_one_row_layout_puts_every_output_bit_n_plus_1_from_its_b_bit():
    d = distance_summary(np.random.default_rng(3), 20, 16, 17)
    assert d.shape == (20, 17)
    assert (d[:, :16] == 17).all()


def test_stacked_sums_are_local():
    d = distance_summary(np.random.default_rng(4), 50, 64, 0)
    assert d.shape == (50, 65) and d.max() < 30


def test_operands_too_long_are_refused():
    with pytest.raises(ValueError, match="at most 3 bits"):
        dependency_distances(8, 1, 3, 0)


def test_readout_by_step_is_a_softmax_of_the_first_row():
    rng = np.random.default_rng(5)
    states = rng.normal(size=(4, 2, 3, 5, 6))
    kernel, bias = rng.normal(size=(6, 4)), rng.normal(size=4)
    probs = readout_by_step(states, kernel, bias)
    assert probs.shape == (4, 2, 5, 4)
    logits = states[2, 1, 0, 3] @ kernel + bias
    assert np.allclose(probs[2, 1, 3], np.exp(logits) / np.exp(logits).sum())


def test_settle_steps_finds_the_last_change():
    symbols = np.array([[1, 1, 2],
                        [2, 1, 2],
                        [2, 2, 2],
                        [1, 2, 2]])
    assert settle_steps(symbols).tolist() == [3, 2, 0]


def test_count_interval_is_wilsons_and_refuses_impossible_counts():
    low, high = count_interval(56, 64)  # Wilson 95% (SciPy's binomtest): 0.7723 to 0.9353
    assert abs(low - 0.7723) < 1e-3 and abs(high - 0.9352) < 1e-3
    assert count_interval(64, 64)[1] == 1.0 and count_interval(0, 16)[0] == 0.0
    for count in range(1, 300):  # the fraction itself is inside, exactly, at every count
        for correct in (0, 1, count // 3, count - 1, count):
            low, high = count_interval(correct, count)
            assert low <= correct / count <= high
    assert 0.94 < count_interval(64, 64)[0] < 0.95  # 64 of 64 still allows a 5% failure rate
    for bad in ((5, 4), (-1, 4), (0, 0)):
        with pytest.raises(ValueError, match="correct <= count"):
            count_interval(*bad)
