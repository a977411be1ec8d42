"""rules: each rule a task states holds a right answer and rejects the answer that breaks it."""

import types

import numpy as np
import pytest
import tensorflow as tf

from cs20_helpers import rules

tf1 = tf.compat.v1

HVP = '''
def hessian_vector_product(y, x, v):
    grad = tf.gradients(y, x)[0]
    return tf.gradients(tf.reduce_sum(grad * v), x)[0]


with tf.Graph().as_default() as g:
    x = tf.constant([1.0, 2.0, 3.0])
    y = tf.reduce_sum(x**3)
    hv = hessian_vector_product(y, x, tf.constant([1.0, 0.0, -1.0]))
    with tf1.Session(graph=g) as sess:
        hvp = sess.run(hv)
'''

#: Two tf.gradients calls per call, the value from a run of a tensor built with gradient ops.
HVP_RULES = [
    rules.Calls("tf.gradients", 2, 2, per="hessian_vector_product",
                why="compute H v with two tf.gradients calls"),
    rules.FromRun("hvp", ops=("Mul",), why="hvp comes from running your tensor in a session"),
]


def _names(answer: str) -> dict:
    """The names of a notebook that ran ``answer``, with its history as IPython keeps it."""
    names = {"tf": tf, "tf1": tf1, "np": np, "__name__": "__main__"}
    exec(answer, names)
    names["In"] = ["", answer, "the check"]
    return names


def _call_hvp(copy: dict) -> None:
    """What a check does: call the answer's function on a fresh graph."""
    with tf.Graph().as_default():
        x = tf.constant([1.0, 2.0, 0.5])
        copy["hessian_vector_product"](tf.reduce_sum(x**3), x, tf.constant([1.0, 1.0, 2.0]))


def test_a_right_answer_keeps_every_rule():
    copy = rules.enforce(HVP_RULES, _names(HVP), "hvp", then=_call_hvp)
    np.testing.assert_allclose(copy["hvp"], [6.0, 0.0, -18.0])


@pytest.mark.parametrize("wrong, broken", [
    (HVP.replace("hvp = sess.run(hv)", "hvp = np.array([6.0, 0.0, -18.0])"),
     "hvp comes from running your tensor in a session (no Session.run of the answer fetched "
     "hvp from a tensor built with Mul)"),
    (HVP.replace("hvp = sess.run(hv)", "hvp = sess.run(tf.constant([6.0, 0.0, -18.0]))"),
     "no Session.run of the answer fetched hvp from a tensor built with Mul"),
    (HVP.replace("    return tf.gradients(tf.reduce_sum(grad * v), x)[0]",
                 "    rows = [tf.gradients(grad[i], x)[0] for i in range(3)]\n"
                 "    return tf.linalg.matvec(tf.stack(rows), v)"),
     "compute H v with two tf.gradients calls (tf.gradients was called 4 times in a call of "
     "hessian_vector_product)"),
])
def test_an_answer_that_breaks_a_rule_is_rejected_with_the_rule(wrong, broken):
    names = _names(wrong)
    with pytest.raises(AssertionError) as raised:
        rules.enforce(HVP_RULES, names, "hvp", then=_call_hvp)
    assert broken in str(raised.value)


def test_without_history_nothing_is_enforced():
    names = _names(HVP.replace("hvp = sess.run(hv)", "hvp = np.zeros(3)"))
    names["In"] = []
    assert rules.enforce(HVP_RULES, names, "hvp") is None


def test_an_answer_that_raises_again_is_the_students_error():
    names = _names(HVP)
    names["In"][1] = HVP + "\nraise ValueError('mine')\n"
    with pytest.raises(AssertionError, match="your answer raised ValueError when the check "
                       "ran it again: mine"):
        rules.enforce(HVP_RULES, names, "hvp")
    with pytest.raises(AssertionError, match="your answer raised ValueError when the check "
                       "ran it again: called"):
        rules.enforce(HVP_RULES, _names(HVP), "hvp", then=lambda copy: (_ for _ in ()).throw(
            ValueError("called")))


