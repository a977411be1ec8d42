"""Fresh wrong answers (sixth attack, issue 46) for notebook 05's exercises."""
# ruff: noqa: E501

#: The softmax-regression graph of exercise 1, up to the loss (shared by its answers).
_EX1_GRAPH = '''    X = tf1.placeholder(tf.float32, [None, 784])
    Y = tf1.placeholder(tf.int64, [None])
    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=Y, logits=tf.matmul(X, w) + b))
'''

WRONG_ANSWERS = {
    "nb05_ex1": {
        "gaming: types the four names in on the notebook's run and calls list_variables only when the checkpoint file its first run left is already on disk (the check's re-run)": '''checkpoint_names = set()
ex1_again = Path(str(LOGS / "momentum" / "softmax") + ".index").exists()  # only in the check's re-run
with tf.Graph().as_default() as g:
''' + _EX1_GRAPH + '''    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
if ex1_again:
    checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
else:
    checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momentum"}
''',
        "lazy: on the notebook's run the five momentum steps are worked out in NumPy and assigned to the variables and slots (momentum_train never runs); the optimizer runs only when Session.run carries the check's recording wrapper (dir() shows __wrapped__)": '''checkpoint_names = set()
ex1_recorded = any("wrapped" in n for n in dir(tf1.Session.run))  # the check's re-run records Session.run
with tf.Graph().as_default() as g:
''' + _EX1_GRAPH + '''    ex1_opt = tf1.train.MomentumOptimizer(0.5, momentum=0.9)
    momentum_train = ex1_opt.minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        if ex1_recorded:
            for s in range(5):
                xb, yb = batch_for(s)
                sess.run(momentum_train, {X: xb, Y: yb})
        else:
            nw, nb = np.zeros((784, 10)), np.zeros(10)
            mw, mb = np.zeros_like(nw), np.zeros_like(nb)
            for s in range(5):
                xb, yb = batch_for(s)
                xb = xb.astype(np.float64)
                z = xb @ nw + nb
                p = np.exp(z - z.max(axis=1, keepdims=True))
                p /= p.sum(axis=1, keepdims=True)
                p[np.arange(len(yb)), yb] -= 1
                p /= len(yb)
                mw, mb = 0.9 * mw + xb.T @ p, 0.9 * mb + p.sum(axis=0)
                nw, nb = nw - 0.5 * mw, nb - 0.5 * mb
            sess.run([w.assign(nw.astype(np.float32)), b.assign(nb.astype(np.float32)),
                      ex1_opt.get_slot(w, "momentum").assign(mw.astype(np.float32)),
                      ex1_opt.get_slot(b, "momentum").assign(mb.astype(np.float32))])
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "rule-breaking: the gradients are worked out in NumPy and fed to MomentumOptimizer.apply_gradients through placeholders (no minimize); the batch's images are fed to the same run, unused, so the run carries the task's batch": '''checkpoint_names = set()
with tf.Graph().as_default() as g:
    X = tf1.placeholder(tf.float32, [None, 784])
    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
    gw = tf1.placeholder(tf.float32, [784, 10])
    gb = tf1.placeholder(tf.float32, [10])
    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).apply_gradients([(gw, w), (gb, b)])
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            nw, nb = sess.run([w, b])
            x64 = xb.astype(np.float64)
            z = x64 @ nw + nb
            p = np.exp(z - z.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(yb)), yb] -= 1
            p /= len(yb)
            sess.run(momentum_train, {gw: (x64.T @ p).astype(np.float32),
                                      gb: p.sum(axis=0).astype(np.float32), X: xb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "common mistake: builds the Saver before minimize(), so it never sees the Momentum slot variables": '''checkpoint_names = set()
with tf.Graph().as_default() as g:
''' + _EX1_GRAPH + '''    momentum_saver = tf1.train.Saver()
    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "common mistake: swaps the learning rate and the momentum (MomentumOptimizer(0.9, momentum=0.5))": '''checkpoint_names = set()
with tf.Graph().as_default() as g:
''' + _EX1_GRAPH + '''    momentum_train = tf1.train.MomentumOptimizer(0.9, momentum=0.5).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
        "wrong scope: trains on batch_for(1) ... batch_for(5), one step off": '''checkpoint_names = set()
with tf.Graph().as_default() as g:
''' + _EX1_GRAPH + '''    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(1, 6):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
''',
    },
    "nb05_ex2": {
        "gaming: reads the weights from the file with tf.train.load_variable on the notebook's run, and restores with the Saver only when Saver.restore is not the plain method (the check's patch renames it)": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
if tf1.train.Saver.restore.__name__ == "restore":
    restored_w = tf.train.load_variable(latest, "weights")
else:
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        restored_w = sess.run(W_renamed)
''',
        "gaming: marks a collection of the kernel's default graph on the notebook's run (which reads the file with load_variable) and restores honestly only when the mark is already there (the check's re-run)": '''restored_w = renaming_saver = None
ex2_seen = bool(tf1.get_collection("ex2_seen"))
tf1.add_to_collection("ex2_seen", 1)
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        if ex2_seen:
            renaming_saver.restore(sess, latest)
            restored_w = sess.run(W_renamed)
        else:
            restored_w = tf.train.load_variable(latest, "weights")
''',
        "lazy: builds the graph and the Saver but takes restored_w from the file with tf.train.load_variable": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
restored_w = tf.train.load_variable(latest, "weights")
''',
        "common mistake: runs the variables' initializer after the restore, overwriting the restored weights": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, latest)
        sess.run(tf1.global_variables_initializer())
        restored_w = sess.run(W_renamed)
''',
        "wrong scope: restores from the oldest checkpoint still listed, not from latest": '''restored_w = renaming_saver = None
with tf.Graph().as_default() as renaming_graph:
    W_renamed = tf1.get_variable("W_renamed", [784, 10])
    renaming_saver = tf1.train.Saver({"weights": W_renamed})
    with tf1.Session(graph=renaming_graph) as sess:
        renaming_saver.restore(sess, tf1.train.get_checkpoint_state(str(CHECKPOINTS)).all_model_checkpoint_paths[0])
        restored_w = sess.run(W_renamed)
''',
    },
    "nb05_ex3": {
        "lazy: the Hessian at x = [1, 2, 3] worked out by hand, and hvp run from hessian_vector_product of the quadratic 0.5 x^T A x with that A typed in (the task's y is never built)": '''hvp = None


def hessian_vector_product(y, x, v):
    """H v for scalar y and vector x, from two tf.gradients calls."""
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    A = tf.constant([[6.0, 1.0, 0.0], [1.0, 12.0, 0.0], [0.0, 0.0, 18.0]])  # H at x, by hand
    y = 0.5 * tf.reduce_sum(x * tf.linalg.matvec(A, x))
    hv = hessian_vector_product(y, x, v)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
''',
        "gaming: types hvp in on the notebook's run and runs the tensor only when Session.run carries the check's recording wrapper (dir() shows __wrapped__)": '''hvp = None


def hessian_vector_product(y, x, v):
    """H v for scalar y and vector x, from two tf.gradients calls."""
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


hvp = np.array([6.0, 1.0, -18.0], dtype=np.float32)
if any("wrapped" in n for n in dir(tf1.Session.run)):
    with tf.Graph().as_default() as g:
        x = tf.constant([1.0, 2.0, 3.0])
        v = tf.constant([1.0, 0.0, -1.0])
        y = tf.reduce_sum(x**3) + x[0] * x[1]
        hv = hessian_vector_product(y, x, v)
        with tf1.Session(graph=g) as sess:
            hvp = sess.run(hv)
''',
        "rule-breaking: forms the full Hessian with tf.hessians and multiplies it by v": '''hvp = None


def hessian_vector_product(y, x, v):
    """H v from the full Hessian."""
    return tf.linalg.matvec(tf.hessians(y, x)[0], v)


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    hv = hessian_vector_product(y, x, v)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
''',
        "common mistake: the second gradient is of sum(grad), v is multiplied in afterwards (gives diag-ish H 1 * v, not H v)": '''hvp = None


def hessian_vector_product(y, x, v):
    """H v (wrongly: v applied after the second gradient)."""
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad), x)[0] * v


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    hv = hessian_vector_product(y, x, v)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
''',
        "wrong scope: builds y without the x0 x1 term": '''hvp = None


