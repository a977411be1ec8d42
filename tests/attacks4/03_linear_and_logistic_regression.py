"""Fresh wrong answers (sixth attack, issue 46) for notebook 03's exercises."""
# ruff: noqa: E501

#: True in the check's re-run: the rules' recording puts a functools.wraps wrapper on Session.run,
#: which the first run never sees (the dunder name is built, so no string constant names it).
_WRAPPED = '_again = getattr(tf1.Session.run, "_" * 2 + "wrapped" + "_" * 2, None) is not None\n'
#: True in the check's re-run: a mark left in a collection of the kernel's default graph.
_COLLECTION = ('_marks = tf1.get_default_graph().get_collection_ref("answer_ran_once")\n'
               '_again = bool(_marks)\n_marks.append(True)\n')

_EX1_HEAD = '''lr_max = losses_below = losses_above = None
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
'''
_EX1_TAIL = '''

losses_below = full_batch_losses(0.9 * lr_max)
losses_above = full_batch_losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
'''
_EX1_RIGHT = '''def full_batch_losses(learning_rate, steps=50, inputs=x_data):
    """Train the linear model on the inputs, all areas per step; return the loss of every step."""
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        return [sess.run([loss, train_op], {X: inputs, Y: y_data})[0] for _ in range(steps)]
'''
_HUBER_PRINT = '''print(f"slopes: least squares {ols_w:.4f}, Huber 14 {huber_w:.4f}, Huber 5 {huber5_w:.4f}, "
      f"outlier removed {drop_w:.4f}")
'''
_HUBER_GRAPH = '''huber5_w = huber5_b = None
with tf.Graph().as_default() as huber5_graph:
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    w = tf1.Variable(0.0)
    b = tf1.Variable(0.0)
'''
_HUBER_TRAIN = '''with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
    sess.run(init)
    for _ in range(1000):
        sess.run(train_op, {X: x_standard, Y: y_data})
    w_s, b_s = (float(v) for v in sess.run([w, b]))
'''
_COUNTER_HEAD = '''counted_steps = loss_before = loss_after = None
counter_graph = tf.Graph()
with counter_graph.as_default():
    step_counter = tf1.train.get_or_create_global_step()
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    _, _, loss = linear_model(X, Y)
'''
_COUNTER_LOOP = '''with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
print("global step:", counted_steps, "| loss", round(float(loss_before), 2), "->",
      round(float(loss_after), 2))
'''
_CONFIDENCE = '''

def confidence(probs, labels, threshold):
    """Fraction of rows whose top probability is above threshold, and the accuracy on them."""
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())
'''
_CONFIDENCE_TAIL = '''

confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(f"{confident:.1%} of test images above 0.9; accuracy on them {confident_accuracy:.4f} "
      f"(all images: {tf2_accuracy:.4f})")
'''