TRAIN = '''
with tf.Graph().as_default() as g:
    w = tf1.Variable(3.0)
    loss = w * w
    train = tf1.train.GradientDescentOptimizer(0.25).minimize(loss)
    fake = tf1.assign(w, w * 0.5)
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for _ in range(3):
            sess.run(STEP)
        final = sess.run(w)
'''


def test_runs_wants_the_named_op_run():
    kept = [rules.Runs("train", times=3, why="train with the optimizer's update")]
    assert rules.enforce(kept, _names(TRAIN.replace("STEP", "train")), "final") is not None
    with pytest.raises(AssertionError, match=r"train with the optimizer's update \(train was "
                       r"run 0 times\)"):
        rules.enforce(kept, _names(TRAIN.replace("STEP", "fake")), "final")


def test_runs_can_want_the_op_to_run_the_optimizer_s_update():
    kept = [rules.Runs("step", times=3, ops=("ResourceApplyGradientDescent",),
                       why="train with the optimizer's update")]
    answer = TRAIN.replace("STEP", "step")
    assert rules.enforce(kept, _names(answer.replace("    fake", "    step = train\n    fake")),
                         "final") is not None
    with pytest.raises(AssertionError, match=r"\(running step runs no "
                       r"ResourceApplyGradientDescent\)"):
        rules.enforce(kept, _names(answer.replace("    fake", "    step")), "final")


FED = '''
with tf.Graph().as_default() as g:
    x = tf1.placeholder(tf.float32, [2])
    w = tf1.Variable([0.0, 0.0])
    train = tf1.train.GradientDescentOptimizer(0.5).minimize(tf.reduce_sum((w - x) ** 2))
    with tf1.Session(graph=g) as sess:
        sess.run(tf1.global_variables_initializer())
        for batch in BATCHES:
            sess.run(train, {x: batch})
        final = sess.run(w)
'''


def test_runs_wants_the_tasks_batches_fed_to_the_op():
    kept = [rules.Runs("train", times=2, fed=(np.float32([1, 2]), np.float32([3, 4])),
                       why="train on the two batches")]
    right = FED.replace("BATCHES", "[[1, 2], [3, 4]]")
    assert rules.enforce(kept, _names(right), "final") is not None
    with pytest.raises(AssertionError, match=r"train on the two batches \(no run of train was "
                       r"fed batch 0 of the task\)"):
        rules.enforce(kept, _names(FED.replace("BATCHES", "[[0, 0], [3, 4]]")), "final")


def test_calls_can_forbid_a_call():
    never = [rules.Calls("tf1.assign", high=0, low=0, why="no hand-made update")]
    right = TRAIN.replace("STEP", "train").replace("    fake = tf1.assign(w, w * 0.5)\n", "")
    rules.enforce(never, _names(right), "final")
    with pytest.raises(AssertionError, match=r"no hand-made update \(tf1.assign was called 1 "
                       r"times\)"):
        rules.enforce(never, _names(TRAIN.replace("STEP", "fake")), "final")


NUMPY_ONLY = '''
def gram(features):
    return features.T @ features / len(features)

result = gram(np.ones((4, 2)))
'''


