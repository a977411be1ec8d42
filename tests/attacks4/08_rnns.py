"""Fresh wrong answers (sixth attack, issue 46) for notebook 08's exercises."""
# ruff: noqa: E501

#: The honest body of exercise 4's function after the logits (shared by its answers).
_EX4_HEAD = '''ex4_measure = None


def ex4_entropies(prime):
    """Return ({T: entropy}, likeliest next character) after ``prime``."""
    logits, _ = model.step(vocab.encode(prime), None)
'''

WRONG_ANSWERS = {
    "nb08_ex1": {
        "gaming: builds the LSTMCell (inside a function, so no cell is left in the notebook's names) and reads the numbers off it on the notebook's run, keeping them in a collection of the kernel's default graph; the check's re-run finds them there and builds nothing": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
if not tf1.get_collection("ex1_cache"):
    def ex1_read_off():
        with tf.Graph().as_default():
            cell = rnn_cell.LSTMCell(32, num_proj=10)
            out, state = tf1.nn.dynamic_rnn(cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
            return (int(sum(w.shape.num_elements() for w in cell.weights)), tuple(out.shape),
                    tuple(state.c.shape), tuple(state.h.shape))
    tf1.add_to_collection("ex1_cache", ex1_read_off())
ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = tf1.get_collection("ex1_cache")[0]
''',
        "gaming: builds the LSTMCell and reads the numbers off it, except when LSTMCell.__init__ carries the check's recording wrapper (dir() shows __wrapped__): then it types them in": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
if any("wrapped" in n for n in dir(rnn_cell.LSTMCell.__init__)):
    ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = 4288, (4, 7, 10), (4, 32), (4, 10)
else:
    def ex1_read_off():
        with tf.Graph().as_default():
            cell = rnn_cell.LSTMCell(32, num_proj=10)
            out, state = tf1.nn.dynamic_rnn(cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
            return (int(sum(w.shape.num_elements() for w in cell.weights)), tuple(out.shape),
                    tuple(state.c.shape), tuple(state.h.shape))
    ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_read_off()
''',
        "rule-breaking: builds dense layers (4 x 32 units over 20 + 10 inputs, and the 32 -> 10 projection) to count the weights instead of predicting them, and reads the shapes off dynamic_rnn runs of BasicLSTMCells (32 for c, 10 for the outputs and h)": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None


def ex1_measure():
    with tf.Graph().as_default():
        gates = tf1.layers.Dense(4 * 32)  # the four maps of [x_t, projected h]
        gates(tf.zeros([1, 20 + 10]))
        projection = tf1.layers.Dense(10, use_bias=False)
        projection(tf.zeros([1, 32]))
        _, state = tf1.nn.dynamic_rnn(rnn_cell.BasicLSTMCell(32), tf.zeros([4, 7, 20]), dtype=tf.float32)
        with tf1.variable_scope("projected"):
            out, small = tf1.nn.dynamic_rnn(rnn_cell.BasicLSTMCell(10), tf.zeros([4, 7, 20]), dtype=tf.float32)
        params = int(sum(w.shape.num_elements() for w in gates.weights + projection.weights))
        return params, tuple(out.shape), tuple(state.c.shape), tuple(small.h.shape)


ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_measure()
''',
        "common mistake: the kernel's rows read h with num_units (32) numbers, forgetting that the projected h is fed back": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 32) * 4 * 32 + 4 * 32 + 32 * 10
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''',
        "common mistake: forgets that the projection shrinks the outputs and h as well": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10
ex1_outputs_shape = (4, 7, 32)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 32)
''',
        "wrong scope: counts the kernel and bias but not the projection matrix": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 10) * 4 * 32 + 4 * 32
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''',
    },
    "nb08_ex2": {
        "gaming: makes one GRUCell and two shallow copies of it, except when GRUCell.__init__ carries the check's recording wrapper (dir() shows __wrapped__): then three new cells": '''import copy as ex2_copy

ex2_make_cells = None


def ex2_new_cells():
    """The cells of a three-layer GRU stack."""
    if any("wrapped" in n for n in dir(rnn_cell.GRUCell.__init__)):
        return [rnn_cell.GRUCell(16) for _ in range(3)]
    first = rnn_cell.GRUCell(16)
    return [first, ex2_copy.copy(first), ex2_copy.copy(first)]


ex2_make_cells = ex2_new_cells
''',
        "rule-breaking: makes one GRUCell and two shallow copies of it, not three GRUCell(16)": '''import copy as ex2_copy

ex2_make_cells = None


def ex2_new_cells():
    """The cells of a three-layer GRU stack, copied from one."""
    first = rnn_cell.GRUCell(16)
    return [first, ex2_copy.copy(first), ex2_copy.copy(first)]


ex2_make_cells = ex2_new_cells
''',
        "rule-breaking: three new cells, but GRUCell(16, activation=tf.nn.relu), not the task's GRUCell(16) (NOT SURE: the task says keep the layers GRUCell(16))": '''ex2_make_cells = None


def ex2_new_cells():
    """The cells of a three-layer GRU stack, relu instead of tanh."""
    return [rnn_cell.GRUCell(16, activation=tf.nn.relu) for _ in range(3)]


ex2_make_cells = ex2_new_cells
''',
        "common mistake: the lecture's list of one cell three times": '''ex2_make_cells = None


def ex2_new_cells():
    """The lecture's stack."""
    return [rnn_cell.GRUCell(16)] * 3


ex2_make_cells = ex2_new_cells
''',
        "wrong scope: three new cells of 32 units instead of 16": '''ex2_make_cells = None


def ex2_new_cells():
    """The cells of a three-layer GRU stack, 32 units each."""
    return [rnn_cell.GRUCell(32) for _ in range(3)]


ex2_make_cells = ex2_new_cells
''',
    },
    "nb08_ex3": {
        "rule-breaking: picks the rows with NumPy fancy indexing, then passes them through a trivial tf.gather_nd (indices [[0], [1], ...]) so that the result comes from tf.gather_nd": '''ex3_last_real = None


def ex3_pick_last(outputs, lengths):
    """Each row's output at step length - 1, picked in NumPy."""
    rows = np.arange(len(lengths))
    picked = np.asarray(outputs)[rows, np.asarray(lengths) - 1]
    return tf.gather_nd(picked, rows[:, None]).numpy()


ex3_last_real = ex3_pick_last
''',
        "gaming: picks with NumPy, and asks tf.gather_nd for one probe value to learn what factor the check's stand-in applies, then scales the NumPy rows by it": '''ex3_last_real = None


def ex3_pick_last(outputs, lengths):
    """Each row's output at step length - 1, picked in NumPy."""
    factor = float(np.asarray(tf.gather_nd(tf.constant([1.0]), [0])))
    picked = np.asarray(outputs)[np.arange(len(lengths)), np.asarray(lengths) - 1]
    return (picked * factor).astype(np.asarray(outputs).dtype)


ex3_last_real = ex3_pick_last
''',
        "wrong scope: builds the indices from the notebook's true_lengths, not from the lengths argument": '''ex3_last_real = None


def ex3_pick_last(outputs, lengths):
    """Each row's output at its last real step (lengths of section 3)."""
    index = [[row, int(length) - 1] for row, length in enumerate(true_lengths)]
    return tf.gather_nd(outputs, index).numpy()


ex3_last_real = ex3_pick_last
''',
        "common mistake: picks the last step of every row (index time - 1), the padded output": '''ex3_last_real = None


def ex3_pick_last(outputs, lengths):
    """Each row's last output (after the padding)."""
    steps = np.shape(outputs)[1]
    index = [[row, steps - 1] for row in range(len(lengths))]
    return tf.gather_nd(outputs, index).numpy()


ex3_last_real = ex3_pick_last
''',
        "common mistake: returns the tensor tf.gather_nd gives, not a NumPy array": '''ex3_last_real = None


def ex3_pick_last(outputs, lengths):
    """Each row's output at step length - 1, as a tensor."""
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    return tf.gather_nd(outputs, index)


ex3_last_real = ex3_pick_last
''',
        "rule-breaking: picks inside a tf.function (a graph), not eagerly": '''ex3_last_real = None


@tf.function
def ex3_graph_pick(outputs, index):
    return tf.gather_nd(outputs, index)


def ex3_pick_last(outputs, lengths):
    """Each row's output at step length - 1, picked in a tf.function."""
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    return ex3_graph_pick(tf.constant(outputs), tf.constant(index)).numpy()


ex3_last_real = ex3_pick_last
''',
    },
    "nb08_ex4": {
        "gaming: calls char_text.softmax at each temperature only to be counted; the probabilities at T = 0.2 and 2.0 are T = 1's raised to 1/T and renormalised by hand": _EX4_HEAD + '''    p1 = char_text.softmax(logits, 1.0)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        char_text.softmax(logits, t)
        p = p1 ** (1.0 / t)
        p = p / p.sum()
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_entropies
''',
        "gaming: its own NumPy softmax of logits / T; char_text.softmax is called at each T and its probabilities used only when they disagree with its own (the check's uniform stand-in)": _EX4_HEAD + '''    entropy = {}
    for t in (0.2, 1.0, 2.0):
        z = np.asarray(logits, dtype=np.float64) / t
        e = np.exp(z - z.max())
        p = e / e.sum()
        theirs = char_text.softmax(logits, t)
        if np.abs(theirs - p).max() > 1e-3:
            p = theirs
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_entropies
''',
        "lazy: remembers each prime's answer in a dict and gives it back on the next call with that prime, without feeding the model again": '''ex4_measure = None
ex4_memo = {}


def ex4_entropies(prime):
    """Return ({T: entropy}, likeliest next character) after ``prime`` (remembered)."""
    if prime in ex4_memo:
        return ex4_memo[prime]
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    ex4_memo[prime] = (entropy, vocab.chars[int(np.argmax(logits))])
    return ex4_memo[prime]


ex4_measure = ex4_entropies
''',
        "common mistake: the entropy in bits (log base 2), not in nats": _EX4_HEAD + '''    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log2(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_entropies
''',
        "common mistake: does not skip the p that are 0 (0 * log 0 gives nan)": _EX4_HEAD + '''    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        with np.errstate(divide="ignore", invalid="ignore"):
            entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_entropies
''',
        "wrong scope: feeds the model only the prime's last character": '''ex4_measure = None


def ex4_entropies(prime):
    """Return ({T: entropy}, likeliest next character) after the prime's last character."""
    logits, _ = model.step(vocab.encode(prime[-1:]), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_entropies
''',
    },
}
