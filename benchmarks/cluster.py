"""Benchmark between-graph replication on localhost: examples per second against workers.

Runs ``cs20_helpers/cluster/workers/tf1_worker.py`` (the linear regression of notebook 10, batches
of ``--batch`` rows) as one parameter server and 1, 2 or 4 worker processes on 127.0.0.1, with
asynchronous and with synchronous (``SyncReplicasOptimizer``) updates, each worker doing about
``--steps`` steps. Examples per second count every batch a worker computed, over the slowest
worker's training time (process start-up not included). The same model's step in one plain local
session gives the time a step takes without a cluster; a worker's time per step minus that is the
time spent on communication with the ps (and, when synchronous, on waiting for the other workers).
Each setting runs ``--repeats`` times and keeps its fastest run.

    python benchmarks/cluster.py                  # prints the table, updates RESULTS.md
    python benchmarks/cluster.py --workers 1 2 --steps 100 --no-write

Writes the ``## Cluster (localhost)`` section of benchmarks/RESULTS.md and the ``cluster`` key
of cs20_helpers/data/benchmark_results.json, and nothing else of them.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark
from cs20_helpers.cluster import Cluster, local_cluster, worker_scripts, worker_summary

HEADING = "Cluster (localhost)"
TIMEOUT_S = 300


def worker_script() -> Path:
    """Return the worker script notebook 10 shows."""
    return worker_scripts() / "tf1_worker.py"


def local_step_seconds(tf, batch: int, steps: int) -> float:
    """Return seconds per training step of the worker's model in one local session."""
    tf1 = tf.compat.v1
    rng = np.random.default_rng(0)
    features = rng.normal(size=(4096, 10)).astype(np.float32)
    labels = features @ np.linspace(-1, 1, 10, dtype=np.float32) + 1
    with tf.Graph().as_default() as graph:
        x = tf1.placeholder(tf.float32, [None, 10])
        y = tf1.placeholder(tf.float32, [None])
        w = tf1.get_variable("w", [10], initializer=tf1.zeros_initializer())
        b = tf1.get_variable("b", [], initializer=tf1.zeros_initializer())
        loss = tf.reduce_mean(tf.square(tf.linalg.matvec(x, w) + b - y))
        step = tf1.train.GradientDescentOptimizer(0.1).minimize(
            loss, global_step=tf1.train.get_or_create_global_step())
        init = tf1.global_variables_initializer()
    config = tf1.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
    with tf1.Session(graph=graph, config=config) as sess:
        sess.run(init)
        batches = [rng.integers(0, 4096, batch) for _ in range(steps)]
        for rows in batches[:20]:
            sess.run(step, {x: features[rows], y: labels[rows]})
        start = time.perf_counter()
        for rows in batches:
            sess.run(step, {x: features[rows], y: labels[rows]})
        return (time.perf_counter() - start) / steps


def run_cluster(workers: int, mode: str, steps: int, batch: int, folder: Path) -> dict:
    """Train once with ``workers`` workers; return examples/s and seconds per worker step."""
    last_step = steps if mode == "sync" else steps * workers
    hosts = local_cluster({"ps": 1, "worker": workers})
    args = ["--mode", mode, "--last-step", last_step, "--batch", batch,
            "--save-steps", 10**9, "--checkpoint-dir", folder / "checkpoints"]
    with Cluster(folder, timeout=TIMEOUT_S) as cluster:
        tasks = cluster.start_tasks(worker_script(), hosts, args)
        runs = [worker_summary(p.wait_ok(TIMEOUT_S)) for name, p in tasks.items()
                if name != "ps0"]
    seconds = max(run["seconds"] for run in runs)
    done = sum(run["steps"] for run in runs)
    per_step = float(np.mean([run["seconds"] / run["steps"] for run in runs]))
    return {"examples_per_s": done * batch / seconds, "worker_s_per_step": per_step,
            "worker_steps": [run["steps"] for run in runs]}


