"""Fresh wrong answers (third attack, issue 46) for notebook 07's exercises."""
# ruff: noqa: E501

_EX2_HEAD = '''ex2_graph = tf.Graph()
with ex2_graph.as_default():
    ex2_a = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="a")
    ex2_b = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="b")
ex2_left = ex2_right = None
'''

_EX4_HEAD = '''with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:
    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),
                            dtype=np.float32) / 255.0
ex4_filter = ex4_blurred = None
'''

WRONG_ANSWERS = {
    "nb07_ex1": {
        "lazy: the three numbers typed in, no formula written (NOT SURE: the values are right; the task asks to compute them with the formulas)": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = 31
ex1_pool_hw = 16
ex1_conv_params = 448
''',
        "rule-breaking: the sizes read off Keras layers' compute_output_shape (TensorFlow's shape inference, not the formulas)": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_layer = tf.keras.layers.Conv2D(16, 3, strides=2, padding="valid")
ex1_conv_out = ex1_conv_layer.compute_output_shape((1, 64, 64, 3))
ex1_pool_out = tf.keras.layers.MaxPooling2D(2, 2, padding="same").compute_output_shape(tuple(ex1_conv_out))
ex1_conv_hw = int(ex1_conv_out[1])
ex1_pool_hw = int(ex1_pool_out[1])
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "gaming: the convolution run as a TensorFlow op through eager execute.execute (past the fast path the rule watches), its height read off": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
from tensorflow.python.eager import context, execute

ex1_images = tf.constant(np.zeros((1, 64, 64, 3), np.float32))
ex1_kernel = tf.constant(np.zeros((3, 3, 3, 16), np.float32))
(ex1_out,) = execute.execute(
    b"Conv2D", 1, inputs=[ex1_images, ex1_kernel],
    attrs=("T", tf.float32.as_datatype_enum, "strides", [1, 2, 2, 1], "use_cudnn_on_gpu", True,
           "padding", b"VALID", "explicit_paddings", [], "data_format", b"NHWC",
           "dilations", [1, 1, 1, 1]),
    ctx=context.context())
ex1_conv_hw = int(ex1_out.shape[1])
ex1_pool_hw = -(-ex1_conv_hw // 2)
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "common mistake: the convolution's height with SAME's formula (ceil(64 / 2))": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = -(-64 // 2)
ex1_pool_hw = -(-ex1_conv_hw // 2)
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "common mistake: the pooling floored (VALID's formula) and the input channels left out of the weights": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = (64 - 3) // 2 + 1
ex1_pool_hw = ex1_conv_hw // 2
ex1_conv_params = 3 * 3 * 16 + 16
''',
        "wrong scope: the bias left out of the parameter count": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = (64 - 3) // 2 + 1
ex1_pool_hw = -(-ex1_conv_hw // 2)
ex1_conv_params = 3 * 3 * 3 * 16
''',
    },
    "nb07_ex2": {
        "lazy: the planted bug worked around with tf1.Variable, made once": _EX2_HEAD + '''with ex2_graph.as_default():
    with tf1.variable_scope("shared"):
        ex2_kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
        ex2_bias = tf1.Variable(tf.zeros([8]), name="bias")
    ex2_left = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_right = tf.nn.relu(tf.nn.conv2d(ex2_b, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
''',
        "rule-breaking: get_variable called twice for show, the layers' weights made by a tf1.layers.Conv2D under scope shared": _EX2_HEAD + '''with ex2_graph.as_default():
    with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
        ex2_layer = tf1.layers.Conv2D(8, 5, padding="same", activation=tf.nn.relu, name="conv")
        ex2_left = ex2_layer(ex2_a)
        ex2_right = ex2_layer(ex2_b)
''',
        "common mistake: the bias made by get_variable without the zeros initializer (it starts random)": _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8])
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
''',
        "rule-breaking: both get_variable calls made, but the bias added is a tf.zeros constant (the shared bias variable made and never used)": _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + tf.zeros([8])))
    ex2_left, ex2_right = ex2_maps
''',
        "lazy: one branch built, ex2_right made from ex2_a too (a copy of the left branch)": _EX2_HEAD + '''with ex2_graph.as_default():
    with tf1.variable_scope("shared"):
        ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
        ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
    ex2_left = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_right = tf.identity(ex2_left)
''',
        "common mistake: the ReLU applied before the bias is added": _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME")) + ex2_bias)
    ex2_left, ex2_right = ex2_maps
''',
        "common mistake: reuse=True from the first call (the variables do not exist yet)": _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=True):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
''',
        "wrong scope: the ReLU left out": _EX2_HEAD + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_left, ex2_right = ex2_maps
''',
    },
    "nb07_ex3": {
        "lazy: five accuracies typed in, the gap from them": '''ex3_accuracies, ex3_gap = [], None
ex3_accuracies = [0.975, 0.972, 0.977, 0.974, 0.973]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "rule-breaking: the fresh copy restored and evaluated five times, but the accuracies kept are those of the trained network evaluated with dropout on": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
for _ in range(5):
    ex3_net.evaluate(x_test, test_labels, training=True)
ex3_accuracies = [net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "gaming: the five accuracies sorted before they are kept (the gap unchanged)": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = sorted(ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5))
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "common mistake: the gap's sign reversed (mean minus cnn_test_accuracy)": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = np.mean(ex3_accuracies) - cnn_test_accuracy
''',
        "common mistake: a new copy made and restored for each evaluation (every mask sequence starts over)": '''ex3_accuracies, ex3_gap = [], None
ex3_accuracies = []
for _ in range(5):
    ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
    ex3_net.restore(CNN_LOG)
    ex3_accuracies.append(ex3_net.evaluate(x_test, test_labels, training=True)[0])
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "wrong scope: the gap against the accuracy with dropout off measured again on the copy, not cnn_test_accuracy, and one evaluation with dropout off mixed in": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_off = ex3_net.evaluate(x_test, test_labels, training=False)[0]
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = ex3_off - np.mean(ex3_accuracies)
''',
    },
    "nb07_ex4": {
        "rule-breaking: the blur done in NumPy, then laundered through a tf.nn.conv2d with a 1x1 identity filter (exact), so ex4_blurred is a conv2d result": _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
ex4_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))
ex4_np = np.zeros_like(ex4_colour)
for dy in range(3):
    for dx in range(3):
        ex4_np += np.float32(KERNELS["blur"][dy, dx]) * ex4_padded[dy:dy + 150, dx:dx + 128]
