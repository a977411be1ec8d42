"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

_TRAIN = """
def _train_raw(rate, steps=50, optimizer=None, after=False):
    graph = tf.Graph()
    with graph.as_default():
        x_in = tf1.placeholder(tf.float32, shape=[None])
        y_in = tf1.placeholder(tf.float32, shape=[None])
        _, _, mse_loss = linear_model(x_in, y_in)
        opt = optimizer(rate) if optimizer else tf1.train.GradientDescentOptimizer(rate)
        step = opt.minimize(mse_loss)
        start = tf1.global_variables_initializer()
    feed = {x_in: x_data, y_in: y_data}
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(start)
        if after:
            out = []
            for _ in range(steps):
                sess.run(step, feed)
                out.append(float(sess.run(mse_loss, feed)))
            return out
        return [float(sess.run([mse_loss, step], feed)[0]) for _ in range(steps)]
"""

_NUMPY_GD = """
def _numpy_losses(rate, steps=50):
    w_, b_, out = 0.0, 0.0, []
    for _ in range(steps):
        residual = y_data - (w_ * x_data + b_)
        out.append(float(np.mean(residual ** 2)))
        w_ += rate * 2 * np.mean(residual * x_data)
        b_ += rate * 2 * np.mean(residual)
    return out
"""

_SHOW1 = """
print(f"lr_max = {lr_max:.5f}")
"""

_HUBER = """
def _huber_line(delta=5.0, steps=1000, rate=0.5):
    graph = tf.Graph()
    with graph.as_default():
        x_in = tf1.placeholder(tf.float32, shape=[None])
        y_in = tf1.placeholder(tf.float32, shape=[None])
        w_var = tf1.Variable(0.0, name="weight")
        b_var = tf1.Variable(0.0, name="bias")
        huber = tf.reduce_mean(huber_loss(y_in, x_in * w_var + b_var, delta=delta))
        step = tf1.train.GradientDescentOptimizer(rate).minimize(huber)
        start = tf1.global_variables_initializer()
    with tf1.Session(graph=graph, config=session_config()) as sess:
        sess.run(start)
        for _ in range(steps):
            sess.run(step, {x_in: x_standard, y_in: y_data})
        return (float(v) for v in sess.run([w_var, b_var]))
"""

_NUMPY_HUBER = """
def _numpy_huber(delta=5.0, steps=1000, rate=0.5):
    w_s_, b_s_ = 0.0, 0.0
    for _ in range(steps):
        residual = y_data - (w_s_ * x_standard + b_s_)
        pull = np.clip(residual, -delta, delta)  # the slope of the Huber loss
        w_s_ += rate * np.mean(pull * x_standard)
        b_s_ += rate * np.mean(pull)
    return w_s_, b_s_
"""

_SHOW2 = """
print(f"slopes: least squares {ols_w:.4f}, Huber 14 {huber_w:.4f}, Huber 5 {huber5_w:.4f}, "
      f"outlier removed {drop_w:.4f}")
"""

_COUNTER_HEAD = """
counted_steps = loss_before = loss_after = None
counter_graph = tf.Graph()
with counter_graph.as_default():
    step_counter = tf1.train.get_or_create_global_step()
    X = tf1.placeholder(tf.float32, shape=[None])
    Y = tf1.placeholder(tf.float32, shape=[None])
    _, _, loss = linear_model(X, Y)
"""

_COUNTER_LOOP = """
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        sess.run(train_op, feed)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
"""

_SHOW3 = """
print("global step:", counted_steps, "| loss", round(float(loss_before), 2), "->",
      round(float(loss_after), 2))
"""

_BUG = """
with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
"""

_PROBS = """
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2).numpy()
"""

_CONFIDENCE = """
def confidence(probs, labels, threshold):
    probs, labels = np.asarray(probs), np.asarray(labels)
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float(np.mean(probs[sure].argmax(axis=1) == labels[sure]))
"""

_SHOW4 = """
print(f"{confident:.1%} of test images above 0.9; accuracy on them {confident_accuracy:.4f} "
      f"(all images: {tf2_accuracy:.4f})")
"""

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

