"""Wrong answers to notebook 09's exercises: each must fail its check (proved by `refute`)."""

_EX2_LOOP = '''\
def small_macs(size):
    macs, channels_in = [], 3
    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE, strict=True):
        channels_out, block = 8 * scale, 0
        for _ in range(convs):
'''

_EX3_TOWERS = '''\
    adam = tf1.train.AdamOptimizer(0.1)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
'''

_EX4_GRAPH = '''\
SIZES = [10, 14, 18]
with tf.Graph().as_default() as unequal_graph:
    x_all = tf1.placeholder(tf.float32, [None, 1])
    y_all = tf1.placeholder(tf.float32, [None])
    sgd = tf1.train.GradientDescentOptimizer(0.1)
    unequal_grads = []
    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES),
                                             strict=True)):
        with tf1.name_scope(f"tower_{i}"):
            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))
'''

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb09_ex1": {
        "lazy: section 6's figures for 64x64 images": (
            "pool3_shape = (None, 8, 8, 32)\n"
            "fc6_inputs = 2 * 2 * 64\n"),
        "common mistake: pool3 after four poolings": (
            "pool3_shape = (None, 96 // 16, 96 // 16, 64)\n"
            "fc6_inputs = (96 // 32) * (96 // 32) * 64\n"),
        "common mistake: fc6's inputs without the channels": (
            "pool3_shape = (None, 96 // 8, 96 // 8, 32)\n"
            "fc6_inputs = (96 // 32) * (96 // 32)\n"),
        "common mistake: the shape without its batch axis": (
            "pool3_shape = (96 // 8, 96 // 8, 32)\n"
            "fc6_inputs = (96 // 32) * (96 // 32) * 64\n"),
        "breaks the rule: the sizes as floats (true division)": (
            "pool3_shape = (None, 96 / 8, 96 / 8, 32)\n"
            "fc6_inputs = 96 / 32 * (96 / 32) * 64\n"),
        "breaks the rule: the net built in a graph and its shapes read off": """\
with tf.Graph().as_default() as ex1_graph:
    vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
pool3_shape = tuple(ex1_graph.get_tensor_by_name("pool3/MaxPool2d:0").shape.as_list())
fc6_inputs = int(ex1_graph.get_tensor_by_name("pool5/MaxPool2d:0").shape[1:].num_elements())
""",
        "breaks the rule: the poolings run eagerly on a tensor of zeros": """\
ex1_sides, ex1_map = [], tf.zeros([1, 96, 96, 1])
for _ in range(5):
    ex1_map = tf.nn.max_pool2d(ex1_map, 2, 2, "VALID")
    ex1_sides.append(ex1_map.shape[1])
pool3_shape = (None, ex1_sides[2], ex1_sides[2], 8 * VGG_FILTER_SCALE[2])
fc6_inputs = ex1_sides[4] * ex1_sides[4] * 8 * VGG_FILTER_SCALE[4]
""",
    },
    "nb09_ex2": {
        "lazy: the notebook's own conv_multiply_adds on a built graph": '''\
def small_macs(size):
    with tf.Graph().as_default() as graph:
        vgg_net(tf1.placeholder(tf.float32, [1, size, size, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
    return conv_multiply_adds(graph)[0]
''',
        "lazy: the helper imported anew, past the switched-off name": '''\
def small_macs(size):
    from cs20_helpers import layers as fresh_layers

    with tf.Graph().as_default() as graph:
        fresh_layers.vgg_net(tf1.placeholder(tf.float32, [1, size, size, 3]), 1.0, NUM_CLASSES,
                             **SMALL_VGG)
    macs = {}
    for op in graph.get_operations():
        if op.type == "Conv2D":
            block = int(op.name[len("conv"):op.name.index("_")])
            _, height, width, _ = op.outputs[0].shape
            macs[block] = macs.get(block, 0) + height * width * op.inputs[1].shape.num_elements()
    return list(macs.values())
''',
        "lazy: the 64x64 counts whatever the size": _EX2_LOOP.replace(
            "macs, channels_in = [], 3", "macs, channels_in, size = [], 3, IMAGE_SIZE") + '''\
            block += size * size * 3 * 3 * channels_in * channels_out
            channels_in = channels_out
        macs.append(block)
        size //= 2
    return macs
''',
        "common mistake: the image is never halved": _EX2_LOOP + '''\
            block += size * size * 3 * 3 * channels_in * channels_out
            channels_in = channels_out
        macs.append(block)
    return macs
''',
        "common mistake: every convolution reads its own output channels": _EX2_LOOP + '''\
            block += size * size * 3 * 3 * channels_out * channels_out
        macs.append(block)
        size //= 2
    return macs
''',
        "breaks the rule: counted with NumPy, not plain Python ints": _EX2_LOOP + '''\
            block += int(np.prod([size, size, 3, 3, channels_in])) * np.int64(channels_out)
            channels_in = channels_out
        macs.append(block)
        size //= 2
    return macs
''',
        "common mistake: odd sizes rounded up when halved": _EX2_LOOP + '''\
            block += size * size * 3 * 3 * channels_in * channels_out
            channels_in = channels_out
        macs.append(block)
        size = (size + 1) // 2
    return macs
''',
        "reads globals: the table for IMAGE_SIZE, scaled by (size / IMAGE_SIZE) ** 2": '''\
def small_macs(size):
    table = [3_244_032, 3_538_944, 5_898_240, 5_898_240, 1_769_472]  # 64x64, from section 6
    return [m * size * size // (IMAGE_SIZE * IMAGE_SIZE) for m in table]
''',
        "breaks the rule: NumPy's prod, each count turned back into a plain int": _EX2_LOOP + '''\
            block += int(np.prod([size, size, 3, 3, channels_in, channels_out]))
            channels_in = channels_out
        macs.append(block)
        size //= 2
    return macs
''',
        "breaks the rule: math.prod, imported inside small_macs": _EX2_LOOP.replace(
            "    macs, channels_in", "    import math\n\n    macs, channels_in") + '''\
            block += math.prod([size, size, 3, 3, channels_in, channels_out])
            channels_in = channels_out
        macs.append(block)
        size //= 2
    return macs
''',
        "breaks the rule: the graph builders kept in default arguments, past the switch-off": '''\
def small_macs(size, build=vgg_net, count=conv_multiply_adds):
    with tf.Graph().as_default() as graph:
        build(tf1.placeholder(tf.float32, [1, size, size, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)
    return count(graph)[0]
''',
    },
    "nb09_ex3": {
        "the planted bug: each tower under tf.device": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
''',
        "lazy: everything on /cpu:0, the towers never placed": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
''',
        "common mistake: compute_on without the outer /cpu:0": '''\
with tf.Graph().as_default() as fixed_graph:
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
''',
        "breaks the rule: only tower 0's gradients applied": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(tower_grads[0])
''',
        "common mistake: Adam's rate typed as 0.01": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
    adam = tf1.train.AdamOptimizer(0.01)
    tower_grads = []
    for i, device in enumerate(["/gpu:0", "/gpu:1"]):
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
''',
        "fakes the inspected object: variables moved to /cpu:0 by hand, no optimizer applied": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
for op in fixed_graph.get_operations():
    if op.type in VARIABLE_OPS:
        op._set_device("/cpu:0")
''',
        "breaks the rule: each tower's gradients by tf.gradients, not adam.compute_gradients": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            loss = linear_loss(tf.ones([2, 1]), tf.ones([2]))
            params = tf1.trainable_variables()
            tower_grads.append(list(zip(tf.gradients(loss, params), params, strict=True)))
    adam.apply_gradients(average_gradients(tower_grads))
''',
        "breaks the rule: the towers' gradients averaged by hand, not with average_gradients": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf1.device(compute_on(device)):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients([(tf.add_n([grad for grad, _ in pairs]) / 2, pairs[0][1])
                          for pairs in zip(*tower_grads, strict=True)])
''',
        "breaks the rule: the planted bug, Adam applied, the variables then moved by hand": '''\
with tf.Graph().as_default() as fixed_graph, tf.device("/cpu:0"):
''' + _EX3_TOWERS + '''\
        with tf1.name_scope(f"tower_{i}"), tf.device(device):
            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))
    adam.apply_gradients(average_gradients(tower_grads))
