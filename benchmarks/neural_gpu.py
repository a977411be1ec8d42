"""Benchmark the Neural GPU's recipe on the paper's layout: ablations, baselines, a second task.

Every run trains on sums (the sequential layout ``a + [sep] + b``, LSB first) of at most
``--train-length`` bits with the curriculum of ``cs20_helpers.neural_gpu``, for the same wall
time, and is then graded on test sums (``TEST_SEED``; nothing is chosen or stopped on them) at
1, 2, 5 and 10 times that length. The runs, each over ``--seeds`` seeds, every seed reported:

- the recipe (cutoff, dropout on the state, gradient noise, relaxed sharing), and the recipe
  with each of those four switched off in turn;
- the recurrent baseline that sees the whole input before it answers (a GRU encoder-decoder
  with attention), same curriculum, same time;
- the stacked layout (both operands in two rows: addition is local), with the Neural GPU and
  with a GRU that reads the columns in order;
- binary multiplication in the sequential layout, the recipe as is.

``--budget`` seconds are shared out: ``--train-share`` of them equally among the runs' training,
the rest for grading. The load before the run is recorded and flagged.

    python benchmarks/neural_gpu.py                 # about --budget s; updates RESULTS.md
    python benchmarks/neural_gpu.py --quick --no-write

Writes the ``## Neural GPU`` section of benchmarks/RESULTS.md and the ``neural_gpu`` key of
cs20_helpers/data/benchmark_results.json: ``runs[variant]`` holds ``change`` (the hyperparameters
that differ from the recipe) and ``seeds``, a list of ``{seed, steps, level, train_seconds,
fully_correct: {length: fraction}}``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark

HEADING = "Neural GPU"
#: What a load does to the figures (``Section.under_load``).
UNDER_LOAD = ("every run got the same wall time, so the steps it bought are fewer than a quiet "
              "machine gives.")

#: Each variant changes the recipe (``neural_gpu.DEFAULTS``) by these hyperparameters.
VARIANTS = {
    "Neural GPU, recipe": {},
    "no dropout": {"dropout": 0.0},
    "no gradient noise": {"grad_noise": 0.0},
    "no relaxed sharing": {"relax": 1},
    "no gate cutoff": {"cutoff": False},
    "GRU encoder-decoder + attention": {"model": "seq2seq", "layers": 1},
    "stacked layout, Neural GPU": {"layout": "stacked"},
    "stacked layout, streaming GRU": {"layout": "stacked", "model": "gru", "layers": 1},
    "multiplication, Neural GPU": {"task": "mul"},
}


#: The full run's defaults (``--train-length``, ``--seeds``, ``--test-count``, ``--budget``,
#: ``--train-share``); ``benchmarks/neural_gpu_improved.py`` matches its runs to them.
TRAIN_LENGTH, SEEDS, TEST_COUNT, BUDGET, TRAIN_SHARE = 6, 3, 128, 2700.0, 0.85


def lengths_for(train_length: int) -> list[int]:
    """The test lengths: 1, 2, 5 and 10 times the training length."""
    return [train_length * k for k in (1, 2, 5, 10)]


def seconds_per_run(budget: float, train_share: float, runs: int, seeds: int) -> float:
    """The training wall time of each run: ``train_share`` of ``budget`` shared equally."""
    return budget * train_share / (runs * seeds)


def timed_run(trainer, train: Callable[[], dict | None], lengths: list[int], count: int,
              test_seed: int) -> dict:
    """Call ``train()`` and time it, grade ``trainer`` on ``count`` test examples (generator
    ``test_seed``) at each of ``lengths``, close it; return what a run records (``level``:
    the curriculum's, None without one), with what ``train()`` returned, if anything, as
    ``final``."""
    try:
        start = time.perf_counter()
        final = train()
        train_seconds = time.perf_counter() - start
        graded = {str(n): trainer.accuracy(n, count, seed=test_seed) for n in lengths}
    finally:
        trainer.close()
    return {"seed": trainer.hp.seed, "steps": trainer.steps,
            "level": getattr(trainer, "level", None), "train_seconds": round(train_seconds, 1),
            "fully_correct": graded, **({"final": final} if final else {})}


def run_one(ng, hp, seconds: float, lengths: list[int], count: int) -> dict:
    """Train ``hp`` for ``seconds`` of wall time, then grade it on test examples at ``lengths``."""
    trainer = ng.Trainer(hp)

    def train() -> None:
        """The curriculum, checked every 25 steps, until the time is up."""
        trainer.train(10**9, check_every=25, seconds=seconds)

    return timed_run(trainer, train, lengths, count, ng.TEST_SEED)


def markdown_table(figures: dict) -> str:
    """One row per variant and seed: steps, curriculum level reached (``–`` for a model that
    has none), time, test figures."""
    lengths = figures["lengths"]
    lines = ["| run | seed | steps | level | train (s) | "
             + " | ".join(f"{n} bits" for n in lengths) + " |",
             "| --- | ---: | ---: | ---: | ---: | " + " | ".join("---:" for _ in lengths) + " |"]
    for name, row in figures["runs"].items():
        for run in row["seeds"]:
            level = "–" if run["level"] is None else run["level"]
            lines.append(f"| {name} | {run['seed']} | {run['steps']:,} | {level} | "
                         f"{run['train_seconds']:.0f} | " + " | ".join(
                             f"{run['fully_correct'][str(n)]:.0%}" for n in lengths) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__)
    parser.add_argument("--train-length", type=int, default=TRAIN_LENGTH,
                        help="longest training sum")
    parser.add_argument("--seeds", type=int, default=SEEDS, help="seeds per variant")
    parser.add_argument("--test-count", type=int, default=TEST_COUNT,
                        help="test examples per length")
    parser.add_argument("--budget", type=float, default=BUDGET, help="seconds for the whole run")
    parser.add_argument("--train-share", type=float, default=TRAIN_SHARE,
                        help="share of the budget for training (the rest grades)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.train_length, args.seeds, args.test_count, args.budget = 2, 1, 4, 18.0
    return run_benchmark(args, measure, "neural_gpu", HEADING)


def measure(bench: Bench) -> Section:
    """Train and grade every variant on every seed; return what to store."""
    args = bench.args
    from cs20_helpers import neural_gpu as ng

    begin = time.perf_counter()
    base = ng.DEFAULTS._replace(max_length=args.train_length)
    if args.quick:
        base = base._replace(filters=4, batch=8)
    lengths = lengths_for(args.train_length)
    seconds = seconds_per_run(args.budget, args.train_share, len(VARIANTS), args.seeds)
    print(f"{len(VARIANTS)} runs x {args.seeds} seeds, {seconds:.0f} s of training each; "
          f"recipe {dict(base._asdict())}", flush=True)
    runs = {name: {"change": change, "seeds": []} for name, change in VARIANTS.items()}
    for seed in range(args.seeds):
        for name, row in runs.items():
            result = run_one(ng, base._replace(seed=seed, **row["change"]), seconds, lengths,
                             args.test_count)
            row["seeds"].append(result)
            print(f"  {name}, seed {seed}: {result}", flush=True)
    total = time.perf_counter() - begin
    figures = {"task": base.task, "layout": base.layout, "train_length": args.train_length,
               "lengths": lengths, "test_seed": ng.TEST_SEED, "test_count": args.test_count,
               "train_seconds_per_run": seconds, "budget_seconds": args.budget,
               "total_seconds": round(total, 1), "hparams": dict(base._asdict()), "runs": runs}
    table = markdown_table(figures)
    print(table)
    print(f"({total:.0f} s in all, budget {args.budget:.0f} s)")
    return Section(
        {**figures, "machine": bench.machine, "loaded": bench.loaded},
        "`python benchmarks/neural_gpu.py`: binary addition in the paper's sequential "
        f"layout (`a + [sep] + b`, LSB first) unless a run says otherwise; every run trains "
        f"on at most {args.train_length} bits with the curriculum, Adam (learning rate "
        f"{base.lr}), gradients clipped to {base.clip}, batches of {base.batch}, for "
        f"{seconds:.0f} s of wall time, then is graded on {args.test_count} test examples "
        f"per length (generator seed {ng.TEST_SEED}; nothing is chosen or stopped on "
        f"them). The recipe: gate cutoff, dropout {base.dropout} on the state, gradient "
        f"noise (variance {base.grad_noise} at step 0, annealed), relaxed sharing over "
        f"{base.relax} copies. Fully correct = every output position right. "
        f"{total:.0f} s in all of a {args.budget:.0f} s budget. Figures also in "
        "`cs20_helpers/data/benchmark_results.json` under `neural_gpu`.",
        table, under_load=UNDER_LOAD)


if __name__ == "__main__":
    sys.exit(main())
