"""Benchmark how well three input pipelines overlap with a real training step.

feed_dict (a whole batch of JPEG byte strings decoded in one run), queue runners and tf.data
each feed Tiny ImageNet training JPEGs (64x64; the generated sample unless CS20_PROFILE=full),
decoded and resized to 224x224, in batches of 32, to the small VGG-16 of notebook 09 trained
with Adam. Each way is timed three ways: input only, the training step only (on a batch
cached in memory) and both together, each over ``--repeats`` windows of at least
``--window`` seconds (minimum and median seconds per example). The lesson is the overlap,
together / max(input only, step only). See cs20_helpers/pipelines.py for the three ways.

    python benchmarks/input_pipeline.py            # the table, RESULTS.md and results.json
    python benchmarks/input_pipeline.py --quick    # a smoke run: short windows, writes nothing

Writes the ``## Input pipelines`` section of benchmarks/RESULTS.md and the ``input_pipeline``
key of benchmarks/results.json, and nothing else of either.
"""

from __future__ import annotations

import argparse
import sys
import time

from cs20_helpers.notebook import import_tensorflow

HEADING = "Input pipelines"
KEY = "input_pipeline"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line; ``--quick`` shrinks every setting and implies ``--no-write``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=224, help="resize images to SIZE x SIZE")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--window", type=float, default=5.0, help="seconds per timed window")
    parser.add_argument("--repeats", type=int, default=5, help="timed windows per measurement")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 32x32, batches of 4, one 0.1 s window; writes nothing")
    parser.add_argument("--no-write", action="store_true",
                        help="do not update RESULTS.md and results.json")
    args = parser.parse_args(argv)
    if args.quick:
        args.size, args.batch_size, args.window, args.repeats = 32, 4, 0.1, 1
        args.no_write = True
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    tf = import_tensorflow()
    from cs20_helpers import datasets, pipelines, profile
    from cs20_helpers.benchmarking import (
        cpu_busy_share,
        machine_description,
        publish,
        write_results_json,
    )

    busy_before = cpu_busy_share()  # is anything else running? (see machine line)

    source = profile()
    root = datasets.tiny_imagenet(source=source)
    items = datasets.tiny_imagenet_items(root, "train")
    if not items:
        print(f"no training JPEGs under {root}", file=sys.stderr)
        return 1
    work = pipelines.Workload(items, args.size, args.batch_size,
                              len(datasets.tiny_imagenet_classes(root)))
    print(f"{len(items)} JPEGs resized to {args.size}x{args.size}, batches of "
          f"{args.batch_size}, {args.repeats} windows of {args.window:g} s per figure",
          flush=True)
    start = time.perf_counter()
    rows = pipelines.figures(pipelines.time_all(work, args.window, args.repeats))
    table = pipelines.markdown_table(rows)
    print(table)
    print(f"({time.perf_counter() - start:.0f} s in all)")
    if args.no_write:
        return 0

    machine = machine_description(tf, busy_before)
    settings = {"profile": source, "files": len(items), "size": args.size,
                "batch_size": args.batch_size, "model": pipelines.SMALL_VGG,
                "window_s": args.window, "repeats": args.repeats,
                "unit": "seconds per example", "machine": machine}
    write_results_json(KEY, {"settings": settings, **rows})
    publish(
        HEADING,
        f"`python benchmarks/input_pipeline.py` (profile `{source}`): {len(items)} Tiny "
        f"ImageNet training JPEGs, each decoded and resized to {args.size}x{args.size}, in "
        f"batches of {args.batch_size}, feeding a real training step: the small VGG-16 of "
        "notebook 09 (8-16-32-64-64 channels, fc layers of 128, Adam). Each way is timed "
        "with input only (batches made and summed), step only (the training step on one "
        "batch cached in memory) and both together, each over "
        f"{args.repeats} windows of at least {args.window:g} s, in rounds that take turns "
        "(step only; input only, after the batches the pipeline holds ready are drained; "
        "together), each window after one untimed batch. "
        "Figures are **milliseconds per example**, minimum / median over the windows; "
        "`benchmarks/results.json` (key `input_pipeline`) holds them in seconds per example.",
        machine,
        table,
        "together / max is the overlap: 1.00 when the input hides entirely behind the step; "
        "the no-overlap bound is (input + step) / max, what taking turns costs. feed_dict "
        "decodes a whole batch of fed JPEG byte strings in one run (`tf.map_fn`) and feeds "
        "the decoded batch to the step in a second run, so input and step take turns; queues "
        "(`WholeFileReader`, `tf1.train.batch` with 2 threads) and tf.data (a map of 2 "
        "parallel calls, prefetch) prepare the next batches in other threads while the step "
        "runs. Every way reads files with 2 threads (feed_dict's with a Python thread "
        "pool). On a CPU the input and the step share the same cores, so overlap can only "
        "hide input work in the cores the step leaves idle. With the step on a GPU more of it "
        "could hide (no GPU row yet). At this size the input is a few percent of the step, "
        "less than the step's own variation from window to window.",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