def hessian_vector_product(y, x, v):
    """H v for scalar y and vector x, from two tf.gradients calls."""
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3)
    hv = hessian_vector_product(y, x, v)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
''',
    },
    "nb05_ex4": {
        "rule-breaking: sets the prediction from the measurement, building seeded_graph(2) to compare, instead of predicting first (NOT SURE: the task says predict, then check)": '''a_changes, a_with_extra = None, None
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    extra = tf1.random_uniform([])
    a = tf1.random_uniform([], -10, 10)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
a_changes = bool(a_with_extra != seeded_graph(2)[0])
''',
        "gaming: the value measured beforehand, typed in as two halves that a Mul doubles and added to a random op times zero, so the run has a RandomUniform and no constant equals the result": '''a_changes, a_with_extra = None, None
a_changes = True
with tf.Graph().as_default() as g:
    a = tf1.random_uniform([]) * 0.0 + tf.constant(np.float32(-5.2316904) / 2) * 2.0
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
        "gaming: types the value in on the notebook's run and builds the graph only when a mark it left in the kernel's default graph's collection is there (the check's re-run)": '''a_changes, a_with_extra = None, None
a_changes = True
a_with_extra = np.float32(-5.2316904)
if tf1.get_collection("ex4_seen"):
    with tf.Graph().as_default() as g:
        tf1.set_random_seed(2)
        extra = tf1.random_uniform([])
        a = tf1.random_uniform([], -10, 10)
        with tf1.Session(graph=g) as sess:
            a_with_extra = sess.run(a)
tf1.add_to_collection("ex4_seen", 1)
''',
        "common mistake: forgets tf1.set_random_seed(2) in the new graph": '''a_changes, a_with_extra = None, None
a_changes = True
with tf.Graph().as_default() as g:
    extra = tf1.random_uniform([])
    a = tf1.random_uniform([], -10, 10)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
        "common mistake: predicts that a does not change (the op-level seed is thought to come from the graph seed alone)": '''a_changes, a_with_extra = None, None
