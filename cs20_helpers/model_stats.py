"""Size, cost and depth of a Keras model: the figures of the lecture's case studies.

``multiply_adds`` counts the multiply-adds of the convolutions and dense layers for one image
(pooling, normalization, activations and additions are left out: they are a small share);
``weighted_depth`` is the number of weight layers on the longest path from input to output,
the depth the papers name their nets by (VGG-16, ResNet-50).
"""

from __future__ import annotations

from functools import cache

from cs20_helpers.notebook import quiet_import

tf = quiet_import()


def _shape(shape) -> list[int]:
    """Return a single Keras shape (a list of one shape is unwrapped) as a list."""
    if isinstance(shape, list) and shape and isinstance(shape[0], tuple | list):
        (shape,) = shape
    return list(shape)


def layer_multiply_adds(layer) -> int:
    """Multiply-adds of one layer for one example; 0 for layers without weights."""
    layers = tf.keras.layers
    if isinstance(layer, layers.DepthwiseConv2D):
        _, height, width, channels = _shape(layer.output_shape)
        kh, kw = layer.kernel_size
        return height * width * channels * kh * kw
    if isinstance(layer, layers.Conv2D):
        _, height, width, channels = _shape(layer.output_shape)
        kh, kw = layer.kernel_size
        in_channels = _shape(layer.input_shape)[-1]
        return height * width * channels * kh * kw * in_channels // layer.groups
    if isinstance(layer, layers.Dense):
        inputs = _shape(layer.input_shape)
        positions = int(tf.reduce_prod(inputs[1:-1])) if len(inputs) > 2 else 1
        return positions * inputs[-1] * layer.units
    return 0


def multiply_adds(model) -> int:
    """Multiply-adds of the model's convolutions and dense layers for one example."""
    return sum(layer_multiply_adds(layer) for layer in model.layers)


def _has_weights(layer) -> bool:
    return isinstance(layer, tf.keras.layers.Conv2D | tf.keras.layers.Dense)


def weighted_depth(model) -> int:
    """Return the most convolution and dense layers on any path through the model."""

    @cache
    def depth(layer) -> int:
        parents = [parent for node in layer.inbound_nodes
                   for parent in tf.nest.flatten(node.inbound_layers)]
        return int(_has_weights(layer)) + max((depth(p) for p in parents), default=0)

    return max(depth(layer) for layer in model.layers)
