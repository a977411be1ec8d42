"""Small matplotlib diagrams for the notebooks: boxes joined by arrows, drawn from a list.

A diagram is a row of stages; queues are drawn as tall striped boxes (they hold elements),
ops and threads as plain ones. Drawing from data keeps the pictures in the repository as code,
testable and in the notebook's own style, instead of as image files.
"""

from __future__ import annotations

__all__ = ["draw_pipeline", "draw_timeline", "QUEUE_PIPELINE"]

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.patches import FancyBboxPatch, Rectangle

#: The TensorFlow 1 reader pipeline of lecture 9: (label, kind, note under the box).
QUEUE_PIPELINE = (
    ("file names", "data", "a list, or\nmatch_filenames_once"),
    ("filename\nqueue", "queue", "string_input_producer:\nshuffles, counts\nepochs"),
    ("readers\n.read()", "op", "one per thread\n(batch_join); one\nreader reads serially"),
    ("decode +\npreprocess", "op", "decode_jpeg,\nparse_single_example,\nresize"),
    ("example\nqueue", "queue", "train.batch or\nshuffle_batch"),
    ("training\nstep", "op", "dequeue_many:\none batch per\nSession.run"),
)

_COLOURS = {"data": "#f2f2f2", "queue": "#ffe9b3", "op": "#cfe3ff"}


def _queue_box(ax, x: float, width: float, height: float) -> None:
    """Draw a queue: a box divided into slots, like elements waiting in line."""
    ax.add_patch(Rectangle((x, -height / 2), width, height, facecolor=_COLOURS["queue"],
                           edgecolor="black"))
    for i in range(1, 4):
        ax.plot([x + i * width / 4] * 2, [-height / 2, height / 2], color="#c8a04a", lw=0.8)


def draw_pipeline(stages: Sequence[tuple[str, str, str]] = QUEUE_PIPELINE,
                  threads: Sequence[tuple[int, int, str]] = (
                      (0, 1, "1 runner thread fills it"),
                      (2, 4, "one runner thread per reader: read, decode, enqueue")),
                  title: str = "filename queue -> reader -> example queue"):
    """Draw ``stages`` (label, kind, note) left to right, joined by arrows; return the figure.

    ``threads`` are (first stage, last stage, label) spans drawn as brackets above the boxes,
    to show which stages background threads run. ``kind`` is ``data``, ``queue`` or ``op``.
    """
    unknown = {kind for _, kind, _ in stages} - set(_COLOURS)
    if unknown:
        raise ValueError(f"unknown stage kinds {sorted(unknown)}; use {sorted(_COLOURS)}")
    step, width, height = 2.4, 1.5, 1.0
    fig, ax = plt.subplots(figsize=(1.75 * len(stages), 2.8), dpi=80)
    for i, (label, kind, note) in enumerate(stages):
        x = i * step
        if kind == "queue":
            _queue_box(ax, x, width, height)
        else:
            ax.add_patch(FancyBboxPatch((x, -height / 2), width, height,
                                        boxstyle="round,pad=0.05", facecolor=_COLOURS[kind],
                                        edgecolor="black"))
        ax.text(x + width / 2, 0, label, ha="center", va="center", fontsize=9, weight="bold")
        ax.text(x + width / 2, -height / 2 - 0.2, note, ha="center", va="top", fontsize=7)
        if i:
            ax.annotate("", xy=(x - 0.05, 0), xytext=(x - step + width + 0.05, 0),
                        arrowprops={"arrowstyle": "->", "lw": 1.5})
    for first, last, label in threads:
        x0, x1 = first * step + 0.1, last * step + width - 0.1
        y = height / 2 + 0.3
        ax.plot([x0, x0, x1, x1], [y - 0.1, y, y, y - 0.1], color="#555555", lw=1)
        ax.text((x0 + x1) / 2, y + 0.05, label, ha="center", va="bottom", fontsize=7,
                color="#555555")
    ax.set_xlim(-0.3, len(stages) * step - step + width + 0.3)
    ax.set_ylim(-2.1, 1.6)
    ax.set_title(title, fontsize=10)
    ax.axis("off")
    return fig


#: Colours of a timeline's lanes: reads (waiting), decode runs, training steps.
_LANE_COLOURS = {"read": "#f4b942", "decode": "#8fbf6a", "step": "#4a7fc1"}


def draw_timeline(timelines: Mapping[str, Mapping[str, Sequence[tuple[float, float]]]],
                  window_s: float | None = None, title: str = ""):
    """Draw one panel per entry of ``timelines`` (a title -> ``{lane: [(start, end), ...]}``
    in seconds, as ``cs20_helpers.pipelines.timeline`` returns), stacked, on a common time
    axis in milliseconds; lanes are rows of bars, reads at the top and the step at the bottom.
    ``window_s`` cuts every panel to its first seconds. Return the figure."""
    end = window_s or max(e for lanes in timelines.values() for spans in lanes.values()
                          for _, e in spans)
    rows = max(len(lanes) for lanes in timelines.values())
    fig, axes = plt.subplots(len(timelines), 1, sharex=True, squeeze=False,
                             figsize=(10, 0.45 * rows * len(timelines) + 1.2))
    for ax, (name, lanes) in zip(axes[:, 0], timelines.items(), strict=True):
        labels = list(lanes)
        for row, lane in enumerate(labels):
            bars = [(1e3 * s, 1e3 * (min(e, end) - s)) for s, e in lanes[lane] if s < end]
            colour = _LANE_COLOURS.get(lane.split()[0], "#999999")
            ax.broken_barh(bars, (len(labels) - 1 - row - 0.35, 0.7), facecolors=colour,
                           edgecolor="white", linewidth=0.3)
        ax.set_yticks(range(len(labels)), labels[::-1], fontsize=9)
        ax.set_ylim(-0.6, len(labels) - 0.4)
        ax.set_title(name, fontsize=10, loc="left")
        ax.grid(axis="x", color="#dddddd", lw=0.6)
        ax.set_axisbelow(True)
    axes[-1, 0].set_xlim(0, 1e3 * end)
    axes[-1, 0].set_xlabel("milliseconds")
    if title:
        fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig
