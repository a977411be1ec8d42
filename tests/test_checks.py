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
