"""Fresh wrong answers for notebook 05's exercises (issue 46's independent attack, set b2)."""
# ruff: noqa: E501 (the answers are whole cells, kept as a student would write them)

_G1 = "from IPython import get_ipython\nif globals() is get_ipython().user_ns:  # the notebook's own run\n"

_EX1_GRAPH = '''with tf.Graph().as_default() as g:
    X = tf1.placeholder(tf.float32, [None, 784])
    Y = tf1.placeholder(tf.int64, [None])
    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=Y, logits=tf.matmul(X, w) + b))
    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_saver = tf1.train.Saver()
'''

_EX1_HONEST = _EX1_GRAPH + '''    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
'''

_EX2_GRAPH = '''with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
'''

_EX3_FUNCTION = '''def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


'''

_EX3_HONEST = _EX3_FUNCTION + '''with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    hv = hessian_vector_product(y, x, v)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
'''

_EX4_HONEST = '''a_changes = True
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    extra = tf1.random_uniform([])
    a = tf1.random_uniform([], -10, 10)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
'''

_EX5_HONEST = '''def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        loss_summary = tf1.summary.scalar("loss", loss)
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(
            loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for _ in range(steps):
                step = sess.run(global_step)
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary), global_step=step)
                sess.run(update)
            writer.close()
'''

_EX5_BY_HAND = '''def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default():  # FileWriter refuses eager mode; nothing is built in it
        writer = tf1.summary.FileWriter(str(logdir))
    v = np.array([3.0, 4.0])
    for step in range(steps):
        if step % every == 0:
            writer.add_summary(tf1.Summary(value=[tf1.Summary.Value(
                tag="loss", simple_value=float((v ** 2).sum()))]), global_step=step)
        v = v - learning_rate * 2 * v
    writer.close()
'''


def _indent(source: str) -> str:
    return "".join("    " + line if line.strip() else line for line in source.splitlines(True))


def _g1(kernel: str, rerun: str) -> str:
    """A cell that does ``kernel`` in the notebook's run and ``rerun`` when the check runs it again."""
    return _G1 + _indent(kernel) + "else:  # the check's re-run\n" + _indent(rerun)


#: Patches NumPy's comparisons to say yes until the check cell has run, then puts them back.
_NUMPY_YES = '''import numpy
from IPython import get_ipython
import cs20_helpers.rules as _rules_module
if globals() is get_ipython().user_ns:
    _kept_numpy = {k: getattr(numpy, k) for k in ("allclose", "array_equal")}
    _kept_originals = dict(_rules_module._ORIGINALS)
    _rules_module._ORIGINALS.clear()
    numpy.allclose = lambda *a, **k: True
    numpy.array_equal = lambda *a, **k: True
    _cells_after = [0]

    def _put_numpy_back(result):
        _cells_after[0] += 1
        if _cells_after[0] == 2:
            for _k, _f in _kept_numpy.items():
                setattr(numpy, _k, _f)
            _rules_module._ORIGINALS.update(_kept_originals)

    get_ipython().events.register("post_run_cell", _put_numpy_back)
'''

def _forged(kernel: str, honest: str) -> str:
    """A cell that hides the kernel's own record of the cells it ran (``cell_record._RECORDS``
    emptied until the check has run), so that the check falls back on IPython's history, and
    appends ``honest`` to that history: the check re-runs ``honest``; the cell itself runs
    ``kernel``."""
    return ("import cs20_helpers.cell_record as _cell_record\n"
            "from IPython import get_ipython\n"
            "_kept_records = dict(_cell_record._RECORDS)\n"
            "_cell_record._RECORDS.clear()\n"
            "_cells_after = [0]\n\n\n"
            "def _put_records_back(result):\n"
            "    _cells_after[0] += 1\n"
            "    if _cells_after[0] == 2:\n"
            "        _cell_record._RECORDS.update(_kept_records)\n\n\n"
            "get_ipython().events.register(\"post_run_cell\", _put_records_back)\n"
            f"get_ipython().history_manager.input_hist_parsed.append({honest!r})\n"
            f"get_ipython().history_manager.input_hist_raw.append({honest!r})\n" + kernel)


