"""Wrong answers to notebook 05's exercises: each must fail its check (proved by `refute`)."""

_EX1_CELL = '''checkpoint_names = set()
with tf.Graph().as_default() as g:
    X = tf1.placeholder(tf.float32, [None, 784])
    Y = tf1.placeholder(tf.int64, [None])
    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=Y, logits=tf.matmul(X, w) + b))
    BUILD
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for s in range(5):
            xb, yb = batch_for(s)
            sess.run(momentum_train, {X: xb, Y: yb})
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
'''

_EX1_RIGHT = _EX1_CELL.replace(
    "BUILD", "momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)\n"
    "    momentum_saver = tf1.train.Saver()")

_EX1_FAKE = '''checkpoint_names = set()
with tf.Graph().as_default() as g:
    for name, shape in [("weights", [784, 10]), ("bias", [10]), ("weights/Momentum", [784, 10]),
                        ("bias/Momentum", [10])]:
        tf1.get_variable(name, shape, initializer=tf1.random_normal_initializer())
    momentum_saver = tf1.train.Saver()
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
'''

#: 5 steps of TF1's momentum (accum = 0.9 accum + grad; var -= 0.5 accum) in NumPy, as the check's
#: reference does: the right values, computed outside the graph.
_EX1_NUMPY = '''
    values = [np.zeros((784, 10)), np.zeros(10), np.zeros((784, 10)), np.zeros(10)]
    for s in range(5):
        xb, yb = batch_for(s)
        p = np.exp(xb @ values[0] + values[1])
        p /= p.sum(axis=1, keepdims=True)
        p[np.arange(100), yb] -= 1
        p /= 100
        values[2], values[3] = 0.9 * values[2] + xb.T @ p, 0.9 * values[3] + p.sum(axis=0)
        values[0], values[1] = values[0] - 0.5 * values[2], values[1] - 0.5 * values[3]
'''

_EX1_LOADED = '''checkpoint_names = set()
with tf.Graph().as_default() as g:
    X = tf1.placeholder(tf.float32, [None, 784])
    Y = tf1.placeholder(tf.int64, [None])
    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())
    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=Y, logits=tf.matmul(X, w) + b))
    optimizer = tf1.train.MomentumOptimizer(0.5, momentum=0.9)
    momentum_train = optimizer.minimize(loss)
    momentum_saver = tf1.train.Saver()
    slots = [optimizer.get_slot(w, "momentum"), optimizer.get_slot(b, "momentum")]
''' + _EX1_NUMPY + '''    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for variable, value in zip([w, b] + slots, values):
            variable.load(value, sess)
        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))
checkpoint_names = {name for name, _ in tf.train.list_variables(path)}
'''

_EX1_BY_HAND = _EX1_CELL.replace("BUILD", """\
optimizer = tf1.train.MomentumOptimizer(0.5, momentum=0.9)
    optimizer.minimize(loss)  # built, never run
    momentum_saver = tf1.train.Saver()
    (mw, mb), (gw, gb) = (optimizer.get_slot(w, "momentum"), optimizer.get_slot(b, "momentum")), \\
        tf.gradients(loss, [w, b])
    with tf1.control_dependencies([tf1.assign(mw, 0.9 * mw + gw), tf1.assign(mb, 0.9 * mb + gb)]):
        momentum_train = tf.group(tf1.assign_sub(w, 0.5 * mw.read_value()),
                                  tf1.assign_sub(b, 0.5 * mb.read_value()))""")

_EX3_RUN = '''

with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.constant([1.0, 0.0, -1.0])
    y = tf.reduce_sum(x**3) + x[0] * x[1]
    hv = hessian_vector_product(y, x, v)
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
'''

