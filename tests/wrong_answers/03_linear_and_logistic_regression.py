"""Wrong answers to notebook 03's exercises: each must fail its check (proved by `refute`)."""

_EX1_TRAIN = '''

def full_batch_losses(learning_rate, x, steps=50):
    """Train the linear model on inputs x, all areas per step; return the loss of every step."""
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        return [sess.run([loss, train_op], {X: x, Y: y_data})[0] for _ in range(steps)]

'''

_EX2_TRAIN = '''
with tf.Graph().as_default() as huber5_graph:
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
        sess.run(train_op, {X: x_standard, Y: y_data})
    w_s, b_s = (float(v) for v in sess.run([w, b]))
'''

_EX3_CELL = '''counted_steps = loss_before = loss_after = None
counter_graph = tf.Graph()
with counter_graph.as_default():
    step_counter = tf1.train.get_or_create_global_step()
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    _, _, loss = linear_model(X, Y)
with counter_graph.as_default():
    TRAIN_OP
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
'''

_EX4_PROBS = "test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()\n"

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb03_ex1": {
        "breaks the rule: the 50 steps in NumPy float32, no TensorFlow": (
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"
            "def numpy_losses(rate):\n"
            "    w = b = np.float32(0)\n"
            "    x, y, out = x_data.astype(np.float32), y_data.astype(np.float32), []\n"
            "    for _ in range(50):\n"
            "        error = w * x + b - y\n"
            "        out.append(np.float32(np.mean(error ** 2)))\n"
            "        w = np.float32(w - rate * 2 * np.mean(error * x))\n"
            "        b = np.float32(b - rate * 2 * np.mean(error))\n"
            "    return out\n"
            "losses_below = numpy_losses(0.9 * lr_max)\n"
            "losses_above = numpy_losses(1.1 * lr_max)\n"
        ),
        "lazy: lr_max copied from the printed output, loss curves made up":
            "lr_max = 0.00395\n"
            "losses_below = [1000.0 / (k + 1) for k in range(50)]\n"
            "losses_above = [10.0 ** (k / 5) for k in range(50)]\n",
        "common mistake: the 2 of 2 / lambda_max forgotten":
            "lr_max = 1 / np.linalg.eigvalsh(hessian(x_data)).max()\n" + _EX1_TRAIN
            + "losses_below = full_batch_losses(0.9 * lr_max, x_data)\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_data)\n",
        "common mistake: the Hessian and the training of the standardised X":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_standard)).max()\n" + _EX1_TRAIN
            + "losses_below = full_batch_losses(0.9 * lr_max, x_standard)\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_standard)\n",
        "common mistake: the right lr_max, but the loss after each step kept":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n" + _EX1_TRAIN
            + "losses_below = full_batch_losses(0.9 * lr_max, x_data, 51)[1:]\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_data, 51)[1:]\n",
        "no TensorFlow: the check's NumPy replay, copied, in float64":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"
            "def replay(rate):\n"
            "    w, b, losses = 0.0, 0.0, []\n"
            "    for _ in range(50):\n"
            "        losses.append(mse(w, b))\n"
            "        error = w * x_data + b - y_data\n"
            "        w, b = w - rate * 2 * np.mean(error * x_data), b - rate * 2 * np.mean(error)\n"
            "    return losses\n"
            "losses_below = replay(0.9 * lr_max)\n"
            "losses_above = replay(1.1 * lr_max)\n",
        "reads globals: the training ignores its learning_rate and uses 1.1 * lr_max":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"
            + _EX1_TRAIN.replace("GradientDescentOptimizer(learning_rate)",
                                 "GradientDescentOptimizer(1.1 * lr_max)")
            + "losses_below = full_batch_losses(0.9 * lr_max, x_data)\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_data)\n",
        "breaks the rule: lr_max typed in to full precision, hessian never called":
            "lr_max = 0.003952776424515508\n" + _EX1_TRAIN
            + "losses_below = full_batch_losses(0.9 * lr_max, x_data)\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_data)\n",
        "breaks the rule: linear_model's graph rewritten by hand, linear_model never called":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"
            + _EX1_TRAIN.replace("_, _, loss = linear_model(X, Y)",
                                 "w, b = tf1.Variable(0.0), tf1.Variable(0.0)\n"
                                 "        loss = tf.reduce_mean(tf.square(Y - (X * w + b)))")
            + "losses_below = full_batch_losses(0.9 * lr_max, x_data)\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_data)\n",
        "breaks the rule: the gradient steps made with tf.gradients and assign_sub, no optimizer":
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"
            + _EX1_TRAIN.replace("_, _, loss = linear_model(X, Y)",
                                 "w, b, loss = linear_model(X, Y)")
            .replace("train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)",
                     "grads = tf.gradients(loss, [w, b])\n"
                     "        train_op = tf.group(tf1.assign_sub(w, learning_rate * grads[0]),\n"
                     "                            tf1.assign_sub(b, learning_rate * grads[1]))")
            + "losses_below = full_batch_losses(0.9 * lr_max, x_data)\n"
            "losses_above = full_batch_losses(1.1 * lr_max, x_data)\n",
        "breaks the rule: TensorFlow's calls made for show, the losses computed in NumPy float32": (
            "lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n"
            "def numpy_losses(rate):\n"
            "    with tf.Graph().as_default() as graph:\n"
            "        X = tf1.placeholder(tf.float32, shape=[None])\n"
            "        Y = tf1.placeholder(tf.float32, shape=[None])\n"
            "        _, _, loss = linear_model(X, Y)\n"
            "        tf1.train.GradientDescentOptimizer(rate).minimize(loss)\n"
            "        init = tf1.global_variables_initializer()\n"
            "    with tf1.Session(graph=graph) as sess:\n"
            "        for _ in range(50):\n"
            "            sess.run(init)\n"
            "    w = b = np.float32(0)\n"
            "    x, y, out = x_data.astype(np.float32), y_data.astype(np.float32), []\n"
            "    for _ in range(50):\n"
            "        error = w * x + b - y\n"
            "        out.append(np.float32(np.mean(error ** 2)))\n"
            "        w = np.float32(w - rate * 2 * np.mean(error * x))\n"
            "        b = np.float32(b - rate * 2 * np.mean(error))\n"
            "    return out\n"
            "losses_below = numpy_losses(0.9 * lr_max)\n"
            "losses_above = numpy_losses(1.1 * lr_max)\n"
        ),
    },
    "nb03_ex2": {
        "breaks the rule: the Huber line fitted in NumPy, no TensorFlow": (
            "w_s = b_s = 0.0\n"
            "for _ in range(1000):\n"
            "    residual = y_data - (w_s * x_standard + b_s)\n"
            "    pull = np.clip(residual, -5.0, 5.0)\n"
            "    w_s, b_s = w_s + 0.5 * np.mean(pull * x_standard), b_s + 0.5 * np.mean(pull)\n"
            "huber5_w = w_s / x_std\n"
            "huber5_b = b_s - huber5_w * x_mean\n"
        ),
        "common mistake: 100 steps instead of 1,000": (
            "with tf.Graph().as_default() as huber5_graph:\n"
            "    X = tf1.placeholder(tf.float32, shape=[None])\n"
            "    Y = tf1.placeholder(tf.float32, shape=[None])\n"
            "    w = tf1.Variable(0.0)\n"
            "    b = tf1.Variable(0.0)\n"
            "    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))\n"
            "    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)\n"
            "    init = tf1.global_variables_initializer()\n"
            "with tf1.Session(graph=huber5_graph, config=session_config()) as sess:\n"
            "    sess.run(init)\n"
            "    for _ in range(100):\n"
            "        sess.run(train_op, {X: x_standard, Y: y_data})\n"
            "    w_s, b_s = (float(v) for v in sess.run([w, b]))\n"
            "huber5_w = w_s / x_std\n"
            "huber5_b = b_s - huber5_w * x_mean\n"
        ),
        "lazy: the slope copied from the printed output, Huber 14's intercept":
            "huber5_w, huber5_b = 0.6229, huber_b\n",
        "common mistake: delta left at its default of 14":
            "DELTA = 14.0\n" + _EX2_TRAIN
            + "huber5_w = w_s / x_std\nhuber5_b = b_s - huber5_w * x_mean\n",
        "common mistake: any delta between 5 and 14 (here 10)":
            "DELTA = 10.0\n" + _EX2_TRAIN
            + "huber5_w = w_s / x_std\nhuber5_b = b_s - huber5_w * x_mean\n",
        "common mistake: the standardised line, not converted back to raw X":
            "DELTA = 5.0\n" + _EX2_TRAIN + "huber5_w, huber5_b = w_s, b_s\n",
        "lazy: both figures typed in with 4 decimals":
            "huber5_w, huber5_b = 0.6229, 22.0784\n",
        "breaks the rule: least squares on the areas within 5 of the Huber 14 line, no Huber":
            "_near = np.abs(y_data - (huber_w * x_data + huber_b)) < 5\n"
            "huber5_w, huber5_b = np.polyfit(x_data[_near], y_data[_near], 1)\n",
        "breaks the rule: section 6's huber_loss replaced by tf1.losses.huber_loss (same values)":
            "DELTA = 5.0\n"
            + _EX2_TRAIN.replace("tf.reduce_mean(huber_loss(Y, X * w + b, delta=DELTA))",
                                 "tf1.losses.huber_loss(Y, X * w + b, delta=DELTA)")
            + "huber5_w = w_s / x_std\nhuber5_b = b_s - huber5_w * x_mean\n",
        "breaks the rule: the optimizer built but never run, the NumPy fit loaded into w and b": (
            "DELTA = 5.0\n"
            + _EX2_TRAIN.split("with tf1.Session")[0]
            + "fit_w = fit_b = 0.0\n"
            "for _ in range(1000):\n"
            "    pull = np.clip(y_data - (fit_w * x_standard + fit_b), -5.0, 5.0)\n"
            "    fit_w = fit_w + 0.5 * np.mean(pull * x_standard)\n"
            "    fit_b = fit_b + 0.5 * np.mean(pull)\n"
            "with tf1.Session(graph=huber5_graph, config=session_config()) as sess:\n"
            "    sess.run(init)\n"
            "    for _ in range(1000):\n"
            "        sess.run(loss, {X: x_standard, Y: y_data})\n"
            "    sess.run([w.assign(fit_w), b.assign(fit_b)])\n"
            "    w_s, b_s = (float(v) for v in sess.run([w, b]))\n"
            "huber5_w = w_s / x_std\nhuber5_b = b_s - huber5_w * x_mean\n"
        ),
        "lazy: both figures typed in to full precision (from a NumPy fit)":
            "huber5_w, huber5_b = 0.6229496754379844, 22.078430003955223\n",
        "breaks the rule: trained in TensorFlow, the line then replaced by the NumPy fit": (
            "DELTA = 5.0\n" + _EX2_TRAIN
            + "huber5_w, huber5_b = 0.6229496754379844, 22.078430003955223\n"
        ),
    },
    "nb03_ex3": {
        "common mistake: the planted bug left in (no global_step)":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss)"),
        "lazy: the bug left in, the count typed in":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss)") + "counted_steps = 30\n",
        "common mistake: a counter that does not train":
            _EX3_CELL.replace("TRAIN_OP", "train_op = step_counter.assign_add(1)"),
        "breaks the rule: the step counted, but the learning rate raised to 0.5":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.GradientDescentOptimizer(0.5)"
                              ".minimize(loss, global_step=step_counter)"),
        "breaks the rule: the step counted, but Adam in place of gradient descent":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.AdamOptimizer(0.1)"
                              ".minimize(loss, global_step=step_counter)"),
        "breaks the rule: the bug left in, the counter rebound to a constant":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss)\n    step_counter = tf.constant(30, tf.int64)"),
        "breaks the rule: the bug left in, a new variable counting runs rebound to step_counter":
            _EX3_CELL.replace("TRAIN_OP", "step_counter = tf1.Variable(0, dtype=tf.int64)\n"
                              "    train_op = tf.group(tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss), step_counter.assign_add(1))"),
        "breaks the rule: train_op left with the bug, the loop runs a fixed op of another name":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss)\n    fixed = tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss, global_step=step_counter)")
            .replace("sess.run(train_op, feed)", "sess.run(fixed, feed)"),
        "breaks the rule: the bug left in, counted_steps typed in after the loop":
            _EX3_CELL.replace("TRAIN_OP", "train_op = tf1.train.GradientDescentOptimizer(0.1)"
                              ".minimize(loss)") + "counted_steps = np.int64(30)\n",
    },
    "nb03_ex4": {
        "lazy: the figures copied from the printed output":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n    return 0.643, 0.9844\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "common mistake: the threshold argument ignored (0.9 fixed)":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > 0.9\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "common mistake: the accuracy over all images, not the confident ones":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > threshold\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels).mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "common mistake: at or above the threshold (>=), not above it":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) >= threshold\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "reads globals: confidence ignores probs and labels, reads test_probs and test_labels":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n"
            "    sure = test_probs.max(axis=1) > threshold\n"
            "    right = test_probs.argmax(axis=1) == test_labels\n"
            "    return float(sure.mean()), float(right[sure].mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "common mistake: floor division for the averages":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > threshold\n"
            "    right = (probs.argmax(axis=1) == labels)[sure]\n"
            "    return sure.sum() // len(sure), right.sum() // len(right)\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "lazy: one-hot predictions instead of probabilities":
            "test_probs = tf.one_hot(tf.argmax(tf.matmul(test_x, w2) + b2, axis=1), 10).numpy()\n"
            "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > threshold\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "breaks the rule: the softmax written in NumPy, not tf.nn.softmax": (
            "logits = (tf.matmul(test_x, w2) + b2).numpy()\n"
            "shifted = np.exp(logits - logits.max(axis=1, keepdims=True))\n"
            "test_probs = shifted / shifted.sum(axis=1, keepdims=True)\n"
            "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > threshold\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n"
        ),
        "breaks the rule: the images reloaded from the data set, not test_x":
            "test_probs = tf.nn.softmax(tf.matmul(flatten(datasets.load_mnist('test', "
            "source=profile())[0]), w2) + b2).numpy()\n"
            "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > threshold\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())\n"
            "confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)\n",
        "breaks the rule: the labels reloaded from the data set, not test_labels":
            _EX4_PROBS
            + "def confidence(probs, labels, threshold):\n"
            "    sure = probs.max(axis=1) > threshold\n"
            "    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())\n"
            "confident, confident_accuracy = confidence(\n"
            "    test_probs, datasets.load_mnist('test', source=profile())[1], 0.9)\n",
    },
}


