"""Wrong answers for notebook 02: a fresh attack (s54 a2), from the notebook and checker only."""

_EX1_GRAPH = '''g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
'''
_EX1_THIRD = '''with tf1.Session(graph=g_state, config=session_config()) as s3:
    try:
        s3.run(w)
    except tf.errors.OpError as err:
        fresh_error = type(err).__name__
'''


def _ex1(middle: str, third: str = _EX1_THIRD) -> str:
    """Exercise 1's cell with ``middle`` inside the two sessions."""
    return (_EX1_GRAPH + "with tf1.Session(graph=g_state, config=session_config()) as s1, \\\n"
            "        tf1.Session(graph=g_state, config=session_config()) as s2:\n"
            "    s1.run(w.initializer)\n    s2.run(w.initializer)\n"
            "    for _ in range(3):\n        s1.run(double)\n    s2.run(double)\n"
            + middle + third)


_EX2_HEAD = '''g_count = tf.Graph()
with g_count.as_default():
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
'''
_EX2_TAIL = '''with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
'''
_EX2_FIX = '''    with tf.control_dependencies([increment]):
        out = tf.identity(doubled, name="out")
'''

_EX3_GRAPH = '''g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
'''
_EX3_ERR = '''    try:
        sess.run(mean_sum)
    except tf.errors.OpError as err:
        unfed_error = type(err).__name__
'''


def _ex3(body: str, graph: str = _EX3_GRAPH, err: str = _EX3_ERR) -> str:
    """Exercise 3's cell: ``body`` in the one session."""
    return graph + "with tf1.Session(graph=g_feed, config=session_config()) as sess:\n" + body + err


_EX3_FED2 = '''    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
'''
_EX3_MEAN4 = "    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))\n"
_EX3_FEDSUMS = "    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n"

_EX4_LAZY = '''final_counts = []
g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    counter = tf1.Variable(0)
    with tf1.Session(config=session_config()) as sess:
        sess.run(counter.initializer)
        before = nodes(g_lazy_loop)
        for _ in range(100):
            sess.run(counter.assign_add(1))
        lazy_loop_nodes = nodes(g_lazy_loop) - before
        final_counts.append(int(sess.run(counter)))
'''
_EX4_NORMAL = '''g_normal_loop = tf.Graph()
with g_normal_loop.as_default():
    counter = tf1.Variable(0)
    step = counter.assign_add(1)
with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:
    sess.run(counter.initializer)
    before = nodes(g_normal_loop)
    for _ in range(100):
        sess.run(step)
    normal_loop_nodes = nodes(g_normal_loop) - before
    final_counts.append(int(sess.run(counter)))
'''
_EX4_FINAL = '''g_normal_loop.finalize()
try:
    with g_normal_loop.as_default():
        counter.assign_add(1)
    finalize_refused = False
except RuntimeError:
    finalize_refused = True
'''

