"""Fresh wrong answers (third attack, written from the notebook and cs20_helpers only) for 12."""
# ruff: noqa: E501

WRONG_ANSWERS = {
    "nb12_ex1": {
        "rule-breaking: the gate with tf.sigmoid, converted back to NumPy": '''ex1_gate, ex1_one_from = None, None
def ex1_gate(x):
    return np.clip(1.2 * tf.sigmoid(tf.constant(np.asarray(x, np.float64))).numpy() - 0.1, 0.0, 1.0)


ex1_one_from = float(np.log(11.0))
''',
        "gaming: on the notebook's run ex1_gate imports TensorFlow inside itself, on the check's re-run a NumPy one (told apart by an environment variable)": '''ex1_gate, ex1_one_from = None, None
import os
if "NB12_EX1_SEEN" not in os.environ:
    os.environ["NB12_EX1_SEEN"] = "1"

    def ex1_gate(x):
        import tensorflow as tfl
        s = tfl.sigmoid(tfl.constant(np.asarray(x, np.float64))).numpy()
        return np.clip(1.2 * s - 0.1, 0.0, 1.0)
else:
    def ex1_gate(x):
        return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)
ex1_one_from = float(np.log(11.0))
''',
        "gaming: ex1_one_from is 2.0, a float subclass (made with type(), its module said to be numpy) whose - and + answer around log(11)": '''ex1_gate, ex1_one_from = None, None
def ex1_gate(x):
    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)


D = "_" * 2
Shifty = type("Shifty", (float,), {D + "sub" + D: lambda self, other: 2.3978952727983707 - other,
                                   D + "add" + D: lambda self, other: 2.3978952727983707 + other,
                                   D + "radd" + D: lambda self, other: 2.3978952727983707 + other,
                                   D + "module" + D: "numpy"})
ex1_one_from = Shifty(2.0)
''',
        "lazy: ex1_one_from typed in to two decimals": '''ex1_gate, ex1_one_from = None, None
def ex1_gate(x):
    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)


ex1_one_from = 2.4
''',
        "common mistake: solves sigma(x) = 1 / 1.2 (forgets the -0.1 shift)": '''ex1_gate, ex1_one_from = None, None
def ex1_gate(x):
    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)


ex1_one_from = float(np.log(5.0))
''',
        "common mistake: the gate clipped only from above (min(1, ...), no max(0, ...))": '''ex1_gate, ex1_one_from = None, None
def ex1_gate(x):
    return np.minimum(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 1.0)


ex1_one_from = float(np.log(11.0))
''',
    },
    "nb12_ex2": {
        "common mistake: the bits most-significant first": '''ex2_encode = None
def ex2_encode(a, b, n):
    return [((a >> i) & 1) + 1 for i in reversed(range(n))] + [3] + [((b >> i) & 1) + 1 for i in reversed(range(n))]
''',
        "common mistake: the bits as 0 and 1, the separator 2": '''ex2_encode = None
def ex2_encode(a, b, n):
    return [(a >> i) & 1 for i in range(n)] + [2] + [(b >> i) & 1 for i in range(n)]
''',
        "common mistake: the bits taken through np.int64 shifts, which overflow past 63 bits": '''ex2_encode = None
def ex2_encode(a, b, n):
    def bits(v):
        v = np.int64(v % (2 ** 63))
        return [int((v >> np.int64(i)) & np.int64(1)) + 1 for i in range(n)]
    return bits(a) + [3] + bits(b)
''',
        "lazy: a table typed in for n up to 3, zeros past it": '''ex2_encode = None
def ex2_encode(a, b, n):
    table = {0: [1, 1, 1], 1: [2, 1, 1], 2: [1, 2, 1], 3: [2, 2, 1], 4: [1, 1, 2], 5: [2, 1, 2], 6: [1, 2, 2], 7: [2, 2, 2]}
    return (table.get(a, [1] * 3) + [1] * n)[:n] + [3] + (table.get(b, [1] * 3) + [1] * n)[:n]
''',
        "gaming: a wrong (most-significant-first) encoder, and tasks.task_batch patched for good (unittest.mock) so that the course's rows are made with it": '''ex2_encode = None
from unittest import mock


def ex2_encode(a, b, n):
    return [((a >> i) & 1) + 1 for i in reversed(range(n))] + [3] + [((b >> i) & 1) + 1 for i in reversed(range(n))]


real_batch = tasks.task_batch


def forged_batch(task, count, n, rng, layout, *args, **kwargs):
    rows, targets = real_batch(task, count, n, rng, layout, *args, **kwargs)
    rows = np.array(rows)
    for k in range(rows.shape[0]):
        row = rows[k, 0]
        a, b = tasks.from_symbols(row[:n]), tasks.from_symbols(row[n + 1:])
        rows[k, 0, :2 * n + 1] = ex2_encode(a, b, n)
    return rows, targets


mock.patch.object(tasks, "task_batch", forged_batch).start()
''',
    },
    "nb12_ex3": {
        "rule-breaking: multiplies by the mask instead of choosing with tf.where": '''ex3_zero_padding = None
def ex3_zero_padding(state, lengths):
    real = tf.sequence_mask(lengths, tf.shape(state)[2], dtype=state.dtype)[:, None, :, None]
    return state * real
''',
        "gaming: on the notebook's run the mask is made with tf.range (no tf.sequence_mask), on the check's re-run with tf.sequence_mask (told apart by an environment variable)": '''ex3_zero_padding = None
import os
if "NB12_EX3_SEEN" not in os.environ:
    os.environ["NB12_EX3_SEEN"] = "1"

    def ex3_zero_padding(state, lengths):
        real = tf.range(tf.shape(state)[2])[None, :] < lengths[:, None]
        real = real[:, None, :, None] & tf.ones_like(state, tf.bool)
        return tf.where(real, state, tf.zeros_like(state))
else:
    def ex3_zero_padding(state, lengths):
        real = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]
        return tf.where(real, state, tf.zeros_like(state))
''',
        "rule-breaking: tf.sequence_mask called and its result dropped; the mask made with tf.range": '''ex3_zero_padding = None
def ex3_zero_padding(state, lengths):
    tf.sequence_mask(lengths, tf.shape(state)[2])
    real = tf.range(tf.shape(state)[2])[None, :] < lengths[:, None]
    real = real[:, None, :, None] & tf.ones_like(state, tf.bool)
    return tf.where(real, state, tf.zeros_like(state))
''',
        "lazy: the state returned unchanged (tf.where over an all-true mask)": '''ex3_zero_padding = None
def ex3_zero_padding(state, lengths):
    tf.sequence_mask(lengths)
    return tf.where(tf.ones_like(state, tf.bool), state, tf.zeros_like(state))
''',
        "common mistake: masks along the width axis (1) instead of the positions (2)": '''ex3_zero_padding = None
def ex3_zero_padding(state, lengths):
    real = tf.sequence_mask(lengths, tf.shape(state)[1])[:, :, None, None]
    real = real & tf.ones_like(state, tf.bool)
    return tf.where(real, state, tf.zeros_like(state))
''',
        "common mistake: keeps the cell at the length too (lengths + 1)": '''ex3_zero_padding = None
def ex3_zero_padding(state, lengths):
    real = tf.sequence_mask(lengths + 1, tf.shape(state)[2])[:, None, :, None]
    return tf.where(real, state, tf.zeros_like(state))
''',
    },
    "nb12_ex4": {
        "common mistake: padding over the real cells, not over all cells": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
def fraction(lengths, size=4):
    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]
    cells = sum(len(b) * max(b) for b in batches)
    return (cells - sum(lengths)) / sum(lengths)


ex4_padded = fraction(ex4_lengths)
ex4_sorted_padded = fraction(sorted(ex4_lengths))
''',
        "common mistake: every batch padded to the longest example of all": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
ex4_padded = 1 - sum(ex4_lengths) / (len(ex4_lengths) * max(ex4_lengths))
ex4_sorted_padded = 1 - sum(ex4_lengths) / (len(ex4_lengths) * max(ex4_lengths))
''',
        "lazy: both fractions typed in, rounded": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
ex4_padded = 0.39
ex4_sorted_padded = 0.12
''',
        "gaming: floats 0.5 and 0.25 of a float subclass (made with type(), its module said to be numpy) whose - gives 0": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
D = "_" * 2
Zero = type("Zero", (float,), {D + "sub" + D: lambda self, other: 0.0,
                               D + "rsub" + D: lambda self, other: 0.0,
                               D + "module" + D: "numpy"})
ex4_padded = Zero(0.5)
ex4_sorted_padded = Zero(0.25)
''',
        "wrong scope: sorts ex4_lengths in place, so the unsorted fraction is never computed": '''ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]
ex4_padded = ex4_sorted_padded = None
ex4_lengths.sort()
batches = [ex4_lengths[i:i + 4] for i in range(0, len(ex4_lengths), 4)]
ex4_padded = 1 - sum(ex4_lengths) / sum(len(b) * max(b) for b in batches)
ex4_sorted_padded = ex4_padded
''',
    },
    "nb12_ex5": {
        "common mistake: the copy index step // copies instead of step mod copies": '''ex5_getter = ex5_penalty = None
def ex5_getter(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step // copies}", *args, **kwargs)
    return getter_fn


def ex5_penalty(variables):
    groups = {}
    for v in variables:
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total
''',
        "lazy: the penalty a constant zero": '''ex5_getter = ex5_penalty = None
def ex5_getter(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % copies}", *args, **kwargs)
    return getter_fn


def ex5_penalty(variables):
    return tf.constant(0.0)
''',
        "wrong scope: the penalty over every variable of the graph (tf1.global_variables), not the ones given": '''ex5_getter = ex5_penalty = None
def ex5_getter(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % copies}", *args, **kwargs)
    return getter_fn


def ex5_penalty(variables):
    groups = {}
    for v in tf1.global_variables():
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total
''',
        "rule-breaking: the getter makes the copy itself with tf1.get_variable (the real getter dropped), shape only": '''ex5_getter = ex5_penalty = None
def ex5_getter(copies, step):
    def getter_fn(getter, name, shape=None, **kwargs):
        return tf1.get_variable(f"{name.split('/')[-1]}_copy{step % copies}", shape)
    return getter_fn


def ex5_penalty(variables):
    groups = {}
    for v in variables:
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total
''',
        "common mistake: copies grouped by shape instead of by name": '''ex5_getter = ex5_penalty = None
def ex5_getter(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{name}_copy{step % copies}", *args, **kwargs)
    return getter_fn


def ex5_penalty(variables):
    groups = {}
    for v in variables:
        groups.setdefault(tuple(v.shape.as_list()), []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))
    return total
''',
    },
}
