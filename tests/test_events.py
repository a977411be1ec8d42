"""read_scalars: TF1 and TF2 scalar summaries come back by tag and step; others are left out.
read_histograms: TF1 and TF2 histograms come back as buckets (left, right, count).
summary_kinds: every tag with the kind of summary it is."""

from __future__ import annotations

import numpy as np
import pytest

from cs20_helpers.events import equal_width, read_histograms, read_scalars, summary_kinds, tf

tf1 = tf.compat.v1


def test_reads_tf1_scalars_and_skips_histograms_and_images(tmp_path):
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [])
        tf1.summary.scalar("loss", x)
        tf1.summary.histogram("weights", tf.fill([5], x))
        tf1.summary.image("picture", tf.zeros([1, 2, 2, 1]))
        merged = tf1.summary.merge_all()
        with tf1.Session(graph=g) as sess:
            writer = tf1.summary.FileWriter(str(tmp_path), g)
            for step in (10, 20, 30):
                writer.add_summary(sess.run(merged, {x: step / 10}), global_step=step)
            writer.close()
    assert read_scalars(tmp_path) == {"loss": [(10, 1.0), (20, 2.0), (30, 3.0)]}
    assert summary_kinds(tmp_path) == {"loss": "scalar", "picture/image/0": "image",
                                       "weights": "histogram"}


def test_reads_tf2_scalars_across_files_sorted_by_step(tmp_path):
    for steps in ([2, 3], [0, 1]):  # a second writer, as a resumed run makes
        writer = tf.summary.create_file_writer(str(tmp_path))
        with writer.as_default():
            for step in steps:
                tf.summary.scalar("b/acc", step * 0.25, step=step)
                tf.summary.scalar("a/lr", 0.5, step=step)
                tf.summary.histogram("w", [1.0, 2.0], step=step)
        writer.close()
    scalars = read_scalars(tmp_path)
    assert list(scalars) == ["a/lr", "b/acc"]
    assert scalars["b/acc"] == [(0, 0.0), (1, 0.25), (2, 0.5), (3, 0.75)]
    assert summary_kinds(tmp_path) == {"a/lr": "scalar", "b/acc": "scalar", "w": "histogram"}


def test_tf2_images_are_named_images(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        tf.summary.image("faces", tf.zeros([2, 3, 3, 1]), step=0, max_outputs=2)
    writer.close()
    assert summary_kinds(tmp_path) == {"faces": "image"}


def test_missing_logs_raise_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no TensorBoard event files"):
        read_scalars(tmp_path)
    with pytest.raises(FileNotFoundError, match="no TensorBoard event files"):
        summary_kinds(tmp_path)


def test_reads_tf1_histograms_as_buckets_that_hold_every_value(tmp_path):
    values = [0.5, 0.5, 1.0, 3.0, -2.0]
    with tf.Graph().as_default() as g:
        x = tf1.placeholder(tf.float32, [None])
        tf1.summary.histogram("weights", x)
        tf1.summary.scalar("loss", tf.reduce_sum(x))
        merged = tf1.summary.merge_all()
        with tf1.Session(graph=g) as sess:
            writer = tf1.summary.FileWriter(str(tmp_path))
            for step in (5, 0):
                writer.add_summary(sess.run(merged, {x: values}), global_step=step)
            writer.close()
    histograms = read_histograms(tmp_path)
    assert list(histograms) == ["weights"]
    assert [p[0] for p in histograms["weights"]] == [0, 5]
    _, left, right, counts = histograms["weights"][0]
    assert counts.sum() == len(values)
    assert left[0] == -2.0 and right[-1] == 3.0 and np.all(left <= right)
    for v in values:  # each value lies in a bucket that counts it
        assert counts[(left <= v) & (v <= right)].sum() >= 1


def test_reads_tf2_histograms(tmp_path):
    writer = tf.summary.create_file_writer(str(tmp_path))
    with writer.as_default():
        tf.summary.histogram("w", [1.0, 2.0, 2.0, 4.0], step=3, buckets=3)
        tf.summary.scalar("loss", 1.0, step=3)
    writer.close()
    [(step, left, right, counts)] = read_histograms(tmp_path)["w"]
    assert step == 3 and counts.sum() == 4 and len(left) == len(right) == len(counts) == 3
    assert left[0] == 1.0 and right[-1] == 4.0


def test_equal_width_shares_each_bucket_by_overlap_and_keeps_every_value():
    left, right = np.array([0.0, 0.5, 2.0, 3.0]), np.array([0.5, 1.5, 2.0, 4.0])
    counts = np.array([4.0, 10.0, 3.0, 2.0])  # [2, 2] has no width: 3 values at exactly 2
    binned = equal_width(left, right, counts, np.array([0.0, 1.0, 2.0, 3.0, 4.0]))
    assert np.allclose(binned, [4 + 5, 5, 3, 2])
    assert binned.sum() == pytest.approx(counts.sum())
    with pytest.raises(ValueError, match="increasing"):
        equal_width(left, right, counts, np.array([1.0, 1.0]))
