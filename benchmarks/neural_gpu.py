"""Benchmark the Neural GPU's length generalization on binary addition, beside a GRU.

The goal (issue 24, after Table 1 of Kaiser and Sutskever, 2016): a Neural GPU trained on binary
addition of at most ``--max-length`` (20) bits that is at least ``--goal`` (99%) fully correct at
``--eval-length`` (200) bits. Operands are stacked in the width dimension, least-significant
bit first (``cs20_helpers.neural_gpu``). Seeds are tried in turn: each trains with the
curriculum, and once it has reached the full length its 200-bit accuracy is measured every
``--check-every`` steps; training stops as soon as the goal is met. The GRU baseline then trains
the same way (same task, curriculum, optimizer, batch and number of steps) and is measured at
the same lengths. Last, the ablations: the tricks of the trade switched one at a time, at
``--ablation-length`` bits for ``--ablation-steps`` steps and several seeds each, measured at
10 times that length. The Neural GPU's seeds get ``--main-share`` of ``--budget`` seconds; a
new round of ablation seeds starts only while the budget has room for it.

    python benchmarks/neural_gpu.py            # prints the tables, updates RESULTS.md
    python benchmarks/neural_gpu.py --quick --no-write

Writes the ``## Neural GPU`` section of benchmarks/RESULTS.md and nothing else of it, and the
``neural_gpu`` key of benchmarks/results.json.
"""

from __future__ import annotations

import argparse
import sys
import time

from cs20_helpers.notebook import import_tensorflow

HEADING = "Neural GPU"
LOADED_NOTE = ("Measured under load (the CPU was over 25% busy before the run): the times are "
               "indicative only, and the budget bought fewer steps than a quiet machine gives. ")

#: The ablations: each switches one trick of the recipe (cutoff on, no dropout, no gradient
#: noise, curriculum on) the other way.
ABLATIONS = {
    "recipe": {},
    "no gate cutoff": {"cutoff": False},
    "dropout 0.1 on the state": {"dropout": 0.1},
    "gradient noise": {"grad_noise": 0.01},
    "no curriculum": {"curriculum": False},
}


def lengths_for(max_length: int, eval_length: int) -> list[int]:
    """The test lengths: 2x, 5x and 10x the training length, and the goal's length."""
    return sorted({2 * max_length, 5 * max_length, 10 * max_length, eval_length})


def train_to_goal(ng, hp, args, deadline: float) -> dict:
    """Train one seed of ``hp`` until it is ``args.goal`` correct at ``args.eval_length`` (checked
    once the curriculum reached the full length), ``args.max_steps`` or ``deadline``."""
    trainer, start, reached = ng.Trainer(hp), time.perf_counter(), None

    def stop(t) -> bool:
        nonlocal reached
        if time.perf_counter() > deadline:
            return True
        if t.level < hp.max_length or t.steps % args.check_every:
            return False
        reached = t.accuracy(args.eval_length, args.check_count)
        print(f"  seed {hp.seed} step {t.steps}: {reached:.1%} fully correct at "
              f"{args.eval_length} bits", flush=True)
        return reached >= args.goal

    trainer.train(args.max_steps, check_every=25, stop=stop)
    seconds = time.perf_counter() - start
    return {"trainer": trainer, "steps": trainer.steps, "train_seconds": seconds,
            "level": trainer.level}


def measure(trainer, lengths: list[int], count: int) -> dict[str, float]:
    """Fully-correct fractions at ``lengths`` on ``count`` fresh examples each."""
    return {str(n): trainer.accuracy(n, count) for n in lengths}


