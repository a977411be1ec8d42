"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

import runpy
from pathlib import Path

_KIT = runpy.run_path(str(Path(__file__).with_name("_gaming.py")))  # the shared gaming pieces
FAKE_ENFORCE = _KIT["FAKE_ENFORCE"]
WRAP_NEXT_CELL = _KIT["WRAP_NEXT_CELL"]
_if_rerun = _KIT["_if_rerun"]
_forged = _KIT["_forged"]
BY_GLOBALS = _KIT["BY_GLOBALS"]
BY_FILENAME = _KIT["BY_FILENAME"]
STRIP_NEXT_CELL = _KIT["STRIP_NEXT_CELL"]
YES_MEN = _KIT["YES_MEN"]

# Exercise 1: devices.

_EX1_RIGHT = '["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:0", "/job:worker"]'

# Exercise 2: TF_CONFIG.

_EX2_CLUSTER = ('{"ps": ["10.1.0.1:2222"], "worker": ["10.1.0.2:2222", "10.1.0.3:2222"]}')

# Exercise 3: replica_loss.


def _ex3(body: str, head: str = "") -> str:
    """The answer cell of exercise 3: ``head``, then replica_loss returning ``body``."""
    return head + f"""
GLOBAL_BATCH = 64


def replica_loss(x, y, w):
    errors = tf.square(tf.linalg.matvec(x, w) - y)
    return {body}
"""


# Exercise 4: a stale gradient.

_EX4_TAPE = """
def two_updates(w0, lr):
    def gradient(w):
        w = tf.constant(w, tf.float32)
        with tf.GradientTape() as tape:
            tape.watch(w)
            loss = tf.square(w - 3.0)
        return float(tape.gradient(loss, w))

    fresh = w0 - lr * gradient(w0)
    fresh = fresh - lr * gradient(fresh)
    g = gradient(w0)
    stale = w0 - lr * g - lr * g
    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2
"""

_EX4_BY_HAND = """
def two_updates(w0, lr):
    def gradient(w):
        return 2.0 * (w - 3.0)

    fresh = w0 - lr * gradient(w0)
    fresh = fresh - lr * gradient(fresh)
    g = gradient(w0)
    stale = w0 - lr * g - lr * g
    return (fresh - 3.0) ** 2, (stale - 3.0) ** 2
"""

