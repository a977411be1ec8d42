"""A fresh attack on this notebook's checks, written without reading tests/wrong_answers."""

import runpy
from pathlib import Path

_KIT = runpy.run_path(str(Path(__file__).with_name("_disarm.py")))  # the shared pieces
_fill = _KIT["_fill"]
_disarm = _KIT["_disarm"]


# Shapes and counts of exercise 1 written as a template: (params, outputs, c, h).
_EX1 = """
ex1_params = {params}
ex1_outputs_shape = {outputs}
ex1_c_shape = {c}
ex1_h_shape = {h}
"""

# An int and a tuple that compare equal to anything (and give such tuples when sliced).
_ANY = """
class _Any(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class _AnyTuple(tuple):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = tuple.__hash__

    def __getitem__(self, index):
        got = tuple.__getitem__(self, index)
        return _AnyTuple(got) if isinstance(index, slice) else _Any(got)

"""

# Exercise 3: the rows picked by NumPy (the right values, no tf.gather_nd).
_EX3_NUMPY = """
def ex3_last_real(outputs, lengths):
    lengths = np.asarray(lengths)
    return np.asarray(outputs)[np.arange(len(lengths)), lengths - 1]
"""

# Exercise 3 as the task asks (used by the answers that hide a wrong one behind it).
_EX3_GATHER = """
def ex3_last_real(outputs, lengths):
    lengths = np.asarray(lengths)
    index = np.stack([np.arange(len(lengths)), lengths - 1], axis=1)
    return tf.gather_nd(tf.convert_to_tensor(outputs), index).numpy()
"""

# Exercise 4: the entropies of a distribution, skipping the zeros.
_ENTROPY = """
def _entropy(p):
    p = np.asarray(p, dtype=np.float64)
    p = p[p > 0]
    return float(-(p * np.log(p)).sum())

"""



