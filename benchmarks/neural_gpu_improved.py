"""Ablate the improved Neural GPU's diagonal gate and saturation cost at the Neural GPU budget.

The improved Neural GPU (``cs20_helpers.neural_gpu.improved``, Freivalds and Liepins, 2017)
trained on sums of at most ``--train-length`` bits (every length in every step, no
curriculum) with its two main changes on and each switched off, over ``--seeds`` seeds, every
seed reported, beside lecture 12's recipe (``benchmarks/neural_gpu.py``'s "Neural GPU,
recipe", run again here under the same conditions) as the reference:

- improved: all changes (diagonal gate, saturation cost);
- improved: no diagonal gate (the update gate keeps the unshifted state, as the CGRU does);
- improved: no saturation cost (measured, not in the loss; the hard nonlinearities stay);
- improved: neither.

Every run gets the training wall time a run of ``benchmarks/neural_gpu.py`` gets at its
defaults (``--seconds``, 85 s) and records the steps that bought; it is then graded as that
benchmark grades, on test sums (``TEST_SEED``; nothing is chosen or stopped on them) at 1, 2,
5 and 10 times the training length. The improved model reweighs its saturation cost (and
checks its learning rate) every ``--check-every`` steps, as its training script does. The load
before the run is recorded and flagged.

    python benchmarks/neural_gpu_improved.py              # 15 runs of 85 s; updates RESULTS.md
    python benchmarks/neural_gpu_improved.py --quick --no-write

Writes the ``## Neural GPU: the improved model, ablated`` section of benchmarks/RESULTS.md and the
``neural_gpu_improved_ablation`` key of cs20_helpers/data/benchmark_results.json (the ``neural_gpu``
figures are left as they are): ``runs[name]`` holds ``model`` (``neural_gpu`` or ``improved``),
``change`` (the hyperparameters that differ from that model's settings here) and ``seeds``, a list
of ``{seed, steps, level, train_seconds, fully_correct: {length: fraction}}``, the improved runs
with ``final``, their last ``train`` call's averages (loss, saturation cost, saturation weight,
learning rate).
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark


def _original() -> ModuleType:
    """``benchmarks/neural_gpu.py``, whose recipe, budget, grading and table this one reuses."""
    spec = importlib.util.spec_from_file_location(
        "benchmark_neural_gpu", Path(__file__).resolve().with_name("neural_gpu.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


original = _original()

HEADING = "Neural GPU: the improved model, ablated"
KEY = "neural_gpu_improved_ablation"
#: The reference: the recipe of ``benchmarks/neural_gpu.py`` (no change to its settings).
REFERENCE = "Neural GPU, recipe"
#: Each improved run changes ``improved.DEFAULTS`` by these hyperparameters.
VARIANTS = {
    "improved: all changes": {},
    "improved: no diagonal gate": {"diagonal": False},
    "improved: no saturation cost": {"saturation": False},
    "improved: neither": {"diagonal": False, "saturation": False},
}
#: The training wall time of every run: what ``benchmarks/neural_gpu.py`` gives each of its
#: runs at its defaults.
SECONDS = original.seconds_per_run(original.BUDGET, original.TRAIN_SHARE,
                                   len(original.VARIANTS), original.SEEDS)
#: Steps between the saturation cost's reweighings: the paper's, and the training script's.
CHECK_EVERY = 200


def run_improved(ngi: ModuleType, hp, seconds: float, lengths: list[int], count: int,
                 test_seed: int, check_every: int) -> dict:
    """Train the improved model ``hp`` for ``seconds`` of wall time, ``check_every`` steps
    between reweighings, then grade it on test examples at ``lengths`` as the recipe is."""
    trainer = ngi.Trainer(hp)

    def train() -> dict[str, float]:
        """Rounds of ``check_every`` steps until the time is up; the last round's averages."""
        start, averages = time.perf_counter(), {}
        while (left := seconds - (time.perf_counter() - start)) > 0:
            averages = trainer.train(check_every, left)
        return averages

    return original.timed_run(trainer, train, lengths, count, test_seed)


