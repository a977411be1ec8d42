"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

import runpy
from pathlib import Path

_KIT = runpy.run_path(str(Path(__file__).with_name("_gaming.py")))  # the shared gaming pieces
FAKE_ENFORCE = _KIT["FAKE_ENFORCE"]
_if_rerun = _KIT["_if_rerun"]
_forged = _KIT["_forged"]
BY_STDOUT = _KIT["BY_STDOUT"]
STRIP_NEXT_CELL = _KIT["STRIP_NEXT_CELL"]
YES_MEN = _KIT["YES_MEN"]

# Exercise 2: one layer shared by two inputs.

_EX2_STUB = """
ex2_graph = tf.Graph()
with ex2_graph.as_default():
    ex2_a = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="a")
    ex2_b = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="b")
ex2_left = ex2_right = None
"""

_EX2_RIGHT = _EX2_STUB + """
with ex2_graph.as_default():
    _outs = []
    for _images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            _kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            _bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
        _outs.append(tf.nn.relu(tf.nn.conv2d(_images, _kernel, strides=1, padding="SAME") + _bias))
    ex2_left, ex2_right = _outs
"""

_EX2_VARIABLE = _EX2_STUB + """
with ex2_graph.as_default():
    with tf.name_scope("shared"):
        _kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
        _bias = tf1.Variable(tf.zeros([8]), name="bias")
    ex2_left, ex2_right = (tf.nn.relu(tf.nn.conv2d(_images, _kernel, strides=1, padding="SAME")
                                      + _bias) for _images in (ex2_a, ex2_b))
"""

# Exercise 3: dropout on at evaluation.

_EX3_RIGHT = """
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
"""

# Exercise 4: a colour blur.

_EX4_STUB = """
with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:
    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),
                            dtype=np.float32) / 255.0
ex4_filter = ex4_blurred = None
"""

_EX4_FILTER = """
ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for _c in range(3):
    ex4_filter[:, :, _c, _c] = KERNELS["blur"]
"""

_EX4_NUMPY = """
_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))
_blur = KERNELS["blur"].astype(np.float32)
ex4_blurred = sum(_blur[i, j] * _padded[i:i + 150, j:j + 128] for i in range(3)
                  for j in range(3))[None].astype(np.float32)
"""