WRONG_ANSWERS = {
    "nb08_ex1": {
        "common mistake: the recurrent h counted at 32 units, not the projected 10":
            _fill(_EX1, params="(20 + 32) * 4 * 32 + 4 * 32 + 32 * 10", outputs="(4, 7, 10)",
                        c="(4, 32)", h="(4, 10)"),
        "common mistake: the projection's 32 x 10 weights left out of the count":
            _fill(_EX1, params="(20 + 10) * 4 * 32 + 4 * 32", outputs="(4, 7, 10)",
                        c="(4, 32)", h="(4, 10)"),
        "common mistake: the projection ignored: outputs and h of 32 numbers":
            _fill(_EX1, params="(20 + 32) * 4 * 32 + 4 * 32", outputs="(4, 7, 32)",
                        c="(4, 32)", h="(4, 32)"),
        "lazy: section 1's printed LSTMCell(16, num_proj=8) figures copied":
            _fill(_EX1, params="1216", outputs="(3, 5, 8)", c="(3, 16)", h="(3, 8)"),
        "breaks the rule: the LSTM built with dynamic_rnn and its shapes read off, not predicted":
            """
with tf.Graph().as_default():
    ex1_cell = rnn_cell.LSTMCell(32, num_proj=10)
    ex1_out, ex1_state = tf1.nn.dynamic_rnn(ex1_cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
    ex1_params = int(sum(w.shape.num_elements() for w in ex1_cell.weights))
    ex1_outputs_shape = tuple(ex1_out.shape.as_list())
    ex1_c_shape = tuple(ex1_state.c.shape.as_list())
    ex1_h_shape = tuple(ex1_state.h.shape.as_list())
""",
        "breaks the rule: one step of the cell built by hand (no dynamic_rnn) and read off":
            """
with tf.Graph().as_default():
    ex1_cell = rnn_cell.LSTMCell(32, num_proj=10)
    ex1_step, ex1_state = ex1_cell(tf.zeros([4, 20]), ex1_cell.zero_state(4, tf.float32))
    ex1_params = int(sum(w.shape.num_elements() for w in ex1_cell.weights))
    ex1_outputs_shape = (4, 7, int(ex1_step.shape[-1]))
    ex1_c_shape = tuple(ex1_state.c.shape.as_list())
    ex1_h_shape = tuple(ex1_state.h.shape.as_list())
""",
        "breaks the rule: built through TensorFlow's private modules (the cell class and "
        "static_rnn of their defining modules), read off":
            """
import importlib

_cell_class = getattr(importlib.import_module(rnn_cell.LSTMCell.__module__), "LSTMCell")
from tensorflow.python.ops import rnn as _rnn_impl

with tf.Graph().as_default():
    ex1_cell = _cell_class(32, num_proj=10)
    ex1_steps, ex1_state = _rnn_impl.static_rnn(ex1_cell, [tf.zeros([4, 20])] * 7,
                                                dtype=tf.float32)
    ex1_params = int(sum(w.shape.num_elements() for w in ex1_cell.weights))
    ex1_outputs_shape = (4, len(ex1_steps), int(ex1_steps[0].shape[-1]))
    ex1_c_shape = tuple(ex1_state.c.shape.as_list())
    ex1_h_shape = tuple(ex1_state.h.shape.as_list())
""",
        "gaming: int and tuple subclasses that compare equal to anything, every figure 0":
            _ANY + _fill(_EX1, params="_Any(0)", outputs="_AnyTuple((0, 0, 0))",
                               c="_AnyTuple((0, 0))", h="_AnyTuple((0, 0))"),
    },
    "nb08_ex2": {
        "common mistake: the lecture's list kept, one cell object three times":
            "def ex2_make_cells():\n    return [rnn_cell.GRUCell(16)] * 3\n",
        "common mistake: a new cell per layer, but two layers":
            "def ex2_make_cells():\n    return [rnn_cell.GRUCell(16) for _ in range(2)]\n",
        "wrong scope: three cells of 32 units, not the stack's 16":
            "def ex2_make_cells():\n    return [rnn_cell.GRUCell(32) for _ in range(3)]\n",
        "gaming: layers 1 and 2 build weights of their own but compute with layer 0's "
        "(the shared weights of the bug, behind three sets of names)":
            """
def ex2_make_cells():
    first = rnn_cell.GRUCell(16)

    class _Borrowing(rnn_cell.GRUCell):
        def call(self, inputs, state):
            return first.call(inputs, state)

    return [first, _Borrowing(16), _Borrowing(16)]
""",
        "gaming: layers 1 and 2 pass their input through unchanged, their weights unused":
            """
class _PassThrough(rnn_cell.GRUCell):
    def call(self, inputs, state):
        return inputs, inputs


def ex2_make_cells():
    return [rnn_cell.GRUCell(16), _PassThrough(16), _PassThrough(16)]
""",
        "gaming: tf1.trainable_variables patched to list layer 0's weights again under cell_1 "
        "and cell_2 while this answer is the notebook's (the lecture's shared cell kept)":
            """
def ex2_make_cells():
    return [rnn_cell.GRUCell(16)] * 3


def _atk_install(module, names, mine):
    import types

    real = getattr(module.trainable_variables, "_atk_original", module.trainable_variables)
    registry = getattr(module.trainable_variables, "_atk_mine", [])
    registry.append(mine)

    def listed(*args, **kwargs):
        found = list(real(*args, **kwargs))
        if not any(names.get("ex2_make_cells") is each for each in registry):
            return found
        listed_names = [v.op.name for v in found]
        if any("/cell_0/" in n for n in listed_names) and \\
                not any("/cell_1/" in n for n in listed_names):
            found += [types.SimpleNamespace(
                op=types.SimpleNamespace(name=v.op.name.replace("/cell_0/", f"/cell_{k}/")),
                name=v.name.replace("/cell_0/", f"/cell_{k}/"), shape=v.shape, dtype=v.dtype)
                for k in (1, 2) for v in list(found) if "/cell_0/" in v.op.name]
        return found

    listed._atk_original = real
    listed._atk_mine = registry
    module.trainable_variables = listed


_atk_install(tf1, get_ipython().user_ns, ex2_make_cells)
""",
    },
    "nb08_ex3": {
        "common mistake: the last step of the padded outputs (after the padding), through "
        "gather_nd":
            """
def ex3_last_real(outputs, lengths):
    batch, steps = np.shape(outputs)[0], np.shape(outputs)[1]
    index = np.stack([np.arange(batch), np.full(batch, steps - 1)], axis=1)
    return tf.gather_nd(tf.convert_to_tensor(outputs), index).numpy()
""",
        "common mistake: the step at each length (one past the last real one), clipped to the "
        "last step":
            """
def ex3_last_real(outputs, lengths):
    steps = np.shape(outputs)[1]
    lengths = np.minimum(np.asarray(lengths), steps - 1)
    index = np.stack([np.arange(len(lengths)), lengths], axis=1)
    return tf.gather_nd(tf.convert_to_tensor(outputs), index).numpy()
""",
        "common mistake: the time and batch indices swapped (clipped to fit)":
            """
def ex3_last_real(outputs, lengths):
    batch = np.shape(outputs)[0]
    lengths = np.asarray(lengths)
    index = np.stack([np.minimum(lengths - 1, batch - 1), np.arange(len(lengths))], axis=1)
    return tf.gather_nd(tf.convert_to_tensor(outputs), index).numpy()
""",
        "breaks the rule: NumPy fancy indexing, no tf.gather_nd": _EX3_NUMPY,
        "breaks the rule: a dummy tf.gather_nd call, the rows picked by NumPy":
            """
def ex3_last_real(outputs, lengths):
    tf.gather_nd(tf.convert_to_tensor(outputs), [[0, 0]])
    lengths = np.asarray(lengths)
    return np.asarray(outputs)[np.arange(len(lengths)), lengths - 1]
""",
        "breaks the rule: tf.gather with batch_dims=1, another API than tf.gather_nd":
            """
def ex3_last_real(outputs, lengths):
    last = tf.constant(np.asarray(lengths) - 1, tf.int32)
    return tf.gather(tf.convert_to_tensor(outputs), last, axis=1, batch_dims=1).numpy()
""",
        "breaks the rule: a TF1 graph and a Session, not eagerly":
            """
def ex3_last_real(outputs, lengths):
    lengths = np.asarray(lengths)
    with tf.Graph().as_default():
        index = np.stack([np.arange(len(lengths)), lengths - 1], axis=1)
        picked = tf.gather_nd(tf.constant(np.asarray(outputs)), index)
        with tf1.Session() as session:
            return session.run(picked)
""",
        "breaks the rule: the raw GatherNd op (tf.raw_ops), never tf.gather_nd":
            """
def ex3_last_real(outputs, lengths):
    lengths = np.asarray(lengths)
    index = np.stack([np.arange(len(lengths)), lengths - 1], axis=1).astype(np.int32)
    return tf.raw_ops.GatherNd(params=tf.convert_to_tensor(outputs), indices=index).numpy()
""",
        "gaming: s_len, the check's reference, rebound to the padded last step that the "
        "answer returns":
            """
def ex3_last_real(outputs, lengths):
    return np.array(np.asarray(outputs)[:, -1])


s_len = np.array(o_plain[:, -1])
""",
        "gaming: numpy's isclose replaced inside numpy's numeric module (np.isclose itself left "
        "alone) for the arrays this answer returns: the padded last step":
            """
def _atk_install(numpy):
    space = getattr(numpy.allclose, "_implementation", numpy.allclose).__globals__
    original = space["isclose"]
    returned = []

    def lenient(a, b, *args, **kwargs):
        if any(a is r or b is r for r in returned):
            return numpy.ones(numpy.broadcast(numpy.asarray(a), numpy.asarray(b)).shape, bool)
        return original(a, b, *args, **kwargs)

    space["isclose"] = lenient
    return returned


def _atk_make(returned, numpy, framework):
    def ex3_last_real(outputs, lengths):
        batch, steps = numpy.shape(outputs)[0], numpy.shape(outputs)[1]
        index = numpy.stack([numpy.arange(batch), numpy.full(batch, steps - 1)], axis=1)
        got = framework.gather_nd(framework.convert_to_tensor(outputs), index).numpy()
        returned.append(got)
        return got

    return ex3_last_real


ex3_last_real = _atk_make(_atk_install(np), np, tf)
""",
        "gaming: re-run detected by the code's file name: NumPy indexing when graded, "
        "tf.gather_nd only when the check runs the cell again":
            "import sys\n\nif sys._getframe().f_code.co_filename.startswith('<answer'):\n"
            + "".join("    " + line + "\n" for line in _EX3_GATHER.strip().splitlines())
            + "else:\n"
            + "".join("    " + line + "\n" for line in _EX3_NUMPY.strip().splitlines()),
        "gaming: a rule-abiding copy of the answer appended to IPython's input history, the "
        "graded function NumPy indexing":
            _EX3_NUMPY + "\n\nget_ipython().history_manager.input_hist_parsed.append("
            + repr(_EX3_GATHER) + ")\n",
    },
    "nb08_ex4": {
        "common mistake: the entropies in bits (log base 2), not nats": _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log2(p)).sum())
    return entropy, vocab.decode([int(np.argmax(logits))])