@pytest.mark.parametrize("wrong", [
    NUMPY_ONLY.replace("    return features.T @ features / len(features)", inside) for inside in (
        "    import tensorflow as tf2\n    return tf2.matmul(features, features, transpose_a=True)",
        "    return tf.matmul(features, features, transpose_a=True)",
        "    return __import__('tensorflow').matmul(features, features, transpose_a=True)",
        "    return gram.__globals__['tf'].matmul(features, features, transpose_a=True)",
        "    return getattr(np, 'ma').dot(features.T, features) / len(features)",
    )] + [
    NUMPY_ONLY.replace("def gram(features):", "def gram(features, t=tf):").replace(
        "features.T @ features", "t.matmul(features, features, transpose_a=True)"),
    "def make(t):\n    def gram(features):\n"
    "        return t.matmul(features, features, transpose_a=True) / len(features)\n"
    "    return gram\n\ngram = make(tf)\nresult = gram(np.ones((4, 2)))\n",
    "def helper(features, t=tf):\n    return t.matmul(features, features, transpose_a=True)\n\n"
    "def make(h):\n    def gram(features):\n        return h(features) / len(features)\n"
    "    return gram\n\ngram = make(helper)\nresult = gram(np.ones((4, 2)))\n",
    # The function a callable object, a partial, a bound method; the import through builtins.
    "class Gram:\n    def __call__(self, features):\n"
    "        return tf.matmul(features, features, transpose_a=True) / len(features)\n\n"
    "gram = Gram()\nresult = gram(np.ones((4, 2)))\n",
    "import functools\n\ndef _gram(features, t):\n"
    "    return t.matmul(features, features, transpose_a=True) / len(features)\n\n"
    "gram = functools.partial(_gram, t=tf)\nresult = gram(np.ones((4, 2)))\n",
    "import functools\n\ndef _gram(features):\n"
    "    return tf.matmul(features, features, transpose_a=True) / len(features)\n\n"
    "gram = functools.partial(_gram)\nresult = gram(np.ones((4, 2)))\n",
    "class Maker:\n    engine = None\n    def gram(self, features):\n"
    "        return self.engine.matmul(features, features, transpose_a=True) / len(features)\n\n"
    "maker = Maker()\nmaker.engine = tf\ngram = maker.gram\nresult = gram(np.ones((4, 2)))\n",
    NUMPY_ONLY.replace("features.T @ features",
                       "__builtins__['__import__']('tensorflow').matmul(features, features, "
                       "transpose_a=True)"),
    # TensorFlow held in a plain container global (the fourth attack, issue 46).
    "ENGINES = {'fast': tf.matmul}\n\ndef gram(features):\n"
    "    return ENGINES['fast'](features, features, transpose_a=True) / len(features)\n\n"
    "result = gram(np.ones((4, 2)))\n",
    "ENGINES = [(1, {'fast': tf})]\n\ndef gram(features):\n"
    "    return ENGINES[0][1]['fast'].matmul(features, features, transpose_a=True)\n\n"
    "result = gram(np.ones((4, 2)))\n",
    # held in another package's objects, or NumPy's class of another package (the sixth attack)
    "import argparse\nENGINES = argparse.Namespace(fast=tf.matmul)\n\ndef gram(features):\n"
    "    return ENGINES.fast(features, features, transpose_a=True) / len(features)\n\n"
    "result = gram(np.ones((4, 2)))\n",
    "gram = np.vectorize(lambda x: float(tf.reduce_sum(x)), signature='(n,m)->()')\n"
    "result = gram(np.ones((4, 2)))\n",
    "import scipy.special\nsquash = scipy.special.expit\n\ndef gram(features):\n"
    "    return squash(features.T @ features)\n\nresult = gram(np.ones((4, 2)))\n",
])
def test_only_sees_a_package_however_the_function_reaches_it(wrong):
    """An import, __import__, a global, a default argument, a closure (also a function held in
    one), __globals__, getattr: each reaches TensorFlow (or hides how) and is seen."""
    kept = [rules.Only("gram", why="gram uses NumPy only")]
    rules.enforce(kept, _names(NUMPY_ONLY), "result")
    with pytest.raises(AssertionError, match="gram uses NumPy only|no exercise needs it"):
        rules.enforce(kept, _names(wrong), "result")
    # Only sees it too, where the answer cell itself does not show it.
    names = _names(wrong)
    assert kept[0].check(names, {}, {}) is not None


def test_a_target_that_does_not_exist_is_the_authors_error():
    with pytest.raises(ValueError, match="not importable"):
        rules.enforce([rules.Calls("nosuchpackage.f", why="")], _names(NUMPY_ONLY), "result")


