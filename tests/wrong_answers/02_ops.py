"""Wrong answers to notebook 02's exercises: each must fail its check (proved by `refute`)."""

_EX1_GRAPH = (
    "with tf.Graph().as_default() as g_state:\n"
    "    w = tf1.Variable(1.0, name='w')\n"
    "    double = w.assign(w * 2)\n"
)
_EX1_SESSIONS = (
    "with tf1.Session(graph=g_state, config=session_config()) as s1, \\\n"
    "        tf1.Session(graph=g_state, config=session_config()) as s2:\n"
    "    s1.run(w.initializer)\n"
    "    s2.run(w.initializer)\n"
    "    for _ in range(3):\n"
    "        s1.run(double)\n"
    "    s2.run(double)\n"
    "    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n"
    "    s1.run(w.initializer)\n"
    "    after_reinit = float(s1.run(w))\n"
    "with tf1.Session(graph=g_state, config=session_config()) as s3:\n"
    "    try:\n"
    "        s3.run(w)\n"
    "    except tf.errors.OpError as err:\n"
    "        fresh_error = type(err).__name__\n"
)
_EX2_GRAPH = (
    "with tf.Graph().as_default() as g_count:\n"
    "    x = tf1.placeholder(tf.float32, name='x')\n"
    "    calls = tf1.Variable(0, name='calls')\n"
    "    doubled = tf.multiply(2.0, x, name='doubled')\n"
    "    increment = calls.assign_add(1)\n"
    "    with tf.control_dependencies([increment]):\n"
    "        out = tf.identity(doubled, name='out')\n"
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
_EX3_GRAPH = (
    "with tf.Graph().as_default() as g_feed:\n"
    "    x = tf1.placeholder(tf.float32, shape=[None, 3], name='x')\n"
    "    row_sums = tf.reduce_sum(x, axis=1)\n"
    "    mean_sum = tf.reduce_mean(row_sums)\n"
)
_EX4_LAZY = (
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
        "breaks the rule: one session, not two at once, the values still right": (
            _EX1_GRAPH
            + "with tf1.Session(graph=g_state, config=session_config()) as s1:\n"
            "    s1.run(w.initializer)\n"
            "    for _ in range(3):\n"
            "        s1.run(double)\n"
            "    first = float(s1.run(w))\n"
            "    s1.run(w.initializer)\n"
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
        "breaks the rule: a copy of double run, not double itself": (
            _EX1_GRAPH
            + "    twice = w.assign(w * 2)\n"
            + _EX1_SESSIONS.replace("double", "twice")
        ),
        "breaks the rule: after_reinit typed in, w not fetched after the initializer": (
            _EX1_GRAPH
            + _EX1_SESSIONS.replace("    after_reinit = float(s1.run(w))\n", "")
            + "after_reinit = 1.0\n"
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
        "breaks the rule: out never run, the given runs replaced by the printed values": (
            _EX2_GRAPH
            + "with tf1.Session(graph=g_count, config=session_config()) as sess:\n"
            "    sess.run(calls.initializer)\n"
            "    sess.run(doubled, {x: 3.0})\n"
            "out_value, calls_after_out, calls_after_doubled = 6.0, 4, 4\n"
        ),
        "breaks the rule: out and doubled run with x = 1, out_value typed in": (
            _EX2_GRAPH
            + _EX2_RUN.replace("out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]",
                               "[sess.run(out, {x: 1.0}) for _ in range(4)]\n    out_value = 6.0")
            .replace("sess.run(doubled, {x: 3.0})", "sess.run(doubled, {x: 1.0})")
        ),
        "breaks the rule: the counter never fetched, the counts typed in": (
            _EX2_GRAPH
            + "with tf1.Session(graph=g_count, config=session_config()) as sess:\n"
            "    sess.run(calls.initializer)\n"
            "    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]\n"
            "    sess.run(doubled, {x: 3.0})\n"
            "calls_after_out = calls_after_doubled = 4\n"
        ),
        "breaks the rule: doubled never run, its count copied": (
            _EX2_GRAPH
            + "with tf1.Session(graph=g_count, config=session_config()) as sess:\n"
            "    sess.run(calls.initializer)\n"
            "    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]\n"
            "    calls_after_out = int(sess.run(calls))\n"
            "calls_after_doubled = calls_after_out\n"
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
        "breaks the rule: one session per run (the notebook's run helper)": (
            _EX3_GRAPH
            + "x_shape = x.shape.as_list()\n"
            "sums, mean = run([row_sums, mean_sum], g_feed, {x: [[1, 2, 3], [4, 5, 6]]})\n"
            "fed_2 = [sums.tolist(), float(mean)]\n"
            "mean_4 = float(run(mean_sum, g_feed, {x: np.arange(12).reshape(4, 3)}))\n"
            "mean_fed_sums = float(run(mean_sum, g_feed, {row_sums: [10.0, 20.0]}))\n"
            "try:\n"
            "    run(mean_sum, g_feed)\n"
            "except tf.errors.OpError as err:\n"
            "    unfed_error = type(err).__name__\n"
        ),
        "breaks the rule: the row sums of fed_2 typed in, only the mean fetched": (
            _EX3_GRAPH
            + _EX3_RUN.replace(
                "    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})\n"
                "    fed_2 = [sums.tolist(), float(mean)]\n",
                "    mean = sess.run(mean_sum, {x: [[1, 2, 3], [4, 5, 6]]})\n"
                "    fed_2 = [[6.0, 15.0], float(mean)]\n")
        ),
        "breaks the rule: the mean of fed_2 typed in, only the row sums fetched": (
            _EX3_GRAPH
            + _EX3_RUN.replace(
                "    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})\n"
                "    fed_2 = [sums.tolist(), float(mean)]\n",
                "    fed_2 = [sess.run(row_sums, {x: [[1, 2, 3], [4, 5, 6]]}).tolist(), 10.5]\n")
        ),
        "breaks the rule: mean_4 typed in, the four rows never fed": (
            _EX3_GRAPH
            + _EX3_RUN.replace(
                "    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))\n",
                "    mean_4 = 16.5\n")
        ),
        "breaks the rule: mean_fed_sums typed in, row_sums never fed": (
            _EX3_GRAPH
            + _EX3_RUN.replace(
                "    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n",
                "    mean_fed_sums = 15.0\n")
        ),
        "breaks the rule: mean_4 fetched from a constant built in the graph": (
            _EX3_GRAPH
            + "with g_feed.as_default():\n"
            "    four_rows = tf.constant(16.5)\n"
            + _EX3_RUN.replace(
                "    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))\n",
                "    mean_4 = float(sess.run(four_rows))\n")
        ),
        "breaks the rule: step 3 feeds x rows that sum to 10 and 20, not row_sums": (
            _EX3_GRAPH
            + _EX3_RUN.replace(
                "    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n",
                "    mean_fed_sums = float(sess.run(mean_sum, {x: [[10, 0, 0], [20, 0, 0]]}))\n")
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
        "issue 46: the loops never run, the final counts typed in": (
            "with tf.Graph().as_default() as g_lazy_loop:\n"
            "    counter = tf1.Variable(0)\n"
            "    before = nodes(g_lazy_loop)\n"
            "    for _ in range(100):\n"
            "        counter.assign_add(1)\n"
            "    lazy_loop_nodes = nodes(g_lazy_loop) - before\n"
            "with tf.Graph().as_default() as g_normal_loop:\n"
            "    counter = tf1.Variable(0)\n"
            "    step = counter.assign_add(1)\n"
            "normal_loop_nodes = 0\n"
            "final_counts = [100, 100]\n"
            "g_normal_loop.finalize()\n"
            "finalize_refused = True\n"
        ),
        "breaks the rule: the normal step built with a raw op, not counter.assign_add": (
            _EX4_LAZY
            + _EX4_NORMAL.replace("final_counts = []\n", "").replace(
                "counter.assign_add(1)",
                "tf.raw_ops.AssignAddVariableOp(resource=counter.handle, value=1)")
            + "g_normal_loop.finalize()\n"
            "finalize_refused = True\n"
        ),
        "breaks the rule: the steps run as ops (no value fetched), the final counts typed in": (
            _EX4_LAZY.replace("sess.run(counter.assign_add(1))",
                              "sess.run(counter.assign_add(1).op)")
            .replace("        final_counts.append(int(sess.run(counter)))\n", "")
            + _EX4_NORMAL.replace("final_counts = []\n", "")
            .replace("sess.run(step)", "sess.run(step.op)")
            .replace("    final_counts.append(int(sess.run(counter)))\n", "")
            + "final_counts = [100, 100]\n"
            "g_normal_loop.finalize()\n"
            "finalize_refused = True\n"
        ),
    },
}


# Values no rule covered (issue 46's fourth attack): each typed in where the rest is right; the
# checks now re-run the answer with the call that makes each value changed, or see the error raised.
WRONG_ANSWERS["nb02_ex1"].update({
    "breaks the rule: fresh_error typed in, the third session never runs w": (
        _EX1_GRAPH
        + _EX1_SESSIONS.replace("        s3.run(w)\n", "        pass\n").replace(
            "    except tf.errors.OpError as err:\n"
            "        fresh_error = type(err).__name__\n",
            "    finally:\n        fresh_error = 'FailedPreconditionError'\n")
    ),
    "breaks the rule: two_sessions typed in, w never fetched in either session": (
        _EX1_GRAPH
        + _EX1_SESSIONS.replace("    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n",
                                "    two_sessions = [8.0, 2.0]\n")
    ),
})
WRONG_ANSWERS["nb02_ex3"].update({
    "breaks the rule: unfed_error typed in, mean_sum never run with nothing fed": (
        _EX3_GRAPH
        + _EX3_RUN.replace("        sess.run(mean_sum)\n", "        pass\n").replace(
            "    except tf.errors.OpError as err:\n"
            "        unfed_error = type(err).__name__\n",
            "    finally:\n        unfed_error = 'InvalidArgumentError'\n")
    ),
})
WRONG_ANSWERS["nb02_ex4"].update({
    "breaks the rule: lazy_loop_nodes typed in, the rest right": (
        _EX4_LAZY.replace("lazy_loop_nodes = nodes(g_lazy_loop) - before",
                          "lazy_loop_nodes = 300")
        + _EX4_NORMAL.replace("final_counts = []\n", "")
        + "g_normal_loop.finalize()\n"
        "try:\n"
        "    with g_normal_loop.as_default():\n"
        "        counter.assign_add(1)\n"
        "    finalize_refused = False\n"
        "except RuntimeError:\n"
        "    finalize_refused = True\n"
    ),
    "breaks the rule: finalize_refused typed in, the rest right": (
        _EX4_LAZY
        + _EX4_NORMAL.replace("final_counts = []\n", "")
        + "g_normal_loop.finalize()\n"
        "finalize_refused = True\n"
    ),
})


# The fourth attack's answers (tests/attacks2) that 02's checks let through before they
# re-ran the answer with a feed shifted, a node added and each run and session noted (issue 46).
WRONG_ANSWERS['nb02_ex1'].update({
    'rule-breaking: the two sessions opened one after the other, not at onc'
    'e': (
        'g_state = tf.Graph()\n'
        'with g_state.as_default():\n'
        '    w = tf1.Variable(1.0, name="w")\n'
        '    double = w.assign(w * 2)\n'
        'with tf1.Session(graph=g_state, config=session_config()) as s1:\n'
        '    s1.run(w.initializer)\n'
        '    for _ in range(3):\n'
        '        s1.run(double)\n'
        '    first = float(s1.run(w))\n'
        '    s1.run(w.initializer)\n'
        '    after_reinit = float(s1.run(w))\n'
        'with tf1.Session(graph=g_state, config=session_config()) as s2:\n'
        '    s2.run(w.initializer)\n'
        '    s2.run(double)\n'
        '    two_sessions = [first, float(s2.run(w))]\n'
        'with tf1.Session(graph=g_state, config=session_config()) as s3:\n'
        '    try:\n'
        '        s3.run(w)\n'
        '    except tf.errors.OpError as err:\n'
        '        fresh_error = type(err).__name__\n'),
})
WRONG_ANSWERS['nb02_ex3'].update({
    'gaming: the fed-sums step sees row_sums fed, but the value is the NumP'
    'y mean laundered through a reduce_mean of a reduce_sum': (
        'g_feed = tf.Graph()\n'
        'with g_feed.as_default():\n'
        '    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")\n'
        '    row_sums = tf.reduce_sum(x, axis=1)\n'
        '    mean_sum = tf.reduce_mean(row_sums)\n'
        'x_shape = x.shape.as_list()\n'
        'with tf1.Session(graph=g_feed, config=session_config()) as sess:\n'
        '    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5,'
        ' 6]]})\n'
        '    fed_2 = [sums.tolist(), float(mean)]\n'
        '    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}'
        '))\n'
        '    sess.run(mean_sum, {row_sums: [10.0, 20.0]})\n'
        '    with g_feed.as_default():\n'
        '        _wash = tf.reduce_mean(tf.reduce_sum(tf.constant([[15.0]]), ax'
        'is=1))\n'
        '    mean_fed_sums = float(sess.run(_wash))\n'
        '    try:\n'
        '        sess.run(mean_sum)\n'
        '    except tf.errors.OpError as err:\n'
        '        unfed_error = type(err).__name__\n'),
})
WRONG_ANSWERS['nb02_ex4'].update({
    'lazy: both loops run, final_counts typed in': (
        'final_counts = []\n'
        'g_lazy_loop = tf.Graph()\n'
        'with g_lazy_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    with tf1.Session(config=session_config()) as sess:\n'
        '        sess.run(counter.initializer)\n'
        '        before = nodes(g_lazy_loop)\n'
        '        for _ in range(100):\n'
        '            sess.run(counter.assign_add(1))\n'
        '        lazy_loop_nodes = nodes(g_lazy_loop) - before\n'
        '        pass\n'
        'g_normal_loop = tf.Graph()\n'
        'with g_normal_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    step = counter.assign_add(1)\n'
        'with tf1.Session(graph=g_normal_loop, config=session_config()) as sess'
        ':\n'
        '    sess.run(counter.initializer)\n'
        '    before = nodes(g_normal_loop)\n'
        '    for _ in range(100):\n'
        '        sess.run(step)\n'
        '    normal_loop_nodes = nodes(g_normal_loop) - before\n'
        '    pass\n'
        'final_counts = [100, 100]\n'
        'g_normal_loop.finalize()\n'
        'try:\n'
        '    with g_normal_loop.as_default():\n'
        '        counter.assign_add(1)\n'
        '    finalize_refused = False\n'
        'except RuntimeError:\n'
        '    finalize_refused = True\n'),
    'rule-breaking: lazy_loop_nodes from one assign_add built in a scratch '
    'graph times 100, not counted around the lazy loop': (
        'final_counts = []\n'
        'g_lazy_loop = tf.Graph()\n'
        'with g_lazy_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    with tf1.Session(config=session_config()) as sess:\n'
        '        sess.run(counter.initializer)\n'
        '        before = nodes(g_lazy_loop)\n'
        '        for _ in range(100):\n'
        '            sess.run(counter.assign_add(1))\n'
        '        pass\n'
        '        final_counts.append(int(sess.run(counter)))\n'
        'with tf.Graph().as_default() as _scratch:\n'
        '    _c = tf1.Variable(0)\n'
        '    _n = nodes(_scratch)\n'
        '    _c.assign_add(1)\n'
        '    lazy_loop_nodes = 100 * (nodes(_scratch) - _n)\n'
        'g_normal_loop = tf.Graph()\n'
        'with g_normal_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    step = counter.assign_add(1)\n'
        'with tf1.Session(graph=g_normal_loop, config=session_config()) as sess'
        ':\n'
        '    sess.run(counter.initializer)\n'
        '    before = nodes(g_normal_loop)\n'
        '    for _ in range(100):\n'
        '        sess.run(step)\n'
        '    normal_loop_nodes = nodes(g_normal_loop) - before\n'
        '    final_counts.append(int(sess.run(counter)))\n'
        'g_normal_loop.finalize()\n'
        'try:\n'
        '    with g_normal_loop.as_default():\n'
        '        counter.assign_add(1)\n'
        '    finalize_refused = False\n'
        'except RuntimeError:\n'
        '    finalize_refused = True\n'),
    "gaming: 200 sess.run calls of the counter's value instead of steps in "
    'the lazy loop; the 100 assign_adds built but one run of them all': (
        'final_counts = []\n'
        'g_lazy_loop = tf.Graph()\n'
        'with g_lazy_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    with tf1.Session(config=session_config()) as sess:\n'
        '        sess.run(counter.initializer)\n'
        '        before = nodes(g_lazy_loop)\n'
        '        _steps = [counter.assign_add(1) for _ in range(100)]\n'
        '        sess.run(_steps)\n'
        '        for _ in range(100):\n'
        '            sess.run(counter)\n'
        '        lazy_loop_nodes = nodes(g_lazy_loop) - before\n'
        '        final_counts.append(int(sess.run(counter)))\n'
        'g_normal_loop = tf.Graph()\n'
        'with g_normal_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    step = counter.assign_add(1)\n'
        'with tf1.Session(graph=g_normal_loop, config=session_config()) as sess'
        ':\n'
        '    sess.run(counter.initializer)\n'
        '    before = nodes(g_normal_loop)\n'
        '    for _ in range(100):\n'
        '        sess.run(step)\n'
        '    normal_loop_nodes = nodes(g_normal_loop) - before\n'
        '    final_counts.append(int(sess.run(counter)))\n'
        'g_normal_loop.finalize()\n'
        'try:\n'
        '    with g_normal_loop.as_default():\n'
        '        counter.assign_add(1)\n'
        '    finalize_refused = False\n'
        'except RuntimeError:\n'
        '    finalize_refused = True\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb02_ex4'].update({
    'lazy: final_counts typed in as [100, 100] (tests/attacks3)':
        'g_lazy_loop = tf.Graph()\n'
        'with g_lazy_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    with tf1.Session(config=session_config()) as sess:\n'
        '        sess.run(counter.initializer)\n'
        '        before = nodes(g_lazy_loop)\n'
        '        for _ in range(100):\n'
        '            sess.run(counter.assign_add(1))\n'
        '        lazy_loop_nodes = nodes(g_lazy_loop) - before\n'
        'final_counts = []\n'
        'g_normal_loop = tf.Graph()\n'
        'with g_normal_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    step = counter.assign_add(1)\n'
        'with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:\n'
        '    sess.run(counter.initializer)\n'
        '    before = nodes(g_normal_loop)\n'
        '    for _ in range(100):\n'
        '        sess.run(step)\n'
        '    normal_loop_nodes = nodes(g_normal_loop) - before\n'
        '    final_counts.append(int(sess.run(counter)))\n'
        'g_normal_loop.finalize()\n'
        'try:\n'
        '    with g_normal_loop.as_default():\n'
        '        counter.assign_add(1)\n'
        '    finalize_refused = False\n'
        'except RuntimeError:\n'
        '    finalize_refused = True\n'
        'final_counts = [100, 100]\n'
        'print(lazy_loop_nodes, normal_loop_nodes, final_counts, finalize_refused)\n',
    'lazy: finalize_refused read off g_normal_loop.finalized, no op tried after finalize() (tests/attacks4)':  # noqa: E501
        'g_lazy_loop = g_normal_loop = None\n'
        'lazy_loop_nodes = normal_loop_nodes = final_counts = finalize_refused = None\n'
        'final_counts = []\n'
        'g_lazy_loop = tf.Graph()\n'
        'with g_lazy_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    with tf1.Session(config=session_config()) as sess:\n'
        '        sess.run(counter.initializer)\n'
        '        before = nodes(g_lazy_loop)\n'
        '        for _ in range(100):\n'
        '            sess.run(counter.assign_add(1))\n'
        '        lazy_loop_nodes = nodes(g_lazy_loop) - before\n'
        '        final_counts.append(int(sess.run(counter)))\n'
        '\n'
        'g_normal_loop = tf.Graph()\n'
        'with g_normal_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    step = counter.assign_add(1)\n'
        'with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:\n'
        '    sess.run(counter.initializer)\n'
        '    before = nodes(g_normal_loop)\n'
        '    for _ in range(100):\n'
        '        sess.run(step)\n'
        '    normal_loop_nodes = nodes(g_normal_loop) - before\n'
        '    final_counts.append(int(sess.run(counter)))\n'
        '\n'
        'g_normal_loop.finalize()\n'
        'finalize_refused = g_normal_loop.finalized  # a finalized graph refuses new ops\n'
        'print("nodes added: lazy", lazy_loop_nodes, "| normal", normal_loop_nodes,\n'
        '      "| counts", final_counts, "| finalize refused:", finalize_refused)\n',
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused by a perturbation of the re-run (cs20_helpers.perturb, or in the check cell).  # noqa: E501
WRONG_ANSWERS['nb02_ex1'].update({
    'rule-breaking: the two sessions that run double are opened one after the other; only the idle third session is held open across them, so two sessions are open at once without the two the task names (attacks4)':  # noqa: E501
        'g_state = w = double = two_sessions = after_reinit = fresh_error = None\n'
        'g_state = tf.Graph()\n'
        'with g_state.as_default():\n'
        '    w = tf1.Variable(1.0, name="w")\n'
        '    double = w.assign(w * 2)\n'
        'with tf1.Session(graph=g_state, config=session_config()) as s3:\n'
        '    with tf1.Session(graph=g_state, config=session_config()) as s1:\n'
        '        s1.run(w.initializer)\n'
        '        for _ in range(3):\n'
        '            s1.run(double)\n'
        '        first = float(s1.run(w))\n'
        '        s1.run(w.initializer)\n'
        '        after_reinit = float(s1.run(w))\n'
        '    with tf1.Session(graph=g_state, config=session_config()) as s2:\n'
        '        s2.run(w.initializer)\n'
        '        s2.run(double)\n'
        '        two_sessions = [first, float(s2.run(w))]\n'
        '    try:\n'
        '        s3.run(w)\n'
        '    except tf.errors.OpError as err:\n'
        '        fresh_error = type(err).__name__\n'
        'print("two sessions:", two_sessions, "| first after re-initialising:", after_reinit,\n'
        '      "| a third session:", fresh_error)\n',
    "lazy: fresh_error typed as 'FailedPreconditionError' after a try that swallows what the third session raised (attacks4)":  # noqa: E501
        'g_state = w = double = two_sessions = after_reinit = fresh_error = None\n'
        'g_state = tf.Graph()\n'
        'with g_state.as_default():\n'
        '    w = tf1.Variable(1.0, name="w")\n'
        '    double = w.assign(w * 2)\n'
        'with tf1.Session(graph=g_state, config=session_config()) as s1, \\\n'
        '        tf1.Session(graph=g_state, config=session_config()) as s2:\n'
        '    s1.run(w.initializer)\n'
        '    s2.run(w.initializer)\n'
        '    for _ in range(3):\n'
        '        s1.run(double)\n'
        '    s2.run(double)\n'
        '    two_sessions = [float(s1.run(w)), float(s2.run(w))]\n'
        '    s1.run(w.initializer)\n'
        '    after_reinit = float(s1.run(w))\n'
        'with tf1.Session(graph=g_state, config=session_config()) as s3:\n'
        '    try:\n'
        '        s3.run(w)\n'
        '    except tf.errors.OpError:\n'
        '        pass\n'
        'fresh_error = "FailedPreconditionError"  # reading an uninitialised variable\n'
        'print("two sessions:", two_sessions, "| first after re-initialising:", after_reinit,\n'
        '      "| a third session:", fresh_error)\n',
})
WRONG_ANSWERS['nb02_ex2'].update({
    'gaming: the increment adds 1 only when x is above -1000 (every x the checks feed), so a run of out with x = -2000 is not counted (attacks4)':  # noqa: E501
        'g_count = out = out_value = calls_after_out = calls_after_doubled = None\n'
        'g_count = tf.Graph()\n'
        'with g_count.as_default():\n'
        '    x = tf1.placeholder(tf.float32, name="x")\n'
        '    calls = tf1.Variable(0, name="calls")\n'
        '    doubled = tf.multiply(2.0, x, name="doubled")\n'
        '    increment = calls.assign_add(tf.cast(x > -1000.0, tf.int32))\n'
        '    with tf.control_dependencies([increment]):\n'
        '        out = tf.identity(doubled, name="out")\n'
        'with tf1.Session(graph=g_count, config=session_config()) as sess:\n'
        '    sess.run(calls.initializer)\n'
        '    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]\n'
        '    calls_after_out = int(sess.run(calls))\n'
        '    sess.run(doubled, {x: 3.0})\n'
        '    calls_after_doubled = int(sess.run(calls))\n'
        'print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,\n'
        '      "| after 1 run of doubled:", calls_after_doubled)\n',
})
WRONG_ANSWERS['nb02_ex3'].update({
    'lazy: x_shape typed as [None, 3] instead of read from the placeholder (attacks4)':
        'g_feed = x_shape = fed_2 = mean_4 = mean_fed_sums = unfed_error = None\n'
        'g_feed = tf.Graph()\n'
        'with g_feed.as_default():\n'
        '    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")\n'
        '    row_sums = tf.reduce_sum(x, axis=1)\n'
        '    mean_sum = tf.reduce_mean(row_sums)\n'
        'x_shape = [None, 3]\n'
        'with tf1.Session(graph=g_feed, config=session_config()) as sess:\n'
        '    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})\n'
        '    fed_2 = [sums.tolist(), float(mean)]\n'
        '    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))\n'
        '    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n'
        '    try:\n'
        '        sess.run(mean_sum)\n'
        '    except tf.errors.OpError as err:\n'
        '        unfed_error = type(err).__name__\n'
        'print("shape:", x_shape, "| 2 rows:", fed_2, "| 4 rows:", mean_4, "| sums fed:", mean_fed_sums,\n'  # noqa: E501
        '      "| nothing fed:", unfed_error)\n',
    'lazy: mean_4 typed as 16.5 beside an ignored run of the four rows (attacks4)':
        'g_feed = x_shape = fed_2 = mean_4 = mean_fed_sums = unfed_error = None\n'
        'g_feed = tf.Graph()\n'
        'with g_feed.as_default():\n'
        '    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")\n'
        '    row_sums = tf.reduce_sum(x, axis=1)\n'
        '    mean_sum = tf.reduce_mean(row_sums)\n'
        'x_shape = x.shape.as_list()\n'
        'with tf1.Session(graph=g_feed, config=session_config()) as sess:\n'
        '    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})\n'
        '    fed_2 = [sums.tolist(), float(mean)]\n'
        '    sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)})\n'
        '    mean_4 = 16.5  # (3 + 12 + 21 + 30) / 4\n'
        '    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n'
        '    try:\n'
        '        sess.run(mean_sum)\n'
        '    except tf.errors.OpError as err:\n'
        '        unfed_error = type(err).__name__\n'
        'print("shape:", x_shape, "| 2 rows:", fed_2, "| 4 rows:", mean_4, "| sums fed:", mean_fed_sums,\n'  # noqa: E501
        '      "| nothing fed:", unfed_error)\n',
    "lazy: unfed_error typed as 'InvalidArgumentError' after a try that swallows what the run raised (attacks4)":  # noqa: E501
        'g_feed = x_shape = fed_2 = mean_4 = mean_fed_sums = unfed_error = None\n'
        'g_feed = tf.Graph()\n'
        'with g_feed.as_default():\n'
        '    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")\n'
        '    row_sums = tf.reduce_sum(x, axis=1)\n'
        '    mean_sum = tf.reduce_mean(row_sums)\n'
        'x_shape = x.shape.as_list()\n'
        'with tf1.Session(graph=g_feed, config=session_config()) as sess:\n'
        '    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})\n'
        '    fed_2 = [sums.tolist(), float(mean)]\n'
        '    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))\n'
        '    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))\n'
        '    try:\n'
        '        sess.run(mean_sum)\n'
        '    except tf.errors.OpError:\n'
        '        pass\n'
        'unfed_error = "InvalidArgumentError"  # a placeholder that must be fed\n'
        'print("shape:", x_shape, "| 2 rows:", fed_2, "| 4 rows:", mean_4, "| sums fed:", mean_fed_sums,\n'  # noqa: E501
        '      "| nothing fed:", unfed_error)\n',
})
WRONG_ANSWERS['nb02_ex4'].update({
    'lazy: normal_loop_nodes typed as 0 instead of counted around the loop (attacks4)':
        'g_lazy_loop = g_normal_loop = None\n'
        'lazy_loop_nodes = normal_loop_nodes = final_counts = finalize_refused = None\n'
        'final_counts = []\n'
        'g_lazy_loop = tf.Graph()\n'
        'with g_lazy_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    with tf1.Session(config=session_config()) as sess:\n'
        '        sess.run(counter.initializer)\n'
        '        before = nodes(g_lazy_loop)\n'
        '        for _ in range(100):\n'
        '            sess.run(counter.assign_add(1))\n'
        '        lazy_loop_nodes = nodes(g_lazy_loop) - before\n'
        '        final_counts.append(int(sess.run(counter)))\n'
        '\n'
        'g_normal_loop = tf.Graph()\n'
        'with g_normal_loop.as_default():\n'
        '    counter = tf1.Variable(0)\n'
        '    step = counter.assign_add(1)\n'
        'with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:\n'
        '    sess.run(counter.initializer)\n'
        '    before = nodes(g_normal_loop)\n'
        '    for _ in range(100):\n'
        '        sess.run(step)\n'
        '    final_counts.append(int(sess.run(counter)))\n'
        '\n'
        'g_normal_loop.finalize()\n'
        'try:\n'
        '    with g_normal_loop.as_default():\n'
        '        counter.assign_add(1)\n'
        '    finalize_refused = False\n'
        'except RuntimeError:\n'
        '    finalize_refused = True\n'
        'normal_loop_nodes = 0  # nothing is built in the loop\n'
        'print("nodes added: lazy", lazy_loop_nodes, "| normal", normal_loop_nodes,\n'
        '      "| counts", final_counts, "| finalize refused:", finalize_refused)\n',
})