def ablations(ng, base, args, deadline: float) -> dict:
    """Train every ablation at the ablation length, seed after seed (a new round of seeds only
    while the budget has room for it); fraction fully correct at 10 times the length, and how
    many seeds generalized (at least ``args.goal``)."""
    test_length = 10 * args.ablation_length
    rows = {name: {"change": change, "fully_correct": []} for name, change in ABLATIONS.items()}
    for seed in range(args.ablation_seeds):
        round_start = time.perf_counter()
        for row in rows.values():
            hp = base._replace(max_length=args.ablation_length, seed=seed, **row["change"])
            trainer = ng.Trainer(hp)
            try:
                trainer.train(args.ablation_steps, check_every=25)
                row["fully_correct"].append(trainer.accuracy(test_length, args.check_count))
            finally:
                trainer.close()
        print(f"  seed {seed}: " + ", ".join(f"{name} {row['fully_correct'][-1]:.0%}"
                                             for name, row in rows.items()), flush=True)
        if time.perf_counter() + (time.perf_counter() - round_start) > deadline:
            break
    for row in rows.values():
        scores = row["fully_correct"]
        row.update(generalized=sum(s >= args.goal for s in scores), seeds=len(scores))
    return {"train_length": args.ablation_length, "test_length": test_length,
            "steps": args.ablation_steps, "rows": rows}


