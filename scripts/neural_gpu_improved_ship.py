"""Choose the improved Neural GPU on validation, grade it once on the test seed and ship it.

Takes ``RUN/best`` and ``RUN/latest`` (written by ``neural_gpu_improved_train.py``) and keeps
the one with more fully-correct *validation* sums (``VALIDATION_SEED``) at
``--choose-long-length`` bits, then at ``--choose-length`` bits (ties: ``best``). Only then is
the chosen model graded, once, on the test seed (``TEST_SEED``, never seen in training or in
the choice):

- fully-correct counts of random sums at ``--lengths`` (``--count`` at ``--goal-length``,
  ``--short-count`` below it, ``--mid-count`` above it) and ``--long-count`` at
  ``--long-length``, with the seconds per sum at each length;
- the carry family (2^(n-1) - 1) + 1 for every n from 2 to ``--carry-all`` and every multiple
  of ``--carry-step`` up to ``--carry-max``, each failing n recorded;
- ``--planted-count`` sums of ``--planted-bits`` bits with one planted carry run of
  ``--planted-runs`` positions (``neural_gpu.tasks.planted_carry_batch``, test seed).

Random sums of at least ``--xla-from`` bits (default 1,000; 0: none) run XLA-compiled
(``improved.Trainer.xla_predict``, the same model code): on one thread of the busy 2-core
machine a 2,000-bit sum took 7.0 s instead of 10.0 s. The carry family, one sum per length,
stays on the session: each new length would compile anew.

Then it writes (each file whole or not at all; ``--no-write`` grades only):

- the package data ``neural_gpu/add_improved.npz`` (model weights only) and ``.json``
  (provenance: seed, steps, wall and CPU seconds, threads, the load averages the training log
  saw, command, the validation choice, every test figure, the grading's seconds and load, the
  goal per item) in ``--data-dir``, and their rows in its ``README.md``;
- the ``neural_gpu_improved`` key of ``--results-json`` and the
  ``## Neural GPU: the improved model`` section of ``--results-md``.

    CS20_THREADS=2 python scripts/neural_gpu_improved_ship.py --run runs/dngpu_s0
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from neural_gpu_ship import grade_counts, markdown, ship_files

from cs20_helpers.benchmarking import Bench, Section, argument_parser, run_benchmark

HEADING = "Neural GPU: the improved model"
KEY = "neural_gpu_improved"
#: The goal: fractions of fully-correct test sums (random at the goal and long lengths, with a
#: planted carry run) and every n of the carry family.
GOAL_RANDOM, GOAL_LONG, GOAL_PLANTED = 0.99, 0.95, 0.99


def integers(text: str, flag: str, parser: argparse.ArgumentParser) -> list[int]:
    """``text`` ("20,40") as integers, or the parser's one-line error naming ``flag``."""
    try:
        return [int(n) for n in text.split(",")]
    except ValueError:
        parser.error(f"{flag} must be integers separated by commas, not {text}")


def choose(candidates: dict[str, object], lengths: list[tuple[int, int]], seed: int
           ) -> tuple[str, dict[str, dict]]:
    """Grade every candidate trainer on ``seed``'s sums at each (length, count), the longest
    first; return the name of the best (the longest length decides, then the next; ties go to
    the first candidate) and every candidate's figures."""
    order = sorted(lengths, reverse=True)
    figures = {name: grade_counts(trainer, order, seed) for name, trainer in candidates.items()}

    def score(name: str) -> tuple[float, ...]:
        return tuple(figures[name][str(length)]["fraction"] for length, _ in order)

    return max(candidates, key=score), figures  # max keeps the first of equals


def timed(correct: Callable[[], np.ndarray]) -> tuple[np.ndarray, float]:
    """Run ``correct()`` (per-sum correctness); return it and its seconds."""
    start = time.perf_counter()
    right = correct()
    return right, time.perf_counter() - start


def carry_family(trainer, ns: list[int]) -> dict:
    """Grade the sum (2^(n-1) - 1) + 1 for every n of ``ns``: the n tested, the failing ones,
    the seconds and the seconds per sum at the largest n."""
    from cs20_helpers.neural_gpu import tasks

    failing, seconds, last = [], 0.0, 0.0
    xla, trainer.xla_from = trainer.xla_from, None  # one sum per length: no compiling each
    try:
        for n in ns:
            right, last = timed(lambda n=n: trainer.correct(*tasks.carry_family(n)))
            seconds += last
            if not right[0]:
                failing.append(n)
    finally:
        trainer.xla_from = xla
    print(f"carry family: {len(ns) - len(failing)} of {len(ns)} correct"
          + (f", failing n = {failing}" if failing else ""), flush=True)
    return {"tested": ns, "count": len(ns), "correct": len(ns) - len(failing), "failing": failing,
            "seconds": round(seconds, 1),
            "seconds_per_sum_at_largest": {str(ns[-1]): round(last, 4)}}