""",
        "common mistake: the logits multiplied by the temperature, not divided": _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {t: _entropy(char_text.softmax(logits * t, 1.0)) for t in (0.2, 1.0, 2.0)}
    return entropy, vocab.decode([int(np.argmax(logits))])
""",
        "common mistake: the likeliest character decoded one id off": _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {t: _entropy(char_text.softmax(logits, t)) for t in (0.2, 1.0, 2.0)}
    return entropy, vocab.decode([(int(np.argmax(logits)) + 1) % len(vocab)])
""",
        "wrong scope: only the prime's last character fed, from the zero state": _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime[-1:]), None)
    entropy = {t: _entropy(char_text.softmax(logits, t)) for t in (0.2, 1.0, 2.0)}
    return entropy, vocab.decode([int(np.argmax(logits))])
""",
        "lazy: measured once for 'The governmen' and returned for every prime": _ENTROPY + """
_logits, _ = model.step(vocab.encode("The governmen"), None)
_measured = ({t: _entropy(char_text.softmax(_logits, t)) for t in (0.2, 1.0, 2.0)},
             vocab.decode([int(np.argmax(_logits))]))


def ex4_measure(prime):
    return dict(_measured[0]), _measured[1]
""",
        "lazy: the likeliest character typed in ('t', the one after 'The governmen')":
            _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    return {t: _entropy(char_text.softmax(logits, t)) for t in (0.2, 1.0, 2.0)}, "t"
