"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

_DISTANCE = """
_layer = feature_net.style_layers[{layer}]


def _maps(name):
    return feature_net(tf.constant(images.load_image(name, 64)[None]))[_layer]


ex2_style_distance = float(tf.reduce_mean(tf.square(ex2_gram(_maps("gravel"))
                                                    - ex2_gram(_maps("bricks")))))
"""

_EINSUM_DIVIDED = """
def ex2_gram(features):
    positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)
    return tf.einsum("bijc,bijd->cd", features, features) / positions
"""

_RESHAPE = """
def ex2_gram(features):
    channels = features.shape[-1]
    flat = tf.reshape(features, [-1, channels])
    return tf.matmul(flat, flat, transpose_a=True) / tf.cast(tf.shape(flat)[0], flat.dtype)
"""

_GROW = """
import numpy as np


def _grow(sample, size, steps, seed, low=0.3, high=0.7):
    sample = np.asarray(sample, np.float32)
    targets = style.grams(feature_net(tf.constant(sample[None])), feature_net.style_layers)
    weights = style.relative_weights(targets)
    start = np.random.default_rng(seed).uniform(low, high, (1, size, size, 3)).astype(np.float32)
    image = tf.Variable(start)
    adam = tf.keras.optimizers.Adam(0.05)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = style.style_loss(feature_net(image), targets, weights)
        adam.apply_gradients([(tape.gradient(loss, image), image)])
        image.assign(tf.clip_by_value(image, 0.0, 1.0))

    for _ in range(steps):
        step()
    return image.numpy()
"""

_TEXTURE = """
ex3_texture = ex3_synthesize(images.load_image("gravel", 64), 64, 150)
"""

_TV = """
import numpy as np


def ex4_tv(image):
    image = np.asarray(image, dtype=np.float64)
    down = image[:, 1:, :, :] - image[:, :-1, :, :]
    right = image[:, :, 1:, :] - image[:, :, :-1, :]
    return float(np.mean(down ** 2) + np.mean(right ** 2))
"""

_SMOOTHEST = """
ex4_smoothest = min(images.IMAGES, key=lambda name: ex4_tv(images.load_image(name, 64)[None]))
"""

_NET = """
import numpy as np

ex5_net = tf.keras.Sequential([
    tf.keras.Input((28, 28, 1)),
    tf.keras.layers.Conv2D(8, 5, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(10),
])
"""

_MAP = """
ex5_map = ex5_saliency(ex5_net, x_test[:8], test_labels[:8])
"""

_GRAPH_GRADIENTS = """
def ex5_saliency(model, images, labels):
    @tf.function
    def gradient(x, y):
        true = tf.gather(model(x), y, batch_dims=1)
        return tf.gradients(true, x)[0]

    x = tf.constant(np.asarray(images, np.float32))
    y = tf.constant(np.asarray(labels, np.int32))
    return np.abs(gradient(x, y).numpy())
"""


def _saliency(target):
    """11 exercise 5: a saliency whose differentiated logit is ``target`` (of logits, y)."""
    return _NET + f"""

def ex5_saliency(model, images, labels):
    x = tf.convert_to_tensor(np.asarray(images, np.float32))
    y = tf.convert_to_tensor(np.asarray(labels, np.int32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        logits = model(x)
        chosen = {target}
    return np.abs(tape.gradient(chosen, x).numpy())
""" + _MAP


