"""Fresh wrong answers (sixth attack, issue 46) for notebook 10's exercises."""
# ruff: noqa: E501

_EX3_HEAD = '''GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
'''

_EX4_GRAD = '''def grad_at(value):
    w = tf.Variable(float(value))
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


'''

WRONG_ANSWERS = {
    "nb10_ex1": {
        "common mistake: thinks the setter puts every variable on the first ps task": '''predicted = None
predicted = ["/job:ps/task:0", "/job:ps/task:0", "/job:ps/task:0", "/job:worker"]
''',
        "common mistake: deals c to the second ps task as well (halves, not turns)": '''predicted = None
predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:1", "/job:worker"]
''',
        "common mistake: the full device names a placed op gets at run time, not op.device": '''predicted = None
predicted = ["/job:ps/replica:0/task:0/device:CPU:0", "/job:ps/replica:0/task:1/device:CPU:0",
             "/job:ps/replica:0/task:0/device:CPU:0", "/job:worker/replica:0/task:0/device:CPU:0"]
''',
        "common mistake: puts d, which reads a and b, beside a on the ps": '''predicted = None
predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:0", "/job:ps/task:0"]
''',
        "rule-breaking: builds the task's graph and copies op.device instead of predicting (NOT SURE: the check states no rule, the task says predict before running the check)": '''predicted = None
with tf.Graph().as_default():
    with tf1.device(tf1.train.replica_device_setter(ps_tasks=2)):
        a = tf1.get_variable("a", [], initializer=tf1.zeros_initializer())
        b = tf1.get_variable("b", [], initializer=tf1.zeros_initializer())
        c = tf1.get_variable("c", [], initializer=tf1.zeros_initializer())
        d = a + b
    predicted = [a.device, b.device, c.device, d.op.device]
''',
        "rule-breaking: asks the setter's device function directly for each op's device, in a throwaway graph, instead of predicting (NOT SURE: same as above)": '''predicted = None
ex1_setter = tf1.train.replica_device_setter(ps_tasks=2)
with tf.Graph().as_default():
    ex1_ops = [tf1.get_variable(name, [], initializer=tf1.zeros_initializer()) for name in "abc"]
    ex1_ops.append(tf.add(ex1_ops[0], ex1_ops[1], name="d"))
    predicted = [ex1_setter(each.op) for each in ex1_ops]
''',
        "rule-breaking: builds the graph with a setter given a ClusterSpec of two ps tasks and copies op.device (NOT SURE: the check states no rule, the task says predict)": '''predicted = None
ex1_cluster = tf.train.ClusterSpec({"ps": ["localhost:1", "localhost:2"], "worker": ["localhost:3"]})
with tf.Graph().as_default():
    with tf1.device(tf1.train.replica_device_setter(cluster=ex1_cluster)):
        ex1_made = [tf1.get_variable(name, [], initializer=tf1.zeros_initializer()) for name in "abc"]
        ex1_made.append(tf.add(ex1_made[0], ex1_made[1], name="d"))
    predicted = [each.device for each in ex1_made]
''',
        "lazy: runs a throwaway copy of the task's cell in a child process and pastes its printed devices (NOT SURE: the check states no rule)": '''import subprocess
import sysconfig

predicted = None
ex1_child = """
import json
import tensorflow as tf
tf1 = tf.compat.v1
with tf.Graph().as_default():
    with tf1.device(tf1.train.replica_device_setter(ps_tasks=2)):
        made = [tf1.get_variable(n, [], initializer=tf1.zeros_initializer()) for n in "abc"]
        made.append(tf.add(made[0], made[1], name="d"))
    print(json.dumps([m.device for m in made]))
"""
ex1_python = os.path.join(sysconfig.get_paths()["scripts"], "python")
predicted = json.loads(subprocess.run([ex1_python if os.path.exists(ex1_python) else "/proc/self/exe", "-c", ex1_child],
                                      capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1])
''',
    },
    "nb10_ex2": {
        "common mistake: task index 2, counting the machines instead of the workers": '''config = None
config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
                     "task": {"type": "worker", "index": 2}})
''',
        "wrong scope: the TF_CONFIG of the first worker, 10.1.0.2": '''config = None
config = tf_config({"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
                   "worker", 0)
''',
        "common mistake: adds an rpc_layer the servers do not speak (grpc+verbs), which the check never reads": '''config = None
config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
                     "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc+verbs"})
''',
        "gaming: the task index as the float 1.0, which == 1 in the check's dict comparison (NOT SURE: TensorFlow's resolver casts it to int)": '''config = None
config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},
                     "task": {"type": "worker", "index": 1.0}})
''',
        "gaming: the task index as JSON true, a bool that == 1 in Python (NOT SURE: TensorFlow's resolver casts it to int)": '''config = None
config = '{"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}, "task": {"type": "worker", "index": true}}'
''',
        "rule-breaking: also sets TF_CONFIG in the kernel's own environment, so this notebook's process claims to be worker 1 of a cluster that does not exist (NOT SURE: the task asks only for the string)": '''config = None
config = tf_config({"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}, "worker", 1)
os.environ["TF_CONFIG"] = config
''',
    },
    "nb10_ex3": {
        "common mistake: keeps the planted bug, a mean over the replica's own rows": _EX3_HEAD + '''    return tf.reduce_mean(errors)
''',
        "wrong scope: divides by the replica's rows times two replicas (right only for equal halves)": _EX3_HEAD + '''    return tf.reduce_sum(errors) / tf.cast(2 * tf.shape(x)[0], errors.dtype)
''',
        "rule-breaking: calls tf.nn.compute_average_loss, which the task rules out": _EX3_HEAD + '''    return tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)
''',
        "gaming: calls tf.nn.compute_average_loss through the original function kept on a logging.Logger at the first run, so the check's re-run records no call": '''import logging

GLOBAL_BATCH = 64
ex3_keep = logging.getLogger("nb10.ex3.keep")
if not hasattr(ex3_keep, "average"):
    ex3_keep.average = tf.nn.compute_average_loss


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return ex3_keep.average(errors, global_batch_size=GLOBAL_BATCH)
''',
        "lazy: the global batch typed in as 64 in the division, not GLOBAL_BATCH (NOT SURE: same value)": _EX3_HEAD + '''    return tf.reduce_sum(errors) / 64.0
''',
        "rule-breaking: the loss computed in NumPy and wrapped in a constant (no gradient reaches w)": _EX3_HEAD + '''    return tf.constant(np.sum(np.asarray(errors)) / GLOBAL_BATCH, tf.float32)
''',
    },
    "nb10_ex4": {
        "common mistake: stale applies only one of the two gradients taken at w0": 'two_updates = None\n' + _EX4_GRAD + '''def fresh_and_stale(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    w_stale = w0 - lr * grad_at(w0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2


two_updates = fresh_and_stale
''',
        "common mistake: returns the pair in the other order, (stale, fresh)": 'two_updates = None\n' + _EX4_GRAD + '''def fresh_and_stale(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    g0 = grad_at(w0)
    w_stale = w0 - lr * g0 - lr * g0
    return (w_stale - 3.0) ** 2, (w_fresh - 3.0) ** 2


two_updates = fresh_and_stale
''',
        "lazy: the gradient 2 (w - 3) worked out by hand, tape.gradient called twice on a dummy only to be counted": 'two_updates = None\n' + _EX4_GRAD + '''def fresh_and_stale(w0, lr):
    grad_at(0.0)
    grad_at(1.0)
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * 2 * (w_fresh - 3.0)
    w_stale = w0 - 2 * lr * 2 * (w0 - 3.0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2


two_updates = fresh_and_stale
''',
        "rule-breaking: one tape gradient at w0, the second gradient extrapolated by hand from it (g1 = g0 - 2 lr g0)": 'two_updates = None\n' + _EX4_GRAD + '''def fresh_and_stale(w0, lr):
    g0 = grad_at(w0)
    grad_at(w0)  # counted, unused
    w1 = w0 - lr * g0
    g1 = g0 * (1 - 2 * lr)
    w_fresh = w1 - lr * g1
    w_stale = w0 - 2 * lr * g0
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2


two_updates = fresh_and_stale
''',
        "gaming: takes its gradients with the original GradientTape.gradient kept on a logging.Logger at the first run, past any wrapper put on the class later": '''import logging

two_updates = None
ex4_keep = logging.getLogger("nb10.ex4.keep")
if not hasattr(ex4_keep, "gradient"):
    ex4_keep.gradient = tf.GradientTape.gradient


def ex4_grad_at(value):
    w = tf.Variable(float(value))
    with tf.GradientTape(persistent=True) as tape:
        loss = tf.square(w - 3.0)
    tape.gradient(loss, w)  # counted, unused
    return float(ex4_keep.gradient(tape, loss, w))


def fresh_and_stale(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * ex4_grad_at(w_fresh)
    g0 = ex4_grad_at(w0)
    w_stale = w0 - 2 * lr * g0
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2


two_updates = fresh_and_stale
''',
    },
}