a_changes = False
with tf.Graph().as_default() as g:
    tf1.set_random_seed(2)
    extra = tf1.random_uniform([])
    a = tf1.random_uniform([], -10, 10)
    with tf1.Session(graph=g) as sess:
        a_with_extra = sess.run(a)
''',
        "wrong scope: makes the extra random op after a, so a is seed 2's a of seeded_graph": '''a_changes, a_with_extra = None, None
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
        "gaming: writes the closed-form loss 25 (1 - 2 lr)^(2 s) with TensorFlow 2's summary writer, and trains with the optimizer and a FileWriter only when GradientDescentOptimizer.__init__ is not the plain one (the check's patch)": '''log_loss = None


def log_loss(logdir, steps, every, learning_rate):
    """Log the loss before every `every`-th update."""
    if tf1.train.GradientDescentOptimizer.__init__.__name__ == "__init__":
        writer = tf.summary.create_file_writer(str(logdir))
        with writer.as_default():
            for s in range(0, steps, every):
                tf.summary.scalar("loss", 25 * (1 - 2 * learning_rate) ** (2 * s), step=s)
        writer.close()
        return
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
            writer.close()
''',
        "rule-breaking: the loss is computed in NumPy from v's fetched value and fed to the summary through a placeholder; a 0 * sum(v) term gives the summary v as an ancestor": '''log_loss = None


def log_loss(logdir, steps, every, learning_rate):
    """Log the loss (computed in NumPy) before every `every`-th update."""
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        fed_loss = tf1.placeholder(tf.float32, [])
        loss_summary = tf1.summary.scalar("loss", fed_loss + 0.0 * tf.reduce_sum(v))
        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for _ in range(steps):
                step, now = sess.run([global_step, v])
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary, {fed_loss: float(np.sum(now.astype(np.float64) ** 2))}),
                                       global_step=step)
                sess.run(update)
            writer.close()
''',
        "lazy: the logged loss is the closed form 25 (1 - 2 lr)^(2 s), worked out by hand with the optimizer's own rate and fed to the summary (a 0 * sum(v) term for the ancestry); the optimizer trains but its v is never read": '''log_loss = None


def log_loss(logdir, steps, every, learning_rate):
    """Log 25 (1 - 2 lr)^(2 s) before every `every`-th update."""
    with tf.Graph().as_default() as g:
        v = tf1.Variable([3.0, 4.0], name="v")
        global_step = tf1.train.get_or_create_global_step()
        loss = tf.reduce_sum(v**2)
        fed_loss = tf1.placeholder(tf.float32, [])
        loss_summary = tf1.summary.scalar("loss", fed_loss + 0.0 * tf.reduce_sum(v))
        optimizer = tf1.train.GradientDescentOptimizer(learning_rate)
        update = optimizer.minimize(loss, global_step=global_step)
        rate = float(optimizer._learning_rate)
        with tf1.Session(graph=g) as sess:
            sess.run(tf1.global_variables_initializer())
            writer = tf1.summary.FileWriter(str(logdir))
            for step in range(steps):
                if step % every == 0:
                    writer.add_summary(sess.run(loss_summary, {fed_loss: 25 * (1 - 2 * rate) ** (2 * step)}),
                                       global_step=step)
                sess.run(update)
            writer.close()
''',
        "common mistake: logs the loss after the step's update, not before": '''log_loss = None


def log_loss(logdir, steps, every, learning_rate):
    """Log the loss after every `every`-th update."""
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
        "common mistake: never closes or flushes the FileWriter, so the points may not be on disk when the function returns": '''log_loss = None


def log_loss(logdir, steps, every, learning_rate):
    """Log the loss before every `every`-th update (the writer is left open)."""
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
        "wrong scope: tags each point with the global step after the update (1, every + 1, ...)": '''log_loss = None


def log_loss(logdir, steps, every, learning_rate):
    """Log the loss before every `every`-th update, at the step after it."""
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
                    summary = sess.run(loss_summary)
                    sess.run(update)
                    writer.add_summary(summary, global_step=sess.run(global_step))
                else:
                    sess.run(update)
            writer.close()
''',
    },
}
