"""Neural GPU checkpoints: the weights in ``NAME.npz``, the provenance in ``NAME.json`` beside it.

A checkpoint's JSON holds the hyperparameters it was built with (so the model can be rebuilt)
and whatever the run recorded: seed, steps, wall time, CPU, command, figures. The course ships
one, trained by ``scripts/neural_gpu_train.py`` and written by
``scripts/neural_gpu_ship.py``: :func:`load_shipped` returns it ready to use.
"""

from __future__ import annotations

__all__ = ["load_shipped", "read", "restore", "save", "SHIPPED"]

import io
import json
from pathlib import Path

import numpy as np

from cs20_helpers import neural_gpu as ng
from cs20_helpers._atomic import write_bytes_atomic, write_text_atomic
from cs20_helpers.paths import bundled_data_dir

#: The shipped checkpoint, relative to the bundled data folder (``.npz`` and ``.json``).
SHIPPED = Path("neural_gpu") / "add_sequential"


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


def load_shipped() -> tuple[ng.Trainer, dict]:
    """The Neural GPU the course ships (trained on sums of at most 20 bits in the sequential
    layout) and its provenance: seed, steps, wall time, CPU, command and test figures."""
    return restore(bundled_data_dir() / SHIPPED)