def planted(trainer, count: int, bits: int, runs: tuple[int, int], seed: int) -> dict:
    """Grade ``count`` sums of ``bits`` bits with one planted carry run of ``runs`` positions
    drawn from ``seed``: fully correct count and fraction, the run lengths failed, seconds."""
    from cs20_helpers.neural_gpu import tasks

    x, y, k = tasks.planted_carry_batch(count, bits, runs, np.random.default_rng([seed, bits,
                                                                                  *runs]))
    right, seconds = timed(lambda: np.concatenate([trainer.correct(x[i:i + 64], y[i:i + 64])
                                                   for i in range(0, count, 64)]))
    print(f"planted carry runs of {runs[0]} to {runs[1]} in {bits} bits: {int(right.sum())} of "
          f"{count} fully correct", flush=True)
    return {"bits": bits, "runs": list(runs), "count": count, "correct": int(right.sum()),
            "fraction": float(right.mean()), "failed_runs": sorted(int(v) for v in k[~right]),
            "seconds": round(seconds, 1), "seconds_per_sum": round(seconds / count, 4)}


def training_record(run: Path, meta: dict, best_meta: dict) -> dict:
    """What the training of the chosen checkpoint (provenance ``meta``) spent: seed, steps,
    wall and CPU seconds, threads, command, and the min/median/max of the load averages and
    steps per second in ``run/log.jsonl`` up to its step."""
    log = [json.loads(line) for line in (run / "log.jsonl").read_text(encoding="utf-8")
           .splitlines() if line.strip()] if (run / "log.jsonl").exists() else []
    seen = [e for e in log if e["step"] <= meta["steps"]]

    def spread(values: list[float]) -> dict[str, float] | None:
        return {"min": min(values), "median": statistics.median(values),
                "max": max(values)} if values else None

    return {"seed": meta["hparams"]["seed"], "steps": meta["steps"],
            "wall_seconds": meta["wall_seconds"], "cpu_seconds": meta["cpu_seconds"],
            "threads": sorted({e["threads"] for e in seen}) or [best_meta.get("threads")],
            "cpu": best_meta.get("cpu"), "command": meta["command"],
            "log_lines": len(seen),
            "loadavg_1min": spread([e["loadavg"][0] for e in seen]),
            "loadavg_5min": spread([e["loadavg"][1] for e in seen]),
            "loadavg_15min": spread([e["loadavg"][2] for e in seen]),
            "steps_per_second": spread([e["steps_per_second"] for e in seen])}


def trained_on(hp: object) -> str:
    """What a model of settings ``hp`` (``improved.HParams``) trained on, in words."""
    words = f"every length from 2 to {hp.max_length} bits in every step, sequential layout"
    if hp.structured:
        words += (f", and {hp.structured} sums of structured families a step (9 to "
                  f"{max(9, hp.max_length)} bits"
                  + (f"; from {hp.long_bits // 2} to {hp.long_bits} bits every "
                     f"{hp.long_every}th step" if hp.long_every else "") + ")")
    return words


def goals(test: dict, goal_length: int, long_length: int, carry: dict, plant: dict) -> dict:
    """The goal, item by item: what was asked, what was measured, met or not."""
    def item(asked: str, figures: dict, target: float) -> dict:
        return {"asked": asked, "correct": figures["correct"], "count": figures["count"],
                "fraction": figures["fraction"], "met": figures["fraction"] >= target}

    random = test[str(goal_length)]
    return {
        "random": item(f">= {GOAL_RANDOM:.0%} of {random['count']:,} {goal_length}-bit test "
                       "sums", random, GOAL_RANDOM),
        "long": item(f">= {GOAL_LONG:.0%} of {test[str(long_length)]['count']:,} "
                     f"{long_length:,}-bit test sums", test[str(long_length)], GOAL_LONG),
        "carry_family": {"asked": f"every n of the carry family ({carry['count']} n)",
                         "correct": carry["correct"], "count": carry["count"],
                         "failing": carry["failing"], "met": not carry["failing"]},
        "planted": item(f">= {GOAL_PLANTED:.0%} of {plant['count']} {plant['bits']}-bit sums "
                        f"with a planted carry run of {plant['runs'][0]} to "
                        f"{plant['runs'][1]} positions", plant, GOAL_PLANTED),
    }


