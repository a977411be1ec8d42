"""Small matplotlib diagrams for the notebooks, drawn from data.

``draw_pipeline`` draws a row of stages, boxes joined by arrows; queues are drawn as tall
striped boxes (they hold elements), ops and threads as plain ones. ``draw_sliding_window``,
``draw_padding`` and ``draw_receptive_fields`` draw what a convolution reads (notebook 07):
they draw the numbers the notebook computed with TensorFlow and compute nothing themselves.
``draw_timeline`` draws when each thread of an input pipeline waited or ran (notebook 06).
``draw_cluster`` draws the tasks of a cluster, what each holds, and what they send each other
(notebook 10).
Drawing from data keeps the pictures in the repository as code, testable and in the notebook's
own style, instead of as image files.
"""

from __future__ import annotations

__all__ = ["draw_cluster", "draw_padding", "draw_pipeline", "draw_receptive_fields",
           "draw_sliding_window", "draw_timeline", "PS_CLUSTER", "QUEUE_PIPELINE"]

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
import numpy as np
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

#: Notebook 10's between-graph replication: tasks as (name, kind, (x, y), what it holds and
#: does), then messages as (from, to, what is sent, arrow curvature).
PS_CLUSTER = (
    (("ps", "queue", (4.0, 4.2),
      "holds w, b, global_step\n(every variable)\napplies each update it receives,\n"
      "writes and reads checkpoints"),
     ("worker 0 (chief)", "op", (0.0, 0.0),
      "holds its graph and every\nsecond row; initializes the\nvariables, asks for saves"),
     ("worker 1", "op", (8.0, 0.0),
      "holds its graph and the\nother rows; no variables,\nno checkpoints"),
     ("checkpoints", "data", (4.0, -3.4), "files on storage that every\nps and the chief reach")),
    (("ps", "worker 0 (chief)", "w, b, global step\n(every step)", 0.25),
     ("worker 0 (chief)", "ps", "gradients\n(every step);\nsave (every 200)", 0.25),
     ("ps", "worker 1", "w, b, global step\n(every step)", -0.25),
     ("worker 1", "ps", "gradients\n(every step)", -0.25),
     ("ps", "checkpoints", "w, b, global step\n(every 200 steps)", 0.0)),
)


def draw_cluster(tasks: Sequence[tuple[str, str, tuple[float, float], str]] = PS_CLUSTER[0],
                 messages: Sequence[tuple[str, str, str, float]] = PS_CLUSTER[1],
                 title: str = "between-graph replication: one ps, two workers"):
    """Draw ``tasks`` (name, kind, (x, y) of the box's centre, what it holds and does) as boxes
    and ``messages`` (from, to, what is sent, curvature) as labelled arrows between them; return
    the figure. ``kind`` colours the box as in :func:`draw_pipeline`."""
    names = [name for name, *_ in tasks]
    unknown = {kind for _, kind, _, _ in tasks} - set(_COLOURS)
    if unknown:
        raise ValueError(f"unknown task kinds {sorted(unknown)}; use {sorted(_COLOURS)}")
    strangers = {end for *ends, _, _ in messages for end in ends} - set(names)
    if strangers:
        raise ValueError(f"messages name tasks that are not drawn: {sorted(strangers)}")
    width, height = 3.4, 1.7
    fig, ax = plt.subplots(figsize=(10, 7.5))
    boxes = {}
    for name, kind, (x, y), holds in tasks:
        boxes[name] = FancyBboxPatch((x - width / 2, y - height / 2), width, height,
                                     boxstyle="round,pad=0.08", facecolor=_COLOURS[kind],
                                     edgecolor="black")
        ax.add_patch(boxes[name])
        ax.text(x, y + height / 2 - 0.15, name, ha="center", va="top", fontsize=11,
                weight="bold")
        ax.text(x, y - 0.2, holds, ha="center", va="center", fontsize=10)
    centre = {name: np.array(xy, float) for name, _, xy, _ in tasks}
    for sender, receiver, label, bend in messages:
        ax.annotate("", xy=centre[receiver], xytext=centre[sender],
                    arrowprops={"arrowstyle": "-|>", "lw": 1.6, "color": "#333333",
                                "patchA": boxes[sender], "patchB": boxes[receiver],
                                "connectionstyle": f"arc3,rad={bend}", "mutation_scale": 15})
        start, end = centre[sender], centre[receiver]
        normal = np.array([end[1] - start[1], start[0] - end[0]])
        middle = (start + end) / 2 + 0.5 * bend * normal  # near the arc's middle
        ax.text(*middle, label, ha="center", va="center", fontsize=9, color="#333333",
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.5})
    xs, ys = [x for _, _, (x, _), _ in tasks], [y for _, _, (_, y), _ in tasks]
    ax.set_xlim(min(xs) - width / 2 - 0.4, max(xs) + width / 2 + 0.4)
    ax.set_ylim(min(ys) - height / 2 - 0.4, max(ys) + height / 2 + 0.4)
    ax.set_aspect("equal")
    ax.set_title(title, fontsize=12)
    ax.axis("off")
    fig.tight_layout()
    return fig


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


