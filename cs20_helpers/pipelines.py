"""One input pipeline three ways, each timed alone, behind a real training step, and both.

Every way reads the same JPEG files, decodes and resizes each image with the same ops
(:func:`preprocess`) and batches them with their labels; only the plumbing differs, and each
way is written at its best:

- ``feed_dict``: Python reads a batch of JPEG files and feeds the 32 byte strings to one
  ``Session.run`` that decodes them all (``tf.map_fn`` over ``preprocess``); the decoded batch
  comes back to Python and is fed to the training step in a second run. Input and step take
  turns.
- ``queues``: a filename queue (``string_input_producer``) and one ``WholeFileReader`` per
  queue-runner thread of ``tf1.train.batch_join`` (:func:`queue_batch`); the step dequeues
  ready batches inside the graph while the threads prepare the next ones.
- ``tfdata``: ``from_tensor_slices(files).map(read and preprocess, parallel).batch.prefetch``
  (:func:`tfdata_dataset`); the step takes batches from the iterator while tf.data prepares
  the next ones.

Each way runs in three modes (:data:`MODES`): ``input_only`` (batches produced and reduced to
a checksum, no training), ``step_only`` (the training step on one batch cached in memory, no
input work) and ``together``. The step is the small VGG-16 of notebook 09
(:func:`cs20_helpers.layers.vgg_net`) trained with Adam. The lesson is the overlap,
``together / max(input_only, step_only)``: 1.0 when input hides entirely behind the step,
``(input + step) / max`` when the two take turns. A workload can also make every file read
wait (``read_latency_s``), as reads from a network file system or a cold disk do: time that
costs no CPU, so threads can hide it behind the step even on a machine without a GPU. Every
way then reads with the same number of threads (:data:`READERS`).

Importing this module imports TensorFlow: in a notebook, import it after ``setup()``.
"""

from __future__ import annotations

__all__ = ["AHEAD_BATCHES", "consume", "figures", "markdown_table", "MODES", "overlap",
    "preprocess", "queue_batch", "QUEUED_BATCHES", "READERS", "ROUND_ORDER", "slow_read",
    "SMALL_VGG", "Steps", "tfdata_dataset", "time_all", "time_step", "time_way", "timeline",
    "timeline_figures", "train_op", "WAYS", "Workload"]

import contextlib
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import tensorflow as tf

from cs20_helpers import layers
from cs20_helpers.benchmarking import timed_windows, window_figures
from cs20_helpers.notebook import THREADS, session_config

tf1 = tf.compat.v1

WAYS = ("feed_dict", "queues", "tfdata")
MODES = ("input_only", "step_only", "together")
#: The order of the modes within a round of :func:`time_way` (see there why).
ROUND_ORDER = ("step_only", "input_only", "together")
#: Batches the queues way's batch queue and the tf.data way's prefetch buffer hold ready.
QUEUED_BATCHES = 2
#: Batches a pipeline may hold ready before ``input_only`` is timed: :data:`QUEUED_BATCHES`,
#: plus those in the readers' hands, with room to spare. They are drained untimed first.
AHEAD_BATCHES = 2 * QUEUED_BATCHES
#: The small VGG-16 of notebook 09 (8-16-32-64-64 channels, fc layers of 128).
SMALL_VGG = {"depth": 16, "base_filters": 8, "fc_units": 128}
#: Threads that read files in every way: feed_dict's pool, the queue runners, tf.data's map.
READERS = THREADS


