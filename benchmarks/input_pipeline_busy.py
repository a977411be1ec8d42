"""Notebook 06's overlap measurement, repeated beside busy programs: which of its checks hold.

The course's tests run notebook 06 on machines that do other work too (a shared CI runner, the
suite's own second worker). This script starts ``--hogs`` processes that spin on the CPU, then
runs the measurement of notebook 06's section 6 ``--runs`` times, exactly as the notebook does
(the bundled Tiny ImageNet sample, 50 JPEGs a class at 64x64, batches of 32, the thinned VGG-16,
reads that wait 3 ms, 8 rounds of 0.4 s windows), and records for each run the three ways'
together / max, feed_dict's together / (input + step) from the fastest windows and from each
round's own windows (median over the rounds), and the load average. The hogs end with the
script.

    python benchmarks/input_pipeline_busy.py          # 6 runs beside 2 hogs; benchmark_results.json
    python benchmarks/input_pipeline_busy.py --hogs 2 --kind tf  # TensorFlow busy beside
    python benchmarks/input_pipeline_busy.py --quick  # a smoke run: writes nothing

Writes ``"<hogs> hogs"`` under the ``input_pipeline_busy`` key of
cs20_helpers/data/benchmark_results.json and nothing else (``--hogs 4`` beside the default 2 keeps
both).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

from cs20_helpers.benchmarking import (
    Bench,
    Section,
    argument_parser,
    results_json_file,
    run_benchmark,
)
from cs20_helpers.notebook import import_tensorflow

KEY = "input_pipeline_busy"
#: Notebook 06's settings for section 6.
NOTEBOOK = {"per_class": 50, "size": 64, "batch_size": 32, "read_latency_s": 0.003,
            "model": {"depth": 16, "base_filters": 1, "fc_units": 8},
            "window_s": 0.4, "repeats": 8}


def spin() -> None:
    """Keep one CPU busy until killed."""
    while True:
        pass


def matmuls() -> None:
    """Keep TensorFlow busy until killed: 512 x 512 products on 2 threads, as another notebook
    training beside this one would."""
    tf = import_tensorflow()
    tf.config.threading.set_intra_op_parallelism_threads(2)
    tf.config.threading.set_inter_op_parallelism_threads(2)
    x = tf.random.stateless_normal([512, 512], seed=[0, 0])
    while True:
        x = tf.linalg.matmul(x, x)
        x = x / tf.reduce_max(tf.abs(x))


HOGS = {"spin": spin, "tf": matmuls}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Read the command line; ``--quick`` shrinks every setting and implies ``--no-write``."""
    parser = argument_parser(__doc__, "benchmark_results.json")
    parser.add_argument("--hogs", type=int, default=2, help="busy processes beside the runs")
    parser.add_argument("--kind", choices=sorted(HOGS), default="spin",
                        help="what each busy process does: spin in Python, or TensorFlow "
                             "matrix products on 2 threads")
    parser.add_argument("--runs", type=int, default=6, help="measurements, one after another")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: one hog, one run of short windows; writes nothing")
    args = parser.parse_args(argv)
    if args.hogs < 0 or args.runs < 1:
        parser.error("--hogs must be 0 or more and --runs 1 or more")
    args.settings = dict(NOTEBOOK)
    if args.quick:
        args.hogs, args.runs, args.no_write = 1, 1, True
        args.settings.update(per_class=2, size=32, batch_size=4, window_s=0.05, repeats=2)
    return args


def measure(work, settings: dict) -> dict[str, float]:
    """Run the notebook's measurement once; return its figures and the load average after."""
    from cs20_helpers import pipelines

    rows = pipelines.figures(pipelines.time_all(work, settings["window_s"],
                                                settings["repeats"]))
    figures = {f"{way}_overlap": rows[way]["overlap"] for way in pipelines.WAYS}
    figures["feed_dict_serial_share"] = rows["feed_dict"]["serial_share"]
    figures["feed_dict_serial_share_rounds"] = rows["feed_dict"]["serial_share_rounds"]
    figures["load_average_after"] = os.getloadavg()[0]
    return figures


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    # started before this process imports TensorFlow: a forked TensorFlow runtime can hang
    hogs = [multiprocessing.Process(target=HOGS[args.kind], daemon=True)
            for _ in range(args.hogs)]
    for hog in hogs:
        hog.start()
    try:
        return run_benchmark(args, measure_all, KEY, "")
    finally:
        for hog in hogs:
            hog.kill()
            hog.join()


def measure_all(bench: Bench) -> Section:
    """Build notebook 06's workload, measure it ``args.runs`` times; return the runs to record
    beside the earlier ones (no RESULTS.md section)."""
    args = bench.args
    from cs20_helpers import datasets, pipelines, profile

    settings = args.settings
    root = datasets.tiny_imagenet(source=profile())
    items = datasets.tiny_imagenet_items(root, "train", per_class=settings["per_class"])
    work = pipelines.Workload(items, size=settings["size"], batch_size=settings["batch_size"],
                              classes=len(datasets.tiny_imagenet_classes(root)),
                              model=settings["model"],
                              read_latency_s=settings["read_latency_s"])
    start = time.perf_counter()
    runs = []
    for index in range(args.runs):
        runs.append(measure(work, settings))
        print(f"run {index + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in runs[-1].items()),
              flush=True)
    print(f"({time.perf_counter() - start:.0f} s in all, {args.hogs} busy processes beside: "
          f"{args.kind})")
    held = {
        "feed_dict_takes_turns_rounds_at_least_0.9": sum(
            r["feed_dict_serial_share_rounds"] >= 0.9 for r in runs),
        "feed_dict_takes_turns_fastest_at_least_0.9": sum(
            r["feed_dict_serial_share"] >= 0.9 for r in runs),
        "tfdata_below_feed_dict": sum(r["tfdata_overlap"] < r["feed_dict_overlap"]
                                      for r in runs),
        "queues_below_feed_dict": sum(r["queues_overlap"] < r["feed_dict_overlap"]
                                      for r in runs),
    }
    if args.no_write:
        return Section(None)
    print("checks held, of", args.runs, "runs:", held)
    path = args.results_json or results_json_file()
    recorded = json.loads(path.read_text(encoding="utf-8")).get(KEY, {}) if path.exists() else {}
    name = f"{args.hogs} hogs" if args.kind == "spin" else f"{args.hogs} hogs, {args.kind}"
    recorded[name] = {
        "settings": {**settings, "hogs": args.hogs, "kind": args.kind, "files": len(items),
                     "machine": bench.machine},
        "runs": runs, "checks_held": held}
    return Section(recorded)


if __name__ == "__main__":
    sys.exit(main())