def summary(provenance: dict) -> str:
    """The Markdown tables of a grading: the choice, the test sums, the carry sums, the goal."""
    choice = provenance["choice"]
    rows = ["| candidate | steps | " + " | ".join(
                f"validation {k} bits" for k in choice["figures"][choice["chosen"]]) + " |",
            "| --- | ---: |" + " ---: |" * len(choice["figures"][choice["chosen"]])]
    for name, figures in choice["figures"].items():
        mark = " (chosen)" if name == choice["chosen"] else ""
        rows.append(f"| `{name}`{mark} | {choice['steps'][name]:,} | " + " | ".join(
            f"{f['correct']}/{f['count']}" for f in figures.values()) + " |")
    carry, plant = provenance["carry_family"], provenance["planted_carry"]
    failing = (f" (failing n: {', '.join(map(str, carry['failing'][:20]))}"
               + (f" and {len(carry['failing']) - 20} more" if len(carry["failing"]) > 20
                  else "") + ")") if carry["failing"] else ""
    goal_rows = ["| goal | measured | met |", "| --- | ---: | --- |"]
    for g in provenance["goal"].values():
        goal_rows.append(f"| {g['asked']} | {g['correct']}/{g['count']} | "
                         + ("yes" if g["met"] else "**no**") + " |")
    return "\n".join([
        "\n".join(rows), "", markdown(provenance, seconds=True), "",
        f"Carry family (2^(n-1) - 1) + 1: {carry['correct']} of {carry['count']} n correct"
        + failing + f"; planted carry runs of {plant['runs'][0]} to {plant['runs'][1]} "
        f"positions in {plant['bits']}-bit sums: {plant['correct']} of {plant['count']}.", "",
        "\n".join(goal_rows)])


