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
    },
}
