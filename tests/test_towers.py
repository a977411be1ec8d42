"""Towers: averaged gradients, where variables and tower ops are placed."""


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


def test_variables_and_adam_slots_stay_on_the_callers_device_and_towers_on_the_gpus():
    g = tf.Graph()
    with g.as_default(), tf.device("/cpu:0"):
        opt = tf1.train.AdamOptimizer(0.1)

        def loss(xs):
            w = tf1.get_variable("w", [3, 1])
            return tf.reduce_mean(tf.matmul(xs, w))

        grads, _ = towers.replicate(loss, [tf.ones([4, 3])], ["/gpu:0", "/gpu:1"], opt)
        opt.apply_gradients(grads)
    storage = {op.name: op.device for op in g.get_operations() if op.type in towers.VARIABLE_OPS}
    assert set(storage) == {"model/w", "model/w/Adam", "model/w/Adam_1", "beta1_power",
                            "beta2_power"}
    assert set(storage.values()) == {"/device:CPU:0"}
    matmuls = {op.name.split("/")[0]: op.device for op in g.get_operations()
               if op.type == "MatMul"}  # forward and backward
    assert matmuls == {"tower_0": "/device:GPU:0", "tower_1": "/device:GPU:1"}


def test_variables_follow_a_callers_device_function():
    g = tf.Graph()
    with g.as_default(), tf1.device(tf1.train.replica_device_setter(ps_tasks=1)):
        opt = tf1.train.GradientDescentOptimizer(0.1)
        towers.replicate(lambda xs: tf.reduce_sum(xs * tf1.get_variable("v", [])),
                         [tf.ones([2])], ["/gpu:0", "/gpu:1"], opt)
    handle = g.get_operation_by_name("model/v")
    assert handle.device == "/job:ps/task:0"
    assert g.get_operation_by_name("tower_1/model/mul").device.endswith("/device:GPU:1")


def test_placement_log_catches_the_runtimes_lines_and_keeps_the_result():
    g = tf.Graph()
    with g.as_default():
        a = tf1.placeholder(tf.float32, [], name="a")
        with tf.device("/cpu:1"):
            c = tf.multiply(a, 2.0, name="c")
    config = session_config(device_count={"CPU": 2}, log_device_placement=True)
    with tf1.Session(graph=g, config=config) as sess:
        value, lines = towers.placement_log(lambda: sess.run(c, {a: 21.0}))
    assert value == 42.0
    assert "c: (Mul): /job:localhost/replica:0/task:0/device:CPU:1" in lines
    assert lines == sorted(lines)


def test_placement_log_also_catches_what_goes_through_sys_stdout():
    def run():
        print("Device mapping: no known devices.")  # how an interactive kernel shows it
        return 7

    assert towers.placement_log(run) == (7, ["Device mapping: no known devices."])
