"""Benchmark how well three input pipelines overlap with a real training step.

feed_dict (a whole batch of JPEG byte strings decoded in one run), queue runners and tf.data
each feed Tiny ImageNet training JPEGs (64x64; the generated sample unless CS20_PROFILE=full),
decoded and resized to 224x224, in batches of 32, to the small VGG-16 of notebook 09 trained
with Adam. Every file read waits, as on slow storage: by default as long as the step takes
per example times the reading threads (measured first), so that input and step take about as
long and taking turns would cost about 2x (the no-overlap bound). Each way is timed three
ways: input only, the training step only (on a batch cached in memory) and both together,
each over ``--repeats`` windows of at least ``--window`` seconds (minimum and median seconds
per example). The lesson is the overlap, together / max(input only, step only), against that
bound. See cs20_helpers/pipelines.py for the three ways.

    python benchmarks/input_pipeline.py            # the table, RESULTS.md, benchmark_results.json
    python benchmarks/input_pipeline.py --quick    # a smoke run: short windows, writes nothing

Writes the ``## Input pipelines`` section of benchmarks/RESULTS.md and the ``input_pipeline``
key of cs20_helpers/data/benchmark_results.json, and nothing else of either; with ``--readme``,
also the paragraph on these figures in docs/benchmarks.md (from ``**Input pipelines**`` to
``**word2vec**``; it was the README's before issue 37).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path

from cs20_helpers._atomic import write_text_atomic
from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark
from cs20_helpers.paths import REPO_DIR

HEADING = "Input pipelines"
KEY = "input_pipeline"
#: The page that quotes this benchmark's figures (the README's Benchmarks before issue 37).
README = REPO_DIR / "docs" / "benchmarks.md"
#: Where that page's paragraph on this benchmark starts, and the next one.
README_START, README_NEXT = "**Input pipelines** (", "**word2vec** ("


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line; ``--quick`` shrinks every setting and implies ``--no-write``."""
    parser = argument_parser(__doc__)
    parser.add_argument("--size", type=int, default=224, help="resize images to SIZE x SIZE")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--window", type=float, default=5.0, help="seconds per timed window")
    parser.add_argument("--repeats", type=int, default=5, help="timed windows per measurement")
    parser.add_argument("--read-latency", type=float, default=None,
                        help="seconds every file read waits (default: matched to the step)")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 32x32, batches of 4, one 0.1 s window; writes nothing")
    parser.add_argument("--readme", action="store_true",
                        help="also rewrite docs/benchmarks.md's paragraph on these figures")
    args = parser.parse_args(argv)
    if args.read_latency is not None and not 0 <= args.read_latency < 10:
        parser.error(f"--read-latency must be in [0, 10) s, not {args.read_latency:g}")
    if args.quick:
        args.size, args.batch_size, args.window, args.repeats = 32, 4, 0.1, 1
        args.no_write = True
    return args


def readme_paragraph(rows: dict[str, dict[str, float]], settings: dict) -> str:
    """The benchmarks page's paragraph on this benchmark: the settings and, per way, the minimum
    milliseconds per example of each mode, together / max and the no-overlap bound."""
    table = "\n".join(
        f"| {label} | {1e3 * rows[way]['input_only_s']:.2f} | "
        f"{1e3 * rows[way]['step_only_s']:.1f} | {1e3 * rows[way]['together_s']:.1f} | "
        f"{rows[way]['overlap']:.2f} | {rows[way]['serial_bound']:.2f} |"
        for way, label in (("feed_dict", "feed_dict"), ("queues", "queues"), ("tfdata", "tf.data")))
    size, wait_ms = settings["size"], 1e3 * settings["read_latency_s"]
    return f"""{README_START}`python benchmarks/input_pipeline.py`, about 6 minutes; `--quick` for a
smoke run): feed_dict (files read by a Python thread pool, a whole batch decoded in one run),
queue runners (one `WholeFileReader` per thread, `batch_join`) and tf.data, each reading files
with {settings['readers']} threads, feed {settings['files']} Tiny-ImageNet-sample JPEGs resized to
{size}x{size}, in batches of {settings['batch_size']}, to the small VGG-16 of notebook 09. Every
file read waits {wait_ms:.1f} ms, as on slow storage: the reading threads times the
step's time per example, measured first, so that input and step take about as long and taking
turns would cost about 2x. Each way is timed input only, step only (on a cached batch) and
together, over {settings['repeats']} windows of {settings['window_s']:g} s in rounds that take
turns. Milliseconds per example (minimum over the windows), and together / max(input, step)
from those minimums, against the no-overlap bound (input + step) / max:

| pipeline | input only | step only | together | together / max(input, step) | no-overlap bound |
| --- | ---: | ---: | ---: | ---: | ---: |
{table}

At the bound, input and step take turns; at 1.00 the input hides entirely behind the step.
`benchmarks/RESULTS.md` gives the medians, the range of single rounds and the load of the
machine. Notebook 06 shows the same three ways on a step of a few milliseconds with reads that
wait 3 ms, and checks that feed_dict takes turns while queues and tf.data do not.

"""


