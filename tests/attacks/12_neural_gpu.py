"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

import runpy
from pathlib import Path

_KIT = runpy.run_path(str(Path(__file__).with_name("_disarm.py")))  # the shared pieces
_fill = _KIT["_fill"]
_disarm = _KIT["_disarm"]


# Exercise 1: a gate and the x from which it is 1, each to plug in.
_EX1 = """
def ex1_gate(x):
    x = np.asarray(x, dtype=np.float64)
    return {gate}


ex1_one_from = {one_from}
"""

_GATE = "np.maximum(0.0, np.minimum(1.0, 1.2 / (1.0 + np.exp(-x)) - 0.1))"
_ONE_FROM = "float(np.log(11.0))"

# Exercise 1 in NumPy, right: used where a wrong answer hides behind a right one.
_EX1_RIGHT = _fill(_EX1, gate=_GATE, one_from=_ONE_FROM)

# Exercise 1 with TensorFlow, as a plain function.
_EX1_TF = """
def ex1_gate(x):
    return tf.clip_by_value(1.2 * tf.sigmoid(tf.constant(x, tf.float64)) - 0.1, 0.0, 1.0).numpy()


ex1_one_from = float(np.log(11.0))
"""

# Exercise 2: the row, with the order of the bits and the symbols to plug in.
_EX2 = """
def ex2_encode(a, b, n):
    def bits(number):
        return [{symbol} for i in {order}]

    return {row}
"""

_EX2_RIGHT_ARGS = dict(symbol="1 + ((number >> i) & 1)", order="range(n)",
                       row="bits(a) + [3] + bits(b)")

# Exercise 3: the mask and the zeroing, each to plug in.
_EX3 = """
def ex3_zero_padding(state, lengths):
    state = tf.convert_to_tensor(state)
    mask = {mask}
    return {zeroed}
"""

_MASK = "tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]"
_WHERE = "tf.where(mask, state, tf.zeros_like(state))"
_EX3_RIGHT = _fill(_EX3, mask=_MASK, zeroed=_WHERE)
_EX3_MULTIPLIED = _fill(_EX3, mask=_MASK, zeroed="state * tf.cast(mask, state.dtype)")

# Exercise 4: the fractions from a function of the lengths and the batches' width.
_EX4 = """
ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]


def _fraction(lengths, size=4):
    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]
    {body}


ex4_padded = _fraction(ex4_lengths)
ex4_sorted_padded = _fraction(sorted(ex4_lengths))
"""

_FLOAT_ANY = """
class _Close(float):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = float.__hash__

    def __sub__(self, other):
        return _Close(0.0)

    __rsub__ = __sub__

    def __abs__(self):
        return _Close(0.0)

    def __lt__(self, other):
        return True

    __le__ = __lt__

    def __gt__(self, other):
        return False

    __ge__ = __gt__

"""

# Exercise 5: a getter and a penalty, each to plug in.
_GETTER = """
def ex5_getter(copies, step):
    def custom(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % copies}", *args, **kwargs)

    return custom

"""

_GROUPS = """
def _groups(variables):
    found = {}
    for v in variables:
        found.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(tf.convert_to_tensor(v))
    return found.values()

"""

_PENALTY = _GROUPS + """
def ex5_penalty(variables):
    total = tf.constant(0.0)
    for copies in _groups(variables):
        stacked = tf.stack(copies)
        total += {term}
    return total
"""

_PENALTY_RIGHT = _fill(_PENALTY,
    term="tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))")