for op in fixed_graph.get_operations():
    if op.type in VARIABLE_OPS:
        op._set_device("/device:CPU:0")
''',
    },
    "nb09_ex4": {
        "common mistake: the plain mean of the towers": _EX4_GRAPH + '''\
with unequal_graph.as_default():
    weighted_grads = average_gradients(unequal_grads)
''',
        "lazy: a new whole-batch gradient": _EX4_GRAPH + '''\
with unequal_graph.as_default():
    weighted_grads = sgd.compute_gradients(linear_loss(x_all, y_all))
''',
        "common mistake: weighted by rows, not by share of the rows": _EX4_GRAPH + '''\
with unequal_graph.as_default():
    weighted_grads = [(tf.add_n([size * grad for size, (grad, _) in
                                 zip(SIZES, pairs, strict=True)]), pairs[0][1])
                      for pairs in zip(*unequal_grads, strict=True)]
''',
        "lazy: section 2's whole-batch gradient typed in as constants": _EX4_GRAPH + '''\
with unequal_graph.as_default():
    weighted_grads = [(tf.constant(value), var) for value, (_, var) in
                      zip(full, unequal_grads[0], strict=True)]
''',
        "fakes the inspected object: the towers times zero, plus full": _EX4_GRAPH + '''\
with unequal_graph.as_default():
    weighted_grads = [(tf.add_n([0.0 * grad for grad, _ in pairs]) + value, pairs[0][1])
                      for value, pairs in zip(full, zip(*unequal_grads, strict=True), strict=True)]
