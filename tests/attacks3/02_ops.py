"""Fresh attack (atk3a) on notebook 02's exercise checks: wrong answers, one cell each."""
# ruff: noqa: E501

_EX2_REST = '''with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,
      "| after 1 run of doubled:", calls_after_doubled)
'''
_EX2_GRAPH = '''g_count = out = out_value = calls_after_out = calls_after_doubled = None
g_count = tf.Graph()
with g_count.as_default():
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
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
g_normal_loop.finalize()
try:
    with g_normal_loop.as_default():
        counter.assign_add(1)
    finalize_refused = False
except RuntimeError:
    finalize_refused = True
'''

WRONG_ANSWERS = {
    "nb02_ex1": {
        "gaming: an environment variable tells the re-run apart; the notebook run opens no session and types the four answers": '''import os
g_state = w = double = two_sessions = after_reinit = fresh_error = None
g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
if os.environ.get("ATK3A_NB02_EX1"):
    with tf1.Session(graph=g_state, config=session_config()) as s1, \\
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
        except tf.errors.OpError as err:
            fresh_error = type(err).__name__
else:
    os.environ["ATK3A_NB02_EX1"] = "1"
    two_sessions, after_reinit, fresh_error = [8.0, 2.0], 1.0, "FailedPreconditionError"
print(two_sessions, after_reinit, fresh_error)
''',
        "lazy: the graph built, the four answers typed in": '''g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
two_sessions = [8.0, 2.0]
after_reinit = 1.0
fresh_error = "FailedPreconditionError"
print(two_sessions, after_reinit, fresh_error)
''',
        "rule-breaking: a copy of double (w.assign(w * 2) built again) is run, not double itself; sessions one after the other": '''g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
    step = w.assign(w * 2)
with tf1.Session(graph=g_state, config=session_config()) as s1:
    s1.run(w.initializer)
    for _ in range(3):
        s1.run(step)
    first = float(s1.run(w))
    s1.run(w.initializer)
    after_reinit = float(s1.run(w))
with tf1.Session(graph=g_state, config=session_config()) as s2:
    s2.run(w.initializer)
    s2.run(step)
    two_sessions = [first, float(s2.run(w))]
with tf1.Session(graph=g_state, config=session_config()) as s3:
    try:
        s3.run(w)
    except tf.errors.OpError as err:
        fresh_error = type(err).__name__
print(two_sessions, after_reinit, fresh_error)
''',
        "lazy: fresh_error typed in, the third session never tried": '''g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
with tf1.Session(graph=g_state, config=session_config()) as s1, \\
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
    fresh_error = "FailedPreconditionError"
print(two_sessions, after_reinit, fresh_error)
''',
        "common mistake: two_sessions holds the values double returned (not w fetched), and after_reinit read from the second session": '''g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0, name="w")
    double = w.assign(w * 2)
with tf1.Session(graph=g_state, config=session_config()) as s1, \\
        tf1.Session(graph=g_state, config=session_config()) as s2:
    s1.run(w.initializer)
    s2.run(w.initializer)
    for _ in range(3):
        first = float(s1.run(double))
    second = float(s2.run(double))
    two_sessions = [first, second]
    s1.run(w.initializer)
    after_reinit = float(s2.run(w))
with tf1.Session(graph=g_state, config=session_config()) as s3:
    try:
        s3.run(w)
    except tf.errors.OpError as err:
        fresh_error = type(err).__name__
print(two_sessions, after_reinit, fresh_error)
''',
    },
    "nb02_ex2": {
        "gaming: an environment variable tells the re-run apart; the notebook run skips the runs and types the three results": _EX2_GRAPH + '''    with tf.control_dependencies([increment]):
        out = tf.identity(doubled, name="out")
import os
if os.environ.get("ATK3A_NB02_EX2"):
''' + "\n".join("    " + line if line else line for line in _EX2_REST.splitlines()) + '''
else:
    os.environ["ATK3A_NB02_EX2"] = "1"
    out_value, calls_after_out, calls_after_doubled = 6.0, 4, 4
''',
        "lazy: the bug left in, the counts typed in after the given runs": _EX2_GRAPH + '''    with tf.control_dependencies([increment]):
        out = doubled
''' + _EX2_REST + '''calls_after_out, calls_after_doubled = 4, 4
''',
        "common mistake: the identity built outside the control_dependencies block": _EX2_GRAPH + '''    with tf.control_dependencies([increment]):
        pass
    out = tf.identity(doubled, name="out")
''' + _EX2_REST,
        "common mistake: doubled moved into the block (so running doubled counts too)": '''g_count = out = out_value = calls_after_out = calls_after_doubled = None
g_count = tf.Graph()
with g_count.as_default():
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        doubled = tf.multiply(2.0, x, name="doubled")
        out = doubled
''' + _EX2_REST,
        "rule-breaking: out runs the increment by fetching it beside doubled in the given runs (out is a list, the graph left broken)": _EX2_GRAPH + '''    out = doubled
with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run([out, increment], {x: 3.0})[0]) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,
      "| after 1 run of doubled:", calls_after_doubled)
''',
    },
    "nb02_ex3": {
        "gaming: an environment variable tells the re-run apart; the notebook run builds the graph and types the five answers": '''import os
g_feed = x_shape = fed_2 = mean_4 = mean_fed_sums = unfed_error = None
g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
if os.environ.get("ATK3A_NB02_EX3"):
    with tf1.Session(graph=g_feed, config=session_config()) as sess:
        sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
        fed_2 = [sums.tolist(), float(mean)]
        mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
        mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
        try:
            sess.run(mean_sum)
        except tf.errors.OpError as err:
            unfed_error = type(err).__name__
else:
    os.environ["ATK3A_NB02_EX3"] = "1"
    fed_2, mean_4, mean_fed_sums = [[6.0, 15.0], 10.5], 16.5, 15.0
    unfed_error = "InvalidArgumentError"
print(x_shape, fed_2, mean_4, mean_fed_sums, unfed_error)
''',
        "lazy: the graph built, every value typed in": '''g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = [None, 3]
fed_2 = [[6.0, 15.0], 10.5]
mean_4 = 16.5
mean_fed_sums = 15.0
unfed_error = "InvalidArgumentError"
print(x_shape, fed_2, mean_4, mean_fed_sums, unfed_error)
''',
        "rule-breaking: step 3 feeds x rows whose sums are 10 and 20 instead of feeding row_sums": '''g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
    mean_fed_sums = float(sess.run(mean_sum, {x: [[10.0, 0, 0], [20.0, 0, 0]]}))
    try:
        sess.run(mean_sum)
    except tf.errors.OpError as err:
        unfed_error = type(err).__name__
print(x_shape, fed_2, mean_4, mean_fed_sums, unfed_error)
''',
        "rule-breaking: a new session for each step (four sessions, not one)": '''g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    mean_4 = float(sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)}))
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    try:
        sess.run(mean_sum)
    except tf.errors.OpError as err:
        unfed_error = type(err).__name__
print(x_shape, fed_2, mean_4, mean_fed_sums, unfed_error)
''',
        "common mistake: the placeholder fixed to 2 rows, so step 2 fails and is skipped; the mean of four rows computed in NumPy": '''g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, shape=[2, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    sums, mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [sums.tolist(), float(mean)]
    mean_4 = float(np.arange(12).reshape(4, 3).sum(axis=1).mean())
    mean_fed_sums = float(sess.run(mean_sum, {row_sums: [10.0, 20.0]}))
    try:
        sess.run(mean_sum)
    except tf.errors.OpError as err:
        unfed_error = type(err).__name__
print(x_shape, fed_2, mean_4, mean_fed_sums, unfed_error)
''',
    },
    "nb02_ex4": {
        "gaming: an environment variable tells the re-run apart; the notebook run builds the 100 lazy steps but runs none, types the counts and the verdict": '''import os
g_lazy_loop = g_normal_loop = None
lazy_loop_nodes = normal_loop_nodes = final_counts = finalize_refused = None
if os.environ.get("ATK3A_NB02_EX4"):
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
''' + "\n".join("    " + line if line else line for line in _EX4_NORMAL.splitlines()) + '''
else:
    os.environ["ATK3A_NB02_EX4"] = "1"
    g_lazy_loop = tf.Graph()
    with g_lazy_loop.as_default():
        counter = tf1.Variable(0)
        before = nodes(g_lazy_loop)
        for _ in range(100):
            counter.assign_add(1)
        lazy_loop_nodes = nodes(g_lazy_loop) - before
    g_normal_loop = tf.Graph()
    with g_normal_loop.as_default():
        counter = tf1.Variable(0)
        step = counter.assign_add(1)
    g_normal_loop.finalize()
    normal_loop_nodes, final_counts, finalize_refused = 0, [100, 100], True
print(lazy_loop_nodes, normal_loop_nodes, final_counts, finalize_refused)
''',
        "lazy: the loops run, the node counts typed in (per-step count times 100) and the verdict typed True": '''final_counts = []
g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    counter = tf1.Variable(0)
    with tf1.Session(config=session_config()) as sess:
        sess.run(counter.initializer)
        for _ in range(100):
            sess.run(counter.assign_add(1))
        final_counts.append(int(sess.run(counter)))
with tf.Graph().as_default() as probe:
    v = tf1.Variable(0)
    n0 = nodes(probe)
    v.assign_add(1)
    per_step = nodes(probe) - n0
lazy_loop_nodes = 100 * per_step
g_normal_loop = tf.Graph()
with g_normal_loop.as_default():
    counter = tf1.Variable(0)
    step = counter.assign_add(1)
with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:
    sess.run(counter.initializer)
    for _ in range(100):
        sess.run(step)
    final_counts.append(int(sess.run(counter)))
normal_loop_nodes = 0
g_normal_loop.finalize()
finalize_refused = True
print(lazy_loop_nodes, normal_loop_nodes, final_counts, finalize_refused)
''',
        "rule-breaking: all 100 lazy steps built first, then run in one sess.run (not one run per step), 100 runs of the counter made to fill the count": '''final_counts = []
g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    counter = tf1.Variable(0)
    with tf1.Session(config=session_config()) as sess:
        sess.run(counter.initializer)
        before = nodes(g_lazy_loop)
        steps = [counter.assign_add(1) for _ in range(100)]
        lazy_loop_nodes = nodes(g_lazy_loop) - before
        sess.run([each.op for each in steps])
        for _ in range(100):
            sess.run(counter)
        final_counts.append(int(sess.run(counter)))
''' + _EX4_NORMAL + '''print(lazy_loop_nodes, normal_loop_nodes, final_counts, finalize_refused)
''',
        "lazy: final_counts typed in as [100, 100]": '''g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    counter = tf1.Variable(0)
    with tf1.Session(config=session_config()) as sess:
        sess.run(counter.initializer)
        before = nodes(g_lazy_loop)
        for _ in range(100):
            sess.run(counter.assign_add(1))
        lazy_loop_nodes = nodes(g_lazy_loop) - before
final_counts = []
''' + _EX4_NORMAL + '''final_counts = [100, 100]
print(lazy_loop_nodes, normal_loop_nodes, final_counts, finalize_refused)
''',
        "common mistake: final_counts are the values the last step returned, not the counters fetched after the loops": '''final_counts = []
g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    counter = tf1.Variable(0)
    with tf1.Session(config=session_config()) as sess:
        sess.run(counter.initializer)
        before = nodes(g_lazy_loop)
        for _ in range(100):
            last = sess.run(counter.assign_add(1))
        lazy_loop_nodes = nodes(g_lazy_loop) - before
        final_counts.append(int(last))
g_normal_loop = tf.Graph()
with g_normal_loop.as_default():
    counter = tf1.Variable(0)
    step = counter.assign_add(1)
with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:
    sess.run(counter.initializer)
    before = nodes(g_normal_loop)
    for _ in range(100):
        last = sess.run(step)
    normal_loop_nodes = nodes(g_normal_loop) - before
    final_counts.append(int(last))
g_normal_loop.finalize()
try:
    with g_normal_loop.as_default():
        counter.assign_add(1)
    finalize_refused = False
except RuntimeError:
    finalize_refused = True
print(lazy_loop_nodes, normal_loop_nodes, final_counts, finalize_refused)
''',
    },
}
