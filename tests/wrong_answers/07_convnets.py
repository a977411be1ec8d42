"""Wrong answers to notebook 07's exercises: each must fail its check (proved by `refute`)."""

_EX2_GRAPH = '''ex2_graph = tf.Graph()
with ex2_graph.as_default():
    ex2_a = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="a")
    ex2_b = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="b")
'''

_EX2_SHARED = '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_conv = tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME")
            ex2_maps.append({output})
    ex2_left, ex2_right = ex2_maps
'''

_EX4_PHOTO = '''with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:
    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),
                            dtype=np.float32) / 255.0
'''

_EX4_FILTER = '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
'''

_EX3_FRESH = '''ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
'''

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb07_ex1": {
        "common mistake: the SAME formula for the VALID convolution": (
            "ex1_conv_hw = -(-64 // 2)\n"
            "ex1_pool_hw = -(-ex1_conv_hw // 2)\n"
            "ex1_conv_params = 3 * 3 * 3 * 16 + 16\n"),
        "common mistake: the pooling rounded down as if VALID": (
            "ex1_conv_hw = (64 - 3) // 2 + 1\n"
            "ex1_pool_hw = ex1_conv_hw // 2\n"
            "ex1_conv_params = 3 * 3 * 3 * 16 + 16\n"),
        "common mistake: the biases left out": (
            "ex1_conv_hw = (64 - 3) // 2 + 1\n"
            "ex1_pool_hw = -(-ex1_conv_hw // 2)\n"
            "ex1_conv_params = 3 * 3 * 3 * 16\n"),
        "lazy: the input channels left out of the weights": (
            "ex1_conv_hw = (64 - 3) // 2 + 1\n"
            "ex1_pool_hw = -(-ex1_conv_hw // 2)\n"
            "ex1_conv_params = 3 * 3 * 16 + 16\n"),
        "breaks the rule: the sizes read from a graph TensorFlow built, not the formulas": '''\
with tf.Graph().as_default():
    ex1_images = tf1.placeholder(tf.float32, [None, 64, 64, 3])
    ex1_conv = tf.nn.conv2d(ex1_images, tf.zeros([3, 3, 3, 16]), strides=2, padding="VALID")
    ex1_pool = tf1.nn.max_pool(ex1_conv, 2, 2, padding="SAME")
ex1_conv_hw, ex1_pool_hw = int(ex1_conv.shape[1]), int(ex1_pool.shape[1])
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "breaks the rule: the sizes from running tf.nn.conv2d eagerly on a batch of zeros": '''\
ex1_out = tf.nn.conv2d(tf.zeros([1, 64, 64, 3]), tf.zeros([3, 3, 3, 16]), strides=2,
                       padding="VALID")
ex1_conv_hw = int(ex1_out.shape[1])
ex1_pool_hw = int(tf.nn.max_pool2d(ex1_out, 2, 2, padding="SAME").shape[1])
ex1_conv_params = int(tf.size(tf.zeros([3, 3, 3, 16]))) + 16
''',
    },
    "nb07_ex2": {
        "common mistake: a new scope per input (shared, shared_1)": _EX2_GRAPH + '''\
with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope(None, default_name="shared"):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
''',
        "lazy: both branches read ex2_a": _EX2_GRAPH + '''\
with ex2_graph.as_default(), tf1.variable_scope("shared"):
    ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
    ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
    ex2_left = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_right = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
''',
        "common mistake: tf1.Variable, a new kernel for every input": _EX2_GRAPH + '''\
with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
''',
        "common mistake: the ReLU left out":
            _EX2_GRAPH + _EX2_SHARED.format(output="ex2_conv + ex2_bias"),
        "common mistake: a bias made but never added":
            _EX2_GRAPH + _EX2_SHARED.format(output="tf.nn.relu(ex2_conv)"),
        "common mistake: the bias added after the ReLU":
            _EX2_GRAPH + _EX2_SHARED.format(output="tf.nn.relu(ex2_conv) + ex2_bias"),
        "breaks the rule: the kernel made once with tf1.Variable, only the bias by get_variable":
            _EX2_GRAPH + '''\
