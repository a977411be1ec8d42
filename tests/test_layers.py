"""Layer builders: shapes, variable names and sharing, dropout only while training."""

import numpy as np
import pytest

from cs20_helpers.notebook import import_tensorflow

tf = import_tensorflow()
tf1 = tf.compat.v1

from cs20_helpers import layers  # noqa: E402


def _run(fetches, feed=None, graph=None):
    with tf1.Session(graph=graph or tf1.get_default_graph()) as sess:
        sess.run(tf1.global_variables_initializer())
        return sess.run(fetches, feed_dict=feed)


def test_conv_pool_flatten_fc_shapes_and_names():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [None, 28, 28, 1])
        h = layers.conv_relu(x, filters=8, k_size=5, scope_name="conv1")
        p = layers.max_pool(h, 2, 2, scope_name="pool1")
        v = layers.conv_relu(p, filters=4, k_size=3, padding="VALID", scope_name="conv2")
        f = layers.flatten(v)
        out = layers.fully_connected(f, 10, scope_name="logits")
        names = sorted(var.op.name for var in tf1.global_variables())
        feed = {x: np.ones((3, 28, 28, 1), np.float32)}
        h_val, p_val, v_val, f_val, o_val = _run([h, p, v, f, out], feed, g)
    assert h_val.shape == (3, 28, 28, 8) and (h_val >= 0).all()
    assert p_val.shape == (3, 14, 14, 8)
    assert v_val.shape == (3, 12, 12, 4)
    assert f_val.shape == (3, 12 * 12 * 4)
    assert o_val.shape == (3, 10)
    assert names == ["conv1/biases", "conv1/kernel", "conv2/biases", "conv2/kernel",
                     "logits/biases", "logits/weights"]


def test_layers_share_weights_under_reuse_and_refuse_unintended_reuse():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [None, 4])
        with tf1.variable_scope("net"):
            a = layers.fully_connected(x, 3)
        with tf1.variable_scope("net", reuse=True):
            b = layers.fully_connected(x, 3)
        assert len(tf1.trainable_variables()) == 2
        with pytest.raises(ValueError, match="already exists"):
            with tf1.variable_scope("net"):
                layers.fully_connected(x, 3)
        a_val, b_val = _run([a, b], {x: np.arange(8, dtype=np.float32).reshape(2, 4)}, g)
    np.testing.assert_array_equal(a_val, b_val)


def test_dropout_drops_only_while_training():
    g = tf.Graph()
    with g.as_default():
        x = tf.ones([1000])
        training = tf1.placeholder(tf.bool, [])
        y = layers.dropout(x, rate=0.5, training=training)
        with tf1.Session(graph=g) as sess:
            train_val = sess.run(y, {training: True})
            eval_val = sess.run(y, {training: False})
    np.testing.assert_array_equal(eval_val, np.ones(1000))
    zeros = int((train_val == 0).sum())
    assert 350 < zeros < 650
    np.testing.assert_allclose(train_val[train_val != 0], 2.0)


def test_flatten_rejects_unknown_feature_shape():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [None, None, 3])
        with pytest.raises(ValueError, match="static shape"):
            layers.flatten(x)


def test_count_params_counts_trainable_scalars():
    g = tf.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [None, 8, 8, 3])
        layers.conv_relu(x, 16, 3)
        tf1.Variable(tf.zeros([100]), trainable=False)
        assert layers.count_params() == 3 * 3 * 3 * 16 + 16


def test_conv_transpose_upsamples_and_is_the_adjoint_of_a_strided_conv():
    g = tf.Graph()
    with g.as_default():
        y = tf1.placeholder(tf.float32, [None, 7, 7, 4])
        up = layers.conv_transpose(y, filters=3, k_size=3, stride=2, activation=None)
        assert up.shape.as_list() == [None, 14, 14, 3]
        kernel, biases = tf1.global_variables()
        assert kernel.op.name == "deconv/kernel" and kernel.shape.as_list() == [3, 3, 3, 4]
        assert biases.op.name == "deconv/biases"
        x = tf1.placeholder(tf.float32, [None, 14, 14, 3])
        down = tf.nn.conv2d(x, kernel, strides=[1, 2, 2, 1], padding="SAME")
        rng = np.random.default_rng(0)
        feed = {y: rng.normal(size=(2, 7, 7, 4)), x: rng.normal(size=(2, 14, 14, 3))}
        up_val, down_val = _run([up, down], feed, g)
    assert up_val.shape == (2, 14, 14, 3) and down_val.shape == (2, 7, 7, 4)
    # <conv_T(y), x> == <y, conv(x)>: the biases start at zero, so this is the pure adjoint
    np.testing.assert_allclose(np.sum(up_val * feed[x]), np.sum(feed[y] * down_val), rtol=1e-4)


def test_conv_transpose_applies_its_activation():
    g = tf.Graph()
    with g.as_default():
        y = tf1.placeholder(tf.float32, [None, 4, 4, 2])
        out = layers.conv_transpose(y, filters=1, k_size=5, stride=7, activation=tf.sigmoid)
        assert out.shape.as_list() == [None, 28, 28, 1]
        val = _run(out, {y: np.random.default_rng(1).normal(size=(3, 4, 4, 2))}, g)
    assert val.shape == (3, 28, 28, 1) and (val > 0).all() and (val < 1).all()