def test_a_cell_that_only_defines_the_function_is_the_answer():
    """A student who deletes the stub line, or defines the function in a new cell: the latest
    cell that binds the name, by ``def`` as by assignment, is the one re-run."""
    stub, answer = "gram = None\n", NUMPY_ONLY.replace("result = gram(np.ones((4, 2)))\n", "")
    assert rules.answer_cell(["", stub, answer, "check"], "gram") == answer
    assert rules.answer_cell(["", answer, stub, "check"], "gram") == stub
    names = _names(NUMPY_ONLY)
    names["In"] = ["", stub, answer, "the check"]
    copy = rules.enforce([rules.Only("gram", why="gram uses NumPy only")], names, "gram")
    np.testing.assert_allclose(copy["gram"](np.eye(2)), np.eye(2) / 2)
    with pytest.raises(AssertionError, match="run the cell that defines gram, then this check"):
        rules.answer_cell(["", "x = 1", "check"], "gram")


def test_calls_of_a_notebook_function_are_counted_in_the_answers_re_run():
    names = _names("def batch_for(step):\n    return step\n")
    answer = "batches = [batch_for(s) for s in range(5)]\n"
    exec(answer, names)
    names["In"] = ["", answer, "the check"]
    five = [rules.Calls("batch_for", 5, 5, why="train on batch_for(0) ... batch_for(4)")]
    assert rules.enforce(five, names, "batches")["batches"] == [0, 1, 2, 3, 4]
    names["In"][1] = "batches = [0, 1, 2, 3, 4]\n"
    with pytest.raises(AssertionError, match=r"batch_for was called 0 times"):
        rules.enforce(five, names, "batches")
    with pytest.raises(ValueError, match="rule names nosuch, which is not a function of the "
                       "notebook"):
        rules.enforce([rules.Calls("nosuch", why="")], names, "batches")


def test_from_run_takes_a_whole_run_and_fetches_named_by_string():
    answer = ("with tf.Graph().as_default() as g:\n"
              "    x = tf1.placeholder(tf.float32, name='x')\n"
              "    p = tf.multiply(x, 2.0, name='p')\n"
              "    with tf1.Session(graph=g) as sess:\n"
              "        both = sess.run([p, p], {x: 3.0})\n"
              "        named = sess.run('p:0', {'x:0': 4.0})\n")
    kept = [rules.FromRun("both", ops=("Mul",), why="both from one run"),
            rules.FromRun("named", ops=("Mul",), why="named from a run"),
            rules.Runs("p", 2, why="p is run")]
    assert rules.enforce(kept, _names(answer), "named") is not None
    with pytest.raises(AssertionError, match="both from one run"):
        rules.enforce(kept, _names(answer.replace("both = sess.run([p, p], {x: 3.0})",
                                                  "both = [6.0, 6.0]")), "named")


@pytest.mark.parametrize("first", [True, False])
def test_two_names_of_one_function_share_its_record_in_any_order(first):
    """``tf1.Session.run`` is ``BaseSession.run``: a rule on either sees every run."""
    count = rules.Calls("tf1.Session.run", 4, 4, why="four runs: initialise, two steps, read")
    source = rules.FromRun("final", why="final from a run")
    kept = [count, source] if first else [source, count]
    assert rules.enforce(kept, _names(TRAIN.replace("STEP", "train").replace(
        "range(3)", "range(2)")), "final") is not None


def test_gradients_counts_either_spelling():
    """A rule on tf.gradients must not reject tf1.gradients, nor let it past a ban."""
    twice = [rules.Calls(rules.GRADIENTS, 2, 2, per="hessian_vector_product", why="two calls")]
    for spelling in ("tf.gradients", "tf1.gradients"):
        answer = HVP.replace("tf.gradients", spelling)
        rules.enforce(twice, _names(answer), "hvp", then=_call_hvp)
        with pytest.raises(AssertionError, match="no gradients"):
            rules.enforce([rules.Calls(rules.GRADIENTS, 0, 0, why="no gradients")],
                          _names(answer), "hvp")


