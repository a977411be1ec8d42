"""cs20_helpers.neural_gpu.tasks: both layouts of add and mul, the one-operand tasks, padding."""

import numpy as np
import pytest

from cs20_helpers.neural_gpu import tasks


def test_sequential_addition_is_a_sep_b_and_the_sum_then_empty_cells():
    x, y = tasks.task_batch("add", 40, 6, np.random.default_rng(0), "sequential")
    assert x.shape == (40, 1, 13) and y.shape == (40, 13)
    assert (x[:, 0, 6] == tasks.SEP).all() and set(np.unique(x[:, 0, :6])) <= {1, 2}
    assert not y[:, 7:].any() and (y[:, :7] > 0).all()
    for row, target in zip(x[:, 0], y, strict=True):
        a, b = tasks.from_symbols(row[:6]), tasks.from_symbols(row[7:])
        assert tasks.from_symbols(target) == a + b
    assert (x[:, 0, 5] == 2).any()  # top bits are not forced to 0 in this layout


def test_sequential_multiplication_has_2n_answer_bits():
    x, y = tasks.task_batch("mul", 40, 5, np.random.default_rng(1), "sequential")
    assert x.shape == (40, 1, 11) and (y[:, :10] > 0).all() and not y[:, 10].any()
    for row, target in zip(x[:, 0], y, strict=True):
        assert tasks.from_symbols(target) == tasks.from_symbols(row[:5]) * \
            tasks.from_symbols(row[6:])


@pytest.mark.parametrize("task", tasks.BINARY_TASKS)
def test_stacked_layout_puts_bit_i_of_both_at_position_i(task):
    x, y = tasks.task_batch(task, 50, 12, np.random.default_rng(2), "stacked")
    assert x.shape == (50, 2, 12) and y.shape == (50, 12)
    top = 11 if task == "add" else 6
    assert (x[:, :, top:] == 1).all()  # the top bits are 0 so the answer fits
    for inputs, target in zip(x, y, strict=True):
        a, b = tasks.from_symbols(inputs[0]), tasks.from_symbols(inputs[1])
        assert tasks.from_symbols(target) == (a + b if task == "add" else a * b)


def test_long_sums_are_exact():
    x, y = tasks.task_batch("add", 2, 300, np.random.default_rng(3), "sequential")
    a, b = tasks.from_symbols(x[0, 0, :300]), tasks.from_symbols(x[0, 0, 301:])
    assert a > 2**290 and tasks.from_symbols(y[0]) == a + b


def test_copy_reverse_duplicate():
    rng = np.random.default_rng(1)
    x, y = tasks.task_batch("copy", 3, 6, rng)
    assert np.array_equal(x[:, 0], y) and not x[:, 1].any()
    x, y = tasks.task_batch("reverse", 3, 6, rng, "sequential")
    assert x.shape == (3, 1, 6) and np.array_equal(x[:, 0, ::-1], y)
    x, y = tasks.task_batch("duplicate", 2, 7, rng)
    assert not x[:, 0, 3:].any() and not y[:, 6].any()
    assert np.array_equal(y[:, :6], np.repeat(x[:, 0, :3], 2, axis=1))


def test_positions():
    assert tasks.positions("add", 20, "sequential") == 41
    assert tasks.positions("add", 20, "stacked") == 20
    assert tasks.positions("copy", 20, "sequential") == 20


def test_bad_task_layout_and_length_are_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="unknown task"):
        tasks.task_batch("divide", 1, 4, rng)
    with pytest.raises(ValueError, match="unknown layout"):
        tasks.task_batch("add", 1, 4, rng, "diagonal")
    with pytest.raises(ValueError, match="at least 2"):
        tasks.task_batch("add", 1, 1, rng)


def test_to_bits_is_lsb_first():
    assert tasks.to_bits(6, 4) == [0, 1, 1, 0]


def test_pad_to_adds_empty_cells_and_returns_the_lengths():
    x, y = tasks.task_batch("add", 2, 3, np.random.default_rng(0), "sequential")
    xp, yp, lengths = tasks.pad_to(x, y, 10)
    assert xp.shape == (2, 1, 10) and yp.shape == (2, 10) and list(lengths) == [7, 7]
    assert np.array_equal(xp[..., :7], x) and not xp[..., 7:].any() and not yp[:, 7:].any()
    with pytest.raises(ValueError, match="cannot pad"):
        tasks.pad_to(x, y, 5)


def _operands(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The 0/1 bits of both operands of sequential inputs ``[size, 1, 2n + 1]``."""
    n = x.shape[-1] // 2
    return x[:, 0, :n] - 1, x[:, 0, n + 1:] - 1


@pytest.mark.parametrize("run", [(20, 200), 1, 3, 200])
def test_planted_carry_runs_are_exact_sums_with_one_longest_run(run):
    x, y, k = tasks.planted_carry_batch(64, 200, run, np.random.default_rng(4))
    assert x.shape == (64, 1, 401) and y.shape == (64, 401) and x.dtype == y.dtype == np.int32
    assert (x[:, 0, 200] == tasks.SEP).all() and not y[:, 201:].any()
    for row, target in zip(x[:, 0], y, strict=True):
        a, b = tasks.from_symbols(row[:200]), tasks.from_symbols(row[201:])
        assert tasks.from_symbols(target) == a + b
    a, b = _operands(x)
    assert np.array_equal(tasks.longest_carry_run(a, b), k)
    low, high = (run, run) if isinstance(run, int) else run
    assert k.min() >= low and k.max() <= high
    if run == (20, 200):
        assert len(np.unique(k)) > 20  # drawn per sum


def test_planted_carry_runs_draw_from_their_generator():
    first, second = (tasks.planted_carry_batch(8, 50, (5, 40), np.random.default_rng(s))
                     for s in (1, 1))
    assert all(np.array_equal(p, q) for p, q in zip(first, second, strict=True))
    with pytest.raises(ValueError, match="do not fit"):
        tasks.planted_carry_batch(1, 10, (5, 11), np.random.default_rng(0))


@pytest.mark.parametrize("n", [2, 3, 17, 500])
def test_the_carry_family_is_a_run_of_n_minus_one_ones_plus_one(n):
    x, y = tasks.carry_family(n)
    assert x.shape == (1, 1, 2 * n + 1) and y.shape == (1, 2 * n + 1)
    a, b = tasks.from_symbols(x[0, 0, :n]), tasks.from_symbols(x[0, 0, n + 1:])
    assert (a, b) == (2 ** (n - 1) - 1, 1) and tasks.from_symbols(y[0]) == a + b == 2 ** (n - 1)
    assert tasks.longest_carry_run(*_operands(x)).tolist() == [n - 1]


def test_longest_carry_run_by_hand():
    a = np.array([[1, 1, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0]])
    b = np.array([[1, 0, 1, 0, 0, 1], [1, 1, 1, 1, 1, 1]])
    assert tasks.longest_carry_run(a, b).tolist() == [4, 0]
