"""Fresh wrong answers for notebook 07's exercises (issue 46's independent attack, set b2)."""
# ruff: noqa: E501 (the answers are whole cells, kept as a student would write them)

_G1 = "from IPython import get_ipython\nif globals() is get_ipython().user_ns:  # the notebook's own run\n"


def _indent(source: str) -> str:
    return "".join("    " + line if line.strip() else line for line in source.splitlines(True))


def _g1(kernel: str, rerun: str) -> str:
    """A cell that does ``kernel`` in the notebook's run and ``rerun`` when the check runs it again."""
    return _G1 + _indent(kernel) + "else:  # the check's re-run\n" + _indent(rerun)


def _first_time(name: str, kernel: str, rerun: str) -> str:
    """A cell that does ``kernel`` the first time it runs and ``rerun`` every later time,
    counting its runs on the builtins module (state outside any namespace the check copies)."""
    return ("import builtins\n"
            f"_runs = builtins.__dict__.setdefault({name!r}, [])\n"
            "_runs.append(1)\n"
            "if len(_runs) == 1:  # the first run: the notebook's own\n" + _indent(kernel)
            + "else:  # any later run: the check's\n" + _indent(rerun))


#: Patches NumPy's comparisons to say yes until the check cell has run, then puts them back.
_NUMPY_YES = '''import numpy
from IPython import get_ipython
import cs20_helpers.rules as _rules_module
if globals() is get_ipython().user_ns:
    _kept_numpy = {k: getattr(numpy, k) for k in ("allclose", "array_equal")}
    _kept_originals = dict(_rules_module._ORIGINALS)
    _rules_module._ORIGINALS.clear()
    numpy.allclose = lambda *a, **k: True
    numpy.array_equal = lambda *a, **k: True
    _cells_after = [0]

    def _put_numpy_back(result):
        _cells_after[0] += 1
        if _cells_after[0] == 2:
            for _k, _f in _kept_numpy.items():
                setattr(numpy, _k, _f)
            _rules_module._ORIGINALS.update(_kept_originals)

    get_ipython().events.register("post_run_cell", _put_numpy_back)
'''

_EX1_FORMULA = '''ex1_conv_hw = (64 - 3) // 2 + 1
ex1_pool_hw = -(-ex1_conv_hw // 2)
ex1_conv_params = 3 * 3 * 3 * 16 + 16
'''
_EX1_EAGER = '''_conv = tf.nn.conv2d(tf.zeros([1, 64, 64, 3]), tf.zeros([3, 3, 3, 16]), strides=2, padding="VALID")
_pool = tf1.nn.max_pool(_conv, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")
ex1_conv_hw, ex1_pool_hw = int(_conv.shape[1]), int(_pool.shape[1])
ex1_conv_params = int(tf.size(tf.zeros([3, 3, 3, 16]))) + 16
'''

_EX2_HEAD = '''ex2_graph = tf.Graph()
with ex2_graph.as_default():
    ex2_a = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="a")
    ex2_b = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="b")
'''
_EX2_HONEST = _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
'''
_EX2_VARIABLES = _EX2_HEAD + '''with ex2_graph.as_default():
    with tf1.variable_scope("shared"):
        ex2_kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
        ex2_bias = tf1.Variable(tf.zeros([8]), name="bias")
    ex2_left, ex2_right = [tf.nn.relu(tf.nn.conv2d(x, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
                           for x in (ex2_a, ex2_b)]
'''

_EX3_HONEST = '''ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
'''
_EX3_BY_RUN = '''ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = []
for _ in range(5):
    _predicted = np.concatenate([
        ex3_net.sess.run(ex3_net.predictions, {ex3_net.images: x_test[i:i + 500],
                                               ex3_net.training: True})
        for i in range(0, len(x_test), 500)])
    ex3_accuracies.append(float(np.mean(_predicted == test_labels)))
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
'''

_EX4_PHOTO = '''with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:
    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),
                            dtype=np.float32) / 255.0