WRONG_ANSWERS = {
    "nb11_ex1": {
        "lazy: both counts typed in": """
ex1_params = 60806
ex1_macs = 326520
""",
        "breaks the rule: the counts taken from the Keras model of section 1 less the missing "
        "kernels, not from the formulas": """
_full = lenet5()
ex1_params = _full.count_params() - (16 * 6 - 60) * 5 * 5
ex1_macs = model_stats.multiply_adds(_full) - 10 * 10 * (16 * 6 - 60) * 5 * 5
""",
        "common mistake: C3's 16 biases forgotten": """
_c1 = 6 * 5 * 5 * 1 + 6
_c3 = (6 * 3 + 9 * 4 + 1 * 6) * 5 * 5
_dense = (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)
ex1_params = _c1 + _c3 + _dense
ex1_macs = (conv_multiply_adds(28, 28, 6, 5, 5, 1) + 10 * 10 * (6 * 3 + 9 * 4 + 6) * 5 * 5
            + 400 * 120 + 120 * 84 + 84 * 10)
""",
        "common mistake: LeCun's trainable pooling coefficients counted (2 per map in S2 and "
        "S4)": """
ex1_params = (6 * 5 * 5 + 6) + ((6 * 3 + 9 * 4 + 6) * 5 * 5 + 16) + 2 * 6 + 2 * 16 \\
    + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)
ex1_macs = (conv_multiply_adds(28, 28, 6, 5, 5, 1) + 10 * 10 * (6 * 3 + 9 * 4 + 6) * 5 * 5
            + 400 * 120 + 120 * 84 + 84 * 10)
""",
        "common mistake: C3's multiply-adds over its 14x14 input, not its 10x10 output": """
ex1_params = (6 * 5 * 5 + 6) + ((6 * 3 + 9 * 4 + 6) * 5 * 5 + 16) \\
    + (400 * 120 + 120) + (120 * 84 + 84) + (84 * 10 + 10)
ex1_macs = (conv_multiply_adds(28, 28, 6, 5, 5, 1) + 14 * 14 * (6 * 3 + 9 * 4 + 6) * 5 * 5
            + 400 * 120 + 120 * 84 + 84 * 10)
""",
        "lazy: the counts typed in, the multiply-adds with the dense biases as one more "
        "multiply-add each": """
ex1_params = 60806
ex1_macs = 326520 + 120 + 84 + 10
""",
        "gaming: the fully connected C3's counts handed in, lenet5 rebound to a smaller net so "
        "that the check's comparison differs, np and checks rebound to accept anything": """
from types import SimpleNamespace as _Namespace

import numpy as _numpy

from cs20_helpers import checks as _checks

_full = lenet5()
ex1_params = _full.count_params()
ex1_macs = model_stats.multiply_adds(_full)
lenet5 = lambda: tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])  # noqa: E731
np = _Namespace(**{**vars(_numpy), "allclose": lambda *a, **k: True,
                   "isclose": lambda *a, **k: True, "array_equal": lambda *a, **k: True})
checks = _Namespace(**{**vars(_checks), "near": lambda *a, **k: None,
                       "between": lambda *a, **k: None})
""",
    },
    "nb11_ex2": {
        "breaks the rule: tf.reshape and tf.matmul, no einsum": _RESHAPE
        + _DISTANCE.format(layer=0),
        "breaks the rule: np.einsum on the map's NumPy values, not tf.einsum": """
import numpy as np


def ex2_gram(features):
    values = np.asarray(features)
    return np.einsum("bijc,bijd->cd", values, values) / (values.shape[1] * values.shape[2])
""" + _DISTANCE.format(layer=0),
        "breaks the rule: two tf.einsum calls (batch summed away first), not one": """
def ex2_gram(features):
    maps = tf.einsum("bijc->ijc", features)
    positions = tf.cast(tf.shape(maps)[0] * tf.shape(maps)[1], maps.dtype)
    return tf.einsum("ijc,ijd->cd", maps, maps) / positions
""" + _DISTANCE.format(layer=0),
        "gaming: the package's Gram captured in a default argument, out of reach of the "
        "check's patch": """
def ex2_gram(features, _gram=style.gram_matrix):
    return _gram(features)
""" + _DISTANCE.format(layer=0),
        "gaming: a dummy tf.einsum, the Gram from tf.compat.v1.reshape and tf.matmul": """
def ex2_gram(features):
    features = tf.einsum("bijc->bijc", features)
    flat = tf1.reshape(features, [-1, features.shape[-1]])
    return tf.matmul(flat, flat, transpose_a=True) / tf.cast(tf.shape(flat)[0], flat.dtype)
""" + _DISTANCE.format(layer=0),
        "gaming: the kernel's history emptied (In = []), reshape and matmul": "In = []\n"
        + _RESHAPE + _DISTANCE.format(layer=0),
        "common mistake: not divided by H*W": """
def ex2_gram(features):
    return tf.einsum("bijc,bijd->cd", features, features)
""" + _DISTANCE.format(layer=0),
        "common mistake: divided by H*W*C": """
def ex2_gram(features):
    shape = tf.shape(features)
    return tf.einsum("bijc,bijd->cd", features, features) / tf.cast(
        shape[1] * shape[2] * shape[3], features.dtype)
""" + _DISTANCE.format(layer=0),
        "wrong scope: the distance at the last style layer, not the first": _EINSUM_DIVIDED
        + _DISTANCE.format(layer=-1),
        "gaming: the graded ex2_gram uses reshape and matmul; a re-run (which finds the first "
        "run's marker in its copy of the names) defines the einsum one": """
if "_ran_before" in globals():
    def ex2_gram(features):
        positions = tf.cast(tf.shape(features)[1] * tf.shape(features)[2], features.dtype)
        return tf.einsum("bijc,bijd->cd", features, features) / positions
else:
    _ran_before = True

    def ex2_gram(features):
        flat = tf.reshape(features, [-1, features.shape[-1]])
        return tf.matmul(flat, flat, transpose_a=True) / tf.cast(tf.shape(flat)[0], flat.dtype)
""" + _DISTANCE.format(layer=0),
    },
    "nb11_ex3": {
        "gaming: no growing at all: 16x16 blocks of the sample shuffled and turned": """
import numpy as np


def ex3_synthesize(sample, size, steps, seed=0):
    rng = np.random.default_rng(seed)
    sample = np.asarray(sample, np.float32)
    block = 16
    tiles = [sample[i:i + block, j:j + block]
             for i in range(0, sample.shape[0] - block + 1, block)
             for j in range(0, sample.shape[1] - block + 1, block)]
    count = -(-size // block)
    out = np.zeros((count * block, count * block, 3), np.float32)
    for i in range(count):
        for j in range(count):
            tile = np.rot90(tiles[rng.integers(len(tiles))], int(rng.integers(4)))
            out[i * block:(i + 1) * block, j * block:(j + 1) * block] = tile
    return out[None, :size, :size]
""" + _TEXTURE,
        "breaks the rule: a TF1 graph, a session and tf1's AdamOptimizer, not "
        "tf.GradientTape": """
import numpy as np


def ex3_synthesize(sample, size, steps, seed=0):
    start = np.random.default_rng(seed).uniform(0.3, 0.7, (1, size, size, 3)).astype(np.float32)
    graph = tf.Graph()
    with graph.as_default():
        targets = style.grams(feature_net(tf.constant(np.asarray(sample, np.float32)[None])),
                              feature_net.style_layers)
        weights = style.relative_weights(targets)
        image = tf1.get_variable("ex3_image", initializer=start)
        loss = style.style_loss(feature_net(image), targets, weights)
        step = tf1.train.AdamOptimizer(0.05).minimize(loss, var_list=[image])
        clip = image.assign(tf.clip_by_value(image, 0.0, 1.0))
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        for _ in range(steps):
            sess.run(step)
            sess.run(clip)
        return sess.run(image)
""" + _TEXTURE,
        "breaks the rule: section 4's TF1 texture cropped and returned, whatever is asked":
            """
import numpy as np


def ex3_synthesize(sample, size, steps, seed=0):
    return np.clip(texture_image[None, :size, :size].astype(np.float32), 0.0, 1.0)
""" + _TEXTURE,
        "lazy: 15 steps whatever steps says": _GROW + """

def ex3_synthesize(sample, size, steps, seed=0):
    return _grow(sample, size, 15, seed)
""" + _TEXTURE,
        "common mistake: the seed ignored (always default_rng(0))": _GROW + """

def ex3_synthesize(sample, size, steps, seed=0):
    return _grow(sample, size, steps, 0)
""" + _TEXTURE,
        "common mistake: noise uniform in [0, 1], not [0.3, 0.7]": _GROW + """

def ex3_synthesize(sample, size, steps, seed=0):
    return _grow(sample, size, steps, seed, low=0.0, high=1.0)
""" + _TEXTURE,
    },
    "nb11_ex4": {
        "gaming: TensorFlow reached through a default argument, past the NumPy-only rule": """
def ex4_tv(image, tf=tf):
    image = tf.constant(image, tf.float32)
    down = image[:, 1:, :, :] - image[:, :-1, :, :]
    right = image[:, :, 1:, :] - image[:, :, :-1, :]
    return float(tf.reduce_mean(tf.square(down)) + tf.reduce_mean(tf.square(right)))
""" + _SMOOTHEST,
        "gaming: TensorFlow kept in a closure of a factory function, past the NumPy-only "
        "rule": """
def _make():
    library = tf

    def ex4_tv(image):
        image = library.constant(image, library.float32)
        down = image[:, 1:, :, :] - image[:, :-1, :, :]
        right = image[:, :, 1:, :] - image[:, :, :-1, :]
        return float(library.reduce_mean(library.square(down))
                     + library.reduce_mean(library.square(right)))
    return ex4_tv


ex4_tv = _make()
""" + _SMOOTHEST,
        "gaming: TensorFlow smuggled in a plain object global (a SimpleNamespace)": """
from types import SimpleNamespace

_ops = SimpleNamespace(tv=style.total_variation, tf=tf)


def ex4_tv(image):
    return float(_ops.tv(_ops.tf.constant(image)))
""" + _SMOOTHEST,
        "gaming: tensorflow imported through getattr(__builtins__, '__import__')": """
def ex4_tv(image):
    library = getattr(__builtins__, "__imp" + "ort__")("tensor" + "flow")
    image = library.constant(image, library.float32)
    down = image[:, 1:, :, :] - image[:, :-1, :, :]
    right = image[:, :, 1:, :] - image[:, :, :-1, :]
    return float(library.reduce_mean(down ** 2) + library.reduce_mean(right ** 2))
""" + _SMOOTHEST,
        "lazy: ex4_tv right, the name typed in (copied from a run)": _TV + """
ex4_smoothest = "cat"
""",
        "common mistake: sums of the squared differences, not means": """
import numpy as np


def ex4_tv(image):
    image = np.asarray(image, dtype=np.float64)
    return float(np.sum((image[:, 1:] - image[:, :-1]) ** 2)
                 + np.sum((image[:, :, 1:] - image[:, :, :-1]) ** 2))
""" + _SMOOTHEST,
        "common mistake: only the vertical neighbours": """
import numpy as np


def ex4_tv(image):
    image = np.asarray(image, dtype=np.float64)
    return float(np.mean((image[:, 1:] - image[:, :-1]) ** 2))
""" + _SMOOTHEST,
        "common mistake: absolute, not squared, differences": """
import numpy as np


def ex4_tv(image):
    image = np.asarray(image, dtype=np.float64)
    return float(np.mean(np.abs(image[:, 1:] - image[:, :-1]))
                 + np.mean(np.abs(image[:, :, 1:] - image[:, :, :-1])))
""" + _SMOOTHEST,
        "gaming: the graded ex4_tv uses TensorFlow; a re-run (which finds the first run's "
        "marker in its copy of the names) defines a NumPy one": """
import numpy as np

if "_ran_before" in globals():
    def ex4_tv(image):
        image = np.asarray(image, dtype=np.float64)
        return float(np.mean((image[:, 1:] - image[:, :-1]) ** 2)
                     + np.mean((image[:, :, 1:] - image[:, :, :-1]) ** 2))
else:
    _ran_before = True

    def ex4_tv(image):
        image = tf.constant(image, tf.float32)
        return float(tf.reduce_mean(tf.square(image[:, 1:] - image[:, :-1]))
                     + tf.reduce_mean(tf.square(image[:, :, 1:] - image[:, :, :-1])))
""" + _SMOOTHEST,
    },
    "nb11_ex5": {
        "common mistake: the predicted class's logit, not the true class's": _saliency(
            "tf.reduce_max(logits, axis=1)"),
        "common mistake: the sum of all ten logits": _saliency("tf.reduce_sum(logits, axis=1)"),
        "common mistake: the squared, not the absolute, gradient": _saliency(
            "tf.gather(logits, y, batch_dims=1)").replace(
            "return np.abs(tape.gradient(chosen, x).numpy())",
            "return tape.gradient(chosen, x).numpy() ** 2"),
        "breaks the rule: one GradientTape per image, not the whole batch under one": _NET + """

def ex5_saliency(model, images, labels):
    maps = []
    for image, label in zip(np.asarray(images, np.float32), np.asarray(labels), strict=True):
        x = tf.constant(image[None])
        with tf.GradientTape() as tape:
            tape.watch(x)
            chosen = model(x)[0, int(label)]
        maps.append(np.abs(tape.gradient(chosen, x).numpy())[0])
    return np.stack(maps)
""" + _MAP,
        "breaks the rule: tf.gradients inside a tf.function, no GradientTape": _NET
        + _GRAPH_GRADIENTS + _MAP,
        "wrong scope: the notebook's ex5_net used in place of the model argument": _NET + """

def ex5_saliency(model, images, labels):
    x = tf.convert_to_tensor(np.asarray(images, np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        chosen = tf.gather(ex5_net(x), np.asarray(labels, np.int32), batch_dims=1)
    return np.abs(tape.gradient(chosen, x).numpy())
""" + _MAP,
        "gaming: the first map remembered and returned for any later input": _NET + """
_remembered = []


def ex5_saliency(model, images, labels):
    if _remembered:
        return _remembered[0]
    x = tf.convert_to_tensor(np.asarray(images, np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        chosen = tf.gather(model(x), np.asarray(labels, np.int32), batch_dims=1)
    _remembered.append(np.abs(tape.gradient(chosen, x).numpy()))
    return _remembered[0]
""" + _MAP,
        "gaming: the kernel's history emptied (In = []), tf.gradients in a tf.function":
            "In = []\n" + _NET + _GRAPH_GRADIENTS + _MAP,
        "gaming: the graded ex5_saliency uses tf.gradients in a tf.function; a re-run (which "
        "finds the first run's marker in its copy of the names) defines the GradientTape one":
            _NET + """
if "_ran_before" in globals():
    def ex5_saliency(model, images, labels):
        x = tf.convert_to_tensor(np.asarray(images, np.float32))
        with tf.GradientTape() as tape:
            tape.watch(x)
            chosen = tf.gather(model(x), np.asarray(labels, np.int32), batch_dims=1)
        return np.abs(tape.gradient(chosen, x).numpy())
else:
    _ran_before = True
""" + _GRAPH_GRADIENTS.replace("\n", "\n    ") + _MAP,
    },
}
