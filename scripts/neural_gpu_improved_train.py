"""Train the improved Neural GPU on sums of at most 20 bits, resumably, keeping the best.

Every step trains on ``--batch`` sums of every length from 2 to ``--max-length`` bits
(``cs20_helpers.neural_gpu.improved``: no curriculum). Every ``--check-every`` steps it reweighs
the saturation cost, measures the fully-correct fraction of ``--val-count`` validation sums
(``VALIDATION_SEED``, never the test seed) at each of ``--val-lengths``, keeps the best so far
(longest length first) as ``OUT/best`` (model weights only), writes ``OUT/latest`` (everything:
AdaMax's slots, the learning rate, the generator, the loss averages) and appends a line to
``OUT/log.jsonl``: step, loss, saturation, learning rate, validation, steps per second, wall and
CPU seconds, load average, threads. Each file is written whole or not at all. ``--resume`` carries
on from ``OUT/latest``; ``--minutes`` stops it (with a last check) once its budget is spent.

``--finetune CHECKPOINT --lr LR`` starts from another run's model weights (the shipped model's,
for instance) with its settings and a new learning rate, the saturation weight reweighed from
the model's own loss (``Trainer.settle``), counting steps, wall and CPU time on from the ones it
records. ``--structured N`` adds N sums of distinct structured families to
every step (``HParams.structured``; ``--long-bits`` and ``--long-every`` draw them longer every
so many steps) and ``--val-structured LENGTHS`` validates on every family at those lengths too
(``views.structured_grades``): the score is then the sum of all the fractions, before the
longest-first order.

    nice -n 10 python scripts/neural_gpu_improved_train.py --out runs/dngpu --threads 1 \\
        --minutes 120
    nice -n 10 python scripts/neural_gpu_improved_train.py --out runs/dngpu --threads 1 \\
        --minutes 60 --resume
    nice -n 10 python scripts/neural_gpu_improved_train.py --out runs/dngpu_structured \\
        --finetune cs20_helpers/data/neural_gpu/add_improved --lr 0.002 --structured 4 \\
        --long-bits 300 --long-every 8 --val-structured 300,1000 --val-lengths 200,1000 \\
        --val-count 16 --minutes 60
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path

import numpy as np
from neural_gpu_train import check_finetune, lengths, log_line
from neural_gpu_train import score as longest_first


def score(figures: dict[str, float], structured: dict[str, float] | None = None
          ) -> tuple[float, ...]:
    """Order validation figures: the longest length first, then the shorter ones; with
    ``structured`` figures, their sum and the random ones' first, then those in that order."""
    ordered = longest_first(figures)
    if not structured:
        return ordered
    return (sum(ordered) + sum(structured.values()), *longest_first(structured), *ordered)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("runs/neural_gpu_improved"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-length", type=int, default=20, help="longest training sum (bits)")
    parser.add_argument("--batch", type=int, default=None, help="sums per length and step")
    parser.add_argument("--filters", type=int, default=None, help="override (smoke tests)")
    parser.add_argument("--check-every", type=int, default=200, help="steps between checkpoints")
    parser.add_argument("--val-lengths", default="40,100", help="validation lengths (bits)")
    parser.add_argument("--val-count", type=int, default=64, help="validation sums per length")
    parser.add_argument("--max-steps", type=int, default=10**9)
    parser.add_argument("--minutes", type=float, default=None, help="wall-time budget")
    parser.add_argument("--threads", type=int, default=None, help="TensorFlow's threads "
                        "(default: CS20_THREADS)")
    parser.add_argument("--resume", action="store_true", help="carry on from OUT/latest")
    parser.add_argument("--finetune", type=Path, default=None,
                        help="start from this checkpoint's model weights (no suffix)")
    parser.add_argument("--lr", type=float, default=None, help="learning rate (with --finetune)")
    parser.add_argument("--structured", type=int, default=None,
                        help="structured sums per step (0 to 16)")
    parser.add_argument("--long-bits", type=int, default=None,
                        help="the longest structured training sum (bits)")
    parser.add_argument("--long-every", type=int, default=None,
                        help="steps between long structured sums")
    parser.add_argument("--val-structured", default="",
                        help="lengths (bits) to validate every structured family at")
    args = parser.parse_args(argv)
    val_lengths = lengths(parser, args.val_lengths, "--val-lengths")
    val_structured = lengths(parser, args.val_structured, "--val-structured")
    if not val_lengths or min(val_lengths) < 2 or args.check_every < 1 or args.max_length < 2:
        parser.error("--val-lengths and --max-length must be at least 2, --check-every 1")
    if val_structured and min(val_structured) < 9:
        parser.error("--val-structured lengths must be at least 9 bits")
    if not 0 <= (args.structured or 0) <= 16:
        parser.error("--structured must be from 0 to 16")
    check_finetune(parser, args)
    latest, best, log = args.out / "latest", args.out / "best", args.out / "log.jsonl"
    if args.resume != latest.with_suffix(".json").exists():
        print(f"error: {latest}.json " + ("is missing: nothing to resume" if args.resume else
                                          "exists: pass --resume to carry on from it"),
              file=sys.stderr)
        return 2
    if args.threads is not None:
        os.environ["CS20_THREADS"] = str(args.threads)  # read when cs20_helpers is imported

    from cs20_helpers.notebook import import_tensorflow

    import_tensorflow()  # first, as setup() in a notebook: quiet, oneDNN off, threads

    from cs20_helpers import neural_gpu as ng
    from cs20_helpers.machine import cpu_signature
    from cs20_helpers.neural_gpu import checkpoint as ckpt
    from cs20_helpers.neural_gpu import improved as ngi
    from cs20_helpers.neural_gpu.views import structured_grades
    from cs20_helpers.notebook import THREADS

    command = shlex.join([sys.executable.rsplit("/", 1)[-1], *sys.argv])
    if args.resume:
        trainer, state = ngi.restore(latest)  # AdaMax's slots, learning rate, step too
        if state["steps"] != trainer.steps:
            print(f"error: {latest}.json is from step {state['steps']} but its weights from "
                  f"step {trainer.steps}", file=sys.stderr)
            return 2
        trainer.rng.bit_generator.state = state["rng_state"]
        trainer.averages = state["averages"]
        wall_before, cpu_before = state["wall_seconds"], state["cpu_seconds"]
        best_score, origin = tuple(state["best_score"]), state.get("finetuned_from")
    else:
        changes = {"structured": args.structured, "long_bits": args.long_bits,
                   "long_every": args.long_every, "filters": args.filters, "batch": args.batch}
        changes = {k: v for k, v in changes.items() if v is not None}
        if args.finetune:
            weights, meta = ckpt.read(args.finetune)
            hp = ngi.DEFAULTS._replace(**meta["hparams"])
            trainer = ngi.Trainer(hp._replace(lr=args.lr, seed=args.seed, **changes))
            trainer.set_weights({**weights, "global_step": np.int64(meta["steps"])})
            trainer.settle()  # the saturation weight from the model's own loss, not the start's
            origin = {"checkpoint": str(args.finetune), "steps": meta["steps"],
                      "wall_seconds": meta["wall_seconds"], "cpu_seconds": meta["cpu_seconds"],
                      "lr": hp.lr, "command": meta["command"]}
            wall_before, cpu_before = meta["wall_seconds"], meta["cpu_seconds"]
        else:
            hp = ngi.DEFAULTS._replace(max_length=args.max_length, seed=args.seed, **changes)
            trainer, wall_before, cpu_before, origin = ngi.Trainer(hp), 0.0, 0.0, None
        best_score = ()
    lineage = {"finetuned_from": origin} if origin else {}
    args.out.mkdir(parents=True, exist_ok=True)
    start, cpu_start = time.perf_counter(), time.process_time()
    budget = args.minutes * 60.0 if args.minutes is not None else None
    print(f"training {trainer.hp} into {args.out}", flush=True)
    while trainer.steps < args.max_steps:
        left = None if budget is None else budget - (time.perf_counter() - start)
        began, steps_before = time.perf_counter(), trainer.steps
        averages = trainer.train(min(args.check_every, args.max_steps - trainer.steps), left)
        rate = (trainer.steps - steps_before) / (time.perf_counter() - began)
        figures = {str(n): trainer.accuracy(n, args.val_count, seed=ng.VALIDATION_SEED)
                   for n in val_lengths}
        structured = {str(n): sum(bit is None for bit in structured_grades(
            trainer, n, ng.VALIDATION_SEED, random_count=0)["first_wrong"].values()) / 16
            for n in val_structured}
        wall = wall_before + time.perf_counter() - start
        cpu = cpu_before + time.process_time() - cpu_start
        entry = {"step": trainer.steps, **averages, "validation": figures,
                 **({"structured": structured} if structured else {}),
                 "steps_per_second": round(rate, 3), "wall_seconds": round(wall, 1),
                 "cpu_seconds": round(cpu, 1), "loadavg": os.getloadavg(), "threads": THREADS}
        if score(figures, structured) > best_score:
            best_score = score(figures, structured)
            ckpt.save(trainer, best, {
                "seed": trainer.hp.seed, "steps": trainer.steps, "wall_seconds": wall,
                "cpu_seconds": cpu, "cpu": cpu_signature(), "threads": THREADS,
                "command": command, "validation_seed": ng.VALIDATION_SEED,
                "validation": figures, "validation_count": args.val_count,
                **({"validation_structured": structured} if structured else {}),
                "loadavg": os.getloadavg(), **lineage}, optimizer=False)
            entry["best"] = True
        ckpt.save(trainer, latest, {
            "steps": trainer.steps, "wall_seconds": wall, "cpu_seconds": cpu,
            "rng_state": trainer.rng.bit_generator.state, "averages": trainer.averages,
            "best_score": list(best_score), "command": command, **lineage})
        log_line(log, entry)
        print(json.dumps(entry), flush=True)
        if budget is not None and time.perf_counter() - start > budget:
            break
    trainer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
