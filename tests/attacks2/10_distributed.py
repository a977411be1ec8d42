"""Fresh wrong answers for notebook 10's exercises (independent attack, issue 46): run with refute --answers."""
# ruff: noqa: E501  (each answer is a cell's source, kept as the cell has it)

_RERUN = (  # true only while a check re-runs the cell (rules.enforce -> checks.rerun)
    "import sys as _sys\n"
    "_RERUN = _sys._getframe(0).f_back is not None and "
    "_sys._getframe(0).f_back.f_code.co_name == 'rerun'\n"
)

WRONG_ANSWERS = {
    "nb10_ex1": {
        "common mistake: the plain op d put on a ps task too": (
            "predicted = ['/job:ps/task:0', '/job:ps/task:1', '/job:ps/task:0', '/job:ps/task:1']\n"
        ),
        "common mistake: full device names as a placement log prints them": (
            "predicted = ['/job:ps/replica:0/task:0/device:CPU:0', '/job:ps/replica:0/task:1/device:CPU:0',\n"
            "             '/job:ps/replica:0/task:0/device:CPU:0', '/job:worker/replica:0/task:0/device:CPU:0']\n"
        ),
        "rule-breaking: no prediction: the cell builds the graph and copies the devices (the check "
        "says a prediction cannot be enforced; wrong by the task's 'predict ... before running')": (
            "with tf.Graph().as_default():\n"
            "    with tf1.device(tf1.train.replica_device_setter(ps_tasks=2)):\n"
            "        _a = tf1.get_variable('a', [], initializer=tf1.zeros_initializer())\n"
            "        _b = tf1.get_variable('b', [], initializer=tf1.zeros_initializer())\n"
            "        _c = tf1.get_variable('c', [], initializer=tf1.zeros_initializer())\n"
            "        _d = tf.add(_a, _b, name='d')\n"
            "    predicted = [_a.device, _b.device, _c.device, _d.device]\n"
        ),
        "gaming: a list subclass whose == always says yes, holding a wrong prediction": (
            "class _Agreeing(list):\n"
            "    def __eq__(self, other):\n"
            "        return True\n"
            "    __hash__ = None\n"
            "predicted = _Agreeing(['/job:ps/task:0'] * 4)\n"
        ),
        "gaming: replica_device_setter replaced (once) by one that puts every op on ps task 0, so the "
        "check's own graph agrees with a wrong prediction": (
            "_real_setter = tf1.train.replica_device_setter\n"
            "def _fake_setter(*args, **kwargs):\n"
            "    tf1.train.replica_device_setter = _real_setter  # once, then as before\n"
            "    return lambda op: '/job:ps/task:0'\n"
            "tf1.train.replica_device_setter = _fake_setter\n"
            "predicted = ['/job:ps/task:0'] * 4\n"
        ),
        "wrong scope: only the three variables predicted": (
            "predicted = ['/job:ps/task:0', '/job:ps/task:1', '/job:ps/task:0']\n"
        ),
    },
    "nb10_ex2": {
        "common mistake: index 2 (counting machines, not workers from 0)": (
            "config = json.dumps({'cluster': {'ps': ['10.1.0.1:2222'], 'worker': ['10.1.0.2:2222', '10.1.0.3:2222']},\n"
            "                     'task': {'type': 'worker', 'index': 2}})\n"
        ),
        "common mistake: the hosts without their port": (
            "config = tf_config({'ps': ['10.1.0.1'], 'worker': ['10.1.0.2', '10.1.0.3']}, 'worker', 1)\n"
        ),
        "wrong scope: the TF_CONFIG of 10.1.0.2 (the first worker)": (
            "config = tf_config({'ps': ['10.1.0.1:2222'], 'worker': ['10.1.0.2:2222', '10.1.0.3:2222']},\n"
            "                   'worker', 0)\n"
        ),
        "lazy: a JSON object typed in with the task but an empty cluster": (
            "config = '{\"cluster\": {}, \"task\": {\"type\": \"worker\", \"index\": 1}}'\n"
        ),
        "gaming: json.loads replaced so that a placeholder string reads as the right TF_CONFIG (for the "
        "check and for TensorFlow's resolver)": (
            "import json as _json\n"
            "def _loads(text, *args, _real_loads=_json.loads, **kwargs):  # the original kept in the function\n"
            "    if text == 'my config':\n"
            "        return {'cluster': {'ps': ['10.1.0.1:2222'], 'worker': ['10.1.0.2:2222', '10.1.0.3:2222']},\n"
            "                'task': {'type': 'worker', 'index': 1}}\n"
            "    return _real_loads(text, *args, **kwargs)\n"
            "_json.loads = _loads\n"
            "config = 'my config'\n"
        ),
        "gaming: json and os in the notebook's names replaced by stand-ins; the real TF_CONFIG set "
        "beforehand for the resolver; config itself wrong (index 0)": (
            "import json as _json, os as _os, types as _types\n"
            "_right = {'cluster': {'ps': ['10.1.0.1:2222'], 'worker': ['10.1.0.2:2222', '10.1.0.3:2222']},\n"
            "          'task': {'type': 'worker', 'index': 1}}\n"
            "_os.environ['TF_CONFIG'] = _json.dumps(_right)\n"
            "json = _types.SimpleNamespace(loads=lambda text: _right, dumps=_json.dumps)\n"
            "os = _types.SimpleNamespace(environ={}, path=_os.path)\n"
            "config = tf_config(_right['cluster'], 'worker', 0)\n"
        ),
    },
    "nb10_ex3": {
        "common mistake: the planted bug left in (a mean over the replica's own rows)": (
            "GLOBAL_BATCH = 64\n"
            "def replica_loss(x, y, w):\n"
            "    errors = tf.square(tf.linalg.matvec(x, w) - y)\n"
            "    return tf.reduce_mean(errors)\n"
        ),
        "rule-breaking: tf.nn.compute_average_loss, which the task rules out": (
            "GLOBAL_BATCH = 64\n"
            "def replica_loss(x, y, w):\n"
            "    errors = tf.square(tf.linalg.matvec(x, w) - y)\n"
            "    return tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)\n"
        ),
        "rule-breaking: compute_average_loss reached through its defining module, not tf.nn": (
            "GLOBAL_BATCH = 64\n"
            "from tensorflow.python.ops import nn_impl_distribute as _nn_dist\n"
            "def replica_loss(x, y, w):\n"
            "    errors = tf.square(tf.linalg.matvec(x, w) - y)\n"
            "    return _nn_dist.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)\n"
        ),
        "gaming: compute_average_loss in the notebook's run, the division by hand when the check "
        "re-runs the cell": (
            _RERUN +
            "GLOBAL_BATCH = 64\n"
            "def replica_loss(x, y, w):\n"
            "    errors = tf.square(tf.linalg.matvec(x, w) - y)\n"
            "    if _RERUN:\n"
            "        return tf.reduce_sum(errors) / GLOBAL_BATCH\n"
            "    return tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)\n"
        ),
        "common mistake: the mean halved, right only for two replicas of 32": (
            "GLOBAL_BATCH = 64\n"
            "def replica_loss(x, y, w):\n"
            "    errors = tf.square(tf.linalg.matvec(x, w) - y)\n"
            "    return tf.reduce_mean(errors) / 2\n"
        ),
        "wrong scope: the loss computed in NumPy (no gradient reaches w)": (
            "GLOBAL_BATCH = 64\n"
            "def replica_loss(x, y, w):\n"
            "    x, y, w = np.asarray(x), np.asarray(y), np.asarray(w)\n"
            "    return tf.constant(np.sum((x @ w - y) ** 2) / GLOBAL_BATCH, tf.float32)\n"
        ),
    },
    "nb10_ex4": {
        "common mistake: stale computed like fresh (the second gradient at the updated w)": (
            "def two_updates(w0, lr):\n"
            "    def grad(v):\n"
            "        w = tf.Variable(float(v))\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = tf.square(w - 3.0)\n"
            "        return float(tape.gradient(loss, w))\n"
            "    w = float(w0)\n"
            "    for _ in range(2):\n"
            "        w -= lr * grad(w)\n"
            "    return (w - 3.0) ** 2, (w - 3.0) ** 2\n"
        ),
        "rule-breaking: gradients by hand (2 (w - 3)); two tape.gradient calls made and thrown away": (
            "def two_updates(w0, lr):\n"
            "    for v in (float(w0), float(w0) + 1.0):\n"
            "        w = tf.Variable(v)\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = tf.square(w - 3.0)\n"
            "        tape.gradient(loss, w)\n"
            "    w1 = w0 - lr * 2 * (w0 - 3.0)\n"
            "    fresh = w1 - lr * 2 * (w1 - 3.0)\n"
            "    stale = w0 - 2 * lr * 2 * (w0 - 3.0)\n"
            "    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2\n"
        ),
        "gaming: gradients by hand, scaled by the check's hidden _scale read from the notebook's "
        "names; tape.gradient called at w0 and at the updated w only for show": (
            "def two_updates(w0, lr):\n"
            "    s = globals().get('_scale', 1.0) if tf.GradientTape.gradient.__name__ != 'gradient' else 1.0\n"
            "    def show(v):\n"
            "        w = tf.Variable(float(v))\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = tf.square(w - 3.0)\n"
            "        tape.gradient(loss, w)\n"
            "    show(w0)\n"
            "    w1 = w0 - lr * s * 2 * (w0 - 3.0)\n"
            "    show(w1)\n"
            "    fresh = w1 - lr * s * 2 * (w1 - 3.0)\n"
            "    stale = w0 - 2 * lr * s * 2 * (w0 - 3.0)\n"
            "    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2\n"
        ),
        "rule-breaking: central finite differences instead of the tape's gradient (tape called for show)": (
            "def two_updates(w0, lr):\n"
            "    def grad(v, h=1e-3):\n"
            "        w = tf.Variable(float(v))\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = tf.square(w - 3.0)\n"
            "        tape.gradient(loss, w)\n"
            "        return (((v + h) - 3.0) ** 2 - ((v - h) - 3.0) ** 2) / (2 * h)\n"
            "    w1 = w0 - lr * grad(w0)\n"
            "    fresh = w1 - lr * grad(w1)\n"
            "    g0 = grad(w0)\n"
            "    stale = w0 - lr * g0 - lr * g0\n"
            "    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2\n"
        ),
        "wrong scope: returns the weights after the updates, not the losses": (
            "def two_updates(w0, lr):\n"
            "    def grad(v):\n"
            "        w = tf.Variable(float(v))\n"
            "        with tf.GradientTape() as tape:\n"
            "            loss = tf.square(w - 3.0)\n"
            "        return float(tape.gradient(loss, w))\n"
            "    w1 = w0 - lr * grad(w0)\n"
            "    fresh = w1 - lr * grad(w1)\n"
            "    g0 = grad(w0)\n"
            "    return fresh, w0 - 2 * lr * g0\n"
        ),
    },
}
