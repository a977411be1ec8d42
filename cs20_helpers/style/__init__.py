"""Losses of texture synthesis and style transfer (Gatys, Ecker and Bethge), as plain ops.

Every function works on tensors in both worlds: inside a ``tf.Graph`` run by a TF1 session and
eagerly or in a ``tf.function`` in TensorFlow 2. Notebook 11 writes each one out first.

Normalisations: the Gram matrix is averaged over the M = H*W positions; with
``relative_weights`` each layer's style term is its squared Gram error over the target Gram's
own energy, and the content loss is the squared feature error over the target's energy. Both
are relative, so they do not change when the features are scaled (VGG-19 sees pixels times
255, the random net pixels as they are) and the weights alpha and beta keep their meaning.
Gatys et al. use E_l = sum((G - A)**2) / (4 N**2 M**2) with unaveraged Grams, which is a
quarter of ``mean((G/M - A/M)**2)``, layers weighted equally, and content 1/2 sum((F - P)**2).

Beside them, the rest of notebook 11's helpers: ``feature_nets`` (the convnets whose features
are matched), ``lbfgs`` (SciPy's L-BFGS-B on an image), ``images`` (the bundled pictures),
``image_stats`` (colour and block-artifact figures) and ``model_stats`` (the case studies'
sizes and costs).
"""

from __future__ import annotations

__all__ = ["content_loss", "gram_matrix", "grams", "relative_weights", "style_loss",
    "texture_error", "total_variation"]

from collections.abc import Mapping, Sequence

import tensorflow as tf


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
    """Return the summed squared feature difference over the target's summed squares: 1 for an
    image with no features, 0 at the target, the same for features scaled by any factor."""
    return tf.reduce_sum(tf.square(generated - target)) / tf.reduce_sum(tf.square(target))


def relative_weights(target_grams: Mapping[str, tf.Tensor]) -> dict[str, tf.Tensor]:
    """Return each layer's weight 1 / (L * mean(A**2)), A its target Gram and L the number of
    layers: each layer's squared Gram error then counts relative to its target's energy."""
    return {name: 1.0 / (len(target_grams) * tf.reduce_mean(tf.square(gram)))
            for name, gram in target_grams.items()}


def total_variation(images: tf.Tensor) -> tf.Tensor:
    """Return the mean squared difference between vertical and horizontal neighbour pixels:
    small for smooth images, large for noise (the natural-image prior of feature inversion)."""
    down = images[:, 1:, :, :] - images[:, :-1, :, :]
    right = images[:, :, 1:, :] - images[:, :, :-1, :]
    return tf.reduce_mean(tf.square(down)) + tf.reduce_mean(tf.square(right))


def grams(features: Mapping[str, tf.Tensor], layers: Sequence[str]) -> dict[str, tf.Tensor]:
    """Return the Gram matrix of each named layer."""
    return {name: gram_matrix(features[name]) for name in layers}


def texture_error(net, picture, sample) -> float:
    """Return the relative Gram loss of a [1, H, W, 3] ``picture`` against a [h, w, 3]
    ``sample`` at ``net``'s style layers: about 1 for unrelated pictures, 0 for the same
    texture, whatever the two sizes."""
    target = grams(net(tf.constant(sample[None], tf.float32)), net.style_layers)
    maps = net(tf.constant(picture, tf.float32))
    return float(style_loss(maps, target, relative_weights(target)))