def main(argv: list[str] | None = None) -> int:
    """Run the reference and the improved variants, print the table, write the figures."""
    parser = argument_parser(__doc__)
    parser.add_argument("--train-length", type=int, default=original.TRAIN_LENGTH,
                        help="longest training sum")
    parser.add_argument("--seeds", type=int, default=original.SEEDS, help="seeds per run")
    parser.add_argument("--test-count", type=int, default=original.TEST_COUNT,
                        help="test examples per length")
    parser.add_argument("--seconds", type=float, default=SECONDS,
                        help="training wall time of each run")
    parser.add_argument("--check-every", type=int, default=CHECK_EVERY,
                        help="improved model: steps between saturation reweighings")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.train_length, args.seeds, args.test_count = 2, 1, 4
        args.seconds, args.check_every = 2.0, 5
    return run_benchmark(args, measure, KEY, HEADING)


def measure(bench: Bench) -> Section:
    """Train and grade the reference and every improved variant on every seed; return what
    to store."""
    args = bench.args
    from cs20_helpers import neural_gpu as ng
    from cs20_helpers.neural_gpu import improved as ngi

    begin = time.perf_counter()
    base = ng.DEFAULTS._replace(max_length=args.train_length)
    improved = ngi.DEFAULTS._replace(max_length=args.train_length)
    if args.quick:
        base = base._replace(filters=4, batch=8)
        improved = improved._replace(filters=6, batch=2)
    lengths = original.lengths_for(args.train_length)
    runs = {REFERENCE: {"model": "neural_gpu", "change": original.VARIANTS[REFERENCE],
                        "seeds": []}}
    runs.update({name: {"model": "improved", "change": change, "seeds": []}
                 for name, change in VARIANTS.items()})
    print(f"{len(runs)} runs x {args.seeds} seeds, {args.seconds:.0f} s of training each; "
          f"recipe {dict(base._asdict())}; improved {dict(improved._asdict())}", flush=True)
    for seed in range(args.seeds):
        for name, row in runs.items():
            if row["model"] == "neural_gpu":
                result = original.run_one(ng, base._replace(seed=seed, **row["change"]),
                                          args.seconds, lengths, args.test_count)
            else:
                result = run_improved(ngi, improved._replace(seed=seed, **row["change"]),
                                      args.seconds, lengths, args.test_count, ng.TEST_SEED,
                                      args.check_every)
            row["seeds"].append(result)
            print(f"  {name}, seed {seed}: {result}", flush=True)
    total = time.perf_counter() - begin
    figures = {"task": base.task, "layout": base.layout, "train_length": args.train_length,
               "lengths": lengths, "test_seed": ng.TEST_SEED, "test_count": args.test_count,
               "train_seconds_per_run": args.seconds, "check_every": args.check_every,
               "total_seconds": round(total, 1),
               "hparams": {"neural_gpu": dict(base._asdict()),
                           "improved": dict(improved._asdict())},
               "runs": runs}
    table = original.markdown_table(figures)
    print(table)
    print(f"({total:.0f} s in all)")
    return Section(
        {**figures, "machine": bench.machine, "loaded": bench.loaded},
        "`python benchmarks/neural_gpu_improved.py`: the improved Neural GPU (Freivalds "
        "and Liepins, 2017; `cs20_helpers.neural_gpu.improved`) with its diagonal gate and "
        "its saturation cost each switched off, beside lecture 12's recipe as the "
        "reference (the \"Neural GPU\" section's, run again here). Binary addition in the "
        f"sequential layout; every run trains on sums of at most {args.train_length} bits "
        f"for {args.seconds:.0f} s of wall time (what each run of that section gets) and "
        f"is graded on {args.test_count} test sums per length (generator seed "
        f"{ng.TEST_SEED}; nothing is chosen or stopped on them). The improved model: "
        f"{improved.filters} filters, every length from 2 bits in each step ({improved.batch}"
        f" sums each, so no curriculum level: `–`), dropout {improved.dropout} on the "
        f"candidate, AdaMax at learning rate {improved.lr}, the saturation cost reweighed "
        f"every {args.check_every} steps; \"no saturation cost\" still uses the hard "
        "nonlinearities. The recipe: as in that section, with the curriculum. Fully "
        f"correct = every output position right. {total:.0f} s in all. Figures also in "
        f"`cs20_helpers/data/benchmark_results.json` under `{KEY}`.",
        table, under_load=original.UNDER_LOAD)


if __name__ == "__main__":
    sys.exit(main())
