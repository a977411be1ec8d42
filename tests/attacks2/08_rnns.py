"""Fresh wrong answers for notebook 08's exercises (issue 46's independent attack, set b2)."""
# ruff: noqa: E501 (the answers are whole cells, kept as a student would write them)

_G1 = "from IPython import get_ipython\nif globals() is get_ipython().user_ns:  # the notebook's own run\n"


def _indent(source: str) -> str:
    return "".join("    " + line if line.strip() else line for line in source.splitlines(True))


def _g1(kernel: str, rerun: str) -> str:
    """A cell that does ``kernel`` in the notebook's run and ``rerun`` when the check runs it again."""
    return _G1 + _indent(kernel) + "else:  # the check's re-run\n" + _indent(rerun)


def _first_time(name: str, kernel: str, rerun: str) -> str:
    """A cell that does ``kernel`` the first time it runs and ``rerun`` every later time,
    counting its runs on the builtins module (state outside any namespace the check copies)."""
    return ("import builtins\n"
            f"_runs = builtins.__dict__.setdefault({name!r}, [])\n"
            "_runs.append(1)\n"
            "if len(_runs) == 1:  # the first run: the notebook's own\n" + _indent(kernel)
            + "else:  # any later run: the check's\n" + _indent(rerun))


_EX1_FORMULA = '''ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
'''
_EX1_BUILT = '''with tf.Graph().as_default():
    _cell = rnn_cell.LSTMCell(32, num_proj=10)
    _out, _state = tf1.nn.dynamic_rnn(_cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
    ex1_params = int(sum(w.shape.num_elements() for w in _cell.weights))
    ex1_outputs_shape = tuple(int(d) for d in _out.shape)
    ex1_c_shape = tuple(int(d) for d in _state.c.shape)
    ex1_h_shape = tuple(int(d) for d in _state.h.shape)
del _cell, _out, _state
'''

_EX2_HONEST = '''def ex2_new_cells():
    return [rnn_cell.GRUCell(16) for _ in range(3)]


ex2_make_cells = ex2_new_cells
'''
_EX2_ONCE = '''_made_once = [rnn_cell.GRUCell(16) for _ in range(3)]


def ex2_make_cells():
    return list(_made_once)
'''

_EX3_INDEX = "    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)\n"
_EX3_HONEST = '''def ex3_last_real(outputs, lengths):
''' + _EX3_INDEX + '''    return tf.gather_nd(outputs, index).numpy()
'''
_EX3_NUMPY = '''def ex3_last_real(outputs, lengths):
    outputs = np.asarray(outputs)
    return outputs[np.arange(len(lengths)), np.asarray(lengths) - 1]
'''

_EX4_HONEST = '''def ex4_measure(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
'''
_EX4_OWN_SOFTMAX = '''def _own_softmax(logits, t):
    z = np.asarray(logits, dtype=np.float64) / t
    z = np.exp(z - z.max())
    return z / z.sum()


'''
_EX4_NUMPY = _EX4_OWN_SOFTMAX + _EX4_HONEST.replace("char_text.softmax(logits, t)",
                                                    "_own_softmax(logits, t)")

