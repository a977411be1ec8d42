"""Place text labels of a plot so that they do not overlap (the PCA map of notebook 04)."""

from __future__ import annotations

__all__ = ["spread"]

from collections.abc import Sequence

import numpy as np


def spread(values: Sequence[float] | np.ndarray, min_gap: float) -> np.ndarray:
    """Return one position per value, in the same order, at least ``min_gap`` apart and as
    near their values as that allows (shifted together so their mean offset is zero), so
    that labels stacked along one axis stay readable however tightly their points cluster."""
    if min_gap < 0:
        raise ValueError(f"min_gap must not be negative, not {min_gap}")
    v = np.asarray(values, dtype=np.float64)
    if v.ndim != 1:
        raise ValueError(f"values must be one-dimensional, not of shape {v.shape}")
    order = np.argsort(v, kind="stable")
    pos = v[order].copy()
    for i in range(1, len(pos)):
        pos[i] = max(pos[i], pos[i - 1] + min_gap)
    if len(pos):
        pos -= np.mean(pos - v[order])
    out = np.empty_like(pos)
    out[order] = pos
    return out
