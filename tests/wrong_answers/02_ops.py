"""Wrong answers to notebook 02's exercises: each must fail its check (proved by `refute`)."""

_EX1_GRAPH = (
    "with tf.Graph().as_default() as g_state:\n"
    "    w = tf1.Variable(1.0, name='w')\n"
    "    double = w.assign(w * 2)\n"
)
_EX2_RUN = (
    "with tf1.Session(graph=g_count, config=session_config()) as sess:\n"
    "    sess.run(calls.initializer)\n"
    "    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]\n"
    "    calls_after_out = int(sess.run(calls))\n"
    "    sess.run(doubled, {x: 3.0})\n"
    "    calls_after_doubled = int(sess.run(calls))\n"
)
_EX3_RUN = (
    "x_shape = x.shape.as_list() if x.shape.rank is not None else None\n"
    "with tf1.Session(graph=g_feed, config=session_config()) as sess:\n"
    "    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})\n"
    "    fed_2 = [sums.tolist(), float(mean)]\n"
    "    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))\n"
    "    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n"
    "    try:\n"
    "        sess.run(mean_sum)\n"
    "    except tf.errors.OpError as err:\n"
    "        unfed_error = type(err).__name__\n"
)
_EX4_NORMAL = (
    "final_counts = []\n"
    "with tf.Graph().as_default() as g_normal_loop:\n"
    "    counter = tf1.Variable(0)\n"
    "    step = counter.assign_add(1)\n"
    "with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:\n"
    "    sess.run(counter.initializer)\n"
    "    before = nodes(g_normal_loop)\n"
    "    for _ in range(100):\n"
    "        sess.run(step)\n"
    "    normal_loop_nodes = nodes(g_normal_loop) - before\n"
    "    final_counts.append(int(sess.run(counter)))\n"
)

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb02_ex1": {
        "lazy: the printed values, nothing built": (
            "g_state = w = double = None\n"
            "two_sessions = [8.0, 2.0]\n"
            "after_reinit = 1.0\n"
            "fresh_error = 'FailedPreconditionError'\n"
        ),
        "common mistake: both values read from one session": (
            _EX1_GRAPH
            + "with tf1.Session(graph=g_state, config=session_config()) as s1:\n"
            "    s1.run(w.initializer)\n"
            "    for _ in range(3):\n"
            "        s1.run(double)\n"
            "    first = float(s1.run(w))\n"
            "    s1.run(double)\n"
            "    two_sessions = [first, float(s1.run(w))]\n"
            "    s1.run(w.initializer)\n"
            "    after_reinit = float(s1.run(w))\n"
            "with tf1.Session(graph=g_state, config=session_config()) as s3:\n"
            "    try:\n"
            "        s3.run(w)\n"
            "    except tf.errors.OpError as err:\n"
            "        fresh_error = type(err).__name__\n"
        ),
        "common mistake: the base class of the error": (
            _EX1_GRAPH
            + "two_sessions, after_reinit = [8.0, 2.0], 1.0\n"
            "with tf1.Session(graph=g_state, config=session_config()) as s3:\n"
            "    try:\n"
            "        s3.run(w)\n"
            "    except tf.errors.OpError as err:\n"
            "        fresh_error = type(err).__base__.__name__\n"
        ),
        "common mistake: the error's message, not its class name": (
            _EX1_GRAPH
            + "two_sessions, after_reinit = [8.0, 2.0], 1.0\n"
            "with tf1.Session(graph=g_state, config=session_config()) as s3:\n"
            "    try:\n"
            "        s3.run(w)\n"
            "    except tf.errors.OpError as err:\n"
            "        fresh_error = str(err)\n"
        ),
        "breaks the rule: w starts at 2.0, the values read from that graph": (
            _EX1_GRAPH.replace("1.0", "2.0")
            + "with tf1.Session(graph=g_state, config=session_config()) as s1, \\\n"
            "        tf1.Session(graph=g_state, config=session_config()) as s2:\n"
            "    s1.run(w.initializer)\n"
            "    s2.run(w.initializer)\n"
            "    for _ in range(3):\n"
            "        s1.run(double)\n"
            "    s2.run(double)\n"
            "    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
            "    s1.run(w.initializer)\n"
            "    after_reinit = float(s1.run(w))\n"
            "fresh_error = 'FailedPreconditionError'\n"
        ),
        "fakes the inspected object: double never assigns, the values typed in": (
            "with tf.Graph().as_default() as g_state:\n"
            "    w = tf1.Variable(1.0, name='w')\n"
            "    double = w * 2\n"
            "two_sessions, after_reinit = [8.0, 2.0], 1.0\n"
            "fresh_error = 'FailedPreconditionError'\n"
        ),
    },
    "nb02_ex2": {
        "lazy: the printed values, nothing built": (
            "g_count = out = None\n"
            "out_value, calls_after_out, calls_after_doubled = 6.0, 4, 4\n"
        ),
        "common mistake: the broken graph as given (out = doubled)": (
            "with tf.Graph().as_default() as g_count:\n"
            "    x = tf1.placeholder(tf.float32, name='x')\n"
            "    calls = tf1.Variable(0, name='calls')\n"
            "    doubled = tf.multiply(2.0, x, name='doubled')\n"
            "    increment = calls.assign_add(1)\n"
            "    with tf.control_dependencies([increment]):\n"
            "        out = doubled\n"
            + _EX2_RUN
        ),
        "common mistake: the new op built after the block": (
            "with tf.Graph().as_default() as g_count:\n"
            "    x = tf1.placeholder(tf.float32, name='x')\n"
            "    calls = tf1.Variable(0, name='calls')\n"
            "    doubled = tf.multiply(2.0, x, name='doubled')\n"
            "    increment = calls.assign_add(1)\n"
            "    with tf.control_dependencies([increment]):\n"
            "        pass\n"
            "    out = tf.identity(doubled, name='out')\n"
            + _EX2_RUN
        ),
        "common mistake: doubled moved into the block": (
            "with tf.Graph().as_default() as g_count:\n"
            "    x = tf1.placeholder(tf.float32, name='x')\n"
            "    calls = tf1.Variable(0, name='calls')\n"
            "    increment = calls.assign_add(1)\n"
            "    with tf.control_dependencies([increment]):\n"
            "        doubled = tf.multiply(2.0, x, name='doubled')\n"
            "        out = tf.identity(doubled, name='out')\n"
            + _EX2_RUN
        ),
        "fakes the inspected object: out a constant 6, right only for x = 3": (
            "with tf.Graph().as_default() as g_count:\n"
            "    x = tf1.placeholder(tf.float32, name='x')\n"
            "    calls = tf1.Variable(0, name='calls')\n"
            "    doubled = tf.multiply(2.0, x, name='doubled')\n"
            "    increment = calls.assign_add(1)\n"
            "    with tf.control_dependencies([increment]):\n"
            "        out = tf.constant(6.0, name='out')\n"
            + _EX2_RUN
        ),
        "breaks the rule: calls starts at 1": (
            "with tf.Graph().as_default() as g_count:\n"
            "    x = tf1.placeholder(tf.float32, name='x')\n"
            "    calls = tf1.Variable(1, name='calls')\n"
            "    doubled = tf.multiply(2.0, x, name='doubled')\n"
            "    increment = calls.assign_add(1)\n"
            "    with tf.control_dependencies([increment]):\n"
            "        out = tf.identity(doubled, name='out')\n"
            + _EX2_RUN
        ),
    },
    "nb02_ex3": {
        "lazy: the printed values, nothing built": (
            "g_feed = None\n"
            "x_shape, fed_2, mean_4 = [None, 3], [[6.0, 15.0], 10.5], 16.5\n"
            "mean_fed_sums, unfed_error = 15.0, 'InvalidArgumentError'\n"
        ),
        "common mistake: shape=None, which takes any shape": (
            "with tf.Graph().as_default() as g_feed:\n"
            "    x = tf1.placeholder(tf.float32, shape=None, name='x')\n"
            "    row_sums = tf.reduce_sum(x, axis=1)\n"
            "    mean_sum = tf.reduce_mean(row_sums)\n"
            + _EX3_RUN
        ),
        "common mistake: the sums divided by the row length, not the number of rows": (
            "with tf.Graph().as_default() as g_feed:\n"
            "    x = tf1.placeholder(tf.float32, shape=[None, 3], name='x')\n"
            "    row_sums = tf.reduce_sum(x, axis=1)\n"
            "    mean_sum = tf.reduce_sum(row_sums) / 3\n"
            + _EX3_RUN
        ),
        "breaks the rule: an int32 placeholder": (
            "with tf.Graph().as_default() as g_feed:\n"
            "    x = tf1.placeholder(tf.int32, shape=[None, 3], name='x')\n"
            "    row_sums = tf.reduce_sum(x, axis=1)\n"
            "    mean_sum = tf.reduce_mean(row_sums)\n"
            + _EX3_RUN
        ),
        "fakes the inspected object: row_sums a constant of the two given rows' sums": (
            "with tf.Graph().as_default() as g_feed:\n"
            "    x = tf1.placeholder(tf.float32, shape=[None, 3], name='x')\n"
            "    row_sums = tf.constant([6.0, 15.0]) + 0 * tf.reduce_sum(x)\n"
            "    mean_sum = tf.reduce_mean(row_sums)\n"
            + _EX3_RUN
        ),
    },
    "nb02_ex4": {
        "lazy: the printed values, nothing built": (
            "g_lazy_loop = g_normal_loop = None\n"
            "lazy_loop_nodes, normal_loop_nodes = 300, 0\n"
            "final_counts, finalize_refused = [100, 100], True\n"
        ),
        "common mistake: both loops build the op once": (
            "with tf.Graph().as_default() as g_lazy_loop:\n"
            "    counter = tf1.Variable(0)\n"
            "    lazy_step = counter.assign_add(1)\n"
            "    with tf1.Session(config=session_config()) as sess:\n"
            "        sess.run(counter.initializer)\n"
            "        before = nodes(g_lazy_loop)\n"
            "        for _ in range(100):\n"
            "            sess.run(lazy_step)\n"
            "        lazy_loop_nodes = nodes(g_lazy_loop) - before\n"
            "        lazy_count = int(sess.run(counter))\n"
            + _EX4_NORMAL
            + "final_counts.insert(0, lazy_count)\n"
            "g_normal_loop.finalize()\n"
            "finalize_refused = True\n"
        ),
        "lazy: finalize_refused set without finalising": (
            "final_counts = []\n"
            "with tf.Graph().as_default() as g_lazy_loop:\n"
            "    counter = tf1.Variable(0)\n"
            "    with tf1.Session(config=session_config()) as sess:\n"
            "        sess.run(counter.initializer)\n"
            "        before = nodes(g_lazy_loop)\n"
            "        for _ in range(100):\n"
            "            sess.run(counter.assign_add(1))\n"
            "        lazy_loop_nodes = nodes(g_lazy_loop) - before\n"
            "        final_counts.append(int(sess.run(counter)))\n"
            + _EX4_NORMAL.replace("final_counts = []\n", "")
            + "finalize_refused = True\n"
        ),
        "common mistake: a new counter variable built at every lazy step": (
            "final_counts = []\n"
            "with tf.Graph().as_default() as g_lazy_loop:\n"
            "    counter = tf1.Variable(0)\n"
            "    with tf1.Session(config=session_config()) as sess:\n"
            "        sess.run(counter.initializer)\n"
            "        before = nodes(g_lazy_loop)\n"
            "        for _ in range(100):\n"
            "            counter = tf1.Variable(counter + 1)\n"
            "            sess.run(counter.initializer)\n"
            "            sess.run(counter.assign_add(0))\n"
            "        lazy_loop_nodes = nodes(g_lazy_loop) - before\n"
            "        final_counts.append(int(sess.run(counter)))\n"
            + _EX4_NORMAL.replace("final_counts = []\n", "")
            + "g_normal_loop.finalize()\n"
            "finalize_refused = True\n"
        ),
        "common mistake: lazy_loop_nodes counted from the graph's start": (
            "final_counts = []\n"
            "with tf.Graph().as_default() as g_lazy_loop:\n"
            "    counter = tf1.Variable(0)\n"
            "    with tf1.Session(config=session_config()) as sess:\n"
            "        sess.run(counter.initializer)\n"
            "        for _ in range(100):\n"
            "            sess.run(counter.assign_add(1))\n"
            "        lazy_loop_nodes = nodes(g_lazy_loop)\n"
            "        final_counts.append(int(sess.run(counter)))\n"
            + _EX4_NORMAL.replace("final_counts = []\n", "")
            + "g_normal_loop.finalize()\n"
            "finalize_refused = True\n"
        ),
    },
}
