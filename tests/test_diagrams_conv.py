"""The convolution diagrams of notebook 07 draw the numbers they are given: every input and
output value, the window's weights, the padding zeros and unread pixels, the fields' sizes."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from cs20_helpers import diagrams  # noqa: E402


def test_sliding_window_draws_inputs_weights_and_outputs():
    inputs = np.arange(25).reshape(5, 5) / 10
    kernel = np.array([[1, 2, 1], [0, 0, 0], [-1, -2, -1]])
    outputs = np.full((3, 3), 7.25)
    fig = diagrams.draw_sliding_window(inputs, kernel, outputs, [(0, 0), (1, 2)])
    assert len(fig.axes) == 2
    texts = [t.get_text() for t in fig.axes[1].texts]
    assert "2.4" in texts and texts.count("7.25") == 9  # every input and output value
    assert {"×1", "×2", "×0", "×-1", "×-2"} <= set(texts)  # the window's weights
    assert any("window at (1, 2)" in t for t in texts)
    plt.close(fig)


def test_padding_hatches_the_zeros_and_names_unread_pixels():
    windows = {"VALID": (0, 0, [0, 2, 4]), "SAME": (0, 1, [0, 2, 4, 6])}
    fig = diagrams.draw_padding(8, 3, 2, windows)
    valid, same = (ax.get_title(loc="left") for ax in fig.axes)
    assert valid == "VALID: no zeros added, 3 outputs; x7 never read"
    assert same == "SAME: zeros added: 0 before, 1 after, 4 outputs"
    hatched = [p for p in fig.axes[1].patches if p.get_hatch()]
    assert len(hatched) == 1 and not [p for p in fig.axes[0].patches if p.get_hatch()]
    plt.close(fig)


def test_receptive_fields_are_drawn_with_their_sizes():
    fields = [("one conv1 unit", (12, 12, 5)), ("one conv2 unit", (8, 8, 14))]
    fig = diagrams.draw_receptive_fields(np.zeros((28, 28)), fields, np.ones((28, 28)), "support")
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert labels == ["one conv1 unit: 5x5 pixels", "one conv2 unit: 14x14 pixels"]
    squares = [p for p in fig.axes[0].patches if not p.get_fill()]
    assert [(p.get_width(), p.get_xy()) for p in squares] == [(5, (11.5, 11.5)), (14, (7.5, 7.5))]
    assert fig.axes[1].get_title() == "support"
    plt.close(fig)
