"""Train the course's Neural GPU for as long as it is let run, keeping the best checkpoint.

The sequential layout (``a + [sep] + b``, LSB first), sums of at most ``--max-length`` (20)
bits, the recipe of ``cs20_helpers.neural_gpu.DEFAULTS``. Every ``--check-every`` steps it
appends a line to ``OUT/log.jsonl`` (step, curriculum level, loss, wall time, load average)
and writes ``OUT/latest`` (weights with Adam's state, the generator's state: ``--resume``
carries on from it). ``--finetune CHECKPOINT --lr LR`` starts from another run's checkpoint
at the full length with a new learning rate, counting its steps and time on from the ones it
records. Once the curriculum reaches the full length it also measures the
fully-correct fraction on validation sums (``VALIDATION_SEED``, never the test seed) at
``--val-lengths``, and keeps the best so far as ``OUT/best``. ``neural_gpu_ship.py`` grades
``OUT/best`` on the test seed and ships it.

    CS20_THREADS=1 nice -n 10 python scripts/neural_gpu_train.py --out runs/neural_gpu_long
    python scripts/neural_gpu_train.py --out runs/neural_gpu_finetune \
        --finetune runs/neural_gpu_long/best --lr 0.0003 --val-lengths 200 --val-count 128
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


def score(figures: dict[str, float]) -> tuple[float, ...]:
    """Order validation figures: the longest length first, then the shorter ones."""
    return tuple(figures[k] for k in sorted(figures, key=int, reverse=True))


def lengths(parser: argparse.ArgumentParser, text: str, option: str) -> list[int]:
    """The comma-separated lengths of ``option`` (bits), or the parser's one-line error."""
    try:
        return [int(n) for n in text.split(",")] if text else []
    except ValueError:
        parser.error(f"{option} must be integers separated by commas, not {text}")


def check_finetune(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The parser's one-line error unless ``--resume``, ``--finetune`` and ``--lr`` go
    together as a run allows: not both of the first two, the last two together, and a
    checkpoint where ``--finetune`` points."""
    if args.resume and args.finetune:
        parser.error("--resume carries on from OUT/latest; --finetune starts a new run: not both")
    if (args.lr is None) != (args.finetune is None):
        parser.error("--lr and --finetune go together")
    if args.finetune and not args.finetune.with_suffix(".json").exists():
        parser.error(f"no checkpoint at {args.finetune}.json")


def log_line(path: Path, entry: dict) -> None:
    """Append one JSON line to the log (a line is short: written in one call)."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")


def finetune_trainer(path: Path, lr: float) -> tuple:
    """A trainer holding the checkpoint at ``path`` (its weights, and Adam's state when saved),
    at the full length, learning at ``lr`` from the step the checkpoint reached; and where it came
    from (path, steps, wall time, learning rate before)."""
    from cs20_helpers import neural_gpu as ng
    from cs20_helpers.neural_gpu import checkpoint as ckpt

    weights, meta = ckpt.read(path)
    hp = ng.DEFAULTS._replace(**meta["hparams"])
    trainer = ng.Trainer(hp._replace(lr=lr))
    trainer.set_weights({**weights, "global_step": np.int64(meta["steps"])})
    trainer.level = hp.max_length
    origin = {"checkpoint": str(path), "steps": meta["steps"],
              "wall_seconds": meta["wall_seconds"], "lr": hp.lr, "command": meta["command"]}
    return trainer, origin


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("runs/neural_gpu_long"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-length", type=int, default=20, help="longest training sum (bits)")
    parser.add_argument("--check-every", type=int, default=100)
    parser.add_argument("--val-lengths", default="40,100", help="validation lengths (bits)")
    parser.add_argument("--val-count", type=int, default=64, help="validation sums per length")
    parser.add_argument("--max-steps", type=int, default=10**9)
    parser.add_argument("--seconds", type=float, default=None, help="stop after this wall time")
    parser.add_argument("--filters", type=int, default=None, help="override (smoke tests)")
    parser.add_argument("--resume", action="store_true", help="carry on from OUT/latest")
    parser.add_argument("--finetune", type=Path, default=None,
                        help="start from this checkpoint (no suffix) at the full length")
    parser.add_argument("--lr", type=float, default=None, help="learning rate (with --finetune)")
    args = parser.parse_args(argv)
    val_lengths = lengths(parser, args.val_lengths, "--val-lengths")
    check_finetune(parser, args)

    from cs20_helpers.notebook import import_tensorflow

    import_tensorflow()  # first, as setup() in a notebook: quiet, oneDNN off, threads

    from cs20_helpers import neural_gpu as ng
    from cs20_helpers.machine import cpu_signature
    from cs20_helpers.neural_gpu import checkpoint as ckpt
    from cs20_helpers.notebook import THREADS

    args.out.mkdir(parents=True, exist_ok=True)
    latest, best, log = args.out / "latest", args.out / "best", args.out / "log.jsonl"
    command = shlex.join([sys.executable.rsplit("/", 1)[-1], *sys.argv])
    if args.resume:
        trainer, state = ckpt.restore(latest)  # Adam's state too
        trainer.level = state["level"]
        trainer.rng.bit_generator.state = state["rng_state"]
        wall_before, best_score = state["wall_seconds"], tuple(state["best_score"])
        origin = state.get("finetuned_from")
    elif args.finetune:
        trainer, origin = finetune_trainer(args.finetune, args.lr)
        wall_before, best_score = origin["wall_seconds"], ()
    else:
        hp = ng.DEFAULTS._replace(max_length=args.max_length, seed=args.seed)
        if args.filters:
            hp = hp._replace(filters=args.filters)
        trainer, wall_before, best_score, origin = ng.Trainer(hp), 0.0, (), None
    lineage = {"finetuned_from": origin} if origin else {}
    start = time.perf_counter()
    print(f"training {trainer.hp} into {args.out}", flush=True)
    while trainer.steps < args.max_steps:
        history = trainer.train(args.check_every, check_every=min(25, args.check_every))
        wall = wall_before + time.perf_counter() - start
        entry = {"step": trainer.steps, "level": trainer.level, "loss": history[-1][2],
                 "wall_seconds": round(wall, 1), "loadavg": os.getloadavg(), "threads": THREADS}
        if trainer.level >= trainer.hp.max_length:
            figures = {str(n): trainer.accuracy(n, args.val_count, seed=ng.VALIDATION_SEED)
                       for n in val_lengths}
            entry["validation"] = figures
            if score(figures) > best_score:
                best_score = score(figures)
                ckpt.save(trainer, best, {
                    "seed": trainer.hp.seed, "steps": trainer.steps, "wall_seconds": wall,
                    "cpu": cpu_signature(), "threads": THREADS, "command": command,
                    "validation_seed": ng.VALIDATION_SEED, "validation": figures,
                    "validation_count": args.val_count, "loadavg": os.getloadavg(),
                    **lineage},
                    optimizer=False)
                entry["best"] = True
        ckpt.save(trainer, latest, {"level": trainer.level, "wall_seconds": wall,
                                    "rng_state": trainer.rng.bit_generator.state,
                                    "best_score": list(best_score), "command": command,
                                    **lineage})
        log_line(log, entry)
        print(json.dumps(entry), flush=True)
        if args.seconds and time.perf_counter() - start > args.seconds:
            break
    trainer.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