'''
_EX4_FILTER = _EX4_PHOTO + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
'''
_EX4_DEPTHWISE = _EX4_FILTER + '''ex4_blurred = tf.nn.depthwise_conv2d(
    ex4_colour[None], np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32),
    strides=[1, 1, 1, 1], padding="SAME").numpy()
'''
_EX4_HONEST = _EX4_FILTER + \
    'ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()\n'

WRONG_ANSWERS = {
    "nb07_ex1": {
        "lazy (NOT SURE it is wrong, left out of the count: the task asks for the formulas, and "
        "a student may do the arithmetic by heart): the three right numbers typed in":
            "ex1_conv_hw, ex1_pool_hw, ex1_conv_params = 31, 16, 448\n",
        "lazy: numbers typed in, the convolution's size guessed as 64 / 2 and no bias":
            "ex1_conv_hw, ex1_pool_hw, ex1_conv_params = 32, 16, 432\n",
        "rule-breaking: the sizes read off eager tf.nn.conv2d and max_pool outputs":
            _EX1_EAGER,
        "rule-breaking: the sizes from TensorFlow's own helper conv_utils.conv_output_length "
        "(no op built or run), not from the formulas":
            '''from tensorflow.python.keras.utils import conv_utils
ex1_conv_hw = conv_utils.conv_output_length(64, 3, "valid", 2)
ex1_pool_hw = conv_utils.conv_output_length(ex1_conv_hw, 2, "same", 2)
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "rule-breaking: the ops built and run by TensorFlow in a subprocess, the sizes read "
        "from its output":
            '''import subprocess
import sys
_script = """
import os
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf
c = tf.nn.conv2d(tf.zeros([1, 64, 64, 3]), tf.zeros([3, 3, 3, 16]), strides=2, padding="VALID")
p = tf.nn.max_pool2d(c, 2, 2, padding="SAME")
print(c.shape[1], p.shape[1], int(tf.size(tf.zeros([3, 3, 3, 16]))) + 16)
"""
_out = subprocess.run([sys.executable, "-c", _script], capture_output=True, text=True,
                      check=True).stdout.split()
ex1_conv_hw, ex1_pool_hw, ex1_conv_params = (int(n) for n in _out[-3:])
''',
        "gaming: wrong numbers in an int subclass whose == always says yes, its __module__ "
        "set to 'builtins' so that the plain-value guard does not see a class of the notebook":
            '''class _Yes(int):
    __module__ = "builtins"

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


ex1_conv_hw, ex1_pool_hw, ex1_conv_params = _Yes(1), _Yes(1), _Yes(1)
''',
        "gaming: in the notebook's run the sizes are read off eager TensorFlow ops; the check's "
        "re-run, told apart by its namespace, uses the formulas":
            _g1(_EX1_EAGER, _EX1_FORMULA),
        "gaming: the first run of the cell (the notebook's own) does it another way; every later run (the check's), told apart by a counter kept on the builtins module, does it the task's way":
            _first_time("_b2_runs_07_ex1", _EX1_EAGER, _EX1_FORMULA),
        "common mistake: the VALID convolution's size taken as SAME's, ceil(64 / 2)":
            _EX1_FORMULA.replace("(64 - 3) // 2 + 1", "-(-64 // 2)"),
        "common mistake: the bias forgotten in the parameter count":
            _EX1_FORMULA.replace(" + 16\n", "\n"),
    },
    "nb07_ex2": {
        "lazy: one branch built, ex2_right is ex2_left":
            _EX2_HONEST.replace("    for ex2_images in (ex2_a, ex2_b):", "    for ex2_images in (ex2_a, ex2_a):"),
        "rule-breaking: the kernel and bias made with tf1.Variable in scope shared":
            _EX2_VARIABLES,
        "rule-breaking (NOT SURE it is wrong, left out of the count: tf1.layers makes its kernel "
        "and bias with get_variable itself, in scope shared): tf1.layers.conv2d with reuse":
            _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_left, ex2_right = [tf1.layers.conv2d(x, 8, 5, padding="same", activation=tf.nn.relu,
                                             name="shared", reuse=tf1.AUTO_REUSE)
                           for x in (ex2_a, ex2_b)]
''',
        "gaming: tf1.Variable made in scope shared and written into ex2_graph's variable store "
        "(what the check reads), get_variable called twice in a throwaway graph for the rule":
            _EX2_VARIABLES + '''with ex2_graph.as_default():
    _store = ex2_graph.get_collection(("__variable_store",))[0]
    _store._vars["shared/kernel"], _store._vars["shared/bias"] = ex2_kernel, ex2_bias
with tf.Graph().as_default():
    tf1.get_variable("kernel", [5, 5, 1, 8])
    tf1.get_variable("bias", [8])
''',
        "gaming: in the notebook's run the variables are tf1.Variable; the check's re-run, told "
        "apart by its namespace, uses get_variable":
            _g1(_EX2_VARIABLES, _EX2_HONEST),
        "common mistake: the bias left to get_variable's default initializer, not zeros":
            _EX2_HONEST.replace(', initializer=tf1.zeros_initializer()', ""),
        "common mistake: the ReLU applied before the bias is added":
            _EX2_HONEST.replace(
                '''tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias)''',
                '''tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME")) + ex2_bias'''),
    },
    "nb07_ex3": {
        "lazy: five accuracies and the gap typed in":
            "ex3_accuracies = [0.981, 0.979, 0.982, 0.98, 0.978]\nex3_gap = 0.011\n",
        "rule-breaking: the five evaluations done with ex3_net.sess.run on its predictions and "
        "training placeholder, not ex3_net.evaluate":
            _EX3_BY_RUN,
        "wrong scope: the notebook's own trained net evaluated, no fresh copy":
            '''ex3_net = net
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "common mistake: the gap's sign flipped":
            _EX3_HONEST.replace("cnn_test_accuracy - np.mean(ex3_accuracies)",
                                "np.mean(ex3_accuracies) - cnn_test_accuracy"),
        "gaming: in the notebook's run the evaluations bypass ex3_net.evaluate (sess.run); the "
        "check's re-run, told apart by its namespace, calls evaluate":
            _g1(_EX3_BY_RUN, _EX3_HONEST),
    },
    "nb07_ex4": {
        "lazy: ex4_blurred from a NumPy convolution, no tf.nn.conv2d":
            _EX4_FILTER + '''_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))
