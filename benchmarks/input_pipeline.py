"""Benchmark one input pipeline three ways: feed_dict from Python, queue runners, tf.data.

The pipeline of notebook 06 at a larger size: Tiny ImageNet training JPEGs (64x64; the
generated sample unless CS20_PROFILE=full), decoded, resized to 224x224 (VGG's input), batched
by 32, over several epochs. The three ways take turns and each keeps its fastest run; the
clock starts after the first batch. See cs20_helpers/pipelines.py for the three versions.

    python benchmarks/input_pipeline.py            # prints the table, updates RESULTS.md
    python benchmarks/input_pipeline.py --no-write --epochs 1

Writes the ``## Input pipelines`` section of benchmarks/RESULTS.md and nothing else of it.
"""

from __future__ import annotations

import argparse
import sys
import time

from cs20_helpers.notebook import import_tensorflow

HEADING = "Input pipelines"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=224, help="resize images to SIZE x SIZE")
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=4, help="passes over the files")
    parser.add_argument("--repeats", type=int, default=3, help="turns per way; best is kept")
    parser.add_argument("--no-write", action="store_true", help="do not update RESULTS.md")
    args = parser.parse_args(argv)

    tf = import_tensorflow()
    from cs20_helpers import datasets, pipelines, profile
    from cs20_helpers.benchmarking import machine_description, publish

    source = profile()
    root = datasets.tiny_imagenet(source=source)
    files = [path for path, _ in datasets.tiny_imagenet_items(root, "train")]
    if not files:
        print(f"no training JPEGs under {root}", file=sys.stderr)
        return 1
    print(f"{len(files)} JPEGs x {args.epochs} epochs, resized to {args.size}x{args.size}, "
          f"batches of {args.batch_size}, best of {args.repeats}", flush=True)
    start = time.perf_counter()
    timings = pipelines.time_all(files, args.size, args.batch_size, args.epochs, args.repeats)
    table = pipelines.markdown_table(timings)
    print(table)
    print(f"({time.perf_counter() - start:.0f} s in all)")

    if not args.no_write:
        publish(
            HEADING,
            f"`python benchmarks/input_pipeline.py` (profile `{source}`): {len(files)} Tiny "
            f"ImageNet training JPEGs x {args.epochs} epochs, each decoded and resized to "
            f"{args.size}x{args.size}, batches of {args.batch_size}; a stand-in training step "
            f"sums each batch. The three ways take turns {args.repeats} times and each keeps "
            "its fastest run; the clock starts after the first batch.",
            machine_description(tf),
            table,
            "feed_dict runs the decode op once per image from Python and feeds each batch back; "
            "queues read the files with `WholeFileReader` and two `tf1.train.batch` threads; "
            "tf.data maps in parallel (AUTOTUNE) and prefetches.",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