def write_readme(rows: dict[str, dict[str, float]], settings: dict, path: Path) -> None:
    """Replace the benchmarks page's paragraph on this benchmark (see :func:`readme_paragraph`)."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find(README_START), text.find(README_NEXT)
    if not 0 <= start < end:
        raise ValueError(f"{path} has no paragraph from {README_START!r} to {README_NEXT!r}")
    write_text_atomic(path, text[:start] + readme_paragraph(rows, settings) + text[end:])


def main(argv: list[str] | None = None) -> int:
    return run_benchmark(parse_args(argv), measure, KEY, HEADING)


def measure(bench: Bench) -> Section | int:
    """Time the three ways input only, step only and together; return what to store (1 when
    there are no training images)."""
    args = bench.args
    from cs20_helpers import datasets, pipelines, profile

    source = profile()
    root = datasets.tiny_imagenet(source=source)
    items = datasets.tiny_imagenet_items(root, "train")
    if not items:
        print(f"no training JPEGs under {root}", file=sys.stderr)
        return 1
    work = pipelines.Workload(items, args.size, args.batch_size,
                              len(datasets.tiny_imagenet_classes(root)))
    start = time.perf_counter()
    latency = args.read_latency
    if latency is None:  # reads as long as the step: input only ~ step only, bound ~ 2
        step_s = pipelines.time_step(work, args.window, 3)
        latency = pipelines.READERS * step_s
        print(f"step only {1e3 * step_s:.3f} ms per example: every read waits "
              f"{pipelines.READERS} x that = {1e3 * latency:.1f} ms", flush=True)
    work = dataclasses.replace(work, read_latency_s=latency)
    print(f"{len(items)} JPEGs resized to {args.size}x{args.size}, batches of "
          f"{args.batch_size}, reads wait {1e3 * latency:.1f} ms, {args.repeats} windows of "
          f"{args.window:g} s per figure", flush=True)
    rows = pipelines.figures(pipelines.time_all(work, args.window, args.repeats))
    table = pipelines.markdown_table(rows)
    print(table)
    print(f"({time.perf_counter() - start:.0f} s in all)")
    settings = {"profile": source, "files": len(items), "size": args.size,
                "batch_size": args.batch_size, "model": pipelines.SMALL_VGG,
                "readers": pipelines.READERS, "read_latency_s": latency,
                "window_s": args.window, "repeats": args.repeats,
                "unit": "seconds per example", "machine": bench.machine,
                "load_average_after": list(os.getloadavg())}
    if args.readme and not args.no_write:
        write_readme(rows, settings, README)
    return Section(
        {"settings": settings, **rows},
        f"`python benchmarks/input_pipeline.py` (profile `{source}`): {len(items)} Tiny "
        f"ImageNet training JPEGs, each decoded and resized to {args.size}x{args.size}, in "
        f"batches of {args.batch_size}, feeding a real training step: the small VGG-16 of "
        "notebook 09 (8-16-32-64-64 channels, fc layers of 128, Adam). Every file read "
        f"waits {1e3 * latency:.1f} ms, as on slow storage"
        + (f" ({pipelines.READERS} reading threads x the step's time per example, measured "
           "first, so that input and step take about as long)" if args.read_latency is None
           else "")
        + ". Each way is timed with input only (batches made and summed), step only (the "
        "training step on one batch cached in memory) and both together, each over "
        f"{args.repeats} windows of at least {args.window:g} s, in rounds that take turns "
        "(step only; input only, after the batches the pipeline holds ready are drained; "
        "together), each window after one untimed batch. "
        "Figures are **milliseconds per example**, minimum / median over the windows; "
        "`cs20_helpers/data/benchmark_results.json` (key `input_pipeline`) holds them in "
        "seconds per example. "
        "together / max is taken from the minimums, with the range of single rounds.",
        table,
        "together / max is the overlap: 1.00 when the input hides entirely behind the step; "
        "the no-overlap bound is (input + step) / max, what taking turns costs. feed_dict "
        "reads a batch of files in a Python thread pool, decodes it in one run (`tf.map_fn`) "
        "and feeds the decoded batch to the step in a second run, so input and step take "
        f"turns; queues ({pipelines.READERS} `WholeFileReader`s, one per thread of "
        f"`tf1.train.batch_join`) and tf.data (a map of {pipelines.READERS} parallel calls, "
        f"a prefetch of {pipelines.QUEUED_BATCHES} batches) prepare the next batches in "
        "other threads while the step runs. A read that waits costs no CPU, so threads can "
        "hide it behind the step even on a CPU; decoding is computation and can hide only "
        "in the cores the step leaves idle. "
        f"Load average after the run: {', '.join(f'{x:.2f}' for x in os.getloadavg())}.",
    )


if __name__ == "__main__":
    sys.exit(main())