with ex2_graph.as_default():
    with tf1.variable_scope("shared"):
        ex2_kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(
                tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
''',
        "breaks the rule: no get_variable at all, one tf1.Variable each, shared by hand":
            _EX2_GRAPH + '''\
with ex2_graph.as_default(), tf1.variable_scope("shared"):
    ex2_kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
    ex2_bias = tf1.Variable(tf.zeros([8]), name="bias")
    ex2_left, ex2_right = (
        tf.nn.relu(tf.nn.conv2d(images, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
        for images in (ex2_a, ex2_b))
''',
    },
    "nb07_ex3": {
        "lazy: five made-up distinct accuracies near 0.98": (
            "ex3_accuracies = [0.9805, 0.9795, 0.981, 0.979, 0.98]\n"
            "ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)\n"),
        "lazy: the trained net's accuracy with dropout off, nudged five ways": (
            "ex3_accuracies = [cnn_test_accuracy - d\n"
            "                  for d in (0.001, 0.002, 0.003, 0.004, 0.005)]\n"
            "ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)\n"),
        "common mistake: dropout left off (no training=True)": _EX3_FRESH + (
            "ex3_accuracies = [ex3_net.evaluate(x_test, test_labels)[0] for _ in range(5)]\n"
            "ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)\n"),
        "common mistake: the gap the wrong way round": _EX3_FRESH + (
            "ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0]\n"
            "                  for _ in range(5)]\n"
            "ex3_gap = np.mean(ex3_accuracies) - cnn_test_accuracy\n"),
        "the accuracies sorted, not in the order measured": _EX3_FRESH + (
            "ex3_accuracies = sorted(ex3_net.evaluate(x_test, test_labels, training=True)[0]\n"
            "                        for _ in range(5))\n"
            "ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)\n"),
        "breaks the rule: the evaluation written by hand with sess.run, not ex3_net.evaluate":
            _EX3_FRESH + '''\
ex3_accuracies = []
for _ in range(5):
    ex3_predicted = np.concatenate([
        ex3_net.sess.run(ex3_net.predictions, {ex3_net.images: x_test[i:i + 500],
                                               ex3_net.training: True})
        for i in range(0, len(x_test), 500)])
    ex3_accuracies.append(float(np.mean(ex3_predicted == test_labels)))
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "breaks the rule: measured on another copy, ex3_net evaluated only for show":
            _EX3_FRESH + '''\
ex3_other = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_other.restore(CNN_LOG)
for _ in range(5):
    ex3_net.evaluate(x_test[:10], test_labels[:10], training=True)
ex3_accuracies = [ex3_other.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "breaks the rule: the gap from a dropout-off accuracy measured again":
            _EX3_FRESH + '''\
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = net.evaluate(x_test, test_labels)[0] - np.mean(ex3_accuracies)
''',
    },
    "nb07_ex4": {
        "common mistake: the blur kernel in every [i, j], so channels mix": _EX4_PHOTO + '''\
ex4_filter = np.tile(KERNELS["blur"][:, :, None, None], (1, 1, 3, 3)).astype(np.float32)
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
        "lazy: a helper does the blur, the filter only has the right shape": _EX4_PHOTO + '''\
ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
ex4_blurred = tf.nn.depthwise_conv2d(
    ex4_colour[None], np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32),
    strides=[1, 1, 1, 1], padding="SAME").numpy()
''',
        "common mistake: the blur divided by 3 over all pairs (a grey blur)": _EX4_PHOTO + '''\
ex4_filter = np.tile(KERNELS["blur"][:, :, None, None] / 3, (1, 1, 3, 3)).astype(np.float32)
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
        "fakes: the photo replaced by a black one, which any filter blurs right": _EX4_PHOTO + '''\
ex4_colour = np.zeros_like(ex4_colour)
ex4_filter = np.ones((3, 3, 3, 3), np.float32)
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
        "breaks the rule: the blur done in NumPy with the right filter, no tf.nn.conv2d":
            _EX4_PHOTO + _EX4_FILTER + '''\
ex4_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))
ex4_blurred = np.zeros((1, 150, 128, 3), np.float32)
for ex4_dy in range(3):
    for ex4_dx in range(3):
        ex4_blurred[0] += ex4_padded[ex4_dy:ex4_dy + 150, ex4_dx:ex4_dx + 128] \\
            @ ex4_filter[ex4_dy, ex4_dx]
''',
        "breaks the rule: tf.nn.conv2d run on a test patch, the blur from depthwise_conv2d":
            _EX4_PHOTO + _EX4_FILTER + '''\
tf.nn.conv2d(tf.ones([1, 8, 8, 3]), ex4_filter, strides=1, padding="SAME")  # a test of the filter
ex4_blurred = tf.nn.depthwise_conv2d(
    ex4_colour[None], np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32),
    strides=[1, 1, 1, 1], padding="SAME").numpy()
''',
    },
}

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb07_ex1'].update({
    "rule-breaking: the sizes read off Keras layers' compute_output_shape (TensorFlow's shape inference, not the formulas) (tests/attacks3)":  # noqa: E501
        'ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None\n'
        'ex1_conv_layer = tf.keras.layers.Conv2D(16, 3, strides=2, padding="valid")\n'
        'ex1_conv_out = ex1_conv_layer.compute_output_shape((1, 64, 64, 3))\n'
        'ex1_pool_out = tf.keras.layers.MaxPooling2D(2, 2, padding="same").compute_output_shape(tuple(ex1_conv_out))\n'  # noqa: E501
        'ex1_conv_hw = int(ex1_conv_out[1])\n'
        'ex1_pool_hw = int(ex1_pool_out[1])\n'
        'ex1_conv_params = 3 * 3 * 3 * 16 + 16\n',
    'gaming: the convolution run as a TensorFlow op through eager execute.execute (past the fast path the rule watches), its height read off (tests/attacks3)':  # noqa: E501
        'ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None\n'
        'from tensorflow.python.eager import context, execute\n'
        '\n'
        'ex1_images = tf.constant(np.zeros((1, 64, 64, 3), np.float32))\n'
        'ex1_kernel = tf.constant(np.zeros((3, 3, 3, 16), np.float32))\n'
        '(ex1_out,) = execute.execute(\n'
        '    b"Conv2D", 1, inputs=[ex1_images, ex1_kernel],\n'
        '    attrs=("T", tf.float32.as_datatype_enum, "strides", [1, 2, 2, 1], "use_cudnn_on_gpu", True,\n'  # noqa: E501
        '           "padding", b"VALID", "explicit_paddings", [], "data_format", b"NHWC",\n'
        '           "dilations", [1, 1, 1, 1]),\n'
        '    ctx=context.context())\n'
        'ex1_conv_hw = int(ex1_out.shape[1])\n'
        'ex1_pool_hw = -(-ex1_conv_hw // 2)\n'
        'ex1_conv_params = 3 * 3 * 3 * 16 + 16\n',
})
WRONG_ANSWERS['nb07_ex4'].update({
    'rule-breaking: the blur done in NumPy, then laundered through a tf.nn.conv2d with a 1x1 identity filter (exact), so ex4_blurred is a conv2d result (tests/attacks3)':  # noqa: E501
        'with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:\n'
        '    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),\n'  # noqa: E501
        '                            dtype=np.float32) / 255.0\n'
        'ex4_filter = ex4_blurred = None\n'
        'ex4_filter = np.zeros((3, 3, 3, 3), np.float32)\n'
        'for channel in range(3):\n'
        '    ex4_filter[:, :, channel, channel] = KERNELS["blur"]\n'
        'ex4_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))\n'
        'ex4_np = np.zeros_like(ex4_colour)\n'
        'for dy in range(3):\n'
        '    for dx in range(3):\n'
        '        ex4_np += np.float32(KERNELS["blur"][dy, dx]) * ex4_padded[dy:dy + 150, dx:dx + 128]\n'  # noqa: E501
        'ex4_blurred = tf.nn.conv2d(ex4_np[None], np.eye(3, dtype=np.float32)[None, None], strides=1,\n'  # noqa: E501
        '                           padding="SAME").numpy()\n',
    'lazy: ex4_blurred from tf.nn.depthwise_conv2d; the conv2d with ex4_filter run and dropped (tests/attacks3)':  # noqa: E501
        'with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:\n'
        '    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),\n'  # noqa: E501
        '                            dtype=np.float32) / 255.0\n'
        'ex4_filter = ex4_blurred = None\n'
        'ex4_filter = np.zeros((3, 3, 3, 3), np.float32)\n'
        'for channel in range(3):\n'
        '    ex4_filter[:, :, channel, channel] = KERNELS["blur"]\n'
        'tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME")\n'
        'ex4_blurred = tf.nn.depthwise_conv2d(\n'
        '    ex4_colour[None], np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32),\n'  # noqa: E501
        '    strides=[1, 1, 1, 1], padding="SAME").numpy()\n',
})
