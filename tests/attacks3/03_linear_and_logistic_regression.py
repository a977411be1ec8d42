"""Fresh attack (atk3a) on notebook 03's exercise checks: wrong answers, one cell each."""
# ruff: noqa: E501

_EX1_TF = '''def full_batch_losses(learning_rate, steps=50):
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        return [sess.run([loss, train_op], {X: x_data, Y: y_data})[0] for _ in range(steps)]
'''
_EX1_NUMPY = '''def numpy_losses(rate, steps=50):
    w_, b_, out = 0.0, 0.0, []
    for _ in range(steps):
        out.append(np.float32(mse(w_, b_)))
        error = w_ * x_data + b_ - y_data
        w_, b_ = w_ - rate * 2 * np.mean(error * x_data), b_ - rate * 2 * np.mean(error)
    return out
'''
_EX3_SETUP = '''counted_steps = loss_before = loss_after = None
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
print("global step:", counted_steps)
'''
_EX4_CONFIDENCE = '''def confidence(probs, labels, threshold):
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())
'''

WRONG_ANSWERS = {
    "nb03_ex1": {
        "gaming: an environment variable tells the re-run apart; the notebook run computes the 50 losses in NumPy (float32-rounded), no training in TensorFlow": '''import os
lr_max = losses_below = losses_above = None
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
''' + _EX1_TF + _EX1_NUMPY + '''if os.environ.get("ATK3A_NB03_EX1"):
    losses_below = full_batch_losses(0.9 * lr_max)
    losses_above = full_batch_losses(1.1 * lr_max)
else:
    os.environ["ATK3A_NB03_EX1"] = "1"
    losses_below = numpy_losses(0.9 * lr_max)
    losses_above = numpy_losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
''',
        "rule-breaking: losses computed in NumPy, the TensorFlow runs made and dropped": '''lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
''' + _EX1_TF + _EX1_NUMPY + '''full_batch_losses(0.9 * lr_max)
full_batch_losses(1.1 * lr_max)
losses_below = numpy_losses(0.9 * lr_max)
losses_above = numpy_losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
''',
        "lazy: the TensorFlow losses kept, but the last loss of each list replaced by a NumPy one": '''lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
''' + _EX1_TF + _EX1_NUMPY + '''losses_below = full_batch_losses(0.9 * lr_max)[:49] + numpy_losses(0.9 * lr_max)[49:]
losses_above = full_batch_losses(1.1 * lr_max)[:49] + numpy_losses(1.1 * lr_max)[49:]
print(f"lr_max = {lr_max:.5f}")
''',
        "rule-breaking: lr_max worked out by hand (closed-form eigenvalue), not from hessian(x_data)": '''m2, m1 = np.mean(x_data ** 2), np.mean(x_data)
lr_max = 2 / (m2 + 1 + np.sqrt((m2 - 1) ** 2 + 4 * m1 ** 2))
''' + _EX1_TF + '''losses_below = full_batch_losses(0.9 * lr_max)
losses_above = full_batch_losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
''',
        "wrong scope: lr_max from the standardised X's Hessian, trained on standardised X": '''lr_max = 2 / np.linalg.eigvalsh(hessian(x_standard)).max()
def full_batch_losses(learning_rate, steps=50):
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        return [sess.run([loss, train_op], {X: x_standard, Y: y_data})[0] for _ in range(steps)]
losses_below = full_batch_losses(0.9 * lr_max)
losses_above = full_batch_losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
''',
        "common mistake: the loss kept after each step, not before it": '''lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
def full_batch_losses(learning_rate, steps=50):
    graph = tf.Graph()
    with graph.as_default():
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        _, _, loss = linear_model(X, Y)
        train_op = tf1.train.GradientDescentOptimizer(learning_rate).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(init)
        out = []
        for _ in range(steps):
            sess.run(train_op, {X: x_data, Y: y_data})
            out.append(sess.run(loss, {X: x_data, Y: y_data}))
        return out
losses_below = full_batch_losses(0.9 * lr_max)
losses_above = full_batch_losses(1.1 * lr_max)
print(f"lr_max = {lr_max:.5f}")
''',
    },
    "nb03_ex2": {
        "gaming: an environment variable tells the re-run apart; the notebook run fits the Huber line in NumPy (no TensorFlow)": '''import os
huber5_w = huber5_b = None
if os.environ.get("ATK3A_NB03_EX2"):
    with tf.Graph().as_default() as huber5_graph:
        X = tf1.placeholder(tf.float32, shape=[None])
        Y = tf1.placeholder(tf.float32, shape=[None])
        w = tf1.Variable(0.0)
        b = tf1.Variable(0.0)
        loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
        train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
        init = tf1.global_variables_initializer()
    with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
        sess.run(init)
        for _ in range(1000):
            sess.run(train_op, {X: x_standard, Y: y_data})
        w_s, b_s = (float(v) for v in sess.run([w, b]))
else:
    os.environ["ATK3A_NB03_EX2"] = "1"
    w_s = b_s = 0.0
    for _ in range(5000):
        pull = np.clip(y_data - (w_s * x_standard + b_s), -5.0, 5.0)
        w_s, b_s = w_s + 0.5 * np.mean(pull * x_standard), b_s + 0.5 * np.mean(pull)
huber5_w = w_s / x_std
huber5_b = b_s - huber5_w * x_mean
print(huber5_w, huber5_b)
''',
        "rule-breaking: the graph built and trained, then the line refined in NumPy and stored": '''with tf.Graph().as_default() as huber5_graph:
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    w = tf1.Variable(0.0)
    b = tf1.Variable(0.0)
    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
    init = tf1.global_variables_initializer()
with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
    sess.run(init)
    for _ in range(1000):
        sess.run(train_op, {X: x_standard, Y: y_data})
w_s = b_s = 0.0
for _ in range(5000):
    pull = np.clip(y_data - (w_s * x_standard + b_s), -5.0, 5.0)
    w_s, b_s = w_s + 0.5 * np.mean(pull * x_standard), b_s + 0.5 * np.mean(pull)
huber5_w = w_s / x_std
huber5_b = b_s - huber5_w * x_mean
print(huber5_w, huber5_b)
''',
        "lazy: the slope and intercept typed in with 4 decimals (from a NumPy fit done elsewhere)": '''w_s = b_s = 0.0
for _ in range(5000):
    pull = np.clip(y_data - (w_s * x_standard + b_s), -5.0, 5.0)
    w_s, b_s = w_s + 0.5 * np.mean(pull * x_standard), b_s + 0.5 * np.mean(pull)
huber5_w = round(w_s / x_std, 4)
huber5_b = round(b_s - huber5_w * x_mean, 4)
print(huber5_w, huber5_b)
''',
        "rule-breaking: a hand-written update (w.assign_sub) instead of GradientDescentOptimizer; train_op named for the check": '''with tf.Graph().as_default() as huber5_graph:
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    w = tf1.Variable(0.0)
    b = tf1.Variable(0.0)
    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
    tf1.train.GradientDescentOptimizer(0.5)
    gw, gb = tf.gradients(loss, [w, b])
    train_op = tf.group(w.assign_sub(0.5 * gw), b.assign_sub(0.5 * gb))
    init = tf1.global_variables_initializer()
with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
    sess.run(init)
    for _ in range(1000):
        sess.run(train_op, {X: x_standard, Y: y_data})
    w_s, b_s = (float(v) for v in sess.run([w, b]))
huber5_w = w_s / x_std
huber5_b = b_s - huber5_w * x_mean
print(huber5_w, huber5_b)
''',
        "common mistake: the standardised line stored, not converted back to raw X": '''with tf.Graph().as_default() as huber5_graph:
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    w = tf1.Variable(0.0)
    b = tf1.Variable(0.0)
    loss = tf.reduce_mean(huber_loss(Y, X * w + b, delta=5.0))
    train_op = tf1.train.GradientDescentOptimizer(0.5).minimize(loss)
    init = tf1.global_variables_initializer()
with tf1.Session(graph=huber5_graph, config=session_config()) as sess:
    sess.run(init)
    for _ in range(1000):
        sess.run(train_op, {X: x_standard, Y: y_data})
    huber5_w, huber5_b = (float(v) for v in sess.run([w, b]))
print(huber5_w, huber5_b)
''',
    },
    "nb03_ex3": {
        "lazy: the bug left in, counted_steps typed in after the loop": _EX3_SETUP + '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
''' + _EX3_LOOP + '''counted_steps = 30
''',
        "rule-breaking: the bug left in; the loop's last run fetches step_counter + 30 instead of the global step": _EX3_SETUP + '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
    shown_step = step_counter + 30
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    counted_steps, loss_after = sess.run([shown_step, loss], feed)
print("global step:", counted_steps)
''',
        "gaming: an environment variable tells the re-run apart; the notebook run keeps the bug and the loop assigns 30 to the global step": '''import os
''' + _EX3_SETUP + '''with counter_graph.as_default():
    if os.environ.get("ATK3A_NB03_EX3"):
        train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step_counter)
    else:
        os.environ["ATK3A_NB03_EX3"] = "1"
        train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
        set_30 = step_counter.assign(30)
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    if "set_30" in dir():
        sess.run(set_30)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
print("global step:", counted_steps)
''',
        "common mistake: the step counter incremented by a separate op built but never run with train_op": _EX3_SETUP + '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
    step_counter.assign_add(1)
''' + _EX3_LOOP,
        "common mistake: a new global step variable made (step_counter rebound) and passed to minimize": _EX3_SETUP + '''with counter_graph.as_default():
    step_counter = tf1.Variable(0, dtype=tf.int64, trainable=False, name="my_step")
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=step_counter)
''' + _EX3_LOOP,
        "wrong scope: the learning rate changed to 0.01 while fixing the step": _EX3_SETUP + '''with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=step_counter)
