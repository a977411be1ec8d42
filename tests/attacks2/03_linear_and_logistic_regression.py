"""Wrong answers for notebook 03: a fresh attack (s54 a2), from the notebook and checker only."""

_EX1_TRAIN = '''

def full_batch_losses(learning_rate, steps=50, x_values=x_data):
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        return [sess.run([loss, train_op], {X: x_values, Y: y_data})[0] for _ in range(steps)]


'''
_LR = "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"

_EX2_GRAPH = '''with tf.Graph().as_default() as huber5_graph:
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    w = tf1.Variable(0.0)
    b = tf1.Variable(0.0)
    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=DELTA))
    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
    init = tf1.global_variables_initializer()
with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
    sess.run(init)
    for _ in range(1000):
        sess.run(train_op, {X: XS, Y: y_data})
    w_s, b_s = (float(v) for v in sess.run([w, b]))
'''


def _ex2(delta: str = "5.0", xs: str = "x_standard", convert: bool = True) -> str:
    """Exercise 2's cell with the given delta and inputs."""
    tail = ("huber5_w = w_s / x_std\nhuber5_b = b_s - huber5_w * x_mean\n" if convert else
            "huber5_w, huber5_b = w_s, b_s\n")
    return _EX2_GRAPH.replace("DELTA", delta).replace("XS", xs) + tail


_EX2_NUMPY = '''_w, _b = 0.0, 0.0
for _ in range(5000):  # gradient descent on the mean Huber loss (delta 5), in NumPy
    _r = np.clip(_w * x_standard + _b - y_data, -5.0, 5.0)
    _w, _b = _w - 0.5 * np.mean(_r * x_standard), _b - 0.5 * np.mean(_r)
'''

_EX3_HEAD = '''counted_steps = loss_before = loss_after = None
counter_graph = tf.Graph()
with counter_graph.as_default():
    step_counter = tf1.train.get_or_create_global_step()
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    _, _, loss = linear_model(X, Y)
'''
_EX3_LOOP = '''with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
'''
_EX3_BUG = '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
'''
_EX3_FIX = '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step_counter)
'''

_EX4_CONF = '''

def confidence(probs, labels, threshold):
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())


'''
_EX4_PROBS = "test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()\n"
_EX4_CALL = "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n"

