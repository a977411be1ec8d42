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

    nice -n 10 python scripts/neural_gpu_improved_train.py --out runs/dngpu --threads 1 \\
        --minutes 120
    nice -n 10 python scripts/neural_gpu_improved_train.py --out runs/dngpu --threads 1 \\
        --minutes 60 --resume
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path


def score(figures: dict[str, float]) -> tuple[float, ...]:
    """Order validation figures: the longest length first, then the shorter ones."""
    return tuple(figures[k] for k in sorted(figures, key=int, reverse=True))


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
    args = parser.parse_args(argv)
    try:
        val_lengths = [int(n) for n in args.val_lengths.split(",")]
    except ValueError:
        parser.error(f"--val-lengths must be integers separated by commas, not {args.val_lengths}")
    if min(val_lengths) < 2 or args.check_every < 1 or args.max_length < 2:
        parser.error("--val-lengths and --max-length must be at least 2, --check-every 1")
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
        best_score = tuple(state["best_score"])
    else:
        hp = ngi.DEFAULTS._replace(max_length=args.max_length, seed=args.seed)
        hp = hp._replace(**{k: v for k, v in (("filters", args.filters), ("batch", args.batch))
                            if v is not None})
        trainer, wall_before, cpu_before, best_score = ngi.Trainer(hp), 0.0, 0.0, ()
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
        wall = wall_before + time.perf_counter() - start
        cpu = cpu_before + time.process_time() - cpu_start
        entry = {"step": trainer.steps, **averages, "validation": figures,
                 "steps_per_second": round(rate, 3), "wall_seconds": round(wall, 1),
                 "cpu_seconds": round(cpu, 1), "loadavg": os.getloadavg(), "threads": THREADS}
        if score(figures) > best_score:
            best_score = score(figures)
            ckpt.save(trainer, best, {
                "seed": trainer.hp.seed, "steps": trainer.steps, "wall_seconds": wall,
                "cpu_seconds": cpu, "cpu": cpu_signature(), "threads": THREADS,
                "command": command, "validation_seed": ng.VALIDATION_SEED,
                "validation": figures, "validation_count": args.val_count,
                "loadavg": os.getloadavg()}, optimizer=False)
            entry["best"] = True
        ckpt.save(trainer, latest, {
            "steps": trainer.steps, "wall_seconds": wall, "cpu_seconds": cpu,
            "rng_state": trainer.rng.bit_generator.state, "averages": trainer.averages,
            "best_score": list(best_score), "command": command})
        with open(log, "a", encoding="utf-8") as f:  # one short line, written in one call
            f.write(json.dumps(entry) + "\n")
        print(json.dumps(entry), flush=True)
        if budget is not None and time.perf_counter() - start > budget:
            break
    trainer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
