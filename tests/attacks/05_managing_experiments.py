"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

_MODEL = """
def _momentum_model(rate=0.5, momentum=0.9, plain=False):
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, [None, 784], name="X")
        Y = tf1.placeholder(tf.int64, [None], name="Y")
        w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
        b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
        logits = tf.add(tf.matmul(X, w), b, name="logits")
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=Y, logits=logits), name="loss")
        global_step = tf1.train.get_or_create_global_step()
        opt = tf1.train.MomentumOptimizer(rate, momentum=momentum)
        train_op = opt.minimize(loss, global_step=global_step)
        if plain:
            plain_op = tf1.train.GradientDescentOptimizer(rate).minimize(loss,
                                                                         global_step=global_step)
        saver = tf1.train.Saver()
        init = tf1.global_variables_initializer()
    return SimpleNamespace(**locals())


_folder = LOGS / "momentum"
_folder.mkdir(parents=True, exist_ok=True)
_target = str(_folder / "softmax")
"""


def _train(op="train_op", batches="range(5)", model="_momentum_model()"):
    """05 exercise 1: train the model with ``op`` on ``batches``, save, list."""
    return _MODEL + f"""
_m = {model}
with tf1.Session(graph=_m.graph, config=session_config()) as sess:
    sess.run(_m.init)
    for _s in {batches}:
        _xb, _yb = batch_for(_s)
        sess.run(_m.{op}, {{_m.X: _xb, _m.Y: _yb}})
    _m.saver.save(sess, _target)
checkpoint_names = {{name for name, _ in tf.train.list_variables(_target)}}
"""


_RENAMING = """
renaming_graph = tf.Graph()
with renaming_graph.as_default():
    _W = tf1.Variable(tf.zeros([784, 10]), name="W_renamed")
    renaming_saver = tf1.train.Saver({"weights": _W})
"""

_HVP = """
def hessian_vector_product(y, x, v):
    (grad,) = tf.gradients(y, x)
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]
"""

_HVP_RUN = """
with tf.Graph().as_default() as _g:
    _x = tf.constant([1.0, 2.0, 3.0])
    _v = tf.constant([1.0, 0.0, -1.0])
    _y = tf.reduce_sum(_x ** 3) + _x[0] * _x[1]
    _hv = hessian_vector_product(_y, _x, _v)
    with tf1.Session(graph=_g, config=session_config()) as sess:
        hvp = sess.run(_hv)
"""

_HVP_NUMPY = """
import numpy as np

hvp = np.array([6.0, 1.0, -18.0], np.float32)
"""


def _seed(graph_seed=True, extra_first=True):
    """05 exercise 4: a in a seeded graph, the extra op before or after it."""
    seed = "    tf1.set_random_seed(2)\n" if graph_seed else ""
    extra = "    _extra = tf1.random_uniform([])\n"
    a = "    _a = tf1.random_uniform([], -10, 10)\n"
    return ("with tf.Graph().as_default() as _g:\n" + seed + (extra + a if extra_first
                                                              else a + extra)
            + "    with tf1.Session(graph=_g) as sess:\n        a_with_extra = sess.run(_a)\n")


_LOG_HEAD = """
def log_loss(logdir, steps, every, learning_rate):
    graph = tf.Graph()
    with graph.as_default():
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v ** 2)
"""

_LOG_TAIL = """
        summary = tf1.summary.scalar("loss", loss)
        init = tf1.global_variables_initializer()
        writer = tf1.summary.FileWriter(str(logdir), graph)
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        for index in range(steps):
            s = int(sess.run(global_step))
            if {when}:
                writer.add_summary(sess.run(summary), global_step={tag})
            sess.run(train)
            {after}
    writer.close()
"""


def _log(train, when="s % every == 0", tag="s", after="pass"):
    """05 exercise 5: log_loss with the given update op and logging."""
    return _LOG_HEAD + f"        train = {train}\n" + _LOG_TAIL.format(when=when, tag=tag,
                                                                         after=after)


_GD = ("tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, "
       "global_step=global_step)")
_BY_HAND = ("tf.group(v.assign_sub(learning_rate * 2.0 * v), "
            "global_step.assign_add(1))")

_NP_FAKE = """
from types import SimpleNamespace as _Namespace

import numpy as _numpy

np = _Namespace(**{**vars(_numpy), "allclose": lambda *a, **k: True,
                   "isclose": lambda *a, **k: True, "array_equal": lambda *a, **k: True})
"""

