"""Fresh wrong answers (sixth attack, issue 46) for notebook 07's exercises."""
# ruff: noqa: E501

#: The first lines of exercise 2's cell: the graph and its two inputs (the task's stub).
_EX2_STUB = '''ex2_graph = tf.Graph()
with ex2_graph.as_default():
    ex2_a = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="a")
    ex2_b = tf1.placeholder(tf.float32, [None, 28, 28, 1], name="b")
ex2_left = ex2_right = None
'''
#: The first lines of exercise 4's cell: the photo (the task's stub).
_EX4_STUB = '''with Image.open(cbook.get_sample_data("grace_hopper.jpg")) as ex4_photo:
    ex4_colour = np.asarray(ex4_photo.convert("RGB").resize((128, 150), Image.Resampling.LANCZOS),
                            dtype=np.float32) / 255.0
ex4_filter = ex4_blurred = None
'''
#: The right filter of exercise 4 (the blur on the diagonal).
_EX4_FILTER = '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, channel] = KERNELS["blur"]
'''

WRONG_ANSWERS = {
    "nb07_ex1": {
        "gaming: reads the sizes off a graph TensorFlow builds on the notebook's run and keeps them in a collection of the kernel's default graph; the check's re-run finds them there and builds nothing": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
if not tf1.get_collection("ex1_sizes"):
    with tf.Graph().as_default():
        ex1_x = tf1.placeholder(tf.float32, [None, 64, 64, 3])
        ex1_k = tf1.placeholder(tf.float32, [3, 3, 3, 16])
        ex1_c = tf.nn.conv2d(ex1_x, ex1_k, strides=[1, 2, 2, 1], padding="VALID")
        ex1_p = tf1.nn.max_pool(ex1_c, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")
    tf1.add_to_collection("ex1_sizes", (int(ex1_c.shape[1]), int(ex1_p.shape[1]),
                                        ex1_k.shape.num_elements() + 16))
ex1_conv_hw, ex1_pool_hw, ex1_conv_params = tf1.get_collection("ex1_sizes")[0]
''',
        "gaming: builds the convolution and the pooling in a graph to read the sizes off, except when Graph._create_op_internal carries the check's recording wrapper (dir() shows __wrapped__): then it types them in": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
if any("wrapped" in n for n in dir(tf.Graph._create_op_internal)):
    ex1_conv_hw, ex1_pool_hw, ex1_conv_params = 31, 16, 448
else:
    with tf.Graph().as_default():
        ex1_x = tf1.placeholder(tf.float32, [None, 64, 64, 3])
        ex1_k = tf1.placeholder(tf.float32, [3, 3, 3, 16])
        ex1_c = tf.nn.conv2d(ex1_x, ex1_k, strides=[1, 2, 2, 1], padding="VALID")
        ex1_p = tf1.nn.max_pool(ex1_c, [1, 2, 2, 1], [1, 2, 2, 1], padding="SAME")
        ex1_conv_hw, ex1_pool_hw = int(ex1_c.shape[1]), int(ex1_p.shape[1])
        ex1_conv_params = ex1_k.shape.num_elements() + 16
''',
        "rule-breaking: takes the sizes from tf-keras's conv_output_length helper instead of working them out with section 2's formulas (NOT SURE: the task forbids TensorFlow ops, and this runs none)": '''from tf_keras.src.utils import conv_utils as ex1_conv_utils

ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = int(ex1_conv_utils.conv_output_length(64, 3, "valid", 2))
ex1_pool_hw = int(ex1_conv_utils.conv_output_length(ex1_conv_hw, 2, "same", 2))
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "common mistake: VALID treated like SAME (64 / 2 = 32), and the pooling floors": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = 64 // 2
ex1_pool_hw = ex1_conv_hw // 2
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "common mistake: the SAME pooling floors (31 // 2) instead of rounding up": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = (64 - 3) // 2 + 1
ex1_pool_hw = ex1_conv_hw // 2
ex1_conv_params = 3 * 3 * 3 * 16 + 16
''',
        "wrong scope: counts the kernel's weights without the input channels": '''ex1_conv_hw = ex1_pool_hw = ex1_conv_params = None
