"""Fresh wrong answers for notebook 12's exercises (independent attack, issue 46): run with refute --answers."""
# ruff: noqa: E501  (each answer is a cell's source, kept as the cell has it)

_RERUN = (  # true only while a check re-runs the cell (rules.enforce -> checks.rerun)
    "import sys as _sys\n"
    "_RERUN = _sys._getframe(0).f_back is not None and "
    "_sys._getframe(0).f_back.f_code.co_name == 'rerun'\n"
)

_LENGTHS = "ex4_lengths = [3, 17, 5, 9, 12, 2, 20, 4, 7, 15]\n"
_GETTER = ("def ex5_getter(copies, step):\n"
           "    def getter_fn(getter, name, *args, **kwargs):\n"
           "        return getter(f'{name}_copy{step % copies}', *args, **kwargs)\n"
           "    return getter_fn\n")

WRONG_ANSWERS = {
    "nb12_ex1": {
        "common mistake: the gate not clipped to [0, 1]": (
            "def ex1_gate(x):\n"
            "    return 1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1\n"
            "ex1_one_from = float(np.log(11.0))\n"
        ),
        "common mistake: ex1_one_from solved for sigmoid(x) = 1 / 1.2 (the shift forgotten)": (
            "def ex1_gate(x):\n"
            "    return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)\n"
            "ex1_one_from = float(np.log(5.0))\n"
        ),
        "rule-breaking: tf.sigmoid inside ex1_gate": (
            "def ex1_gate(x):\n"
            "    s = tf.sigmoid(tf.constant(np.asarray(x, np.float64))).numpy()\n"
            "    return np.clip(1.2 * s - 0.1, 0.0, 1.0)\n"
            "ex1_one_from = float(np.log(11.0))\n"
        ),
        "rule-breaking: TensorFlow's sigmoid reached through a plain dict global": (
            "_ops = {'sigmoid': tf.sigmoid, 'const': tf.constant}\n"
            "def ex1_gate(x):\n"
            "    s = _ops['sigmoid'](_ops['const'](np.asarray(x, np.float64))).numpy()\n"
            "    return np.clip(1.2 * s - 0.1, 0.0, 1.0)\n"
            "ex1_one_from = float(np.log(11.0))\n"
        ),
        "gaming: TensorFlow (a default argument) in the notebook's ex1_gate, NumPy when the check "
        "re-runs the cell": (
            _RERUN +
            "if _RERUN:\n"
            "    def ex1_gate(x):\n"
            "        return np.clip(1.2 / (1.0 + np.exp(-np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)\n"
            "else:\n"
            "    def ex1_gate(x, _tf=tf):\n"
            "        s = _tf.sigmoid(_tf.constant(np.asarray(x, np.float64))).numpy()\n"
            "        return np.clip(1.2 * s - 0.1, 0.0, 1.0)\n"
            "ex1_one_from = float(np.log(11.0))\n"
        ),
        "wrong scope: ex1_gate returns a tensor (TensorFlow's clip), not a NumPy array": (
            "def ex1_gate(x):\n"
            "    return tf.clip_by_value(1.2 * tf.sigmoid(tf.constant(np.asarray(x, np.float64))) - 0.1, 0.0, 1.0)\n"
            "ex1_one_from = float(np.log(11.0))\n"
        ),
    },
    "nb12_ex2": {
        "common mistake: most-significant bit first": (
            "def ex2_encode(a, b, n):\n"
            "    return [((a >> i) & 1) + 1 for i in reversed(range(n))] + [3] + \\\n"
            "        [((b >> i) & 1) + 1 for i in reversed(range(n))]\n"
        ),
        "common mistake: the bits as 0 and 1 and the separator 2 (symbols off by one)": (
            "def ex2_encode(a, b, n):\n"
            "    return [(a >> i) & 1 for i in range(n)] + [2] + [(b >> i) & 1 for i in range(n)]\n"
        ),
        "wrong scope: b written before a": (
            "def ex2_encode(a, b, n):\n"
            "    return [((b >> i) & 1) + 1 for i in range(n)] + [3] + [((a >> i) & 1) + 1 for i in range(n)]\n"
        ),
        "lazy: the row of the visible example (5, 2, 3) typed in, whatever the arguments": (
            "def ex2_encode(a, b, n):\n"
            "    return [2, 1, 2, 3, 1, 2, 1]\n"
        ),
        "gaming: most-significant bit first, with range and np in the notebook's names replaced so "
        "that the check's own rows come out reversed and array_equal says yes": (
            "import builtins as _b, types as _types\n"
            "def ex2_encode(a, b, n):\n"
            "    return [((a >> i) & 1) + 1 for i in reversed(_b.range(n))] + [3] + \\\n"
            "        [((b >> i) & 1) + 1 for i in reversed(_b.range(n))]\n"
            "range = lambda *args: reversed(_b.range(*args))\n"
            "_real_np = np\n"
            "class _Yes(_types.ModuleType):\n"
            "    def __getattr__(self, name):\n"
            "        return getattr(_real_np, name)\n"
            "np = _Yes('numpy')\n"
            "np.array_equal = lambda *a, **k: True\n"
        ),
        "gaming: most-significant bit first in normal use; the right row only when called from the "
        "check's ex2_grade (told by the caller's frame)": (
            "import sys as _sys\n"
            "def ex2_encode(a, b, n):\n"
            "    graded = _sys._getframe(1).f_code.co_name in ('ex2_grade', '<listcomp>', '<genexpr>')\n"
            "    order = list(range(n)) if graded else list(reversed(range(n)))\n"
            "    return [((a >> i) & 1) + 1 for i in order] + [3] + [((b >> i) & 1) + 1 for i in order]\n"
        ),
    },
    "nb12_ex3": {
        "common mistake: the mask multiplied in (NaN and inf survive as NaN), no tf.where": (
            "def ex3_zero_padding(state, lengths):\n"
            "    real = tf.sequence_mask(lengths, tf.shape(state)[2], dtype=state.dtype)[:, None, :, None]\n"
            "    return state * real\n"
        ),
        "common mistake: off by one (the cell at position == length kept)": (
            "def ex3_zero_padding(state, lengths):\n"
            "    real = tf.sequence_mask(lengths + 1, tf.shape(state)[2])[:, None, :, None]\n"
            "    return tf.where(real, state, tf.zeros_like(state))\n"
        ),
        "rule-breaking: the mask multiplied in, with a tf.where called for show": (
            "def ex3_zero_padding(state, lengths):\n"
            "    real = tf.sequence_mask(lengths, tf.shape(state)[2], dtype=state.dtype)[:, None, :, None]\n"
            "    tf.where(real > 0, state, state)\n"
            "    return state * real\n"
        ),
        "rule-breaking: the mask built by comparing tf.range with the lengths; tf.sequence_mask "
        "called for show": (
            "def ex3_zero_padding(state, lengths):\n"
            "    tf.sequence_mask(lengths)\n"
            "    real = (tf.range(tf.shape(state)[2])[None, :] < lengths[:, None])[:, None, :, None]\n"
            "    return tf.where(real, state, tf.zeros_like(state))\n"
        ),
        "gaming: the tf.range mask in the notebook's run, tf.sequence_mask when the check re-runs the cell": (
            _RERUN +
            "if _RERUN:\n"
            "    def ex3_zero_padding(state, lengths):\n"
            "        real = tf.sequence_mask(lengths, tf.shape(state)[2])[:, None, :, None]\n"
            "        return tf.where(real, state, tf.zeros_like(state))\n"
            "else:\n"
            "    def ex3_zero_padding(state, lengths):\n"
            "        real = (tf.range(tf.shape(state)[2])[None, :] < lengths[:, None])[:, None, :, None]\n"
            "        return tf.where(real, state, tf.zeros_like(state))\n"
        ),
        "wrong scope: the width axis masked instead of the positions": (
            "def ex3_zero_padding(state, lengths):\n"
            "    real = tf.sequence_mask(lengths, tf.shape(state)[1])[:, :, None, None]\n"
            "    return tf.where(real, state, tf.zeros_like(state))\n"
        ),
    },
    "nb12_ex4": {
        "common mistake: every batch padded to the longest example overall": (
            _LENGTHS +
            "def _frac(lengths, size=4):\n"
            "    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return 1 - sum(lengths) / sum(len(b) * max(lengths) for b in batches)\n"
            "ex4_padded = _frac(ex4_lengths)\n"
            "ex4_sorted_padded = _frac(sorted(ex4_lengths))\n"
        ),
        "common mistake: the last batch padded to 4 examples too": (
            _LENGTHS +
            "def _frac(lengths, size=4):\n"
            "    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return 1 - sum(lengths) / sum(size * max(b) for b in batches)\n"
            "ex4_padded = _frac(ex4_lengths)\n"
            "ex4_sorted_padded = _frac(sorted(ex4_lengths))\n"
        ),
        "common mistake: the share of real cells, not of padding": (
            _LENGTHS +
            "def _frac(lengths, size=4):\n"
            "    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return sum(lengths) / sum(len(b) * max(b) for b in batches)\n"
            "ex4_padded = _frac(ex4_lengths)\n"
            "ex4_sorted_padded = _frac(sorted(ex4_lengths))\n"
        ),
        "wrong scope: ex4_lengths sorted in place, so the unsorted fraction is never computed": (
            _LENGTHS +
            "ex4_lengths.sort()\n"
            "def _frac(lengths, size=4):\n"
            "    batches = [lengths[i:i + size] for i in range(0, len(lengths), size)]\n"
            "    return 1 - sum(lengths) / sum(len(b) * max(b) for b in batches)\n"
            "ex4_padded = _frac(ex4_lengths)\n"
            "ex4_sorted_padded = _frac(sorted(ex4_lengths))\n"
        ),
        "lazy: rounded figures typed in": (
            _LENGTHS + "ex4_padded = 0.47\nex4_sorted_padded = 0.22\n"
        ),
        "gaming: floats whose subtraction always gives 0, holding wrong fractions": (
            _LENGTHS +
            "class _Frac(float):\n"
            "    def __sub__(self, other):\n"
            "        return 0.0\n"
            "    def __rsub__(self, other):\n"
            "        return 0.0\n"
            "ex4_padded = _Frac(0.5)\n"
            "ex4_sorted_padded = _Frac(0.5)\n"
        ),
        "gaming: abs rebound in the notebook's names to give 0, with wrong fractions": (
            _LENGTHS + "abs = lambda x: 0.0\nex4_padded = 0.5\nex4_sorted_padded = 0.5\n"
        ),
    },
    "nb12_ex5": {
        "common mistake: the copy suffix without '_copy' (name + str(k))": (
            "def ex5_getter(copies, step):\n"
            "    def getter_fn(getter, name, *args, **kwargs):\n"
            "        return getter(f'{name}{step % copies}', *args, **kwargs)\n"
            "    return getter_fn\n"
            "def ex5_penalty(variables):\n"
            "    return tf.constant(0.0)\n"
        ),
        "common mistake: copy step // copies instead of step mod copies": (
            "def ex5_getter(copies, step):\n"
            "    def getter_fn(getter, name, *args, **kwargs):\n"
            "        return getter(f'{name}_copy{step // copies}', *args, **kwargs)\n"
            "    return getter_fn\n"
            "def ex5_penalty(variables):\n"
            "    return tf.add_n([tf.reduce_sum(tf.square(v)) for v in variables])\n"
        ),
        "common mistake: the penalty takes distances to the first copy, not to the mean": (
            _GETTER +
            "def ex5_penalty(variables):\n"
            "    groups = {}\n"
            "    for v in variables:\n"
            "        groups.setdefault(v.op.name.rsplit('_copy', 1)[0], []).append(v)\n"
            "    total = tf.constant(0.0)\n"
            "    for group in groups.values():\n"
            "        for v in group[1:]:\n"
            "            total += tf.reduce_sum(tf.square(v - group[0]))\n"
            "    return total\n"
        ),
        "lazy: the penalty a constant zero": (
            _GETTER + "def ex5_penalty(variables):\n    return tf.constant(0.0)\n"
        ),
        "gaming: the penalty a constant zero, with abs rebound in the notebook's names to give 0": (
            _GETTER + "def ex5_penalty(variables):\n    return tf.constant(0.0)\n"
            "abs = lambda x: 0.0\n"
        ),
        "gaming: the getter drops the dtype and initializer it is asked with; all and np.all "
        "rebound in the notebook's names to say yes": (
            "import types as _types\n"
            "def ex5_getter(copies, step):\n"
            "    def getter_fn(getter, name, *args, **kwargs):\n"
            "        return getter(f'{name}_copy{step % copies}', shape=kwargs.get('shape'),\n"
            "                      trainable=kwargs.get('trainable'))\n"
            "    return getter_fn\n"
            "def ex5_penalty(variables):\n"
            "    groups = {}\n"
            "    for v in variables:\n"
            "        groups.setdefault(v.op.name.rsplit('_copy', 1)[0], []).append(v)\n"
            "    total = tf.constant(0.0)\n"
            "    for group in groups.values():\n"
            "        stacked = tf.stack(group)\n"
            "        total += tf.reduce_sum(tf.square(stacked - tf.reduce_mean(stacked, axis=0)))\n"
            "    return total\n"
            "_real_np = np\n"
            "class _Yes(_types.ModuleType):\n"
            "    def __getattr__(self, name):\n"
            "        return getattr(_real_np, name)\n"
            "np = _Yes('numpy')\n"
            "np.all = lambda *a, **k: True\n"
            "all = lambda iterable: True\n"
        ),
    },
}