def _grid(ax, values, x0: float, y0: float, fmt: str = "{:.1f}", highlight=None,
          highlight_colour: str = "#ffd27f", hatch_mask=None, fontsize: float = 9) -> None:
    """Draw a 2-d array as a table of unit cells, each with its value, the top-left corner at
    (x0, y0) and y pointing down (as in an image). ``highlight`` (boolean, shaped like
    ``values``) marks cells to fill; ``hatch_mask`` cells to hatch, such as padding zeros."""
    values = np.asarray(values)
    for (r, c), value in np.ndenumerate(values):
        fill = highlight_colour if highlight is not None and highlight[r, c] else "white"
        hatched = hatch_mask is not None and bool(hatch_mask[r, c])
        ax.add_patch(Rectangle((x0 + c, y0 + r), 1, 1, facecolor=fill, edgecolor="#888888",
                               lw=0.8, hatch="///" if hatched else None))
        ax.text(x0 + c + 0.5, y0 + r + 0.5, fmt.format(value), ha="center", va="center",
                fontsize=fontsize, color="#777777" if hatched else "black")


def draw_sliding_window(inputs, kernel, outputs, positions: Sequence[tuple[int, int]]):
    """Draw a stride-1 VALID convolution at work: one panel per ``(row, column)`` of
    ``positions``, showing the kernel's window on ``inputs`` (each covered cell marked with its
    weight) and the output value that window makes.

    ``inputs`` is a 2-d array, ``kernel`` k x k and ``outputs`` the result the caller computed
    (with ``tf.nn.conv2d``, say); the figure draws the numbers it is given. Return the figure.
    """
    inputs, kernel, outputs = (np.asarray(a, dtype=float) for a in (inputs, kernel, outputs))
    k = kernel.shape[0]
    n_rows, n_cols = inputs.shape
    fig, axes = plt.subplots(1, len(positions), figsize=(5.2 * len(positions), 3.3),
                             squeeze=False)
    for ax, (row, col) in zip(axes[0], positions, strict=True):
        window = np.zeros(inputs.shape, bool)
        window[row:row + k, col:col + k] = True
        _grid(ax, inputs, 0, 0, highlight=window)
        ax.add_patch(Rectangle((col, row), k, k, fill=False, edgecolor="#d9480f", lw=2.5))
        for (r, c), weight in np.ndenumerate(kernel):  # the weight over each covered pixel
            ax.text(col + c + 0.95, row + r + 0.06, f"×{weight:g}", ha="right", va="top",
                    fontsize=7, color="#b03a00")
        out_x, out_y = n_cols + 1.5, (n_rows - outputs.shape[0]) / 2
        here = np.zeros(outputs.shape, bool)
        here[row, col] = True
        _grid(ax, outputs, out_x, out_y, fmt="{:.2f}", highlight=here,
              highlight_colour="#ffb38a")
        ax.annotate("", xy=(out_x + col + 0.5, out_y + row + 0.5), xytext=(col + k, row + k / 2),
                    arrowprops={"arrowstyle": "->", "color": "#d9480f", "lw": 1.5,
                                "connectionstyle": "arc3,rad=-0.25"})
        ax.text(n_cols / 2, -0.25, f"input {n_rows}x{n_cols}, window at ({row}, {col})",
                ha="center", va="bottom", fontsize=9)
        ax.text(out_x + outputs.shape[1] / 2, out_y - 0.25,
                f"output {outputs.shape[0]}x{outputs.shape[1]}", ha="center", va="bottom",
                fontsize=9)
        ax.text(out_x + outputs.shape[1] / 2, out_y + outputs.shape[0] + 0.35,
                f"output[{row}, {col}]: the sum of\nthe {k * k} products", ha="center",
                va="top", fontsize=8)
        ax.set_xlim(-0.2, out_x + outputs.shape[1] + 0.2)
        ax.set_ylim(n_rows + 0.3, -1.0)
        ax.set_aspect("equal")
        ax.axis("off")
    fig.tight_layout()
    return fig


