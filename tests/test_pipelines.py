"""The three input pipelines run in every mode, and their figures and table add up."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from cs20_helpers import pipelines

TINY_VGG = {"depth": 16, "base_filters": 1, "fc_units": 4}


def _items(folder, n=6):
    """Write ``n`` small JPEGs of different shapes; return (path, label) pairs."""
    rng = np.random.default_rng(0)
    items = []
    for i in range(n):
        path = folder / f"{i}.jpg"
        Image.fromarray(rng.integers(0, 256, (10 + i, 12, 3), dtype=np.uint8)).save(path)
        items.append((path, i % 2))
    return items


def test_every_way_runs_every_mode(tmp_path):
    work = pipelines.Workload(_items(tmp_path), size=32, batch_size=4, classes=2,
                              model=TINY_VGG)
    timings = pipelines.time_all(work, window_s=0.05, repeats=2)
    assert list(timings) == list(pipelines.WAYS)
    for modes in timings.values():
        assert list(modes) == list(pipelines.MODES)
        for t in modes.values():
            assert t["repeats"] == 2 and t["window_s"] == 0.05
            assert 0 < t["min_s_per_example"] <= t["median_s_per_example"] < 5


def test_figures_overlap_and_table():
    def modes(input_s, step_s, together_s):
        """Two rounds: the second twice as slow in every mode."""
        return {m: {"min_s_per_example": s, "median_s_per_example": 2 * s,
                    "rounds_s": [s, 2 * s]}
                for m, s in zip(pipelines.MODES, (input_s, step_s, together_s), strict=True)}

    rows = pipelines.figures({"feed_dict": modes(1.0, 3.0, 4.0), "tfdata": modes(1.0, 3.0, 3.0)})
    assert rows["feed_dict"]["input_only_s"] == 1.0 and rows["feed_dict"]["together_s"] == 4.0
    assert rows["feed_dict"]["together_median_s"] == 8.0
    assert rows["feed_dict"]["overlap"] == pytest.approx(4 / 3)  # took turns: the bound
    assert rows["feed_dict"]["serial_bound"] == pytest.approx(4 / 3)
    assert rows["feed_dict"]["serial_share"] == pytest.approx(1.0)
    assert rows["tfdata"]["overlap"] == rows["tfdata"]["overlap_high"] == 1.0
    assert rows["tfdata"]["serial_share"] == pytest.approx(0.75) and rows["tfdata"]["rounds"] == 2
    table = pipelines.markdown_table(rows).splitlines()
    assert table[0].startswith("| pipeline |") and len(table) == 2 + 2
    assert table[2] == "| feed_dict | 1000.000 / 2000.000 | 3000.000 / 6000.000 | " \
                       "4000.000 / 8000.000 | 1.33 (1.33-1.33) | 1.33 |"


def test_rounds_are_compared_within_themselves():
    # round 1: input and step take turns; round 2: together hides the input entirely
    timings = {"w": {"input_only": {"min_s_per_example": 1.0, "median_s_per_example": 1.5,
                                    "rounds_s": [1.0, 2.0]},
                     "step_only": {"min_s_per_example": 1.0, "median_s_per_example": 1.5,
                                   "rounds_s": [1.0, 2.0]},
                     "together": {"min_s_per_example": 2.0, "median_s_per_example": 2.0,
                                  "rounds_s": [2.0, 2.0]}}}
    row = pipelines.figures(timings)["w"]
    assert (row["overlap_low"], row["overlap_high"]) == (1.0, 2.0)
    assert row["serial_share_rounds"] == pytest.approx(0.75)  # median of 1.0 and 0.5


def test_the_rounds_serial_share_holds_where_the_minimums_stray():
    # input and step take turns in every round (together = input + step), but the machine got
    # busier during the input windows: the minimums' ratio falls, each round's does not
    timings = {"w": {"input_only": {"min_s_per_example": 2.0, "median_s_per_example": 2.0,
                                    "rounds_s": [2.0, 2.0, 2.0]},
                     "step_only": {"min_s_per_example": 1.0, "median_s_per_example": 1.0,
                                   "rounds_s": [1.0, 1.0, 1.0]},
                     "together": {"min_s_per_example": 2.0, "median_s_per_example": 3.0,
                                  "rounds_s": [3.0, 3.0, 2.0]}}}
    row = pipelines.figures(timings)["w"]
    assert row["serial_share"] == pytest.approx(2 / 3)
    assert row["serial_share_rounds"] == pytest.approx(1.0)


def test_bad_settings_are_refused(tmp_path):
    items = _items(tmp_path, n=3)
    with pytest.raises(ValueError, match="cannot fill a batch of 4"):
        pipelines.Workload(items, size=32, batch_size=4, classes=2)
    with pytest.raises(ValueError, match="at least 32 px"):
        pipelines.Workload(items, size=16, batch_size=2, classes=2)
    work = pipelines.Workload(items, size=32, batch_size=2, classes=2, model=TINY_VGG)
    with pytest.raises(ValueError, match="way must be one of"):
        pipelines.time_way("pigeons", work, 0.01, 1)


def test_read_latency_slows_input_only_in_every_way(tmp_path):
    latency = 0.02
    work = pipelines.Workload(_items(tmp_path), size=32, batch_size=4, classes=2,
                              model=TINY_VGG, read_latency_s=latency)
    timings = pipelines.time_all(work, window_s=0.3, repeats=2)
    for way, modes in timings.items():
        # READERS threads wait side by side: a batch of 4 files costs at least 4 / READERS waits
        least = latency / pipelines.READERS
        assert modes["input_only"]["min_s_per_example"] >= 0.9 * least, way
        # ... and never less than one wait per file if the reads were serial: at most READERS
        # in flight, so the floor above is also how fast the queues' several readers can go
    assert pipelines.slow_read(b"jpeg", 0.0) == b"jpeg"
    with pytest.raises(ValueError, match="read_latency_s"):
        pipelines.Workload(_items(tmp_path), size=32, batch_size=4, classes=2, read_latency_s=-1)


def test_queues_read_with_one_reader_per_thread(tmp_path):
    work = pipelines.Workload(_items(tmp_path), size=32, batch_size=4, classes=2,
                              model=TINY_VGG)
    with pipelines.tf.Graph().as_default() as g:
        images, labels = pipelines.queue_batch(work)
    readers = [op for op in g.get_operations() if op.type.startswith("WholeFileReader")]
    runners = g.get_collection(pipelines.tf1.GraphKeys.QUEUE_RUNNERS)
    assert len(readers) == pipelines.READERS
    assert [len(r.enqueue_ops) for r in runners] == [1, pipelines.READERS]  # file names, batch
    assert images.shape.as_list() == [4, 32, 32, 3] and labels.shape.as_list() == [4]


def test_time_step_times_the_step_alone(tmp_path):
    work = pipelines.Workload(_items(tmp_path), size=32, batch_size=4, classes=2,
                              model=TINY_VGG, read_latency_s=0.5)
    # a read waits 0.5 s: a step that read files could not take under 0.5 / 4 s per example
    assert 0 < pipelines.time_step(work, window_s=0.05, repeats=1) < 0.5 / 4


def test_tfdata_dataset_batches_the_files_in_order(tmp_path):
    items = _items(tmp_path, n=3)
    work = pipelines.Workload(items, size=32, batch_size=2, classes=2, model=TINY_VGG)
    batches = iter(pipelines.tfdata_dataset(work))
    for expected_files in ([0, 1], [2, 0]):  # repeated: the third file, then the first again
        images, labels = next(batches)
        assert images.shape == (2, 32, 32, 3) and images.dtype == np.float32
        assert labels.numpy().tolist() == [items[i][1] for i in expected_files]
        for image, i in zip(images, expected_files, strict=True):
            jpeg = pipelines.tf.io.read_file(str(items[i][0]))
            np.testing.assert_array_equal(image, pipelines.preprocess(jpeg, 32))


def test_timeline_figures_count_reads_steps_and_gaps():
    lanes = {"read 1": [(0.0, 0.4), (0.5, 0.9)], "read 2": [(0.0, 1.0)], "step": [(0.5, 1.0)]}
    f = pipelines.timeline_figures(lanes, points=10_000)
    assert f["read_share"] == pytest.approx((0.8 + 1.0) / 2, abs=1e-3)
    assert f["reading_during_step"] == pytest.approx(1.0, abs=1e-3)
    assert f["read_gap_s"] == pytest.approx(0.1)
    turns = {"read 1": [(0.0, 0.5)], "step": [(0.5, 1.0)]}
    assert pipelines.timeline_figures(turns)["reading_during_step"] == 0


def test_timeline_records_reads_and_steps(tmp_path):
    work = pipelines.Workload(_items(tmp_path), size=32, batch_size=2, classes=2,
                              model=TINY_VGG, read_latency_s=0.001)
    for way in pipelines.WAYS:
        lanes = pipelines.timeline(way, work, batches=2, warmup=1)
        assert len(lanes["step"]) == 2 and any(k.startswith("read") for k in lanes)
        assert ("decode" in lanes) == (way == "feed_dict")
    assert pipelines.slow_read.__name__ == "slow_read"  # the recording is undone
    with pytest.raises(ValueError, match="read_latency_s"):
        pipelines.timeline("tfdata", pipelines.Workload(_items(tmp_path), 32, 2, 2, TINY_VGG), 1)