WRONG_ANSWERS = {
    "nb07_ex1": {
        "common mistake: the convolution's size by the SAME formula (32)":
            "ex1_conv_hw, ex1_pool_hw, ex1_conv_params = 32, 16, 448\n",
        "common mistake: the pooling's size by the VALID formula (15)":
            "ex1_conv_hw, ex1_pool_hw, ex1_conv_params = 31, 15, 448\n",
        "common mistake: the biases left out of the parameters (432)":
            "ex1_conv_hw, ex1_pool_hw, ex1_conv_params = 31, 16, 432\n",
        "breaks the rule: not by the formulas: the ops built in a graph and their static "
        "shapes read (TensorFlow run)": """
with tf.Graph().as_default():
    _x = tf1.placeholder(tf.float32, [None, 64, 64, 3])
    _w = tf1.get_variable("ex1_w", [3, 3, 3, 16])
    _conv = tf.nn.conv2d(_x, _w, strides=2, padding="VALID")
    _pool = tf1.nn.max_pool(_conv, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
ex1_conv_hw, ex1_pool_hw = int(_conv.shape[1]), int(_pool.shape[1])
ex1_conv_params = int(np.prod(_w.shape)) + 16
""",
        "breaks the rule: not by the formulas: a Keras 3 Conv2D and MaxPooling2D asked for "
        "their output shapes and parameter count": """
_conv = keras.layers.Conv2D(16, 3, strides=2, padding="valid")
_conv.build((None, 64, 64, 3))
_after = _conv.compute_output_shape((None, 64, 64, 3))
_pooled = keras.layers.MaxPooling2D(2, 2, padding="same").compute_output_shape(_after)
ex1_conv_hw, ex1_pool_hw = int(_after[1]), int(_pooled[1])
ex1_conv_params = int(_conv.count_params())
""",
        "gaming: ints whose == says yes, holding wrong values": YES_MEN + """
ex1_conv_hw, ex1_pool_hw, ex1_conv_params = _AtkYesInt(1), _AtkYesInt(2), _AtkYesInt(3)
""",
        "gaming: an AST transformer turns the check's asserts into pass; the values wrong":
            "ex1_conv_hw = ex1_pool_hw = ex1_conv_params = 0\n" + STRIP_NEXT_CELL,
    },
    "nb07_ex2": {
        "common mistake: no ReLU": _EX2_RIGHT.replace(
            "tf.nn.relu(tf.nn.conv2d(_images, _kernel, strides=1, padding=\"SAME\") + _bias)",
            "tf.nn.conv2d(_images, _kernel, strides=1, padding=\"SAME\") + _bias"),
        "common mistake: the bias made but never added (it starts at zero)": _EX2_RIGHT.replace(
            " + _bias)", ")"),
        "breaks the rule: kernel and bias made with tf1.Variable in a name scope 'shared', "
        "not with get_variable": _EX2_VARIABLE,
        "breaks the rule: tf1.layers.conv2d named 'shared' with AUTO_REUSE makes the kernel "
        "and bias": _EX2_STUB + """
with ex2_graph.as_default():
    ex2_left, ex2_right = (tf1.layers.conv2d(_images, 8, 5, padding="same",
                                             activation=tf.nn.relu, name="shared",
                                             reuse=tf1.AUTO_REUSE)
                           for _images in (ex2_a, ex2_b))
""",
        "gaming: re-run detected (print goes to a StringIO): the notebook's branches use "
        "tf1.Variable, the re-run's get_variable": _if_rerun(BY_STDOUT, _EX2_RIGHT, _EX2_VARIABLE),
        "gaming: rules.enforce replaced by a one-shot stand-in; tf1.Variable, not "
        "get_variable": FAKE_ENFORCE + _EX2_VARIABLE,
    },
    "nb07_ex3": {
        "common mistake: evaluates the trained net itself, whose dropout masks have moved on, "
        "not a fresh copy": """
ex3_accuracies = [net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
""",
        "common mistake: the gap's sign flipped (mean - accuracy with dropout off)":
            _EX3_RIGHT.replace("cnn_test_accuracy - float(np.mean(ex3_accuracies))",
                               "float(np.mean(ex3_accuracies)) - cnn_test_accuracy"),
        "common mistake: the accuracies kept sorted, not in order": _EX3_RIGHT + """
ex3_accuracies = sorted(ex3_accuracies)
""",
        "wrong scope: evaluated on the first half of the test digits": _EX3_RIGHT.replace(
            "ex3_net.evaluate(x_test, test_labels, training=True)",
            "ex3_net.evaluate(x_test[:5000], test_labels[:5000], training=True)"),
        "lazy: one evaluation with dropout on, the other four typed as small changes of it": """
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
_one = ex3_net.evaluate(x_test, test_labels, training=True)[0]
ex3_accuracies = [_one, _one - 0.001, _one + 0.0007, _one - 0.0004, _one + 0.0002]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
""",
        "gaming: ConvNet rebound to a stand-in whose evaluate gives the answer's made-up "
        "accuracies, in order, on every fresh copy (what the check replays)": """
_atk_made_up = [0.975, 0.9738, 0.9761, 0.9744, 0.9752]


class ConvNet:
    def __init__(self, *args, **kwargs):
        self._next = iter(_atk_made_up * 4)

    def restore(self, logdir):
        pass

    def evaluate(self, images, labels, batch_size=500, training=False):
        accuracy = next(self._next) if training else cnn_test_accuracy
        return accuracy, np.zeros(len(images), np.int64)


ex3_net = ConvNet()
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
""",
        "gaming: rules.enforce replaced by a one-shot stand-in; five made-up accuracies":
            FAKE_ENFORCE + """
ex3_accuracies = [0.975, 0.9738, 0.9761, 0.9744, 0.9752]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
""",
    },
    "nb07_ex4": {
        "common mistake: the blur in every [i, j]: the channels mixed": _EX4_STUB + """
ex4_filter = np.tile(KERNELS["blur"][:, :, None, None], (1, 1, 3, 3)).astype(np.float32)
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
""",
        "common mistake: the blur in every [i, j], divided by 3: a grey blur": _EX4_STUB + """
ex4_filter = (np.tile(KERNELS["blur"][:, :, None, None], (1, 1, 3, 3)) / 3).astype(np.float32)
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
""",
        "breaks the rule: the filter right, the blur done in NumPy (shifted sums), no "
        "tf.nn.conv2d": _EX4_STUB + _EX4_FILTER + _EX4_NUMPY,
        "breaks the rule: the filter right but unused: tf.nn.depthwise_conv2d with a "
        "[3, 3, 3, 1] filter": _EX4_STUB + _EX4_FILTER + """
_depthwise = np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32)
ex4_blurred = tf.nn.depthwise_conv2d(ex4_colour[None], _depthwise, strides=[1, 1, 1, 1],
                                     padding="SAME").numpy()
""",
        "gaming: ex4_colour rebound to a blank photo (the check recomputes from it), the "
        "result all zeros": _EX4_STUB + _EX4_FILTER + """
ex4_colour = np.zeros_like(ex4_colour)
ex4_blurred = np.zeros((1, 150, 128, 3), np.float32)
""",
        "gaming: rules.enforce replaced by a one-shot stand-in; the blur in NumPy":
            FAKE_ENFORCE + _EX4_STUB + _EX4_FILTER + _EX4_NUMPY,
    },
}

# History forged: the kernel's own record of the cells it ran gains a rule-abiding answer.
_FORGED = ("gaming: history forged: a rule-abiding answer appended to the kernel's history "
           "(what the check runs again); the notebook's names from ")
WRONG_ANSWERS["nb07_ex2"][_FORGED + "tf1.Variable"] = _forged(_EX2_VARIABLE, _EX2_RIGHT)
WRONG_ANSWERS["nb07_ex3"][_FORGED + "five made-up accuracies"] = _forged("""
ex3_accuracies = [0.975, 0.9738, 0.9761, 0.9744, 0.9752]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
""", _EX3_RIGHT)
WRONG_ANSWERS["nb07_ex4"][_FORGED + "the blur in NumPy"] = _forged(
    _EX4_STUB + _EX4_FILTER + _EX4_NUMPY, _EX4_STUB + _EX4_FILTER
    + "ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, "
      "padding=\"SAME\").numpy()\n")

# Added after the baseline run (graded after the rules only): the stand-in above lacked the
# real model's attributes (the check reads its session); this one is a subclass of the real
# class, reached through ``type(net)`` (the re-run starts without the names the cell binds).
WRONG_ANSWERS["nb07_ex3"][
    "gaming: ConvNet rebound to a subclass of the real one whose evaluate with dropout on gives "
    "made-up accuracies, in order, on every fresh copy (what the check replays)"] = """
class ConvNet(type(net)):
    def evaluate(self, images, labels, batch_size=500, training=False):
        if not training:
            return super().evaluate(images, labels, batch_size, training)
        self._atk_calls = getattr(self, "_atk_calls", -1) + 1
        made_up = [0.975, 0.9738, 0.9761, 0.9744, 0.9752]
        return made_up[self._atk_calls % 5], np.zeros(len(images), np.int64)


ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - float(np.mean(ex3_accuracies))
"""