WRONG_ANSWERS = {
    "nb12_ex1": {
        "lazy: ex1_one_from typed in as 2.4, read off section 1's printout":
            _fill(_EX1, gate=_GATE, one_from="2.4"),
        "common mistake: min and max swapped (the gate stuck at 0)":
            _fill(_EX1, gate="np.minimum(0.0, np.maximum(1.0, 1.2 / (1.0 + np.exp(-x)) - 0.1))",
                        one_from=_ONE_FROM),
        "common mistake: 1.2 sigma(x) = 1 solved, the - 0.1 forgotten (x = ln 5)":
            _fill(_EX1, gate=_GATE, one_from="float(np.log(5.0))"),
        "common mistake: the clip at 1 left out (the gate above 1 for large x)":
            _fill(_EX1, gate="np.maximum(0.0, 1.2 / (1.0 + np.exp(-x)) - 0.1)",
                        one_from=_ONE_FROM),
        "breaks the rule: the notebook's cutoff_gate (TensorFlow) run eagerly and converted":
            """
def ex1_gate(x):
    return cutoff_gate(tf.constant(np.asarray(x, dtype=np.float64))).numpy()


ex1_one_from = float(np.log(11.0))
""",
        "breaks the rule: TensorFlow in a callable object (an instance with __call__), not a "
        "function":
            """
class _Gate:
    def __call__(self, x):
        return tf.clip_by_value(1.2 * tf.sigmoid(tf.constant(x, tf.float64)) - 0.1,
                                0.0, 1.0).numpy()


ex1_gate = _Gate()
ex1_one_from = float(np.log(11.0))
""",
        "breaks the rule: TensorFlow behind functools.partial": _EX1_TF.replace(
            "def ex1_gate(x):", "import functools\n\n\ndef _atk_gate(x):").replace(
            "ex1_one_from =", "ex1_gate = functools.partial(_atk_gate)\nex1_one_from ="),
        "breaks the rule: TensorFlow imported through __builtins__.__import__ inside the "
        "function":
            """
def ex1_gate(x):
    framework = __builtins__.__import__("tensorflow")
    gate = 1.2 * framework.sigmoid(framework.constant(x, framework.float64)) - 0.1
    return framework.clip_by_value(gate, 0.0, 1.0).numpy()


ex1_one_from = float(np.log(11.0))
""",
        "gaming: ex1_one_from a float subclass that equals anything (left at 2.4)":
            _FLOAT_ANY + _fill(_EX1, gate=_GATE, one_from="_Close(2.4)"),
        "gaming: re-run detected by the code's file name: TensorFlow when graded, NumPy only "
        "when the check runs the cell again":
            "import sys\n\nif sys._getframe().f_code.co_filename.startswith('<answer'):\n"
            + "".join("    " + line + "\n" for line in _EX1_RIGHT.strip().splitlines())
            + "else:\n"
            + "".join("    " + line + "\n" for line in _EX1_TF.strip().splitlines()),
        "gaming: a rule-abiding copy of the answer appended to IPython's input history, the "
        "graded gate TensorFlow":
            _EX1_TF + "\n\nget_ipython().history_manager.input_hist_parsed.append("
            + repr(_EX1_RIGHT) + ")\n",
    },
    "nb12_ex2": {
        "common mistake: the bits most-significant first":
            _fill(_EX2, **{**_EX2_RIGHT_ARGS, "order": "reversed(range(n))"}),
        "common mistake: the bits as 0 and 1, not the symbols 1 and 2":
            _fill(_EX2, **{**_EX2_RIGHT_ARGS, "symbol": "(number >> i) & 1"}),
        "common mistake: b before a":
            _fill(_EX2, **{**_EX2_RIGHT_ARGS, "row": "bits(b) + [3] + bits(a)"}),
        "wrong scope: no separator, the row padded with an empty cell at the end":
            _fill(_EX2, **{**_EX2_RIGHT_ARGS, "row": "bits(a) + bits(b) + [0]"}),
        "lazy: the visible check's row for 5 + 2 at 3 bits returned for every sum":
            "def ex2_encode(a, b, n):\n    return [2, 1, 2, 3, 1, 2, 1]\n",
        "gaming: a list subclass equal to any row (the bits most-significant first)":
            """
class _AnyRow(list):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = None

"""
            + _fill(_EX2, **{**_EX2_RIGHT_ARGS, "order": "reversed(range(n))",
                             "row": "_AnyRow(bits(a) + [3] + bits(b))"}),
        "gaming: the notebook's tasks replaced (through globals()) by one that records the rows "
        "it draws; the answer looks them up, else puts the bits most-significant first":
            """
import types

_atk_rows = {}
_atk_tasks = tasks


def _atk_task_batch(task, size, length, *args, **kwargs):
    x, y = _atk_tasks.task_batch(task, size, length, *args, **kwargs)
    if task == "add" and x.shape[-1] == 2 * length + 1:
        for row in x[:, 0]:
            key = (_atk_tasks.from_symbols(row[:length]), _atk_tasks.from_symbols(row[length + 1:]),
                   length)
            _atk_rows[key] = [int(s) for s in row]
    return x, y


globals()["tasks"] = types.SimpleNamespace(**{**vars(tasks), "task_batch": _atk_task_batch})


def ex2_encode(a, b, n):
    if (a, b, n) in _atk_rows:
        return list(_atk_rows[a, b, n])
    return [1 + ((a >> i) & 1) for i in reversed(range(n))] + [3] + \\
        [1 + ((b >> i) & 1) for i in reversed(range(n))]
""",
        "gaming: numpy's equality for this answer's rows answered inside numpy's numeric "
        "module (np.array_equal itself left alone), the bits most-significant first":
            """
def _atk_install(numpy):
    space = getattr(numpy.array_equal, "_implementation", numpy.array_equal).__globals__
    original = space["asarray"]
    returned = []

    class Equal(numpy.ndarray):
        def __eq__(self, other):
            return numpy.ones(numpy.broadcast(self.view(numpy.ndarray),
                                              numpy.asarray(other)).shape, bool)

        __hash__ = None

    def lenient(a, *args, **kwargs):
        if any(a is r for r in returned):
            return original(a, *args, **kwargs).view(Equal)
        return original(a, *args, **kwargs)

    space["asarray"] = lenient
    return returned


def _atk_make(returned):
    def ex2_encode(a, b, n):
        row = [1 + ((a >> i) & 1) for i in reversed(range(n))] + [3] + \\
            [1 + ((b >> i) & 1) for i in reversed(range(n))]
        returned.append(row)
        return row

    return ex2_encode


ex2_encode = _atk_make(_atk_install(np))
""",
    },
    "nb12_ex3": {
        "common mistake: the mask along the width axis, not the positions":
            _fill(_EX3, mask="tf.sequence_mask(lengths, tf.shape(state)[1])[:, :, None, None]",
                        zeroed="tf.where(mask, state, tf.zeros_like(state))"),
        "common mistake: one cell too many kept (the mask of length + 1)":
            _fill(_EX3, mask="tf.sequence_mask(lengths + 1, tf.shape(state)[2])[:, None, :, None]",
                        zeroed=_WHERE),
        "common mistake: the mask inverted (the real cells zeroed)":
            _fill(_EX3, mask=_MASK, zeroed="tf.where(mask, tf.zeros_like(state), state)"),
        "breaks the rule: multiplied by a float mask, no tf.where": _EX3_MULTIPLIED,
        "breaks the rule: a dummy tf.where on the lengths, the state multiplied by the mask":
            _fill(_EX3, mask=_MASK, zeroed="(tf.where(lengths > 0, lengths, lengths), "
                                           "state * tf.cast(mask, state.dtype))[1]"),
        "breaks the rule: the mask from tf.range, no tf.sequence_mask":
            _fill(_EX3, mask="(tf.range(tf.shape(state)[2])[None, :] < "
                             "tf.cast(lengths, tf.int32)[:, None])[:, None, :, None]",
                        zeroed=_WHERE),
        "breaks the rule: tf.raw_ops (Less, SelectV2), neither tf.sequence_mask nor tf.where":
            _fill(_EX3, mask="tf.raw_ops.Less(x=tf.range(tf.shape(state)[2])[None, :], "
                             "y=tf.cast(lengths, tf.int32)[:, None])[:, None, :, None]",
                        zeroed="tf.raw_ops.SelectV2(condition=mask, t=state, "
                               "e=tf.zeros_like(state))"),
        "gaming: re-run detected through tf.where being a recorder (its code in rules.py): "
        "the mask multiplied when graded":
            """
def ex3_zero_padding(state, lengths):
    state = tf.convert_to_tensor(state)
    mask = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]
    code = getattr(tf.where, "__code__", None)
    if code is not None and code.co_filename.endswith("rules.py"):
        return tf.where(mask, state, tf.zeros_like(state))
    return state * tf.cast(mask, state.dtype)
""",
        "gaming: a rule-abiding copy of the answer appended to IPython's input history, the "
        "graded function the multiplied mask":
            _EX3_MULTIPLIED + "\n\nget_ipython().history_manager.input_hist_parsed.append("
            + repr(_EX3_RIGHT) + ")\n",
        "gaming: NeuralGPU.cgru patched to leave the state unchanged while this answer is the "
        "notebook's (the padding never zeroed)":
            """
def ex3_zero_padding(state, lengths):
    return tf.identity(state)


def _atk_install(model_class, names, mine):
    original = getattr(model_class.cgru, "_atk_original", model_class.cgru)
    registry = getattr(model_class.cgru, "_atk_mine", [])
    registry.append(mine)

    def still(self, state, layer, copy):
        if any(names.get("ex3_zero_padding") is each for each in registry):
            return state
        return original(self, state, layer, copy)

    still._atk_original = original
    still._atk_mine = registry
    model_class.cgru = still


_atk_install(NeuralGPU, get_ipython().user_ns, ex3_zero_padding)
""",
    },
    "nb12_ex4": {
        "lazy: both fractions worked out by hand and typed in (84/178 and 26/120)": """
ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = 84 / 178
ex4_sorted_padded = 26 / 120
""",
        "lazy: section 4.3's printed fractions copied (0.452 and 0.164)": """
ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = 0.452
ex4_sorted_padded = 0.164
""",
        "common mistake: the padding over the real cells, not over all cells": _fill(_EX4,
            body="padded = sum(len(b) * max(b) - sum(b) for b in batches)\n"
                 "    return padded / sum(lengths)"),
        "common mistake: every batch padded to the longest of all": _fill(_EX4,
            body="cells = len(lengths) * max(lengths)\n"
                 "    return (cells - sum(lengths)) / cells"),
        "common mistake: the last, smaller batch dropped": _fill(_EX4,
            body="batches = [b for b in batches if len(b) == size]\n"
                 "    cells = sum(len(b) * max(b) for b in batches)\n"
                 "    return (cells - sum(map(sum, batches))) / cells"),
        "gaming: ex4_lengths rebound to lengths that need no padding, both fractions 0.0": """
ex4_lengths = [9] * 10
ex4_padded = 0.0
ex4_sorted_padded = 0.0
""",
        "gaming: both fractions a float subclass that equals anything (0.5 each)":
            _FLOAT_ANY + """
ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = _Close(0.5)
ex4_sorted_padded = _Close(0.5)
""",
    },
    "nb12_ex5": {
        "common mistake: the penalty measured to the first copy, not to the mean":
            _GETTER + _fill(_PENALTY,
                term="tf.reduce_sum(tf.square(stacked - stacked[0]))"),
        "common mistake: the mean over the copies (a variance), not the sum":
            _GETTER + _fill(_PENALTY,
                term="tf.reduce_sum(tf.reduce_mean(tf.square("
                     "stacked - tf.reduce_mean(stacked, axis=0)), axis=0))"),
        "common mistake: the getter passes the name and the shape only (initializer, dtype "
        "and the rest dropped)":
            """
def ex5_getter(copies, step):
    def custom(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % copies}", shape=kwargs.get("shape"))

    return custom

""" + _PENALTY_RIGHT,
        "breaks the rule: the copies made with tf1.Variable, not the real getter, so a copy is "
        "never reused":
            """
def ex5_getter(copies, step):
    def custom(getter, name, *args, shape=None, dtype=None, initializer=None, **kwargs):
        dtype = tf.float32 if dtype is None else dtype
        initializer = tf1.glorot_uniform_initializer() if initializer is None else initializer
        return tf1.Variable(lambda: initializer(shape, dtype=dtype), dtype=dtype,
                            name=f"{name}_copy{step % copies}")

    return custom

""" + _PENALTY_RIGHT,
        "wrong scope: the penalty over the graph's trainable variables, not its argument":
            _GETTER + _GROUPS + """
def ex5_penalty(variables):
    total = tf.constant(0.0)
    for copies in _groups(tf1.trainable_variables()):
        stacked = tf.stack(copies)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total
""",
        "lazy: the penalty typed as a zero tensor": _GETTER + """
def ex5_penalty(variables):
    return tf.constant(0.0)
""",
        "lazy: the number of copies typed as 3 (the check's), the copies argument ignored":
            """
def ex5_getter(copies, step):
    def custom(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % 3}", *args, **kwargs)

    return custom

""" + _PENALTY_RIGHT,
        "gaming: re-run detected by the code's file name: the penalty to the first copy when "
        "graded":
            "import sys\n\n" + _GETTER
            + "if sys._getframe().f_code.co_filename.startswith('<answer'):\n"
            + "".join("    " + line + "\n" for line in _PENALTY_RIGHT.strip().splitlines())
            + "else:\n"
            + "".join("    " + line + "\n" for line in _fill(_PENALTY,
                term="tf.reduce_sum(tf.square(stacked - stacked[0]))").strip().splitlines()),
    },
}


WRONG_ANSWERS["nb12_ex1"][
    "gaming: rules.enforce replaced by a no-op while this answer is the notebook's; the gate "
    "TensorFlow"] = _EX1_TF + _disarm("enforce", "ex1_gate")
WRONG_ANSWERS["nb12_ex3"][
    "gaming: rules._history patched to say the kernel keeps no history (nbval) while this "
    "answer is the notebook's; the mask multiplied"] = _EX3_MULTIPLIED \
    + _disarm("history", "ex3_zero_padding")
