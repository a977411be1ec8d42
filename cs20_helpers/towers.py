"""Data parallelism the TF1 way: one model copy ("tower") per device, gradients averaged.

* :func:`split_cpu` makes the runtime show one CPU as several logical devices, so towers can
  really run on ``/cpu:0`` ... ``/cpu:N-1`` on any machine. It works only before the runtime
  starts: call it through ``setup(cpu_devices=N)``. A TF1 session gets its own count from its
  config instead: ``session_config(device_count={"CPU": N})``.
* :func:`tower_devices` names the devices for N towers: GPUs when there are any, else CPUs.
* :func:`average_gradients` merges the towers' ``compute_gradients`` lists into one list for
  ``apply_gradients``.
"""

from __future__ import annotations

from collections.abc import Sequence

import tensorflow as tf


def split_cpu(n: int) -> int:
    """Show the first physical CPU to the runtime as ``n`` logical devices; return ``n``.

    Must run before TensorFlow's runtime starts (its first op or device listing). Once it has
    started, the call succeeds only if the runtime already has ``n`` logical CPUs, and
    otherwise raises RuntimeError saying so.
    """
    if n < 1:
        raise ValueError(f"need at least one CPU device, not {n}")
    cpu = tf.config.list_physical_devices("CPU")[0]
    try:
        tf.config.set_logical_device_configuration(
            cpu, [tf.config.LogicalDeviceConfiguration() for _ in range(n)])
    except RuntimeError as err:  # the runtime has started
        have = len(tf.config.list_logical_devices("CPU"))
        if have == n:
            return n
        raise RuntimeError(
            f"the runtime started with {have} logical CPU device(s), {n} asked for: split the "
            "CPU before anything else runs (setup(cpu_devices=...) first in a fresh kernel)"
        ) from err
    return n


def tower_devices(n: int) -> list[str]:
    """Return device names for ``n`` towers: ``/gpu:i`` when GPUs are visible (shared round
    robin when there are fewer than ``n``), else the logical CPUs ``/cpu:0`` ... ``/cpu:n-1``.

    The CPU names exist only in a runtime split with :func:`split_cpu` or a session whose
    config has ``device_count={"CPU": n}``.
    """
    if n < 1:
        raise ValueError(f"need at least one tower, not {n}")
    gpus = len(tf.config.list_physical_devices("GPU"))
    if gpus:
        return [f"/gpu:{i % gpus}" for i in range(n)]
    return [f"/cpu:{i}" for i in range(n)]


def average_gradients(tower_grads: Sequence[Sequence[tuple]]) -> list[tuple]:
    """Average per-variable gradients over towers; return ``[(mean gradient, variable), ...]``.

    ``tower_grads[t]`` is tower ``t``'s ``optimizer.compute_gradients(loss)``: ``(gradient,
    variable)`` pairs, in the same variable order for every tower. The result is the gradient
    of the mean of the tower losses: a ``None`` gradient (the tower's loss does not depend on
    the variable) counts as zero, so the others are summed and divided by the number of
    towers; a variable that is ``None`` in every tower keeps ``None``, which
    ``apply_gradients`` skips. Sparse gradients (``IndexedSlices``) are made dense.
    """
    if not tower_grads:
        raise ValueError("no towers to average")
    towers = len(tower_grads)
    if len({len(pairs) for pairs in tower_grads}) != 1:
        raise ValueError("every tower must list the same variables")
    averaged = []
    with tf.name_scope("average_gradients"):
        for pairs in zip(*tower_grads, strict=True):
            var = pairs[0][1]
            if any(other is not var for _, other in pairs):
                raise ValueError(f"towers list their variables in different orders at {var.name}")
            grads = [tf.convert_to_tensor(grad) for grad, _ in pairs if grad is not None]
            averaged.append((tf.add_n(grads) / towers if grads else None, var))
    return averaged
