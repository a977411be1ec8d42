"""L-BFGS, the optimizer Gatys et al. used for style transfer, small enough to read.

TensorFlow 2.21 ships no L-BFGS of its own (TensorFlow Probability has one; the project does not
depend on it), so this is the textbook algorithm (Nocedal and Wright, algorithm 7.4 with a
backtracking Armijo line search) on a NumPy vector, with the loss and gradient from TensorFlow.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import numpy as np

ValueAndGradient = Callable[[np.ndarray], tuple[float, np.ndarray]]


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """Return a·b without BLAS: its threads spin and fight TensorFlow's for the cores."""
    return float(np.multiply(a, b).sum())


def _direction(gradient: np.ndarray, memory: deque) -> np.ndarray:
    """Return -H·g by the two-loop recursion over the stored (s, y, 1/y·s) pairs."""
    q = gradient.copy()
    alphas = []
    for s, y, rho in reversed(memory):
        alpha = rho * _dot(s, q)
        q -= alpha * y
        alphas.append(alpha)
    if memory:
        s, y, _ = memory[-1]
        q *= _dot(s, y) / _dot(y, y)  # the usual initial Hessian scale
    else:
        q /= max(float(np.linalg.norm(gradient)), 1e-12)  # first step: unit length
    for (s, y, rho), alpha in zip(memory, reversed(alphas), strict=True):
        q += s * (alpha - rho * _dot(y, q))
    return -q


def minimize(value_and_gradient: ValueAndGradient, x0: np.ndarray, steps: int,
             memory: int = 10, max_evaluations: int | None = None
             ) -> tuple[np.ndarray, list[float], int]:
    """Take ``steps`` L-BFGS steps from ``x0`` (fewer if ``max_evaluations`` runs out first);
    return the last x, the loss before the first step and after each step, and how many times
    the loss and gradient were evaluated."""
    x = np.asarray(x0, dtype=np.float64).ravel()
    value, gradient = value_and_gradient(x)
    history, evaluations, pairs = [float(value)], 1, deque(maxlen=memory)
    for _ in range(steps):
        if max_evaluations is not None and evaluations >= max_evaluations:
            break
        direction = _direction(gradient, pairs)
        slope = _dot(gradient, direction)
        if slope >= 0:  # not a descent direction: forget the curvature, go downhill
            pairs.clear()
            direction, slope = -gradient, -_dot(gradient, gradient)
        step = 1.0
        while True:
            candidate = x + step * direction
            new_value, new_gradient = value_and_gradient(candidate)
            evaluations += 1
            if new_value <= value + 1e-4 * step * slope or step < 1e-8:
                break
            step /= 2
        s, y = candidate - x, new_gradient - gradient
        curvature = _dot(s, y)
        if curvature > 1e-12:
            pairs.append((s, y, 1.0 / curvature))
        x, value, gradient = candidate, new_value, new_gradient
        history.append(float(value))
    return x.reshape(np.shape(x0)), history, evaluations
