"""Grade the long training's best checkpoint on the test seed and ship it with the course.

Takes ``RUN/best`` (written by ``neural_gpu_train.py``, chosen on validation sums only),
measures the fully-correct fraction on test sums (``TEST_SEED``: no gradient and no choice of a
checkpoint uses them; but the shipped model's test sums were graded at three interim checkpoints,
and its fine-tune began after one of those grades, notebook 12 section 2.3) at ``--lengths``
and counts the fully-correct sums of ``--long-count`` at ``--long-length`` bits, then writes:

- the package data ``cs20_helpers/data/neural_gpu/add_sequential.npz`` (model weights only) and
  ``.json`` (provenance: seed, steps, wall time, CPU, training command, validation and test
  figures), and their rows in ``cs20_helpers/data/README.md``;
- the ``neural_gpu_shipped`` key of ``cs20_helpers/data/benchmark_results.json`` and the
  ``## Neural GPU: the shipped checkpoint`` section of ``benchmarks/RESULTS.md``;
- the ``shipped_*`` metrics of ``results/12_neural_gpu.json`` (other metrics kept).

    CS20_THREADS=2 python scripts/neural_gpu_ship.py --run runs/neural_gpu_long
"""

from __future__ import annotations

import hashlib
import re
import shlex
import sys
import time
from pathlib import Path

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark

HEADING = "Neural GPU: the shipped checkpoint"
GOAL = 0.99


def grade(trainer, lengths: list[int], count: int, long_length: int, long_count: int,
          seed: int) -> dict[str, dict]:
    """Fully-correct counts and fractions on test sums of ``seed`` at every length."""
    return grade_counts(trainer, [(k, count) for k in lengths] + [(long_length, long_count)],
                        seed)


def grade_counts(trainer, counts: list[tuple[int, int]], seed: int) -> dict[str, dict]:
    """For each (length, count): how many of ``count`` sums of ``seed`` at that length come out
    fully correct, the fraction, the seconds and the seconds per sum (the batch's time over
    its count)."""
    figures = {}
    for length, n in counts:
        start = time.perf_counter()
        fraction = trainer.accuracy(length, n, seed=seed, batch=16 if length > 400 else 64)
        seconds = time.perf_counter() - start
        figures[str(length)] = {"count": n, "correct": round(fraction * n),
                                "fraction": fraction, "seconds": round(seconds, 1),
                                "seconds_per_sum": round(seconds / n, 4)}
        print(f"{length} bits: {round(fraction * n)} of {n} fully correct", flush=True)
    return figures


def readme_rows(readme: str, files: dict[str, bytes]) -> str:
    """The data README with one table row per shipped file (name, bytes, sha256): rows for
    these names are replaced, new ones go after the table's last row."""
    lines = readme.split("\n")
    for name, data in files.items():
        row = f"| `{name}` | {len(data):,} | `{hashlib.sha256(data).hexdigest()}` |"
        pattern = re.compile(rf"^\| `{re.escape(name)}` \|")
        at = next((i for i, line in enumerate(lines) if pattern.match(line)), None)
        if at is None:
            at = max(i for i, line in enumerate(lines) if line.startswith("| `")) + 1
            lines.insert(at, row)
        else:
            lines[at] = row
    return "\n".join(lines)


def ship_files(trainer, name: Path, provenance: dict, data_dir: Path) -> dict[str, bytes]:
    """Write ``trainer``'s model weights and ``provenance`` to ``data_dir/name.npz`` and
    ``.json`` (each whole or not at all) and their rows in ``data_dir/README.md``; return the
    files' bytes by their name in the table."""
    from cs20_helpers._atomic import write_text_atomic
    from cs20_helpers.neural_gpu import checkpoint as ckpt

    target = data_dir / name
    ckpt.save(trainer, target, provenance, optimizer=False)
    files = {f"{name.as_posix()}{suffix}": target.with_suffix(suffix).read_bytes()
             for suffix in (".npz", ".json")}
    readme = data_dir / "README.md"
    write_text_atomic(readme, readme_rows(readme.read_text(encoding="utf-8"), files))
    return files


def finetuned(meta: dict) -> str:
    """', the last N of them fine-tuned on T thread(s) at learning rate LR ...' for a fine-tune."""
    origin = meta.get("finetuned_from")
    if not origin:
        return ""
    return (f", the last {meta['steps'] - origin['steps']:,} of them fine-tuned on "
            f"{meta['threads']} thread(s) at learning rate {meta['hparams']['lr']:g} "
            f"(`{meta['command']}`) from step {origin['steps']:,} of `{origin['command']}`")