@dataclass(frozen=True)
class Workload:
    """What every way feeds: ``items`` (JPEG path, label), resized to ``size`` x ``size``,
    in batches of ``batch_size``, to ``vgg_net(**model)`` with ``classes`` outputs; every file
    read first waits ``read_latency_s`` seconds (slow storage)."""

    items: Sequence[tuple[str | Path, int]]
    size: int
    batch_size: int
    classes: int
    model: dict = field(default_factory=lambda: dict(SMALL_VGG))
    read_latency_s: float = 0.0

    def __post_init__(self) -> None:
        if len(self.items) < self.batch_size:
            raise ValueError(f"{len(self.items)} files cannot fill a batch of {self.batch_size}")
        if self.size < 32:
            raise ValueError(f"VGG's five 2x2 pools need images of at least 32 px, not {self.size}")
        if not 0.0 <= self.read_latency_s < 10.0:
            raise ValueError(f"read_latency_s must be in [0, 10) s, not {self.read_latency_s}")

    @property
    def paths(self) -> list[str]:
        return [str(path) for path, _ in self.items]

    @property
    def labels(self) -> list[int]:
        return [int(label) for _, label in self.items]


def preprocess(jpeg: tf.Tensor, size: int) -> tf.Tensor:
    """Decode one JPEG to RGB and resize it to ``size`` x ``size`` floats in [0, 1]."""
    image = tf.io.decode_jpeg(jpeg, channels=3)
    image = tf.image.resize(image, [size, size])  # bilinear, float32 in [0, 255]
    return image / 255.0


def slow_read(data: bytes, latency_s: float) -> bytes:
    """Wait ``latency_s`` seconds, then return ``data``: a file read from slow storage."""
    time.sleep(latency_s)
    return data


def _slow_read_op(jpeg: tf.Tensor, work: Workload) -> tf.Tensor:
    """In a graph: ``jpeg`` after :func:`slow_read`'s wait (none when the latency is 0)."""
    if not work.read_latency_s:
        return jpeg
    waited = tf.numpy_function(lambda data: slow_read(data, work.read_latency_s), [jpeg],
                               tf.string, stateful=True, name="slow_read")
    waited.set_shape(jpeg.shape)
    return waited


def consume(images: tf.Tensor) -> tf.Tensor:
    """What ``input_only`` runs on a batch: its pixel sum (float64), a cheap checksum."""
    return tf.reduce_sum(tf.cast(images, tf.float64))


def train_op(images: tf.Tensor, labels: tf.Tensor, work: Workload) -> tf.Operation:
    """Build one real training step on a batch: VGG logits, cross-entropy, an Adam update."""
    tf1.set_random_seed(0)
    logits = layers.vgg_net(images, 0.8, work.classes, **work.model)
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    return tf1.train.AdamOptimizer(1e-3).minimize(loss)


def _jpeg_batches(work: Workload) -> Iterator[tuple[list[bytes], np.ndarray]]:
    """Endless batches of (JPEG bytes, labels) read by Python, in file order, each batch's
    files by :data:`READERS` threads."""
    paths, labels, n = work.paths, np.array(work.labels, np.int32), len(work.items)

    def read(index: int) -> bytes:
        return slow_read(Path(paths[index]).read_bytes(), work.read_latency_s)

    start = 0
    with ThreadPoolExecutor(READERS) as pool:
        while True:
            idx = [(start + i) % n for i in range(work.batch_size)]
            yield list(pool.map(read, idx)), labels[idx]
            start = (start + work.batch_size) % n


def _cached_batch(work: Workload) -> tuple[np.ndarray, np.ndarray]:
    """Decode the first batch once, to feed the ``step_only`` mode from memory."""
    with tf.Graph().as_default() as g:
        jpegs = tf1.placeholder(tf.string, [None])
        images = tf.map_fn(lambda j: preprocess(j, work.size), jpegs,
                           fn_output_signature=tf.float32)
    with contextlib.closing(_jpeg_batches(work)) as batches:
        data, labels = next(batches)
    with tf1.Session(graph=g, config=session_config()) as sess:
        return sess.run(images, {jpegs: data}), labels


Steps = dict  # mode -> a callable that processes one batch and returns its size