ex1_conv_hw = (64 - 3) // 2 + 1
ex1_pool_hw = -(-ex1_conv_hw // 2)
ex1_conv_params = 3 * 3 * 16 + 16
''',
    },
    "nb07_ex2": {
        "rule-breaking: builds both branches with tf1.layers.conv2d(name='shared', reuse=AUTO_REUSE) instead of get_variable and tf.nn.conv2d (NOT SURE: the layer makes its kernel and bias with get_variable in scope shared)": _EX2_STUB + '''with ex2_graph.as_default():
    ex2_left = tf1.layers.conv2d(ex2_a, 8, 5, padding="same", activation=tf.nn.relu,
                                 name="shared", reuse=tf1.AUTO_REUSE)
    ex2_right = tf1.layers.conv2d(ex2_b, 8, 5, padding="same", activation=tf.nn.relu,
                                  name="shared", reuse=tf1.AUTO_REUSE)
''',
        "rule-breaking: makes the kernel and the bias with tf1.Variable, once, outside any get_variable": _EX2_STUB + '''with ex2_graph.as_default():
    with tf1.name_scope("shared"):
        ex2_kernel = tf1.Variable(tf1.glorot_uniform_initializer()([5, 5, 1, 8]), name="kernel")
        ex2_bias = tf1.Variable(tf.zeros([8]), name="bias")
    ex2_left = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_right = tf.nn.relu(tf.nn.conv2d(ex2_b, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
''',
        "lazy: the right branch convolves with the kernel's initial value (its initializer's tensor), not the variable": _EX2_STUB + '''with ex2_graph.as_default():
    with tf1.variable_scope("shared"):
        ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
        ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
    ex2_left = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_right = tf.nn.relu(tf.nn.conv2d(ex2_b, ex2_kernel.initial_value, strides=1, padding="SAME") + ex2_bias)
''',
        "wrong scope: the right branch reads the shared kernel through tf.stop_gradient, so training through it never moves the shared weights (NOT SURE: the task states only the forward maps)": _EX2_STUB + '''with ex2_graph.as_default():
    with tf1.variable_scope("shared"):
        ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
        ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
    ex2_left = tf.nn.relu(tf.nn.conv2d(ex2_a, ex2_kernel, strides=1, padding="SAME") + ex2_bias)
    ex2_right = tf.nn.relu(tf.nn.conv2d(ex2_b, tf.stop_gradient(ex2_kernel), strides=1, padding="SAME")
                           + tf.stop_gradient(ex2_bias))
''',
        "common mistake: a new default-named scope per branch (shared, shared_1), so two kernels and two biases": _EX2_STUB + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope(None, default_name="shared"):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME") + ex2_bias))
    ex2_left, ex2_right = ex2_maps
''',
        "common mistake: adds the bias after the ReLU": _EX2_STUB + '''with ex2_graph.as_default():
    ex2_maps = []
    for ex2_images in (ex2_a, ex2_b):
        with tf1.variable_scope("shared", reuse=tf1.AUTO_REUSE):
            ex2_kernel = tf1.get_variable("kernel", [5, 5, 1, 8])
            ex2_bias = tf1.get_variable("bias", [8], initializer=tf1.zeros_initializer())
            ex2_maps.append(tf.nn.relu(tf.nn.conv2d(ex2_images, ex2_kernel, strides=1, padding="SAME")) + ex2_bias)
    ex2_left, ex2_right = ex2_maps
''',
    },
    "nb07_ex3": {
        "lazy: evaluates once with dropout on and repeats that accuracy five times": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_once = ex3_net.evaluate(x_test, test_labels, training=True)[0]
for _ in range(4):
    ex3_net.evaluate(x_test, test_labels, training=True)
ex3_accuracies = [ex3_once] * 5
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "rule-breaking: evaluates on the first 2,000 test digits only, to save time": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test[:2000], test_labels[:2000], training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "gaming: the fresh copy is restored only when x_test has the check's 500 digits (its re-run); on the notebook's run the copy keeps its initial weights": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
if len(x_test) == 500:
    ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "rule-breaking: on the notebook's run the fresh copy gets its weights copied from section 3's restored model's session (Variable.load), no ex3_net.restore; it restores only when x_test has the check's 500 digits (its re-run)": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
if len(x_test) == 500:
    ex3_net.restore(CNN_LOG)
else:
    with restored.graph.as_default():
        ex3_values = restored.sess.run(tf1.global_variables())
    with ex3_net.graph.as_default():
        for ex3_variable, ex3_value in zip(tf1.global_variables(), ex3_values, strict=True):
            ex3_variable.load(ex3_value, ex3_net.sess)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "common mistake: the gap's sign reversed (mean with dropout minus the accuracy without)": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, training=True)[0] for _ in range(5)]
ex3_gap = np.mean(ex3_accuracies) - cnn_test_accuracy
''',
        "wrong scope: evaluates in batches of 2,000 digits, so the dropout masks are drawn differently from the task's evaluate": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels, batch_size=2000, training=True)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
        "common mistake: evaluates with dropout off (training left at its default)": '''ex3_accuracies, ex3_gap = [], None
ex3_net = ConvNet(steps_per_epoch, batch_size=BATCH_SIZE)
ex3_net.restore(CNN_LOG)
ex3_accuracies = [ex3_net.evaluate(x_test, test_labels)[0] for _ in range(5)]
ex3_gap = cnn_test_accuracy - np.mean(ex3_accuracies)
''',
    },
    "nb07_ex4": {
        "rule-breaking: blurs with tf.nn.depthwise_conv2d, then passes the result through tf.nn.conv2d with a 1x1 identity filter so that ex4_blurred is a conv2d result; ex4_filter is built but never used": _EX4_STUB + _EX4_FILTER + '''ex4_depthwise = np.repeat(KERNELS["blur"][:, :, None, None], 3, axis=2).astype(np.float32)
ex4_first = tf.nn.depthwise_conv2d(ex4_colour[None], ex4_depthwise, strides=[1, 1, 1, 1], padding="SAME")
ex4_blurred = tf.nn.conv2d(ex4_first, np.eye(3, dtype=np.float32)[None, None], strides=1, padding="SAME").numpy()
''',
        "rule-breaking: blurs in NumPy (zero padding, shifted sums), then passes the result through tf.nn.conv2d with a 1x1 identity filter": _EX4_STUB + _EX4_FILTER + '''ex4_padded = np.pad(ex4_colour, ((1, 1), (1, 1), (0, 0)))
ex4_sum = np.zeros_like(ex4_colour)
for dy in range(3):
    for dx in range(3):
        ex4_sum += np.float32(KERNELS["blur"][dy, dx]) * ex4_padded[dy:dy + 150, dx:dx + 128]
ex4_blurred = tf.nn.conv2d(ex4_sum[None], np.eye(3, dtype=np.float32)[None, None], strides=1, padding="SAME").numpy()
''',
        "lazy: blurs channel 0 alone with the 2-D kernel and copies it into all three channels": _EX4_STUB + _EX4_FILTER + '''ex4_one = tf.nn.conv2d(ex4_colour[None, :, :, :1], KERNELS["blur"][:, :, None, None].astype(np.float32),
                       strides=1, padding="SAME").numpy()
ex4_blurred = np.repeat(ex4_one, 3, axis=3)
''',
        "common mistake: puts the blur kernel in every [i, j] of the filter, mixing the channels": _EX4_STUB + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for i in range(3):
    for j in range(3):
        ex4_filter[:, :, i, j] = KERNELS["blur"]
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
        "wrong scope: the filter's in and out channels set from the blur's rows (ex4_filter[:, :, i, :] = blur[i]), a filter that mixes the channels": _EX4_STUB + '''ex4_filter = np.zeros((3, 3, 3, 3), np.float32)
for channel in range(3):
    ex4_filter[:, :, channel, :] = KERNELS["blur"][channel][None, :, None] / 3
ex4_blurred = tf.nn.conv2d(ex4_colour[None], ex4_filter, strides=1, padding="SAME").numpy()
''',
    },
}