def markdown_table(results: list[dict], local_s: float, batch: int) -> str:
    """Return the runs as a Markdown table, with the speed-up over one async worker."""
    base = next((r["examples_per_s"] for r in results
                 if r["workers"] == 1 and r["mode"] == "async"), None)
    lines = ["| workers | updates | examples/s | vs 1 worker | ms per worker step | "
             "of which communication |",
             "| ---: | --- | ---: | ---: | ---: | ---: |"]
    for r in results:
        ratio = f"{r['examples_per_s'] / base:.2f}x" if base else "-"
        lines.append(f"| {r['workers']} | {r['mode']} | {r['examples_per_s']:,.0f} | {ratio} | "
                     f"{r['worker_s_per_step'] * 1e3:.2f} | "
                     f"{r['communication_s_per_step'] * 1e3:.2f} |")
    lines.append(f"| 1 (no cluster) | local session | {batch / local_s:,.0f} | - | "
                 f"{local_s * 1e3:.2f} | 0 |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--modes", nargs="+", choices=["async", "sync"],
                        default=["async", "sync"])
    parser.add_argument("--steps", type=int, default=400, help="steps per worker and run")
    parser.add_argument("--batch", type=int, default=32, help="rows per worker step")
    parser.add_argument("--repeats", type=int, default=2, help="runs per setting; best is kept")
    return run_benchmark(parser.parse_args(argv), measure, "cluster", HEADING)


def measure(bench: Bench) -> Section:
    """Time the local step and every setting of workers and mode; return what to store."""
    tf, args = bench.tf, bench.args
    start = time.perf_counter()
    local_s = min(local_step_seconds(tf, args.batch, args.steps) for _ in range(args.repeats))
    results = []
    with tempfile.TemporaryDirectory(prefix="cs20-cluster-") as tmp:
        for workers in args.workers:
            for mode in args.modes:
                runs = [run_cluster(workers, mode, args.steps, args.batch,
                                    Path(tmp) / f"{workers}-{mode}-{i}")
                        for i in range(args.repeats)]
                best = max(runs, key=lambda r: r["examples_per_s"])
                best.update(workers=workers, mode=mode,
                            communication_s_per_step=best["worker_s_per_step"] - local_s)
                results.append(best)
                print(f"{workers} worker(s), {mode}: {best['examples_per_s']:,.0f} examples/s",
                      flush=True)
    table = markdown_table(results, local_s, args.batch)
    print(table)
    print(f"({time.perf_counter() - start:.0f} s in all)")
    settings = {"steps_per_worker": args.steps, "batch": args.batch, "repeats": args.repeats}
    return Section(
        {"settings": settings, "local_s_per_step": local_s, "runs": results,
         "machine": bench.machine},
        "`python benchmarks/cluster.py`: the worker script of notebook 10 "
        "(`cs20_helpers/cluster/workers/tf1_worker.py`, a 10-feature linear regression, "
        f"batches of {args.batch} rows, plain SGD) as one parameter server and 1, 2 or 4 "
        "worker processes on 127.0.0.1, with asynchronous and synchronous "
        f"(`SyncReplicasOptimizer`) updates; about {args.steps} steps per worker, best of "
        f"{args.repeats} runs. "
        "Examples per second count every batch the workers computed over the slowest "
        "worker's training time (start-up excluded). Communication is a worker's time per "
        "step minus the same step in one local session (last row): reading the weights from "
        "the ps and sending the gradients there over gRPC, and, when synchronous, waiting "
        "for the other workers.",
        table,
        "The model is tiny on purpose: a step computes almost nothing, so the table shows "
        "the cost of the distributed runtime itself. Every process shares the same cores "
        "here; on separate machines the workers add compute, and the communication cost "
        "is paid over a network instead of the loopback interface.",
    )


if __name__ == "__main__":
    sys.exit(main())
