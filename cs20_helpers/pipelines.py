"""One input pipeline three ways, timed: feed_dict from Python, queue runners, tf.data.

Every way reads the same JPEG files, decodes and resizes each image with the same ops
(:func:`preprocess`), batches them, and runs the same stand-in for a training step on each
batch (:func:`consume`: the sum of its pixels, kept as a checksum so the three ways can be
shown to deliver the same images). Only the plumbing differs:

- ``feed_dict``: Python reads each file and calls ``Session.run`` once per image to decode
  it, stacks a batch in NumPy and feeds it back for the step: every example crosses the
  Python/runtime boundary twice.
- ``queues``: ``string_input_producer`` + ``WholeFileReader`` + ``tf1.train.batch`` with
  several queue-runner threads; the step dequeues ready batches inside the graph.
- ``tf.data``: ``from_tensor_slices(files).map(read and preprocess, parallel).batch.prefetch``.

The clock starts once the first batch has been consumed (start-up work is left out) and stops
when the last one has; ``examples`` counts the batches in between.

Importing this module imports TensorFlow (quietly), so import it after ``setup()``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cs20_helpers.notebook import quiet_import, session_config

tf = quiet_import()
tf1 = tf.compat.v1

METHODS = ("feed_dict", "queues", "tf.data")


@dataclass(frozen=True)
class Timing:
    """What one way of feeding did: ``examples`` timed in ``seconds`` (all but the first
    batch), ``delivered`` in all, and ``checksum``, the sum of every pixel delivered."""

    method: str
    examples: int
    seconds: float
    delivered: int
    checksum: float

    @property
    def per_second(self) -> float:
        return self.examples / self.seconds


def preprocess(jpeg: tf.Tensor, size: int) -> tf.Tensor:
    """Decode one JPEG to RGB and resize it to ``size`` x ``size`` floats in [0, 1]."""
    image = tf.io.decode_jpeg(jpeg, channels=3)
    image = tf.image.resize(image, [size, size])  # bilinear, float32 in [0, 255]
    return image / 255.0


def consume(images: tf.Tensor) -> tf.Tensor:
    """The stand-in for a training step: the batch's pixel sum (float64, order-proof)."""
    return tf.reduce_sum(tf.cast(images, tf.float64))


def _files(files: Sequence[str | Path], epochs: int) -> list[str]:
    return [str(f) for f in files] * epochs


def _drain(method: str, next_batch: Callable[[], tuple[float, int]]) -> Timing:
    """Call ``next_batch`` (returning a batch's checksum and size) until the data ends.

    The clock starts once the first batch is out, so one-off start-up work (starting threads,
    instantiating functions, filling buffers) is left out and the rate is the steady one.
    """
    first_sum, first_n = next_batch()
    examples, total = 0, 0.0
    start = time.perf_counter()
    try:
        while True:
            value, n = next_batch()
            total += value
            examples += n
    except (tf.errors.OutOfRangeError, StopIteration):
        pass
    seconds = time.perf_counter() - start
    return Timing(method, examples, seconds, first_n + examples, first_sum + total)


def time_feed_dict(files: Sequence[str | Path], size: int, batch_size: int,
                   epochs: int = 1) -> Timing:
    """Feed each image through a placeholder, then each batch through another."""
    with tf.Graph().as_default() as g:
        jpeg = tf1.placeholder(tf.string, [])
        one_image = preprocess(jpeg, size)
        batch = tf1.placeholder(tf.float32, [None, size, size, 3])
        step = consume(batch)
    paths = _files(files, epochs)
    chunks = iter(range(0, len(paths), batch_size))
    with tf1.Session(graph=g, config=session_config()) as sess:

        def next_batch():
            i = next(chunks)
            images = [sess.run(one_image, {jpeg: Path(p).read_bytes()})
                      for p in paths[i:i + batch_size]]
            return sess.run(step, {batch: np.stack(images)}), len(images)

        return _drain("feed_dict", next_batch)


def time_queues(files: Sequence[str | Path], size: int, batch_size: int, epochs: int = 1,
                threads: int = 2) -> Timing:
    """Read with queue runners: a filename queue, a reader, ``threads`` preprocessing threads."""
    with tf.Graph().as_default() as g:
        names = tf1.train.string_input_producer([str(f) for f in files], num_epochs=epochs,
                                                shuffle=False)
        _, jpeg = tf1.WholeFileReader().read(names)
        image = preprocess(jpeg, size)
        image.set_shape([size, size, 3])
        images = tf1.train.batch([image], batch_size=batch_size, num_threads=threads,
                                 capacity=4 * batch_size, allow_smaller_final_batch=True)
        fetches = [consume(images), tf.shape(images)[0]]
        init = [tf1.global_variables_initializer(), tf1.local_variables_initializer()]
    with tf1.Session(graph=g, config=session_config()) as sess:
        sess.run(init)
        coord = tf1.train.Coordinator()
        runners = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            return _drain("queues", lambda: sess.run(fetches))
        finally:
            coord.request_stop()
            coord.join(runners)


def time_tf_data(files: Sequence[str | Path], size: int, batch_size: int,
                 epochs: int = 1) -> Timing:
    """Read with tf.data: parallel map, batch, prefetch."""
    with tf.Graph().as_default() as g:
        ds = (tf.data.Dataset.from_tensor_slices([str(f) for f in files])
              .repeat(epochs)
              .map(lambda path: preprocess(tf.io.read_file(path), size),
                   num_parallel_calls=tf.data.AUTOTUNE)
              .batch(batch_size)
              .prefetch(tf.data.AUTOTUNE))
        images = tf1.data.make_one_shot_iterator(ds).get_next()
        fetches = [consume(images), tf.shape(images)[0]]
    with tf1.Session(graph=g, config=session_config()) as sess:
        return _drain("tf.data", lambda: sess.run(fetches))


def time_all(files: Sequence[str | Path], size: int, batch_size: int, epochs: int = 1,
             repeats: int = 1) -> dict[str, Timing]:
    """Time the three ways on the same files; return ``{method: Timing}`` in METHODS order.

    With ``repeats`` > 1 the ways take turns that many times and each keeps its fastest run,
    which filters out moments when something else had the machine.
    """
    runs = dict(zip(METHODS, (time_feed_dict, time_queues, time_tf_data), strict=True))
    best: dict[str, Timing] = {}
    for _ in range(repeats):
        for method, run in runs.items():
            timing = run(files, size, batch_size, epochs)
            if method not in best or timing.seconds < best[method].seconds:
                best[method] = timing
    return best


def markdown_table(timings: dict[str, Timing]) -> str:
    """Return a Markdown table of examples per second, and each way's speed-up on feed_dict."""
    base = timings["feed_dict"].per_second
    lines = ["| pipeline | examples | seconds | examples/s | vs feed_dict |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for t in timings.values():
        lines.append(f"| {t.method} | {t.examples:,} | {t.seconds:.2f} | "
                     f"{t.per_second:,.0f} | {t.per_second / base:.1f}x |")
    return "\n".join(lines)
