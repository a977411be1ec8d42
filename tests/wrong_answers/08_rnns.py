"""Wrong answers to notebook 08's exercises: each must fail its check (proved by `refute`)."""

_EX4_HEAD = '''\
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
'''

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb08_ex1": {
        "lazy: section 1's LSTMCell(16, num_proj=8) figures": (
            "ex1_params = 1216\n"
            "ex1_outputs_shape = (3, 5, 8)\n"
            "ex1_c_shape, ex1_h_shape = (3, 16), (3, 8)\n"),
        "common mistake: the gates read the unprojected h (20 + 32 rows)": (
            "ex1_params = (20 + 32) * 4 * 32 + 4 * 32 + 32 * 10\n"
            "ex1_outputs_shape = (4, 7, 10)\n"
            "ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)\n"),
        "common mistake: h and the outputs keep num_units": (
            "ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10\n"
            "ex1_outputs_shape = (4, 7, 32)\n"
            "ex1_c_shape, ex1_h_shape = (4, 32), (4, 32)\n"),
        "common mistake: the projection's weights left out": (
            "ex1_params = (20 + 10) * 4 * 32 + 4 * 32\n"
            "ex1_outputs_shape = (4, 7, 10)\n"
            "ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)\n"),
        "common mistake: one bias for the cell, not one per gate": (
            "ex1_params = (20 + 10) * 4 * 32 + 32 + 32 * 10\n"
            "ex1_outputs_shape = (4, 7, 10)\n"
            "ex1_c_shape, ex1_h_shape = (4, 32), (4, 10)\n"),
        "common mistake: c projected like h": (
            "ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10\n"
            "ex1_outputs_shape = (4, 7, 10)\n"
            "ex1_c_shape, ex1_h_shape = (4, 10), (4, 10)\n"),
        "breaks the rule: the cell built, the numbers read off it": (
            "with tf.Graph().as_default():\n"
            "    built = rnn_cell.LSTMCell(32, num_proj=10)\n"
            "    out, state = tf1.nn.dynamic_rnn(built, tf.zeros([4, 7, 20]), dtype=tf.float32)\n"
            "    ex1_params = sum(w.shape.num_elements() for w in built.weights)\n"
            "    ex1_outputs_shape = tuple(out.shape)\n"
            "    ex1_c_shape, ex1_h_shape = tuple(state.c.shape), tuple(state.h.shape)\n"),
        "breaks the rule: the shapes as lists, not tuples": (
            "ex1_params = (20 + 10) * 4 * 32 + 4 * 32 + 32 * 10\n"
            "ex1_outputs_shape = [4, 7, 10]\n"
            "ex1_c_shape, ex1_h_shape = [4, 32], [4, 10]\n"),
        "breaks the rule: the cell built inside a function, the numbers read off it": (
            "def ex1_read_off():\n"
            "    with tf.Graph().as_default():\n"
            "        b = rnn_cell.LSTMCell(32, num_proj=10)\n"
            "        out, s = tf1.nn.dynamic_rnn(b, tf.zeros([4, 7, 20]), dtype=tf.float32)\n"
            "        return (sum(w.shape.num_elements() for w in b.weights), tuple(out.shape),\n"
            "                tuple(s.c.shape), tuple(s.h.shape))\n"
            "\n"
            "\n"
            "ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_read_off()\n"),
    },
    "nb08_ex2": {
        "the planted bug: one cell object three times": '''\
def ex2_make_cells():
    return [rnn_cell.GRUCell(16)] * 3
''',
        "common mistake: one new cell per layer for two layers only": '''\
def ex2_make_cells():
    return [rnn_cell.GRUCell(16) for _ in range(2)]
''',
        "lazy: three cells of other sizes": '''\
def ex2_make_cells():
    return [rnn_cell.GRUCell(units) for units in (32, 16, 8)]
''',
        "reads globals: three cells made once, outside the function": '''\
ex2_made_once = [rnn_cell.GRUCell(16) for _ in range(3)]


def ex2_make_cells():
    return ex2_made_once
''',
        "breaks the rule: three LSTM cells, not GRU cells": '''\
def ex2_make_cells():
    return [rnn_cell.BasicLSTMCell(16) for _ in range(3)]
''',
        "breaks the rule: three new cells at the first call only, kept in a default argument": '''\
def ex2_make_cells(made=[]):
    if not made:
        made.extend(rnn_cell.GRUCell(16) for _ in range(3))
    return made
''',
    },
    "nb08_ex3": {
        "common mistake: the last step, padding and all": '''\
def ex3_last_real(outputs, lengths):
    return np.asarray(outputs)[:, -1]
''',
        "lazy: the notebook's own final states": '''\
def ex3_last_real(outputs, lengths):
    return s_len
''',
        "common mistake: step lengths instead of lengths - 1": '''\
def ex3_last_real(outputs, lengths):
    outputs = np.asarray(outputs)
    steps = np.minimum(np.asarray(lengths), outputs.shape[1] - 1)
    return tf.gather_nd(outputs, np.stack([np.arange(len(lengths)), steps], axis=1)).numpy()
''',
        "breaks the rule: NumPy indexing, no tf.gather_nd": '''\
def ex3_last_real(outputs, lengths):
    return np.asarray(outputs)[np.arange(len(lengths)), np.asarray(lengths) - 1]
''',
        "reads globals: the notebook's true_lengths, not its own lengths": '''\
def ex3_last_real(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), true_lengths - 1], axis=1)
    return tf.gather_nd(outputs, index).numpy()
''',
        "common mistake: a tensor returned, not a NumPy array": '''\
def ex3_last_real(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    return tf.gather_nd(outputs, index)
''',
        "common mistake: lengths taken to be an array (a list breaks it)": '''\
def ex3_last_real(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), lengths - 1], axis=1)
    return tf.gather_nd(outputs, index).numpy()
''',
        "fakes the inspected call: tf.gather_nd run once for show, NumPy's pick returned": '''\
def ex3_last_real(outputs, lengths):
    rows, steps = np.arange(len(lengths)), np.asarray(lengths) - 1
    tf.gather_nd(outputs, np.stack([rows, steps], axis=1))
    return np.asarray(outputs)[rows, steps]
''',
        "fakes the inspected call: tf.gather_nd on a dummy, NumPy does the work": '''\
def ex3_last_real(outputs, lengths):
    tf.gather_nd(tf.zeros([1, 1]), [[0, 0]])
    return np.asarray(outputs)[np.arange(len(lengths)), np.asarray(lengths) - 1]
''',
        "breaks the rule: tf.gather_nd in a TF1 graph, the pick fetched by a Session.run": '''\
def ex3_last_real(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    with tf.Graph().as_default():
        picked = tf.gather_nd(tf.constant(outputs), index)
        with tf1.Session() as sess:
            return sess.run(picked)
''',
        "breaks the rule: tf.gather_nd inside a tf.function, a graph": '''\
@tf.function
def ex3_pick(outputs, index):
    return tf.gather_nd(outputs, index)


def ex3_last_real(outputs, lengths):
    index = np.stack([np.arange(len(lengths)), np.asarray(lengths) - 1], axis=1)
    return ex3_pick(tf.constant(outputs), tf.constant(index)).numpy()
''',
    },
    "nb08_ex4": {
        "lazy: the entropies of the first prime, whatever the prime": '''\
ex4_fixed_logits, _ = model.step(vocab.encode("The governmen"), None)


def ex4_measure(prime):
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(ex4_fixed_logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, "t"
''',
        "common mistake: the entropy in bits (log2)": _EX4_HEAD + '''\
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log2(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_wrong
''',
        "common mistake: the logits multiplied by T": _EX4_HEAD + '''\
        p = char_text.softmax(logits * t * t, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_wrong
''',
        "lazy: the likeliest character read off the prime": _EX4_HEAD + '''\
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, "t"


ex4_measure = ex4_wrong
''',
        "common mistake: the p that are 0 not skipped (0 ln 0 is nan)": _EX4_HEAD + '''\
        p = char_text.softmax(logits, t)
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_wrong
''',
        "common mistake: the prime's last character left out": '''\
def ex4_wrong(prime):
    logits, _ = model.step(vocab.encode(prime[:-1] or prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_wrong
''',
        "breaks the rule: the model's session run directly, not model.step": '''\
def ex4_measure(prime):
    feed = {model.inputs: vocab.encode(prime)[None, :]}
    logits = model.sess.run(model.last_logits, feed)[0]
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
''',
        "breaks the rule: the softmax written by hand, not char_text.softmax": _EX4_HEAD + '''\
        z = np.asarray(logits, dtype=np.float64) / t
        z = np.exp(z - z.max())
        p = z / z.sum()
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]


ex4_measure = ex4_wrong
''',
        "common mistake: model.step's pair (logits, state) taken for the logits": '''\
def ex4_measure(prime):
    logits = model.step(vocab.encode(prime), None)
    entropy = {}
    for t in (0.2, 1.0, 2.0):
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return entropy, vocab.chars[int(np.argmax(logits))]
''',
        "common mistake: the pair returned in the other order": _EX4_HEAD + '''\
        p = char_text.softmax(logits, t)
        p = p[p > 0]
        entropy[t] = float(-(p * np.log(p)).sum())
    return vocab.chars[int(np.argmax(logits))], entropy


ex4_measure = ex4_wrong
''',
    },
}


