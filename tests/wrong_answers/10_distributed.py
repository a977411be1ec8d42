"""Wrong answers to notebook 10's exercises: each must fail its check (proved by `refute`)."""

#: The first line of exercise 4's answer cell, which a student keeps: the check finds the answer
#: cell by the name it assigns.
_EX4_STUB = "two_updates = None  # set it to a function (w0, lr) -> (fresh_loss, stale_loss)\n"

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb10_ex1": {
        "gaming: wrong devices in a list subclass whose == always says yes": (
            "class _Yes(list):\n"
            "    def __eq__(self, other):\n"
            "        return True\n\n\n"
            'predicted = _Yes(["/job:ps/task:0"] * 3 + ["/job:ps/task:1"])\n'),
        "gaming: wrong devices as str subclasses whose == always says yes": (
            "class _Yes(str):\n"
            "    def __eq__(self, other):\n"
            "        return True\n\n"
            "    __hash__ = str.__hash__\n\n\n"
            'predicted = [_Yes("/job:worker")] * 4\n'),
        "common mistake: every variable on the first ps": (
            'predicted = ["/job:ps/task:0", "/job:ps/task:0", "/job:ps/task:0", "/job:worker"]\n'),
        "common mistake: the add placed with its inputs on a ps": (
            'predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:0", '
            '"/job:ps/task:0"]\n'),
        "lazy: the example's device strings, in order": (
            'predicted = ["/job:ps/task:0", "/job:worker/task:0", "/job:worker/task:1", '
            '"/job:worker"]\n'),
        "common mistake: a full device string for the worker op": (
            'predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:0", '
            '"/job:worker/task:0/device:CPU:0"]\n'),
        "common mistake: c dealt to the second ps, as if by name": (
            'predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:1", "/job:worker"]\n'),
        "common mistake: the devices without their /job: prefix": (
            'predicted = ["ps/task:0", "ps/task:1", "ps/task:0", "worker"]\n'),
    },
    "nb10_ex2": {
        "lazy: section 7's TF_CONFIG of its worker 1": (
            'config = tf_config({"ps": ["10.0.0.10:2222"], '
            '"worker": ["10.0.0.11:2222", "10.0.0.12:2222"]}, "worker", 1)\n'),
        "common mistake: index 2, the third machine": (
            'config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"], '
            '"worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}, '
            '"task": {"type": "worker", "index": 2}})\n'),
        "common mistake: every machine listed as a worker": (
            'config = tf_config({"ps": ["10.1.0.1:2222"], '
            '"worker": ["10.1.0.1:2222", "10.1.0.2:2222", "10.1.0.3:2222"]}, "worker", 2)\n'),
        "common mistake: a dict, not the JSON string": (
            'config = {"cluster": {"ps": ["10.1.0.1:2222"], '
            '"worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}, '
            '"task": {"type": "worker", "index": 1}}\n'),
        "common mistake: the hosts without their ports": (
            'config = tf_config({"ps": ["10.1.0.1"], "worker": ["10.1.0.2", "10.1.0.3"]}, '
            '"worker", 1)\n'),
        "common mistake: the workers listed in reverse, 10.1.0.3 as worker 0": (
            'config = tf_config({"ps": ["10.1.0.1:2222"], '
            '"worker": ["10.1.0.3:2222", "10.1.0.2:2222"]}, "worker", 0)\n'),
        "common mistake: the ps's TF_CONFIG, not the process on 10.1.0.3": (
            'config = tf_config({"ps": ["10.1.0.1:2222"], '
            '"worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}, "ps", 0)\n'),
    },
    "nb10_ex3": {
        "the planted bug: a mean over the replica's own rows": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.reduce_mean(errors)
''',
        "lazy: the replica's mean halved (right only for equal slices)": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.reduce_mean(errors) / 2
''',
        "common mistake: divided by the per-replica batch of 32": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.reduce_sum(errors) / 32
''',
        "breaks the rule: no sum, a vector of errors / 64 (its gradients add up right)": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return errors / GLOBAL_BATCH
''',
        "no TensorFlow: the loss in NumPy, which no tape can differentiate": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = (np.asarray(x) @ np.asarray(w) - np.asarray(y)) ** 2
    return np.sum(errors) / GLOBAL_BATCH
''',
        "reads globals: the weights of the notebook's w, not its argument": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, weights):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.reduce_sum(errors) / GLOBAL_BATCH
''',
        "breaks the rule: tf.nn.compute_average_loss called, not the division written by hand": '''\
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)
''',
    },
    "nb10_ex4": {
        "fakes the inspected calls: two tapes on a dummy loss, the losses by formula":
            _EX4_STUB + '''\
def two_updates(w0, lr):
    for _ in range(2):
        dummy = tf.Variable(1.0)
        with tf.GradientTape() as tape:
            loss = dummy * dummy
        tape.gradient(loss, dummy)
    w_fresh = w0
    for _ in range(2):
        w_fresh -= lr * 2 * (w_fresh - 3.0)
    w_stale = w0 - 2 * lr * 2 * (w0 - 3.0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "fakes the inspected calls: tapes only at w0, the second gradient by hand": _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(float(value))
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    g0, g0_again = grad_at(w0), grad_at(w0)
    w1 = w0 - lr * g0
    w_fresh = w1 - lr * 2 * (w1 - 3.0)
    w_stale = w0 - lr * g0 - lr * g0_again
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "fakes the inspected calls: tapes only at w0, the second gradient scaled from it":
            _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(float(value))
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    g0, g0_again = grad_at(w0), grad_at(w0)
    w1 = w0 - lr * g0
    g1 = g0 * (w1 - 3.0) / (w0 - 3.0) if w0 != 3.0 else 0.0
    w_fresh = w1 - lr * g1
    w_stale = w0 - lr * g0 - lr * g0_again
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "lazy: the literals 0.0144 and 3.24 of the first case": _EX4_STUB + '''\
def two_updates(w0, lr):
    return 0.0144, 3.24
''',
        "common mistake: stale applies only one of the two gradients": _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(value)
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    w_stale = w0 - lr * grad_at(float(w0))
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "common mistake: fresh and stale swapped": _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(value)
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    w_stale = w0 - 2 * lr * grad_at(float(w0))
    return (w_stale - 3.0) ** 2, (w_fresh - 3.0) ** 2
''',
        "common mistake: the weights returned, not the losses": _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(value)
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    return w_fresh, w0 - 2 * lr * grad_at(float(w0))
''',
        "no TensorFlow: the check's formula 2 (w - 3) for the gradient": _EX4_STUB + '''\
def two_updates(w0, lr):
    w_fresh = w0
    for _ in range(2):
        w_fresh -= lr * 2 * (w_fresh - 3.0)
    w_stale = w0 - 2 * lr * 2 * (w0 - 3.0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "common mistake: tf.Variable(w0) as given, an int variable for the task's w0 = 0":
            _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(value)
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = w0
    for _ in range(2):
        w_fresh = w_fresh - lr * grad_at(w_fresh)
    w_stale = w0 - 2 * lr * grad_at(w0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "reads globals: the learning rate 0.4 of the task's example, not lr": _EX4_STUB + '''\
def grad_at(value):
    w = tf.Variable(value)
    with tf.GradientTape() as tape:
        loss = tf.square(w - 3.0)
    return float(tape.gradient(loss, w))


def two_updates(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= 0.4 * grad_at(w_fresh)
    w_stale = w0 - 2 * 0.4 * grad_at(float(w0))
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2
''',
        "breaks the rule: the gradients from tf.gradients in a tf.function, no tape":
            _EX4_STUB + '''\


@tf.function
def graph_gradient(value):
    return tf.gradients(tf.square(value - 3.0), value)[0]


def grad_at(value):
    return float(graph_gradient(tf.constant(float(value))))


def fresh_and_stale(w0, lr):
    w_fresh = float(w0)
    for _ in range(2):
        w_fresh -= lr * grad_at(w_fresh)
    w_stale = w0 - lr * grad_at(w0) - lr * grad_at(w0)
    return (w_fresh - 3.0) ** 2, (w_stale - 3.0) ** 2


two_updates = fresh_and_stale
''',
    },
}


# The fourth attack's gaming answers (tests/attacks2) that got past checks which called no
# rules.enforce, or that rebound a builtin or a module a check reads (issue 46).
WRONG_ANSWERS['nb10_ex1'].update({
    'gaming: replica_device_setter replaced (once) by one that puts every o'
    "p on ps task 0, so the check's own graph agrees with a wrong predictio"
    'n': (
        '_real_setter = tf1.train.replica_device_setter\n'
        'def _fake_setter(*args, **kwargs):\n'
        '    tf1.train.replica_device_setter = _real_setter  # once, then as be'
        'fore\n'
        "    return lambda op: '/job:ps/task:0'\n"
        'tf1.train.replica_device_setter = _fake_setter\n'
        "predicted = ['/job:ps/task:0'] * 4\n"),
})
WRONG_ANSWERS['nb10_ex2'].update({
    'gaming: json.loads replaced so that a placeholder string reads as the '
    "right TF_CONFIG (for the check and for TensorFlow's resolver)": (
        'import json as _json\n'
        'def _loads(text, *args, _real_loads=_json.loads, **kwargs):  # the ori'
        'ginal kept in the function\n'
        "    if text == 'my config':\n"
        "        return {'cluster': {'ps': ['10.1.0.1:2222'], 'worker': ['10.1."
        "0.2:2222', '10.1.0.3:2222']},\n"
        "                'task': {'type': 'worker', 'index': 1}}\n"
        '    return _real_loads(text, *args, **kwargs)\n'
        '_json.loads = _loads\n'
        "config = 'my config'\n"),
    "gaming: json and os in the notebook's names replaced by stand-ins; the"
    ' real TF_CONFIG set beforehand for the resolver; config itself wrong ('
    'index 0)': (
        'import json as _json, os as _os, types as _types\n'
        "_right = {'cluster': {'ps': ['10.1.0.1:2222'], 'worker': ['10.1.0.2:22"
        "22', '10.1.0.3:2222']},\n"
        "          'task': {'type': 'worker', 'index': 1}}\n"
        "_os.environ['TF_CONFIG'] = _json.dumps(_right)\n"
        'json = _types.SimpleNamespace(loads=lambda text: _right, dumps=_json.d'
        'umps)\n'
        'os = _types.SimpleNamespace(environ={}, path=_os.path)\n'
        "config = tf_config(_right['cluster'], 'worker', 0)\n"),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb10_ex4'].update({
    "gaming: the tapes run in a fresh tf.function (the check cannot see where they are taken), at w0 and at w0 + 1; fresh's second gradient is extrapolated from them, never taken at the updated w (tests/attacks3)":  # noqa: E501
        'two_updates = None\n'
        'def two_updates(w0, lr):\n'
        '    @tf.function\n'
        '    def grads(a, b):\n'
        '        out = []\n'
        '        for v in (a, b):\n'
        '            with tf.GradientTape() as tape:\n'
        '                tape.watch(v)\n'
        '                loss = tf.square(v - 3.0)\n'
        '            out.append(tape.gradient(loss, v))\n'
        '        return out\n'
        '\n'
        '    g0, g1 = grads(tf.constant(float(w0)), tf.constant(float(w0) + 1.0))\n'
        '    slope = float(g1) - float(g0)\n'
        '    g0 = float(g0)\n'
        '    w1 = w0 - lr * g0\n'
        '    fresh = w1 - lr * (g0 + slope * (w1 - w0))\n'
        '    stale = w0 - 2 * lr * g0\n'
        '    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2\n',
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks: an rpc_layer
# the servers do not speak, and the index as 1.0 or true (marked NOT SURE by their tester), each
# refused by a hidden test.
WRONG_ANSWERS['nb10_ex2'].update({
    'common mistake: adds an rpc_layer the servers do not speak (grpc+verbs), which the check never reads (attacks4)':  # noqa: E501
        'config = None\n'
        'config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},\n'  # noqa: E501
        '                     "task": {"type": "worker", "index": 1}, "rpc_layer": "grpc+verbs"})\n',  # noqa: E501
    "gaming: the task index as the float 1.0, which == 1 in the check's dict comparison (NOT SURE: TensorFlow's resolver casts it to int) (attacks4)":  # noqa: E501
        'config = None\n'
        'config = json.dumps({"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]},\n'  # noqa: E501
        '                     "task": {"type": "worker", "index": 1.0}})\n',
    "gaming: the task index as JSON true, a bool that == 1 in Python (NOT SURE: TensorFlow's resolver casts it to int) (attacks4)":  # noqa: E501
        'config = None\n'
        'config = \'{"cluster": {"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}, "task": {"type": "worker", "index": true}}\'\n',  # noqa: E501
})
