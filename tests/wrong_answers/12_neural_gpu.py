"""Wrong answers to notebook 12's exercises: each must fail its check (proved by `refute`)."""

_GATE = '''def ex1_cutoff(x):
    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)


ex1_gate = ex1_cutoff
'''

_ROW = '''def ex2_row(a, b, n):
    return {a} + [3] + {b}


ex2_encode = ex2_row
'''

_MASK = '''def ex3_mask(state, lengths):
    real = {mask}
    return tf.where(real, state, tf.zeros_like(state))


ex3_zero_padding = ex3_mask
'''

_GETTER = '''def ex5_relaxed(copies, step):
    def getter_fn(getter, name, *args, **kwargs):
        return getter(f"{{name}}_copy{{{copy}}}", *args, **kwargs)
    return getter_fn


def ex5_pull(variables):
    groups = {{}}
    for v in variables:
        groups.setdefault(v.op.name.rsplit("_copy", 1)[0], []).append(v)
    total = tf.constant(0.0)
    for group in groups.values():
        stacked = tf.stack(group)
        total += {penalty}
    return total


ex5_getter, ex5_penalty = ex5_relaxed, ex5_pull
'''
_SUM = "tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))"

WRONG_ANSWERS: dict[str, dict[str, str]] = {
    "nb12_ex1": {
        "lazy: x = 2.4 from section 1's table, where the gate already shows 1":
            _GATE + "ex1_one_from = 2.4\n",
        "common mistake: no clipping to [0, 1]":
            "ex1_gate = lambda x: 1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1\n"
            "ex1_one_from = np.log(11.0)\n",
        "common mistake: sigmoid(x) = 1 / 1.2 solved for x":
            _GATE + "ex1_one_from = np.log(5.0)\n",
        "breaks the rule: the package's TensorFlow gate, not NumPy":
            "ex1_gate = lambda x: neural_gpu.gate(tf.constant(x), True).numpy()\n"
            "ex1_one_from = np.log(11.0)\n",
        "breaks the rule: TensorFlow's sigmoid, imported inside ex1_gate (not NumPy only)":
            "def ex1_cutoff(x):\n"
            "    import tensorflow\n"
            "    s = tensorflow.sigmoid(np.asarray(x, np.float64)).numpy()\n"
            "    return np.clip(1.2 * s - 0.1, 0.0, 1.0)\n"
            "\n"
            "\n"
            "ex1_gate = ex1_cutoff\n"
            "ex1_one_from = np.log(11.0)\n",
        "breaks the rule: SciPy's expit, imported inside ex1_gate (not NumPy only)":
            "def ex1_cutoff(x):\n"
            "    from scipy.special import expit\n"
            "    return np.clip(1.2 * expit(np.asarray(x, np.float64)) - 0.1, 0.0, 1.0)\n"
            "\n"
            "\n"
            "ex1_gate = ex1_cutoff\n"
            "ex1_one_from = np.log(11.0)\n",
        "reads globals: the gate of the check's grid ex1_x, whatever x is given":
            "ex1_gate = lambda x: np.clip(1.2 / (1.0 + np.exp(-ex1_x)) - 0.1, 0.0, 1.0)\n"
            "ex1_one_from = np.log(11.0)\n",
        "lazy: the gate tabulated on a grid and interpolated":
            "ex1_grid = np.linspace(-6, 6, 49)\n"
            "ex1_table = np.clip(1.2 / (1.0 + np.exp(-ex1_grid)) - 0.1, 0.0, 1.0)\n"
            "ex1_gate = lambda x: np.interp(x, ex1_grid, ex1_table)\n"
            "ex1_one_from = np.log(11.0)\n",
    },
    "nb12_ex2": {
        "lazy: the 4-bit row printed in section 1, whatever the numbers":
            "ex2_encode = lambda a, b, n: [1, 2, 2, 1, 3, 2, 2, 2, 1]\n",
        "common mistake: most-significant bit first":
            _ROW.format(a='[int(c) + 1 for c in format(a, f"0{n}b")]',
                        b='[int(c) + 1 for c in format(b, f"0{n}b")]'),
        "common mistake: the bits themselves as symbols (0 and 1)":
            _ROW.format(a="[(a >> i) & 1 for i in range(n)]", b="[(b >> i) & 1 for i in range(n)]"),
        "common mistake: no separator":
            "ex2_encode = lambda a, b, n: [((a >> i) & 1) + 1 for i in range(n)] "
            "+ [((b >> i) & 1) + 1 for i in range(n)]\n",
        "reads globals: the width from a global, not from n":
            "ex2_width = 3\n"
            "ex2_encode = lambda a, b, n: [((a >> i) & 1) + 1 for i in range(ex2_width)] + [3] "
            "+ [((b >> i) & 1) + 1 for i in range(ex2_width)]\n",
    },
    "nb12_ex3": {
        "lazy: the state returned unchanged":
            "ex3_zero_padding = lambda state, lengths: state\n",
        "common mistake: off by one, the first padded cell kept":
            _MASK.format(mask="tf.sequence_mask(lengths + 1, "
                              "tf.shape(state)[2])[:, None, :, None]"),
        "common mistake: the first example's length for the whole batch":
            _MASK.format(mask="tf.sequence_mask(tf.fill(tf.shape(lengths), lengths[0]), "
                              "tf.shape(state)[2])[:, None, :, None]"),
        "common mistake: the mask laid along the width, not the positions":
            _MASK.format(mask="tf.sequence_mask(lengths, tf.shape(state)[1])[:, :, None, None]"),
        "breaks the rule: the mask multiplied in, not chosen with tf.where":
            "def ex3_mask(state, lengths):\n"
            "    real = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]\n"
            "    return state * tf.cast(real, state.dtype)\n"
            "\n"
            "\n"
            "ex3_zero_padding = ex3_mask\n",
        "breaks the rule: the mask from tf.range, not tf.sequence_mask":
            _MASK.format(mask="(tf.range(tf.shape(state)[2])[None, :] "
                              "< lengths[:, None])[:, None, :, None]"),
        "breaks the rule: the raw SelectV2 op, not tf.where":
            "def ex3_mask(state, lengths):\n"
            "    real = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]\n"
            "    return tf.raw_ops.SelectV2(condition=real, t=state, e=tf.zeros_like(state))\n"
            "\n"
            "\n"
            "ex3_zero_padding = ex3_mask\n",
        "breaks the rule: NumPy inside, tf.constant around it":
            "def ex3_mask(state, lengths):\n"
            "    values, n = state.numpy(), state.shape[2]\n"
            "    real = np.arange(n)[None, :] < np.asarray(lengths)[:, None]\n"
            "    return tf.constant(np.where(real[:, None, :, None], values, 0.0))\n"
            "\n"
            "\n"
            "ex3_zero_padding = ex3_mask\n",
    },
    "nb12_ex4": {
        "lazy: the fractions of section 4.3's bucketing run":
            "ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n"
            "ex4_padded, ex4_sorted_padded = 0.452, 0.164\n",
        "common mistake: every batch padded to the longest example of all":
            "ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n"
            "ex4_padded = ex4_sorted_padded = 1 - sum(ex4_lengths) / (len(ex4_lengths) "
            "* max(ex4_lengths))\n",
        "common mistake: the last, smaller batch counted as 4 wide":
            "ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n"
            "def ex4_fraction(lengths, size=4):\n"
            "    batches_of = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return 1 - sum(lengths) / sum(size * max(b) for b in batches_of)\n"
            "ex4_padded = ex4_fraction(ex4_lengths)\n"
            "ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths))\n",
        "lazy: the fractions from a hand count, rounded":
            "ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n"
            "ex4_padded, ex4_sorted_padded = 0.47, 0.22\n",
        "breaks the rule: the lengths sorted in place, both fractions of the sorted ones":
            "ex4_lengths = sorted([3, 17, 5, 9, 12, 2, 20, 4, 7, 15])\n"
            "def ex4_fraction(lengths, size=4):\n"
            "    batches_of = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return 1 - sum(lengths) / sum(len(b) * max(b) for b in batches_of)\n"
            "ex4_padded = ex4_fraction(ex4_lengths)\n"
            "ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths))\n",
        "common mistake: sorted longest first":
            "ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n"
            "def ex4_fraction(lengths, size=4):\n"
            "    batches_of = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return 1 - sum(lengths) / sum(len(b) * max(b) for b in batches_of)\n"
            "ex4_padded = ex4_fraction(ex4_lengths)\n"
            "ex4_sorted_padded = ex4_fraction(sorted(ex4_lengths, reverse=True))\n",
    },
    "nb12_ex5": {
        "lazy: the package's relaxed_getter and no penalty":
            "ex5_getter = neural_gpu.relaxed_getter\n"
            "ex5_penalty = lambda variables: tf.constant(0.0)\n",
        "common mistake: the real getter's parameter not named getter (TensorFlow passes it "
        "as the keyword getter=)":
            _GETTER.format(copy="step % copies", penalty=_SUM).replace(
                "def getter_fn(getter, name,", "def getter_fn(real_getter, name,").replace(
                "return getter(f", "return real_getter(f"),
        "common mistake: every step gets copy 0":
            _GETTER.format(copy=0, penalty=_SUM),
        "common mistake: copy step // copies":
            _GETTER.format(copy="step // copies", penalty=_SUM),
        "common mistake: the mean squared distance, not the sum":
            _GETTER.format(copy="step % copies", penalty="tf.reduce_mean(tf.square(stacked - "
                                                         "tf.reduce_mean(stacked, axis=0)))"),
        "reads globals: the penalty of every variable of the graph, not of its argument":
            _GETTER.format(copy="step % copies", penalty=_SUM).replace(
                "for v in variables:", "for v in tf1.global_variables():"),
        "breaks the rule: the getter passes on the shape only":
            _GETTER.format(copy="step % copies", penalty=_SUM).replace(
                "*args, **kwargs)\n    return getter_fn",
                "shape=kwargs['shape'])\n    return getter_fn"),
    },
}


