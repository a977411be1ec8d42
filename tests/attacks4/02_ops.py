"""Fresh wrong answers (sixth attack, issue 46) for notebook 02's exercises."""
# ruff: noqa: E501

#: True in the check's re-run: the rules' recording puts a functools.wraps wrapper on Session.run,
#: which the first run never sees (the dunder name is built, so no string constant names it).
_WRAPPED = '_again = getattr(tf1.Session.run, "_" * 2 + "wrapped" + "_" * 2, None) is not None\n'
#: True in the check's re-run: a mark left in a collection of the kernel's default graph.
_COLLECTION = ('_marks = tf1.get_default_graph().get_collection_ref("answer_ran_once")\n'
               '_again = bool(_marks)\n_marks.append(True)\n')
#: True in the check's re-run: a mark left in a dict NumPy keeps (not an attribute set).
_NUMPY_DICT = '_again = "answer_ran_once" in np.typecodes\nnp.typecodes["answer_ran_once"] = ""\n'

_STATE = '''g_state = w = double = two_sessions = after_reinit = fresh_error = None
g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
'''
_THIRD = '''with tf1.Session(graph=g_state, config=session_config()) as s3:
    try:
        s3.run(w)
    except tf.errors.OpError as err:
        fresh_error = type(err).__name__
'''
_EX1_PRINT = '''print("two sessions:", two_sessions, "| first after re-initialising:", after_reinit,
      "| a third session:", fresh_error)
'''
_COUNT_REST = '''with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,
      "| after 1 run of doubled:", calls_after_doubled)
'''
_COUNT_HEAD = '''g_count = out = out_value = calls_after_out = calls_after_doubled = None
g_count = tf.Graph()
with g_count.as_default():
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
'''
_FEED_GRAPH = '''g_feed = x_shape = fed_2 = mean_4 = mean_fed_sums = unfed_error = None
g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
'''
_FEED_PRINT = '''print("shape:", x_shape, "| 2 rows:", fed_2, "| 4 rows:", mean_4, "| sums fed:", mean_fed_sums,
      "| nothing fed:", unfed_error)
'''
_UNFED = '''    try:
        sess.run(mean_sum)
    except tf.errors.OpError as err:
        unfed_error = type(err).__name__
'''
_LOOPS_HEAD = '''g_lazy_loop = g_normal_loop = None
lazy_loop_nodes = normal_loop_nodes = final_counts = finalize_refused = None
final_counts = []
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

g_normal_loop = tf.Graph()
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

g_normal_loop.finalize()
'''
_TRY_FINAL = '''try:
    with g_normal_loop.as_default():
        counter.assign_add(1)
    finalize_refused = False
except RuntimeError:
    finalize_refused = True
'''
_LOOPS_PRINT = '''print("nodes added: lazy", lazy_loop_nodes, "| normal", normal_loop_nodes,
      "| counts", final_counts, "| finalize refused:", finalize_refused)
'''

