"""L-BFGS-B, the optimizer Gatys et al. used for style transfer, from SciPy, on an image.

TensorFlow 2.21 ships no L-BFGS of its own; SciPy's L-BFGS-B (Byrd, Lu, Nocedal and Zhu) adds
what an image needs: bounds, so every pixel stays in [0, 1]. This wraps
``scipy.optimize.minimize(method="L-BFGS-B", jac=True)`` for a loss of an image array: it
spends an exact budget of loss-and-gradient evaluations (SciPy's ``maxfun`` may overshoot by
a line search) and returns the best image it evaluated.

Importing it imports SciPy (and, through its package, TensorFlow): in a notebook, after
``setup()``, which gives SciPy's OpenBLAS one thread.
"""

from __future__ import annotations

__all__ = ["minimize", "Result", "ValueAndGradient"]

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import scipy.optimize

# SciPy's own OpenBLAS starts threads that spin between L-BFGS-B's small BLAS calls and fight
# TensorFlow's for the cores (measured on 2 cores: 47 ms an iteration with them, 16 without):
# ``notebook.setup()`` sets OPENBLAS_NUM_THREADS=1, read when SciPy's BLAS loads.

#: The loss and its gradient at an image (float32 array of the start's shape).
ValueAndGradient = Callable[[np.ndarray], tuple[float, np.ndarray]]


@dataclass(frozen=True)
class Result:
    """The best image evaluated, the loss at every evaluation, and SciPy's stopping message."""

    image: np.ndarray
    values: list[float]
    message: str


class _BudgetSpent(Exception):
    """Raised inside the objective to stop SciPy after exactly the budgeted evaluations."""


def minimize(value_and_gradient: ValueAndGradient, start: np.ndarray, evaluations: int,
             bounds: tuple[float, float] = (0.0, 1.0), memory: int = 10) -> Result:
    """Minimize from ``start`` with L-BFGS-B, every value kept within ``bounds``, for exactly
    ``evaluations`` loss-and-gradient evaluations (fewer only if it converges first).

    The tolerances are off (``ftol = gtol = 0``): losses here are small numbers, and SciPy's
    defaults stop such a run after a few steps.
    """
    if evaluations < 1:
        raise ValueError(f"evaluations must be at least 1, got {evaluations}")
    shape = np.shape(start)
    values: list[float] = []
    best: dict[str, np.ndarray | float] = {"value": np.inf}

    def objective(x: np.ndarray) -> tuple[float, np.ndarray]:
        image = x.reshape(shape).astype(np.float32)
        value, gradient = value_and_gradient(image)
        values.append(float(value))
        if value < best["value"]:
            best.update(value=float(value), image=image)
        if len(values) >= evaluations:
            raise _BudgetSpent
        return float(value), np.asarray(gradient, dtype=np.float64).ravel()

    try:
        outcome = scipy.optimize.minimize(
            objective, np.asarray(start, dtype=np.float64).ravel(), jac=True,
            method="L-BFGS-B", bounds=scipy.optimize.Bounds(*bounds),
            options={"maxcor": memory, "maxfun": evaluations + 1, "maxiter": evaluations,
                     "ftol": 0.0, "gtol": 0.0})
        message = str(outcome.message)
    except _BudgetSpent:
        message = f"stopped after {evaluations} evaluations"
    return Result(best["image"], values, message)