# The fourth attack's answer (tests/attacks2) that replayed the steps in NumPy and passed its
# last loss through a Square and a Mean: the losses must be fetches of linear_model's loss.
WRONG_ANSWERS['nb03_ex1'].update({
    'gaming: NumPy replays the 50 steps; the rules are fed dummies (linear_'
    "model and the optimizer built, 100 runs of a constant) and each list's"
    ' last loss laundered through a Square and a Mean': (
        'lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n'
        '\n'
        '\n'
        'def numpy_losses(rate):\n'
        '    w, b, out = 0.0, 0.0, []\n'
        '    for _ in range(50):\n'
        '        error = w * x_data + b - y_data\n'
        '        out.append(float(np.float32(np.mean(error ** 2))))\n'
        '        w, b = w - rate * 2 * np.mean(error * x_data), b - rate * 2 * '
        'np.mean(error)\n'
        '    return out\n'
        '\n'
        '\n'
        'losses_below = numpy_losses(0.9 * lr_max)\n'
        'losses_above = numpy_losses(1.1 * lr_max)\n'
        'for _losses in (losses_below, losses_above):\n'
        '    with tf.Graph().as_default() as _g:\n'
        '        _X = tf1.placeholder(tf.float32, shape=[None])\n'
        '        _, _, _loss = linear_model(_X, _X)\n'
        '        tf1.train.GradientDescentOptimizer(0.1)\n'
        '        _last = tf.reduce_mean(tf.square(tf.constant([np.sqrt(_losses['
        '-1])], tf.float32)))\n'
        '        _one = tf.constant(0)\n'
        '    with tf1.Session(graph=_g) as _s:\n'
        '        for _ in range(50):\n'
        '            _s.run(_one)\n'
        '        _losses[-1] = _s.run(_last)\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb03_ex2'].update({
    'rule-breaking: a hand-written update (w.assign_sub) instead of GradientDescentOptimizer; train_op named for the check (tests/attacks3)':  # noqa: E501
        'with tf.Graph().as_default() as huber5_graph:\n'
        '    X = tf1.placeholder(tf.float32, shape=[None])\n'
        '    Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '    w = tf1.Variable(0.0)\n'
        '    b = tf1.Variable(0.0)\n'
        '    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))\n'
        '    tf1.train.GradientDescentOptimizer(0.5)\n'
        '    gw, gb = tf.gradients(loss, [w, b])\n'
        '    train_op = tf.group(w.assign_sub(0.5 * gw), b.assign_sub(0.5 * gb))\n'
        '    init = tf1.global_variables_initializer()\n'
        'with tf1.Session(graph=huber5_graph, config=session_config()) as sess:\n'
        '    sess.run(init)\n'
        '    for _ in range(1000):\n'
        '        sess.run(train_op, {X: x_standard, Y: y_data})\n'
        '    w_s, b_s = (float(v) for v in sess.run([w, b]))\n'
        'huber5_w = w_s / x_std\n'
        'huber5_b = b_s - huber5_w * x_mean\n'
        'print(huber5_w, huber5_b)\n',
})
WRONG_ANSWERS['nb03_ex3'].update({
    'gaming: train_op sets the global step to 30 (tf1.assign) at every run instead of adding 1, so it reads 30 after exactly 30 runs (and after 1) (tests/attacks4)':  # noqa: E501
        'counted_steps = loss_before = loss_after = None\n'
        'counter_graph = tf.Graph()\n'
        'with counter_graph.as_default():\n'
        '    step_counter = tf1.train.get_or_create_global_step()\n'
        '    X = tf1.placeholder(tf.float32, shape=[None])\n'
        '    Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '    _, _, loss = linear_model(X, Y)\n'
        'with counter_graph.as_default():\n'
        '    train_op = tf.group(tf1.train.GradientDescentOptimizer(0.1).minimize(loss),\n'
        '                        tf1.assign(step_counter, tf.constant(30, step_counter.dtype.base_dtype)))\n'  # noqa: E501
        'with counter_graph.as_default():\n'
        '    init = tf1.global_variables_initializer()\n'
        'with tf1.Session(graph=counter_graph, config=session_config()) as sess:\n'
        '    sess.run(init)\n'
        '    feed = {X: x_standard, Y: y_data}\n'
        '    loss_before = sess.run(loss, feed)\n'
        '    for _ in range(30):\n'
        '        sess.run(train_op, feed)\n'
        '    counted_steps, loss_after = sess.run([step_counter, loss], feed)\n'
        'print("global step:", counted_steps, "| loss", round(float(loss_before), 2), "->",\n'
        '      round(float(loss_after), 2))\n',
    'gaming: train_op adds 2 to the global step, capped at 30, so 30 runs still read 30 (tests/attacks4)':  # noqa: E501
        'counted_steps = loss_before = loss_after = None\n'
        'counter_graph = tf.Graph()\n'
        'with counter_graph.as_default():\n'
        '    step_counter = tf1.train.get_or_create_global_step()\n'
        '    X = tf1.placeholder(tf.float32, shape=[None])\n'
        '    Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '    _, _, loss = linear_model(X, Y)\n'
        'with counter_graph.as_default():\n'
        '    train_op = tf.group(tf1.train.GradientDescentOptimizer(0.1).minimize(loss),\n'
        '                        tf1.assign(step_counter, tf.minimum(step_counter + 2, 30)))\n'
        'with counter_graph.as_default():\n'
        '    init = tf1.global_variables_initializer()\n'
        'with tf1.Session(graph=counter_graph, config=session_config()) as sess:\n'
        '    sess.run(init)\n'
        '    feed = {X: x_standard, Y: y_data}\n'
        '    loss_before = sess.run(loss, feed)\n'
        '    for _ in range(30):\n'
        '        sess.run(train_op, feed)\n'
        '    counted_steps, loss_after = sess.run([step_counter, loss], feed)\n'
        'print("global step:", counted_steps, "| loss", round(float(loss_before), 2), "->",\n'
        '      round(float(loss_after), 2))\n',
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused
# by a check that reads every loss kept, the update run and the loss and rate it trains with.
WRONG_ANSWERS['nb03_ex1'].update({
    "rule-breaking: trains in TensorFlow but keeps NumPy losses (mse of the fetched w, b) for all steps but the last, the only one fetched from the graph's loss (attacks4)":  # noqa: E501
        'lr_max = losses_below = losses_above = None\n'
        'lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n'
        '\n'
        '\n'
        'def full_batch_losses(learning_rate, steps=50):\n'
        '    """Train the linear model on raw X; the losses of the steps, worked out from w and b."""\n'  # noqa: E501
        '    graph = tf.Graph()\n'
        '    with graph.as_default():\n'
        '        X = tf1.placeholder(tf.float32, shape=[None])\n'
        '        Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '        w, b, loss = linear_model(X, Y)\n'
        '        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)\n'
        '        init = tf1.global_variables_initializer()\n'
        '    losses = []\n'
        '    with tf1.Session(graph=graph, config=session_config()) as sess:\n'
        '        sess.run(init)\n'
        '        for _ in range(steps - 1):\n'
        '            losses.append(np.float32(mse(*sess.run([w, b]))))\n'
        '            sess.run(train_op, {X: x_data, Y: y_data})\n'
        '        losses.append(sess.run([loss, train_op], {X: x_data, Y: y_data})[0])\n'
        '    return losses\n'
        '\n'
        '\n'
        'losses_below = full_batch_losses(0.9 * lr_max)\n'
        'losses_above = full_batch_losses(1.1 * lr_max)\n'
        'print(f"lr_max = {lr_max:.5f}")\n',
    'rule-breaking: builds the GradientDescentOptimizer the task names but trains with a hand-written tf.gradients / assign_sub update (attacks4)':  # noqa: E501
        'lr_max = losses_below = losses_above = None\n'
        'lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()\n'
        '\n'
        '\n'
        'def full_batch_losses(learning_rate, steps=50):\n'
        '    """Train the linear model on raw X by hand, all areas per step; the loss of every step."""\n'  # noqa: E501
        '    graph = tf.Graph()\n'
        '    with graph.as_default():\n'
        '        X = tf1.placeholder(tf.float32, shape=[None])\n'
        '        Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '        w, b, loss = linear_model(X, Y)\n'
        '        tf1.train.GradientDescentOptimizer(learning_rate)  # as the task says\n'
        '        grad_w, grad_b = tf.gradients(loss, [w, b])\n'
        '        train_op = tf.group(w.assign_sub(float(learning_rate) * grad_w),\n'
        '                            b.assign_sub(float(learning_rate) * grad_b))\n'
        '        init = tf1.global_variables_initializer()\n'
        '    with tf1.Session(graph=graph, config=session_config()) as sess:\n'
        '        sess.run(init)\n'
        '        return [sess.run([loss, train_op], {X: x_data, Y: y_data})[0] for _ in range(steps)]\n'  # noqa: E501
        '\n'
        '\n'
        'losses_below = full_batch_losses(0.9 * lr_max)\n'
        'losses_above = full_batch_losses(1.1 * lr_max)\n'
        'print(f"lr_max = {lr_max:.5f}")\n',
})
WRONG_ANSWERS['nb03_ex2'].update({
    "rule-breaking: the loss built with tf1.losses.huber_loss; section 6's huber_loss (delta 5) called only for show (attacks4)":  # noqa: E501
        'huber5_w = huber5_b = None\n'
        'with tf.Graph().as_default() as huber5_graph:\n'
        '    X = tf1.placeholder(tf.float32, shape=[None])\n'
        '    Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '    w = tf1.Variable(0.0)\n'
        '    b = tf1.Variable(0.0)\n'
        "    huber_loss(Y, X * w + b, delta=5.0)  # section 6's, as the task says\n"
        '    loss = tf1.losses.huber_loss(Y, X * w + b, delta=5.0)\n'
        '    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)\n'
        '    init = tf1.global_variables_initializer()\n'
        'with tf1.Session(graph=huber5_graph, config=session_config()) as sess:\n'
        '    sess.run(init)\n'
        '    for _ in range(1000):\n'
        '        sess.run(train_op, {X: x_standard, Y: y_data})\n'
        '    w_s, b_s = (float(v) for v in sess.run([w, b]))\n'
        'huber5_w = w_s / x_std\n'
        'huber5_b = b_s - huber5_w * x_mean\n'
        'print(f"slopes: least squares {ols_w:.4f}, Huber 14 {huber_w:.4f}, Huber 5 {huber5_w:.4f}, "\n'  # noqa: E501
        '      f"outlier removed {drop_w:.4f}")\n',
    'rule-breaking: trains at learning rate 0.25 for 3,000 steps; a GradientDescentOptimizer(0.5) is built and never run (attacks4)':  # noqa: E501
        'huber5_w = huber5_b = None\n'
        'with tf.Graph().as_default() as huber5_graph:\n'
        '    X = tf1.placeholder(tf.float32, shape=[None])\n'
        '    Y = tf1.placeholder(tf.float32, shape=[None])\n'
        '    w = tf1.Variable(0.0)\n'
        '    b = tf1.Variable(0.0)\n'
        '    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))\n'
        '    tf1.train.GradientDescentOptimizer(0.5)  # as the task says\n'
        '    train_op = tf1.train.GradientDescentOptimizer(0.25).minimize(loss)\n'
        '    init = tf1.global_variables_initializer()\n'
        'with tf1.Session(graph=huber5_graph, config=session_config()) as sess:\n'
        '    sess.run(init)\n'
        '    for _ in range(3000):\n'
        '        sess.run(train_op, {X: x_standard, Y: y_data})\n'
        '    w_s, b_s = (float(v) for v in sess.run([w, b]))\n'
        'huber5_w = w_s / x_std\n'
        'huber5_b = b_s - huber5_w * x_mean\n'
        'print(f"slopes: least squares {ols_w:.4f}, Huber 14 {huber_w:.4f}, Huber 5 {huber5_w:.4f}, "\n'  # noqa: E501
        '      f"outlier removed {drop_w:.4f}")\n',
})
