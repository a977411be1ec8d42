"""Style losses, feature nets (the VGG-19 weights path with a weights file made here), SciPy's
L-BFGS-B on an image, model statistics (Keras 2 and 3), the picture figures and the bundled
images of notebook 11."""

from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf  # noqa: E402

from cs20_helpers import style
from cs20_helpers.datasets import registry
from cs20_helpers.datasets.verified_download import file_digest
from cs20_helpers.style import feature_nets, image_stats, images, lbfgs, model_stats


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
    energy = float(tf.reduce_sum(tf.square(a)))
    assert float(style.content_loss(b, a)) == pytest.approx(0.01 * 60 / energy, rel=1e-4)
    assert float(style.content_loss(255 * b, 255 * a)) == pytest.approx(
        float(style.content_loss(b, a)), rel=1e-5)  # relative: the feature scale drops out
    grams = style.grams({"x": a}, ["x"])
    assert float(style.style_loss({"x": a}, grams, {"x": 1.0})) == 0.0
    assert float(style.style_loss({"x": b}, grams, {"x": 2.0})) > 0.0


def test_relative_weights_make_the_style_loss_scale_free_and_one_for_no_features():
    a = tf.random.stateless_uniform([1, 6, 5, 4], seed=[3, 4])
    b = tf.random.stateless_uniform([1, 6, 5, 4], seed=[5, 6])
    for scale in (1.0, 255.0):
        grams = style.grams({"x": scale * a, "y": scale * a}, ["x", "y"])
        weights = style.relative_weights(grams)
        zero = {"x": 0 * a, "y": 0 * a}
        assert float(style.style_loss(zero, grams, weights)) == pytest.approx(1.0, rel=1e-5)
        other = float(style.style_loss({"x": scale * b, "y": scale * b}, grams, weights))
        if scale == 1.0:
            unscaled = other
    assert other == pytest.approx(unscaled, rel=1e-4)


def test_total_variation_is_zero_for_flat_images_and_counts_both_directions():
    assert float(style.total_variation(tf.fill([1, 4, 4, 3], 0.3))) == 0.0
    ramp = np.tile(np.arange(4, dtype=np.float32), (1, 4, 1))[..., None]  # right: steps of 1
    assert float(style.total_variation(tf.constant(ramp))) == pytest.approx(1.0)
    assert float(style.total_variation(tf.constant(ramp.transpose(0, 2, 1, 3)))) == \
        pytest.approx(1.0)


def test_random_net_is_seeded_shift_equivariant_sees_grey_and_works_in_a_tf1_graph():
    net = feature_nets.random_multiscale_net(filters=4, dilations=(1, 2, 4))
    image = np.random.default_rng(0).uniform(0, 1, (1, 32, 32, 3)).astype(np.float32)
    eager = net(tf.constant(image))
    assert [eager[name].shape[1] for name in net.layers] == [32, 32, 32]  # mirrored border
    with tf.Graph().as_default():
        maps = net(tf.constant(image))
        with tf.compat.v1.Session() as sess:
            graph = sess.run(maps)
    for name in net.layers:
        np.testing.assert_allclose(graph[name], eager[name], rtol=1e-5, atol=1e-6)
    again = feature_nets.random_multiscale_net(filters=4, dilations=(1, 2, 4))(tf.constant(image))
    assert all(np.array_equal(again[n], eager[n]) for n in net.layers)
    assert net.content_layer in net.layers and set(net.style_layers) <= set(net.layers)
    shifted = net(tf.constant(np.roll(image, 3, axis=2)))  # no pooling: maps shift alike
    for name in net.layers:
        np.testing.assert_allclose(shifted[name][:, :, 8:20], eager[name][:, :, 5:17], atol=1e-5)
    darker = net(tf.constant(image - 0.2))  # filters not zero-sum: a grey shift is seen
    assert all(not np.allclose(darker[n], eager[n], atol=1e-3) for n in net.layers)


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
    assert "block5_conv2" not in maps  # nothing after the last layer the losses read
    assert net.content_layer == "block4_conv2" and len(net.style_layers) == 5
    renamed = tmp_path / "vgg19.weights"  # Keras reads HDF5 only from a name ending in .h5
    renamed.write_bytes(path.read_bytes())
    again = feature_nets.vgg19_convolutions(renamed, file_digest(path, "md5"))
    np.testing.assert_array_equal(dict((n, k) for n, k, _ in again)["block3_conv2"], kernel)


def test_registry_entry_matches_keras():
    (remote,) = registry.get("vgg19-weights").files
    assert remote.name == feature_nets.VGG19_FILE
    assert remote.checksum == ("md5", "253f8cb515780f3b799900260a226db6")
    assert remote.urls[0].endswith("/vgg19/" + remote.name)


