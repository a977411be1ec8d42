"""cs20_helpers.neural_gpu: the models' shapes, padding, relaxed sharing, training, weights."""

import numpy as np
import pytest

from cs20_helpers import neural_gpu as ng

tf, tf1 = ng.tf, ng.tf1
TINY = ng.DEFAULTS._replace(filters=4, width=3, batch=4, max_length=4)


def test_gate_cutoff_saturates_at_0_and_1():
    x = tf.constant([-10.0, 0.0, 10.0])
    assert np.allclose(ng.gate(x, cutoff=True).numpy(), [0.0, 0.5, 1.0])
    plain = ng.gate(x, cutoff=False).numpy()
    assert 0 < plain[0] < 1e-4 and 1 - 1e-4 < plain[2] < 1


def _run(build, *feeds_and_fetches):
    """Build ``build()`` in a fresh graph with seed 0, initialize, return the fetched values."""
    with tf.Graph().as_default():
        tf1.set_random_seed(0)
        fetches = build()
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            return sess.run(fetches)


@pytest.mark.parametrize("layout", ng.LAYOUTS)
def test_while_loop_and_unrolled_models_agree_and_share_variables(layout):
    hp = TINY._replace(layout=layout, relax=1)
    x, _ = ng.task_batch("add", 2, 3, np.random.default_rng(0), layout)
    n = x.shape[-1]

    def build():
        with tf1.variable_scope("m"):
            looped = ng.neural_gpu(tf.constant(x), hp)
        with tf1.variable_scope("m", reuse=True):
            unrolled = ng.neural_gpu(tf.constant(x), hp, unroll=n)
        build.names = sorted(v.op.name for v in tf1.trainable_variables())
        return looped, unrolled

    a, b = _run(build)
    assert a.shape == (2, n, ng.VOCAB) and np.allclose(a, b, atol=1e-5)
    assert len(build.names) == 1 + 2 * 4 + 2  # embedding, 2 CGRUs x (gates, cand.) x (w, b), out


def test_steps_follow_the_input_length():
    """The mental image has one state per step plus the start, and stops at the length."""
    trainer = ng.Trainer(TINY)
    try:
        x, _ = trainer.batch(2, 3, np.random.default_rng(0))  # 7 positions
        states = trainer.states(x)
        assert states.shape == (8, 2, TINY.width, 7, TINY.filters)
        assert not np.allclose(states[-1], states[-2])  # the last step still changes it
        x_pad, _, lengths = ng.pad_to(x, x[:, 0], 9)
        padded = trainer.states(x_pad, lengths)
        assert np.allclose(padded[7], padded[9]) and not padded[:, :, :, 7:].any()
    finally:
        trainer.close()


@pytest.mark.parametrize("model", sorted(ng.MODELS))
def test_padded_and_unpadded_logits_are_equal(model):
    trainer = ng.Trainer(TINY._replace(model=model, layers=1 if model != "ngpu" else 2))
    try:
        trainer.train(3, check_every=3)
        x, y = trainer.batch(3, 3, np.random.default_rng(1))
        x_pad, y_pad, lengths = ng.pad_to(x, y, 12)
        assert np.array_equal(y_pad[:, 7:], np.zeros((3, 5)))
        alone, padded = trainer.predict(x), trainer.predict(x_pad, lengths)
        assert np.abs(alone - padded[:, :7]).max() < 1e-5
        if model != "gru":  # the streaming GRU never sees what comes after a position
            assert not np.allclose(trainer.predict(x_pad)[:, :7], alone)  # unmasked: differs
    finally:
        trainer.close()


def test_empty_cells_embed_to_zero():
    def build():
        return ng.embed(tf.constant([[[0, 1, 3, 0]]]), TINY)

    state = _run(build)
    assert state.shape == (1, TINY.width, 4, TINY.filters)
    assert not state[0, :, [0, 3]].any() and state[0, 0, 1].any() and not state[0, 1:].any()


def test_relaxed_sharing_gives_step_t_the_copy_t_mod_r():
    copies = 3

    def build():
        v = tf1.get_variable("w", [2], initializer=tf1.ones_initializer())
        with tf1.variable_scope("s", custom_getter=ng.relaxed_getter(copies, 4)):
            w = tf1.get_variable("w", [2], initializer=tf1.ones_initializer())
        build.var = tf1.get_collection(ng.RELAXED)
        return v, w, ng.sharing_penalty()

    v, w, penalty = _run(build)
    (var,) = build.var
    assert var.shape == (copies, 2) and var.op.name == "s/w"
    assert np.array_equal(w, v) and penalty == 0.0  # copies start equal


def test_relaxed_copies_are_used_in_turn_and_pulled_together():
    hp = TINY._replace(relax=2)
    trainer = ng.Trainer(hp)
    try:
        names = [k for k, v in trainer.model_weights().items() if "cgru" in k]
        assert names and all(trainer.model_weights()[k].shape[0] == 2 for k in names)
        assert trainer.sess.run(trainer.penalty) == 0.0
        weights = trainer.model_weights()
        x, _ = trainer.batch(2, 2, np.random.default_rng(0))
        before = trainer.predict(x)
        odd = {k: v.copy() for k, v in weights.items()}
        for k in names:
            odd[k][1] += 0.3  # change the copy odd steps use
        trainer.set_weights(odd)
        assert trainer.sess.run(trainer.penalty) > 0.0
        assert not np.allclose(trainer.predict(x), before)
    finally:
        trainer.close()


def test_short_training_runs_and_the_curriculum_starts_at_2():
    hp = TINY._replace(task="copy", layout="stacked")
    trainer = ng.Trainer(hp)
    try:
        assert trainer.level == 2
        history = trainer.train(4, check_every=2)
        assert [h[0] for h in history] == [2, 4] and np.isfinite(history[-1][2])
        assert 0.0 <= trainer.accuracy(6, count=8, batch=4) <= 1.0
        assert "model/embedding" in trainer.weights()
    finally:
        trainer.close()


def test_weights_move_between_trainers_and_a_missing_variable_is_named():
    first, second = ng.Trainer(TINY), ng.Trainer(TINY._replace(seed=5))
    try:
        first.train(3, check_every=3)
        x, _ = first.batch(2, 3, np.random.default_rng(0))
        assert not np.allclose(first.predict(x), second.predict(x))
        weights = first.model_weights()
        assert not any("Adam" in k for k in weights)
        second.set_weights(weights)
        assert np.array_equal(first.predict(x), second.predict(x))
        del weights["model/embedding"]
        with pytest.raises(ValueError, match="model/embedding"):
            second.set_weights(weights)
    finally:
        first.close()
        second.close()


def test_validation_and_test_sums_differ():
    trainer = ng.Trainer(TINY)
    try:
        val = trainer.batch(8, 6, np.random.default_rng([ng.VALIDATION_SEED, 6]))[0]
        test = trainer.batch(8, 6, np.random.default_rng([ng.TEST_SEED, 6]))[0]
        assert not np.array_equal(val, test)
    finally:
        trainer.close()


def test_unknown_model_or_layout_is_refused():
    with pytest.raises(ValueError, match="unknown layout"):
        ng.Trainer(TINY._replace(layout="diagonal"))
