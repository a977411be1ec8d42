"""Tolerance checks for figures that come from training: they pass, fail and print as promised."""

import math

import numpy as np
import pytest

from cs20_helpers import checks


def test_near_prints_the_reference_not_the_value(capsys):
    checks.near("accuracy", 0.9840, 0.9825, 0.01)
    checks.near("accuracy", np.float32(0.9811), 0.9825, 0.01)
    out = capsys.readouterr().out.splitlines()
    assert out == ["accuracy ≈ 0.9825 ± 0.01: ok"] * 2


def test_near_checks_sequences_item_by_item(capsys):
    checks.near("weights", [1.3131, 17.0], [1.3135, 16.9952], 0.01)
    assert capsys.readouterr().out == "weights ≈ [1.3135, 16.9952] ± 0.01: ok\n"
    with pytest.raises(AssertionError, match="weights is 17.1"):
        checks.near("weights", [1.3131, 17.1], [1.3135, 16.9952], 0.01)
    with pytest.raises(AssertionError, match="shape"):
        checks.near("weights", [1.0], [1.0, 2.0], 0.01)


@pytest.mark.parametrize("value", [0.97, 0.995, math.nan, math.inf])
def test_near_fails_outside_the_tolerance_or_when_not_finite(value):
    with pytest.raises(AssertionError, match="accuracy"):
        checks.near("accuracy", value, 0.9825, 0.01)


def test_between(capsys):
    checks.between("loss", 1.8, 1.5, 2.0)
    assert capsys.readouterr().out == "loss in [1.5, 2]: ok\n"
    for bad in (1.4, 2.1, math.nan):
        with pytest.raises(AssertionError, match="loss"):
            checks.between("loss", bad, 1.5, 2.0)


def test_ancestors_are_the_ops_a_tensor_is_computed_from():
    import tensorflow as tf

    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        a = tf1.placeholder(tf.float32, [], name="a")
        b = tf.constant(2.0, name="b")
        c = tf.add(a, b, name="c")
        unrelated = tf.constant(3.0, name="unrelated")
        d = tf.multiply(c, 2.0, name="d")
        tf.add(d, unrelated, name="after")
    names = {op.name for op in checks.ancestors(d)}
    assert {"a", "b", "c", "d"} <= names
    assert not {"unrelated", "after"} & names
    assert {op.name for op in checks.ancestors(a)} == {"a"}


_SCALE = 3.0


def _helper(x):
    return np.sqrt(x) * _SCALE


def _outer(copies):
    def inner(x):
        return _helper(x) + copies + math.pi
    return inner


def test_reads_finds_the_globals_a_function_reads_through_its_helpers_and_closures():
    read = checks.reads(_outer(2))
    assert read["_helper"] is _helper and read["_SCALE"] == _SCALE
    assert read["np"] is np and read["math"] is math
    assert "copies" not in read and "pytest" not in read
    assert set(checks.reads(lambda x: x + 1)) == set()
    assert set(checks.reads(lambda x: [v + _SCALE for v in x])) == {"_SCALE"}
    assert checks.reads(len) == {}


def test_package_of_tells_libraries_from_data():
    assert checks.package_of(np) == "numpy" and checks.package_of(np.clip) == "numpy"
    assert checks.package_of(pytest.raises) == "_pytest"
    assert checks.package_of(len) == "builtins" and checks.package_of(_helper) == __name__
    assert checks.package_of(3.0) == "" and checks.package_of(np.zeros(2)) == ""
    assert checks.package_of([np.clip]) == ""


def test_answer_source_finds_the_latest_cell_that_assigns_a_name():
    history = ["", "x = 1", "for y in range(2):\n    pass", "(x, z), w = (1, 2), 3",
               "print(x)", "def (", "the running check"]
    assert checks.answer_source(history, "x") == "(x, z), w = (1, 2), 3"
    assert checks.answer_source(history, "y", "nothing") == "for y in range(2):\n    pass"
    with pytest.raises(AssertionError, match="run the cell that defines q, then this check"):
        checks.answer_source(history, "q")
    with pytest.raises(AssertionError, match="defines x"):  # the running check does not count
        checks.answer_source(["x = 1"], "x")
    assert checks.answer_source([""], "x") is None  # a kernel that keeps no history (nbval)


def test_rerun_prints_nothing(capsys):
    again = checks.rerun("print('the answer speaks')\ntotal = 3", {})
    assert again["total"] == 3 and capsys.readouterr().out == ""


def test_rerun_works_on_a_copy_with_fresh_values():
    names = {"data": [1, 2], "total": None}
    again = checks.rerun("total = sum(data)", names, data=[5, 6])
    assert again["total"] == 11 and names == {"data": [1, 2], "total": None}


class _Counter:
    def add(self, n):
        return n + 1


class _Sub(_Counter):
    pass


def test_recording_and_patched_put_the_method_back():
    with checks.recording(_Sub, "add") as calls:
        assert _Sub().add(1) == 2
    assert calls and calls[0][1:] == ({}, 2) and calls[0][0][1:] == (1,)
    assert "add" not in vars(_Sub) and _Sub.add is _Counter.add
    with checks.patched(_Counter, "add", lambda original: lambda self, n: -n):
        assert _Sub().add(3) == -3
        assert _Counter.add.__name__ == "add"  # the stand-in is named as the original
    assert _Counter().add(3) == 4
    with pytest.raises(ValueError), checks.patched(_Counter, "add", lambda o: None):
        raise ValueError
    assert _Counter().add(0) == 1


def test_raising_notes_each_error_a_call_raised_and_raises_it():
    with checks.raising(_Sub, "add") as raised:
        assert _Sub().add(1) == 2
        with pytest.raises(TypeError):
            _Sub().add("one")
    assert raised == ["TypeError"]
    assert "add" not in vars(_Sub) and _Sub.add is _Counter.add


def test_fetched_pairs_each_fetched_tensor_with_its_value():
    import tensorflow as tf

    with tf.Graph().as_default() as graph:
        two, three = tf.constant(2), tf.constant(3)
        with checks.recording(tf.compat.v1.Session, "run") as runs, \
                tf.compat.v1.Session(graph=graph) as sess:
            sess.run([two, {"x": three}])
            sess.run(fetches=three)
    assert [(fetch, int(value)) for fetch, value in checks.fetched(runs)] == [
        (two, 2), (three, 3), (three, 3)]
