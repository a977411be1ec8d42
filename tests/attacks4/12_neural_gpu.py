"""Fresh wrong answers (sixth attack, issue 46) for notebook 12's exercises."""
# ruff: noqa: E501

_EX5_GETTER = '''def ex5_relaxed(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % copies}", *args, **kwargs)
    return getter_fn


'''

_EX5_PENALTY = '''def ex5_pull(variables):
    groups = {}
    for v in variables:
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total


'''

WRONG_ANSWERS = {
    "nb12_ex1": {
        "common mistake: solves sigmoid(x) = 1 / 1.2 for the cutoff (forgets the - 0.1), x = ln 5": '''ex1_gate, ex1_one_from = None, None
def ex1_cutoff(x):
    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)


ex1_gate = ex1_cutoff
ex1_one_from = float(np.log(5.0))
''',
        "common mistake: clips only from above (min with 1), so the gate goes down to -0.1": '''ex1_gate, ex1_one_from = None, None
def ex1_cutoff(x):
    return np.minimum(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 1.0)


ex1_gate = ex1_cutoff
ex1_one_from = float(np.log(11.0))
''',
        "lazy: ex1_one_from typed in from a calculator, rounded to 2.3979": '''ex1_gate, ex1_one_from = None, None
def ex1_cutoff(x):
    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)


ex1_gate = ex1_cutoff
ex1_one_from = 2.3979
''',
        "rule-breaking: the sigmoid from TensorFlow (tf.math.sigmoid), reached through an argparse.Namespace that Only does not look into": '''import argparse

ex1_gate, ex1_one_from = None, None
EX1_TOOLS = argparse.Namespace(sigmoid=tf.math.sigmoid)


def ex1_cutoff(x):
    squashed = np.asarray(EX1_TOOLS.sigmoid(np.asarray(x, np.float64)))
    return np.clip(1.2 * squashed - 0.1, 0.0, 1.0)


ex1_gate = ex1_cutoff
ex1_one_from = float(np.log(11.0))
''',
        "gaming: ex1_gate is np.vectorize around a lambda that calls TensorFlow: a NumPy object, whose wrapped function Only never reaches": '''ex1_gate, ex1_one_from = None, None
ex1_gate = np.vectorize(
    lambda v: min(1.0, max(0.0, 1.2 * float(tf.math.sigmoid(tf.constant(float(v), tf.float64))) - 0.1)),
    otypes=[np.float64])
ex1_one_from = float(np.log(11.0))
''',
        "rule-breaking: scipy.special.expit for the sigmoid, imported in the cell": '''from scipy.special import expit

ex1_gate, ex1_one_from = None, None
def ex1_cutoff(x):
    return np.clip(1.2 * expit(np.asarray(x, np.float64)) - 0.1, 0.0, 1.0)


ex1_gate = ex1_cutoff
ex1_one_from = float(np.log(11.0))
''',
    },
    "nb12_ex2": {
        "common mistake: writes the bits most-significant first": '''ex2_encode = None
def ex2_row(a, b, n):
    return [((a >> i) & 1) + 1 for i in reversed(range(n))] + [3] + [((b >> i) & 1) + 1 for i in reversed(range(n))]


ex2_encode = ex2_row
''',
        "common mistake: the bits themselves as symbols (0 and 1), the separator as 2": '''ex2_encode = None
def ex2_row(a, b, n):
    return [(a >> i) & 1 for i in range(n)] + [2] + [(b >> i) & 1 for i in range(n)]


ex2_encode = ex2_row
''',
        "common mistake: takes the bits with float division, which loses them past 53 bits": '''ex2_encode = None
def ex2_row(a, b, n):
    return [int(a / 2 ** i) % 2 + 1 for i in range(n)] + [3] + [int(b / 2 ** i) % 2 + 1 for i in range(n)]


ex2_encode = ex2_row
''',
        "wrong scope: puts b before a": '''ex2_encode = None
def ex2_row(a, b, n):
    return [((b >> i) & 1) + 1 for i in range(n)] + [3] + [((a >> i) & 1) + 1 for i in range(n)]


ex2_encode = ex2_row
''',
        "lazy: NumPy's int64 shifts, which overflow past 63 bits": '''ex2_encode = None
def ex2_row(a, b, n):
    bits = np.arange(n)
    return [int(s) for s in np.concatenate([(np.int64(a) >> bits) % 2 + 1, [3], (np.int64(b) >> bits) % 2 + 1])]


ex2_encode = ex2_row
''',
        "lazy: the course's own tasks.to_bits does the encoding (NOT SURE: the task states no rule against the helper)": '''ex2_encode = None
def ex2_row(a, b, n):
    return [bit + 1 for bit in tasks.to_bits(a, n)] + [tasks.SEP] + [bit + 1 for bit in tasks.to_bits(b, n)]


ex2_encode = ex2_row
''',
        "lazy: bin(a) reversed, not padded to n bits": '''ex2_encode = None
def ex2_row(a, b, n):
    return [int(c) + 1 for c in bin(a)[2:][::-1]] + [3] + [int(c) + 1 for c in bin(b)[2:][::-1]]


ex2_encode = ex2_row
''',
        "lazy: bin(a) reversed, padded to n with the empty symbol 0 instead of bit-0 symbols": '''ex2_encode = None
def ex2_row(a, b, n):
    def bits(v):
        row = [int(c) + 1 for c in bin(v)[2:][::-1]] if v else []
        return row + [0] * (n - len(row))
    return bits(a) + [3] + bits(b)


ex2_encode = ex2_row
''',
    },
    "nb12_ex3": {
        "common mistake: multiplies the state by the mask (no tf.where; NaN and inf survive)": '''ex3_zero_padding = None
def ex3_mask(state, lengths):
    real = tf.sequence_mask(lengths, tf.shape(state)[2], dtype=state.dtype)[:, None, :, None]
    return state * real


ex3_zero_padding = ex3_mask
''',
        "wrong scope: masks along the width axis (axis 1), not the positions": '''ex3_zero_padding = None
def ex3_mask(state, lengths):
    real = tf.sequence_mask(lengths, tf.shape(state)[1])[:, :, None, None]
    return tf.where(real, state, tf.zeros_like(state))


ex3_zero_padding = ex3_mask
''',
        "rule-breaking: tf.raw_ops.SelectV2 instead of tf.where": '''ex3_zero_padding = None
def ex3_mask(state, lengths):
    real = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]
    real = tf.broadcast_to(real, tf.shape(state))
    return tf.raw_ops.SelectV2(condition=real, t=state, e=tf.zeros_like(state))


ex3_zero_padding = ex3_mask
''',
        "gaming: builds the mask by comparing tf.range with the lengths, calls tf.sequence_mask only to be counted, and follows it only when it has been swapped for a lambda (the check's shortened mask)": '''ex3_zero_padding = None
def ex3_mask(state, lengths):
    positions = tf.shape(state)[2]
    counted = tf.sequence_mask(lengths, positions)
    own = tf.range(positions)[None, :] < lengths[:, None]
    real = counted if tf.sequence_mask.__name__ == "<lambda>" else own
    return tf.where(real[:, None, :, None], state, tf.zeros_like(state))


ex3_zero_padding = ex3_mask
''',
        "gaming: a range-compare mask (no tf.sequence_mask) on the first run; the tf.sequence_mask version only when a logging.Logger marked at the first run says the check is re-running the cell": '''import logging

ex3_zero_padding = None
ex3_mark = logging.getLogger("nb12.ex3.mark")
if getattr(ex3_mark, "seen", False):
    def ex3_mask(state, lengths):
        real = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]
        return tf.where(real, state, tf.zeros_like(state))
else:
    def ex3_mask(state, lengths):
        real = (tf.range(tf.shape(state)[2])[None, :] < lengths[:, None])[:, None, :, None]
        return tf.where(real, state, tf.zeros_like(state))
ex3_mark.seen = True
ex3_zero_padding = ex3_mask
''',
    },
    "nb12_ex4": {
        "common mistake: pads every batch to the longest example of all (20)": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
def ex4_fraction(lengths, size=4):
    return 1 - sum(lengths) / (len(lengths) * max(lengths))


ex4_padded = ex4_fraction(ex4_lengths)
ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths))
''',
        "common mistake: padding over real cells instead of over all cells": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
def ex4_fraction(lengths, size=4):
    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]
    cells = sum(len(b) * max(b) for b in batches)
    return (cells - sum(lengths)) / sum(lengths)


ex4_padded = ex4_fraction(ex4_lengths)
ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths))
''',
        "wrong scope: sorts the lengths longest first": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