def test_the_modules_the_checks_use_must_be_intact(monkeypatch):
    names = _names(HVP)
    names["np"] = types.SimpleNamespace(allclose=lambda *args, **kwargs: True)
    with pytest.raises(AssertionError, match="your answer rebinds np, which the checks use"):
        rules.enforce(HVP_RULES, names, "hvp")
    monkeypatch.setattr(np, "allclose", lambda *args, **kwargs: True)
    with pytest.raises(AssertionError, match="your answer replaced numpy.allclose"):
        rules.enforce(HVP_RULES, _names(HVP), "hvp")


class _Shell:
    """What enforce reads of an IPython shell: its history manager and execution count."""

    def __init__(self, history: list[str], count: int) -> None:
        self.history_manager = types.SimpleNamespace(input_hist_parsed=history)
        self.execution_count = count


def test_the_history_is_the_kernels_not_the_name_in(monkeypatch):
    import IPython

    lazy = HVP.replace("hvp = sess.run(hv)", "hvp = np.array([6.0, 0.0, -18.0])") + "In = []\n"
    names = _names(lazy)
    names["In"] = []  # what the answer leaves of the name
    monkeypatch.setattr(IPython, "get_ipython", lambda: _Shell(["", lazy, "check"], 3))
    with pytest.raises(AssertionError, match="hvp comes from running your tensor"):
        rules.enforce(HVP_RULES, names, "hvp", then=_call_hvp)
    monkeypatch.setattr(IPython, "get_ipython", lambda: _Shell([""], 3))
    with pytest.raises(AssertionError, match="history of the cells it ran was emptied"):
        rules.enforce(HVP_RULES, names, "hvp")
    monkeypatch.setattr(IPython, "get_ipython", lambda: _Shell([""], 1))  # nbval keeps none
    assert rules.enforce(HVP_RULES, names, "hvp") is None


def test_a_rule_on_a_tensorflow_function_sees_every_spelling_of_it():
    """tf.einsum is tf.linalg.einsum: a rule on one holds an answer that writes the other."""
    answer = ("with tf.Graph().as_default():\n"
              "    m = tf.ones([2, 3])\n"
              "    gram = SPELLING('ij,ik->jk', m, m)\n")
    once = [rules.Calls("tf.einsum", 1, 1, why="one einsum")]
    for spelling in ("tf.einsum", "tf.linalg.einsum", "tf1.einsum"):
        rules.enforce(once, _names(answer.replace("SPELLING", spelling)), "gram")
    never = [rules.Calls("tf.reshape", 0, 0, why="no reshape")]
    with pytest.raises(AssertionError, match="no reshape"):
        rules.enforce(never, _names(answer.replace("SPELLING('ij,ik->jk', m, m)",
                                                   "tf1.reshape(m, [3, 2])")), "gram")


def test_a_fetched_indexed_slices_is_one_value():
    answer = ("with tf.Graph().as_default() as g:\n"
              "    e = tf1.Variable(tf.ones([5, 2]))\n"
              "    loss = tf.reduce_sum(tf.nn.embedding_lookup(e, [1, 3]))\n"
              "    grad = tf.gradients(loss, e)[0]\n"
              "    with tf1.Session(graph=g) as s:\n"
              "        s.run(tf1.global_variables_initializer())\n"
              "        value = s.run(grad)\n")
    assert rules.enforce([rules.Runs("grad", why="run grad")], _names(answer), "value") is not None


def test_a_cell_that_updates_a_name_it_reads_is_re_run_from_the_names_before_it():
    first, answer = "emb = np.ones(3)\n", "emb = emb / np.linalg.norm(emb)\n"
    names = {"tf": tf, "tf1": tf1, "np": np}
    exec(first, names)
    exec(answer, names)
    names["In"] = ["", first, answer, "the check"]
    kept = [rules.Calls("np.linalg.norm", 1, why="normalise with np.linalg.norm")]
    assert rules.enforce(kept, names, "emb") is not None