ex4_blurred = sum(KERNELS["blur"][i, j] * _padded[i:i + 150, j:j + 128]
                  for i in range(3) for j in range(3))[None].astype(np.float32)
''',
        "rule-breaking: ex4_blurred from tf.nn.depthwise_conv2d; tf.nn.conv2d with ex4_filter "
        "called and its result dropped":
            _EX4_DEPTHWISE + '_ = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME")\n',
        "rule-breaking: each channel blurred by its own tf.nn.conv2d with a [3, 3, 1, 1] kernel":
            _EX4_FILTER + '''_one = KERNELS["blur"][:, :, None, None].astype(np.float32)
ex4_blurred = np.concatenate([
    tf.nn.conv2d(ex4_colour[None, :, :, c:c + 1], _one, strides=1, padding="SAME").numpy()
    for c in range(3)], axis=3)
''',
        "gaming: NumPy's allclose and array_equal patched to say yes (rules._ORIGINALS emptied "
        "first); ex4_blurred is the photo unblurred, conv2d called and dropped":
            _NUMPY_YES + _EX4_FILTER +
            '_ = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME")\n'
            "ex4_blurred = ex4_colour[None].copy()\n",
        "gaming: in the notebook's run ex4_blurred comes from depthwise_conv2d; the check's "
        "re-run, told apart by its namespace, uses tf.nn.conv2d":
            _g1(_EX4_DEPTHWISE, _EX4_HONEST),
        "common mistake: the blur kernel in every [i, j], channels mixed":
            _EX4_HONEST.replace('''for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]''',
                                '''ex4_filter[:] = KERNELS["blur"][:, :, None, None]'''),
        "common mistake: VALID padding":
            _EX4_HONEST.replace('padding="SAME"', 'padding="VALID"'),
    },
}
