"""TF1-style layer builders of ``variable_scope`` + ``get_variable``, as the course builds them.

Each builder opens a variable scope named after the layer and inherits ``reuse`` from the
enclosing scope, so towers share weights with ``variable_scope(..., reuse=True)`` and an
unintended second use still raises. Use inside an explicit ``tf.Graph``.
"""

from __future__ import annotations

__all__ = ["conv_relu", "conv_transpose", "count_params", "dropout", "flatten", "fully_connected",
    "max_pool", "VGG_BLOCKS", "VGG_FILTER_SCALE", "vgg_net"]

import tensorflow as tf

tf1 = tf.compat.v1


def conv_relu(inputs: tf.Tensor, filters: int, k_size: int, stride: int = 1,
              padding: str = "SAME", scope_name: str = "conv", initializer=None) -> tf.Tensor:
    """Convolve NHWC ``inputs`` with ``filters`` k_size x k_size kernels, add a bias, apply ReLU.

    ``initializer`` draws the kernel (default: Glorot uniform); the bias starts at zero."""
    in_channels = inputs.shape[-1]
    with tf1.variable_scope(scope_name):
        kernel = tf1.get_variable("kernel", [k_size, k_size, in_channels, filters],
                                  initializer=initializer or tf1.glorot_uniform_initializer())
        biases = tf1.get_variable("biases", [filters], initializer=tf1.zeros_initializer())
        conv = tf.nn.conv2d(inputs, kernel, strides=[1, stride, stride, 1], padding=padding)
        return tf.nn.relu(conv + biases, name="relu")


def max_pool(inputs: tf.Tensor, k_size: int = 2, stride: int = 2, padding: str = "VALID",
             scope_name: str = "pool") -> tf.Tensor:
    """Max-pool NHWC ``inputs`` over k_size x k_size windows moved by ``stride``."""
    with tf1.variable_scope(scope_name):
        return tf.nn.max_pool2d(inputs, ksize=[1, k_size, k_size, 1],
                                strides=[1, stride, stride, 1], padding=padding)


def flatten(inputs: tf.Tensor, scope_name: str = "flatten") -> tf.Tensor:
    """Reshape ``[N, ...]`` to ``[N, features]``; the feature count must be known statically."""
    features = 1
    for dim in inputs.shape[1:]:
        if dim is None:
            raise ValueError(f"flatten needs a static shape after the batch axis: {inputs.shape}")
        features *= dim
    with tf1.variable_scope(scope_name):
        return tf.reshape(inputs, [-1, features])


def fully_connected(inputs: tf.Tensor, out_dim: int, scope_name: str = "fc",
                    activation=None, initializer=None) -> tf.Tensor:
    """Affine layer ``inputs @ weights + biases`` on ``[N, in_dim]``, then ``activation`` if any.

    ``initializer`` draws the weights (default: Glorot uniform); the biases start at zero."""
    in_dim = inputs.shape[-1]
    with tf1.variable_scope(scope_name):
        weights = tf1.get_variable("weights", [in_dim, out_dim],
                                   initializer=initializer or tf1.glorot_uniform_initializer())
        biases = tf1.get_variable("biases", [out_dim], initializer=tf1.zeros_initializer())
        out = tf.matmul(inputs, weights) + biases
        return activation(out) if activation is not None else out


def dropout(inputs: tf.Tensor, rate: float | tf.Tensor, training: bool | tf.Tensor,
            scope_name: str = "dropout") -> tf.Tensor:
    """Drop units with probability ``rate`` only while ``training`` is true.

    The course's convnet used a constant ``keep_prob`` of 0.75 and a Python-only training flag
    the graph never read, so it dropped units at evaluation too; a ``training`` tensor the
    graph reads makes evaluation deterministic by construction.
    """
    with tf1.variable_scope(scope_name):
        training = tf.convert_to_tensor(training, dtype=tf.bool)
        return tf.cond(training, lambda: tf.nn.dropout(inputs, rate=rate),
                       lambda: tf.identity(inputs))