''' + _EX3_LOOP,
    },
    "nb03_ex4": {
        "gaming: an environment variable tells the re-run apart; the notebook run computes test_probs with a NumPy softmax": '''# NBVAL_IGNORE_OUTPUT
import os
test_probs = confident = confident_accuracy = None
if os.environ.get("ATK3A_NB03_EX4"):
    test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
else:
    os.environ["ATK3A_NB03_EX4"] = "1"
    logits = test_x @ w2.numpy() + b2.numpy()
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    test_probs = (shifted / shifted.sum(axis=1, keepdims=True)).astype(np.float32)
''' + _EX4_CONFIDENCE + '''confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(confident, confident_accuracy)
''',
        "rule-breaking: test_probs by a NumPy softmax, no tf.nn.softmax": '''# NBVAL_IGNORE_OUTPUT
logits = test_x @ w2.numpy() + b2.numpy()
shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
test_probs = (shifted / shifted.sum(axis=1, keepdims=True)).astype(np.float32)
''' + _EX4_CONFIDENCE + '''confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(confident, confident_accuracy)
''',
        "wrong scope: confidence ignores its arguments and reads the notebook's test_probs and test_labels": '''# NBVAL_IGNORE_OUTPUT
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
def confidence(probs, labels, threshold):
    sure = test_probs.max(axis=1) > 0.9
    return float(sure.mean()), float((test_probs.argmax(axis=1) == test_labels)[sure].mean())
confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(confident, confident_accuracy)
''',
        "common mistake: >= threshold instead of strictly above": '''# NBVAL_IGNORE_OUTPUT
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
def confidence(probs, labels, threshold):
    sure = probs.max(axis=1) >= threshold
    return float(sure.mean()), float((probs.argmax(axis=1) == labels)[sure].mean())
confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(confident, confident_accuracy)
''',
        "common mistake: accuracy over all rows, not only the confident ones": '''# NBVAL_IGNORE_OUTPUT
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
def confidence(probs, labels, threshold):
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float(((probs.argmax(axis=1) == labels) & sure).sum() / len(labels))
confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(confident, confident_accuracy)
''',
        "lazy: the two results typed in from an earlier run (rounded)": '''# NBVAL_IGNORE_OUTPUT
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
''' + _EX4_CONFIDENCE + '''confident, confident_accuracy = round(confidence(test_probs, test_labels, 0.9)[0], 2), 0.99
print(confident, confident_accuracy)
''',
    },
}