_EX5_RIGHT = '''log_loss = None
def log_loss(logdir, steps, every, learning_rate):
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

#: The line of the right answer that adds a summary to the FileWriter.
_EX5_ADD = "                    writer.add_summary(sess.run(loss_summary), global_step=step)\n"

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb05_ex1": {
        "lazy: the names typed in from the check's message, nothing saved":
            'checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momentum"}\n',
        "common mistake: the Saver built before minimize(), so it misses the slots":
            _EX1_CELL.replace("BUILD", "momentum_saver = tf1.train.Saver()\n    "
                              "momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9)"
                              ".minimize(loss)"),
        "common mistake: plain gradient descent, which has no slots":
            _EX1_CELL.replace("BUILD", "momentum_train = tf1.train.GradientDescentOptimizer(0.5)"
                              ".minimize(loss)\n    momentum_saver = tf1.train.Saver()"),
        "the issue's example: learning rate and momentum swapped":
            _EX1_RIGHT.replace("(0.5, momentum=0.9)", "(0.9, momentum=0.5)"),
        "common mistake: one training step instead of five":
            _EX1_RIGHT.replace("range(5)", "range(1)"),
        "breaks the rule: the variables start from random values, not zeros":
            _EX1_RIGHT.replace("tf1.zeros_initializer()", "tf1.glorot_uniform_initializer()"),
        "common mistake: the loss summed over the batch, not averaged":
            _EX1_RIGHT.replace("tf.reduce_mean(", "tf.reduce_sum("),
        "fakes the inspected object: variables named like the slots, saved untrained": _EX1_FAKE,
        "breaks the rule (issue 46): MomentumOptimizer built but never run, the 5 updates done in "
        "NumPy and loaded": _EX1_LOADED,
        "breaks the rule: momentum_train a momentum update written by hand with tf1.assign, "
        "MomentumOptimizer's minimize built beside it and never run": _EX1_BY_HAND,
        "breaks the rule: trained and saved right, but the names typed in, not listed":
            _EX1_RIGHT.replace("{name for name, _ in tf.train.list_variables(path)}",
                               '{"weights", "bias", "weights/Momentum", "bias/Momentum"}'),
        "breaks the rule: nothing saved, the names listed from the file an earlier run left":
            _EX1_RIGHT.replace("        path = momentum_saver.save(sess, "
                               "str(LOGS / \"momentum\" / \"softmax\"))\n",
                               "path = str(LOGS / \"momentum\" / \"softmax\")\n"),
    },
    "nb05_ex2": {
        "lazy: the Saver built but never used, the weights read from the file": (
            "with tf.Graph().as_default() as renaming_graph:\n"
            "    W_renamed = tf1.get_variable('W_renamed', [784, 10])\n"
            "    renaming_saver = tf1.train.Saver({'weights': W_renamed})\n"
            "restored_w = tf.train.load_variable(latest, 'weights')\n"
        ),
        "lazy: the value read from the file, no Saver":
            'restored_w = tf.train.load_variable(latest, "weights")\n'
            "renaming_graph, renaming_saver = tf.Graph(), None\n",
        "common mistake: the variable named weights and a default Saver (no renaming)":
            "with tf.Graph().as_default() as renaming_graph:\n"
            '    W_renamed = tf1.get_variable("weights", [784, 10])\n'
            "    renaming_saver = tf1.train.Saver()\n"
            "    with tf1.Session(graph=renaming_graph) as sess:\n"
            "        renaming_saver.restore(sess, latest)\n"
            "        restored_w = sess.run(W_renamed)\n",
        "common mistake: the first checkpoint restored, not the latest":
            "with tf.Graph().as_default() as renaming_graph:\n"
            '    W_renamed = tf1.get_variable("W_renamed", [784, 10])\n'
            '    renaming_saver = tf1.train.Saver({"weights": W_renamed})\n'
            "    with tf1.Session(graph=renaming_graph) as sess:\n"
            '        renaming_saver.restore(sess, str(CHECKPOINTS / "softmax-100"))\n'
            "        restored_w = sess.run(W_renamed)\n",
        "breaks the rule: W_renamed declared [785, 10] (the restore fills it anyway)":
            "with tf.Graph().as_default() as renaming_graph:\n"
            '    W_renamed = tf1.get_variable("W_renamed", [785, 10])\n'
            '    renaming_saver = tf1.train.Saver({"weights": W_renamed})\n'
            "    with tf1.Session(graph=renaming_graph) as sess:\n"
            "        renaming_saver.restore(sess, latest)\n"
            "        restored_w = sess.run(W_renamed)\n",
        "lazy: a Saver without the dict, restored_w read from the file":
            "with tf.Graph().as_default() as renaming_graph:\n"
            '    W_renamed = tf1.get_variable("W_renamed", [784, 10])\n'
            "    renaming_saver = tf1.train.Saver([W_renamed])\n"
            'restored_w = tf.train.load_variable(latest, "weights")\n',
        "breaks the rule: restored with renaming_saver, but restored_w read from the file":
            "with tf.Graph().as_default() as renaming_graph:\n"
            '    W_renamed = tf1.get_variable("W_renamed", [784, 10])\n'
            '    renaming_saver = tf1.train.Saver({"weights": W_renamed})\n'
            "    with tf1.Session(graph=renaming_graph) as sess:\n"
            "        renaming_saver.restore(sess, latest)\n"
            'restored_w = tf.train.load_variable(latest, "weights")\n',
    },
    "nb05_ex3": {
        "lazy: the answer worked out by hand, typed in":
            "def hessian_vector_product(y, x, v):\n"
            "    return tf.constant([6.0, 1.0, -18.0])\n" + _EX3_RUN,
        "common mistake: the Hessian's diagonal times v":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    diagonal = tf.stack([tf.gradients(grad[i], x)[0][i] for i in range(3)])\n"
            "    return diagonal * v\n" + _EX3_RUN,
        "common mistake: the Hessian's row sums times v (tf.gradients of the gradient, then v)":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    return tf.gradients(grad, x)[0] * v\n" + _EX3_RUN,
        "common mistake: v left out (the gradient of the gradient's sum)":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    return tf.gradients(tf.reduce_sum(grad), x)[0]\n" + _EX3_RUN,
        "breaks the rule: H formed with tf.hessians, then multiplied by v":
            "def hessian_vector_product(y, x, v):\n"
            "    return tf.linalg.matvec(tf.hessians(y, x)[0], v)\n" + _EX3_RUN,
        "breaks the rule: H formed row by row, then multiplied by v":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    n = x.shape[0]\n"
            "    rows = tf.stack([tf.gradients(grad[i], x)[0] for i in range(n)])\n"
            "    return tf.linalg.matvec(rows, v)\n" + _EX3_RUN,
        "reads globals: the task's y rebuilt from x, its own y ignored":
            "def hessian_vector_product(y, x, v):\n"
            "    task_y = tf.reduce_sum(x**3) + x[0] * x[1]\n"
            "    grad = tf.gradients(task_y, x)[0]\n"
            "    return tf.gradients(tf.reduce_sum(grad * v), x)[0]\n" + _EX3_RUN,
        "no TensorFlow in hvp: the function right, hvp left a tensor":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    return tf.gradients(tf.reduce_sum(grad * v), x)[0]\n\n\n"
            "with tf.Graph().as_default() as g:\n"
            "    x = tf.constant([1.0, 2.0, 3.0])\n"
            "    hvp = hessian_vector_product(tf.reduce_sum(x**3) + x[0] * x[1], x,\n"
            "                                 tf.constant([1.0, 0.0, -1.0]))\n",
        "breaks the rule (issue 46): H v summed row by row, n + 1 tf.gradients calls, no n x n "
        "tensor":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    return tf.add_n([tf.gradients(grad[i], x)[0] * v[i] for i in range(x.shape[0])])\n"
            + _EX3_RUN,
        "breaks the rule (issue 46): the function right, hvp typed in by hand":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    return tf.gradients(tf.reduce_sum(grad * v), x)[0]\n\n\n"
            "hvp = np.array([6.0, 1.0, -18.0], dtype=np.float32)\n",
        "breaks the rule: the function right, hvp a run of a constant typed in":
            "def hessian_vector_product(y, x, v):\n"
            "    grad = tf.gradients(y, x)[0]\n"
            "    return tf.gradients(tf.reduce_sum(grad * v), x)[0]\n\n\n"
            "with tf.Graph().as_default() as g, tf1.Session(graph=g) as sess:\n"
            "    hvp = sess.run(tf.constant([6.0, 1.0, -18.0]))\n",
    },
    "nb05_ex4": {
        "lazy: a guess, no graph built":
            "a_changes, a_with_extra = True, 0.0\n",
        "common mistake: predicting that a stays the same":
            "a_changes, a_with_extra = False, first[0]\n",
        "common mistake: the extra op made after a":
            "a_changes = True\n"
            "with tf.Graph().as_default() as g:\n"
            "    tf1.set_random_seed(2)\n"
            "    a = tf1.random_uniform([], -10, 10)\n"
            "    extra = tf1.random_uniform([])\n"
            "    with tf1.Session(graph=g) as sess:\n"
            "        a_with_extra = sess.run(a)\n",
        "lazy: a_changes from the check's old message, a drawn under graph seed 3":
            "a_changes = True\n"
            "with tf.Graph().as_default() as g:\n"
            "    tf1.set_random_seed(3)\n"
            "    extra = tf1.random_uniform([])\n"
            "    a = tf1.random_uniform([], -10, 10)\n"
            "    with tf1.Session(graph=g) as sess:\n"
            "        a_with_extra = sess.run(a)\n",
        "common mistake: the extra op made outside the seeded graph":
            "a_changes = True\n"
            "extra = tf1.random_uniform([])\n"
            "with tf.Graph().as_default() as g:\n"
            "    tf1.set_random_seed(2)\n"
            "    a = tf1.random_uniform([], -10, 10)\n"
            "    with tf1.Session(graph=g) as sess:\n"
            "        a_with_extra = sess.run(a)\n",
        "common mistake: predicting no change, then measuring a right":
            "a_changes = False\n"
            "with tf.Graph().as_default() as g:\n"
            "    tf1.set_random_seed(2)\n"
            "    extra = tf1.random_uniform([])\n"
            "    a = tf1.random_uniform([], -10, 10)\n"
            "    with tf1.Session(graph=g) as sess:\n"
            "        a_with_extra = sess.run(a)\n",
        "lazy: the prediction as a string, a left unrun":
            'a_changes = "True"\n'
            "with tf.Graph().as_default() as g:\n"
            "    tf1.set_random_seed(2)\n"
            "    extra = tf1.random_uniform([])\n"
            "    a_with_extra = tf1.random_uniform([], -10, 10)\n",
        "breaks the rule: a_with_extra typed in from an earlier run":
            "a_changes = True\na_with_extra = -5.231690406799316\n",
        "breaks the rule: a_with_extra a run of a constant typed in":
            "a_changes = True\n"
            "with tf.Graph().as_default() as g, tf1.Session(graph=g) as sess:\n"
            "    a_with_extra = sess.run(tf.constant(-5.231690406799316))\n",
    },
    "nb05_ex5": {
        "common mistake: the loss logged after the update, which flatters it":
            _EX5_RIGHT.replace("                sess.run(update)\n", "").replace(
                "                if step % every == 0:\n",
                "                sess.run(update)\n"
                "                if step % every == 0:\n"),
        "common mistake: the writer never closed, its points still queued":
            _EX5_RIGHT.replace("            writer.close()\n", ""),
        "common mistake: every step logged, `every` ignored":
            _EX5_RIGHT.replace("                if step % every == 0:\n"
                               "                    writer.add_summary(",
                               "                if True:\n"
                               "                    writer.add_summary("),
        "common mistake: the step read after the update, every point one step late":
            _EX5_RIGHT.replace(
                "                step = sess.run(global_step)\n"
                "                if step % every == 0:\n"
                "                    writer.add_summary(sess.run(loss_summary), global_step=step)\n"
                "                sess.run(update)\n",
                "                summary = sess.run(loss_summary)\n"
                "                sess.run(update)\n"
                "                step = sess.run(global_step)\n"
                "                if step % every == 0:\n"
                "                    writer.add_summary(summary, global_step=step)\n"),
        "common mistake: the summary made in a name scope, so its tag is summaries/loss":
            _EX5_RIGHT.replace(
                '        loss_summary = tf1.summary.scalar("loss", loss)\n',
                '        with tf1.name_scope("summaries"):\n'
                '            loss_summary = tf1.summary.scalar("loss", loss)\n'),
        "breaks the rule: the learning rate fixed at 0.1":
            _EX5_RIGHT.replace("GradientDescentOptimizer(learning_rate)",
                               "GradientDescentOptimizer(0.1)"),
        "breaks the rule (issue 46): eager tf.summary and an update by hand, no graph, global "
        "step, optimizer or FileWriter":
            "log_loss = None\n"
            "def log_loss(logdir, steps, every, learning_rate):\n"
            "    v = tf.Variable([3.0, 4.0])\n"
            "    writer = tf.summary.create_file_writer(str(logdir))\n"
            "    with writer.as_default():\n"
            "        for step in range(steps):\n"
            "            if step % every == 0:\n"
            "                tf.summary.scalar('loss', tf.reduce_sum(v**2), step=step)\n"
            "            v.assign_sub(learning_rate * 2 * v)\n"
            "    writer.close()\n",
        "breaks the rule (issue 46): the graph trains right, the summaries Summary protos made by "
        "hand from the fetched loss":
            _EX5_RIGHT.replace(
                _EX5_ADD,
                "                    value = float(sess.run(loss))\n"
                "                    writer.add_summary(tf1.Summary(value=[tf1.Summary.Value(\n"
                "                        tag='loss', simple_value=value)]), global_step=step)\n"),
        "breaks the rule: the optimizer built but never run, each step an assign written by hand":
            _EX5_RIGHT.replace(
                "            loss, global_step=global_step)\n",
                "            loss, global_step=global_step)\n"
                "        by_hand = tf.group(tf1.assign_sub(v, 2 * learning_rate * v),\n"
                "                           tf1.assign_add(global_step, 1))\n").replace(
                "                sess.run(update)\n", "                sess.run(by_hand)\n"),
        "breaks the rule: no global step given to minimize, the steps counted in Python":
            _EX5_RIGHT.replace("            loss, global_step=global_step)\n",
                               "            loss)\n").replace(
                "            for _ in range(steps):\n"
                "                step = sess.run(global_step)\n",
                "            for step in range(steps):\n"),
        "breaks the rule: the graph trains right, the points written with TensorFlow 2's "
        "tf.summary, no FileWriter":
            _EX5_RIGHT.replace(
                "            writer = tf1.summary.FileWriter(str(logdir))\n",
                "            points = []\n"
            ).replace(
                _EX5_ADD,
                "                    points.append((step, sess.run(loss)))\n"
            ).replace(
                "            writer.close()\n",
                "    writer = tf.summary.create_file_writer(str(logdir))\n"
                "    with writer.as_default():\n"
                "        for step, value in points:\n"
                "            tf.summary.scalar('loss', value, step=int(step))\n"
                "    writer.close()\n"),
    },
}


# The fourth attack's answers (tests/attacks2) that 05's checks let through before their
# re-runs changed what list_variables lists and what the restore leaves (issue 46).
WRONG_ANSWERS['nb05_ex1'].update({
    'lazy: the checkpoint is saved and listed, but the names kept are typed'
    ' in': (
        'with tf.Graph().as_default() as g:\n'
        '    X = tf1.placeholder(tf.float32, [None, 784])\n'
        '    Y = tf1.placeholder(tf.int64, [None])\n'
        '    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_i'
        'nitializer())\n'
        '    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializ'
        'er())\n'
        '    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logi'
        'ts(\n'
        '        labels=Y, logits=tf.matmul(X, w) + b))\n'
        '    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).mi'
        'nimize(loss)\n'
        '    momentum_saver = tf1.train.Saver()\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(tf1.global_variables_initializer())\n'
        '        for s in range(5):\n'
        '            xb, yb = batch_for(s)\n'
        '            sess.run(momentum_train, {X: xb, Y: yb})\n'
        '        path = momentum_saver.save(sess, str(LOGS / "momentum" / "soft'
        'max"))\n'
        'tf.train.list_variables(path)\n'
        'checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momen'
        'tum"}\n'),
})
WRONG_ANSWERS['nb05_ex2'].update({
    'rule-breaking: restores and runs W_renamed, but keeps the weights read'
    ' from the file with tf.train.load_variable, not what the Session.run r'
    'eturned': (
        'with tf.Graph().as_default() as renaming_graph:\n'
        '    W_renamed = tf1.get_variable("W_renamed", [784, 10])\n'
        '    renaming_saver = tf1.train.Saver({"weights": W_renamed})\n'
        '    with tf1.Session(graph=renaming_graph) as sess:\n'
        '        renaming_saver.restore(sess, latest)\n'
        '        sess.run(W_renamed)\n'
        'restored_w = tf.train.load_variable(latest, "weights")\n'),
})
WRONG_ANSWERS['nb05_ex5'].update({
    'lazy: the update op runs, but each logged point is a tf1.summary.scala'
    "r of a placeholder fed the closed form's value, not the loss tensor": (
        'def log_loss(logdir, steps, every, learning_rate):\n'
        '    with tf.Graph().as_default() as g:\n'
        '        v = tf1.Variable([3.0, 4.0], name="v")\n'
        '        global_step = tf1.train.get_or_create_global_step()\n'
        '        loss = tf.reduce_sum(v**2)\n'
        '        update = tf1.train.GradientDescentOptimizer(learning_rate).min'
        'imize(\n'
        '            loss, global_step=global_step)\n'
        '        fed = tf1.placeholder(tf.float32, [])\n'
        '        point = tf1.summary.scalar("loss", fed)\n'
        '        with tf1.Session(graph=g) as sess:\n'
        '            sess.run(tf1.global_variables_initializer())\n'
        '            writer = tf1.summary.FileWriter(str(logdir))\n'
        '            for step in range(steps):\n'
        '                if step % every == 0:\n'
        '                    writer.add_summary(sess.run(point, {fed: 25 * (1 -'
        ' 2 * learning_rate) ** (2 * step)}),\n'
        '                                       global_step=step)\n'
        '                sess.run(update)\n'
        '            writer.close()\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb05_ex1'].update({
    'rule-breaking: momentum_train run 5 times on all-zero inputs and labels 0 (a dummy), the real 5 momentum steps done in NumPy and assigned before the save (tests/attacks3)':  # noqa: E501
        'checkpoint_names = set()\n'
        'with tf.Graph().as_default() as g:\n'
        '    X = tf1.placeholder(tf.float32, [None, 784])\n'
        '    Y = tf1.placeholder(tf.int64, [None])\n'
        '    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())\n'
        '    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())\n'
        '    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(\n'
        '        labels=Y, logits=tf.matmul(X, w) + b))\n'
        '    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)\n'
        '    momentum_saver = tf1.train.Saver()\n'
        '    slots = {v.op.name: v for v in tf1.global_variables()}\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(tf1.global_variables_initializer())\n'
        '        for s in range(5):\n'
        '            sess.run(momentum_train, {X: np.zeros((1, 784), np.float32), Y: np.zeros(1, np.int64)})\n'  # noqa: E501
        '        nw, nb = np.zeros((784, 10)), np.zeros(10)\n'
        '        mw, mb = np.zeros_like(nw), np.zeros_like(nb)\n'
        '        for s in range(5):\n'
        '            xb, yb = batch_for(s)\n'
        '            xb = np.asarray(xb, np.float64)\n'
        '            z = xb @ nw + nb\n'
        '            p = np.exp(z - z.max(axis=1, keepdims=True))\n'
        '            p /= p.sum(axis=1, keepdims=True)\n'
        '            p[np.arange(len(yb)), yb] -= 1\n'
        '            p /= len(yb)\n'
        '            mw, mb = 0.9 * mw + xb.T @ p, 0.9 * mb + p.sum(axis=0)\n'
        '            nw, nb = nw - 0.5 * mw, nb - 0.5 * mb\n'
        '        for name, value in [("weights", nw), ("bias", nb), ("weights/Momentum", mw), ("bias/Momentum", mb)]:\n'  # noqa: E501
        '            slots[name].load(value.astype(np.float32), sess)\n'
        '        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))\n'
        'checkpoint_names = {name for name, _ in tf.train.list_variables(path)}\n',
})
WRONG_ANSWERS['nb05_ex2'].update({
    'rule-breaking: renaming_saver built but never used; the value comes from a default Saver restoring a variable named weights in another graph (tests/attacks3)':  # noqa: E501
        'restored_w = renaming_saver = None\n'
        'with tf.Graph().as_default() as renaming_graph:\n'
        '    W_renamed = tf1.get_variable("W_renamed", [784, 10])\n'
        '    renaming_saver = tf1.train.Saver({"weights": W_renamed})\n'
        'with tf.Graph().as_default() as other_graph:\n'
        '    same_name = tf1.get_variable("weights", [784, 10])\n'
        '    plain_saver = tf1.train.Saver([same_name])\n'
        '    with tf1.Session(graph=other_graph) as sess:\n'
        '        plain_saver.restore(sess, latest)\n'
        '        restored_w = sess.run(same_name)\n',
})
WRONG_ANSWERS['nb05_ex3'].update({
    'lazy: function right but never used for hvp; hvp typed in halved and run through a Mul in a session (no constant equals the result) (tests/attacks3)':  # noqa: E501
        'hvp = None\n'
        'def hessian_vector_product(y, x, v):\n'
        '    grad = tf.gradients(y, x)[0]\n'
        '    return tf.gradients(tf.reduce_sum(grad * v), x)[0]\n'
        '\n'
        '\n'
        'with tf.Graph().as_default() as g:\n'
        '    half = tf.constant([3.0, 0.5, -9.0])\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        hvp = sess.run(half * tf.constant(2.0))\n',
})
WRONG_ANSWERS['nb05_ex5'].update({
    'rule-breaking: the optimizer trains, but the logged loss is a closed-form NumPy value fed to a placeholder (tied to v by a zero term so the summary has a variable ancestor) (tests/attacks3)':  # noqa: E501
        'log_loss = None\n'
        'def log_loss(logdir, steps, every, learning_rate):\n'
        '    with tf.Graph().as_default() as g:\n'
        '        v = tf1.Variable([3.0, 4.0], name="v")\n'
        '        global_step = tf1.train.get_or_create_global_step()\n'
        '        loss = tf.reduce_sum(v**2)\n'
        '        fed = tf1.placeholder(tf.float32, [])\n'
        '        loss_summary = tf1.summary.scalar("loss", fed + 0.0 * tf.reduce_sum(v))\n'
        '        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)\n'  # noqa: E501
        '        with tf1.Session(graph=g) as sess:\n'
        '            sess.run(tf1.global_variables_initializer())\n'
        '            writer = tf1.summary.FileWriter(str(logdir))\n'
        '            for step in range(steps):\n'
        '                if step % every == 0:\n'
        '                    value = 25 * (1 - 2 * learning_rate) ** (2 * step)\n'
        '                    writer.add_summary(sess.run(loss_summary, {fed: value}), global_step=step)\n'  # noqa: E501
        '                sess.run(update)\n'
        '            writer.close()\n',
    'lazy: no training at all beyond a dummy zero-rate step; the loss formula typed in and logged through a placeholder summary (tests/attacks3)':  # noqa: E501
        'log_loss = None\n'
        'def log_loss(logdir, steps, every, learning_rate):\n'
        '    with tf.Graph().as_default() as g:\n'
        '        v = tf1.Variable([3.0, 4.0], name="v")\n'
        '        global_step = tf1.train.get_or_create_global_step()\n'
        '        loss = tf.reduce_sum(v**2)\n'
        '        fed = tf1.placeholder(tf.float32, [])\n'
        '        loss_summary = tf1.summary.scalar("loss", fed + 0.0 * loss)\n'
        '        update = tf1.train.GradientDescentOptimizer(0.0).minimize(loss, global_step=global_step)\n'  # noqa: E501
        '        with tf1.Session(graph=g) as sess:\n'
        '            sess.run(tf1.global_variables_initializer())\n'
        '            writer = tf1.summary.FileWriter(str(logdir))\n'
        '            for step in range(steps):\n'
        '                if step % every == 0:\n'
        '                    writer.add_summary(sess.run(loss_summary, {fed: 25 * (1 - 2 * learning_rate) ** (2 * step)}), global_step=step)\n'  # noqa: E501
        '                sess.run(update)\n'
        '            writer.close()\n',
    "rule-breaking: the loss is computed in NumPy from v's fetched value and fed to the summary through a placeholder; a 0 * sum(v) term gives the summary v as an ancestor (tests/attacks4)":  # noqa: E501
        'log_loss = None\n'
        '\n'
        '\n'
        'def log_loss(logdir, steps, every, learning_rate):\n'
        '    """Log the loss (computed in NumPy) before every `every`-th update."""\n'
        '    with tf.Graph().as_default() as g:\n'
        '        v = tf1.Variable([3.0, 4.0], name="v")\n'
        '        global_step = tf1.train.get_or_create_global_step()\n'
        '        loss = tf.reduce_sum(v**2)\n'
        '        fed_loss = tf1.placeholder(tf.float32, [])\n'
        '        loss_summary = tf1.summary.scalar("loss", fed_loss + 0.0 * tf.reduce_sum(v))\n'
        '        update = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss, global_step=global_step)\n'  # noqa: E501
        '        with tf1.Session(graph=g) as sess:\n'
        '            sess.run(tf1.global_variables_initializer())\n'
        '            writer = tf1.summary.FileWriter(str(logdir))\n'
        '            for _ in range(steps):\n'
        '                step, now = sess.run([global_step, v])\n'
        '                if step % every == 0:\n'
        '                    writer.add_summary(sess.run(loss_summary, {fed_loss: float(np.sum(now.astype(np.float64) ** 2))}),\n'  # noqa: E501
        '                                       global_step=step)\n'
        '                sess.run(update)\n'
        '            writer.close()\n',
    "lazy: the logged loss is the closed form 25 (1 - 2 lr)^(2 s), worked out by hand with the optimizer's own rate and fed to the summary (a 0 * sum(v) term for the ancestry); the optimizer trains but its v is never read (tests/attacks4)":  # noqa: E501
        'log_loss = None\n'
        '\n'
        '\n'
        'def log_loss(logdir, steps, every, learning_rate):\n'
        '    """Log 25 (1 - 2 lr)^(2 s) before every `every`-th update."""\n'
        '    with tf.Graph().as_default() as g:\n'
        '        v = tf1.Variable([3.0, 4.0], name="v")\n'
        '        global_step = tf1.train.get_or_create_global_step()\n'
        '        loss = tf.reduce_sum(v**2)\n'
        '        fed_loss = tf1.placeholder(tf.float32, [])\n'
        '        loss_summary = tf1.summary.scalar("loss", fed_loss + 0.0 * tf.reduce_sum(v))\n'
        '        optimizer = tf1.train.GradientDescentOptimizer(learning_rate)\n'
        '        update = optimizer.minimize(loss, global_step=global_step)\n'
        '        rate = float(optimizer._learning_rate)\n'
        '        with tf1.Session(graph=g) as sess:\n'
        '            sess.run(tf1.global_variables_initializer())\n'
        '            writer = tf1.summary.FileWriter(str(logdir))\n'
        '            for step in range(steps):\n'
        '                if step % every == 0:\n'
        '                    writer.add_summary(sess.run(loss_summary, {fed_loss: 25 * (1 - 2 * rate) ** (2 * step)}),\n'  # noqa: E501
        '                                       global_step=step)\n'
        '                sess.run(update)\n'
        '            writer.close()\n',
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused
# by a re-run with a fresh LOGS, gradients tied to tf.gradients, gradients scaled by y's value or
# the graph seed one more.
WRONG_ANSWERS['nb05_ex1'].update({
    "gaming: types the four names in on the notebook's run and calls list_variables only when the checkpoint file its first run left is already on disk (the check's re-run) (attacks4)":  # noqa: E501
        'checkpoint_names = set()\n'
        'ex1_again = Path(str(LOGS / "momentum" / "softmax") + ".index").exists()  # only in the check\'s re-run\n'  # noqa: E501
        'with tf.Graph().as_default() as g:\n'
        '    X = tf1.placeholder(tf.float32, [None, 784])\n'
        '    Y = tf1.placeholder(tf.int64, [None])\n'
        '    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())\n'
        '    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())\n'
        '    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(\n'
        '        labels=Y, logits=tf.matmul(X, w) + b))\n'
        '    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).minimize(loss)\n'
        '    momentum_saver = tf1.train.Saver()\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(tf1.global_variables_initializer())\n'
        '        for s in range(5):\n'
        '            xb, yb = batch_for(s)\n'
        '            sess.run(momentum_train, {X: xb, Y: yb})\n'
        '        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))\n'
        'if ex1_again:\n'
        '    checkpoint_names = {name for name, _ in tf.train.list_variables(path)}\n'
        'else:\n'
        '    checkpoint_names = {"weights", "bias", "weights/Momentum", "bias/Momentum"}\n',
    "rule-breaking: the gradients are worked out in NumPy and fed to MomentumOptimizer.apply_gradients through placeholders (no minimize); the batch's images are fed to the same run, unused, so the run carries the task's batch (attacks4)":  # noqa: E501
        'checkpoint_names = set()\n'
        'with tf.Graph().as_default() as g:\n'
        '    X = tf1.placeholder(tf.float32, [None, 784])\n'
        '    w = tf1.get_variable("weights", [784, 10], initializer=tf1.zeros_initializer())\n'
        '    b = tf1.get_variable("bias", [10], initializer=tf1.zeros_initializer())\n'
        '    gw = tf1.placeholder(tf.float32, [784, 10])\n'
        '    gb = tf1.placeholder(tf.float32, [10])\n'
        '    momentum_train = tf1.train.MomentumOptimizer(0.5, momentum=0.9).apply_gradients([(gw, w), (gb, b)])\n'  # noqa: E501
        '    momentum_saver = tf1.train.Saver()\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        sess.run(tf1.global_variables_initializer())\n'
        '        for s in range(5):\n'
        '            xb, yb = batch_for(s)\n'
        '            nw, nb = sess.run([w, b])\n'
        '            x64 = xb.astype(np.float64)\n'
        '            z = x64 @ nw + nb\n'
        '            p = np.exp(z - z.max(axis=1, keepdims=True))\n'
        '            p /= p.sum(axis=1, keepdims=True)\n'
        '            p[np.arange(len(yb)), yb] -= 1\n'
        '            p /= len(yb)\n'
        '            sess.run(momentum_train, {gw: (x64.T @ p).astype(np.float32),\n'
        '                                      gb: p.sum(axis=0).astype(np.float32), X: xb})\n'
        '        path = momentum_saver.save(sess, str(LOGS / "momentum" / "softmax"))\n'
        'checkpoint_names = {name for name, _ in tf.train.list_variables(path)}\n',
})
WRONG_ANSWERS['nb05_ex3'].update({
    "lazy: the Hessian at x = [1, 2, 3] worked out by hand, and hvp run from hessian_vector_product of the quadratic 0.5 x^T A x with that A typed in (the task's y is never built) (attacks4)":  # noqa: E501
        'hvp = None\n'
        '\n'
        '\n'
        'def hessian_vector_product(y, x, v):\n'
        '    """H v for scalar y and vector x, from two tf.gradients calls."""\n'
        '    grad = tf.gradients(y, x)[0]\n'
        '    return tf.gradients(tf.reduce_sum(grad * v), x)[0]\n'
        '\n'
        '\n'
        'with tf.Graph().as_default() as g:\n'
        '    x = tf.constant([1.0, 2.0, 3.0])\n'
        '    v = tf.constant([1.0, 0.0, -1.0])\n'
        '    A = tf.constant([[6.0, 1.0, 0.0], [1.0, 12.0, 0.0], [0.0, 0.0, 18.0]])  # H at x, by hand\n'  # noqa: E501
        '    y = 0.5 * tf.reduce_sum(x * tf.linalg.matvec(A, x))\n'
        '    hv = hessian_vector_product(y, x, v)\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        hvp = sess.run(hv)\n',
})
WRONG_ANSWERS['nb05_ex4'].update({
    'gaming: the value measured beforehand, typed in as two halves that a Mul doubles and added to a random op times zero, so the run has a RandomUniform and no constant equals the result (attacks4)':  # noqa: E501
        'a_changes, a_with_extra = None, None\n'
        'a_changes = True\n'
        'with tf.Graph().as_default() as g:\n'
        '    a = tf1.random_uniform([]) * 0.0 + tf.constant(np.float32(-5.2316904) / 2) * 2.0\n'
        '    with tf1.Session(graph=g) as sess:\n'
        '        a_with_extra = sess.run(a)\n',
})