WRONG_ANSWERS = {
    "nb02_ex1": {
        "lazy: runs double as asked but types two_sessions in":
            _ex1("    two_sessions = [8.0, 2.0]\n    s1.run(w.initializer)\n"
                 "    after_reinit = float(s1.run(w))\n"),
        "lazy: opens the third session but types fresh_error in, never fetching w":
            _ex1("    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
                 "    s1.run(w.initializer)\n    after_reinit = float(s1.run(w))\n",
                 "with tf1.Session(graph=g_state, config=session_config()) as s3:\n"
                 "    fresh_error = 'FailedPreconditionError'\n"),
        "lazy: after_reinit typed in, the initializer never run again":
            _ex1("    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
                 "    after_reinit = 1.0\n"),
        "gaming: after_reinit typed in and laundered through a run of a constant":
            _ex1("    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
                 "    with g_state.as_default():\n        _one = tf.constant(1.0)\n"
                 "    after_reinit = float(s1.run(_one))\n"),
        "rule-breaking: the two sessions opened one after the other, not at once":
            _EX1_GRAPH
            + "with tf1.Session(graph=g_state, config=session_config()) as s1:\n"
            "    s1.run(w.initializer)\n    for _ in range(3):\n        s1.run(double)\n"
            "    first = float(s1.run(w))\n    s1.run(w.initializer)\n"
            "    after_reinit = float(s1.run(w))\n"
            "with tf1.Session(graph=g_state, config=session_config()) as s2:\n"
            "    s2.run(w.initializer)\n    s2.run(double)\n"
            "    two_sessions = [first, float(s2.run(w))]\n" + _EX1_THIRD,
        "rule-breaking: runs a copy of double (w.assign(w * 2) built again), not double":
            _EX1_GRAPH + "with g_state.as_default():\n    _copy = w.assign(w * 2)\n"
            "with tf1.Session(graph=g_state, config=session_config()) as s1, \\\n"
            "        tf1.Session(graph=g_state, config=session_config()) as s2:\n"
            "    s1.run(w.initializer)\n    s2.run(w.initializer)\n"
            "    for _ in range(3):\n        s1.run(_copy)\n    s2.run(_copy)\n"
            "    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
            "    s1.run(w.initializer)\n    after_reinit = float(s1.run(w))\n" + _EX1_THIRD,
        "common mistake: double run three times in each session":
            _ex1("    for _ in range(2):\n        s2.run(double)\n"
                 "    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
                 "    s1.run(w.initializer)\n    after_reinit = float(s1.run(w))\n"),
    },
    "nb02_ex2": {
        "common mistake: the bug left in (out = doubled inside the block)":
            _EX2_HEAD + "    with tf.control_dependencies([increment]):\n        out = doubled\n"
            + _EX2_TAIL,
        "common mistake: tf.identity built after the block":
            _EX2_HEAD + "    with tf.control_dependencies([increment]):\n        pass\n"
            "    out = tf.identity(doubled, name='out')\n" + _EX2_TAIL,
        "rule-breaking: doubled moved inside the block":
            "g_count = tf.Graph()\nwith g_count.as_default():\n"
            "    x = tf1.placeholder(tf.float32, name='x')\n"
            "    calls = tf1.Variable(0, name='calls')\n    increment = calls.assign_add(1)\n"
            "    with tf.control_dependencies([increment]):\n"
            "        doubled = tf.multiply(2.0, x, name='doubled')\n        out = doubled\n"
            + _EX2_TAIL,
        "lazy: the graph fixed, the given runs dropped and their results typed in":
            _EX2_HEAD + _EX2_FIX + "out_value, calls_after_out, calls_after_doubled = 6.0, 4, 4\n",
        "gaming: the graph fixed; the notebook's run types the results in, the check's re-run "
        "(told apart by a marker set through globals()) runs the cell's loop":
            _EX2_HEAD + _EX2_FIX
            + "_again = '_cs_marker' in globals()\nglobals()['_cs_marker'] = True\n"
            "if _again:\n" + "".join("    " + line + "\n" for line in _EX2_TAIL.splitlines())
            + "else:\n    out_value, calls_after_out, calls_after_doubled = 6.0, 4, 4\n",
        "gaming: the bug left in, the counter run beside out in the given loop":
            _EX2_HEAD + "    with tf.control_dependencies([increment]):\n        out = doubled\n"
            "with tf1.Session(graph=g_count, config=session_config()) as sess:\n"
            "    sess.run(calls.initializer)\n"
            "    out_value = [float(sess.run([out, "
            "increment], {x: 3.0})[0]) for _ in range(4)][-1]\n"
            "    calls_after_out = int(sess.run(calls))\n    sess.run(doubled, {x: 3.0})\n"
            "    calls_after_doubled = int(sess.run(calls))\n",
        "wrong scope: the loop given changed to run out three times":
            _EX2_HEAD + _EX2_FIX + _EX2_TAIL.replace("range(4)", "range(3)"),
    },
    "nb02_ex3": {
        "lazy: mean_4 typed in":
            _ex3(_EX3_FED2 + "    mean_4 = 16.5\n" + _EX3_FEDSUMS),
        "lazy: unfed_error typed in, the unfed run never tried":
            _ex3(_EX3_FED2 + _EX3_MEAN4 + _EX3_FEDSUMS,
                 err="    unfed_error = 'InvalidArgumentError'\n"),
        "rule-breaking: mean_4 computed in NumPy and laundered through reduce_sum and "
        "reduce_mean of a constant in the same session":
            _ex3(_EX3_FED2
                 + "    _typed = float(np.arange(12).reshape(4, 3).sum(axis=1).mean())\n"
                 "    with g_feed.as_default():\n"
                 "        _wash = tf.reduce_mean(tf.reduce_sum(tf.constant([[_typed]]), axis=1))\n"
                 "    mean_4 = float(sess.run(_wash))\n" + _EX3_FEDSUMS),
        "rule-breaking: step 3 feeds x (rows summing to 10 and 20), not row_sums":
            _ex3(_EX3_FED2 + _EX3_MEAN4
                 + "    mean_fed_sums = float(sess.run(mean_sum, "
                   "{x: [[10, 0, 0], [20, 0, 0]]}))\n"),
        "rule-breaking: the runs spread over two sessions":
            _EX3_GRAPH + "with tf1.Session(graph=g_feed, config=session_config()) as sess:\n"
            + _EX3_FED2 + _EX3_MEAN4
            + "with tf1.Session(graph=g_feed, config=session_config()) as sess:\n"
            + _EX3_FEDSUMS + _EX3_ERR,
        "gaming: the fed-sums step sees row_sums fed, but the value is the NumPy mean laundered "
        "through a reduce_mean of a reduce_sum":
            _ex3(_EX3_FED2 + _EX3_MEAN4
                 + "    sess.run(mean_sum, {row_sums: [10.0, 20.0]})\n"
                 "    with g_feed.as_default():\n"
                 "        _wash = tf.reduce_mean(tf.reduce_sum(tf.constant([[15.0]]), axis=1))\n"
                 "    mean_fed_sums = float(sess.run(_wash))\n"),
        "common mistake: x_shape kept as the TensorShape, not a list":
            _ex3(_EX3_FED2 + _EX3_MEAN4 + _EX3_FEDSUMS,
                 graph=_EX3_GRAPH.replace("x_shape = x.shape.as_list()", "x_shape = x.shape")),
    },
    "nb02_ex4": {
        "lazy: both loops run, final_counts typed in":
            (_EX4_LAZY + _EX4_NORMAL).replace("final_counts.append(int(sess.run(counter)))",
                                              "pass") + "final_counts = [100, 100]\n" + _EX4_FINAL,
        "lazy: the loops never run, all counts typed in":
            "g_lazy_loop, g_normal_loop = tf.Graph(), tf.Graph()\n"
            "with g_normal_loop.as_default():\n    counter = tf1.Variable(0)\n"
            "lazy_loop_nodes, normal_loop_nodes, final_counts = 300, 0, [100, 100]\n" + _EX4_FINAL,
        "rule-breaking: lazy_loop_nodes from one assign_add built in a scratch graph times 100, "
        "not counted around the lazy loop":
            _EX4_LAZY.replace("lazy_loop_nodes = nodes(g_lazy_loop) - before",
                              "pass")
            + "with tf.Graph().as_default() as _scratch:\n    _c = tf1.Variable(0)\n"
            "    _n = nodes(_scratch)\n    _c.assign_add(1)\n"
            "    lazy_loop_nodes = 100 * (nodes(_scratch) - _n)\n" + _EX4_NORMAL + _EX4_FINAL,
        "lazy: the graph finalized but finalize_refused typed in, no op tried":
            _EX4_LAZY + _EX4_NORMAL + "g_normal_loop.finalize()\nfinalize_refused = True\n",
        "gaming: 200 sess.run calls of the counter's value instead of steps in the lazy loop; "
        "the 100 assign_adds built but one run of them all":
            "final_counts = []\ng_lazy_loop = tf.Graph()\nwith g_lazy_loop.as_default():\n"
            "    counter = tf1.Variable(0)\n"
            "    with tf1.Session(config=session_config()) as sess:\n"
            "        sess.run(counter.initializer)\n        before = nodes(g_lazy_loop)\n"
            "        _steps = [counter.assign_add(1) for _ in range(100)]\n"
            "        sess.run(_steps)\n        for _ in range(100):\n"
            "            sess.run(counter)\n"
            "        lazy_loop_nodes = nodes(g_lazy_loop) - before\n"
            "        final_counts.append(int(sess.run(counter)))\n" + _EX4_NORMAL + _EX4_FINAL,
        "gaming: the loops never run (100 assign_adds built, none run; the counts typed in); "
        "cell_record's registry cleared and an honest copy of the cell appended to IPython's "
        "history, which the check then re-runs":
            "import cs20_helpers.cell_record as _record\n_saved = dict(_record._RECORDS)\n"
            "_record._RECORDS.clear()\n"
            "get_ipython().history_manager.input_hist_parsed.append("
            + repr("_record._RECORDS.update(_saved)  # the registry back, once re-run\n"
                   + _EX4_LAZY + _EX4_NORMAL + _EX4_FINAL) + ")\n"
            "g_lazy_loop = tf.Graph()\nwith g_lazy_loop.as_default():\n"
            "    counter = tf1.Variable(0)\n    before = nodes(g_lazy_loop)\n"
            "    for _ in range(100):\n        counter.assign_add(1)\n"
            "    lazy_loop_nodes = nodes(g_lazy_loop) - before\n"
            "g_normal_loop = tf.Graph()\nwith g_normal_loop.as_default():\n"
            "    counter = tf1.Variable(0)\n    step = counter.assign_add(1)\n"
            "normal_loop_nodes, final_counts = 0, [100, 100]\n" + _EX4_FINAL,
        "common mistake: the 'lazy' loop builds its op once too":
            _EX4_LAZY.replace("        for _ in range(100):\n"
                              "            sess.run(counter.assign_add(1))\n",
                              "        _step = counter.assign_add(1)\n"
                              "        for _ in range(100):\n            sess.run(_step)\n")
            + _EX4_NORMAL + _EX4_FINAL,
        "wrong scope: the normal graph never finalized":
            _EX4_LAZY + _EX4_NORMAL
            + "try:\n    with g_normal_loop.as_default():\n        counter.assign_add(1)\n"
            "    finalize_refused = False\nexcept RuntimeError:\n    finalize_refused = True\n",
    },
}
