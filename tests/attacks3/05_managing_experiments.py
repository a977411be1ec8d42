"""Fresh wrong answers (third attack, issue 46) for notebook 05's exercises."""
# ruff: noqa: E501

_EX1_HEAD = '''checkpoint_names = set()
with tf.Graph().as_default() as g:
    X = tf1.placeholder(tf.float32, [None, 784])
    Y = tf1.placeholder(tf.int64, [None])
    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=Y, logits=tf.matmul(X, w) + b))
'''

WRONG_ANSWERS = {
    "nb05_ex1": {
        "lazy: the four names typed in after a save, list_variables never called": _EX1_HEAD + '''    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momentum"}
''',
        "rule-breaking: momentum_train run 5 times on all-zero inputs and labels 0 (a dummy), the real 5 momentum steps done in NumPy and assigned before the save": _EX1_HEAD + '''    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_saver = tf1.train.Saver()
    slots = {v.op.name: v for v in tf1.global_variables()}
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            sess.run(momentum_train, {X: np.zeros((1, 784), np.float32), Y: np.zeros(1, np.int64)})
        nw, nb = np.zeros((784, 10)), np.zeros(10)
        mw, mb = np.zeros_like(nw), np.zeros_like(nb)
        for s in range(5):
            xb, yb = batch_for(s)
            xb = np.asarray(xb, np.float64)
            z = xb @ nw + nb
            p = np.exp(z - z.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(yb)), yb] -= 1
            p /= len(yb)
            mw, mb = 0.9 * mw + xb.T @ p, 0.9 * mb + p.sum(axis=0)
            nw, nb = nw - 0.5 * mw, nb - 0.5 * mb
        for name, value in [("weights", nw), ("bias", nb), ("weights/Momentum", mw), ("bias/Momentum", mb)]:
            slots[name].load(value.astype(np.float32), sess)
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "rule-breaking: MomentumOptimizer's op built and named but never run; a GradientDescentOptimizer trains, momentum_train rebound to it": _EX1_HEAD + '''    real_momentum = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_train = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "common mistake: the Saver built before minimize(), so the slots are not saved": _EX1_HEAD + '''    momentum_saver = tf1.train.Saver()
    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "common mistake: learning rate and momentum swapped (MomentumOptimizer(0.9, momentum=0.5))": _EX1_HEAD + '''    momentum_train = tf1.train.MomentumOptimizer(0.9, momentum=0.5).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "wrong scope: the same batch_for(0) five times": _EX1_HEAD + '''    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        xb, yb = batch_for(0)
        for s in range(5):
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
    },
    "nb05_ex2": {
        "lazy: restored_w read from the file with tf.train.load_variable, no restore": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
restored_w = tf.train.load_variable(latest, "weights")
''',
        "rule-breaking: renaming_saver built but never used; the value comes from a default Saver restoring a variable named weights in another graph": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
with tf.Graph().as_default() as other_graph:
    same_name = tf1.get_variable("weights", [784, 10])
    plain_saver = tf1.train.Saver([same_name])
    with tf1.Session(graph=other_graph) as sess:
        plain_saver.restore(sess, latest)
        restored_w = sess.run(same_name)
''',
        "gaming: restore made in one session and dropped; restored_w run in another session where W_renamed's initializer holds the file's weights": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", initializer=tf.train.load_variable(latest, "weights"))
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
    with tf1.Session(graph=renaming_graph) as sess:
        sess.run(tf1.global_variables_initializer())
        restored_w = sess.run(W_renamed)
''',
        "common mistake: the Saver's dict keyed by the new name, not the checkpoint's": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"W_renamed": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        restored_w = sess.run(W_renamed)
''',
        "common mistake: restored_w is the variable itself, never run": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
restored_w = W_renamed
''',
    },
    "nb05_ex3": {
        "lazy: function right, hvp typed in (6, 1, -18)": '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


hvp = np.array([6.0, 1.0, -18.0], np.float32)
''',
        "lazy: function right but never used for hvp; hvp typed in halved and run through a Mul in a session (no constant equals the result)": '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


with tf.Graph().as_default() as g:
    half = tf.constant([3.0, 0.5, -9.0])
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(half * tf.constant(2.0))
''',
        "rule-breaking: H formed with tf.hessians, then H @ v": '''hvp = None
def hessian_vector_product(y, x, v):
    h = tf.hessians(y, x)[0]
    return tf.linalg.matvec(h, v)


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hessian_vector_product(y, x, v) * 1.0)
''',
        "rule-breaking: hvp worked out in NumPy and passed through a session as a fed placeholder times ones": '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


x0, v0 = np.array([1.0, 2.0, 3.0]), np.array([1.0, 0.0, -1.0])
h0 = np.diag(6 * x0) + np.array([[0, 1, 0], [1, 0, 0], [0, 0, 0]])
with tf.Graph().as_default() as g:
    fed = tf1.placeholder(tf.float32, [3])
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(fed * tf.ones([3]), {fed: h0 @ v0})
''',
        "common mistake: v left out of the second gradient (gradient of the gradient's sum)": '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(grad, x)[0] * v


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hessian_vector_product(y, x, v))
''',
        "wrong scope: the x0 x1 term left out of y": '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hessian_vector_product(y, x, v))
''',
    },
    "nb05_ex4": {
        "lazy: a_with_extra typed in, a_changes guessed": '''a_changes, a_with_extra = None, None
a_changes = True
a_with_extra = np.float32(3.0)
''',
        "rule-breaking: the prediction made after the measurement, from it (the task says predict first) (NOT SURE: documented as not enforceable)": '''a_changes, a_with_extra = None, None
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    a0 = tf1.random_uniform([], -10, 10)
    with tf1.Session(graph=g) as sess:
        without = sess.run(a0)
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    extra = tf1.random_uniform([])
    a = tf1.random_uniform([], -10, 10)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
a_changes = bool(a_with_extra != without)
''',
        "gaming: a_with_extra from a run of a graph with a random op, the number added as two halves so no constant equals it": '''a_changes, a_with_extra = None, None
a_changes = True
with tf.Graph().as_default() as g:
    r = tf1.random_uniform([], 0, 1)
    a = r * 0.0 + tf.constant(1.25) * tf.constant(2.0)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
        "common mistake: op-level seed 2 instead of a graph seed": '''a_changes, a_with_extra = None, None
a_changes = False
with tf.Graph().as_default() as g:
    extra = tf1.random_uniform([])
    a = tf1.random_uniform([], -10, 10, seed=2)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
        "wrong scope: the extra op made after a, so a is the first op": '''a_changes, a_with_extra = None, None
a_changes = True
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    a = tf1.random_uniform([], -10, 10)
    extra = tf1.random_uniform([])
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
    },
    "nb05_ex5": {
        "rule-breaking: the optimizer trains, but the logged loss is a closed-form NumPy value fed to a placeholder (tied to v by a zero term so the summary has a variable ancestor)": '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        fed = tf1.placeholder(tf.float32, [])
        loss_summary = tf1.summary.scalar("loss", fed + 0.0 * tf.reduce_sum(v))
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for step in range(steps):
                if step % every == 0:
                    value = 25 * (1 - 2 * learning_rate) ** (2 * step)
                    writer.add_summary(sess.run(loss_summary, {fed: value}), global_step=step)
                sess.run(update)
            writer.close()
''',
        "lazy: no training at all beyond a dummy zero-rate step; the loss formula typed in and logged through a placeholder summary": '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        fed = tf1.placeholder(tf.float32, [])
        loss_summary = tf1.summary.scalar("loss", fed + 0.0 * loss)
        update = tf1.train.GradientDescentOptimizer(0.0).minimize(loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for step in range(steps):
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary, {fed: 25 * (1 - 2 * learning_rate) ** (2 * step)}), global_step=step)
                sess.run(update)
            writer.close()
''',
        "gaming: hand-made Summary protos added to the FileWriter, the update hand-written": '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        loss = tf.reduce_sum(v**2)
        step_op = v.assign(v * (1 - 2 * learning_rate))
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for step in range(steps):
                if step % every == 0:
                    value = float(sess.run(loss))
                    writer.add_summary(tf1.Summary(value=[tf1.Summary.Value(tag="loss", simple_value=value)]), global_step=step)
                sess.run(step_op)
            writer.close()
''',
        "common mistake: logged after the update, not before": '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        loss_summary = tf1.summary.scalar("loss", loss)
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for _ in range(steps):
                step = sess.run(global_step)
                sess.run(update)
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary), global_step=step)
            writer.close()
''',
        "common mistake: the writer never closed or flushed": '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        loss_summary = tf1.summary.scalar("loss", loss)
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for _ in range(steps):
                step = sess.run(global_step)
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary), global_step=step)
                sess.run(update)