@contextlib.contextmanager
def _feed_dict(work: Workload, cached: tuple[np.ndarray, np.ndarray]) -> Iterator[Steps]:
    """feed_dict at its best: one run decodes a whole batch of fed JPEG byte strings."""
    with tf.Graph().as_default() as g:
        jpegs = tf1.placeholder(tf.string, [None], name="jpegs")
        decoded = tf.map_fn(lambda j: preprocess(j, work.size), jpegs,
                            fn_output_signature=tf.float32)
        images = tf1.placeholder(tf.float32, [None, work.size, work.size, 3], name="images")
        labels = tf1.placeholder(tf.int32, [None], name="labels")
        train = train_op(images, labels, work)
        init = tf1.global_variables_initializer()
    batches = _jpeg_batches(work)
    with contextlib.closing(batches), tf1.Session(graph=g, config=session_config()) as sess:
        sess.run(init)

        def input_only() -> int:
            sess.run(decoded, {jpegs: next(batches)[0]})
            return work.batch_size

        def step_only() -> int:
            sess.run(train, {images: cached[0], labels: cached[1]})
            return work.batch_size

        def together() -> int:
            data, batch_labels = next(batches)
            sess.run(train, {images: sess.run(decoded, {jpegs: data}), labels: batch_labels})
            return work.batch_size

        yield {"input_only": input_only, "step_only": step_only, "together": together}


def _graph_fetches(images: tf.Tensor, labels: tf.Tensor, work: Workload,
                   cached: tuple[np.ndarray, np.ndarray]) -> dict[str, object]:
    """What a graph-input way runs per batch in each mode: the checksum of the pipeline's
    batch, a training step on it, or a training step (of a twin model) on one batch cached in
    a local variable, which leaves the pipeline idle."""
    cached_images = tf1.Variable(cached[0], trainable=False, name="cached_images",
                                 collections=[tf1.GraphKeys.LOCAL_VARIABLES])
    with tf1.variable_scope("on_cached"):
        step_only = train_op(cached_images, tf.constant(cached[1]), work)
    with tf1.variable_scope("on_pipeline"):
        together = train_op(images, labels, work)
    return {"input_only": consume(images), "step_only": step_only, "together": together}


def _runners(sess, fetches: dict[str, object], batch_size: int) -> Steps:
    """Return, for each mode, a step that runs its fetch once and counts the batch."""

    def runner(fetch) -> Callable[[], int]:
        def step() -> int:
            sess.run(fetch)
            return batch_size
        return step

    return {mode: runner(fetch) for mode, fetch in fetches.items()}


def queue_batch(work: Workload) -> tuple[tf.Tensor, tf.Tensor]:
    """In the default graph: batches of (images, labels) made by queue runners. A filename
    queue feeds :data:`READERS` WholeFileReaders, one per thread of ``tf1.train.batch_join``:
    one reader reads serially (its ``Read`` holds a lock and takes a new file name only when
    its current file ends), so reading files side by side needs one reader per thread."""
    files = tf1.train.string_input_producer(work.paths, shuffle=False)
    label_of = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(work.paths, work.labels, tf.string, tf.int32), -1)
    examples = []
    for _ in range(READERS):
        key, jpeg = tf1.WholeFileReader().read(files)
        image = preprocess(_slow_read_op(jpeg, work), work.size)
        image.set_shape([work.size, work.size, 3])
        examples.append([image, label_of.lookup(key)])
    return tf1.train.batch_join(examples, work.batch_size,
                                capacity=QUEUED_BATCHES * work.batch_size)


@contextlib.contextmanager
def _queues(work: Workload, cached: tuple[np.ndarray, np.ndarray]) -> Iterator[Steps]:
    """Queue runners (:func:`queue_batch`), started in the session and stopped at the end."""
    with tf.Graph().as_default() as g:
        images, labels = queue_batch(work)
        fetches = _graph_fetches(images, labels, work, cached)
        init = [tf1.global_variables_initializer(), tf1.local_variables_initializer(),
                tf1.tables_initializer()]
    with tf1.Session(graph=g, config=_graph_config()) as sess:
        sess.run(init)
        coord = tf1.train.Coordinator()
        runners = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            yield _runners(sess, fetches, work.batch_size)
        finally:
            coord.request_stop()
            coord.join(runners, stop_grace_period_secs=10)