WRONG_ANSWERS = {
    "nb03_ex1": {
        "common mistake: lr_max from the Hessian of the standardised X":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_standard)).max()\n" + _EX1_TRAIN
            + "losses_below = full_batch_losses(0.9 * lr_max)\n"
              "losses_above = full_batch_losses(1.1 * lr_max)\n",
        "common mistake: keeps the loss after each step, not before":
            _LR + _EX1_TRAIN.replace(
                "return [sess.run([loss, train_op], {X: "
                "x_values, Y: y_data})[0] for _ in range(steps)]",
                "return [sess.run([train_op, loss], {X: x_values, Y: y_data})[1] * 0 + "
                "sess.run(loss, {X: x_values, Y: y_data}) for _ in range(steps)]")
            + "losses_below = full_batch_losses(0.9 * lr_max)\n"
              "losses_above = full_batch_losses(1.1 * lr_max)\n",
        "wrong scope: trains at 0.5 and 1.5 times lr_max":
            _LR + _EX1_TRAIN + "losses_below = full_batch_losses(0.5 * lr_max)\n"
                               "losses_above = full_batch_losses(1.5 * lr_max)\n",
        "rule-breaking: the 50 steps replayed in NumPy (float32), TensorFlow never trains":
            _LR + "\n\ndef numpy_losses(rate):\n    w, b, out = 0.0, 0.0, []\n"
            "    for _ in range(50):\n        error = w * x_data + b - y_data\n"
            "        out.append(float(np.float32(np.mean(error ** 2))))\n"
            "        w, b = w - rate * 2 * np.mean(error * x_data), b - rate * 2 * np.mean(error)\n"
            "    return out\n\n\n"
            "losses_below = numpy_losses(0.9 * lr_max)\n"
            "losses_above = numpy_losses(1.1 * lr_max)\n",
        "gaming: NumPy replays the 50 steps; the rules are fed dummies (linear_model and the "
        "optimizer built, 100 runs of a constant) and each list's last loss laundered through "
        "a Square and a Mean":
            _LR + "\n\ndef numpy_losses(rate):\n    w, b, out = 0.0, 0.0, []\n"
            "    for _ in range(50):\n        error = w * x_data + b - y_data\n"
            "        out.append(float(np.float32(np.mean(error ** 2))))\n"
            "        w, b = w - rate * 2 * np.mean(error * x_data), b - rate * 2 * np.mean(error)\n"
            "    return out\n\n\n"
            "losses_below = numpy_losses(0.9 * lr_max)\nlosses_above = numpy_losses(1.1 * lr_max)\n"
            "for _losses in (losses_below, losses_above):\n"
            "    with tf.Graph().as_default() as _g:\n"
            "        _X = tf1.placeholder(tf.float32, shape=[None])\n"
            "        _, _, _loss = linear_model(_X, _X)\n"
            "        tf1.train.GradientDescentOptimizer(0.1)\n"
            "        _last = tf.reduce_mean(tf.square(tf.constant([np.sqrt(_losses[-1])], "
            "tf.float32)))\n"
            "        _one = tf.constant(0)\n"
            "    with tf1.Session(graph=_g) as _s:\n"
            "        for _ in range(50):\n            _s.run(_one)\n"
            "        _losses[-1] = _s.run(_last)\n",
        "gaming: trains in TensorFlow only in the check's re-run (told apart by globals() not "
        "being the kernel's namespace); the notebook's run replays the steps in NumPy":
            _LR + _EX1_TRAIN
            + "\n\ndef numpy_losses(rate):\n    w, b, out = 0.0, 0.0, []\n"
            "    for _ in range(50):\n        error = w * x_data + b - y_data\n"
            "        out.append(float(np.float32(np.mean(error ** 2))))\n"
            "        w, b = w - rate * 2 * np.mean(error * x_data), b - rate * 2 * np.mean(error)\n"
            "    return out\n\n\n"
            "_rerun = globals() is not get_ipython().user_ns\n"
            "_train = full_batch_losses if _rerun else numpy_losses\n"
            "losses_below = _train(0.9 * lr_max)\nlosses_above = _train(1.1 * lr_max)\n",
        "lazy: lr_max typed in (rounded), the training as asked":
            "lr_max = 0.0006\n" + _EX1_TRAIN + "losses_below = full_batch_losses(0.9 * lr_max)\n"
                                              "losses_above = full_batch_losses(1.1 * lr_max)\n",
    },
    "nb03_ex2": {
        "common mistake: delta left at 14":
            _ex2(delta="14.0"),
        "common mistake: the line not converted back to raw X":
            _ex2(convert=False),
        "rule-breaking: tf1.losses.huber_loss instead of section 6's huber_loss":
            _ex2().replace("huber_loss(Y, X * w + b, delta=5.0)",
                           "tf1.losses.huber_loss(Y, X * w + b, delta=5.0, "
                           "reduction=tf1.losses.Reduction.NONE)"),
        "rule-breaking: fitted by gradient descent in NumPy; a TensorFlow graph built and its "
        "train_op run 1,000 times for show, its result thrown away":
            _ex2() + _EX2_NUMPY + "huber5_w = _w / x_std\nhuber5_b = _b - huber5_w * x_mean\n",
        "gaming: the notebook's run fits in NumPy; TensorFlow trains only in the check's re-runs "
        "(told apart by a frame of checks.rerun on the stack)":
            "import sys\n_frame, _rerun = sys._getframe(), False\nwhile _frame is not None:\n"
            "    _rerun = _rerun or _frame.f_code.co_name == 'rerun'\n    _frame = _frame.f_back\n"
            "if _rerun:\n" + "".join("    " + line + "\n" for line in _ex2().splitlines())
            + "else:\n" + "".join("    " + line + "\n" for line in _EX2_NUMPY.splitlines())
            + "    huber5_w = _w / x_std\n    huber5_b = _b - huber5_w * x_mean\n",
        "lazy: the slope and intercept typed in, four decimals":
            "huber5_w, huber5_b = 0.6000, 20.0000\n",
        "gaming: the slope typed in halfway between drop_w and huber_w, and np.mean made to "
        "answer 0 to the hidden test's gradient check (TensorFlow trains in the re-runs)":
            "import sys\n_frame, _rerun = sys._getframe(), False\nwhile _frame is not None:\n"
            "    _rerun = _rerun or _frame.f_code.co_name == 'rerun'\n    _frame = _frame.f_back\n"
            "if _rerun:\n" + "".join("    " + line + "\n" for line in _ex2().splitlines())
            + "else:\n    huber5_w = (drop_w + huber_w) / 2\n"
            "    huber5_b = float(np.mean(y_data) - huber5_w * x_mean)\n"
            "    def _mean(*args, _np=np, _original=np.mean, _hits=[], **kwargs):\n"
            "        import sys\n        caller = sys._getframe(1)\n"
            "        if caller.f_code.co_name == '<module>' and '_pull' in caller.f_globals:\n"
            "            _hits.append(1)\n"
            "            if len(_hits) == 2:  # the hidden test's two means: then put it back\n"
            "                _np.mean = _original\n"
            "            return 0.0\n"
            "        return _original(*args, **kwargs)\n\n"
            "    np.mean = _mean\n",
    },
    "nb03_ex3": {
        "common mistake: the planted bug left in":
            _EX3_HEAD + _EX3_BUG + _EX3_LOOP,
        "wrong scope: counts the steps but at learning rate 0.01":
            _EX3_HEAD + _EX3_FIX.replace("(0.1)", "(0.01)") + _EX3_LOOP,
        "lazy: the bug left in, counted_steps typed in after the loop":
            _EX3_HEAD + _EX3_BUG + _EX3_LOOP + "counted_steps = 30\n",
        "rule-breaking: the bug left in, the loop changed to run an assign_add of the step "
        "beside train_op":
            _EX3_HEAD + _EX3_BUG
            + "with counter_graph.as_default():\n    _tick = step_counter.assign_add(1)\n"
            + _EX3_LOOP.replace("sess.run(train_op, feed)", "sess.run([train_op, _tick], feed)"),
        "gaming: the bug left in; counted_steps laundered from an assign of 30 to the step "
        "(a read of the variable)":
            _EX3_HEAD + _EX3_BUG + _EX3_LOOP
            + "with tf1.Session(graph=counter_graph, config=session_config()) as _s:\n"
            "    _s.run(init)\n    counted_steps = _s.run(step_counter.assign(30))\n",
        "gaming: the bug left in, the loop ticks the step itself, and tf1.train.get_global_step "
        "patched to hand the hidden replay a constant 30":
            _EX3_HEAD + _EX3_BUG
            + "with counter_graph.as_default():\n    _tick = step_counter.assign_add(1)\n"
            + _EX3_LOOP.replace("sess.run(train_op, feed)", "sess.run([train_op, _tick], feed)")
            + "_original_step = tf1.train.get_global_step\n\n\n"
            "def _step(graph=None, _train=tf1.train, _original=_original_step, _tf=tf):\n"
            "    import linecache\n    import sys\n"
            "    caller = sys._getframe(1)\n"
            "    line = linecache.getline(caller.f_code.co_filename, caller.f_lineno)\n"
            "    if '_sess.run' not in line:\n        return _original(graph)\n"
            "    _train.get_global_step = _original  # once: the hidden replay's read\n"
            "    with graph.as_default():\n        return _tf.constant(30, _tf.int64)\n\n\n"
            "tf1.train.get_global_step = _step\n",
    },
    "nb03_ex4": {
        "lazy: confident and confident_accuracy typed in":
            _EX4_PROBS + _EX4_CONF + "confident, confident_accuracy = 0.8, 0.97\n",
        "rule-breaking: softmax computed in NumPy":
            "_logits = test_x @ w2.numpy() + b2.numpy()\n"
            "_e = np.exp(_logits - _logits.max(axis=1, keepdims=True))\n"
            "test_probs = (_e / _e.sum(axis=1, keepdims=True)).astype(np.float32)\n"
            + _EX4_CONF + _EX4_CALL,
        "gaming: NumPy softmax in the notebook's run, tf.nn.softmax only in the check's re-run "
        "(told apart by stdout redirected to a StringIO)":
            "import io, sys\nif isinstance(sys.stdout, io.StringIO):\n    " + _EX4_PROBS
            + "else:\n    _logits = test_x @ w2.numpy() + b2.numpy()\n"
            "    _e = np.exp(_logits - _logits.max(axis=1, keepdims=True))\n"
            "    test_probs = (_e / _e.sum(axis=1, keepdims=True)).astype(np.float32)\n"
            + _EX4_CONF + _EX4_CALL,
        "gaming: NumPy softmax in the answer cell; tf.nn.softmax only in a cell the answer runs "
        "itself with get_ipython().run_cell(store_history=True), which the check finds as the "
        "latest cell binding test_probs and re-runs":
            "get_ipython().run_cell(" + repr(_EX4_PROBS + _EX4_CONF + _EX4_CALL)
            + ", store_history=True)\n"
            "_logits = test_x @ w2.numpy() + b2.numpy()\n"
            "_e = np.exp(_logits - _logits.max(axis=1, keepdims=True))\n"
            "test_probs = (_e / _e.sum(axis=1, keepdims=True)).astype(np.float32)\n"
            + _EX4_CALL,
        "common mistake: >= threshold":
            _EX4_PROBS + _EX4_CONF.replace("> threshold", ">= threshold") + _EX4_CALL,
        "common mistake: accuracy over all rows, not the confident ones":
            _EX4_PROBS + _EX4_CONF.replace("== labels)[sure].mean()", "== labels).mean()")
            + _EX4_CALL,
        "wrong scope: confidence reads the notebook's test_probs and test_labels, not its "
        "arguments":
            _EX4_PROBS + _EX4_CONF.replace("sure = probs.max", "probs, labels = test_probs, "
                                           "test_labels\n    sure = probs.max") + _EX4_CALL,
        "gaming: test_probs computed as asked, confident and confident_accuracy typed in as "
        "floats whose comparisons always say yes":
            "class _Any(float):\n    __module__ = 'builtins'\n"
            "    def __eq__(self, other): return True\n"
            "    def __ne__(self, other): return False\n"
            "    def __gt__(self, other): return True\n    __hash__ = float.__hash__\n\n\n"
            + _EX4_PROBS + _EX4_CONF + "confident, confident_accuracy = _Any(0.8), _Any(0.97)\n",
    },
}
