"""Style losses, feature nets (the VGG-19 weights path with a weights file made here), L-BFGS,
model statistics and the bundled images of notebook 11."""

from __future__ import annotations

import numpy as np
import pytest

from cs20_helpers import feature_nets, images, lbfgs, model_stats, registry, style
from cs20_helpers.download import file_digest
from cs20_helpers.notebook import quiet_import

tf = quiet_import()


def test_gram_matrix_is_averaged_over_positions_and_ignores_them():
    maps = np.arange(12, dtype=np.float32).reshape(1, 2, 3, 2)
    flat = maps.reshape(6, 2)
    np.testing.assert_allclose(style.gram_matrix(tf.constant(maps)), flat.T @ flat / 6)
    shuffled = flat[[3, 0, 5, 1, 4, 2]].reshape(1, 3, 2, 2)
    np.testing.assert_allclose(style.gram_matrix(tf.constant(shuffled)), flat.T @ flat / 6)


def test_losses_are_zero_at_the_target_and_positive_elsewhere():
    a = tf.random.stateless_uniform([1, 4, 5, 3], seed=[0, 1])
    b = a + 0.1
    assert float(style.content_loss(a, a)) == 0.0
    assert float(style.content_loss(b, a)) == pytest.approx(0.01 / 4, rel=1e-4)
    grams = style.grams({"x": a}, ["x"])
    assert float(style.style_loss({"x": a}, grams, {"x": 1.0})) == 0.0
    assert float(style.style_loss({"x": b}, grams, {"x": 2.0})) > 0.0


def test_total_variation_is_zero_for_flat_images_and_counts_both_directions():
    assert float(style.total_variation(tf.fill([1, 4, 4, 3], 0.3))) == 0.0
    ramp = np.tile(np.arange(4, dtype=np.float32), (1, 4, 1))[..., None]  # right: steps of 1
    assert float(style.total_variation(tf.constant(ramp))) == pytest.approx(1.0)
    assert float(style.total_variation(tf.constant(ramp.transpose(0, 2, 1, 3)))) == \
        pytest.approx(1.0)


def test_random_multiscale_net_is_seeded_and_works_in_a_tf1_graph():
    net = feature_nets.random_multiscale_net(levels=3, filters=4)
    image = np.random.default_rng(0).uniform(0, 1, (1, 32, 32, 3)).astype(np.float32)
    eager = net(tf.constant(image))
    assert [eager[name].shape[1] for name in net.layers] == [32, 16, 8]
    with tf.Graph().as_default():
        maps = net(tf.constant(image))
        with tf.compat.v1.Session() as sess:
            graph = sess.run(maps)
    for name in net.layers:
        np.testing.assert_allclose(graph[name], eager[name], rtol=1e-5, atol=1e-6)
    again = feature_nets.random_multiscale_net(levels=3, filters=4)(tf.constant(image))
    assert all(np.array_equal(again[n], eager[n]) for n in net.layers)
    assert net.content_layer in net.layers and set(net.style_layers) <= set(net.layers)


def test_weights_file_missing_or_wrong_gives_one_line_and_keeps_the_file(tmp_path, monkeypatch):
    missing = tmp_path / "nothing.h5"
    with pytest.raises(feature_nets.WeightsError) as error:
        feature_nets.check_vgg19_weights(missing)
    message = str(error.value)
    assert "\n" not in message and feature_nets.VGG19_SETTING in message
    assert feature_nets.VGG19_MD5 in message
    wrong = tmp_path / "wrong.h5"
    wrong.write_bytes(b"junk")
    with pytest.raises(feature_nets.WeightsError, match=feature_nets.VGG19_MD5):
        feature_nets.check_vgg19_weights(wrong)
    assert wrong.read_bytes() == b"junk"
    monkeypatch.setenv(feature_nets.VGG19_SETTING, str(wrong))
    net, note = feature_nets.choose()
    assert "random" in net.name and feature_nets.VGG19_SETTING in note and "\n" not in note
    assert wrong.read_bytes() == b"junk"