def main(argv: list[str] | None = None) -> int:
    parser = argument_parser(__doc__, "the package data, RESULTS.md and "
                                      "benchmark_results.json (grade only)")
    parser.add_argument("--run", type=Path, default=Path("runs/dngpu_s0"))
    parser.add_argument("--choose-length", type=int, default=200)
    parser.add_argument("--choose-count", type=int, default=256)
    parser.add_argument("--choose-long-length", type=int, default=1000)
    parser.add_argument("--choose-long-count", type=int, default=16)
    parser.add_argument("--lengths", default="20,40,100,200,400,1000", help="test lengths")
    parser.add_argument("--goal-length", type=int, default=200)
    parser.add_argument("--count", type=int, default=1024, help="test sums at --goal-length")
    parser.add_argument("--short-count", type=int, default=256, help="below --goal-length")
    parser.add_argument("--mid-count", type=int, default=64, help="above --goal-length")
    parser.add_argument("--long-length", type=int, default=2000)
    parser.add_argument("--long-count", type=int, default=64)
    parser.add_argument("--carry-all", type=int, default=500, help="every n from 2 to this")
    parser.add_argument("--carry-step", type=int, default=50)
    parser.add_argument("--carry-max", type=int, default=2000, help="multiples of --carry-step")
    parser.add_argument("--planted-count", type=int, default=256)
    parser.add_argument("--planted-bits", type=int, default=200)
    parser.add_argument("--planted-runs", default="20,200", help="shortest,longest run")
    parser.add_argument("--xla-from", type=int, default=1000,
                        help="random sums of at least this many bits run XLA-compiled (0: none)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="package data folder (default: cs20_helpers/data)")
    args = parser.parse_args(argv)
    args.lengths = integers(args.lengths, "--lengths", parser)
    args.planted_runs = integers(args.planted_runs, "--planted-runs", parser)
    if (args.goal_length not in args.lengths or len(args.planted_runs) != 2
            or args.carry_all < 2):
        parser.error("--goal-length must be one of --lengths, --planted-runs two integers, "
                     "--carry-all at least 2")
    for name in ("best", "latest"):
        if not (args.run / name).with_suffix(".json").exists():
            print(f"error: no checkpoint at {args.run / name}.json (is {args.run} a run of "
                  "neural_gpu_improved_train.py?)", file=sys.stderr)
            return 2
    return run_benchmark(args, measure, KEY, HEADING)


def measure(bench: Bench) -> Section:
    """Choose on validation sums, then grade the chosen model once on test sums; unless
    ``--no-write``, ship it; return its figures and section."""
    args = bench.args
    from cs20_helpers import neural_gpu as ng
    from cs20_helpers.neural_gpu import checkpoint as ckpt
    from cs20_helpers.neural_gpu import improved as ngi
    from cs20_helpers.notebook import THREADS
    from cs20_helpers.paths import bundled_data_dir

    lengths, runs = args.lengths, args.planted_runs
    load_before = os.getloadavg()
    start = time.perf_counter()
    candidates, metas = {}, {}
    print(f"choosing on validation sums (seed {ng.VALIDATION_SEED}): best, then latest",
          flush=True)
    for name in ("best", "latest"):
        candidates[name], metas[name] = ngi.restore(args.run / name)
        candidates[name].xla_from = 2 * args.xla_from + 1 if args.xla_from else None
    chosen, figures = choose(candidates, [(args.choose_length, args.choose_count),
                                          (args.choose_long_length, args.choose_long_count)],
                             ng.VALIDATION_SEED)
    for name, trainer in candidates.items():
        if name != chosen:
            trainer.close()
    trainer, meta = candidates[chosen], metas[chosen]
    print(f"chose {chosen} (step {meta['steps']}) on validation sums", flush=True)
    choice = {"seed": ng.VALIDATION_SEED, "chosen": chosen, "figures": figures,
              "steps": {name: m["steps"] for name, m in metas.items()},
              "rule": f"most fully correct at {args.choose_long_length} bits, then at "
                      f"{args.choose_length} bits; ties to best"}

    # The choice is made: from here on, and only here, the test seed.
    print(f"grading {chosen} on test sums (seed {ng.TEST_SEED})", flush=True)
    counts = [(n, args.count if n == args.goal_length else
               args.short_count if n < args.goal_length else args.mid_count) for n in lengths]
    test = grade_counts(trainer, [*counts, (args.long_length, args.long_count)], ng.TEST_SEED)
    ns = sorted(set(range(2, args.carry_all + 1))
                | set(range(args.carry_step, args.carry_max + 1, args.carry_step)))
    carry = {"every_n_up_to": args.carry_all, "step": args.carry_step,
             "steps_up_to": args.carry_max, **carry_family(trainer, ns)}
    plant = planted(trainer, args.planted_count, args.planted_bits, (runs[0], runs[1]),
                    ng.TEST_SEED)
    load_after = os.getloadavg()
    provenance = {
        "architecture": ckpt.IMPROVED,
        **training_record(args.run, meta, metas["best"]),
        "trained_on": trained_on(trainer.hp),
        **({"finetuned_from": meta["finetuned_from"]} if "finetuned_from" in meta else {}),
        "validation_seed": ng.VALIDATION_SEED, "choice": choice,
        "test_seed": ng.TEST_SEED, "test": test, "carry_family": carry,
        "planted_carry": plant,
        "goal": goals(test, args.goal_length, args.long_length, carry, plant),
        "grading": {"command": shlex.join(["python", *sys.argv]),
                    "seconds": round(time.perf_counter() - start, 1), "threads": THREADS,
                    "xla_from_bits": args.xla_from or None, "cpu_busy_before": bench.busy_before,
                    "loadavg_before": list(load_before), "loadavg_after": list(load_after)},
    }
    provenance["goal_met"] = all(g["met"] for g in provenance["goal"].values())
    print(summary(provenance))
    try:
        if not args.no_write:
            ship_files(trainer, ckpt.SHIPPED_IMPROVED, provenance,
                       args.data_dir or bundled_data_dir())
    finally:
        trainer.close()
    train = provenance
    met = "met" if provenance["goal_met"] else "NOT met"
    return Section(
        {**provenance, "machine": bench.machine, "loaded": bench.loaded},
        f"`{provenance['grading']['command']}` chooses between the `best` and `latest` "
        f"checkpoints of `{train['command']}` (the improved Neural GPU of "
        "`cs20_helpers.neural_gpu.improved`, "
        f"{provenance['trained_on']}; seed {train['seed']}, {train['steps']:,} steps in "
        f"{train['wall_seconds'] / 60:.0f} min of wall time on a shared machine, load "
        f"average {train['loadavg_1min']['median'] if train['loadavg_1min'] else 'unknown'}"
        f" in the median) on validation sums of seed {ng.VALIDATION_SEED} only, grades the "
        f"chosen one once on test sums of seed {ng.TEST_SEED} and ships it as "
        f"`cs20_helpers/data/{ckpt.SHIPPED_IMPROVED.as_posix()}.npz`. Goal: **{met}**. "
        f"Load average {load_before[0]:.2f} before the grading, {load_after[0]:.2f} after.",
        summary(provenance),
        under_load="the seconds per sum are indicative only; the counts do not depend on them.")


if __name__ == "__main__":
    sys.exit(main())