WRONG_ANSWERS = {
    "nb10_ex1": {
        "common mistake: d = a + b put on a ps as well":
            'predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:0", '
            '"/job:ps/task:1"]\n',
        "common mistake: every variable on the first ps":
            'predicted = ["/job:ps/task:0", "/job:ps/task:0", "/job:ps/task:0", "/job:worker"]\n',
        "common mistake: c on the third ps task (one task per variable)":
            'predicted = ["/job:ps/task:0", "/job:ps/task:1", "/job:ps/task:2", "/job:worker"]\n',
        "breaks the rule: not a prediction: the graph built under replica_device_setter and "
        "the devices read off it": """
with tf.Graph().as_default():
    with tf1.device(tf1.train.replica_device_setter(ps_tasks=2)):
        _a, _b, _c = (tf1.Variable(1.0, name=n) for n in "abc")
        _d = _a + _b
predicted = [op.device for op in (_a.op, _b.op, _c.op, _d.op)]
""",
        "gaming: a list subclass whose == says yes, holding wrong devices": YES_MEN + """
predicted = _AtkYesList(["/job:ps/task:0"] * 4)
""",
        "gaming: wrong devices as str subclasses whose == says yes": YES_MEN + """
predicted = [_AtkYesStr("/job:ps/task:0") for _ in range(4)]
""",
        "gaming: an AST transformer turns the check's asserts into pass; the devices wrong":
            'predicted = ["/job:ps/task:0"] * 4\n' + STRIP_NEXT_CELL,
    },
    "nb10_ex2": {
        "common mistake: task index 2 (the third machine counted with the ps)":
            'config = json.dumps({"cluster": ' + _EX2_CLUSTER + ', "task": {"type": "worker", '
            '"index": 2}})\n',
        "common mistake: all three machines listed as workers": 'config = json.dumps({'
            '"cluster": {"worker": ["10.1.0.1:2222", "10.1.0.2:2222", "10.1.0.3:2222"]}, '
            '"task": {"type": "worker", "index": 2}})\n',
        "common mistake: the second worker called the chief": 'config = json.dumps({"cluster": '
            '{"ps": ["10.1.0.1:2222"], "chief": ["10.1.0.2:2222"], "worker": ["10.1.0.3:2222"]}, '
            '"task": {"type": "chief", "index": 0}})\n',
        "lazy: section 7's TF_CONFIG for worker 1, copied (its 10.0.0.x addresses)":
            'config = tf_config(real_cluster, "worker", 1)\n',
        "gaming: json rebound to a stand-in whose loads gives the right object for any string; "
        "config says index 2": """
import types as _atk_types
_atk_real_json = json
_atk_right = {"cluster": """ + _EX2_CLUSTER + """, "task": {"type": "worker", "index": 1}}
json = _atk_types.SimpleNamespace(loads=lambda text, *a, **k: dict(_atk_right),
                                  dumps=_atk_real_json.dumps, load=_atk_real_json.load,
                                  dump=_atk_real_json.dump,
                                  JSONDecodeError=_atk_real_json.JSONDecodeError)
config = _atk_real_json.dumps({"cluster": _atk_right["cluster"],
                               "task": {"type": "worker", "index": 2}})
""",
        "gaming: config a str subclass whose == says yes (it says index 2)": YES_MEN + """
config = _AtkYesStr(json.dumps({"cluster": """ + _EX2_CLUSTER + """,
                                "task": {"type": "worker", "index": 2}}))
""",
        "gaming: an input transformer wraps the check in try/except; config left None":
            "config = None\n" + WRAP_NEXT_CELL,
    },
    "nb10_ex3": {
        "wrong scope: the sum over twice the replica's own rows (two equal replicas assumed)":
            _ex3("tf.reduce_sum(errors) / (2.0 * tf.cast(tf.shape(errors)[0], tf.float32))"),
        "common mistake: the replica's mean halved (two replicas assumed)":
            _ex3("tf.reduce_mean(errors) / 2.0"),
        "lazy: divided by a typed 64, not GLOBAL_BATCH": _ex3("tf.reduce_sum(errors) / 64.0"),
        "breaks the rule: tf.nn.compute_average_loss called from the module that defines it "
        "(tensorflow.python.ops.nn_impl_distribute)": _ex3(
            "_atk_nd.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)",
            head="from tensorflow.python.ops import nn_impl_distribute as _atk_nd\n"),
        "gaming: tf.nn.compute_average_loss unwrapped with inspect.unwrap (past the recorder)":
            _ex3("_atk_inspect.unwrap(tf.nn.compute_average_loss)(errors, "
                 "global_batch_size=GLOBAL_BATCH)", head="import inspect as _atk_inspect\n"),
        "gaming: re-run detected (the cell's code file): the notebook's replica_loss calls "
        "tf.nn.compute_average_loss, the re-run's divides by hand": _if_rerun(
            BY_FILENAME,
            _ex3("tf.reduce_sum(errors) / GLOBAL_BATCH"),
            _ex3("tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)")),
        "gaming: rules.enforce replaced by a one-shot stand-in; tf.nn.compute_average_loss "
        "called": FAKE_ENFORCE + _ex3(
            "tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)"),
    },
    "nb10_ex4": {
        "common mistake: stale averages the two gradients (one step from w0), as sync would":
            _EX4_TAPE.replace("stale = w0 - lr * g - lr * g", "stale = w0 - lr * g"),
        "common mistake: the pair returned as (stale_loss, fresh_loss)":
            _EX4_TAPE.replace("return (fresh - 3.0) ** 2, (stale - 3.0) ** 2",
                              "return (stale - 3.0) ** 2, (fresh - 3.0) ** 2"),
        "common mistake: returns the weights after the updates, not the losses":
            _EX4_TAPE.replace("return (fresh - 3.0) ** 2, (stale - 3.0) ** 2",
                              "return fresh, stale"),
        "breaks the rule: the gradients by hand, 2 (w - 3); tape.gradient called twice on a "
        "dummy to count": _EX4_BY_HAND.replace("    fresh = w0", """    for _ in range(2):
        dummy = tf.constant(1.0)
        with tf.GradientTape() as tape:
            tape.watch(dummy)
            out = dummy * dummy
        tape.gradient(out, dummy)
    fresh = w0""", 1),
        "gaming: re-run detected (the cell's globals are not the kernel's): the notebook's "
        "two_updates takes the gradients by hand, the re-run's with tf.GradientTape":
            _if_rerun(BY_GLOBALS, _EX4_TAPE, _EX4_BY_HAND),
        "gaming: rules.enforce replaced by a one-shot stand-in; the gradients by hand":
            FAKE_ENFORCE + _EX4_BY_HAND,
    },
}

# History forged: the kernel's own record of the cells it ran gains a rule-abiding answer.
_FORGED = ("gaming: history forged: a rule-abiding answer appended to the kernel's history "
           "(what the check runs again); the notebook's function ")
WRONG_ANSWERS["nb10_ex3"][_FORGED + "calls tf.nn.compute_average_loss"] = _forged(
    _ex3("tf.nn.compute_average_loss(errors, global_batch_size=GLOBAL_BATCH)"),
    _ex3("tf.reduce_sum(errors) / GLOBAL_BATCH"))
WRONG_ANSWERS["nb10_ex4"][_FORGED + "takes the gradients by hand"] = _forged(_EX4_BY_HAND,
                                                                            _EX4_TAPE)