# The fourth attack's gaming answers (tests/attacks2) that got past checks which called no
# rules.enforce, or that rebound a builtin or a module a check reads (issue 46).
WRONG_ANSWERS['nb12_ex2'].update({
    "gaming: most-significant bit first, with range and np in the notebook'"
    "s names replaced so that the check's own rows come out reversed and ar"
    'ray_equal says yes': (
        'import builtins as _b, types as _types\n'
        'def ex2_encode(a, b, n):\n'
        '    return [((a >> i) & 1) + 1 for i in reversed(_b.range(n))] + [3] +'
        ' \\\n'
        '        [((b >> i) & 1) + 1 for i in reversed(_b.range(n))]\n'
        'range = lambda *args: reversed(_b.range(*args))\n'
        '_real_np = np\n'
        'class _Yes(_types.ModuleType):\n'
        '    def __getattr__(self, name):\n'
        '        return getattr(_real_np, name)\n'
        "np = _Yes('numpy')\n"
        'np.array_equal = lambda *a, **k: True\n'),
    'gaming: most-significant bit first in normal use; the right row only w'
    "hen called from the check's ex2_grade (told by the caller's frame)": (
        'import sys as _sys\n'
        'def ex2_encode(a, b, n):\n'
        "    graded = _sys._getframe(1).f_code.co_name in ('ex2_grade', '<listc"
        "omp>', '<genexpr>')\n"
        '    order = list(range(n)) if graded else list(reversed(range(n)))\n'
        '    return [((a >> i) & 1) + 1 for i in order] + [3] + [((b >> i) & 1)'
        ' + 1 for i in order]\n'),
})
WRONG_ANSWERS['nb12_ex4'].update({
    'gaming: floats whose subtraction always gives 0, holding wrong fractio'
    'ns': (
        'ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n'
        'class _Frac(float):\n'
        '    def __sub__(self, other):\n'
        '        return 0.0\n'
        '    def __rsub__(self, other):\n'
        '        return 0.0\n'
        'ex4_padded = _Frac(0.5)\n'
        'ex4_sorted_padded = _Frac(0.5)\n'),
    "gaming: abs rebound in the notebook's names to give 0, with wrong frac"
    'tions': (
        'ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n'
        'abs = lambda x: 0.0\n'
        'ex4_padded = 0.5\n'
        'ex4_sorted_padded = 0.5\n'),
})
WRONG_ANSWERS['nb12_ex5'].update({
    "gaming: the penalty a constant zero, with abs rebound in the notebook'"
    's names to give 0': (
        'def ex5_getter(copies, step):\n'
        '    def getter_fn(getter, name, *args, **kwargs):\n'
        "        return getter(f'{name}_copy{step % copies}', *args, **kwargs)\n"
        '    return getter_fn\n'
        'def ex5_penalty(variables):\n'
        '    return tf.constant(0.0)\n'
        'abs = lambda x: 0.0\n'),
    'gaming: the getter drops the dtype and initializer it is asked with; a'
    "ll and np.all rebound in the notebook's names to say yes": (
        'import types as _types\n'
        'def ex5_getter(copies, step):\n'
        '    def getter_fn(getter, name, *args, **kwargs):\n'
        "        return getter(f'{name}_copy{step % copies}', shape=kwargs.get("
        "'shape'),\n"
        "                      trainable=kwargs.get('trainable'))\n"
        '    return getter_fn\n'
        'def ex5_penalty(variables):\n'
        '    groups = {}\n'
        '    for v in variables:\n'
        "        groups.setdefault(v.op.name.rsplit('_copy', 1)[0], []).append("
        'v)\n'
        '    total = tf.constant(0.0)\n'
        '    for group in groups.values():\n'
        '        stacked = tf.stack(group)\n'
        '        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stac'
        'ked, axis=0)))\n'
        '    return total\n'
        '_real_np = np\n'
        'class _Yes(_types.ModuleType):\n'
        '    def __getattr__(self, name):\n'
        '        return getattr(_real_np, name)\n'
        "np = _Yes('numpy')\n"
        'np.all = lambda *a, **k: True\n'
        'all = lambda iterable: True\n'),
})


