"""Devices for towers: split one CPU (or too few GPUs) into logical devices, and name them.

* :func:`split_devices` makes the runtime show one CPU as ``n`` logical devices, and each GPU
  as several when there are fewer GPUs than ``n``, so ``n`` towers get ``n`` distinct devices
  on any machine. It works only before the runtime starts: call it through
  ``setup(cpu_devices=n)``. A TF1 session gets its own CPU count from its config instead:
  ``session_config(device_count={"CPU": n})``; GPU devices are made once per process, so a
  later session sees the split GPUs.
* :func:`tower_devices` names the devices for ``n`` towers: GPUs when there are any, else CPUs.

TensorFlow is imported inside the functions: ``notebook.import_tensorflow`` calls this module
after its quiet import, and this module imports nothing of ``cs20_helpers``.
"""

from __future__ import annotations

__all__ = ["device_names", "GPU_SPLIT_MEMORY_MB", "gpus_per_device", "split_cpu", "split_devices",
    "tower_devices"]

#: Memory of each logical GPU when one GPU is split for several towers (the small VGG of
#: notebook 09 needs far less; the sum must fit in the GPU).
GPU_SPLIT_MEMORY_MB = 1024


def _split(kind: str, per_device: int, memory_mb: int | None) -> int:
    """Give every physical device of ``kind`` ``per_device`` logical ones; return the total.

    Raises RuntimeError, saying why, when the runtime has started with another split.
    """
    import tensorflow as tf

    physical = tf.config.list_physical_devices(kind)
    want = per_device * len(physical)
    try:
        for device in physical:
            tf.config.set_logical_device_configuration(
                device, [tf.config.LogicalDeviceConfiguration(memory_limit=memory_mb)
                         for _ in range(per_device)])
    except RuntimeError as err:  # the runtime has started
        have = len(tf.config.list_logical_devices(kind))
        if have == want:
            return want
        raise RuntimeError(
            f"the runtime started with {have} logical {kind} device(s), {want} asked for: split "
            "the devices before anything else runs (setup(cpu_devices=...) first in a fresh "
            "kernel)") from err
    return want


def gpus_per_device(towers: int, physical_gpus: int) -> int:
    """Return how many logical devices each GPU must become so ``towers`` towers get one each:
    1 when there is no GPU or enough of them, else ``ceil(towers / physical_gpus)``."""
    if towers < 1:
        raise ValueError(f"need at least one tower, not {towers}")
    if physical_gpus == 0 or physical_gpus >= towers:
        return 1
    return -(-towers // physical_gpus)


def split_cpu(n: int) -> int:
    """Show the first physical CPU to the runtime as ``n`` logical devices; return ``n``.

    Must run before TensorFlow's runtime starts (its first op or device listing). Once it has
    started, the call succeeds only if the runtime already has ``n`` logical CPUs, and
    otherwise raises RuntimeError saying so.
    """
    if n < 1:
        raise ValueError(f"need at least one CPU device, not {n}")
    return _split("CPU", n, None)


def split_devices(n: int, gpu_memory_mb: int = GPU_SPLIT_MEMORY_MB) -> dict[str, int]:
    """Split the CPU into ``n`` logical devices and, when there are fewer GPUs than ``n``,
    every GPU into enough logical ones (``gpu_memory_mb`` each) that ``n`` towers get distinct
    devices. Return the logical device count per kind, e.g. ``{"CPU": 4, "GPU": 0}``."""
    import tensorflow as tf

    counts = {"CPU": split_cpu(n)}
    physical = len(tf.config.list_physical_devices("GPU"))
    per_gpu = gpus_per_device(n, physical)
    counts["GPU"] = _split("GPU", per_gpu, gpu_memory_mb) if per_gpu > 1 else physical
    return counts


def device_names(n: int, gpus: int) -> list[str]:
    """Return ``n`` distinct device names for ``n`` towers, given ``gpus`` logical GPUs: the
    GPUs when there are any (ValueError when too few: split them first), else the CPUs."""
    if n < 1:
        raise ValueError(f"need at least one tower, not {n}")
    if gpus == 0:
        return [f"/cpu:{i}" for i in range(n)]
    if gpus < n:
        raise ValueError(f"{n} towers need {n} distinct devices, the runtime has {gpus} "
                         f"logical GPU(s): split them first with setup(cpu_devices={n})")
    return [f"/gpu:{i}" for i in range(n)]


def tower_devices(n: int) -> list[str]:
    """Return distinct device names for ``n`` towers: ``/gpu:i`` when the runtime has GPUs
    (logical ones count: :func:`split_devices`), else ``/cpu:0`` ... ``/cpu:n-1``.

    The CPU names exist only in a runtime split with :func:`split_devices` or a session whose
    config has ``device_count={"CPU": n}``.
    """
    import tensorflow as tf

    return device_names(n, len(tf.config.list_logical_devices("GPU")))