def markdown(provenance: dict, seconds: bool = False) -> str:
    """The shipped checkpoint's table: test figures per length (with ``seconds``, the seconds
    per sum too)."""
    rows = ["| length (bits) | test sums | fully correct | fraction |" + (" s per sum |"
                                                                        if seconds else ""),
            "| ---: | ---: | ---: | ---: |" + (" ---: |" if seconds else "")]
    for length, f in sorted(provenance["test"].items(), key=lambda kv: int(kv[0])):
        rows.append(f"| {int(length):,} | {f['count']} | {f['correct']} | {f['fraction']:.1%} |"
                    + (f" {f['seconds_per_sum']:.3g} |" if seconds else ""))
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__, "the package data, RESULTS.md, benchmark_results.json "
                                      "and results/12_neural_gpu.json (grade only)")
    parser.add_argument("--run", type=Path, default=Path("runs/neural_gpu_long"))
    parser.add_argument("--lengths", default="20,40,100,200", help="test lengths (bits)")
    parser.add_argument("--count", type=int, default=256, help="test sums per length")
    parser.add_argument("--long-length", type=int, default=1000)
    parser.add_argument("--long-count", type=int, default=32)
    args = parser.parse_args(argv)
    best = args.run / "best"
    if not best.with_suffix(".json").exists():
        print(f"error: no checkpoint at {best}.json (has the training passed its curriculum?)",
              file=sys.stderr)
        return 2
    try:
        args.lengths = [int(n) for n in args.lengths.split(",")]
    except ValueError:
        parser.error(f"--lengths must be integers separated by commas, not {args.lengths}")
    return run_benchmark(args, measure, "neural_gpu_shipped", HEADING)


def measure(bench: Bench) -> Section:
    """Grade the best checkpoint on test sums; unless ``--no-write``, ship it and record its
    metrics for notebook 12; return its figures and section."""
    args = bench.args
    from cs20_helpers import neural_gpu as ng
    from cs20_helpers import results
    from cs20_helpers.neural_gpu import checkpoint as ckpt
    from cs20_helpers.notebook import THREADS
    from cs20_helpers.paths import bundled_data_dir

    trainer, meta = ckpt.restore(args.run / "best")
    start = time.perf_counter()
    test = grade(trainer, args.lengths, args.count, args.long_length, args.long_count,
                 ng.TEST_SEED)
    goal_length = "200" if "200" in test else str(max(args.lengths))
    provenance = {
        **{k: meta[k] for k in ("seed", "steps", "wall_seconds", "cpu", "threads", "command",
                                "validation_seed", "validation", "validation_count")},
        "trained_on": f"sums of at most {trainer.hp.max_length} bits, sequential layout",
        "test_seed": ng.TEST_SEED, "test": test,
        "goal": {"length": int(goal_length), "fraction": GOAL,
                 "met": test[goal_length]["fraction"] >= GOAL},
        "grading": {"command": shlex.join(["python", *sys.argv]),
                    "seconds": round(time.perf_counter() - start, 1),
                    "threads": THREADS, "cpu_busy_before": bench.busy_before},
    }
    if "finetuned_from" in meta:
        provenance["finetuned_from"] = meta["finetuned_from"]
    print(markdown({"test": test}))
    try:
        if not args.no_write:
            ship_files(trainer, ckpt.SHIPPED, provenance, bundled_data_dir())
    finally:
        trainer.close()
    if not args.no_write:
        metrics = {}
        try:
            metrics = results.load("12_neural_gpu")
        except FileNotFoundError:
            pass
        metrics.update({f"shipped_fully_correct_{k}": v["fraction"] for k, v in test.items()},
                       shipped_steps=meta["steps"])
        results.record("12_neural_gpu", **metrics)
    long = test[str(args.long_length)]
    met = "met" if provenance["goal"]["met"] else "NOT met"
    return Section(
        {**provenance, "machine": bench.machine, "loaded": bench.loaded},
        f"`{provenance['grading']['command']}` grades the best checkpoint of "
        f"`scripts/neural_gpu_train.py` ({provenance['trained_on']}, seed "
        f"{meta['seed']}, {meta['steps']:,} steps in {meta['wall_seconds'] / 60:.0f} min "
        f"of wall time on a shared machine{finetuned(meta)}; chosen on "
        "validation sums of "
        f"seed {meta['validation_seed']}) on test sums of seed {ng.TEST_SEED}, and ships "
        f"it as `cs20_helpers/data/{ckpt.SHIPPED.as_posix()}.npz`. Goal: at least "
        f"{GOAL:.0%} of {test[goal_length]['count']} {goal_length}-bit sums fully correct: "
        f"**{met}**; at {args.long_length:,} bits, {long['correct']} of {long['count']}.",
        markdown(provenance),
        under_load="the grading time is indicative only; the fractions do not depend on it.")


if __name__ == "__main__":
    sys.exit(main())
