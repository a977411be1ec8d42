"""Losses of texture synthesis and style transfer (Gatys, Ecker and Bethge), as plain ops.

Every function works on tensors in both worlds: inside a ``tf.Graph`` run by a TF1 session and
eagerly or in a ``tf.function`` in TensorFlow 2. Notebook 11 writes each one out first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cs20_helpers.notebook import quiet_import

tf = quiet_import()


def gram_matrix(features: tf.Tensor) -> tf.Tensor:
    """Return the [C, C] Gram matrix of a [1, H, W, C] (or [H, W, C]) feature map, averaged
    over the H*W positions, so maps of different sizes are comparable."""
    channels = features.shape[-1]
    flat = tf.reshape(features, [-1, channels])
    positions = tf.cast(tf.shape(flat)[0], flat.dtype)
    return tf.matmul(flat, flat, transpose_a=True) / positions


def style_loss(features: Mapping[str, tf.Tensor], target_grams: Mapping[str, tf.Tensor],
               weights: Mapping[str, float]) -> tf.Tensor:
    """Return the weighted sum over layers of the mean squared difference of Gram matrices."""
    return tf.add_n([weights[name] * tf.reduce_mean(tf.square(gram_matrix(features[name])
                                                              - target_grams[name]))
                     for name in weights])


def content_loss(generated: tf.Tensor, target: tf.Tensor) -> tf.Tensor:
    """Return the course's content loss: the summed squared difference over 4 times the size."""
    size = tf.cast(tf.size(target), generated.dtype)
    return tf.reduce_sum(tf.square(generated - target)) / (4.0 * size)


def total_variation(images: tf.Tensor) -> tf.Tensor:
    """Return the mean squared difference between vertical and horizontal neighbour pixels:
    small for smooth images, large for noise (the natural-image prior of feature inversion)."""
    down = images[:, 1:, :, :] - images[:, :-1, :, :]
    right = images[:, :, 1:, :] - images[:, :, :-1, :]
    return tf.reduce_mean(tf.square(down)) + tf.reduce_mean(tf.square(right))


def grams(features: Mapping[str, tf.Tensor], layers: Sequence[str]) -> dict[str, tf.Tensor]:
    """Return the Gram matrix of each named layer."""
    return {name: gram_matrix(features[name]) for name in layers}
