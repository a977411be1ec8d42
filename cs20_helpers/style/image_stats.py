"""Figures that say in numbers what a synthesized picture shows: colour, texture and blocks.

``rgb_spread`` measures colour: a grey picture has none, so colour speckle left from a noise
start shows up in it. ``style_share`` measures texture: how many of a style transfer's small
patches look like the style image's rather than the content photo's. ``grid_excess`` measures
blockiness: features computed on an image averaged down by 2**k change in steps of 2**k pixels,
which leaves a grid in the optimized image (it does not see a grid of single-pixel lines, whose
neighbour differences are alike at every position).
"""

from __future__ import annotations

__all__ = ["copy_score", "grid_excess", "rgb_spread", "style_share"]

import numpy as np


def rgb_spread(image: np.ndarray) -> float:
    """Return the mean over pixels of the standard deviation of R, G and B: 0 for a grey image."""
    return float(np.std(np.asarray(image, dtype=np.float64), axis=-1).mean())


def grid_excess(image: np.ndarray, period: int = 8) -> float:
    """Return how much the mean neighbour difference at the most jumpy position modulo ``period``
    exceeds that at the smoothest one, as a fraction (a photo: a few hundredths, from chance).

    ``image`` is [H, W] or [H, W, C]; rows and columns are pooled. Blocks of 2, 4 or 8 pixels at
    any alignment all raise it for ``period=8``.
    """
    pixels = np.asarray(image, dtype=np.float64)
    if pixels.ndim == 2:
        pixels = pixels[..., None]
    if period < 2 or min(pixels.shape[:2]) < 2 * period:
        raise ValueError(f"grid_excess needs period >= 2 and an image at least 2 periods wide, "
                         f"got period {period} and shape {pixels.shape}")
    sums, counts = np.zeros(period), np.zeros(period)
    for axis in (0, 1):
        steps = np.moveaxis(np.abs(np.diff(pixels, axis=axis)), axis, 0)
        for phase in range(period):
            chosen = steps[phase::period]
            sums[phase] += chosen.sum()
            counts[phase] += chosen.size
    means = sums / counts
    return float(means.max() / means.min() - 1.0)


def copy_score(image: np.ndarray, sample: np.ndarray) -> float:
    """Return how closely ``image`` copies ``sample``: the highest correlation (1: a copy)
    between the sample and the sample-sized top-left part of the image, over every circular
    shift and the 8 flips and quarter turns of the sample, in grey levels.

    A texture grown from noise scores far below 1; the sample moved, flipped, turned or tiled
    scores 1. Both are [H, W, 3] (or [1, H, W, 3]); the image is at least the sample's size.
    """
    grey_image = np.asarray(image, dtype=np.float64).reshape(np.shape(image)[-3:]).mean(-1)
    grey_sample = np.asarray(sample, dtype=np.float64).reshape(np.shape(sample)[-3:]).mean(-1)
    height, width = grey_sample.shape
    if height != width or grey_image.shape[0] < height or grey_image.shape[1] < width:
        raise ValueError(f"copy_score needs a square sample no larger than the image, got "
                         f"{grey_sample.shape} and {grey_image.shape}")
    part = grey_image[:height, :width]
    part = part - part.mean()
    part_norm = np.sqrt((part ** 2).sum())
    best = 0.0
    for turns in range(4):
        for flipped in (False, True):
            candidate = np.rot90(grey_sample, turns)
            candidate = candidate[:, ::-1] if flipped else candidate
            candidate = candidate - candidate.mean()
            # every circular shift at once: the correlation theorem
            scores = np.fft.ifft2(np.fft.fft2(part) * np.conj(np.fft.fft2(candidate))).real
            norm = part_norm * np.sqrt((candidate ** 2).sum())
            best = max(best, float(scores.max() / norm) if norm > 0 else 0.0)
    return best


def _patches(image: np.ndarray, size: int, stride: int) -> np.ndarray:
    """Every ``size`` x ``size`` grey patch ``stride`` pixels apart, each patch's mean removed."""
    grey = np.asarray(image, dtype=np.float32).reshape(np.shape(image)[-3:]).mean(-1)
    windows = np.lib.stride_tricks.sliding_window_view(grey, (size, size))[::stride, ::stride]
    flat = windows.reshape(-1, size * size)
    return flat - flat.mean(axis=1, keepdims=True)


def _nearest(queries: np.ndarray, pool: np.ndarray) -> np.ndarray:
    """The squared distance from each query to its nearest row of ``pool``."""
    squared = (queries ** 2).sum(1)[:, None] + (pool ** 2).sum(1)[None] - 2 * queries @ pool.T
    return squared.min(axis=1)


def style_share(image: np.ndarray, content: np.ndarray, style: np.ndarray,
                size: int = 8) -> float:
    """Return the share of ``image``'s ``size`` x ``size`` patches (every second position) whose
    nearest patch is in ``style`` rather than in ``content``: 0 for the content photo, 1 for
    the style image, whatever the result's own loss says.

    Patches are compared in grey levels with each patch's mean brightness removed, so the
    figure sees texture (edges, lines, grain), not colour: the content photo recoloured to the
    style's grey levels still scores 0. All three are [H, W, 3] (or [1, H, W, 3]).
    """
    queries = _patches(image, size, 2)
    near_content = _nearest(queries, _patches(content, size, 2))
    near_style = _nearest(queries, _patches(style, size, 2))
    return float(np.mean(near_style < near_content))