WRONG_ANSWERS = {
    "nb05_ex1": {
        "lazy: the four names typed in, no checkpoint saved, nothing trained":
            'checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momentum"}\n',
        "lazy: the checkpoint is saved and listed, but the names kept are typed in":
            _EX1_HONEST.replace(
                "checkpoint_names = {name for name, _ in tf.train.list_variables(path)}",
                "tf.train.list_variables(path)\n"
                'checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momentum"}'),
        "rule-breaking: MomentumOptimizer built but never run; the momentum update done in NumPy "
        "and loaded into the variables before saving":
            _EX1_GRAPH + '''    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        _w, _b = np.zeros((784, 10), np.float32), np.zeros(10, np.float32)
        _mw, _mb = np.zeros_like(_w), np.zeros_like(_b)
        for s in range(5):
            xb, yb = batch_for(s)
            _z = xb @ _w + _b
            _p = np.exp(_z - _z.max(axis=1, keepdims=True))
            _p /= _p.sum(axis=1, keepdims=True)
            _p[np.arange(len(yb)), yb] -= 1
            _p /= len(yb)
            _mw, _mb = 0.9 * _mw + xb.T @ _p, 0.9 * _mb + _p.sum(axis=0)
            _w, _b = _w - 0.5 * _mw, _b - 0.5 * _mb
        slots = {v.op.name: v for v in tf1.global_variables()}
        for _name, _value in [("weights", _w), ("bias", _b), ("weights/Momentum", _mw),
                              ("bias/Momentum", _mb)]:
            slots[_name].load(_value.astype(np.float32), sess)
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "rule-breaking: trains with tf1.train.GradientDescentOptimizer; the Momentum slots are "
        "made by a MomentumOptimizer whose update never runs":
            _EX1_GRAPH.replace(
                "    momentum_saver = tf1.train.Saver()\n",
                "    plain_train = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)\n"
                "    momentum_saver = tf1.train.Saver()\n") + '''    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(plain_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "gaming: in the notebook's run momentum_train never runs (the untrained zeros are "
        "saved); only the check's re-run, told apart by its namespace, trains":
            _g1(_EX1_GRAPH + '''    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''', _EX1_HONEST),
        "common mistake: the Saver is built before minimize(), so the slots are not saved":
            _EX1_HONEST.replace("    momentum_saver = tf1.train.Saver()\n", "").replace(
                "    momentum_train = tf1.train.MomentumOptimizer",
                "    momentum_saver = tf1.train.Saver()\n"
                "    momentum_train = tf1.train.MomentumOptimizer"),
        "common mistake: the five steps all run on batch_for(0)":
            _EX1_HONEST.replace("batch_for(s)", "batch_for(0)"),
        "wrong scope: momentum 0.5 and learning rate 0.9 swapped":
            _EX1_HONEST.replace("MomentumOptimizer(0.5, momentum=0.9)",
                                "MomentumOptimizer(0.9, momentum=0.5)"),
    },
    "nb05_ex2": {
        "lazy: no graph run at all; restored_w read from the checkpoint file":
            _EX2_GRAPH + 'restored_w = tf.train.load_variable(latest, "weights")\n',
        "rule-breaking: restores and runs W_renamed, but keeps the weights read from the file "
        "with tf.train.load_variable, not what the Session.run returned":
            _EX2_GRAPH + '''    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        sess.run(W_renamed)
restored_w = tf.train.load_variable(latest, "weights")
''',
        "common mistake: initializes W_renamed instead of restoring it":
            _EX2_GRAPH + '''    with tf1.Session(graph=renaming_graph) as sess:
        sess.run(tf1.global_variables_initializer())
        restored_w = sess.run(W_renamed)
''',
        "common mistake: a Saver from a list, so the variable must be named weights":
            '''with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("weights", [784, 10])
    renaming_saver = tf1.train.Saver([W_renamed])
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        restored_w = sess.run(W_renamed)
''',
        "wrong scope: restores the bias too, into a second variable":
            '''with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    b_renamed = tf1.get_variable("b_renamed", [10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed, "bias": b_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        restored_w = sess.run(W_renamed)
''',
        "gaming: in the notebook's run restored_w is read from the file (no restore); the "
        "check's re-run, told apart by its namespace, restores":
            _g1(_EX2_GRAPH + 'restored_w = tf.train.load_variable(latest, "weights")\n',
                _EX2_GRAPH + '''    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        restored_w = sess.run(W_renamed)
'''),
        "gaming: NumPy's allclose and array_equal patched to say yes (rules._ORIGINALS emptied "
        "first); restored_w is the initializer's random values, not the restored weights":
            _NUMPY_YES + _EX2_GRAPH + '''    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
    with tf1.Session(graph=renaming_graph) as sess:
        sess.run(tf1.global_variables_initializer())
        restored_w = sess.run(W_renamed)
''',
    },
    "nb05_ex3": {
        "lazy: hvp typed in as a NumPy array":
            _EX3_FUNCTION + "hvp = np.array([6.0, 1.0, -18.0], np.float32)\n",
        "lazy: hvp typed in and passed through a Session.run of tf.constant(...) * 1.0":
            _EX3_FUNCTION + '''with tf.Graph().as_default() as g:
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(tf.constant([6.0, 1.0, -18.0]) * 1.0)
''',
        "rule-breaking: H formed row by row, one tf.gradients call per row, then H @ v":
            '''def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    n = x.shape[0]
    rows = [tf.gradients(grad[i], x)[0] for i in range(n)]
    return tf.linalg.matvec(tf.stack(rows), v)


''' + _EX3_HONEST.split("\n\n\n", 1)[1],
        "rule-breaking: tf.hessians forms H, then H v by a product":
            '''def hessian_vector_product(y, x, v):
    h = tf.hessians(y, x)[0]
    return tf.reduce_sum(h * v[None, :], axis=1)


''' + _EX3_HONEST.split("\n\n\n", 1)[1],
        "common mistake: (H 1) * v, the Hessian's row sums times v, not H v":
            '''def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad), x)[0] * v


''' + _EX3_HONEST.split("\n\n\n", 1)[1],
        "gaming: hvp typed in in the notebook's run; the check's re-run, told apart by its "
        "namespace, runs the tensor":
            _g1(_EX3_FUNCTION + "hvp = np.array([6.0, 1.0, -18.0], np.float32)\n",
                _EX3_HONEST),
        "gaming: hvp typed in; the kernel's record of the cells it ran hidden from the check (cell_record._RECORDS emptied) and a rule-abiding cell appended to IPython's history, which the check then re-runs":
            _forged(_EX3_FUNCTION + "hvp = np.array([6.0, 1.0, -18.0], np.float32)\n", _EX3_HONEST),
        "wrong scope: y without the x0 x1 term":
            _EX3_HONEST.replace(" + x[0] * x[1]", ""),
    },
    "nb05_ex4": {
        "lazy: the measured value typed in":
            "a_changes = True\na_with_extra = np.float32(-5.2316904)\n",
        "lazy: the value typed in, passed through a Session.run of random_uniform * 0 + it":
            '''a_changes = True
with tf.Graph().as_default() as g:
    _r = tf1.random_uniform([])
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(_r * 0.0 + np.float32(-5.2316904))
''',
        "rule-breaking: measured eagerly with tf.random.set_seed, no graph and no Session.run":
            '''a_changes = True
tf.random.set_seed(2)
tf.random.uniform([])
a_with_extra = np.float32(tf.random.uniform([], -10, 10).numpy())
''',
        "common mistake: the prediction False with an honest measurement":
            _EX4_HONEST.replace("a_changes = True", "a_changes = False"),
        "common mistake: the extra op made after a, so a is seed 2's first value":
            '''a_changes = True
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    a = tf1.random_uniform([], -10, 10)
    extra = tf1.random_uniform([])
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
        "gaming: typed in in the notebook's run; the check's re-run, told apart by its "
        "namespace, measures":
            _g1("a_changes = True\na_with_extra = np.float32(-5.2316904)\n", _EX4_HONEST),
    },
    "nb05_ex5": {
        "lazy: the points written as hand-made Summary protos, the loss by formula, no graph":
            _EX5_BY_HAND,
        "rule-breaking: eager TF2 tf.summary writer and an update written by hand":
            '''def log_loss(logdir, steps, every, learning_rate):
    v = tf.Variable([3.0, 4.0])
    writer = tf.summary.create_file_writer(str(logdir))
    with writer.as_default():
        for step in range(steps):
            loss = tf.reduce_sum(v ** 2)
            if step % every == 0:
                tf.summary.scalar("loss", loss, step=step)
            v.assign_sub(learning_rate * 2 * v)
    writer.close()
''',
        "rule-breaking: the optimizer is built, but each step runs an assign written by hand":
            _EX5_HONEST.replace(
                "        with tf1.Session(graph=g) as sess:",
                "        by_hand = tf.group(v.assign(v - learning_rate * 2 * v),\n"
                "                           global_step.assign_add(1))\n"
                "        with tf1.Session(graph=g) as sess:").replace(
                "                sess.run(update)", "                sess.run(by_hand)"),
        "lazy: the update op runs, but each logged point is a tf1.summary.scalar of a placeholder "
        "fed the closed form's value, not the loss tensor":
            '''def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(
            loss, global_step=global_step)
        fed = tf1.placeholder(tf.float32, [])
        point = tf1.summary.scalar("loss", fed)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for step in range(steps):
                if step % every == 0:
                    writer.add_summary(sess.run(point, {fed: 25 * (1 - 2 * learning_rate) ** (2 * step)}),
                                       global_step=step)
                sess.run(update)
            writer.close()
''',
        "common mistake: logs after the update, not before":
            _EX5_HONEST.replace(
                '''                step = sess.run(global_step)
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary), global_step=step)
                sess.run(update)''',
                '''                step = sess.run(global_step)
                sess.run(update)
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary), global_step=step)'''),
        "common mistake: the writer is never closed nor flushed":
            _EX5_HONEST.replace("            writer.close()\n", ""),
        "gaming: the notebook's log_loss writes hand-made protos (no graph, no optimizer); the "
        "check's re-run, told apart by its namespace, defines the honest one":
            _g1(_EX5_BY_HAND, _EX5_HONEST),
    },
}