def conv_transpose(inputs: tf.Tensor, filters: int, k_size: int, stride: int = 2,
                   scope_name: str = "deconv", activation=tf.nn.relu) -> tf.Tensor:
    """Transposed convolution of NHWC ``inputs``: ``[N, H, W, C]`` -> ``[N, H*stride, W*stride,
    filters]`` (SAME padding), plus a bias, then ``activation`` if any.

    It is the adjoint of a strided convolution with the same kernel, so it undoes the
    shrinking (not the values) of ``conv_relu(..., stride=stride)``: the decoder half of an
    autoencoder. The kernel is ``[k, k, filters, C]``, output channels before input channels.
    """
    _, height, width, in_channels = inputs.shape
    with tf1.variable_scope(scope_name):
        kernel = tf1.get_variable("kernel", [k_size, k_size, filters, in_channels],
                                  initializer=tf1.glorot_uniform_initializer())
        biases = tf1.get_variable("biases", [filters], initializer=tf1.zeros_initializer())
        out_shape = tf.stack([tf.shape(inputs)[0], height * stride, width * stride, filters])
        out = tf.nn.conv2d_transpose(inputs, kernel, out_shape,
                                     strides=[1, stride, stride, 1], padding="SAME")
        out.set_shape([None, height * stride, width * stride, filters])
        out = out + biases
        return activation(out) if activation is not None else out


def count_params(variables=None) -> int:
    """Return the number of scalars in ``variables`` (default: the graph's trainable ones)."""
    if variables is None:
        variables = tf1.trainable_variables()
    total = 0
    for var in variables:
        total += int(tf.TensorShape(var.shape).num_elements())
    return total


#: Convolutions in each of VGG's five blocks: configurations D (16 weight layers) and
#: E (19) of Simonyan & Zisserman, "Very Deep Convolutional Networks" (2014), table 1.
VGG_BLOCKS = {16: (2, 2, 3, 3, 3), 19: (2, 2, 4, 4, 4)}
#: Channels of the five blocks in units of the first block's (64 in the paper).
VGG_FILTER_SCALE = (1, 2, 4, 8, 8)


def vgg_net(images: tf.Tensor, keep_prob: float | tf.Tensor, num_classes: int | None,
            depth: int = 16, *, base_filters: int = 64, fc_units: int = 4096,
            training: bool | tf.Tensor = True, initializer=None) -> tf.Tensor:
    """Return VGG-``depth`` logits ``[N, num_classes]`` for NHWC ``images``.

    Five blocks of 3x3 ``conv_relu`` layers, each closed by a 2x2 max pool, then two ReLU
    layers of ``fc_units`` with dropout and a linear classifier. Block ``b`` has
    ``base_filters * VGG_FILTER_SCALE[b]`` channels: the paper's 64 gives 64-128-256-512-512;
    a smaller ``base_filters`` and ``fc_units`` (say 8 and 128) make a model that trains on
    64x64 images on a CPU. Units are kept with probability ``keep_prob`` while ``training``.
    With ``num_classes=None`` the classifier is left off and the output of the second fc
    layer is returned (VGG as an image encoder).

    ``initializer`` draws every kernel and weight matrix. The default is He et al.'s (2015)
    variance scaling for ReLU layers (truncated normal, variance 2 / fan-in), which keeps the
    signal's size through all the layers; with the layer helpers' Glorot default a randomly
    initialised VGG-16 can sit at chance level for dozens of steps before it starts learning.

    Scopes follow the released weights: ``conv1_1`` ... ``conv5_4``, ``pool1`` ... ``pool5``,
    ``fc6``, ``fc7``, ``fc8``; call it inside a ``variable_scope(..., reuse=True)`` to share them.
    """
    if depth not in VGG_BLOCKS:
        raise ValueError(f"depth must be one of {sorted(VGG_BLOCKS)}, not {depth}")
    if initializer is None:
        initializer = tf1.variance_scaling_initializer(2.0, distribution="truncated_normal")
    net = images
    blocks = zip(VGG_BLOCKS[depth], VGG_FILTER_SCALE, strict=True)
    for block, (convs, scale) in enumerate(blocks, start=1):
        for i in range(1, convs + 1):
            net = conv_relu(net, base_filters * scale, 3, scope_name=f"conv{block}_{i}",
                            initializer=initializer)
        net = max_pool(net, 2, 2, scope_name=f"pool{block}")
    net = flatten(net)
    for name in ("fc6", "fc7"):
        net = fully_connected(net, fc_units, scope_name=name, activation=tf.nn.relu,
                              initializer=initializer)
        net = dropout(net, rate=1.0 - keep_prob, training=training, scope_name=f"{name}_dropout")
    if num_classes is None:
        return net
    return fully_connected(net, num_classes, scope_name="fc8", initializer=initializer)
