"""Benchmark data-parallel VGG training: images per second against the number of towers.

The small VGG-16 of notebook 09 (8-16-32-64-64 channels, fc layers of 128, 64x64 inputs, 10
classes), trained with Adam on ``--per-tower`` images per tower, so the global batch grows with
the towers. Towers go on GPUs when there are some (``towers.tower_devices``), else on logical
CPU devices of the session (``device_count``). The images are real Tiny ImageNet training
JPEGs (the generated sample unless CS20_PROFILE=full) decoded once into memory, so only the
training step is timed, not the input pipeline. Each tower count runs ``--steps`` timed steps
after ``--warmup`` untimed ones; the counts take turns ``--repeats`` times and each keeps its
fastest run.

    python benchmarks/multi_tower.py            # prints the table, updates RESULTS.md
    python benchmarks/multi_tower.py --towers 1 2 --steps 10 --no-write

Writes the ``## Multi-tower VGG`` section of benchmarks/RESULTS.md and nothing else of it.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from cs20_helpers.notebook import import_tensorflow, session_config

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


def images_per_second(tf, towers: int, images: np.ndarray, labels: np.ndarray,
                      steps: int, warmup: int) -> float:
    """Build the towers' training graph for ``towers`` towers and time ``steps`` steps."""
    from cs20_helpers.layers import vgg_net
    from cs20_helpers.towers import replicate, tower_devices

    tf1 = tf.compat.v1
    graph = tf.Graph()
    with graph.as_default(), tf.device("/cpu:0"):
        tf1.set_random_seed(0)
        optimizer = tf1.train.AdamOptimizer(1e-3)

        def loss_fn(x, y):
            logits = vgg_net(x, 0.8, CLASSES, **MODEL)
            return tf.reduce_mean(
                tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))

        grads, _ = replicate(loss_fn, [tf.constant(images), tf.constant(labels)],
                             tower_devices(towers), optimizer, scope="vgg")
        train = optimizer.apply_gradients(grads)
        init = tf1.global_variables_initializer()
    config = session_config(device_count={"CPU": towers})
    with tf1.Session(graph=graph, config=config) as sess:
        sess.run(init)
        for _ in range(warmup):
            sess.run(train)
        start = time.perf_counter()
        for _ in range(steps):
            sess.run(train)
        seconds = time.perf_counter() - start
    return steps * len(images) / seconds


def markdown_table(rates: dict[int, float], per_tower: int, devices: dict[int, list[str]]) -> str:
    """Return the rates as a Markdown table, with the speed-up over one tower."""
    lines = ["| towers | devices | global batch | images/s | vs 1 tower |",
             "| ---: | --- | ---: | ---: | ---: |"]
    base = rates.get(1)
    for towers, rate in rates.items():
        ratio = f"{rate / base:.2f}x" if base else "-"
        names = ", ".join(d.lstrip("/") for d in devices[towers])
        lines.append(f"| {towers} | {names} | {towers * per_tower} | {rate:,.0f} | {ratio} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--towers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--per-tower", type=int, default=16, help="images per tower and step")
    parser.add_argument("--steps", type=int, default=20, help="timed steps per run")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps before the clock")
    parser.add_argument("--repeats", type=int, default=3, help="turns per count; best is kept")
    parser.add_argument("--no-write", action="store_true", help="do not update RESULTS.md")
    args = parser.parse_args(argv)

    tf = import_tensorflow()
    from cs20_helpers import profile
    from cs20_helpers.benchmarking import machine_description, publish
    from cs20_helpers.towers import tower_devices

    source = profile()
    images, labels = load_batch(max(args.towers) * args.per_tower, source)
    print(f"VGG-16 {MODEL}, {args.per_tower} images per tower, {args.steps} steps after "
          f"{args.warmup}, best of {args.repeats}", flush=True)
    start = time.perf_counter()
    rates = {towers: 0.0 for towers in args.towers}
    for _ in range(args.repeats):
        for towers in args.towers:
            count = towers * args.per_tower
            rate = images_per_second(tf, towers, images[:count], labels[:count], args.steps,
                                     args.warmup)
            rates[towers] = max(rates[towers], rate)
    devices = {towers: tower_devices(towers) for towers in args.towers}
    table = markdown_table(rates, args.per_tower, devices)
    print(table)
    print(f"({time.perf_counter() - start:.0f} s in all)")

    if not args.no_write:
        publish(
            HEADING,
            f"`python benchmarks/multi_tower.py` (profile `{source}`): the small VGG-16 of "
            "notebook 09 (8-16-32-64-64 channels, fc layers of 128, 64x64 inputs, 10 classes) "
            f"trained with Adam, {args.per_tower} images per tower and step (the global batch "
            "grows with the towers), variables on `/cpu:0`, gradients averaged over the towers. "
            "Tiny ImageNet images decoded once into memory, so only the training step is timed: "
            f"{args.steps} steps after {args.warmup} untimed ones, best of {args.repeats} turns.",
            machine_description(tf),
            table,
            "Logical CPU devices are one CPU seen as several: they share its cores and "
            "threads, so whatever more towers gain here comes from running the towers' ops side "
            "by side on cores that one small batch leaves idle, on a larger global batch, not "
            "from more hardware. With GPUs, `tower_devices` puts one tower on each.",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
