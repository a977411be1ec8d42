"""Neural GPU checkpoints: the weights in ``NAME.npz``, the provenance in ``NAME.json`` beside it.

A checkpoint's JSON holds the hyperparameters it was built with (so the model can be rebuilt)
and whatever the run recorded: seed, steps, wall time, CPU, command, figures. The course ships
two, each ready to use from :func:`load_shipped`: the Neural GPU of lecture 12
(``load_shipped()``, ``add_sequential``: trained by ``scripts/neural_gpu_train.py``, written by
``scripts/neural_gpu_ship.py``) and the improved one of ``neural_gpu.improved``
(``load_shipped("add_improved")`` or :func:`load_shipped_improved`: trained by
``scripts/neural_gpu_improved_train.py``, written by ``scripts/neural_gpu_improved_ship.py``).
"""

from __future__ import annotations

__all__ = ["IMPROVED", "load_shipped", "load_shipped_improved", "read", "restore", "save",
    "SHIPPED", "SHIPPED_IMPROVED"]

import io
import json
from pathlib import Path

import numpy as np

from cs20_helpers import neural_gpu as ng
from cs20_helpers._atomic import write_bytes_atomic, write_text_atomic
from cs20_helpers.paths import bundled_data_dir

#: The shipped checkpoint, relative to the bundled data folder (``.npz`` and ``.json``).
SHIPPED = Path("neural_gpu") / "add_sequential"
#: The shipped improved Neural GPU (``neural_gpu.improved``), likewise.
SHIPPED_IMPROVED = Path("neural_gpu") / "add_improved"
#: The ``architecture`` an improved model's provenance names (the original's has none).
IMPROVED = "improved"


def save(trainer: ng.Trainer, path: Path, meta: dict, optimizer: bool = True) -> Path:
    """Write ``trainer``'s weights (with Adam's state when ``optimizer``) to ``path.npz`` and
    ``meta`` plus its hyperparameters to ``path.json``, each whole or not at all, the weights
    first; return the JSON's path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    weights = trainer.weights() if optimizer else trainer.model_weights()
    buffer = io.BytesIO()
    np.savez(buffer, **weights)
    write_bytes_atomic(path.with_suffix(".npz"), buffer.getvalue())
    record = {**meta, "hparams": trainer.hp._asdict()}
    return write_text_atomic(path.with_suffix(".json"), json.dumps(record, indent=2) + "\n")


def read(path: Path) -> tuple[dict[str, np.ndarray], dict]:
    """Return the weights and the provenance of the checkpoint at ``path`` (no suffix)."""
    path = Path(path)
    meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    with np.load(path.with_suffix(".npz")) as data:
        weights = {name: data[name] for name in data.files}
    return weights, meta


def restore(path: Path) -> tuple[ng.Trainer, dict]:
    """Rebuild the model of the checkpoint at ``path`` with its weights; return the trainer
    and the provenance."""
    weights, meta = read(path)
    trainer = ng.Trainer(ng.DEFAULTS._replace(**meta["hparams"]))
    trainer.set_weights(weights)
    return trainer, meta


def load_shipped(name: str = SHIPPED.name, data_dir: Path | None = None
                 ) -> tuple[ng.Trainer, dict]:
    """A Neural GPU the course ships and its provenance: seed, steps, wall time, CPU, command
    and test figures. ``name`` is ``"add_sequential"`` (the default: lecture 12's model, trained
    on sums of at most 20 bits in the sequential layout) or ``"add_improved"`` (the improved
    model, a ``neural_gpu.improved.Trainer``); ``data_dir`` replaces the bundled data folder."""
    path = Path(data_dir or bundled_data_dir()) / SHIPPED.parent / name
    if not path.with_suffix(".json").exists():
        raise FileNotFoundError(f"no shipped Neural GPU {name!r}: {path}.json is missing")
    meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    if meta.get("architecture") == IMPROVED:
        from cs20_helpers.neural_gpu import improved  # it imports this module

        return improved.restore(path)
    return restore(path)


def load_shipped_improved(data_dir: Path | None = None) -> tuple[ng.Trainer, dict]:
    """The improved Neural GPU the course ships (``load_shipped("add_improved")``)."""
    return load_shipped(SHIPPED_IMPROVED.name, data_dir)