def _graph_config():
    """The session config of the graph-input ways: the usual threads, plus one inter-op
    thread per reader, since a read that waits holds an inter-op thread and would otherwise
    leave the training step none to run on."""
    config = session_config()
    config.inter_op_parallelism_threads = THREADS + READERS
    return config


def tfdata_dataset(work: Workload) -> tf.data.Dataset:
    """The tf.data way's pipeline: files and labels, repeated, read (slowly) and preprocessed
    by :data:`READERS` parallel calls, batched, :data:`QUEUED_BATCHES` prefetched (a fixed
    buffer, which ``input_only`` can drain; AUTOTUNE may grow it). Works eagerly and in a
    graph."""
    return (tf.data.Dataset.from_tensor_slices((work.paths, work.labels))
            .repeat()
            .map(lambda path, label: (
                preprocess(_slow_read_op(tf.io.read_file(path), work), work.size), label),
                 num_parallel_calls=READERS)
            .batch(work.batch_size)
            .prefetch(QUEUED_BATCHES))


@contextlib.contextmanager
def _tfdata(work: Workload, cached: tuple[np.ndarray, np.ndarray]) -> Iterator[Steps]:
    """tf.data: parallel map, batch, prefetch, read through a one-shot iterator."""
    with tf.Graph().as_default() as g:
        images, labels = tf1.data.make_one_shot_iterator(tfdata_dataset(work)).get_next()
        fetches = _graph_fetches(images, labels, work, cached)
        init = [tf1.global_variables_initializer(), tf1.local_variables_initializer()]
    with tf1.Session(graph=g, config=_graph_config()) as sess:
        sess.run(init)
        yield _runners(sess, fetches, work.batch_size)


_WAYS = {"feed_dict": _feed_dict, "queues": _queues, "tfdata": _tfdata}


def time_way(way: str, work: Workload, window_s: float, repeats: int, warmup: int = 2,
             cached: tuple[np.ndarray, np.ndarray] | None = None) -> dict[str, dict]:
    """Time one way in each mode, in one graph and session: ``warmup`` untimed batches per
    mode (threads started, buffers filled), then ``repeats`` rounds, each one window of
    ``window_s`` seconds per mode after one untimed batch. Rounds interleave the modes, so a
    machine whose load drifts slows every mode alike rather than the one timed at the time.
    Each round runs ``step_only`` first: the pipeline's buffers fill while it runs, and
    ``input_only`` then empties them (:data:`AHEAD_BATCHES` untimed batches before its window,
    or it would time batches made ahead), so ``together`` never starts on batches made ahead.

    Returns ``{mode: figures}`` as :func:`~cs20_helpers.benchmarking.timed_windows` gives
    them, plus ``rounds_s``: each round's seconds per example, in round order (a round's three
    windows are minutes apart at most, so their ratios compare like with like). ``cached`` is
    the batch of ``step_only`` (decoded from the first files when not given).
    """
    if way not in _WAYS:
        raise ValueError(f"way must be one of {WAYS}, not {way!r}")
    cached = cached if cached is not None else _cached_batch(work)
    per_example: dict[str, list[float]] = {mode: [] for mode in MODES}
    with _WAYS[way](work, cached) as steps:
        for mode in MODES:
            for _ in range(warmup):
                steps[mode]()
        for _ in range(repeats):
            for mode in ROUND_ORDER:
                for _ in range(AHEAD_BATCHES if mode == "input_only" else 1):
                    steps[mode]()
                window = timed_windows(steps[mode], window_s, 1)
                per_example[mode].append(window["min_s_per_example"])
    return {mode: {**window_figures(values, window_s), "rounds_s": values}
            for mode, values in per_example.items()}


def time_step(work: Workload, window_s: float, repeats: int) -> float:
    """Median seconds per example of the training step alone (``step_only`` of feed_dict, on
    a batch cached in memory), after one untimed step: what a read latency must match for
    input and step to take about as long."""
    with _feed_dict(work, _cached_batch(work)) as steps:
        steps["step_only"]()
        return timed_windows(steps["step_only"], window_s, repeats)["median_s_per_example"]