# The fourth attack's answer (tests/attacks2) that built the mask from tf.range and called
# tf.sequence_mask for show: the check's call now makes the mask one cell shorter.
WRONG_ANSWERS['nb12_ex3'].update({
    'rule-breaking: the mask built by comparing tf.range with the lengths; '
    'tf.sequence_mask called for show': (
        'def ex3_zero_padding(state, lengths):\n'
        '    tf.sequence_mask(lengths)\n'
        '    real = (tf.range(tf.shape(state)[2])[None, :] < lengths[:, None])['
        ':, None, :, None]\n'
        '    return tf.where(real, state, tf.zeros_like(state))\n'),
})

# Stop 56: answers of the fifth and sixth attacks (tests/attacks3, tests/attacks4) that
# passed the checks of their time, each refused by a check or rule of stop 56.
WRONG_ANSWERS['nb12_ex1'].update({
    'rule-breaking: the sigmoid from TensorFlow (tf.math.sigmoid), reached through an argparse.Namespace that Only does not look into (tests/attacks4)':  # noqa: E501
        'import argparse\n'
        '\n'
        'ex1_gate, ex1_one_from = None, None\n'
        'EX1_TOOLS = argparse.Namespace(sigmoid=tf.math.sigmoid)\n'
        '\n'
        '\n'
        'def ex1_cutoff(x):\n'
        '    squashed = np.asarray(EX1_TOOLS.sigmoid(np.asarray(x, np.float64)))\n'
        '    return np.clip(1.2 * squashed - 0.1, 0.0, 1.0)\n'
        '\n'
        '\n'
        'ex1_gate = ex1_cutoff\n'
        'ex1_one_from = float(np.log(11.0))\n',
    'gaming: ex1_gate is np.vectorize around a lambda that calls TensorFlow: a NumPy object, whose wrapped function Only never reaches (tests/attacks4)':  # noqa: E501
        'ex1_gate, ex1_one_from = None, None\n'
        'ex1_gate = np.vectorize(\n'
        '    lambda v: min(1.0, max(0.0, 1.2 * float(tf.math.sigmoid(tf.constant(float(v), tf.float64))) - 0.1)),\n'  # noqa: E501
        '    otypes=[np.float64])\n'
        'ex1_one_from = float(np.log(11.0))\n',
    'rule-breaking: scipy.special.expit for the sigmoid, imported in the cell (tests/attacks4)':
        'from scipy.special import expit\n'
        '\n'
        'ex1_gate, ex1_one_from = None, None\n'
        'def ex1_cutoff(x):\n'
        '    return np.clip(1.2 * expit(np.asarray(x, np.float64)) - 0.1, 0.0, 1.0)\n'
        '\n'
        '\n'
        'ex1_gate = ex1_cutoff\n'
        'ex1_one_from = float(np.log(11.0))\n',
})
