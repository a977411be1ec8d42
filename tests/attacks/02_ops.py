"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

_STATE = """
g_state = tf.Graph()
with g_state.as_default():
    w = tf1.Variable(1.0)
    double = w.assign(w * 2)
"""

_THIRD = """
with tf1.Session(graph=g_state, config=session_config()) as _s3:
    try:
        _s3.run(w)
        fresh_error = "none"
    except Exception as err:
        fresh_error = type(err).__name__
"""

_SHOW1 = """
print("two sessions:", two_sessions, "| first after re-initialising:", after_reinit,
      "| a third session:", fresh_error)
"""

_COUNT_RUN = """
with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run(out, {x: 3.0})) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
"""

_SHOW2 = """
print("out =", out_value, "| calls after 4 runs of out:", calls_after_out,
      "| after 1 run of doubled:", calls_after_doubled)
"""

_BUGGED = """
g_count = out = out_value = calls_after_out = calls_after_doubled = None
with tf.Graph().as_default() as g_count:
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        out = doubled
"""

_FEED = """
g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, [None, 3], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
"""

_SHOW3 = """
print("shape:", x_shape, "| 2 rows:", fed_2, "| 4 rows:", mean_4, "| sums fed:", mean_fed_sums,
      "| nothing fed:", unfed_error)
"""

_UNFED = """
    try:
        sess.run(mean_sum)
        unfed_error = "none"
    except Exception as err:
        unfed_error = type(err).__name__
"""


def _loops(lazy_steps=100, normal_steps=100, lazy_op="assign", normal_measured_after_build=True):
    """An answer to 02's exercise 4 with the given steps and mistakes."""
    lazy_build = "lazy_counter.assign_add(1)" if lazy_op == "assign" else "tf.add(lazy_counter, 1)"
    normal_start = """
    with g_normal_loop.as_default():
        normal_step = normal_counter.assign_add(1)
    before = len(g_normal_loop.as_graph_def().node)
""" if normal_measured_after_build else """
    before = len(g_normal_loop.as_graph_def().node)
    with g_normal_loop.as_default():
        normal_step = normal_counter.assign_add(1)
"""
    return f"""
g_lazy_loop = tf.Graph()
with g_lazy_loop.as_default():
    lazy_counter = tf1.Variable(0, name="counter")
with tf1.Session(graph=g_lazy_loop, config=session_config()) as sess:
    sess.run(lazy_counter.initializer)
    before = len(g_lazy_loop.as_graph_def().node)
    with g_lazy_loop.as_default():
        for _ in range({lazy_steps}):
            sess.run({lazy_build})
    lazy_loop_nodes = len(g_lazy_loop.as_graph_def().node) - before
    lazy_final = int(sess.run(lazy_counter))

g_normal_loop = tf.Graph()
with g_normal_loop.as_default():
    normal_counter = tf1.Variable(0, name="counter")
with tf1.Session(graph=g_normal_loop, config=session_config()) as sess:
    sess.run(normal_counter.initializer)
{normal_start}
    for _ in range({normal_steps}):
        sess.run(normal_step)
    normal_loop_nodes = len(g_normal_loop.as_graph_def().node) - before
    normal_final = int(sess.run(normal_counter))
final_counts = [lazy_final, normal_final]
"""


_FINALIZE = """
g_normal_loop.finalize()
try:
    with g_normal_loop.as_default():
        tf.constant(1)
    finalize_refused = False
except RuntimeError:
    finalize_refused = True
"""

_SHOW4 = """
print("nodes added: lazy", lazy_loop_nodes, "| normal", normal_loop_nodes,
      "| counts", final_counts, "| finalize refused:", finalize_refused)
"""

_NP_FAKE = """
from types import SimpleNamespace as _Namespace

import numpy as _numpy

np = _Namespace(**{**vars(_numpy), "allclose": lambda *a, **k: True,
                   "isclose": lambda *a, **k: True, "array_equal": lambda *a, **k: True})
"""