WRONG_ANSWERS = {
    "nb08_ex1": {
        "lazy (NOT SURE it is wrong, left out of the count: a prediction may be worked out by "
        "heart): the four right values typed in as bare numbers":
            "ex1_params = 4288\nex1_outputs_shape = (4, 7, 10)\nex1_c_shape, ex1_h_shape = (4, 32), (4, 10)\n",
        "rule-breaking: the cell built with rnn_cell.LSTMCell and the numbers read off it, then "
        "deleted":
            _EX1_BUILT,
        "rule-breaking: the cell built with the other copy of the legacy LSTMCell "
        "(tensorflow.python.keras.layers.legacy_rnn), read off and deleted":
            _EX1_BUILT.replace("rnn_cell.LSTMCell(32, num_proj=10)", "_legacy.LSTMCell(32, num_proj=10)")
            .replace("with tf.Graph()", "from tensorflow.python.keras.layers.legacy_rnn import "
                     "rnn_cell_impl as _legacy\nwith tf.Graph()"),
        "gaming: wrong numbers in int and tuple subclasses whose == always says yes, their "
        "__module__ set to 'builtins' so that the plain-value guard does not see them":
            '''class _YesInt(int):
    __module__ = "builtins"

    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class _YesTuple(tuple):
    __module__ = "builtins"

    def __eq__(self, other):
        return True

    __hash__ = tuple.__hash__


ex1_params = _YesInt(1)
ex1_outputs_shape, ex1_c_shape, ex1_h_shape = _YesTuple((1,)), _YesTuple((1,)), _YesTuple((1,))
''',
        "gaming: in the notebook's run the cell is built and read off (then deleted); the "
        "check's re-run, told apart by its namespace, uses the formulas":
            _g1(_EX1_BUILT, _EX1_FORMULA),
        "common mistake: the projection ignored: h and the outputs have 32 units":
            '''ex1_params = (20 + 32) * 4 * 32 + 4 * 32
ex1_outputs_shape = (4, 7, 32)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 32)
''',
        "common mistake: c projected too, h not":
            _EX1_FORMULA.replace("(4, 32), (4, 10)", "(4, 10), (4, 32)"),
    },
    "nb08_ex2": {
        "lazy: the lecture's bug kept, one cell three times":
            "def ex2_make_cells():\n    return [rnn_cell.GRUCell(16)] * 3\n",
        "rule-breaking: three cells made once, outside, handed out at every call":
            _EX2_ONCE,
        "wrong scope: four layers, one too many":
            _EX2_HONEST.replace("range(3)", "range(4)"),
        "common mistake: the layers made GRUCell(32)":
            _EX2_HONEST.replace("GRUCell(16)", "GRUCell(32)"),
        "rule-breaking: three GRUCell(16) made and dropped; the stack is three LSTMCell(16)":
            '''def ex2_make_cells():
    [rnn_cell.GRUCell(16) for _ in range(3)]
    return [rnn_cell.LSTMCell(16) for _ in range(3)]
''',
        "gaming: in the notebook's run the cells are made once outside; the check's re-run, "
        "told apart by its namespace, makes them inside":
            _g1(_EX2_ONCE, _EX2_HONEST),
    },
    "nb08_ex3": {
        "lazy: picked by NumPy indexing":
            _EX3_NUMPY,
        "rule-breaking: tf.gather_nd called and dropped; NumPy's pick returned":
            '''def ex3_last_real(outputs, lengths):
''' + _EX3_INDEX + '''    tf.gather_nd(outputs, index)
    return np.asarray(outputs)[index[:, 0], index[:, 1]]
''',
        "rule-breaking: picked in a graph run by tf.function from its internal module (not the "
        "eager op the task asks for)":
            '''from tensorflow.python.eager.polymorphic_function.polymorphic_function import function as _traced


def ex3_last_real(outputs, lengths):
''' + _EX3_INDEX + '''    pick = _traced(lambda o, i: tf.gather_nd(o, i))
    return pick(tf.constant(outputs), tf.constant(index)).numpy()
''',
        "rule-breaking: picked in a TF1 graph and session, run through Session.make_callable "
        "(not Session.run), not eagerly":
            '''def ex3_last_real(outputs, lengths):
    outputs = np.asarray(outputs, np.float32)
''' + _EX3_INDEX + '''    with tf.Graph().as_default() as g:
        o = tf1.placeholder(tf.float32, outputs.shape)
        i = tf1.placeholder(tf.int64, index.shape)
        picked = tf.gather_nd(o, i)
        with tf1.Session(graph=g) as s:
            return s.make_callable(picked, feed_list=[o, i])(outputs, index.astype(np.int64))
''',
        "gaming: NumPy's pick unless tf.gather_nd has been replaced (the check watching it), "
        "then tf.gather_nd's":
            '''import builtins
builtins.__dict__.setdefault("_b2_real_gather_nd", tf.gather_nd)


def ex3_last_real(outputs, lengths):
''' + _EX3_INDEX + '''    if tf.gather_nd is not builtins._b2_real_gather_nd:  # watched: do it the task's way
        return tf.gather_nd(outputs, index).numpy()
    return np.asarray(outputs)[index[:, 0], index[:, 1]]
''',
        "gaming: in the notebook's run ex3_last_real picks with NumPy; the check's re-run, told "
        "apart by its namespace, defines it with tf.gather_nd":
            _g1(_EX3_NUMPY, _EX3_HONEST),
        "common mistake: returns the tf.Tensor, not a NumPy array":
            _EX3_HONEST.replace(").numpy()", ")"),
        "common mistake: picks the step after the last real one where the padding allows "
        "(lengths, clipped to the last step)":
            _EX3_HONEST.replace("np.asarray(lengths) - 1",
                                "np.minimum(np.asarray(lengths), np.shape(outputs)[1] - 1)"),
    },
    "nb08_ex4": {
        "lazy: the entropies and the character typed in":
            "def ex4_measure(prime):\n    return {0.2: 0.5, 1.0: 1.5, 2.0: 3.0}, \"t\"\n",
        "rule-breaking: char_text.softmax called three times and dropped; the probabilities "
        "from a softmax written in NumPy":
            _EX4_OWN_SOFTMAX + _EX4_HONEST.replace(
                "        p = char_text.softmax(logits, t)\n",
                "        char_text.softmax(logits, t)\n        p = _own_softmax(logits, t)\n"),
        "gaming: a NumPy softmax unless char_text.softmax has been replaced (the check "
        "watching it), then char_text.softmax":
            '''import builtins
builtins.__dict__.setdefault("_b2_real_softmax", char_text.softmax)


''' + _EX4_OWN_SOFTMAX + _EX4_HONEST.replace(
                "        p = char_text.softmax(logits, t)\n",
                "        p = (char_text.softmax(logits, t) if char_text.softmax is not "
                "builtins._b2_real_softmax\n             else _own_softmax(logits, t))\n"),
        "gaming: in the notebook's run ex4_measure uses a NumPy softmax; the check's re-run, "
        "told apart by its namespace, uses char_text.softmax":
            _g1(_EX4_NUMPY, _EX4_HONEST),
        "gaming: the first run of the cell (the notebook's own) does it another way; every later run (the check's), told apart by a counter kept on the builtins module, does it the task's way":
            _first_time("_b2_runs_08_ex4", _EX4_NUMPY, _EX4_HONEST),
        "common mistake: entropy in bits (log2), not nats":
            _EX4_HONEST.replace("np.log(p)", "np.log2(p)"),
        "common mistake: the zero probabilities not skipped (0 ln 0 gives nan)":
            _EX4_HONEST.replace("        p = p[p > 0]\n", ""),
        "wrong scope: the temperature 1 entropy given for all three":
            _EX4_HONEST.replace("char_text.softmax(logits, t)", "char_text.softmax(logits, 1.0)"),
    },
}