def markdown_tables(figures: dict) -> str:
    """The length-generalization table and the ablation table, in Markdown."""
    lengths = figures["lengths"]
    lines = ["| model | seed | steps | train time (s) | "
             + " | ".join(f"{n} bits" for n in lengths) + " |",
             "| --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in lengths) + " |"]
    for name in ("ngpu", "gru"):
        row = figures[name]
        lines.append(f"| {row['label']} | {row['seed']} | {row['steps']:,} | "
                     f"{row['train_seconds']:.0f} | "
                     + " | ".join(f"{row['fully_correct'][str(n)]:.1%}" for n in lengths) + " |")
    abl = figures["ablations"]
    lines += ["", f"Ablations: trained on at most {abl['train_length']} bits for {abl['steps']} "
              f"steps, fully correct at {abl['test_length']} bits, one entry per seed:", "",
              "| variant | fully correct, per seed | seeds generalized |",
              "| --- | --- | ---: |"]
    for name, row in abl["rows"].items():
        scores = ", ".join(f"{s:.0%}" for s in row["fully_correct"])
        lines.append(f"| {name} | {scores} | {row['generalized']} of {row['seeds']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max-length", type=int, default=20, help="longest training length")
    parser.add_argument("--eval-length", type=int, default=200, help="the goal's test length")
    parser.add_argument("--goal", type=float, default=0.99, help="fully-correct fraction wanted")
    parser.add_argument("--seeds", type=int, default=3, help="seeds to try for the goal")
    parser.add_argument("--max-steps", type=int, default=3000, help="steps per seed at most")
    parser.add_argument("--check-every", type=int, default=100)
    parser.add_argument("--check-count", type=int, default=128, help="examples per check")
    parser.add_argument("--test-count", type=int, default=256, help="examples per final test")
    parser.add_argument("--ablation-length", type=int, default=8)
    parser.add_argument("--ablation-steps", type=int, default=300)
    parser.add_argument("--ablation-seeds", type=int, default=3)
    parser.add_argument("--budget", type=float, default=840.0, help="seconds for the whole run")
    parser.add_argument("--main-share", type=float, default=0.65,
                        help="share of the budget for the Neural GPU's seeds")
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    parser.add_argument("--no-write", action="store_true",
                        help="do not update RESULTS.md and results.json")
    args = parser.parse_args(argv)
    if args.quick:
        args.max_length, args.eval_length, args.seeds, args.max_steps = 4, 8, 1, 50
        args.check_every, args.check_count, args.test_count = 25, 8, 8
        args.ablation_length, args.ablation_steps, args.ablation_seeds = 3, 25, 1

    tf = import_tensorflow()
    from cs20_helpers import neural_gpu as ng
    from cs20_helpers.benchmarking import (
        cpu_busy_share,
        machine_description,
        publish,
        under_load,
        write_results_json,
    )

    busy_before = cpu_busy_share()
    begin = time.perf_counter()
    deadline = begin + args.budget
    base = ng.DEFAULTS._replace(max_length=args.max_length)
    if args.quick:
        base = base._replace(filters=4, batch=8)
    lengths = lengths_for(args.max_length, args.eval_length)
    print(f"Neural GPU {dict(base._asdict())}; goal {args.goal:.0%} fully correct at "
          f"{args.eval_length} bits", flush=True)

    tried, best = [], None
    main_deadline = begin + args.main_share * args.budget  # the rest is for GRU and ablations
    for seed in range(args.seeds):
        if tried and time.perf_counter() > main_deadline:
            break
        run = train_to_goal(ng, base._replace(seed=seed), args, main_deadline)
        run["fully_correct"] = measure(run["trainer"], lengths, args.test_count)
        run["trainer"].close()
        del run["trainer"]
        tried.append({"seed": seed, **run})
        if best is None or run["fully_correct"][str(args.eval_length)] > \
                best["fully_correct"][str(args.eval_length)]:
            best = tried[-1]
        print(f"seed {seed}: {run['steps']} steps, {run['train_seconds']:.0f} s, "
              f"{run['fully_correct']}", flush=True)
        if run["fully_correct"][str(args.eval_length)] >= args.goal:
            break
    gru_hp = base._replace(model="gru", layers=1, seed=best["seed"])
    gru = ng.Trainer(gru_hp)
    gru_start = time.perf_counter()
    try:
        gru.train(best["steps"], check_every=25)
        gru_run = {"seed": best["seed"], "steps": gru.steps,
                   "train_seconds": time.perf_counter() - gru_start, "level": gru.level,
                   "fully_correct": measure(gru, lengths, args.test_count)}
    finally:
        gru.close()
    print(f"GRU: {gru_run}", flush=True)
    ablation = ablations(ng, base, args, deadline)
    total = time.perf_counter() - begin
    figures = {
        "task": "add", "max_length": args.max_length, "eval_length": args.eval_length,
        "goal": args.goal, "goal_met": best["fully_correct"][str(args.eval_length)] >= args.goal,
        "lengths": lengths, "hparams": dict(base._asdict()), "seeds_tried": tried,
        "ngpu": {"label": f"Neural GPU (2 CGRUs, {base.filters} filters, width {base.width})",
                 **best},
        "gru": {"label": f"GRU ({base.filters} units)", **gru_run},
        "ablations": ablation, "total_seconds": total}
    table = markdown_tables(figures)
    print(table)
    print(f"({total:.0f} s in all)")

    if not args.no_write:
        machine = machine_description(tf, busy_before)
        loaded = under_load(busy_before)
        figures.update(machine=machine, loaded=loaded)
        write_results_json("neural_gpu", figures)
        met = "met" if figures["goal_met"] else "NOT met"
        publish(
            HEADING,
            f"`python benchmarks/neural_gpu.py`: binary addition, operands stacked in the width "
            "dimension, least-significant bit first; Adam (learning rate "
            f"{base.lr}), gradients clipped to global norm {base.clip}, batches of {base.batch}, "
            f"a curriculum on length up to {args.max_length} bits (one bit more whenever 90% of "
            "a check at the current length is fully correct). Goal: at least "
            f"{args.goal:.0%} of {args.eval_length}-bit sums fully correct: **{met}** "
            f"(seeds tried: {', '.join(str(t['seed']) for t in tried)}; "
            f"{total:.0f} s in all). The GRU trains the same way for as many steps as the "
            f"Neural GPU took. Fully correct = every output bit right; {args.test_count} fresh "
            "examples per length. Figures also in `benchmarks/results.json` under `neural_gpu`.",
            machine, table,
            (LOADED_NOTE if loaded else "")
            + "With the operands stacked, position i holds both bits i, so addition is a local "
            "rule (the sum bit and a carry) that both models can learn: the GRU reads the bit "
            "pairs in order and carries one bit of state. Kaiser and Sutskever's LSTM baseline "
            "(0% at 100 bits) read the operands one after the other, a harder layout not run "
            "here.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