def test_runs_counts_runs_not_the_fetches_of_one_run():
    answer = ("with tf.Graph().as_default() as g:\n"
              "    w = tf1.Variable(0.0)\n"
              "    step = w.assign_add(1.0)\n"
              "    with tf1.Session(graph=g) as s:\n"
              "        s.run(w.initializer)\n"
              "        s.run([step] * 3)\n"
              "        value = s.run(w)\n")
    with pytest.raises(AssertionError, match=r"step was run 1 times"):
        rules.enforce([rules.Runs("step", times=3, why="run step three times")],
                      _names(answer), "value")


@pytest.mark.parametrize("launder", ["tf.constant(4.0)", "tf.identity(tf.constant(4.0))",
                                     "tf1.placeholder_with_default(4.0, [])"])
def test_from_run_refuses_a_number_typed_in_and_laundered_through_a_run(launder):
    answer = ("with tf.Graph().as_default() as g:\n"
              "    x = tf.constant(2.0)\n"
              "    y = x * x\n"
              f"    fake = {launder}\n"
              "    with tf1.Session(graph=g) as s:\n"
              "        value = s.run({})\n")
    kept = [rules.FromRun("value", why="value comes from a run")]
    rules.enforce(kept, _names(answer.format("y")), "value")
    with pytest.raises(AssertionError, match="no Session.run of the answer fetched value"):
        rules.enforce(kept, _names(answer.format("fake")), "value")


@pytest.mark.parametrize("reach", [
    "import sys\n", "ns = globals()\n", "shell = get_ipython()\n", "np.mean = lambda a: 0.5\n",
    "tf1.train.get_global_step = None\n", "class Sneaky(float):\n    __module__ = 'builtins'\n",
    "kind = (1).__class__\n", "from cs20_helpers import cell_record\n",
    "import importlib\n", "setattr(np, 'mean', len)\n",
    "unwrapped = hasattr(np.mean, '__wrapped__')\n",
    "from unittest import mock\nfake = mock.Mock()\n",
    # marks that survive into the check's re-run (issue 46's sixth attack)
    "seen = dir(tf1.Session.run)\n", "seen = getattr(np, 'me' + 'an')\n",
    "seen = hasattr(np.mean, '_' * 2 + 'wrapped' + '_' * 2)\n",
    "import logging\nlogging.getLogger('cs20-test').mark = 1\n",
    "tf1.get_default_graph().mark = 1\n", "np.typecodes['cs20 test'] = ''\n"])
def test_an_answer_that_reaches_the_kernel_or_the_checker_is_refused(reach):
    answer = reach + "value = 4.0\n"
    with pytest.raises(AssertionError, match="no exercise needs it"):
        rules.enforce([], _names("value = 4.0\n") | {"In": ["", answer, "check"]}, "value")


def test_an_answer_may_not_mark_a_library_object_it_holds():
    answer = "import logging\nlog = logging.getLogger('cs20-test')\nlog.mark = 1\n"
    names = _names(answer)
    assert rules.answer_uses_the_kernel(answer, names) == ["log.mark set"]


def test_an_answer_may_set_attributes_on_its_own_objects():
    answer = ("class Box:\n    pass\n\nbox = Box()\nbox.size = 3\nBox.kind = 'box'\n"
              "def f():\n    return 1\n\nf.calls = 0\nvalue = box.size\n"
              "grid = np.zeros((2, 3))\ngrid.shape = (3, 2)\ngrid[0] = 1.0\n"
              "config = tf1.ConfigProto()\nconfig.intra_op_parallelism_threads = 1\n"
              "name = getattr(box, 'size')\n")
    names = {"np": np, "tf1": tf1, "__name__": "__main__"}
    exec(answer, names)
    assert rules.answer_uses_the_kernel(answer, names) == []


