"""Data parallelism the TF1 way: one model copy ("tower") per device, gradients averaged.

The devices come from ``cs20_helpers.devices`` (``tower_devices``, ``split_devices``).

* :func:`compute_on` is a device function that sends a tower's computation to its device and
  leaves the variables where the caller's device scope put them.
* :func:`average_gradients` merges the towers' ``compute_gradients`` lists into one list for
  ``apply_gradients``; :func:`replicate` builds the towers and averages them in one call.
* :func:`placement` reads where each op ran from a traced run's metadata;
  :func:`placement_log` catches the lines ``log_device_placement=True`` prints.
"""

from __future__ import annotations

__all__ = ["average_gradients", "compute_on", "placement", "placement_log", "replicate",
    "VARIABLE_OPS"]

from collections.abc import Callable, Sequence

import tensorflow as tf

from cs20_helpers.native_output import native_stdout_captured

#: The op types that hold a variable's storage: they stay where the caller put them.
VARIABLE_OPS = frozenset({"VarHandleOp", "VariableV2", "Variable", "AutoReloadVariable"})


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


def compute_on(device: str) -> Callable:
    """Return a device function for ``tf1.device``: ``device`` for every op but the variables'
    storage (:data:`VARIABLE_OPS`), which keeps the device the enclosing scopes gave it.

    Opening ``tf.device(device)`` around a tower instead would also pull the variables the
    tower creates, and with them the optimizer's slots (colocated with their variable), onto
    the tower's device, whatever the caller's scope said.
    """
    def choose(op) -> str:
        return op.device if op.type in VARIABLE_OPS else device
    return choose


def replicate(loss_fn: Callable[..., tf.Tensor], inputs: Sequence[tf.Tensor],
              devices: Sequence[str], optimizer, scope: str = "model") -> tuple[list, tf.Tensor]:
    """Build one tower per device and return ``(averaged gradients, mean tower loss)``.

    Every tensor in ``inputs`` (a batch: images, labels, ...) is split along its first axis into
    ``len(devices)`` equal slices. Tower ``i`` runs under ``name_scope("tower_i")``,
    ``tf1.device(compute_on(devices[i]))`` and ``variable_scope(scope, reuse=i > 0)``: the first
    tower creates the model's variables, the others reuse them. It calls ``loss_fn(*slices)``
    and ``optimizer.compute_gradients`` of that loss; :func:`average_gradients` merges the
    towers. Pass the result to ``optimizer.apply_gradients``. The variables, and so the
    optimizer's slots, live where the device scope around this call says (e.g. ``/cpu:0``);
    only the towers' computation goes to ``devices``.
    """
    n = len(devices)
    slices = [tf.split(tensor, n) for tensor in inputs]
    tower_grads, losses = [], []
    for i, device in enumerate(devices):
        with (tf.name_scope(f"tower_{i}"), tf.compat.v1.device(compute_on(device)),
              tf.compat.v1.variable_scope(scope, reuse=i > 0)):
            loss = loss_fn(*(parts[i] for parts in slices))
            losses.append(loss)
            tower_grads.append(optimizer.compute_gradients(loss))
    return average_gradients(tower_grads), tf.add_n(losses) / n


def placement(run_metadata) -> dict[str, list[str]]:
    """Return where the ops of one traced ``Session.run`` ran: ``{"CPU:0": [op names], ...}``.

    What ``log_device_placement=True`` writes to the terminal, read from the ``RunMetadata`` of
    a run with ``options=RunOptions(trace_level=RunOptions.FULL_TRACE)``. The runtime's own
    nodes, whose names start with ``_`` (``_SOURCE``, ``_arg_...`` bringing in a fed value,
    ``_retval_...`` handing back a fetched one), are left out; devices and op names are sorted
    (the order of execution varies from run to run).
    """
    ops: dict[str, list[str]] = {}
    for stats in run_metadata.step_stats.dev_stats:
        device = stats.device.rsplit("/device:", 1)[-1]
        names = [node.node_name for node in stats.node_stats if not node.node_name.startswith("_")]
        if names:
            ops.setdefault(device, []).extend(names)
    return {device: sorted(ops[device]) for device in sorted(ops)}


def placement_log(run: Callable[[], object]) -> tuple[object, list[str]]:
    """Call ``run`` (opening a session with ``log_device_placement=True`` and its first
    ``Session.run``) and return ``(its result, the lines the runtime printed)``, sorted: the
    session's device mapping, then one line per op.

    The runtime's C++ code prints the op lines (``c: (Mul): /job:localhost/.../device:CPU:1``)
    to file descriptor 1, past ``sys.stdout``, and an interactive kernel forwards the device
    mapping through ``sys.stdout``: ``native_stdout_captured`` catches both.
    """
    with native_stdout_captured() as lines:
        result = run()
    return result, sorted(line for line in lines if line.strip())