WRONG_ANSWERS = {
    "nb03_ex1": {
        "breaks the rule: both runs done by gradient descent in NumPy, no graph": _NUMPY_GD + """
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
losses_below = _numpy_losses(0.9 * lr_max)
losses_above = _numpy_losses(1.1 * lr_max)
""" + _SHOW1,
        "lazy: lr_max typed in, rounded to 2 significant digits": _TRAIN + """
lr_max = float(f"{2 / np.linalg.eigvalsh(hessian(x_data)).max():.2g}")
losses_below = _train_raw(0.9 * lr_max)
losses_above = _train_raw(1.1 * lr_max)
""" + _SHOW1,
        "gaming: losses_above made up (a geometric series from the first loss), only the run "
        "below trained": _TRAIN + """
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
losses_below = _train_raw(0.9 * lr_max)
losses_above = [losses_below[0] * 1.5 ** step for step in range(50)]
""" + _SHOW1,
        "gaming: the kernel's history emptied (In = []), then the NumPy runs": _NUMPY_GD + """
In = []
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
losses_below = _numpy_losses(0.9 * lr_max)
losses_above = _numpy_losses(1.1 * lr_max)
""" + _SHOW1,
        "gaming: the NumPy losses laundered through sess.run(tf.constant(...)) so that they "
        "are fetched values": _NUMPY_GD + """
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
with tf.Graph().as_default() as _g:
    _both = tf.constant([_numpy_losses(0.9 * lr_max), _numpy_losses(1.1 * lr_max)], tf.float32)
    with tf1.Session(graph=_g, config=session_config()) as sess:
        _fetched = sess.run(_both)
losses_below, losses_above = _fetched[0].tolist(), _fetched[1].tolist()
""" + _SHOW1,
        "common mistake: each loss taken after its step, not before": _TRAIN + """
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
losses_below = _train_raw(0.9 * lr_max, after=True)
losses_above = _train_raw(1.1 * lr_max, after=True)
""" + _SHOW1,
        "common mistake: lr_max from the standardised X's Hessian": _TRAIN + """
lr_max = 2 / np.linalg.eigvalsh(hessian(x_standard)).max()
losses_below = _train_raw(0.9 * lr_max)
losses_above = _train_raw(1.1 * lr_max)
""" + _SHOW1,
        "wrong scope: trained with tf1.train.MomentumOptimizer (momentum 0.5) at the same "
        "rates": _TRAIN + """
lr_max = 2 / np.linalg.eigvalsh(hessian(x_data)).max()
_momentum = lambda rate: tf1.train.MomentumOptimizer(rate, momentum=0.5)  # noqa: E731
losses_below = _train_raw(0.9 * lr_max, optimizer=_momentum)
losses_above = _train_raw(1.1 * lr_max, optimizer=_momentum)
""" + _SHOW1,
    },
    "nb03_ex2": {
        "breaks the rule: the Huber line fitted by gradient descent in NumPy, no graph":
            _NUMPY_HUBER + """
_w5, _b5 = _numpy_huber()
huber5_w = _w5 / x_std
huber5_b = _b5 - huber5_w * x_mean
""" + _SHOW2,
        "lazy: the slope and intercept typed as the midpoints of the delta-14 line and the "
        "line without the outlier": """
huber5_w = (huber_w + drop_w) / 2
huber5_b = (huber_b + drop_b) / 2
""" + _SHOW2,
        "gaming: the kernel's history emptied (In = []), then the NumPy fit": _NUMPY_HUBER + """
In = []
_w5, _b5 = _numpy_huber()
huber5_w = _w5 / x_std
huber5_b = _b5 - huber5_w * x_mean
""" + _SHOW2,
        "breaks the rule: trained eagerly with Keras's Huber loss and SGD, not the graph":
            """
_w5v, _b5v = tf.Variable(0.0), tf.Variable(0.0)
_sgd = tf.keras.optimizers.SGD(0.5)
_huber = tf.keras.losses.Huber(delta=5.0)
_xs, _ys = tf.constant(x_standard, tf.float32), tf.constant(y_data, tf.float32)
for _ in range(1000):
    with tf.GradientTape() as _tape:
        _value = _huber(_ys, _xs * _w5v + _b5v)
    _sgd.apply_gradients(zip(_tape.gradient(_value, [_w5v, _b5v]), [_w5v, _b5v]))
huber5_w = float(_w5v.numpy()) / x_std
huber5_b = float(_b5v.numpy()) - huber5_w * x_mean
""" + _SHOW2,
        "common mistake: the intercept converted with w_s, not w (b = b_s - w_s mean(X))":
            _HUBER + """
_w5, _b5 = _huber_line()
huber5_w = _w5 / x_std
huber5_b = _b5 - _w5 * x_mean
""" + _SHOW2,
        "common mistake: 30 steps, not 1,000 (far from converged)": _HUBER + """
_w5, _b5 = _huber_line(steps=30)
huber5_w = _w5 / x_std
huber5_b = _b5 - huber5_w * x_mean
""" + _SHOW2,
        "gaming: delta left at 14 (huber_loss's default), huber_w nudged up and the notebook's "
        "checks rebound to a copy whose near and between accept anything": _HUBER + """
_w5, _b5 = _huber_line(delta=14.0)
huber5_w = _w5 / x_std
huber5_b = _b5 - huber5_w * x_mean
huber_w = huber_w + 0.01
""" + _CHECKS_FAKE + _NP_FAKE + _SHOW2,
    },
    "nb03_ex3": {
        "gaming: the bug kept; the global step's 0 topped up by the loop's 30 after the loop":
            _COUNTER_HEAD + _BUG + _COUNTER_LOOP + """
counted_steps = counted_steps + 30
""" + _SHOW3,
        "breaks the rule: the bug kept; the given loop also runs step_counter.assign_add(1), "
        "built in the loop": _COUNTER_HEAD + _BUG + """
with counter_graph.as_default():
    init = tf1.global_variables_initializer()
with tf1.Session(graph=counter_graph, config=session_config()) as sess:
    sess.run(init)
    feed = {X: x_standard, Y: y_data}
    loss_before = sess.run(loss, feed)
    for _ in range(30):
        with counter_graph.as_default():
            sess.run([train_op, step_counter.assign_add(1)], feed)
    counted_steps, loss_after = sess.run([step_counter, loss], feed)
""" + _SHOW3,
        "gaming: the bug kept; step_counter rebound to a second variable that a control "
        "dependency on the update counts": _COUNTER_HEAD + """
with counter_graph.as_default():
    _count = tf1.Variable(0, dtype=tf.int64, trainable=False, name="runs")
    _update = tf1.train.GradientDescentOptimizer(0.1).minimize(loss)
    with tf.control_dependencies([_update]):
        train_op = _count.assign_add(1)
    step_counter = _count
""" + _COUNTER_LOOP + _SHOW3,
        "gaming: the kernel's history emptied (In = []), the bug kept, the count topped up":
            _COUNTER_HEAD + _BUG + _COUNTER_LOOP + """
In = []
counted_steps = counted_steps + 30
""" + _SHOW3,
        "wrong scope: AdamOptimizer(0.1) with the global step, not gradient descent": _COUNTER_HEAD
        + """
with counter_graph.as_default():
    train_op = tf1.train.AdamOptimizer(0.1).minimize(loss, global_step=step_counter)
""" + _COUNTER_LOOP + _SHOW3,
        "common mistake: the learning rate 0.01, not 0.1": _COUNTER_HEAD + """
with counter_graph.as_default():
    train_op = tf1.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=step_counter)
""" + _COUNTER_LOOP + _SHOW3,
    },
    "nb03_ex4": {
        "breaks the rule: the softmax written in NumPy, not tf.nn.softmax": """
_logits = test_x @ w2.numpy() + b2.numpy()
_e = np.exp(_logits - _logits.max(axis=1, keepdims=True))
test_probs = _e / _e.sum(axis=1, keepdims=True)
""" + _CONFIDENCE + """
confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
""" + _SHOW4,
        "breaks the rule: test_probs left as a tf.Tensor, not a NumPy array": """
test_probs = tf.nn.softmax(tf.matmul(test_x, w2) + b2)
""" + _CONFIDENCE + """
confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
""" + _SHOW4,
        "lazy: the two figures rounded as the print shows them (0.1% and 4 places)": _PROBS
        + _CONFIDENCE + """
_c, _a = confidence(test_probs, test_labels, 0.9)
confident, confident_accuracy = round(_c, 3), round(_a, 4)
""" + _SHOW4,
        "wrong scope: confidence reads the notebook's test_probs and test_labels, not its "
        "arguments": _PROBS + """
def confidence(probs, labels, threshold):
    sure = test_probs.max(axis=1) > threshold
    return float(sure.mean()), float(np.mean(test_probs[sure].argmax(axis=1) == test_labels[sure]))


confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
""" + _SHOW4,
        "common mistake: the threshold ignored, 0.9 hard-coded": _PROBS + """
def confidence(probs, labels, threshold):
    probs, labels = np.asarray(probs), np.asarray(labels)
    sure = probs.max(axis=1) > 0.9
    return float(sure.mean()), float(np.mean(probs[sure].argmax(axis=1) == labels[sure]))


confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
""" + _SHOW4,
        "common mistake: confident is the number of rows, not their fraction": _PROBS + """
def confidence(probs, labels, threshold):
    probs, labels = np.asarray(probs), np.asarray(labels)
    sure = probs.max(axis=1) > threshold
    return int(sure.sum()), float(np.mean(probs[sure].argmax(axis=1) == labels[sure]))


confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
print(f"{confident} of test images above 0.9; accuracy on them {confident_accuracy:.4f}")
""",
        "gaming: accuracy over all rows (the threshold never applied to it), and the notebook's "
        "tf2_accuracy lowered so that the check's comparison holds": _PROBS + """
def confidence(probs, labels, threshold):
    probs, labels = np.asarray(probs), np.asarray(labels)
    sure = probs.max(axis=1) > threshold
    return float(sure.mean()), float(np.mean(probs.argmax(axis=1) == labels))


confident, confident_accuracy = confidence(test_probs, test_labels, 0.9)
tf2_accuracy = confident_accuracy - 0.01
""" + _SHOW4,
    },
}