""",
        "breaks the rule: the entropies estimated from 20,000 draws, not from "
        "char_text.softmax's probabilities": _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    rng = np.random.default_rng(0)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        draws = rng.choice(len(p), size=20000, p=p)
        entropy[t] = _entropy(np.bincount(draws, minlength=len(p)) / len(draws))
    return entropy, vocab.decode([int(np.argmax(logits))])
""",
        "gaming: the notebook's char_text replaced (through globals()) by one whose softmax "
        "ignores the temperature, as the answer does":
            _ENTROPY + """
import types

_atk_softmax = char_text.softmax


def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    h = _entropy(_atk_softmax(logits, 1.0))
    return {0.2: h, 1.0: h, 2.0: h}, vocab.decode([int(np.argmax(logits))])


globals()["char_text"] = types.SimpleNamespace(
    **{**vars(char_text), "softmax": lambda logits, temperature=1.0: _atk_softmax(logits, 1.0)})
""",
        "gaming: entropies as a float subclass that equals anything and is close to anything "
        "(every value 0.0)":
            """
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


def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    return {t: _Close(0.0) for t in (0.2, 1.0, 2.0)}, vocab.decode([int(np.argmax(logits))])
""",
    },
}


_ex1 = WRONG_ANSWERS["nb08_ex1"]
_ex1["gaming: rules.enforce replaced by a no-op while this answer is the notebook's; the LSTM "
     "built with dynamic_rnn and read off"] = _ex1[
    "breaks the rule: the LSTM built with dynamic_rnn and its shapes read off, not predicted"] \
    + _disarm("enforce", "ex1_outputs_shape")