def draw_padding(n: int, k: int, stride: int, windows: dict):
    """Draw where a window of ``k`` pixels with stride ``stride`` lands on a row of ``n`` pixels,
    one row of the figure per entry of ``windows``: ``{padding: (zeros before, zeros after,
    [start of each window, counted on the padded row])}``. Padding zeros are hatched; each output
    is a bracket under the cells it reads. Return the figure."""
    widest_before = max(before for before, _, _ in windows.values())
    widest_after = max(after for _, after, _ in windows.values())
    fig, axes = plt.subplots(len(windows), 1, figsize=(8.5, 1.8 * len(windows)), squeeze=False)
    for ax, (padding, (before, after, starts)) in zip(axes[:, 0], windows.items(), strict=True):
        cells = np.array([["0"] * before + [f"x{i}" for i in range(n)] + ["0"] * after])
        zeros = np.array([[True] * before + [False] * n + [True] * after])
        _grid(ax, cells, -before, 0, fmt="{}", hatch_mask=zeros)
        for j, start in enumerate(starts):
            x0, x1 = start - before + 0.08, start - before + k - 0.08
            y = 1.3 + 0.45 * (j % 2)
            colour = plt.cm.tab10(j % 10)
            ax.plot([x0, x0, x1, x1], [y - 0.2, y, y, y - 0.2], color=colour, lw=2)
            ax.text((x0 + x1) / 2, y + 0.08, f"out {j}", ha="center", va="top", fontsize=8,
                    color=colour)
        unread = [f"x{i}" for i in range(n)
                  if not any(s - before <= i < s - before + k for s in starts)]
        added = ("no zeros added" if before + after == 0
                 else f"zeros added: {before} before, {after} after")
        ax.set_title(f"{padding}: {added}, {len(starts)} outputs"
                     + (f"; {', '.join(unread)} never read" if unread else ""),
                     fontsize=9, loc="left")
        ax.set_xlim(-widest_before - 0.3, n + widest_after + 0.3)
        ax.set_ylim(2.4, -0.2)
        ax.set_aspect("equal")
        ax.axis("off")
    fig.suptitle(f"a window of {k} pixels, stride {stride}, on a row of {n} pixels", fontsize=10)
    fig.tight_layout()
    return fig


def draw_receptive_fields(image, fields: Sequence[tuple[str, tuple[int, int, int]]],
                          support=None, support_title: str = ""):
    """Draw each of ``fields``, ``(label, (top, left, size))``, as a square on ``image``: the
    input pixels one unit of a layer reads. ``support``, an array shaped like the image (how
    strongly each pixel reaches one unit, say), is drawn beside it as a heat map if given.
    Return the figure."""
    panels = 1 if support is None else 2
    fig, axes = plt.subplots(1, panels, figsize=(4.6 * panels, 4.4), squeeze=False)
    ax = axes[0, 0]
    ax.imshow(image, cmap="gray_r")
    for i, (label, (top, left, size)) in enumerate(fields):
        colour = plt.cm.tab10(i % 10)
        ax.add_patch(Rectangle((left - 0.5, top - 0.5), size, size, fill=False,
                               edgecolor=colour, lw=2.5 - 0.3 * i, linestyle=("-", "--")[i % 2]))
        ax.plot([], [], color=colour, lw=2, linestyle=("-", "--")[i % 2],
                label=f"{label}: {size}x{size} pixels")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, 0.0), frameon=False)
    ax.set_title("the input pixels one unit reads", fontsize=9)
    ax.axis("off")
    if support is not None:
        shown = axes[0, 1].imshow(support, cmap="viridis")
        axes[0, 1].set_title(support_title, fontsize=9)
        axes[0, 1].axis("off")
        fig.colorbar(shown, ax=axes[0, 1], shrink=0.8)
    fig.tight_layout()
    return fig


#: Colours of a timeline's lanes: reads (waiting), decode runs, training steps.
_LANE_COLOURS = {"read": "#f4b942", "decode": "#8fbf6a", "step": "#4a7fc1"}
#: How a lane is labelled where its name alone would mislead: a step's run includes its wait.
_LANE_LABELS = {"step": "step run\n(+ wait for batch)"}


def draw_timeline(timelines: Mapping[str, Mapping[str, Sequence[tuple[float, float]]]],
                  window_s: float | None = None, title: str = ""):
    """Draw one panel per entry of ``timelines`` (a title -> ``{lane: [(start, end), ...]}``
    in seconds, as ``cs20_helpers.pipelines.timeline`` returns), stacked, on a common time
    axis in milliseconds; lanes are rows of bars, reads at the top and the step at the bottom
    (labelled as a run that includes any wait for its batch).
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
        ax.set_yticks(range(len(labels)), [_LANE_LABELS.get(lane, lane) for lane in labels[::-1]],
                      fontsize=9)
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