WRONG_ANSWERS = {
    "nb02_ex1": {
        "rule-breaking: the two sessions that run double are opened one after the other; only the idle third session is held open across them, so two sessions are open at once without the two the task names": _STATE + '''with tf1.Session(graph=g_state, config=session_config()) as s3:
    with tf1.Session(graph=g_state, config=session_config()) as s1:
        s1.run(w.initializer)
        for _ in range(3):
            s1.run(double)
        first = float(s1.run(w))
        s1.run(w.initializer)
        after_reinit = float(s1.run(w))
    with tf1.Session(graph=g_state, config=session_config()) as s2:
        s2.run(w.initializer)
        s2.run(double)
        two_sessions = [first, float(s2.run(w))]
    try:
        s3.run(w)
    except tf.errors.OpError as err:
        fresh_error = type(err).__name__
''' + _EX1_PRINT,
        "lazy: fresh_error typed as 'FailedPreconditionError' after a try that swallows what the third session raised": _STATE + '''with tf1.Session(graph=g_state, config=session_config()) as s1, \\
        tf1.Session(graph=g_state, config=session_config()) as s2:
    s1.run(w.initializer)
    s2.run(w.initializer)
    for _ in range(3):
        s1.run(double)
    s2.run(double)
    two_sessions = [float(s1.run(w)), float(s2.run(w))]
    s1.run(w.initializer)
    after_reinit = float(s1.run(w))
with tf1.Session(graph=g_state, config=session_config()) as s3:
    try:
        s3.run(w)
    except tf.errors.OpError:
        pass
fresh_error = "FailedPreconditionError"  # reading an uninitialised variable
''' + _EX1_PRINT,
        "lazy: two_sessions typed as [8.0, 2.0] (2**3 and 2**1) without fetching w": _STATE + '''with tf1.Session(graph=g_state, config=session_config()) as s1, \\
        tf1.Session(graph=g_state, config=session_config()) as s2:
    s1.run(w.initializer)
    s2.run(w.initializer)
    for _ in range(3):
        s1.run(double)
    s2.run(double)
    two_sessions = [8.0, 2.0]
    s1.run(w.initializer)
    after_reinit = float(s1.run(w))
''' + _THIRD + _EX1_PRINT,
        "rule-breaking: runs a fresh w.assign(w * 2) each time instead of double itself": _STATE + '''with tf1.Session(graph=g_state, config=session_config()) as s1, \\
        tf1.Session(graph=g_state, config=session_config()) as s2:
    s1.run(w.initializer)
    s2.run(w.initializer)
    for _ in range(3):
        s1.run(w.assign(w * 2))
    s2.run(w.assign(w * 2))
    two_sessions = [float(s1.run(w)), float(s2.run(w))]
    s1.run(w.initializer)
    after_reinit = float(s1.run(w))
''' + _THIRD + _EX1_PRINT,
        "wrong scope: after_reinit read in the second session, not the first": _STATE + '''with tf1.Session(graph=g_state, config=session_config()) as s1, \\
        tf1.Session(graph=g_state, config=session_config()) as s2:
    s1.run(w.initializer)
    s2.run(w.initializer)
    for _ in range(3):
        s1.run(double)
    s2.run(double)
    two_sessions = [float(s1.run(w)), float(s2.run(w))]
    s1.run(w.initializer)
    after_reinit = float(s2.run(w))
''' + _THIRD + _EX1_PRINT,
        "gaming: two_sessions and after_reinit typed on the first run; fetched only when a mark in NumPy's typecodes dict says the check is re-running it": _STATE + _NUMPY_DICT + '''with tf1.Session(graph=g_state, config=session_config()) as s1, \\
        tf1.Session(graph=g_state, config=session_config()) as s2:
    s1.run(w.initializer)
    s2.run(w.initializer)
    for _ in range(3):
        s1.run(double)
    s2.run(double)
    two_sessions = [float(s1.run(w)), float(s2.run(w))] if _again else [8.0, 2.0]
    s1.run(w.initializer)
    after_reinit = float(s1.run(w)) if _again else 1.0
''' + _THIRD + _EX1_PRINT,
    },
    "nb02_ex2": {
        "common mistake: out = doubled kept, the bug as given": _COUNT_HEAD + '''    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        out = doubled
''' + _COUNT_REST,
        "common mistake: doubled moved into the block, so running doubled alone counts too": _COUNT_HEAD + '''    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        doubled = tf.multiply(2.0, x, name="doubled")
        out = tf.identity(doubled, name="out")
''' + _COUNT_REST,
        "common mistake: out = tf.identity(doubled) built after the block, so it carries no dependency": _COUNT_HEAD + '''    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        pass
    out = tf.identity(doubled, name="out")
''' + _COUNT_REST,
        "lazy: the bug kept and the rest of the cell replaced by the numbers it should print": _COUNT_HEAD + '''    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        out = doubled
with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    for _ in range(4):
        sess.run(out, {x: 3.0})
    sess.run(doubled, {x: 3.0})
out_value, calls_after_out, calls_after_doubled = 6.0, 4, 4
print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,
      "| after 1 run of doubled:", calls_after_doubled)
''',
        "rule-breaking: the bug kept and the rest of the cell runs increment beside each out, so the counter reads 4": _COUNT_HEAD + '''    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        out = doubled
with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run([out, increment], {x: 3.0})[0]) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,
      "| after 1 run of doubled:", calls_after_doubled)
''',
        "gaming: the increment adds 1 only when x is above -1000 (every x the checks feed), so a run of out with x = -2000 is not counted": _COUNT_HEAD + '''    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(tf.cast(x > -1000.0, tf.int32))
    with tf.control_dependencies([increment]):
        out = tf.identity(doubled, name="out")
''' + _COUNT_REST,
        "rule-breaking: out built outside the block and given the dependency through the private Operation._add_control_input (NOT SURE: the task says only to build a correct g_count)": _COUNT_HEAD + '''    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    out = tf.identity(doubled, name="out")
    out.op._add_control_input(increment.op)
''' + _COUNT_REST,
    },
    "nb02_ex3": {
        "lazy: x_shape typed as [None, 3] instead of read from the placeholder": _FEED_GRAPH + '''x_shape = [None, 3]
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
''' + _UNFED + _FEED_PRINT,
        "lazy: mean_4 typed as 16.5 beside an ignored run of the four rows": _FEED_GRAPH + '''x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)})
    mean_4 = 16.5  # (3 + 12 + 21 + 30) / 4
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
''' + _UNFED + _FEED_PRINT,
        "lazy: unfed_error typed as 'InvalidArgumentError' after a try that swallows what the run raised": _FEED_GRAPH + '''x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
    try:
        sess.run(mean_sum)
    except tf.errors.OpError:
        pass
unfed_error = "InvalidArgumentError"  # a placeholder that must be fed
''' + _FEED_PRINT,
        "common mistake: mean_sum divides the summed rows by 2, the row count of the first feed": '''g_feed = x_shape = fed_2 = mean_4 = mean_fed_sums = unfed_error = None
g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_sum(row_sums) / 2.0
x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
''' + _UNFED + _FEED_PRINT,
        "rule-breaking: mean_fed_sums computed in NumPy, the run feeding row_sums made and dropped": _FEED_GRAPH + '''x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
    sess.run(mean_sum, {row_sums: [10.0, 20.0]})
    mean_fed_sums = float(np.mean([10.0, 20.0]))
''' + _UNFED + _FEED_PRINT,
        "gaming: mean_fed_sums and mean_4 computed in NumPy on the first run, fetched only when the recording wrapper on Session.run shows the check's re-run": _FEED_GRAPH + _WRAPPED + '''x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    if _again:
        mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
        mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
    else:
        mean_4 = float(np.arange(12).reshape(4, 3).sum(axis=1).mean())
        mean_fed_sums = float(np.mean([10.0, 20.0]))
''' + _UNFED + _FEED_PRINT,
        "rule-breaking: a second session for the runs with other feeds": _FEED_GRAPH + '''x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
''' + _UNFED + _FEED_PRINT,
    },
    "nb02_ex4": {
        "lazy: normal_loop_nodes typed as 0 instead of counted around the loop": _LOOPS_HEAD.replace(
            "    normal_loop_nodes = nodes(g_normal_loop) - before\n", "") + _TRY_FINAL + '''normal_loop_nodes = 0  # nothing is built in the loop
''' + _LOOPS_PRINT,
        "lazy: finalize_refused read off g_normal_loop.finalized, no op tried after finalize()": _LOOPS_HEAD + '''finalize_refused = g_normal_loop.finalized  # a finalized graph refuses new ops
''' + _LOOPS_PRINT,
        "lazy: lazy_loop_nodes worked out as 100 times what one probe step builds": '''g_lazy_loop = g_normal_loop = None
lazy_loop_nodes = normal_loop_nodes = final_counts = finalize_refused = None
final_counts = []
g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    counter = tf1.Variable(0)
    with tf1.Session(config=session_config()) as sess:
        sess.run(counter.initializer)
        before = nodes(g_lazy_loop)
        sess.run(counter.assign_add(1))
        per_step = nodes(g_lazy_loop) - before
        for _ in range(99):
            sess.run(counter.assign_add(1))
        lazy_loop_nodes = 100 * per_step
        final_counts.append(int(sess.run(counter)))

g_normal_loop = tf.Graph()
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

g_normal_loop.finalize()
''' + _TRY_FINAL + _LOOPS_PRINT,
        "common mistake: the lazy count taken from before the counter variable was made": _LOOPS_HEAD.replace(
            "g_lazy_loop = tf.Graph()\nwith g_lazy_loop.as_default():\n    counter = tf1.Variable(0)\n",
            "g_lazy_loop = tf.Graph()\nstart = nodes(g_lazy_loop)\nwith g_lazy_loop.as_default():\n    counter = tf1.Variable(0)\n").replace(
            "        lazy_loop_nodes = nodes(g_lazy_loop) - before\n",
            "        lazy_loop_nodes = nodes(g_lazy_loop) - start\n") + _TRY_FINAL + _LOOPS_PRINT,
        "gaming: final_counts typed as [100, 100] and finalize_refused as True on the first run; read from the sessions and tried only when a mark in the default graph's collection says it is the re-run": _COLLECTION + _LOOPS_HEAD + _TRY_FINAL + '''if not _again:
    final_counts, finalize_refused = [100, 100], True
''' + _LOOPS_PRINT,
    },
}