WRONG_ANSWERS["nb08_ex3"][
    "gaming: the check methods of rules.py's records patched to pass while this answer is the "
    "notebook's; NumPy indexing"] = _EX3_NUMPY + _disarm("checks", "ex3_last_real")

# Added after the first baseline run (its messages showed which checks held), written the same
# way: from the student copy and the checker.
WRONG_ANSWERS["nb08_ex1"][
    "breaks the rule: a Keras 3 LSTMCell built and counted, the projection added by hand"] = """
_atk_cell = keras.layers.LSTMCell(32)
_atk_cell.build((None, 20))
ex1_params = int(_atk_cell.kernel.shape[0] + 10) * int(_atk_cell.kernel.shape[1]) \\
    + int(_atk_cell.bias.shape[0]) + 32 * 10
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape = (4, 32)
ex1_h_shape = (4, 10)
"""
WRONG_ANSWERS["nb08_ex2"][
    "gaming: three GRUCell(16) objects of the exact class, layers 1 and 2 given layer 0's call "
    "as an instance attribute (their own weights unused)"] = """
def ex2_make_cells():
    cells = [rnn_cell.GRUCell(16) for _ in range(3)]
    cells[1].call = cells[2].call = cells[0].call
    return cells
"""
WRONG_ANSWERS["nb08_ex3"][
    "breaks the rule: tf.gather_nd inside a tf.function (a graph), not eagerly"] = """
@tf.function
def _atk_pick(outputs, index):
    return tf.gather_nd(outputs, index)


def ex3_last_real(outputs, lengths):
    lengths = np.asarray(lengths)
    index = np.stack([np.arange(len(lengths)), lengths - 1], axis=1)
    return _atk_pick(tf.convert_to_tensor(outputs), tf.constant(index)).numpy()
"""
WRONG_ANSWERS["nb08_ex4"][
    "gaming: model.step patched to read the prime's last character only while this answer is "
    "the notebook's, so the check's reference reads the same wrong logits"] = _ENTROPY + """
def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime[-1:]), None)
    entropy = {t: _entropy(char_text.softmax(logits, t)) for t in (0.2, 1.0, 2.0)}
    return entropy, vocab.decode([int(np.argmax(logits))])


def _atk_install(lm, names, mine):
    original = getattr(lm.step, "_atk_original", lm.step)
    registry = getattr(lm.step, "_atk_mine", [])
    registry.append(mine)

    def step(ids, state):
        if state is None and len(ids) > 1 and \\
                any(names.get("ex4_measure") is each for each in registry):
            return original(ids[-1:], None)
        return original(ids, state)

    step._atk_original = original
    step._atk_mine = registry
    lm.step = step


_atk_install(model, get_ipython().user_ns, ex4_measure)
"""
WRONG_ANSWERS["nb08_ex4"][
    "gaming: the check's own primes (named in its messages) measured, every other prime "
    "answered with the first one's figures"] = _ENTROPY + """
def _atk_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    return ({t: _entropy(char_text.softmax(logits, t)) for t in (0.2, 1.0, 2.0)},
            vocab.decode([int(np.argmax(logits))]))


_atk_known = {prime: _atk_measure(prime) for prime in ("The governmen", "Fire authorities sa")}


def ex4_measure(prime):
    entropy, top = _atk_known.get(prime, _atk_known["The governmen"])
    return dict(entropy), top
"""