def ex4_fraction(lengths, size=4):
    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]
    return 1 - sum(lengths) / sum(len(b) * max(b) for b in batches)


ex4_padded = ex4_fraction(ex4_lengths)
ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths, reverse=True))
''',
        "lazy: both fractions typed in, rounded to four places": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
ex4_padded = 0.4719
ex4_sorted_padded = 0.2167
''',
        "lazy: pads the last batch of two to a full batch of four, by hand": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
def ex4_fraction(lengths, size=4):
    padded = list(lengths) + [0] * (-len(lengths) % size)
    batches = [padded[i:i + size] for i in range(0, len(padded), size)]
    return 1 - sum(lengths) / sum(size * max(b) for b in batches)


ex4_padded = ex4_fraction(ex4_lengths)
ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths))
''',
        "lazy: both fractions typed in, cut to six decimals (1 - 94/178 and 1 - 94/120 by hand)": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
ex4_padded = 0.471910
ex4_sorted_padded = 0.216666
''',
    },
    "nb12_ex5": {
        "common mistake: copy step // copies instead of step mod copies": '''ex5_getter = ex5_penalty = None
def ex5_relaxed(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{min(step // copies, copies - 1)}", *args, **kwargs)
    return getter_fn


''' + _EX5_PENALTY + '''ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "common mistake: the getter passes on only the shape and initializer, dropping dtype and trainable": '''ex5_getter = ex5_penalty = None
def ex5_relaxed(copies, step):
    def getter_fn(getter, name, *args, shape=None, initializer=None, **kwargs):
        return getter(f"{name}_copy{step % copies}", shape=shape, initializer=initializer)
    return getter_fn


''' + _EX5_PENALTY + '''ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "common mistake: groups the copies by splitting the name at the first _copy (layer_copy/k and layer_copy/j fall together)": '''ex5_getter = ex5_penalty = None
''' + _EX5_GETTER + '''def ex5_pull(variables):
    groups = {}
    for v in variables:
        groups.setdefault(v.op.name.split("_copy")[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total


ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "wrong scope: the penalty over every global variable of the default graph, not the list it is given": '''ex5_getter = ex5_penalty = None
''' + _EX5_GETTER + '''def ex5_pull(variables):
    groups = {}
    for v in tf1.global_variables():
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total


ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "lazy: the course's neural_gpu.sharing_penalty, which reads the RELAXED collection that this getter never fills": '''ex5_getter = ex5_penalty = None
''' + _EX5_GETTER + '''def ex5_pull(variables):
    return neural_gpu.sharing_penalty()


ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "lazy: groups the copies by shape, not by name (variables of one shape pooled)": '''ex5_getter = ex5_penalty = None
''' + _EX5_GETTER + '''def ex5_pull(variables):
    groups = {}
    for v in variables:
        groups.setdefault(tuple(v.shape.as_list()), []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total


ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "rule-breaking: the getter's real getter and name taken positionally (*args) rather than as the getter= and name= parameters the task names (NOT SURE: TensorFlow passes them as keywords, so it works)": '''ex5_getter = ex5_penalty = None
def ex5_relaxed(copies, step):
    def getter_fn(*args, **kwargs):
        real, name = kwargs.pop("getter"), kwargs.pop("name")
        return real(f"{name}_copy{step % copies}", *args, **kwargs)
    return getter_fn


''' + _EX5_PENALTY + '''ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
        "lazy: the mean of the copies as their sum over 3, the copy count of the check's CGRU, typed in": '''ex5_getter = ex5_penalty = None
''' + _EX5_GETTER + '''def ex5_pull(variables):
    groups = {}
    for v in variables:
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_sum(stacked, axis=0) / 3.0))
    return total


ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
''',
    },
}