def time_all(work: Workload, window_s: float, repeats: int,
             ways: Sequence[str] = WAYS) -> dict[str, dict[str, dict]]:
    """Time every way in every mode: ``{way: {mode: timed_windows figures}}``."""
    cached = _cached_batch(work)
    return {way: time_way(way, work, window_s, repeats, cached=cached) for way in ways}


def overlap(input_s: float, step_s: float, together_s: float) -> float:
    """Return together / max(input, step): 1.0 is perfect overlap, the worst is
    (input + step) / max, when input and step take turns."""
    return together_s / max(input_s, step_s)


def figures(timings: dict[str, dict[str, dict]]) -> dict[str, dict[str, float]]:
    """Turn :func:`time_all`'s output into results.json's figures for each way: the minimum
    and median seconds per example of each mode (``input_only_s``, ``input_only_median_s``
    ...); from the minimums, the least disturbed window of each mode, three ratios:
    ``overlap`` (together / max), ``serial_bound`` ((input + step) / max, what taking turns
    costs) and ``serial_share`` (together / (input + step): 1.0 or more when input and step
    take turns); and the lowest and highest overlap of a single round (``overlap_low``,
    ``overlap_high``), how far one round can stray. ``serial_share_rounds`` is the median over
    the rounds of each round's own together / (input + step): a round's three windows are
    seconds apart, so on a busy machine it holds where the minimums, taken from windows minutes
    apart, can stray (``benchmarks/input_pipeline_busy.py``: 0.98-1.15 for feed_dict beside
    busy programs, where the minimums' ratio came down to 0.93)."""
    out = {}
    for way, modes in timings.items():
        row: dict[str, float] = {}
        for stat, suffix in (("min_s_per_example", "_s"), ("median_s_per_example", "_median_s")):
            for mode in MODES:
                row[mode + suffix] = modes[mode][stat]
        input_s, step_s, together_s = (row[mode + "_s"] for mode in MODES)
        row["overlap"] = overlap(input_s, step_s, together_s)
        row["serial_bound"] = overlap(input_s, step_s, input_s + step_s)
        row["serial_share"] = together_s / (input_s + step_s)
        per_round = list(zip(*(modes[mode]["rounds_s"] for mode in MODES), strict=True))
        rounds = [overlap(*times) for times in per_round]
        row["serial_share_rounds"] = float(np.median([t / (i + s) for i, s, t in per_round]))
        row["overlap_low"], row["overlap_high"] = min(rounds), max(rounds)
        row["rounds"] = len(rounds)
        out[way] = row
    return out