# The fourth attack's answer (tests/attacks2) that called char_text.softmax and dropped what it
# gave: the check's own call now makes its probabilities uniform (issue 46).
WRONG_ANSWERS['nb08_ex4'].update({
    'rule-breaking: char_text.softmax called three times and dropped; the p'
    'robabilities from a softmax written in NumPy': (
        'def _own_softmax(logits, t):\n'
        '    z = np.asarray(logits, dtype=np.float64) / t\n'
        '    z = np.exp(z - z.max())\n'
        '    return z / z.sum()\n'
        '\n'
        '\n'
        'def ex4_measure(prime):\n'
        '    logits, _ = model.step(vocab.encode(prime), None)\n'
        '    entropy = {}\n'
        '    for t in (0.2, 1.0, 2.0):\n'
        '        char_text.softmax(logits, t)\n'
        '        p = _own_softmax(logits, t)\n'
        '        p = p[p > 0]\n'
        '        entropy[t] = float(-(p * np.log(p)).sum())\n'
        '    return entropy, vocab.chars[int(np.argmax(logits))]\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb08_ex1'].update({
    'rule-breaking: builds dense layers (4 x 32 units over 20 + 10 inputs, and the 32 -> 10 projection) to count the weights instead of predicting them, and reads the shapes off dynamic_rnn runs of BasicLSTMCells (32 for c, 10 for the outputs and h) (tests/attacks4)':  # noqa: E501
        'ex1_params = ex1_outputs_shape = ex1_c_shape = ex1_h_shape = None\n'
        '\n'
        '\n'
        'def ex1_measure():\n'
        '    with tf.Graph().as_default():\n'
        '        gates = tf1.layers.Dense(4 * 32)  # the four maps of [x_t, projected h]\n'
        '        gates(tf.zeros([1, 20 + 10]))\n'
        '        projection = tf1.layers.Dense(10, use_bias=False)\n'
        '        projection(tf.zeros([1, 32]))\n'
        '        _, state = tf1.nn.dynamic_rnn(rnn_cell.BasicLSTMCell(32), tf.zeros([4, 7, 20]), dtype=tf.float32)\n'  # noqa: E501
        '        with tf1.variable_scope("projected"):\n'
        '            out, small = tf1.nn.dynamic_rnn(rnn_cell.BasicLSTMCell(10), tf.zeros([4, 7, 20]), dtype=tf.float32)\n'  # noqa: E501
        '        params = int(sum(w.shape.num_elements() for w in gates.weights + projection.weights))\n'  # noqa: E501
        '        return params, tuple(out.shape), tuple(state.c.shape), tuple(small.h.shape)\n'
        '\n'
        '\n'
        'ex1_params, ex1_outputs_shape, ex1_c_shape, ex1_h_shape = ex1_measure()\n',
})

# Stop 57: answers of the sixth attack (tests/attacks4) that passed stop 56's checks, each refused
# by a gather_nd mark that changes with each call and must come from the whole outputs, or by a
# softmax stand-in that spreads each temperature's probabilities differently.
WRONG_ANSWERS['nb08_ex3'].update({
    'rule-breaking: picks the rows with NumPy fancy indexing, then passes them through a trivial tf.gather_nd (indices [[0], [1], ...]) so that the result comes from tf.gather_nd (attacks4)':  # noqa: E501
        'ex3_last_real = None\n'
        '\n'
        '\n'
        'def ex3_pick_last(outputs, lengths):\n'
        '    """Each row\'s output at step length - 1, picked in NumPy."""\n'
        '    rows = np.arange(len(lengths))\n'
        '    picked = np.asarray(outputs)[rows, np.asarray(lengths) - 1]\n'
        '    return tf.gather_nd(picked, rows[:, None]).numpy()\n'
        '\n'
        '\n'
        'ex3_last_real = ex3_pick_last\n',
    "gaming: picks with NumPy, and asks tf.gather_nd for one probe value to learn what factor the check's stand-in applies, then scales the NumPy rows by it (attacks4)":  # noqa: E501
        'ex3_last_real = None\n'
        '\n'
        '\n'
        'def ex3_pick_last(outputs, lengths):\n'
        '    """Each row\'s output at step length - 1, picked in NumPy."""\n'
        '    factor = float(np.asarray(tf.gather_nd(tf.constant([1.0]), [0])))\n'
        '    picked = np.asarray(outputs)[np.arange(len(lengths)), np.asarray(lengths) - 1]\n'
        '    return (picked * factor).astype(np.asarray(outputs).dtype)\n'
        '\n'
        '\n'
        'ex3_last_real = ex3_pick_last\n',
})
WRONG_ANSWERS['nb08_ex4'].update({
    "gaming: calls char_text.softmax at each temperature only to be counted; the probabilities at T = 0.2 and 2.0 are T = 1's raised to 1/T and renormalised by hand (attacks4)":  # noqa: E501
        'ex4_measure = None\n'
        '\n'
        '\n'
        'def ex4_entropies(prime):\n'
        '    """Return ({T: entropy}, likeliest next character) after ``prime``."""\n'
        '    logits, _ = model.step(vocab.encode(prime), None)\n'
        '    p1 = char_text.softmax(logits, 1.0)\n'
        '    entropy = {}\n'
        '    for t in (0.2, 1.0, 2.0):\n'
        '        char_text.softmax(logits, t)\n'
        '        p = p1 ** (1.0 / t)\n'
        '        p = p / p.sum()\n'
        '        p = p[p > 0]\n'
        '        entropy[t] = float(-(p * np.log(p)).sum())\n'
        '    return entropy, vocab.chars[int(np.argmax(logits))]\n'
        '\n'
        '\n'
        'ex4_measure = ex4_entropies\n',
})