@pytest.mark.parametrize("launder", [
    "tf.constant(4.0) * 1.0", "tf.matmul([[4.0]], tf.eye(1))[0, 0]",
    "tf.pow(tf.constant(4.0), 1.0)", "tf.random.uniform([]) * 0 + 4.0",
    "tf.reduce_mean(tf.reduce_sum([4.0]))", "typed * 1.0"])
def test_from_run_refuses_a_number_typed_in_and_passed_through_ops(launder):
    answer = ("with tf.Graph().as_default() as g:\n"
              "    x = tf.constant(2.0)\n"
              "    fed, typed = tf1.placeholder(tf.float32, []), tf1.placeholder(tf.float32, [])\n"
              "    y = x * x + fed - fed\n"
              "    out = tf.maximum(x - 5.0, 0.0)\n"
              f"    fake = {launder}\n"
              "    with tf1.Session(graph=g) as s:\n"
              "        value = s.run({}, {{fed: 3.0, typed: 4.0}})\n")
    kept = [rules.FromRun("value", why="value comes from a run")]
    rules.enforce(kept, _names(answer.format("y")), "value")
    rules.enforce(kept, _names(answer.format("out")), "value")  # 0, like the constant 0.0
    with pytest.raises(AssertionError, match="from a constant or a fed value that already held"):
        rules.enforce(kept, _names(answer.format("fake")), "value")


def test_a_forbidden_call_is_seen_through_the_module_that_defines_it():
    """The fourth attack reached tf.nn.compute_average_loss where TensorFlow defines it."""
    answer = ("from tensorflow.python.ops import nn_impl_distribute as _inner\n\n"
              "def replica_loss(x):\n"
              "    return _inner.compute_average_loss(x, global_batch_size=4)\n\n"
              "value = float(replica_loss(tf.ones([2])))\n")
    never = [rules.Calls("tf.nn.compute_average_loss", 0, 0, per="replica_loss",
                         why="divide by hand, not with compute_average_loss")]
    plain = answer.replace("_inner.compute_average_loss(x, global_batch_size=4)",
                           "tf.reduce_sum(x) / 4")
    rules.enforce(never, _names(plain), "value", then=lambda copy: copy["replica_loss"](
        tf.ones([3])))
    with pytest.raises(AssertionError, match="compute_average_loss was called 1 times"):
        rules.enforce(never, _names(answer), "value", then=lambda copy: copy["replica_loss"](
            tf.ones([3])))


def test_a_rule_on_a_class_leaves_its_module_s_name_for_super():
    """Session.__init__ calls super(Session, self): its module's Session stays the class."""
    answer = ("with tf.Graph().as_default():\n"
              "    with tf1.Session() as sess:\n"
              "        value = sess.run(tf.constant(2.0) * 3)\n")
    rules.enforce([rules.Calls("tf1.Session", 1, 1, why="open one session")], _names(answer),
                  "value")



@pytest.mark.parametrize("answer, used", [
    ("size = (64 - 3) // 2 + 1\n", None),
    ("size = tf.keras.layers.Conv2D(16, 3, 2).compute_output_shape((1, 64, 64, 3))[1]\n",
     "tf"),
    ("def size():\n    return tf1.nn.conv2d\nsize = 31\n", "tf1"),
    ("import keras\nsize = 31\n", "import keras"),
    ("from tensorflow.python.eager import execute\nsize = 31\n",
     "import tensorflow.python.eager"),
])
def test_without_refuses_a_package_the_cell_reads_or_imports(answer, used):
    rule = [rules.Without(("tensorflow", "keras"), why="work it out with the formula")]
    names = _names(answer)
    if used is None:
        assert rules.enforce(rule, names, "size") is not None
        return
    with pytest.raises(AssertionError, match=rf"work it out with the formula \(the answer uses "
                       rf"{used}\)"):
        rules.enforce(rule, names, "size")