WRONG_ANSWERS = {
    "nb03_ex1": {
        "rule-breaking: trains in TensorFlow but keeps NumPy losses (mse of the fetched w, b) for all steps but the last, the only one fetched from the graph's loss": _EX1_HEAD + '''

def full_batch_losses(learning_rate, steps=50):
    """Train the linear model on raw X; the losses of the steps, worked out from w and b."""
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        w, b, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    losses = []
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        for _ in range(steps - 1):
            losses.append(np.float32(mse(*sess.run([w, b]))))
            sess.run(train_op, {X: x_data, Y: y_data})
        losses.append(sess.run([loss, train_op], {X: x_data, Y: y_data})[0])
    return losses
''' + _EX1_TAIL,
        "rule-breaking: builds the GradientDescentOptimizer the task names but trains with a hand-written tf.gradients / assign_sub update": _EX1_HEAD + '''

def full_batch_losses(learning_rate, steps=50):
    """Train the linear model on raw X by hand, all areas per step; the loss of every step."""
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        w, b, loss = linear_model(X, Y)
        tf1.train.GradientDescentOptimizer(learning_rate)  # as the task says
        grad_w, grad_b = tf.gradients(loss, [w, b])
        train_op = tf.group(w.assign_sub(float(learning_rate) * grad_w),
                            b.assign_sub(float(learning_rate) * grad_b))
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        return [sess.run([loss, train_op], {X: x_data, Y: y_data})[0] for _ in range(steps)]
''' + _EX1_TAIL,
        "common mistake: keeps the loss after each step (fetched in a run after the update) instead of the loss before it": _EX1_HEAD + '''

def full_batch_losses(learning_rate, steps=50):
    """Train the linear model on raw X, all areas per step; return the loss after every step."""
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    losses = []
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        for _ in range(steps):
            sess.run(train_op, {X: x_data, Y: y_data})
            losses.append(sess.run(loss, {X: x_data, Y: y_data}))
    return losses
''' + _EX1_TAIL,
        "wrong scope: trains on the standardised X at the raw X's rates": _EX1_HEAD + '\n\n' + _EX1_RIGHT + '''

losses_below = full_batch_losses(0.9 * lr_max, inputs=x_standard)
losses_above = full_batch_losses(1.1 * lr_max, inputs=x_standard)
print(f"lr_max = {lr_max:.5f}")
''',
        "gaming: the losses replayed in NumPy (float32) on the first run; trained with TensorFlow only when the recording wrapper on Session.run shows the check's re-run": _EX1_HEAD + _WRAPPED + '\n\n' + _EX1_RIGHT + '''

def replayed_losses(learning_rate, steps=50):
    """The losses of full-batch gradient descent from w = b = 0, worked out in NumPy."""
    w_, b_, losses = 0.0, 0.0, []
    for _ in range(steps):
        losses.append(np.float32(mse(w_, b_)))
        error = w_ * x_data + b_ - y_data
        w_, b_ = w_ - learning_rate * 2 * np.mean(error * x_data), b_ - learning_rate * 2 * np.mean(error)
    return losses


losses = full_batch_losses if _again else replayed_losses
losses_below = losses(0.9 * lr_max)
losses_above = losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
''',
    },
    "nb03_ex2": {
        "rule-breaking: the loss built with tf1.losses.huber_loss; section 6's huber_loss (delta 5) called only for show": _HUBER_GRAPH + '''    huber_loss(Y, X * w + b, delta=5.0)  # section 6's, as the task says
    loss = tf1.losses.huber_loss(Y, X * w + b, delta=5.0)
    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
    init = tf1.global_variables_initializer()
''' + _HUBER_TRAIN + '''huber5_w = w_s / x_std
huber5_b = b_s - huber5_w * x_mean
''' + _HUBER_PRINT,
        "rule-breaking: trains at learning rate 0.25 for 3,000 steps; a GradientDescentOptimizer(0.5) is built and never run": _HUBER_GRAPH + '''    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
    tf1.train.GradientDescentOptimizer(0.5)  # as the task says
    train_op = tf1.train.GradientDescentOptimizer(0.25).minimize(loss)
    init = tf1.global_variables_initializer()
with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
    sess.run(init)
    for _ in range(3000):
        sess.run(train_op, {X: x_standard, Y: y_data})
    w_s, b_s = (float(v) for v in sess.run([w, b]))
huber5_w = w_s / x_std
huber5_b = b_s - huber5_w * x_mean
''' + _HUBER_PRINT,
        "common mistake: the intercept converted with the standardised slope (b_s - w_s * mean)": _HUBER_GRAPH + '''    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
    init = tf1.global_variables_initializer()
''' + _HUBER_TRAIN + '''huber5_w = w_s / x_std
huber5_b = b_s - w_s * x_mean
''' + _HUBER_PRINT,
        "lazy: section 6's line nudged a quarter of the way towards drop_w, nothing trained": '''huber5_w = huber5_b = None
huber5_w = huber_w + 0.25 * (drop_w - huber_w)
huber5_b = huber_b
''' + _HUBER_PRINT,
        "gaming: a hand-written gradient step (assign_sub) on the first run; the optimizer's train_op only when the recording wrapper on Session.run shows a re-run": _WRAPPED + _HUBER_GRAPH + '''    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
    optimizer = tf1.train.GradientDescentOptimizer(0.5)
    if _again:
        train_op = optimizer.minimize(loss)
    else:
        grad_w, grad_b = tf.gradients(loss, [w, b])
        train_op = tf.group(w.assign_sub(0.5 * grad_w), b.assign_sub(0.5 * grad_b))
    init = tf1.global_variables_initializer()
''' + _HUBER_TRAIN + '''huber5_w = w_s / x_std
huber5_b = b_s - huber5_w * x_mean
''' + _HUBER_PRINT,
    },
    "nb03_ex3": {
        "gaming: train_op sets the global step to 30 (tf1.assign) at every run instead of adding 1, so it reads 30 after exactly 30 runs (and after 1)": _COUNTER_HEAD + '''with counter_graph.as_default():
    train_op = tf.group(tf1.train.GradientDescentOptimizer(0.1).minimize(loss),
                        tf1.assign(step_counter, tf.constant(30, step_counter.dtype.base_dtype)))
''' + _COUNTER_LOOP,
        "gaming: train_op adds 2 to the global step, capped at 30, so 30 runs still read 30": _COUNTER_HEAD + '''with counter_graph.as_default():
    train_op = tf.group(tf1.train.GradientDescentOptimizer(0.1).minimize(loss),
                        tf1.assign(step_counter, tf.minimum(step_counter + 2, 30)))
''' + _COUNTER_LOOP,
        "common mistake: a new global_step variable passed to minimize, not step_counter": _COUNTER_HEAD + '''with counter_graph.as_default():
    my_step = tf1.Variable(0, trainable=False, dtype=tf.int64, name="my_global_step")
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=my_step)
''' + _COUNTER_LOOP,
        "rule-breaking: the planted train_op kept and the loop changed to run step_counter.assign_add(1) beside it": _COUNTER_HEAD + '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
    count = step_counter.assign_add(1)
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run([train_op, count], feed)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
print("global step:", counted_steps, "| loss", round(float(loss_before), 2), "->",
      round(float(loss_after), 2))
''',
        "lazy: the planted train_op kept and counted_steps typed as 30 after the loop": _COUNTER_HEAD + '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    _, loss_after = sess.run([step_counter, loss], feed)
counted_steps = 30
print("global step:", counted_steps, "| loss", round(float(loss_before), 2), "->",
      round(float(loss_after), 2))
''',
        "rule-breaking: a MomentumOptimizer with momentum 0 in place of the planted gradient descent (NOT SURE: the same steps)": _COUNTER_HEAD + '''with counter_graph.as_default():
    train_op = tf1.train.MomentumOptimizer(0.1, momentum=0.0).minimize(loss, global_step=step_counter)
''' + _COUNTER_LOOP,
    },
    "nb03_ex4": {
        "common mistake: rows at the threshold counted as sure (>=)": '''# NBVAL_IGNORE_OUTPUT
test_probs = confident = confident_accuracy = None
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()


def confidence(probs, labels, threshold):
    """Fraction of rows whose top probability is at least threshold, and the accuracy on them."""
    sure = probs.max(axis=1) >= threshold
    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())
''' + _CONFIDENCE_TAIL,
        "common mistake: the accuracy taken over all rows, not only the sure ones": '''# NBVAL_IGNORE_OUTPUT
test_probs = confident = confident_accuracy = None
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()


def confidence(probs, labels, threshold):
    """Fraction of rows whose top probability is above threshold, and the accuracy."""
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float((probs.argmax(axis=1) == labels).mean() + 0.0 * sure.sum())
''' + _CONFIDENCE_TAIL,
        "wrong scope: the softmax taken over the images (axis 0), not over each image's classes": '''# NBVAL_IGNORE_OUTPUT
test_probs = confident = confident_accuracy = None
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2, axis=0).numpy()
''' + _CONFIDENCE + _CONFIDENCE_TAIL,
        "rule-breaking: test_probs worked out with a NumPy softmax in float32; tf.nn.softmax called and dropped": '''# NBVAL_IGNORE_OUTPUT
test_probs = confident = confident_accuracy = None
logits = (tf.matmul(test_x, w2) + b2).numpy()
tf.nn.softmax(logits)  # as the task says
shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
test_probs = (shifted / shifted.sum(axis=1, keepdims=True)).astype(np.float32)
''' + _CONFIDENCE + _CONFIDENCE_TAIL,
        "gaming: a NumPy softmax on the first run, tf.nn.softmax only when a mark left in the default graph's collection says the check is re-running the cell": '''# NBVAL_IGNORE_OUTPUT
test_probs = confident = confident_accuracy = None
''' + _COLLECTION + '''if _again:
    test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
else:
    logits = np.asarray(test_x, np.float64) @ np.asarray(w2, np.float64) + np.asarray(b2, np.float64)
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    test_probs = shifted / shifted.sum(axis=1, keepdims=True)
''' + _CONFIDENCE + _CONFIDENCE_TAIL,
        "lazy: confident and confident_accuracy from the first run's figures reused: the cell computes them once and keeps them in a NumPy-held dict across runs": '''# NBVAL_IGNORE_OUTPUT
test_probs = confident = confident_accuracy = None
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
''' + _CONFIDENCE + '''

_kept = np.typecodes.setdefault("answer_confidence", confidence(test_probs, test_labels, 0.9))
confident, confident_accuracy = _kept
print(f"{confident:.1%} of test images above 0.9; accuracy on them {confident_accuracy:.4f} "
      f"(all images: {tf2_accuracy:.4f})")
''',
    },
}