def markdown_table(rows: dict[str, dict[str, float]]) -> str:
    """Return a Markdown table of :func:`figures`: milliseconds per example (min / median
    over the windows) of each mode, the overlap (from the minimums, with the range of single
    rounds) and the no-overlap bound."""
    lines = ["| pipeline | input only ms | step only ms | together ms | together / max "
             "(rounds) | no-overlap bound |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for way, r in rows.items():
        cells = [f"{1e3 * r[m + '_s']:.3f} / {1e3 * r[m + '_median_s']:.3f}" for m in MODES]
        lines.append(f"| {way} | {' | '.join(cells)} | {r['overlap']:.2f} "
                     f"({r['overlap_low']:.2f}-{r['overlap_high']:.2f}) "
                     f"| {r['serial_bound']:.2f} |")
    return "\n".join(lines)


# A timeline of one way (issue 39): when each file read waited and when each Session.run of the
# main thread ran, so that a figure can show input and step side by side.

Span = tuple[float, float]


def timeline(way: str, work: Workload, batches: int, warmup: int = 6,
             cached: tuple[np.ndarray, np.ndarray] | None = None) -> dict[str, list[Span]]:
    """Run ``batches`` steps of ``way`` in the ``together`` mode, after ``warmup`` untimed
    ones, and return what happened meanwhile as ``{lane: [(start, end), ...]}`` in seconds
    from the first timed step's start: ``"read 1"``, ``"read 2"`` ... (the waits of
    :func:`slow_read`, one lane per thread that read, numbered in order of their first read),
    ``"decode"`` (feed_dict's run that decodes a fed batch) and ``"step"`` (the training
    step's run; in the graph ways it also takes the batch from the queue or iterator). Needs a
    workload whose reads wait (``read_latency_s`` > 0)."""
    if not work.read_latency_s:
        raise ValueError("a timeline shows the reads' waits: give the workload a read_latency_s")
    cached = cached if cached is not None else _cached_batch(work)
    reads: list[tuple[int, float, float]] = []
    runs: list[tuple[str, float, float]] = []
    main = threading.get_ident()
    original_read, original_run = slow_read, tf1.Session.run

    def recorded_read(data: bytes, latency_s: float) -> bytes:
        start = time.perf_counter()
        out = original_read(data, latency_s)
        reads.append((threading.get_ident(), start, time.perf_counter()))
        return out

    def recorded_run(self, fetches, *args, **kwargs):
        start = time.perf_counter()
        out = original_run(self, fetches, *args, **kwargs)
        if threading.get_ident() == main:
            lane = "step" if isinstance(fetches, tf.Operation) else "decode"
            runs.append((lane, start, time.perf_counter()))
        return out

    own_run = "run" in vars(tf1.Session)
    globals()["slow_read"] = recorded_read  # the pipelines call it by this name
    tf1.Session.run = recorded_run
    try:
        with _WAYS[way](work, cached) as steps:
            for _ in range(warmup):
                steps["together"]()
            del reads[:], runs[:]
            for _ in range(batches):
                steps["together"]()
    finally:
        globals()["slow_read"] = original_read
        if own_run:
            tf1.Session.run = original_run
        else:
            del tf1.Session.run
    t0 = min(start for lane, start, _ in runs if lane in ("step", "decode"))
    t1 = max(end for _, _, end in runs)
    lanes: dict[str, list[Span]] = {}
    readers: dict[int, str] = {}
    for thread, start, end in sorted(reads, key=lambda r: r[1]):
        if end > t0 and start < t1:
            name = readers.setdefault(thread, f"read {len(readers) + 1}")
            lanes.setdefault(name, []).append((max(start, t0) - t0, end - t0))
    lanes = dict(sorted(lanes.items(), key=lambda kv: int(kv[0].split()[1])))
    for lane in ("decode", "step"):
        spans = [(start - t0, end - t0) for name, start, end in runs if name == lane]
        if spans:
            lanes[lane] = spans
    return lanes


def _busy(spans: Sequence[Span], grid: np.ndarray) -> np.ndarray:
    """Whether each time of ``grid`` falls in one of ``spans``."""
    busy = np.zeros(grid.shape, bool)
    for start, end in spans:
        busy |= (grid >= start) & (grid < end)
    return busy


def timeline_figures(lanes: dict[str, list[Span]], points: int = 20_000) -> dict[str, float]:
    """What a :func:`timeline` shows, in numbers: ``read_share``, the share of the time each
    read lane spent waiting on reads (mean over the lanes); ``reading_during_step``, the share
    of the steps' time during which at least one read was waiting (0 when input and step take
    turns); and ``read_gap_s``, a reading thread's mean time from the end of one read to the
    start of its next (what it does between reads: decode, resize, hand the example on)."""
    end = max(e for spans in lanes.values() for _, e in spans)
    grid = np.linspace(0.0, end, points)
    read_lanes = [spans for lane, spans in lanes.items() if lane.startswith("read")]
    reading = np.zeros(grid.shape, bool)
    for spans in read_lanes:
        reading |= _busy(spans, grid)
    stepping = _busy(lanes["step"], grid)
    gaps = [b[0] - a[1] for spans in read_lanes for a, b in zip(spans, spans[1:], strict=False)]
    return {"read_share": float(np.mean([_busy(s, grid).mean() for s in read_lanes])),
            "reading_during_step": float(reading[stepping].mean()) if stepping.any() else 0.0,
            "read_gap_s": float(np.mean(gaps)) if gaps else 0.0}
