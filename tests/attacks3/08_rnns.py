"""Fresh wrong answers (third attack, issue 46) for notebook 08's exercises."""
# ruff: noqa: E501

_EX4_TAIL = '''

ex4_measure = ex4_wrong
'''

WRONG_ANSWERS = {
    "nb08_ex1": {
        "lazy: the four answers typed in as bare numbers, no formula (NOT SURE: the values are right; the task asks to predict them from the formulas)": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = 4288
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''',
        "rule-breaking: the cell built after all, from TensorFlow's own older copy of the legacy cells (tensorflow.python.keras ... rnn_cell_impl.LSTMCell, another class than rnn_cell.LSTMCell), inside a function so no cell stays in the notebook's names": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
from tensorflow.python.keras.layers.legacy_rnn import rnn_cell_impl


def ex1_read_off():
    with tf.Graph().as_default():
        cell = rnn_cell_impl.LSTMCell(32, num_proj=10)
        out, state = tf1.nn.dynamic_rnn(cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
        return (int(sum(v.shape.num_elements() for v in tf1.trainable_variables())),
                tuple(int(d) for d in out.shape), tuple(int(d) for d in state.c.shape),
                tuple(int(d) for d in state.h.shape))


ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_read_off()
''',
        "rule-breaking: the count read off built Keras Dense layers standing in for the gates' kernel and bias (30 x 128 + 128) and the projection (32 x 10), not worked out (NOT SURE: the shapes are still the formulas')": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_gates = tf.keras.layers.Dense(4 * 32)
ex1_gates.build((None, 20 + 10))
ex1_projection = tf.keras.layers.Dense(10, use_bias=False)
ex1_projection.build((None, 32))
ex1_params = int(ex1_gates.count_params() + ex1_projection.count_params())
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''',
        "rule-breaking: an LSTMCell built in a throwaway function and deleted, its numbers read off (the __init__ is called)": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None


def ex1_measure():
    with tf.Graph().as_default():
        cell = rnn_cell.LSTMCell(32, num_proj=10)
        out, state = tf1.nn.dynamic_rnn(cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
        return (sum(w.shape.num_elements() for w in cell.weights), tuple(out.shape),
                tuple(state.c.shape), tuple(state.h.shape))


ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_measure()
''',
        "common mistake: the gates read the unprojected h (32), not the projected one (10)": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 32) * 4 * 32 + 4 * 32 + 32 * 10
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''',
        "common mistake: outputs and h of num_units, the projection ignored in the shapes": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10
ex1_outputs_shape = (4, 7, 32)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 32)
''',
        "wrong scope: the projection's weights left out of the count": '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 10) * 4 * 32 + 4 * 32
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''',
    },
    "nb08_ex2": {
        "lazy: the planted bug left in (one cell three times)": '''ex2_make_cells = None
def ex2_new_cells():
    return [rnn_cell.GRUCell(16)] * 3


ex2_make_cells = ex2_new_cells
''',
        "rule-breaking: three GRUCells made at every call for show, but the stack handed out is three cells made once outside the function": '''ex2_make_cells = None
ex2_kept = []


def ex2_new_cells():
    made = [rnn_cell.GRUCell(16) for _ in range(3)]
    if not ex2_kept:
        ex2_kept.extend(made)
    return list(ex2_kept)


ex2_make_cells = ex2_new_cells
''',
        "gaming: three GRUCells made, the first one returned three times (the weights still shared)": '''ex2_make_cells = None
def ex2_new_cells():
    cells = [rnn_cell.GRUCell(16) for _ in range(3)]
    return [cells[0]] * 3


ex2_make_cells = ex2_new_cells
''',
        "common mistake: LSTMCells instead of GRUCells": '''ex2_make_cells = None
def ex2_new_cells():
    return [rnn_cell.LSTMCell(16) for _ in range(3)]


ex2_make_cells = ex2_new_cells
''',
        "wrong scope: 32 units per layer": '''ex2_make_cells = None
def ex2_new_cells():
    return [rnn_cell.GRUCell(32) for _ in range(3)]


ex2_make_cells = ex2_new_cells
''',
    },
    "nb08_ex3": {
        "lazy: picked with NumPy indexing; tf.gather_nd called and its result dropped": '''ex3_last_real = None
def ex3_pick_last(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    tf.gather_nd(outputs, index)
    return np.asarray(outputs)[np.arange(len(lengths)), np.asarray(lengths) - 1]


ex3_last_real = ex3_pick_last
''',
        "rule-breaking: picked with tf.gather on the flattened outputs; a gather_nd of the whole array made and dropped": '''ex3_last_real = None
def ex3_pick_last(outputs, lengths):
    outputs = np.asarray(outputs)
    batch, time = outputs.shape[:2]
    tf.gather_nd(outputs, [[0]])
    flat = tf.reshape(outputs, [batch * time, -1])
    return tf.gather(flat, np.arange(batch) * time + np.asarray(lengths) - 1).numpy()


ex3_last_real = ex3_pick_last
''',
        "gaming: gather_nd picks, but the result is rebuilt in NumPy from its indices (a copy made another way)": '''ex3_last_real = None
def ex3_pick_last(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    picked = tf.gather_nd(outputs, index).numpy()
    return np.stack([np.asarray(outputs)[i, j] for i, j in index]).astype(picked.dtype)


ex3_last_real = ex3_pick_last
''',
        "common mistake: the index is the length itself, not length - 1 (out of range for a full row)": '''ex3_last_real = None
def ex3_pick_last(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths)], axis=1)
    return tf.gather_nd(outputs, index).numpy()


ex3_last_real = ex3_pick_last
''',
        "common mistake: the tensor returned, not a NumPy array": '''ex3_last_real = None
def ex3_pick_last(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    return tf.gather_nd(outputs, index)


ex3_last_real = ex3_pick_last
''',
        "wrong scope: every row's last step (after the padding) picked with gather_nd": '''ex3_last_real = None
def ex3_pick_last(outputs, lengths):
    steps = np.full(len(lengths), np.shape(outputs)[1] - 1)
    index = np.stack([np.arange(len(lengths)), steps], axis=1)
    return tf.gather_nd(outputs, index).numpy()


ex3_last_real = ex3_pick_last
''',
    },
    "nb08_ex4": {
        "lazy: the entropies and the character typed in, model.step and softmax called for show": '''ex4_measure = None
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    for t in (0.2, 1.0, 2.0):
        char_text.softmax(logits, t)
    return {0.2: 0.05, 1.0: 0.6, 2.0: 2.5}, "t"
''' + _EX4_TAIL,
        "rule-breaking: the probabilities from a NumPy softmax of its own; char_text.softmax called three times and dropped": '''ex4_measure = None
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        char_text.softmax(logits, t)
        z = np.asarray(logits, np.float64) / t
        p = np.exp(z - z.max())
        p /= p.sum()
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
''' + _EX4_TAIL,
        "gaming: the entropies from char_text.softmax, the likeliest character from the model's state after the prime's first character only": '''ex4_measure = None
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    first, _ = model.step(vocab.encode(prime[:1]), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(first))]
''' + _EX4_TAIL,
        "common mistake: entropy in bits (log2)": '''ex4_measure = None
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log2(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
''' + _EX4_TAIL,
        "common mistake: the temperature applied twice (logits / T given to softmax with T)": '''ex4_measure = None
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(np.asarray(logits) / t, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
''' + _EX4_TAIL,
        "common mistake: the zero probabilities not skipped (0 ln 0 gives nan)": '''ex4_measure = None
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
''' + _EX4_TAIL,
    },
}


def _two_faced(marker: str, first: str, again: str) -> str:
    """A cell that runs ``first`` the first time the kernel runs it (the notebook's run, whose
    values the hidden tests read) and ``again`` every later time (the check's re-run, on which
    the rules are enforced), told apart by an environment variable it sets."""
    indent = lambda body: "".join(f"    {line}\n" if line else "\n" for line in body.splitlines())  # noqa: E731
    return (f"import os\n\nif os.environ.get({marker!r}) is None:\n    os.environ[{marker!r}] = '1'\n"
            f"{indent(first)}else:\n{indent(again)}")


WRONG_ANSWERS["nb08_ex1"]["gaming: the notebook's run builds the LSTMCell (inside a function) and reads the numbers off it; only the check's re-run (told apart by an environment variable the first run sets) uses the formulas"] = _two_faced(
    "ATK3_NB08_EX1", '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None


def ex1_measure():
    with tf.Graph().as_default():
        cell = rnn_cell.LSTMCell(32, num_proj=10)
        out, state = tf1.nn.dynamic_rnn(cell, tf.zeros([4, 7, 20]), dtype=tf.float32)
        return (int(sum(w.shape.num_elements() for w in cell.weights)),
                tuple(int(d) for d in out.shape), tuple(int(d) for d in state.c.shape),
                tuple(int(d) for d in state.h.shape))


ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_measure()
''', '''ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None
ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10
ex1_outputs_shape = (4, 7, 10)
ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)
''')
