"""The pipeline diagram draws every stage, its note and the thread brackets, and refuses
stage kinds it does not know."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cs20_helpers import diagrams  # noqa: E402


def test_every_stage_and_thread_span_is_drawn():
    fig = diagrams.draw_pipeline()
    texts = {t.get_text() for t in fig.axes[0].texts}
    for label, _, note in diagrams.QUEUE_PIPELINE:
        assert label in texts and note in texts
    assert "1 runner thread fills it" in texts
    arrows = [t for t in fig.axes[0].texts if t.get_text() == "" and hasattr(t, "arrow_patch")]
    assert len(arrows) == len(diagrams.QUEUE_PIPELINE) - 1
    plt.close(fig)


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown stage kinds"):
        diagrams.draw_pipeline([("a", "cloud", "")], threads=())


def test_timeline_draws_one_panel_per_way_and_one_row_per_lane():
    lanes = {"read 1": [(0.0, 0.003), (0.004, 0.007)], "step": [(0.001, 0.02)]}
    fig = diagrams.draw_timeline({"a": lanes, "b": {**lanes, "decode": [(0.0, 0.001)]}},
                                 window_s=0.01)
    assert len(fig.axes) == 2
    assert [t.get_text() for t in fig.axes[1].get_yticklabels()] == [
        "decode", "step run\n(+ wait for batch)", "read 1"]  # a step's run includes its wait
    assert fig.axes[0].get_xlim() == (0.0, 10.0)  # milliseconds, cut to the window
    plt.close(fig)


def test_cluster_draws_every_task_and_every_message():
    fig = diagrams.draw_cluster()
    texts = {t.get_text() for t in fig.axes[0].texts}
    tasks, messages = diagrams.PS_CLUSTER
    assert all(name in texts and holds in texts for name, _, _, holds in tasks)
    assert all(label in texts for _, _, label, _ in messages)
    arrows = [t for t in fig.axes[0].texts if t.get_text() == "" and hasattr(t, "arrow_patch")]
    assert len(arrows) == len(messages)
    plt.close(fig)
    with pytest.raises(ValueError, match="not drawn"):
        diagrams.draw_cluster(tasks, [("ps", "nowhere", "x", 0.0)])
