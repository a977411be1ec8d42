"""cs20_helpers.neural_gpu: the binary tasks, the gate cutoff, the models' shapes, a short run."""

import numpy as np
import pytest

from cs20_helpers import neural_gpu as ng

tf, tf1 = ng.tf, ng.tf1


def symbols_to_int(row: np.ndarray) -> int:
    """Read a row of symbols (1 = bit 0, 2 = bit 1, LSB first) as a number."""
    return sum(int(s - 1) << i for i, s in enumerate(row))


def test_addition_targets_are_the_sums_lsb_first():
    x, y = ng.task_batch("add", 50, 12, np.random.default_rng(0))
    assert x.shape == (50, 2, 12) and y.shape == (50, 12)
    for inputs, target in zip(x, y, strict=True):
        assert inputs[0, -1] == inputs[1, -1] == 1  # top bits 0: the sum fits
        assert symbols_to_int(target) == symbols_to_int(inputs[0]) + symbols_to_int(inputs[1])


def test_copy_reverse_duplicate():
    rng = np.random.default_rng(1)
    x, y = ng.task_batch("copy", 3, 6, rng)
    assert np.array_equal(x[:, 0], y) and not x[:, 1].any()
    x, y = ng.task_batch("reverse", 3, 6, rng)
    assert np.array_equal(x[:, 0, ::-1], y)
    x, y = ng.task_batch("duplicate", 2, 7, rng)
    assert not x[:, 0, 3:].any() and not y[:, 6].any()
    assert np.array_equal(y[:, :6], np.repeat(x[:, 0, :3], 2, axis=1))


def test_bad_task_and_length_are_refused():
    with pytest.raises(ValueError, match="unknown task"):
        ng.task_batch("multiply", 1, 4, np.random.default_rng(0))
    with pytest.raises(ValueError, match="at least 2"):
        ng.task_batch("add", 1, 1, np.random.default_rng(0))


def test_to_bits_is_lsb_first():
    assert ng.to_bits(6, 4) == [0, 1, 1, 0]


def test_gate_cutoff_saturates_at_0_and_1():
    x = tf.constant([-10.0, 0.0, 10.0])
    assert np.allclose(ng.gate(x, cutoff=True).numpy(), [0.0, 0.5, 1.0])
    plain = ng.gate(x, cutoff=False).numpy()
    assert 0 < plain[0] < 1e-4 and 1 - 1e-4 < plain[2] < 1


def test_while_loop_and_unrolled_models_agree_and_share_variables():
    hp = ng.DEFAULTS._replace(filters=4, width=3)
    x, _ = ng.task_batch("add", 2, 5, np.random.default_rng(0))
    with tf.Graph().as_default():
        tf1.set_random_seed(0)
        with tf1.variable_scope("m"):
            looped = ng.neural_gpu(tf.constant(x), hp)
        with tf1.variable_scope("m", reuse=True):
            unrolled = ng.neural_gpu(tf.constant(x), hp, unroll=5)
        names = sorted(v.op.name for v in tf1.trainable_variables())
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            a, b = sess.run([looped, unrolled])
    assert a.shape == (2, 5, ng.VOCAB)
    assert np.allclose(a, b, atol=1e-5)
    assert len(names) == 1 + 2 * 4 + 2  # embedding, 2 CGRUs x (gates, candidate) x (w, b), output


def test_short_training_runs_and_the_curriculum_starts_at_2():
    hp = ng.DEFAULTS._replace(task="copy", filters=4, width=2, max_length=4, batch=4,
                              grad_noise=0.01, dropout=0.1)
    trainer = ng.Trainer(hp)
    try:
        assert trainer.level == 2
        history = trainer.train(4, check_every=2)
        assert [h[0] for h in history] == [2, 4] and np.isfinite(history[-1][2])
        assert 0.0 <= trainer.accuracy(6, count=8, batch=4) <= 1.0
        assert "model/embedding" in trainer.weights()
    finally:
        trainer.close()


def test_gru_baseline_gives_one_logit_row_per_position():
    trainer = ng.Trainer(ng.DEFAULTS._replace(model="gru", filters=4, layers=1, batch=2))
    try:
        x, _ = ng.task_batch("add", 3, 7, np.random.default_rng(0))
        assert trainer.predict(x).shape == (3, 7, ng.VOCAB)
    finally:
        trainer.close()