''',
        "wrong scope: logs every step, ignoring every": '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        loss_summary = tf1.summary.scalar("loss", loss)
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for _ in range(steps):
                step = sess.run(global_step)
                writer.add_summary(sess.run(loss_summary), global_step=step)
                sess.run(update)
            writer.close()
''',
    },
}


def _two_faced(marker: str, first: str, again: str) -> str:
    """A cell that runs ``first`` the first time the kernel runs it (the notebook's run, whose
    values the hidden tests read) and ``again`` every later time (the check's re-run, on which
    the rules are enforced), told apart by an environment variable it sets."""
    indent = lambda body: "".join(f"    {line}\n" if line else "\n" for line in body.splitlines())  # noqa: E731
    return (f"import os\n\nif os.environ.get({marker!r}) is None:\n    os.environ[{marker!r}] = '1'\n"
            f"{indent(first)}else:\n{indent(again)}")


WRONG_ANSWERS["nb05_ex2"]["gaming: the notebook's run reads restored_w from the file with tf.train.load_variable; only the check's re-run (told apart by an environment variable the first run sets) restores and runs"] = _two_faced(
    "ATK3_NB05_EX2", '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
restored_w = tf.train.load_variable(latest, "weights")
''', '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        restored_w = sess.run(W_renamed)
''')

WRONG_ANSWERS["nb05_ex3"]["gaming: the notebook's run types hvp in; only the check's re-run (told apart by an environment variable the first run sets) runs the tensor"] = _two_faced(
    "ATK3_NB05_EX3", '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


hvp = np.array([6.0, 1.0, -18.0], np.float32)
''', '''hvp = None
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hessian_vector_product(y, x, v))
''')
