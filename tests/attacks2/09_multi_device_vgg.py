"""Fresh wrong answers for notebook 09's exercises (independent attack, issue 46): run with refute --answers."""
# ruff: noqa: E501  (each answer is a cell's source, kept as the cell has it)

_RERUN = (  # true only while a check re-runs the cell (rules.enforce -> checks.rerun)
    "import sys as _sys\n"
    "_RERUN = _sys._getframe(0).f_back is not None and "
    "_sys._getframe(0).f_back.f_code.co_name == 'rerun'\n"
)

WRONG_ANSWERS = {
    "nb09_ex1": {
        "rule-breaking: builds the small VGG at 96x96 in a graph and reads the shapes off it": (
            "with tf.Graph().as_default() as _g:\n"
            "    vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)\n"
            "    pool3_shape = tuple(_g.get_tensor_by_name('pool3/MaxPool2d:0').shape.as_list())\n"
            "    fc6_inputs = int(tf1.trainable_variables('fc6')[0].shape[0])\n"
        ),
        "gaming: builds the net in the notebook's run, does nothing when the check re-runs the cell": (
            _RERUN +
            "if not _RERUN:\n"
            "    with tf.Graph().as_default() as _g:\n"
            "        vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)\n"
            "        pool3_shape = tuple(_g.get_tensor_by_name('pool3/MaxPool2d:0').shape.as_list())\n"
            "        fc6_inputs = int(tf1.trainable_variables('fc6')[0].shape[0])\n"
        ),
        "rule-breaking: builds the net in a child Python process (the cell's own process adds no op) "
        "and parses the shapes it prints": (
            "import subprocess, sys, ast\n"
            "_script = '''\n"
            "import tensorflow as tf\n"
            "tf1 = tf.compat.v1\n"
            "tf1.disable_eager_execution()\n"
            "from cs20_helpers.layers import vgg_net\n"
            "g = tf.Graph()\n"
            "with g.as_default():\n"
            "    vgg_net(tf1.placeholder(tf.float32, [None, 96, 96, 3]), 1.0, 10, depth=16, base_filters=8, fc_units=128)\n"
            "    print(repr((tuple(g.get_tensor_by_name('pool3/MaxPool2d:0').shape.as_list()),\n"
            "                int(tf1.trainable_variables('fc6')[0].shape[0]))))\n"
            "'''\n"
            "_out = subprocess.run([sys.executable, '-c', _script], capture_output=True, text=True,\n"
            "                      check=True).stdout.strip().splitlines()[-1]\n"
            "pool3_shape, fc6_inputs = ast.literal_eval(_out)\n"
        ),
        "common mistake: one halving too many (pool3 counted as four poolings, fc6 as six)": (
            "pool3_shape = (None, 96 // 16, 96 // 16, 32)\n"
            "fc6_inputs = (96 // 64) * (96 // 64) * 64\n"
        ),
        "wrong scope: the full VGG-16's channels (256 in block 3, 512 in block 5), not SMALL_VGG's": (
            "pool3_shape = (None, 96 // 8, 96 // 8, 256)\n"
            "fc6_inputs = (96 // 32) * (96 // 32) * 512\n"
        ),
        "common mistake: true division, the sizes come out as floats": (
            "pool3_shape = (None, 96 / 8, 96 / 8, 32)\n"
            "fc6_inputs = (96 / 32) * (96 / 32) * 64\n"
        ),
    },
    "nb09_ex2": {
        "lazy: a table of the multiply-adds at the sizes the check tries (typed in), no counting": (
            "_MACS = {64: [3244032, 3538944, 5898240, 5898240, 1769472],\n"
            "         96: [7299072, 7962624, 13271040, 13271040, 3981312],\n"
            "         160: [20275200, 22118400, 36864000, 36864000, 11059200],\n"
            "         100: [7920000, 8640000, 14400000, 13271040, 3981312],\n"
            "         36: [1026432, 1119744, 1866240, 1474560, 442368]}\n"
            "def small_macs(size):\n"
            "    return list(_MACS[size])\n"
        ),
        "rule-breaking: NumPy's prod for each convolution's count": (
            "def small_macs(size):\n"
            "    macs, c_in = [], 3\n"
            "    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):\n"
            "        c_out = 8 * scale\n"
            "        block = 0\n"
            "        for _ in range(convs):\n"
            "            block += int(np.prod([size, size, 3, 3, c_in, c_out]))\n"
            "            c_in = c_out\n"
            "        macs.append(block)\n"
            "        size //= 2\n"
            "    return macs\n"
        ),
        "rule-breaking: builds the graph with vgg_net and counts with conv_multiply_adds, both "
        "reached through a plain dict global": (
            "_tools = {'build': vgg_net, 'count': conv_multiply_adds, 'graph': tf.Graph,\n"
            "          'ph': tf1.placeholder, 'f32': tf.float32, 'cfg': dict(SMALL_VGG), 'k': NUM_CLASSES}\n"
            "def small_macs(size):\n"
            "    g = _tools['graph']()\n"
            "    with g.as_default():\n"
            "        _tools['build'](_tools['ph'](_tools['f32'], [1, size, size, 3]), 1.0, _tools['k'], **_tools['cfg'])\n"
            "    return [int(m) for m in _tools['count'](g)[0]]\n"
        ),
        "gaming: the notebook's small_macs builds the graph (helpers held in default arguments); "
        "the check's re-run gets a plain-Python one": (
            _RERUN +
            "if _RERUN:\n"
            "    def small_macs(size):\n"
            "        macs, c_in = [], 3\n"
            "        for convs, scale in zip((2, 2, 3, 3, 3), (1, 2, 4, 8, 8)):\n"
            "            block = 0\n"
            "            for _ in range(convs):\n"
            "                block += size * size * 9 * c_in * 8 * scale\n"
            "                c_in = 8 * scale\n"
            "            macs.append(block)\n"
            "            size //= 2\n"
            "        return macs\n"
            "else:\n"
            "    def small_macs(size, _build=vgg_net, _count=conv_multiply_adds):\n"
            "        with tf.Graph().as_default() as g:\n"
            "            _build(tf1.placeholder(tf.float32, [1, size, size, 3]), 1.0, NUM_CLASSES, **SMALL_VGG)\n"
            "        return [int(m) for m in _count(g)[0]]\n"
        ),
        "common mistake: halves the size before each block instead of after it": (
            "def small_macs(size):\n"
            "    macs, c_in = [], 3\n"
            "    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):\n"
            "        size //= 2\n"
            "        block = 0\n"
            "        for _ in range(convs):\n"
            "            block += size * size * 3 * 3 * c_in * 8 * scale\n"
            "            c_in = 8 * scale\n"
            "        macs.append(block)\n"
            "    return macs\n"
        ),
        "common mistake: every convolution of a block counted with the block's input channels": (
            "def small_macs(size):\n"
            "    macs, c_in = [], 3\n"
            "    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):\n"
            "        c_out = 8 * scale\n"
            "        macs.append(convs * size * size * 3 * 3 * c_in * c_out)\n"
            "        c_in = c_out\n"
            "        size //= 2\n"
            "    return macs\n"
        ),
        "wrong scope: the total over the net (one number in a list), not one per block": (
            "def small_macs(size):\n"
            "    total, c_in = 0, 3\n"
            "    for convs, scale in zip(VGG_BLOCKS[16], VGG_FILTER_SCALE):\n"
            "        for _ in range(convs):\n"
            "            total += size * size * 9 * c_in * 8 * scale\n"
            "            c_in = 8 * scale\n"
            "        size //= 2\n"
            "    return [total]\n"
        ),
    },
    "nb09_ex3": {
        "common mistake: the buggy loop as given (tf.device(device) pulls the variables to /gpu:0)": (
            "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
            "    adam = tf1.train.AdamOptimizer(0.1)\n"
            "    tower_grads = []\n"
            "    for i, device in enumerate(['/gpu:0', '/gpu:1']):\n"
            "        with tf1.name_scope(f'tower_{i}'), tf.device(device):\n"
            "            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))\n"
            "    adam.apply_gradients(average_gradients(tower_grads))\n"
        ),
        "rule-breaking: the buggy loop, then every variable op moved to /cpu:0 afterwards": (
            "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
            "    adam = tf1.train.AdamOptimizer(0.1)\n"
            "    tower_grads = []\n"
            "    for i, device in enumerate(['/gpu:0', '/gpu:1']):\n"
            "        with tf1.name_scope(f'tower_{i}'), tf.device(device):\n"
            "            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))\n"
            "    adam.apply_gradients(average_gradients(tower_grads))\n"
            "for _op in fixed_graph.get_operations():\n"
            "    if _op.type in VARIABLE_OPS:\n"
            "        _op._set_device('/device:CPU:0')\n"
        ),
        "gaming: the notebook's run keeps the buggy loop and moves the variables afterwards; the "
        "check's re-run builds the fixed loop": (
            _RERUN +
            "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
            "    adam = tf1.train.AdamOptimizer(0.1)\n"
            "    tower_grads = []\n"
            "    for i, device in enumerate(['/gpu:0', '/gpu:1']):\n"
            "        with tf1.name_scope(f'tower_{i}'), tf1.device(compute_on(device) if _RERUN else device):\n"
            "            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))\n"
            "    adam.apply_gradients(average_gradients(tower_grads))\n"
            "if not _RERUN:\n"
            "    for _op in fixed_graph.get_operations():\n"
            "        if _op.type in VARIABLE_OPS:\n"
            "            _op._set_device('/device:CPU:0')\n"
        ),
        "rule-breaking: average_gradients called once for show, the towers averaged by hand "
        "((g0 + g1) / 2) and that applied": (
            "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
            "    adam = tf1.train.AdamOptimizer(0.1)\n"
            "    tower_grads = []\n"
            "    for i, device in enumerate(['/gpu:0', '/gpu:1']):\n"
            "        with tf1.name_scope(f'tower_{i}'), tf1.device(compute_on(device)):\n"
            "            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))\n"
            "    average_gradients(tower_grads)  # called, result unused\n"
            "    by_hand = [((g0 + g1) / 2.0, v) for (g0, v), (g1, _) in zip(*tower_grads)]\n"
            "    adam.apply_gradients(by_hand)\n"
        ),
        "rule-breaking: tf1.gradients per tower instead of adam.compute_gradients": (
            "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
            "    adam = tf1.train.AdamOptimizer(0.1)\n"
            "    tower_grads = []\n"
            "    for i, device in enumerate(['/gpu:0', '/gpu:1']):\n"
            "        with tf1.name_scope(f'tower_{i}'), tf1.device(compute_on(device)):\n"
            "            loss = linear_loss(tf.ones([2, 1]), tf.ones([2]))\n"
            "            params = tf1.trainable_variables()\n"
            "            tower_grads.append(list(zip(tf1.gradients(loss, params), params)))\n"
            "    adam.apply_gradients(average_gradients(tower_grads))\n"
        ),
        "wrong scope: everything on /cpu:0, the towers' computation too": (
            "with tf.Graph().as_default() as fixed_graph, tf.device('/cpu:0'):\n"
            "    adam = tf1.train.AdamOptimizer(0.1)\n"
            "    tower_grads = []\n"
            "    for i in range(2):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            tower_grads.append(adam.compute_gradients(linear_loss(tf.ones([2, 1]), tf.ones([2]))))\n"
            "    adam.apply_gradients(average_gradients(tower_grads))\n"
        ),
    },
    "nb09_ex4": {
        "common mistake: the plain mean of the towers (average_gradients), as for equal slices": (
            "SIZES = [10, 14, 18]\n"
            "with tf.Graph().as_default() as unequal_graph:\n"
            "    x_all = tf1.placeholder(tf.float32, [None, 1])\n"
            "    y_all = tf1.placeholder(tf.float32, [None])\n"
            "    sgd = tf1.train.GradientDescentOptimizer(0.1)\n"
            "    unequal_grads = []\n"
            "    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES))):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))\n"
            "    weighted_grads = average_gradients(unequal_grads)\n"
        ),
        "rule-breaking: a fresh whole-batch gradient, with the towers' gradients added in times 0 "
        "so that they are its ancestors": (
            "SIZES = [10, 14, 18]\n"
            "with tf.Graph().as_default() as unequal_graph:\n"
            "    x_all = tf1.placeholder(tf.float32, [None, 1])\n"
            "    y_all = tf1.placeholder(tf.float32, [None])\n"
            "    sgd = tf1.train.GradientDescentOptimizer(0.1)\n"
            "    unequal_grads = []\n"
            "    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES))):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))\n"
            "    whole = sgd.compute_gradients(linear_loss(x_all, y_all))\n"
            "    weighted_grads = [(g + 0.0 * tf.add_n([p[k][0] for p in unequal_grads]), v)\n"
            "                      for k, (g, v) in enumerate(whole)]\n"
        ),
        "lazy: section 2's numbers (full) typed in as constants, plus 0 x the towers": (
            "SIZES = [10, 14, 18]\n"
            "with tf.Graph().as_default() as unequal_graph:\n"
            "    x_all = tf1.placeholder(tf.float32, [None, 1])\n"
            "    y_all = tf1.placeholder(tf.float32, [None])\n"
            "    sgd = tf1.train.GradientDescentOptimizer(0.1)\n"
            "    unequal_grads = []\n"
            "    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES))):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))\n"
            "    weighted_grads = [(tf.constant(np.asarray(full[k], np.float32)) + 0.0 * tf.add_n([p[k][0] for p in unequal_grads]),\n"
            "                       unequal_grads[0][k][1]) for k in range(len(unequal_grads[0]))]\n"
        ),
        "gaming: the towers' gradients summed (no weights), with np in the notebook's names "
        "replaced by a copy whose allclose always says yes": (
            "SIZES = [10, 14, 18]\n"
            "with tf.Graph().as_default() as unequal_graph:\n"
            "    x_all = tf1.placeholder(tf.float32, [None, 1])\n"
            "    y_all = tf1.placeholder(tf.float32, [None])\n"
            "    sgd = tf1.train.GradientDescentOptimizer(0.1)\n"
            "    unequal_grads = []\n"
            "    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES))):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))\n"
            "    weighted_grads = [(tf.add_n([p[0] for p in pairs]), pairs[0][1]) for pairs in zip(*unequal_grads)]\n"
            "import types as _types\n"
            "_real_np = np\n"
            "class _Yes(_types.ModuleType):\n"
            "    def __getattr__(self, name):\n"
            "        return getattr(_real_np, name)\n"
            "np = _Yes('numpy')\n"
            "np.allclose = lambda *a, **k: True\n"
        ),
        "wrong scope: the slices changed to equal thirds (SIZES = [14, 14, 14]) and the plain mean": (
            "SIZES = [14, 14, 14]\n"
            "with tf.Graph().as_default() as unequal_graph:\n"
            "    x_all = tf1.placeholder(tf.float32, [None, 1])\n"
            "    y_all = tf1.placeholder(tf.float32, [None])\n"
            "    sgd = tf1.train.GradientDescentOptimizer(0.1)\n"
            "    unequal_grads = []\n"
            "    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES))):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))\n"
            "    weighted_grads = average_gradients(unequal_grads)\n"
        ),
        "common mistake: weights inverted (each tower by all rows / its rows, normalized wrongly)": (
            "SIZES = [10, 14, 18]\n"
            "with tf.Graph().as_default() as unequal_graph:\n"
            "    x_all = tf1.placeholder(tf.float32, [None, 1])\n"
            "    y_all = tf1.placeholder(tf.float32, [None])\n"
            "    sgd = tf1.train.GradientDescentOptimizer(0.1)\n"
            "    unequal_grads = []\n"
            "    for i, (x_part, y_part) in enumerate(zip(tf.split(x_all, SIZES), tf.split(y_all, SIZES))):\n"
            "        with tf1.name_scope(f'tower_{i}'):\n"
            "            unequal_grads.append(sgd.compute_gradients(linear_loss(x_part, y_part)))\n"
            "    _w = [1.0 / s for s in SIZES]\n"
            "    weighted_grads = [(tf.add_n([w / sum(_w) * g for w, (g, _) in zip(_w, pairs)]), pairs[0][1])\n"
            "                      for pairs in zip(*unequal_grads)]\n"
        ),
    },
}
