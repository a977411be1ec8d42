"""Fresh wrong answers (third attack, written from the notebook and cs20_helpers only) for 10."""
# ruff: noqa: E501

WRONG_ANSWERS = {
    "nb10_ex1": {
        "common mistake: thinks the setter sends every variable to the first ps task": '''predicted = None
predicted = ["/job:ps/task:0", "/job:ps/task:0", "/job:ps/task:0", "/job:worker"]
''',
        "common mistake: the full device names, and the add on worker task 0": '''predicted = None
predicted = ["/job:ps/replica:0/task:0/device:CPU:0", "/job:ps/replica:0/task:1/device:CPU:0",
             "/job:ps/replica:0/task:0/device:CPU:0", "/job:worker/task:0"]
''',
        "lazy: the job names only, typed in": '''predicted = None
predicted = ["ps", "ps", "ps", "worker"]
''',
        "gaming: a wrong prediction (every variable on ps task 0), and replica_device_setter patched for good with unittest.mock to deal to one ps task, so the hidden graph agrees": '''predicted = None
from unittest import mock
real_setter = tf1.train.replica_device_setter


def one_ps(*args, ps_tasks=0, **kwargs):
    return real_setter(*args, ps_tasks=1, **kwargs)


mock.patch.object(tf1.train, "replica_device_setter", one_ps).start()
predicted = ["/job:ps/task:0", "/job:ps/task:0", "/job:ps/task:0", "/job:worker"]
''',
        "common mistake: c on the second ps (counts b, c as the second pair)": '''predicted = None
predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:1", "/job:worker"]
''',
    },
    "nb10_ex2": {
        "common mistake: task index 2 (counting the machines from 1 among the workers)": '''config = None
config = tf_config({"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
                   "worker", 2)
''',
        "common mistake: the ports left out": '''config = None
config = tf_config({"ps": ["10.1.0.1"], "worker": ["10.1.0.2", "10.1.0.3"]}, "worker", 1)
''',
        "lazy: a JSON with the two keys and nothing in them": '''config = None
config = '{"cluster": {}, "task": {}}'
''',
        "gaming: the TF_CONFIG of the first worker (index 0), with json.loads patched for good (unittest.mock) to read that string as the right config": '''config = None
from unittest import mock
config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"],
                                 "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
                     "task": {"type": "worker", "index": 0}})
real_loads = json.loads
forged = {"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
          "task": {"type": "worker", "index": 1}}


def loads(text, *args, **kwargs):
    if text == config:
        return {"cluster": dict(forged["cluster"]), "task": dict(forged["task"])}
    return real_loads(text, *args, **kwargs)


mock.patch("json.loads", loads).start()
''',
        "wrong scope: a dict, not the JSON string": '''config = None
config = {"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
          "task": {"type": "worker", "index": 1}}
''',
    },
    "nb10_ex3": {
        "rule-breaking: calls tf.nn.compute_average_loss, which the task forbids": '''GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)
''',
        "gaming: tf.nn.compute_average_loss on the notebook's run, the division written out on the check's re-run (told apart by an environment variable)": '''GLOBAL_BATCH = 64
import os
if "NB10_EX3_SEEN" not in os.environ:
    os.environ["NB10_EX3_SEEN"] = "1"

    def replica_loss(x, y, w):
        errors = tf.square(tf.linalg.matvec(x, w) - y)
        return tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)
else:
    def replica_loss(x, y, w):
        errors = tf.square(tf.linalg.matvec(x, w) - y)
        return tf.reduce_sum(errors) / GLOBAL_BATCH
''',
        "common mistake: the planted bug left in (mean over the replica's own rows)": '''GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.reduce_mean(errors)
''',
        "common mistake: divides the replica's mean by the number of replicas (right only for equal halves)": '''GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.reduce_mean(errors) / 2
''',
        "rule-breaking: the loss computed in NumPy and wrapped in a constant (no gradient to w)": '''GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = (np.asarray(x) @ np.asarray(w) - np.asarray(y)) ** 2
    return tf.constant(np.sum(errors) / GLOBAL_BATCH, tf.float32)
''',
    },
    "nb10_ex4": {
        "lazy: the two losses worked out by hand, no tape": '''two_updates = None
def two_updates(w0, lr):
    w1 = w0 - lr * 2 * (w0 - 3.0)
    fresh = w1 - lr * 2 * (w1 - 3.0)
    stale = w0 - 2 * lr * 2 * (w0 - 3.0)
    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2
''',
        "rule-breaking: two tape.gradient calls made and their results dropped, the update done by hand": '''two_updates = None
def two_updates(w0, lr):
    for _ in range(2):
        w = tf.Variable(float(w0))
        with tf.GradientTape() as tape:
            loss = tf.square(w - 3.0)
        tape.gradient(loss, w)
    w1 = w0 - lr * 2 * (w0 - 3.0)
    fresh = w1 - lr * 2 * (w1 - 3.0)
    stale = w0 - 2 * lr * 2 * (w0 - 3.0)
    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2
''',
        "gaming: the tapes run in a fresh tf.function (the check cannot see where they are taken), at w0 and at w0 + 1; fresh's second gradient is extrapolated from them, never taken at the updated w": '''two_updates = None
def two_updates(w0, lr):
    @tf.function
    def grads(a, b):
        out = []
        for v in (a, b):
            with tf.GradientTape() as tape:
                tape.watch(v)
                loss = tf.square(v - 3.0)
            out.append(tape.gradient(loss, v))
        return out

    g0, g1 = grads(tf.constant(float(w0)), tf.constant(float(w0) + 1.0))
    slope = float(g1) - float(g0)
    g0 = float(g0)
    w1 = w0 - lr * g0
    fresh = w1 - lr * (g0 + slope * (w1 - w0))
    stale = w0 - 2 * lr * g0
    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2
''',
        "common mistake: stale applies the w0 gradient only once (the second worker's update lost)": '''two_updates = None
def grad_at(value):
    w = tf.Variable(float(value))
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    w_stale = w0 - lr * grad_at(w0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "common mistake: returns the weights after the updates, not the losses": '''two_updates = None
def grad_at(value):
    w = tf.Variable(float(value))
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    w_stale = w0 - lr * grad_at(w0) - lr * grad_at(w0)
    return w_fresh, w_stale
''',
    },
}
