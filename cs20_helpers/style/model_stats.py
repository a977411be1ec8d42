"""Size, cost and depth of a Keras model: the figures of the lecture's case studies.

``multiply_adds`` counts the multiply-adds of the convolutions and dense layers for one image
(pooling, normalization, activations and additions are left out: they are a small share);
``weighted_depth`` is the number of weight layers on the longest path from input to output,
the depth the papers name their nets by (VGG-16, ResNet-50).

Both work on Keras 2 (``tf_keras``, which the notebooks run) and Keras 3 (TensorFlow 2.21's
default ``tf.keras``): shapes come from ``layer.input`` and ``layer.output``, and the graph from
the layers' inbound nodes, which both versions keep (``node.layer`` in Keras 2, ``node.operation``
in Keras 3).
"""

from __future__ import annotations

__all__ = ["layer_multiply_adds", "multiply_adds", "weighted_depth"]

import math
from functools import cache

import tensorflow as tf


def _shape(tensor) -> list:
    """Return the shape of a layer's single input or output tensor as a list."""
    if isinstance(tensor, list | tuple):
        (tensor,) = tensor
    return list(tensor.shape)


def _layers_of(layer):
    """Return the ``layers`` module of the Keras that made ``layer`` (Keras 3 or tf_keras)."""
    if type(layer).__module__.startswith("keras."):
        import keras

        return keras.layers
    return tf.keras.layers


def layer_multiply_adds(layer) -> int:
    """Multiply-adds of one layer for one example; 0 for layers without weights."""
    layers = _layers_of(layer)
    if isinstance(layer, layers.DepthwiseConv2D):
        _, height, width, channels = _shape(layer.output)
        kh, kw = layer.kernel_size
        return height * width * channels * kh * kw
    if isinstance(layer, layers.Conv2D):
        _, height, width, channels = _shape(layer.output)
        kh, kw = layer.kernel_size
        in_channels = _shape(layer.input)[-1]
        return height * width * channels * kh * kw * in_channels // layer.groups
    if isinstance(layer, layers.Dense):
        inputs = _shape(layer.input)
        positions = math.prod(inputs[1:-1])
        return positions * inputs[-1] * layer.units
    return 0


def multiply_adds(model) -> int:
    """Multiply-adds of the model's convolutions and dense layers for one example."""
    return sum(layer_multiply_adds(layer) for layer in model.layers)


def _has_weights(layer) -> bool:
    layers = _layers_of(layer)
    return isinstance(layer, layers.Conv2D | layers.Dense)


def weighted_depth(model) -> int:
    """Return the most convolution and dense layers on any path through the model."""

    @cache
    def depth(node) -> int:
        layer = getattr(node, "operation", None) or node.layer  # Keras 3, else Keras 2
        return int(_has_weights(layer)) + max((depth(p) for p in node.parent_nodes), default=0)

    return max(depth(node) for layer in model.layers for node in layer._inbound_nodes)
