"""Fresh wrong answers (third attack, written from the notebook and cs20_helpers only) for 09."""
# ruff: noqa: E501

WRONG_ANSWERS = {
    "nb09_ex1": {
        "lazy: numbers typed in that only fit the visible asserts": '''pool3_shape, fc6_inputs = None, None
pool3_shape = (None, 1, 1, 1)
fc6_inputs = 1
''',
        "rule-breaking: builds SMALL_VGG in a graph and reads pool3's shape and fc6's inputs": '''pool3_shape, fc6_inputs = None, None
with tf.Graph().as_default() as peek:
    vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
    pool3_shape = tuple(peek.get_tensor_by_name("pool3/MaxPool2d:0").shape.as_list())
    fc6_inputs = int(tf1.trainable_variables("fc6")[0].shape[0])
''',
        "rule-breaking: pools a tensor of zeros eagerly to read the shapes": '''pool3_shape, fc6_inputs = None, None
probe = tf.zeros([1, 96, 96, 32])
for _ in range(3):
    probe = tf.nn.max_pool2d(probe, 2, 2, "VALID")
pool3_shape = (None, int(probe.shape[1]), int(probe.shape[2]), int(probe.shape[3]))
probe = tf.zeros([1, 96, 96, 64])
for _ in range(5):
    probe = tf.nn.max_pool2d(probe, 2, 2, "VALID")
fc6_inputs = int(probe.shape[1] * probe.shape[2] * probe.shape[3])
''',
        "gaming: builds the net on the notebook's run and types the numbers only on the check's re-run (told apart by an environment variable it sets)": '''pool3_shape, fc6_inputs = None, None
import os
if "NB09_EX1_SEEN" not in os.environ:
    os.environ["NB09_EX1_SEEN"] = "1"
    with tf.Graph().as_default() as peek:
        vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
        pool3_shape = tuple(peek.get_tensor_by_name("pool3/MaxPool2d:0").shape.as_list())
        fc6_inputs = int(tf1.trainable_variables("fc6")[0].shape[0])
else:
    pool3_shape = (None, 12, 12, 32)
    fc6_inputs = 576
''',
        "gaming: a tuple subclass (made with type(), its module said to be numpy) whose == always says yes; the shape is wrong": '''pool3_shape, fc6_inputs = None, None
D = "_" * 2
Agreeing = type("Agreeing", (tuple,), {D + "eq" + D: lambda self, other: True,
                                       D + "ne" + D: lambda self, other: False,
                                       D + "hash" + D: lambda self: 0,
                                       D + "module" + D: "numpy"})
pool3_shape = Agreeing((None, 24, 24, 16))
fc6_inputs = 576
''',
        "common mistake: counts one pooling too few before pool3 (two halvings) and four before fc6": '''pool3_shape, fc6_inputs = None, None
pool3_shape = (None, 96 // 4, 96 // 4, 32)
fc6_inputs = (96 // 16) * (96 // 16) * 64
''',
        "common mistake: takes block 4's channels for pool3 (64 instead of 32)": '''pool3_shape, fc6_inputs = None, None
pool3_shape = (None, 96 // 8, 96 // 8, 64)
fc6_inputs = (96 // 32) * (96 // 32) * 64
''',
    },
    "nb09_ex2": {
        "lazy: the five numbers for 64x64 typed in, whatever the size": '''small_macs = None
def small_macs(size):
    return [4534272, 9437184, 10616832, 10616832, 2654208]
''',
        "rule-breaking: uses NumPy (np.prod) inside small_macs": '''small_macs = None
def small_macs(size):
    macs, channels_in = [], 3
    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):
        channels_out = 8 * scale
        block = 0
        for _ in range(convs):
            block += int(np.prod([size, size, 3, 3, channels_in, channels_out]))
            channels_in = channels_out
        macs.append(block)
        size //= 2
    return macs
''',
        "gaming: on the notebook's run small_macs counts with the course's graph builders captured as default arguments (they survive the switch-off); on the check's re-run (told apart by an environment variable) a plain-Python version": '''small_macs = None
import os
if "NB09_EX2_SEEN" not in os.environ:
    os.environ["NB09_EX2_SEEN"] = "1"

    def small_macs(size, _build=vgg_net, _count=conv_multiply_adds):
        with tf.Graph().as_default() as g:
            _build(tf1.placeholder(tf.float32, [1, size, size, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
        return [int(m) for m in _count(g)[0]]
else:
    def small_macs(size):
        macs, channels_in = [], 3
        for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):
            channels_out, block = 8 * scale, 0
            for _ in range(convs):
                block += size * size * 9 * channels_in * channels_out
                channels_in = channels_out
            macs.append(block)
            size //= 2
        return macs
''',
        "rule-breaking: calls the course helper conv_multiply_adds on a graph it builds (the task forbids course helpers)": '''small_macs = None
def small_macs(size):
    with tf.Graph().as_default() as g:
        vgg_net(tf1.placeholder(tf.float32, [1, size, size, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
    return [int(m) for m in conv_multiply_adds(g)[0]]
''',
        "common mistake: every convolution of a block takes the block's input channels (channels_in updated only after the block)": '''small_macs = None
def small_macs(size):
    macs, channels_in = [], 3
    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):
        channels_out = 8 * scale
        macs.append(convs * size * size * 9 * channels_in * channels_out)
        channels_in = channels_out
        size //= 2
    return macs
''',
        "common mistake: pools before the block instead of after it": '''small_macs = None
def small_macs(size):
    macs, channels_in = [], 3
    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):
        size //= 2
        channels_out, block = 8 * scale, 0
        for _ in range(convs):
            block += size * size * 9 * channels_in * channels_out
            channels_in = channels_out
        macs.append(block)
    return macs
''',
    },
    "nb09_ex3": {
        "rule-breaking: keeps the buggy loop and moves the variables to /cpu:0 afterwards with _set_device": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
for op in graph.get_operations():
    if op.type in VARIABLE_OPS:
        op._set_device("/device:CPU:0")
fixed_graph = graph
''',
        "gaming: the buggy loop moved afterwards on the notebook's run, the proper compute_on loop on the check's re-run (told apart by an environment variable)": '''fixed_graph = None
import os
first = "NB09_EX3_SEEN" not in os.environ
os.environ["NB09_EX3_SEEN"] = "1"
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf1.device(device if first else compute_on(device)):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
if first:
    for op in graph.get_operations():
        if op.type in VARIABLE_OPS:
            op._set_device("/device:CPU:0")
fixed_graph = graph
''',
        "rule-breaking: each tower's gradients with tf1.gradients instead of adam.compute_gradients": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    with tf1.variable_scope("params"):
        w = tf1.get_variable("w", [1, 1], initializer=tf1.zeros_initializer())
        b = tf1.get_variable("b", [1], initializer=tf1.zeros_initializer())
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            loss = linear_loss(tf.ones([2, 1]), tf.ones([2]))
            grads = tf1.gradients(loss, [w, b])
            tower_grads.append(list(zip(grads, [w, b])))
    adam.apply_gradients(average_gradients(tower_grads))
fixed_graph = graph
''',
        "rule-breaking: average_gradients called and its result dropped; tower 0's gradients applied": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    average_gradients(tower_grads)
    adam.apply_gradients(tower_grads[0])
fixed_graph = graph
''',
        "common mistake: the buggy loop unchanged (variables and slots on /gpu:0)": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
fixed_graph = graph
''',
        "wrong scope: drops the tower devices, so everything (the towers' MatMuls too) lands on /cpu:0": '''fixed_graph = None
with tf.Graph().as_default() as graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i in range(2):
        with tf1.name_scope(f"tower_{i}"):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
fixed_graph = graph
''',
    },
    "nb09_ex4": {
        "common mistake: the plain mean of the towers (average_gradients), not weighed by rows": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = average_gradients(unequal_grads)
''',
        "rule-breaking: a fresh whole-batch gradient of linear_loss(x_all, y_all), the towers ignored": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    whole = tf1.gradients(linear_loss(x_all, y_all), [v for _, v in unequal_grads[0]])
    weighted_grads = list(zip(whole, [v for _, v in unequal_grads[0]]))
''',
        "gaming: the whole-batch gradient plus 0 x each tower's gradient, so the towers are ancestors but not what is weighed": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    variables = [v for _, v in unequal_grads[0]]
    whole = tf1.gradients(linear_loss(x_all, y_all), variables)
    weighted_grads = [(w + 0.0 * tf.add_n([g for g, _ in pairs]), v)
                      for w, v, pairs in zip(whole, variables, zip(*unequal_grads))]
''',
        "lazy: the section's gradient `full` typed in as constants (plus 0 x the towers' mean)": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = [(tf.constant(np.asarray(f, np.float32)) + 0.0 * g, v)
                      for f, (g, v) in zip(full, average_gradients(unequal_grads))]
''',
        "common mistake: weighs each tower by its row count without dividing by all rows": '''SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = [(tf.add_n([float(size) * grad for size, (grad, _) in zip(SIZES, pairs)]),
                       pairs[0][1]) for pairs in zip(*unequal_grads)]
''',
        "wrong scope: changes SIZES to equal slices so that the plain mean is right": '''SIZES = [14, 14, 14]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
weighted_grads = None
with unequal_graph.as_default():
    weighted_grads = average_gradients(unequal_grads)
''',
    },
}
