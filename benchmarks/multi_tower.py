"""Benchmark data-parallel VGG training: images per second against the number of towers.

The small VGG-16 of notebook 09 (8-16-32-64-64 channels, fc layers of 128, 64x64 inputs, 10
classes), trained with Adam on ``--per-tower`` images per tower, so the global batch grows with
the towers. Towers go on GPUs when there are some (one GPU split into logical GPUs when there
are fewer GPUs than towers: ``devices.split_devices``), else on logical CPU devices of the
session (``device_count``); the variables and Adam's slots stay on ``/cpu:0``. The images are
real Tiny ImageNet training JPEGs (the generated sample unless CS20_PROFILE=full) decoded once
into memory, so only the training step is timed, not the input pipeline. Each tower count runs
``--warmup`` untimed steps, then ``--repeats`` windows of at least ``--window`` seconds
(``benchmarking.timed_windows``); the fastest and the median window are reported.

    python benchmarks/multi_tower.py            # prints the table, updates RESULTS.md
    python benchmarks/multi_tower.py --towers 1 2 --window 1 --repeats 2 --no-write

Writes the ``## Multi-tower VGG`` section of benchmarks/RESULTS.md and nothing else of it, and
the ``multi_tower`` key of cs20_helpers/data/benchmark_results.json.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import numpy as np

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark, timed_windows
from cs20_helpers.notebook import session_config

HEADING = "Multi-tower VGG"
MODEL = {"depth": 16, "base_filters": 8, "fc_units": 128}
SIZE, CLASSES = 64, 10


def load_batch(count: int, source: str) -> tuple[np.ndarray, np.ndarray]:
    """Return ``count`` training images scaled to [-1, 1] and their labels, classes in turn."""
    from PIL import Image

    from cs20_helpers import datasets

    items = datasets.tiny_imagenet_items(datasets.tiny_imagenet(source=source), "train")
    per_class = [[path for path, label in items if label == c] for c in range(CLASSES)]
    images, labels = [], []
    for i in range(count):
        label = i % CLASSES
        with Image.open(per_class[label][i // CLASSES]) as img:
            pixels = np.asarray(img.convert("RGB").resize((SIZE, SIZE)), np.float32)
        images.append(pixels / 127.5 - 1.0)
        labels.append(label)
    return np.stack(images), np.array(labels, np.int32)


def training_step(tf, devices: list[str], images: np.ndarray, labels: np.ndarray,
                  warmup: int) -> tuple[Callable[[], int], Callable[[], None]]:
    """Build the towers' training graph on ``devices``, open a session and run ``warmup``
    steps; return ``(step, close)``: ``step`` runs one training step and returns its images."""
    from cs20_helpers.layers import vgg_net
    from cs20_helpers.towers import replicate

    tf1 = tf.compat.v1
    graph = tf.Graph()
    with graph.as_default(), tf.device("/cpu:0"):
        tf1.set_random_seed(0)
        optimizer = tf1.train.AdamOptimizer(1e-3)

        def loss_fn(x, y):
            logits = vgg_net(x, 0.8, CLASSES, **MODEL)
            return tf.reduce_mean(
                tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))

        grads, _ = replicate(loss_fn, [tf.constant(images), tf.constant(labels)], devices,
                             optimizer, scope="vgg")
        train = optimizer.apply_gradients(grads)
        init = tf1.global_variables_initializer()
    sess = tf1.Session(graph=graph, config=session_config(device_count={"CPU": len(devices)}))
    sess.run(init)
    for _ in range(warmup):
        sess.run(train)

    def step() -> int:
        sess.run(train)
        return len(images)

    return step, sess.close


def markdown_table(figures: dict[int, dict]) -> str:
    """Return the figures as a Markdown table, with the speed-up over one tower."""
    lines = ["| towers | devices | global batch | images/s, best window | images/s, median | "
             "best vs 1 tower |",
             "| ---: | --- | ---: | ---: | ---: | ---: |"]
    base = figures.get(1, {}).get("max_examples_per_s")
    for towers, row in figures.items():
        best = row["max_examples_per_s"]
        ratio = f"{best / base:.2f}x" if base else "-"
        names = ", ".join(d.lstrip("/") for d in row["devices"])
        lines.append(f"| {towers} | {names} | {row['global_batch']} | {best:,.0f} | "
                     f"{row['median_examples_per_s']:,.0f} | {ratio} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__)
    parser.add_argument("--towers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--per-tower", type=int, default=16, help="images per tower and step")
    parser.add_argument("--window", type=float, default=6.0, help="seconds per timed window")
    parser.add_argument("--repeats", type=int, default=5, help="timed windows per tower count")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps before the clock")
    args = parser.parse_args(argv)
    return run_benchmark(args, measure, "multi_tower", HEADING, cpu_devices=max(args.towers))


def measure(bench: Bench) -> Section:
    """Time a training step on each number of towers; return what to store."""
    tf, args = bench.tf, bench.args
    from cs20_helpers import profile
    from cs20_helpers.devices import tower_devices

    source = profile()
    images, labels = load_batch(max(args.towers) * args.per_tower, source)
    print(f"VGG-16 {MODEL}, {args.per_tower} images per tower, {args.warmup} warm-up steps, "
          f"{args.repeats} windows of {args.window:g} s", flush=True)
    start = time.perf_counter()
    figures = {}
    for towers in args.towers:
        count, devices = towers * args.per_tower, tower_devices(towers)
        step, close = training_step(tf, devices, images[:count], labels[:count], args.warmup)
        try:
            timing = timed_windows(step, args.window, args.repeats)
        finally:
            close()
        figures[towers] = {"devices": devices, "global_batch": count, **timing}
        print(f"{towers} tower(s): {timing['max_examples_per_s']:,.0f} images/s best, "
              f"{timing['median_examples_per_s']:,.0f} median", flush=True)
    table = markdown_table(figures)
    print(table)
    print(f"({time.perf_counter() - start:.0f} s in all)")
    return Section(
        {"profile": source, "model": MODEL, "image_size": SIZE, "per_tower": args.per_tower,
         "machine": bench.machine, "loaded": bench.loaded,
         "towers": {str(t): row for t, row in figures.items()}},
        f"`python benchmarks/multi_tower.py` (profile `{source}`): the small VGG-16 of "
        "notebook 09 (8-16-32-64-64 channels, fc layers of 128, 64x64 inputs, 10 classes) "
        f"trained with Adam, {args.per_tower} images per tower and step (the global batch "
        "grows with the towers), variables and Adam's slots on `/cpu:0`, gradients "
        "averaged over the towers. Tiny ImageNet images decoded once into memory, so only "
        f"the training step is timed: {args.warmup} untimed steps, then {args.repeats} "
        f"windows of at least {args.window:g} s per tower count; the best and the median "
        "window are shown. Figures also in `cs20_helpers/data/benchmark_results.json` under "
        "`multi_tower`.",
        table,
        "Logical CPU devices are one CPU seen as several: they share its cores and "
        "threads, so whatever more towers gain here comes from running the towers' ops side "
        "by side on cores that one small batch leaves idle, on a larger global batch, not "
        "from more hardware. What a GPU would change: the convolutions, nearly all of a "
        "step's work, would run there, so the step gets short and what stays on `/cpu:0` "
        "weighs more: each step copies the variables to every tower and the gradients "
        "back, and Adam updates them on the CPU. Towers on separate GPUs pay off while "
        "that traffic stays small beside each tower's compute; towers on one GPU split "
        "into logical GPUs share its compute and add only the traffic, so they show that "
        "the code runs, not a speed-up. No GPU row yet: no GPU was available for this run.",
    )


if __name__ == "__main__":
    sys.exit(main())