def test_lbfgsb_keeps_bounds_spends_the_exact_budget_and_returns_the_best():
    target = np.array([[0.5, 1.7], [-0.4, 0.2]], dtype=np.float32)  # two outside [0, 1]
    calls = []

    def quadratic(x):
        calls.append(x.copy())
        assert x.shape == target.shape and x.dtype == np.float32
        return float(np.sum((x - target) ** 2)), 2 * (x - target)

    run = lbfgs.minimize(quadratic, np.full((2, 2), 0.5, np.float32), 40)
    np.testing.assert_allclose(run.image, np.clip(target, 0, 1), atol=1e-5)
    assert all(0.0 <= c.min() and c.max() <= 1.0 for c in calls)
    assert len(run.values) == len(calls) <= 40 and min(run.values) == run.values[-1]
    calls.clear()

    def rosenbrock(v):
        x, y = v.astype(np.float64)
        value = (1 - x) ** 2 + 100 * (y - x * x) ** 2
        calls.append(value)
        return value, np.array([-2 * (1 - x) - 400 * x * (y - x * x), 200 * (y - x * x)])

    run = lbfgs.minimize(rosenbrock, np.array([-1.2, 1.0], np.float32), 7, bounds=(-2.0, 2.0))
    assert len(run.values) == len(calls) == 7 and "7 evaluations" in run.message
    assert rosenbrock(run.image)[0] == min(run.values)
    with pytest.raises(ValueError):
        lbfgs.minimize(rosenbrock, np.zeros(2, np.float32), 0)


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


def test_model_stats_of_the_same_model_in_keras_3():
    keras = pytest.importorskip("keras")
    inputs = keras.Input((8, 8, 3))
    a = keras.layers.Conv2D(4, 3, padding="same")(inputs)
    b = keras.layers.Conv2D(4, 1)(a)
    merged = keras.layers.Add()([a, b])
    out = keras.layers.Dense(2)(keras.layers.Flatten()(merged))
    model = keras.Model(inputs, out)
    assert model_stats.multiply_adds(model) == 6912 + 1024 + 512
    assert model_stats.weighted_depth(model) == 3


def test_rgb_spread_and_grid_figure():
    rng = np.random.default_rng(0)
    grey = np.repeat(rng.uniform(0, 1, (32, 32, 1)), 3, axis=-1)
    assert image_stats.rgb_spread(grey) == pytest.approx(0.0, abs=1e-12)
    assert image_stats.rgb_spread(rng.uniform(0, 1, (32, 32, 3))) > 0.1
    noise = rng.uniform(0, 1, (64, 64, 3))
    blocks = np.kron(rng.uniform(0, 1, (8, 8, 3)), np.ones((8, 8, 1))) + 0.1 * noise
    assert image_stats.grid_excess(noise) < 0.05 < 1.0 < image_stats.grid_excess(blocks)
    assert image_stats.grid_excess(np.roll(blocks, 3, axis=(0, 1))) > 1.0  # any alignment
    with pytest.raises(ValueError):
        image_stats.grid_excess(noise[:10])


def test_style_share_is_0_for_the_content_1_for_the_style_and_blind_to_colour():
    content = images.load_image("cat", 48)
    bricks = images.load_image("bricks", 48)
    assert image_stats.style_share(content, content, bricks) == 0.0
    assert image_stats.style_share(bricks[None], content, bricks) == 1.0
    grey = np.repeat(content.mean(-1, keepdims=True), 3, axis=-1)
    recoloured = (grey - grey.mean()) / grey.std() * bricks.std() + bricks.mean()
    assert image_stats.style_share(recoloured, content, bricks) < 0.05
    half = np.concatenate([content[:, :24], bricks[:, 24:]], axis=1)
    assert 0.3 < image_stats.style_share(half, content, bricks) < 0.7


def test_blurred_random_net_sees_between_its_taps():
    image = np.zeros((1, 40, 40, 3), np.float32)
    image[0, 20, 21] = 1.0  # one pixel between the taps of the centre unit of a rate-4 filter
    for blurred, moved in ((False, False), (True, True)):
        net = feature_nets.random_multiscale_net(filters=8, dilations=(4,), content=0,
                                                 blurred=blurred)
        image_t = tf.constant(image)
        with tf.GradientTape() as tape:
            tape.watch(image_t)
            centre = net(image_t)["span9px"][0, 20, 20]
            total = tf.reduce_sum(centre)
        grad = tape.gradient(total, image_t)
        assert (abs(float(grad[0, 20, 21].numpy().sum())) > 1e-6) == moved
    assert "blurred" in feature_nets.random_multiscale_net(blurred=True).name


def test_copy_score_finds_moved_flipped_turned_and_tiled_copies():
    rng = np.random.default_rng(1)
    sample = rng.uniform(0, 1, (16, 16, 3))
    for copy in (sample, np.roll(sample, (5, 9), axis=(0, 1)), np.rot90(sample), sample[::-1],
                 np.tile(sample, (2, 2, 1))):
        assert image_stats.copy_score(copy, sample) == pytest.approx(1.0)
    assert image_stats.copy_score(rng.uniform(0, 1, (1, 32, 32, 3)), sample) < 0.5
    with pytest.raises(ValueError):
        image_stats.copy_score(sample[:8], sample)


def test_bundled_images_are_real_rgb_squares():
    for name in images.IMAGES:
        image = images.load_image(name, 64)
        assert image.shape == (64, 64, 3) and image.dtype == np.float32
        assert 0.0 <= image.min() < image.max() <= 1.0 and image.std() > 0.05
    with pytest.raises(KeyError, match="bundled"):
        images.load_image("nope", 8)


def test_texture_error_is_zero_for_the_sample_and_near_one_for_a_flat_picture():
    net = feature_nets.random_multiscale_net(filters=8, dilations=(1, 2, 4))
    sample = images.load_image("gravel", 32)
    assert style.texture_error(net, sample[None], sample) == pytest.approx(0.0, abs=1e-6)
    flat = np.full((1, 48, 48, 3), 0.5, np.float32)  # other size, no features at all
    assert style.texture_error(net, flat, sample) == pytest.approx(1.0, rel=1e-5)
