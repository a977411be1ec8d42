"""VGG built from the layer helpers: published sizes, scope names, shapes, shared towers."""

import numpy as np
import pytest

from cs20_helpers.notebook import import_tensorflow

tf = import_tensorflow()
tf1 = tf.compat.v1

from cs20_helpers import layers  # noqa: E402

SMALL = {"base_filters": 4, "fc_units": 16}


@pytest.mark.parametrize("depth, published", [(16, 138_357_544), (19, 143_667_240)])
def test_parameter_counts_match_the_published_models(depth, published):
    # Build the graph only: nothing initialises the 140M parameters.
    with tf.Graph().as_default():
        images = tf1.placeholder(tf.float32, [None, 224, 224, 3])
        logits = layers.vgg_net(images, keep_prob=0.5, num_classes=1000, depth=depth)
        assert logits.shape.as_list() == [None, 1000]
        assert layers.count_params() == published


def test_scopes_and_shapes_of_a_small_vgg16():
    g = tf.Graph()
    with g.as_default():
        images = tf1.placeholder(tf.float32, [None, 64, 64, 3])
        logits = layers.vgg_net(images, 1.0, 10, training=False, **SMALL)
        scopes = [v.op.name.rsplit("/", 1)[0] for v in tf1.trainable_variables()][::2]
        pool5 = g.get_tensor_by_name("pool5/MaxPool2d:0")
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            out = sess.run(logits, {images: np.ones((2, 64, 64, 3), np.float32)})
    assert scopes == ["conv1_1", "conv1_2", "conv2_1", "conv2_2", "conv3_1", "conv3_2",
                      "conv3_3", "conv4_1", "conv4_2", "conv4_3", "conv5_1", "conv5_2",
                      "conv5_3", "fc6", "fc7", "fc8"]
    assert pool5.shape.as_list() == [None, 2, 2, 32]
    assert out.shape == (2, 10)


def test_without_classes_it_returns_the_fc7_features():
    with tf.Graph().as_default():
        images = tf1.placeholder(tf.float32, [None, 32, 32, 3])
        features = layers.vgg_net(images, 1.0, None, depth=19, **SMALL)
        assert features.shape.as_list() == [None, 16]
        assert not [v for v in tf1.trainable_variables() if v.op.name.startswith("fc8")]


def test_unknown_depth_is_refused():
    with tf.Graph().as_default():
        images = tf1.placeholder(tf.float32, [None, 32, 32, 3])
        with pytest.raises(ValueError, match="depth"):
            layers.vgg_net(images, 1.0, 10, depth=11)


def test_towers_share_one_set_of_weights():
    g = tf.Graph()
    with g.as_default():
        images = tf1.placeholder(tf.float32, [None, 32, 32, 3])
        training = tf1.placeholder_with_default(False, [])
        outputs = []
        for tower in range(2):
            with tf1.name_scope(f"tower_{tower}"), \
                    tf1.variable_scope("vgg", reuse=tower > 0):
                outputs.append(layers.vgg_net(images, 0.5, 5, training=training, **SMALL))
        assert len(tf1.trainable_variables()) == 2 * 16  # one kernel and bias per layer
        feed = {images: np.random.default_rng(0).random((3, 32, 32, 3), np.float32)}
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            first, second = sess.run(outputs, feed)
            first_train, second_train = sess.run(outputs, {**feed, training: True})
    np.testing.assert_array_equal(first, second)  # same weights, no dropout
    assert not np.array_equal(first_train, second_train)  # each tower drops its own units


def test_initializer_reaches_every_layer():
    with tf.Graph().as_default():
        images = tf1.placeholder(tf.float32, [None, 32, 32, 3])
        layers.vgg_net(images, 1.0, 10, initializer=tf1.ones_initializer(), **SMALL)
        weights = [v for v in tf1.trainable_variables() if not v.op.name.endswith("biases")]
        with tf1.Session() as sess:
            sess.run(tf1.global_variables_initializer())
            values = sess.run(weights)
    assert len(values) == 16 and all((value == 1.0).all() for value in values)