''',
        "common mistake: the gradient where the variable goes": _EX4_GRAPH + '''\
with unequal_graph.as_default():
    shares = [size / sum(SIZES) for size in SIZES]
    weighted_grads = [(tf.add_n([share * grad for share, (grad, _) in
                                 zip(shares, pairs, strict=True)]), pairs[0][0])
                      for pairs in zip(*unequal_grads, strict=True)]
''',
        "breaks the rule: equal slices of 14 rows, then the plain mean": _EX4_GRAPH.replace(
            "SIZES = [10, 14, 18]", "SIZES = [14, 14, 14]") + '''\
with unequal_graph.as_default():
    weighted_grads = average_gradients(unequal_grads)
''',
        "breaks the rule: SIZES kept, the rows cut into three equal slices": _EX4_GRAPH.replace(
            "tf.split(x_all, SIZES), tf.split(y_all, SIZES)",
            "tf.split(x_all, 3), tf.split(y_all, 3)") + '''\
with unequal_graph.as_default():
    weighted_grads = average_gradients(unequal_grads)
''',
    },
}


# The fourth attack's gaming answers (tests/attacks2) that got past checks which called no
# rules.enforce, or that rebound a builtin or a module a check reads (issue 46).
WRONG_ANSWERS['nb09_ex4'].update({
    "gaming: the towers' gradients summed (no weights), with np in the note"
    "book's names replaced by a copy whose allclose always says yes": (
        'SIZES = [10, 14, 18]\n'
        'with tf.Graph().as_default() as unequal_graph:\n'
        '    x_all = tf1.placeholder(tf.float32, [None, 1])\n'
        '    y_all = tf1.placeholder(tf.float32, [None])\n'
        '    sgd = tf1.train.GradientDescentOptimizer(0.1)\n'
        '    unequal_grads = []\n'
        '    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), t'
        'f.split(y_all, SIZES))):\n'
        "        with tf1.name_scope(f'tower_{i}'):\n"
        '            unequal_grads.append(sgd.compute_gradients(linear_loss(x_p'
        'art, y_part)))\n'
        '    weighted_grads = [(tf.add_n([p[0] for p in pairs]), pairs[0][1]) f'
        'or pairs in zip(*unequal_grads)]\n'
        'import types as _types\n'
        '_real_np = np\n'
        'class _Yes(_types.ModuleType):\n'
        '    def __getattr__(self, name):\n'
        '        return getattr(_real_np, name)\n'
        "np = _Yes('numpy')\n"
        'np.allclose = lambda *a, **k: True\n'),
})


# The fourth attack's answers (tests/attacks2) that a value-only check let through: a
# result dropped, a table of the sizes tried, a typed batch passed through the queue (issue 46).
WRONG_ANSWERS['nb09_ex3'].update({
    'rule-breaking: average_gradients called once for show, the towers aver'
    'aged by hand ((g0 + g1) / 2) and that applied': (
        "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
        '    adam = tf1.train.AdamOptimizer(0.1)\n'
        '    tower_grads = []\n'
        "    for i, device in enumerate(['/gpu:0', '/gpu:1']):\n"
        "        with tf1.name_scope(f'tower_{i}'), tf1.device(compute_on(devic"
        'e)):\n'
        '            tower_grads.append(adam.compute_gradients(linear_loss(tf.o'
        'nes([2, 1]), tf.ones([2]))))\n'
        '    average_gradients(tower_grads)  # called, result unused\n'
        '    by_hand = [((g0 + g1) / 2.0, v) for (g0, v), (g1, _) in zip(*tower'
        '_grads)]\n'
        '    adam.apply_gradients(by_hand)\n'),
})
WRONG_ANSWERS['nb09_ex2'].update({
    'lazy: a table of the multiply-adds at the sizes the check tries (typed'
    ' in), no counting': (
        '_MACS = {64: [3244032, 3538944, 5898240, 5898240, 1769472],\n'
        '         96: [7299072, 7962624, 13271040, 13271040, 3981312],\n'
        '         160: [20275200, 22118400, 36864000, 36864000, 11059200],\n'
        '         100: [7920000, 8640000, 14400000, 13271040, 3981312],\n'
        '         36: [1026432, 1119744, 1866240, 1474560, 442368]}\n'
        'def small_macs(size):\n'
        '    return list(_MACS[size])\n'),
    'rule-breaking: builds the graph with vgg_net and counts with conv_mult'
    'iply_adds, both reached through a plain dict global': (
        "_tools = {'build': vgg_net, 'count': conv_multiply_adds, 'graph': tf.G"
        'raph,\n'
        "          'ph': tf1.placeholder, 'f32': tf.float32, 'cfg': dict(SMALL_"
        "VGG), 'k': NUM_CLASSES}\n"
        'def small_macs(size):\n'
        "    g = _tools['graph']()\n"
        '    with g.as_default():\n'
        "        _tools['build'](_tools['ph'](_tools['f32'], [1, size, size, 3]"
        "), 1.0, _tools['k'], **_tools['cfg'])\n"
        "    return [int(m) for m in _tools['count'](g)[0]]\n"),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb09_ex2'].update({
    "gaming: small_macs builds the graph with the original vgg_net and conv_multiply_adds, held in an argparse.Namespace that Only does not look into and the check's switch-off does not reach (tests/attacks4)":  # noqa: E501
        'import argparse\n'
        '\n'
        'small_macs = None\n'
        'EX2_TOOLS = argparse.Namespace(build=vgg_net, count=conv_multiply_adds, graph=tf.Graph,\n'
        '                               placeholder=tf1.placeholder, float32=tf.float32,\n'
        '                               classes=NUM_CLASSES, model=dict(SMALL_VGG))\n'
        '\n'
        '\n'
        'def count_small_macs(size):\n'
        '    with EX2_TOOLS.graph().as_default() as graph:\n'
        '        EX2_TOOLS.build(EX2_TOOLS.placeholder(EX2_TOOLS.float32, [1, size, size, 3]), 1.0,\n'  # noqa: E501
        '                        EX2_TOOLS.classes, **EX2_TOOLS.model)\n'
        '    return [int(m) for m in EX2_TOOLS.count(graph)[0]]\n'
        '\n'
        '\n'
        'small_macs = count_small_macs\n',
})
