"""cs20_helpers.perturb: the stand-ins a check patches into its re-run change what a named call
gives, and a right answer still follows them (issue 46)."""

import pytest

from cs20_helpers import checks, perturb


class Owner:
    """An object whose method raises what it is told to."""

    def call(self, error: BaseException | None = None) -> str:
        if error is not None:
            raise error
        return "ran"


def test_a_renamed_error_is_a_subclass_with_the_same_message_and_another_name():
    with checks.patched(Owner, "call", perturb.renaming(KeyError)):
        assert Owner().call() == "ran"
        with pytest.raises(KeyError) as caught:  # an except clause for the class still catches
            Owner().call(KeyError("missing"))
        with pytest.raises(ValueError) as other:  # other errors pass through unchanged
            Owner().call(ValueError("bad"))
    assert type(caught.value).__name__ == "KeyError" + perturb.RENAMED_SUFFIX
    assert caught.value.args == ("missing",) and type(other.value) is ValueError
    with pytest.raises(KeyError) as after:  # the original is back
        Owner().call(KeyError("missing"))
    assert type(after.value) is KeyError


def test_a_renamed_tensorflow_error_keeps_its_code_and_message():
    import tensorflow as tf

    def fail():
        raise tf.errors.FailedPreconditionError(None, None, "w is not initialised")

    class Holder:
        run = staticmethod(fail)

    with checks.patched(Holder, "run", perturb.renaming(tf.errors.FailedPreconditionError)), \
            checks.raising(Holder, "run") as raised, pytest.raises(tf.errors.OpError) as caught:
        Holder.run()
    assert raised == ["FailedPreconditionError" + perturb.RENAMED_SUFFIX]
    assert isinstance(caught.value, tf.errors.FailedPreconditionError)
    assert caught.value.message == "w is not initialised"
    assert caught.value.error_code == tf.errors.FAILED_PRECONDITION


def test_a_placeholder_is_made_with_its_dimensions_unknown_and_still_computes():
    import tensorflow as tf
    tf1 = tf.compat.v1

    with tf.Graph().as_default() as graph:
        with checks.patched(tf1, "placeholder", perturb.unknown_dimensions):
            rows = tf1.placeholder(tf.float32, [None, 3], name="rows")
            loose = tf1.placeholder(tf.float32)
            pair = tf1.placeholder(tf.float32, shape=(2, 3))
        kept = tf1.placeholder(tf.float32, [None, 3])
        sums = tf.reduce_sum(rows, axis=1)
    assert rows.shape.as_list() == [None, None] and rows.name == "rows:0"
    assert loose.shape.rank is None and pair.shape.as_list() == [None, None]
    assert kept.shape.as_list() == [None, 3]
    with tf1.Session(graph=graph) as session:
        assert session.run(sums, {rows: [[1, 2, 3], [4, 5, 6]]}).tolist() == [6.0, 15.0]
