"""Towers: averaged gradients, device names, logical CPU devices."""

import subprocess
import sys

import numpy as np
import pytest

from cs20_helpers.notebook import import_tensorflow, session_config

tf = import_tensorflow()
tf1 = tf.compat.v1

from cs20_helpers import towers  # noqa: E402


def _variables(g):
    with g.as_default():
        return tf1.get_variable("a", [2]), tf1.get_variable("b", [2]), tf1.get_variable("c", [])


def test_average_gradients_means_per_variable_and_counts_none_as_zero():
    g = tf.Graph()
    a, b, c = _variables(g)
    with g.as_default():
        tower_grads = [
            [(tf.constant([1.0, 2.0]), a), (tf.constant([4.0, 4.0]), b), (None, c)],
            [(tf.constant([3.0, 6.0]), a), (None, b), (None, c)],
        ]
        averaged = towers.average_gradients(tower_grads)
        assert [var for _, var in averaged] == [a, b, c]
        assert averaged[2][0] is None  # None in every tower stays None
        with tf1.Session(graph=g) as sess:
            mean_a, mean_b = sess.run([averaged[0][0], averaged[1][0]])
    np.testing.assert_array_equal(mean_a, [2.0, 4.0])
    np.testing.assert_array_equal(mean_b, [2.0, 2.0])  # (4 + 0) / 2 towers


def test_average_gradients_refuses_towers_that_disagree():
    g = tf.Graph()
    a, b, _ = _variables(g)
    with g.as_default():
        one = tf.ones([2])
        with pytest.raises(ValueError, match="orders"):
            towers.average_gradients([[(one, a), (one, b)], [(one, b), (one, a)]])
        with pytest.raises(ValueError, match="same variables"):
            towers.average_gradients([[(one, a), (one, b)], [(one, a)]])
        with pytest.raises(ValueError, match="no towers"):
            towers.average_gradients([])


def test_replicated_towers_average_to_the_full_batch_gradient_and_run_on_their_devices():
    rng = np.random.default_rng(0)
    x = rng.normal(1.0, 1.0, (12, 2)).astype(np.float32)
    y = (x @ np.array([2.0, 3.0], np.float32) + rng.normal(0, 1.5, 12)).astype(np.float32)
    n = 3
    devices = [f"/cpu:{i}" for i in range(n)]  # a test machine has no GPU to pick
    g = tf.Graph()
    with g.as_default():
        opt = tf1.train.GradientDescentOptimizer(0.01)

        def loss(xs, ys):
            w = tf1.get_variable("w", [2, 1], initializer=tf1.truncated_normal_initializer(seed=1))
            b = tf1.get_variable("b", [1], initializer=tf1.zeros_initializer())
            return tf.reduce_mean(tf.square(tf.squeeze(tf.matmul(xs, w) + b, 1) - ys))

        with tf.device("/cpu:0"):
            averaged, tower_loss = towers.replicate(loss, [x, y], devices, opt, scope="linear")
        assert len(tf1.trainable_variables()) == 2
        with tf1.variable_scope("linear", reuse=True):
            full_loss = loss(x, y)
        full = opt.compute_gradients(full_loss, [var for _, var in averaged])
        with tf1.Session(graph=g, config=session_config(device_count={"CPU": n})) as sess:
            sess.run(tf1.global_variables_initializer())
            meta = tf1.RunMetadata()
            got, want, losses = sess.run(
                [[gv[0] for gv in averaged], [gv[0] for gv in full], [tower_loss, full_loss]],
                options=tf1.RunOptions(trace_level=tf1.RunOptions.FULL_TRACE), run_metadata=meta)
    for got_grad, want_grad in zip(got, want, strict=True):
        np.testing.assert_allclose(got_grad, want_grad, atol=1e-5)
    np.testing.assert_allclose(losses[0], losses[1], rtol=1e-6)
    # a tower reads the shared variables where they live (CPU:0); everything else is its own
    towers_on = {device: {op.split("/")[0] for op in ops
                          if op.startswith("tower_") and "ReadVariableOp" not in op}
                 for device, ops in towers.placement(meta).items()}
    assert towers_on == {f"CPU:{i}": {f"tower_{i}"} for i in range(n)}


def test_tower_devices_names_the_cpus_without_a_gpu():
    if tf.config.list_physical_devices("GPU"):
        assert towers.tower_devices(2)[0] == "/gpu:0"
    else:
        assert towers.tower_devices(3) == ["/cpu:0", "/cpu:1", "/cpu:2"]
    with pytest.raises(ValueError):
        towers.tower_devices(0)


def test_split_cpu_after_start_accepts_the_same_count_and_refuses_another():
    have = len(tf.config.list_logical_devices("CPU"))
    assert towers.split_cpu(have) == have
    with pytest.raises(RuntimeError, match="before anything else runs"):
        towers.split_cpu(have + 3)


SPLIT = """
from cs20_helpers.notebook import setup
tf, tf1 = setup(cpu_devices=3, show=False)
print([d.name for d in tf.config.list_logical_devices("CPU")])
"""


def test_setup_splits_the_cpu_in_a_fresh_process_quietly():
    done = subprocess.run([sys.executable, "-c", SPLIT], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == str([f"/device:CPU:{i}" for i in range(3)])
    assert done.stderr == ""