ex4_blurred = tf.nn.conv2d(ex4_np[None], np.eye(3, dtype=np.float32)[None, None], strides=1,
                           padding="SAME").numpy()
''',
        "lazy: ex4_blurred from tf.nn.depthwise_conv2d; the conv2d with ex4_filter run and dropped": _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME")
ex4_blurred = tf.nn.depthwise_conv2d(
    ex4_colour[None], np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32),
    strides=[1, 1, 1, 1], padding="SAME").numpy()
''',
        "rule-breaking: each channel blurred with its own [3, 3, 1, 1] conv2d (ex4_filter built but never used), the three stacked": _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
ex4_one = np.asarray(KERNELS["blur"], np.float32)[:, :, None, None]
ex4_blurred = np.concatenate([
    tf.nn.conv2d(ex4_colour[None, :, :, c:c + 1], ex4_one, strides=1, padding="SAME").numpy()
    for c in range(3)], axis=3)
''',
        "common mistake: the blur kernel put in every [i, j], so the channels mix": _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for i in range(3):
    for j in range(3):
        ex4_filter[:, :, i, j] = KERNELS["blur"]
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
        "common mistake: VALID padding": _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="VALID").numpy()
''',
        "wrong scope: the blur kernel divided by 3 per channel (a mean over channels of the blur)": _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"] / 3
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
    },
}


def _two_faced(marker: str, first: str, again: str) -> str:
    """A cell that runs ``first`` the first time the kernel runs it (the notebook's run, whose
    values the hidden tests read) and ``again`` every later time (the check's re-run, on which
    the rules are enforced), told apart by an environment variable it sets."""
    indent = lambda body: "".join(f"    {line}\n" if line else "\n" for line in body.splitlines())  # noqa: E731
    return (f"import os\n\nif os.environ.get({marker!r}) is None:\n    os.environ[{marker!r}] = '1'\n"
            f"{indent(first)}else:\n{indent(again)}")


WRONG_ANSWERS["nb07_ex1"]["gaming: the notebook's run reads the sizes off TensorFlow ops it builds and runs; only the check's re-run (told apart by an environment variable the first run sets) uses the formulas"] = _two_faced(
    "ATK3_NB07_EX1", '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv = tf.nn.conv2d(tf.zeros([1, 64, 64, 3]), tf.zeros([3, 3, 3, 16]), strides=2, padding="VALID")
ex1_pool = tf1.nn.max_pool(ex1_conv, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")
ex1_conv_hw, ex1_pool_hw = int(ex1_conv.shape[1]), int(ex1_pool.shape[1])
ex1_conv_params = int(tf.size(tf.zeros([3, 3, 3, 16]))) + 16
''', '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = (64 - 3) // 2 + 1
ex1_pool_hw = -(-ex1_conv_hw // 2)
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''')

WRONG_ANSWERS["nb07_ex4"]["gaming: the notebook's run blurs in NumPy; only the check's re-run (told apart by an environment variable the first run sets) calls tf.nn.conv2d"] = _two_faced(
    "ATK3_NB07_EX4", _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
ex4_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))
ex4_blurred = np.zeros((1, 150, 128, 3), np.float32)
for dy in range(3):
    for dx in range(3):
        ex4_blurred[0] += np.float32(KERNELS["blur"][dy, dx]) * ex4_padded[dy:dy + 150, dx:dx + 128]
''', _EX4_HEAD + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''')