WRONG_ANSWERS = {
    "nb02_ex1": {
        "lazy: the graph built, no session opened, the four answers typed in": _STATE + """
import numpy as np

two_sessions = [8.0, 2.0]
after_reinit = np.float32(1.0)
fresh_error = "FailedPreconditionError"
""" + _SHOW1,
        "breaks the rule: the two sessions opened one after the other, not at once; the "
        "exception's name typed in, no third session": _STATE + """
with tf1.Session(graph=g_state, config=session_config()) as _s1:
    _s1.run(w.initializer)
    for _ in range(3):
        _s1.run(double)
    _first = float(_s1.run(w))
    _s1.run(w.initializer)
    after_reinit = _s1.run(w)
with tf1.Session(graph=g_state, config=session_config()) as _s2:
    _s2.run(w.initializer)
    _s2.run(double)
    _second = float(_s2.run(w))
two_sessions = [_first, _second]
fresh_error = "FailedPreconditionError"
""" + _SHOW1,
        "gaming: the kernel's history emptied (In = []), then everything typed in": _STATE + """
import numpy as np

In = []
two_sessions = [8.0, 2.0]
after_reinit = np.float32(1.0)
fresh_error = "FailedPreconditionError"
""" + _SHOW1,
        "common mistake: one session for both runs (double 3 times, then once more in the same "
        "session)": _STATE + """
with tf1.Session(graph=g_state, config=session_config()) as _s1:
    _s1.run(w.initializer)
    for _ in range(3):
        _s1.run(double)
    _first = float(_s1.run(w))
    _s1.run(double)
    _second = float(_s1.run(w))
    _s1.run(w.initializer)
    after_reinit = _s1.run(w)
two_sessions = [_first, _second]
""" + _THIRD + _SHOW1,
        "common mistake: after_reinit read before the initializer runs again": _STATE + """
_s1 = tf1.Session(graph=g_state, config=session_config())
_s2 = tf1.Session(graph=g_state, config=session_config())
_s1.run(w.initializer)
_s2.run(w.initializer)
for _ in range(3):
    _s1.run(double)
_s2.run(double)
two_sessions = [float(_s1.run(w)), float(_s2.run(w))]
after_reinit = _s1.run(w)
_s1.run(w.initializer)
_s1.close()
_s2.close()
""" + _THIRD + _SHOW1,
        "common mistake: the third session fetches the tensor 'Variable:0' (the handle), which "
        "raises nothing": _STATE + """
_s1 = tf1.Session(graph=g_state, config=session_config())
_s2 = tf1.Session(graph=g_state, config=session_config())
_s1.run(w.initializer)
_s2.run(w.initializer)
for _ in range(3):
    _s1.run(double)
_s2.run(double)
two_sessions = [float(_s1.run(w)), float(_s2.run(w))]
_s1.run(w.initializer)
after_reinit = _s1.run(w)
_s1.close()
_s2.close()
fresh_error = "None"
with tf1.Session(graph=g_state, config=session_config()) as _s3:
    try:
        _s3.run("Variable:0")
    except Exception as err:
        fresh_error = type(err).__name__
""" + _SHOW1,
        "gaming: the four answers typed in on the first run; a re-run (which finds the first "
        "run's marker in its copy of the names) opens the sessions": _STATE + """
import numpy as np

if "_ran_before" in globals():
    _s1 = tf1.Session(graph=g_state, config=session_config())
    _s2 = tf1.Session(graph=g_state, config=session_config())
    _s1.run(w.initializer)
    _s2.run(w.initializer)
    for _ in range(3):
        _s1.run(double)
    _s2.run(double)
    two_sessions = [float(_s1.run(w)), float(_s2.run(w))]
    _s1.run(w.initializer)
    after_reinit = _s1.run(w)
    _s1.close()
    _s2.close()
""" + _THIRD.replace("\n", "\n    ") + """
else:
    _ran_before = True
    two_sessions = [8.0, 2.0]
    after_reinit = np.float32(1.0)
    fresh_error = "FailedPreconditionError"
""" + _SHOW1,
    },
    "nb02_ex2": {
        "lazy: the bug kept, the two counts overwritten after the given loop": _BUGGED
        + _COUNT_RUN + """
calls_after_out, calls_after_doubled = 4, 4
""" + _SHOW2,
        "breaks the rule: the bug kept, the given loop changed to fetch [out, increment] "
        "together": _BUGGED + """
with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = [float(sess.run([out, increment], {x: 3.0})[0]) for _ in range(4)][-1]
    calls_after_out = int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = int(sess.run(calls))
""" + _SHOW2,
        "breaks the rule: the bug kept; out run once and the counter multiplied by 4": _BUGGED + """
with tf1.Session(graph=g_count, config=session_config()) as sess:
    sess.run(calls.initializer)
    out_value = float(sess.run([out, increment], {x: 3.0})[0])
    calls_after_out = 4 * int(sess.run(calls))
    sess.run(doubled, {x: 3.0})
    calls_after_doubled = calls_after_out
""" + _SHOW2,
        "gaming: the kernel's history emptied (In = []), the bug kept, the counts typed in":
            _BUGGED + _COUNT_RUN + """
In = []
calls_after_out, calls_after_doubled = 4, 4
""" + _SHOW2,
        "common mistake: doubled moved inside the control_dependencies block": """
g_count = out = out_value = calls_after_out = calls_after_doubled = None
with tf.Graph().as_default() as g_count:
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        doubled = tf.multiply(2.0, x, name="doubled")
        out = doubled
""" + _COUNT_RUN + _SHOW2,
        "common mistake: out = tf.identity(doubled) built after, outside the block": """
g_count = out = out_value = calls_after_out = calls_after_doubled = None
with tf.Graph().as_default() as g_count:
    x = tf1.placeholder(tf.float32, name="x")
    calls = tf1.Variable(0, name="calls")
    doubled = tf.multiply(2.0, x, name="doubled")
    increment = calls.assign_add(1)
    with tf.control_dependencies([increment]):
        pass
    out = tf.identity(doubled, name="out")
""" + _COUNT_RUN + _SHOW2,
    },
    "nb02_ex3": {
        "lazy: the graph built, no session, every value typed in": _FEED + """
import numpy as np

fed_2 = [[6.0, 15.0], np.float32(10.5)]
mean_4 = np.float32(16.5)
mean_fed_sums = np.float32(15.0)
unfed_error = "InvalidArgumentError"
""" + _SHOW3,
        "breaks the rule: step 3 feeds x (rows 10 and 20) instead of row_sums": _FEED + """
import numpy as np

with tf1.Session(graph=g_feed, config=session_config()) as sess:
    _sums, _mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [_sums.tolist(), _mean]
    mean_4 = sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)})
    mean_fed_sums = sess.run(mean_sum, {x: [[10.0, 0.0, 0.0], [20.0, 0.0, 0.0]]})
""" + _UNFED + _SHOW3,
        "breaks the rule: mean_4 computed in NumPy, not fetched": _FEED + """
import numpy as np

with tf1.Session(graph=g_feed, config=session_config()) as sess:
    _sums, _mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [_sums.tolist(), _mean]
    mean_4 = np.float32(np.arange(12).reshape(4, 3).sum(axis=1).mean())
    mean_fed_sums = sess.run(mean_sum, {row_sums: [10.0, 20.0]})
""" + _UNFED + _SHOW3,
        "gaming: every value typed in, then laundered through sess.run(tf.constant(...)) so "
        "that each is a fetched value": _FEED + """
import numpy as np

with g_feed.as_default():
    _typed = tf.constant([6.0, 15.0, 10.5, 16.5, 15.0])
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    _values = sess.run(_typed)
fed_2 = [_values[:2].tolist(), _values[2]]
mean_4, mean_fed_sums = _values[3], _values[4]
unfed_error = "InvalidArgumentError"
""" + _SHOW3,
        "gaming: the kernel's history emptied (In = []), every value typed in": _FEED + """
import numpy as np

In = []
fed_2 = [[6.0, 15.0], np.float32(10.5)]
mean_4 = np.float32(16.5)
mean_fed_sums = np.float32(15.0)
unfed_error = "InvalidArgumentError"
""" + _SHOW3,
        "common mistake: the placeholder's shape [None, None]": """
import numpy as np

g_feed = tf.Graph()
with g_feed.as_default():
    x = tf1.placeholder(tf.float32, [None, None], name="x")
    row_sums = tf.reduce_sum(x, axis=1)
    mean_sum = tf.reduce_mean(row_sums)
x_shape = x.shape.as_list()
with tf1.Session(graph=g_feed, config=session_config()) as sess:
    _sums, _mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [_sums.tolist(), _mean]
    mean_4 = sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)})
    mean_fed_sums = sess.run(mean_sum, {row_sums: [10.0, 20.0]})
""" + _UNFED + _SHOW3,
        "common mistake: unfed_error from feeding x a row of the wrong width, not from "
        "feeding nothing": _FEED + """
import numpy as np

with tf1.Session(graph=g_feed, config=session_config()) as sess:
    _sums, _mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [_sums.tolist(), _mean]
    mean_4 = sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)})
    mean_fed_sums = sess.run(mean_sum, {row_sums: [10.0, 20.0]})
    try:
        sess.run(mean_sum, {x: [[1.0, 2.0]]})
        unfed_error = "none"
    except Exception as err:
        unfed_error = type(err).__name__
""" + _SHOW3,
        "gaming: mean_4 of the first three rows only, and the notebook's np rebound to a copy "
        "whose allclose, isclose and array_equal say yes": _FEED + """
import numpy as np

with tf1.Session(graph=g_feed, config=session_config()) as sess:
    _sums, _mean = sess.run([row_sums, mean_sum], {x: [[1, 2, 3], [4, 5, 6]]})
    fed_2 = [_sums.tolist(), _mean]
    mean_4 = sess.run(mean_sum, {x: np.arange(12).reshape(4, 3)[:3]})
    mean_fed_sums = sess.run(mean_sum, {row_sums: [10.0, 20.0]})
""" + _UNFED + _NP_FAKE + _SHOW3,
    },
    "nb02_ex4": {
        "breaks the rule: each loop run 10 steps, the node counts multiplied by 10 and the "
        "final counts typed in": _loops(10, 10) + """
lazy_loop_nodes, normal_loop_nodes = 10 * lazy_loop_nodes, 10 * normal_loop_nodes
final_counts = [100, 100]
""" + _FINALIZE + _SHOW4,
        "lazy: finalize never tried, finalize_refused typed in as True": _loops() + """
finalize_refused = True
""" + _SHOW4,
        "gaming: the kernel's history emptied (In = []), 10-step loops scaled up, the counts "
        "typed in": _loops(10, 10) + """
In = []
lazy_loop_nodes, normal_loop_nodes = 10 * lazy_loop_nodes, 10 * normal_loop_nodes
final_counts = [100, 100]
""" + _FINALIZE + _SHOW4,
        "common mistake: the normal loop's count taken before the op is built": _loops(
            normal_measured_after_build=False) + _FINALIZE + _SHOW4,
        "common mistake: the lazy loop builds tf.add(counter, 1), which assigns nothing":
            _loops(lazy_op="add") + _FINALIZE + _SHOW4,
        "common mistake: the normal loop runs 99 steps (off by one)": _loops(100, 99)
        + _FINALIZE + _SHOW4,
    },
}