def test_no_weights_anywhere_chooses_the_substitute(monkeypatch, tmp_path):
    monkeypatch.delenv(feature_nets.VGG19_SETTING, raising=False)
    monkeypatch.setenv("CS20_DATA_DIR", str(tmp_path))
    net, note = feature_nets.choose()
    assert "random" in net.name and "not found" in note


def test_vgg19_weights_load_through_keras_from_a_file_made_here(tmp_path, monkeypatch):
    model = tf.keras.applications.VGG19(include_top=False, weights=None)
    path = tmp_path / feature_nets.VGG19_FILE
    model.save_weights(str(path))
    kernel = model.get_layer("block3_conv2").get_weights()[0]
    tf.keras.backend.clear_session()
    monkeypatch.setenv(feature_nets.VGG19_SETTING, str(path))
    monkeypatch.setattr(feature_nets, "VGG19_MD5", file_digest(path, "md5"))
    convs = feature_nets.vgg19_convolutions(path, file_digest(path, "md5"))
    assert len(convs) == 16
    np.testing.assert_array_equal(dict((n, k) for n, k, _ in convs)["block3_conv2"], kernel)
    net = feature_nets.vgg19_net(convs)
    maps = net(tf.zeros([1, 32, 32, 3]))
    assert maps["block5_conv1"].shape == (1, 2, 2, 512)
    assert net.content_layer == "block4_conv2" and len(net.style_layers) == 5


def test_registry_entry_matches_keras():
    (remote,) = registry.get("vgg19-weights").files
    assert remote.name == feature_nets.VGG19_FILE
    assert remote.checksum == ("md5", "253f8cb515780f3b799900260a226db6")
    assert remote.urls[0].endswith("/vgg19/" + remote.name)


def test_lbfgs_minimizes_a_quadratic_and_rosenbrock():
    scales = np.array([1.0, 10.0, 100.0])

    def quadratic(x):
        return float(np.sum(scales * (x - 1) ** 2)), 2 * scales * (x - 1)

    x, history, evaluations = lbfgs.minimize(quadratic, np.zeros(3), 30)
    np.testing.assert_allclose(x, 1.0, atol=1e-5)
    assert len(history) == 31 and history[-1] <= history[0] and evaluations >= 31

    def rosenbrock(v):
        x, y = v
        value = (1 - x) ** 2 + 100 * (y - x * x) ** 2
        return value, np.array([-2 * (1 - x) - 400 * x * (y - x * x), 200 * (y - x * x)])

    x, history, _ = lbfgs.minimize(rosenbrock, np.array([-1.2, 1.0]), 100)
    np.testing.assert_allclose(x, [1.0, 1.0], atol=1e-4)
    assert all(b <= a for a, b in zip(history, history[1:], strict=False))


def test_model_stats_of_a_small_model():
    keras = tf.keras
    inputs = keras.Input((8, 8, 3))
    a = keras.layers.Conv2D(4, 3, padding="same")(inputs)  # 8*8*4*3*3*3 = 6,912
    b = keras.layers.Conv2D(4, 1)(a)  # 8*8*4*4 = 1,024
    merged = keras.layers.Add()([a, b])  # shortcut: the longest path has 2 weight layers
    out = keras.layers.Dense(2)(keras.layers.Flatten()(merged))  # 256 * 2 = 512
    model = keras.Model(inputs, out)
    assert model_stats.multiply_adds(model) == 6912 + 1024 + 512
    assert model_stats.weighted_depth(model) == 3


def test_bundled_images_are_real_rgb_squares():
    for name in images.IMAGES:
        image = images.load_image(name, 64)
        assert image.shape == (64, 64, 3) and image.dtype == np.float32
        assert 0.0 <= image.min() < image.max() <= 1.0 and image.std() > 0.05
    with pytest.raises(KeyError, match="bundled"):
        images.load_image("nope", 8)
