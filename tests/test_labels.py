"""word2vec.labels.spread: labels at least a gap apart, near their points, order kept."""

import numpy as np
import pytest

from cs20_helpers.word2vec.labels import spread


def test_clustered_values_are_pushed_apart_in_their_order():
    values = np.array([0.5, 0.0, 0.01, 0.02, 3.0])
    pos = spread(values, 0.1)
    order = np.argsort(pos)
    assert list(order) == list(np.argsort(values, kind="stable"))
    assert np.all(np.diff(np.sort(pos)) >= 0.1 - 1e-12)
    assert np.mean(pos - values) == pytest.approx(0.0)


def test_values_already_far_apart_stay_where_they_are():
    values = np.array([3.0, 1.0, 2.0])
    assert np.allclose(spread(values, 0.5), values)


def test_empty_and_bad_input():
    assert spread([], 1.0).shape == (0,)
    with pytest.raises(ValueError, match="negative"):
        spread([1.0], -1)
    with pytest.raises(ValueError, match="one-dimensional"):
        spread(np.zeros((2, 2)), 1.0)
