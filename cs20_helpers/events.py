"""Read TensorBoard event files back into Python, to plot or check what a run logged.

Importing this module imports TensorFlow: in a notebook, import it after ``setup()``.
"""

from __future__ import annotations

__all__ = ["equal_width", "event_files", "read_histograms", "read_scalars", "summary_kinds"]

from collections import defaultdict
from pathlib import Path

import numpy as np
import tensorflow as tf


def event_files(logdir: str | Path) -> list[Path]:
    """Return the event files directly in ``logdir``, oldest first (their names start with
    the time they were created), or raise FileNotFoundError when there is none."""
    files = sorted(Path(logdir).glob("events.out.tfevents.*"))
    if not files:
        raise FileNotFoundError(f"no TensorBoard event files in {logdir}")
    return files


def _scalar(value) -> float | None:
    """Return the number a summary value holds if it is a scalar summary, else None.

    TF1's ``tf.summary.scalar`` stores ``simple_value``; TF2's stores a 0-d tensor marked
    with the ``scalars`` plugin.
    """
    kind = value.WhichOneof("value")
    if kind == "simple_value":
        return float(value.simple_value)
    if kind == "tensor" and value.metadata.plugin_data.plugin_name == "scalars":
        array = tf.make_ndarray(value.tensor)
        if array.ndim == 0:
            return float(array)
    return None


def read_scalars(logdir: str | Path) -> dict[str, list[tuple[int, float]]]:
    """Return every scalar summary in ``logdir``'s event files as ``{tag: [(step, value)]}``.

    Reads TF1 (``tf.compat.v1.summary.scalar``) and TF2 (``tf.summary.scalar``) summaries;
    each tag's points are sorted by step (a stable sort, so a step logged twice, e.g. by a
    resumed run, keeps the order in which it was written). Tags come out sorted.
    """
    points: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for path in event_files(logdir):
        for event in tf.compat.v1.train.summary_iterator(str(path)):
            for value in event.summary.value:
                number = _scalar(value)
                if number is not None:
                    points[value.tag].append((int(event.step), number))
    return {tag: sorted(points[tag], key=lambda p: p[0]) for tag in sorted(points)}


def _kind(value) -> str:
    """Name what a summary value holds: scalar, histogram, image, or the plugin's name.

    TF1 stores each kind in its own field of the value; TF2 stores a tensor and names the
    TensorBoard plugin that draws it (``scalars``, ``histograms``, ``images``).
    """
    field = value.WhichOneof("value")
    if field == "simple_value":
        return "scalar"
    if field == "histo":
        return "histogram"
    if field == "image":
        return "image"
    plugin = value.metadata.plugin_data.plugin_name
    return {"scalars": "scalar", "histograms": "histogram", "images": "image"}.get(
        plugin, plugin or str(field))


def summary_kinds(logdir: str | Path) -> dict[str, str]:
    """Return ``{tag: kind}`` for every summary in ``logdir``'s event files (TF1 and TF2),
    tags sorted, so a notebook can show what a run logged besides scalars."""
    kinds: dict[str, str] = {}
    for path in event_files(logdir):
        for event in tf.compat.v1.train.summary_iterator(str(path)):
            for value in event.summary.value:
                kinds.setdefault(value.tag, _kind(value))
    return dict(sorted(kinds.items()))


def _histogram(value) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Return a histogram summary value as ``(left edges, right edges, counts)``, else None.

    TF1 stores a ``HistogramProto``: right bucket limits of the non-empty buckets (the left
    edge of each is the limit before it, the first starts at ``min``; edges are clipped to
    ``[min, max]``, as TensorBoard draws them); TF2 stores a ``[k, 3]``
    tensor of (left, right, count) rows marked with the ``histograms`` plugin.
    """
    if value.WhichOneof("value") == "histo":
        histo = value.histo
        right = np.clip(np.asarray(histo.bucket_limit, dtype=float), histo.min, histo.max)
        left = np.concatenate([[histo.min], right[:-1]])
        return left, right, np.asarray(histo.bucket, dtype=float)
    if value.metadata.plugin_data.plugin_name == "histograms":
        rows = tf.make_ndarray(value.tensor).reshape(-1, 3).astype(float)
        return rows[:, 0], rows[:, 1], rows[:, 2]
    return None


def read_histograms(
    logdir: str | Path,
) -> dict[str, list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]]:
    """Return every histogram summary in ``logdir``'s event files, TF1 and TF2 alike, as
    ``{tag: [(step, left edges, right edges, counts)]}``, sorted by step, to plot what
    TensorBoard's Histograms tab shows."""
    points: dict[str, list] = defaultdict(list)
    for path in event_files(logdir):
        for event in tf.compat.v1.train.summary_iterator(str(path)):
            for value in event.summary.value:
                histogram = _histogram(value)
                if histogram is not None:
                    points[value.tag].append((int(event.step), *histogram))
    return {tag: sorted(points[tag], key=lambda p: p[0]) for tag in sorted(points)}


def equal_width(left: np.ndarray, right: np.ndarray, counts: np.ndarray,
                edges: np.ndarray) -> np.ndarray:
    """Re-bin a histogram's buckets (``left``, ``right``, ``counts``, as ``read_histograms``
    gives them) into the equal-width bins between ``edges``, the way TensorBoard's Histograms
    tab draws them: each bucket's count is shared among the bins it overlaps, in proportion to
    the overlap; a bucket of no width goes whole to the bin that holds it. Return the counts."""
    edges = np.asarray(edges, dtype=float)
    if edges.ndim != 1 or len(edges) < 2 or np.any(np.diff(edges) <= 0):
        raise ValueError("edges must be at least two increasing numbers")
    binned = np.zeros(len(edges) - 1)
    for low, high, count in zip(left, right, counts, strict=True):
        if high > low:
            overlap = np.clip(np.minimum(edges[1:], high) - np.maximum(edges[:-1], low), 0, None)
            binned += count * overlap / (high - low)
        else:
            holder = np.searchsorted(edges, low, side="right") - 1
            binned[np.clip(holder, 0, len(binned) - 1)] += count
    return binned