_CHECKS_FAKE = """
from types import SimpleNamespace as _Namespace

from cs20_helpers import checks as _checks

checks = _Namespace(**{**vars(_checks), "near": lambda *a, **k: None,
                       "between": lambda *a, **k: None})
"""


def _indent(source):
    """``source`` indented by one level (for an ``if`` branch)."""
    return "".join(f"    {line}" if line.strip() else line
                   for line in source.splitlines(keepends=True))

#: The student copy's stub line of exercise 5 (since r05), kept as a student's cell keeps it.
_STUB5 = "log_loss = None\n"

WRONG_ANSWERS = {
    "nb05_ex1": {
        "breaks the rule: the Momentum slots made by a minimize() that never runs; a plain "
        "GradientDescentOptimizer op trains": _train(op="plain_op",
                                                     model="_momentum_model(plain=True)"),
        "lazy: nothing trained: built, initialised and saved": _train(batches="range(0)"),
        "breaks the rule: the momentum update done eagerly with a GradientTape and loaded into "
        "the graph's variables and slots with assign; the MomentumOptimizer never runs": _MODEL
        + """
import numpy as np

_m = _momentum_model()
_w, _b = tf.Variable(tf.zeros([784, 10])), tf.Variable(tf.zeros([10]))
_acc_w, _acc_b = tf.zeros([784, 10]), tf.zeros([10])
for _s in range(5):
    _xb, _yb = batch_for(_s)
    with tf.GradientTape() as _tape:
        _l = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=_yb.astype(np.int64), logits=tf.matmul(_xb, _w) + _b))
    _gw, _gb = _tape.gradient(_l, [_w, _b])
    _acc_w, _acc_b = 0.9 * _acc_w + _gw, 0.9 * _acc_b + _gb
    _w.assign_sub(0.5 * _acc_w)
    _b.assign_sub(0.5 * _acc_b)
_values = [_w.numpy(), _b.numpy(), _acc_w.numpy(), _acc_b.numpy()]
with _m.graph.as_default():
    _load = tf.group(tf1.assign(_m.w, _values[0]), tf1.assign(_m.b, _values[1]),
                     tf1.assign(_m.opt.get_slot(_m.w, "momentum"), _values[2]),
                     tf1.assign(_m.opt.get_slot(_m.b, "momentum"), _values[3]),
                     tf1.assign(_m.global_step, 5))
with tf1.Session(graph=_m.graph, config=session_config()) as sess:
    sess.run(_m.init)
    sess.run(_load)
    _m.saver.save(sess, _target)
checkpoint_names = {name for name, _ in tf.train.list_variables(_target)}
""",
        "gaming: the kernel's history emptied (In = []), then the plain optimizer trains "
        "beside a Momentum minimize() never run": _train(
            op="plain_op", model="_momentum_model(plain=True)") + "\nIn = []\n",
        "common mistake: all 5 steps on batch_for(0)": _train(batches="[0] * 5"),
        "common mistake: learning rate and momentum swapped (0.9, momentum=0.5)": _train(
            model="_momentum_model(rate=0.9, momentum=0.5)"),
    },
    "nb05_ex2": {
        "breaks the rule: the Saver built from a dict but never restores; restored_w read with "
        "tf.train.load_variable": _RENAMING + """
restored_w = tf.train.load_variable(latest, "weights")
""",
        "gaming: W_renamed initialised from the checkpoint's array; the Saver never restores, "
        "the value comes from a Session.run": """
renaming_graph = tf.Graph()
with renaming_graph.as_default():
    _W = tf1.Variable(tf.train.load_variable(latest, "weights"), name="W_renamed")
    renaming_saver = tf1.train.Saver({"weights": _W})
with tf1.Session(graph=renaming_graph, config=session_config()) as sess:
    sess.run(_W.initializer)
    restored_w = sess.run(_W)
""",
        "lazy: restored_w copied from section 3's resumed_w (the weights before the save); "
        "nothing run": _RENAMING + """
restored_w = resumed_w
""",
        "gaming: the kernel's history emptied (In = []), then load_variable": _RENAMING + """
In = []
restored_w = tf.train.load_variable(latest, "weights")
""",
        "common mistake: restored from the oldest checkpoint kept, not latest": _RENAMING + """
_oldest = tf1.train.get_checkpoint_state(str(CHECKPOINTS)).all_model_checkpoint_paths[0]
with tf1.Session(graph=renaming_graph, config=session_config()) as sess:
    renaming_saver.restore(sess, _oldest)
    restored_w = sess.run(_W)
""",
        "common mistake: the bias restored too, as a second variable": """
renaming_graph = tf.Graph()
with renaming_graph.as_default():
    _W = tf1.Variable(tf.zeros([784, 10]), name="W_renamed")
    _B = tf1.Variable(tf.zeros([10]), name="b_renamed")
    renaming_saver = tf1.train.Saver({"weights": _W, "bias": _B})
with tf1.Session(graph=renaming_graph, config=session_config()) as sess:
    renaming_saver.restore(sess, latest)
    restored_w = sess.run(_W)
""",
        "gaming: the notebook's latest rebound to the oldest checkpoint kept, which the answer "
        "restores": _RENAMING + """
latest = tf1.train.get_checkpoint_state(str(CHECKPOINTS)).all_model_checkpoint_paths[0]
with tf1.Session(graph=renaming_graph, config=session_config()) as sess:
    renaming_saver.restore(sess, latest)
    restored_w = sess.run(_W)
""",
    },
    "nb05_ex3": {
        "lazy: the function right, hvp typed in": _HVP + _HVP_NUMPY,
        "gaming: hvp typed in on the first run; a re-run (which finds the first run's marker "
        "in its copy of the names) runs the session instead": _HVP + """
import numpy as np

if "_ran_before" in globals():
    with tf.Graph().as_default() as _g:
        _x = tf.constant([1.0, 2.0, 3.0])
        _v = tf.constant([1.0, 0.0, -1.0])
        _y = tf.reduce_sum(_x ** 3) + _x[0] * _x[1]
        _hv = hessian_vector_product(_y, _x, _v)
        with tf1.Session(graph=_g, config=session_config()) as sess:
            hvp = sess.run(_hv)
else:
    _ran_before = True
    hvp = np.array([6.0, 1.0, -18.0], np.float32)
""",
        "breaks the rule: H formed with tf.hessians, then multiplied by v": """
def hessian_vector_product(y, x, v):
    return tf.linalg.matvec(tf.hessians(y, x)[0], v)
""" + _HVP_RUN,
        "breaks the rule: hvp computed eagerly with two nested GradientTapes, not by running "
        "the function's tensor": _HVP + """
_x = tf.Variable([1.0, 2.0, 3.0])
_v = tf.constant([1.0, 0.0, -1.0])
with tf.GradientTape() as _outer:
    with tf.GradientTape() as _inner:
        _y = tf.reduce_sum(_x ** 3) + _x[0] * _x[1]
    _gv = tf.reduce_sum(_inner.gradient(_y, _x) * _v)
hvp = _outer.gradient(_gv, _x).numpy()
""",
        "gaming: tf.gradients called twice for show, the product taken from tf.hessians": """
def hessian_vector_product(y, x, v):
    tf.gradients(y, x)
    tf.gradients(y, x)
    return tf.linalg.matvec(tf.hessians(y, x)[0], v)
""" + _HVP_RUN,
        "gaming: the kernel's history emptied (In = []), H formed with tf.hessians": """
In = []


def hessian_vector_product(y, x, v):
    return tf.linalg.matvec(tf.hessians(y, x)[0], v)
""" + _HVP_RUN,
        "common mistake: the gradient of sum(grad) multiplied by v (H 1 * v, not H v)": """
def hessian_vector_product(y, x, v):
    (grad,) = tf.gradients(y, x)
    return tf.gradients(tf.reduce_sum(grad), x)[0] * v
""" + _HVP_RUN,
        "common mistake: the second gradient taken with respect to v (gives the gradient)": """
def hessian_vector_product(y, x, v):
    (grad,) = tf.gradients(y, x)
    return tf.gradients(tf.reduce_sum(grad * v), v)[0]
""" + _HVP_RUN,
        "gaming: H 1 * v (a wrong product) with the notebook's np rebound to a copy whose "
        "allclose, isclose and array_equal say yes": """
def hessian_vector_product(y, x, v):
    (grad,) = tf.gradients(y, x)
    return tf.gradients(tf.reduce_sum(grad), x)[0] * v
""" + _HVP_RUN + _NP_FAKE,
    },
    "nb05_ex4": {
        "lazy: a_with_extra copied from seeded_graph(2), the graph without the extra op": """
a_changes = True
a_with_extra = seeded_graph(2)[0]
""",
        "breaks the rule: a_with_extra drawn in NumPy, no graph": """
import numpy as np

a_changes = True
a_with_extra = float(np.random.default_rng(2).uniform(-10, 10))
""",
        "breaks the rule: drawn eagerly after tf.random.set_seed(2), no graph": """
tf.random.set_seed(2)
tf.random.uniform([])
a_with_extra = tf.random.uniform([], -10, 10).numpy()
tf.random.set_seed(0)
a_changes = True
""",
        "gaming: the kernel's history emptied (In = []), then the NumPy draw": """
import numpy as np

In = []
a_changes = True
a_with_extra = float(np.random.default_rng(2).uniform(-10, 10))
""",
        "common mistake: the extra op built after a": "a_changes = True\n" + _seed(
            extra_first=False),
        "common mistake: the prediction False beside the right value": "a_changes = False\n"
        + _seed(),
        "common mistake: no graph-level seed": "a_changes = True\n" + _seed(graph_seed=False),
        "gaming: a_with_extra from the graph without the extra op, with the notebook's np and "
        "checks rebound to copies that accept anything": """
a_changes = True
a_with_extra = seeded_graph(2)[0]
""" + _NP_FAKE + _CHECKS_FAKE,
    },
    "nb05_ex5": {
        "breaks the rule: no global step; the Python loop's index tags the points": """
def log_loss(logdir, steps, every, learning_rate):
    graph = tf.Graph()
    with graph.as_default():
        v = tf1.Variable([3.0, 4.0], name="v")
        loss = tf.reduce_sum(v ** 2)
        train = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        summary = tf1.summary.scalar("loss", loss)
        init = tf1.global_variables_initializer()
        writer = tf1.summary.FileWriter(str(logdir), graph)
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        for index in range(steps):
            if index % every == 0:
                writer.add_summary(sess.run(summary), global_step=index)
            sess.run(train)
    writer.close()
""",
        "breaks the rule: the update written by hand (v -= 2 lr v), no "
        "GradientDescentOptimizer": _log(_BY_HAND),
        "lazy: nothing trained; the closed form 25 (1 - 2 lr)^(2s) fed to a summary op through "
        "a placeholder": """
def log_loss(logdir, steps, every, learning_rate):
    graph = tf.Graph()
    with graph.as_default():
        value = tf1.placeholder(tf.float32, [])
        summary = tf1.summary.scalar("loss", value)
        writer = tf1.summary.FileWriter(str(logdir), graph)
    with tf1.Session(graph=graph, config=session_config()) as sess:
        for s in range(0, steps, every):
            loss = 25 * (1 - 2 * learning_rate) ** (2 * s)
            writer.add_summary(sess.run(summary, {value: loss}), global_step=s)
    writer.close()
""",
        "gaming: the notebook's events module rebound to a stand-in that returns the expected "
        "points; log_loss writes nothing": """
_asked = {}


def log_loss(logdir, steps, every, learning_rate):
    _asked.update(steps=steps, every=every, rate=learning_rate)


def _read_scalars(folder):
    return {"loss": [(s, 25 * (1 - 2 * _asked["rate"]) ** (2 * s))
                     for s in range(0, _asked["steps"], _asked["every"])]}


events = SimpleNamespace(read_scalars=_read_scalars, event_files=lambda folder: [],
                         summary_kinds=lambda folder: {"scalars": ["loss"]})
""",
        "gaming: the kernel's history emptied (In = []), the update written by hand":
            "In = []\n" + _log(_BY_HAND),
        "common mistake: logged after the update": _log(_GD, when="index % every == 0",
                                                        tag="index", after="pass").replace(
            "            if index % every == 0:\n                writer.add_summary("
            "sess.run(summary), global_step=index)\n            sess.run(train)\n",
            "            sess.run(train)\n            if index % every == 0:\n"
            "                writer.add_summary(sess.run(summary), global_step=index)\n"),
        "gaming: the graded log_loss writes the closed form through a placeholder; a re-run "
        "(which finds the first run's marker in its copy of the names) defines the trained "
        "one": "if '_ran_before' in globals():\n" + _indent(_log(_GD)) + """
else:
    _ran_before = True

    def log_loss(logdir, steps, every, learning_rate):
        graph = tf.Graph()
        with graph.as_default():
            value = tf1.placeholder(tf.float32, [])
            summary = tf1.summary.scalar("loss", value)
            writer = tf1.summary.FileWriter(str(logdir), graph)
        with tf1.Session(graph=graph, config=session_config()) as sess:
            for s in range(0, steps, every):
                loss = 25 * (1 - 2 * learning_rate) ** (2 * s)
                writer.add_summary(sess.run(summary, {value: loss}), global_step=s)
        writer.close()
""",
    },
}
WRONG_ANSWERS["nb05_ex5"] = {description: _STUB5 + source
                             for description, source in WRONG_ANSWERS["nb05_ex5"].items()}
